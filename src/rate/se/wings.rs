//! XY-Wing and XYZ-Wing (SE's `XYWing(false)` and `XYWing(true)`).
//!
//! - XY-Wing (4.2): a pivot with candidates {x, y} sees a cell {x, z} and a cell {y, z}:
//!   z goes from every cell that sees both wings.
//! - XYZ-Wing (4.4): a pivot {x, y, z} sees a cell {x, z} and a cell {y, z}: z goes from every
//!   cell that sees all three.
//!
//! SE reads the pivot by cell index (rows top to bottom, each left to right), then the first
//! wing among the pivot's peers in SE's peer order (`getHouseCells`: block, row, column), then
//! the second wing in the same order; a hint counts only if it removes something.

use super::grid::{Bits, PEERS, PEER_SETS};
use super::{Grid, Hint};

/// Whether the candidates of pivot, first and second wing make the pattern: three digits in
/// all, none common to the three cells for an XY-Wing, exactly one (z) for an XYZ-Wing. The
/// cells' sizes are checked by the caller.
fn is_wing(xyz: bool, pivot: u16, wing1: u16, wing2: u16) -> bool {
    let common = (pivot & wing1 & wing2).count_ones();
    (pivot | wing1 | wing2).count_ones() == 3 && common == if xyz { 1 } else { 0 }
}

/// SE's first XY-Wing (`xyz` false) or XYZ-Wing (`xyz` true).
pub fn xy_wing(grid: &Grid, xyz: bool) -> Option<Hint> {
    let pivot_size = if xyz { 3 } else { 2 };
    for (pivot, &xy) in grid.cands.iter().enumerate() {
        if xy.count_ones() != pivot_size {
            continue;
        }
        for &wing1 in &PEERS[pivot] {
            let wing1 = wing1 as usize;
            let xz = grid.cands[wing1];
            if xz.count_ones() != 2 || (xy & !xz).count_ones() != 1 {
                continue;
            }
            for &wing2 in &PEERS[pivot] {
                let wing2 = wing2 as usize;
                let yz = grid.cands[wing2];
                if yz.count_ones() != 2 || !is_wing(xyz, xy, xz, yz) {
                    continue;
                }
                let hint = wing_hint(grid, xyz, pivot, wing1, wing2);
                if hint.is_worth() {
                    return Some(hint);
                }
            }
        }
    }
    None
}

/// The hint of a wing: z (the wings' common digit) goes from the cells that see both wings
/// (and the pivot, for an XYZ-Wing).
fn wing_hint(grid: &Grid, xyz: bool, pivot: usize, wing1: usize, wing2: usize) -> Hint {
    let z = (grid.cands[wing1] & grid.cands[wing2]).trailing_zeros() as u8;
    let mut victims = PEER_SETS[wing1] & PEER_SETS[wing2];
    if xyz {
        victims &= PEER_SETS[pivot];
    }
    victims &= !(1u128 << pivot | 1u128 << wing1 | 1u128 << wing2);
    let (name, difficulty) = if xyz { ("XYZ-Wing", 4.4) } else { ("XY-Wing", 4.2) };
    let mut hint = Hint::new(name, difficulty);
    hint.cells = vec![pivot, wing1, wing2];
    hint.digits = grid.cands[pivot] | grid.cands[wing1] | grid.cands[wing2];
    for cell in Bits(victims).filter(|&c| grid.has(c, z)) {
        hint.remove(cell, 1 << z);
    }
    hint
}

#[cfg(test)]
#[path = "wings_tests.rs"]
mod tests;
