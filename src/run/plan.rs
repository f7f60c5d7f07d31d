//! A run's options checked whole, before any work: the inputs opened, the outputs' formats
//! worked out from their names, the outputs kept off the inputs and off each other, the
//! thread count checked, and the outputs opened (staged where they are files).

use std::io::{self, IsTerminal, Write};
use std::path::Path;

use super::dest::{self, Destination, Shared};
use super::error::Error;
use super::options::{Options, Sink, Source, Work};
use super::pipeline::{Input, OnTerminal, Settings};
use super::summary::Summary;
use super::threads;
use crate::io::output::{Encoder, OutputFormat, OutputName, ReportFormat};
use crate::verdict::Task;

/// The most inputs `dedup` and `overlap` tell apart (the set packs a record's file index in 16
/// bits beside its line).
pub(crate) const MAX_SEEN_FILES: usize = 1 << 16;

/// A run's options, checked, with its outputs open.
pub(crate) struct Plan {
    /// The inputs (the training side, for `overlap`), each opened once to check it.
    pub inputs: Vec<Source>,
    /// `overlap`'s test side, likewise.
    pub test: Vec<Source>,
    /// The output records' writer.
    pub output: Box<dyn Write + Send>,
    /// Where it goes, to be finished once the run is over.
    pub output_file: Destination,
    /// The output format: from the options, or the output's extension; `Auto` still where
    /// neither says (the first input's kind decides).
    pub output_format: OutputFormat,
    /// The report of failed records, if asked for.
    pub report: Option<ReportPlan>,
    /// The summary's writer and destination, if asked for.
    pub summary_json: Option<(Box<dyn Write + Send>, Destination)>,
    /// Worker threads, checked.
    pub threads: usize,
}

/// Where the report of failed records goes.
pub(crate) struct ReportPlan {
    /// Its writer, shared by the runs over each input.
    pub writer: Shared<Box<dyn Write + Send>>,
    /// Where it goes.
    pub file: Destination,
    /// Its format, from its name.
    pub format: ReportFormat,
}

impl Plan {
    /// Checks `options` and opens the outputs (see the module documentation).
    pub fn new(options: &Options) -> Result<Plan, Error> {
        let refuse = |text: String| Err(Error::Refused(text));
        let inputs = match options.inputs.is_empty() {
            true => vec![Source::Stdin],
            false => options.inputs.clone(),
        };
        let test = match &options.work {
            Work::Overlap { test, .. } if test.is_empty() => {
                return refuse("overlap needs test files".into())
            }
            Work::Overlap { test, .. } | Work::Stats { test, .. } => test.clone(),
            Work::Task(_) => Vec::new(),
        };
        let every = || inputs.iter().chain(&test);
        if every().filter(|s| **s == Source::Stdin).count() > 1 {
            return refuse("stdin (-) can be read only once".into());
        }
        let seen = matches!(options.work, Work::Task(Task::Dedup { .. }) | Work::Overlap { .. });
        if seen && every().count() > MAX_SEEN_FILES {
            let name = options.work.name();
            return refuse(format!("{name} reads at most {MAX_SEEN_FILES} files in one run"));
        }
        if let Work::Stats { test, .. } = &options.work {
            // A report, not records: the options about records written do not apply.
            if options.failures_only {
                return refuse(
                    "stats writes a report, not records: --failures-only does not apply \
                     (--report writes the failed records)"
                        .into(),
                );
            }
            if options.size_column {
                return refuse(
                    "stats writes a report, not records: --with-size does not apply (the report \
                     counts the sizes)"
                        .into(),
                );
            }
            if !test.is_empty() && options.inputs.is_empty() && io::stdin().is_terminal() {
                return refuse(
                    "stats --test needs the training side: give its files before --test \
                     (`stats TRAIN... --test TEST...`), or - to read it from a pipe"
                        .into(),
                );
            }
        }
        if matches!(options.work, Work::Task(Task::Dedup { .. })) && options.failures_only {
            return refuse(
                "writing only the failures does not apply to dedup, which writes the records it \
                 keeps"
                    .into(),
            );
        }
        let threads = threads::resolve(options.threads)?;
        let output_format = output_format(options)?;
        let report_format = match &options.report {
            Sink::Discard => None,
            Sink::Stdout => Some(ReportFormat::Csv),
            Sink::Path(path) => match ReportFormat::for_path(path) {
                Some(format) => Some(format),
                None => {
                    return refuse(format!(
                        "report {}: a report is JSON Lines, one failed record a line, or CSV \
                         or TSV; name it .jsonl or .ndjson (or .csv, .tsv), compressed or not \
                         (.gz, .zst, .xz, .bz2)",
                        path.display()
                    ))
                }
            },
        };
        if output_format == OutputFormat::Parquet && inputs[0] == Source::Stdin {
            return refuse("Parquet output needs its first input to be a file, not stdin".into());
        }
        let outputs = [
            ("output", &options.output),
            ("report", &options.report),
            ("summary", &options.summary_json),
        ];
        for (i, (what, sink)) in outputs.iter().enumerate() {
            let Some(path) = sink.path() else { continue };
            if let Some(input) = every().filter_map(Source::path).find(|i| dest::same_file(path, i))
            {
                return refuse(format!(
                    "{what} {} is the input file {}: writing there would replace the puzzles \
                     before they are read; choose another path",
                    path.display(),
                    input.display()
                ));
            }
            for (other, sink) in &outputs[i + 1..] {
                if sink.path().is_some_and(|other| dest::same_file(path, other)) {
                    return refuse(format!(
                        "the {what} and the {other} are one file, {}: give each its own path",
                        path.display()
                    ));
                }
            }
        }
        for source in every() {
            check_input(source)?;
        }

        let (output, output_file) = dest::open(&options.output)?;
        let report = match report_format {
            Some(format) => {
                let (writer, file) = dest::open(&options.report)?;
                Some(ReportPlan { writer: Shared::new(writer), file, format })
            }
            None => None,
        };
        let summary_json = match options.summary_json {
            Sink::Discard => None,
            ref sink => Some(dest::open(sink)?),
        };
        Ok(Plan { inputs, test, output, output_file, output_format, report, summary_json, threads })
    }
}

/// The output format a run writes: as asked, else as the output's extension says; `overlap`
/// writes CSV unless told otherwise, and never Parquet.
fn output_format(options: &Options) -> Result<OutputFormat, Error> {
    if let Work::Stats { .. } = options.work {
        // A report, HTML or JSON as its name says (`cmd::stats`), never records: a name that
        // says records (`r.csv`, `r.parquet`) is refused, as --output-format is.
        let named = options.output.path().and_then(|path| {
            let extension = OutputName::of(path).extension?;
            let records = ["csv", "tsv", "jsonl", "ndjson", "parquet", "txt", "arrow", "feather"];
            records.contains(&extension.as_str()).then(|| (path.display().to_string(), extension))
        });
        if let Some((path, extension)) = named {
            return Err(Error::Refused(format!(
                "-o {path}: stats writes a report, not records: HTML for an output named .html \
                 or .htm, JSON otherwise (.json); .{extension} names records"
            )));
        }
        return match options.output_format {
            OutputFormat::Auto => Ok(OutputFormat::Line),
            _ => Err(Error::Refused(
                "stats writes a report, not records: HTML for an output named .html or .htm, \
                 JSON otherwise; --output-format does not apply"
                    .into(),
            )),
        };
    }
    let from_name = match (options.output_format, &options.output) {
        (OutputFormat::Auto, Sink::Path(path)) => match OutputFormat::for_path(path) {
            Ok(format) => format,
            Err(why) => {
                return Err(Error::Refused(format!(
                    "output {}: {why}; use .csv, .tsv, .jsonl or .txt, compressed or not (.gz, \
                     .zst, .xz, .bz2), or .parquet (uncompressed), or name the output format",
                    path.display()
                )))
            }
        },
        (chosen, _) => Some(chosen),
    };
    let format = from_name.unwrap_or(OutputFormat::Auto);
    match (&options.work, format) {
        (Work::Overlap { .. }, OutputFormat::Parquet) => {
            Err(Error::Refused("overlap writes csv, jsonl or line, not parquet".into()))
        }
        (Work::Overlap { .. }, OutputFormat::Auto) => Ok(OutputFormat::Csv),
        // A report, HTML or JSON as its name says (`cmd::stats`), never records.
        (_, format) => Ok(format),
    }
}

/// Opens an input once, to check that it can be read, before any work: a missing second file
/// is an error before the first is read.
fn check_input(source: &Source) -> Result<(), Error> {
    let Some(path) = source.path() else { return Ok(()) };
    let failed = |source| Error::Open { name: path.display().to_string(), source };
    let file = std::fs::File::open(path).map_err(failed)?;
    if file.metadata().map_err(failed)?.is_dir() {
        return Err(failed(io::Error::other("is a directory")));
    }
    Ok(())
}

/// Opens an input for reading: memory-mapped where it can be and `mmap` allows.
pub(crate) fn open(source: &Source, mmap: bool) -> Result<Input, Error> {
    if let Source::Memory { name, text } = source {
        let reader = io::Cursor::new(text.clone());
        return Input::from_reader(name, reader)
            .map_err(|e| Error::Open { name: source.name(), source: e });
    }
    Input::open(source.path().or(Some(Path::new("-"))), mmap)
        .map_err(|e| Error::Open { name: source.name(), source: e })
}

/// The pipeline's settings for a run of `options`.
pub(crate) fn settings(options: &Options, threads: usize, output: OutputFormat) -> Settings {
    Settings {
        threads,
        solver: options.solver,
        format: options.format.clone(),
        output,
        chunk_bytes: options.chunk_bytes.filter(|&n| n > 0),
        progress: options.progress,
        on_terminal: OnTerminal {
            output: options.output.is_terminal(),
            report: options.report.is_terminal(),
        },
        failures_only: options.failures_only,
        max_messages: options.max_messages,
        headers: true,
        file_column: false,
        size_column: options.size_column,
        expansion: 1,
        cancel: options.cancel.clone(),
        command: Some(options.work.name()),
    }
}

/// The columns an output of `encoder`'s format has: the CSV header's, or a Parquet file's
/// schema; none for line and JSON Lines output, which have no columns to agree on.
pub(crate) fn columns_of(encoder: &Encoder) -> Option<Vec<String>> {
    match encoder.output() {
        OutputFormat::Csv | OutputFormat::Tsv => Some(encoder.column_names()),
        OutputFormat::Parquet => Some(encoder.jsonl_keys()),
        _ => None,
    }
}

/// Writes the summary where it was asked for, if it was.
pub(crate) fn write_summary(
    target: Option<(Box<dyn Write + Send>, Destination)>,
    summary: &Summary,
) -> Result<(), Error> {
    let Some((mut out, file)) = target else { return Ok(()) };
    let written = out.write_all(summary.to_json().as_bytes()).and_then(|()| out.flush());
    written.map_err(|e| Error::Run(super::pipeline::RunError::Write(e)))?;
    drop(out);
    file.finish()
}
