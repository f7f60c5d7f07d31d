//! Running work from Python: how many threads, the GIL released for the whole run, Ctrl-C
//! honoured while it runs, and no panic let through.
//!
//! - **Threads**: as asked; `None` means `OMP_NUM_THREADS` when it is set (Spark sets it for
//!   its Python workers to the task's cores), else every available core. The library checks
//!   the count against its one limit and lends a thread pool from its one cache
//!   (`sudoku_bulk::run::threads`), as it does for the CLI.
//! - **Ctrl-C**: a call on more than a few thousand rows, and every file run, works on a
//!   thread of its own while the calling thread checks Python's signals every
//!   [`POLL`]; a `KeyboardInterrupt` (or whatever a signal handler raised) cancels the work
//!   through its [`Cancel`] token, waits for it to stop (a file run removes its staged
//!   outputs) and is raised.
//! - **Slices**: rows are judged [`RUN`] at a time, so the verdicts in memory stay few
//!   whatever the input's size, and go into record batches of at most [`SLICE`] rows.
//! - **Progress**: `progress=` draws the CLI's bar on stderr ([`progress_mode`]), moved on
//!   as each slice is done.
//! - **Panics**: a bug that panics in Rust comes back as a `RuntimeError`, not as pyo3's
//!   `PanicException` (a `BaseException` that `except Exception` would not catch).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Mutex;
use std::time::Duration;

use clap::ValueEnum;
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3_arrow::PyTable;
use sudoku_bulk::batch::{Answer, Batch};
use sudoku_bulk::pipeline::{Progress, ProgressMode};
use sudoku_bulk::run::{threads, Cancel};
use sudoku_bulk::sized::{shape_asked, Shape};
use sudoku_bulk::{SolverKind, Task};

use crate::input::Texts;
use crate::table::{schema, TableBuilder, SLICE};

/// Rows judged at a time: few enough that their verdicts (some 200 bytes each) are still in
/// cache when the table is built from them, enough that the pool's hand-over is noise.
pub(crate) const RUN: usize = 1 << 11;

/// Rows in one slice of `explain`'s table, at most. A row's steps are some 20 kB of JSON
/// while its slice is built, and the slice's JSON text, a copy of it and the JSON reader's
/// tape are held at once when its nested column is made: slices of [`RUN`] rows took some
/// 150 MB a thread, and the allocator kept much of it (issue 52, item 13: 10,000 rows grew
/// the process by 347 MB for an 87 MB table). An explained row takes a millisecond or more,
/// so a slice of this many is still hundreds of milliseconds of work.
const EXPLAIN_SLICE: usize = 64;

/// How often a running call checks Python's signals.
pub(crate) const POLL: Duration = Duration::from_millis(50);

/// Rows below which a call runs on the calling thread, without watching for signals: it is
/// over in milliseconds, and a thread of its own would cost more than the work.
const WATCHED_FROM: usize = 1 << 13;

/// What a call asked for, checked.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Options {
    pub task: Task,
    pub solver: SolverKind,
    pub threads: usize,
    /// The shape every puzzle must have, if the call said (`size=`, `box=`).
    pub shape: Option<Shape>,
    /// Whether the table has the `size` column (`with_size=True`).
    pub size_column: bool,
    /// When to draw the progress bar ([`progress_mode`]).
    pub progress: ProgressMode,
}

impl Options {
    /// Checks a call's arguments: the solver's name and the thread count.
    pub(crate) fn new(task: Task, threads: Option<i64>, solver: &str) -> PyResult<Options> {
        let (solver, threads) = (solver_kind(solver)?, thread_count(threads)?);
        let progress = ProgressMode::Never;
        Ok(Options { task, solver, threads, shape: None, size_column: false, progress })
    }

    /// The same, reading every puzzle as a grid of `shape` if given ([`shape_arg`]).
    pub(crate) fn with_shape(self, shape: Option<Shape>) -> Options {
        Options { shape, ..self }
    }

    /// The same, its table with the `size` column if `size_column`.
    pub(crate) fn with_size_column(self, size_column: bool) -> Options {
        Options { size_column, ..self }
    }

    /// The same, drawing the progress bar as `progress=` asks ([`progress_mode`]).
    pub(crate) fn with_progress(self, progress: Option<bool>, rows: usize) -> Options {
        Options { progress: progress_mode(progress, rows), ..self }
    }
}

/// When an in-memory call draws the CLI's progress bar on stderr: `progress=True` always (a
/// bar on a terminal, else a plain line every few seconds and one at the end, which a
/// notebook shows), `False` never, and `None` (the default) where the CLI would draw it,
/// on a terminal, for a call long enough to want one (from [`WATCHED_FROM`] rows).
pub(crate) fn progress_mode(progress: Option<bool>, rows: usize) -> ProgressMode {
    match progress {
        Some(true) => ProgressMode::Always,
        Some(false) => ProgressMode::Never,
        None if rows >= WATCHED_FROM => ProgressMode::Auto,
        None => ProgressMode::Never,
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

/// The shape of grids a call asked for with `size=` and `box=`, by the library's rule for the
/// CLI's `--size N` and `--box RxC` ([`shape_asked`]): the size alone (its usual boxes), the
/// boxes alone (`"3x2"`, or a tuple `(3, 2)` of box rows and columns), or both, which must
/// agree. `None` when neither is given; a `ValueError` with the library's reason otherwise.
pub(crate) fn shape_arg(
    size: Option<usize>,
    boxes: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<Shape>> {
    let boxes = match boxes.filter(|b| !b.is_none()) {
        None => None,
        Some(b) => match b.extract::<(usize, usize)>() {
            Ok((rows, cols)) => Some(format!("{rows}x{cols}")),
            Err(_) => Some(b.extract::<String>().map_err(|_| {
                PyTypeError::new_err(format!(
                    "box: expected \"RxC\" (box rows x columns, \"3x2\") or a tuple (3, 2), got {}",
                    crate::input::type_name(b)
                ))
            })?),
        },
    };
    shape_asked(size, boxes.as_deref()).map_err(PyValueError::new_err)
}

/// The thread count for `threads=`: as asked (from 1 to the library's limit), or
/// [`default_threads`].
pub(crate) fn thread_count(threads: Option<i64>) -> PyResult<usize> {
    let asked = match threads {
        None => return Ok(default_threads()),
        Some(n) if n < 1 => {
            return Err(PyValueError::new_err(format!(
                "threads: expected an int, 1 or more, or None (the default), got {n}"
            )))
        }
        Some(n) => usize::try_from(n).unwrap_or(usize::MAX),
    };
    threads::resolve(Some(asked)).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The threads a call uses when not told: `OMP_NUM_THREADS` when it holds a positive number
/// (its first, if it is a list such as `4,2`; at most the library's limit), else every
/// available core.
#[pyfunction]
pub(crate) fn default_threads() -> usize {
    std::env::var("OMP_NUM_THREADS")
        .ok()
        .and_then(|v| v.split(',').next()?.trim().parse::<usize>().ok())
        .filter(|&n| n >= 1)
        .map_or_else(threads::cores, |n| n.min(threads::limit()))
}

/// The answer of row `row`, for a call given `answers` (or none): a null is a missing answer,
/// which is never valid.
pub(crate) fn answer_at(answers: Option<&Texts>, row: usize) -> Answer<'_> {
    match answers {
        None => Answer::None,
        Some(answers) => answers.get(row).map_or(Answer::Null, Answer::Text),
    }
}

/// Runs `work` with the GIL released, turning a panic into a `RuntimeError`; where `rows` is
/// large, on a thread of its own while this one watches for Ctrl-C (see the module
/// documentation). `work` is given the token it must check between slices of its rows.
pub(crate) fn watched<T: Send>(
    py: Python<'_>,
    rows: usize,
    cancel: &Cancel,
    work: impl FnOnce() -> PyResult<T> + Send,
) -> PyResult<T> {
    let guarded =
        move || catch_unwind(AssertUnwindSafe(work)).unwrap_or_else(|p| Err(internal_error(p)));
    if rows < WATCHED_FROM {
        return py.detach(guarded);
    }
    std::thread::scope(|scope| {
        let (done, result) = crossbeam_channel::bounded(1);
        scope.spawn(move || {
            let _ = done.send(guarded());
        });
        loop {
            match py.detach(|| result.recv_timeout(POLL)) {
                Ok(result) => return result,
                Err(crossbeam_channel::RecvTimeoutError::Timeout) => {
                    if let Err(raised) = py.check_signals() {
                        cancel.cancel(2); // SIGINT's number: what the run reports
                        let _ = py.detach(|| result.recv());
                        return Err(raised);
                    }
                }
                Err(crossbeam_channel::RecvTimeoutError::Disconnected) => {
                    return Err(PyRuntimeError::new_err("sudoku_bulk: the work thread ended"))
                }
            }
        }
    })
}

/// Runs `work` with a batch for `options` over `rows` rows (see [`watched`]). `work` gets the
/// batch and the cancel token, which it checks between slices; a cancelled call's result is
/// never seen (the interrupt is raised instead).
pub(crate) fn with_batch<T: Send>(
    py: Python<'_>,
    options: Options,
    rows: usize,
    work: impl FnOnce(&Batch, &Cancel) -> T + Send,
) -> PyResult<T> {
    let cancel = Cancel::new();
    let token = cancel.clone();
    watched(py, rows, &cancel, move || {
        let batch = Batch::new(options.task, options.solver, Some(options.threads))
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?
            .with_shape(options.shape);
        Ok(work(&batch, &token))
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

/// Rows in one record batch of a table for `rows` rows on `threads` threads: [`SLICE`] at
/// most, and few enough that every thread builds a few slices, [`RUN`] at least; for
/// `explain`, whose rows are large, [`EXPLAIN_SLICE`].
pub(crate) fn slice_rows(task: Task, rows: usize, threads: usize) -> usize {
    match task {
        Task::Explain { .. } => EXPLAIN_SLICE,
        _ => rows.div_ceil(threads.max(1) * 4).clamp(RUN, SLICE),
    }
}

/// The progress bar of a call on `total` rows, which the pool's threads move on as they
/// finish their slices (never back: slices end out of order).
struct Bar {
    bar: Progress,
    done: Mutex<u64>,
}

impl Bar {
    fn new(mode: ProgressMode, total: usize) -> Bar {
        Bar { bar: Progress::new(mode, Some(total as u64)), done: Mutex::new(0) }
    }

    /// `rows` more rows done.
    fn add(&self, rows: usize) {
        let mut done = self.done.lock().unwrap_or_else(|e| e.into_inner());
        *done += rows as u64;
        self.bar.update(*done, *done);
    }
}

impl Drop for Bar {
    fn drop(&mut self) {
        self.bar.finish();
    }
}

/// Judges every row of `puzzles` (each with the same row of `answers`, if given) and returns
/// the task's table as a `pyarrow.Table`. Each thread of the pool judges whole slices of rows
/// and builds their record batch itself, so nothing is left for one thread to do afterwards.
pub(crate) fn judge_table(
    py: Python<'_>,
    options: Options,
    puzzles: Texts,
    answers: Option<Texts>,
) -> PyResult<Py<PyAny>> {
    let schema = schema(options.task, options.size_column);
    let rows = puzzles.len();
    let slice = slice_rows(options.task, rows, options.threads);
    let batches = with_batch(py, options, rows, |batch, cancel| {
        let bar = Bar::new(options.progress, rows);
        batch.runs(rows, slice, |range, judge| {
            let mut table =
                TableBuilder::new(options.task, options.size_column, schema.clone(), range.len());
            let len = range.len();
            for row in range {
                if row % RUN == 0 && cancel.requested().is_some() {
                    break; // the call raises KeyboardInterrupt: this table is never seen
                }
                match puzzles.get(row) {
                    Some(puzzle) => {
                        table.push(&judge.text(puzzle, answer_at(answers.as_ref(), row)))
                    }
                    None => table.push_missing(),
                }
            }
            bar.add(len);
            table.finish()
        })
    })?;
    let table = PyTable::try_new(batches, schema)?;
    Ok(table.into_pyarrow(py)?.unbind())
}
