//! Parquet output: the schema of our columns beside the input's, and a writer that decodes the
//! JSON Lines the encoder writes into record batches and writes each as a zstd row group.

use std::fs::File;
use std::io::{self, BufReader, Write};
use std::path::Path;
use std::sync::Arc;

use arrow_array::builder::{Int64Builder, StringBuilder};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{ArrowError, DataType, Field, FieldRef, Schema, SchemaRef};
use parquet::arrow::arrow_reader::{ArrowReaderMetadata, ArrowReaderOptions};
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::errors::ParquetError;
use parquet::file::properties::WriterProperties;

use super::json::Json;
use super::kind::{TableError, TableKind};

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

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::cast::AsArray;
    use arrow_array::types::Int64Type;
    use arrow_array::Array;
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;

    use crate::io::table::tests::pair;

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
}
