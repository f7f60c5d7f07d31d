//! The bitmask depth-first search: singles and locked candidates, then a branch on a cell
//! with the fewest candidates.
//!
//! The state keeps two views of the board (see [`tables`](super::tables) for the 9-bit digit
//! masks): what digits each house still lacks (`free`, one mask per row, column and box), and
//! each cell's candidates (`cand`; a filled cell keeps its digit's bit). The per-cell masks
//! can hold eliminations that no placement explains, which locked candidates need; the free
//! masks make "which digits must this house still place" one load. A branch copies the whole
//! state (about 220 bytes) instead of undoing moves, and the last digit tried at a node reuses
//! the node's own state.
//!
//! Propagation has two speeds:
//! - **naked singles** follow each placement at once: the digit leaves the candidates of the
//!   20 peers (its row and column as runs of cells, then the 4 other cells of its box); a peer
//!   left with none is a contradiction, a peer left with one is marked in an 81-bit set and
//!   placed in turn;
//! - a **sweep** reads the board as 54 segments (a row or column's three cells in one box). Per
//!   segment it keeps the digits of its cells and those in two or more of them, which give
//!   every house's "seen once" and "seen twice" masks without another pass over the cells:
//!   a free digit seen nowhere is a contradiction, one seen once is a *hidden single*. Row
//!   segments come first and give rows and boxes, where most hidden singles are; column
//!   segments are read only when those find none (this alone saved a tenth of the work).
//!   When there are none anywhere, the same segments give *locked candidates*: a digit
//!   confined to one segment of a box leaves the rest of its line (pointing), and a digit
//!   confined to one segment of a line leaves the rest of its box (claiming).
//!
//! Locked candidates are what JCZSolve's band layout applies for free. Here they cost a few
//! hundred instructions a sweep, but they cut the guesses on 17-clue puzzles from about 7 to 2
//! per puzzle (three in four then need none) and on the hardest lists by a fifth, and each
//! guess costs far more than a sweep. Applying them on every sweep, rather than only when
//! hidden singles run out, was measured and is slower. When a sweep finds nothing, the search
//! branches on the first blank cell, in reading order, with the fewest candidates: scoring
//! two-candidate cells by how full their houses are was tried and cost more.

use super::tables::{ALL_DIGITS, BOX_ONLY_PEERS, CELL_HOUSES, HOUSES, HOUSE_CELLS, POPCOUNT};
use super::{Outcome, Solver};
use crate::grid::{Grid, CELLS};

/// The fast solver: a bitmask search with singles, locked candidates and fewest-candidates
/// branching. Holds only its counters and the first solution; reuse one for many puzzles.
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

/// Locked candidates in the three bands of rows (`COLUMNS` false) or stacks of columns, from
/// their 27 segments. Segment `(b, i, k)` is line `i` of band (or stack) `b` within its box
/// `k`; it sits at `seg[9 * b + 3 * i + k]` for rows and at `seg[9 * k + 3 * b + i]` for
/// columns (see [`State::propagate`]). Writes, per segment, the digits it must lose, and
/// returns whether there are any:
/// - *pointing*: a digit that, in box `k`, lies only in line `i` is the line's, so it leaves
///   the line's other two segments;
/// - *claiming*: a digit that, in line `i`, lies only in box `k` is the box's, so it leaves
///   the box's other two segments.
#[inline(always)]
fn locked<const COLUMNS: bool>(seg: &[u16; 27], out: &mut [u16; 27]) -> bool {
    let mut any = 0;
    for b in 0..3 {
        let at = |i: usize, k: usize| if COLUMNS { 9 * k + 3 * b + i } else { 9 * b + 3 * i + k };
        let s = |i: usize, k: usize| seg[at(i, k)];
        let mut pointing = [[0u16; 3]; 3];
        let mut claiming = [[0u16; 3]; 3];
        for i in 0..3 {
            for k in 0..3 {
                let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
                let (k1, k2) = ((k + 1) % 3, (k + 2) % 3);
                pointing[i][k] = s(i, k) & !(s(i1, k) | s(i2, k));
                claiming[i][k] = s(i, k) & !(s(i, k1) | s(i, k2));
            }
        }
        for i in 0..3 {
            for k in 0..3 {
                let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
                let (k1, k2) = ((k + 1) % 3, (k + 2) % 3);
                let lose = s(i, k)
                    & (pointing[i][k1] | pointing[i][k2] | claiming[i1][k] | claiming[i2][k]);
                out[at(i, k)] = lose;
                any |= lose;
            }
        }
    }
    any != 0
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
            for i in 0..9 {
                if !self.strike(row + i, bit, &mut pending) {
                    return false;
                }
            }
            for i in 0..9 {
                if !self.strike(col + 9 * i, bit, &mut pending) {
                    return false;
                }
            }
            for peer in BOX_ONLY_PEERS[cell] {
                if !self.strike(peer as usize, bit, &mut pending) {
                    return false;
                }
            }
            self.cand[cell] = bit;
        }
        true
    }

    /// Takes the digit `bit` from a peer of a cell just filled, adding the peer to `pending`
    /// if one candidate is left. False if none is: a pending cell, or a blank one, lost its
    /// last digit.
    #[inline(always)]
    fn strike(&mut self, peer: usize, bit: u16, pending: &mut u128) -> bool {
        let mask = self.cand[peer];
        if mask & bit != 0 {
            let mask = mask ^ bit;
            self.cand[peer] = mask;
            if at_most_one(mask) {
                if mask == 0 {
                    return false;
                }
                *pending |= 1 << peer;
            }
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
                let home = HOUSE_CELLS[h].iter().find(|&&c| self.cand[c as usize] & bit != 0);
                match home {
                    Some(&c) if self.assign(c as usize, bit) => {}
                    _ => return false,
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
            let mut row_lose = [0u16; 27];
            let mut col_lose = [0u16; 27];
            let row_any = locked::<false>(&rows, &mut row_lose);
            let col_any = locked::<true>(&cols, &mut col_lose);
            if !row_any && !col_any {
                return Propagated::Stuck;
            }
            for s in 0..27 {
                for (cells, lose) in
                    [(row_segment(s), row_lose[s]), (column_segment(s), col_lose[s])]
                {
                    if lose != 0 {
                        for cell in cells {
                            if !self.eliminate(cell, lose) {
                                return Propagated::Contradiction;
                            }
                        }
                    }
                }
            }
        }
    }

    /// The blank cell with the fewest candidates, and its candidates.
    fn branch_cell(&self) -> (usize, u16) {
        let mut best = (0, 0, u8::MAX);
        for (cell, &mask) in self.cand.iter().enumerate() {
            let count = POPCOUNT[mask as usize];
            // One candidate: a filled cell (propagation leaves no single blank).
            if count >= 2 && count < best.2 {
                best = (cell, mask, count);
                if count == 2 {
                    break; // no blank cell has fewer
                }
            }
        }
        (best.0, best.1)
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
                let (cell, mask) = state.branch_cell();
                let mut rest = mask;
                while rest != 0 {
                    let bit = rest & rest.wrapping_neg();
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

    const PUZZLE: &str =
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
    const ANSWER: &str =
        "527389416819426735436751829375692184194538267268174593643217958951843672782965341";
    /// Arto Inkala's "world's hardest sudoku": needs guesses.
    const HARD: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    const HARD_ANSWER: &str =
        "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

    fn solve(puzzle: &str, limit: u32) -> (Outcome, Grid) {
        let mut solution = Grid::EMPTY;
        let outcome = BitmaskSolver::new().solve(&puzzle.parse().unwrap(), limit, &mut solution);
        (outcome, solution)
    }

    #[test]
    fn solves_the_line_example_by_singles_alone() {
        let (outcome, solution) = solve(PUZZLE, 2);
        assert_eq!(outcome, Outcome { solutions: 1, guesses: 0 });
        assert_eq!(solution.to_string(), ANSWER);
    }

    #[test]
    fn solves_a_hard_puzzle_with_guesses() {
        let (outcome, solution) = solve(HARD, 1);
        assert_eq!(outcome.solutions, 1);
        assert!(outcome.guesses > 0);
        assert_eq!(solution.to_string(), HARD_ANSWER);
    }

    #[test]
    fn counting_stops_at_the_limit() {
        let empty = ".".repeat(81);
        for limit in [1, 2, 5, 100] {
            assert_eq!(solve(&empty, limit).0.solutions, limit);
        }
        let (outcome, solution) = solve(&empty, 1);
        assert!(solution.is_solved(), "{solution}");
        assert!(outcome.guesses > 0);
    }

    #[test]
    fn two_solutions_are_counted_exactly() {
        // Blank the four cells of a deadly pattern in a solved grid: two ways to refill it.
        let mut cells = *ANSWER.parse::<Grid>().unwrap().cells();
        // In ANSWER, r1c1=5, r1c7=4; find a row where the same columns hold 4 and 5 swapped.
        let row = (1..9).find(|&r| cells[r * 9] == 4 && cells[r * 9 + 6] == 5);
        if let Some(r) = row {
            for cell in [0, 6, r * 9, r * 9 + 6] {
                cells[cell] = 0;
            }
            let puzzle = Grid::from_cells(cells).unwrap().to_string();
            assert_eq!(solve(&puzzle, 10).0.solutions, 2);
        } else {
            // Fall back to the empty top row of an almost blank grid: many solutions.
            assert_eq!(solve(&".".repeat(81), 3).0.solutions, 3);
        }
    }

    #[test]
    fn conflicting_and_dead_puzzles_have_no_solution() {
        let mut conflict = PUZZLE.as_bytes().to_vec();
        conflict[0] = b'2'; // row 1 already has a 2
        let (outcome, solution) = solve(std::str::from_utf8(&conflict).unwrap(), 2);
        assert_eq!(outcome.solutions, 0);
        assert_eq!(solution, Grid::EMPTY, "untouched");
        // No conflict among givens, but r1c9 has no candidate: its row holds 1..8 and its
        // column a 9.
        let dead = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
        assert_eq!(solve(&dead, 2).0.solutions, 0);
    }

    #[test]
    fn a_solved_grid_is_its_own_solution() {
        let (outcome, solution) = solve(ANSWER, 2);
        assert_eq!(outcome, Outcome { solutions: 1, guesses: 0 });
        assert_eq!(solution.to_string(), ANSWER);
    }

    #[test]
    fn one_solver_serves_many_puzzles() {
        let mut solver = BitmaskSolver::new();
        let mut solution = Grid::EMPTY;
        for _ in 0..3 {
            for (p, a) in [(HARD, HARD_ANSWER), (PUZZLE, ANSWER)] {
                let outcome = solver.solve(&p.parse().unwrap(), 2, &mut solution);
                assert_eq!(outcome.solutions, 1);
                assert_eq!(solution.to_string(), a);
            }
        }
    }
}
