//! The band solver: for each digit, the cells that may still hold it (JCZSolve's `F[]`,
//! `State::places` here), as three 27-bit bands of rows, one `u32` each: the layout that makes
//! JCZSolve (and the `sudoku` crate, its Rust port) and tdoku fast. The bitmask solver keeps a
//! mask a cell instead, and must walk cells to find where a digit can go.
//!
//! ```text
//!   band b of digit d = places[3 * d + b]     cell = 27 * b + bit
//!
//!   bit:  26 25 24 | 23 22 21 | 20 19 18      row 3b + 2
//!         17 16 15 | 14 13 12 | 11 10  9      row 3b + 1
//!          8  7  6 |  5  4  3 |  2  1  0      row 3b
//!         col 8 7 6   5 4 3      2 1 0
//!         box 3b+2    box 3b+1   box 3b
//! ```
//!
//! With digits apart, the rules become word operations on one band of one digit (`work`):
//! - the digit sits once in each row and box of the band, so the rows pick their boxes as a
//!   *permutation*: one lookup (`PERMUTED`) keeps the row-box pieces some permutation uses,
//!   which is pointing and claiming inside the band, hidden singles in boxes, and a dead band
//!   (no permutation left) seen as a zero;
//! - a box whose digit is left in one column takes that column from the digit's other bands;
//! - a piece every permutation uses, in a box with one column left, is a placed cell (it keeps
//!   its bit in its digit: that is how the solution is read back).
//!
//! A band is reworked only when it changed since it was last worked (`State::worked`). Naked
//! singles need the digits together: "seen once" and "seen twice" accumulate over a band's
//! nine digits. Claiming along columns, the one family of locked candidates the band
//! rules miss, costs a pass over the digits, so it waits until the other rules are stuck.
//!
//! At its first branch point a puzzle picks how it will branch, by how many cells are open
//! (`BAND_SEARCH_FROM`): **by cells** on a nearly-solved board (a two-candidate cell), or **by
//! bands and stacks** on an open one, as tdoku does: with the triads (`State::band_rules`), a
//! branch on the permutations of one digit in the band or stack with the fewest digits
//! undecided (`State::choose`; tdoku's own rule, the fewest permutations, on puzzles with few
//! givens, and on open boards once a first solution is found). Deciding a digit's whole band
//! at once settles more than one cell does, and halves the guesses on the hard lists. Both are
//! instances of one generic search (`BANDS`). [`Outcome::guesses`] counts options tried at
//! branch points (a cell's digits, or a band's or stack's permutations).
//!
//! Here is the solver and its search; a node of it, `State`, with its rules and branch choices
//! and the constants that pick how a puzzle is searched, is in `state`, and the operations on
//! all of a state's words at once (SSE2 where there is SSE2) in `words`. The tables, each built
//! by a `const fn` and checked by a test, are in `tables`; `pext` has the one step done by a
//! BMI2 instruction where the CPU runs it fast. What was measured, and what was tried and not
//! kept, is in `docs/solver-notes.md`.

mod pext;
mod state;
mod tables;
#[cfg(test)]
mod tests;
mod words;

use self::state::{
    Propagated, State, Strategy, AFTER_FIRST, FEW_GIVENS_FROM, KEPT, TDOKU, WIDE_ROOT_FROM,
};
use super::{Outcome, Solver, SolverKind};
use crate::grid::{Grid, CELLS};
use crate::sized::{Shape, SizedSolver};

/// The band solver: per-digit band bitsets, box permutations within bands, singles, and a
/// branch on two-candidate cells or, with triads, on bands and stacks. Holds only its counters,
/// the puzzle's search strategy and the first solution; reuse one for many puzzles.
#[derive(Debug, Clone)]
pub struct BandSolver {
    strategy: Strategy,
    /// The puzzle has at most 19 givens ([`FEW_GIVENS_FROM`]).
    few_givens: bool,
    limit: u32,
    solutions: u32,
    guesses: u64,
    first: [u8; CELLS],
    /// Search with `pext` ([`pext::fast`]).
    pext: bool,
    /// The solver of other sizes than 9x9, which this one hands them to: the default solver
    /// takes every size.
    sized: SizedSolver,
}

impl BandSolver {
    /// A solver ready for its first puzzle.
    pub fn new() -> BandSolver {
        BandSolver {
            strategy: Strategy::Undecided { wide: false },
            few_givens: false,
            limit: 1,
            solutions: 0,
            guesses: 0,
            first: [0; CELLS],
            pext: pext::fast(),
            sized: SizedSolver::new(),
        }
    }

    /// `BANDS`: the search by bands and stacks, whose `work` keeps the bands' shapes; one
    /// search of each kind keeps the idle visit of a band at a compare. The state is taken by
    /// reference: by value, the last option, which reuses it, paid for a move into the call.
    fn search<const BANDS: bool, const RULE: u8, const PEXT: bool>(&mut self, state: &mut State) {
        let choice = match state.propagate::<BANDS, PEXT>(&mut self.strategy, RULE) {
            Propagated::Contradiction => return,
            Propagated::Solved => {
                if self.solutions == 0 {
                    state.write(&mut self.first);
                }
                self.solutions += 1;
                return;
            }
            Propagated::Stuck(choice) => choice,
            Propagated::ToBands => {
                state.shape_bands();
                return if self.few_givens {
                    self.search::<true, TDOKU, PEXT>(state)
                } else {
                    self.search::<true, KEPT, PEXT>(state)
                };
            }
        };
        let mut options = state.options(choice);
        while options != 0 {
            let k = options.trailing_zeros() as usize;
            options &= options - 1;
            self.guesses += 1;
            if options == 0 {
                // The last option to try: this node is done with, so no copy.
                if state.apply(choice, k) {
                    self.descend::<BANDS, RULE, PEXT>(state);
                }
                return;
            }
            // At a branch every band is as last worked (`worked` equals `places`): built so,
            // the copy needs no `memcpy` call, which measured faster.
            let mut child = if BANDS {
                State { worked: state.places, ..*state }
            } else {
                // A cell search keeps no band shapes: zeroing them costs less than a copy.
                State {
                    places: state.places,
                    worked: state.places,
                    open: state.open,
                    shapes: [0; 27],
                    columns: [0; 27],
                }
            };
            if child.apply(choice, k) {
                self.descend::<BANDS, RULE, PEXT>(&mut child);
            }
            if self.solutions >= self.limit {
                return;
            }
        }
    }
}

impl BandSolver {
    /// A child of a node of `search::<BANDS, RULE>`: a band search by the `KEPT` rule turns to
    /// `AFTER_FIRST` once a solution is found (only with a limit above 1, or it would have
    /// stopped).
    #[inline(always)]
    fn descend<const BANDS: bool, const RULE: u8, const PEXT: bool>(&mut self, state: &mut State) {
        if BANDS && RULE == KEPT && self.solutions != 0 {
            self.search::<true, AFTER_FIRST, PEXT>(state);
        } else {
            self.search::<BANDS, RULE, PEXT>(state);
        }
    }
}

impl BandSolver {
    /// Builds the start state and searches it.
    #[inline(always)]
    fn start<const PEXT: bool>(&mut self, puzzle: &Grid) {
        if let Some(state) = State::new::<PEXT>(puzzle) {
            let open: u32 = state.open.iter().map(|x| x.count_ones()).sum();
            self.search_from::<PEXT>(state, open);
        }
    }

    /// Searches from a start state with `open` cells to fill: how many picks the strategy.
    fn search_from<const PEXT: bool>(&mut self, mut state: State, open: u32) {
        self.strategy = Strategy::Undecided { wide: open >= WIDE_ROOT_FROM };
        self.few_givens = open >= FEW_GIVENS_FROM;
        self.search::<false, KEPT, PEXT>(&mut state);
    }

    /// Counts the solutions of a 9x9 puzzle given as each cell's candidates (bit `d - 1` for
    /// digit `d`: a pencilmark puzzle; a given is one bit), as [`Solver::solve`] counts a
    /// puzzle's, writing the first into `solution`. A cell with no candidate has no solution.
    /// The same search from another start: every cell open, the rules placing the cells of
    /// one candidate.
    pub fn solve_pencilmarks(
        &mut self,
        candidates: &[u32; CELLS],
        limit: u32,
        solution: &mut Grid,
    ) -> Outcome {
        (self.limit, self.solutions, self.guesses) = (limit.max(1), 0, 0);
        let state = State::from_candidates(candidates);
        // The strategy's measure: cells still to decide, as givens leave them.
        let open = candidates.iter().filter(|&&m| m & (m.wrapping_sub(1)) != 0).count() as u32;
        if self.pext {
            self.search_from::<true>(state, open);
        } else {
            self.search_from::<false>(state, open);
        }
        if self.solutions > 0 {
            solution.0 = self.first;
        }
        Outcome { solutions: self.solutions, guesses: self.guesses }
    }
}

impl Default for BandSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver for BandSolver {
    fn solve(&mut self, puzzle: &Grid, limit: u32, solution: &mut Grid) -> Outcome {
        self.limit = limit.max(1);
        self.solutions = 0;
        self.guesses = 0;
        if self.pext {
            self.start::<true>(puzzle);
        } else {
            self.start::<false>(puzzle);
        }
        if self.solutions > 0 {
            solution.0 = self.first;
        }
        Outcome { solutions: self.solutions, guesses: self.guesses }
    }

    fn kind(&self) -> SolverKind {
        SolverKind::Band
    }

    /// 9x9 puzzles (pencilmarks) by [`BandSolver::solve_pencilmarks`], other sizes by the
    /// [`SizedSolver`].
    fn solve_candidates(
        &mut self,
        shape: Shape,
        candidates: &[u32],
        limit: u32,
        first: &mut [u8],
    ) -> Option<Outcome> {
        if shape != Shape::NINE {
            return Some(self.sized.count(shape, candidates, limit, first));
        }
        let candidates: &[u32; CELLS] = candidates.try_into().expect("81 candidate masks");
        let mut solution = Grid::EMPTY;
        let outcome = self.solve_pencilmarks(candidates, limit, &mut solution);
        if outcome.solved() {
            first.copy_from_slice(solution.cells());
        }
        Some(outcome)
    }
}
