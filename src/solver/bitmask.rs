//! The bitmask depth-first search, the reference solver: singles and locked candidates, then
//! a branch on a two-candidate cell at one end of a strong link, or else on a cell with the
//! fewest candidates. Simpler than the band solver, and kept to check it against.
//!
//! The state keeps two views of the board (see [`tables`](super::tables) for the 9-bit digit
//! masks): what digits each house still lacks (`free`), and each cell's candidates (`cand`).
//! The per-cell masks can hold eliminations that no placement explains, which locked
//! candidates need; the free masks make "which digits must this house still place" one load.
//! A branch copies the whole state (about 220 bytes) instead of undoing moves.
//!
//! Propagation has two speeds:
//! - **naked singles** follow each placement at once: the digit leaves the candidates of the
//!   20 peers; a peer left with one is marked in an 81-bit set and placed in turn;
//! - a **sweep** (`State::propagate`) reads the board as 54 row and column segments, which give
//!   every house's hidden singles, rows and boxes first, and when there are none, *locked
//!   candidates*. These are what JCZSolve's band layout applies for free; here they cost a few
//!   hundred instructions a sweep, but save far more in guesses.
//!
//! **Branches, not instructions, set the speed of the peer updates**: whether a peer holds the
//! digit is a coin toss the predictor often loses, so each peer is updated without a branch
//! (load, clear, store) and tested once, through the [`FEW`] table, for the rare case that it
//! is left with one digit or none. The measurements, and what was tried and dropped:
//! docs/solver-notes.md.

use super::tables::{ALL_DIGITS, BOX_ONLY_PEERS, CELL_HOUSES, FEW, HOUSES, HOUSE_CELLS, POPCOUNT};
use super::{Outcome, Solver};
use crate::grid::{Grid, CELLS};

/// The reference solver: a bitmask search with singles, locked candidates and strong-link
/// branching, simpler than [`BandSolver`](super::BandSolver), which the pipeline uses by
/// default. Holds only its counters and the first solution; reuse one for many puzzles.
#[derive(Debug, Clone)]
pub struct BitmaskSolver {
    limit: u32,
    solutions: u32,
    guesses: u64,
    first: [u8; CELLS],
}

/// One node of the search.
#[derive(Clone, Copy)]
struct State {
    /// Candidates of each cell. A filled cell keeps the one bit of its digit: that is how the
    /// solution is read back. No rule draws a wrong conclusion from it: its digit is not free
    /// in its houses, so singles ignore it, and in a segment it only shows where that digit
    /// already is. A blank cell always has two candidates or more between placements.
    cand: [u16; CELLS],
    /// Digits not yet placed in each house.
    free: [u16; HOUSES],
    /// How many cells are still blank.
    blanks: u8,
}

/// What propagation left.
enum Propagated {
    Contradiction,
    Solved,
    /// Propagation is stuck: branch on a blank cell.
    Stuck,
}

/// Whether a mask has at most one digit.
#[inline(always)]
fn at_most_one(mask: u16) -> bool {
    mask & mask.wrapping_sub(1) == 0
}

/// The digits in at least two of three masks.
#[inline(always)]
fn two_of(a: u16, b: u16, c: u16) -> u16 {
    (a & b) | ((a | b) & c)
}

/// The cells of row segment `s` (row `s / 3`, box column `s % 3`), side by side.
#[inline(always)]
fn row_segment(s: usize) -> [usize; 3] {
    [3 * s, 3 * s + 1, 3 * s + 2]
}

/// The cells of column segment `s` (band `s / 9`, column `s % 9`), one above another.
#[inline(always)]
fn column_segment(s: usize) -> [usize; 3] {
    let top = 27 * (s / 9) + s % 9;
    [top, top + 9, top + 18]
}

/// The 48 bits of three 16-bit lanes.
const LANES: u64 = 0xFFFF_FFFF_FFFF;

/// Per lane of three, the union of the other two lanes.
#[inline(always)]
fn others(x: u64) -> u64 {
    ((x >> 16) | (x << 32) | (x >> 32) | (x << 16)) & LANES
}

/// Locked candidates in one band of three rows (or stack of three columns). `line[i]` holds
/// the segments of line `i`, one 16-bit lane a box:
///
/// ```text
///   bits:   47..32   31..16   15..0
///   lane:   box 2    box 1    box 0      (of the band, or the stack)
/// ```
///
/// Returns, per line and lane, the digits that segment must lose:
/// - *pointing*: a digit that, in a box, lies only in line `i` is the line's, so it leaves
///   the line's other two segments;
/// - *claiming*: a digit that, in line `i`, lies only in one box is the box's, so it leaves
///   the box's other two segments.
#[inline(always)]
fn locked(line: [u64; 3]) -> [u64; 3] {
    let [a, b, c] = line;
    let (pa, pb, pc) = (a & !(b | c), b & !(a | c), c & !(a | b));
    let (ca, cb, cc) = (a & !others(a), b & !others(b), c & !others(c));
    [a & (others(pa) | cb | cc), b & (others(pb) | ca | cc), c & (others(pc) | ca | cb)]
}

/// Takes the digit `bit` from a peer of a cell just filled, adding the peer to `pending`
/// if one candidate is left. False if none is: a pending cell, or a blank one, lost its
/// last digit.
#[inline(always)]
fn strike(slot: &mut u16, peer: usize, bit: u16, pending: &mut u128) -> bool {
    let mask = *slot;
    let new = mask & !bit;
    *slot = new;
    // Whether the peer lost `bit` and kept at most one digit, as one test that is rarely
    // true, so the branch is well predicted.
    if mask & bit & FEW[mask as usize & 511] != 0 {
        if new == 0 {
            return false;
        }
        *pending |= 1 << peer;
    }
    true
}

/// A 1 in each of four 16-bit lanes.
const LANE_ONES: u64 = 0x0001_0001_0001_0001;
/// The top bit of each 16-bit lane.
const LANE_TOPS: u64 = 0x8000_8000_8000_8000;

/// [`strike`] on four side-by-side cells of a row at once, one 16-bit lane a cell (nine-bit
/// masks leave room above them: no carry crosses a lane).
#[inline(always)]
fn strike4(cells: &mut [u16; 4], first: usize, bit: u16, pending: &mut u128) -> bool {
    let word = cells[0] as u64
        | (cells[1] as u64) << 16
        | (cells[2] as u64) << 32
        | (cells[3] as u64) << 48;
    let hit = word & (bit as u64 * LANE_ONES);
    let new = word ^ hit;
    for (k, cell) in cells.iter_mut().enumerate() {
        *cell = (new >> (16 * k)) as u16;
    }
    // Per lane, `m & (m - 1)`: nonzero when two digits or more are left. Adding 0x7fff to a
    // lane of at most 0x1ff sets its top bit exactly when it is not zero.
    let many = new & ((new | LANE_TOPS) - LANE_ONES);
    let lost = (hit + 0x7FFF * LANE_ONES) & LANE_TOPS;
    let mut single = lost & !(many + 0x7FFF * LANE_ONES);
    // Rarely any: a well-predicted branch.
    while single != 0 {
        let lane = single.trailing_zeros() as usize / 16;
        single &= single - 1;
        if cells[lane] == 0 {
            return false;
        }
        *pending |= 1 << (first + lane);
    }
    true
}

impl State {
    /// The start state for a puzzle, with its naked singles propagated; `None` if its givens
    /// conflict or a cell is left without candidates.
    fn new(puzzle: &Grid) -> Option<State> {
        let mut state = State { cand: [0; CELLS], free: [ALL_DIGITS; HOUSES], blanks: 0 };
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit == 0 {
                state.blanks += 1;
                continue;
            }
            let bit = 1 << (digit - 1);
            for h in CELL_HOUSES[cell] {
                if state.free[h as usize] & bit == 0 {
                    return None; // a second `digit` in this house
                }
                state.free[h as usize] &= !bit;
            }
            state.cand[cell] = bit;
        }
        let mut singles = 0u128;
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit == 0 {
                let [r, c, b] = CELL_HOUSES[cell].map(usize::from);
                let mask = state.free[r] & state.free[c] & state.free[b];
                if at_most_one(mask) {
                    if mask == 0 {
                        return None;
                    }
                    singles |= 1 << cell;
                }
                state.cand[cell] = mask;
            }
        }
        // Placing the givens queued nothing: place the naked singles found now, together.
        if singles != 0 && !state.settle(singles) {
            return None;
        }
        Some(state)
    }

    /// Places `bit` in `cell` (one of its candidates), then every naked single that follows.
    /// False on a contradiction: a cell left with no candidate.
    #[inline(always)]
    fn assign(&mut self, cell: usize, bit: u16) -> bool {
        self.cand[cell] = bit;
        self.settle(1 << cell)
    }

    /// Places the blank cells of `pending` (one bit a cell, each with one candidate), and the
    /// naked singles that follow. False on a contradiction: a cell left with no candidate.
    fn settle(&mut self, mut pending: u128) -> bool {
        // Cells turned single and not yet placed, one bit a cell: no queue to clear first. A
        // cell turns single once, so it is pending at most once.
        while pending != 0 {
            let cell = pending.trailing_zeros() as usize;
            if cell >= CELLS {
                return false; // never: tells the compiler the peers are in range
            }
            pending &= pending - 1;
            let bit = self.cand[cell];
            self.blanks -= 1;
            for &h in &CELL_HOUSES[cell] {
                self.free[h as usize] &= !bit;
            }
            // The 20 peers: the row and the column (the cell itself is skipped by clearing it
            // meanwhile), then the 4 cells of the box outside both.
            self.cand[cell] = 0;
            let (row, col) = (cell / 9 * 9, cell % 9);
            let row_cells: &mut [u16; 9] = (&mut self.cand[row..row + 9]).try_into().unwrap();
            let (four, rest) = row_cells.split_at_mut(4);
            let (four2, last) = rest.split_at_mut(4);
            if !strike4(four.try_into().unwrap(), row, bit, &mut pending)
                || !strike4(four2.try_into().unwrap(), row + 4, bit, &mut pending)
                || !strike(&mut last[0], row + 8, bit, &mut pending)
            {
                return false;
            }
            for i in 0..9 {
                let peer = col + 9 * i;
                if !strike(&mut self.cand[peer], peer, bit, &mut pending) {
                    return false;
                }
            }
            for peer in BOX_ONLY_PEERS[cell] {
                let peer = peer as usize;
                if !strike(&mut self.cand[peer], peer, bit, &mut pending) {
                    return false;
                }
            }
            self.cand[cell] = bit;
        }
        true
    }

    /// Removes the digits of `mask` from a cell's candidates, placing it if one is left.
    #[inline(always)]
    fn eliminate(&mut self, cell: usize, mask: u16) -> bool {
        let old = self.cand[cell];
        if old & mask == 0 {
            return true;
        }
        let new = old & !mask;
        self.cand[cell] = new;
        if at_most_one(new) {
            return new != 0 && self.assign(cell, new);
        }
        true
    }

    /// Places the hidden singles of a sweep, `hidden[h]` being the digits with one cell left
    /// in house `h`. False on a contradiction.
    ///
    /// Placing a single only removes candidates: a digit counted once is in at most one cell
    /// now, so each hidden single is still sound, or a contradiction.
    fn place_hidden(&mut self, hidden: &[u16; HOUSES]) -> bool {
        for h in 0..HOUSES {
            let mut rest = hidden[h];
            while rest != 0 {
                let bit = rest & rest.wrapping_neg();
                rest ^= bit;
                if self.free[h] & bit == 0 {
                    continue; // placed meanwhile, by the singles that followed another
                }
                // Its cell, by a scan of all nine with no early exit: a branch per cell here
                // was mispredicted often enough to cost more.
                let mut home = CELLS;
                for &c in &HOUSE_CELLS[h] {
                    let c = c as usize;
                    home = if self.cand[c] & bit != 0 { c } else { home };
                }
                if home == CELLS || !self.assign(home, bit) {
                    return false;
                }
            }
        }
        true
    }

    /// Sweeps for hidden singles and locked candidates until neither finds anything.
    ///
    /// A sweep reads the board as 54 *segments*, the three cells a row or column shares with a
    /// box: per segment, the digits of its cells (`rows`, `cols`) and the digits in two or more
    /// of them (`row_dup`, `col_dup`). A house is three segments, so both counts of every house
    /// come from these without touching cells again, and locked candidates are one comparison
    /// of segments.
    fn propagate(&mut self) -> Propagated {
        loop {
            if self.blanks == 0 {
                return Propagated::Solved;
            }
            // Row segments (3 * row + box column) give the rows and the boxes; most sweeps
            // that find anything find it there, so columns wait until these find nothing.
            let mut rows = [0u16; 27];
            let mut row_dup = [0u16; 27];
            for s in 0..27 {
                let (a, b, c) = (self.cand[3 * s], self.cand[3 * s + 1], self.cand[3 * s + 2]);
                rows[s] = a | b | c;
                row_dup[s] = two_of(a, b, c);
            }
            // Per house, the free digits in two or more cells (`twice`) and, checked on the
            // way, in none. Contradictions are gathered and tested once, after the loop.
            let mut hidden = [0u16; HOUSES];
            let mut missing = 0;
            for x in 0..9 {
                let r = 3 * x; // first segment of row x
                let (a, b, c) = (rows[r], rows[r + 1], rows[r + 2]);
                let twice = two_of(a, b, c) | row_dup[r] | row_dup[r + 1] | row_dup[r + 2];
                missing |= self.free[x] & !(a | b | c);
                hidden[x] = self.free[x] & !twice;
                let t = 9 * (x / 3) + x % 3; // top row segment of box x
                let (a, b, c) = (rows[t], rows[t + 3], rows[t + 6]);
                let twice = two_of(a, b, c) | row_dup[t] | row_dup[t + 3] | row_dup[t + 6];
                missing |= self.free[18 + x] & !(a | b | c);
                hidden[18 + x] = self.free[18 + x] & !twice;
            }
            if missing != 0 {
                return Propagated::Contradiction; // a digit a house lacks has no cell left
            }
            if hidden.iter().any(|&h| h != 0) {
                match self.place_hidden(&hidden) {
                    true => continue,
                    false => return Propagated::Contradiction,
                }
            }

            // Column segments: 9 * band + column, so that the nine columns sit side by side
            // and the compiler can work on them as vectors.
            let mut cols = [0u16; 27];
            let mut col_dup = [0u16; 27];
            for band in 0..3 {
                for col in 0..9 {
                    let top = 27 * band + col;
                    let (a, b, c) = (self.cand[top], self.cand[top + 9], self.cand[top + 18]);
                    cols[9 * band + col] = a | b | c;
                    col_dup[9 * band + col] = two_of(a, b, c);
                }
            }
            for x in 0..9 {
                let (a, b, c) = (cols[x], cols[9 + x], cols[18 + x]);
                let twice = two_of(a, b, c) | col_dup[x] | col_dup[9 + x] | col_dup[18 + x];
                missing |= self.free[9 + x] & !(a | b | c);
                hidden[9 + x] = self.free[9 + x] & !twice;
            }
            if missing != 0 {
                return Propagated::Contradiction;
            }
            if hidden.iter().any(|&h| h != 0) {
                match self.place_hidden(&hidden) {
                    true => continue,
                    false => return Propagated::Contradiction,
                }
            }

            // No singles: locked candidates. Deductions from this snapshot stay sound while
            // eliminations and placements shrink the board.
            let mut row_lose = [0u64; 9];
            let mut col_lose = [0u64; 9];
            let pack = |x: u16, y: u16, z: u16| x as u64 | (y as u64) << 16 | (z as u64) << 32;
            for band in 0..3 {
                let r = |i: usize| {
                    let s = 9 * band + 3 * i;
                    pack(rows[s], rows[s + 1], rows[s + 2])
                };
                let c = |i: usize| {
                    let x = 3 * band + i;
                    pack(cols[x], cols[9 + x], cols[18 + x])
                };
                let [x, y, z] = locked([r(0), r(1), r(2)]);
                row_lose[3 * band..3 * band + 3].copy_from_slice(&[x, y, z]);
                let [x, y, z] = locked([c(0), c(1), c(2)]);
                col_lose[3 * band..3 * band + 3].copy_from_slice(&[x, y, z]);
            }
            let any = row_lose.iter().chain(&col_lose).fold(0, |acc, &x| acc | x);
            if any == 0 {
                return Propagated::Stuck;
            }
            for line in 0..9 {
                for k in 0..3 {
                    let lose = (row_lose[line] >> (16 * k)) as u16;
                    if lose != 0 {
                        for cell in row_segment(3 * line + k) {
                            if !self.eliminate(cell, lose) {
                                return Propagated::Contradiction;
                            }
                        }
                    }
                    let lose = (col_lose[line] >> (16 * k)) as u16;
                    if lose != 0 {
                        for cell in column_segment(9 * k + line) {
                            if !self.eliminate(cell, lose) {
                                return Propagated::Contradiction;
                            }
                        }
                    }
                }
            }
        }
    }

    /// The cell to branch on, its candidates, and the digit to try first: the first
    /// two-candidate cell, in reading order, one of whose digits has only one other place in
    /// one of its houses; failing that, the first blank cell with the fewest candidates.
    ///
    /// Such a cell is the end of a *strong link*: whichever digit goes in, the other digit's
    /// second place in that house is forced too, so both branches propagate further. With
    /// `order`, when only one of its digits is linked so, the other is tried first, which finds
    /// first solutions sooner; without (every branch will be searched), the first linked digit
    /// is enough.
    fn branch_cell(&self, order: bool) -> (usize, u16, u16) {
        let mut best = (0, 0, u8::MAX);
        for (cell, &mask) in self.cand.iter().enumerate() {
            let count = POPCOUNT[mask as usize & 511];
            if count == 2 {
                let linked = self.bilocal_digits(cell, mask, order);
                if linked != 0 {
                    let first = if linked == mask { mask } else { mask ^ linked };
                    return (cell, mask, first & first.wrapping_neg());
                }
            }
            // One candidate: a filled cell (propagation leaves no single blank).
            if count >= 2 && count < best.2 {
                best = (cell, mask, count);
            }
        }
        (best.0, best.1, best.1 & best.1.wrapping_neg())
    }

    /// The digits of `mask` with exactly two places in one of the houses of `cell`; with
    /// `all` false, possibly only some of them.
    fn bilocal_digits(&self, cell: usize, mask: u16, all: bool) -> u16 {
        let mut linked = 0;
        for h in CELL_HOUSES[cell] {
            // Digits of `mask` seen in at least one, two, three cells of the house.
            let (mut one, mut two, mut three) = (0, 0, 0);
            for c in HOUSE_CELLS[h as usize] {
                let x = self.cand[c as usize] & mask;
                three |= two & x;
                two |= one & x;
                one |= x;
            }
            linked |= two & !three;
            if linked == mask || (linked != 0 && !all) {
                break;
            }
        }
        linked
    }
}

impl BitmaskSolver {
    /// A solver ready for its first puzzle.
    pub fn new() -> BitmaskSolver {
        BitmaskSolver { limit: 1, solutions: 0, guesses: 0, first: [0; CELLS] }
    }

    fn search(&mut self, mut state: State) {
        match state.propagate() {
            Propagated::Contradiction => {}
            Propagated::Solved => {
                if self.solutions == 0 {
                    for (value, mask) in self.first.iter_mut().zip(state.cand) {
                        *value = mask.trailing_zeros() as u8 + 1;
                    }
                }
                self.solutions += 1;
            }
            Propagated::Stuck => {
                let (cell, mask, first) = state.branch_cell(self.limit == 1);
                let mut rest = mask;
                let mut bit = first;
                loop {
                    rest ^= bit;
                    self.guesses += 1;
                    if rest == 0 {
                        // The last digit to try: this node is done with, so no copy.
                        if state.assign(cell, bit) {
                            self.search(state);
                        }
                        return;
                    }
                    let mut child = state;
                    if child.assign(cell, bit) {
                        self.search(child);
                    }
                    if self.solutions >= self.limit {
                        return;
                    }
                    bit = rest & rest.wrapping_neg();
                }
            }
        }
    }
}

impl Default for BitmaskSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver for BitmaskSolver {
    fn kind(&self) -> super::SolverKind {
        super::SolverKind::Bitmask
    }

    fn solve(&mut self, puzzle: &Grid, limit: u32, solution: &mut Grid) -> Outcome {
        self.limit = limit.max(1);
        self.solutions = 0;
        self.guesses = 0;
        if let Some(state) = State::new(puzzle) {
            self.search(state);
        }
        if self.solutions > 0 {
            solution.0 = self.first;
        }
        Outcome { solutions: self.solutions, guesses: self.guesses }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meets_the_solver_contract() {
        crate::solver::contract::check(|| Box::new(BitmaskSolver::new()), true);
    }
}
