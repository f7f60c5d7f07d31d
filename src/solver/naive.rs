//! The plain backtracking oracle: fill blank cells in reading order, trying digits 1 to 9 and
//! checking each against its row, column and box by scanning the grid.
//!
//! It shares no code or tables with the band solver (only the [`Grid`] type), which is what
//! makes it useful as an oracle. It is slow on hard puzzles; tests sample it accordingly.

use super::{Outcome, Solver};
use crate::grid::{Grid, CELLS};

/// Plain backtracking in cell order. Its `guesses` are digits placed.
#[derive(Debug, Clone, Default)]
pub struct NaiveSolver {
    limit: u32,
    outcome: Outcome,
    first: Option<[u8; CELLS]>,
}

impl NaiveSolver {
    /// A new oracle.
    pub fn new() -> NaiveSolver {
        NaiveSolver::default()
    }

    fn allowed(cells: &[u8; CELLS], cell: usize, digit: u8) -> bool {
        let (row, col) = (cell / 9, cell % 9);
        let (top, left) = (row / 3 * 3, col / 3 * 3);
        (0..9).all(|i| {
            cells[row * 9 + i] != digit
                && cells[i * 9 + col] != digit
                && cells[(top + i / 3) * 9 + left + i % 3] != digit
        })
    }

    fn search(&mut self, cells: &mut [u8; CELLS], from: usize) {
        let Some(cell) = (from..CELLS).find(|&c| cells[c] == 0) else {
            self.outcome.solutions += 1;
            self.first.get_or_insert(*cells);
            return;
        };
        for digit in 1..=9 {
            if Self::allowed(cells, cell, digit) {
                cells[cell] = digit;
                self.outcome.guesses += 1;
                self.search(cells, cell + 1);
                cells[cell] = 0;
                if self.outcome.solutions >= self.limit {
                    return;
                }
            }
        }
    }
}

impl Solver for NaiveSolver {
    fn kind(&self) -> super::SolverKind {
        super::SolverKind::Naive
    }

    fn solve(&mut self, puzzle: &Grid, limit: u32, solution: &mut Grid) -> Outcome {
        self.limit = limit.max(1);
        self.outcome = Outcome::default();
        self.first = None;
        if puzzle.conflict().is_none() {
            let mut cells = *puzzle.cells();
            self.search(&mut cells, 0);
        }
        if let Some(first) = self.first {
            *solution = Grid(first);
        }
        self.outcome
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meets_the_solver_contract() {
        crate::solver::contract::check(|| Box::new(NaiveSolver::new()), false);
    }
}
