//! sudoku-bulk: solve, count and validate Sudoku puzzles in bulk.
//!
//! Data flows one way: bytes in ([`format`](mod@format)), records, [`solver`] outcomes, bytes out
//! ([`output`]); [`pipeline`] runs that flow over every core and keeps input order.

#![warn(missing_docs)]

pub mod cli;
pub mod commands;
pub mod format;
pub mod generate;
pub mod grid;
pub mod output;
pub mod pipeline;
pub mod progress;
pub mod signals;
pub mod solver;
pub mod verdict;

pub use grid::Grid;
pub use solver::{solve_board, BandSolver, BitmaskSolver, Outcome, Solver, SolverKind};
