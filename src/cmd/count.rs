//! `count`: how many solutions each puzzle has, up to a limit.
//!
//! A record fails, in the words `validate` uses, when it does not parse (`malformed`) or its
//! givens conflict (`conflicting givens`): a count of 0 is kept for puzzles that are well
//! formed and have no solution.

use crate::grid::Grid;
use crate::io::format::Puzzle;
use crate::solver::Solver;
use crate::verdict::{Reason, Verdict};

/// Counts one puzzle's solutions, no further than `limit`.
pub(super) fn judge(
    solver: &mut dyn Solver,
    puzzle: &Puzzle,
    limit: u32,
    scratch: &mut Grid,
) -> Verdict {
    let outcome = solver.solve(&puzzle.grid, limit, scratch);
    let verdict = Verdict { guesses: Some(outcome.guesses), ..Verdict::new(Some(puzzle.grid)) };
    if outcome.solutions == 0 {
        // Only now, with no solution, tell a conflict from a dead end.
        let fault = super::no_solution(&puzzle.grid);
        if fault.reason == Reason::ConflictingGivens {
            return verdict.failed(fault);
        }
    }
    Verdict { count: Some(outcome.solutions), ..verdict }
}
