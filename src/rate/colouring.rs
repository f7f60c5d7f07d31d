//! Simple colouring: on one digit, the cells joined by strong links (houses where the digit has
//! exactly two places) fall into connected groups; each group's cells take two colours,
//! alternating along the links, and the digit is in every cell of one colour and in none of
//! the other. So:
//!
//! - colour wrap: two cells of one colour that see each other cannot both hold the digit, so
//!   that colour is false and the digit goes from all its cells;
//! - colour trap: a cell outside the group that sees a cell of each colour loses the digit.
//!
//! Scan order: digits 1..9; each digit's groups in order of their lowest cell; in a group, a
//! wrap of the first colour (the lowest cell's), then of the second, then a trap.
//!
//! Sudoku Explainer has no colouring; its value here (6.6) is provisional, that of the
//! forcing x-chain that does the same work.

use super::position::{bit, cells_of, Cells, Position, PEERS};
use super::step::Step;
use super::technique::Technique;
use crate::solver::tables::{CELL_HOUSES, HOUSE_CELLS};

/// A colour wrap or trap, the first in scan order.
pub fn simple_colouring(position: &Position, step: &mut Step) -> bool {
    for digit in 1..=9u8 {
        let linked = linked_cells(position, digit);
        let mut left = linked;
        while left != 0 {
            let first = left.trailing_zeros() as usize;
            let group = colour(position, digit, first, step);
            left &= !(group.first | group.second);
            if conclude(position, digit, &group, step) {
                return true;
            }
        }
    }
    false
}

/// A group's two colours, the first holding its lowest cell.
struct Group {
    first: Cells,
    second: Cells,
}

/// The cells of `digit` with at least one strong link.
fn linked_cells(position: &Position, digit: u8) -> Cells {
    let mut out = 0;
    for (house, cells) in HOUSE_CELLS.iter().enumerate() {
        let places = position.places(house, digit);
        if places.count_ones() == 2 {
            for (i, &cell) in cells.iter().enumerate() {
                if places & 1 << i != 0 {
                    out |= 1u128 << cell;
                }
            }
        }
    }
    out
}

/// Colours the group of `start`, breadth-first, leaving its cells in that order in
/// `step.cells` (the step is started here so its buffer can serve as the queue).
fn colour(position: &Position, digit: u8, start: usize, step: &mut Step) -> Group {
    step.start(Technique::SimpleColouring);
    step.cells.push(start as u8);
    let mut group = Group { first: 1 << start, second: 0 };
    let mut head = 0;
    while head < step.cells.len() {
        let cell = usize::from(step.cells[head]);
        head += 1;
        let in_first = group.first & 1 << cell != 0;
        for &house in &CELL_HOUSES[cell] {
            let places = position.places(usize::from(house), digit);
            if places.count_ones() != 2 {
                continue;
            }
            for (i, &other) in HOUSE_CELLS[usize::from(house)].iter().enumerate() {
                let other_bit = 1u128 << other;
                if places & 1 << i == 0 || (group.first | group.second) & other_bit != 0 {
                    continue;
                }
                if in_first {
                    group.second |= other_bit;
                } else {
                    group.first |= other_bit;
                }
                step.cells.push(other);
            }
        }
    }
    group
}

/// The wrap or trap of a coloured group, if any, as the step's conclusions.
fn conclude(position: &Position, digit: u8, group: &Group, step: &mut Step) -> bool {
    step.digits = bit(digit);
    for colour in [group.first, group.second] {
        if sees_itself(colour) {
            step.eliminate_all(position, colour, bit(digit));
            return true;
        }
    }
    let trapped = seen_by(group.first)
        & seen_by(group.second)
        & position.digit_cells(digit)
        & !(group.first | group.second);
    step.eliminate_all(position, trapped, bit(digit)) > 0
}

/// Whether two cells of a set see each other.
fn sees_itself(cells: Cells) -> bool {
    cells_of(cells).any(|c| PEERS[c] & cells != 0)
}

/// The cells that see some cell of a set.
fn seen_by(cells: Cells) -> Cells {
    cells_of(cells).fold(0, |s, c| s | PEERS[c])
}

#[cfg(test)]
#[path = "colouring_tests.rs"]
mod tests;
