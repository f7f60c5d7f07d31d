//! Columnar files: Parquet and Arrow IPC read as CSV text, and tables built from our rows
//! (Parquet output, Python's tables).
//!
//! Hugging Face and the dataframe libraries ship puzzle sets as Parquet (`PAR1`), and pyarrow,
//! polars and `datasets` write Arrow IPC files (`ARROW1`) and streams. Rather than a second
//! pipeline, such a file is read as what the pipeline already reads well: a stream of CSV text, one
//! line per row holding every column in the file's order, no header, so that line N is row N, and
//! the outputs keep the file's columns as they keep a CSV input's. The stream is made column-wise,
//! one record batch at a time (a Parquet row group is read in batches of
//! [`BATCH_ROWS`](read::BATCH_ROWS)), so memory stays bounded whatever the file's size. Text and
//! binary cells go as they are; others (numbers, booleans, dates, ...) as `arrow-cast` displays
//! them; a null cell as [`NULL_FIELD`](crate::io::format::csv::NULL_FIELD), one NUL byte that the
//! text holds nowhere else, so that a null puzzle or answer is reported as a null and outputs write
//! nulls as nulls.
//!
//! The columns are chosen as a CSV input's are ([`crate::io::format::csv::layout`]): the ones the
//! user names or numbers; else a column the schema names as a known puzzle (`quizzes`, `puzzle`,
//! `question`, ...) or answer (`solutions`, `answer`, ...) column; else by content, the first
//! string column holding 81-cell grids in most of the first
//! [`EVIDENCE_ROWS`](crate::io::format::csv::EVIDENCE_ROWS) rows (the one with blanks, where
//! another holds complete grids), and the answer the next such column.
//!
//! Writing goes the other way: a [`TableBuilder`] builds record batches from our rows (each
//! column's value from [`Row::value`](crate::io::output::Row::value), on the worker threads, a
//! batch a piece), and [`ParquetWriter`] writes them in row groups of
//! [`WRITE_ROWS`](write::WRITE_ROWS) rows, zstd-compressed. A columnar input's columns, which
//! the pipeline reads as text, are cast back to their own types where the text says all (see
//! [`output_type`](write::output_type)). Python's tables are built by the same builder.
//!
//! Here is [`open_table`], which puts the parts together. They are split by what they do, each
//! using only those before it: `kind` tells the formats apart and says why a file cannot be
//! read, `cells` reads a column's cells as bytes, `columns` chooses the puzzle and answer
//! columns, `read` opens the files into parts of record batches, `text` turns those parts into
//! CSV text; apart from them, `build` builds batches from rows, and `write` writes Parquet.

mod build;
mod cells;
mod columns;
mod kind;
mod read;
#[cfg(test)]
mod tests;
mod text;
mod write;

use std::fs::File;
use std::path::Path;

use crate::io::format::{Column, ColumnChoice, ColumnSource, CsvLayout, Delimiter};

pub use self::build::{table_schema, TableBuilder};
pub(crate) use self::kind::{TableError, TableKind};
use self::read::{open_ipc, open_parquet, Opened};
pub(crate) use self::text::TextStream;
pub(crate) use self::write::{table_fields, ParquetWriter};

/// A columnar file opened for reading: its columns as CSV text, and how the puzzle (and
/// answer) columns were chosen.
pub(crate) struct TableInput {
    /// CSV text, one line a row holding every column in the file's order, no header: line N
    /// is row N. Made batch by batch as it is read, in pieces of whole rows; a file damaged
    /// past its start gives an `io::Error` (naming the row group or batch) once the rows
    /// before the damage have been read.
    pub reader: TextStream,
    /// The columns read and how they were chosen. `puzzle` and `answer` hold the columns'
    /// positions in the file (from 0), which are their fields' in the text, and schema names;
    /// `names` holds every column's name, which is what the encoder takes as the input's
    /// columns; `header_line` is `None` (the stream has no header) and `rows_read` counts the
    /// rows looked at to find columns by content (0 where names said).
    pub choice: ColumnChoice,
}

impl TableInput {
    /// The CSV layout of [`TableInput::reader`]'s text: comma-separated, a field a column, no
    /// header, [`NULL_FIELD`](crate::io::format::csv::NULL_FIELD) for a null. Give it to the
    /// pipeline as the input's format rather than detecting one: the stream's layout is known,
    /// whatever its rows hold.
    pub(crate) fn layout(&self) -> CsvLayout {
        CsvLayout {
            delimiter: Delimiter::COMMA,
            puzzle: self.choice.puzzle.0,
            answer: self.choice.answer.as_ref().map(|a| a.0),
            fields: self.choice.names.len(),
            header_line: None,
            rows_line: 1,
            nulls: true,
        }
    }
}

/// Opens a Parquet or Arrow IPC file (`kind`, told by its first bytes: see
/// [`TableKind::sniff`]) for reading as CSV text: chooses the puzzle and answer columns (see
/// the module's documentation) from the schema and, where names do not say, the first rows,
/// then streams every column as CSV lines, in pieces of about `piece_bytes` (whole rows),
/// decoded by up to `decoders` threads (a Parquet file's row groups shared out among them; see
/// [`TextStream`]). `file` is `path` opened; it may have been read from (it is read from its
/// start).
pub(crate) fn open_table(
    path: &Path,
    file: File,
    kind: TableKind,
    puzzle: Option<&Column>,
    answer: Option<&Column>,
    piece_bytes: usize,
    decoders: usize,
) -> Result<TableInput, TableError> {
    let name = path.display().to_string();
    let opened = match kind {
        TableKind::Parquet => open_parquet(&name, file, puzzle, answer),
        TableKind::ArrowIpc | TableKind::ArrowStream => open_ipc(&name, file, kind, puzzle, answer),
    }?;
    let Opened { parts, fields, chosen } = opened;
    let grids = [Some(chosen.puzzle.0), chosen.answer.as_ref().map(|(i, _)| *i)];
    let name_of = |i: usize| fields[i].name().clone();
    let source = |(i, source): (usize, ColumnSource)| (i, Some(name_of(i)), source);
    let names = (0..fields.len()).map(name_of).collect();
    let choice = ColumnChoice {
        puzzle: source(chosen.puzzle),
        answer: chosen.answer.map(source),
        header_line: None,
        rows_read: chosen.rows_read,
        names,
        delimiter: Delimiter::COMMA,
        of: if kind == TableKind::Parquet { "Parquet" } else { "Arrow" },
    };
    let reader = TextStream::spawn(parts, piece_bytes, decoders, grids)
        .map_err(|source| TableError::Io { path: name.clone(), source })?;
    Ok(TableInput { reader, choice })
}
