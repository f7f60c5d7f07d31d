//! CSV corpora: which columns hold the puzzle and its answer, and splitting a row into fields.
//!
//! Machine-learning sets ship puzzles as CSV rows, one row a line:
//!
//! | set | header | blanks |
//! |---|---|---|
//! | Kaggle 1M | `quizzes,solutions` | `0` |
//! | Kaggle 9M | `puzzle,solution` | `0` |
//! | Kaggle 3M | `id,puzzle,solution,clues,difficulty` | `.` |
//! | sudoku-extreme | `source,question,answer,rating` | `.` |
//!
//! Those layouts are recognised by their column names; others can name or number their columns
//! (`--puzzle-col`, `--solution-col`). Without a header, the first field holding 81 cells is the
//! puzzle and the next one the answer. Fields may be quoted (`"..."`, with `""` for a quote),
//! and a quoted field may hold line ends, as RFC 4180 and pandas have it ([`rows`]: where a row
//! ends, for the cutter and the records alike).
//!
//! The two halves are apart: `columns` works out which columns hold the puzzle and its answer
//! (and the delimiter, where it is not a comma), `split` splits a row into fields.

pub mod chosen;
mod columns;
mod put;
pub mod rows;
mod split;

pub use self::columns::{
    detect_delimiter, layout, Column, ColumnChoice, ColumnSource, CsvLayout, LayoutError,
    EVIDENCE_ROWS, JSON_LINES, NULL_FIELD,
};
pub(crate) use self::columns::{is_grid_field, layout_with_header, ANSWER_NAMES, PUZZLE_NAMES};
pub(crate) use self::put::put_field;
pub(crate) use self::split::plain_row;
pub use self::split::{split_fields_by, Delimiter};
