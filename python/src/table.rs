//! The output table: verdicts written straight into Arrow buffers, one record batch per slice
//! of rows, exported to Python as a `pyarrow.Table` without copies.
//!
//! The columns are the contract of issue 16, the CLI's CSV columns without the input's:
//!
//! | task | columns |
//! |---|---|
//! | solve | status, solution, guesses, error |
//! | count | status, count, guesses, error |
//! | validate | status, error |
//!
//! `status` is the CLI's word ([`Verdict::status`]) or `missing` for a null input; `error` is
//! null for a row that passed and, as in the CLI's CSV output, for one that failed the
//! particulars ([`Fault::detail`]) or, where there are none, the reason again (`no solution`;
//! `null input` for a null).
//! Text columns are `string` (32-bit offsets): a batch holds a slice of at most
//! [`engine::SLICE`](crate::engine::SLICE) rows, far below the 2 GiB an offset can reach.

use std::io::Write as _;
use std::sync::Arc;

use arrow_array::{ArrayRef, Int64Array, RecordBatch, StringArray};
use arrow_buffer::{Buffer, NullBufferBuilder, OffsetBuffer, ScalarBuffer};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use sudoku_bulk::{Detail, Fault, Task, Verdict};

use crate::MISSING;

/// The `error` of a row whose input was null.
const MISSING_ERROR: &str = "null input";

/// The schema of `task`'s table.
pub(crate) fn schema(task: Task) -> SchemaRef {
    let text = |name| Field::new(name, DataType::Utf8, true);
    let int = |name| Field::new(name, DataType::Int64, true);
    let status = Field::new("status", DataType::Utf8, false);
    let fields = match task {
        Task::Solve => vec![status, text("solution"), int("guesses"), text("error")],
        Task::Count { .. } => vec![status, int("count"), int("guesses"), text("error")],
        // validate's columns; canon's and augment's tables are built in equiv.rs, dedup has none.
        Task::Validate | Task::Canon { .. } | Task::Dedup { .. } | Task::Augment { .. } => {
            vec![status, text("error")]
        }
    };
    Arc::new(Schema::new(fields))
}

/// A `string` column being built.
struct TextColumn {
    values: Vec<u8>,
    offsets: Vec<i32>,
    nulls: NullBufferBuilder,
}

impl TextColumn {
    fn new(rows: usize, bytes: usize) -> TextColumn {
        let mut offsets = Vec::with_capacity(rows + 1);
        offsets.push(0);
        TextColumn {
            values: Vec::with_capacity(bytes),
            offsets,
            nulls: NullBufferBuilder::new(rows),
        }
    }

    /// Ends a value whose bytes were appended to `values`.
    fn end_value(&mut self) {
        let end = i32::try_from(self.values.len()).expect("a slice's text stays below 2 GiB");
        self.offsets.push(end);
        self.nulls.append_non_null();
    }

    fn push(&mut self, text: &str) {
        self.values.extend_from_slice(text.as_bytes());
        self.end_value();
    }

    fn push_null(&mut self) {
        self.offsets.push(*self.offsets.last().expect("starts with 0"));
        self.nulls.append_null();
    }

    fn finish(mut self) -> ArrayRef {
        let offsets = OffsetBuffer::new(ScalarBuffer::from(self.offsets));
        // Every value was a Rust `&str` or ASCII digits, so this checks what cannot fail.
        Arc::new(StringArray::new(offsets, Buffer::from_vec(self.values), self.nulls.finish()))
    }
}

/// An `int64` column being built.
struct IntColumn {
    values: Vec<i64>,
    nulls: NullBufferBuilder,
}

impl IntColumn {
    fn new(rows: usize) -> IntColumn {
        IntColumn { values: Vec::with_capacity(rows), nulls: NullBufferBuilder::new(rows) }
    }

    fn push(&mut self, value: Option<i64>) {
        self.values.push(value.unwrap_or(0));
        match value {
            Some(_) => self.nulls.append_non_null(),
            None => self.nulls.append_null(),
        }
    }

    fn finish(mut self) -> ArrayRef {
        Arc::new(Int64Array::new(ScalarBuffer::from(self.values), self.nulls.finish()))
    }
}

/// One slice's columns, appended to a row at a time.
pub(crate) struct TableBuilder {
    task: Task,
    schema: SchemaRef,
    status: TextColumn,
    /// `solution` (solve only).
    solution: TextColumn,
    /// `count` (count only).
    count: IntColumn,
    guesses: IntColumn,
    error: TextColumn,
}

impl TableBuilder {
    /// A builder for `rows` rows of `task`'s table.
    pub(crate) fn new(task: Task, schema: SchemaRef, rows: usize) -> TableBuilder {
        let solving = matches!(task, Task::Solve);
        TableBuilder {
            task,
            schema,
            status: TextColumn::new(rows, rows * 8),
            solution: TextColumn::new(
                if solving { rows } else { 0 },
                if solving { rows * 81 } else { 0 },
            ),
            count: IntColumn::new(if matches!(task, Task::Count { .. }) { rows } else { 0 }),
            guesses: IntColumn::new(rows),
            error: TextColumn::new(rows, 0),
        }
    }

    /// A row for a puzzle's verdict.
    pub(crate) fn push(&mut self, verdict: &Verdict) {
        self.status.push(verdict.status(self.task));
        match self.task {
            Task::Solve => match verdict.solution {
                Some(solution) => {
                    solution.write_line(&mut self.solution.values);
                    self.solution.end_value();
                }
                None => self.solution.push_null(),
            },
            Task::Count { .. } => self.count.push(verdict.count.map(i64::from)),
            Task::Validate | Task::Canon { .. } | Task::Dedup { .. } | Task::Augment { .. } => {}
        }
        self.guesses.push(verdict.guesses.map(|g| i64::try_from(g).unwrap_or(i64::MAX)));
        match verdict.fault {
            None => self.error.push_null(),
            // As the CLI's `error` column: the particulars, or the reason where there are none.
            Some(Fault { reason, detail: Detail::None }) => self.error.push(reason.name()),
            Some(Fault { detail, .. }) => {
                write!(self.error.values, "{detail}").expect("writing to a Vec");
                self.error.end_value();
            }
        }
    }

    /// A row for a null input: status `missing`, error `null input`, the other columns null.
    pub(crate) fn push_missing(&mut self) {
        self.status.push(MISSING);
        match self.task {
            Task::Solve => self.solution.push_null(),
            Task::Count { .. } => self.count.push(None),
            Task::Validate | Task::Canon { .. } | Task::Dedup { .. } | Task::Augment { .. } => {}
        }
        self.guesses.push(None);
        self.error.push(MISSING_ERROR);
    }

    /// The slice as a record batch.
    pub(crate) fn finish(self) -> RecordBatch {
        let status = self.status.finish();
        let columns = match self.task {
            Task::Solve => {
                vec![status, self.solution.finish(), self.guesses.finish(), self.error.finish()]
            }
            Task::Count { .. } => {
                vec![status, self.count.finish(), self.guesses.finish(), self.error.finish()]
            }
            Task::Validate | Task::Canon { .. } | Task::Dedup { .. } | Task::Augment { .. } => {
                vec![status, self.error.finish()]
            }
        };
        RecordBatch::try_new(self.schema, columns).expect("the columns match the schema")
    }
}
