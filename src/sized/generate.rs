//! Puzzles of any shape from a seed: a random complete grid, then cells blanked in random
//! order while the puzzle keeps one solution, so it is minimal as well as unique (as
//! [`crate::generate`] does for 9x9).

use super::{Board, Shape, SizedSolver};
use crate::random::{puzzle_seed, SplitMix64};

/// Guesses a uniqueness check may take before the cell it is about is kept.
pub const GUESS_BUDGET: u64 = 1_000;

/// Makes the puzzles of one seed, for one shape.
#[derive(Debug, Clone)]
pub struct SizedGenerator {
    shape: Shape,
    seed: u64,
    solver: SizedSolver,
}

impl SizedGenerator {
    /// Puzzles of `shape` from `seed`: the same seed gives the same puzzles everywhere.
    pub fn new(shape: Shape, seed: u64) -> SizedGenerator {
        SizedGenerator { shape, seed, solver: SizedSolver::new() }
    }

    /// A complete grid, drawn for puzzle `index`: the first solution of the grid whose first
    /// box holds the digits in random order, with its rows and columns shuffled within their
    /// bands and stacks, and its bands and stacks shuffled.
    pub fn solution(&mut self, index: u64) -> Board {
        let shape = self.shape;
        let (n, cells) = (shape.size(), shape.cells());
        let mut rng = SplitMix64::new(puzzle_seed(self.seed, index));
        let mut start = Board::empty(shape);
        let digits = shuffled(&mut rng, n);
        for (k, &d) in digits.iter().enumerate() {
            start.cells_mut()[shape.house_cell(2 * n, k)] = d as u8 + 1;
        }
        let mut grid = start.clone();
        let found = self.solver.count(shape, &start.candidates(), 1, grid.cells_mut());
        assert_eq!(found.solutions, 1, "a grid with one full box has a completion");
        // Rows: a band order, then an order within each band; columns the same with stacks.
        let rows = line_order(&mut rng, shape.box_cols(), shape.box_rows());
        let cols = line_order(&mut rng, shape.box_rows(), shape.box_cols());
        let mut out = Board::empty(shape);
        for cell in 0..cells {
            out.cells_mut()[cell] = grid.cells()[rows[cell / n] * n + cols[cell % n]];
        }
        out
    }

    /// A puzzle whose one solution is `solution` (a complete grid), drawn for `index`: minimal
    /// unless proving a cell's removal safe took more than `GUESS_BUDGET` guesses, when the
    /// cell stays (only 25x25 grids near half full come to that; the puzzle is unique either
    /// way).
    pub fn puzzle(&mut self, solution: &Board, index: u64) -> Board {
        let shape = self.shape;
        let mut rng = SplitMix64::new(puzzle_seed(self.seed ^ 0x5EED, index));
        let mut puzzle = solution.clone();
        let mut scratch = solution.clone();
        for cell in shuffled(&mut rng, shape.cells()) {
            let digit = puzzle.cells()[cell];
            puzzle.cells_mut()[cell] = 0;
            let candidates = puzzle.candidates();
            let found =
                self.solver.count_within(shape, &candidates, 2, scratch.cells_mut(), GUESS_BUDGET);
            if found.is_none_or(|found| found.solutions != 1) {
                puzzle.cells_mut()[cell] = digit; // needed
            }
        }
        puzzle
    }
}

/// `0..n` in random order (Fisher-Yates).
fn shuffled(rng: &mut SplitMix64, n: usize) -> Vec<usize> {
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        order.swap(i, rng.below(i as u32 + 1) as usize);
    }
    order
}

/// An order of `groups * per_group` lines that keeps each group's lines together: the groups
/// shuffled, and the lines within each.
fn line_order(rng: &mut SplitMix64, groups: usize, per_group: usize) -> Vec<usize> {
    let mut order = Vec::with_capacity(groups * per_group);
    for group in shuffled(rng, groups) {
        order.extend(shuffled(rng, per_group).into_iter().map(|k| group * per_group + k));
    }
    order
}
