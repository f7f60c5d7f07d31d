//! `rate` and `explain`: how hard each puzzle is for a person (Sudoku Explainer's rating), and
//! the steps that show it.
//!
//! A record fails, in the words `validate` uses, when it does not parse (`malformed`), its
//! givens conflict (`conflicting givens`) or it has no solution (`no solution`). A puzzle with
//! more than one solution is rated without the rules that assume one (unique rectangles and
//! loops, BUG): its `count` says 2.

use crate::grid::Grid;
use crate::io::format::Puzzle;
use crate::rate::{Limits, Rater};
use crate::solver::Solver;
use crate::verdict::Verdict;

/// Rates one puzzle within `limits`; with `explain`, keeps its steps too.
pub(super) fn judge(
    solver: &mut dyn Solver,
    puzzle: &Puzzle,
    explain: bool,
    limits: Limits,
    scratch: &mut Grid,
) -> Verdict {
    let outcome = solver.solve(&puzzle.grid, 2, scratch);
    let verdict = Verdict { count: Some(outcome.solutions), ..Verdict::new(Some(puzzle.grid)) };
    if outcome.solutions == 0 {
        return verdict.failed(super::no_solution(&puzzle.grid));
    }
    let unique = outcome.solutions == 1;
    let mut rater = Rater::with_limits(limits);
    if explain {
        let (rating, steps) = rater.explain(&puzzle.grid, unique);
        Verdict { rating: Some(rating), steps, ..verdict }
    } else {
        Verdict { rating: Some(rater.rate(&puzzle.grid, unique)), ..verdict }
    }
}
