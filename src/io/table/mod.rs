//! Columnar files: Parquet and Arrow IPC read as CSV text, and Parquet written from our JSON
//! Lines output.
//!
//! Hugging Face and the dataframe libraries ship puzzle sets as Parquet (`PAR1`), and pyarrow,
//! polars and `datasets` write Arrow IPC files (`ARROW1`) and streams. Rather than a second
//! pipeline, such a file is read as what the pipeline already reads well: a stream of CSV
//! text, one line per row holding every column in the file's order, no header, so that line N
//! is row N, and the outputs keep the file's columns as they keep a CSV input's. The stream is
//! made column-wise, one record batch at a time (a Parquet row group is read in batches of
//! [`BATCH_ROWS`]), so memory stays bounded whatever the file's size. Text and binary cells go
//! as they are; others (numbers, booleans, dates, ...) as `arrow-cast` displays them; a null
//! cell as [`NULL_FIELD`], one NUL byte that the text holds nowhere else, so that a null
//! puzzle or answer is reported as a null and outputs write nulls as nulls.
//!
//! The columns are chosen as a CSV input's are ([`crate::io::format::csv::layout`]): the ones the
//! user names or numbers; else a column the schema names as a known puzzle (`quizzes`,
//! `puzzle`, `question`, ...) or answer (`solutions`, `answer`, ...) column; else by content,
//! the first string column holding 81-cell grids in most of the first
//! [`EVIDENCE_ROWS`] rows (the one with blanks, where another holds complete grids), and
//! the answer the next such column.
//!
//! Writing goes the other way: [`ParquetWriter`] takes the JSON Lines the encoder writes
//! (`Encoder::jsonl`), decodes them into record batches of [`WRITE_ROWS`] rows, and writes
//! each as a Parquet row group, zstd-compressed. A columnar input's columns, which the JSON
//! holds as text, are cast back to their own types where the text says all (see
//! [`output_type`]).

use std::fmt;
use std::fs::File;
use std::io::{self, BufReader, Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::Arc;

use arrow_array::builder::{Int64Builder, StringBuilder};
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, RecordBatch};
use arrow_schema::{ArrowError, DataType, Field, FieldRef, Schema, SchemaRef};
use parquet::arrow::arrow_reader::{
    ArrowReaderMetadata, ArrowReaderOptions, ParquetRecordBatchReader,
    ParquetRecordBatchReaderBuilder,
};
use parquet::arrow::{ArrowWriter, ProjectionMask};
use parquet::basic::{Compression, ZstdLevel};
use parquet::errors::ParquetError;
use parquet::file::properties::WriterProperties;

use crate::io::format::csv::{
    is_grid_field, ANSWER_NAMES, EVIDENCE_ROWS, NULL_FIELD, PUZZLE_NAMES,
};
use crate::io::format::{Column, ColumnChoice, ColumnSource, CsvLayout, Delimiter};

/// Rows decoded at a time from a Parquet row group (about 1.3 MB of CSV text for two grid
/// columns, made in pieces the size the pipeline asks for).
pub(crate) const BATCH_ROWS: usize = 8192;

/// The columnar formats read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TableKind {
    /// Apache Parquet: `PAR1` at the start (and the end).
    Parquet,
    /// The Arrow IPC file format (Feather v2): `ARROW1` at the start.
    ArrowIpc,
    /// The Arrow IPC stream format (what Hugging Face `datasets` keeps in its `.arrow` cache
    /// files): a continuation marker `FF FF FF FF` and the schema message's length.
    ArrowStream,
}

impl TableKind {
    /// Bytes needed to tell.
    pub(crate) const MAGIC_BYTES: usize = 8;

    /// The columnar format `head`, a file's first bytes, starts with. (No text starts with
    /// `FF FF`: it is not UTF-8, and UTF-16's byte-order mark is `FF FE`.)
    pub(crate) fn sniff(head: &[u8]) -> Option<TableKind> {
        match head {
            [b'P', b'A', b'R', b'1', ..] => Some(TableKind::Parquet),
            [b'A', b'R', b'R', b'O', b'W', b'1', ..] => Some(TableKind::ArrowIpc),
            // The schema message's length follows: positive, and far below 2^24 in practice.
            [0xFF, 0xFF, 0xFF, 0xFF, a, b, c, 0, ..] if [*a, *b, *c] != [0, 0, 0] => {
                Some(TableKind::ArrowStream)
            }
            _ => None,
        }
    }

    /// Its name in messages.
    pub(crate) fn name(self) -> &'static str {
        match self {
            TableKind::Parquet => "Parquet",
            TableKind::ArrowIpc => "Arrow IPC",
            TableKind::ArrowStream => "Arrow IPC stream",
        }
    }
}

impl fmt::Display for TableKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

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
    /// header, [`NULL_FIELD`] for a null. Give it to the pipeline as the input's format rather
    /// than detecting one: the stream's layout is known, whatever its rows hold.
    pub(crate) fn layout(&self) -> CsvLayout {
        CsvLayout {
            delimiter: Delimiter::COMMA,
            puzzle: self.choice.puzzle.0,
            answer: self.choice.answer.as_ref().map(|a| a.0),
            fields: self.choice.names.len(),
            header_line: None,
            nulls: true,
        }
    }
}

/// Why a columnar file cannot be read.
#[derive(Debug, thiserror::Error)]
pub(crate) enum TableError {
    /// The file is not what its first bytes said, or is damaged where its metadata is.
    #[error("{path}: not a valid {kind} file (truncated or damaged?): {error}")]
    NotTable {
        /// The file.
        path: String,
        /// What it was read as.
        kind: TableKind,
        /// What the reader said.
        error: String,
    },
    /// A column asked for by name is not in the schema.
    #[error("{path}: no column {column}; the columns are {columns}")]
    NoSuchColumn {
        /// The file.
        path: String,
        /// The column asked for.
        column: Column,
        /// The file's columns and their types.
        columns: String,
    },
    /// A column asked for by position is past the last.
    #[error("{path}: column {index} asked for, but the file has {count}: {columns}")]
    IndexOutOfRange {
        /// The file.
        path: String,
        /// The position asked for (from 1).
        index: usize,
        /// How many columns the file has.
        count: usize,
        /// The file's columns and their types.
        columns: String,
    },
    /// The column chosen holds something other than text.
    #[error(
        "{path}: column {name:?} holds {data_type}, which is not read: puzzles are read from \
         string and binary columns (Utf8, LargeUtf8, Utf8View, Binary, LargeBinary, \
         BinaryView, FixedSizeBinary, or a dictionary of strings); the columns are {columns}"
    )]
    UnreadableType {
        /// The file.
        path: String,
        /// The column's name.
        name: String,
        /// Its type.
        data_type: DataType,
        /// The file's columns and their types.
        columns: String,
    },
    /// Nothing says which column holds the puzzle.
    #[error(
        "{path}: cannot tell which column holds the puzzle: no column is named so (quizzes, \
         puzzle, question, ...), and no string column holds 81-cell puzzles in most of the \
         first {rows} rows; the columns are {columns}; use --puzzle-col (only string and \
         binary columns are read)"
    )]
    NoPuzzleColumn {
        /// The file.
        path: String,
        /// Rows looked at.
        rows: usize,
        /// The file's columns and their types.
        columns: String,
    },
    /// The first rows, read to find the columns, could not be decoded.
    #[error("{path}: damaged {kind} data in its first rows: {error}")]
    Damaged {
        /// The file.
        path: String,
        /// What it was read as.
        kind: TableKind,
        /// What the reader said.
        error: String,
    },
    /// Reading the file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The error.
        source: io::Error,
    },
}

/// Opens a Parquet or Arrow IPC file (`kind`, told by its first bytes: see
/// [`TableKind::sniff`]) for reading as CSV text: chooses the puzzle and answer columns (see
/// the module's documentation) from the schema and, where names do not say, the first rows,
/// then streams every column as CSV lines, in pieces of about `piece_bytes` (whole rows).
/// `file` is `path` opened; it may have been read from (it is read from its start).
pub(crate) fn open_table(
    path: &Path,
    file: File,
    kind: TableKind,
    puzzle: Option<&Column>,
    answer: Option<&Column>,
    piece_bytes: usize,
) -> Result<TableInput, TableError> {
    let name = path.display().to_string();
    let opened = match kind {
        TableKind::Parquet => open_parquet(&name, file, puzzle, answer),
        TableKind::ArrowIpc | TableKind::ArrowStream => open_ipc(&name, file, kind, puzzle, answer),
    }?;
    let Opened { batches, fields, chosen } = opened;
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
    let reader = TextStream::spawn(batches, piece_bytes)
        .map_err(|source| TableError::Io { path: name.clone(), source })?;
    Ok(TableInput { reader, choice })
}

/// A file opened, its columns chosen, ready to stream.
struct Opened {
    batches: Box<dyn Batches>,
    fields: Vec<FieldRef>,
    chosen: Chosen,
}

/// The columns chosen (positions from 0) and how.
#[derive(Debug, Clone, Copy)]
struct Chosen {
    puzzle: (usize, ColumnSource),
    answer: Option<(usize, ColumnSource)>,
    rows_read: usize,
}

/// Whether a column of this type is read as text.
fn readable(data_type: &DataType) -> bool {
    match data_type {
        DataType::Utf8
        | DataType::LargeUtf8
        | DataType::Utf8View
        | DataType::Binary
        | DataType::LargeBinary
        | DataType::BinaryView
        | DataType::FixedSizeBinary(_) => true,
        DataType::Dictionary(_, values) => {
            readable(values) && !matches!(**values, DataType::FixedSizeBinary(_))
        }
        _ => false,
    }
}

/// The columns and their types, for messages: `id (Int64), quizzes (Utf8)`.
fn describe(fields: &[FieldRef]) -> String {
    if fields.is_empty() {
        return "none".into();
    }
    let columns: Vec<String> =
        fields.iter().map(|f| format!("{} ({})", f.name(), f.data_type())).collect();
    columns.join(", ")
}

/// Per readable column, over the first rows: how many hold a grid, and how many of those have
/// blanks.
#[derive(Debug, Default)]
struct Evidence {
    rows: usize,
    /// `(column, grids, grids with blanks)`.
    columns: Vec<(usize, usize, usize)>,
}

impl Evidence {
    /// Counts the grids in `batch`, whose columns are `columns` of the file, in order.
    fn add(&mut self, batch: &RecordBatch, columns: &[usize]) -> Result<(), ArrowError> {
        if self.columns.is_empty() {
            self.columns = columns.iter().map(|&c| (c, 0, 0)).collect();
        }
        let rows = batch.num_rows().min(EVIDENCE_ROWS - self.rows);
        for (j, array) in batch.columns().iter().enumerate() {
            let array = plain(array)?;
            let Some(cells) = Cells::new(&array) else { continue };
            let (_, grids, blanks) = &mut self.columns[j];
            for i in 0..rows {
                let Some(field) = cells.get(i) else { continue };
                let field = field.trim_ascii();
                if is_grid_field(field) {
                    *grids += 1;
                    *blanks +=
                        usize::from(field.iter().any(|&b| crate::grid::cell_value(b) == Some(0)));
                }
            }
        }
        self.rows += rows;
        Ok(())
    }

    fn full(&self) -> bool {
        self.rows >= EVIDENCE_ROWS
    }
}

/// Chooses the columns as a CSV input's are chosen (see the module's documentation), calling
/// `evidence` with the readable columns only where their content must decide.
fn choose(
    path: &str,
    fields: &[FieldRef],
    puzzle: Option<&Column>,
    answer: Option<&Column>,
    evidence: impl FnOnce(&[usize]) -> Result<Evidence, TableError>,
) -> Result<Chosen, TableError> {
    let columns = || describe(fields);
    let check = |i: usize| -> Result<usize, TableError> {
        match readable(fields[i].data_type()) {
            true => Ok(i),
            false => Err(TableError::UnreadableType {
                path: path.into(),
                name: fields[i].name().clone(),
                data_type: fields[i].data_type().clone(),
                columns: columns(),
            }),
        }
    };
    let find = |column: &Column| -> Result<usize, TableError> {
        let i = match column {
            Column::Index(i) if (1..=fields.len()).contains(i) => i - 1,
            Column::Index(index) => {
                return Err(TableError::IndexOutOfRange {
                    path: path.into(),
                    index: *index,
                    count: fields.len(),
                    columns: columns(),
                })
            }
            Column::Name(name) => fields
                .iter()
                .position(|f| f.name().trim().eq_ignore_ascii_case(name.trim()))
                .ok_or_else(|| TableError::NoSuchColumn {
                    path: path.into(),
                    column: column.clone(),
                    columns: columns(),
                })?,
        };
        check(i)
    };
    let by_name = |known: &[&str]| {
        fields.iter().position(|f| known.contains(&f.name().trim().to_ascii_lowercase().as_str()))
    };

    let mut rows_read = 0;
    let mut grid_columns = Vec::new();
    let puzzle = match (puzzle, by_name(&PUZZLE_NAMES)) {
        (Some(column), _) => (find(column)?, ColumnSource::Given),
        (None, Some(i)) => (check(i)?, ColumnSource::Header),
        (None, None) => {
            let candidates: Vec<usize> =
                (0..fields.len()).filter(|&i| readable(fields[i].data_type())).collect();
            let found = evidence(&candidates)?;
            rows_read = found.rows;
            grid_columns = found.columns.iter().filter(|c| c.1 * 2 > found.rows).copied().collect();
            let with_blanks = grid_columns.iter().find(|c| c.2 > 0);
            let i = match with_blanks.or(grid_columns.first()) {
                Some(c) => c.0,
                // An empty table: no rows to misread, whichever column is taken.
                None if found.rows == 0 && !candidates.is_empty() => candidates[0],
                None => {
                    return Err(TableError::NoPuzzleColumn {
                        path: path.into(),
                        rows: found.rows,
                        columns: columns(),
                    })
                }
            };
            (i, ColumnSource::Content)
        }
    };
    // The answer is the column named so; else, where the puzzle's was found by its content,
    // the next column of grids. A column named as an answer but holding numbers (a quiz
    // set's `answer`) is no answer to read.
    let answer = match (answer, by_name(&ANSWER_NAMES)) {
        (Some(column), _) => Some((find(column)?, ColumnSource::Given)),
        // (Not the puzzle's own column, asked for as the puzzle.)
        (None, Some(i)) if readable(fields[i].data_type()) && i != puzzle.0 => {
            Some((i, ColumnSource::Header))
        }
        _ if puzzle.1 == ColumnSource::Content => {
            grid_columns.iter().find(|c| c.0 != puzzle.0).map(|c| (c.0, ColumnSource::Content))
        }
        _ => None,
    };
    Ok(Chosen { puzzle, answer, rows_read })
}

/// Opens a Parquet file: its metadata, the columns chosen, and a reader of every column, row
/// group by row group.
fn open_parquet(
    path: &str,
    file: File,
    puzzle: Option<&Column>,
    answer: Option<&Column>,
) -> Result<Opened, TableError> {
    let kind = TableKind::Parquet;
    let not_table =
        |e: ParquetError| TableError::NotTable { path: path.into(), kind, error: e.to_string() };
    let meta = ArrowReaderMetadata::load(&file, ArrowReaderOptions::new()).map_err(not_table)?;
    let fields: Vec<FieldRef> = meta.schema().fields().iter().cloned().collect();
    let io_error = |source| TableError::Io { path: path.into(), source };
    let chosen = choose(path, &fields, puzzle, answer, |candidates| {
        let damaged = |e: &dyn fmt::Display| TableError::Damaged {
            path: path.into(),
            kind,
            error: e.to_string(),
        };
        let mut evidence = Evidence::default();
        let file = file.try_clone().map_err(io_error)?;
        let reader = ParquetRecordBatchReaderBuilder::new_with_metadata(file, meta.clone())
            .with_projection(ProjectionMask::roots(meta.parquet_schema(), candidates.to_vec()))
            .with_batch_size(EVIDENCE_ROWS)
            .with_limit(EVIDENCE_ROWS)
            .build()
            .map_err(|e| damaged(&e))?;
        for batch in reader {
            let batch = batch.map_err(|e| damaged(&e))?;
            evidence.add(&batch, candidates).map_err(|e| damaged(&e))?;
            if evidence.full() {
                break;
            }
        }
        Ok(evidence)
    })?;
    let mask = ProjectionMask::all();
    let batches = ParquetBatches {
        groups: meta.metadata().num_row_groups(),
        file,
        meta,
        mask,
        group: 0,
        first_row: 1,
        current: None,
    };
    Ok(Opened { batches: Box::new(batches), fields, chosen })
}

/// Opens an Arrow IPC file or stream: its schema, the columns chosen, and a reader of every
/// column, batch by batch.
fn open_ipc(
    path: &str,
    file: File,
    kind: TableKind,
    puzzle: Option<&Column>,
    answer: Option<&Column>,
) -> Result<Opened, TableError> {
    let io_error = |source| TableError::Io { path: path.into(), source };
    // A reader of `projection`'s columns (all, for `None`) from the file's start, and its
    // number of batches where the file says.
    let open = |projection: Option<Vec<usize>>| -> Result<(IpcReader, Option<usize>), TableError> {
        let mut file = file.try_clone().map_err(io_error)?;
        file.seek(SeekFrom::Start(0)).map_err(io_error)?;
        let not_table =
            |e: ArrowError| TableError::NotTable { path: path.into(), kind, error: e.to_string() };
        let file = BufReader::with_capacity(256 * 1024, file);
        Ok(match kind {
            TableKind::ArrowStream => {
                let reader = arrow_ipc::reader::StreamReader::try_new(file, projection);
                (IpcReader::Stream(reader.map_err(not_table)?), None)
            }
            _ => {
                let reader = arrow_ipc::reader::FileReader::try_new(file, projection);
                let reader = reader.map_err(not_table)?;
                let count = reader.num_batches();
                (IpcReader::File(reader), Some(count))
            }
        })
    };
    let (first, _) = open(None)?;
    let fields: Vec<FieldRef> = first.schema().fields().iter().cloned().collect();
    drop(first);
    let chosen = choose(path, &fields, puzzle, answer, |candidates| {
        let mut evidence = Evidence::default();
        if candidates.is_empty() {
            return Ok(evidence);
        }
        let damaged =
            |e: ArrowError| TableError::Damaged { path: path.into(), kind, error: e.to_string() };
        let (reader, _) = open(Some(candidates.to_vec()))?;
        for batch in reader {
            evidence.add(&batch.map_err(damaged)?, candidates).map_err(damaged)?;
            if evidence.full() {
                break;
            }
        }
        Ok(evidence)
    })?;
    let (reader, count) = open(None)?;
    let batches = IpcBatches { reader, kind, index: 0, count, first_row: 1 };
    // An IPC file's footer lists its batches but not their lengths: the rows are not known.
    Ok(Opened { batches: Box::new(batches), fields, chosen })
}

/// Record batches, one after another, from the start of a file; an error names where it is.
trait Batches: Send {
    /// The next batch, `None` at the end.
    fn next_batch(&mut self) -> Option<io::Result<RecordBatch>>;
}

/// A Parquet file's columns, row group by row group, batch by batch.
struct ParquetBatches {
    file: File,
    meta: ArrowReaderMetadata,
    mask: ProjectionMask,
    /// The next row group to open, from 0.
    group: usize,
    groups: usize,
    /// The first row (from 1) of the row group being read.
    first_row: u64,
    current: Option<ParquetRecordBatchReader>,
}

impl ParquetBatches {
    /// An error in the row group being read (`group - 1`), saying which and its rows.
    fn damaged(&self, error: &dyn fmt::Display) -> io::Error {
        let rows = self.meta.metadata().row_group(self.group - 1).num_rows() as u64;
        let last = self.first_row + rows.max(1) - 1;
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "damaged Parquet data in row group {} of {} (rows {} to {last}): {error}",
                self.group, self.groups, self.first_row
            ),
        )
    }
}

impl Batches for ParquetBatches {
    fn next_batch(&mut self) -> Option<io::Result<RecordBatch>> {
        loop {
            if let Some(reader) = &mut self.current {
                match reader.next() {
                    Some(Ok(batch)) => return Some(Ok(batch)),
                    Some(Err(e)) => return Some(Err(self.damaged(&e))),
                    None => {
                        self.current = None;
                        let rows = self.meta.metadata().row_group(self.group - 1).num_rows();
                        self.first_row += rows as u64;
                    }
                }
            }
            if self.group == self.groups {
                return None;
            }
            self.group += 1;
            let file = match self.file.try_clone() {
                Ok(file) => file,
                Err(e) => return Some(Err(e)),
            };
            let reader =
                ParquetRecordBatchReaderBuilder::new_with_metadata(file, self.meta.clone())
                    .with_projection(self.mask.clone())
                    .with_row_groups(vec![self.group - 1])
                    .with_batch_size(BATCH_ROWS)
                    .build();
            match reader {
                Ok(reader) => self.current = Some(reader),
                Err(e) => return Some(Err(self.damaged(&e))),
            }
        }
    }
}

/// An Arrow IPC reader of either format.
enum IpcReader {
    /// The file format (`ARROW1`), which has a footer listing its batches.
    File(arrow_ipc::reader::FileReader<BufReader<File>>),
    /// The stream format, read from its start to its end.
    Stream(arrow_ipc::reader::StreamReader<BufReader<File>>),
}

impl IpcReader {
    fn schema(&self) -> SchemaRef {
        match self {
            IpcReader::File(r) => r.schema(),
            IpcReader::Stream(r) => r.schema(),
        }
    }
}

impl Iterator for IpcReader {
    type Item = Result<RecordBatch, ArrowError>;

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            IpcReader::File(r) => r.next(),
            IpcReader::Stream(r) => r.next(),
        }
    }
}

/// An Arrow IPC file's or stream's columns, batch by batch.
struct IpcBatches {
    reader: IpcReader,
    kind: TableKind,
    /// Batches read.
    index: usize,
    /// Batches in all, where the file says.
    count: Option<usize>,
    /// The first row (from 1) of the next batch.
    first_row: u64,
}

impl Batches for IpcBatches {
    fn next_batch(&mut self) -> Option<io::Result<RecordBatch>> {
        let next = self.reader.next()?;
        self.index += 1;
        Some(match next {
            Ok(batch) => {
                self.first_row += batch.num_rows() as u64;
                Ok(batch)
            }
            Err(e) => {
                let of = self.count.map_or(String::new(), |n| format!(" of {n}"));
                Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "damaged {} data in batch {}{of} (from row {}): {e}",
                        self.kind, self.index, self.first_row
                    ),
                ))
            }
        })
    }
}

/// A string or binary column's values, read without copies.
enum Values<'a> {
    /// Utf8 and Binary: 32-bit offsets into one buffer of values.
    Offsets32 { offsets: &'a [i32], data: &'a [u8] },
    /// LargeUtf8 and LargeBinary: 64-bit offsets.
    Offsets64 { offsets: &'a [i64], data: &'a [u8] },
    /// Utf8View.
    StringView(&'a arrow_array::StringViewArray),
    /// BinaryView.
    BinaryView(&'a arrow_array::BinaryViewArray),
    /// FixedSizeBinary.
    Fixed(&'a arrow_array::FixedSizeBinaryArray),
}

/// A column's cells as bytes, `None` for a null.
struct Cells<'a> {
    values: Values<'a>,
    nulls: Option<&'a arrow_buffer::NullBuffer>,
}

impl<'a> Cells<'a> {
    /// The cells of a string or binary array (not a dictionary: see [`plain`]); `None` for
    /// other types.
    fn new(array: &'a ArrayRef) -> Option<Cells<'a>> {
        let values = match array.data_type() {
            DataType::Utf8 => {
                let a = array.as_string::<i32>();
                Values::Offsets32 { offsets: a.value_offsets(), data: a.value_data() }
            }
            DataType::LargeUtf8 => {
                let a = array.as_string::<i64>();
                Values::Offsets64 { offsets: a.value_offsets(), data: a.value_data() }
            }
            DataType::Binary => {
                let a = array.as_binary::<i32>();
                Values::Offsets32 { offsets: a.value_offsets(), data: a.value_data() }
            }
            DataType::LargeBinary => {
                let a = array.as_binary::<i64>();
                Values::Offsets64 { offsets: a.value_offsets(), data: a.value_data() }
            }
            DataType::Utf8View => Values::StringView(array.as_string_view()),
            DataType::BinaryView => Values::BinaryView(array.as_binary_view()),
            DataType::FixedSizeBinary(_) => Values::Fixed(array.as_fixed_size_binary()),
            _ => return None,
        };
        Some(Cells { values, nulls: array.nulls() })
    }

    /// Row `i`'s cell, `None` if null.
    #[inline]
    fn get(&self, i: usize) -> Option<&'a [u8]> {
        if self.nulls.is_some_and(|n| n.is_null(i)) {
            return None;
        }
        Some(match &self.values {
            Values::Offsets32 { offsets, data } => {
                &data[offsets[i] as usize..offsets[i + 1] as usize]
            }
            Values::Offsets64 { offsets, data } => {
                &data[offsets[i] as usize..offsets[i + 1] as usize]
            }
            Values::StringView(a) => a.value(i).as_bytes(),
            Values::BinaryView(a) => a.value(i),
            Values::Fixed(a) => a.value(i),
        })
    }
}

/// A dictionary-encoded column (a pandas categorical) as plain strings; any other as it is.
fn plain(array: &ArrayRef) -> Result<ArrayRef, ArrowError> {
    match array.data_type() {
        DataType::Dictionary(_, values) => arrow_cast::cast(array, values),
        _ => Ok(Arc::clone(array)),
    }
}

/// Whether every byte of `field` can go into CSV as it is: printable ASCII but the comma and
/// the quote. Anything else (a space, a control or non-ASCII byte) and the field is quoted,
/// which keeps a field of white space from making a blank line that the CSV reader would skip.
/// Written without branches or a table so that the compiler vectorises it: it looks at every
/// byte of every field.
#[inline]
fn is_plain(field: &[u8]) -> bool {
    let bad = field.iter().fold(0u8, |bad, &b| {
        bad | u8::from(!(0x21..=0x7E).contains(&b)) | u8::from(b == b',') | u8::from(b == b'"')
    });
    bad == 0
}

/// Appends one cell as a CSV field. Puzzles (81 digits or dots) go as they are; a null as
/// [`NULL_FIELD`], unquoted; anything else a CSV line could misread is quoted (`"` doubled):
/// an empty first field (which could make a blank line), a first field that could pass for a
/// comment (`#`) or the `end` marker, and fields with a comma, a quote, white space or other
/// bytes. Line ends inside a field become `\n` and `\r`, two characters each, so that a row
/// stays one line and line N stays row N (such a field is no puzzle, and is reported as
/// malformed all the same), and a NUL byte becomes `\0`, so that no field but a null's holds
/// one.
#[inline]
fn put_field(out: &mut Vec<u8>, field: Option<&[u8]>, first: bool) {
    let Some(field) = field else {
        out.extend_from_slice(NULL_FIELD);
        return;
    };
    let plain =
        is_plain(field) && !(first && (field.is_empty() || field[0] == b'#' || field == b"end"));
    if plain {
        out.extend_from_slice(field);
        return;
    }
    out.push(b'"');
    for &b in field {
        match b {
            b'"' => out.extend_from_slice(b"\"\""),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            0 => out.extend_from_slice(b"\\0"),
            _ => out.push(b),
        }
    }
    out.push(b'"');
}

/// How one column's cells become fields.
enum Shown<'a> {
    /// A string or binary column: its bytes.
    Cells(Cells<'a>),
    /// Any other: as `arrow-cast` displays it (`1.5`, `true`, `2024-01-31`, `[1, 2]`), nulls
    /// aside.
    Displayed(Option<arrow_buffer::NullBuffer>, arrow_cast::display::ArrayFormatter<'a>),
}

/// Appends a batch's rows as CSV lines, every column in order. `scratch` is the caller's, for
/// the text of a displayed cell.
fn put_rows(
    out: &mut Vec<u8>,
    batch: &RecordBatch,
    scratch: &mut String,
) -> Result<(), ArrowError> {
    use std::fmt::Write as _;
    let arrays = batch.columns().iter().map(plain).collect::<Result<Vec<_>, _>>()?;
    let options = arrow_cast::display::FormatOptions::default();
    let mut columns = Vec::with_capacity(arrays.len());
    let mut width = 0;
    for array in &arrays {
        columns.push(match Cells::new(array) {
            Some(cells) => {
                width += 84;
                Shown::Cells(cells)
            }
            None => {
                width += 12;
                let formatter = arrow_cast::display::ArrayFormatter::try_new(array, &options)?;
                // (Logical: a column of type Null has no null buffer, yet is all nulls.)
                Shown::Displayed(array.logical_nulls(), formatter)
            }
        });
    }
    let rows = batch.num_rows();
    out.reserve(rows * width);
    for i in 0..rows {
        for (j, column) in columns.iter().enumerate() {
            if j > 0 {
                out.push(b',');
            }
            match column {
                Shown::Cells(cells) => put_field(out, cells.get(i), j == 0),
                Shown::Displayed(Some(nulls), _) if nulls.is_null(i) => {
                    put_field(out, None, j == 0)
                }
                Shown::Displayed(_, formatter) => {
                    scratch.clear();
                    write!(scratch, "{}", formatter.value(i))
                        .map_err(|_| ArrowError::ComputeError("a cell not shown".into()))?;
                    put_field(out, Some(scratch.as_bytes()), j == 0);
                }
            }
        }
        out.push(b'\n');
    }
    Ok(())
}

/// What the thread that makes the text hands over.
enum Piece {
    /// Whole rows, as CSV lines.
    Text(Vec<u8>),
    /// The error that stopped the reading.
    Failed(io::Error),
    /// The end of the file.
    End,
}

/// Pieces of text made and not yet taken.
const PIECES_IN_FLIGHT: usize = 4;

/// The file's rows as CSV text, in pieces of whole rows. A thread of its own decodes the
/// batches and makes their text, a piece of about `piece_bytes` at a time (a slice of a batch's
/// rows, which costs no copy), while the pipeline's main thread hands the pieces out to the
/// workers as they are: decoding (snappy or zstd, then strings) costs as much as parsing the
/// text, and so runs beside it rather than before it, and the text is not copied and cut again.
/// Dropping the stream stops the thread at its next piece.
pub(crate) struct TextStream {
    pieces: crossbeam_channel::Receiver<Piece>,
    /// For [`Read`]: the current piece, and how much of it has been read.
    text: Vec<u8>,
    pos: usize,
    /// The end has come.
    done: bool,
    /// The error that stopped the stream: every later call returns it again.
    failed: Option<(io::ErrorKind, String)>,
}

impl TextStream {
    /// Starts the thread that reads `batches` and makes their text in pieces of about
    /// `piece_bytes` (more for a single row longer than that).
    fn spawn(mut batches: Box<dyn Batches>, piece_bytes: usize) -> io::Result<TextStream> {
        let (send, pieces) = crossbeam_channel::bounded(PIECES_IN_FLIGHT);
        std::thread::Builder::new().name("sudoku-bulk table reader".into()).spawn(move || {
            let mut scratch = String::new();
            // Bytes a row, as the text made so far says: how many rows make a piece. The first
            // piece is one row, to tell.
            let mut row_bytes = 0;
            'batches: loop {
                let batch = match batches.next_batch() {
                    None => {
                        let _ = send.send(Piece::End);
                        return;
                    }
                    Some(Err(e)) => {
                        let _ = send.send(Piece::Failed(e));
                        return;
                    }
                    Some(Ok(batch)) => batch,
                };
                let mut start = 0;
                while start < batch.num_rows() {
                    let rows = piece_bytes.checked_div(row_bytes).unwrap_or(1);
                    let rows = rows.clamp(1, batch.num_rows() - start);
                    let mut text = Vec::new();
                    let piece = match put_rows(&mut text, &batch.slice(start, rows), &mut scratch) {
                        Ok(()) => {
                            row_bytes = text.len().div_ceil(rows);
                            Piece::Text(text)
                        }
                        Err(e) => {
                            let e = io::Error::new(io::ErrorKind::InvalidData, e.to_string());
                            let _ = send.send(Piece::Failed(e));
                            return;
                        }
                    };
                    // A closed channel: the stream was dropped, nobody reads on.
                    if send.send(piece).is_err() {
                        break 'batches;
                    }
                    start += rows;
                }
            }
        })?;
        Ok(TextStream { pieces, text: Vec::new(), pos: 0, done: false, failed: None })
    }

    /// The next piece of text, whole rows, never empty; `None` at the end. After an error,
    /// every call returns it again.
    pub(crate) fn next_piece(&mut self) -> io::Result<Option<Vec<u8>>> {
        if let Some((kind, message)) = &self.failed {
            return Err(io::Error::new(*kind, message.clone()));
        }
        if self.done {
            return Ok(None);
        }
        let error = match self.pieces.recv() {
            Ok(Piece::Text(text)) => return Ok(Some(text)),
            Ok(Piece::End) => {
                self.done = true;
                return Ok(None);
            }
            Ok(Piece::Failed(e)) => e,
            // The thread ended without a word: it panicked.
            Err(_) => io::Error::other("the thread reading the file stopped"),
        };
        self.failed = Some((error.kind(), error.to_string()));
        Err(error)
    }
}

impl Read for TextStream {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.pos == self.text.len() {
            match self.next_piece()? {
                Some(text) => (self.text, self.pos) = (text, 0),
                None => return Ok(0),
            }
        }
        let n = buf.len().min(self.text.len() - self.pos);
        buf[..n].copy_from_slice(&self.text[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// Our JSON Lines keys that hold numbers: Int64 columns in Parquet output.
const NUMBER_KEYS: [&str; 6] = ["line", "count", "limit", "guesses", "automorphisms", "copy"];

/// The schema of a Parquet output, and how many of its columns are the input's (the first
/// ones), which the JSON Lines hold as text.
#[derive(Debug, Clone)]
pub(crate) struct OutputSchema {
    pub(crate) schema: Schema,
    pub(crate) inputs: usize,
}

/// The Parquet schema for JSON Lines output whose keys are `names`: the input's columns
/// (`input`, the first `input.len()` names), then ours, as `Encoder::jsonl` writes them. The
/// input's columns keep their types where [`output_type`] says; of ours, `line`, `count`,
/// `limit` and `guesses` (or their `_out` forms, where the input has a column of that name)
/// are Int64, the others Utf8. All columns are nullable: a key a record does not have
/// (`error` where it passed) is a null.
pub(crate) fn output_schema(names: &[String], input: &[FieldRef]) -> OutputSchema {
    let fields: Vec<Field> = names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let data_type = match input.get(i) {
                Some(field) => output_type(field.data_type()),
                None if NUMBER_KEYS.contains(&name.strip_suffix("_out").unwrap_or(name)) => {
                    DataType::Int64
                }
                None => DataType::Utf8,
            };
            Field::new(name, data_type, true)
        })
        .collect();
    OutputSchema { schema: Schema::new(fields), inputs: input.len().min(names.len()) }
}

/// The type an input column of type `data_type` has in Parquet output: its own for integers,
/// floats, booleans, strings, dates, timestamps and decimals, whose text (as `arrow-cast`
/// displays them) casts back to the same values; Utf8, that text, for any other (binary,
/// lists, structs, durations, ...). A dictionary of strings (a pandas categorical) becomes
/// plain strings.
pub(crate) fn output_type(data_type: &DataType) -> DataType {
    use DataType::*;
    match data_type {
        Int8 | Int16 | Int32 | Int64 | UInt8 | UInt16 | UInt32 | UInt64 | Float32 | Float64
        | Boolean | Utf8 | LargeUtf8 | Date32 | Timestamp(..) | Decimal128(..) | Decimal256(..) => {
            data_type.clone()
        }
        Utf8View => Utf8View,
        _ => Utf8,
    }
}

/// The columns of a Parquet or Arrow IPC file, from its metadata, as Parquet output keeps them.
pub(crate) fn table_fields(path: &Path, kind: TableKind) -> Result<Vec<FieldRef>, TableError> {
    let name = path.display().to_string();
    let io_error = |source| TableError::Io { path: name.clone(), source };
    let file = File::open(path).map_err(io_error)?;
    let schema = match kind {
        TableKind::Parquet => {
            let meta = ArrowReaderMetadata::load(&file, ArrowReaderOptions::new());
            meta.map(|m| Arc::clone(m.schema())).map_err(|e| e.to_string())
        }
        TableKind::ArrowIpc => arrow_ipc::reader::FileReader::try_new(BufReader::new(file), None)
            .map(|r| r.schema())
            .map_err(|e| e.to_string()),
        TableKind::ArrowStream => {
            arrow_ipc::reader::StreamReader::try_new(BufReader::new(file), None)
                .map(|r| r.schema())
                .map_err(|e| e.to_string())
        }
    };
    let schema =
        schema.map_err(|error| TableError::NotTable { path: name.clone(), kind, error })?;
    Ok(schema.fields().iter().cloned().collect())
}

/// Rows a [`ParquetWriter`] gathers before writing them as a row group.
pub(crate) const WRITE_ROWS: usize = 65_536;

/// Writes our JSON Lines output as a Parquet file: lines in, row groups of [`WRITE_ROWS`] rows
/// out, so memory stays bounded. The lines may come in pieces of any size (a line split
/// between two writes included).
///
/// The lines are the ones `Encoder::jsonl` writes: one flat object a line, whose values are
/// strings (escaped by `output::json_string`), integers or `null`. They are decoded here, into
/// column builders, rather than by a general JSON reader: the format is our own and fixed, and
/// `arrow-json` would bring `serde_json`, whose `PartialEq<Value>` impls for the integer types
/// break type inference in code that compares integers with `.into()`. A key the schema does
/// not have, a number where text is expected (or the reverse), or anything else is an error
/// naming the record, never a column silently dropped.
///
/// Compression is zstd (level 1): puzzle and solution columns are strings of digits that
/// repeat no more than by chance, which an LZ-only codec such as snappy barely shrinks, while
/// zstd's entropy coding takes them to under half; level 1 costs little more time than
/// snappy, and zstd is read by every Parquet reader in use (pyarrow, polars, DuckDB, Spark).
///
/// [`ParquetWriter::finish`] writes the footer, without which the file is unreadable. A writer
/// dropped without it writes nothing more: a run that failed or was interrupted leaves a file
/// no reader takes for complete (the CLI removes a staged output anyway).
pub(crate) struct ParquetWriter {
    rows: JsonRows,
    /// `None` once finished.
    writer: Option<ArrowWriter<Box<dyn Write + Send>>>,
    /// The start of a line whose end has not come yet.
    pending: Vec<u8>,
    /// Rows per batch and row group.
    batch_rows: usize,
    /// Rows written out, in row groups.
    written: u64,
    /// A record that did not decode: the writer takes nothing more.
    broken: bool,
}

impl ParquetWriter {
    /// A writer of rows with `schema` (see [`output_schema`]) to `out`.
    pub(crate) fn new(
        out: Box<dyn Write + Send>,
        schema: OutputSchema,
    ) -> io::Result<ParquetWriter> {
        ParquetWriter::with_batch_rows(out, schema, WRITE_ROWS)
    }

    /// [`ParquetWriter::new`], with row groups of `batch_rows` rows.
    fn with_batch_rows(
        out: Box<dyn Write + Send>,
        schema: OutputSchema,
        batch_rows: usize,
    ) -> io::Result<ParquetWriter> {
        let OutputSchema { schema, inputs } = schema;
        let schema = Arc::new(schema);
        let rows = JsonRows::new(Arc::clone(&schema), inputs, batch_rows)?;
        let props = WriterProperties::builder()
            .set_compression(Compression::ZSTD(ZstdLevel::default()))
            .set_max_row_group_row_count(Some(batch_rows))
            .build();
        let writer = ArrowWriter::try_new(out, schema, Some(props)).map_err(parquet_io_error)?;
        Ok(ParquetWriter {
            rows,
            writer: Some(writer),
            pending: Vec::new(),
            batch_rows,
            written: 0,
            broken: false,
        })
    }

    /// Rows taken so far (written out, or gathered for the next row group).
    pub(crate) fn rows(&self) -> u64 {
        self.written + self.rows.len as u64
    }

    /// Decodes one line into the rows gathered; writes them out once they fill a row group.
    fn line(&mut self, line: &[u8]) -> io::Result<()> {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.trim_ascii().is_empty() {
            return Ok(());
        }
        if let Err(e) = self.rows.add(line) {
            self.broken = true;
            let record = self.rows() + 1;
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("Parquet output: JSON record {record}: {e}"),
            ));
        }
        if self.rows.len >= self.batch_rows {
            self.write_batch()?;
        }
        Ok(())
    }

    /// Writes the rows gathered out, as a row group.
    fn write_batch(&mut self) -> io::Result<()> {
        if self.rows.len == 0 {
            return Ok(());
        }
        let writer = self.writer.as_mut().ok_or_else(finished)?;
        let batch =
            self.rows.batch().map_err(|e| io::Error::other(format!("Parquet output: {e}")))?;
        self.written += batch.num_rows() as u64;
        writer.write(&batch).map_err(parquet_io_error)
    }

    /// Writes the last rows and the footer, and flushes the output. Writing after this is an
    /// error; finishing again does nothing.
    pub(crate) fn finish(&mut self) -> io::Result<()> {
        if self.writer.is_none() {
            return Ok(());
        }
        if self.broken {
            return Err(broken());
        }
        // A last line without its line end.
        let last = std::mem::take(&mut self.pending);
        self.line(&last)?;
        self.write_batch()?;
        let mut writer = self.writer.take().ok_or_else(finished)?;
        writer.finish().map_err(parquet_io_error)?;
        writer.sync()
    }
}

impl Write for ParquetWriter {
    /// Decodes the complete lines of `buf` (and of what came before), keeping an incomplete
    /// last line for the next write. Takes all of `buf`.
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.writer.is_none() {
            return Err(finished());
        }
        if self.broken {
            return Err(broken());
        }
        let mut rest = buf;
        if !self.pending.is_empty() {
            let Some(end) = memchr::memchr(b'\n', rest) else {
                self.pending.extend_from_slice(rest);
                return Ok(buf.len());
            };
            let mut line = std::mem::take(&mut self.pending);
            line.extend_from_slice(&rest[..end]);
            self.line(&line)?;
            line.clear();
            self.pending = line; // its allocation, for the next
            rest = &rest[end + 1..];
        }
        while let Some(end) = memchr::memchr(b'\n', rest) {
            self.line(&rest[..end])?;
            rest = &rest[end + 1..];
        }
        self.pending.extend_from_slice(rest);
        Ok(buf.len())
    }

    /// Does nothing: rows go out a row group at a time, and the footer with
    /// [`ParquetWriter::finish`].
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The error of a write after [`ParquetWriter::finish`].
fn finished() -> io::Error {
    io::Error::other("Parquet output: written after it was finished")
}

/// The error of a write after a record that did not decode.
fn broken() -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, "Parquet output: stopped at a bad record")
}

/// A Parquet writer's error as an I/O error, keeping the output's own (a closed pipe is
/// `BrokenPipe`, which the CLI treats as a quiet end).
fn parquet_io_error(e: ParquetError) -> io::Error {
    match e {
        ParquetError::External(e) => match e.downcast::<io::Error>() {
            Ok(e) => *e,
            Err(e) => io::Error::other(format!("Parquet output: {e}")),
        },
        e => io::Error::other(format!("Parquet output: {e}")),
    }
}

/// One output column, being gathered.
enum Gathered {
    /// A column whose values are text: a Utf8 column, or an input's column of another type,
    /// cast to it once the batch is gathered.
    Text(StringBuilder),
    /// An Int64 column.
    Number(Int64Builder),
}

/// JSON Lines records decoded into columns: a batch of rows being gathered.
struct JsonRows {
    schema: SchemaRef,
    /// The columns' names, to match keys against.
    names: Vec<Box<[u8]>>,
    columns: Vec<Gathered>,
    /// Per column, the record (counted from 1) that last gave it a value: a column a record
    /// has no key for gets a null.
    set_by: Vec<u64>,
    /// Records decoded.
    records: u64,
    /// Rows in the batch.
    len: usize,
    /// The column the last key named: keys come in the schema's order, so the next is tried
    /// first.
    last: usize,
    /// A key or a string, unescaped.
    scratch: Vec<u8>,
}

impl JsonRows {
    /// Rows of `schema`, whose first `inputs` columns are the input's: text in the JSON, of
    /// any type in the schema.
    fn new(schema: SchemaRef, inputs: usize, batch_rows: usize) -> io::Result<JsonRows> {
        let text = || Gathered::Text(StringBuilder::with_capacity(batch_rows, batch_rows * 16));
        let columns = schema
            .fields()
            .iter()
            .enumerate()
            .map(|(i, field)| match field.data_type() {
                _ if i < inputs => Ok(text()),
                DataType::Utf8 => Ok(text()),
                DataType::Int64 => Ok(Gathered::Number(Int64Builder::with_capacity(batch_rows))),
                other => Err(io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!("Parquet output: column {:?} of type {other}", field.name()),
                )),
            })
            .collect::<io::Result<Vec<_>>>()?;
        Ok(JsonRows {
            names: schema.fields().iter().map(|f| f.name().as_bytes().into()).collect(),
            set_by: vec![0; columns.len()],
            columns,
            schema,
            records: 0,
            len: 0,
            last: 0,
            scratch: Vec::new(),
        })
    }

    /// The column named `key`.
    fn column(&mut self, key: &[u8]) -> Option<usize> {
        let next = self.last.wrapping_add(1);
        let found = match self.names.get(next) {
            Some(name) if **name == *key => Some(next),
            _ => self.names.iter().position(|name| **name == *key),
        };
        self.last = found.unwrap_or(self.last);
        found
    }

    /// Decodes one record into the columns. After an error the columns are out of step: the
    /// writer takes nothing more.
    fn add(&mut self, line: &[u8]) -> Result<(), String> {
        self.records += 1;
        let record = self.records;
        let mut json = Json { text: line, at: 0 };
        json.expect(b'{')?;
        self.last = usize::MAX; // so that the first key tries column 0 first
        if !json.eat(b'}') {
            loop {
                json.string(&mut self.scratch)?;
                let key = std::mem::take(&mut self.scratch);
                let column = self.column(&key);
                self.scratch = key;
                let Some(c) = column else {
                    let key = String::from_utf8_lossy(&self.scratch);
                    return Err(format!("key {key:?} is not a column of the output"));
                };
                if self.set_by[c] == record {
                    return Err(format!("key {:?} twice", self.schema.field(c).name()));
                }
                self.set_by[c] = record;
                json.expect(b':')?;
                match (&mut self.columns[c], json.peek()) {
                    (Gathered::Text(b), Some(b'n')) => json.null().map(|_| b.append_null())?,
                    (Gathered::Number(b), Some(b'n')) => json.null().map(|_| b.append_null())?,
                    (Gathered::Text(b), Some(b'"')) => {
                        json.string(&mut self.scratch)?;
                        let text = std::str::from_utf8(&self.scratch)
                            .map_err(|e| format!("key {:?}: {e}", self.schema.field(c).name()))?;
                        b.append_value(text);
                    }
                    (Gathered::Number(b), Some(b'-' | b'0'..=b'9')) => {
                        b.append_value(json.integer()?)
                    }
                    (Gathered::Text(_), _) => {
                        return Err(format!("key {:?}: expected text", self.schema.field(c).name()))
                    }
                    (Gathered::Number(_), _) => {
                        let name = self.schema.field(c).name();
                        return Err(format!("key {name:?}: expected an integer"));
                    }
                }
                if json.eat(b',') {
                    continue;
                }
                json.expect(b'}')?;
                break;
            }
        }
        json.end()?;
        for (c, column) in self.columns.iter_mut().enumerate() {
            if self.set_by[c] != record {
                match column {
                    Gathered::Text(b) => b.append_null(),
                    Gathered::Number(b) => b.append_null(),
                }
            }
        }
        self.len += 1;
        Ok(())
    }

    /// The rows gathered, as a batch; the columns start again empty.
    fn batch(&mut self) -> Result<RecordBatch, ArrowError> {
        // The text of an input's column back to its type; a value that does not cast is an
        // error, never a null.
        let options = arrow_cast::CastOptions { safe: false, ..Default::default() };
        let columns: Vec<ArrayRef> = self
            .columns
            .iter_mut()
            .zip(self.schema.fields())
            .map(|(column, field)| match column {
                Gathered::Text(b) if field.data_type() != &DataType::Utf8 => {
                    let text = b.finish();
                    arrow_cast::cast_with_options(&text, field.data_type(), &options).map_err(|e| {
                        ArrowError::CastError(format!("column {:?}: {e}", field.name()))
                    })
                }
                Gathered::Text(b) => Ok(Arc::new(b.finish()) as ArrayRef),
                Gathered::Number(b) => Ok(Arc::new(b.finish()) as ArrayRef),
            })
            .collect::<Result<_, _>>()?;
        self.len = 0;
        RecordBatch::try_new(Arc::clone(&self.schema), columns)
    }
}

/// A reader of one JSON record's tokens: strings, integers, `null`, punctuation.
struct Json<'a> {
    text: &'a [u8],
    at: usize,
}

impl Json<'_> {
    fn skip_space(&mut self) {
        while self.text.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    /// The next byte after white space, not taken.
    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.text.get(self.at).copied()
    }

    /// Takes `byte` if it comes next.
    fn eat(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        self.at += usize::from(found);
        found
    }

    fn expect(&mut self, byte: u8) -> Result<(), String> {
        match self.eat(byte) {
            true => Ok(()),
            false => Err(self.unexpected(&format!("'{}'", byte as char))),
        }
    }

    fn unexpected(&self, expected: &str) -> String {
        match self.text.get(self.at) {
            Some(&b) => {
                format!("expected {expected} at byte {}, found {:?}", self.at + 1, b as char)
            }
            None => format!("expected {expected} at byte {}, found the line's end", self.at + 1),
        }
    }

    /// Nothing but white space is left.
    fn end(&mut self) -> Result<(), String> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(self.unexpected("the line's end")),
        }
    }

    fn null(&mut self) -> Result<(), String> {
        if !self.text[self.at..].starts_with(b"null") {
            return Err(self.unexpected("null"));
        }
        self.at += 4;
        Ok(())
    }

    /// An integer, which must fit in 64 bits.
    fn integer(&mut self) -> Result<i64, String> {
        let start = self.at;
        self.at += usize::from(self.text.get(self.at) == Some(&b'-'));
        while self.text.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
        let digits = std::str::from_utf8(&self.text[start..self.at]).unwrap_or_default();
        if matches!(self.text.get(self.at), Some(b'.' | b'e' | b'E')) {
            return Err(format!("a number that is not an integer at byte {}", start + 1));
        }
        digits.parse().map_err(|e| format!("number {digits:?} at byte {}: {e}", start + 1))
    }

    /// A string, unescaped into `out`.
    fn string(&mut self, out: &mut Vec<u8>) -> Result<(), String> {
        out.clear();
        self.expect(b'"')?;
        loop {
            let rest = &self.text[self.at..];
            let Some(i) = memchr::memchr2(b'"', b'\\', rest) else {
                return Err("a string without its closing quote".into());
            };
            out.extend_from_slice(&rest[..i]);
            self.at += i + 1;
            if rest[i] == b'"' {
                return Ok(());
            }
            let escape = self.text.get(self.at).copied();
            self.at += 1;
            match escape {
                Some(b @ (b'"' | b'\\' | b'/')) => out.push(b),
                Some(b'b') => out.push(0x08),
                Some(b'f') => out.push(0x0C),
                Some(b'n') => out.push(b'\n'),
                Some(b'r') => out.push(b'\r'),
                Some(b't') => out.push(b'\t'),
                Some(b'u') => {
                    let mut code = self.hex4()?;
                    // A surrogate pair: `\uD83D\uDE00`.
                    if (0xD800..0xDC00).contains(&code) && self.text[self.at..].starts_with(b"\\u")
                    {
                        self.at += 2;
                        let low = self.hex4()?;
                        code =
                            0x10000 + ((code - 0xD800) << 10) + (low.wrapping_sub(0xDC00) & 0x3FF);
                    }
                    let c = char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER);
                    out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                }
                _ => return Err(format!("a bad escape at byte {}", self.at)),
            }
        }
    }

    /// Four hexadecimal digits.
    fn hex4(&mut self) -> Result<u32, String> {
        let digits = self.text.get(self.at..self.at + 4).and_then(|d| std::str::from_utf8(d).ok());
        let code = digits.and_then(|d| u32::from_str_radix(d, 16).ok());
        self.at += 4;
        code.ok_or_else(|| format!("a bad \\u escape at byte {}", self.at - 5))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::builder::{FixedSizeBinaryBuilder, StringDictionaryBuilder};
    use arrow_array::types::{Int32Type, Int64Type};
    use arrow_array::{
        BinaryViewArray, Int64Array, LargeStringArray, StringArray, StringViewArray,
    };
    use std::path::PathBuf;

    const P: &str =
        "004300209005009001070060043006002087190007400050083000600000105003508690042910300";
    const S: &str =
        "864371259325849761971265843436192587198657432257483916689734125713528694542916378";

    /// A puzzle and its solution, different for each `i` (a relabelling of the digits).
    fn pair(i: usize) -> (String, String) {
        let shift = |s: &str| -> String {
            s.bytes()
                .map(|b| match b {
                    b'0' => '0',
                    d => (b'1' + (d - b'1' + (i % 9) as u8) % 9) as char,
                })
                .collect()
        };
        (shift(P), shift(S))
    }

    fn strings(values: &[Option<&str>]) -> ArrayRef {
        Arc::new(StringArray::from(values.to_vec()))
    }

    fn batch(columns: Vec<(&str, ArrayRef)>) -> RecordBatch {
        RecordBatch::try_from_iter(columns).unwrap()
    }

    /// `batch` written as Parquet (zstd), in row groups of `group_rows` rows.
    fn parquet_file(dir: &Path, name: &str, batch: &RecordBatch, group_rows: usize) -> PathBuf {
        let path = dir.join(name);
        let props = WriterProperties::builder()
            .set_compression(Compression::ZSTD(ZstdLevel::default()))
            .set_max_row_group_row_count(Some(group_rows))
            .build();
        let file = File::create(&path).unwrap();
        let mut writer = ArrowWriter::try_new(file, batch.schema(), Some(props)).unwrap();
        writer.write(batch).unwrap();
        writer.close().unwrap();
        path
    }

    /// `batch` written as an Arrow IPC file (or stream), in batches of `batch_rows` rows.
    fn ipc_file(
        dir: &Path,
        name: &str,
        batch: &RecordBatch,
        batch_rows: usize,
        stream: bool,
    ) -> PathBuf {
        let path = dir.join(name);
        let file = File::create(&path).unwrap();
        let schema = batch.schema();
        let pieces = (0..batch.num_rows())
            .step_by(batch_rows)
            .map(|at| batch.slice(at, batch_rows.min(batch.num_rows() - at)));
        if stream {
            let mut writer = arrow_ipc::writer::StreamWriter::try_new(file, &schema).unwrap();
            pieces.for_each(|b| writer.write(&b).unwrap());
            writer.finish().unwrap();
        } else {
            let mut writer = arrow_ipc::writer::FileWriter::try_new(file, &schema).unwrap();
            pieces.for_each(|b| writer.write(&b).unwrap());
            writer.finish().unwrap();
        }
        path
    }

    fn open(
        path: &Path,
        puzzle: Option<&Column>,
        answer: Option<&Column>,
    ) -> Result<TableInput, TableError> {
        let mut file = File::open(path).unwrap();
        let mut head = [0u8; TableKind::MAGIC_BYTES];
        file.read_exact(&mut head).unwrap(); // as the caller does, to tell the kind
        let kind = TableKind::sniff(&head).expect("a columnar file");
        open_table(path, file, kind, puzzle, answer, 64 * 1024)
    }

    fn text(mut input: TableInput) -> String {
        let mut text = String::new();
        input.reader.read_to_string(&mut text).unwrap();
        text
    }

    /// The chosen columns of the text, `puzzle[,answer]` a line, unquoted, a null as empty.
    fn chosen(input: TableInput) -> String {
        let layout = input.layout();
        let mut out = String::new();
        for line in text(input).lines() {
            let mut fields = Vec::new();
            let each = |_, field: &[u8]| fields.push(field.to_vec());
            crate::io::format::csv::split_fields_by(line.as_bytes(), Delimiter::COMMA, each)
                .unwrap();
            assert_eq!(fields.len(), layout.fields, "{line:?}");
            let field = |i: usize| match &fields[i] {
                f if f == NULL_FIELD => String::new(),
                f => String::from_utf8(f.clone()).unwrap(),
            };
            out += &field(layout.puzzle);
            if let Some(answer) = layout.answer {
                out += &format!(",{}", field(answer));
            }
            out.push('\n');
        }
        out
    }

    /// The lines `rows` (puzzle, answer) make.
    fn lines(rows: &[(String, String)]) -> String {
        rows.iter().map(|(p, s)| format!("{p},{s}\n")).collect()
    }

    fn rows(n: usize) -> Vec<(String, String)> {
        (0..n).map(pair).collect()
    }

    fn column(values: impl Iterator<Item = String>) -> ArrayRef {
        Arc::new(StringArray::from_iter_values(values))
    }

    /// A column of the numbers `0..n`.
    fn numbers(n: i64) -> ArrayRef {
        Arc::new(Int64Array::from_iter_values(0..n))
    }

    /// The puzzles of `rows`, as a text column.
    fn puzzles(rows: &[(String, String)]) -> ArrayRef {
        column(rows.iter().map(|r| r.0.clone()))
    }

    /// The answers of `rows`, as a text column.
    fn answers(rows: &[(String, String)]) -> ArrayRef {
        column(rows.iter().map(|r| r.1.clone()))
    }

    #[test]
    fn known_names_choose_the_columns() {
        let dir = tempfile::tempdir().unwrap();
        let rows = rows(5);
        let kaggle = batch(vec![
            ("id", numbers(5)),
            ("quizzes", puzzles(&rows)),
            ("solutions", answers(&rows)),
        ]);
        let path = parquet_file(dir.path(), "kaggle.parquet", &kaggle, 1000);
        let input = open(&path, None, None).unwrap();
        assert_eq!(input.choice.puzzle, (1, Some("quizzes".into()), ColumnSource::Header));
        assert_eq!(input.choice.answer, Some((2, Some("solutions".into()), ColumnSource::Header)));
        assert_eq!(input.choice.names, ["id", "quizzes", "solutions"]);
        assert_eq!((input.choice.header_line, input.choice.rows_read), (None, 0));
        let layout = input.layout();
        assert_eq!(
            (layout.fields, layout.puzzle, layout.answer, layout.nulls),
            (3, 1, Some(2), true)
        );
        // Every column, in the file's order.
        let every: String =
            rows.iter().enumerate().map(|(i, (p, s))| format!("{i},{p},{s}\n")).collect();
        assert_eq!(text(input), every);

        // sudoku-extreme's layout, the answer before the puzzle, large strings.
        let extreme = batch(vec![
            ("source", column((0..5).map(|i| format!("src{i}")))),
            ("Answer", Arc::new(LargeStringArray::from_iter_values(rows.iter().map(|r| &r.1)))),
            ("question", Arc::new(LargeStringArray::from_iter_values(rows.iter().map(|r| &r.0)))),
            ("rating", numbers(5)),
        ]);
        let path = parquet_file(dir.path(), "extreme.parquet", &extreme, 2);
        let input = open(&path, None, None).unwrap();
        assert_eq!(input.choice.puzzle, (2, Some("question".into()), ColumnSource::Header));
        assert_eq!(input.choice.answer, Some((1, Some("Answer".into()), ColumnSource::Header)));
        assert_eq!(input.choice.names, ["source", "Answer", "question", "rating"]);
        assert_eq!(chosen(input), lines(&rows));
        // A puzzle column only: no answer.
        let only = batch(vec![("puzzle", puzzles(&rows))]);
        let path = parquet_file(dir.path(), "only.parquet", &only, 2);
        let input = open(&path, None, None).unwrap();
        assert_eq!((input.choice.answer.clone(), input.layout().fields), (None, 1));
        let expected: String = rows.iter().map(|r| format!("{}\n", r.0)).collect();
        assert_eq!(text(input), expected);
    }

    #[test]
    fn columns_are_found_by_content() {
        let dir = tempfile::tempdir().unwrap();
        let rows = rows(30);
        let mut solutions: Vec<Option<String>> = rows.iter().map(|r| Some(r.1.clone())).collect();
        solutions[3] = None; // a few rows without a grid change nothing
        solutions[4] = Some("short".into());
        let table = batch(vec![
            ("a", column((0..30).map(|i| format!("note {i}")))),
            ("x", Arc::new(StringArray::from(solutions.clone())) as ArrayRef),
            ("y", puzzles(&rows)),
            ("n", numbers(30)),
        ]);
        let path = parquet_file(dir.path(), "content.parquet", &table, 7);
        let input = open(&path, None, None).unwrap();
        // Complete grids in x, grids with blanks in y: y is the puzzle.
        assert_eq!(input.choice.puzzle, (2, Some("y".into()), ColumnSource::Content));
        assert_eq!(input.choice.answer, Some((1, Some("x".into()), ColumnSource::Content)));
        assert_eq!(input.choice.rows_read, 30);
        let said = input.choice.to_string();
        assert!(said.contains("(detected: grids in most of the first 30 rows)"), "{said}");
        let expected: String = rows
            .iter()
            .zip(&solutions)
            .map(|((p, _), s)| format!("{p},{}\n", s.as_deref().unwrap_or("")))
            .collect();
        assert_eq!(chosen(input), expected);

        // Nothing holds puzzles: an error naming the columns and their types.
        let junk =
            batch(vec![("a", column((0..30).map(|i| format!("note {i}")))), ("n", numbers(30))]);
        let path = parquet_file(dir.path(), "junk.parquet", &junk, 7);
        let err = open(&path, None, None).err().unwrap().to_string();
        assert!(err.starts_with(&format!("{}: cannot tell", path.display())), "{err}");
        assert!(
            err.contains("first 30 rows; the columns are a (Utf8), n (Int64); use --puzzle-col"),
            "{err}"
        );

        // An empty table: no rows, no error.
        let empty = batch(vec![("a", column(std::iter::empty()))]);
        let path = parquet_file(dir.path(), "empty.parquet", &empty, 7);
        assert_eq!(text(open(&path, None, None).unwrap()), "");
    }

    #[test]
    fn columns_can_be_named_or_numbered() {
        let dir = tempfile::tempdir().unwrap();
        let rows = rows(4);
        let table =
            batch(vec![("n", numbers(4)), ("Board", puzzles(&rows)), ("Key", answers(&rows))]);
        let path = parquet_file(dir.path(), "named.parquet", &table, 3);
        let input = open(&path, Some(&"board".parse().unwrap()), Some(&Column::Index(3))).unwrap();
        assert_eq!(input.choice.puzzle, (1, Some("Board".into()), ColumnSource::Given));
        assert_eq!(input.choice.answer, Some((2, Some("Key".into()), ColumnSource::Given)));
        assert_eq!(
            input.choice.to_string(),
            "puzzle in Parquet column 2 \"Board\" (as asked), solution in Parquet column 3 \"Key\" (as asked)"
        );
        assert_eq!(chosen(input), lines(&rows));
        // The answer asked for in a column before the puzzle's.
        let input = open(&path, Some(&Column::Index(3)), Some(&Column::Index(2))).unwrap();
        let swapped: String = rows.iter().map(|(p, s)| format!("{s},{p}\n")).collect();
        assert_eq!(chosen(input), swapped);
        // A puzzle named, no answer named: none read.
        let input = open(&path, Some(&Column::Index(2)), None).unwrap();
        assert_eq!(input.choice.answer, None);

        let err = |p: Column| open(&path, Some(&p), None).err().unwrap().to_string();
        let at = path.display();
        assert_eq!(
            err("zz".parse().unwrap()),
            format!("{at}: no column \"zz\"; the columns are n (Int64), Board (Utf8), Key (Utf8)")
        );
        assert_eq!(
            err(Column::Index(4)),
            format!(
                "{at}: column 4 asked for, but the file has 3: n (Int64), Board (Utf8), Key (Utf8)"
            )
        );
        let unreadable = err(Column::Index(1));
        assert!(
            unreadable.starts_with(&format!("{at}: column \"n\" holds Int64, which is not read")),
            "{unreadable}"
        );
    }

    #[test]
    fn nulls_and_awkward_fields_keep_one_line_a_row() {
        let dir = tempfile::tempdir().unwrap();
        let puzzles = [
            Some(P),
            None,
            Some(""),
            Some("a,b"),
            Some("say \"hi\""),
            Some("two\nlines\r"),
            Some("#not a comment"),
            Some("end"),
            Some("   "),
            Some(P),
        ];
        let mut answers: Vec<Option<&str>> = vec![Some(S); puzzles.len()];
        answers[0] = None;
        let table = batch(vec![("puzzle", strings(&puzzles)), ("solution", strings(&answers))]);
        let path = parquet_file(dir.path(), "awkward.parquet", &table, 4);
        let expected = format!(
            "{P},\0\n\0,{S}\n\"\",{S}\n\"a,b\",{S}\n\"say \"\"hi\"\"\",{S}\n\"two\\nlines\\r\",{S}\n\
             \"#not a comment\",{S}\n\"end\",{S}\n\"   \",{S}\n{P},{S}\n"
        );
        let input = open(&path, None, None).unwrap();
        let layout = input.layout();
        let got = text(input);
        assert_eq!(got, expected);
        // The CSV reader sees one record a row, row N at line N, the first and last puzzles.
        let format = crate::io::format::Format::Csv(layout);
        let records: Vec<_> = crate::io::format::Records::new(format, got.as_bytes(), 1).collect();
        assert_eq!(records.len(), puzzles.len());
        for (i, record) in records.iter().enumerate() {
            assert_eq!(record.line, i as u64 + 1);
            let parsed = matches!(i, 0 | 9);
            assert_eq!(record.parsed.is_ok(), parsed, "row {}: {record:?}", i + 1);
        }

        // Without an answer column, a null puzzle is still a line.
        let table = batch(vec![("puzzle", strings(&[None, Some(P)]))]);
        let path = parquet_file(dir.path(), "nulls.parquet", &table, 4);
        assert_eq!(text(open(&path, None, None).unwrap()), format!("\0\n{P}\n"));
    }

    #[test]
    fn binary_view_dictionary_and_fixed_size_columns_are_read() {
        let dir = tempfile::tempdir().unwrap();
        let rows = rows(6);
        let mut fixed = FixedSizeBinaryBuilder::new(81);
        for (p, _) in &rows {
            fixed.append_value(p.as_bytes()).unwrap();
        }
        let mut dictionary = StringDictionaryBuilder::<Int32Type>::new();
        for (_, s) in &rows {
            dictionary.append_value(s);
        }
        let table = batch(vec![
            ("f", Arc::new(fixed.finish()) as ArrayRef),
            ("d", Arc::new(dictionary.finish()) as ArrayRef),
        ]);
        // In Parquet (the dictionary type kept in the Arrow schema it stores) and in IPC.
        let parquet = parquet_file(dir.path(), "fixed.parquet", &table, 4);
        let ipc = ipc_file(dir.path(), "fixed.arrow", &table, 4, false);
        for path in [parquet, ipc] {
            let input = open(&path, None, None).unwrap();
            assert_eq!(input.choice.puzzle, (0, Some("f".into()), ColumnSource::Content));
            assert_eq!(input.choice.answer, Some((1, Some("d".into()), ColumnSource::Content)));
            assert_eq!(chosen(input), lines(&rows), "{}", path.display());
        }
        let views = batch(vec![
            ("quiz", Arc::new(StringViewArray::from_iter_values(rows.iter().map(|r| &r.0)))),
            (
                "answers",
                Arc::new(BinaryViewArray::from_iter_values(rows.iter().map(|r| r.1.as_bytes()))),
            ),
        ]);
        let path = ipc_file(dir.path(), "views.arrow", &views, 4, false);
        assert_eq!(chosen(open(&path, None, None).unwrap()), lines(&rows));
    }

    #[test]
    fn row_groups_and_batches_stream_in_order() {
        let dir = tempfile::tempdir().unwrap();
        // More rows than a batch, in row groups of uneven sizes.
        let rows = rows(BATCH_ROWS + 1000);
        let table = batch(vec![("quizzes", puzzles(&rows)), ("solutions", answers(&rows))]);
        let parquet = parquet_file(dir.path(), "groups.parquet", &table, 3001);
        let file = ipc_file(dir.path(), "groups.arrow", &table, 1000, false);
        let stream = ipc_file(dir.path(), "groups.arrows", &table, 1000, true);
        for path in [parquet, file, stream] {
            let input = open(&path, None, None).unwrap();
            assert_eq!(chosen(input), lines(&rows), "{}", path.display());
        }
        // Read in small pieces, as a stream chunker might.
        let mut input = open(&dir.path().join("groups.parquet"), None, None).unwrap();
        let (mut got, mut piece) = (Vec::new(), [0u8; 1000]);
        loop {
            match input.reader.read(&mut piece).unwrap() {
                0 => break,
                n => got.extend_from_slice(&piece[..n]),
            }
        }
        assert_eq!(String::from_utf8(got).unwrap(), lines(&rows));
        // In pieces of whole rows, of about the size asked, each file's rows in order.
        for name in ["groups.parquet", "groups.arrow", "groups.arrows"] {
            let path = dir.path().join(name);
            let mut file = File::open(&path).unwrap();
            let mut head = [0u8; TableKind::MAGIC_BYTES];
            file.read_exact(&mut head).unwrap();
            let kind = TableKind::sniff(&head).unwrap();
            let mut input = open_table(&path, file, kind, None, None, 2000).unwrap();
            let (mut got, mut pieces) = (Vec::new(), 0);
            while let Some(piece) = input.reader.next_piece().unwrap() {
                assert!(piece.ends_with(b"\n") && piece.len() <= 2000, "{name}: {}", piece.len());
                got.extend_from_slice(&piece);
                pieces += 1;
            }
            assert_eq!(String::from_utf8(got).unwrap(), lines(&rows), "{name}");
            // 164 bytes a row: 12 rows a piece, fewer where a batch ends.
            assert!(pieces > rows.len() / 12, "{name}: {pieces} pieces");
            assert!(input.reader.next_piece().unwrap().is_none(), "{name}: the end stays");
        }
    }

    #[test]
    fn ipc_files_and_streams_choose_columns_as_parquet_does() {
        let dir = tempfile::tempdir().unwrap();
        let rows = rows(12);
        let table = batch(vec![
            ("id", numbers(12)),
            ("puzzle", puzzles(&rows)),
            ("solution", answers(&rows)),
        ]);
        let file = ipc_file(dir.path(), "t.arrow", &table, 5, false);
        let stream = ipc_file(dir.path(), "t.arrows", &table, 5, true);
        for (path, kind) in [(file, TableKind::ArrowIpc), (stream, TableKind::ArrowStream)] {
            let head = std::fs::read(&path).unwrap();
            assert_eq!(TableKind::sniff(&head), Some(kind));
            let input = open(&path, None, None).unwrap();
            assert_eq!(input.choice.puzzle, (1, Some("puzzle".into()), ColumnSource::Header));
            assert_eq!(chosen(input), lines(&rows));
            // The answer column asked for as the puzzle: it is not its own answer too.
            let input = open(&path, Some(&Column::Index(3)), None).unwrap();
            let answers: String = rows.iter().map(|r| format!("{}\n", r.1)).collect();
            assert_eq!(chosen(input), answers);
        }
        assert_eq!(TableKind::sniff(b"PAR1\x15\x04"), Some(TableKind::Parquet));
        assert_eq!(TableKind::sniff(P.as_bytes()), None);
        assert_eq!(TableKind::sniff(b"\xFF\xFE1\x002\x00"), None); // UTF-16
    }

    #[test]
    fn a_damaged_file_is_an_error_that_says_where() {
        let dir = tempfile::tempdir().unwrap();
        let rows = rows(3000);
        let table = batch(vec![("quizzes", puzzles(&rows)), ("solutions", answers(&rows))]);
        let path = parquet_file(dir.path(), "whole.parquet", &table, 1000);
        let data = std::fs::read(&path).unwrap();

        // Cut short: the footer is gone.
        let cut = dir.path().join("cut.parquet");
        std::fs::write(&cut, &data[..data.len() / 2]).unwrap();
        let err = open(&cut, None, None).err().unwrap().to_string();
        assert!(
            err.starts_with(&format!("{}: not a valid Parquet file (truncated", cut.display())),
            "{err}"
        );
        let ipc = ipc_file(dir.path(), "whole.arrow", &table, 1000, false);
        let ipc_data = std::fs::read(&ipc).unwrap();
        std::fs::write(&cut, &ipc_data[..ipc_data.len() / 2]).unwrap();
        let err = open(&cut, None, None).err().unwrap().to_string();
        assert!(err.contains("not a valid Arrow IPC file"), "{err}");

        // Damaged in the second row group: the first one's rows come, then the error.
        let builder = ParquetRecordBatchReaderBuilder::try_new(File::open(&path).unwrap());
        let meta = Arc::clone(builder.unwrap().metadata());
        let chunk = meta.row_group(1).column(1);
        let (start, len) = chunk.byte_range();
        let mut damaged = data.clone();
        for b in &mut damaged[start as usize + 40..(start + len) as usize - 10] {
            *b ^= 0x5A;
        }
        let bad = dir.path().join("bad.parquet");
        std::fs::write(&bad, &damaged).unwrap();
        let mut input = open(&bad, None, None).unwrap();
        let mut got = Vec::new();
        let err = input.reader.read_to_end(&mut got).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidData);
        let message = err.to_string();
        assert!(
            message.starts_with("damaged Parquet data in row group 2 of 3 (rows 1001 to 2000): "),
            "{message}"
        );
        assert_eq!(String::from_utf8(got).unwrap(), lines(&rows[..1000]));
        // And it stays failed.
        assert!(input.reader.read(&mut [0; 10]).is_err());

        // Not Parquet at all.
        let text_file = dir.path().join("text.parquet");
        std::fs::write(&text_file, format!("PAR1{P}\n")).unwrap();
        let err = open(&text_file, None, None).err().unwrap().to_string();
        assert!(err.contains("not a valid Parquet file"), "{err}");
    }

    /// Key order and values as `Encoder::jsonl` writes them for a Kaggle 9M input
    /// (`puzzle,solution`, so ours get `_out`).
    fn jsonl_line(i: usize) -> String {
        let (p, s) = pair(i);
        match i % 3 {
            0 => format!(
                "{{\"puzzle\":\"{p}\",\"solution\":\"{s}\",\"line\":{},\"status\":\"solved\",\
                 \"puzzle_out\":\"{p}\",\"solution_out\":\"{s}\",\"guesses\":{i}}}\n",
                i + 2
            ),
            1 => format!(
                "{{\"puzzle\":\"{p}\",\"solution\":\"\",\"line\":{},\"status\":\"no solution\",\
                 \"puzzle_out\":\"{p}\",\"guesses\":0,\"error\":\"no solution\"}}\n",
                i + 2
            ),
            _ => format!(
                "{{\"puzzle\":\"x\",\"solution\":\"{s}\",\"line\":{},\"status\":\"malformed\",\
                 \"error\":\"1 cell, expected 81\"}}\n",
                i + 2
            ),
        }
    }

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn output_schema_types_our_numbers_and_keeps_the_inputs_types() {
        let field = |name: &str, data_type| Arc::new(Field::new(name, data_type, false));
        // A CSV input `puzzle,solution` (text): ours get `_out`.
        let input = [field("puzzle", DataType::Utf8), field("solution", DataType::Utf8)];
        let keys = [
            "puzzle",
            "solution",
            "line",
            "status",
            "puzzle_out",
            "solution_out",
            "guesses",
            "count",
            "limit",
            "error",
        ];
        let out = output_schema(&names(&keys), &input);
        assert_eq!(out.inputs, 2);
        let types: Vec<String> =
            out.schema.fields().iter().map(|f| format!("{}:{}", f.name(), f.data_type())).collect();
        assert_eq!(
            types.join(" "),
            "puzzle:Utf8 solution:Utf8 line:Int64 status:Utf8 puzzle_out:Utf8 \
             solution_out:Utf8 guesses:Int64 count:Int64 limit:Int64 error:Utf8"
        );
        assert!(out.schema.fields().iter().all(|f| f.is_nullable()));
        // A Parquet input's `Line` keeps its type, and its `count_out` is its own; ours is
        // `line_out`. A list column becomes text.
        let list = DataType::new_list(DataType::Int32, true);
        let input = [
            field("Line", DataType::Int32),
            field("count_out", DataType::Float64),
            field("l", list),
        ];
        let out = output_schema(&names(&["Line", "count_out", "l", "line_out", "status"]), &input);
        let types: Vec<&DataType> = out.schema.fields().iter().map(|f| f.data_type()).collect();
        use DataType::*;
        assert_eq!(types, [&Int32, &Float64, &Utf8, &Int64, &Utf8]);
        assert!(out.schema.fields().iter().all(|f| f.is_nullable()));
    }

    /// Every type [`output_type`] keeps: its text, as the stream shows it, goes through the
    /// Parquet writer (as `Encoder::jsonl` gives it) back to the same values, nulls included;
    /// a type it does not keep is that text.
    #[test]
    fn kept_types_round_trip_through_their_text() {
        use arrow_array::*;
        let columns: Vec<(&str, ArrayRef)> = vec![
            ("i8", Arc::new(Int8Array::from(vec![Some(i8::MIN), None, Some(0), Some(i8::MAX)]))),
            ("i16", Arc::new(Int16Array::from(vec![Some(-300), None, Some(0), Some(i16::MAX)]))),
            ("i32", Arc::new(Int32Array::from(vec![Some(i32::MIN), None, Some(7), Some(1)]))),
            (
                "i64",
                Arc::new(Int64Array::from(vec![Some(i64::MIN), None, Some(0), Some(i64::MAX)])),
            ),
            ("u8", Arc::new(UInt8Array::from(vec![Some(0), None, Some(1), Some(u8::MAX)]))),
            ("u16", Arc::new(UInt16Array::from(vec![Some(0), None, Some(9), Some(u16::MAX)]))),
            ("u32", Arc::new(UInt32Array::from(vec![Some(0), None, Some(9), Some(u32::MAX)]))),
            ("u64", Arc::new(UInt64Array::from(vec![Some(0), None, Some(9), Some(u64::MAX)]))),
            (
                "f32",
                Arc::new(Float32Array::from(vec![Some(1.5), None, Some(-0.1), Some(f32::MAX)])),
            ),
            (
                "f64",
                Arc::new(Float64Array::from(vec![
                    Some(1.0 / 3.0),
                    None,
                    Some(-1e-300),
                    Some(f64::INFINITY),
                ])),
            ),
            ("b", Arc::new(BooleanArray::from(vec![Some(true), None, Some(false), Some(true)]))),
            ("s", Arc::new(StringArray::from(vec![Some("a"), None, Some(""), Some("x, \"y\"")]))),
            (
                "ls",
                Arc::new(LargeStringArray::from(vec![Some("#a"), None, Some("end"), Some("b")])),
            ),
            ("sv", Arc::new(StringViewArray::from(vec![Some("a"), None, Some("bc"), Some("d")]))),
            ("d32", Arc::new(Date32Array::from(vec![Some(0), None, Some(-1), Some(19_700)]))),
            (
                "ts",
                Arc::new(TimestampMicrosecondArray::from(vec![
                    Some(0),
                    None,
                    Some(1_700_000_000_123_456),
                    Some(-1),
                ])),
            ),
            (
                "tsz",
                Arc::new(
                    TimestampMillisecondArray::from(vec![
                        Some(0),
                        None,
                        Some(1_700_000_000_123),
                        Some(5),
                    ])
                    .with_timezone("+02:00"),
                ),
            ),
            (
                "utc",
                Arc::new(
                    TimestampSecondArray::from(vec![Some(0), None, Some(1_700_000_000), Some(-9)])
                        .with_timezone("UTC"),
                ),
            ),
            (
                "paris",
                Arc::new(
                    TimestampNanosecondArray::from(vec![Some(0), None, Some(1), Some(-1)])
                        .with_timezone("Europe/Paris"),
                ),
            ),
            (
                "dec",
                Arc::new(
                    Decimal128Array::from(vec![Some(12_345), None, Some(-5), Some(0)])
                        .with_precision_and_scale(10, 2)
                        .unwrap(),
                ),
            ),
        ];
        let mut dictionary = StringDictionaryBuilder::<Int32Type>::new();
        dictionary.extend([Some("cat"), None, Some("dog"), Some("cat")]);
        let mut columns = columns;
        columns.push(("dict", Arc::new(dictionary.finish())));
        columns.push(("none", Arc::new(NullArray::new(4))));
        let wide = [Some(-1i128), None, Some(i128::MAX), Some(0)];
        let wide =
            Decimal256Array::from(wide.map(|v| v.map(arrow_buffer::i256::from_i128)).to_vec());
        columns.push(("dec256", Arc::new(wide.with_precision_and_scale(50, 5).unwrap())));
        columns.push((
            "bin",
            Arc::new(BinaryArray::from(vec![Some(&b"ab"[..]), None, Some(b""), Some(b"\x00")])),
        ));
        columns.push((
            "list",
            Arc::new(ListArray::from_iter_primitive::<Int32Type, _, _>(vec![
                Some(vec![Some(1), Some(2)]),
                None,
                Some(vec![]),
                Some(vec![None]),
            ])),
        ));
        let table = batch(columns);
        let mut text = Vec::new();
        put_rows(&mut text, &table, &mut String::new()).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert_eq!(text.lines().count(), 4);
        // Each row's cells as text, a null as a null.
        let width = table.num_columns();
        let mut rows: Vec<Vec<Option<String>>> = Vec::new();
        for line in text.lines() {
            let mut row = Vec::new();
            crate::io::format::csv::split_fields_by(line.as_bytes(), Delimiter::COMMA, |_, f| {
                let cell = (f != NULL_FIELD).then(|| String::from_utf8(f.to_vec()).unwrap());
                row.push(cell.map(|c| c.replace("\"\"", "\"")));
            })
            .unwrap();
            assert_eq!(row.len(), width, "{line:?}");
            rows.push(row);
        }
        // Through the Parquet writer, as JSON Lines (the text, a null as null), and back.
        let names: Vec<String> = table.schema().fields().iter().map(|f| f.name().clone()).collect();
        let fields: Vec<FieldRef> = table.schema().fields().iter().cloned().collect();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("kept.parquet");
        let out: Box<dyn Write + Send> = Box::new(File::create(&path).unwrap());
        let mut writer = ParquetWriter::new(out, output_schema(&names, &fields)).unwrap();
        for row in &rows {
            let mut line = b"{".to_vec();
            for (j, (name, cell)) in names.iter().zip(row).enumerate() {
                if j > 0 {
                    line.push(b',');
                }
                crate::io::output::json_string(&mut line, name.as_bytes());
                line.push(b':');
                match cell {
                    Some(text) => crate::io::output::json_string(&mut line, text.as_bytes()),
                    None => line.extend_from_slice(b"null"),
                }
            }
            line.extend_from_slice(b"}\n");
            writer.write_all(&line).unwrap();
        }
        writer.finish().unwrap();
        let reader = ParquetRecordBatchReaderBuilder::try_new(File::open(&path).unwrap()).unwrap();
        let mut back: Vec<RecordBatch> = reader.build().unwrap().map(Result::unwrap).collect();
        assert_eq!(back.len(), 1);
        let back = back.remove(0);
        for (j, field) in table.schema().fields().iter().enumerate() {
            let kept = output_type(field.data_type());
            let original = plain(table.column(j)).unwrap();
            let back = back.column(j);
            assert_eq!(back.data_type(), &kept, "{}", field.name());
            assert_eq!(back.logical_nulls(), original.logical_nulls(), "{}", field.name());
            match field.name().as_str() {
                "dict" => assert_eq!(back.as_ref(), original.as_ref()),
                "none" => assert_eq!((kept, back.null_count()), (DataType::Utf8, 4)),
                "bin" | "list" => {
                    assert_eq!(kept, DataType::Utf8);
                    let text = back.as_string::<i32>();
                    let expected = if field.name() == "bin" { "ab" } else { "[1, 2]" };
                    assert_eq!(text.value(0), expected);
                }
                _ => {
                    assert_eq!(&kept, field.data_type());
                    assert_eq!(back.as_ref(), original.as_ref(), "{}", field.name());
                }
            }
        }
    }

    #[test]
    fn parquet_output_round_trips() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.parquet");
        let keys = [
            "puzzle",
            "solution",
            "line",
            "status",
            "puzzle_out",
            "solution_out",
            "guesses",
            "error",
        ];
        let schema = output_schema(&names(&keys), &[]);
        let out: Box<dyn Write + Send> = Box::new(File::create(&path).unwrap());
        let mut writer = ParquetWriter::with_batch_rows(out, schema, 100).unwrap();
        let n = 250;
        let text: String = (0..n).map(jsonl_line).collect();
        // In pieces that split lines, as a buffered writer may.
        for piece in text.as_bytes().chunks(777) {
            writer.write_all(piece).unwrap();
        }
        writer.flush().unwrap();
        writer.finish().unwrap();
        assert_eq!(writer.rows(), n as u64);
        writer.finish().unwrap(); // twice does nothing
        assert!(writer.write_all(b"{}\n").is_err());

        let file = File::open(&path).unwrap();
        let builder = ParquetRecordBatchReaderBuilder::try_new(file).unwrap();
        assert_eq!(builder.metadata().num_row_groups(), 3);
        let column = builder.metadata().row_group(0).column(0);
        assert_eq!(column.compression(), Compression::ZSTD(ZstdLevel::default()));
        let schema = builder.schema().clone();
        assert_eq!(schema.field_with_name("line").unwrap().data_type(), &DataType::Int64);
        assert_eq!(schema.field_with_name("guesses").unwrap().data_type(), &DataType::Int64);
        assert_eq!(schema.field_with_name("status").unwrap().data_type(), &DataType::Utf8);
        let mut i = 0;
        for batch in builder.build().unwrap() {
            let batch = batch.unwrap();
            let int64 = |name| batch.column_by_name(name).unwrap().as_primitive::<Int64Type>();
            let string = |name| batch.column_by_name(name).unwrap().as_string::<i32>();
            let (line, guesses) = (int64("line"), int64("guesses"));
            let (status, solution) = (string("status"), string("solution_out"));
            let error = string("error");
            for r in 0..batch.num_rows() {
                assert_eq!(line.value(r), i as i64 + 2);
                let (_, s) = pair(i);
                match i % 3 {
                    0 => {
                        assert_eq!(status.value(r), "solved");
                        assert_eq!(solution.value(r), s);
                        assert_eq!(guesses.value(r), i as i64);
                        assert!(error.is_null(r));
                    }
                    1 => {
                        assert!(solution.is_null(r));
                        assert_eq!(error.value(r), "no solution");
                    }
                    _ => {
                        assert_eq!(status.value(r), "malformed");
                        assert!(guesses.is_null(r));
                    }
                }
                i += 1;
            }
        }
        assert_eq!(i, n);
    }

    #[test]
    fn parquet_output_errors_are_clear() {
        let schema = output_schema(&names(&["line", "status"]), &[]);
        let sink = || -> Box<dyn Write + Send> { Box::new(io::sink()) };
        // A key the schema does not have is an error, not a dropped column.
        let mut writer = ParquetWriter::new(sink(), schema.clone()).unwrap();
        writer.write_all(b"{\"line\":1,\"status\":\"valid\"}\n").unwrap();
        let err = writer.write_all(b"{\"line\":2,\"status\":\"valid\",\"guesses\":3}\n");
        assert_eq!(
            err.unwrap_err().to_string(),
            "Parquet output: JSON record 2: key \"guesses\" is not a column of the output"
        );
        assert!(writer.finish().is_err(), "a broken writer does not finish");
        let bad = |line: &str| {
            let mut writer = ParquetWriter::new(sink(), schema.clone()).unwrap();
            writer.write_all(line.as_bytes()).unwrap_err().to_string()
        };
        assert!(bad("{\"line\":\"1\"}\n").ends_with("key \"line\": expected an integer"));
        assert!(bad("{\"status\":3}\n").ends_with("key \"status\": expected text"));
        assert!(bad("{\"line\":1.5}\n").contains("not an integer"));
        assert!(bad("{\"line\":1,\"line\":2}\n").ends_with("key \"line\" twice"));
        assert!(bad("{\"line\":1} x\n").contains("expected the line's end"));
        // Not JSON.
        let err = ParquetWriter::new(sink(), schema.clone())
            .unwrap()
            .write_all(b"error: line 1: malformed\n")
            .unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidData);
        // A record cut short.
        let mut writer = ParquetWriter::new(sink(), schema.clone()).unwrap();
        writer.write_all(b"{\"line\":1,").unwrap();
        let err = writer.finish().unwrap_err().to_string();
        assert!(err.ends_with("found the line's end"), "{err}");
        drop(writer); // unfinished: no panic

        // A closed pipe stays a closed pipe.
        struct Closed;
        impl Write for Closed {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> io::Result<()> {
                Err(io::ErrorKind::BrokenPipe.into())
            }
        }
        let err = match ParquetWriter::new(Box::new(Closed), schema) {
            Err(e) => e,
            Ok(mut writer) => {
                writer.write_all(b"{\"line\":1,\"status\":\"valid\"}\n").unwrap();
                writer.finish().unwrap_err()
            }
        };
        assert_eq!(err.kind(), io::ErrorKind::BrokenPipe, "{err}");
    }

    proptest::proptest! {
        /// The JSON strings the encoder writes (`output::json_string`) decode to the text
        /// they were made from, as lossy UTF-8.
        #[test]
        fn json_strings_decode_to_what_was_encoded(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..40),
            text in "\\PC{0,20}",
        ) {
            for input in [bytes.as_slice(), text.as_bytes()] {
                let mut json = Vec::new();
                crate::io::output::json_string(&mut json, input);
                let mut out = Vec::new();
                let mut reader = Json { text: &json, at: 0 };
                reader.string(&mut out).unwrap();
                proptest::prop_assert_eq!(reader.at, json.len());
                proptest::prop_assert_eq!(
                    String::from_utf8(out).unwrap(),
                    String::from_utf8_lossy(input).into_owned()
                );
            }
        }
    }

    #[test]
    fn json_escapes_decode() {
        let mut out = Vec::new();
        let json = br#""a\"b\\c\/\n\r\t\b\f\u0001\u00e9\ud83d\ude00""#;
        Json { text: json, at: 0 }.string(&mut out).unwrap();
        let expected = "a\"b\\c/\n\r\t\u{8}\u{c}\u{1}\u{e9}\u{1f600}";
        assert_eq!(String::from_utf8(out).unwrap(), expected);
    }
}
