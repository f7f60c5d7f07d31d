//! Minlex of a grid whose rows and columns each hold the nine digits once (every solution
//! grid is one): the general search (`search`), specialised.
//!
//! In such a grid the output's first row relabels to `123456789` whatever the column order,
//! so the form is settled by the second row. For an ordered pair of rows `r0`, `r1` of one
//! band, let `pi[c]` be the column of `r0` holding the digit `r1` has in column `c`; with
//! the columns in an order `g` (column to position), row 1 is `q + 1` where
//! `q = g pi g^-1`. So the smallest row 1 a pair can give depends only on the class of `pi`
//! under the 1,296 column orders, and there are 15 such classes ([`CLASSES`]), told apart
//! by the cycles of `pi` ([`class_key`]):
//!
//! ```text
//!   for each orientation and each of the 36 ordered pairs:   pi -> class -> smallest row 1
//!   best class: the smallest of those rows                   (18 classifications: (r0, r1)
//!                                                              and (r1, r0) share a class)
//!   for each pair of the best class: every g with g pi g^-1 = q   (a start each)
//!   for each start: rows 2-8, compared with the best so far from row 2 on
//! ```
//!
//! The orders `g` reaching `q` are found a cycle of `q` at a time (see
//! [`Search::conjugators`]). The third row is then the band's last, and the six rows left are
//! each a fixed string once the columns are: the smallest of them starts the second band,
//! the rest of its band follows in order, then the last band in order (two rows of a latin
//! grid differ in every column, so their first cells order them, with no ties to break).

use super::form::Canonical;
use super::transform::{Transform, FREE};
use crate::grid::{Grid, CELLS};

/// One way to start the form: a pair of rows in one orientation and a column order that
/// make row 1 the smallest.
#[derive(Clone, Copy)]
struct Start {
    transpose: bool,
    r0: u8,
    r1: u8,
    /// Output position to source column.
    cols: [u8; 9],
}

/// A column order being built, a cycle of row 1 at a time.
#[derive(Clone, Copy)]
struct Order {
    /// Output position to source column.
    col_at: [u8; 9],
    /// Source stack to output slot, and back.
    slot_of: [u8; 3],
    stack_at: [u8; 3],
    /// Columns with no position yet, one bit each.
    unplaced: u16,
}

impl Order {
    const EMPTY: Order =
        Order { col_at: [FREE; 9], slot_of: [FREE; 3], stack_at: [FREE; 3], unplaced: 0x1FF };

    /// Puts column `c` at position `p`; `false` if its stack already has another slot, or
    /// the slot another stack.
    #[inline(always)]
    fn place(&mut self, c: u8, p: u8) -> bool {
        let (stack, slot) = (c as usize / 3, p / 3);
        match self.slot_of[stack] {
            FREE if self.stack_at[slot as usize] == FREE => {
                self.slot_of[stack] = slot;
                self.stack_at[slot as usize] = stack as u8;
            }
            s if s == slot => {}
            _ => return false,
        }
        self.col_at[p as usize] = c;
        self.unplaced &= !(1 << c);
        true
    }
}

/// The classes of pairs of rows of a band: two pairs are in one class when a column order
/// takes one's permutation `pi` (see [`Search`]) to the other's (`pi` conjugated by a
/// column order), and then they give the same smallest row 1. There are 15, found by trying
/// all 1,296 column orders on each of the 12,096 permutations a band allows (the test
/// `classes_are_the_smallest_rows` does it again). Each with its [`class_key`] and its
/// smallest row 1, in increasing order of that row: pairs of the first kind, whose row 1
/// takes a whole mini-row of row 0 to the first box, give `456789...`; the rest `457...`.
const CLASSES: [(u64, [u8; 9]); 15] = [
    (318_029_103, [4, 5, 6, 7, 8, 9, 1, 2, 3]),
    (310_878, [4, 5, 6, 7, 8, 9, 1, 3, 2]),
    (909, [4, 5, 6, 7, 8, 9, 2, 3, 1]),
    (220_416_513, [4, 5, 7, 1, 8, 9, 2, 3, 6]),
    (215_763, [4, 5, 7, 1, 8, 9, 2, 6, 3]),
    (225_706_199_343, [4, 5, 7, 1, 8, 9, 3, 2, 6]),
    (220_511_654, [4, 5, 7, 1, 8, 9, 6, 2, 3]),
    (215_765, [4, 5, 7, 1, 8, 9, 6, 3, 2]),
    (933, [4, 5, 7, 2, 8, 9, 1, 6, 3]),
    (432_641, [4, 5, 7, 2, 8, 9, 6, 1, 3]),
    (935, [4, 5, 7, 2, 8, 9, 6, 3, 1]),
    (937, [4, 5, 7, 3, 8, 9, 6, 1, 2]),
    (310_906, [4, 5, 7, 3, 8, 9, 6, 2, 1]),
    (318_029_133, [4, 5, 7, 8, 9, 3, 6, 1, 2]),
    (310_938, [4, 5, 7, 8, 9, 3, 6, 2, 1]),
];

/// What decides a pair's class (see [`CLASSES`]): the cycles of `pi`, each as its length,
/// how many of its steps go one stack to the right (stack `s` to `s + 1` mod 3; the others
/// go two), and how many pairs of consecutive steps go the same way. Each cycle is the
/// number `100 length + 10 ones + alike`, the cycles in increasing order, 10 bits each; the
/// same with left and right swapped (a mirror order of the stacks), and the smaller of the
/// two.
///
/// ```text
///   pi = (0 3 6)(1 4 7)(2 5 8): three cycles of length 3, every step one to the right
///        -> 303 303 303, mirrored 333 333 333 -> 303 303 303 = 318,029,103
/// ```
fn class_key(pi: &[u8; 9]) -> u64 {
    let mut seen = 0u16;
    let mut right = [0u16; 4];
    let mut left = [0u16; 4];
    let mut n = 0;
    for start in 0..9u8 {
        if seen & (1 << start) != 0 {
            continue;
        }
        let (mut len, mut ones, mut alike) = (0u16, 0u16, 0u16);
        let mut x = start;
        let step = |x: u8| (pi[x as usize] / 3 + 3 - x / 3) % 3;
        let first = step(x);
        let mut prev = first;
        loop {
            seen |= 1 << x;
            let s = step(x);
            len += 1;
            ones += u16::from(s == 1);
            if len > 1 {
                alike += u16::from(s == prev);
            }
            prev = s;
            x = pi[x as usize];
            if x == start {
                break;
            }
        }
        alike += u16::from(prev == first);
        right[n] = 100 * len + 10 * ones + alike;
        left[n] = 100 * len + 10 * (len - ones) + alike;
        n += 1;
    }
    let pack = |codes: &mut [u16]| {
        codes.sort_unstable();
        codes.iter().fold(0u64, |k, &c| k << 10 | u64::from(c))
    };
    pack(&mut right[..n]).min(pack(&mut left[..n]))
}

/// The index in [`CLASSES`] of the class of `pi`.
fn class_of(pi: &[u8; 9]) -> u8 {
    let key = class_key(pi);
    CLASSES.iter().position(|&(k, _)| k == key).expect("every band's permutation has a class") as u8
}

/// The third row of a start's band.
#[inline]
fn third_row(start: &Start) -> u8 {
    // Rows 0, 1 and 2 of a band sum to 3 within it.
    start.r0 / 3 * 3 + 3 - start.r0 % 3 - start.r1 % 3
}

/// The search's state across the 36 pairs: the grid both ways, the best class's row 1, and
/// the starts that reach it.
pub(super) struct Search {
    cells: [[u8; CELLS]; 2],
    /// Row 1 of the best class: what the search must lay out.
    bound: [u8; 9],
    found: Vec<Start>,
    /// The pair of rows being searched, and `pi[c]`: the column of row 0 that holds the
    /// digit row 1 has in column `c`.
    pair: Start,
    pi: [u8; 9],
}

impl Search {
    pub(super) fn new() -> Search {
        Search {
            cells: [[0; CELLS]; 2],
            bound: [u8::MAX; 9],
            found: Vec::new(),
            pair: Start { transpose: false, r0: 0, r1: 1, cols: [FREE; 9] },
            pi: [0; 9],
        }
    }

    /// The minlex form of `grid`, whose rows and columns must each hold 1-9 once.
    pub(super) fn minlex(&mut self, grid: &Grid) -> Canonical {
        self.cells[0] = grid.0;
        for r in 0..9 {
            for c in 0..9 {
                self.cells[1][c * 9 + r] = grid.0[r * 9 + c];
            }
        }
        // Every ordered pair of rows of a band, in both orientations, with its class: the
        // smallest row 1 it can give, known before any search. (r0, r1) and (r1, r0) are in
        // one class: their permutations are each other's inverse.
        let mut pairs = [(0u8, false, 0u8, 0u8, [0u8; 9]); 36];
        let mut n = 0;
        let mut best_class = u8::MAX;
        for transpose in [false, true] {
            let cells = &self.cells[usize::from(transpose)];
            let mut column_of = [[0u8; 10]; 9];
            for (r, row) in column_of.iter_mut().enumerate() {
                for c in 0..9u8 {
                    row[cells[r * 9 + c as usize] as usize] = c;
                }
            }
            for r0 in 0..9u8 {
                for r1 in r0 + 1..r0 / 3 * 3 + 3 {
                    let pi_of = |a: u8, b: u8| -> [u8; 9] {
                        std::array::from_fn(|c| {
                            column_of[a as usize][cells[b as usize * 9 + c] as usize]
                        })
                    };
                    let pi = pi_of(r0, r1);
                    let class = class_of(&pi);
                    best_class = best_class.min(class);
                    pairs[n] = (class, transpose, r0, r1, pi);
                    pairs[n + 1] = (class, transpose, r1, r0, pi_of(r1, r0));
                    n += 2;
                }
            }
        }
        // Only the pairs of the best class can start the form; for each, the column orders
        // that give that row 1.
        self.found.clear();
        self.bound = CLASSES[best_class as usize].1;
        for &(class, transpose, r0, r1, pi) in &pairs {
            if class == best_class {
                self.pi = pi;
                self.pair = Start { transpose, r0, r1, cols: [FREE; 9] };
                self.conjugators();
            }
        }
        // Rows 0 and 1 are the same from every start (123456789 and the class's row 1):
        // the starts compare from row 2 on, each dropped at its first cell above the best.
        let mut best = [u8::MAX; CELLS];
        let mut count = 0u64;
        let mut reach: Option<Start> = None;
        for &start in &self.found {
            let cells = &self.cells[usize::from(start.transpose)];
            let digits = self.digits(&start);
            let mut below = reach.is_none();
            // Row i (source row r) against the best, written into it once below; `false`
            // as soon as it is larger.
            let mut row = |i: usize, r: u8| {
                for (j, &c) in start.cols.iter().enumerate() {
                    let v = digits[cells[r as usize * 9 + c as usize] as usize];
                    let k = i * 9 + j;
                    if !below {
                        if v > best[k] {
                            return false;
                        }
                        below = v < best[k];
                    }
                    if below {
                        best[k] = v;
                    }
                }
                true
            };
            // Row 2 first: the band's third row needs no ordering of the others.
            let kept = row(2, third_row(&start))
                && self
                    .row_order(&start, &digits)
                    .iter()
                    .enumerate()
                    .skip(3)
                    .all(|(i, &r)| row(i, r));
            if kept {
                if below {
                    count = 1;
                    reach = Some(start);
                } else {
                    count += 1;
                }
            }
        }
        let start = reach.expect("some column order gives the class's row 1");
        let (cells, transform) = self.complete(start);
        debug_assert_eq!(cells[18..], best[18..]);
        Canonical { grid: Grid(cells), transform, automorphisms: count }
    }

    /// Every column order that gives the pair (`pi`) the row 1 of its class (`bound`),
    /// into `found`. Row 1 is `q + 1` where `q = g pi g^-1`, `g` taking each column to its
    /// output position: so the column at position `p` has `pi` of it at `q(p)`, and once
    /// one column of a cycle of `q` is placed, the whole cycle is. The orders are the ways
    /// to choose, for each cycle of `q` in turn, the column at its first position (one on
    /// a cycle of `pi` as long), with every stack kept in one slot.
    fn conjugators(&mut self) {
        let q = self.bound.map(|v| v - 1);
        // Columns by the length of their cycle of pi, one bit each.
        let mut by_len = [0u16; 10];
        let mut seen = 0u16;
        for c in 0..9u8 {
            if seen & (1 << c) != 0 {
                continue;
            }
            let (mut cycle, mut len, mut x) = (0u16, 0, c);
            loop {
                cycle |= 1 << x;
                len += 1;
                x = self.pi[x as usize];
                if x == c {
                    break;
                }
            }
            seen |= cycle;
            by_len[len] |= cycle;
        }
        // The cycles of q, each by its first position and length.
        let mut cycles = [(0u8, 0u8); 9];
        let mut n = 0;
        let mut seen = 0u16;
        for p in 0..9u8 {
            if seen & (1 << p) != 0 {
                continue;
            }
            let (mut len, mut x) = (0u8, p);
            loop {
                seen |= 1 << x;
                len += 1;
                x = q[x as usize];
                if x == p {
                    break;
                }
            }
            cycles[n] = (p, len);
            n += 1;
        }
        self.conjugate(&Order::EMPTY, &q, &cycles[..n], &by_len);
    }

    fn conjugate(&mut self, order: &Order, q: &[u8; 9], cycles: &[(u8, u8)], by_len: &[u16; 10]) {
        let Some((&(p0, len), rest)) = cycles.split_first() else {
            self.found.push(Start { cols: order.col_at, ..self.pair });
            return;
        };
        let mut choices = order.unplaced & by_len[len as usize];
        while choices != 0 {
            let c0 = choices.trailing_zeros() as u8;
            choices &= choices - 1;
            let mut next = *order;
            let (mut c, mut p) = (c0, p0);
            let fits = loop {
                if !next.place(c, p) {
                    break false;
                }
                c = self.pi[c as usize];
                p = q[p as usize];
                if p == p0 {
                    break true; // and c == c0: the cycles are as long
                }
            };
            if fits {
                self.conjugate(&next, q, rest, by_len);
            }
        }
    }

    /// The whole grid from a start: rows 0-2 from its band, then the other bands' rows, the
    /// smallest first with its band, each band's rows in increasing order.
    fn complete(&self, start: Start) -> ([u8; CELLS], Transform) {
        let cells = &self.cells[usize::from(start.transpose)];
        let digits = self.digits(&start);
        let rows = self.row_order(&start, &digits);
        let mut out = [0u8; CELLS];
        for (i, &r) in rows.iter().enumerate() {
            for (j, &c) in start.cols.iter().enumerate() {
                out[i * 9 + j] = digits[cells[r as usize * 9 + c as usize] as usize];
            }
        }
        let transform = Transform { transpose: start.transpose, rows, cols: start.cols, digits };
        (out, transform)
    }

    /// The relabelling a start makes: row 0's digits become 1 to 9 in output order.
    #[inline]
    fn digits(&self, start: &Start) -> [u8; 10] {
        let cells = &self.cells[usize::from(start.transpose)];
        let mut digits = [0u8; 10];
        for (p, &c) in start.cols.iter().enumerate() {
            digits[cells[start.r0 as usize * 9 + c as usize] as usize] = p as u8 + 1;
        }
        digits
    }

    /// The source rows in output order: the start's band (r0, r1, then the third), then
    /// the other two bands, the one with the smaller smallest row first, each band's rows in
    /// increasing order. Two rows of a latin grid differ in every column, so their first
    /// cells order them.
    #[inline]
    fn row_order(&self, start: &Start, digits: &[u8; 10]) -> [u8; 9] {
        let cells = &self.cells[usize::from(start.transpose)];
        let first = |r: u8| digits[cells[r as usize * 9 + start.cols[0] as usize] as usize];
        let band = start.r0 / 3;
        let r2 = third_row(start);
        let mut others = [[(0u8, 0u8); 3]; 2];
        for (slot, b) in (0..3u8).filter(|&b| b != band).enumerate() {
            let mut rows = [b * 3, b * 3 + 1, b * 3 + 2].map(|r| (first(r), r));
            // Three items: sort by hand.
            if rows[0] > rows[1] {
                rows.swap(0, 1);
            }
            if rows[1] > rows[2] {
                rows.swap(1, 2);
            }
            if rows[0] > rows[1] {
                rows.swap(0, 1);
            }
            others[slot] = rows;
        }
        if others[1][0] < others[0][0] {
            others.swap(0, 1);
        }
        let [[a, b, c], [d, e, f]] = others.map(|band| band.map(|(_, r)| r));
        [start.r0, start.r1, r2, a, b, c, d, e, f]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 1,296 column orders, each as column -> position.
    fn column_orders() -> Vec<[u8; 9]> {
        const PERMS: [[u8; 3]; 6] =
            [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        let mut out = Vec::new();
        for stacks in PERMS {
            for a in PERMS {
                for b in PERMS {
                    for c in PERMS {
                        let within = [a, b, c];
                        let mut pos = [0u8; 9];
                        for slot in 0..3 {
                            for i in 0..3 {
                                pos[(stacks[slot] * 3 + within[slot][i]) as usize] =
                                    (slot * 3 + i) as u8;
                            }
                        }
                        out.push(pos);
                    }
                }
            }
        }
        out
    }

    /// Every permutation of the columns a band's two rows can give: none keeps a column in
    /// its stack.
    fn band_permutations(pi: &mut [u8; 9], c: usize, used: u16, out: &mut Vec<[u8; 9]>) {
        if c == 9 {
            out.push(*pi);
            return;
        }
        for t in 0..9u8 {
            if used & (1 << t) == 0 && t as usize / 3 != c / 3 {
                pi[c] = t;
                band_permutations(pi, c + 1, used | 1 << t, out);
            }
        }
    }

    /// The class table against brute force: every permutation a band allows, every column
    /// order, the smallest row 1; and the keys tell the classes apart.
    #[test]
    fn classes_are_the_smallest_rows() {
        let mut all = Vec::new();
        band_permutations(&mut [0; 9], 0, 0, &mut all);
        assert_eq!(all.len(), 12_096);
        let orders = column_orders();
        let mut used = [false; 15];
        for pi in &all {
            let mut smallest = [u8::MAX; 9];
            for pos in &orders {
                let mut row = [0u8; 9];
                for c in 0..9 {
                    row[pos[c] as usize] = pos[pi[c] as usize] + 1;
                }
                smallest = smallest.min(row);
            }
            let class = class_of(pi) as usize;
            assert_eq!(CLASSES[class].1, smallest, "{pi:?}");
            used[class] = true;
        }
        assert!(used.iter().all(|&u| u), "every class occurs");
        assert!(CLASSES.windows(2).all(|w| w[0].1 < w[1].1), "in increasing order of row 1");
    }
}
