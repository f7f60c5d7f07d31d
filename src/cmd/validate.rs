//! `validate`: is each record a proper puzzle, and is the answer it carries the solution?
//!
//! The checks run in this order, and a record fails on the first that does not hold: it
//! parses (`malformed`); its givens do not conflict (`conflicting givens`); it has a solution
//! (`no solution`) and only one (`multiple solutions`); and where it carries an answer, the
//! answer is a complete valid grid (`answer invalid`), keeps the givens (`answer disagrees
//! with givens`) and is the solution (`answer is not the solution`).

use crate::grid::{Grid, ParseError};
use crate::io::format::Puzzle;
use crate::solver::Solver;
use crate::verdict::{Detail, Fault, Reason, Verdict};

/// Checks one puzzle.
pub(super) fn judge(solver: &mut dyn Solver, puzzle: &Puzzle, solution: &mut Grid) -> Verdict {
    let grid = puzzle.grid;
    // Solving first costs nothing in order: conflicting givens leave no solution, so they are
    // looked for only then, as are the faults of an answer that is not the solution.
    let outcome = solver.solve(&grid, 2, solution);
    let verdict = Verdict {
        count: Some(outcome.solutions),
        guesses: Some(outcome.guesses),
        ..Verdict::new(Some(grid))
    };
    match outcome.solutions {
        0 => return verdict.failed(super::no_solution(&grid)),
        1 => {}
        _ => return verdict.failed(Fault::bare(Reason::MultipleSolutions)),
    }
    match puzzle.answer {
        None => verdict,
        Some(Ok(answer)) if answer == *solution => verdict,
        Some(answer) => verdict.failed(answer_fault(answer, &grid, solution)),
    }
}

/// Why an answer that is not the solution is wrong.
pub(super) fn answer_fault(
    answer: Result<Grid, ParseError>,
    givens: &Grid,
    solution: &Grid,
) -> Fault {
    let fault = |reason, detail| Fault { reason, detail };
    let answer = match answer {
        Err(e) => return fault(Reason::AnswerInvalid, Detail::Answer(e)),
        Ok(answer) => answer,
    };
    if let Some(c) = answer.conflict() {
        return fault(Reason::AnswerInvalid, Detail::AnswerConflict(c));
    }
    if let Some(cell) = answer.cells().iter().position(|&v| v == 0) {
        return fault(Reason::AnswerInvalid, Detail::AnswerBlank(cell));
    }
    // The first cell where `other` has a digit and the answer another one, and the two.
    let differs = |other: &Grid| {
        let (other, mine) = (other.cells(), answer.cells());
        let cell = (0..81).find(|&c| other[c] != 0 && other[c] != mine[c])?;
        Some((cell, other[cell], mine[cell]))
    };
    match differs(givens) {
        Some((cell, given, answer)) => {
            fault(Reason::AnswerDisagrees, Detail::ChangedGiven { cell, given, answer })
        }
        // A valid answer keeping the givens that is not the one solution differs from it.
        None => match differs(solution) {
            Some((cell, solution, answer)) => {
                fault(Reason::AnswerNotSolution, Detail::NotSolution { cell, solution, answer })
            }
            None => Fault::bare(Reason::AnswerNotSolution),
        },
    }
}
