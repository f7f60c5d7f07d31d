//! Where output goes and what shape it takes: paths and their extensions, `-` for stdout,
//! refusing to overwrite the input, only failures, capped messages, count's faults.

use crate::util::{path_arg, sudoku_bulk, TempDir};

const PUZZLE: &str =
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
const ANSWER: &str =
    "527389416819426735436751829375692184194538267268174593643217958951843672782965341";

#[test]
fn the_output_paths_extension_sets_its_format() {
    let tmp = TempDir::new("extensions");
    let input = tmp.file("in.txt", format!("{PUZZLE}\n").as_bytes());
    let jsonl = tmp.0.join("out.jsonl");
    let run = sudoku_bulk(&["solve", "-q", &input, "-o", jsonl.to_str().unwrap()], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let text = std::fs::read_to_string(&jsonl).unwrap();
    assert!(text.starts_with("{\"line\":1,\"status\":\"solved\""), "{text}");
    let csv = tmp.0.join("out.csv");
    sudoku_bulk(&["solve", "-q", &input, "-o", csv.to_str().unwrap()], None);
    assert!(std::fs::read_to_string(&csv).unwrap().starts_with("line,puzzle,status,solution"));
    // --output-format wins over the extension.
    let line = tmp.0.join("out2.csv");
    let args = ["solve", "-q", &input, "-o", line.to_str().unwrap(), "--output-format", "line"];
    sudoku_bulk(&args, None);
    assert_eq!(std::fs::read_to_string(&line).unwrap(), format!("{ANSWER}\n"));
    // A format not written yet is refused before any work.
    let feather = tmp.0.join("out.feather");
    let run = sudoku_bulk(&["solve", &input, "-o", feather.to_str().unwrap()], None);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains(".feather output is not written yet"), "{}", run.stderr);
    assert!(!feather.exists());
}

#[test]
fn a_dash_means_stdout() {
    let tmp = TempDir::new("dash");
    let input = tmp.file("in.txt", format!("{PUZZLE}\nbad\n").as_bytes());
    let run = sudoku_bulk(&["solve", "-q", &input, "-o", "-"], None);
    assert!(run.stdout.starts_with(ANSWER), "{}", run.stdout);
    let run = sudoku_bulk(
        &["solve", "-q", &input, "-o", "/dev/null", "--report", "-", "--summary-json", "-"],
        None,
    );
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], "line,status,error,record");
    assert!(lines[1].starts_with("2,malformed,"), "{}", run.stdout);
    assert!(lines[2].starts_with("{\"command\":\"solve\""), "{}", run.stdout);
}

#[test]
fn outputs_never_replace_the_input() {
    let tmp = TempDir::new("input-as-output");
    let contents = format!("{PUZZLE}\n");
    let input = tmp.file("in.txt", contents.as_bytes());
    for option in ["-o", "--report", "--summary-json"] {
        let run = sudoku_bulk(&["solve", &input, option, &input], None);
        assert_eq!(run.code, Some(2), "{option}");
        assert!(run.stderr.contains("is the input file"), "{option}: {}", run.stderr);
        assert_eq!(std::fs::read_to_string(&input).unwrap(), contents, "{option}");
    }
    // Through another name for the same file too.
    let link = tmp.0.join("link.txt");
    std::os::unix::fs::symlink(&input, &link).unwrap();
    let run = sudoku_bulk(&["solve", &input, "-o", link.to_str().unwrap()], None);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    let hard = tmp.0.join("hard.txt");
    std::fs::hard_link(&input, &hard).unwrap();
    let run = sudoku_bulk(&["solve", &input, "--report", hard.to_str().unwrap()], None);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("is the input file"), "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(&input).unwrap(), contents);
}

#[test]
fn two_outputs_never_share_a_path() {
    let tmp = TempDir::new("two-outputs");
    let input = tmp.file("in.txt", format!("{PUZZLE}\nbad\n").as_bytes());
    let out = tmp.0.join("out.csv");
    let out = out.to_str().unwrap();
    for (a, b) in [("-o", "--report"), ("-o", "--summary-json"), ("--report", "--summary-json")] {
        let run = sudoku_bulk(&["validate", &input, a, out, b, out], None);
        assert_eq!(run.code, Some(2), "{a} {b}");
        assert!(run.stderr.contains("are one file"), "{a} {b}: {}", run.stderr);
        assert!(!std::path::Path::new(out).exists());
    }
    // stdout twice is allowed: the summary follows the output.
    let run = sudoku_bulk(&["validate", "-q", &input, "-o", "-", "--summary-json", "-"], None);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
}

#[test]
fn every_input_is_opened_before_any_work() {
    let tmp = TempDir::new("missing-second");
    let input = tmp.file("in.txt", format!("{PUZZLE}\n").as_bytes());
    let out = tmp.0.join("out.txt");
    let missing = tmp.0.join("missing.txt");
    let args = ["solve", &input, missing.to_str().unwrap(), "-o", out.to_str().unwrap()];
    let run = sudoku_bulk(&args, None);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("opening") && run.stderr.contains("missing.txt"), "{}", run.stderr);
    assert!(!run.stderr.contains("solved"), "nothing ran: {}", run.stderr);
    assert!(!out.exists());
}

#[test]
fn an_output_in_a_missing_folder_names_the_output_not_a_temporary_file() {
    let tmp = TempDir::new("missing-folder");
    let input = tmp.file("in.txt", format!("{PUZZLE}\n").as_bytes());
    let out = tmp.0.join("nowhere").join("out.txt");
    let run = sudoku_bulk(&["solve", &input, "-o", out.to_str().unwrap()], None);
    assert_eq!(run.code, Some(2));
    let expected = format!(
        "sudoku-bulk: error: opening {} for writing: No such file or directory (os error 2)\n",
        out.display()
    );
    assert_eq!(run.stderr, expected);
}

#[test]
fn thread_counts_are_checked_against_one_limit() {
    let tmp = TempDir::new("threads");
    let input = tmp.file("in.txt", format!("{PUZZLE}\n").as_bytes());
    for command in ["solve", "generate"] {
        let args: Vec<&str> = match command {
            "solve" => vec!["solve", &input, "-j", "100000"],
            _ => vec!["generate", "-n", "1", "-j", "100000"],
        };
        let run = sudoku_bulk(&args, None);
        assert_eq!(run.code, Some(2), "{command}");
        assert!(run.stderr.contains("more than the limit"), "{command}: {}", run.stderr);
    }
    let run = sudoku_bulk(&["solve", &input, "-j", "0"], None);
    assert!(run.stderr.contains("at least 1"), "{}", run.stderr);
}

#[test]
fn a_json_report_is_refused_with_a_pointer_to_json_lines() {
    let tmp = TempDir::new("json-report");
    let report = tmp.0.join("bad.json");
    let run = sudoku_bulk(
        &["validate", &path_arg("bad/mixed.txt"), "--report", report.to_str().unwrap()],
        None,
    );
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("name it .jsonl or .ndjson"), "{}", run.stderr);
}

#[test]
fn count_names_conflicts_and_malformed_records_as_validate_does() {
    let conflict = format!("22{}", &PUZZLE[2..]);
    let input = format!("{PUZZLE}\n{conflict}\nshort\n");
    let run = sudoku_bulk(&["count", "--output-format", "csv"], Some(input.as_bytes()));
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let rows: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(rows[0], "line,puzzle,status,count,guesses,error");
    assert!(rows[1].ends_with(",counted,1,0,"), "{}", rows[1]);
    assert!(rows[2].contains(",conflicting givens,,"), "{}", rows[2]);
    assert!(rows[2].ends_with(",digit 2 twice in row 1"), "{}", rows[2]);
    assert!(rows[3].contains(",malformed,"), "{}", rows[3]);
    assert!(run.stderr.contains("(malformed: 1, conflicting givens: 1)"), "{}", run.stderr);
}

#[test]
fn failures_only_and_capped_messages() {
    let mut input = String::new();
    for i in 0..30 {
        input += &format!("{PUZZLE}\nbad{i}\n");
    }
    let run = sudoku_bulk(&["validate", "--failures-only"], Some(input.as_bytes()));
    assert_eq!(run.code, Some(1));
    assert_eq!(run.stdout.lines().count(), 30, "only the failures: {}", run.stdout);
    assert!(run.stdout.lines().all(|l| l.starts_with("error: line ")));
    assert!(run.stderr.contains("60 records: 30 valid, 30 invalid"), "{}", run.stderr);
    // 20 messages by default, then how many more there were.
    let messages: Vec<&str> = run.stderr.lines().filter(|l| l.contains(": line ")).collect();
    assert_eq!(messages.len(), 20, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "10 more failed records not shown (--max-messages 20); --report PATH keeps them all"
        ),
        "{}",
        run.stderr
    );
    let run = sudoku_bulk(
        &["validate", "-q", "--max-messages", "0", "-o", "/dev/null"],
        Some(input.as_bytes()),
    );
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(run.stderr.contains("30 more failed records not shown"), "{}", run.stderr);
    let run = sudoku_bulk(
        &["validate", "-q", "--max-messages", "100", "-o", "/dev/null"],
        Some(input.as_bytes()),
    );
    assert_eq!(run.stderr.lines().count(), 30, "{}", run.stderr);
}

#[test]
fn a_csv_field_that_is_not_utf8_is_kept_or_refused_never_replaced() {
    let tmp = TempDir::new("not-utf8");
    // \u{1} stands for the byte 0xE9 (é in Latin-1), which a Rust string cannot hold.
    let rows = format!("id,note,puzzle\n1,ok,{PUZZLE}\n2,caf\u{1},{PUZZLE}\n");
    let bytes: Vec<u8> = rows.bytes().map(|b| if b == 1 { 0xE9 } else { b }).collect();
    let input = tmp.file("in.csv", &bytes);
    // CSV output keeps the bytes as they are.
    let csv = tmp.0.join("out.csv");
    let run = sudoku_bulk(&["solve", "-q", &input, "-o", csv.to_str().unwrap()], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let out = std::fs::read(&csv).unwrap();
    assert!(out.windows(4).any(|w| w == b"caf\xE9"), "{}", String::from_utf8_lossy(&out));
    // JSON Lines and Parquet hold text: refused, naming the file, line, column and byte, and
    // no output file is left.
    for name in ["out.jsonl", "out.parquet"] {
        let path = tmp.0.join(name);
        let run = sudoku_bulk(&["solve", "-q", &input, "-o", path.to_str().unwrap()], None);
        assert_eq!(run.code, Some(2), "{name}: {}", run.stderr);
        let expected =
            "in.csv: line 3: column 2 \"note\" is not UTF-8 text (byte 0xE9 at its byte 4)";
        assert!(run.stderr.contains(expected), "{name}: {}", run.stderr);
        assert!(!run.stderr.contains('\u{fffd}'), "{}", run.stderr);
        assert!(!path.exists(), "{name}");
    }
    // A JSON Lines report shows such a record's bytes as \xNN, not as U+FFFD.
    let bad = format!("id,note,puzzle\n2,caf\u{1},{PUZZLE}1\n");
    let bytes: Vec<u8> = bad.bytes().map(|b| if b == 1 { 0xE9 } else { b }).collect();
    let input = tmp.file("bad.csv", &bytes);
    let report = tmp.0.join("report.jsonl");
    let args = ["validate", "-q", &input, "-o", "/dev/null", "--report", report.to_str().unwrap()];
    let run = sudoku_bulk(&args, None);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let text = std::fs::read_to_string(&report).unwrap();
    assert!(text.contains(r#""record":"2,caf\\xE9,"#), "{text}");
}
