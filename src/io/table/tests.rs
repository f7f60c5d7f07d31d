//! Tests of reading tables (the columns chosen, the text of every cell type, row groups and
//! batches in order, damaged files) and of the round trip of every kept type through that text
//! and the Parquet writer; with the helpers that build Parquet and Arrow files.

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, FieldRef};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::properties::WriterProperties;

use super::cells::plain;
use super::read::BATCH_ROWS;
use super::text::put_rows;
use super::write::output_type;
use super::*;
use crate::io::format::csv::NULL_FIELD;
use arrow_array::builder::{FixedSizeBinaryBuilder, StringDictionaryBuilder};
use arrow_array::types::Int32Type;
use arrow_array::{BinaryViewArray, Int64Array, LargeStringArray, StringArray, StringViewArray};

const P: &str = "004300209005009001070060043006002087190007400050083000600000105003508690042910300";
const S: &str = "864371259325849761971265843436192587198657432257483916689734125713528694542916378";

/// A puzzle and its solution, different for each `i` (a relabelling of the digits).
pub(super) fn pair(i: usize) -> (String, String) {
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
    open_with(path, puzzle, answer, 2)
}

/// [`open`] with `decoders` threads decoding.
fn open_with(
    path: &Path,
    puzzle: Option<&Column>,
    answer: Option<&Column>,
    decoders: usize,
) -> Result<TableInput, TableError> {
    let mut file = File::open(path).unwrap();
    let mut head = [0u8; TableKind::MAGIC_BYTES];
    file.read_exact(&mut head).unwrap(); // as the caller does, to tell the kind
    let kind = TableKind::sniff(&head).expect("a columnar file");
    open_table(path, file, kind, puzzle, answer, 64 * 1024, decoders)
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
        crate::io::format::csv::split_fields_by(line.as_bytes(), Delimiter::COMMA, each).unwrap();
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
    let kaggle =
        batch(vec![("id", numbers(5)), ("quizzes", puzzles(&rows)), ("solutions", answers(&rows))]);
    let path = parquet_file(dir.path(), "kaggle.parquet", &kaggle, 1000);
    let input = open(&path, None, None).unwrap();
    assert_eq!(input.choice.puzzle, (1, Some("quizzes".into()), ColumnSource::Header));
    assert_eq!(input.choice.answer, Some((2, Some("solutions".into()), ColumnSource::Header)));
    assert_eq!(input.choice.names, ["id", "quizzes", "solutions"]);
    assert_eq!((input.choice.header_line, input.choice.rows_read), (None, 0));
    let layout = input.layout();
    assert_eq!((layout.fields, layout.puzzle, layout.answer, layout.nulls), (3, 1, Some(2), true));
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
    let junk = batch(vec![("a", column((0..30).map(|i| format!("note {i}")))), ("n", numbers(30))]);
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
    let table = batch(vec![("n", numbers(4)), ("Board", puzzles(&rows)), ("Key", answers(&rows))]);
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
        let mut input = open_table(&path, file, kind, None, None, 2000, 3).unwrap();
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

/// However many threads decode a Parquet file's row groups (fewer than the groups, as many,
/// more), its text is the same: every row once, in order; and a stream dropped half-way stops
/// its threads rather than hanging.
#[test]
fn row_groups_decoded_on_several_threads_come_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let rows = rows(7 * 997);
    let table = batch(vec![("quizzes", puzzles(&rows)), ("solutions", answers(&rows))]);
    for group_rows in [997, 7 * 997] {
        let path = parquet_file(dir.path(), "groups.parquet", &table, group_rows);
        for decoders in [1, 2, 3, 7, 16] {
            let input = open_with(&path, None, None, decoders).unwrap();
            assert_eq!(chosen(input), lines(&rows), "{group_rows} rows a group, {decoders}");
        }
        let mut input = open_with(&path, None, None, 4).unwrap();
        assert!(input.reader.next_piece().unwrap().is_some());
        drop(input);
    }
}

#[test]
fn ipc_files_and_streams_choose_columns_as_parquet_does() {
    let dir = tempfile::tempdir().unwrap();
    let rows = rows(12);
    let table =
        batch(vec![("id", numbers(12)), ("puzzle", puzzles(&rows)), ("solution", answers(&rows))]);
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
    // Whichever thread decodes the second group, and whether the third is decoded first.
    for decoders in [1, 2, 3, 8] {
        let mut input = open_with(&bad, None, None, decoders).unwrap();
        let mut got = Vec::new();
        let err = input.reader.read_to_end(&mut got).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::InvalidData);
        let message = err.to_string();
        assert!(
            message.starts_with("damaged Parquet data in row group 2 of 3 (rows 1001 to 2000): "),
            "{decoders} decoders: {message}"
        );
        assert_eq!(String::from_utf8(got).unwrap(), lines(&rows[..1000]), "{decoders} decoders");
        // And it stays failed.
        assert!(input.reader.read(&mut [0; 10]).is_err());
    }

    // Not Parquet at all.
    let text_file = dir.path().join("text.parquet");
    std::fs::write(&text_file, format!("PAR1{P}\n")).unwrap();
    let err = open(&text_file, None, None).err().unwrap().to_string();
    assert!(err.contains("not a valid Parquet file"), "{err}");
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
        ("i64", Arc::new(Int64Array::from(vec![Some(i64::MIN), None, Some(0), Some(i64::MAX)]))),
        ("u8", Arc::new(UInt8Array::from(vec![Some(0), None, Some(1), Some(u8::MAX)]))),
        ("u16", Arc::new(UInt16Array::from(vec![Some(0), None, Some(9), Some(u16::MAX)]))),
        ("u32", Arc::new(UInt32Array::from(vec![Some(0), None, Some(9), Some(u32::MAX)]))),
        ("u64", Arc::new(UInt64Array::from(vec![Some(0), None, Some(9), Some(u64::MAX)]))),
        ("f32", Arc::new(Float32Array::from(vec![Some(1.5), None, Some(-0.1), Some(f32::MAX)]))),
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
        ("ls", Arc::new(LargeStringArray::from(vec![Some("#a"), None, Some("end"), Some("b")]))),
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
    let wide = Decimal256Array::from(wide.map(|v| v.map(arrow_buffer::i256::from_i128)).to_vec());
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
    put_rows(&mut text, &table, &mut String::new(), [None, None]).unwrap();
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
    // Through a table builder (the text, a null as null) and the Parquet writer, and back.
    let fields: Vec<FieldRef> = table.schema().fields().iter().cloned().collect();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("kept.parquet");
    let out: Box<dyn Write + Send> = Box::new(File::create(&path).unwrap());
    let schema = Arc::new(table_schema(&fields, &[], &[]));
    let mut writer = ParquetWriter::new(out, Arc::clone(&schema)).unwrap();
    let mut built = TableBuilder::new(schema, fields.len(), Arc::new([]), rows.len());
    for row in &rows {
        built.push(row.iter().map(|cell| cell.as_deref().map(str::as_bytes)), |_| unreachable!());
    }
    writer.write(&built.finish().unwrap()).unwrap();
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
