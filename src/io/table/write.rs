//! Parquet output: the types an input's columns keep, and a writer of the record batches our
//! rows are built into, as zstd row groups.

use std::fs::File;
use std::io::{self, BufReader, Write};
use std::path::Path;
use std::sync::Arc;

use arrow_array::RecordBatch;
use arrow_schema::{DataType, FieldRef, SchemaRef};
use parquet::arrow::arrow_reader::{ArrowReaderMetadata, ArrowReaderOptions};
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::errors::ParquetError;
use parquet::file::properties::WriterProperties;

use super::kind::{TableError, TableKind};

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

/// Rows in a row group.
pub(crate) const WRITE_ROWS: usize = 65_536;

/// Writes record batches, built by a [`TableBuilder`](super::TableBuilder) from our rows, as a
/// Parquet file, in row groups of [`WRITE_ROWS`] rows (the writer holds at most one row group
/// in memory).
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
    schema: SchemaRef,
    /// `None` once finished.
    writer: Option<ArrowWriter<Box<dyn Write + Send>>>,
}

impl ParquetWriter {
    /// A writer of rows with `schema` (see [`table_schema`](super::table_schema)) to `out`.
    pub(crate) fn new(out: Box<dyn Write + Send>, schema: SchemaRef) -> io::Result<ParquetWriter> {
        ParquetWriter::with_batch_rows(out, schema, WRITE_ROWS)
    }

    /// [`ParquetWriter::new`], with row groups of `batch_rows` rows.
    fn with_batch_rows(
        out: Box<dyn Write + Send>,
        schema: SchemaRef,
        batch_rows: usize,
    ) -> io::Result<ParquetWriter> {
        let props = WriterProperties::builder()
            .set_compression(Compression::ZSTD(ZstdLevel::default()))
            .set_max_row_group_row_count(Some(batch_rows))
            .build();
        let writer = ArrowWriter::try_new(out, Arc::clone(&schema), Some(props))
            .map_err(parquet_io_error)?;
        Ok(ParquetWriter { schema, writer: Some(writer) })
    }

    /// The schema the rows are written in.
    pub(crate) fn schema(&self) -> SchemaRef {
        Arc::clone(&self.schema)
    }

    /// Writes `batch`'s rows (a row group goes out each time [`WRITE_ROWS`] have come).
    pub(crate) fn write(&mut self, batch: &RecordBatch) -> io::Result<()> {
        let writer = self.writer.as_mut().ok_or_else(finished)?;
        writer.write(batch).map_err(parquet_io_error)
    }

    /// Writes the last rows and the footer, and flushes the output. Writing after this is an
    /// error; finishing again does nothing.
    pub(crate) fn finish(&mut self) -> io::Result<()> {
        let Some(mut writer) = self.writer.take() else { return Ok(()) };
        writer.finish().map_err(parquet_io_error)?;
        writer.sync()
    }
}

/// The error of a write after [`ParquetWriter::finish`].
fn finished() -> io::Error {
    io::Error::other("Parquet output: written after it was finished")
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

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::cast::AsArray;
    use arrow_array::types::Int64Type;
    use arrow_array::Array;
    use arrow_schema::Field;
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

    use crate::io::output::{OutputColumn, Row, Value};
    use crate::io::table::tests::pair;
    use crate::io::table::{table_schema, TableBuilder};
    use crate::verdict::{Detail, Fault, Reason, Task, Verdict};

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn table_schema_types_our_columns_and_keeps_the_inputs_types() {
        let field = |name: &str, data_type| Arc::new(Field::new(name, data_type, false));
        // A CSV input `puzzle,solution` (text): ours get `_out`.
        let input = [field("puzzle", DataType::Utf8), field("solution", DataType::Utf8)];
        let ours = Task::Count { limit: 2 }.record_columns(false, false);
        let ours_names =
            names(&["line", "status", "puzzle_out", "count", "limit", "guesses", "error"]);
        let schema = table_schema(&input, &ours, &ours_names);
        let types: Vec<String> =
            schema.fields().iter().map(|f| format!("{}:{}", f.name(), f.data_type())).collect();
        assert_eq!(
            types.join(" "),
            "puzzle:Utf8 solution:Utf8 line:Int64 status:Utf8 puzzle_out:Utf8 count:Int64 \
             limit:Int64 guesses:Int64 error:Utf8"
        );
        // Every record has a line and a status; anything else can be null.
        let required: Vec<&str> = schema
            .fields()
            .iter()
            .filter(|f| !f.is_nullable())
            .map(|f| f.name().as_str())
            .collect();
        assert_eq!(required, ["line", "status"]);
        // A Parquet input's `Line` keeps its type; a list column becomes text.
        let list = DataType::new_list(DataType::Int32, true);
        let input = [field("Line", DataType::Int32), field("l", list)];
        let schema = table_schema(&input, &[OutputColumn::Line], &names(&["line_out"]));
        let types: Vec<&DataType> = schema.fields().iter().map(|f| f.data_type()).collect();
        use DataType::*;
        assert_eq!(types, [&Int32, &Utf8, &Int64]);
    }

    /// A row of a solve run: solved, no solution, or malformed, by `i % 3`.
    fn verdict(i: usize) -> Verdict {
        let (p, s) = pair(i);
        let grid = |text: &str| crate::grid::Grid::parse_line(text.as_bytes()).ok();
        let mut verdict = Verdict::new(grid(&p));
        match i % 3 {
            0 => {
                verdict.solution = grid(&s);
                verdict.guesses = Some(i as u64);
            }
            1 => {
                verdict.guesses = Some(0);
                verdict.fault = Some(Fault { reason: Reason::NoSolution, detail: Detail::None });
            }
            _ => {
                verdict.puzzle = None;
                verdict.fault = Some(Fault { reason: Reason::Malformed, detail: Detail::None });
            }
        }
        verdict
    }

    #[test]
    fn parquet_output_round_trips() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.parquet");
        let ours: Arc<[OutputColumn]> = Task::Solve.record_columns(false, false).into();
        let names: Vec<String> = ours.iter().map(|c| c.name().to_string()).collect();
        let input = [Arc::new(Field::new("id", DataType::Int32, true))];
        let schema = Arc::new(table_schema(&input, &ours, &names));
        let out: Box<dyn Write + Send> = Box::new(File::create(&path).unwrap());
        let mut writer = ParquetWriter::with_batch_rows(out, Arc::clone(&schema), 100).unwrap();
        let n = 250;
        let mut rows = TableBuilder::new(Arc::clone(&schema), 1, ours, 16);
        for i in 0..n {
            let verdict = verdict(i);
            let id = i.to_string();
            let row =
                Row::Verdict { task: Task::Solve, file: "", line: i as u64 + 2, verdict: &verdict };
            rows.push([(i % 5 != 0).then_some(id.as_bytes())], |c| row.value(c));
            // Batches of 77 rows: row groups of 100 are made of pieces of several.
            if rows.len() == 77 {
                writer.write(&rows.finish().unwrap()).unwrap();
            }
        }
        writer.write(&rows.finish().unwrap()).unwrap();
        writer.finish().unwrap();
        writer.finish().unwrap(); // twice does nothing
        assert!(writer.write(&rows.finish().unwrap()).is_err());

        let file = File::open(&path).unwrap();
        let builder = ParquetRecordBatchReaderBuilder::try_new(file).unwrap();
        assert_eq!(builder.metadata().num_row_groups(), 3);
        let column = builder.metadata().row_group(0).column(0);
        assert_eq!(column.compression(), Compression::ZSTD(ZstdLevel::default()));
        assert_eq!(builder.schema(), &schema);
        let mut i = 0;
        for batch in builder.build().unwrap() {
            let batch = batch.unwrap();
            let int64 = |name| batch.column_by_name(name).unwrap().as_primitive::<Int64Type>();
            let string = |name| batch.column_by_name(name).unwrap().as_string::<i32>();
            let id =
                batch.column_by_name("id").unwrap().as_primitive::<arrow_array::types::Int32Type>();
            let (line, guesses) = (int64("line"), int64("guesses"));
            let (status, solution, error) = (string("status"), string("solution"), string("error"));
            for r in 0..batch.num_rows() {
                assert_eq!(line.value(r), i as i64 + 2);
                assert_eq!(id.is_null(r), i % 5 == 0);
                if i % 5 != 0 {
                    assert_eq!(id.value(r), i as i32);
                }
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
    fn a_value_that_does_not_cast_back_is_an_error_naming_its_column() {
        let input = [Arc::new(Field::new("n", DataType::Int32, true))];
        let ours: Arc<[OutputColumn]> = [OutputColumn::Status].into();
        let schema = Arc::new(table_schema(&input, &ours, &names(&["status"])));
        let mut rows = TableBuilder::new(schema, 1, ours, 4);
        rows.push([Some(&b"x"[..])], |_| Value::Text("valid"));
        let err = rows.finish().unwrap_err().to_string();
        assert!(err.contains("column \"n\""), "{err}");
    }

    #[test]
    fn a_closed_pipe_stays_a_closed_pipe() {
        struct Closed;
        impl Write for Closed {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::ErrorKind::BrokenPipe.into())
            }
            fn flush(&mut self) -> io::Result<()> {
                Err(io::ErrorKind::BrokenPipe.into())
            }
        }
        let ours: Arc<[OutputColumn]> = [OutputColumn::Status].into();
        let schema = Arc::new(table_schema(&[], &ours, &names(&["status"])));
        let mut rows = TableBuilder::new(Arc::clone(&schema), 0, ours, 4);
        rows.push([], |_| Value::Text("valid"));
        let err = match ParquetWriter::new(Box::new(Closed), schema) {
            Err(e) => e,
            Ok(mut writer) => {
                writer.write(&rows.finish().unwrap()).unwrap();
                writer.finish().unwrap_err()
            }
        };
        assert_eq!(err.kind(), io::ErrorKind::BrokenPipe, "{err}");
    }
}
