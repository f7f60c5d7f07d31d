//! A run: one [`Options`] value in, every input read, every record judged, every output
//! written, one [`Summary`] out. The CLI and the Python binding build the options and call
//! [`execute`](crate::execute); every rule about inputs, outputs, formats, columns and
//! summaries is here, and none about a particular command (those are in `cmd`).
//!
//! ```
//! use sudoku_bulk::run::{Options, Sink, Source, Summary, Work};
//! use sudoku_bulk::Task;
//!
//! let dir = tempfile::tempdir().unwrap();
//! let puzzles = dir.path().join("puzzles.txt");
//! std::fs::write(
//!     &puzzles,
//!     ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.\n",
//! )
//! .unwrap();
//! let mut options = Options::new(Work::Task(Task::Validate));
//! options.inputs = vec![Source::Path(puzzles.clone())];
//! options.output = Sink::Path(dir.path().join("verdicts.csv")); // CSV, from the extension
//! let Summary::Records(summary) = sudoku_bulk::execute(&options).unwrap() else { unreachable!() };
//! assert_eq!((summary.tally.records, summary.tally.ok), (1, 1));
//!
//! // An output onto an input is refused before anything is read or written.
//! options.output = Sink::Path(puzzles);
//! assert!(sudoku_bulk::execute(&options).unwrap_err().to_string().contains("is the input file"));
//! ```
//!
//! The run checks the whole of its options first (`plan`): every input can be opened,
//! the outputs' formats follow from their names, no output is an input (by inode, through
//! links) and no two outputs are one file, the thread count is within the limit. Only then
//! does it read: each input in turn through the [`pipeline`], which writes its records in
//! input order to the outputs; regular files are staged and renamed into place once the run
//! has succeeded.

pub(crate) mod cancel;
pub(crate) mod dest;
pub(crate) mod error;
pub(crate) mod options;
pub mod pipeline;
pub(crate) mod plan;
pub mod summary;
pub mod threads;

pub use cancel::Cancel;
pub use error::Error;
pub use options::{Options, Sink, Source, Work};
pub use summary::Summary;
