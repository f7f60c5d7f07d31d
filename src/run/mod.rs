//! A run: one [`Options`] value in, every input read, every record judged, every output
//! written, one [`Summary`] out. The CLI and the Python binding build the options and call
//! [`run`]; every rule about inputs, outputs, formats, columns and summaries is here.
//!
//! ```
//! use sudoku_bulk::run::{self, Options, Sink, Source, Summary, Work};
//! use sudoku_bulk::Task;
//!
//! let dir = tempfile::tempdir().unwrap();
//! let puzzles = dir.path().join("puzzles.txt");
//! std::fs::write(
//!     &puzzles,
//!     ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.\n",
//! )
//! .unwrap();
//! let mut options = Options::new(Work::Task(Task::Validate));
//! options.inputs = vec![Source::Path(puzzles.clone())];
//! options.output = Sink::Path(dir.path().join("verdicts.csv")); // CSV, from the extension
//! let Summary::Records(summary) = run::run(&options).unwrap() else { unreachable!() };
//! assert_eq!((summary.tally.records, summary.tally.ok), (1, 1));
//!
//! // An output onto an input is refused before anything is read or written.
//! options.output = Sink::Path(puzzles);
//! assert!(run::run(&options).unwrap_err().to_string().contains("is the input file"));
//! ```
//!
//! The run checks the whole of its options first ([`plan`]): every input can be opened,
//! the outputs' formats follow from their names, no output is an input (by inode, through
//! links) and no two outputs are one file, the thread count is within the limit. Only then
//! does it read: each input in turn through the [`pipeline`], which writes its records in
//! input order to the outputs; regular files are staged and renamed into place once the run
//! has succeeded.

mod cancel;
pub(crate) mod dest;
mod options;
pub mod pipeline;
pub(crate) mod plan;
pub mod summary;
pub mod threads;

use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use arrow_schema::{DataType, Field};

pub use cancel::Cancel;
pub use options::{Options, Sink, Source, Work};
pub use summary::Summary;

use crate::arrow_io::{output_schema, table_fields, ParquetWriter};
use crate::output::OutputFormat;
use crate::verdict::Task;
use dest::Shared;
use pipeline::{Input, RunError, Settings, Sinks};
use plan::Plan;
use summary::RecordsSummary;

/// Why a run could not be done, or stopped.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The options ask for something that cannot be done; nothing was read or written.
    #[error("{0}")]
    Refused(String),
    /// An input could not be opened.
    #[error("opening {name}: {source}")]
    Open {
        /// The input's name.
        name: String,
        /// Why.
        source: io::Error,
    },
    /// An output could not be opened.
    #[error("opening {} for writing: {source}", path.display())]
    Output {
        /// Its path.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// A staged output could not be put in place.
    #[error("renaming output to {}: {source}", path.display())]
    Finish {
        /// Its path.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The thread count is refused, or the threads could not start.
    #[error(transparent)]
    Threads(#[from] threads::ThreadsError),
    /// Reading, judging or writing failed.
    #[error(transparent)]
    Run(#[from] RunError),
    /// A cancel request stopped the run; staged outputs were removed, and `kept` names the
    /// output path left as it was, if it is a file.
    #[error("interrupted by signal {signal}")]
    Interrupted {
        /// The signal (or the number the canceller gave).
        signal: i32,
        /// The output path left untouched.
        kept: Option<PathBuf>,
    },
}

impl Error {
    /// Whether it comes from writing to a pipe whose reader has closed it (`| head`).
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Run(RunError::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe)
    }
}

/// Runs `options` to the end: see the [module documentation](self).
pub fn run(options: &Options) -> Result<Summary, Error> {
    let plan = Plan::new(options)?;
    let kept = plan.output_file.staged_path().map(|p| p.to_path_buf());
    let interrupted = |error: Error| match error {
        Error::Run(RunError::Interrupted(signal)) => Error::Interrupted { signal, kept },
        other => other,
    };
    let started = Instant::now();
    let summary = match &options.work {
        Work::Task(task) => run_task(options, *task, plan, started),
        Work::Overlap { by, .. } => crate::commands::overlap::run(options, *by, plan, started),
    };
    summary.map_err(interrupted)
}

/// Runs a task over every input, one after another, into one output.
fn run_task(options: &Options, task: Task, plan: Plan, started: Instant) -> Result<Summary, Error> {
    let Plan { inputs, output, output_file, output_format, report, summary_json, threads, .. } =
        plan;
    let mut settings = plan::settings(options, threads, output_format);
    settings.expansion = task.expansion();
    let report_format = report.as_ref().map(|r| r.format);
    let report_out = report.as_ref().map(|r| r.writer.clone());

    // A Parquet output's schema is the first input's columns and ours, known before any row;
    // each input writes through a handle on it, and its footer is written once they are over.
    let (parquet, shared) = match settings.output {
        OutputFormat::Parquet => {
            let writer = parquet_writer(&inputs[0], &settings, task, output)?;
            (Some(Shared::new(writer)), None)
        }
        _ => (None, Some(Shared::new(output))),
    };
    let output_for = || -> Box<dyn Write + Send> {
        match (&parquet, &shared) {
            (Some(parquet), _) => Box::new(parquet.clone()),
            (None, Some(shared)) => Box::new(shared.clone()),
            (None, None) => unreachable!("one of the two"),
        }
    };

    // For dedup: every record seen so far, over all the inputs.
    let mut seen =
        matches!(task, Task::Dedup { .. }).then(|| crate::dedup::Seen::new(report_format));
    let mut runs = Vec::new();
    // Several inputs are written one after another in the first one's output format, under
    // its CSV header or Parquet schema; so their output columns must be the first one's.
    let mut first_columns: Option<Option<Vec<String>>> = None;
    for (file, source) in inputs.iter().enumerate() {
        let input = plan::open(source, options.mmap)?;
        let name = input.name().to_string();
        let sinks = Sinks {
            output: output_for(),
            report: report_out.clone().zip(report_format).map(|(r, f)| (Box::new(r) as _, f)),
            messages: (!options.messages).then(|| Box::new(io::sink()) as _),
        };
        if let Some(seen) = &mut seen {
            seen.begin_file(&name);
        }
        let first = first_columns.clone().flatten();
        let check = |encoder: &crate::output::Encoder| match (&first, plan::columns_of(encoder)) {
            (Some(first), Some(these)) if &these != first => Err(RunError::OutputColumns {
                name: name.clone(),
                these: these.join(","),
                first: first.join(","),
                format: encoder.output(),
            }),
            _ => Ok(()),
        };
        let run =
            pipeline::run_seen(input, task, sinks, &settings, seen.as_mut(), file as u64, &check)?;
        if first_columns.is_none() {
            settings.output = settings.output.resolve(run.format);
            settings.headers = false;
            let encoder = crate::output::Encoder::new(
                task,
                run.format,
                run.columns.as_ref(),
                settings.output,
                None,
            );
            first_columns = Some(plan::columns_of(&encoder));
        }
        runs.push((name, run.tally, run.columns));
    }
    if let Some(parquet) = &parquet {
        parquet.with(|writer| writer.finish()).map_err(RunError::Write)?;
    }
    drop((parquet, shared));
    output_file.finish()?;
    if let Some(report) = report {
        drop(report.writer);
        report.file.finish()?;
    }
    let summary = Summary::Records(RecordsSummary::new(
        task,
        runs,
        started.elapsed().as_secs_f64(),
        settings.threads,
    ));
    plan::write_summary(summary_json, &summary)?;
    Ok(summary)
}

/// The Parquet writer of a run whose first input is `first`: its schema is that input's
/// columns (with their types, for a Parquet or Arrow input; as text for a CSV one) and ours.
fn parquet_writer(
    first: &Source,
    settings: &Settings,
    task: Task,
    output: Box<dyn Write + Send>,
) -> Result<ParquetWriter, Error> {
    let input = plan::open(first, true)?;
    let types = match &input {
        Input::Table(table) => Some(
            table_fields(&table.path, table.kind).map_err(|e| RunError::Table(e.to_string()))?,
        ),
        _ => None,
    };
    let (format, columns) = pipeline::detect(input, settings)?;
    let encoder =
        crate::output::Encoder::new(task, format, columns.as_ref(), settings.output, None);
    let keys = plan::columns_of(&encoder).unwrap_or_default();
    let text = |name: &String| Arc::new(Field::new(name, DataType::Utf8, true));
    let input_fields = types.unwrap_or_else(|| {
        columns.as_ref().map_or_else(Vec::new, |c| c.names.iter().map(text).collect())
    });
    ParquetWriter::new(output, output_schema(&keys, &input_fields))
        .map_err(|e| Error::Run(RunError::Write(e)))
}
