//! Opening Parquet and Arrow IPC files: their schema and first rows (for the columns to
//! choose), then every column as record batches, row group by row group or batch by batch,
//! each error naming the row group or batch where the file is damaged.

use std::fmt;
use std::fs::File;
use std::io::{self, BufReader, Seek, SeekFrom};

use arrow_array::RecordBatch;
use arrow_schema::{ArrowError, FieldRef, SchemaRef};
use parquet::arrow::arrow_reader::{
    ArrowReaderMetadata, ArrowReaderOptions, ParquetRecordBatchReader,
    ParquetRecordBatchReaderBuilder,
};
use parquet::arrow::ProjectionMask;
use parquet::errors::ParquetError;

use crate::io::format::csv::EVIDENCE_ROWS;
use crate::io::format::Column;

use super::columns::{choose, Chosen, Evidence};
use super::kind::{TableError, TableKind};
use super::text::Batches;

/// Rows decoded at a time from a Parquet row group (about 1.3 MB of CSV text for two grid
/// columns, made in pieces the size the pipeline asks for).
pub(crate) const BATCH_ROWS: usize = 8192;

/// A file opened, its columns chosen, ready to stream.
pub(super) struct Opened {
    pub(super) batches: Box<dyn Batches>,
    pub(super) fields: Vec<FieldRef>,
    pub(super) chosen: Chosen,
}

/// Opens a Parquet file: its metadata, the columns chosen, and a reader of every column, row
/// group by row group.
pub(super) fn open_parquet(
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
pub(super) fn open_ipc(
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
