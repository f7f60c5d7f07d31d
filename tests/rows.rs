//! Rows the tool must neither skip nor split: a CSV row whose first field starts with `#`
//! after the header is a record, an `end` line that leaves text unread is said so (and
//! `validate` does not pass such an input), and a quoted field may hold line ends (RFC 4180,
//! as pandas writes it) wherever the input is cut into pieces. Each case runs from a mapped
//! file and from stdin, at several thread counts and piece sizes.

use crate::util::{sudoku_bulk, Run, TempDir};

const PUZZLE: &str =
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";

/// Runs `args` on `input` as a file and on stdin, with `-j threads` and, if given,
/// `--chunk-size chunk`; checks that both agree and returns the file's run and its summary.
fn run(dir: &TempDir, args: &[&str], input: &[u8], threads: &str, chunk: Option<usize>) -> Run {
    let path = dir.file("input.csv", input);
    let chunk = chunk.map(|c| c.to_string());
    let mut common: Vec<&str> = args.to_vec();
    common.extend(["-j", threads]);
    if let Some(chunk) = &chunk {
        common.extend(["--chunk-size", chunk]);
    }
    let mut with_path = common.clone();
    with_path.push(&path);
    let file = sudoku_bulk(&with_path, None);
    let stdin = sudoku_bulk(&common, Some(input));
    let what = format!("{args:?} -j {threads} chunk {chunk:?}");
    assert_eq!(file.stdout, stdin.stdout, "{what}: file and stdin differ");
    assert_eq!(file.code, stdin.code, "{what}");
    assert!(!file.stderr.contains("panicked"), "{what}: {}", file.stderr);
    file
}

/// The summary `--summary-json` writes for `args` on `input` (a file).
fn summed(dir: &TempDir, args: &[&str], input: &[u8]) -> (serde_json::Value, Run) {
    let path = dir.file("summed.csv", input);
    let json = dir.0.join("summary.json");
    let json = json.to_str().unwrap();
    let mut all = args.to_vec();
    all.extend(["--summary-json", json, &path]);
    let run = sudoku_bulk(&all, None);
    let text = std::fs::read_to_string(json).unwrap();
    (serde_json::from_str(&text).unwrap(), run)
}

#[test]
fn hash_ids_after_a_header_are_records_at_every_piece_size() {
    let dir = TempDir::new("hash-ids");
    let bad = &PUZZLE[1..];
    let input = format!(
        "# made by hand\nid,puzzle\n#17,{PUZZLE}\n#18,{PUZZLE}\n#19,{bad}\n# not a comment,{PUZZLE}\n"
    );
    let expected = format!(
        "id,puzzle,line,status,error\n#17,{PUZZLE},3,valid,\n#18,{PUZZLE},4,valid,\n\
         #19,{bad},5,malformed,80 cells: expected 81\n# not a comment,{PUZZLE},6,valid,\n"
    );
    let reference = run(&dir, &["validate", "-q"], input.as_bytes(), "1", None);
    assert_eq!(reference.code, Some(1), "one row is malformed");
    let lines: Vec<&str> = reference.stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{}", reference.stdout);
    assert_eq!(lines[0], expected.lines().next().unwrap());
    assert!(lines[1].starts_with("#17,") && lines[4].starts_with("# not a comment,"));
    for threads in ["1", "2", "4"] {
        for chunk in [1, 5, 40, 90, 200] {
            let got = run(&dir, &["validate", "-q"], input.as_bytes(), threads, Some(chunk));
            assert_eq!(got.stdout, reference.stdout, "-j {threads} --chunk-size {chunk}");
            assert_eq!(got.code, Some(1));
        }
    }
    let (summary, _) = summed(&dir, &["validate", "-q"], input.as_bytes());
    assert_eq!(summary["records"], 4);
    assert_eq!(summary["ok"], 3);
    assert_eq!(summary["comment_lines"], 1, "the line before the header only");
    // The case: a file of such rows is not "0 records", exit 0.
    let only = format!("id,puzzle\n#17,{bad}\n");
    let (summary, run) = summed(&dir, &["validate"], only.as_bytes());
    assert_eq!((summary["records"].as_u64(), run.code), (Some(1), Some(1)), "{}", run.stderr);
}

#[test]
fn comments_of_line_files_are_counted() {
    let dir = TempDir::new("comments");
    let input = format!("# one\n{PUZZLE}\n# two\n\n{PUZZLE}\n");
    let (summary, run) = summed(&dir, &["validate"], input.as_bytes());
    assert_eq!(summary["records"], 2);
    assert_eq!(summary["comment_lines"], 2);
    assert!(run.stderr.contains("2 comment lines skipped"), "{}", run.stderr);
    assert!(summary.get("end_line").is_none());
}

#[test]
fn an_end_line_with_text_after_it_is_said_and_fails_validate() {
    let dir = TempDir::new("end-line");
    let input = format!("{PUZZLE}\nend\n{PUZZLE}\n");
    for threads in ["1", "2"] {
        for chunk in [None, Some(1), Some(50)] {
            let got = run(&dir, &["validate"], input.as_bytes(), threads, chunk);
            assert_eq!(got.code, Some(1), "unread lines: not all valid");
            assert_eq!(got.stdout, "valid\n");
            assert!(
                got.stderr.contains(
                    "line 2: the input stops at this `end` line; the lines after it were not read"
                ),
                "{}",
                got.stderr
            );
        }
    }
    let (summary, _) = summed(&dir, &["validate"], input.as_bytes());
    assert_eq!((summary["records"].as_u64(), summary["end_line"].as_u64()), (Some(1), Some(2)));
    // Other commands say it too, and their status is their records'.
    let solved = run(&dir, &["solve"], input.as_bytes(), "2", None);
    assert_eq!(solved.code, Some(0));
    assert!(solved.stderr.contains("stops at this `end` line"), "{}", solved.stderr);
    // Nothing but blank lines after it: nothing unread, nothing said.
    let quiet = format!("{PUZZLE}\nend\n\n  \n");
    let got = run(&dir, &["validate"], quiet.as_bytes(), "2", Some(1));
    assert_eq!(got.code, Some(0));
    assert!(!got.stderr.contains("end` line"), "{}", got.stderr);
    let (summary, _) = summed(&dir, &["validate"], quiet.as_bytes());
    assert!(summary.get("end_line").is_none());
}

/// A CSV as pandas writes it: quoted fields holding line ends (LF and CRLF) and doubled
/// quotes, a `#` id, a stray quote (an unterminated field), and a comment before the header.
fn pandas_csv() -> String {
    format!(
        "# notes\nid,note,puzzle\n1,\"two\nlines\",{PUZZLE}\n#2,\"say \"\"hi\"\"\r\nthen\r\n\
         go\",{PUZZLE}\n3,plain,{PUZZLE}\n4,\"stray,{PUZZLE}\n5,\"\",{PUZZLE}\n6,\"a,\nb\",{}\n",
        &PUZZLE[1..]
    )
}

#[test]
fn quoted_line_ends_are_one_record_at_every_cut() {
    let dir = TempDir::new("quoted-cuts");
    let input = pandas_csv();
    let args = ["validate", "-q", "--output-format", "csv"];
    let reference = run(&dir, &args, input.as_bytes(), "1", None);
    for (line, status) in [
        (3, "valid"),
        (5, "valid"),
        (8, "valid"),
        (9, "malformed"),
        (10, "valid"),
        (11, "malformed"),
    ] {
        let row = format!(",{line},{status},");
        assert_eq!(reference.stdout.matches(&row).count(), 1, "{row}: {}", reference.stdout);
    }
    assert!(reference.stdout.contains("\"two\nlines\""), "the text as it was");
    assert!(reference.stdout.contains("#2,\"say \"\"hi\"\"\r\nthen\r\ngo\""));
    assert!(reference.stdout.contains(",9,malformed,unterminated quote in field 2"));
    assert_eq!(reference.code, Some(1));
    for chunk in 1..=input.len() + 1 {
        for threads in ["1", "2"] {
            if threads == "1" && chunk % 5 != 0 {
                continue; // one thread at every fifth size: the cuts are the same
            }
            let got = run(&dir, &args, input.as_bytes(), threads, Some(chunk));
            assert_eq!(got.stdout, reference.stdout, "-j {threads} --chunk-size {chunk}");
            assert_eq!(got.code, Some(1));
        }
    }
}

#[test]
fn quoted_records_round_trip_through_csv_output() {
    let dir = TempDir::new("quoted-round-trip");
    let input = pandas_csv();
    let path = dir.file("in.csv", input.as_bytes());
    let out = dir.0.join("out.csv");
    let out = out.to_str().unwrap();
    let solved = sudoku_bulk(&["solve", "-q", &path, "-o", out], None);
    assert_eq!(solved.code, Some(1), "{}", solved.stderr);
    let written = std::fs::read_to_string(out).unwrap();
    assert!(written.contains("\"two\nlines\""), "{written}");
    // Read again, the output has the same records, on the same lines.
    let (summary, run) =
        summed(&dir, &["validate", "-q", "--puzzle-col", "puzzle"], written.as_bytes());
    assert_eq!(summary["records"], 6, "{}", run.stderr);
    assert_eq!(summary["reasons"]["malformed"], 2, "{}", run.stderr);
    let (first, _) = summed(&dir, &["validate", "-q"], input.as_bytes());
    assert_eq!(first["records"], 6);
}
