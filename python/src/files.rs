//! `solve_file`, `count_file`, `validate_file`: the library's file pipeline
//! ([`pipeline::run`]), which reads a file in any format the CLI reads, judges every record on
//! every core and writes one output record per input record, in input order, in bounded
//! memory. What the CLI's `--summary-json` writes comes back as a dict.
//!
//! As with the CLI, an output (or report) that is a regular file is written beside its path
//! and renamed over it once the run is over, so the path never holds a half-written file;
//! other paths (`/dev/null`, a pipe) are written in place.
//!
//! Two things differ from the CLI, because a library in someone else's process must not take
//! over its signals: the input is read as a stream unless `mmap=True` (a memory-mapped file
//! that shrinks while read raises SIGBUS, which the CLI catches and a Python process would die
//! of), and Ctrl-C takes effect when the run ends.

use std::fs::OpenOptions;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::ValueEnum;
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sudoku_bulk::pipeline::{
    self, Column, ColumnChoice, ColumnSource, FormatKind, FormatOptions, Input, OutputFormat,
    ProgressMode, Report, ReportFormat, RunError, Settings, Sinks,
};
use sudoku_bulk::{Reason, Task};
use tempfile::NamedTempFile;

use crate::engine::{internal_error, solver_kind, thread_count};

/// Where a run's output or report goes.
enum Destination {
    /// A temporary file beside the path, renamed over it at the end.
    Staged { file: NamedTempFile, path: PathBuf },
    /// Written in place (not a regular file), or nowhere.
    Direct,
}

impl Destination {
    /// Opens `path` for writing: staged if it is (or will be) a regular file.
    fn open(path: Option<&Path>) -> io::Result<(Box<dyn Write + Send>, Destination)> {
        let Some(path) = path else {
            return Ok((Box::new(io::sink()), Destination::Direct));
        };
        let regular = std::fs::metadata(path).map_or(true, |m| m.is_file());
        if !regular {
            let file = OpenOptions::new().write(true).open(path)?;
            return Ok((Box::new(file), Destination::Direct));
        }
        let dir = match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir,
            _ => Path::new("."),
        };
        let file = tempfile::Builder::new().prefix(".sudoku-bulk-").tempfile_in(dir)?;
        let writer = file.reopen()?;
        Ok((Box::new(writer), Destination::Staged { file, path: path.to_path_buf() }))
    }

    /// Puts the finished file in place.
    fn finish(self) -> io::Result<()> {
        match self {
            Destination::Staged { file, path } => {
                file.as_file().sync_data()?;
                file.persist(&path).map_err(|e| e.error)?;
                Ok(())
            }
            Destination::Direct => Ok(()),
        }
    }
}

/// A path argument as a Rust path (`str` or `os.PathLike`, or `None`).
fn path_arg(value: Option<&Bound<'_, PyAny>>) -> PyResult<Option<PathBuf>> {
    value.filter(|v| !v.is_none()).map(|v| v.extract::<PathBuf>()).transpose()
}

/// A value of a clap-named enum of the library (`format`, `output_format`), by its name.
fn named<T: ValueEnum>(what: &str, name: &str) -> PyResult<T> {
    T::from_str(name, false).map_err(|_| {
        let names: Vec<String> = T::value_variants()
            .iter()
            .filter_map(|v| Some(v.to_possible_value()?.get_name().to_string()))
            .collect();
        PyValueError::new_err(format!("{what}: expected one of {}, got {name:?}", names.join(", ")))
    })
}

/// The error for a failed run, as the matching Python exception.
fn run_error(error: RunError) -> PyErr {
    match error {
        RunError::Read { name, source } => {
            PyErr::from(io::Error::new(source.kind(), format!("reading {name}: {source}")))
        }
        RunError::Write(source) => {
            PyErr::from(io::Error::new(source.kind(), format!("writing output: {source}")))
        }
        RunError::Layout { name, source } => PyValueError::new_err(format!("{name}: {source}")),
        RunError::Interrupted(signal) => {
            PyOSError::new_err(format!("interrupted by signal {signal}"))
        }
        other => PyRuntimeError::new_err(other.to_string()),
    }
}

/// A solution count as the summary writes it: `2+` at the limit.
fn count_label(count: usize, limit: u32) -> String {
    let plus = if count as u64 >= u64::from(limit) { "+" } else { "" };
    format!("{count}{plus}")
}

/// The CSV columns a run read, as the summary gives them: `{"puzzle": {"column": 1, "name":
/// "quizzes", "chosen": "header"}, "solution": ..., "header_line": 1, "rows_read": 1000}`
/// (columns counted from 1; `name` None without a header; `solution` None without answers).
fn columns_dict<'py>(py: Python<'py>, columns: &ColumnChoice) -> PyResult<Bound<'py, PyDict>> {
    let column = |(i, name, source): &(usize, Option<String>, ColumnSource)| {
        let column = PyDict::new(py);
        column.set_item("column", i + 1)?;
        column.set_item("name", name.as_deref())?;
        let chosen = match source {
            ColumnSource::Given => "given",
            ColumnSource::Header => "header",
            ColumnSource::Content => "content",
        };
        column.set_item("chosen", chosen)?;
        PyResult::Ok(column)
    };
    let dict = PyDict::new(py);
    dict.set_item("puzzle", column(&columns.puzzle)?)?;
    dict.set_item("solution", columns.answer.as_ref().map(column).transpose()?)?;
    dict.set_item("header_line", columns.header_line)?;
    dict.set_item("rows_read", columns.rows_read)?;
    Ok(dict)
}

/// The run's summary, with the keys of the CLI's `--summary-json`.
fn summary<'py>(
    py: Python<'py>,
    task: Task,
    input: &str,
    run: &Report,
    seconds: f64,
    threads: usize,
) -> PyResult<Bound<'py, PyDict>> {
    let tally = &run.tally;
    let summary = PyDict::new(py);
    summary.set_item("command", task.name())?;
    summary.set_item("input", input)?;
    summary.set_item("records", tally.records)?;
    summary.set_item("ok", tally.ok)?;
    summary.set_item("failed", tally.failed)?;
    let reasons = PyDict::new(py);
    for reason in Reason::ALL {
        reasons.set_item(reason.name(), tally.reasons[reason.index()])?;
    }
    summary.set_item("reasons", reasons)?;
    if let Some(columns) = &run.columns {
        summary.set_item("columns", columns_dict(py, columns)?)?;
    }
    if let Task::Count { limit } = task {
        summary.set_item("limit", limit)?;
        // Only the counts that occur, as the CLI's --summary-json lists them.
        let solutions = PyDict::new(py);
        for k in 0..=limit as usize {
            if let Some(n) = tally.solutions.get(k).copied().filter(|&n| n > 0) {
                solutions.set_item(count_label(k, limit), n)?;
            }
        }
        summary.set_item("solutions", solutions)?;
    }
    summary.set_item("seconds", seconds)?;
    summary.set_item("records_per_second", tally.records as f64 / seconds.max(1e-9))?;
    summary.set_item("threads", threads)?;
    Ok(summary)
}

/// `run_file(command, path, output, ...)`: runs `solve`, `count` or `validate` over a file and
/// returns the summary dict. The Python functions `solve_file`, `count_file` and
/// `validate_file` call this.
#[pyfunction]
#[pyo3(signature = (
    command, path, output = None, *, limit = 2, threads = None, solver = "band",
    format = "auto", output_format = "auto", puzzle_col = None, solution_col = None,
    report = None, failures_only = false, mmap = false, messages = false, max_messages = None,
    progress = false,
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
) -> PyResult<Bound<'py, PyDict>> {
    let task = match command {
        "solve" => Task::Solve,
        "count" => Task::Count {
            limit: u32::try_from(limit).ok().filter(|&l| l >= 1).ok_or_else(|| {
                PyValueError::new_err(format!("limit must be at least 1, got {limit}"))
            })?,
        },
        "validate" => Task::Validate,
        other => return Err(PyValueError::new_err(format!("unknown command {other:?}"))),
    };
    let column = |value: Option<&Bound<'py, PyAny>>| -> PyResult<Option<Column>> {
        let Some(value) = value.filter(|v| !v.is_none()) else { return Ok(None) };
        if let Ok(n) = value.extract::<usize>() {
            return Ok(Some(Column::Index(n)));
        }
        let name: String = value.extract()?;
        Ok(Some(Column::Name(name)))
    };
    let output = path_arg(output)?;
    let report = path_arg(report)?;
    // As the CLI: with `output_format="auto"`, an output path's extension names its format.
    let output_format = match (named::<OutputFormat>("output_format", output_format)?, &output) {
        (OutputFormat::Auto, Some(path)) => OutputFormat::for_path(path)
            .map_err(|ext| {
                PyValueError::new_err(format!(
                    "output {}: .{ext} output is not written yet; use .csv, .jsonl or .txt (or \
                     output_format=)",
                    path.display()
                ))
            })?
            .unwrap_or(OutputFormat::Auto),
        (chosen, _) => chosen,
    };
    let report_format = match &report {
        Some(path) => Some(ReportFormat::for_path(path).ok_or_else(|| {
            PyValueError::new_err(format!(
                "report {}: a report is JSON Lines, one failed record a line; name it .jsonl or \
                 .ndjson (or .csv for CSV)",
                path.display()
            ))
        })?),
        None => None,
    };
    let settings = Settings {
        threads: thread_count(threads)?,
        solver: solver_kind(solver)?,
        format: FormatOptions {
            kind: named::<FormatKind>("format", format)?,
            puzzle_column: column(puzzle_col)?,
            answer_column: column(solution_col)?,
            ..FormatOptions::default()
        },
        output: output_format,
        progress: if progress { ProgressMode::Auto } else { ProgressMode::Never },
        failures_only,
        max_messages,
        ..Settings::default()
    };
    let path = path_arg(Some(path))?.ok_or_else(|| PyValueError::new_err("path is None"))?;

    let result = py.detach(|| -> PyResult<(String, Report, f64)> {
        let run = || -> PyResult<(String, Report, f64)> {
            let opening = |e: io::Error, p: &Path| {
                PyErr::from(io::Error::new(e.kind(), format!("{}: {e}", p.display())))
            };
            let input = Input::open(Some(&path), mmap).map_err(|e| opening(e, &path))?;
            let name = input.name().to_string();
            let (out, out_file) = Destination::open(output.as_deref())
                .map_err(|e| opening(e, output.as_deref().unwrap_or(Path::new("output"))))?;
            let (report_sink, report_file) = match (report.as_deref(), report_format) {
                (Some(p), Some(format)) => {
                    let (sink, file) = Destination::open(Some(p)).map_err(|e| opening(e, p))?;
                    (Some((sink, format)), Some(file))
                }
                _ => (None, None),
            };
            let quiet: Option<Box<dyn Write + Send>> =
                if messages { None } else { Some(Box::new(io::sink())) };
            let sinks = Sinks { output: out, report: report_sink, messages: quiet };
            let started = Instant::now();
            let run = pipeline::run(input, task, sinks, &settings).map_err(run_error)?;
            out_file.finish()?;
            if let Some(file) = report_file {
                file.finish()?;
            }
            Ok((name, run, started.elapsed().as_secs_f64()))
        };
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(run))
            .unwrap_or_else(|panic| Err(internal_error(panic)))
    });
    let (name, run, seconds) = result?;
    summary(py, task, &name, &run, seconds, settings.threads)
}
