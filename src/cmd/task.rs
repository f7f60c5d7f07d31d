//! A task over every record of a run's inputs, one input after another, into one output:
//! `solve`, `count`, `validate`, `canon`, `augment` (each record written as it comes) and
//! `dedup` (through the set of records seen).

use std::io::{self, Write};
use std::sync::Arc;
use std::time::Instant;

use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;

use super::dedup::KeepKeys;
use super::{classes, run_with, Written};
use crate::canon::Sameness;
use crate::cmd::dedup::seen::Seen;
use crate::io::output::{Encoder, OutputFormat};
use crate::io::table::{table_fields, ParquetWriter};
use crate::run::dest::Shared;
use crate::run::error::Error;
use crate::run::options::{Options, Source};
use crate::run::pipeline::{self, InOrder, Input, Output, RunError, Settings, Sinks, TableSink};
use crate::run::plan::{self, Plan};
use crate::run::summary::{RecordsSummary, Summary};
use crate::verdict::Task;

/// Runs a task over every input, one after another, into one output.
pub(crate) fn run(
    options: &Options,
    task: Task,
    plan: Plan,
    started: Instant,
) -> Result<Summary, Error> {
    let Plan { inputs, output, output_file, output_format, report, summary_json, threads, .. } =
        plan;
    let mut settings = plan::settings(options, threads, output_format);
    settings.expansion = task.expansion();
    // Rows of several inputs in one output say which one they came from.
    settings.file_column = inputs.len() > 1;
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
    let output_for = || match (&parquet, &shared) {
        (Some(parquet), _) => Output::Table(Box::new(parquet.clone())),
        (None, Some(shared)) => Output::Bytes(Box::new(shared.clone())),
        (None, None) => unreachable!("one of the two"),
    };

    // For dedup: every record seen so far, over all the inputs.
    let mut seen = matches!(task, Task::Dedup { .. }).then(|| Seen::new(report_format));
    // For dedup by class, to the line format: the minlex forms of the records that may repeat
    // another, only (see `cmd::classes`).
    let keep = KeepKeys {
        classes: match task {
            Task::Dedup { by: Sameness::Class }
                if classes::line_output(&inputs[0], options, &settings) =>
            {
                classes::prescan(&inputs.iter().collect::<Vec<_>>(), options, &settings)
            }
            _ => None,
        },
    };
    let mut runs = Vec::new();
    // Several inputs are written one after another in the first one's output format, under
    // its CSV header or Parquet schema; so their output columns must be the first one's.
    let mut first_columns: Option<Option<Vec<String>>> = None;
    let mut damaged = None;
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
        let check = |encoder: &Encoder| match (&first, plan::columns_of(encoder)) {
            (Some(first), Some(these)) if &these != first => Err(RunError::OutputColumns {
                name: name.clone(),
                these: these.join(","),
                first: first.join(","),
                format: encoder.output(),
            }),
            _ => Ok(()),
        };
        let run = match &mut seen {
            Some(seen) => run_with(input, task, keep.clone(), sinks, &settings, seen, &check),
            None => {
                let keep = Written { failures_only: settings.failures_only, file: file as u64 };
                run_with(input, task, keep, sinks, &settings, &mut InOrder, &check)
            }
        };
        let run = match run {
            Ok(run) => run,
            // A damaged input (a truncated archive): the records before the damage were
            // written, as they were to stdout; the outputs keep them, and the run fails.
            Err(damage @ RunError::Read { .. }) => {
                damaged = Some(damage);
                break;
            }
            Err(e) => return Err(e.into()),
        };
        if first_columns.is_none() {
            settings.output = settings.output.resolve(run.format);
            settings.headers = false;
            let encoder =
                Encoder::new(task, run.format, run.columns.as_ref(), settings.output, None)
                    .with_size_column(settings.size_column);
            let encoder = match settings.file_column {
                true => encoder.with_file_column(&name),
                false => encoder,
            };
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
    if let Some(damage) = damaged {
        return Err(damage.into());
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
    let name = input.name().to_string();
    let (format, columns) = pipeline::detect(input, settings)?;
    let encoder = Encoder::new(task, format, columns.as_ref(), settings.output, None)
        .with_size_column(settings.size_column);
    let encoder = match settings.file_column {
        true => encoder.with_file_column(&name),
        false => encoder,
    };
    let schema = Arc::new(encoder.table_schema(types.as_deref()));
    ParquetWriter::new(output, schema).map_err(|e| Error::Run(RunError::Write(e)))
}

/// Parquet output, shared by a run's inputs: each writes its batches through a handle.
impl TableSink for Shared<ParquetWriter> {
    fn schema(&self) -> SchemaRef {
        self.with(|writer| Ok(writer.schema())).expect("the lock is not poisoned")
    }

    fn write_batch(&mut self, batch: &RecordBatch) -> io::Result<()> {
        self.with(|writer| writer.write(batch))
    }
}
