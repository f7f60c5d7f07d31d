//! `sudoku_bulk._native`: the Rust half of the Python package `sudoku_bulk`.
//!
//! A thin layer over the library's public API, in the manner of h3ronpy and pyo3-polars: the
//! Python half (`sudoku_bulk/__init__.py`) turns whatever the user passed into something with
//! the Arrow PyCapsule interface, and this half reads it in place, judges it with
//! [`sudoku_bulk::batch::Batch`] with the GIL released, and hands back a `pyarrow.Table` built
//! in Rust and exported without copies.
//!
//! ```text
//!  Python objects ──► __init__.py ──► Arrow C data ──► input::Texts ──► engine (Batch, GIL off)
//!  (list, pandas,     (pa.array for     (read in place)                     │
//!   numpy, polars,     the non-Arrow                                        ▼
//!   pyarrow)           kinds)                   pyarrow.Table ◄── table::TableBuilder
//! ```
//!
//! - `input`: Arrow string and binary columns (any chunking, any of the seven byte types,
//!   nulls) read row by row where they lie.
//! - `table`: the output columns, built straight into Arrow buffers, one record batch per
//!   slice of rows.
//! - `engine`: thread counts (the library's limit, `OMP_NUM_THREADS`), Ctrl-C watched while a
//!   call runs, each pool thread building its own slices, and the guard that keeps a Rust
//!   panic from reaching Python as anything but a `RuntimeError`.
//! - `grids`: `solve_array`, numpy integer grids in and out.
//! - `cells`: numpy integer grids' dtypes, shapes (their size by the library's rule), `blank`
//!   and `offset`, checked and read
//!   the same way by `solve_array` and `apply_transform_array`.
//! - `equiv`: `canon`, `augment` and `apply_transform` (on text grids, and on numpy
//!   integer grids in and out), the canonical forms and transformations.
//! - `files`: `solve_file` and friends: keyword arguments to the library's `run::Options`.
//! - `generate`: puzzles from a seed, by the library's generator (the CLI's `generate`).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sudoku_bulk::rate::{Level, Limits};
use sudoku_bulk::{Reason, SolverKind, Task};

mod cells;
mod engine;
mod equiv;
mod files;
mod generate;
mod grids;
mod input;
mod stats;
mod table;

use engine::{judge_table, shape_arg, Options};
use input::Texts;

/// The status word for a row whose input was null.
pub(crate) const MISSING: &str = "missing";

/// The `error` of a row whose input was null.
pub(crate) const NULL_INPUT: &str = "null input";

/// `solve(puzzles, threads, solver, size, box, with_size)`: the first solution of each
/// puzzle, as a table (with the `size` column first if `with_size`).
#[pyfunction]
#[pyo3(signature = (
    puzzles, threads = None, solver = "band", size = None, r#box = None, with_size = false,
    progress = None
))]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    threads: Option<i64>,
    solver: &str,
    size: Option<usize>,
    r#box: Option<&Bound<'_, PyAny>>,
    with_size: bool,
    progress: Option<bool>,
) -> PyResult<Py<PyAny>> {
    let puzzles = Texts::extract(puzzles, "puzzles")?;
    let options = Options::new(Task::Solve, threads, solver)?
        .with_shape(shape_arg(size, r#box)?)
        .with_size_column(with_size)
        .with_progress(progress, puzzles.len());
    judge_table(py, options, puzzles, None)
}

/// `count(puzzles, limit, threads, solver, size, box, with_size)`: the solutions of each
/// puzzle, up to `limit`.
#[pyfunction]
#[pyo3(signature = (
    puzzles, limit = 2, threads = None, solver = "band", size = None, r#box = None,
    with_size = false, progress = None
))]
#[allow(clippy::too_many_arguments)]
fn count(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    limit: i64,
    threads: Option<i64>,
    solver: &str,
    size: Option<usize>,
    r#box: Option<&Bound<'_, PyAny>>,
    with_size: bool,
    progress: Option<bool>,
) -> PyResult<Py<PyAny>> {
    let limit = u32::try_from(limit).ok().filter(|&l| l >= 1).ok_or_else(|| {
        PyValueError::new_err(format!("limit: expected an int from 1 to {}, got {limit}", u32::MAX))
    })?;
    let puzzles = Texts::extract(puzzles, "puzzles")?;
    let options = Options::new(Task::Count { limit }, threads, solver)?
        .with_shape(shape_arg(size, r#box)?)
        .with_size_column(with_size)
        .with_progress(progress, puzzles.len());
    judge_table(py, options, puzzles, None)
}

/// `validate(puzzles, solutions, threads, solver, size, box, with_size)`: whether each puzzle
/// has exactly one solution, and its answer (where given) is that solution.
#[pyfunction]
#[pyo3(signature = (
    puzzles, solutions = None, threads = None, solver = "band", size = None, r#box = None,
    with_size = false, progress = None
))]
#[allow(clippy::too_many_arguments)]
fn validate(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    solutions: Option<&Bound<'_, PyAny>>,
    threads: Option<i64>,
    solver: &str,
    size: Option<usize>,
    r#box: Option<&Bound<'_, PyAny>>,
    with_size: bool,
    progress: Option<bool>,
) -> PyResult<Py<PyAny>> {
    let puzzles = Texts::extract(puzzles, "puzzles")?;
    let options = Options::new(Task::Validate, threads, solver)?
        .with_shape(shape_arg(size, r#box)?)
        .with_size_column(with_size)
        .with_progress(progress, puzzles.len());
    let answers = solutions.map(|s| Texts::extract(s, "solutions")).transpose()?;
    if let Some(answers) = &answers {
        if answers.len() != puzzles.len() {
            return Err(PyValueError::new_err(format!(
                "solutions: expected one per puzzle ({} rows), got {} rows",
                puzzles.len(),
                answers.len()
            )));
        }
    }
    judge_table(py, options, puzzles, answers)
}

/// The library's rating limits from `max_level` (a level's name, as the CLI's `--max-level`
/// takes it) and `max_work`; every rule and no budget where they are `None`.
pub(crate) fn limits(max_level: Option<&str>, max_work: Option<u64>) -> PyResult<Limits> {
    let max_level = max_level
        .map(|name| {
            Level::parse(name).map_err(|e| PyValueError::new_err(format!("max_level: {e}")))
        })
        .transpose()?;
    Ok(Limits::asked(max_level, max_work))
}

/// `rate(puzzles, threads, max_level, max_work)`: how hard each puzzle is for a person,
/// Sudoku Explainer's rating: ER, EP, ED, the hardest technique, steps by technique and count
/// of solutions.
#[pyfunction]
#[pyo3(signature = (
    puzzles, threads = None, *, max_level = None, max_work = None, progress = None
))]
fn rate(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    threads: Option<i64>,
    max_level: Option<&str>,
    max_work: Option<u64>,
    progress: Option<bool>,
) -> PyResult<Py<PyAny>> {
    let task = Task::Rate { limits: limits(max_level, max_work)? };
    let puzzles = Texts::extract(puzzles, "puzzles")?;
    let options = Options::new(task, threads, "band")?.with_progress(progress, puzzles.len());
    judge_table(py, options, puzzles, None)
}

/// `explain(puzzles, threads, max_level, max_work)`: `rate`'s columns with every step, in
/// order, instead of the steps by technique.
#[pyfunction]
#[pyo3(signature = (
    puzzles, threads = None, *, max_level = None, max_work = None, progress = None
))]
fn explain(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    threads: Option<i64>,
    max_level: Option<&str>,
    max_work: Option<u64>,
    progress: Option<bool>,
) -> PyResult<Py<PyAny>> {
    let task = Task::Explain { limits: limits(max_level, max_work)? };
    let puzzles = Texts::extract(puzzles, "puzzles")?;
    let options = Options::new(task, threads, "band")?.with_progress(progress, puzzles.len());
    judge_table(py, options, puzzles, None)
}

/// `_panic_in_pool()`: panics on a worker thread of a batch's pool, for the tests that check
/// that a panic comes back as a `RuntimeError` and leaves the module usable.
#[pyfunction]
fn _panic_in_pool(py: Python<'_>) -> PyResult<usize> {
    let options = Options::new(Task::Solve, Some(2), "band")?;
    let verdicts = engine::with_batch(py, options, 4096, |batch, _| {
        let empty: &[u8] = b"";
        batch.judge_by(4096, |i| {
            if i == 3000 {
                panic!("a panic for the tests")
            } else {
                (empty, sudoku_bulk::batch::Answer::None)
            }
        })
    })?;
    Ok(verdicts.len())
}

/// `output_names(ours, theirs)`: the names our columns take beside the input's columns
/// `theirs`, by the library's one rule (`sudoku_bulk::output_names`): never a name that equals
/// another, ignoring case, and never an input column's.
#[pyfunction]
fn output_names(ours: Vec<String>, theirs: Vec<String>) -> Vec<String> {
    let ours: Vec<&str> = ours.iter().map(String::as_str).collect();
    sudoku_bulk::output_names(&ours, &theirs)
}

/// The status codes of `solve_array`: 0 is `solved`, `1 + i` the `i`th reason of
/// [`Reason::ALL`].
fn status_codes(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let codes = PyDict::new(py);
    codes.set_item(0u8, Task::Solve.success())?;
    for reason in Reason::ALL {
        codes.set_item(grids::code(Some(reason)), reason.name())?;
    }
    Ok(codes)
}

/// The Python module `sudoku_bulk._native`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(validate, m)?)?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(grids::solve_array, m)?)?;
    m.add_function(wrap_pyfunction!(equiv::canon, m)?)?;
    m.add_function(wrap_pyfunction!(equiv::augment, m)?)?;
    m.add_function(wrap_pyfunction!(equiv::apply_transform, m)?)?;
    m.add_function(wrap_pyfunction!(equiv::apply_transform_array, m)?)?;
    m.add_function(wrap_pyfunction!(files::run_file, m)?)?;
    m.add_function(wrap_pyfunction!(stats::run_stats, m)?)?;
    m.add_function(wrap_pyfunction!(generate::generate, m)?)?;
    m.add_function(wrap_pyfunction!(engine::default_threads, m)?)?;
    m.add_function(wrap_pyfunction!(output_names, m)?)?;
    m.add_function(wrap_pyfunction!(_panic_in_pool, m)?)?;
    m.add("STATUS", status_codes(m.py())?)?;
    let solvers: Vec<&str> = SolverKind::ALL.iter().map(|s| s.name()).collect();
    m.add("SOLVERS", solvers)?;
    m.add("MISSING", MISSING)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
