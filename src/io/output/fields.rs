//! The encoder's field helpers: a fault's particulars, a grid's text, numbers, and a CSV
//! input's fields fitted to its header, and the error for a field that output cannot hold as
//! text ([`NotText`]).

use std::borrow::Cow;

use super::columns::fault_text;
use super::text::delimited_field;
use crate::grid::Grid;
use crate::io::format::jsonl::row_error;
use crate::io::format::{CsvLayout, NULL_FIELD};
use crate::verdict::Fault;

/// The particulars of a fault, or its reason where there are none.
pub(super) fn detail_text(fault: &Fault) -> Vec<u8> {
    let mut text = Vec::new();
    fault_text(&mut text, fault);
    text
}

/// The blank a puzzle's text uses, for its copies to use too: `0` if it has one, else `.`.
pub(super) fn blank_of(text: &[u8]) -> u8 {
    match memchr::memchr(b'0', text) {
        Some(_) => b'0',
        None => b'.',
    }
}

/// A grid's 81-character line with `blank` for blanks.
pub(super) fn grid_text(grid: &Grid, blank: u8) -> Vec<u8> {
    grid.cells().iter().map(|&v| if v == 0 { blank } else { b'0' + v }).collect()
}

/// A canonical form as its 81-digit string, blanks as `0` (the string the forms are the
/// smallest of).
pub(super) fn write_digits(out: &mut Vec<u8>, grid: &Grid) {
    out.extend(grid.cells().iter().map(|&v| b'0' + v));
}

pub(super) fn optional(out: &mut Vec<u8>, value: Option<u64>) {
    if let Some(value) = value {
        decimal(out, value);
    }
}

/// Appends `n` in decimal. Not `write!`: `core::fmt`'s machinery took 6% of a `solve -j1`
/// run's instructions on Kaggle rows, for a line number and a guess count a record.
pub(super) fn decimal(out: &mut Vec<u8>, n: impl itoa::Integer) {
    out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

/// A CSV row's fields, unquoted, exactly `width` of them: a row with fewer gets empty ones, a
/// row with more loses the rest (the report and the error name the row as it was), and a row
/// that does not split is one field, whole.
pub(super) fn fitted_fields(row: &[u8], layout: CsvLayout) -> Vec<Cow<'_, [u8]>> {
    let width = layout.fields;
    if layout.nulls && row_error(row).is_some() {
        // A JSON Lines line that is not a record: no values.
        return vec![Cow::Borrowed(NULL_FIELD); width.max(1)];
    }
    let mut fields: Vec<Cow<'_, [u8]>> = Vec::with_capacity(width);
    let split = crate::io::format::csv::split_fields_by(row, layout.delimiter, |_, field| {
        // Quoted fields come back with their quotes doubled: undo that.
        let field: Cow<'_, [u8]> = match memchr::memmem::find(field, b"\"\"") {
            None => field.into(),
            Some(_) => String::from_utf8_lossy(field).replace("\"\"", "\"").into_bytes().into(),
        };
        fields.push(field);
    });
    if split.is_err() {
        fields.clear();
        fields.push(row.into());
    }
    fields.resize(width.max(1), Cow::Borrowed(&b""[..]));
    fields
}

/// A CSV input's fields as CSV or TSV, separated by `delimiter` (a Parquet or Arrow null as an
/// empty field).
pub(super) fn csv_input_fields<F: AsRef<[u8]>>(
    out: &mut Vec<u8>,
    layout: &CsvLayout,
    fields: &[F],
    delimiter: u8,
) {
    for (i, field) in fields.iter().enumerate() {
        let field = field.as_ref();
        if i > 0 {
            out.push(delimiter);
        }
        if !(layout.nulls && field == NULL_FIELD) {
            delimited_field(out, field, delimiter);
        }
    }
}

/// A CSV input's field that is not UTF-8, where the output holds text only (JSON Lines,
/// Parquet). The run stops with it: CSV output keeps such bytes as they are.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "line {line}: column {column} \"{name}\" is not UTF-8 text (byte 0x{byte:02X} at its byte \
     {at}): {output} holds text only; write CSV output (`--output-format csv`, `-o NAME.csv`), \
     which keeps the bytes as they are"
)]
pub struct NotText {
    /// The record's line.
    pub line: u64,
    /// The column, from 1.
    pub column: usize,
    /// Its name.
    pub name: String,
    /// The first byte that is not UTF-8.
    pub byte: u8,
    /// Its position in the field, from 1.
    pub at: usize,
    /// The output format's name (`JSON Lines`, `Parquet`).
    pub output: &'static str,
}
