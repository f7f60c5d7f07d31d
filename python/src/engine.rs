//! Running a batch from Python: how many threads, which thread pool, the GIL released for the
//! whole run, and no panic let through.
//!
//! - **Threads**: as asked; `None` means `OMP_NUM_THREADS` when it is set (Spark sets it for
//!   its Python workers to the task's cores), else every available core.
//! - **Pools**: a [`Batch`] owns a rayon pool, and starting one costs a thread spawn per
//!   thread, which a small call would feel. Batches are kept once used, keyed by task, solver
//!   and thread count, and lent to one call at a time: two Python threads calling at once
//!   each get their own pool, so neither waits for the other (a shared 1-thread pool would
//!   run them one after the other).
//! - **Slices**: rows are judged [`RUN`] at a time, so the verdicts in memory stay few
//!   whatever the input's size, and go into record batches of [`SLICE`] rows.
//! - **Panics**: a bug that panics in Rust comes back as a `RuntimeError`, not as pyo3's
//!   `PanicException` (a `BaseException` that `except Exception` would not catch).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Mutex;

use clap::ValueEnum;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3_arrow::PyTable;
use sudoku_bulk::batch::Batch;
use sudoku_bulk::{SolverKind, Task};

use crate::input::Texts;
use crate::table::{schema, TableBuilder};

/// Rows put in one record batch of the output.
pub(crate) const SLICE: usize = 1 << 16;

/// Rows judged at a time: few enough that their verdicts (some 200 bytes each) are still in
/// cache when the table is built from them, enough that the pool's hand-over is noise.
pub(crate) const RUN: usize = 1 << 11;

/// Batches kept for reuse once their call is over; the oldest go first.
const KEPT: usize = 8;

/// What a call asked for, checked.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Options {
    pub task: Task,
    pub solver: SolverKind,
    pub threads: usize,
}

impl Options {
    /// Checks a call's arguments: the solver's name and the thread count.
    pub(crate) fn new(task: Task, threads: Option<i64>, solver: &str) -> PyResult<Options> {
        Ok(Options { task, solver: solver_kind(solver)?, threads: thread_count(threads)? })
    }
}

/// A solver by name: `band` (or `fast`), `bitmask`, `dlx`, `naive`.
pub(crate) fn solver_kind(name: &str) -> PyResult<SolverKind> {
    SolverKind::from_str(name, false).map_err(|_| {
        let names: Vec<&str> = SolverKind::ALL.iter().map(|s| s.name()).collect();
        PyValueError::new_err(format!(
            "solver: expected one of {} ('fast' is another name for 'band'), got {name:?}",
            names.join(", ")
        ))
    })
}

/// The thread count for `threads=`: as asked (at least 1), or [`default_threads`].
pub(crate) fn thread_count(threads: Option<i64>) -> PyResult<usize> {
    match threads {
        None => Ok(default_threads()),
        Some(n) if n >= 1 => usize::try_from(n)
            .map_err(|_| PyValueError::new_err(format!("threads: too many ({n})"))),
        Some(n) => Err(PyValueError::new_err(format!("threads must be at least 1, got {n}"))),
    }
}

/// The threads a call uses when not told: `OMP_NUM_THREADS` when it holds a positive number
/// (its first, if it is a list such as `4,2`), else every available core.
#[pyfunction]
pub(crate) fn default_threads() -> usize {
    std::env::var("OMP_NUM_THREADS")
        .ok()
        .and_then(|v| v.split(',').next()?.trim().parse::<usize>().ok())
        .filter(|&n| n >= 1)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Batches not in use, with what they were made for.
static IDLE: Mutex<Vec<(Task, SolverKind, usize, Batch)>> = Mutex::new(Vec::new());

/// A batch for `options`: an idle one made for the same, or a new one.
fn lend(options: Options) -> PyResult<Batch> {
    let Options { task, solver, threads } = options;
    {
        let mut idle = IDLE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) =
            idle.iter().position(|(t, s, n, _)| (*t, *s, *n) == (task, solver, threads))
        {
            return Ok(idle.swap_remove(i).3);
        }
    }
    Batch::new(task, solver, Some(threads)).map_err(|e| PyRuntimeError::new_err(e.to_string()))
}

/// Takes back a batch lent by [`lend`] for the next call.
fn give_back(options: Options, batch: Batch) {
    let mut idle = IDLE.lock().unwrap_or_else(|e| e.into_inner());
    idle.push((options.task, options.solver, options.threads, batch));
    if idle.len() > KEPT {
        idle.remove(0);
    }
}

/// Runs `work` with a batch for `options`, with the GIL released, turning a panic into a
/// `RuntimeError`. `work` must not touch Python objects (the closure's bounds see to it).
pub(crate) fn with_batch<T: Send>(
    py: Python<'_>,
    options: Options,
    work: impl FnOnce(&Batch) -> T + Send,
) -> PyResult<T> {
    py.detach(|| {
        let batch = lend(options)?;
        let result = catch_unwind(AssertUnwindSafe(|| work(&batch)));
        match result {
            Ok(value) => {
                give_back(options, batch);
                Ok(value)
            }
            // The batch is dropped, not given back: a pool that saw a panic is not trusted.
            Err(panic) => Err(internal_error(panic)),
        }
    })
}

/// The `RuntimeError` for a panic's payload.
pub(crate) fn internal_error(panic: Box<dyn std::any::Any + Send>) -> PyErr {
    let message = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic".into());
    PyRuntimeError::new_err(format!(
        "sudoku_bulk: internal error (a bug, please report it): {message}"
    ))
}

/// Judges every row of `puzzles` (each with the same row of `answers`, if given) and returns
/// the task's table as a `pyarrow.Table`, one record batch per [`SLICE`] rows.
pub(crate) fn judge_table(
    py: Python<'_>,
    options: Options,
    puzzles: Texts,
    answers: Option<Texts>,
) -> PyResult<Py<PyAny>> {
    let schema = schema(options.task);
    let batches = with_batch(py, options, |batch| {
        let rows = puzzles.len();
        let mut batches = Vec::with_capacity(rows.div_ceil(SLICE));
        for start in (0..rows).step_by(SLICE) {
            let end = rows.min(start + SLICE);
            let mut table = TableBuilder::new(options.task, schema.clone(), end - start);
            for run in (start..end).step_by(RUN) {
                let len = RUN.min(end - run);
                let verdicts = batch.judge_by(len, |i| {
                    // A null puzzle is judged as an empty one, and its verdict set aside below.
                    let puzzle = puzzles.get(run + i).unwrap_or_default();
                    (puzzle, answers.as_ref().and_then(|a| a.get(run + i)))
                });
                for (i, verdict) in verdicts.iter().enumerate() {
                    match puzzles.is_null(run + i) {
                        false => table.push(verdict),
                        true => table.push_missing(),
                    }
                }
            }
            batches.push(table.finish());
        }
        batches
    })?;
    let table = PyTable::try_new(batches, schema)?;
    Ok(table.into_pyarrow(py)?.unbind())
}
