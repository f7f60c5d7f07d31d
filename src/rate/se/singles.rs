//! Singles: a digit with one place left in a region (hidden single, SE's `HiddenSingle`) and a
//! cell with one candidate left (naked single, SE's `NakedSingle`).
//!
//! SE looks for hidden singles in two passes. The first takes only regions with one empty
//! cell left (a "full house", difficulty 1.0); the second the other regions (1.2 in a block,
//! 1.5 in a row or column). Each pass reads the blocks, then the COLUMNS, then the rows (not
//! the rows before the columns, as SE's region types are ordered elsewhere), each region's
//! digits 1 to 9. Naked singles are read row by row, each row left to right, that is by cell
//! index.

use super::grid::REGION_CELLS;
use super::grid::REGION_SETS;
use super::{Grid, Hint};

/// The regions in the order the hidden single passes read them: blocks, columns, rows.
const SINGLE_REGION_ORDER: [usize; 27] = {
    let mut order = [0usize; 27];
    let mut i = 0;
    while i < 9 {
        order[i] = i; // block i
        order[9 + i] = 18 + i; // column i
        order[18 + i] = 9 + i; // row i
        i += 1;
    }
    order
};

/// A placement hint of one of the singles rules: a hidden single in region `Some(r)`, or a
/// naked single (`None`: SE gives it no region).
fn single_hint(difficulty: f64, region: Option<usize>, cell: usize, digit: u8) -> Hint {
    let name = if region.is_some() { "Hidden Single" } else { "Naked Single" };
    let mut hint = Hint::new(name, difficulty);
    hint.placement = Some((cell, digit));
    hint.cells = vec![cell];
    hint.regions = region.into_iter().collect();
    hint.digits = 1 << digit;
    hint
}

/// SE's first hidden single: a full house first (1.0), then a digit with one place left in a
/// block (1.2) or a line (1.5).
pub fn hidden_single(grid: &Grid) -> Option<Hint> {
    let mut empty = 0u128;
    for (c, &value) in grid.values.iter().enumerate() {
        if value == 0 {
            empty |= 1 << c;
        }
    }
    // Pass 1: regions with a single empty cell. There the one empty cell is the only possible
    // place of each of its candidates, so SE's first digit with one position is the cell's
    // smallest candidate (a cell with no candidate gives nothing).
    for &r in &SINGLE_REGION_ORDER {
        let left = REGION_SETS[r] & empty;
        if left.count_ones() == 1 {
            let cell = left.trailing_zeros() as usize;
            let cands = grid.cands[cell];
            if cands != 0 {
                return Some(single_hint(1.0, Some(r), cell, cands.trailing_zeros() as u8));
            }
        }
    }
    // Pass 2: the other regions, the first digit (smallest) whose candidates in the region
    // are one cell. The digits seen once and those seen more than once are counted for all
    // nine digits at once, a cell at a time.
    for &r in &SINGLE_REGION_ORDER {
        if (REGION_SETS[r] & empty).count_ones() == 1 {
            continue; // a full house: pass 1's
        }
        let (mut once, mut more) = (0u16, 0u16);
        for &c in &REGION_CELLS[r] {
            let cands = grid.cands[c as usize];
            more |= once & cands;
            once |= cands;
        }
        let single = once & !more;
        if single != 0 {
            let digit = single.trailing_zeros() as u8;
            let cell = REGION_CELLS[r].iter().map(|&c| c as usize).find(|&c| grid.has(c, digit));
            let difficulty = if r < 9 { 1.2 } else { 1.5 };
            return Some(single_hint(difficulty, Some(r), cell?, digit));
        }
    }
    None
}

/// SE's first naked single (2.3): the first cell, by index, with one candidate.
pub fn naked_single(grid: &Grid) -> Option<Hint> {
    let cell = (0..81).find(|&c| grid.cands[c].count_ones() == 1)?;
    let digit = grid.cands[cell].trailing_zeros() as u8;
    Some(single_hint(2.3, None, cell, digit))
}

#[cfg(test)]
#[path = "singles_tests.rs"]
pub(super) mod tests;
