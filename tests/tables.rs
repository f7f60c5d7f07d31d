//! Parquet and Arrow inputs as users have them: every column they hold, of whatever type, comes
//! through to CSV, JSON Lines and Parquet output, in their order and before ours; nulls stay
//! nulls; a null puzzle or answer is reported as a null, at its row.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::types::{Date32Type, Float64Type, Int32Type, Int64Type};
use arrow_array::{
    Array, ArrayRef, BooleanArray, Date32Array, Float64Array, Int32Array, Int64Array, RecordBatch,
    StringArray,
};
use arrow_schema::DataType;

use crate::util::{sudoku_bulk, TempDir};

const PUZZLE: &str =
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
const ANSWER: &str =
    "527389416819426735436751829375692184194538267268174593643217958951843672782965341";

/// The ways a columnar file is written.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Parquet,
    ArrowFile,
    ArrowStream,
}

const KINDS: [Kind; 3] = [Kind::Parquet, Kind::ArrowFile, Kind::ArrowStream];

/// Writes `batch` to `dir/name` as `kind`, `group` rows a row group (or IPC batch).
fn write(dir: &Path, name: &str, kind: Kind, batch: &RecordBatch, group: usize) -> PathBuf {
    let path = dir.join(name);
    let file = std::fs::File::create(&path).unwrap();
    let schema = batch.schema();
    let pieces: Vec<RecordBatch> = (0..batch.num_rows())
        .step_by(group)
        .map(|at| batch.slice(at, group.min(batch.num_rows() - at)))
        .collect();
    match kind {
        Kind::Parquet => {
            let props = parquet::file::properties::WriterProperties::builder()
                .set_max_row_group_row_count(Some(group))
                .build();
            let mut writer =
                parquet::arrow::ArrowWriter::try_new(file, schema, Some(props)).unwrap();
            pieces.iter().for_each(|b| writer.write(b).unwrap());
            writer.close().unwrap();
        }
        Kind::ArrowFile => {
            let mut writer = arrow_ipc::writer::FileWriter::try_new(file, &schema).unwrap();
            pieces.iter().for_each(|b| writer.write(b).unwrap());
            writer.finish().unwrap();
        }
        Kind::ArrowStream => {
            let mut writer = arrow_ipc::writer::StreamWriter::try_new(file, &schema).unwrap();
            pieces.iter().for_each(|b| writer.write(b).unwrap());
            writer.finish().unwrap();
        }
    }
    path
}

/// Reads a Parquet file back: its schema's `name:type` list and its rows as one batch.
fn read_parquet(path: &Path) -> (String, RecordBatch) {
    let file = std::fs::File::open(path).unwrap();
    let reader =
        parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder::try_new(file).unwrap();
    let schema = reader.schema().clone();
    let types: Vec<String> =
        schema.fields().iter().map(|f| format!("{}:{}", f.name(), f.data_type())).collect();
    // One batch, across row groups.
    let mut batches: Vec<RecordBatch> =
        reader.with_batch_size(1 << 20).build().unwrap().map(Result::unwrap).collect();
    assert_eq!(batches.len(), 1);
    (types.join(" "), batches.remove(0))
}

/// Six rows of seven columns of five types, the puzzle and the answer among them, with
/// nulls here and there: a good row; a wrong answer (and a null source and rating); a null
/// puzzle; a null answer (and a null day, and a source holding a NUL byte and a line end); an
/// empty puzzle, which is text, not a null; a puzzle of one NUL byte, likewise.
fn mixed() -> RecordBatch {
    let wrong = ANSWER.replace("527389416", "527389461");
    let columns: Vec<(&str, ArrayRef)> = vec![
        ("id", Arc::new(Int64Array::from_iter_values(1..=6))),
        (
            "source",
            Arc::new(StringArray::from(vec![
                Some("kaggle, \"a\""),
                None,
                Some("x"),
                Some("a\0b\nc"),
                Some(""),
                Some("z"),
            ])),
        ),
        (
            "puzzle",
            Arc::new(StringArray::from(vec![
                Some(PUZZLE),
                Some(PUZZLE),
                None,
                Some(PUZZLE),
                Some(""),
                Some("\0"),
            ])),
        ),
        (
            "rating",
            Arc::new(Float64Array::from(vec![
                Some(1.5),
                None,
                Some(0.25),
                Some(2.0),
                Some(-3.0),
                Some(0.0),
            ])),
        ),
        ("ok", Arc::new(BooleanArray::from(vec![true, false, true, true, false, true]))),
        (
            "day",
            Arc::new(Date32Array::from(vec![
                Some(19_753),
                Some(19_754),
                Some(19_755),
                None,
                Some(0),
                Some(1),
            ])),
        ),
        (
            "solution",
            Arc::new(StringArray::from(vec![
                Some(ANSWER),
                Some(wrong.as_str()),
                Some(ANSWER),
                None,
                Some(ANSWER),
                Some(ANSWER),
            ])),
        ),
    ];
    RecordBatch::try_from_iter(columns).unwrap()
}

#[test]
fn every_column_of_a_table_comes_through_to_csv_and_jsonl() {
    let tmp = TempDir::new("table-columns");
    let wrong = ANSWER.replace("527389416", "527389461");
    let csv = format!(
        "id,source,puzzle,rating,ok,day,solution,line,status,error\n\
         1,\"kaggle, \"\"a\"\"\",{PUZZLE},1.5,true,2024-01-31,{ANSWER},1,valid,\n\
         2,,{PUZZLE},,false,2024-02-01,{wrong},2,answer invalid,digit 6 twice in column 8\n\
         3,x,,0.25,true,2024-02-02,{ANSWER},3,malformed,null cell\n\
         4,a\\0b\\nc,{PUZZLE},2.0,true,,,4,answer invalid,no answer (the answer field is empty or null)\n\
         5,,,-3.0,false,1970-01-01,{ANSWER},5,malformed,\"0 cells, expected 81\"\n\
         6,z,\\0,0.0,true,1970-01-02,{ANSWER},6,malformed,\"2 cells, expected 81\"\n"
    );
    let jsonl = format!(
        "{{\"id\":\"1\",\"source\":\"kaggle, \\\"a\\\"\",\"puzzle\":\"{PUZZLE}\",\"rating\":\"1.5\",\
         \"ok\":\"true\",\"day\":\"2024-01-31\",\"solution\":\"{ANSWER}\",\"line\":1,\
         \"status\":\"valid\",\"puzzle_out\":\"{PUZZLE}\",\"guesses\":0}}\n\
         {{\"id\":\"2\",\"source\":null,\"puzzle\":\"{PUZZLE}\",\"rating\":null,\"ok\":\"false\",\
         \"day\":\"2024-02-01\",\"solution\":\"{wrong}\",\"line\":2,\"status\":\"answer invalid\",\
         \"puzzle_out\":\"{PUZZLE}\",\"guesses\":0,\"error\":\"digit 6 twice in column 8\"}}\n\
         {{\"id\":\"3\",\"source\":\"x\",\"puzzle\":null,\"rating\":\"0.25\",\"ok\":\"true\",\
         \"day\":\"2024-02-02\",\"solution\":\"{ANSWER}\",\"line\":3,\"status\":\"malformed\",\
         \"error\":\"null cell\"}}\n\
         {{\"id\":\"4\",\"source\":\"a\\\\0b\\\\nc\",\"puzzle\":\"{PUZZLE}\",\"rating\":\"2.0\",\
         \"ok\":\"true\",\"day\":null,\"solution\":null,\"line\":4,\"status\":\"answer invalid\",\
         \"puzzle_out\":\"{PUZZLE}\",\"guesses\":0,\"error\":\"no answer (the answer field is empty or null)\"}}\n\
         {{\"id\":\"5\",\"source\":\"\",\"puzzle\":\"\",\"rating\":\"-3.0\",\"ok\":\"false\",\
         \"day\":\"1970-01-01\",\"solution\":\"{ANSWER}\",\"line\":5,\"status\":\"malformed\",\
         \"error\":\"0 cells, expected 81\"}}\n\
         {{\"id\":\"6\",\"source\":\"z\",\"puzzle\":\"\\\\0\",\"rating\":\"0.0\",\"ok\":\"true\",\
         \"day\":\"1970-01-02\",\"solution\":\"{ANSWER}\",\"line\":6,\"status\":\"malformed\",\
         \"error\":\"2 cells, expected 81\"}}\n"
    );
    let messages = "line 2: answer invalid: digit 6 twice in column 8\n\
                    line 3: malformed: null cell\n\
                    line 4: answer invalid: no answer (the answer field is empty or null)\n\
                    line 5: malformed: 0 cells, expected 81\n\
                    line 6: malformed: 2 cells, expected 81\n";
    for kind in KINDS {
        let path = write(&tmp.0, &format!("{kind:?}"), kind, &mixed(), 4);
        let path = path.to_str().unwrap();
        let run = sudoku_bulk(&["validate", "--output-format", "csv", path], None);
        assert_eq!(run.code, Some(1), "{kind:?}: {}", run.stderr);
        assert_eq!(run.stdout, csv, "{kind:?}");
        let said: String = run
            .stderr
            .lines()
            .filter_map(|l| l.strip_prefix(&format!("{path}: ")))
            .filter(|l| l.starts_with("line "))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_eq!(said, messages, "{kind:?}: {}", run.stderr);
        let run = sudoku_bulk(&["validate", "-q", "--output-format", "jsonl", path], None);
        assert_eq!(run.code, Some(1), "{kind:?}: {}", run.stderr);
        assert_eq!(run.stdout, jsonl, "{kind:?}");
    }
    // The line format, and `count`, name the null too; the report quotes the row, a null as
    // an empty field.
    let path = write(&tmp.0, "t.parquet", Kind::Parquet, &mixed(), 4);
    let path = path.to_str().unwrap();
    let report = tmp.0.join("report.csv");
    let args = ["validate", "-q", "-o", "-", "--report", report.to_str().unwrap(), path];
    assert_eq!(sudoku_bulk(&args, None).code, Some(1));
    let report = std::fs::read_to_string(&report).unwrap();
    let rows: Vec<&str> = report.lines().collect();
    assert_eq!(rows.len(), 6, "{report}");
    assert_eq!(rows[2], format!("3,malformed,null cell,\"3,x,,0.25,true,2024-02-02,{ANSWER}\""));
    assert_eq!(
        rows[3],
        format!("4,answer invalid,no answer (the answer field is empty or null),\"4,\"\"a\\0b\\nc\"\",{PUZZLE},2.0,true,,\"")
    );
    let run = sudoku_bulk(&["validate", "-q", "--output-format", "line", path], None);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[2], "error: line 3: malformed: null cell");
    assert_eq!(
        lines[3],
        "error: line 4: answer invalid: no answer (the answer field is empty or null)"
    );
    let run = sudoku_bulk(&["count", "-q", "--output-format", "csv", path], None);
    let rows: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(rows[0], "id,source,puzzle,rating,ok,day,solution,line,status,count,guesses,error");
    assert_eq!(rows[3], format!("3,x,,0.25,true,2024-02-02,{ANSWER},3,malformed,,,null cell"));
    assert_eq!(
        rows[1],
        format!("1,\"kaggle, \"\"a\"\"\",{PUZZLE},1.5,true,2024-01-31,{ANSWER},1,counted,1,0,")
    );
}

#[test]
fn parquet_output_keeps_a_tables_columns_and_their_types() {
    let tmp = TempDir::new("table-types");
    for kind in KINDS {
        let input = write(&tmp.0, &format!("{kind:?}"), kind, &mixed(), 4);
        let out = tmp.0.join(format!("{kind:?}.out.parquet"));
        let args = ["solve", "-q", input.to_str().unwrap(), "-o", out.to_str().unwrap()];
        let run = sudoku_bulk(&args, None);
        assert_eq!(run.code, Some(1), "{kind:?}: {}", run.stderr);
        let (types, batch) = read_parquet(&out);
        assert_eq!(
            types,
            "id:Int64 source:Utf8 puzzle:Utf8 rating:Float64 ok:Boolean day:Date32 \
             solution:Utf8 line:Int64 status:Utf8 puzzle_out:Utf8 solution_out:Utf8 \
             guesses:Int64 error:Utf8",
            "{kind:?}"
        );
        assert_eq!(batch.num_rows(), 6);
        let column = |name: &str| batch.column_by_name(name).unwrap().clone();
        let ids: Vec<i64> = column("id").as_primitive::<Int64Type>().values().to_vec();
        assert_eq!(ids, [1, 2, 3, 4, 5, 6]);
        let rating = column("rating");
        let rating = rating.as_primitive::<Float64Type>();
        assert_eq!(
            rating.iter().collect::<Vec<_>>(),
            [Some(1.5), None, Some(0.25), Some(2.0), Some(-3.0), Some(0.0)]
        );
        let ok = column("ok");
        let ok: Vec<Option<bool>> = ok.as_boolean().iter().collect();
        assert_eq!(ok, [true, false, true, true, false, true].map(Some));
        let day = column("day");
        let day: Vec<Option<i32>> = day.as_primitive::<Date32Type>().iter().collect();
        assert_eq!(day, [Some(19_753), Some(19_754), Some(19_755), None, Some(0), Some(1)]);
        let text = |name: &str| -> Vec<Option<String>> {
            column(name).as_string::<i32>().iter().map(|v| v.map(str::to_string)).collect()
        };
        let source = text("source");
        assert_eq!(source[0].as_deref(), Some("kaggle, \"a\""));
        assert_eq!(source[1], None, "a null stays a null");
        assert_eq!(source[4].as_deref(), Some(""), "an empty string stays one");
        let puzzle = text("puzzle");
        assert_eq!((puzzle[2].as_deref(), puzzle[4].as_deref()), (None, Some("")));
        assert_eq!(text("solution")[3], None);
        let status = text("status");
        assert_eq!(status[0].as_deref(), Some("solved"));
        assert_eq!(status[2].as_deref(), Some("malformed"));
        assert_eq!(text("error")[2].as_deref(), Some("null cell"));
        assert_eq!(text("solution_out")[0].as_deref(), Some(ANSWER));
        let line = column("line");
        assert_eq!(line.as_primitive::<Int64Type>().values().to_vec(), [1, 2, 3, 4, 5, 6]);
    }
}

/// Row `r`'s value in column `c` of [`wide`], as the CSV output shows it (`None` for a null).
fn wide_cell(r: usize, c: usize) -> Option<String> {
    if (r + c) % 7 == 3 && !matches!(c, 13 | 17) {
        return None;
    }
    Some(match c {
        13 => PUZZLE.to_string(),
        17 => ANSWER.to_string(),
        c if c % 4 == 0 => (r as i64 * 1000 + c as i64 - 500).to_string(),
        c if c % 4 == 1 => format!("r{r}c{c}"),
        c if c % 4 == 2 => format!("{}.5", r as i64 - 7),
        _ => ((r + c) % 2 == 0).to_string(),
    })
}

/// Twenty columns of four types rotating, the puzzle in column 14 and the answer in column 18
/// (from 1), nulls scattered through the others.
fn wide(rows: usize) -> RecordBatch {
    let columns: Vec<(String, ArrayRef)> = (0..20)
        .map(|c| {
            let values = (0..rows).map(|r| wide_cell(r, c));
            let array: ArrayRef = match c {
                13 | 17 => Arc::new(values.collect::<StringArray>()),
                c if c % 4 == 0 => Arc::new(
                    values.map(|v| v.map(|v| v.parse::<i32>().unwrap())).collect::<Int32Array>(),
                ),
                c if c % 4 == 1 => Arc::new(values.collect::<StringArray>()),
                c if c % 4 == 2 => Arc::new(
                    values.map(|v| v.map(|v| v.parse::<f64>().unwrap())).collect::<Float64Array>(),
                ),
                _ => Arc::new(values.map(|v| v.map(|v| v == "true")).collect::<BooleanArray>()),
            };
            let name = match c {
                13 => "quizzes".to_string(),
                17 => "solutions".to_string(),
                c => format!("c{c}"),
            };
            (name, array)
        })
        .collect();
    RecordBatch::try_from_iter(columns).unwrap()
}

#[test]
fn a_wide_table_keeps_every_column_in_order_across_row_groups() {
    let tmp = TempDir::new("table-wide");
    // More rows than a batch of the reader (8192), in row groups of uneven size.
    let rows = 10_000;
    let table = wide(rows);
    let names: Vec<String> = table.schema().fields().iter().map(|f| f.name().clone()).collect();
    let mut expected = format!("{},line,status,error\n", names.join(","));
    for r in 0..rows {
        for c in 0..20 {
            expected += &wide_cell(r, c).unwrap_or_default();
            expected.push(',');
        }
        expected += &format!("{},valid,\n", r + 1);
    }
    for kind in [Kind::Parquet, Kind::ArrowStream] {
        let path = write(&tmp.0, &format!("wide-{kind:?}"), kind, &table, 3_001);
        let path = path.to_str().unwrap();
        let run = sudoku_bulk(&["validate", "-j", "2", "--output-format", "csv", path], None);
        assert_eq!(run.code, Some(0), "{kind:?}: {}", run.stderr);
        let word = if matches!(kind, Kind::Parquet) { "Parquet" } else { "Arrow" };
        let puzzle = format!("puzzle in {word} column 14 \"quizzes\"");
        let solution = format!("solution in {word} column 18 \"solutions\"");
        assert!(run.stderr.contains(&puzzle), "{}", run.stderr);
        assert!(run.stderr.contains(&solution), "{}", run.stderr);
        assert!(run.stdout == expected, "{kind:?}: the CSV output differs");

        // JSON Lines: every key, a null as null.
        let run = sudoku_bulk(&["validate", "-q", "--output-format", "jsonl", path], None);
        let last = run.stdout.lines().nth(rows - 1).unwrap();
        let r = rows - 1;
        for (c, name) in names.iter().enumerate() {
            let value = wide_cell(r, c).map_or("null".to_string(), |v| format!("\"{v}\""));
            assert!(last.contains(&format!("\"{name}\":{value},")), "{c}: {last}");
        }

        // Parquet: every column, typed as it came.
        let out = tmp.0.join("wide.out.parquet");
        let args = ["validate", "-q", path, "-o", out.to_str().unwrap()];
        assert_eq!(sudoku_bulk(&args, None).code, Some(0));
        let (types, batch) = read_parquet(&out);
        assert!(types.starts_with("c0:Int32 c1:Utf8 c2:Float64 c3:Boolean c4:Int32"), "{types}");
        // 20 and validate's: line, status, puzzle, guesses, error.
        assert_eq!(batch.num_columns(), 25);
        assert_eq!(batch.num_rows(), rows);
        let c8 = batch.column_by_name("c8").unwrap().as_primitive::<Int32Type>();
        for r in [0, 4_000, rows - 1] {
            let want = wide_cell(r, 8).map(|v| v.parse::<i32>().unwrap());
            assert_eq!(c8.is_valid(r).then(|| c8.value(r)), want, "row {r}");
        }
        assert_eq!(batch.column(8).null_count(), (0..rows).filter(|r| (r + 8) % 7 == 3).count());
        assert_eq!(batch.column_by_name("status").unwrap().data_type(), &DataType::Utf8);
    }
}

/// A Parquet file damaged in its second row group, read in pieces of whole rows: `validate`
/// answers the first group's rows, in order and numbered, then fails naming the row group and
/// its rows (exit 2).
#[test]
fn a_damaged_parquet_file_answers_the_rows_before_the_damage_then_fails() {
    let tmp = TempDir::new("table-damaged");
    let rows = 3_000;
    let column = |text: &str| Arc::new(StringArray::from(vec![text; rows])) as ArrayRef;
    let table =
        RecordBatch::try_from_iter([("quizzes", column(PUZZLE)), ("solutions", column(ANSWER))])
            .unwrap();
    let path = tmp.0.join("damaged.parquet");
    let props = parquet::file::properties::WriterProperties::builder()
        .set_compression(parquet::basic::Compression::ZSTD(Default::default()))
        .set_max_row_group_row_count(Some(1_000))
        .build();
    let file = std::fs::File::create(&path).unwrap();
    let mut writer =
        parquet::arrow::ArrowWriter::try_new(file, table.schema(), Some(props)).unwrap();
    writer.write(&table).unwrap();
    writer.close().unwrap();
    // The second row group's puzzle column, its compressed pages garbled.
    let mut data = std::fs::read(&path).unwrap();
    let reader = parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder::try_new(
        std::fs::File::open(&path).unwrap(),
    )
    .unwrap();
    let (start, len) = reader.metadata().row_group(1).column(0).byte_range();
    for b in &mut data[start as usize + 40..(start + len) as usize - 10] {
        *b ^= 0x5A;
    }
    std::fs::write(&path, &data).unwrap();

    let path = path.to_str().unwrap();
    let run = sudoku_bulk(&["validate", "-j", "2", "--output-format", "csv", path], None);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr.contains("damaged Parquet data in row group 2 of 3 (rows 1001 to 2000)"),
        "{}",
        run.stderr
    );
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 1 + 1_000, "a header and the first row group's rows");
    for (i, line) in lines[1..].iter().enumerate() {
        assert_eq!(*line, format!("{PUZZLE},{ANSWER},{},valid,", i + 1));
    }
}

/// A Parquet file's rows as JSON Lines records: each row's non-null cells (integers as
/// numbers, text as strings), by name.
pub fn parquet_as_json(path: &Path) -> Vec<Vec<(String, serde_json::Value)>> {
    let (_, batch) = read_parquet(path);
    let schema = batch.schema();
    (0..batch.num_rows())
        .map(|r| {
            let mut row = Vec::new();
            for (c, field) in schema.fields().iter().enumerate() {
                let column = batch.column(c);
                if column.is_null(r) {
                    continue;
                }
                let value = match field.data_type() {
                    DataType::Int64 => column.as_primitive::<Int64Type>().value(r).into(),
                    DataType::Utf8 => column.as_string::<i32>().value(r).into(),
                    other => panic!("{}: {other}", field.name()),
                };
                row.push((field.name().clone(), value));
            }
            row.sort_by(|a, b| a.0.cmp(&b.0)); // as serde_json's map orders JSON's keys
            row
        })
        .collect()
}

/// Every command's Parquet output has its JSON Lines keys as columns, typed, and the same
/// values row for row: one schema per command, whichever the format. A column no record of
/// the command can have is not there.
#[test]
fn parquet_output_holds_what_json_lines_output_holds_for_every_command() {
    let tmp = TempDir::new("parquet-as-jsonl");
    let unsolvable = format!("11{}", &PUZZLE[2..]);
    let lines = [PUZZLE, "not a puzzle", PUZZLE, unsolvable.as_str(), &".".repeat(81)];
    let input = tmp.0.join("in.txt");
    std::fs::write(&input, lines.join("\n") + "\n").unwrap();
    let input = input.to_str().unwrap();
    let commands: [(&[&str], &[&str]); 8] = [
        (&["solve"], &["solution", "guesses"]),
        (&["count", "--limit", "3"], &["count", "limit", "guesses"]),
        (&["validate"], &["guesses"]),
        (&["canon"], &["canonical"]),
        (&["canon", "--automorphisms"], &["canonical", "automorphisms"]),
        (&["dedup", "--by", "exact"], &[]),
        (&["dedup", "--by", "class"], &["canonical"]),
        (&["augment", "--copies", "2", "--seed", "7", "--with-transform"], &["copy", "transform"]),
    ];
    for (command, own) in commands {
        let name = command.join("-");
        let run = |ext: &str| {
            let out = tmp.0.join(format!("{name}.{ext}"));
            let mut args = command.to_vec();
            args.extend(["-q", input, "-o", out.to_str().unwrap()]);
            let run = sudoku_bulk(&args, None);
            assert!(matches!(run.code, Some(0 | 1)), "{name}: {}", run.stderr);
            out
        };
        let (jsonl, parquet) = (run("jsonl"), run("parquet"));
        let jsonl: Vec<Vec<(String, serde_json::Value)>> = std::fs::read_to_string(jsonl)
            .unwrap()
            .lines()
            .map(|line| {
                let object: serde_json::Map<String, serde_json::Value> =
                    serde_json::from_str(line).unwrap();
                object.into_iter().collect()
            })
            .collect();
        let (types, _) = read_parquet(&parquet);
        let numbers = ["count", "limit", "guesses", "automorphisms", "copy"];
        let typed = |column: &str| match numbers.contains(&column) {
            true => format!("{column}:Int64"),
            false => format!("{column}:Utf8"),
        };
        let mut columns =
            vec!["line:Int64".to_string(), "status:Utf8".into(), "puzzle:Utf8".into()];
        columns.extend(own.iter().map(|column| typed(column)));
        columns.push("error:Utf8".into());
        assert_eq!(types, columns.join(" "), "{name}");
        let rows = parquet_as_json(&parquet);
        assert!(rows.len() >= lines.len() - 1, "{name}: {} rows", rows.len());
        assert_eq!(rows, jsonl, "{name}");
    }
}
