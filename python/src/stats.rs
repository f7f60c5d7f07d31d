//! `stats`: the library's `stats` run over files, or over puzzles held in Python (as one
//! input each side, `Source::from_puzzles`), returning the report as the dict its JSON is,
//! and its HTML page, which the Python object shows in a notebook.

use std::path::PathBuf;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sudoku_bulk::canon::Sameness;
use sudoku_bulk::pipeline::{FormatKind, FormatOptions};
use sudoku_bulk::run::{Options, Sink, Source, Summary, Work};

use crate::engine::{shape_arg, solver_kind, thread_count, watched};
use crate::files::{named, path_arg, run_error};

/// One side's inputs: files, or puzzles (and their answers) held in memory.
fn side(
    name: &str,
    files: Option<Vec<PathBuf>>,
    puzzles: Option<Vec<Option<String>>>,
    answers: Option<Vec<Option<String>>>,
) -> PyResult<(Vec<Source>, bool)> {
    match (files, puzzles) {
        (Some(_), Some(_)) => {
            Err(PyValueError::new_err(format!("{name}: files or puzzles, not both")))
        }
        (Some(files), None) => Ok((files.into_iter().map(Source::Path).collect(), false)),
        (None, Some(puzzles)) => {
            let puzzles: Vec<Option<&str>> = puzzles.iter().map(Option::as_deref).collect();
            let answers: Option<Vec<Option<&str>>> =
                answers.as_ref().map(|a| a.iter().map(Option::as_deref).collect());
            if answers.as_ref().is_some_and(|a| a.len() != puzzles.len()) {
                return Err(PyValueError::new_err(format!(
                    "{name}: {} puzzles but {} solutions",
                    puzzles.len(),
                    answers.map_or(0, |a| a.len())
                )));
            }
            let label = format!("<{name}>");
            Ok((vec![Source::from_puzzles(&label, &puzzles, answers.as_deref())], true))
        }
        (None, None) => Ok((Vec::new(), false)),
    }
}

/// `run_stats(...)`: the report of files or in-memory puzzles (and a test side), as
/// `(dict, html)`.
#[pyfunction]
#[pyo3(signature = (
    files = None, puzzles = None, solutions = None, test_files = None, test_puzzles = None,
    test_solutions = None, *, by = "class", rating = true, output = None, threads = None,
    solver = "band", format = "auto", puzzle_col = None, solution_col = None, size = None,
    r#box = None, mmap = false, report = None,
))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_stats<'py>(
    py: Python<'py>,
    files: Option<Vec<PathBuf>>,
    puzzles: Option<Vec<Option<String>>>,
    solutions: Option<Vec<Option<String>>>,
    test_files: Option<Vec<PathBuf>>,
    test_puzzles: Option<Vec<Option<String>>>,
    test_solutions: Option<Vec<Option<String>>>,
    by: &str,
    rating: bool,
    output: Option<&Bound<'py, PyAny>>,
    threads: Option<i64>,
    solver: &str,
    format: &str,
    puzzle_col: Option<&Bound<'py, PyAny>>,
    solution_col: Option<&Bound<'py, PyAny>>,
    size: Option<usize>,
    r#box: Option<&Bound<'py, PyAny>>,
    mmap: bool,
    report: Option<&Bound<'py, PyAny>>,
) -> PyResult<(Bound<'py, PyDict>, String)> {
    let (inputs, memory) = side("puzzles", files, puzzles, solutions)?;
    let (test, test_memory) = side("test puzzles", test_files, test_puzzles, test_solutions)?;
    if inputs.is_empty() {
        return Err(PyValueError::new_err("stats needs puzzles or files"));
    }
    if !test.is_empty() && memory != test_memory {
        return Err(PyValueError::new_err(
            "give both sides as files, or both as puzzles: they are read with one format",
        ));
    }
    let by = named::<Sameness>("by", by)?;
    let mut options = Options::new(Work::Stats { by, rating, test });
    options.inputs = inputs;
    options.output = path_arg(output)?.map_or(Sink::Discard, Sink::Path);
    options.report = path_arg(report)?.map_or(Sink::Discard, Sink::Path);
    let shape = shape_arg(size, r#box)?;
    options.format = match memory {
        true => Source::memory_format(shape),
        false => FormatOptions {
            kind: named::<FormatKind>("format", format)?,
            puzzle_column: crate::files::column(puzzle_col)?,
            answer_column: crate::files::column(solution_col)?,
            shape,
            ..FormatOptions::default()
        },
    };
    options.threads = Some(thread_count(threads)?);
    options.solver = solver_kind(solver)?;
    options.messages = false;
    options.mmap = mmap;
    let cancel = options.cancel.clone();
    let summary =
        watched(py, usize::MAX, &cancel, || sudoku_bulk::execute(&options).map_err(run_error))?;
    let Summary::Stats(report) = &summary else { unreachable!("stats summarises as stats") };
    let page = sudoku_bulk::stats::html::page(report);
    let json = py.import("json")?.call_method1("loads", (summary.to_json(),))?;
    Ok((json.cast_into::<PyDict>()?, page))
}
