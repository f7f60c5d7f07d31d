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
    /// Row 1 so far is already below the bound, as it was when `bound_gen` was current.
    below: bool,
    bound_gen: u32,
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
        below: false,
        bound_gen: 0,
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

/// The search's state across the 36 pairs: the grid both ways, the best row 1 so far, and
/// the starts that reach it.
pub(super) struct Search {
    cells: [[u8; CELLS]; 2],
    /// Row 1 as far as the search has laid it out (position `j` written at depth `j`).
    row: [u8; 9],
    bound: [u8; 9],
    /// Counts the bound's lowerings, so a prefix below an old bound is compared again.
    bound_gen: u32,
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
            row: [0; 9],
            bound: [u8::MAX; 9],
            bound_gen: 0,
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
        self.bound = [u8::MAX; 9];
        self.found.clear();
        for transpose in [false, true] {
            let cells = self.cells[usize::from(transpose)];
            for r0 in 0..9u8 {
                // Where each digit is in row r0: the label it will get, less one, is the output
                // position of that column.
                let mut column_of = [0u8; 10];
                for c in 0..9u8 {
                    column_of[cells[r0 as usize * 9 + c as usize] as usize] = c;
                }
                for r1 in (r0 / 3 * 3..r0 / 3 * 3 + 3).filter(|&r| r != r0) {
                    let mut pi = [0u8; 9];
                    for (c, p) in pi.iter_mut().enumerate() {
                        *p = column_of[cells[r1 as usize * 9 + c] as usize];
                    }
                    self.pi = pi;
                    self.pair = Start { transpose, r0, r1, cols: [FREE; 9] };
                    self.search(&Order::EMPTY, 0);
                }
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
    /// row 1 is no larger than the bound.
    fn search(&mut self, order: &Order, j: usize) {
        if j == 9 {
            let start = Start { cols: order.col_at, ..self.pair };
            match self.row.cmp(&self.bound) {
                std::cmp::Ordering::Greater => {}
                std::cmp::Ordering::Less => {
                    self.bound = self.row;
                    self.bound_gen = self.bound_gen.wrapping_add(1);
                    self.found.clear();
                    self.found.push(start);
                }
                std::cmp::Ordering::Equal => self.found.push(start),
            }
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
    /// would only make the value at `j` larger. Whether row 1 so far is within the bound.
    #[inline(always)]
    fn step(&mut self, order: &mut Order, j: usize, c: u8) -> bool {
        let partner = self.pi[c as usize];
        let value = match order.pos_of[partner as usize] {
            FREE => order.place(partner) + 1,
            q => q + 1,
        };
        if order.below && order.bound_gen != self.bound_gen {
            // The bound fell since: the prefix may no longer be below it.
            match self.row[..j].cmp(&self.bound[..j]) {
                std::cmp::Ordering::Less => order.bound_gen = self.bound_gen,
                std::cmp::Ordering::Equal => order.below = false,
                std::cmp::Ordering::Greater => return false,
            }
        }
        if !order.below {
            if value > self.bound[j] {
                return false;
            }
            order.below = value < self.bound[j];
            order.bound_gen = self.bound_gen;
        }
        self.row[j] = value;
        true
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
