//! Verdicts to bytes: encoders that append to a caller's buffer and never do I/O.
//!
//! Three output formats, for every command:
//! - **line** (the default for line and grid inputs): `solve` answers in its puzzle's layout
//!   (a line for a line, nine rows for nine rows), `count` writes the count (`2+` at the
//!   limit), `validate` writes `valid`. A failed record becomes one line
//!   `error: line N: reason`, which no reader can take for an answer.
//! - **csv** (the default for CSV inputs): a CSV input's columns then `line`, or `line,puzzle`
//!   for other inputs, followed by `status`, the command's own columns, and `error`.
//! - **jsonl**: one JSON object a record, with `line`, `status` and the fields that apply.
//!
//! Whatever the format, there is one output record per input record, in input order.
//! Failed records can also go to a report (CSV or JSON Lines) of their own.
//!
//! The formats a user can ask for are in `formats`, our columns and their values (one list
//! per task, which every format takes its columns from) in `columns`, the [`Encoder`] in
//! `encoder`, compressed output in `compress`, and the small encodings every writer shares (a CSV field, a JSON string, our column names beside
//! the input's) in `text`.

mod columns;
mod compress;
mod encoder;
mod fields;
mod formats;
mod steps;
mod text;

pub use self::columns::{OutputColumn, Row, TaskColumns, Value};
pub(crate) use self::compress::Compressor;
pub(crate) use self::encoder::{Encoded, Encoder};
pub use self::fields::NotText;
pub use self::formats::{OutputFormat, OutputName, ReportFormat};
pub(crate) use self::text::report_text;
pub use self::text::{csv_field, delimited_field, json_string, output_names};
