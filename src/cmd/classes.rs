//! Classes nearly free, for `dedup --by class`, `overlap --by class` and `stats`: a first,
//! cheap pass over the run's inputs finds which class invariants ([`canon::invariant`]) more
//! than one record shares; the run proper then finds the minlex form only of those records.
//! A record whose invariant no other record of the run has is equivalent to none of them: it
//! is the first and only one of its class, kept (`dedup`), a distinct training class that no
//! test record matches (`overlap`), a repeat of nothing (`stats`), exactly as its minlex form
//! would have made it, and nothing of it goes into the set of records seen. So the output, the
//! report and the summary are those of the minlex path, byte for byte.
//!
//! The first pass reads each input a second time, so it runs only where every input can be
//! read again (files, and a front end's text in memory; not stdin), and where a record's
//! minlex form is not written anyway (`dedup`'s line output: csv, jsonl and Parquet write
//! every kept record's `canonical`). It parses the records and hashes their invariants on the
//! worker threads as any run does; the writer thread keeps the set of invariants seen (8
//! bytes an entry, less than the 16-byte slots of the set of records seen, and dropped before
//! the run proper starts) and the much smaller set of those seen twice. Should it fail (an
//! input that cannot be read again, a damaged archive, an interruption), the run computes
//! every record's minlex form as before, and meets the same failure itself.
//!
//! Setting `SUDOKU_BULK_CLASSES=minlex` in the environment makes every run take the minlex
//! path: the tests' oracle.

use std::collections::HashSet;
use std::hash::BuildHasherDefault;
use std::io::{self, Write};
use std::sync::Arc;

use super::dedup::seen::Identity;
use super::{run_with, BulkJob, Keep};
use crate::canon::{self, Sameness};
use crate::grid::Grid;
use crate::io::format::{Parsed, Record};
use crate::io::output::OutputFormat;
use crate::io::progress::ProgressMode;
use crate::run::options::{Options, Source};
use crate::run::pipeline::{ChunkOutput, Emit, Extra, Out, Output, Settings, Sinks};
use crate::run::plan;
use crate::verdict::{Task, Verdict};

/// The class invariants that more than one record of the run has: only a record with one of
/// them can be equivalent to another.
#[derive(Debug, Default)]
pub(crate) struct Collisions {
    shared: HashSet<u64, BuildHasherDefault<Identity>>,
}

impl Collisions {
    /// Whether `grid` may be equivalent to another record of the run (its invariant is shared).
    pub(crate) fn may_repeat(&self, grid: &Grid) -> bool {
        // Most corpora have none: then no invariant is worth computing again.
        !self.shared.is_empty() && self.shared.contains(&canon::invariant(grid))
    }
}

/// Whether the environment asks for the minlex path (`SUDOKU_BULK_CLASSES=minlex`).
fn minlex_forced() -> bool {
    std::env::var_os("SUDOKU_BULK_CLASSES").is_some_and(|v| v == "minlex")
}

/// Whether the first pass may read `sources` (none is stdin) and the environment lets it.
fn rereadable(sources: &[&Source]) -> bool {
    !minlex_forced() && !sources.iter().any(|s| matches!(s, Source::Stdin))
}

/// Whether `dedup`'s output, for a run whose first input is `first`, is the line format (the
/// only one that writes no minlex form, see the [module documentation](self)).
pub(crate) fn line_output(first: &Source, options: &Options, settings: &Settings) -> bool {
    match settings.output {
        OutputFormat::Line => true,
        OutputFormat::Auto if rereadable(&[first]) => {
            let Ok(input) = plan::open(first, options.mmap) else { return false };
            let detected = crate::run::pipeline::detect(input, settings);
            detected
                .is_ok_and(|(format, _)| OutputFormat::Auto.resolve(format) == OutputFormat::Line)
        }
        _ => false,
    }
}

/// The shared invariants of the records of `sources`, read as `settings` reads them; `None`
/// where the run must find every minlex form (see the [module documentation](self)).
pub(crate) fn prescan(
    sources: &[&Source],
    options: &Options,
    settings: &Settings,
) -> Option<Arc<Collisions>> {
    if !rereadable(sources) {
        return None;
    }
    let mut settings = settings.clone();
    settings.output = OutputFormat::Line;
    settings.progress = ProgressMode::Never;
    settings.failures_only = false;
    settings.file_column = false;
    let mut census = Census::default();
    for source in sources {
        let input = plan::open(source, options.mmap).ok()?;
        let sinks = Sinks {
            output: Output::Bytes(Box::new(io::sink())),
            report: None,
            messages: Some(Box::new(io::sink())),
        };
        // `dedup --by exact`'s judgement is the record parsed, nothing more.
        let task = Task::Dedup { by: Sameness::Exact };
        run_with(input, task, KeepInvariants, sinks, &settings, &mut census, &|_| Ok(())).ok()?;
    }
    Some(Arc::new(Collisions { shared: census.twice }))
}

/// A piece's records' invariants, in order (9x9 puzzles only).
#[derive(Debug, Default)]
struct Invariants(Vec<u64>);

impl Extra for Invariants {
    fn clear(&mut self) {
        self.0.clear();
    }
}

/// Keeps each 9x9 puzzle's invariant.
#[derive(Debug, Clone, Copy)]
struct KeepInvariants;

impl Keep for KeepInvariants {
    type Extra = Invariants;

    fn record(
        &self,
        _job: &BulkJob<KeepInvariants>,
        record: &Record<'_>,
        _verdict: &Verdict,
        out: &mut ChunkOutput<Invariants>,
    ) {
        if let Ok(Parsed::Nine(puzzle)) = &record.parsed {
            out.extra.0.push(canon::invariant(&puzzle.grid));
        }
    }
}

/// The invariants seen, and those seen twice, on the writer thread.
#[derive(Debug, Default)]
struct Census {
    once: HashSet<u64, BuildHasherDefault<Identity>>,
    twice: HashSet<u64, BuildHasherDefault<Identity>>,
}

impl Emit<Invariants> for Census {
    fn emit(
        &mut self,
        piece: &ChunkOutput<Invariants>,
        _separator: &[u8],
        _written: u64,
        _out: &mut Out,
        _report: Option<&mut dyn Write>,
    ) -> io::Result<(u64, u64)> {
        for &invariant in &piece.extra.0 {
            if !self.once.insert(invariant) {
                self.twice.insert(invariant);
            }
        }
        Ok((0, 0))
    }
}
