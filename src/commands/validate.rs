//! `validate`: is each record a proper puzzle, and is the answer it carries the solution?
//!
//! The checks run in this order, and a record fails on the first that does not hold: it
//! parses (`malformed`); its givens do not conflict (`conflicting givens`); it has a solution
//! (`no solution`) and only one (`multiple solutions`); and where it carries an answer, the
//! answer is a complete valid grid (`answer invalid`), keeps the givens (`answer disagrees
//! with givens`) and is the solution (`answer is not the solution`).

use crate::format::Record;
use crate::grid::Grid;
use crate::solver::Solver;
use crate::verdict::{Detail, Fault, Reason, Verdict};

/// Checks one record.
pub fn judge(solver: &mut dyn Solver, record: &Record<'_>, solution: &mut Grid) -> Verdict {
    let puzzle = match super::parsed(record) {
        Ok(puzzle) => puzzle,
        Err(fault) => return Verdict::new(None).failed(fault),
    };
    let grid = puzzle.grid;
    let verdict = Verdict::new(Some(grid));
    if let Some(c) = grid.conflict() {
        return verdict
            .failed(Fault { reason: Reason::ConflictingGivens, detail: Detail::Conflict(c) });
    }
    let outcome = solver.solve(&grid, 2, solution);
    let verdict =
        Verdict { count: Some(outcome.solutions), guesses: Some(outcome.guesses), ..verdict };
    match outcome.solutions {
        0 => return verdict.failed(Fault::bare(Reason::NoSolution)),
        1 => {}
        _ => return verdict.failed(Fault::bare(Reason::MultipleSolutions)),
    }
    let Some(answer) = puzzle.answer else { return verdict };
    let fault = |reason, detail| Some(Fault { reason, detail });
    let fault = match answer {
        Err(e) => fault(Reason::AnswerInvalid, Detail::Answer(e)),
        Ok(answer) => match answer.conflict() {
            Some(c) => fault(Reason::AnswerInvalid, Detail::AnswerConflict(c)),
            None if answer.givens() < 81 => fault(Reason::AnswerInvalid, Detail::None),
            None => {
                let differs = |other: &Grid| {
                    (0..81)
                        .find(|&c| other.cells()[c] != 0 && other.cells()[c] != answer.cells()[c])
                };
                if let Some(cell) = differs(&grid) {
                    fault(Reason::AnswerDisagrees, Detail::Cell(cell))
                } else if let Some(cell) = differs(solution) {
                    fault(Reason::AnswerNotSolution, Detail::Cell(cell))
                } else {
                    None
                }
            }
        },
    };
    match fault {
        Some(fault) => verdict.failed(fault),
        None => verdict,
    }
}
