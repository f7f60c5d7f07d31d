//! `dedup` (and `overlap`, which runs its job over two sides): its two halves, side by side.
//! Here is its part on the worker threads: every record is encoded, and kept with its key (the
//! minlex form, or the puzzle) and its text. [`seen`] is the set of records seen, which keeps or
//! drops them in input order on the writer thread.

pub(crate) mod seen;

use std::sync::Arc;

use self::seen::{Keyed, Keys};
use super::classes::Collisions;
use super::{BulkJob, Keep};
use crate::canon::Sameness;
use crate::io::format::{Parsed, Record};
use crate::run::pipeline::ChunkOutput;
use crate::verdict::{Task, Verdict};

/// Keeps each record's key, output and text for the set of records seen.
#[derive(Debug, Clone, Default)]
pub(crate) struct KeepKeys {
    /// The class invariants shared in the run, if the first pass found them: the other
    /// records are the only ones of their class, with no minlex form and no key.
    pub classes: Option<Arc<Collisions>>,
}

impl Keep for KeepKeys {
    type Extra = Keys;

    fn classes(&self) -> Option<&Collisions> {
        self.classes.as_deref()
    }

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
        // A puzzle judged by class without its minlex form is the only one of its class.
        let only = matches!(job.task, Task::Dedup { by: Sameness::Class })
            && verdict.canonical.is_none()
            && matches!(record.parsed, Ok(Parsed::Nine(_)));
        let mark = match only {
            true => Keyed::only(record.line, out),
            false => Keyed::record(verdict.canonical.or(verdict.puzzle), record.line, out),
        };
        out.extra.keyed.push(mark);
    }
}
