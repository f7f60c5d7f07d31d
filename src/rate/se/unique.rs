//! Unique rectangles and unique loops, types 1 to 4 (SE's `UniqueLoops`).
//!
//! A unique loop is a closed chain of cells, each holding the same two candidates `v1` and
//! `v2` (some may hold more: the "extra" cells), where consecutive cells share a region and
//! every region the loop touches is touched by exactly two of its cells, one at an even and
//! one at an odd position. If every extra candidate went away, the two digits could be swapped
//! around the loop and the puzzle would have two solutions; so in a puzzle with one solution
//! the extra candidates must keep the loop from forming:
//!
//! - type 1: one extra cell; it cannot be `v1` or `v2`;
//! - type 2: the extra cells have one and the same extra digit; one of them holds it, so the
//!   cells that see all of them cannot;
//! - type 3: two extra cells, in one region, together with other cells of that region make a
//!   naked set (the two cells acting as one cell with their extra digits) or a hidden set
//!   (the two cells acting as one cell with `v1` and `v2`);
//! - type 4: two extra cells, in one region where one of the loop's digits can only be in
//!   them: the other digit goes from both.
//!
//! How SE searches, reproduced here step by step:
//!
//! 1. Each bivalue cell, row by row, starts a depth-first search for loops on its two digits.
//!    From the path's last cell the search looks at its block, row and column (skipping the
//!    kind of region the path just came through), each region's cells in order: the starting
//!    cell closes a loop (of four cells or more); a cell not on the path that holds both
//!    digits extends it. The extra digits seen so far are accumulated (SE's `exValues`,
//!    including the extra digits of the sibling cells looked at before in the same call: SE
//!    never resets it between siblings) and a cell with extra digits may extend the path
//!    only while fewer than two extra cells are on it or the accumulated extra digits are one
//!    digit.
//! 2. Each closed loop is checked (every region it touches touched once at an even position
//!    and once at an odd one), and its hints are made in this order: type 1 (one extra cell);
//!    type 2 (more than two extra cells, or two with one extra digit between them); else for
//!    two extra cells type 3 (by degree, then block, row, column, naked sets before hidden
//!    ones), then type 4. Hints that remove nothing are dropped.
//! 3. SE gathers every hint of the grid, then sorts them (a stable sort) by difficulty and
//!    then type; the first one is the step. So the step here is the first hint, in the order
//!    they are found, with the smallest (difficulty, type).
//!
//! SE also drops a hint equal to one already gathered (same class and set of cells, and for
//! type 3 the same set); equal hints have the same difficulty, type and removals, so that
//! cannot change the first one and is not reproduced. The sets SE uses here (`HashSet`s of
//! regions in the loop check, `HashMap`s of removals) decide nothing but membership, so
//! SE's identity hash codes do not make its answer vary.
//!
//! The search is pruned without changing its answer, since a pruned path could only close
//! loops that SE would reject or whose hints could not come first: a path is not extended
//! where it would touch a region twice at positions of the same parity (SE's loop check
//! would fail), where a region it touches once has no free cell holding both digits left to
//! touch it again, where neither the path nor the free cells hold an extra candidate (a loop
//! without one gives no hint), or, once a hint is found, where every loop it could still
//! close would be longer, hence no easier, than that hint.

use super::grid::{index_in, ones, Cell, Grid, CELL_REGIONS, REGION_CELLS};
use super::grid::{PEER_SETS, REGION_SETS};
use super::Hint;

/// The combinations of `k` of `n` items as bitmasks, in SE's `Permutations` order (increasing
/// value of the mask, so colexicographic order of the chosen indices).
#[derive(Debug, Clone)]
pub(super) struct Combinations {
    next: u32,
    end: u32,
    k: u32,
}

impl Combinations {
    /// All `k`-subsets of `0..n` (`k <= n <= 31`); none when `n` is 0, as in SE.
    pub(super) fn new(k: usize, n: usize) -> Combinations {
        debug_assert!(k <= n && n < 32);
        let end = 1u32 << n;
        let next = if n == 0 { end } else { (1u32 << k) - 1 };
        Combinations { next, end, k: k as u32 }
    }
}

impl Iterator for Combinations {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        let value = self.next;
        if value >= self.end {
            return None;
        }
        if self.k == 0 {
            self.next = self.end;
        } else {
            // The next mask with as many bits (Gosper's method).
            let smallest = value & value.wrapping_neg();
            let ripple = value + smallest;
            let ones = ((value ^ ripple) >> 2) / smallest;
            self.next = ripple | ones;
        }
        Some(value)
    }
}

const fn cell_region_set() -> [u32; 81] {
    let mut sets = [0u32; 81];
    let mut c = 0;
    while c < 81 {
        let mut k = 0;
        while k < 3 {
            sets[c] |= 1u32 << CELL_REGIONS[c][k];
            k += 1;
        }
        c += 1;
    }
    sets
}

/// Each cell's three regions as a 27-bit set.
const CELL_REGION_SET: [u32; 81] = cell_region_set();

/// The longest loop possible: each region touched by two of its cells, so three cells a
/// region for at most 27 regions, 18 cells.
const MAX_LOOP: usize = 18;

/// The difficulty of a loop of `len` cells before any set bonus, as SE adds it up.
fn base_difficulty(len: usize) -> f64 {
    let mut result = 4.5;
    if len >= 10 {
        result += 0.3;
    }
    if len >= 8 {
        result += 0.2;
    } else if len >= 6 {
        result += 0.1;
    }
    result
}

/// SE's name for a hint of `kind` (1 to 4) on a loop of `len` cells.
fn hint_name(len: usize, kind: u8) -> &'static str {
    const SHORT: [[&str; 4]; 2] = [
        [
            "Unique Rectangle type 1",
            "Unique Rectangle type 2",
            "Unique Rectangle type 3",
            "Unique Rectangle type 4",
        ],
        ["Unique Loop type 1", "Unique Loop type 2", "Unique Loop type 3", "Unique Loop type 4"],
    ];
    const LONG: [[&str; 4]; 6] = [
        [
            "Unique Loop 8 type 1",
            "Unique Loop 8 type 2",
            "Unique Loop 8 type 3",
            "Unique Loop 8 type 4",
        ],
        [
            "Unique Loop 10 type 1",
            "Unique Loop 10 type 2",
            "Unique Loop 10 type 3",
            "Unique Loop 10 type 4",
        ],
        [
            "Unique Loop 12 type 1",
            "Unique Loop 12 type 2",
            "Unique Loop 12 type 3",
            "Unique Loop 12 type 4",
        ],
        [
            "Unique Loop 14 type 1",
            "Unique Loop 14 type 2",
            "Unique Loop 14 type 3",
            "Unique Loop 14 type 4",
        ],
        [
            "Unique Loop 16 type 1",
            "Unique Loop 16 type 2",
            "Unique Loop 16 type 3",
            "Unique Loop 16 type 4",
        ],
        [
            "Unique Loop 18 type 1",
            "Unique Loop 18 type 2",
            "Unique Loop 18 type 3",
            "Unique Loop 18 type 4",
        ],
    ];
    let k = kind as usize - 1;
    // Valid loops have an even length (an odd one would touch the region it closes through at
    // two even positions).
    debug_assert!(len % 2 == 0 && (4..=MAX_LOOP).contains(&len));
    match len {
        4 => SHORT[0][k],
        6 => SHORT[1][k],
        _ => LONG[(len - 8) / 2][k],
    }
}

/// The search's state for one pair of digits and the best hint found so far.
struct Search<'a> {
    grid: &'a Grid,
    /// The loop's two digits, `v1 < v2`, and their mask.
    v1: u8,
    v2: u8,
    pair: u16,
    /// The cells holding both digits.
    pair_cells: u128,
    /// Those of them holding other digits too (candidates for the loop's extra cells).
    wide_cells: u128,
    /// Those of them that can be on a loop SE keeps ([`loop_cells`]).
    loop_cells: u128,
    /// The path, from the starting cell.
    path: [u8; MAX_LOOP + 1],
    len: usize,
    on_path: u128,
    /// The regions touched by the path's cells at even and at odd positions.
    touched: [u32; 2],
    /// The first hint with the smallest (difficulty, type) so far.
    best: Option<(f64, u8, Hint)>,
}

impl Search<'_> {
    /// Whether a hint of `difficulty` and `kind` would come before the best one so far (a
    /// later hint must be strictly smaller to come first in SE's stable sort).
    fn beats(&self, difficulty: f64, kind: u8) -> bool {
        match &self.best {
            None => true,
            Some((d, k, _)) => difficulty < *d || (difficulty == *d && kind < *k),
        }
    }

    /// Whether a loop of `len` cells or more could still give a hint that comes first: its
    /// hints cost at least the base difficulty (a hidden set of type 3 may add nothing) and
    /// have a type of at least 1.
    fn worth_searching(&self, len: usize) -> bool {
        self.beats(base_difficulty(len), 1)
    }

    fn offer(&mut self, kind: u8, hint: Hint) {
        if hint.is_worth() && self.beats(hint.difficulty, kind) {
            self.best = Some((hint.difficulty, kind, hint));
        }
    }

    /// SE's `checkForLoops`: `cell` extends the path; `allowed_extra` is how many more cells
    /// with extra digits may join (it goes below 0 for type-2 loops); `extra` the extra
    /// digits seen; `came_by` the kind of region (0 block, 1 row, 2 column) from the previous
    /// cell.
    fn extend(&mut self, cell: Cell, allowed_extra: i32, mut extra: u16, came_by: Option<usize>) {
        let parity = self.len % 2;
        self.path[self.len] = cell as u8;
        self.len += 1;
        self.on_path |= 1 << cell;
        let regions = CELL_REGIONS[cell];
        let saved = self.touched[parity];
        self.touched[parity] |= CELL_REGION_SET[cell];
        for (kind, &region) in regions.iter().enumerate() {
            if came_by == Some(kind) {
                continue;
            }
            // A region's cells in SE's order are in increasing order of their numbers, so
            // the cells that matter (the start, and those holding both digits off the
            // path) can be walked as bits.
            let start = self.path[0] as usize;
            let mut cells =
                REGION_SETS[region as usize] & ((self.pair_cells & !self.on_path) | (1 << start));
            while cells != 0 {
                let next = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                if next == start {
                    if self.len >= 4 {
                        self.closed();
                    }
                    continue;
                }
                // Every such cell adds its extra digits, also one the path does not take.
                let cands = self.grid.cands[next];
                extra |= cands & !self.pair;
                let wide = cands != self.pair;
                let one_extra = extra != 0 && extra & (extra - 1) == 0;
                let allowed = allowed_extra - i32::from(wide);
                // Once no further cell with extra digits may join (the allowance is spent and
                // the extra digits, which only grow, are two or more), the loop is closed by
                // cells holding the two digits alone.
                let free = if allowed <= 0 && !one_extra {
                    self.loop_cells & !self.wide_cells
                } else {
                    self.loop_cells
                };
                if (!wide || one_extra || allowed_extra > 0) && self.may_extend(next, free) {
                    self.extend(next, allowed, extra, Some(kind));
                }
            }
        }
        self.touched[parity] = saved;
        self.on_path &= !(1 << cell);
        self.len -= 1;
    }

    /// Whether adding `next` to the path could still close a loop that SE would keep and
    /// that could come first. In a loop SE keeps, every region is touched by two cells, at
    /// an even and an odd position: so the path must not touch a region twice at the same
    /// parity, each region it touches once must still have a free cell holding both digits,
    /// and the loop needs at least a cell for every three regions touched once; and a loop
    /// gives a hint only with a cell holding more than the two digits. `free` has the cells
    /// that may still join the path (on it or not).
    fn may_extend(&self, next: Cell, free: u128) -> bool {
        let parity = self.len % 2;
        let regions = CELL_REGION_SET[next];
        if self.len >= MAX_LOOP
            || self.touched[parity] & regions != 0
            || self.loop_cells & 1 << next == 0
        {
            return false;
        }
        let mut touched = self.touched;
        touched[parity] |= regions;
        let mut open = touched[0] ^ touched[1];
        let open_count = ones(open as u16 & 0x3ff)
            + ones((open >> 10) as u16 & 0x3ff)
            + ones((open >> 20) as u16);
        let shortest = self.len + 1 + (open_count as usize).div_ceil(3);
        if shortest > MAX_LOOP || !self.worth_searching(shortest + shortest % 2) {
            return false;
        }
        let free = free & !self.on_path & !(1 << next);
        // A loop without an extra cell gives no hint.
        if (self.on_path | 1 << next | free) & self.wide_cells == 0 {
            return false;
        }
        while open != 0 {
            let r = open.trailing_zeros() as usize;
            open &= open - 1;
            if REGION_SETS[r] & free == 0 {
                return false;
            }
        }
        true
    }

    /// A loop closed on the path: check it and make its hints (SE's `getHints` body).
    fn closed(&mut self) {
        // The path touches no region twice at the same parity, so the loop is valid when
        // both parities touched the same regions.
        if self.touched[0] != self.touched[1] || !self.worth_searching(self.len) {
            return;
        }
        let len = self.len;
        let lp: Vec<Cell> = self.path[..len].iter().map(|&c| c as usize).collect();
        let extra_cells: Vec<Cell> =
            lp.iter().copied().filter(|&c| self.grid.cands[c].count_ones() > 2).collect();
        match extra_cells.len() {
            0 => {}
            1 => {
                let mut hint = self.loop_hint(&lp, 1, base_difficulty(len));
                hint.remove(extra_cells[0], self.pair);
                self.offer(1, hint);
            }
            2 => {
                let (c1, c2) = (extra_cells[0], extra_cells[1]);
                let extra = (self.grid.cands[c1] | self.grid.cands[c2]) & !self.pair;
                if extra.count_ones() == 1 {
                    self.type2(&lp, &extra_cells);
                } else {
                    self.type3(&lp, c1, c2, extra);
                }
                self.type4(&lp, c1, c2);
            }
            _ => self.type2(&lp, &extra_cells),
        }
    }

    fn loop_hint(&self, lp: &[Cell], kind: u8, difficulty: f64) -> Hint {
        let mut hint = Hint::new(hint_name(lp.len(), kind), difficulty);
        hint.cells = lp.to_vec();
        hint.digits = self.pair;
        hint
    }

    /// Type 2: the extra cells share one extra digit; the cells seeing all of them lose it.
    fn type2(&mut self, lp: &[Cell], extra_cells: &[Cell]) {
        let grid = self.grid;
        let digit = (grid.cands[extra_cells[0]] & !self.pair).trailing_zeros() as u8;
        let mut seeing_all = !0u128;
        for &c in extra_cells {
            seeing_all &= PEER_SETS[c];
        }
        let mut hint = self.loop_hint(lp, 2, base_difficulty(lp.len()));
        for c in 0..81 {
            if seeing_all & (1 << c) != 0 && grid.has(c, digit) {
                hint.remove(c, 1 << digit);
            }
        }
        self.offer(2, hint);
    }

    /// Type 3: naked and hidden sets with the two extra cells `c1` and `c2` (in loop order).
    fn type3(&mut self, lp: &[Cell], c1: Cell, c2: Cell, extra: u16) {
        let grid = self.grid;
        let base = base_difficulty(lp.len());
        // The digits that are neither the loop's nor extra, for hidden sets.
        let others: Vec<u8> = (1..=9u8).filter(|&d| (self.pair | extra) & (1 << d) == 0).collect();
        for degree in extra.count_ones() as usize..=7 {
            // A set of this degree or more adds at least (degree - 2) tenths (a hidden set
            // keeps degree - 1 cells or more besides the extra cells).
            if !self.beats(base + f64::from(degree as i32 - 2) * 0.1, 3) {
                break;
            }
            for (&region, &region2) in CELL_REGIONS[c1].iter().zip(&CELL_REGIONS[c2]) {
                if region != region2 {
                    continue;
                }
                let region = region as usize;
                let empty = grid.empty_count(region);
                let (index1, index2) = (index_in(region, c1), index_in(region, c2));
                if degree * 2 <= empty {
                    self.naked_sets(lp, region, degree, c1, c2, extra, base);
                }
                if degree * 2 < empty && degree - 2 <= others.len() {
                    for combo in Combinations::new(degree - 2, others.len()) {
                        let mut values: u16 = self.pair;
                        for (i, &d) in others.iter().enumerate() {
                            if combo & (1 << i) != 0 {
                                values |= 1 << d;
                            }
                        }
                        // SE's `searchCommonTupleLight` on the digits' positions without c2.
                        let mut union = 0u16;
                        let mut missing = false;
                        for d in super::grid::digits(values) {
                            let positions = grid.positions(region, d) & !(1 << index2);
                            union |= positions;
                            missing |= positions == 0;
                        }
                        if missing || union.count_ones() as usize != degree {
                            continue;
                        }
                        let cells = union & !(1 << index1) & !(1 << index2);
                        let bonus = f64::from(cells.count_ones() as i32 - 1) * 0.1;
                        let mut hint = self.loop_hint(lp, 3, base + bonus);
                        hint.regions = vec![region];
                        for (i, &cell) in REGION_CELLS[region].iter().enumerate() {
                            if cells & (1 << i) != 0 {
                                let cell = cell as usize;
                                hint.remove(cell, grid.cands[cell] & !values);
                            }
                        }
                        self.offer(3, hint);
                    }
                }
            }
        }
    }

    /// Naked sets of `degree` cells of `region`: `c1` (standing for both extra cells, with
    /// their extra digits) and `degree - 1` other cells, never `c2`.
    #[allow(clippy::too_many_arguments)]
    fn naked_sets(
        &mut self,
        lp: &[Cell],
        region: usize,
        degree: usize,
        c1: Cell,
        c2: Cell,
        extra: u16,
        base: f64,
    ) {
        let grid = self.grid;
        let (index1, index2) = (index_in(region, c1), index_in(region, c2));
        for combo in Combinations::new(degree, 9) {
            if combo & (1 << index1) == 0 || combo & (1 << index2) != 0 {
                continue;
            }
            // SE first requires the set's digits, counting only the extra digits common to
            // both extra cells, to number `degree`; then every member (c1 as its extra
            // digits) to hold two digits or more and all of them `degree` digits.
            let mut narrow = extra & grid.cands[c1] & grid.cands[c2];
            let mut union = extra;
            let mut too_small = false;
            for (i, &cell) in REGION_CELLS[region].iter().enumerate() {
                if combo & (1 << i) != 0 && i != index1 {
                    let cands = grid.cands[cell as usize];
                    narrow |= cands;
                    union |= cands;
                    too_small |= cands.count_ones() <= 1;
                }
            }
            if narrow.count_ones() as usize != degree
                || too_small
                || union.count_ones() as usize != degree
            {
                continue;
            }
            let bonus = f64::from(degree as i32 - 1) * 0.1;
            let mut hint = self.loop_hint(lp, 3, base + bonus);
            hint.regions = vec![region];
            for (i, &cell) in REGION_CELLS[region].iter().enumerate() {
                let cell = cell as usize;
                if combo & (1 << i) == 0 && cell != c2 {
                    hint.remove(cell, grid.cands[cell] & union);
                }
            }
            self.offer(3, hint);
        }
    }

    /// Type 4: in a region of both extra cells, one loop digit only in them; the other digit
    /// goes from both. The last such region (block, row, column) for `v1` wins, else for
    /// `v2`.
    fn type4(&mut self, lp: &[Cell], c1: Cell, c2: Cell) {
        let grid = self.grid;
        let (mut r1, mut r2) = (None, None);
        for (&region, &region2) in CELL_REGIONS[c1].iter().zip(&CELL_REGIONS[c2]) {
            if region != region2 {
                continue;
            }
            let region = region as usize;
            let (mut has1, mut has2) = (false, false);
            for &cell in &REGION_CELLS[region] {
                let cell = cell as usize;
                if cell != c1 && cell != c2 {
                    has1 |= grid.has(cell, self.v1);
                    has2 |= grid.has(cell, self.v2);
                }
            }
            if !has1 {
                r1 = Some(region);
            }
            if !has2 {
                r2 = Some(region);
            }
        }
        let (region, removed) = match (r1, r2) {
            (Some(r), _) => (r, self.v2),
            (None, Some(r)) => (r, self.v1),
            (None, None) => return,
        };
        let mut hint = self.loop_hint(lp, 4, base_difficulty(lp.len()));
        hint.regions = vec![region];
        hint.remove(c1, 1 << removed);
        hint.remove(c2, 1 << removed);
        self.offer(4, hint);
    }
}

/// The cells of `pair_cells` that can be on a loop SE keeps: a loop touches each region it
/// touches with two of its cells, so each of a loop cell's block, row and column holds another
/// loop cell. Cells without such a partner among the cells left are dropped until none is.
fn loop_cells(pair_cells: u128) -> u128 {
    let mut cells = pair_cells;
    loop {
        let mut kept = cells;
        let mut rest = cells;
        while rest != 0 {
            let cell = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let others = cells & !(1 << cell);
            if CELL_REGIONS[cell].iter().any(|&r| REGION_SETS[usize::from(r)] & others == 0) {
                kept &= !(1 << cell);
            }
        }
        if kept == cells {
            return cells;
        }
        cells = kept;
    }
}

/// The unique rectangle or loop SE would apply first in `grid`, if any.
pub fn unique_loops(grid: &Grid) -> Option<Hint> {
    let mut best: Option<(f64, u8, Hint)> = None;
    for cell in 0..81 {
        let cands = grid.cands[cell];
        if cands.count_ones() != 2 {
            continue;
        }
        if let Some((d, 1, _)) = &best {
            if *d <= base_difficulty(4) {
                break; // Nothing can come before a type 1 at the lowest difficulty.
            }
        }
        let v1 = cands.trailing_zeros() as u8;
        let v2 = (cands & (cands - 1)).trailing_zeros() as u8;
        let (mut pair_cells, mut wide_cells) = (0u128, 0u128);
        for c in 0..81 {
            if grid.cands[c] & cands == cands {
                pair_cells |= 1 << c;
                if grid.cands[c] != cands {
                    wide_cells |= 1 << c;
                }
            }
        }
        // A cell on no loop SE keeps starts none (SE's search from it finds none).
        let loop_cells = loop_cells(pair_cells);
        if loop_cells & 1 << cell == 0 {
            continue;
        }
        let mut search = Search {
            grid,
            v1,
            v2,
            pair: cands,
            pair_cells,
            wide_cells,
            loop_cells,
            path: [0; MAX_LOOP + 1],
            len: 0,
            on_path: 0,
            touched: [0; 2],
            best: best.take(),
        };
        search.extend(cell, 2, 0, None);
        best = search.best;
    }
    best.map(|(_, _, hint)| hint)
}

#[cfg(test)]
#[path = "unique_tests.rs"]
mod tests;
