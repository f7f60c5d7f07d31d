//! Several inputs into one output: every output row, JSON Lines record, Parquet row and report
//! row names the input it came from (a `file` column, the path as given, `-` for stdin); a
//! run of one input has no such column.

use serde_json::Value;

use crate::dedup::{A, B, C};
use crate::tables::parquet_as_json;
use crate::util::{sudoku_bulk, TempDir};

/// Every command that reads several inputs into one output, with the rows (input, line) it
/// writes for `a.txt` (A, a malformed line) then `b.txt` (B, C): one a record, and for
/// `augment` one a copy (two copies of a puzzle, one row for the malformed record).
/// A command's arguments and the rows it writes: (which input, line).
type Rows = &'static [(usize, u64)];

const COMMANDS: [(&[&str], Rows); 6] = [
    (&["solve"], &[(0, 1), (0, 2), (1, 1), (1, 2)]),
    (&["count", "--limit", "2"], &[(0, 1), (0, 2), (1, 1), (1, 2)]),
    (&["validate"], &[(0, 1), (0, 2), (1, 1), (1, 2)]),
    (&["canon"], &[(0, 1), (0, 2), (1, 1), (1, 2)]),
    (&["dedup"], &[(0, 1), (0, 2), (1, 1), (1, 2)]),
    (
        &["augment", "--copies", "2", "--seed", "3"],
        &[(0, 1), (0, 1), (0, 2), (1, 1), (1, 1), (1, 2), (1, 2)],
    ),
];

/// `a.txt` and `b.txt` in a new folder; their paths.
fn inputs(tmp: &TempDir) -> [String; 2] {
    [
        tmp.file("a.txt", format!("{A}\nnot a puzzle\n").as_bytes()),
        tmp.file("b.txt", format!("{B}\n{C}\n").as_bytes()),
    ]
}

/// Runs `command` over `inputs` into `out`, with a CSV report to stdout; the report.
fn run(command: &[&str], inputs: &[&str], out: &str, stdin: Option<&[u8]>) -> String {
    let mut args = command.to_vec();
    args.extend(["-q", "-o", out, "--report", "-"]);
    args.extend(inputs);
    let run = sudoku_bulk(&args, stdin);
    assert_eq!(run.code, Some(1), "{command:?}: {}", run.stderr); // the malformed line
    run.stdout
}

/// The (file, line) of each JSON object, and checks each has both.
fn places(records: &[serde_json::Map<String, Value>]) -> Vec<(String, u64)> {
    records
        .iter()
        .map(|r| (r["file"].as_str().unwrap().to_string(), r["line"].as_u64().unwrap()))
        .collect()
}

#[test]
fn every_output_row_of_several_inputs_names_its_file() {
    let tmp = TempDir::new("several-inputs");
    let files = inputs(&tmp);
    let names = [files[0].as_str(), files[1].as_str()];
    for (command, rows) in COMMANDS {
        let name = command[0];
        let expected: Vec<(String, u64)> =
            rows.iter().map(|&(file, line)| (files[file].clone(), line)).collect();
        // CSV: `file` first among our columns, before `line`.
        let csv = tmp.0.join(format!("{name}.csv"));
        let report = run(command, &names, csv.to_str().unwrap(), None);
        let text = std::fs::read_to_string(&csv).unwrap();
        let mut lines = text.lines();
        assert!(lines.next().unwrap().starts_with("file,line,"), "{name}: {text}");
        let got: Vec<(String, u64)> = lines
            .map(|row| {
                let mut fields = row.split(',');
                let file = fields.next().unwrap().to_string();
                (file, fields.next().unwrap().parse().unwrap())
            })
            .collect();
        assert_eq!(got, expected, "{name}: {text}");
        // The report: the usual columns, then `file` (dedup's has its own two after it).
        let mut report = report.lines();
        let header = report.next().unwrap();
        assert!(header.starts_with("line,status,error,record,file"), "{name}: {header}");
        let row = report.next().unwrap();
        assert!(row.starts_with("2,malformed,"), "{name}: {row}");
        assert!(row.contains(&format!(",{},", files[0])) || row.ends_with(&files[0]), "{row}");
        // JSON Lines: a `file` key in every record, and in the report's.
        let jsonl = tmp.0.join(format!("{name}.jsonl"));
        let report = run(command, &names, jsonl.to_str().unwrap(), None);
        let text = std::fs::read_to_string(&jsonl).unwrap();
        let records: Vec<serde_json::Map<String, Value>> =
            text.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
        assert_eq!(places(&records), expected, "{name}: {text}");
        assert!(text.starts_with("{\"file\":"), "{name}: {text}");
        assert!(report.contains(&files[0]), "{name}: {report}");
        // Parquet: a `file` column, of text, in every row.
        let parquet = tmp.0.join(format!("{name}.parquet"));
        run(command, &names, parquet.to_str().unwrap(), None);
        let rows: Vec<serde_json::Map<String, Value>> =
            parquet_as_json(&parquet).into_iter().map(|row| row.into_iter().collect()).collect();
        assert_eq!(places(&rows), expected, "{name}");
        // A JSON Lines report names the file too.
        let mut args = command.to_vec();
        let (out, report) = (tmp.0.join("x.csv"), tmp.0.join(format!("{name}.report.jsonl")));
        args.extend(["-q", "-o", out.to_str().unwrap(), "--report", report.to_str().unwrap()]);
        args.extend(names);
        sudoku_bulk(&args, None);
        let report: serde_json::Map<String, Value> =
            serde_json::from_str(std::fs::read_to_string(&report).unwrap().trim_end()).unwrap();
        assert_eq!(report["file"], files[0].as_str(), "{name}");
        assert_eq!(report["line"], 2, "{name}");
    }
}

#[test]
fn stdin_among_several_inputs_is_named_as_messages_name_it() {
    let tmp = TempDir::new("several-stdin");
    let files = inputs(&tmp);
    let out = tmp.0.join("out.jsonl");
    let stdin = format!("{C}\n");
    run(&["solve"], &[&files[0], "-"], out.to_str().unwrap(), Some(stdin.as_bytes()));
    let text = std::fs::read_to_string(&out).unwrap();
    let records: Vec<serde_json::Map<String, Value>> =
        text.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    let expected = [(files[0].clone(), 1), (files[0].clone(), 2), ("<stdin>".to_string(), 1)];
    assert_eq!(places(&records), expected, "{text}");
}

#[test]
fn one_input_has_no_file_column_and_line_output_has_no_columns() {
    let tmp = TempDir::new("one-input");
    let files = inputs(&tmp);
    for (command, _) in COMMANDS {
        let name = command[0];
        let csv = tmp.0.join(format!("{name}.csv"));
        let report = run(command, &[&files[0]], csv.to_str().unwrap(), None);
        let text = std::fs::read_to_string(&csv).unwrap();
        assert!(text.starts_with("line,puzzle,status"), "{name}: {text}");
        assert!(!text.contains(&files[0]), "{name}: {text}");
        let expected = match name {
            "dedup" => "line,status,error,record,file,first_file,first_line",
            _ => "line,status,error,record",
        };
        assert_eq!(report.lines().next(), Some(expected), "{name}");
    }
    // Line output of several inputs: the answers alone, as for one input.
    let out = tmp.0.join("out.txt");
    run(&["solve"], &[&files[0], &files[1]], out.to_str().unwrap(), None);
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(!text.contains("a.txt") && !text.contains("b.txt"), "{text}");
    assert_eq!(text.lines().count(), 4, "{text}");
}

#[test]
fn a_file_column_beside_an_input_column_named_file_is_renamed() {
    let tmp = TempDir::new("several-file-column");
    let a = tmp.file("a.csv", format!("File,puzzle\nx,{A}\n").as_bytes());
    let b = tmp.file("b.csv", format!("File,puzzle\ny,{B}\n").as_bytes());
    let out = tmp.0.join("out.csv");
    let args = ["canon", "-q", &a, &b, "-o", out.to_str().unwrap()];
    let run = sudoku_bulk(&args, None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let text = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "File,puzzle,file_out,line,status,canonical,error", "{text}");
    assert!(lines[1].starts_with(&format!("x,{A},{a},2,canonical,")), "{text}");
    assert!(lines[2].starts_with(&format!("y,{B},{b},2,canonical,")), "{text}");
    let out = tmp.0.join("out.jsonl");
    sudoku_bulk(&["canon", "-q", &a, &b, "-o", out.to_str().unwrap()], None);
    let first: serde_json::Map<String, Value> =
        serde_json::from_str(std::fs::read_to_string(&out).unwrap().lines().next().unwrap())
            .unwrap();
    assert_eq!((&first["File"], &first["file_out"]), (&Value::from("x"), &Value::from(a)));
}

/// `overlap` names its files in every row already (`test_file`, `train_file`), and its report
/// names the file of each malformed record.
#[test]
fn overlap_rows_and_report_name_their_files() {
    let tmp = TempDir::new("several-overlap");
    let train = tmp.file("train.txt", format!("{A}\nnot a puzzle\n").as_bytes());
    let test = tmp.file("test.txt", format!("{B}\n{A}\n").as_bytes());
    let report = tmp.0.join("report.csv");
    let args =
        ["overlap", "-q", &train, "--test", &test, "-o", "-", "--report", report.to_str().unwrap()];
    let run = sudoku_bulk(&args, None);
    assert!(run.stdout.contains(&format!("{test},2,{train},1,")), "{}", run.stdout);
    let report = std::fs::read_to_string(&report).unwrap();
    assert!(report.contains("2,malformed,") && report.contains(&train), "{report}");
}
