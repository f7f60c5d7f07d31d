//! `solve`: the first solution of each puzzle.

use crate::format::Record;
use crate::grid::Grid;
use crate::solver::Solver;
use crate::verdict::{Detail, Fault, Reason, Verdict};

/// Solves one record: its first solution, or why there is none.
pub fn judge(solver: &mut dyn Solver, record: &Record<'_>, solution: &mut Grid) -> Verdict {
    let puzzle = match super::parsed(record) {
        Ok(puzzle) => puzzle,
        Err(fault) => return Verdict::new(None).failed(fault),
    };
    let outcome = solver.solve(&puzzle.grid, 1, solution);
    let verdict = Verdict { guesses: Some(outcome.guesses), ..Verdict::new(Some(puzzle.grid)) };
    if outcome.solved() {
        return Verdict { solution: Some(*solution), ..verdict };
    }
    // Only now, on failure, tell a conflict from a dead end.
    verdict.failed(match puzzle.grid.conflict() {
        Some(c) => Fault { reason: Reason::ConflictingGivens, detail: Detail::Conflict(c) },
        None => Fault::bare(Reason::NoSolution),
    })
}
