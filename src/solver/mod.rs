//! Solvers: the fast bitmask search used by the pipeline, and independent oracles that tests
//! compare it with.
//!
//! Every solver answers the same question through [`Solver::solve`]: how many solutions does
//! this puzzle have, counting no further than a limit, and what is the first one? The answer is
//! an [`Outcome`]; the first solution is written into a grid the caller owns. Solvers do no I/O
//! and do not allocate while solving, so one value a worker thread serves every puzzle.

mod bitmask;
pub mod dlx;
pub mod naive;
pub mod tables;

pub use bitmask::BitmaskSolver;

use crate::grid::Grid;

/// What a search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Outcome {
    /// Solutions found, never more than the limit asked for: with limit 2, a 2 means "two or
    /// more".
    pub solutions: u32,
    /// Digits tried at branch points, once each (0: singles alone solved it). The oracles
    /// report their own notion of a step here; compare guesses only between runs of one solver.
    pub guesses: u64,
}

impl Outcome {
    /// Whether at least one solution was found.
    pub fn solved(&self) -> bool {
        self.solutions > 0
    }
}

/// A Sudoku solver that counts solutions up to a limit.
pub trait Solver {
    /// Searches `puzzle` until `limit` solutions are found or the search space is exhausted.
    /// When it finds any, the first is written to `solution`; otherwise `solution` is left as
    /// it was. A `limit` of 0 is treated as 1. A puzzle whose givens conflict has no solution.
    fn solve(&mut self, puzzle: &Grid, limit: u32, solution: &mut Grid) -> Outcome;
}

/// The solvers the command line can select.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SolverKind {
    /// [`BitmaskSolver`]: singles propagation and fewest-candidates branching.
    #[default]
    Fast,
    /// [`dlx::DlxSolver`]: Knuth's Algorithm X with dancing links.
    Dlx,
    /// [`naive::NaiveSolver`]: plain backtracking in cell order.
    Naive,
}

impl SolverKind {
    /// A fresh solver of this kind.
    pub fn build(self) -> Box<dyn Solver + Send> {
        match self {
            SolverKind::Fast => Box::new(BitmaskSolver::new()),
            SolverKind::Dlx => Box::new(dlx::DlxSolver::new()),
            SolverKind::Naive => Box::new(naive::NaiveSolver::new()),
        }
    }
}
