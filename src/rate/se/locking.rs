//! Intersections: pointing and claiming (SE's `Locking`), and their "direct" forms.
//!
//! A digit whose candidates in one region (region 1) all lie where it crosses a second
//! region (region 2) can go nowhere else in region 2: pointing when region 1 is a block,
//! claiming when region 1 is a row or column.
//!
//! SE reads the pairs (block, column), (block, row), (column, block), (row, block), in that
//! order, each as region 1 by number, then region 2 by number (skipping those that do not
//! cross), then the digits 1 to 9; a digit needs at least two candidates in region 1 (one is
//! a hidden single).
//!
//! - Indirect mode (`LockingHint`, 2.6 pointing, 2.8 claiming): the hint removes the digit
//!   from region 2's cells outside region 1, and counts only if that removes something.
//! - Direct mode (`DirectLockingHint`, 1.7, 1.9): the hint counts only when the removal would
//!   leave a hidden single in another region of region 1's type crossing region 2 (read by
//!   number): one with at least two candidates of the digit, exactly one of them outside
//!   region 2. That hint removes nothing: it places the digit in that cell.
//!
//! In a rating, a direct claiming is never the step taken: wherever one exists, the rules SE
//! asks before it find something. Say column c has the digit only in block b, and column c'
//! (through b) has it in b and once outside, in block b1. Then the stack's third block b2 has
//! the digit in neither c nor c', so only in the third column c'': with none there it is placed
//! there and b1 has one place left (a hidden single); with one, b2 has a hidden single; with
//! two or more, b2 points along c'' and leaves b1 one place (a direct pointing, asked first).
//! Rows likewise. SE's producer still finds direct claimings, and so does this one.

use super::grid::{Bits, CELL_REGIONS, REGION_SETS};
use super::{Grid, Hint};

/// Each digit's candidate cells, as cell bits.
fn digit_cells(grid: &Grid) -> [u128; 10] {
    let mut cells = [0u128; 10];
    for (c, &cands) in grid.cands.iter().enumerate() {
        let mut m = cands;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            cells[d] |= 1 << c;
        }
    }
    cells
}

/// SE's pairs of region kinds, as the first region number of each kind: region 1's, then
/// region 2's.
const KIND_PAIRS: [(usize, usize); 4] = [(0, 18), (0, 9), (18, 0), (9, 0)];

/// SE's first pointing or claiming hint; `direct` for the direct form (a placement).
pub fn locking(grid: &Grid, direct: bool) -> Option<Hint> {
    let digits = digit_cells(grid);
    for &(kind1, kind2) in &KIND_PAIRS {
        for (region1, &mask1) in REGION_SETS.iter().enumerate().skip(kind1).take(9) {
            // SE tries each region 2 crossing region 1 (by number), then each digit. A digit
            // qualifies in at most one region 2: the one holding its first candidate in
            // region 1. So the digits are sorted by their region 2 first, then tried in SE's
            // order.
            let mut locked = [0u16; 9];
            for digit in 1..=9u8 {
                let in1 = mask1 & digits[digit as usize];
                // Fewer than two candidates (one is a hidden single).
                if in1 & in1.wrapping_sub(1) == 0 {
                    continue;
                }
                let first = in1.trailing_zeros() as usize;
                let region2 = CELL_REGIONS[first][kind2 / 9] as usize;
                if in1 & !REGION_SETS[region2] == 0 {
                    locked[region2 - kind2] |= 1 << digit;
                }
            }
            for (i, &locked_digits) in locked.iter().enumerate() {
                let region2 = kind2 + i;
                let mut rest = locked_digits;
                while rest != 0 {
                    let digit = rest.trailing_zeros() as u8;
                    rest &= rest - 1;
                    let hint = if direct {
                        direct_hint(&digits, kind1, region1, region2, digit)
                    } else {
                        indirect_hint(&digits, region1, region2, digit)
                    };
                    if hint.is_some() {
                        return hint;
                    }
                }
            }
        }
    }
    None
}

/// The pattern common to both forms: the digit's cells in the intersection.
fn base_hint(
    name: &'static str,
    difficulty: f64,
    digits: &[u128; 10],
    region1: usize,
    region2: usize,
    digit: u8,
) -> Hint {
    let mut hint = Hint::new(name, difficulty);
    let common = REGION_SETS[region1] & REGION_SETS[region2] & digits[digit as usize];
    hint.cells = Bits(common).collect();
    hint.regions = vec![region1, region2];
    hint.digits = 1 << digit;
    hint
}

/// The indirect hint, if it removes something.
fn indirect_hint(digits: &[u128; 10], region1: usize, region2: usize, digit: u8) -> Option<Hint> {
    let removed = REGION_SETS[region2] & !REGION_SETS[region1] & digits[digit as usize];
    if removed == 0 {
        return None;
    }
    let (name, difficulty) = if region1 < 9 { ("Pointing", 2.6) } else { ("Claiming", 2.8) };
    let mut hint = base_hint(name, difficulty, digits, region1, region2, digit);
    for cell in Bits(removed) {
        hint.remove(cell, 1 << digit);
    }
    Some(hint)
}

/// The direct hint: the first region of region 1's kind (other than region 1, crossing
/// region 2) that the removal would leave with one place for the digit.
fn direct_hint(
    digits: &[u128; 10],
    kind1: usize,
    region1: usize,
    region2: usize,
    digit: u8,
) -> Option<Hint> {
    let mask2 = REGION_SETS[region2];
    for (region3, &mask3) in REGION_SETS.iter().enumerate().skip(kind1).take(9) {
        if region3 == region1 || mask3 & mask2 == 0 {
            continue;
        }
        let in3 = mask3 & digits[digit as usize];
        let left = in3 & !mask2;
        // Two candidates or more, one of them outside region 2.
        if in3 & in3.wrapping_sub(1) != 0 && left != 0 && left & (left - 1) == 0 {
            let (name, difficulty) =
                if region1 < 9 { ("Direct Pointing", 1.7) } else { ("Direct Claiming", 1.9) };
            let mut hint = base_hint(name, difficulty, digits, region1, region2, digit);
            hint.placement = Some((left.trailing_zeros() as usize, digit));
            return Some(hint);
        }
    }
    None
}

#[cfg(test)]
#[path = "locking_tests.rs"]
mod tests;
