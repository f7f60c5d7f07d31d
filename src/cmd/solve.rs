//! `solve`: the first solution of each puzzle.

use crate::grid::Grid;
use crate::io::format::Puzzle;
use crate::solver::Solver;
use crate::verdict::Verdict;

/// Solves one puzzle: its first solution, or why there is none.
pub(super) fn judge(solver: &mut dyn Solver, puzzle: &Puzzle, solution: &mut Grid) -> Verdict {
    let outcome = solver.solve(&puzzle.grid, 1, solution);
    let verdict = Verdict { guesses: Some(outcome.guesses), ..Verdict::new(Some(puzzle.grid)) };
    if outcome.solved() {
        return Verdict { solution: Some(*solution), ..verdict };
    }
    // Only now, on failure, tell a conflict from a dead end.
    verdict.failed(super::no_solution(&puzzle.grid))
}
