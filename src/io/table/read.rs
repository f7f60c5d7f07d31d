//! Opening Parquet and Arrow IPC files: their schema and first rows (for the columns to
//! choose), then every column as record batches, row group by row group or batch by batch,
//! each error naming the row group or batch where the file is damaged.

use std::fmt;
use std::fs::File;
use std::io::{self, BufReader, Seek, SeekFrom};
use std::sync::Arc;

use arrow_array::RecordBatch;
use arrow_schema::{ArrowError, FieldRef, SchemaRef};
use bytes::Bytes;
use parquet::arrow::arrow_reader::{
    ArrowReaderMetadata, ArrowReaderOptions, ParquetRecordBatchReader,
    ParquetRecordBatchReaderBuilder,
};
use parquet::arrow::ProjectionMask;
use parquet::errors::ParquetError;
use parquet::file::reader::{ChunkReader, Length};

use crate::io::format::csv::EVIDENCE_ROWS;
use crate::io::format::Column;

use super::columns::{choose, Chosen, Evidence};
use super::kind::{TableError, TableKind};

/// Rows decoded at a time from a Parquet row group (about 1.3 MB of CSV text for two grid
/// columns, made in pieces the size the pipeline asks for).
pub(crate) const BATCH_ROWS: usize = 8192;

/// Record batches, one after another, from the start of a file or of a row group; an error
/// names where it is.
pub(super) trait Batches: Send {
    /// The next batch, `None` at the end.
    fn next_batch(&mut self) -> Option<io::Result<RecordBatch>>;
}

/// A file's rows, in parts read one after another.
pub(super) enum Parts {
    /// Arrow IPC: one sequence of batches.
    Whole(Box<dyn Batches>),
    /// Parquet: row groups, each of which a thread of its own can decode.
    Groups(Arc<ParquetGroups>),
}

/// A file opened, its columns chosen, ready to stream.
pub(super) struct Opened {
    pub(super) parts: Parts,
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
    let file = SharedFile(Arc::new(file));
    let meta = ArrowReaderMetadata::load(&file, ArrowReaderOptions::new()).map_err(not_table)?;
    let fields: Vec<FieldRef> = meta.schema().fields().iter().cloned().collect();
    let chosen = choose(path, &fields, puzzle, answer, |candidates| {
        let damaged = |e: &dyn fmt::Display| TableError::Damaged {
            path: path.into(),
            kind,
            error: e.to_string(),
        };
        let mut evidence = Evidence::default();
        let reader = ParquetRecordBatchReaderBuilder::new_with_metadata(file.clone(), meta.clone())
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
    let parts = Parts::Groups(Arc::new(ParquetGroups::new(file, meta)));
    Ok(Opened { parts, fields, chosen })
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
    Ok(Opened { parts: Parts::Whole(Box::new(batches)), fields, chosen })
}

/// A Parquet file's row groups, each read on its own (so on as many threads as there are
/// decoders), batch by batch.
pub(super) struct ParquetGroups {
    file: SharedFile,
    meta: ArrowReaderMetadata,
    /// The first row (from 1) of each row group.
    first_rows: Vec<u64>,
}

impl ParquetGroups {
    fn new(file: SharedFile, meta: ArrowReaderMetadata) -> ParquetGroups {
        let groups = meta.metadata().row_groups();
        let first_rows = groups
            .iter()
            .scan(1, |next, group| {
                let first = *next;
                *next += group.num_rows() as u64;
                Some(first)
            })
            .collect();
        ParquetGroups { file, meta, first_rows }
    }

    /// How many row groups the file has.
    pub(super) fn count(&self) -> usize {
        self.first_rows.len()
    }

    /// Row group `group`'s batches, every column; an error names the row group.
    pub(super) fn open(self: &Arc<Self>, group: usize) -> Box<dyn Batches> {
        let reader = ParquetRecordBatchReaderBuilder::new_with_metadata(
            self.file.clone(),
            self.meta.clone(),
        )
        .with_row_groups(vec![group])
        .with_batch_size(BATCH_ROWS)
        .build()
        .map_err(|e| Some(self.damaged(group, &e)));
        Box::new(GroupBatches { groups: Arc::clone(self), group, reader })
    }

    /// An error in row group `group`, saying which and its rows.
    fn damaged(&self, group: usize, error: &dyn fmt::Display) -> io::Error {
        let rows = self.meta.metadata().row_group(group).num_rows() as u64;
        let first = self.first_rows[group];
        let last = first + rows.max(1) - 1;
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "damaged Parquet data in row group {} of {} (rows {first} to {last}): {error}",
                group + 1,
                self.count()
            ),
        )
    }
}
/// One row group's batches.
struct GroupBatches {
    groups: Arc<ParquetGroups>,
    group: usize,
    /// The reader, or why it could not be made (given once).
    reader: Result<ParquetRecordBatchReader, Option<io::Error>>,
}

impl Batches for GroupBatches {
    fn next_batch(&mut self) -> Option<io::Result<RecordBatch>> {
        match &mut self.reader {
            Ok(reader) => Some(reader.next()?.map_err(|e| self.groups.damaged(self.group, &e))),
            Err(error) => error.take().map(Err),
        }
    }
}

/// A file that threads share, read at offsets (`pread`): `File`'s own `ChunkReader` seeks a
/// handle that all its clones share, which only one thread at a time may use.
#[derive(Clone)]
pub(super) struct SharedFile(Arc<File>);

impl SharedFile {
    fn read_at(&self, buf: &mut [u8], offset: u64) -> io::Result<usize> {
        #[cfg(unix)]
        return std::os::unix::fs::FileExt::read_at(&*self.0, buf, offset);
        #[cfg(windows)]
        return std::os::windows::fs::FileExt::seek_read(&*self.0, buf, offset);
    }
}

impl Length for SharedFile {
    fn len(&self) -> u64 {
        self.0.metadata().map_or(0, |m| m.len())
    }
}

impl ChunkReader for SharedFile {
    type T = BufReader<ReadAt>;

    fn get_read(&self, start: u64) -> parquet::errors::Result<Self::T> {
        Ok(BufReader::new(ReadAt { file: self.clone(), offset: start }))
    }

    fn get_bytes(&self, start: u64, length: usize) -> parquet::errors::Result<Bytes> {
        let mut buffer = vec![0; length];
        let mut filled = 0;
        while filled < length {
            match self.read_at(&mut buffer[filled..], start + filled as u64) {
                Ok(0) => {
                    return Err(ParquetError::EOF(format!(
                        "expected {length} bytes at offset {start}, the file has {filled}"
                    )))
                }
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e.into()),
            }
        }
        Ok(buffer.into())
    }
}

/// A [`SharedFile`] read from an offset on.
pub(super) struct ReadAt {
    file: SharedFile,
    offset: u64,
}

impl io::Read for ReadAt {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.file.read_at(buf, self.offset)?;
        self.offset += n as u64;
        Ok(n)
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
