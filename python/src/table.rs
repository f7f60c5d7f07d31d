//! The output table of `solve`, `count`, `validate`, `canon`, `rate` and `explain`: the
//! library's table builder ([`sudoku_bulk::table::TableBuilder`], which Parquet output uses
//! too), one record batch per slice of rows, exported to Python as a `pyarrow.Table` without
//! copies.
//!
//! The columns are the task's table columns in the library's one list
//! ([`Task::table_columns`]): its own between `status` and `error`, and `size` first where
//! the call asked for it (`with_size=True`), as in the CLI's CSV output (`--with-size`)
//! without the input's columns, `line` and `puzzle`:
//!
//! | task | columns |
//! |---|---|
//! | solve | status, solution, guesses, error |
//! | count | status, count, guesses, error |
//! | validate | status, error |
//! | rate | status, rating, ep, ed, rating_at_least, technique, steps, count, error |
//! | explain | status, rating, ep, ed, rating_at_least, technique, count, steps, error |
//!
//! `size` is the puzzle's size as the CLI's `--with-size` writes it (`16x16`, `6x6 (boxes
//! 3x2)`, `9x9 pencilmarks`; null for a row that is not a puzzle). `status` is the CLI's word
//! or `missing` for a null input; `error` is null for a row that
//! passed, the particulars (or the reason, where there are none) for one that failed, and
//! `null input` for a null. Text columns are `string` (32-bit offsets): a batch holds a slice
//! of at most [`SLICE`] rows, far below the 2 GiB an offset
//! can reach. `rating` is `double`; `rate`'s `steps` is a `map<string, int64>` (steps by
//! technique) and `explain`'s a list of structs (one a step), built by the library from the
//! JSON its other outputs write.

use std::sync::Arc;

use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;
use sudoku_bulk::table::{table_schema, OutputColumn, Row, Value};
use sudoku_bulk::{Task, Verdict};

use crate::{MISSING, NULL_INPUT};

/// Rows put in one record batch of the output, at most: the engine cuts its slices no longer,
/// and [`Slices`] ends one there.
pub(crate) const SLICE: usize = 1 << 16;

/// `task`'s table columns: (`size`, if asked for), `status`, its own, `error`.
fn columns(task: Task, size: bool) -> Arc<[OutputColumn]> {
    task.table_columns(size).into()
}

/// The schema of `task`'s table, with the `size` column if asked for.
pub(crate) fn schema(task: Task, size: bool) -> SchemaRef {
    schema_of(&columns(task, size))
}

/// The schema of a table of our `columns` alone, each under its own name (no input's columns
/// beside them to rename them): Python's tables.
pub(crate) fn schema_of(columns: &[OutputColumn]) -> SchemaRef {
    let names: Vec<String> = columns.iter().map(|c| c.name().to_string()).collect();
    Arc::new(table_schema(&[], columns, &names))
}

/// One slice's rows, a row at a time.
pub(crate) struct TableBuilder {
    task: Task,
    rows: sudoku_bulk::table::TableBuilder,
}

impl TableBuilder {
    /// A builder for `rows` rows of `task`'s table (with the `size` column if asked for),
    /// whose schema is `schema`.
    pub(crate) fn new(task: Task, size: bool, schema: SchemaRef, rows: usize) -> TableBuilder {
        let rows = sudoku_bulk::table::TableBuilder::new(schema, 0, columns(task, size), rows);
        TableBuilder { task, rows }
    }

    /// A row for a puzzle's verdict.
    pub(crate) fn push(&mut self, verdict: &Verdict) {
        // One input: the table has no `file` column.
        let row = Row::Verdict { task: self.task, file: "", line: 0, verdict };
        self.rows.push(std::iter::empty(), |column| row.value(column));
    }

    /// A row for a null input: status `missing`, error `null input`, the other columns null.
    pub(crate) fn push_missing(&mut self) {
        self.rows.push(std::iter::empty(), |column| match column {
            OutputColumn::Status => Value::Text(MISSING),
            OutputColumn::Error => Value::Text(NULL_INPUT),
            _ => Value::Null,
        });
    }

    /// The slice as a record batch.
    pub(crate) fn finish(mut self) -> RecordBatch {
        self.rows.finish().expect("our columns' values are of the schema's types")
    }
}

/// A table of our columns alone being built by the library's builder, a record batch every
/// [`SLICE`] rows, on one thread: `augment`'s and `generate`'s, whose rows are not one a
/// verdict.
pub(crate) struct Slices {
    table: sudoku_bulk::table::TableBuilder,
    batches: Vec<RecordBatch>,
}

impl Slices {
    /// A table of `columns`, whose schema is `schema` ([`schema_of`]), with room for about
    /// `rows` rows a slice.
    pub(crate) fn new(schema: SchemaRef, columns: Arc<[OutputColumn]>, rows: usize) -> Slices {
        let table = sudoku_bulk::table::TableBuilder::new(schema, 0, columns, rows);
        Slices { table, batches: Vec::new() }
    }

    /// Adds a row of our columns' values as `value` gives them, ending the slice if it is full.
    pub(crate) fn push<'v>(&mut self, value: impl Fn(OutputColumn) -> Value<'v>) {
        self.table.push(std::iter::empty(), value);
        if self.table.len() >= SLICE {
            self.end_slice();
        }
    }

    /// The rows since the last batch, as a batch.
    fn end_slice(&mut self) {
        let batch =
            self.table.finish().expect("our columns are text and integers, as the schema says");
        self.batches.push(batch);
    }

    /// The batches, the last slice's too (one empty batch for a table of no rows).
    pub(crate) fn finish(mut self) -> Vec<RecordBatch> {
        if !self.table.is_empty() || self.batches.is_empty() {
            self.end_slice();
        }
        self.batches
    }
}
