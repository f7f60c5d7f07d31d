//! `count`: how many solutions each puzzle has, up to a limit.
//!
//! A puzzle whose givens conflict simply has 0 solutions; only a record that does not parse
//! fails.

use crate::format::Puzzle;
use crate::grid::Grid;
use crate::solver::Solver;
use crate::verdict::Verdict;

/// Counts one puzzle's solutions, no further than `limit`.
pub(super) fn judge(
    solver: &mut dyn Solver,
    puzzle: &Puzzle,
    limit: u32,
    scratch: &mut Grid,
) -> Verdict {
    let outcome = solver.solve(&puzzle.grid, limit, scratch);
    Verdict {
        count: Some(outcome.solutions),
        guesses: Some(outcome.guesses),
        ..Verdict::new(Some(puzzle.grid))
    }
}
