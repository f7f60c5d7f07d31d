//! `count`: how many solutions each puzzle has, up to a limit.
//!
//! A puzzle whose givens conflict simply has 0 solutions; only a record that does not parse
//! fails.

use crate::format::Record;
use crate::grid::Grid;
use crate::solver::Solver;
use crate::verdict::Verdict;

/// Counts one record's solutions, no further than `limit`.
pub fn judge(
    solver: &mut dyn Solver,
    record: &Record<'_>,
    limit: u32,
    scratch: &mut Grid,
) -> Verdict {
    let puzzle = match super::parsed(record) {
        Ok(puzzle) => puzzle,
        Err(fault) => return Verdict::new(None).failed(fault),
    };
    let outcome = solver.solve(&puzzle.grid, limit, scratch);
    Verdict {
        count: Some(outcome.solutions),
        guesses: Some(outcome.guesses),
        ..Verdict::new(Some(puzzle.grid))
    }
}
