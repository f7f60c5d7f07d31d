//! The bitmask depth-first search: singles propagation, then a branch on the cell with the
//! fewest candidates.
//!
//! The state is what digits each house still lacks (`free`, one 9-bit mask per house, see
//! [`tables`](super::tables)); a blank cell's candidates are the digits free in all three of its
//! houses, one AND away. Placing a digit clears one bit in three masks, so a branch copies a
//! state of about 200 bytes instead of undoing moves.
//!
//! Propagation has two speeds:
//! - **naked singles** follow each placement at once: only the 20 peers of the cell just filled
//!   can lose a candidate, so only they are looked at; a peer left with none is a contradiction,
//!   a peer left with one is queued and placed in turn;
//! - **hidden singles** need a sweep: each house counts, over its blank cells, which digits
//!   occur once and which twice or more. A free digit that occurs in no cell is a
//!   contradiction; one that occurs in exactly one cell goes there.
//!
//! When a sweep finds nothing, the search branches on the blank cell with the fewest
//! candidates.

use super::tables::{ALL_DIGITS, CELL_HOUSES, HOUSES, HOUSE_CELLS, LOWEST_DIGIT, PEERS, POPCOUNT};
use super::{Outcome, Solver};
use crate::grid::{Grid, CELLS};

/// The fast solver: a bitmask search with naked and hidden singles and fewest-candidates
/// branching. Holds only its counters and the first solution; reuse one for many puzzles.
#[derive(Debug, Clone)]
pub struct BitmaskSolver {
    limit: u32,
    solutions: u32,
    guesses: u64,
    first: [u8; CELLS],
}

/// Marks a blank cell already queued as a naked single (in `State::cells`).
const QUEUED: u8 = 0x80;

/// One node of the search.
#[derive(Clone, Copy)]
struct State {
    /// Digits not yet placed in each house.
    free: [u16; HOUSES],
    /// Cell values: 0 for blank, 1..=9, or [`QUEUED`] while a naked single waits.
    cells: [u8; CELLS],
    /// The blank cells, in `blanks[..blank_count]`. May also hold cells filled since the last
    /// sweep; the next sweep drops them.
    blanks: [u8; CELLS],
    blank_count: u8,
}

/// What propagation left.
enum Propagated {
    Contradiction,
    Solved,
    /// Propagation is stuck: branch on a blank cell.
    Stuck,
}

impl State {
    /// The start state for a puzzle, with its singles propagated; `None` if its givens
    /// conflict or a cell is left without candidates.
    fn new(puzzle: &Grid) -> Option<State> {
        let mut state = State {
            free: [ALL_DIGITS; HOUSES],
            cells: [0; CELLS],
            blanks: [0; CELLS],
            blank_count: 0,
        };
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit == 0 {
                state.blanks[state.blank_count as usize] = cell as u8;
                state.blank_count += 1;
            } else {
                let bit = 1 << (digit - 1);
                if state.candidates(cell) & bit == 0 {
                    return None;
                }
                state.place(cell, bit);
            }
        }
        // Placing the givens queued nothing: look for naked singles once, everywhere.
        for i in 0..state.blank_count as usize {
            let cell = state.blanks[i] as usize;
            if state.cells[cell] == 0 {
                let mask = state.candidates(cell);
                if mask & mask.wrapping_sub(1) == 0 && !state.assign(cell, mask) {
                    return None;
                }
            }
        }
        Some(state)
    }

    /// The digits a blank cell may still take.
    #[inline(always)]
    fn candidates(&self, cell: usize) -> u16 {
        let [r, c, b] = CELL_HOUSES[cell];
        self.free[r as usize] & self.free[c as usize] & self.free[b as usize]
    }

    /// Puts the digit of the one-bit mask `bit` in `cell`.
    #[inline(always)]
    fn place(&mut self, cell: usize, bit: u16) {
        self.cells[cell] = LOWEST_DIGIT[bit as usize];
        for h in CELL_HOUSES[cell] {
            self.free[h as usize] &= !bit;
        }
    }

    /// Places `bit` in `cell` (a candidate there, or the mask 0), then every naked single that
    /// follows. False on a contradiction: a cell left with no candidate.
    fn assign(&mut self, cell: usize, bit: u16) -> bool {
        let mut queue = [0u8; CELLS];
        let mut queued = 0;
        let (mut cell, mut bit) = (cell, bit);
        loop {
            if bit == 0 {
                return false;
            }
            self.place(cell, bit);
            for peer in PEERS[cell] {
                let peer = peer as usize;
                if self.cells[peer] != 0 {
                    continue; // filled, or queued already
                }
                let mask = self.candidates(peer);
                if mask & mask.wrapping_sub(1) == 0 {
                    // One candidate left, or none: either way the queue settles it.
                    self.cells[peer] = QUEUED;
                    queue[queued] = peer as u8;
                    queued += 1;
                }
            }
            if queued == 0 {
                return true;
            }
            queued -= 1;
            cell = queue[queued] as usize;
            // Masks only shrink: a queued cell has one candidate left, or none.
            bit = self.candidates(cell);
        }
    }

    /// Sweeps for hidden singles and places them (with the naked singles that follow) until
    /// a sweep finds none.
    fn propagate(&mut self) -> Propagated {
        loop {
            // Per house: digits seen in at least one blank cell, and in at least two.
            let mut once = [0u16; HOUSES];
            let mut twice = [0u16; HOUSES];
            let mut kept = 0;
            for i in 0..self.blank_count as usize {
                let cell = self.blanks[i];
                if self.cells[cell as usize] != 0 {
                    continue; // filled since the last sweep
                }
                self.blanks[kept] = cell;
                kept += 1;
                let mask = self.candidates(cell as usize);
                for h in CELL_HOUSES[cell as usize] {
                    let h = h as usize;
                    twice[h] |= once[h] & mask;
                    once[h] |= mask;
                }
            }
            self.blank_count = kept as u8;
            if kept == 0 {
                return Propagated::Solved;
            }

            // Placing a hidden single changes the counts of later houses, but only downwards:
            // a digit missing from `once` is surely missing, and a digit seen once is in at
            // most one cell now. Both tests below stay sound.
            let mut placed = false;
            for h in 0..HOUSES {
                let free = self.free[h];
                if free & !once[h] != 0 {
                    return Propagated::Contradiction;
                }
                let mut hidden = free & once[h] & !twice[h];
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden ^= bit;
                    if self.free[h] & bit == 0 {
                        continue; // placed meanwhile, by the singles that followed another
                    }
                    let home = HOUSE_CELLS[h].iter().copied().find(|&c| {
                        self.cells[c as usize] == 0 && self.candidates(c as usize) & bit != 0
                    });
                    match home {
                        Some(c) if self.assign(c as usize, bit) => placed = true,
                        _ => return Propagated::Contradiction,
                    }
                }
            }
            if !placed {
                return Propagated::Stuck;
            }
        }
    }

    /// The blank cell with the fewest candidates, and its candidates.
    fn branch_cell(&self) -> (usize, u16) {
        let mut best = (0, 0, u8::MAX);
        for &cell in &self.blanks[..self.blank_count as usize] {
            let mask = self.candidates(cell as usize);
            let count = POPCOUNT[mask as usize];
            if count < best.2 {
                best = (cell as usize, mask, count);
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
                    self.first = state.cells;
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
