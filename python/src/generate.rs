//! `generate`: proper, minimal puzzles of any size from a seed, made by the library's
//! generator ([`Puzzles`], from which the CLI's `generate` writes too), so that a seed gives
//! the CLI's puzzles, in its order, whatever the threads. The table's columns are the
//! library's list for what `generate` writes ([`Puzzles::columns`]: `puzzle`, and `solution`
//! if asked for), each value the library's ([`Made::value`](sudoku_bulk::generation::Made)),
//! built by its table builder; the seed goes in the schema's metadata (`seed`), so that a
//! call given none can be repeated, as the CLI prints the seed it drew.
//!
//! The work runs on a pool lent by the library, watched for Ctrl-C whatever the count (a
//! 25x25 puzzle can take seconds): a `KeyboardInterrupt` stops it between puzzles.

use std::collections::HashMap;
use std::sync::Arc;

use arrow_schema::Schema;
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3_arrow::PyTable;
use sudoku_bulk::generation::{fresh_seed, GenerateError, Puzzles};
use sudoku_bulk::run::{threads, Cancel};
use sudoku_bulk::table::OutputColumn;

use crate::engine::{shape_arg, thread_count, watched};
use crate::table::{schema_of, Slices, SLICE};

/// The key of the schema's metadata that holds the seed.
const SEED_KEY: &str = "seed";

/// `generate(count, seed, size, box, solutions, threads)`: `count` puzzles of the shape
/// `size` and `box` ask for (9x9 by default) from `seed` (a fresh one if `None`), as a table.
#[pyfunction]
#[pyo3(signature = (
    count, seed = None, size = None, r#box = None, solutions = false, threads = None
))]
pub(crate) fn generate(
    py: Python<'_>,
    count: i64,
    seed: Option<u64>,
    size: Option<usize>,
    r#box: Option<&Bound<'_, PyAny>>,
    solutions: bool,
    threads: Option<i64>,
) -> PyResult<Py<PyAny>> {
    let count = u64::try_from(count).map_err(|_| {
        PyValueError::new_err(format!("count: expected an int, 0 or more, got {count}"))
    })?;
    let puzzles = Puzzles::new(seed.unwrap_or_else(fresh_seed), shape_arg(size, r#box)?);
    let threads = thread_count(threads)?;
    let columns: Arc<[OutputColumn]> = Puzzles::columns(solutions).into();
    let metadata = HashMap::from([(SEED_KEY.to_string(), puzzles.seed.to_string())]);
    let schema = Arc::new(Schema::clone(&schema_of(&columns)).with_metadata(metadata));
    let cancel = Cancel::new();
    let token = cancel.clone();
    let work_schema = schema.clone();
    let batches = watched(py, usize::MAX, &cancel, move || {
        let pool = threads::lend(threads).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        let capacity = usize::try_from(count).unwrap_or(SLICE).min(SLICE);
        let mut table = Slices::new(work_schema, columns, capacity);
        puzzles
            .each_block(count, &pool, &token, |made| {
                for made in made {
                    table.push(|column| made.value(column));
                }
                Ok::<_, GenerateError>(())
            })
            .map_err(|error| match error {
                GenerateError::Interrupted { .. } => {
                    PyKeyboardInterrupt::new_err(error.to_string())
                }
                error => PyValueError::new_err(error.to_string()),
            })?;
        Ok(table.finish())
    })?;
    Ok(PyTable::try_new(batches, schema)?.into_pyarrow(py)?.unbind())
}
