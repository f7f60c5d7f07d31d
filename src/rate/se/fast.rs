//! The rating loop's own singles: SE's `HiddenSingle` and `NakedSingle`, found from an index
//! the loop keeps up to date step by step (each digit's candidate cells and the empty cells, as
//! 81-bit sets), where the rules in `singles.rs` read the whole position at every step.
//!
//! Most steps of most puzzles are singles (every step of a Kaggle-style puzzle is), so this is
//! where the time of easy puzzles goes. The scan orders are `singles.rs`'s, which are SE's:
//! full houses first (blocks, then columns, then rows), then hidden singles in the same region
//! order, digits 1 to 9; naked singles by cell index. The tests check the two against each other
//! on every position of real ratings.

use super::grid::{Grid, PEER_SETS, REGION_CELLS, REGION_SETS};
use super::Hint;

/// The regions in the order the hidden single passes read them: blocks, columns, rows.
const ORDER: [usize; 27] = {
    let mut order = [0usize; 27];
    let mut i = 0;
    while i < 9 {
        order[i] = i;
        order[9 + i] = 18 + i;
        order[18 + i] = 9 + i;
        i += 1;
    }
    order
};

/// The index: for each digit the cells that have it as a candidate, and the empty cells.
#[derive(Debug, Clone)]
pub struct Singles {
    digit: [u128; 10],
    empty: u128,
}

impl Singles {
    /// The index of `grid`.
    pub fn new(grid: &Grid) -> Singles {
        let mut index = Singles { digit: [0; 10], empty: 0 };
        for (c, (&value, &cands)) in grid.values.iter().zip(&grid.cands).enumerate() {
            if value == 0 {
                index.empty |= 1 << c;
            }
            let mut rest = cands;
            while rest != 0 {
                index.digit[rest.trailing_zeros() as usize] |= 1 << c;
                rest &= rest - 1;
            }
        }
        index
    }

    /// Each digit's candidate cells, as cell bits (`[d]` for digit `d`).
    pub fn digit_cells(&self) -> &[u128; 10] {
        &self.digit
    }

    /// Whether every cell has a value.
    pub fn solved(&self) -> bool {
        self.empty == 0
    }

    /// Follows `hint` as [`Hint::apply`] changes the grid: its removals, then its placement.
    pub fn apply(&mut self, hint: &Hint) {
        for &(cell, mask) in &hint.removals {
            let mut rest = mask;
            while rest != 0 {
                self.digit[rest.trailing_zeros() as usize] &= !(1 << cell);
                rest &= rest - 1;
            }
        }
        if let Some((cell, digit)) = hint.placement {
            self.empty &= !(1 << cell);
            for set in &mut self.digit {
                *set &= !(1 << cell);
            }
            self.digit[usize::from(digit)] &= !PEER_SETS[cell];
        }
    }

    /// SE's first hidden single (as `singles::hidden_single`), with its pattern when `detail`.
    pub fn hidden_single(&self, grid: &Grid, detail: bool) -> Option<Hint> {
        for &r in &ORDER {
            let left = REGION_SETS[r] & self.empty;
            if one(left) {
                let cell = left.trailing_zeros() as usize;
                let cands = grid.cands[cell];
                if cands != 0 {
                    let digit = cands.trailing_zeros() as u8;
                    return Some(single("Hidden Single", 1.0, Some(r), cell, digit, detail));
                }
            }
        }
        for &r in &ORDER {
            if one(REGION_SETS[r] & self.empty) {
                continue;
            }
            // The digits with one place in the region, all at once: those seen once and not
            // twice among its cells' candidates (a filled cell has none).
            let (mut once, mut more) = (0u16, 0u16);
            for &c in &REGION_CELLS[r] {
                let cands = grid.cands[usize::from(c)];
                more |= once & cands;
                once |= cands;
            }
            let singles = once & !more;
            if singles != 0 {
                let digit = singles.trailing_zeros() as u8;
                let places = self.digit[usize::from(digit)] & REGION_SETS[r];
                let difficulty = if r < 9 { 1.2 } else { 1.5 };
                let cell = places.trailing_zeros() as usize;
                return Some(single("Hidden Single", difficulty, Some(r), cell, digit, detail));
            }
        }
        None
    }

    /// SE's first naked single (as `singles::naked_single`), with its pattern when `detail`.
    pub fn naked_single(&self, grid: &Grid, detail: bool) -> Option<Hint> {
        let mut rest = self.empty;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            let cands = grid.cands[cell];
            if cands != 0 && cands & (cands - 1) == 0 {
                let digit = cands.trailing_zeros() as u8;
                return Some(single("Naked Single", 2.3, None, cell, digit, detail));
            }
            rest &= rest - 1;
        }
        None
    }
}

/// Whether a set holds exactly one cell (without a population count, which the portable
/// build does in software).
#[inline]
fn one(set: u128) -> bool {
    set != 0 && set & (set - 1) == 0
}

/// A single's hint; its cell, region and digit as the pattern only when `detail` (they cost
/// two allocations a step, which a rating without its steps does not need).
fn single(
    name: &'static str,
    difficulty: f64,
    region: Option<usize>,
    cell: usize,
    digit: u8,
    detail: bool,
) -> Hint {
    let mut hint = Hint::new(name, difficulty);
    hint.placement = Some((cell, digit));
    if detail {
        hint.cells = vec![cell];
        hint.regions = region.into_iter().collect();
        hint.digits = 1 << digit;
    }
    hint
}

#[cfg(test)]
mod tests {
    use super::super::{singles, Ctx, PRODUCERS};
    use super::*;

    /// Rates puzzles with the plain rules and checks, at every position met, that the index
    /// finds what `singles.rs` finds (and keeps in step with the grid).
    #[test]
    fn the_index_finds_what_the_rules_find() {
        // Generated puzzles of datasets/se/generated.txt, rated 1.2, 4.4, 7.1 and 8.3 by SE.
        let puzzles = [
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
            ".23..8....9...2..17...........8159....6.3.4.81.....53..62....4..1.....534..6...2.",
            "..........7.6.8...92.4...6....9.17.6..5.2...3..3..7..2.8..56...45...............1",
            "...........3.1.2.8...752........4.5.9..36....4.7..539..6..3.48............2.879.5",
        ];
        let mut positions = 0;
        for text in puzzles {
            let mut givens = [0u8; 81];
            for (g, b) in givens.iter_mut().zip(text.bytes()) {
                *g = if b == b'.' { 0 } else { b - b'0' };
            }
            let mut grid = Grid::new(&givens);
            let mut index = Singles::new(&grid);
            let mut ctx = Ctx::new(u64::MAX);
            while !grid.is_solved() {
                assert_eq!(index.solved(), grid.is_solved());
                assert_eq!(index.hidden_single(&grid, true), singles::hidden_single(&grid));
                assert_eq!(index.naked_single(&grid, true), singles::naked_single(&grid));
                positions += 1;
                let hint = PRODUCERS
                    .iter()
                    .find_map(|p| p.first(&grid, &mut ctx))
                    .expect("SE solves these");
                hint.apply(&mut grid);
                index.apply(&hint);
                let fresh = Singles::new(&grid);
                assert_eq!((index.digit, index.empty), (fresh.digit, fresh.empty));
            }
        }
        assert!(positions > 150, "{positions}");
    }
}
