//! A position of the ladder: the digits placed, every empty cell's candidates, and the same
//! facts by house and by digit, kept up to date as digits are placed and candidates removed,
//! with a queue of the singles each change has made, so that the ladder finds its next single
//! without scanning the grid.
//!
//! Conventions: a cell is `9 * row + column`, from 0; houses are numbered as in
//! [`crate::solver::tables`] (rows 0..9, columns 9..18, boxes 18..27); a digit mask has bit
//! `d - 1` for digit `d`; a house mask ([`Position::places`]) has bit `i` for the house's `i`th
//! cell in [`HOUSE_CELLS`] order. Where a digit may go is kept once, by digit, as a set of
//! cells: a house's share of it is one AND away.

use crate::grid::Grid;
use crate::solver::tables::{ALL_DIGITS, CELL_HOUSES, HOUSES, HOUSE_CELLS};

/// A set of cells, bit `c` for cell `c`.
pub type Cells = u128;

/// The cells of each house.
pub const HOUSE: [Cells; HOUSES] = house_sets();
/// Each cell's 20 peers: the other cells of its row, column and box.
pub const PEERS: [Cells; 81] = peer_sets();
/// Each cell's three houses, as a set of houses (bit `h` for house `h`).
const CELL_HOUSE_SET: [u32; 81] = cell_house_sets();
/// Every house, and the boxes, as sets of houses.
const ALL_HOUSES: u32 = (1 << HOUSES) - 1;
const BOX_HOUSES: u32 = ALL_HOUSES & !((1 << 18) - 1);

const fn cell_house_sets() -> [u32; 81] {
    let mut sets = [0; 81];
    let mut c = 0;
    while c < 81 {
        let [r, col, b] = CELL_HOUSES[c];
        sets[c] = 1 << r | 1 << col | 1 << b;
        c += 1;
    }
    sets
}
const fn house_sets() -> [Cells; HOUSES] {
    let mut sets = [0; HOUSES];
    let mut h = 0;
    while h < HOUSES {
        let mut i = 0;
        while i < 9 {
            sets[h] |= 1 << HOUSE_CELLS[h][i];
            i += 1;
        }
        h += 1;
    }
    sets
}

const fn peer_sets() -> [Cells; 81] {
    let houses = house_sets();
    let mut sets = [0; 81];
    let mut c = 0;
    while c < 81 {
        let mut k = 0;
        while k < 3 {
            sets[c] |= houses[CELL_HOUSES[c][k] as usize];
            k += 1;
        }
        sets[c] &= !(1 << c);
        c += 1;
    }
    sets
}

/// The cells of a set, in increasing order.
pub fn cells_of(set: Cells) -> impl Iterator<Item = usize> {
    let mut rest = set;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            c
        })
    })
}

/// The digits of a mask, in increasing order.
pub fn digits_of(mask: u16) -> impl Iterator<Item = u8> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let d = rest.trailing_zeros() as u8 + 1;
            rest &= rest - 1;
            d
        })
    })
}

/// Whether a set holds exactly one cell (without a population count, which this crate's
/// portable build does in software).
#[inline]
pub const fn one_cell(set: Cells) -> bool {
    set != 0 && set & (set - 1) == 0
}

/// Whether a mask holds exactly one digit.
#[inline]
pub const fn one_digit(mask: u16) -> bool {
    mask != 0 && mask & (mask - 1) == 0
}

/// The number of digits in a mask.
#[inline]
pub fn size(mask: u16) -> u32 {
    u32::from(crate::solver::tables::POPCOUNT[usize::from(mask & 0x1FF)])
}

/// The mask bit of a digit 1..=9.
#[inline]
pub const fn bit(digit: u8) -> u16 {
    1 << (digit - 1)
}

/// A fixed queue of pending singles: every kind is pushed at most once per item while a
/// position lives (its count only falls), so a fixed array with no wrap holds them.
#[derive(Clone, Copy)]
struct Queue<const N: usize> {
    items: [u16; N],
    head: u16,
    tail: u16,
}

impl<const N: usize> Queue<N> {
    const EMPTY: Self = Queue { items: [0; N], head: 0, tail: 0 };

    #[inline]
    fn push(&mut self, item: u16) {
        // A position the ladder rebuilds can push an item again after clear(); past N, the
        // item is found again by the next scan, so dropping it loses nothing.
        if usize::from(self.tail) < N {
            self.items[usize::from(self.tail)] = item;
            self.tail += 1;
        }
    }

    #[inline]
    fn pop(&mut self) -> Option<u16> {
        (self.head < self.tail).then(|| {
            self.head += 1;
            self.items[usize::from(self.head - 1)]
        })
    }

    fn clear(&mut self) {
        self.head = 0;
        self.tail = 0;
    }
}

/// A single the position offers: a cell, its digit, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Single {
    /// The cell.
    pub cell: usize,
    /// Its digit.
    pub digit: u8,
    /// The house it was found in (a full house's, a hidden single's); `None` for a naked one.
    pub house: Option<usize>,
    /// What kind of single it is.
    pub kind: SingleKind,
}

/// The kinds of single, easiest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum SingleKind {
    /// The last empty cell of a house.
    FullHouse,
    /// A digit's last place in a box.
    HiddenInBox,
    /// A digit's last place in a row or column.
    HiddenInLine,
    /// A cell's last candidate.
    Naked,
}

/// A position: placed digits and candidates, by cell, by house and by digit.
#[derive(Clone, Copy)]
pub struct Position {
    value: [u8; 81],
    cand: [u16; 81],
    /// Per digit, the cells where it may go.
    digit_cells: [Cells; 9],
    /// The empty cells.
    empty: Cells,
    /// Per house, the digits placed in it.
    placed: [u16; HOUSES],
    /// Per house, how many of its cells are empty.
    open: [u8; HOUSES],
    /// Set when a change leaves an empty cell without candidates, or a digit without a place in
    /// a house that lacks it, or places a digit that is not a candidate.
    broken: bool,
    /// Whether hidden singles in rows and columns are being queued (see [`Position::requeue`]).
    lines_live: bool,
    /// Whether naked singles are.
    naked_live: bool,
    full_houses: Queue<27>,
    hidden_in_boxes: Queue<81>,
    hidden_in_lines: Queue<162>,
    naked: Queue<81>,
}

impl Position {
    /// The position of a puzzle's givens, every candidate the givens leave, with its singles
    /// queued in a fixed order (houses, then digits, then cells, each in increasing order).
    pub fn new(puzzle: &Grid) -> Position {
        let all: Cells = (1u128 << 81) - 1;
        let mut p = Position {
            value: puzzle.0,
            cand: [0; 81],
            digit_cells: [0; 9],
            empty: 0,
            placed: [0; HOUSES],
            open: [9; HOUSES],
            broken: false,
            lines_live: false,
            naked_live: false,
            full_houses: Queue::EMPTY,
            hidden_in_boxes: Queue::EMPTY,
            hidden_in_lines: Queue::EMPTY,
            naked: Queue::EMPTY,
        };
        // Each digit's cells: the empty cells that see none of its givens.
        let mut seen = [0 as Cells; 9];
        let mut filled: Cells = 0;
        for (row, digits) in puzzle.cells().chunks_exact(9).enumerate() {
            // A row's filled cells as a word first: one shift of the wide set a row.
            let mut here = 0u32;
            for (column, &d) in digits.iter().enumerate() {
                if d != 0 {
                    let cell = 9 * row + column;
                    let b = bit(d);
                    for &h in &CELL_HOUSES[cell] {
                        let h = usize::from(h);
                        p.broken |= p.placed[h] & b != 0;
                        p.placed[h] |= b;
                        p.open[h] -= 1;
                    }
                    seen[usize::from(d - 1)] |= PEERS[cell];
                    here |= 1 << column;
                }
            }
            filled |= Cells::from(here) << (9 * row);
        }
        p.empty = all & !filled;
        for (d, seen) in seen.iter().enumerate() {
            p.digit_cells[d] = p.empty & !seen;
        }
        for cell in 0..81 {
            if p.value[cell] == 0 {
                let [r, c, b] = CELL_HOUSES[cell].map(usize::from);
                p.cand[cell] = ALL_DIGITS & !(p.placed[r] | p.placed[c] | p.placed[b]);
                p.broken |= p.cand[cell] == 0;
            }
        }
        p.requeue();
        p
    }

    /// Empties the queues and queues the full houses and hidden singles in boxes the position
    /// has, in the fixed order. Hidden singles in lines and naked singles are queued the first
    /// time they are asked for ([`Position::next_single`]): most puzzles never need them, and
    /// until then no change checks for them.
    pub fn requeue(&mut self) {
        self.full_houses.clear();
        self.hidden_in_boxes.clear();
        self.hidden_in_lines.clear();
        self.naked.clear();
        self.lines_live = false;
        self.naked_live = false;
        for h in 0..HOUSES {
            if self.open[h] == 1 {
                self.full_houses.push(h as u16);
            }
        }
        self.scan_hidden(18..27);
    }

    /// Queues the hidden singles of `houses`, houses then digits in increasing order, and
    /// notes a digit left no place in a house that lacks it.
    fn scan_hidden(&mut self, houses: std::ops::Range<usize>) {
        for h in houses {
            // Digits seen once and digits seen twice or more over the house's cells, a bit a
            // digit: nine cells in a few operations each, not nine digits' cells counted.
            let (mut once, mut more) = (0u16, 0u16);
            for &c in &HOUSE_CELLS[h] {
                let m = self.cand[usize::from(c)];
                more |= once & m;
                once |= m;
            }
            for d in digits_of(once & !more) {
                self.queue_hidden(h, usize::from(d - 1));
            }
            if (once | self.placed[h]) != ALL_DIGITS {
                self.broken = true;
            }
        }
    }

    /// From now on, queues the hidden singles of rows and columns.
    fn go_live_in_lines(&mut self) {
        if !self.lines_live {
            self.lines_live = true;
            self.scan_hidden(0..18);
        }
    }

    /// From now on, queues the naked singles.
    fn go_live_naked(&mut self) {
        if !self.naked_live {
            self.naked_live = true;
            for c in cells_of(self.empty) {
                if one_digit(self.cand[c]) {
                    self.naked.push(c as u16);
                }
            }
        }
    }

    #[inline]
    fn queue_hidden(&mut self, house: usize, digit_index: usize) {
        let item = (house * 9 + digit_index) as u16;
        if house >= 18 {
            self.hidden_in_boxes.push(item);
        } else {
            self.hidden_in_lines.push(item);
        }
    }

    /// A cell's digit, 0 if it is empty.
    #[inline]
    pub fn value(&self, cell: usize) -> u8 {
        self.value[cell]
    }

    /// An empty cell's candidates (0 for a filled cell).
    #[inline]
    pub fn candidates(&self, cell: usize) -> u16 {
        self.cand[cell]
    }

    /// Where a digit may go in a house, by place in the house (0 once it is placed there).
    #[inline]
    pub fn places(&self, house: usize, digit: u8) -> u16 {
        let cells = self.digit_cells[usize::from(digit - 1)];
        if house < 9 {
            return (cells >> (9 * house)) as u16 & 0x1FF;
        }
        let mut places = 0;
        for (i, &c) in HOUSE_CELLS[house].iter().enumerate() {
            places |= ((cells >> c) as u16 & 1) << i;
        }
        places
    }

    /// Where each digit may go in a house, by place in the house: [`Position::places`] of
    /// digits 1 to 9 at once, read from the house's nine cells.
    pub fn house_places(&self, house: usize) -> [u16; 9] {
        let mut places = [0u16; 9];
        for (i, &c) in HOUSE_CELLS[house].iter().enumerate() {
            for d in digits_of(self.cand[usize::from(c)]) {
                places[usize::from(d - 1)] |= 1 << i;
            }
        }
        places
    }

    /// The cells where a digit may go.
    #[inline]
    pub fn digit_cells(&self, digit: u8) -> Cells {
        self.digit_cells[usize::from(digit - 1)]
    }

    /// The empty cells.
    #[inline]
    pub fn empty(&self) -> Cells {
        self.empty
    }

    /// Whether every cell is filled.
    #[inline]
    pub fn is_solved(&self) -> bool {
        self.empty == 0
    }

    /// Whether a change has shown the position to have no solution.
    #[inline]
    pub fn is_broken(&self) -> bool {
        self.broken
    }

    /// The digits placed so far, as a grid.
    pub fn grid(&self) -> Grid {
        Grid(self.value)
    }

    /// Whether `digit` is still a candidate of `cell`.
    #[inline]
    pub fn has(&self, cell: usize, digit: u8) -> bool {
        self.cand[cell] & bit(digit) != 0
    }

    /// Removes a candidate; false if it was not one.
    #[inline]
    pub fn eliminate(&mut self, cell: usize, digit: u8) -> bool {
        let b = bit(digit);
        if self.cand[cell] & b == 0 {
            return false;
        }
        let di = usize::from(digit - 1);
        self.cand[cell] &= !b;
        self.digit_cells[di] &= !(1 << cell);
        self.check_houses(CELL_HOUSE_SET[cell] & self.watched(), di);
        if one_digit(self.cand[cell]) {
            if self.naked_live {
                self.naked.push(cell as u16);
            }
        } else if self.cand[cell] == 0 {
            self.broken = true;
        }
        true
    }

    /// Places a digit, and removes it from the cell's peers.
    ///
    /// One pass for the lot, not an [`Position::eliminate`] a candidate: the cell's other
    /// digits leave it, then the digit leaves every peer at once, and only then is each house
    /// that lost a place checked, once, for a hidden single or a digit with nowhere to go.
    pub fn place(&mut self, cell: usize, digit: u8) {
        assert!(cell < 81, "no cell {cell}"); // and no bounds check below
        let b = bit(digit);
        if self.cand[cell] & b == 0 || self.value[cell] != 0 {
            self.broken = true;
            return;
        }
        let di = usize::from(digit - 1);
        let here: Cells = 1 << cell;
        let own_houses = CELL_HOUSE_SET[cell];
        let watched = self.watched();
        for o in digits_of(self.cand[cell] & !b) {
            let oi = usize::from(o - 1);
            self.digit_cells[oi] &= !here;
            self.check_houses(own_houses & watched, oi);
        }
        self.cand[cell] = 0;
        self.value[cell] = digit;
        self.empty &= !here;
        for &h in &CELL_HOUSES[cell] {
            let h = usize::from(h);
            self.placed[h] |= b;
            self.open[h] -= 1;
            if self.open[h] == 1 {
                self.full_houses.push(h as u16);
            }
        }
        let removed = self.digit_cells[di] & PEERS[cell];
        self.digit_cells[di] &= !(removed | here);
        let mut touched = 0u32;
        for peer in cells_of(removed) {
            self.cand[peer] &= !b;
            let left = self.cand[peer];
            if one_digit(left) {
                if self.naked_live {
                    self.naked.push(peer as u16);
                }
            } else if left == 0 {
                self.broken = true;
            }
            touched |= CELL_HOUSE_SET[peer];
        }
        self.check_houses(touched & !own_houses & watched, di);
    }

    /// The houses whose hidden singles are being queued, as a set of houses.
    #[inline]
    fn watched(&self) -> u32 {
        if self.lines_live {
            ALL_HOUSES
        } else {
            BOX_HOUSES
        }
    }

    /// Queues the hidden singles of a digit in a set of houses (bit `h` for house `h`), and
    /// notes the digit left no place in a house that lacks it.
    #[inline]
    fn check_houses(&mut self, houses: u32, digit_index: usize) {
        let cells = self.digit_cells[digit_index];
        let mut rest = houses;
        while rest != 0 {
            let h = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let here = cells & HOUSE[h];
            if one_cell(here) {
                self.queue_hidden(h, digit_index);
            } else if here == 0 && self.placed[h] & (1 << digit_index) == 0 {
                self.broken = true;
            }
        }
    }

    /// The next queued single of a kind no harder than `hardest`, easiest kind first, or
    /// `None`. Queued items that later changes made moot are dropped on the way.
    pub fn next_single(&mut self, hardest: SingleKind) -> Option<Single> {
        while let Some(h) = self.full_houses.pop() {
            let h = usize::from(h);
            let left = self.empty & HOUSE[h];
            if one_cell(left) {
                let cell = left.trailing_zeros() as usize;
                let missing = ALL_DIGITS & !self.placed[h];
                if one_digit(missing) && self.cand[cell] == missing {
                    let digit = missing.trailing_zeros() as u8 + 1;
                    return Some(Single {
                        cell,
                        digit,
                        house: Some(h),
                        kind: SingleKind::FullHouse,
                    });
                }
            }
        }
        if hardest >= SingleKind::HiddenInBox {
            if let Some(s) =
                Self::hidden(&mut self.hidden_in_boxes, &self.digit_cells, SingleKind::HiddenInBox)
            {
                return Some(s);
            }
        }
        if hardest >= SingleKind::HiddenInLine {
            self.go_live_in_lines();
            if let Some(s) =
                Self::hidden(&mut self.hidden_in_lines, &self.digit_cells, SingleKind::HiddenInLine)
            {
                return Some(s);
            }
        }
        if hardest >= SingleKind::Naked {
            self.go_live_naked();
            while let Some(c) = self.naked.pop() {
                let cell = usize::from(c);
                if self.value[cell] == 0 && one_digit(self.cand[cell]) {
                    let digit = self.cand[cell].trailing_zeros() as u8 + 1;
                    return Some(Single { cell, digit, house: None, kind: SingleKind::Naked });
                }
            }
        }
        None
    }

    fn hidden<const N: usize>(
        queue: &mut Queue<N>,
        digit_cells: &[Cells; 9],
        kind: SingleKind,
    ) -> Option<Single> {
        while let Some(item) = queue.pop() {
            let (h, di) = (usize::from(item / 9), usize::from(item % 9));
            let here = digit_cells[di] & HOUSE[h];
            if one_cell(here) {
                let cell = here.trailing_zeros() as usize;
                return Some(Single { cell, digit: di as u8 + 1, house: Some(h), kind });
            }
        }
        None
    }

    /// Whether a naked single is queued (and not moot), without taking it.
    pub fn has_naked_single(&mut self) -> bool {
        self.go_live_naked();
        while self.naked.head < self.naked.tail {
            let cell = usize::from(self.naked.items[usize::from(self.naked.head)]);
            if self.value[cell] == 0 && one_digit(self.cand[cell]) {
                return true;
            }
            self.naked.head += 1;
        }
        false
    }
}

#[cfg(test)]
impl Position {
    /// A position from 81 white-space-separated candidate sets in reading order (`1589`): a set
    /// of one digit is a placed digit. For tests of the finders: `Position::new` of the placed
    /// digits, then every candidate not in its cell's set removed. Panics on a malformed text.
    pub fn from_pencilmarks(text: &str) -> Position {
        let sets: Vec<u16> = text
            .split_whitespace()
            .map(|token| token.bytes().fold(0u16, |m, b| m | bit(b - b'0')))
            .collect();
        assert_eq!(sets.len(), 81, "81 candidate sets");
        let mut placed = [0u8; 81];
        for (cell, &set) in sets.iter().enumerate() {
            if one_digit(set) {
                placed[cell] = set.trailing_zeros() as u8 + 1;
            }
        }
        let mut p = Position::new(&Grid(placed));
        for (cell, &set) in sets.iter().enumerate() {
            for d in digits_of(p.candidates(cell) & !set) {
                p.eliminate(cell, d);
            }
        }
        p.requeue();
        assert!(!p.is_broken(), "the pencilmarks contradict themselves");
        p
    }
}

/// A cell as people write it: `r4c7`.
pub fn cell_name(cell: usize) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

/// A house as people write it: `row 2`, `column 5`, `box 6`.
pub fn house_name(house: usize) -> String {
    let kind = ["row", "column", "box"][house / 9];
    format!("{kind} {}", house % 9 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_agree_with_the_solver_tables() {
        for c in 0..81 {
            assert_eq!(PEERS[c].count_ones(), 20);
            for h in CELL_HOUSES[c] {
                assert!(HOUSE[usize::from(h)] & (1 << c) != 0);
            }
        }
        assert_eq!(cell_name(0), "r1c1");
        assert_eq!(cell_name(80), "r9c9");
        assert_eq!(house_name(23), "box 6");
    }

    #[test]
    fn facts_by_cell_house_and_digit_agree_after_placing() {
        let puzzle: Grid =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .parse()
                .unwrap();
        let p = Position::new(&puzzle);
        assert!(!p.is_broken());
        for h in 0..HOUSES {
            for d in 1..=9u8 {
                let mut expected = 0u16;
                for (i, &c) in HOUSE_CELLS[h].iter().enumerate() {
                    if p.has(usize::from(c), d) {
                        expected |= 1 << i;
                    }
                }
                assert_eq!(p.places(h, d), expected);
            }
        }
        for d in 1..=9u8 {
            let expected = (0..81).filter(|&c| p.has(c, d)).fold(0u128, |s, c| s | 1 << c);
            assert_eq!(p.digit_cells(d), expected);
        }
    }
}
