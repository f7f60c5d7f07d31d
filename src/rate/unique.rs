//! Uniqueness techniques: patterns that would leave a puzzle two solutions (a deadly pattern),
//! so that in a puzzle known to have one, some candidate must break them. The ladder calls
//! these only when its caller says the puzzle has exactly one solution.
//!
//! - Unique rectangle: four empty cells at the corners of a rectangle over two rows, two columns
//!   and two boxes, all holding two digits x and y. If all four held only x and y, the two ways
//!   of placing them would both be solutions; so the extras somewhere must be used. Types 1, 2
//!   and 4 are found.
//! - BUG+1: every empty cell bivalue but one trivalue cell, every digit twice in each house but
//!   one digit three times in that cell's houses: without that digit there, the grid would be a
//!   "bivalue universal grave" (no solution or several), so the cell takes it.
//!
//! Values: Sudoku Explainer's `UniqueLoopHint.getDifficulty` gives a four-cell loop 4.5; its
//! type 1, 2 and 4 hints keep that (only type 3, not found here, adds a tenth for each digit of
//! its naked set past the first), so all three types rate 4.5 here. BUG+1 is 5.6.

use super::position::{bit, cells_of, digits_of, Cells, Position, HOUSE, PEERS};
use super::step::Step;
use super::technique::Technique;
use crate::solver::tables::CELL_HOUSES;

/// A unique rectangle of type 1, 2 or 4: rectangles by first row, second row, first column,
/// second column (each increasing), then the pair of digits (increasing), then the type.
pub fn unique_rectangle(position: &Position, step: &mut Step) -> bool {
    for r1 in 0..8 {
        for r2 in r1 + 1..9 {
            let same_band = r1 / 3 == r2 / 3;
            for c1 in 0..8 {
                for c2 in c1 + 1..9 {
                    // Two boxes: the rows share a band or the columns a stack, not both.
                    if same_band == (c1 / 3 == c2 / 3) {
                        continue;
                    }
                    // Loop order: r1c1, r1c2, r2c2, r2c1.
                    let corners = [9 * r1 + c1, 9 * r1 + c2, 9 * r2 + c2, 9 * r2 + c1];
                    if rectangle(position, step, corners) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// Every pair of digits the four corners share, each tried for types 1, 2 and 4.
fn rectangle(position: &Position, step: &mut Step, corners: [usize; 4]) -> bool {
    let common = corners.iter().fold(0x1FF, |m, &c| m & position.candidates(c));
    if common.count_ones() < 2 {
        return false;
    }
    for x in digits_of(common) {
        for y in digits_of(common & !((bit(x) << 1) - 1)) {
            let pair = bit(x) | bit(y);
            if type_1(position, step, corners, pair)
                || type_2(position, step, corners, pair)
                || type_4(position, step, corners, pair)
            {
                return true;
            }
        }
    }
    false
}

/// Which corners (bit i for `corners[i]`) hold more than the pair.
fn roof_of(position: &Position, corners: [usize; 4], pair: u16) -> u8 {
    (0..4).filter(|&i| position.candidates(corners[i]) != pair).fold(0, |m, i| m | 1 << i)
}

/// Starts a rectangle step on `pair` with its corners.
fn start(step: &mut Step, corners: [usize; 4], pair: u16) {
    step.start(Technique::UniqueRectangle);
    step.digits = pair;
    step.cells.extend(corners.map(|c| c as u8));
}

/// Type 1: three corners hold only x and y; the fourth loses both.
fn type_1(position: &Position, step: &mut Step, corners: [usize; 4], pair: u16) -> bool {
    let roof = roof_of(position, corners, pair);
    if roof.count_ones() != 1 {
        return false;
    }
    let cell = corners[roof.trailing_zeros() as usize];
    start(step, corners, pair);
    step.eliminate_all(position, 1 << cell, pair);
    true
}

/// Type 2: two corners hold only x and y, the other two x, y and the same one extra z; one of
/// those two is z, so z goes from every cell that sees both.
fn type_2(position: &Position, step: &mut Step, corners: [usize; 4], pair: u16) -> bool {
    let roof = roof_of(position, corners, pair);
    if roof.count_ones() != 2 {
        return false;
    }
    let [a, b] = roof_cells(corners, roof);
    let extra = position.candidates(a) & !pair;
    if extra.count_ones() != 1 || position.candidates(b) & !pair != extra {
        return false;
    }
    let z = extra.trailing_zeros() as u8 + 1;
    let seen = PEERS[a] & PEERS[b] & position.digit_cells(z);
    if seen == 0 {
        return false;
    }
    start(step, corners, pair);
    step.eliminate_all(position, seen, extra);
    step.makes_progress()
}

/// Type 4: two corners hold only x and y; the other two share a house where one of the pair
/// has no other place, so that digit is in one of them and, to break the rectangle, the other
/// digit of the pair is in neither.
fn type_4(position: &Position, step: &mut Step, corners: [usize; 4], pair: u16) -> bool {
    let roof = roof_of(position, corners, pair);
    if roof.count_ones() != 2 {
        return false;
    }
    let [a, b] = roof_cells(corners, roof);
    let both: Cells = 1 << a | 1 << b;
    for &house in &CELL_HOUSES[a] {
        let house = usize::from(house);
        if HOUSE[house] & both != both {
            continue;
        }
        for locked in digits_of(pair) {
            if position.digit_cells(locked) & HOUSE[house] != both {
                continue;
            }
            let gone = pair & !bit(locked);
            start(step, corners, pair);
            step.houses.push(house as u8);
            step.eliminate_all(position, both, gone);
            return true;
        }
    }
    false
}

/// The two corners a two-bit roof mask names, in corner order.
fn roof_cells(corners: [usize; 4], roof: u8) -> [usize; 2] {
    let first = roof.trailing_zeros() as usize;
    let second = (roof & (roof - 1)).trailing_zeros() as usize;
    [corners[first], corners[second]]
}

/// BUG+1: every empty cell bivalue but one with three candidates, and every digit two places in
/// each house it is missing from, but for one digit of that cell with three in each of the
/// cell's houses: the cell takes that digit.
pub fn bug_plus_one(position: &Position, step: &mut Step) -> bool {
    let mut odd = None;
    for cell in cells_of(position.empty()) {
        match position.candidates(cell).count_ones() {
            2 => {}
            3 if odd.is_none() => odd = Some(cell),
            _ => return false,
        }
    }
    let Some(cell) = odd else { return false };
    let Some(digit) = digits_of(position.candidates(cell)).find(|&d| {
        CELL_HOUSES[cell].iter().all(|&h| position.places(usize::from(h), d).count_ones() == 3)
    }) else {
        return false;
    };
    if !rest_is_a_grave(position, cell, digit) {
        return false;
    }
    step.start(Technique::BugPlusOne);
    step.digits = bit(digit);
    step.cells.push(cell as u8);
    step.placements.push((cell as u8, digit));
    true
}

/// Whether, with `digit` taken from `cell`, every digit has exactly two places in every house
/// where it is not placed: the grave that the odd cell's digit breaks.
fn rest_is_a_grave(position: &Position, cell: usize, digit: u8) -> bool {
    (0..27).all(|house| {
        (1..=9u8).all(|d| {
            let mut places = position.digit_cells(d) & HOUSE[house];
            if d == digit {
                places &= !(1 << cell);
            }
            matches!(places.count_ones(), 0 | 2)
        })
    })
}

#[cfg(test)]
#[path = "unique_tests.rs"]
mod tests;
