//! Our output columns, defined once: each column's name and Arrow type, each task's columns,
//! and each column's value for a record. The CSV header, the JSON Lines keys, the Parquet
//! schema and Python's tables are all made from these lists, and JSON Lines, Parquet and
//! Python's tables take their values from [`Row::value`].
//!
//! Python's `augment` table, a row a copy, has columns of its own shape
//! ([`Task::copy_table_columns`]): `row`, the input row's index (the one value a [`Row`] does
//! not hold: the caller gives it), then `copy`, the copy's `puzzle` and `solution` (each
//! [`Row::Copy`]'s), `transform`, `status`, `error`.

use arrow_schema::DataType;

use crate::canon::{Sameness, Transform};
use crate::grid::Grid;
use crate::sized::{Board, Marks, Shape};
use crate::verdict::{Fault, SizedVerdict, Task, Verdict};

/// One of our columns (a JSON Lines key), beside the input's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputColumn {
    /// The input the record came from, as it was named (`-` for stdin): only in the output of
    /// a run of several inputs, first among ours.
    File,
    /// The record's line (its first line, for a grid), counted from 1.
    Line,
    /// The puzzle as it was read, as an 81-character line (`.` for a blank).
    Puzzle,
    /// The puzzle's size, where asked for (`--with-size`): `9x9`, `16x16`, `6x6 (boxes 3x2)`
    /// for boxes other than the usual, `9x9 pencilmarks` for a pencilmark puzzle; none for a
    /// record that is not a puzzle.
    Size,
    /// The task's word for a record that passed (`solved`, ...), or the failure's reason.
    Status,
    /// `solve`'s solution.
    Solution,
    /// `count`'s count of solutions.
    Count,
    /// `count`'s limit: a count equal to it means "that many or more".
    Limit,
    /// The guesses the solver made.
    Guesses,
    /// The canonical form, as 81 digits (`0` for a blank).
    Canonical,
    /// The transformations that map the puzzle to itself.
    Automorphisms,
    /// `augment`'s copy number, from 1 (0 for the original).
    Copy,
    /// `augment`'s transformation, as `Transform` displays it.
    Transform,
    /// `rate`'s and `explain`'s rating: Sudoku Explainer's ER, the hardest step's value (none
    /// where the rating stopped at a limit).
    Rating,
    /// Sudoku Explainer's EP: the hardest value up to the first placement.
    Ep,
    /// Sudoku Explainer's ED: the first step's value.
    Ed,
    /// Where the rating stopped at a limit, the least its ER can be.
    RatingAtLeast,
    /// The hardest step's technique, or where the rating stopped (`capped: dynamic+`).
    Technique,
    /// `rate`'s steps: how many each technique took, by name (a JSON object; a map in Parquet).
    StepCounts,
    /// `explain`'s steps, in order (a JSON array of objects; a list of structs in Parquet).
    Steps,
    /// A failed record's particulars (or its reason, where there are none).
    Error,
    /// A record's index among a call's rows, from 0: Python's `augment` table. Not a
    /// [`Row`]'s: the caller that numbers the rows gives its value.
    Row,
}

impl OutputColumn {
    /// Every column, in the order [`output_names`](super::output_names) renames them in
    /// (`row` last, so that it changes no other column's name beside an input's).
    pub const ALL: [OutputColumn; 22] = [
        OutputColumn::File,
        OutputColumn::Line,
        OutputColumn::Puzzle,
        OutputColumn::Size,
        OutputColumn::Status,
        OutputColumn::Solution,
        OutputColumn::Count,
        OutputColumn::Limit,
        OutputColumn::Guesses,
        OutputColumn::Canonical,
        OutputColumn::Automorphisms,
        OutputColumn::Copy,
        OutputColumn::Transform,
        OutputColumn::Rating,
        OutputColumn::Ep,
        OutputColumn::Ed,
        OutputColumn::RatingAtLeast,
        OutputColumn::Technique,
        OutputColumn::StepCounts,
        OutputColumn::Steps,
        OutputColumn::Error,
        OutputColumn::Row,
    ];

    /// Its name, before [`output_names`](super::output_names) renames it beside the input's.
    pub fn name(self) -> &'static str {
        match self {
            OutputColumn::File => "file",
            OutputColumn::Line => "line",
            OutputColumn::Puzzle => "puzzle",
            OutputColumn::Size => "size",
            OutputColumn::Status => "status",
            OutputColumn::Solution => "solution",
            OutputColumn::Count => "count",
            OutputColumn::Limit => "limit",
            OutputColumn::Guesses => "guesses",
            OutputColumn::Canonical => "canonical",
            OutputColumn::Automorphisms => "automorphisms",
            OutputColumn::Copy => "copy",
            OutputColumn::Transform => "transform",
            OutputColumn::Rating => "rating",
            OutputColumn::Ep => "ep",
            OutputColumn::Ed => "ed",
            OutputColumn::RatingAtLeast => "rating_at_least",
            OutputColumn::Technique => "technique",
            OutputColumn::StepCounts | OutputColumn::Steps => "steps",
            OutputColumn::Error => "error",
            OutputColumn::Row => "row",
        }
    }

    /// Its type in Parquet output and Python's tables (CSV writes every value as text).
    pub fn data_type(self) -> DataType {
        match self {
            OutputColumn::Line
            | OutputColumn::Count
            | OutputColumn::Limit
            | OutputColumn::Guesses
            | OutputColumn::Automorphisms
            | OutputColumn::Copy
            | OutputColumn::Row => DataType::Int64,
            OutputColumn::Rating
            | OutputColumn::Ep
            | OutputColumn::Ed
            | OutputColumn::RatingAtLeast => DataType::Float64,
            OutputColumn::StepCounts => super::steps::counts_type(),
            OutputColumn::Steps => super::steps::steps_type(),
            OutputColumn::File
            | OutputColumn::Puzzle
            | OutputColumn::Size
            | OutputColumn::Status
            | OutputColumn::Solution
            | OutputColumn::Canonical
            | OutputColumn::Transform
            | OutputColumn::Technique
            | OutputColumn::Error => DataType::Utf8,
        }
    }

    /// Whether a row can lack it: every record has a line and a status (and its file, where
    /// that column is). (`row` always has a
    /// value too, but Python's `augment` table has always declared it nullable, and keeps it.)
    pub fn nullable(self) -> bool {
        !matches!(self, OutputColumn::File | OutputColumn::Line | OutputColumn::Status)
    }
}

/// A task's own columns, between `status` and `error`, in the two shapes our outputs take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TaskColumns {
    /// In records (JSON Lines keys, Parquet columns): every figure the task has.
    pub records: &'static [OutputColumn],
    /// In tables of text (CSV output) and Python's tables: the same, except that `count`'s
    /// column says the limit in its label (`2+`), or the caller gave it; and `validate` keeps
    /// to its verdict (its guesses are in its records only).
    pub tables: &'static [OutputColumn],
}

impl Task {
    /// The task's own columns: the one list every output takes its columns from.
    pub fn output_columns(self) -> TaskColumns {
        use OutputColumn::*;
        let same = |columns| TaskColumns { records: columns, tables: columns };
        match self {
            Task::Solve => same(&[Solution, Guesses]),
            Task::Count { .. } => {
                TaskColumns { records: &[Count, Limit, Guesses], tables: &[Count, Guesses] }
            }
            // `stats` writes no records: its report rows are validate's.
            Task::Validate | Task::Stats { .. } => TaskColumns { records: &[Guesses], tables: &[] },
            Task::Canon { automorphisms: false, .. } => same(&[Canonical]),
            Task::Canon { automorphisms: true, .. } => same(&[Canonical, Automorphisms]),
            Task::Dedup { by: Sameness::Exact } => same(&[]),
            Task::Dedup { by: Sameness::Class } => same(&[Canonical]),
            Task::Augment { with_transform: false, .. } => same(&[Copy]),
            Task::Augment { with_transform: true, .. } => same(&[Copy, Transform]),
            Task::Rate { .. } => TaskColumns {
                records: &[Rating, Ep, Ed, RatingAtLeast, Technique, StepCounts, Count, Limit],
                tables: &[Rating, Ep, Ed, RatingAtLeast, Technique, StepCounts, Count],
            },
            Task::Explain { .. } => TaskColumns {
                records: &[Rating, Ep, Ed, RatingAtLeast, Technique, Count, Limit, Steps],
                tables: &[Rating, Ep, Ed, RatingAtLeast, Technique, Count, Steps],
            },
        }
    }

    /// The columns of a table of its verdicts (Python's tables; CSV output puts `line`, and
    /// `puzzle` for inputs that are not CSV, before them, and `file` before `line` for a run of
    /// several inputs: [`Task::csv_columns`]): (`size`, where asked for), `status`, its own,
    /// `error`.
    pub fn table_columns(self, size: bool) -> Vec<OutputColumn> {
        let mut columns = Vec::with_capacity(8);
        if size {
            columns.push(OutputColumn::Size);
        }
        columns.push(OutputColumn::Status);
        columns.extend(self.output_columns().tables);
        columns.push(OutputColumn::Error);
        columns
    }

    /// Our columns in CSV output, after a CSV input's own: (`file`, for a run of several
    /// inputs), `line`, (`puzzle`, for an input that is not CSV, whose record is not there),
    /// then [`Task::table_columns`] (`size` first, where asked for).
    pub fn csv_columns(
        self,
        several_inputs: bool,
        csv_input: bool,
        size: bool,
    ) -> Vec<OutputColumn> {
        let mut columns = file_column(several_inputs);
        columns.push(OutputColumn::Line);
        if !csv_input {
            columns.push(OutputColumn::Puzzle);
        }
        columns.extend(self.table_columns(size));
        columns
    }

    /// The columns of a table of an `augment`'s copies, a row a copy and one a record that
    /// failed (Python's `augment`): `row`, then its own columns (`copy`, `transform` if asked)
    /// with the copy's `puzzle` after `copy`, and its `solution` too where the records have
    /// `answers`, then `status`, `error`.
    pub fn copy_table_columns(self, answers: bool) -> Vec<OutputColumn> {
        use OutputColumn::*;
        let mut columns = vec![Row];
        for &column in self.output_columns().tables {
            columns.push(column);
            if column == Copy {
                columns.push(Puzzle);
                if answers {
                    columns.push(Solution);
                }
            }
        }
        columns.extend([Status, Error]);
        columns
    }

    /// The columns of its records (JSON Lines, Parquet): (`file`, for a run of several
    /// inputs), `line`, `status`, `puzzle`, (`size`, where asked for), its own, `error`.
    pub fn record_columns(self, several_inputs: bool, size: bool) -> Vec<OutputColumn> {
        let mut columns = file_column(several_inputs);
        columns.extend([OutputColumn::Line, OutputColumn::Status, OutputColumn::Puzzle]);
        if size {
            columns.push(OutputColumn::Size);
        }
        columns.extend(self.output_columns().records);
        columns.push(OutputColumn::Error);
        columns
    }
}

/// `file`, where a run's outputs have it: when it reads several inputs, so that each row says
/// which one it came from (a run of one keeps the columns it always had).
fn file_column(several_inputs: bool) -> Vec<OutputColumn> {
    match several_inputs {
        true => vec![OutputColumn::File],
        false => Vec::new(),
    }
}

/// A value of one of our columns.
#[derive(Debug, Clone, Copy)]
pub enum Value<'a> {
    /// No value: a null, a key left out.
    Null,
    /// A number.
    Int(u64),
    /// A word.
    Text(&'static str),
    /// A name (an input's), escaped where the output needs it.
    Name(&'a str),
    /// A grid as its 81-character line, `.` for a blank.
    Grid(&'a Grid),
    /// A grid as its 81 digits, `0` for a blank (a canonical form).
    Digits(&'a Grid),
    /// A grid of another size as its line, `.` for a blank.
    Board(&'a Board),
    /// A pencilmark puzzle as its 729-character line.
    Marks(&'a Marks),
    /// A puzzle's size: `16x16` (its shape as [`Shape`] displays it), `9x9 pencilmarks` when
    /// `true`.
    Size(Shape, bool),
    /// A failure's particulars, or its reason where there are none.
    Fault(&'a Fault),
    /// A transformation.
    Transform(&'a Transform),
    /// A rating in tenths, written `2.3`.
    Rating(u8),
    /// What the ladder concluded, as its steps by technique (a JSON object).
    StepCounts(&'a crate::rate::Rating),
    /// The ladder's steps (a JSON array).
    Steps(&'a [crate::rate::Step]),
}

/// One output row's values: a record's verdict, or one of `augment`'s copies.
#[derive(Debug, Clone, Copy)]
pub enum Row<'a> {
    /// A record and what the task concluded.
    Verdict {
        /// The task.
        task: Task,
        /// The record's input, for the `file` column.
        file: &'a str,
        /// The record's line.
        line: u64,
        /// Its verdict.
        verdict: &'a Verdict,
    },
    /// A copy of a record that `augment` made.
    Copy {
        /// The task (an `augment`).
        task: Task,
        /// The record's input, for the `file` column.
        file: &'a str,
        /// The record's line.
        line: u64,
        /// The puzzle, transformed.
        puzzle: &'a Grid,
        /// The record's answer, transformed the same way (its `solution` column), if it had
        /// one.
        answer: Option<&'a Grid>,
        /// The copy's number.
        copy: u32,
        /// The transformation.
        transform: &'a Transform,
    },
}

impl<'a> Row<'a> {
    /// The row's value in `column`.
    #[inline]
    pub fn value(&self, column: OutputColumn) -> Value<'a> {
        use OutputColumn::*;
        let grid = |grid: &'a Option<Grid>| grid.as_ref().map_or(Value::Null, Value::Grid);
        let int = |n: Option<u64>| n.map_or(Value::Null, Value::Int);
        let rating = |tenths: Option<u8>| tenths.map_or(Value::Null, Value::Rating);
        // `Self::`, for `Row` here is the column, `OutputColumn::Row`.
        match *self {
            Self::Verdict { task, file, line, verdict } => match column {
                File => Value::Name(file),
                Line => Value::Int(line),
                Status => Value::Text(verdict.status(task)),
                Puzzle => match (&verdict.puzzle, verdict.sized.as_deref()) {
                    (None, Some(SizedVerdict { marks: Some(marks), .. })) => Value::Marks(marks),
                    (None, Some(sized)) => Value::Board(&sized.puzzle),
                    (puzzle, _) => grid(puzzle),
                },
                Size => match (verdict.sized.as_deref(), &verdict.puzzle) {
                    (Some(sized), _) => Value::Size(sized.puzzle.shape(), sized.marks.is_some()),
                    (None, Some(_)) => Value::Size(Shape::NINE, false),
                    (None, None) => Value::Null,
                },
                Solution => match verdict.sized.as_deref() {
                    Some(SizedVerdict { solution: Some(solution), .. }) => Value::Board(solution),
                    _ => grid(&verdict.solution),
                },
                Count => int(verdict.count.map(u64::from)),
                Limit => match (task, verdict.count) {
                    (Task::Count { limit }, Some(_)) => Value::Int(limit.into()),
                    (Task::Rate { .. } | Task::Explain { .. }, Some(_)) => Value::Int(2),
                    _ => Value::Null,
                },
                Rating => rating(verdict.rating.as_ref().and_then(|r| r.rating)),
                Ep => rating(verdict.rating.as_ref().and_then(|r| r.ep)),
                Ed => rating(verdict.rating.as_ref().and_then(|r| r.ed)),
                RatingAtLeast => match &verdict.rating {
                    Some(r) if r.capped.is_some() => rating(r.at_least),
                    _ => Value::Null,
                },
                Technique => match verdict.rating.as_ref().and_then(|r| r.technique_text()) {
                    Some(text) => Value::Text(text),
                    None => Value::Null,
                },
                StepCounts => verdict.rating.as_ref().map_or(Value::Null, Value::StepCounts),
                Steps => match (task, &verdict.rating) {
                    (Task::Explain { .. }, Some(_)) => Value::Steps(&verdict.steps),
                    _ => Value::Null,
                },
                Guesses => int(verdict.guesses),
                Canonical => verdict.canonical.as_ref().map_or(Value::Null, Value::Digits),
                Automorphisms => int(verdict.automorphisms),
                Copy | Transform | Row => Value::Null,
                Error => verdict.fault.as_ref().map_or(Value::Null, Value::Fault),
            },
            Self::Copy { task, file, line, puzzle, answer, copy, transform } => match column {
                File => Value::Name(file),
                Line => Value::Int(line),
                Status => Value::Text(task.success()),
                Puzzle => Value::Grid(puzzle),
                Size => Value::Size(Shape::NINE, false),
                Solution => answer.map_or(Value::Null, Value::Grid),
                Copy => Value::Int(copy.into()),
                Transform => Value::Transform(transform),
                _ => Value::Null,
            },
        }
    }
}

impl Value<'_> {
    /// Appends the value as text (a number in decimal); nothing for a null.
    #[inline]
    pub(crate) fn write_text(&self, out: &mut Vec<u8>) {
        match *self {
            Value::Null => {}
            Value::Int(n) => out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes()),
            Value::Text(text) => out.extend_from_slice(text.as_bytes()),
            Value::Name(name) => out.extend_from_slice(name.as_bytes()),
            Value::Grid(grid) => grid.write_line(out),
            Value::Board(board) => board.write_line(out),
            Value::Marks(marks) => marks.write_line(out),
            Value::Size(shape, marks) => {
                use std::io::Write as _;
                write!(out, "{shape}").expect("writing to a Vec");
                if marks {
                    out.extend_from_slice(b" pencilmarks");
                }
            }
            Value::Digits(grid) => out.extend(grid.cells().iter().map(|&v| b'0' + v)),
            Value::Fault(fault) => fault_text(out, fault),
            Value::Transform(transform) => {
                use std::io::Write as _;
                write!(out, "{transform}").expect("writing to a Vec");
            }
            Value::Rating(tenths) => super::steps::write_rating(out, tenths),
            Value::StepCounts(rating) => super::steps::write_counts(out, rating),
            Value::Steps(steps) => super::steps::write_steps(out, steps),
        }
    }
}

/// A failure's particulars, or its reason where there are none: its `error` column.
pub(crate) fn fault_text(out: &mut Vec<u8>, fault: &Fault) {
    use std::io::Write as _;
    match fault.detail {
        crate::verdict::Detail::None => out.extend_from_slice(fault.reason.name().as_bytes()),
        detail => write!(out, "{detail}").expect("writing to a Vec"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(columns: &[OutputColumn]) -> Vec<&'static str> {
        columns.iter().map(|c| c.name()).collect()
    }

    #[test]
    fn augment_copy_tables_have_pythons_columns() {
        let task = |with_transform| Task::Augment {
            copies: 2,
            seed: 0,
            include_original: false,
            with_transform,
        };
        let all = ["row", "copy", "puzzle", "solution", "transform", "status", "error"];
        assert_eq!(names(&task(true).copy_table_columns(true)), all);
        assert_eq!(
            names(&task(false).copy_table_columns(false)),
            ["row", "copy", "puzzle", "status", "error"]
        );
        assert_eq!(
            names(&task(true).copy_table_columns(false)),
            ["row", "copy", "puzzle", "transform", "status", "error"]
        );
        let nullable: Vec<bool> =
            task(true).copy_table_columns(true).iter().map(|c| c.nullable()).collect();
        assert_eq!(nullable, [true, true, true, true, true, false, true]);
        assert_eq!(OutputColumn::Row.data_type(), DataType::Int64);
    }

    #[test]
    fn a_copy_gives_its_answer_and_no_row() {
        let task =
            Task::Augment { copies: 1, seed: 0, include_original: true, with_transform: true };
        let (puzzle, answer, transform) = (Grid::EMPTY, Grid::EMPTY, Transform::IDENTITY);
        let row = |answer| Row::Copy {
            task,
            file: "a.txt",
            line: 3,
            puzzle: &puzzle,
            answer,
            copy: 0,
            transform: &transform,
        };
        assert!(matches!(row(Some(&answer)).value(OutputColumn::Solution), Value::Grid(_)));
        assert!(matches!(row(None).value(OutputColumn::Solution), Value::Null));
        assert!(matches!(row(None).value(OutputColumn::Row), Value::Null));
        assert!(matches!(row(None).value(OutputColumn::Status), Value::Text("augmented")));
    }

    #[test]
    fn several_inputs_put_file_first_and_one_input_has_no_file() {
        let task = Task::Count { limit: 2 };
        assert_eq!(
            names(&task.record_columns(true, false)),
            ["file", "line", "status", "puzzle", "count", "limit", "guesses", "error"]
        );
        assert!(!task.record_columns(false, false).contains(&OutputColumn::File));
        assert_eq!(
            names(&task.csv_columns(true, false, false)),
            ["file", "line", "puzzle", "status", "count", "guesses", "error"]
        );
        assert_eq!(
            names(&task.csv_columns(false, true, false)),
            ["line", "status", "count", "guesses", "error"]
        );
        assert!(!OutputColumn::File.nullable());
        assert_eq!(OutputColumn::File.data_type(), DataType::Utf8);
        let verdict = Verdict::new(None);
        let row = Row::Verdict { task, file: "a.txt", line: 1, verdict: &verdict };
        assert!(matches!(row.value(OutputColumn::File), Value::Name("a.txt")));
    }

    #[test]
    fn every_column_has_a_name_of_its_own_and_row_comes_last() {
        let mut all = names(&OutputColumn::ALL);
        assert_eq!(all.last(), Some(&"row"));
        all.sort_unstable();
        all.dedup();
        // One name is shared: `steps`, rate's counts and explain's list, never in one output.
        assert_eq!(all.len(), OutputColumn::ALL.len() - 1);
        let limits = crate::rate::Limits::default();
        for task in [Task::Rate { limits }, Task::Explain { limits }] {
            let mut ours = names(&task.record_columns(true, false));
            let n = ours.len();
            ours.sort_unstable();
            ours.dedup();
            assert_eq!(ours.len(), n, "{task:?}");
        }
    }

    #[test]
    fn the_size_column_is_asked_for_and_names_shapes_and_pencilmarks() {
        let task = Task::Solve;
        assert_eq!(
            names(&task.record_columns(false, true)),
            ["line", "status", "puzzle", "size", "solution", "guesses", "error"]
        );
        assert_eq!(
            names(&task.csv_columns(false, true, true)),
            ["line", "size", "status", "solution", "guesses", "error"]
        );
        // Python's tables: the CSV columns without `line` and `puzzle`.
        assert_eq!(
            names(&task.table_columns(true)),
            ["size", "status", "solution", "guesses", "error"]
        );
        assert_eq!(names(&task.table_columns(false)), ["status", "solution", "guesses", "error"]);
        let text = |value: Value<'_>| {
            let mut out = Vec::new();
            value.write_text(&mut out);
            String::from_utf8(out).unwrap()
        };
        assert_eq!(text(Value::Size(Shape::of_size(16).unwrap(), false)), "16x16");
        assert_eq!(text(Value::Size(Shape::new(3, 2).unwrap(), false)), "6x6 (boxes 3x2)");
        assert_eq!(text(Value::Size(Shape::NINE, true)), "9x9 pencilmarks");
        let verdict = Verdict::new(Some(Grid::EMPTY));
        let row = Row::Verdict { task, file: "", line: 1, verdict: &verdict };
        assert_eq!(text(row.value(OutputColumn::Size)), "9x9");
        let failed = Verdict::new(None);
        let row = Row::Verdict { task, file: "", line: 1, verdict: &failed };
        assert!(matches!(row.value(OutputColumn::Size), Value::Null));
    }
}
