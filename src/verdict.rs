//! The vocabulary of a run: the [`Task`] (what to conclude about each puzzle), the fixed set of
//! [`Reason`]s a record can fail for, the [`Verdict`] that carries the reason or the result,
//! and the [`Tally`] of a run's verdicts.
//!
//! ```
//! use sudoku_bulk::batch::Batch;
//! use sudoku_bulk::{Reason, SolverKind, Tally, Task};
//!
//! let puzzle = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
//! let conflict = format!("22{}", &puzzle[2..]);
//! let batch = Batch::new(Task::Validate, SolverKind::Band, Some(1)).unwrap();
//! let verdicts = batch.judge(&[puzzle, conflict.as_str()]);
//! assert_eq!(verdicts[0].status(Task::Validate), "valid");
//! let fault = verdicts[1].fault.unwrap();
//! assert_eq!(fault.reason, Reason::ConflictingGivens);
//! assert_eq!(fault.to_string(), "conflicting givens: digit 2 twice in row 1");
//!
//! let mut tally = Tally::default();
//! verdicts.iter().for_each(|v| tally.add(v));
//! assert_eq!((tally.records, tally.ok, tally.failed), (2, 1, 1));
//! assert_eq!(tally.reasons[Reason::ConflictingGivens.index()], 1);
//! ```

use std::fmt;

use crate::canon::{Form, Sameness};
use crate::grid::{Conflict, Grid, ParseError};
use crate::rate::{Capped, Limits, Rating, Step, Technique};
use crate::sized::{Board, BoardError, CellAt, Marks};
use crate::text::{ByteName, CellName, CharName, Plural, PuzzleKind};

/// What to conclude about each record: one task for each command that reads puzzles (solve,
/// count, validate, canon, dedup, augment).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Task {
    /// Its first solution.
    Solve,
    /// Its number of solutions, counting no further than `limit`.
    Count {
        /// The most solutions to count (at least 1): a count equal to it means "that many or
        /// more".
        limit: u32,
    },
    /// Whether it is well formed, has exactly one solution, and its answer (if it carries one)
    /// is that solution.
    Validate,
    /// Its canonical form (any grid has one: solvable or not, empty or full).
    Canon {
        /// Which form.
        form: Form,
        /// Whether to count the transformations that map the puzzle to itself as well.
        automorphisms: bool,
    },
    /// Whether the record repeats an earlier one: its puzzle (exact) or its minlex form
    /// (class) is what `dedup` compares; the comparing happens in input order, after judging.
    Dedup {
        /// What counts as a repeat.
        by: Sameness,
    },
    /// Random isomorphs of each record (and of its answer, where it carries one), drawn by an
    /// [`Augmenter`](crate::augment::Augmenter) from the seed and the record's place.
    Augment {
        /// Transformed copies per record.
        copies: u32,
        /// The seed the copies are drawn from.
        seed: u64,
        /// Whether the original comes first, as copy 0.
        include_original: bool,
        /// Whether each copy carries its transformation, in its text form.
        with_transform: bool,
    },
    /// How hard it is for a person: Sudoku Explainer's rating ([`crate::rate`]), its ER, EP
    /// and ED, the hardest step's technique, and the steps each technique took.
    Rate {
        /// How far the rating may go.
        limits: Limits,
    },
    /// The same, and every step, in order.
    Explain {
        /// How far the rating may go.
        limits: Limits,
    },
    /// What `stats` counts of it: what `validate` concludes (with the first solution, to check
    /// the answer of a puzzle with several), and its minlex form and rating as asked.
    Stats {
        /// Whether to find its minlex form, for repeats by class (`--by class`).
        by: Sameness,
        /// Whether to rate it.
        rating: bool,
    },
}

impl Task {
    /// About how many output records the task writes per input record: `augment`'s copies
    /// (and the original), 1 for the others.
    pub fn expansion(self) -> usize {
        match self {
            Task::Augment { copies, include_original, .. } => {
                (copies as usize + usize::from(include_original)).max(1)
            }
            _ => 1,
        }
    }

    /// The command's name: `solve`, `count`, `validate`, `canon`, `dedup` or `augment`.
    pub fn name(self) -> &'static str {
        match self {
            Task::Solve => "solve",
            Task::Count { .. } => "count",
            Task::Validate => "validate",
            Task::Canon { .. } => "canon",
            Task::Dedup { .. } => "dedup",
            Task::Augment { .. } => "augment",
            Task::Rate { .. } => "rate",
            Task::Explain { .. } => "explain",
            Task::Stats { .. } => "stats",
        }
    }

    /// The status word of a record that passed: `solved`, `counted`, `valid`, `canonical`,
    /// `kept` or `augmented`.
    pub fn success(self) -> &'static str {
        match self {
            Task::Solve => "solved",
            Task::Count { .. } => "counted",
            Task::Validate => "valid",
            Task::Canon { .. } => "canonical",
            Task::Dedup { .. } => "kept",
            Task::Augment { .. } => "augmented",
            Task::Rate { .. } => "rated",
            Task::Explain { .. } => "explained",
            Task::Stats { .. } => "valid",
        }
    }
}

/// Why a record failed, from a fixed set (the names are part of the output formats).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The record is not a puzzle.
    Malformed,
    /// Two givens share a digit in a house.
    ConflictingGivens,
    /// No grid completes the givens.
    NoSolution,
    /// More than one grid completes them.
    MultipleSolutions,
    /// The record's answer is not a complete valid grid.
    AnswerInvalid,
    /// The answer changes a given.
    AnswerDisagrees,
    /// The answer is valid and keeps the givens, but is not the puzzle's solution.
    AnswerNotSolution,
}

impl Reason {
    /// Every reason, in the order summaries list them.
    pub const ALL: [Reason; 7] = [
        Reason::Malformed,
        Reason::ConflictingGivens,
        Reason::NoSolution,
        Reason::MultipleSolutions,
        Reason::AnswerInvalid,
        Reason::AnswerDisagrees,
        Reason::AnswerNotSolution,
    ];

    /// The reason's name in outputs and summaries.
    pub fn name(self) -> &'static str {
        match self {
            Reason::Malformed => "malformed",
            Reason::ConflictingGivens => "conflicting givens",
            Reason::NoSolution => "no solution",
            Reason::MultipleSolutions => "multiple solutions",
            Reason::AnswerInvalid => "answer invalid",
            Reason::AnswerDisagrees => "answer disagrees with givens",
            Reason::AnswerNotSolution => "answer is not the solution",
        }
    }

    /// Its position in [`Reason::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// A solution count as outputs and summaries write it: `2+` when counting stopped at the
/// limit, so that the count means "that many or more".
pub fn count_label(count: u64, limit: u32) -> String {
    let plus = if count >= u64::from(limit) { "+" } else { "" };
    format!("{count}{plus}")
}

/// The records by hardest technique, in SE's order, then those whose rating stopped, by where
/// (as the technique column names them): only those that occur.
pub fn technique_counts(t: &Tally) -> Vec<(String, u64)> {
    let rated = t.hardest.iter().enumerate().filter(|&(_, &n)| n > 0);
    let capped = t.capped.iter().enumerate().filter(|&(_, &n)| n > 0);
    rated
        .map(|(i, &n)| (Technique::from_index(i).name().to_string(), n))
        .chain(capped.map(|(i, &n)| (Capped::from_index(i).text().to_string(), n)))
        .collect()
}

/// Why a record is not a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A puzzle line that does not parse.
    #[error(transparent)]
    Line(#[from] ParseError),
    /// A grid row with the wrong number of cells.
    #[error("{} in row {row}, expected {size}", Plural(*cells, "cell"))]
    RowLength {
        /// The row, counted from 1.
        row: u8,
        /// How many cells it held.
        cells: usize,
        /// The grid's size N, the cells a row must hold.
        size: u8,
    },
    /// A grid row with a character that is neither a digit, a blank nor a separator.
    #[error("row {row}, column {column}: unexpected character {}", ByteName(*byte))]
    RowCharacter {
        /// The row, counted from 1.
        row: u8,
        /// The character's position in the line, counted from 1.
        column: usize,
        /// The offending byte.
        byte: u8,
    },
    /// A grid record with too few or too many rows.
    #[error("{}, expected {size}", Plural(*rows, "row"))]
    RowCount {
        /// How many rows the record held.
        rows: usize,
        /// The grid's size N, the rows it must have.
        size: u8,
    },
    /// A grid row's line holding two or more rows' cells: a line end lost, as where files
    /// without a final line end were joined.
    #[error("{} in row {row}: {} rows on one line (a line end lost?)", Plural(*cells, "cell"), cells / usize::from(*size))]
    RowsJoined {
        /// The row, counted from 1.
        row: u8,
        /// How many cells the line held.
        cells: usize,
        /// The grid's size N.
        size: u8,
    },
    /// A grid in a block of rows with no blank line between its grids, whose cells are not a
    /// whole number of grids (a row lost or repeated): which rows make which grid is unknown,
    /// so none is read.
    #[error(
        "grid {grid} of the rows at lines {}-{}, which hold {cells} cells, not a whole number of {size}x{size} grids: where each grid starts is unknown (separate the grids with blank lines)",
        lines.0, lines.1
    )]
    UnevenBlock {
        /// Which of the block's grids, from 1.
        grid: u32,
        /// The cells the block holds.
        cells: u32,
        /// The grids' size N.
        size: u8,
        /// The block's first and last lines.
        lines: (u64, u64),
    },
    /// A character that is not ASCII in a puzzle's line: named, at its column, characters
    /// counted as people count them (`é` is one, not two cells).
    #[error("unexpected character {}, character {column} of the puzzle", CharName(*character, *byte))]
    LineCharacter {
        /// Its position in the line, in characters, from 1.
        column: usize,
        /// The character, if its bytes are UTF-8.
        character: Option<char>,
        /// Its first byte.
        byte: u8,
    },
    /// A line whose length is the cells of a grid of a size read only when asked for (10x10,
    /// 15x15, 20x20, ...).
    #[error(
        "{}, expected 81: a {size}x{size} puzzle? Sizes other than 4, 6, 8, 9, 12, 16 and 25 \
         are read when asked for: --size {size}",
        Plural(*cells, "cell")
    )]
    UncommonSize {
        /// The line's cells.
        cells: usize,
        /// The size they would make.
        size: u8,
    },
    /// A number in a grid row of another size than 9x9 that is above the grid's size.
    #[error("{at}: {value} is above {n} in a {n}x{n} grid", n = at.size)]
    RowValue {
        /// The cell, in the grid's rows and columns.
        at: CellAt,
        /// The number (saturated at `u32::MAX`).
        value: u32,
    },
    /// A CSV row that does not split into fields.
    #[error(transparent)]
    Fields(#[from] FieldError),
    /// A CSV row with more or fewer fields than the first row.
    #[error("{}, expected {expected}", Plural(*fields, "field"))]
    FieldCount {
        /// Fields in this row.
        fields: usize,
        /// Fields in the first row.
        expected: usize,
    },
    /// A JSON Lines line that is not a JSON object, or has no puzzle key.
    #[error(transparent)]
    Json(#[from] JsonError),
    /// A line of another size than 9x9, or a pencilmark line, that does not parse.
    #[error(transparent)]
    Sized(#[from] BoardError),
    /// A puzzle of another size than 9x9 (or a pencilmark puzzle) for a command that takes
    /// 9x9 puzzles only.
    #[error("{}: {task} takes 9x9 puzzles only", PuzzleKind(*size))]
    NotNine {
        /// Its size N, 0 for a pencilmark puzzle.
        size: u8,
        /// The command.
        task: &'static str,
    },
}

/// Why a line of a JSON Lines input is not a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum JsonError {
    /// Not UTF-8 text, which JSON is.
    #[error("not JSON: byte {at} is not UTF-8 text")]
    NotText {
        /// The first byte that is not, from 1.
        at: usize,
    },
    /// Not valid JSON.
    #[error("not JSON: invalid at column {column}")]
    Syntax {
        /// Where the parser gave up, from 1.
        column: usize,
    },
    /// The line ends before its JSON does.
    #[error("not JSON: the line ends inside it")]
    Truncated,
    /// Valid JSON, but not an object (an array, a string, a number...).
    #[error("not a JSON object")]
    NotObject,
    /// An object without the puzzle's key.
    #[error("no puzzle key in the object")]
    NoPuzzle,
}

/// Why a row cannot be split into fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum FieldError {
    /// A quoted field with no closing quote within `MAX_ROW_LINES` lines: the record is its
    /// first line alone.
    #[error("unterminated quote in field {field}: no closing quote within 1000 lines")]
    UnterminatedQuote {
        /// The field, from 1.
        field: usize,
    },
    /// Text after a closing quote, before the delimiter.
    #[error("text after the closing quote of field {field}")]
    TextAfterQuote {
        /// The field, from 1.
        field: usize,
    },
}

/// The particulars behind a reason, where there are any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Detail {
    /// Nothing more to say.
    None,
    /// What is wrong with the record's text.
    Record(RecordError),
    /// The conflicting givens.
    Conflict(Conflict),
    /// What is wrong with the answer's text.
    Answer(ParseError),
    /// The answer's repeated digit.
    AnswerConflict(Conflict),
    /// The first cell (from 0) the answer leaves blank.
    AnswerBlank(usize),
    /// The first cell (from 0) where the answer changes a given, with both digits.
    ChangedGiven {
        /// The cell, from 0.
        cell: usize,
        /// The digit the puzzle gives.
        given: u8,
        /// The answer's digit there.
        answer: u8,
    },
    /// What is wrong with the answer of a puzzle of another size.
    SizedAnswer(BoardError),
    /// The first cell a sized answer leaves blank.
    SizedBlank(CellAt),
    /// The first cell where a sized answer changes a given (or, for a pencilmark puzzle, holds
    /// a digit its marks do not allow: `given` is then 0).
    SizedChanged {
        /// The cell.
        at: CellAt,
        /// The puzzle's digit, 0 for a pencilmark cell.
        given: u8,
        /// The answer's.
        answer: u8,
    },
    /// The first cell where a sized answer that keeps the givens differs from the solution.
    SizedNotSolution {
        /// The cell.
        at: CellAt,
        /// The solution's digit.
        solution: u8,
        /// The answer's.
        answer: u8,
    },
    /// The first cell (from 0) where a valid answer that keeps the givens differs from the
    /// puzzle's one solution, with both digits.
    NotSolution {
        /// The cell, from 0.
        cell: usize,
        /// The solution's digit.
        solution: u8,
        /// The answer's digit there.
        answer: u8,
    },
}

impl fmt::Display for Detail {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Detail::None => Ok(()),
            Detail::Record(e) => e.fmt(f),
            Detail::Conflict(c) | Detail::AnswerConflict(c) => c.fmt(f),
            // An answer field with nothing in it, empty or null, is no answer: one message.
            Detail::Answer(e) if e.is_missing() => f.write_str(NO_ANSWER),
            Detail::Answer(e) => e.fmt(f),
            Detail::AnswerBlank(cell) => write!(f, "{} is blank", CellName(*cell)),
            Detail::ChangedGiven { cell, given, answer } => {
                write!(f, "{}: given {given}, answer {answer}", CellName(*cell))
            }
            Detail::NotSolution { cell, solution, answer } => {
                write!(f, "{}: solution {solution}, answer {answer}", CellName(*cell))
            }
            Detail::SizedAnswer(e) if e.is_missing() => f.write_str(NO_ANSWER),
            Detail::SizedAnswer(e) => e.fmt(f),
            Detail::SizedBlank(at) => write!(f, "{at} is blank"),
            Detail::SizedChanged { at, given: 0, answer } => {
                write!(f, "{at}: answer {answer}, which its pencilmarks do not allow")
            }
            Detail::SizedChanged { at, given, answer } => {
                write!(f, "{at}: given {given}, answer {answer}")
            }
            Detail::SizedNotSolution { at, solution, answer } => {
                write!(f, "{at}: solution {solution}, answer {answer}")
            }
        }
    }
}

/// What an answer field with nothing in it (empty, or a null) is called, whoever reads it.
const NO_ANSWER: &str = "no answer (the answer field is empty or null)";

/// A failure: its reason and particulars. Shown as `reason` or `reason: particulars`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fault {
    /// From the fixed set.
    pub reason: Reason,
    /// What exactly.
    pub detail: Detail,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.detail {
            Detail::None => f.write_str(self.reason.name()),
            detail => write!(f, "{}: {detail}", self.reason.name()),
        }
    }
}

impl Fault {
    /// A fault with nothing more to say.
    pub fn bare(reason: Reason) -> Fault {
        Fault { reason, detail: Detail::None }
    }
}

/// What a command concluded about one record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// `None` when the record passed.
    pub fault: Option<Fault>,
    /// The puzzle, if the record parsed.
    pub puzzle: Option<Grid>,
    /// The (first) solution, where the command found one and reports it.
    pub solution: Option<Grid>,
    /// Solutions counted, where the command counts (never above the limit).
    pub count: Option<u32>,
    /// Guesses the solver made.
    pub guesses: Option<u64>,
    /// The canonical form, for [`Task::Canon`].
    pub canonical: Option<Grid>,
    /// The automorphism count, for [`Task::Canon`] when asked for.
    pub automorphisms: Option<u64>,
    /// Sudoku Explainer's rating, for [`Task::Rate`] and [`Task::Explain`].
    pub rating: Option<Rating>,
    /// The rating's steps, in order, for [`Task::Explain`].
    pub steps: Vec<Step>,
    /// For a puzzle of another size than 9x9 or a pencilmark puzzle, which leave `puzzle` and
    /// `solution` empty: the puzzle and its solution.
    pub sized: Option<Box<SizedVerdict>>,
}

/// The puzzle and solution of a record that is not a plain 9x9 grid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SizedVerdict {
    /// The puzzle's digits.
    pub puzzle: Board,
    /// Its pencilmarks, for a pencilmark puzzle.
    pub marks: Option<Marks>,
    /// The (first) solution, where the command found one and reports it.
    pub solution: Option<Board>,
}

impl Verdict {
    /// A verdict with nothing found yet.
    pub fn new(puzzle: Option<Grid>) -> Verdict {
        Verdict {
            fault: None,
            puzzle,
            solution: None,
            count: None,
            guesses: None,
            canonical: None,
            automorphisms: None,
            rating: None,
            steps: Vec::new(),
            sized: None,
        }
    }

    /// The same verdict, failed for `fault`.
    pub fn failed(self, fault: Fault) -> Verdict {
        Verdict { fault: Some(fault), ..self }
    }

    /// The record's status word: the task's word for success (`solved`, `counted`, `valid`),
    /// or the name of the reason it failed.
    pub fn status(&self, task: Task) -> &'static str {
        self.fault.map_or(task.success(), |f| f.reason.name())
    }
}

/// Counts of what a run concluded, summed piece by piece.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Tally {
    /// Records read.
    pub records: u64,
    /// Records that passed (solved, counted, valid).
    pub ok: u64,
    /// Records that failed.
    pub failed: u64,
    /// Failed records by reason, indexed as [`Reason::ALL`].
    pub reasons: [u64; 7],
    /// Records by solution count, `solutions[k]` having `k` (for commands that count).
    pub solutions: Vec<u64>,
    /// Records dropped as repeats of an earlier one (`dedup`); they count as `ok` too.
    pub dropped: u64,
    /// Output records written for the records that passed, where a command writes more than
    /// one a record (`augment`'s copies); 0 for the others.
    pub copies: u64,
    /// Lines skipped as comments (`#` lines of the line and grid formats, and before a CSV
    /// input's rows).
    pub comments: u64,
    /// The line of an `end` line that stopped the input with text after it, unread (over
    /// several inputs, the first input's that stopped so).
    pub stopped: Option<u64>,
    /// Records rated (`rate`, `explain`) by rating, `ratings[t]` rated `t` tenths.
    pub ratings: Vec<u64>,
    /// Records rated by hardest technique, by [`Technique::index`](crate::rate::Technique).
    pub hardest: Vec<u64>,
    /// Records whose rating stopped at a limit, by [`Capped::index`](crate::rate::Capped).
    pub capped: Vec<u64>,
}

impl Tally {
    /// Counts one record's verdict.
    pub fn add(&mut self, verdict: &Verdict) {
        self.records += 1;
        match verdict.fault {
            None => self.ok += 1,
            Some(fault) => {
                self.failed += 1;
                self.reasons[fault.reason.index()] += 1;
            }
        }
        if let Some(count) = verdict.count {
            let count = count as usize;
            if self.solutions.len() <= count {
                self.solutions.resize(count + 1, 0);
            }
            self.solutions[count] += 1;
        }
        if let Some(rating) = &verdict.rating {
            if let Some(tenths) = rating.rating {
                bump(&mut self.ratings, usize::from(tenths));
            }
            match (rating.capped, rating.hardest) {
                (Some(capped), _) => bump(&mut self.capped, capped.index()),
                (None, Some(technique)) => bump(&mut self.hardest, technique.index()),
                (None, None) => {}
            }
        }
    }

    /// Back to zero, keeping the allocation.
    pub fn clear(&mut self) {
        let mut solutions = std::mem::take(&mut self.solutions);
        solutions.clear();
        *self = Tally { solutions, ..Tally::default() };
    }
}

/// Adds one at `index`, growing the counts to reach it.
fn bump(counts: &mut Vec<u64>, index: usize) {
    if counts.len() <= index {
        counts.resize(index + 1, 0);
    }
    counts[index] += 1;
}

/// Adds `theirs` to `mine`, place by place.
fn add_counts(mine: &mut Vec<u64>, theirs: &[u64]) {
    if mine.len() < theirs.len() {
        mine.resize(theirs.len(), 0);
    }
    for (mine, theirs) in mine.iter_mut().zip(theirs) {
        *mine += theirs;
    }
}

impl std::ops::AddAssign<&Tally> for Tally {
    fn add_assign(&mut self, other: &Tally) {
        self.records += other.records;
        self.ok += other.ok;
        self.failed += other.failed;
        self.dropped += other.dropped;
        self.copies += other.copies;
        self.comments += other.comments;
        self.stopped = self.stopped.or(other.stopped);
        for (mine, theirs) in self.reasons.iter_mut().zip(other.reasons) {
            *mine += theirs;
        }
        add_counts(&mut self.solutions, &other.solutions);
        add_counts(&mut self.ratings, &other.ratings);
        add_counts(&mut self.hardest, &other.hardest);
        add_counts(&mut self.capped, &other.capped);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::House;

    #[test]
    fn faults_read_as_reason_then_particulars() {
        assert_eq!(Fault::bare(Reason::MultipleSolutions).to_string(), "multiple solutions");
        let conflict = Conflict { digit: 4, house: House::Row(0) };
        let fault = Fault { reason: Reason::ConflictingGivens, detail: Detail::Conflict(conflict) };
        assert_eq!(fault.to_string(), "conflicting givens: digit 4 twice in row 1");
        let detail = Detail::ChangedGiven { cell: 2, given: 7, answer: 4 };
        let fault = Fault { reason: Reason::AnswerDisagrees, detail };
        assert_eq!(
            fault.to_string(),
            "answer disagrees with givens: cell 3 (row 1, column 3): given 7, answer 4"
        );
        let fault = Fault { reason: Reason::AnswerInvalid, detail: Detail::AnswerBlank(80) };
        assert_eq!(fault.to_string(), "answer invalid: cell 81 (row 9, column 9) is blank");
        for (i, reason) in Reason::ALL.into_iter().enumerate() {
            assert_eq!(reason.index(), i);
        }
    }
}
