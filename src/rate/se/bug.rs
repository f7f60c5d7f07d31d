//! Bivalue universal grave, types 1 to 4 (SE's `BivalueUniversalGrave`).
//!
//! A position where every empty cell has two candidates and every candidate has two places in
//! each of its regions (a "BUG") has zero or two solutions. So when the position would be a
//! BUG but for a few extra candidates ("BUG values" in "BUG cells"), a puzzle with one
//! solution needs one of them to be true:
//!
//! - type 1: one BUG cell: it is one of its BUG values, its other candidates go;
//! - type 2: one BUG value in all BUG cells: the cells seeing every BUG cell lose it;
//! - type 3: the BUG cells' BUG values, as one cell, make a naked set with other cells of a
//!   region the BUG cells share: the set's digits go from the region's other cells;
//! - type 4: two BUG cells sharing a region and one other digit: in each, the candidates that
//!   are neither its BUG values nor that digit go (one of the two cells holds its BUG value,
//!   so that digit, locked in the pair, is the other's).
//!
//! How SE finds them, reproduced here:
//!
//! 1. For each region (blocks, rows, columns) and digit 1 to 9, a digit with neither zero nor
//!    two places there must have exactly one of those places in a cell of three candidates or
//!    more: that cell is a BUG cell for the digit (with none, the position is no BUG and SE
//!    stops; with several, it waits for another region to tell). The cells seeing every BUG
//!    cell found so far are kept as SE keeps them, in the first BUG cell's peer order; with
//!    two BUG cells or more, two BUG values or more and no such cell, SE stops.
//! 2. Without the BUG values, every empty cell must have two candidates and every digit zero
//!    or two places in each region.
//! 3. Then: one BUG cell gives type 1; else one BUG value gives type 2, then (two BUG cells)
//!    type 4; else, if some cells see every BUG cell, (two BUG cells) type 4, then type 3 (by
//!    block, row, column, then degree 2 to 6, then the other cells in SE's `Permutations`
//!    order over the common cells of the region). The first hint that removes something is
//!    the step.
//!
//! SE's sets here are either ordered (`LinkedHashSet`, reproduced) or only tested for
//! membership (`HashSet`, `HashMap`), so identity hash codes do not make its answer vary.

use super::grid::PEER_SETS;
use super::grid::{Cell, Grid, CELL_REGIONS, PEERS, REGION_CELLS};
use super::unique::Combinations;
use super::Hint;

/// What step 1 finds.
struct Bug {
    /// The BUG cells, in the order found.
    cells: Vec<Cell>,
    /// Each BUG cell's BUG values (parallel to `cells`).
    values: Vec<u16>,
    /// All BUG values.
    all_values: u16,
    /// The cells seeing every BUG cell (none before the first BUG cell is found).
    common: Option<u128>,
}

impl Bug {
    fn values_of(&self, cell: Cell) -> u16 {
        self.cells.iter().position(|&c| c == cell).map_or(0, |i| self.values[i])
    }

    /// The cells seeing every BUG cell, in SE's order (the first BUG cell's peer order).
    fn common_cells(&self) -> Vec<Cell> {
        let Some(common) = self.common else { return Vec::new() };
        PEERS[self.cells[0]]
            .iter()
            .map(|&p| p as usize)
            .filter(|&p| common & (1 << p) != 0)
            .collect()
    }

    /// The region of `kind` (0 block, 1 row, 2 column) all BUG cells share, if any.
    fn shared_region(&self, kind: usize) -> Option<usize> {
        let region = CELL_REGIONS[self.cells[0]][kind];
        self.cells.iter().all(|&c| CELL_REGIONS[c][kind] == region).then_some(region as usize)
    }
}

/// Step 1: SE's scan for BUG cells and values; `None` where SE stops.
fn find_bug(grid: &Grid) -> Option<Bug> {
    let mut bug = Bug { cells: Vec::new(), values: Vec::new(), all_values: 0, common: None };
    for (region, region_cells) in REGION_CELLS.iter().enumerate() {
        for digit in 1..=9u8 {
            let positions = grid.positions(region, digit);
            if matches!(positions.count_ones(), 0 | 2) {
                continue;
            }
            let mut found = None;
            let mut count = 0;
            for (i, &cell) in region_cells.iter().enumerate() {
                let cell = cell as usize;
                if positions & (1 << i) != 0 && grid.cands[cell].count_ones() >= 3 {
                    found = Some(cell);
                    count += 1;
                }
            }
            match (count, found) {
                (0, _) => return None,
                (1, Some(cell)) => {
                    match bug.cells.iter().position(|&c| c == cell) {
                        Some(i) => bug.values[i] |= 1 << digit,
                        None => {
                            bug.cells.push(cell);
                            bug.values.push(1 << digit);
                        }
                    }
                    bug.all_values |= 1 << digit;
                    let mut common = bug.common.unwrap_or(!0) & PEER_SETS[cell];
                    for &c in &bug.cells {
                        common &= !(1 << c);
                    }
                    bug.common = Some(common);
                    if bug.cells.len() > 1 && bug.all_values.count_ones() > 1 && common == 0 {
                        return None;
                    }
                }
                _ => {}
            }
        }
    }
    Some(bug)
}

/// Step 2: whether the position without the BUG values is a BUG.
fn is_grave(grid: &Grid, bug: &Bug) -> bool {
    let mut temp = *grid;
    for (&cell, &values) in bug.cells.iter().zip(&bug.values) {
        temp.cands[cell] &= !values;
    }
    if (0..81).any(|c| temp.values[c] == 0 && temp.cands[c].count_ones() != 2) {
        return false;
    }
    (0..27).all(|r| (1..=9).all(|d| matches!(temp.positions(r, d).count_ones(), 0 | 2)))
}

/// The BUG hint SE would apply first in `grid`, if any.
pub fn bug(grid: &Grid) -> Option<Hint> {
    let bug = find_bug(grid)?;
    if !is_grave(grid, &bug) {
        return None;
    }
    if bug.cells.len() == 1 {
        return Some(type1(grid, &bug));
    }
    let common = bug.common.unwrap_or(0);
    if bug.all_values.count_ones() == 1 {
        if common != 0 {
            if let Some(hint) = type2(grid, &bug, common) {
                return Some(hint);
            }
        }
        if bug.cells.len() == 2 {
            return type4(grid, &bug);
        }
        None
    } else if common != 0 {
        if bug.cells.len() == 2 {
            if let Some(hint) = type4(grid, &bug) {
                return Some(hint);
            }
        }
        type3(grid, &bug)
    } else {
        None
    }
}

fn bug_hint(name: &'static str, difficulty: f64, bug: &Bug) -> Hint {
    let mut hint = Hint::new(name, difficulty);
    hint.cells = bug.cells.clone();
    hint.digits = bug.all_values;
    hint
}

fn type1(grid: &Grid, bug: &Bug) -> Hint {
    let cell = bug.cells[0];
    let mut hint = bug_hint("BUG type 1", 5.6, bug);
    hint.remove(cell, grid.cands[cell] & !bug.all_values);
    hint
}

fn type2(grid: &Grid, bug: &Bug, common: u128) -> Option<Hint> {
    let digit = bug.all_values.trailing_zeros() as u8;
    let mut hint = bug_hint("BUG type 2", 5.7, bug);
    for c in 0..81 {
        if common & (1 << c) != 0 && grid.has(c, digit) {
            hint.remove(c, 1 << digit);
        }
    }
    hint.is_worth().then_some(hint)
}

fn type4(grid: &Grid, bug: &Bug) -> Option<Hint> {
    let (c1, c2) = (bug.cells[0], bug.cells[1]);
    let shared = grid.cands[c1] & grid.cands[c2] & !bug.all_values;
    if shared.count_ones() != 1 {
        return None;
    }
    let region = (0..3).find_map(|kind| bug.shared_region(kind))?;
    let mut hint = bug_hint("BUG type 4", 5.7, bug);
    hint.regions = vec![region];
    hint.remove(c1, grid.cands[c1] & !bug.values_of(c1) & !shared);
    hint.remove(c2, grid.cands[c2] & !bug.values_of(c2) & !shared);
    Some(hint)
}

fn type3(grid: &Grid, bug: &Bug) -> Option<Hint> {
    let common = bug.common_cells();
    for kind in 0..3 {
        let Some(region) = bug.shared_region(kind) else { continue };
        let cells: Vec<Cell> =
            common.iter().copied().filter(|&c| CELL_REGIONS[c].contains(&(region as u8))).collect();
        for degree in 2..=6 {
            if cells.len() < degree {
                continue;
            }
            for combo in Combinations::new(degree - 1, cells.len()) {
                // SE's `searchCommonTuple` on the chosen cells' candidates and the BUG
                // values: each two digits or more, `degree` digits in all, after the chosen
                // cells alone have `degree` digits.
                let mut union = 0u16;
                let mut too_small = bug.all_values.count_ones() <= 1;
                for (i, &cell) in cells.iter().enumerate() {
                    if combo & (1 << i) != 0 {
                        union |= grid.cands[cell];
                        too_small |= grid.cands[cell].count_ones() <= 1;
                    }
                }
                if union.count_ones() as usize != degree
                    || too_small
                    || (union | bug.all_values).count_ones() as usize != degree
                {
                    continue;
                }
                let naked = union | bug.all_values;
                let mut hint =
                    bug_hint("BUG type 3", 5.7 + f64::from(degree as i32 - 1) * 0.1, bug);
                hint.regions = vec![region];
                for (i, &cell) in cells.iter().enumerate() {
                    if combo & (1 << i) == 0 {
                        hint.remove(cell, grid.cands[cell] & naked);
                    }
                }
                if hint.is_worth() {
                    return Some(hint);
                }
            }
        }
    }
    None
}

#[cfg(test)]
#[path = "bug_tests.rs"]
mod tests;
