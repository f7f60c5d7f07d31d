//! Bytes in and bytes out: where a run's input comes from ([`input`]: a mapped file, a stream,
//! a table), what its bytes hold ([`format`]), columnar files read as text and Parquet written
//! ([`table`]), verdicts turned into bytes ([`output`]), and what goes to the terminal
//! ([`progress`], [`stderr`]) or comes from the operating system ([`signals`]). Nothing here
//! knows a command or a run: the run layer (`crate::run`) drives it.

pub mod format;
pub(crate) mod input;
pub(crate) mod output;
pub(crate) mod progress;
pub(crate) mod signals;
pub(crate) mod stderr;
pub(crate) mod table;
