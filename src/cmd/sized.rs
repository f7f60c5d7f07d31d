//! What solve, count and validate conclude about a puzzle of another size than 9x9, or a
//! pencilmark puzzle: the same rules as for 9x9 (`solve.rs`, `count.rs`, `validate.rs`), with
//! the chosen solver's [`Solver::solve_candidates`]. The other commands take 9x9 puzzles only,
//! and say so; so do the solvers that take 9x9 givens only.

use crate::grid::Conflict;
use crate::io::format::SizedPuzzle;
use crate::sized::{Board, BoardError, CellAt};
use crate::solver::Solver;
use crate::verdict::{Detail, Fault, Reason, RecordError, SizedVerdict, Task, Verdict};

/// Judges a sized puzzle for `task`, with `solver`; `command` names the command in the
/// message of one it does not take.
pub(super) fn judge(
    task: Task,
    command: &'static str,
    solver: &mut dyn Solver,
    puzzle: &SizedPuzzle,
) -> Verdict {
    let not_nine = |task: &'static str| {
        let error = RecordError::NotNine { size: puzzle.kind(), task };
        let fault = Fault { reason: Reason::Malformed, detail: Detail::Record(error) };
        Verdict::new(None).failed(fault)
    };
    let limit = match task {
        Task::Solve => 1,
        Task::Count { limit } => limit,
        Task::Validate | Task::Stats { .. } => 2,
        _ => return not_nine(command),
    };
    let mut solution = puzzle.board.clone();
    let shape = puzzle.board.shape();
    let Some(outcome) =
        solver.solve_candidates(shape, &puzzle.candidates(), limit, solution.cells_mut())
    else {
        return not_nine(solver.kind().title());
    };
    let verdict = Verdict { guesses: Some(outcome.guesses), ..Verdict::new(None) };
    let with = |solution: Option<Board>, verdict: Verdict| {
        let (puzzle, marks) = (puzzle.board.clone(), puzzle.marks.clone());
        Verdict { sized: Some(Box::new(SizedVerdict { puzzle, marks, solution })), ..verdict }
    };
    let no_solution = || no_solution(&puzzle.board);
    match task {
        Task::Solve if outcome.solved() => with(Some(solution), verdict),
        Task::Solve => with(None, verdict).failed(no_solution()),
        Task::Count { .. } => {
            let fault = (outcome.solutions == 0).then(no_solution);
            match fault {
                Some(fault) if fault.reason == Reason::ConflictingGivens => {
                    with(None, verdict).failed(fault)
                }
                _ => with(None, Verdict { count: Some(outcome.solutions), ..verdict }),
            }
        }
        _ => {
            let verdict = with(None, Verdict { count: Some(outcome.solutions), ..verdict });
            match outcome.solutions {
                0 => return verdict.failed(no_solution()),
                1 => {}
                _ => return verdict.failed(Fault::bare(Reason::MultipleSolutions)),
            }
            match &puzzle.answer {
                None => verdict,
                Some(Ok(answer)) if *answer == solution => verdict,
                Some(answer) => verdict.failed(answer_fault(answer, puzzle, &solution)),
            }
        }
    }
}

/// Why a puzzle with no solution has none: its givens conflict, or the search ran dry.
fn no_solution(board: &Board) -> Fault {
    match board.conflict() {
        Some((digit, house)) => Fault {
            reason: Reason::ConflictingGivens,
            detail: Detail::Conflict(Conflict { digit, house }),
        },
        None => Fault::bare(Reason::NoSolution),
    }
}

/// The first solution of a grid, its digits written into `first` (one a cell, 1 to N), or
/// why it has none: what [`judge`] concludes for [`Task::Solve`], without the [`Verdict`],
/// for callers that keep only these (`batch::Judge::solve_board`). A solver that takes 9x9
/// givens only makes it [`Reason::Malformed`], as it makes such a record.
pub(crate) fn first_solution(
    solver: &mut dyn Solver,
    board: &Board,
    first: &mut [u8],
) -> Result<(), Reason> {
    match solver.solve_candidates(board.shape(), &board.candidates(), 1, first) {
        None => Err(Reason::Malformed),
        Some(outcome) if outcome.solved() => Ok(()),
        Some(_) => Err(no_solution(board).reason),
    }
}

/// Why a sized answer is not the solution: the same reasons, in the same order, as 9x9's.
fn answer_fault(
    answer: &Result<Board, BoardError>,
    puzzle: &SizedPuzzle,
    solution: &Board,
) -> Fault {
    let fault = |reason, detail| Fault { reason, detail };
    let answer = match answer {
        Err(e) => return fault(Reason::AnswerInvalid, Detail::SizedAnswer(*e)),
        Ok(answer) => answer,
    };
    let size = answer.shape().size() as u8;
    let at = |cell: usize| CellAt { cell: cell as u16, size };
    if let Some((digit, house)) = answer.conflict() {
        return fault(Reason::AnswerInvalid, Detail::AnswerConflict(Conflict { digit, house }));
    }
    if let Some(cell) = answer.cells().iter().position(|&v| v == 0) {
        return fault(Reason::AnswerInvalid, Detail::SizedBlank(at(cell)));
    }
    let mine = answer.cells();
    let allowed = puzzle.candidates();
    if let Some(cell) = (0..mine.len()).find(|&c| allowed[c] & (1 << (mine[c] - 1)) == 0) {
        let given = if puzzle.marks.is_some() { 0 } else { puzzle.board.cells()[cell] };
        let detail = Detail::SizedChanged { at: at(cell), given, answer: mine[cell] };
        return fault(Reason::AnswerDisagrees, detail);
    }
    match (0..mine.len()).find(|&c| solution.cells()[c] != mine[c]) {
        Some(cell) => {
            let (solution, answer) = (solution.cells()[cell], mine[cell]);
            let detail = Detail::SizedNotSolution { at: at(cell), solution, answer };
            fault(Reason::AnswerNotSolution, detail)
        }
        None => Fault::bare(Reason::AnswerNotSolution),
    }
}
