//! PLACEHOLDER: being replaced by the dancing-links oracle in this same change.
use super::{naive::NaiveSolver, Outcome, Solver};
use crate::grid::Grid;
#[derive(Default)]
pub struct DlxSolver(NaiveSolver);
impl DlxSolver {
    pub fn new() -> Self { Self::default() }
}
impl Solver for DlxSolver {
    fn solve(&mut self, puzzle: &Grid, limit: u32, solution: &mut Grid) -> Outcome {
        self.0.solve(puzzle, limit, solution)
    }
}
