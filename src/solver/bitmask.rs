//! The bitmask depth-first search: singles propagation, then a branch on the cell with the
//! fewest candidates.
//!
//! The state is what digits each house still lacks (`free`, one 9-bit mask per house, see
//! [`tables`](super::tables)); a blank cell's candidates are the digits free in all three of its
//! houses, one AND away. Placing a digit clears one bit in three masks, so a branch copies a
//! state of about 200 bytes instead of undoing moves.
//!
//! Propagation repeats one sweep over the blank cells until it stops finding anything:
//! - a cell with no candidate is a contradiction; a cell with one is placed at once
//!   (naked single);
//! - each house counts, over its blank cells, which digits occur once and which twice or more;
//!   a free digit that occurs in no cell is a contradiction, one that occurs in exactly one
//!   cell goes there (hidden single).
//!
//! The sweep also remembers the blank cell with the fewest candidates, which is where the
//! search branches when the sweep placed nothing.

use super::tables::{ALL_DIGITS, CELL_HOUSES, HOUSES, HOUSE_CELLS, LOWEST_DIGIT, POPCOUNT};
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

/// One node of the search.
#[derive(Clone, Copy)]
struct State {
    /// Digits not yet placed in each house.
    free: [u16; HOUSES],
    /// Cell values, 0 for blank.
    cells: [u8; CELLS],
    /// The blank cells, in `blanks[..blank_count]`. May also hold cells that a hidden single
    /// filled since the last sweep; the next sweep drops them.
    blanks: [u8; CELLS],
    blank_count: u8,
}

/// What propagation left.
enum Propagated {
    Contradiction,
    Solved,
    /// Propagation is stuck: branch on this cell, whose candidates are `mask`.
    Branch { cell: u8, mask: u16 },
}

impl State {
    /// The start state for a puzzle, or `None` if its givens conflict.
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

    /// Applies naked and hidden singles until none is left.
    fn propagate(&mut self) -> Propagated {
        loop {
            // Per house: digits seen in at least one blank cell, and in at least two.
            let mut once = [0u16; HOUSES];
            let mut twice = [0u16; HOUSES];
            let mut placed = false;
            let mut best = (0u8, 0u16, u8::MAX); // (cell, candidates, count)

            let mut kept = 0;
            for i in 0..self.blank_count as usize {
                let cell = self.blanks[i];
                if self.cells[cell as usize] != 0 {
                    continue; // filled by a hidden single after the last sweep
                }
                let mask = self.candidates(cell as usize);
                if mask == 0 {
                    return Propagated::Contradiction;
                }
                if mask & (mask - 1) == 0 {
                    self.place(cell as usize, mask);
                    placed = true;
                    continue;
                }
                self.blanks[kept] = cell;
                kept += 1;
                for h in CELL_HOUSES[cell as usize] {
                    let h = h as usize;
                    twice[h] |= once[h] & mask;
                    once[h] |= mask;
                }
                let count = POPCOUNT[mask as usize];
                if count < best.2 {
                    best = (cell, mask, count);
                }
            }
            self.blank_count = kept as u8;
            if kept == 0 {
                return Propagated::Solved;
            }

            // The counts may include digits that naked singles later in the sweep removed, so
            // they over-count: a digit missing from `once` is surely missing, and a digit seen
            // once is in at most one cell now. Both tests below stay sound.
            for h in 0..HOUSES {
                let free = self.free[h];
                if free & !once[h] != 0 {
                    return Propagated::Contradiction;
                }
                let mut hidden = free & once[h] & !twice[h];
                while hidden != 0 {
                    let bit = hidden & hidden.wrapping_neg();
                    hidden ^= bit;
                    let home = HOUSE_CELLS[h].iter().copied().find(|&c| {
                        self.cells[c as usize] == 0 && self.candidates(c as usize) & bit != 0
                    });
                    match home {
                        Some(c) => self.place(c as usize, bit),
                        None => return Propagated::Contradiction,
                    }
                    placed = true;
                }
            }

            if !placed {
                return Propagated::Branch { cell: best.0, mask: best.1 };
            }
        }
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
            Propagated::Branch { cell, mask } => {
                let mut rest = mask;
                while rest != 0 {
                    let bit = rest & rest.wrapping_neg();
                    rest ^= bit;
                    self.guesses += 1;
                    let mut child = state;
                    child.place(cell as usize, bit);
                    self.search(child);
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
