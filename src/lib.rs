//! sudoku-bulk: solve, count and validate Sudoku puzzles in bulk, on every core, in input order.
//!
//! Data flows one way: bytes in, records, solver outcomes, verdicts, bytes out. The library
//! offers that flow at four depths:
//!
//! - **One puzzle, one solver**: a [`Grid`] parsed from text, and a [`Solver`] (the default
//!   [`BandSolver`], the reference [`BitmaskSolver`], or an oracle: [`solver::dlx`],
//!   [`solver::naive`]) that counts its solutions up to a limit and writes the first into a
//!   grid you own:
//!
//!   ```
//!   use sudoku_bulk::{BandSolver, Grid, Solver};
//!
//!   let puzzle: Grid =
//!       ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534."
//!           .parse()
//!           .unwrap();
//!   let mut solver = BandSolver::new();
//!   let mut solution = Grid::EMPTY;
//!   let outcome = solver.solve(&puzzle, 2, &mut solution); // count up to 2
//!   assert_eq!(outcome.solutions, 1);
//!   assert!(solution.is_solved() && solution.agrees_with(&puzzle));
//!   assert_eq!(
//!       solution.to_string(),
//!       "527389416819426735436751829375692184194538267268174593643217958951843672782965341"
//!   );
//!
//!   // A bad puzzle is a typed error that names the cell and the character.
//!   let bad = "x".repeat(81).parse::<Grid>().unwrap_err();
//!   assert_eq!(bad.to_string(), "cell 1 (row 1, column 1): unexpected character 'x'");
//!   ```
//!
//! - **A slice of puzzles in memory**: [`batch::Batch`] judges them on a thread pool for a
//!   [`Task`] (solve, count, validate) and returns one [`Verdict`] per puzzle, in order:
//!
//!   ```
//!   use sudoku_bulk::batch::Batch;
//!   use sudoku_bulk::{Reason, SolverKind, Task};
//!
//!   let batch = Batch::new(Task::Count { limit: 2 }, SolverKind::Band, None).unwrap();
//!   let empty = ".".repeat(81);
//!   let verdicts = batch.judge(&[empty.as_str(), "not a puzzle"]);
//!   assert_eq!(verdicts[0].count, Some(2)); // 2 at the limit: "2 or more"
//!   assert_eq!(verdicts[1].fault.unwrap().reason, Reason::Malformed);
//!   ```
//!
//! - **The verdict vocabulary**: [`Task`], [`Verdict`], its [`Fault`] with a [`Reason`] from a
//!   fixed set (the words every output format uses) and particulars, and the [`Tally`] of a run.
//!
//! - **Files and streams**: [`execute`] checks a whole run (its [`run::Options`]) and reads its inputs, and
//!   [`one_input`] reads one input, in any supported format
//!   (memory-mapped where it can be), judges every record on every core, and writes one output
//!   record per input record, in input order, in bounded memory; see [`pipeline`].
//!
//! - **Equivalent puzzles**: [`canon`] has the transformations that keep a Sudoku a Sudoku
//!   ([`canon::Transform`]: apply, compose, invert, a text form) and the minlex and patminlex
//!   canonical forms of any grid, with its automorphism count; [`augment::Augmenter`] draws
//!   the random isomorphs `augment` writes, the same for the same seed and record whatever
//!   the threads.
//!
//! `examples/solve_lines.rs` is a small program built on the batch API.

pub mod augment;
pub mod batch;
pub mod canon;
#[doc(hidden)]
pub mod cli;
mod cmd;
mod generate;
pub mod grid;
mod io;
mod random;
pub mod rate;
pub mod run;
pub mod sized;
pub mod solver;
pub mod stats;
mod text;
pub mod verdict;

pub use cmd::{execute, one_input};
// The `bench` command's modes, public for benches/table.rs so that `first` and `count2` mean one
// thing in both. Not part of the API.
#[doc(hidden)]
pub use cmd::bench::Mode as BenchMode;
pub use grid::Grid;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub use io::format;
pub use io::output::output_names;
pub use run::pipeline;

/// Our output columns and the record batches built from them: the one schema per task that
/// Parquet output and the Python binding's tables share.
pub mod table {
    pub use crate::io::output::{OutputColumn, Row, TaskColumns, Value};
    pub use crate::io::table::{table_schema, TableBuilder};
}
/// Proper puzzles from a seed, as `generate` makes them: [`generation::Puzzles`] says which
/// (a seed, a shape, and filters for 9x9), and puzzle `i` of it is the same whoever asks (the
/// CLI writes them, Python's `generate` keeps them in a table) and whatever the threads.
pub mod generation {
    pub use crate::cmd::generate::{
        ClueRange, GenerateError, Made, Puzzles, RatingRange, MAX_DRAWS,
    };
    pub use crate::random::fresh_seed;
}
pub use solver::{solve_board, BandSolver, BitmaskSolver, Outcome, Solver, SolverKind};
pub use verdict::{Detail, Fault, Reason, Tally, Task, Verdict};
