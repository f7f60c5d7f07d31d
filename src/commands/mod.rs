//! The bulk commands: `solve`, `count` and `validate`, one module each for what it concludes
//! about a record; this module runs any of them as a pipeline [`Job`].

pub mod bench;
pub mod count;
pub mod solve;
pub mod validate;

use std::cell::RefCell;

use crate::format::chunk::Chunk;
use crate::format::Record;
use crate::grid::Grid;
use crate::output::{Columns, Encoder};
use crate::pipeline::{ChunkOutput, Job};
use crate::solver::{Solver, SolverKind};
use crate::verdict::Verdict;

/// What to conclude about each record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Task {
    /// Its first solution.
    Solve,
    /// Its number of solutions, counting no further than `limit`.
    Count {
        /// The most solutions to count (at least 1).
        limit: u32,
    },
    /// Whether it is well formed, has exactly one solution, and its answer is that solution.
    Validate,
}

impl Task {
    /// The output columns of the task.
    pub fn columns(self) -> Columns {
        match self {
            Task::Solve => Columns::Solve,
            Task::Count { limit } => Columns::Count { limit },
            Task::Validate => Columns::Validate,
        }
    }
}

/// A task over every record of an input, as a pipeline job.
#[derive(Debug, Clone)]
pub struct BulkJob {
    /// What to conclude.
    pub task: Task,
    /// With which solver.
    pub solver: SolverKind,
    /// How to write it.
    pub encoder: Encoder,
    /// The input's name, for messages.
    pub input_name: String,
}

thread_local! {
    /// One solver per worker thread, built on first use and reused for every puzzle after.
    static SOLVER: RefCell<Option<(SolverKind, Box<dyn Solver + Send>)>> = const { RefCell::new(None) };
}

/// Runs `f` with this thread's solver of `kind`.
pub fn with_solver<R>(kind: SolverKind, f: impl FnOnce(&mut dyn Solver) -> R) -> R {
    SOLVER.with_borrow_mut(|slot| {
        if !matches!(slot, Some((k, _)) if *k == kind) {
            *slot = Some((kind, kind.build()));
        }
        let (_, solver) = slot.as_mut().expect("just filled");
        f(solver.as_mut())
    })
}

impl Job for BulkJob {
    fn process(&self, chunk: &Chunk<'_>, out: &mut ChunkOutput) {
        with_solver(self.solver, |solver| {
            let mut scratch = Grid::EMPTY;
            let judge = |record: &Record<'_>| -> Verdict {
                match self.task {
                    Task::Solve => solve::judge(solver, record, &mut scratch),
                    Task::Count { limit } => count::judge(solver, record, limit, &mut scratch),
                    Task::Validate => validate::judge(solver, record, &mut scratch),
                }
            };
            self.encoder.each_record(chunk, &self.input_name, out, judge);
        })
    }

    fn separator(&self) -> &[u8] {
        self.encoder.separator()
    }
}

/// The record's puzzle, or the fault of a record that did not parse.
fn parsed(record: &Record<'_>) -> Result<crate::format::Puzzle, crate::verdict::Fault> {
    use crate::verdict::{Detail, Fault, Reason};
    record.parsed.map_err(|e| Fault { reason: Reason::Malformed, detail: Detail::Record(e) })
}
