//! Inputs as users have them: compressed files and streams, damaged archives, and files that
//! are not puzzles at all.

use std::io::Write;

use crate::util::{path_arg, read, sudoku_bulk, TempDir};

/// `data` compressed in one of the formats the tool reads, by its name.
fn compress(format: &str, data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    match format {
        "gzip" => {
            // Two members, as `cat a.gz b.gz` makes.
            let half = data.len() / 2;
            for part in [&data[..half], &data[half..]] {
                let mut e = flate2::write::GzEncoder::new(&mut out, flate2::Compression::fast());
                e.write_all(part).unwrap();
                e.finish().unwrap();
            }
        }
        "zstd" => out = zstd::encode_all(data, 3).unwrap(),
        "bzip2" => {
            let mut e = bzip2::write::BzEncoder::new(&mut out, bzip2::Compression::fast());
            e.write_all(data).unwrap();
            e.finish().unwrap();
        }
        "xz" => {
            let mut e = liblzma::write::XzEncoder::new(&mut out, 1);
            e.write_all(data).unwrap();
            e.finish().unwrap();
        }
        _ => unreachable!("{format}"),
    }
    out
}

#[test]
fn compressed_inputs_give_the_plain_files_output() {
    let tmp = TempDir::new("compressed");
    let plain = std::fs::read(path_arg("sample_10k.txt")).unwrap();
    let expected = sudoku_bulk(&["solve", "-q", &path_arg("sample_10k.txt")], None);
    assert_eq!(expected.code, Some(0));
    for format in ["gzip", "zstd", "bzip2", "xz"] {
        // Named for what it is not: the magic bytes decide, not the name.
        let packed = compress(format, &plain);
        let file = tmp.file(&format!("{format}.txt"), &packed);
        let run = sudoku_bulk(&["solve", "-q", "-j", "2", &file], None);
        assert_eq!(run.code, Some(0), "{format}: {}", run.stderr);
        assert!(
            run.stdout == expected.stdout,
            "{format}: the output differs from the plain file's"
        );
        let piped = sudoku_bulk(&["solve", "-q"], Some(&packed));
        assert!(piped.stdout == expected.stdout, "{format} on stdin");
    }
    // A compressed CSV keeps its layout and line numbers.
    let csv = format!("quizzes,solutions\n{}\n", read("examples/line.txt").lines().next().unwrap());
    let file = tmp.file("one.csv.gz", &compress("gzip", csv.as_bytes()));
    let run = sudoku_bulk(&["validate", "--output-format", "line", &file], None);
    assert_eq!(run.code, Some(1), "{}", run.stderr); // a puzzle without an answer column value
    assert!(run.stderr.contains("one.csv.gz: line 2:"), "{}", run.stderr);
}

#[test]
fn a_truncated_archive_answers_what_came_before_then_fails() {
    let tmp = TempDir::new("truncated");
    let plain = std::fs::read(path_arg("sample_10k.txt")).unwrap();
    let mut packed = compress("gzip", &plain);
    packed.truncate(packed.len() * 2 / 3);
    let file = tmp.file("cut.txt.gz", &packed);
    let run = sudoku_bulk(&["solve", "-q", &file], None);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(
        run.stderr.contains("reading ") && run.stderr.contains("damaged gzip data: it ends early"),
        "{}",
        run.stderr
    );
    let answered = run.stdout.lines().count();
    assert!(answered > 5000, "the records before the damage are answered ({answered})");
    let expected = sudoku_bulk(&["solve", "-q", &path_arg("sample_10k.txt")], None);
    assert!(expected.stdout.starts_with(&run.stdout), "answers are those of the plain file");
}

/// `data` as gzip members that end at `cuts` (byte offsets), as several `.gz` files joined.
fn gzip_members(data: &[u8], cuts: &[usize]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut start = 0;
    for &end in cuts.iter().chain([&data.len()]) {
        let mut e = flate2::write::GzEncoder::new(&mut out, flate2::Compression::fast());
        e.write_all(&data[start..end]).unwrap();
        e.finish().unwrap();
        start = end;
    }
    out
}

/// A decoder is read a megabyte at a time, and a stream is cut into pieces of up to a
/// megabyte: an input of several, with member ends at odd places between and inside them,
/// gives the plain file's answers, and a truncated one those before the damage, then the error.
#[test]
fn large_gzip_inputs_read_block_by_block_give_the_plain_files_output() {
    let tmp = TempDir::new("large-gzip");
    let plain = std::fs::read(path_arg("sample_10k.txt")).unwrap().repeat(4); // 3.3 MB
    let plain_file = tmp.file("plain.txt", &plain);
    let expected = sudoku_bulk(&["solve", "-q", "-j", "2", &plain_file], None);
    assert_eq!(expected.code, Some(0), "{}", expected.stderr);
    assert_eq!(expected.stdout.lines().count(), 40_000);
    let cuts = [1, 1 << 20, (1 << 20) + 81 * 1000 + 17, plain.len() - 5];
    let packed = gzip_members(&plain, &cuts);
    let file = tmp.file("large.txt.gz", &packed);
    for threads in ["1", "2", "3"] {
        let run = sudoku_bulk(&["solve", "-q", "-j", threads, &file], None);
        assert_eq!(run.code, Some(0), "-j {threads}: {}", run.stderr);
        assert!(run.stdout == expected.stdout, "-j {threads}: the output differs");
    }
    let piped = sudoku_bulk(&["solve", "-q", "-j", "2"], Some(&packed));
    assert!(piped.stdout == expected.stdout, "on stdin: the output differs");

    let cut = tmp.file("cut.txt.gz", &packed[..packed.len() * 3 / 4]);
    let run = sudoku_bulk(&["solve", "-q", "-j", "2", &cut], None);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("damaged gzip data: it ends early"), "{}", run.stderr);
    let answered = run.stdout.lines().count();
    assert!(answered > 25_000, "the records of the first blocks are answered ({answered})");
    assert!(answered < 40_000, "not every record is answered ({answered})");
    assert!(expected.stdout.starts_with(&run.stdout), "answers are those of the plain file");
}

#[test]
fn inputs_that_are_not_puzzles_get_one_clear_error() {
    let tmp = TempDir::new("not-puzzles");
    let utf16: Vec<u8> = "quizzes,solutions\r\n0043002090050090010700600430060020871900074000500830006000001050035086900429103000,864371259325849761971265843436192587198657432257483916689734125713528694542916378\r\n"
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    let mut zip = b"PK\x03\x04\x14\x00\x00\x00".to_vec();
    zip.extend([0xA7u8; 3000]);
    let mut npy =
        b"\x93NUMPY\x01\x00v\x00{'descr': '|u1', 'fortran_order': False, 'shape': (10, 81), }"
            .to_vec();
    npy.extend([0u8; 810]);
    // Bytes as random as a compressed or encrypted file's, without its signature.
    let noise: Vec<u8> =
        (0..20_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    let cases: [(&str, Vec<u8>, &str); 6] = [
        (
            "doc.pdf",
            b"%PDF-1.4\n%\xE2\xE3\xCF\xD3\n1 0 obj\n<<>>\nendobj\n".to_vec(),
            "a PDF document, not puzzles in text",
        ),
        ("grid.png", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec(), "a PNG image, not puzzles in text"),
        ("sheet.csv", zip, "a zip archive (as .xlsx and .docx files are), not puzzles in text: extract or export it as text"),
        ("utf16.csv", utf16, "UTF-16 text, not puzzles in text: save it as UTF-8"),
        ("grids.npy", npy, "a NumPy array file, not puzzles in text: load it with numpy.load"),
        ("noise.txt", noise, "binary data (its first bytes are not text), not puzzles in text"),
    ];
    for (name, data, what) in cases {
        let file = tmp.file(name, &data);
        let run = sudoku_bulk(&["validate", &file], None);
        assert_eq!(run.code, Some(2), "{name}: {}", run.stderr);
        assert!(
            run.stderr.contains(&format!("{name}: this looks like {what}")),
            "{name}: {}",
            run.stderr
        );
        assert_eq!(run.stderr.lines().count(), 1, "{name}: one error: {}", run.stderr);
        assert!(run.stdout.is_empty(), "{name}");
    }
    // A CSV whose columns cannot be told quotes its first line briefly.
    let mut long = b"a,".to_vec();
    long.extend((0..2800u32).map(|i| (i * 7919 % 75) as u8 + b'0'));
    let file = tmp.file("long.csv", &long);
    let run = sudoku_bulk(&["validate", "--format", "csv", &file], None);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.len() < 600, "a short message: {}", run.stderr);
    assert!(run.stderr.contains("bytes in all)"), "{}", run.stderr);
}

const PUZZLE: &str =
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
const ANSWER: &str =
    "527389416819426735436751829375692184194538267268174593643217958951843672782965341";

#[test]
fn field_separated_lines_are_read_by_their_fields() {
    // tdoku's own test format, puzzle:count:solution, with a wrong answer on line 2.
    let wrong = ANSWER.replace("527389416", "527389461");
    let tdoku = format!("{PUZZLE}:1:{ANSWER}\n{PUZZLE}:1:{wrong}\n{PUZZLE}:1:{ANSWER}\n");
    let run = sudoku_bulk(&["validate", "--output-format", "line"], Some(tdoku.as_bytes()));
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert_eq!(
        run.stdout.lines().nth(1),
        Some("error: line 2: answer invalid: digit 6 twice in column 8")
    );
    assert!(
        run.stderr.contains("fields separated by ':'; puzzle in CSV column 1 (detected"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("solution in CSV column 3 (detected"), "{}", run.stderr);
    // sudoku-exchange: id, puzzle, rating, separated by spaces; the default output is CSV,
    // with the input's fields as columns.
    let exchange = format!("0001d2888928 {PUZZLE}  7.1\n0001d2888929   {PUZZLE} 2.0\n");
    let run = sudoku_bulk(&["solve", "-q"], Some(exchange.as_bytes()));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.stdout,
        format!(
            "field1,field2,field3,line,status,solution,guesses,error\n\
             0001d2888928,{PUZZLE},7.1,1,solved,{ANSWER},0,\n\
             0001d2888929,{PUZZLE},2.0,2,solved,{ANSWER},0,\n"
        )
    );
    // puzzle<TAB>rating, said outright; the answers in the line format.
    let tab = format!("{PUZZLE}\t3.5\n{PUZZLE}\t1.0\n");
    let run = sudoku_bulk(
        &["solve", "-q", "--delimiter", "tab", "--output-format", "line"],
        Some(tab.as_bytes()),
    );
    assert_eq!(run.stdout, format!("{ANSWER}\n{ANSWER}\n"), "{}", run.stderr);
    // Columns by position work for these files too.
    let swapped = format!("3.5|{PUZZLE}\n");
    let run = sudoku_bulk(
        &["solve", "-q", "--puzzle-col", "2", "--output-format", "line"],
        Some(swapped.as_bytes()),
    );
    assert_eq!(run.stdout, format!("{ANSWER}\n"), "{}", run.stderr);
}

#[test]
fn columns_asked_of_a_file_without_fields_are_an_error() {
    let run = sudoku_bulk(&["solve", "--puzzle-col", "2"], Some(format!("{PUZZLE}\n").as_bytes()));
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr.contains("--puzzle-col and --solution-col need rows of fields"),
        "{}",
        run.stderr
    );
}

#[test]
fn several_inputs_are_read_in_order_under_one_summary() {
    let tmp = TempDir::new("several");
    let wrong = ANSWER.replace("527389416", "527389461");
    let train = tmp.file("train.csv", format!("quizzes,solutions\n{PUZZLE},{ANSWER}\n").as_bytes());
    let test_csv = format!("quizzes,solutions\n{PUZZLE},{wrong}\n{PUZZLE},{ANSWER}\n");
    let test = tmp.file("test.csv.gz", &compress("gzip", test_csv.as_bytes()));
    let summary = tmp.0.join("summary.json");
    let run = sudoku_bulk(
        &["validate", &train, &test, "--summary-json", summary.to_str().unwrap()],
        None,
    );
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let rows: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(rows.len(), 4, "one header, then each file's rows in order: {}", run.stdout);
    assert_eq!(rows[0], "quizzes,solutions,file,line,status,error");
    assert!(rows[1].ends_with(&format!(",{train},2,valid,")), "{}", rows[1]);
    assert!(rows[2].contains(&format!(",{test},2,answer invalid,")), "{}", rows[2]);
    assert!(rows[2].contains(",2,answer invalid,"), "{}", rows[2]);
    assert!(rows[3].ends_with(",3,valid,"), "{}", rows[3]);
    assert!(run.stderr.contains("test.csv.gz: line 2: answer invalid"), "{}", run.stderr);
    assert!(run.stderr.contains("3 records: 2 valid, 1 invalid"), "{}", run.stderr);
    let summary = std::fs::read_to_string(&summary).unwrap();
    assert!(summary.contains("\"records\":3,\"ok\":2,\"failed\":1"), "{summary}");
    assert!(summary.contains("\"files\":[{\"input\":"), "{summary}");
    assert!(summary.contains("test.csv.gz\",\"columns\":"), "{summary}");

    // Line files: the answers one after another.
    let a = tmp.file("a.txt", format!("{PUZZLE}\n").as_bytes());
    let b = tmp.file("b.txt", format!("{PUZZLE}\n{PUZZLE}\n").as_bytes());
    let run = sudoku_bulk(&["solve", "-q", &a, &b], None);
    assert_eq!(run.stdout, format!("{ANSWER}\n{ANSWER}\n{ANSWER}\n"));

    // CSV output needs the same columns from every input.
    let other = tmp.file("other.csv", format!("id,puzzle\n1,{PUZZLE}\n").as_bytes());
    let run = sudoku_bulk(&["solve", &train, &other], None);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("are not those of the first input"), "{}", run.stderr);
    let run = sudoku_bulk(&["solve", "-q", "--output-format", "jsonl", &train, &other], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout.lines().count(), 2);
    assert_eq!(sudoku_bulk(&["solve", "-", "-"], None).code, Some(2));
}

/// Writes a Parquet file of `id` (integers), `quizzes` and `solutions` (text), two rows a row
/// group.
pub fn parquet_file(path: &std::path::Path, rows: &[(&str, &str)]) {
    use std::sync::Arc;

    use arrow_array::{ArrayRef, Int64Array, RecordBatch, StringArray};
    let ids: ArrayRef = Arc::new(Int64Array::from_iter_values(0..rows.len() as i64));
    let quizzes: ArrayRef = Arc::new(StringArray::from_iter_values(rows.iter().map(|r| r.0)));
    let solutions: ArrayRef = Arc::new(StringArray::from_iter_values(rows.iter().map(|r| r.1)));
    let batch =
        RecordBatch::try_from_iter([("id", ids), ("quizzes", quizzes), ("solutions", solutions)])
            .unwrap();
    let props = parquet::file::properties::WriterProperties::builder()
        .set_max_row_group_row_count(Some(2))
        .build();
    let file = std::fs::File::create(path).unwrap();
    let mut writer =
        parquet::arrow::ArrowWriter::try_new(file, batch.schema(), Some(props)).unwrap();
    writer.write(&batch).unwrap();
    writer.close().unwrap();
}

#[test]
fn parquet_in_and_out() {
    let tmp = TempDir::new("parquet");
    let wrong = ANSWER.replace("527389416", "527389461");
    let input = tmp.0.join("train.parquet");
    parquet_file(&input, &[(PUZZLE, ANSWER), (PUZZLE, &wrong), (PUZZLE, ANSWER)]);
    let input = input.to_str().unwrap();
    let run = sudoku_bulk(&["validate", "--output-format", "line", input], None);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert_eq!(
        run.stdout, "valid\nerror: line 2: answer invalid: digit 6 twice in column 8\nvalid\n",
        "row N is line N"
    );
    assert!(
        run.stderr.contains("train.parquet: puzzle in Parquet column 2 \"quizzes\""),
        "{}",
        run.stderr
    );

    // Parquet out: the input's columns and ours, typed.
    let out = tmp.0.join("out.parquet");
    let run = sudoku_bulk(&["validate", "-q", input, "-o", out.to_str().unwrap()], None);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let file = std::fs::File::open(&out).unwrap();
    let reader =
        parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder::try_new(file).unwrap();
    let schema = reader.schema().clone();
    let batches: Vec<_> = reader.build().unwrap().map(Result::unwrap).collect();
    let rows: usize = batches.iter().map(|b| b.num_rows()).sum();
    assert_eq!(rows, 3);
    let field = |name: &str| schema.field_with_name(name).unwrap().data_type().clone();
    assert_eq!(field("line"), arrow_schema::DataType::Int64);
    assert_eq!(field("guesses"), arrow_schema::DataType::Int64);
    assert_eq!(field("status"), arrow_schema::DataType::Utf8);
    assert_eq!(field("quizzes"), arrow_schema::DataType::Utf8);
    let status = batches[0].column_by_name("status").unwrap();
    let status = status.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
    assert_eq!(status.value(1), "answer invalid");

    // From a stream there is no seeking: one clear error.
    let bytes = std::fs::read(input).unwrap();
    let run = sudoku_bulk(&["validate"], Some(&bytes));
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr.contains("a Parquet file, not puzzles in text: such a file is read from a file"),
        "{}",
        run.stderr
    );
}
