//! `solve_file`, `count_file`, `validate_file`, `rate_file`, `explain_file`: the library's run
//! ([`sudoku_bulk::run`]), as the CLI calls it: the keyword arguments become one [`Options`]
//! value, and the library checks it, reads the file in any format the CLI reads, judges every
//! record on every core, writes one output record per input record in input order, and
//! returns the typed summary, which comes back as the dict the CLI's `--summary-json` writes.
//!
//! Every rule about outputs is the library's: the format follows the output's extension, an
//! output onto the input (through links too) or two outputs onto one path are refused, and a
//! regular file is staged beside its path and renamed over it when the run succeeds.
//!
//! Two things differ from the CLI, because a library in someone else's process must not take
//! over its signals: text files are read as streams unless `mmap=True` (a memory-mapped file
//! that shrinks while read raises SIGBUS, which the CLI catches and a Python process would die
//! of), and Ctrl-C reaches the run through its cancel token (see `engine::watched`).

use std::io;
use std::path::PathBuf;

use clap::ValueEnum;
use pyo3::exceptions::{PyKeyboardInterrupt, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sudoku_bulk::pipeline::{
    Column, FormatKind, FormatOptions, OutputFormat, ProgressMode, RunError,
};
use sudoku_bulk::run::{self, Options, Sink, Source, Work};
use sudoku_bulk::Task;

use crate::engine::{shape_arg, solver_kind, thread_count, watched};

/// A path argument as a Rust path (`str` or `os.PathLike`, or `None`).
pub(crate) fn path_arg(value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<PathBuf>> {
    value.filter(|v| !v.is_none()).map(|v| v.extract::<PathBuf>()).transpose()
}

/// A value of a clap-named enum of the library (`format`, `output_format`), by its name.
pub(crate) fn named<T: ValueEnum>(what: &str, name: &str) -> PyResult<T> {
    T::from_str(name, false).map_err(|_| {
        let names: Vec<String> = T::value_variants()
            .iter()
            .filter_map(|v| Some(v.to_possible_value()?.get_name().to_string()))
            .collect();
        PyValueError::new_err(format!("{what}: expected one of {}, got {name:?}", names.join(", ")))
    })
}

/// The error of a failed run, as the matching Python exception: `OSError` (its subclass for
/// the error's kind, `FileNotFoundError` say) for reading and writing, `KeyboardInterrupt`
/// after Ctrl-C, `ValueError` for what the options or the input's contents ask wrongly.
pub(crate) fn run_error(error: run::Error) -> PyErr {
    let os = |kind: io::ErrorKind, text: String| PyErr::from(io::Error::new(kind, text));
    // The error and its causes, as the CLI prints them: `in.csv: no column "x" in the header`.
    let text = error.message();
    match error {
        // An OSError of the cause's kind: `opening x: No such file or directory (os error 2)`.
        run::Error::Open { source, .. }
        | run::Error::Output { source, .. }
        | run::Error::Finish { source, .. }
        | run::Error::Run(RunError::Read { source, .. })
        | run::Error::Run(RunError::Write(source)) => os(source.kind(), text),
        run::Error::Interrupted { .. } => PyKeyboardInterrupt::new_err(text),
        _ => PyValueError::new_err(text),
    }
}

/// A column argument: a position from 1, or a header name, or `None`.
pub(crate) fn column(value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Column>> {
    let Some(value) = value.filter(|v| !v.is_none()) else { return Ok(None) };
    if let Ok(n) = value.extract::<usize>() {
        return Ok(Some(Column::Index(n)));
    }
    let name: String = value.extract()?;
    Ok(Some(Column::Name(name)))
}

/// `run_file(command, path, output, ...)`: runs `solve`, `count`, `validate`, `rate` or
/// `explain` over a file and returns the summary dict. The Python functions `solve_file`,
/// `count_file`, `validate_file`, `rate_file` and `explain_file` call this (`limit` is
/// `count`'s alone; `rate` and `explain` take the default solver, as the CLI's do).
#[pyfunction]
#[pyo3(signature = (
    command, path, output = None, *, limit = 2, threads = None, solver = "band",
    format = "auto", output_format = "auto", puzzle_col = None, solution_col = None,
    report = None, failures_only = false, mmap = false, messages = false, max_messages = None,
    progress = false, size = None, r#box = None, with_size = false, max_level = None,
    max_work = None,
))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn run_file<'py>(
    py: Python<'py>,
    command: &str,
    path: &Bound<'py, PyAny>,
    output: Option<&Bound<'py, PyAny>>,
    limit: i64,
    threads: Option<i64>,
    solver: &str,
    format: &str,
    output_format: &str,
    puzzle_col: Option<&Bound<'py, PyAny>>,
    solution_col: Option<&Bound<'py, PyAny>>,
    report: Option<&Bound<'py, PyAny>>,
    failures_only: bool,
    mmap: bool,
    messages: bool,
    max_messages: Option<u64>,
    progress: bool,
    size: Option<usize>,
    r#box: Option<&Bound<'py, PyAny>>,
    with_size: bool,
    max_level: Option<&str>,
    max_work: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    let task = match command {
        "solve" => Task::Solve,
        "count" => Task::Count {
            limit: u32::try_from(limit).ok().filter(|&l| l >= 1).ok_or_else(|| {
                PyValueError::new_err(format!("limit must be at least 1, got {limit}"))
            })?,
        },
        "validate" => Task::Validate,
        "rate" => Task::Rate { limits: crate::limits(max_level, max_work)? },
        "explain" => Task::Explain { limits: crate::limits(max_level, max_work)? },
        other => return Err(PyValueError::new_err(format!("unknown command {other:?}"))),
    };
    let path = path_arg(Some(path))?.ok_or_else(|| PyValueError::new_err("path is None"))?;
    let mut options = Options::new(Work::Task(task));
    options.inputs = vec![Source::Path(path)];
    options.output = path_arg(output)?.map_or(Sink::Discard, Sink::Path);
    options.output_format = named::<OutputFormat>("output_format", output_format)?;
    options.report = path_arg(report)?.map_or(Sink::Discard, Sink::Path);
    options.format = FormatOptions {
        kind: named::<FormatKind>("format", format)?,
        puzzle_column: column(puzzle_col)?,
        answer_column: column(solution_col)?,
        shape: shape_arg(size, r#box)?,
        ..FormatOptions::default()
    };
    options.threads = Some(thread_count(threads)?);
    options.solver = solver_kind(solver)?;
    options.progress = if progress { ProgressMode::Auto } else { ProgressMode::Never };
    options.failures_only = failures_only;
    options.messages = messages;
    options.max_messages = max_messages;
    options.mmap = mmap;
    options.size_column = with_size;
    let cancel = options.cancel.clone();
    // Watched whatever the file's size: it is not known before the run.
    let summary =
        watched(py, usize::MAX, &cancel, || sudoku_bulk::execute(&options).map_err(run_error))?;
    let json = py.import("json")?.call_method1("loads", (summary.to_json(),))?;
    Ok(json.cast_into::<PyDict>()?)
}
