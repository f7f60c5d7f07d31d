//! Patminlex when few transformations reach the smallest pattern (most puzzles): the pattern
//! search as table look-ups on 9-bit row masks, then the values over the transformations left.
//!
//! A row's pattern is a 9-bit mask, a given a set bit, its first column the highest bit, so
//! the smaller number is the smaller 0/1 string. Each stack is a *triplet* of it:
//!
//! ```text
//!   column:   0 1 2   3 4 5   6 7 8
//!   bit:      8 7 6   5 4 3   2 1 0
//!   triplet:  stack 0 stack 1 stack 2     (row >> (6 - 3s)) & 7, bit 2 its first column
//! ```
//!
//! A *candidate* fixes the orientation, the source rows of the output rows so far and the
//! order of the stacks; within each stack, a 6-bit mask holds the orders of its three columns
//! that still give the smallest rows so far ([`BEST`] narrows it a row at a time). The stack
//! order is fixed by the first row already: any order the first row leaves open is a
//! candidate of its own. Level by level, every candidate is extended by each source row the
//! bands allow, and only those whose row is the smallest of the level are kept. The
//! candidates of the last level, each with every column order its masks allow, are exactly
//! the transformations with the smallest pattern; the values are compared over them, the
//! givens alone (the blanks are where the pattern has them, the same for all).
//!
//! When the candidates or their column orders grow past the limits below (sparse grids, grids
//! with symmetries), this search gives up and the general one (`search`) takes over.

use super::form::Canonical;
use super::transform::Transform;
use crate::grid::{Grid, CELLS};

/// The six orders of three things: in order `k`, position `i` takes item `PERM3[k][i]`.
const PERM3: [[u8; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// Every order of three allowed.
const ALL_ORDERS: u8 = 0b11_1111;

/// At most this many candidates in a level; more, and the general search takes over.
const MAX_CANDIDATES: usize = 1024;

/// At most this many transformations compared on their values; more, and the general search
/// takes over.
const MAX_TRANSFORMS: usize = 1 << 16;

/// Triplet `t` with its columns in order `k`.
const fn permute_triplet(t: u8, k: usize) -> u8 {
    let mut out = 0;
    let mut i = 0;
    while i < 3 {
        if t & (4 >> PERM3[k][i]) != 0 {
            out |= 4 >> i;
        }
        i += 1;
    }
    out
}

/// `BEST[t][orders]`: the smallest triplet `t` becomes under the column orders in `orders`
/// (bit `k` for order `k`), and the orders that give it. Unused for `orders == 0`.
static BEST: [[(u8, u8); 64]; 8] = best_table();

const fn best_table() -> [[(u8, u8); 64]; 8] {
    let mut table = [[(0u8, 0u8); 64]; 8];
    let mut t = 0;
    while t < 8 {
        let mut orders = 1;
        while orders < 64 {
            let mut best = u8::MAX;
            let mut reach = 0u8;
            let mut k = 0;
            while k < 6 {
                if orders & (1 << k) != 0 {
                    let image = permute_triplet(t as u8, k);
                    if image < best {
                        best = image;
                        reach = 0;
                    }
                    if image == best {
                        reach |= 1 << k;
                    }
                }
                k += 1;
            }
            table[t][orders] = (best, reach);
            orders += 1;
        }
        t += 1;
    }
    table
}

/// `MIN_ROW[m]`: the smallest row mask `m` becomes under every stack and column order: the
/// stacks by their count of givens, fewest first, each with its givens at its end.
static MIN_ROW: [u16; 512] = min_row_table();

const fn min_row_table() -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut m = 0;
    while m < 512 {
        let mut counts = [0u32; 3];
        let mut s = 0;
        while s < 3 {
            counts[s] = ((m >> (6 - 3 * s)) & 7u32).count_ones();
            s += 1;
        }
        // Three items: sort by hand.
        let (mut a, mut b, mut c) = (counts[0], counts[1], counts[2]);
        if a > b {
            (a, b) = (b, a);
        }
        if b > c {
            (b, c) = (c, b);
        }
        if a > b {
            (a, b) = (b, a);
        }
        table[m as usize] = fill(a) << 6 | fill(b) << 3 | fill(c);
        m += 1;
    }
    table
}

/// A triplet with `n` givens, all at its end.
const fn fill(n: u32) -> u16 {
    (1u16 << n) - 1
}

/// Some output rows laid out: see the [module documentation](self).
#[derive(Clone, Copy)]
struct Candidate {
    transpose: bool,
    /// The order of the stacks: output slot `j` takes source stack `PERM3[stacks][j]`.
    stacks: u8,
    /// Per output slot, the column orders still allowed.
    orders: [u8; 3],
    /// Source rows used, one bit each.
    used: u16,
    /// The source row of each output row laid out.
    rows: [u8; 9],
}

impl Candidate {
    /// The source columns of the output columns with order `k[j]` in slot `j`.
    #[inline]
    fn columns(&self, k: [usize; 3]) -> [u8; 9] {
        let stacks = PERM3[self.stacks as usize];
        let mut cols = [0u8; 9];
        for j in 0..3 {
            for i in 0..3 {
                cols[j * 3 + i] = stacks[j] * 3 + PERM3[k[j]][i];
            }
        }
        cols
    }
}

/// The triplets of row mask `m` in the output slots of stack order `stacks`.
#[inline(always)]
fn triplets(m: u16, stacks: u8) -> [usize; 3] {
    let p = PERM3[stacks as usize];
    p.map(|s| ((m >> (6 - 3 * s)) & 7) as usize)
}

/// The source rows an output row at `depth` may take after rows `used` (the first of a band:
/// any row of a band not used yet; else the rest of the band of `band_row`).
#[inline(always)]
fn allowed(depth: usize, used: u16, band_row: u8) -> u16 {
    if depth % 3 == 0 {
        let mut rows = 0;
        for b in 0..3 {
            if used & (0b111 << (3 * b)) == 0 {
                rows |= 0b111 << (3 * b);
            }
        }
        rows
    } else {
        (0b111 << (band_row / 3 * 3)) & !used
    }
}

/// Scratch for [`Search::patminlex`]: the grid both ways and two levels of candidates.
pub(super) struct Search {
    cells: [[u8; CELLS]; 2],
    masks: [[u16; 9]; 2],
    level: Vec<Candidate>,
    next: Vec<Candidate>,
}

impl Search {
    pub(super) fn new() -> Search {
        Search { cells: [[0; CELLS]; 2], masks: [[0; 9]; 2], level: Vec::new(), next: Vec::new() }
    }

    /// The patminlex form of `grid`, or `None` when too many transformations keep the
    /// smallest pattern for this search (see the [module documentation](self)).
    pub(super) fn patminlex(&mut self, grid: &Grid) -> Option<Canonical> {
        self.masks = [[0; 9]; 2];
        for r in 0..9 {
            for c in 0..9 {
                let v = grid.0[r * 9 + c];
                self.cells[0][r * 9 + c] = v;
                self.cells[1][c * 9 + r] = v;
                if v != 0 {
                    self.masks[0][r] |= 0x100 >> c;
                    self.masks[1][c] |= 0x100 >> r;
                }
            }
        }
        let pattern = self.pattern()?;
        self.values(&pattern)
    }

    /// The smallest pattern, row by row, leaving in `level` the candidates that reach it.
    fn pattern(&mut self) -> Option<[u16; 9]> {
        let mut pattern = [0u16; 9];
        // Row 0: the smallest any row can become, then the stack orders that make it so.
        let first = self.masks.iter().flatten().map(|&m| MIN_ROW[m as usize]).min().unwrap_or(0);
        pattern[0] = first;
        self.level.clear();
        for (t, masks) in self.masks.iter().enumerate() {
            for (r, &m) in masks.iter().enumerate() {
                if MIN_ROW[m as usize] != first {
                    continue;
                }
                for stacks in 0..6u8 {
                    let [t0, t1, t2] = triplets(m, stacks);
                    let (b0, o0) = BEST[t0][ALL_ORDERS as usize];
                    let (b1, o1) = BEST[t1][ALL_ORDERS as usize];
                    let (b2, o2) = BEST[t2][ALL_ORDERS as usize];
                    if u16::from(b0) << 6 | u16::from(b1) << 3 | u16::from(b2) != first {
                        continue;
                    }
                    let mut rows = [0u8; 9];
                    rows[0] = r as u8;
                    self.level.push(Candidate {
                        transpose: t == 1,
                        stacks,
                        orders: [o0, o1, o2],
                        used: 1 << r,
                        rows,
                    });
                }
            }
        }
        for (depth, row) in pattern.iter_mut().enumerate().skip(1) {
            *row = self.extend(depth);
            if self.level.len() > MAX_CANDIDATES {
                return None;
            }
        }
        Some(pattern)
    }

    /// Extends every candidate by one output row, keeping those whose row is the smallest;
    /// returns that row.
    fn extend(&mut self, depth: usize) -> u16 {
        let mut best = u16::MAX;
        self.next.clear();
        for cand in &self.level {
            let masks = &self.masks[usize::from(cand.transpose)];
            let mut rows = allowed(depth, cand.used, cand.rows[depth / 3 * 3]);
            while rows != 0 {
                let r = rows.trailing_zeros() as usize;
                rows &= rows - 1;
                let [t0, t1, t2] = triplets(masks[r], cand.stacks);
                let (b0, o0) = BEST[t0][cand.orders[0] as usize];
                let (b1, o1) = BEST[t1][cand.orders[1] as usize];
                let (b2, o2) = BEST[t2][cand.orders[2] as usize];
                let row = u16::from(b0) << 6 | u16::from(b1) << 3 | u16::from(b2);
                if row > best {
                    continue;
                }
                if row < best {
                    best = row;
                    self.next.clear();
                }
                let mut next = *cand;
                next.orders = [o0, o1, o2];
                next.used |= 1 << r;
                next.rows[depth] = r as u8;
                self.next.push(next);
            }
        }
        std::mem::swap(&mut self.level, &mut self.next);
        best
    }

    /// The smallest relabelled string over the candidates left and their column orders,
    /// with how many of those transformations reach it.
    fn values(&self, pattern: &[u16; 9]) -> Option<Canonical> {
        let total: usize = self
            .level
            .iter()
            .map(|c| c.orders.iter().map(|o| o.count_ones() as usize).product::<usize>())
            .sum();
        if total > MAX_TRANSFORMS {
            return None;
        }
        // The givens' output cells, in string order, as (row, column).
        let mut at = [(0u8, 0u8); CELLS];
        let mut n = 0;
        for (r, &m) in pattern.iter().enumerate() {
            let mut bits = m;
            while bits != 0 {
                let top = 15 - bits.leading_zeros() as u8;
                bits &= !(1 << top);
                at[n] = (r as u8, 8 - top);
                n += 1;
            }
        }
        let at = &at[..n];
        // The best labels, given by given; u8::MAX until the first transformation.
        let mut best = [u8::MAX; CELLS];
        let mut count = 0u64;
        let mut reach: Option<(usize, [u8; 9])> = None;
        for (index, cand) in self.level.iter().enumerate() {
            let cells = &self.cells[usize::from(cand.transpose)];
            let starts = cand.rows.map(|r| r * 9);
            for k0 in bits(cand.orders[0]) {
                for k1 in bits(cand.orders[1]) {
                    for k2 in bits(cand.orders[2]) {
                        let cols = cand.columns([k0, k1, k2]);
                        let mut labels = [0u8; 10];
                        let mut next = 1;
                        let mut below = false;
                        let mut kept = true;
                        for (i, &(r, c)) in at.iter().enumerate() {
                            let v = cells[(starts[r as usize] + cols[c as usize]) as usize];
                            let label = &mut labels[v as usize];
                            if *label == 0 {
                                *label = next;
                                next += 1;
                            }
                            if !below {
                                if *label > best[i] {
                                    kept = false;
                                    break;
                                }
                                below = *label < best[i];
                            }
                            // Once below, `best` is being replaced: write it in place.
                            if below {
                                best[i] = *label;
                            }
                        }
                        if !kept {
                            continue;
                        }
                        if below || reach.is_none() {
                            count = 1;
                            reach = Some((index, cols));
                        } else {
                            count += 1;
                        }
                    }
                }
            }
        }
        let (index, cols) = reach?;
        let cand = &self.level[index];
        let (grid, transform) = relabel(&self.cells[usize::from(cand.transpose)], cand, cols);
        debug_assert!(at
            .iter()
            .zip(&best)
            .all(|(&(r, c), &b)| grid.0[r as usize * 9 + c as usize] == b));
        Some(Canonical { grid, transform, automorphisms: count })
    }
}

/// The grid a candidate gives with columns `cols`, its digits relabelled in order of first
/// appearance, and that transformation (digits that do not appear labelled after the others,
/// in increasing order).
fn relabel(cells: &[u8; CELLS], cand: &Candidate, cols: [u8; 9]) -> (Grid, Transform) {
    let mut digits = [0u8; 10];
    let mut next = 1;
    let mut out = [0u8; CELLS];
    for (r, &sr) in cand.rows.iter().enumerate() {
        for (c, &sc) in cols.iter().enumerate() {
            let v = cells[sr as usize * 9 + sc as usize];
            if v != 0 && digits[v as usize] == 0 {
                digits[v as usize] = next;
                next += 1;
            }
            out[r * 9 + c] = digits[v as usize];
        }
    }
    for (label, d) in (next..).zip(digits.iter_mut().skip(1).filter(|d| **d == 0)) {
        *d = label;
    }
    (Grid(out), Transform { transpose: cand.transpose, rows: cand.rows, cols, digits })
}

/// The set bits of a 6-bit mask, as indices.
#[inline(always)]
fn bits(mask: u8) -> impl Iterator<Item = usize> {
    (0..6).filter(move |k| mask & (1 << k) != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Row mask `m` with its columns in order `cols` (output column -> source column).
    fn reorder(m: u16, cols: &[u8; 9]) -> u16 {
        (0..9).fold(0, |out, c| if m & (0x100 >> cols[c]) != 0 { out | 0x100 >> c } else { out })
    }

    #[test]
    fn tables_agree_with_brute_force() {
        for m in 0..512u16 {
            let mut smallest = u16::MAX;
            for stacks in PERM3 {
                for a in 0..6 {
                    for b in 0..6 {
                        for c in 0..6 {
                            let mut cols = [0u8; 9];
                            for (j, k) in [a, b, c].into_iter().enumerate() {
                                for i in 0..3 {
                                    cols[j * 3 + i] = stacks[j] * 3 + PERM3[k][i];
                                }
                            }
                            smallest = smallest.min(reorder(m, &cols));
                        }
                    }
                }
            }
            assert_eq!(MIN_ROW[m as usize], smallest, "{m:09b}");
        }
        for t in 0..8u8 {
            for orders in 1..64u8 {
                // The triplet in stack 0, the other columns left alone.
                let image = |k: usize| {
                    let cols: [u8; 9] =
                        std::array::from_fn(|c| if c < 3 { PERM3[k][c] } else { c as u8 });
                    (reorder(u16::from(t) << 6, &cols) >> 6) as u8
                };
                let images: Vec<(usize, u8)> =
                    (0..6).filter(|k| orders & (1 << k) != 0).map(|k| (k, image(k))).collect();
                let best = images.iter().map(|&(_, v)| v).min().unwrap();
                let reach =
                    images.iter().filter(|&&(_, v)| v == best).fold(0u8, |m, &(k, _)| m | 1 << k);
                assert_eq!(
                    BEST[t as usize][orders as usize],
                    (best, reach),
                    "{t:03b} {orders:06b}"
                );
            }
        }
    }
}
