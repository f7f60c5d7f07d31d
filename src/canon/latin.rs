//! Minlex of a grid whose rows and columns each hold the nine digits once (every solution
//! grid is one): the general search of the parent module, specialised.
//!
//! In such a grid the output's first row relabels to `123456789` whatever the column order,
//! so the form is settled by the second row: for each orientation and each ordered pair of
//! rows `r0`, `r1` of one band (36 pairs), the column orders that make `r1` smallest (see
//! [`Search::step`]). The third row is then the band's last, and the six rows left are each
//! a fixed string once the columns are: the smallest of them starts the second band, the rest
//! of its band follows in order, then the last band in order (two rows of a latin grid differ
//! in every column, so there are no ties to break).

use super::{Canonical, Transform, FREE};
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

/// A column order being built: which column is where, and which stack each output slot
/// takes. Slots are taken left to right, and each slot's positions fill left to right (a
/// column only ever goes to the first position it may take), so a count says where the next
/// column of a slot goes.
#[derive(Clone, Copy)]
struct Order {
    col_at: [u8; 9],
    pos_of: [u8; 9],
    stack_at: [u8; 3],
    slot_of: [u8; 3],
    /// How many positions of each slot are filled.
    filled: [u8; 3],
    /// How many slots have a stack.
    slots: u8,
    /// Columns with no position yet, one bit each.
    unplaced: u16,
}

impl Order {
    const EMPTY: Order = Order {
        col_at: [FREE; 9],
        pos_of: [FREE; 9],
        stack_at: [FREE; 3],
        slot_of: [FREE; 3],
        filled: [0; 3],
        slots: 0,
        unplaced: 0x1FF,
    };

    /// Puts column `c` at the first position it may take: the next of its stack's slot, or
    /// the first of the next slot. Returns that position.
    #[inline]
    fn place(&mut self, c: u8) -> u8 {
        let stack = c as usize / 3;
        let mut slot = self.slot_of[stack];
        if slot == FREE {
            slot = self.slots;
            self.slots += 1;
            self.slot_of[stack] = slot;
            self.stack_at[slot as usize] = stack as u8;
        }
        let q = slot * 3 + self.filled[slot as usize];
        self.filled[slot as usize] += 1;
        self.col_at[q as usize] = c;
        self.pos_of[c as usize] = q;
        self.unplaced &= !(1 << c);
        q
    }

    /// The columns that may go at free position `j`, one bit each: those left of its slot's
    /// stack, or, when `j` starts a slot, those of every stack with no slot yet.
    #[inline]
    fn candidates(&self, j: usize) -> u16 {
        match self.stack_at[j / 3] {
            FREE => {
                let mut stacks = 0u16;
                for (s, &slot) in self.slot_of.iter().enumerate() {
                    if slot == FREE {
                        stacks |= 0b111 << (3 * s);
                    }
                }
                self.unplaced & stacks
            }
            s => self.unplaced & (0b111 << (3 * s)),
        }
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

/// The search's state across the 36 pairs: the grid both ways, the best row 1 so far, and
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
                        std::array::from_fn(|c| column_of[a as usize][cells[b as usize * 9 + c] as usize])
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
                self.search(&Order::EMPTY, 0);
            }
        }
        let mut best: Option<Canonical> = None;
        for &start in &self.found {
            let (cells, transform) = self.complete(start);
            match &mut best {
                Some(b) if b.grid.0 == cells => b.automorphisms += 1,
                Some(b) if b.grid.0 < cells => {}
                _ => best = Some(Canonical { grid: Grid(cells), transform, automorphisms: 1 }),
            }
        }
        best.expect("some column order gives a smallest row 1")
    }

    /// Fills output positions `j..` (all before are filled), keeping the column orders whose
    /// row 1 is the bound.
    fn search(&mut self, order: &Order, j: usize) {
        if j == 9 {
            // Every value was checked equal to the bound's: this order gives the class's row.
            self.found.push(Start { cols: order.col_at, ..self.pair });
            return;
        }
        let c = order.col_at[j];
        if c != FREE {
            let mut next = *order;
            if self.step(&mut next, j, c) {
                self.search(&next, j + 1);
            }
            return;
        }
        let mut candidates = order.candidates(j);
        while candidates != 0 {
            let c = candidates.trailing_zeros() as u8;
            candidates &= candidates - 1;
            let mut next = *order;
            next.place(c);
            if self.step(&mut next, j, c) {
                self.search(&next, j + 1);
            }
        }
    }

    /// Row 1's value at `j`, column `c` being there: the label of the digit below `c`'s in
    /// row 0, which is one more than the position of the column `pi[c]` that holds that digit
    /// in row 0. If `pi[c]` has no position yet it takes the first it may: any later one
    /// would only make the value at `j` larger. Whether the value is the bound's.
    #[inline(always)]
    fn step(&self, order: &mut Order, j: usize, c: u8) -> bool {
        let partner = self.pi[c as usize];
        let value = match order.pos_of[partner as usize] {
            FREE => order.place(partner) + 1,
            q => q + 1,
        };
        // The bound is the class's row 1, the smallest this pair can give: anything else is
        // larger somewhere.
        value == self.bound[j]
    }

    /// The whole grid from a start: rows 0-2 from its band, then the other bands' rows, the
    /// smallest first with its band, each band's rows in increasing order.
    fn complete(&self, start: Start) -> ([u8; CELLS], Transform) {
        let cells = &self.cells[usize::from(start.transpose)];
        let mut digits = [0u8; 10];
        for (p, &c) in start.cols.iter().enumerate() {
            digits[cells[start.r0 as usize * 9 + c as usize] as usize] = p as u8 + 1;
        }
        let row = |r: u8| -> [u8; 9] {
            start.cols.map(|c| digits[cells[r as usize * 9 + c as usize] as usize])
        };
        let band = start.r0 / 3;
        // Rows 0, 1 and 2 of a band sum to 3 within it.
        let r2 = band * 3 + 3 - start.r0 % 3 - start.r1 % 3;
        let mut rows = [start.r0, start.r1, r2, 0, 0, 0, 0, 0, 0];
        // The other two bands, each with its rows in increasing order; the band whose
        // smallest row is smaller goes first.
        let mut others = [[(0u8, [0u8; 9]); 3]; 2];
        for (slot, b) in (0..3u8).filter(|&b| b != band).enumerate() {
            for (k, r) in (b * 3..b * 3 + 3).enumerate() {
                others[slot][k] = (r, row(r));
            }
            others[slot].sort_unstable_by_key(|&(_, text)| text);
        }
        if others[1][0].1 < others[0][0].1 {
            others.swap(0, 1);
        }
        let mut out = [0u8; CELLS];
        for (i, r) in [start.r0, start.r1, r2].into_iter().enumerate() {
            out[i * 9..i * 9 + 9].copy_from_slice(&row(r));
        }
        for (i, &(r, text)) in others.iter().flatten().enumerate() {
            rows[3 + i] = r;
            out[(3 + i) * 9..(3 + i) * 9 + 9].copy_from_slice(&text);
        }
        let transform = Transform { transpose: start.transpose, rows, cols: start.cols, digits };
        (out, transform)
    }
}
