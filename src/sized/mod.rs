//! Grids of every size from 4x4 to 25x25, and 9x9 pencilmark puzzles: their shape, their
//! text, and the solver for them.
//!
//! The 9x9 grid keeps its own fast types ([`Grid`](crate::Grid), the band solver); this
//! module is everything else. A [`Shape`] is N = box rows x box columns; a [`Board`] is a
//! grid of any shape, a [`Marks`] a 9x9 puzzle given as each cell's allowed digits; the
//! [`SizedSolver`] solves both from candidate masks.
//!
//! ```
//! use sudoku_bulk::sized::{Board, SizedSolver};
//!
//! let puzzle = Board::parse_line(b"1...............", None).unwrap(); // a 4x4
//! let mut solution = puzzle.clone();
//! let shape = puzzle.shape();
//! let outcome = SizedSolver::new().count(shape, &puzzle.candidates(), 2, solution.cells_mut());
//! assert_eq!(outcome.solutions, 2); // two or more
//! assert!(solution.is_solved() && solution.changed_given(&puzzle).is_none());
//! ```

mod board;
mod generate;
mod isomorph;
mod shape;
mod solver;
#[cfg(test)]
mod tests;

pub use board::{symbol, symbol_value, Board, BoardError, CellAt, Marks, MARKS_LINE};
pub use generate::SizedGenerator;
pub use isomorph::isomorph;
pub use shape::{shape_asked, shape_of_dims, Shape, MAX_CELLS, MAX_SIZE};
pub use solver::SizedSolver;
