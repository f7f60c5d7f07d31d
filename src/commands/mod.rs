//! The commands. `solve`, `count` and `validate` are one [`Task`] each and share one pipeline
//! [`Job`]: it walks a piece's records, has the task judge each one, and hands the verdict to
//! the [`Encoder`], which only appends bytes. `generate` and `bench` have runners of their own.

mod augment;
pub(crate) mod bench;
mod canon;
mod count;
pub(crate) mod generate;
pub(crate) mod overlap;
mod solve;
mod validate;

use std::cell::RefCell;
use std::io::Write as _;

use crate::augment::Augmenter;
use crate::canon::{Form, Sameness};
use crate::dedup::Keyed;
use crate::format::chunk::Chunk;
use crate::format::{Puzzle, RecordError, Records};
use crate::grid::Grid;
use crate::output::Encoder;
use crate::run::pipeline::{ChunkOutput, Job};
use crate::solver::{Solver, SolverKind};
use crate::verdict::{Detail, Fault, Reason, Task, Verdict};

/// Judges one puzzle (or the reason its record is not one) for `task` with `solver`;
/// `scratch` is the caller's grid for the solution, reused from one puzzle to the next.
pub(crate) fn judge(
    task: Task,
    solver: &mut dyn Solver,
    parsed: &Result<Puzzle, RecordError>,
    scratch: &mut Grid,
) -> Verdict {
    let puzzle = match parsed {
        Ok(puzzle) => puzzle,
        Err(e) => {
            let fault = Fault { reason: Reason::Malformed, detail: Detail::Record(*e) };
            return Verdict::new(None).failed(fault);
        }
    };
    match task {
        Task::Solve => solve::judge(solver, puzzle, scratch),
        Task::Count { limit } => count::judge(solver, puzzle, limit, scratch),
        Task::Validate => validate::judge(solver, puzzle, scratch),
        Task::Canon { form, automorphisms } => canon::judge(puzzle, form, automorphisms),
        Task::Dedup { by: Sameness::Class } => canon::judge(puzzle, Form::Minlex, false),
        Task::Dedup { by: Sameness::Exact } => Verdict::new(Some(puzzle.grid)),
        Task::Augment { .. } => augment::judge(puzzle),
    }
}
/// Why a puzzle with no solution has none: its givens conflict, or the search ran dry.
fn no_solution(grid: &Grid) -> Fault {
    match grid.conflict() {
        Some(c) => Fault { reason: Reason::ConflictingGivens, detail: Detail::Conflict(c) },
        None => Fault::bare(Reason::NoSolution),
    }
}

thread_local! {
    /// One solver per worker thread, built on first use and reused for every puzzle after.
    static SOLVER: RefCell<Option<(SolverKind, Box<dyn Solver + Send>)>> = const { RefCell::new(None) };
}

/// Runs `f` with this thread's solver of `kind`.
pub(crate) fn with_solver<R>(kind: SolverKind, f: impl FnOnce(&mut dyn Solver) -> R) -> R {
    SOLVER.with_borrow_mut(|slot| {
        if !matches!(slot, Some((k, _)) if *k == kind) {
            *slot = Some((kind, kind.build()));
        }
        let (_, solver) = slot.as_mut().expect("just filled");
        f(solver.as_mut())
    })
}

/// A task over every record of an input, as a pipeline job.
#[derive(Debug, Clone)]
pub(crate) struct BulkJob {
    /// What to conclude.
    pub task: Task,
    /// With which solver.
    pub solver: SolverKind,
    /// Whether to write only the records that fail.
    pub failures_only: bool,
    /// How to write it.
    pub encoder: Encoder,
    /// The input's name, for messages.
    pub input_name: String,
    /// The input's index among the run's inputs, from 0 (`augment` draws from it).
    pub file: u64,
    /// Asks the run to stop.
    pub cancel: crate::run::Cancel,
}

impl Job for BulkJob {
    fn process(&self, chunk: &Chunk<'_>, out: &mut ChunkOutput) {
        let encoder = &self.encoder;
        let dedup = matches!(self.task, Task::Dedup { .. });
        if chunk.index == 0 {
            encoder.begin(&mut out.data, &mut out.report);
            if dedup {
                out.keyed.push(Keyed::preamble(out));
            }
        }
        with_solver(self.solver, |solver| {
            let mut scratch = Grid::EMPTY;
            let mut records = Records::new(encoder.input(), &chunk.data, chunk.first_line);
            // Only validate and augment use a CSV row's answer.
            if !matches!(self.task, Task::Validate | Task::Augment { .. }) {
                records = records.without_answers();
            }
            loop {
                let record = records.next();
                if let Some(header) = records.take_header() {
                    encoder.csv_header(&mut out.data, header);
                    if dedup {
                        out.keyed.push(Keyed::preamble(out));
                    }
                }
                let Some(record) = record else { return };
                if self.cancel.requested().is_some() {
                    return; // the run is being stopped: its output will not be kept
                }
                let verdict = judge(self.task, solver, &record.parsed, &mut scratch);
                out.tally.add(&verdict);
                if let (Task::Augment { copies, seed, include_original, .. }, None, Ok(puzzle)) =
                    (self.task, &verdict.fault, &record.parsed)
                {
                    if self.failures_only {
                        continue; // only failures are written
                    }
                    out.tally.copies += u64::from(copies) + u64::from(include_original);
                    let augmenter = Augmenter::new(seed);
                    for (k, t) in augmenter.copies(self.file, record.line, copies, include_original)
                    {
                        if out.written > 0 {
                            out.data.extend_from_slice(encoder.separator());
                        }
                        encoder.augmented(&mut out.data, &record, puzzle, k, &t);
                        out.written += 1;
                    }
                } else if dedup {
                    // Every record is encoded; the writer keeps those that repeat nothing.
                    encoder.record(&mut out.data, &record, &verdict);
                    out.texts.extend_from_slice(&crate::output::report_text(record.text));
                } else if !self.failures_only || verdict.fault.is_some() {
                    if out.written > 0 {
                        out.data.extend_from_slice(encoder.separator());
                    }
                    encoder.record(&mut out.data, &record, &verdict);
                    out.written += 1;
                }
                if let Some(fault) = &verdict.fault {
                    let (input, line) = (&self.input_name, record.line);
                    writeln!(out.messages, "{input}: line {line}: {fault}").expect("Vec");
                    encoder.report(&mut out.report, &record, fault);
                }
                if dedup {
                    let form = verdict.canonical.or(verdict.puzzle);
                    out.keyed.push(Keyed::record(form, record.line, out));
                }
            }
        })
    }

    fn separator(&self) -> &[u8] {
        self.encoder.separator()
    }
}
