//! `overlap`: which test records repeat a training record (the same givens, or an equivalent
//! puzzle): the leakage check for a train/test split. The training files go into the set of
//! records seen, then each test record is looked up in it; the set writes one row per
//! overlapping test record.

use std::io::Write;
use std::time::Instant;

use super::dedup::KeepKeys;
use super::run_with;
use crate::canon::Sameness;
use crate::cmd::dedup::seen::{Mode, Seen};
use crate::run::error::Error;
use crate::run::options::Options;
use crate::run::pipeline::{Output, RunError, Sinks};
use crate::run::plan;
use crate::run::summary::{OverlapSummary, Summary};
use crate::verdict::{Tally, Task};

/// Runs `overlap` as `plan` says.
pub(crate) fn run(
    options: &Options,
    by: Sameness,
    plan: plan::Plan,
    started: Instant,
) -> Result<Summary, Error> {
    let plan::Plan {
        inputs,
        test,
        output,
        output_file,
        output_format,
        report,
        summary_json,
        threads,
    } = plan;
    let mut settings = plan::settings(options, threads, crate::io::output::OutputFormat::Line);
    settings.failures_only = false; // the records' own output is not written
    settings.headers = false; // the headers are ours, written below
    let output = crate::run::dest::Shared::new(output);
    let report_format = report.as_ref().map(|r| r.format);

    let mut seen = Seen::new(report_format);
    seen.set_mode(Mode::Train, output_format);
    let form = match by {
        Sameness::Exact => "puzzle",
        Sameness::Class => "canonical",
    };
    let header = seen.overlap_header(form);
    output.with(|out| out.write_all(header.as_bytes())).map_err(RunError::Write)?;
    if let Some(report) = &report {
        if let Some(d) = report.format.delimiter() {
            let names = ["line", "status", "error", "record", "file", "first_file", "first_line"];
            let header = names.join(&char::from(d).to_string()) + "\n";
            report.writer.with(|out| out.write_all(header.as_bytes())).map_err(RunError::Write)?;
        }
    }

    let task = Task::Dedup { by };
    // By class: the minlex forms of the records that may repeat another, only (see
    // `cmd::classes`); the rows' forms are those of test records that repeat one.
    let keep = KeepKeys {
        classes: match by {
            Sameness::Class => {
                let sources: Vec<_> = inputs.iter().chain(&test).collect();
                super::classes::prescan(&sources, options, &settings)
            }
            Sameness::Exact => None,
        },
    };
    let (mut train, mut tested) = (Tally::default(), Tally::default());
    for (mode, sources) in [(Mode::Train, &inputs), (Mode::Test, &test)] {
        seen.set_mode(mode, output_format);
        for source in sources {
            let input = plan::open(source, options.mmap)?;
            seen.begin_file(input.name());
            let sinks = Sinks {
                output: Output::Bytes(Box::new(output.clone())),
                report: report.as_ref().map(|r| (Box::new(r.writer.clone()) as _, r.format)),
                messages: (!options.messages).then(|| Box::new(std::io::sink()) as _),
            };
            let run =
                run_with(input, task, keep.clone(), sinks, &settings, &mut seen, &|_| Ok(()))?;
            match mode {
                Mode::Train => train += &run.tally,
                _ => tested += &run.tally,
            }
        }
    }
    drop(output);
    output_file.finish()?;
    if let Some(report) = report {
        drop(report.writer);
        report.file.finish()?;
    }
    let mut summary = OverlapSummary::new(by, threads);
    summary.train_records = train.records;
    summary.train_distinct = seen.distinct() as u64;
    summary.test_records = tested.records;
    summary.overlapping = seen.overlapping();
    summary.overlapping_distinct = seen.matched() as u64;
    summary.malformed = train.failed + tested.failed;
    summary.seconds = started.elapsed().as_secs_f64();
    let summary = Summary::Overlap(summary);
    plan::write_summary(summary_json, &summary)?;
    Ok(summary)
}
