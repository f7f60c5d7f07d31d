//! Puzzles held in memory, judged on a thread pool: a slice in, one [`Verdict`] per puzzle out,
//! in order.
//!
//! This is the entry point for callers that already hold their puzzles (a Python list, an
//! Arrow column, a `Vec<String>`) rather than a file: [`Batch`] keeps a thread pool, and each
//! call cuts the puzzles into runs that the pool's threads judge with a solver of their own,
//! reused from one puzzle to the next. A puzzle is the line form of any size (81 characters
//! for 9x9: digits, `.`, `0` or `_` for a blank; see [`crate::sized`]), with white space
//! around it ignored, read as a file's record is: its length names its size, unless the batch
//! was given a shape ([`Batch::with_shape`], the CLI's `--size` and `--box`). One that is not
//! a puzzle gets the verdict `malformed` with the cell and character at fault, like a bad
//! record of a file.
//!
//! ```
//! use sudoku_bulk::batch::Batch;
//! use sudoku_bulk::{SolverKind, Task};
//!
//! let batch = Batch::new(Task::Validate, SolverKind::Band, Some(2)).unwrap();
//! let puzzles = [
//!     ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.",
//!     "..................................................................................",
//!     "12",
//! ];
//! let verdicts = batch.judge(&puzzles);
//! let statuses: Vec<&str> = verdicts.iter().map(|v| v.status(Task::Validate)).collect();
//! assert_eq!(statuses, ["valid", "malformed", "malformed"]);
//! assert_eq!(verdicts[2].fault.unwrap().to_string(), "malformed: 2 cells, expected 81");
//! ```

use std::ops::Range;

use rayon::prelude::*;

use crate::cmd::{judge, with_solver};
use crate::grid::Grid;
use crate::io::format::records::with_answer;
use crate::io::format::{Layout, Parsed, Puzzle};
use crate::run::threads;
use crate::sized::{Board, Shape};
use crate::solver::{Solver, SolverKind};
use crate::verdict::{Reason, RecordError, Task, Verdict};

/// Puzzles handed to one worker at a time: enough to make the hand-over cheap, few enough that
/// every thread gets a share of a small batch.
const RUN: usize = 256;

/// A task, a solver and a thread pool, for judging puzzles held in memory. Cloning it, or
/// [`Batch::with`], shares the pool.
#[derive(Clone)]
pub struct Batch {
    task: Task,
    solver: SolverKind,
    /// The shape every puzzle must have, if the caller said.
    shape: Option<Shape>,
    pool: std::sync::Arc<threads::Pool>,
}

/// A puzzle's answer, as a batch's caller holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer<'a> {
    /// No answer to check: the rows carry none.
    None,
    /// The rows carry answers, and this one is missing (a null): never valid, as a null or
    /// empty answer cell of a file is not (`answer invalid: no answer (...)`).
    Null,
    /// The answer's text, in the line form (of the puzzle's size).
    Text(&'a [u8]),
}

/// Why a [`Batch`] could not be made or run.
#[derive(Debug, thiserror::Error)]
pub enum BatchError {
    /// The thread count is refused, or the threads could not start.
    #[error(transparent)]
    Threads(#[from] threads::ThreadsError),
    /// Answers were given, but not one for each puzzle.
    #[error(
        "{} but {}",
        crate::text::Plural(*puzzles, "puzzle"),
        crate::text::Plural(*answers, "answer")
    )]
    Lengths {
        /// Puzzles given.
        puzzles: usize,
        /// Answers given.
        answers: usize,
    },
}

impl Batch {
    /// A batch that judges puzzles for `task` with `solver` on `threads` threads (`None`:
    /// every available core).
    pub fn new(
        task: Task,
        solver: SolverKind,
        threads: Option<usize>,
    ) -> Result<Batch, BatchError> {
        let pool = threads::lend(threads::resolve(threads)?)?;
        Ok(Batch { task, solver, shape: None, pool: pool.into() })
    }

    /// A batch for another task or solver on the same thread pool: no threads are started.
    pub fn with(&self, task: Task, solver: SolverKind) -> Batch {
        Batch { task, solver, shape: self.shape, pool: self.pool.clone() }
    }

    /// The same batch reading every puzzle (and answer) as a grid of `shape`, if given, as
    /// the CLI's `--size` and `--box` ask ([`crate::sized::shape_asked`]): a line of another
    /// length is `malformed`. Without a shape (the default) a line's length names its size.
    pub fn with_shape(self, shape: Option<Shape>) -> Batch {
        Batch { shape, ..self }
    }

    /// The task this batch judges for.
    pub fn task(&self) -> Task {
        self.task
    }

    /// The threads in the pool.
    pub fn threads(&self) -> usize {
        self.pool.current_num_threads()
    }

    /// One verdict per puzzle, in order.
    pub fn judge<P: AsRef<[u8]> + Sync>(&self, puzzles: &[P]) -> Vec<Verdict> {
        self.judge_by(puzzles.len(), |i| (puzzles[i].as_ref(), Answer::None))
    }

    /// One verdict per puzzle, in order, each puzzle with the answer it claims (for
    /// [`Task::Validate`]; the other tasks ignore answers).
    pub fn judge_with_answers<P, A>(
        &self,
        puzzles: &[P],
        answers: &[A],
    ) -> Result<Vec<Verdict>, BatchError>
    where
        P: AsRef<[u8]> + Sync,
        A: AsRef<[u8]> + Sync,
    {
        if puzzles.len() != answers.len() {
            let (puzzles, answers) = (puzzles.len(), answers.len());
            return Err(BatchError::Lengths { puzzles, answers });
        }
        Ok(self
            .judge_by(puzzles.len(), |i| (puzzles[i].as_ref(), Answer::Text(answers[i].as_ref()))))
    }

    /// One verdict for each of `len` puzzles, in order, where `item(i)` gives puzzle `i` and
    /// its [`Answer`]: the form for sources that are not slices of strings (an Arrow column's
    /// buffers, say), read in place.
    pub fn judge_by<'a, F>(&self, len: usize, item: F) -> Vec<Verdict>
    where
        F: Fn(usize) -> (&'a [u8], Answer<'a>) + Sync,
    {
        let (task, solver, shape) = (self.task, self.solver, self.shape);
        self.pool.install(|| {
            (0..len)
                .into_par_iter()
                .with_min_len(RUN)
                .map(|i| {
                    let (puzzle, answer) = item(i);
                    let parsed = parse(puzzle, answer, shape);
                    let mut scratch = Grid::EMPTY;
                    with_solver(solver, |s| judge(task, s, &parsed, &mut scratch))
                })
                .collect()
        })
    }
}

/// One worker thread's means of judging, lent to [`Batch::runs`]'s work for one run of
/// items: the batch's task, the thread's solver, a scratch grid.
pub struct Judge<'a> {
    task: Task,
    shape: Option<Shape>,
    solver: &'a mut dyn Solver,
    scratch: Grid,
}

impl Judge<'_> {
    /// The verdict on a puzzle in the line form, with the answer it claims (the same rules as
    /// [`Batch::judge_by`]'s).
    pub fn text(&mut self, puzzle: &[u8], answer: Answer<'_>) -> Verdict {
        let parsed = parse(puzzle, answer, self.shape);
        judge(self.task, self.solver, &parsed, &mut self.scratch)
    }

    /// The verdict on a grid the caller has already read, with no answer.
    pub fn grid(&mut self, grid: Grid) -> Verdict {
        let parsed = Ok(Parsed::Nine(Puzzle { grid, layout: Layout::Line, answer: None }));
        judge(self.task, self.solver, &parsed, &mut self.scratch)
    }

    /// The first solution of a grid the caller has already read, or the reason it has none
    /// ([`Reason::ConflictingGivens`] or [`Reason::NoSolution`]), whatever the batch's task:
    /// what [`Judge::grid`] concludes for [`Task::Solve`], without the [`Verdict`] (some 300
    /// bytes, built and copied for every grid), for callers that keep only these.
    pub fn solve(&mut self, grid: &Grid) -> Result<&Grid, Reason> {
        match self.solver.solve(grid, 1, &mut self.scratch).solved() {
            true => Ok(&self.scratch),
            false => Err(crate::cmd::no_solution(grid).reason),
        }
    }

    /// [`Judge::solve`] for a grid of any shape: its first solution's digits (1 to N, one a
    /// cell, row by row) written into `solution`, or the reason it has none. The batch's
    /// solver solves it as it solves puzzles of other sizes than 9x9 (the band solver hands
    /// them to the sized solver); one that takes 9x9 givens only makes it
    /// [`Reason::Malformed`].
    ///
    /// # Panics
    /// When `solution` does not hold one value for each of the board's cells.
    pub fn solve_board(&mut self, board: &Board, solution: &mut [u8]) -> Result<(), Reason> {
        crate::cmd::sized::first_solution(self.solver, board, solution)
    }
}

impl Batch {
    /// Cuts `len` items into runs of `run` items (the last may be shorter) and calls `work`
    /// on each run's range of indices, on the pool's threads, with a [`Judge`] of that thread;
    /// returns what each call made, in order. The form for callers that turn verdicts into
    /// something of their own as they go (a table's slice, an array's rows), so that this
    /// too happens on every thread, not on the caller's alone.
    pub fn runs<T, F>(&self, len: usize, run: usize, work: F) -> Vec<T>
    where
        T: Send,
        F: Fn(Range<usize>, &mut Judge<'_>) -> T + Sync,
    {
        let run = run.max(1);
        self.install(|| {
            (0..len.div_ceil(run))
                .into_par_iter()
                .map(|i| self.with_judge(|judge| work(i * run..len.min((i + 1) * run), judge)))
                .collect()
        })
    }

    /// Runs `op` on the batch's pool, so that rayon's parallel iterators inside it use the
    /// pool's threads: for callers that split their own outputs (`par_chunks_mut`) and judge
    /// with [`Batch::with_judge`] on each thread.
    pub fn install<R: Send>(&self, op: impl FnOnce() -> R + Send) -> R {
        self.pool.install(op)
    }

    /// Calls `f` with a [`Judge`] of the current thread: the batch's task, the thread's solver.
    pub fn with_judge<R>(&self, f: impl FnOnce(&mut Judge<'_>) -> R) -> R {
        let (task, shape) = (self.task, self.shape);
        with_solver(self.solver, |solver| {
            f(&mut Judge { task, shape, solver, scratch: Grid::EMPTY })
        })
    }
}

/// A puzzle in the line form, of `shape` if given, with the answer it claims: the same rules
/// as a file's record, a null answer never valid.
fn parse(puzzle: &[u8], answer: Answer<'_>, shape: Option<Shape>) -> Result<Parsed, RecordError> {
    let answer = match answer {
        Answer::None => None,
        Answer::Null => Some(None),
        Answer::Text(text) => Some(Some(text.trim_ascii())),
    };
    with_answer(puzzle.trim_ascii(), answer, Layout::Line, shape)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
    const SOLUTION: &str =
        "527389416819426735436751829375692184194538267268174593643217958951843672782965341";

    #[test]
    fn verdicts_come_back_in_order_whatever_the_threads() {
        let generated: Vec<String> = (0..2000u64)
            .map(|i| {
                let mut line = Vec::new();
                crate::generate::Generator::new(i).puzzle().write_line(&mut line);
                String::from_utf8(line).unwrap()
            })
            .collect();
        let one = Batch::new(Task::Solve, SolverKind::Band, Some(1)).unwrap().judge(&generated);
        let two = Batch::new(Task::Solve, SolverKind::Band, Some(2)).unwrap().judge(&generated);
        assert_eq!(one, two);
        for (verdict, puzzle) in one.iter().zip(&generated) {
            let grid: Grid = puzzle.parse().unwrap();
            let solution = verdict.solution.expect("generated puzzles are proper");
            assert!(solution.is_solved() && solution.agrees_with(&grid), "{puzzle}");
        }
    }

    #[test]
    fn answers_are_checked_and_counted_to_the_limit() {
        let batch = Batch::new(Task::Validate, SolverKind::Band, Some(2)).unwrap();
        // A valid grid, the solution with 1s and 2s swapped, which changes the given 2 in cell 2.
        let wrong: String = SOLUTION
            .chars()
            .map(|c| {
                if c == '1' {
                    '2'
                } else if c == '2' {
                    '1'
                } else {
                    c
                }
            })
            .collect();
        let verdicts = batch.judge_with_answers(&[PUZZLE, PUZZLE], &[SOLUTION, &wrong]).unwrap();
        assert_eq!(verdicts[0].fault, None);
        assert_eq!(verdicts[1].fault.unwrap().reason, Reason::AnswerDisagrees);
        let lengths = batch.judge_with_answers(&[PUZZLE], &[SOLUTION, SOLUTION]).unwrap_err();
        assert_eq!(lengths.to_string(), "1 puzzle but 2 answers");

        let count = batch.with(Task::Count { limit: 3 }, SolverKind::Bitmask);
        assert_eq!((count.task(), count.threads()), (Task::Count { limit: 3 }, 2));
        let empty = ".".repeat(81);
        let verdicts = count.judge(&[PUZZLE, empty.as_str()]);
        assert_eq!((verdicts[0].count, verdicts[1].count), (Some(1), Some(3)));
    }

    #[test]
    fn bad_puzzles_are_verdicts_not_errors() {
        let batch = Batch::new(Task::Solve, SolverKind::Band, Some(1)).unwrap();
        let mut bad = PUZZLE.as_bytes().to_vec();
        bad[40] = b'x';
        let verdicts = batch.judge(&[bad.as_slice(), b"", b"  \t"]);
        let faults: Vec<String> = verdicts.iter().map(|v| v.fault.unwrap().to_string()).collect();
        assert_eq!(
            faults,
            [
                "malformed: cell 41 (row 5, column 5): unexpected character 'x'",
                "malformed: 0 cells, expected 81",
                "malformed: 0 cells, expected 81",
            ]
        );
        assert!(matches!(
            Batch::new(Task::Solve, SolverKind::Band, Some(0)),
            Err(BatchError::Threads(threads::ThreadsError::Zero))
        ));
    }

    #[test]
    fn solve_agrees_with_the_verdict() {
        let batch = Batch::new(Task::Solve, SolverKind::Band, Some(1)).unwrap();
        // Solved; two 2s in row 1; and row 1's last cell left no digit (9 is below it).
        let conflict = format!("22{}", &PUZZLE[2..]);
        let dead_end = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
        batch.with_judge(|judge| {
            for line in [PUZZLE, &conflict, &dead_end] {
                let grid: Grid = line.parse().unwrap();
                let verdict = judge.grid(grid);
                let solved = judge.solve(&grid).copied();
                assert_eq!(
                    solved,
                    verdict.solution.ok_or_else(|| verdict.fault.unwrap().reason),
                    "{line}"
                );
            }
        });
        let reasons = [Reason::ConflictingGivens, Reason::NoSolution];
        let lines = [conflict, dead_end];
        batch.with_judge(|judge| {
            for (line, reason) in lines.iter().zip(reasons) {
                assert_eq!(judge.solve(&line.parse().unwrap()), Err(reason));
            }
        });
    }

    #[test]
    fn a_shape_is_read_as_asked_and_boards_of_any_shape_solve() {
        // A 6x6 puzzle with boxes 3 rows tall (`generate --size 6 --box 3x2`), and its solution.
        let tall = "..1.......5.4...13.6....142......13.";
        let solution = "531246613452425613364521142365256134";
        let batch = Batch::new(Task::Validate, SolverKind::Band, Some(1)).unwrap();
        let statuses = |batch: &Batch| -> Vec<String> {
            let verdicts = batch.judge_with_answers(&[tall, PUZZLE], &[solution, SOLUTION]);
            let status = |v: &Verdict| v.fault.map_or("valid".into(), |f| f.to_string());
            verdicts.unwrap().iter().map(status).collect()
        };
        // Its length alone says 6x6 with boxes 2 rows tall, and it is not that puzzle.
        assert_ne!(statuses(&batch)[0], "valid");
        assert_eq!(statuses(&batch)[1], "valid");
        let asked = batch.with_shape(Shape::new(3, 2));
        assert_eq!(
            statuses(&asked),
            ["valid", "malformed: 81 cells, expected 36 for 6x6 (boxes 3x2)"]
        );
        let shape = Shape::new(3, 2).unwrap();
        asked.with_judge(|judge| {
            let board = Board::parse_line(tall.as_bytes(), Some(shape)).unwrap();
            let mut first = vec![0; 36];
            assert_eq!(judge.solve_board(&board, &mut first), Ok(()));
            let expected: Vec<u8> = solution.bytes().map(|b| b - b'0').collect();
            assert_eq!(first, expected);
            let conflict = Board::parse_line(b"11..............", None).unwrap();
            let dead_end = Board::parse_line(b"123............4", None).unwrap();
            assert_eq!(
                judge.solve_board(&conflict, &mut first[..16]),
                Err(Reason::ConflictingGivens)
            );
            assert_eq!(judge.solve_board(&dead_end, &mut first[..16]), Err(Reason::NoSolution));
        });
    }

    #[test]
    fn a_null_answer_is_never_valid() {
        let batch = Batch::new(Task::Validate, SolverKind::Band, Some(1)).unwrap();
        let verdicts = batch.judge_by(3, |i| {
            let answer = [Answer::Null, Answer::Text(b""), Answer::None][i];
            (PUZZLE.as_bytes(), answer)
        });
        let statuses: Vec<String> =
            verdicts.iter().map(|v| v.fault.map_or("valid".into(), |f| f.to_string())).collect();
        assert_eq!(
            statuses,
            [
                "answer invalid: no answer (the answer field is empty or null)",
                "answer invalid: no answer (the answer field is empty or null)",
                "valid"
            ]
        );
    }
}
