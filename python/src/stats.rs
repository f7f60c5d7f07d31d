//! `stats`: the library's `stats` run over files, or over puzzles held in Python (as one
//! input each side, `Source::from_puzzles`), returning the report as the dict its JSON is,
//! and its HTML page, which the Python object shows in a notebook.
//!
//! Puzzles in memory come as Arrow columns ([`Texts`]), read where they lie: the only copy is
//! the library's in-memory input. (They came as lists of `str`, each turned into a Rust
//! `String`: 1,000,000 puzzles grew the process by 438 MB, where the same rows from a CSV
//! file take 25 MB; issue 52, item 13.)

use std::borrow::Cow;
use std::path::PathBuf;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sudoku_bulk::canon::Sameness;
use sudoku_bulk::pipeline::{FormatKind, FormatOptions};
use sudoku_bulk::run::{Options, Sink, Source, Summary, Work};

use crate::engine::{shape_arg, solver_kind, thread_count, watched};
use crate::files::{named, path_arg, run_error};
use crate::input::Texts;

/// A column's rows as text: borrowed where they are UTF-8 (Arrow's strings always are), made
/// so with U+FFFD for bad bytes where a binary row is not.
fn rows(texts: &Texts) -> Vec<Option<Cow<'_, str>>> {
    (0..texts.len()).map(|row| texts.get(row).map(String::from_utf8_lossy)).collect()
}

/// One side's inputs: files, or puzzles (and their answers) held in memory.
fn side(
    name: &str,
    files: Option<Vec<PathBuf>>,
    puzzles: Option<&Bound<'_, PyAny>>,
    answers: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Vec<Source>, bool)> {
    match (files, puzzles) {
        (Some(_), Some(_)) => {
            Err(PyValueError::new_err(format!("{name}: files or puzzles, not both")))
        }
        (Some(files), None) => Ok((files.into_iter().map(Source::Path).collect(), false)),
        (None, Some(puzzles)) => {
            let puzzles = Texts::extract(puzzles, name)?;
            let answers = answers.map(|a| Texts::extract(a, &format!("{name} solutions")));
            let answers = answers.transpose()?;
            let (puzzles, answers) = (rows(&puzzles), answers.as_ref().map(rows));
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
    puzzles: Option<&Bound<'py, PyAny>>,
    solutions: Option<&Bound<'py, PyAny>>,
    test_files: Option<Vec<PathBuf>>,
    test_puzzles: Option<&Bound<'py, PyAny>>,
    test_solutions: Option<&Bound<'py, PyAny>>,
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
