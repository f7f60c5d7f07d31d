//! `dedup` (and `overlap`, which runs its job over two sides): its two halves, side by side.
//! Here is its part on the worker threads: every record is encoded, and kept with its key (the
//! minlex form, or the puzzle) and its text. [`seen`] is the set of records seen, which keeps or
//! drops them in input order on the writer thread.

pub(crate) mod seen;

use self::seen::{Keyed, Keys};
use super::{BulkJob, Keep};
use crate::io::format::Record;
use crate::run::pipeline::ChunkOutput;
use crate::verdict::Verdict;

/// Keeps each record's key, output and text for the set of records seen.
#[derive(Debug, Clone, Copy)]
pub(crate) struct KeepKeys;

impl Keep for KeepKeys {
    type Extra = Keys;

    fn header(&self, out: &mut ChunkOutput<Keys>) {
        let mark = Keyed::preamble(out);
        out.extra.keyed.push(mark);
    }

    fn record(
        &self,
        job: &BulkJob<KeepKeys>,
        record: &Record<'_>,
        verdict: &Verdict,
        out: &mut ChunkOutput<Keys>,
    ) {
        // Every record is encoded; the writer keeps those that repeat nothing.
        job.encoder.record(&mut out.data, record, verdict);
        out.extra.texts.extend_from_slice(&crate::io::output::report_text(record.text));
        let form = verdict.canonical.or(verdict.puzzle);
        let mark = Keyed::record(form, record.line, out);
        out.extra.keyed.push(mark);
    }
}
