//! The search that finishes a puzzle where the ladder stalls: fixed and deterministic, so that
//! its figures are the same on every machine, thread count and version.
//!
//! From the stalled position: take every single (naked and hidden, in the position's queue
//! order) until none is left; if the position is broken, back up; if it is solved, stop;
//! otherwise branch on the empty cell with the fewest candidates (the first in reading order
//! among equals), trying its digits in increasing order. A guess is a digit tried at a branch;
//! a backtrack is a guess that led to no solution. The search stops at the first solution.

use super::position::{cells_of, digits_of, Position, SingleKind};

/// What the search found.
pub struct Found {
    /// The solved position, if there is a solution.
    pub solution: Option<Position>,
    /// Digits tried at branches.
    pub guesses: u64,
    /// Guesses that led to no solution.
    pub backtracks: u64,
}

/// Searches from a position.
pub fn search(position: &Position) -> Found {
    let mut found = Found { solution: None, guesses: 0, backtracks: 0 };
    found.solution = descend(*position, &mut found.guesses, &mut found.backtracks);
    found
}

fn descend(mut position: Position, guesses: &mut u64, backtracks: &mut u64) -> Option<Position> {
    while let Some(single) = position.next_single(SingleKind::Naked) {
        position.place(single.cell, single.digit);
        if position.is_broken() {
            return None;
        }
    }
    if position.is_broken() {
        return None;
    }
    let Some(cell) =
        cells_of(position.empty()).min_by_key(|&c| super::position::size(position.candidates(c)))
    else {
        return Some(position);
    };
    for digit in digits_of(position.candidates(cell)) {
        *guesses += 1;
        let mut next = position;
        next.place(cell, digit);
        if !next.is_broken() {
            if let Some(solved) = descend(next, guesses, backtracks) {
                return Some(solved);
            }
        }
        *backtracks += 1;
    }
    None
}
