//! Naked and hidden sets (SE's `NakedSet` and `HiddenSet`): pairs, triplets, quads, and the
//! "direct" hidden pair and triplet.
//!
//! - Naked set of degree n: n cells of a region whose candidates, together, are n digits
//!   (each cell with at least two): those digits go from the region's other cells.
//! - Hidden set of degree n: n digits whose places in a region, together, are n cells (each
//!   digit with at least two): the cells' other candidates go.
//! - Direct hidden set (`DirectHiddenSetHint`): a hidden pair or triplet counts only if
//!   removing those other candidates would leave another digit of the region with one place
//!   (a digit with at least two places, exactly one outside the set's cells, the first such
//!   digit); the hint removes nothing and places that digit there.
//!
//! SE reads the blocks, then the columns, then the rows, each by number. Within a region it
//! takes the n-subsets of the nine cell indices (naked) or of the digits 1 to 9 (hidden) in
//! the order of SE's `Permutations`: the subsets as 9-bit masks in increasing numeric order
//! (Gosper's next-combination). A region is tried only if it has enough empty cells: at
//! least 2n for a naked set; more than 2n for a hidden set, or more than n for a direct one.

use super::grid::{ones, REGION_CELLS};
use super::{Grid, Hint};

/// The order SE reads regions in: blocks, columns, rows.
const SET_REGION_ORDER: [usize; 27] = {
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

/// The n-subsets of 0..9 as 9-bit masks in SE's `Permutations` order (increasing masks),
/// for n = 2, 3, 4.
struct Subsets {
    masks: [[u16; 126]; 5],
    len: [usize; 5],
}

const SUBSETS: Subsets = {
    let mut masks = [[0u16; 126]; 5];
    let mut len = [0usize; 5];
    let mut m = 0u16;
    while m < 512 {
        let n = m.count_ones() as usize;
        if n >= 2 && n <= 4 {
            masks[n][len[n]] = m;
            len[n] += 1;
        }
        m += 1;
    }
    Subsets { masks, len }
};

/// The n-subsets of 0..9 in SE's order (also `Permutations(n, 9)` for the fish).
pub(super) fn subsets(n: usize) -> &'static [u16] {
    &SUBSETS.masks[n][..SUBSETS.len[n]]
}

/// The `n`-subsets of the bits of `within`, in increasing numeric order (SE's order, less the
/// subsets that hold a bit outside `within`), until `f` returns something. The n-subsets of
/// the first k indices are the first C(k, n) of `subsets(n)`; each is spread onto the bits
/// of `within` in order, which keeps the numeric order.
pub(super) fn first_subset<T>(
    within: u16,
    n: usize,
    mut f: impl FnMut(u16) -> Option<T>,
) -> Option<T> {
    let mut index = [0u8; 9];
    let mut k = 0;
    let mut rest = within;
    while rest != 0 {
        index[k] = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        k += 1;
    }
    for &compact in subsets(n).iter().take_while(|&&s| s < 1 << k) {
        let mut subset = 0u16;
        let mut bits = compact;
        while bits != 0 {
            subset |= 1 << index[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        if let Some(found) = f(subset) {
            return Some(found);
        }
    }
    None
}

/// The set bits of a 9-bit mask, lowest first.
fn bits9(mask: u16) -> impl Iterator<Item = usize> {
    (0..9).filter(move |&i| mask & (1 << i) != 0)
}

/// How many cells of region `r` are empty.
fn empty_cells(grid: &Grid, r: usize) -> usize {
    REGION_CELLS[r].iter().filter(|&&c| grid.values[c as usize] == 0).count()
}

/// Each digit's positions in region `r` (bits of cell indices, SE's `getPotentialPositions`).
fn region_positions(grid: &Grid, r: usize) -> [u16; 10] {
    let mut positions = [0u16; 10];
    for (i, &c) in REGION_CELLS[r].iter().enumerate() {
        let mut cands = grid.cands[c as usize];
        while cands != 0 {
            let d = cands.trailing_zeros() as usize;
            cands &= cands - 1;
            positions[d] |= 1 << i;
        }
    }
    positions
}

/// The union of `parts` (indexed by the bits of `subset`) if it has exactly `n` elements (SE's
/// `CommonTuples.searchCommonTuple`, given a subset of parts with two elements or more).
fn common_tuple(subset: u16, n: usize, parts: &[u16]) -> Option<u16> {
    let mut union = 0;
    let mut rest = subset;
    while rest != 0 {
        union |= parts[rest.trailing_zeros() as usize];
        rest &= rest - 1;
    }
    (ones(union) as usize == n).then_some(union)
}

/// The bits of the parts with two to `n` elements: SE also takes a part with more, but the
/// union of a subset holding one has more than `n`, and one with fewer than two fails.
fn eligible(parts: &[u16], n: usize) -> u16 {
    parts
        .iter()
        .enumerate()
        .filter(|(_, &p)| (2..=n as u32).contains(&ones(p)))
        .fold(0, |m, (i, _)| m | 1 << i)
}

/// SE's first hidden set of degree `n` (2 to 4); `direct` for the direct form (n = 2 or 3).
pub fn hidden_set(grid: &Grid, n: usize, direct: bool) -> Option<Hint> {
    for &r in &SET_REGION_ORDER {
        let empty = empty_cells(grid, r);
        if !(empty > 2 * n || (direct && empty > n)) {
            continue;
        }
        let positions = region_positions(grid, r);
        // Subset bit i is digit i + 1.
        let parts = &positions[1..];
        let eligible = eligible(parts, n);
        if (ones(eligible) as usize) < n {
            continue;
        }
        let hint = first_subset(eligible, n, |subset| {
            let common = common_tuple(subset, n, parts)?;
            let digits = subset << 1;
            if direct {
                direct_hidden_hint(r, n, &positions, digits, common)
            } else {
                hidden_hint(grid, r, n, digits, common)
            }
        });
        if hint.is_some() {
            return hint;
        }
    }
    None
}

/// The set's pattern: its cells, its region and its digits.
fn set_hint(name: &'static str, difficulty: f64, r: usize, cells: u16, digits: u16) -> Hint {
    let mut hint = Hint::new(name, difficulty);
    hint.cells = bits9(cells).map(|i| REGION_CELLS[r][i] as usize).collect();
    hint.regions = vec![r];
    hint.digits = digits;
    hint
}

/// An indirect hidden set: the set's cells lose their other candidates; None if they have
/// none.
fn hidden_hint(grid: &Grid, r: usize, n: usize, digits: u16, cells: u16) -> Option<Hint> {
    const DIFFICULTY: [f64; 3] = [3.4, 4.0, 5.4];
    const NAMES: [&str; 3] = ["Hidden Pair", "Hidden Triplet", "Hidden Quad"];
    let cell = |i: usize| REGION_CELLS[r][i] as usize;
    if bits9(cells).all(|i| grid.cands[cell(i)] & !digits == 0) {
        return None;
    }
    let mut hint = set_hint(NAMES[n - 2], DIFFICULTY[n - 2], r, cells, digits);
    for i in bits9(cells) {
        hint.remove(cell(i), grid.cands[cell(i)] & !digits);
    }
    Some(hint)
}

/// A direct hidden set: the first digit outside the set (1 to 9) with two places or more in
/// the region and one outside the set's cells, placed there; None if there is none.
fn direct_hidden_hint(
    r: usize,
    n: usize,
    positions: &[u16; 10],
    digits: u16,
    cells: u16,
) -> Option<Hint> {
    const DIFFICULTY: [f64; 3] = [2.0, 2.5, 4.3];
    const NAMES: [&str; 3] = ["Direct Hidden Pair", "Direct Hidden Triplet", "Direct Hidden Quad"];
    for digit in 1..=9u8 {
        let p = positions[digit as usize];
        if digits & (1 << digit) != 0 || ones(p) <= 1 {
            continue;
        }
        let left = p & !cells;
        if ones(left) == 1 {
            let mut hint = set_hint(NAMES[n - 2], DIFFICULTY[n - 2], r, cells, digits);
            let cell = REGION_CELLS[r][left.trailing_zeros() as usize] as usize;
            hint.placement = Some((cell, digit));
            return Some(hint);
        }
    }
    None
}

/// SE's first naked set of degree `n` (2 to 4).
pub fn naked_set(grid: &Grid, n: usize) -> Option<Hint> {
    const DIFFICULTY: [f64; 3] = [3.0, 3.6, 5.0];
    const NAMES: [&str; 3] = ["Naked Pair", "Naked Triplet", "Naked Quad"];
    for &r in &SET_REGION_ORDER {
        let cells = &REGION_CELLS[r];
        if empty_cells(grid, r) < 2 * n {
            continue;
        }
        let mut cands = [0u16; 9];
        for (i, &c) in cells.iter().enumerate() {
            cands[i] = grid.cands[c as usize];
        }
        let eligible = eligible(&cands, n);
        if (ones(eligible) as usize) < n {
            continue;
        }
        let hint = first_subset(eligible, n, |subset| {
            let digits = common_tuple(subset, n, &cands)?;
            // Worth it only if another cell of the region has one of the digits.
            if bits9(!subset & 0x1ff).all(|i| cands[i] & digits == 0) {
                return None;
            }
            let mut hint = set_hint(NAMES[n - 2], DIFFICULTY[n - 2], r, subset, digits);
            for i in bits9(!subset & 0x1ff) {
                hint.remove(cells[i] as usize, cands[i] & digits);
            }
            Some(hint)
        });
        if hint.is_some() {
            return hint;
        }
    }
    None
}

#[cfg(test)]
#[path = "subsets_tests.rs"]
mod tests;
