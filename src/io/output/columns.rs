//! Our output columns, defined once: each column's name and Arrow type, each task's columns,
//! and each column's value for a record. The CSV header, the JSON Lines keys, the Parquet
//! schema and Python's tables are all made from these lists, and JSON Lines, Parquet and
//! Python's tables take their values from [`Row::value`].

use arrow_schema::DataType;

use crate::canon::{Sameness, Transform};
use crate::grid::Grid;
use crate::verdict::{Fault, Task, Verdict};

/// One of our columns (a JSON Lines key), beside the input's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputColumn {
    /// The record's line (its first line, for a grid), counted from 1.
    Line,
    /// The puzzle as it was read, as an 81-character line (`.` for a blank).
    Puzzle,
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
    /// A failed record's particulars (or its reason, where there are none).
    Error,
}

impl OutputColumn {
    /// Every column, in the order [`output_names`](super::output_names) renames them in.
    pub const ALL: [OutputColumn; 12] = [
        OutputColumn::Line,
        OutputColumn::Puzzle,
        OutputColumn::Status,
        OutputColumn::Solution,
        OutputColumn::Count,
        OutputColumn::Limit,
        OutputColumn::Guesses,
        OutputColumn::Canonical,
        OutputColumn::Automorphisms,
        OutputColumn::Copy,
        OutputColumn::Transform,
        OutputColumn::Error,
    ];

    /// Its name, before [`output_names`](super::output_names) renames it beside the input's.
    pub fn name(self) -> &'static str {
        match self {
            OutputColumn::Line => "line",
            OutputColumn::Puzzle => "puzzle",
            OutputColumn::Status => "status",
            OutputColumn::Solution => "solution",
            OutputColumn::Count => "count",
            OutputColumn::Limit => "limit",
            OutputColumn::Guesses => "guesses",
            OutputColumn::Canonical => "canonical",
            OutputColumn::Automorphisms => "automorphisms",
            OutputColumn::Copy => "copy",
            OutputColumn::Transform => "transform",
            OutputColumn::Error => "error",
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
            | OutputColumn::Copy => DataType::Int64,
            OutputColumn::Puzzle
            | OutputColumn::Status
            | OutputColumn::Solution
            | OutputColumn::Canonical
            | OutputColumn::Transform
            | OutputColumn::Error => DataType::Utf8,
        }
    }

    /// Whether a row can lack it: every record has a line and a status.
    pub fn nullable(self) -> bool {
        !matches!(self, OutputColumn::Line | OutputColumn::Status)
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
            Task::Validate => TaskColumns { records: &[Guesses], tables: &[] },
            Task::Canon { automorphisms: false, .. } => same(&[Canonical]),
            Task::Canon { automorphisms: true, .. } => same(&[Canonical, Automorphisms]),
            Task::Dedup { by: Sameness::Exact } => same(&[]),
            Task::Dedup { by: Sameness::Class } => same(&[Canonical]),
            Task::Augment { with_transform: false, .. } => same(&[Copy]),
            Task::Augment { with_transform: true, .. } => same(&[Copy, Transform]),
        }
    }

    /// The columns of a table of its verdicts (Python's tables; CSV output puts `line`, and
    /// `puzzle` for inputs that are not CSV, before them): `status`, its own, `error`.
    pub fn table_columns(self) -> Vec<OutputColumn> {
        let mut columns = vec![OutputColumn::Status];
        columns.extend(self.output_columns().tables);
        columns.push(OutputColumn::Error);
        columns
    }

    /// The columns of its records (JSON Lines, Parquet): `line`, `status`, `puzzle`, its own,
    /// `error`.
    pub fn record_columns(self) -> Vec<OutputColumn> {
        let mut columns = vec![OutputColumn::Line, OutputColumn::Status, OutputColumn::Puzzle];
        columns.extend(self.output_columns().records);
        columns.push(OutputColumn::Error);
        columns
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
    /// A grid as its 81-character line, `.` for a blank.
    Grid(&'a Grid),
    /// A grid as its 81 digits, `0` for a blank (a canonical form).
    Digits(&'a Grid),
    /// A failure's particulars, or its reason where there are none.
    Fault(&'a Fault),
    /// A transformation.
    Transform(&'a Transform),
}

/// One output row's values: a record's verdict, or one of `augment`'s copies.
#[derive(Debug, Clone, Copy)]
pub enum Row<'a> {
    /// A record and what the task concluded.
    Verdict {
        /// The task.
        task: Task,
        /// The record's line.
        line: u64,
        /// Its verdict.
        verdict: &'a Verdict,
    },
    /// A copy of a record that `augment` made.
    Copy {
        /// The task (an `augment`).
        task: Task,
        /// The record's line.
        line: u64,
        /// The puzzle, transformed.
        puzzle: &'a Grid,
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
        match *self {
            Row::Verdict { task, line, verdict } => match column {
                Line => Value::Int(line),
                Status => Value::Text(verdict.status(task)),
                Puzzle => grid(&verdict.puzzle),
                Solution => grid(&verdict.solution),
                Count => int(verdict.count.map(u64::from)),
                Limit => match (task, verdict.count) {
                    (Task::Count { limit }, Some(_)) => Value::Int(limit.into()),
                    _ => Value::Null,
                },
                Guesses => int(verdict.guesses),
                Canonical => verdict.canonical.as_ref().map_or(Value::Null, Value::Digits),
                Automorphisms => int(verdict.automorphisms),
                Copy | Transform => Value::Null,
                Error => verdict.fault.as_ref().map_or(Value::Null, Value::Fault),
            },
            Row::Copy { task, line, puzzle, copy, transform } => match column {
                Line => Value::Int(line),
                Status => Value::Text(task.success()),
                Puzzle => Value::Grid(puzzle),
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
            Value::Grid(grid) => grid.write_line(out),
            Value::Digits(grid) => out.extend(grid.cells().iter().map(|&v| b'0' + v)),
            Value::Fault(fault) => fault_text(out, fault),
            Value::Transform(transform) => {
                use std::io::Write as _;
                write!(out, "{transform}").expect("writing to a Vec");
            }
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
