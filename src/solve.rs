//! The `solve` command's job: the first solution of every puzzle.

use std::cell::RefCell;

use crate::format::chunk::Chunk;
use crate::format::Format;
use crate::grid::Grid;
use crate::output::{self, Failure};
use crate::pipeline::{ChunkOutput, Job};
use crate::solver::{Solver, SolverKind};

/// Solves each record, writing its solution or why there is none.
#[derive(Debug, Clone)]
pub struct SolveJob {
    /// Which solver to use.
    pub solver: SolverKind,
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

impl Job for SolveJob {
    fn process(&self, format: Format, chunk: &Chunk<'_>, out: &mut ChunkOutput) {
        with_solver(self.solver, |solver| {
            let mut solution = Grid::EMPTY;
            output::each_record(format, chunk, &["solution"], out, |record, out| {
                let failure = match record.parsed {
                    Ok(puzzle) => {
                        if solver.solve(&puzzle.grid, 1, &mut solution).solved() {
                            output::solution(&mut out.data, record.text, &solution, puzzle.layout);
                            out.tally.ok += 1;
                            return;
                        }
                        // Only now, on failure, tell a conflict from a dead end.
                        puzzle.grid.conflict().map_or(Failure::NoSolution, Failure::Conflict)
                    }
                    Err(e) => Failure::Malformed(e),
                };
                out.tally.failed += 1;
                output::failure(&mut out.data, record.line, &failure);
                output::message(&mut out.messages, &self.input_name, record.line, &failure);
            })
        })
    }
}
