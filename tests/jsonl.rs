//! JSON Lines inputs: every JSON Lines file our commands write reads back; keys are chosen as
//! CSV columns are, by name on every line; a line that is not a record is reported at its
//! line; how the input is cut changes nothing, nor whether it is mapped (its lines made into
//! text by the workers) or a stream (made on one thread).

use std::io::Write;

use serde_json::Value;

use crate::util::{path_arg, read, sudoku_bulk, TempDir};

const PUZZLE: &str =
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
const ANSWER: &str =
    "527389416819426735436751829375692184194538267268174593643217958951843672782965341";

/// The first `n` puzzles of the sample corpus, one a line.
fn puzzles(n: usize) -> String {
    let sample = read("sample_10k.txt");
    let lines: Vec<&str> = sample.lines().filter(|l| !l.starts_with('#')).take(n).collect();
    lines.join("\n") + "\n"
}

/// A JSON Lines text's records.
fn records(text: &str) -> Vec<serde_json::Map<String, Value>> {
    text.lines()
        .map(|l| match serde_json::from_str(l).unwrap() {
            Value::Object(map) => map,
            other => panic!("not an object: {other}"),
        })
        .collect()
}

#[test]
fn every_jsonl_output_reads_back() {
    let tmp = TempDir::new("jsonl-back");
    let text = tmp.file("in.txt", puzzles(30).as_bytes());
    let solved = tmp.0.join("s.jsonl").to_str().unwrap().to_string();
    let run = sudoku_bulk(&["solve", "-q", "-o", &solved, &text], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    // Its `solution` key is an answer; validate checks it.
    let run = sudoku_bulk(&["validate", "-o", "-", "--output-format", "jsonl", &solved], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stderr.contains("solution in JSON Lines key \"solution\""), "{}", run.stderr);
    assert!(run.stderr.contains("30 records: 30 valid"), "{}", run.stderr);
    let valid = records(&run.stdout);
    assert_eq!(valid.len(), 30);
    assert_eq!(valid[3]["status_out"], "valid");
    assert_eq!(valid[3]["line"], "4", "the input's keys come first, as text");
    assert_eq!(valid[3]["line_out"], 4);

    let commands: [&[&str]; 6] = [
        &["solve"],
        &["count"],
        &["canon"],
        &["dedup"],
        &["validate"],
        &["augment", "--copies", "3", "--seed", "7", "--with-transform"],
    ];
    for (i, command) in commands.iter().enumerate() {
        for input in [&text, &solved] {
            let out = tmp.0.join(format!("out{i}.jsonl")).to_str().unwrap().to_string();
            let mut args = command.to_vec();
            args.extend(["-q", "-o", &out, input]);
            let run = sudoku_bulk(&args, None);
            assert_eq!(run.code, Some(0), "{command:?} {input}: {}", run.stderr);
            let written = records(&std::fs::read_to_string(&out).unwrap());
            let run = sudoku_bulk(&["validate", "-o", "-", "--output-format", "csv", &out], None);
            assert_eq!(run.code, Some(0), "validate {command:?} of {input}: {}", run.stderr);
            let n = written.len();
            assert!(
                run.stderr.contains(&format!("{n} records: {n} valid")),
                "{command:?}: {}",
                run.stderr
            );
            // One output row a line, in order, with the keys as columns.
            let rows: Vec<&str> = run.stdout.lines().collect();
            assert_eq!(rows.len(), n + 1, "{command:?}");
            let keys: Vec<&String> = written[0].keys().collect();
            assert!(keys.iter().all(|k| rows[0].contains(k.as_str())), "{command:?}: {}", rows[0]);
        }
    }
}

#[test]
fn keys_are_found_by_name_on_every_line() {
    let tmp = TempDir::new("jsonl-keys");
    // A byte-order mark, CRLF, blank lines, keys in any order, escapes, extra and missing keys.
    let text = format!(
        "\u{feff}{{\"id\":\"caf\\u00e9 \\\"1\\\"\",\"board\":\"{PUZZLE}\",\"answer\":\"{ANSWER}\"}}\r\n\
         \r\n\
         {{\"answer\":\"{ANSWER}\",\"board\":\"{PUZZLE}\",\"id\":2,\"extra\":[1,{{\"a\":null}}]}}\r\n\
         \n\
         {{\"board\":\"{PUZZLE}\"}}\n"
    );
    let file = tmp.file("k.ndjson", text.as_bytes());
    let run = sudoku_bulk(&["validate", "--puzzle-col", "BOARD", "-o", "-", &file], None);
    // The third has no answer: a null answer is never valid.
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "puzzle in JSON Lines key \"board\" (as asked), solution in JSON Lines key \"answer\""
        ),
        "{}",
        run.stderr
    );
    let expected = format!(
        "id,board,answer,extra,line,status,error\n\
         \"café \"\"1\"\"\",{PUZZLE},{ANSWER},,1,valid,\n\
         2,{PUZZLE},{ANSWER},\"[1,{{\"\"a\"\":null}}]\",3,valid,\n\
         ,{PUZZLE},,,5,answer invalid,no answer (the answer field is empty or null)\n"
    );
    assert_eq!(run.stdout, expected);
    // By position, in the order the keys first appear; JSON Lines out keeps them, nulls null.
    let run = sudoku_bulk(
        &["validate", "--puzzle-col", "2", "--solution-col", "3", "-o", "-"],
        Some(text.as_bytes()),
    );
    assert!(run.stderr.contains("puzzle in JSON Lines key \"board\" (as asked)"), "{}", run.stderr);
    let run =
        sudoku_bulk(&["validate", "--puzzle-col", "2", "--output-format", "jsonl", &file], None);
    let out = records(&run.stdout);
    assert_eq!(out.len(), 3);
    assert_eq!(out[0]["id"], "café \"1\"");
    assert_eq!(out[0]["extra"], Value::Null);
    assert_eq!(out[2]["answer"], Value::Null);
    assert_eq!(out[1]["line"], 3);
    // A key that no object has is an error that lists the keys.
    let run = sudoku_bulk(&["validate", "--puzzle-col", "grid", &file], None);
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr.contains("no key \"grid\" in the objects of the first lines (their keys: id, board, answer, extra)"),
        "{}",
        run.stderr
    );
}

#[test]
fn lines_that_are_not_records_are_reported_at_their_line() {
    let tmp = TempDir::new("jsonl-bad");
    let text = format!(
        "{{\"puzzle\":\"{PUZZLE}\"}}\n\
         [\"{PUZZLE}\"]\n\
         {{\"id\":3}}\n\
         {{\"puzzle\":null}}\n\
         {{\"puzzle\":12}}\n\
         {{\"puzzle\":\"{PUZZLE}\"\n\
         {{puzzle: 1}}\n\
         # a comment is not JSON\n\
         {{\"puzzle\":\"{PUZZLE}\"}}\n"
    );
    let file = tmp.file("bad.jsonl", text.as_bytes());
    let report = tmp.0.join("r.csv");
    let run = sudoku_bulk(
        &["solve", "--report", report.to_str().unwrap(), "--output-format", "jsonl", &file],
        None,
    );
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    for message in [
        "bad.jsonl: line 2: malformed: not a JSON object",
        "bad.jsonl: line 3: malformed: no puzzle key in the object",
        "bad.jsonl: line 4: malformed: null cell",
        "bad.jsonl: line 5: malformed: 2 cells, expected 81",
        "bad.jsonl: line 6: malformed: not JSON: the line ends inside it",
        "bad.jsonl: line 7: malformed: not JSON: invalid at column 2",
        "bad.jsonl: line 8: malformed: not JSON: invalid at column 1",
    ] {
        assert!(run.stderr.contains(message), "{message}: {}", run.stderr);
    }
    let out = records(&run.stdout);
    let lines: Vec<u64> = out.iter().map(|r| r["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [1, 2, 3, 4, 5, 6, 7, 8, 9], "one output record a line");
    assert_eq!(out[0]["solution"], ANSWER);
    assert_eq!(out[1]["puzzle"], Value::Null, "no value from a line that is not an object");
    assert_eq!(out[8]["status"], "solved");
    // The report quotes the line as it was.
    let report = std::fs::read_to_string(report).unwrap();
    assert!(report.contains("7,malformed,not JSON: invalid at column 2,{puzzle: 1}\n"), "{report}");
    assert!(report.contains(&format!("2,malformed,not a JSON object,\"[\"\"{PUZZLE}\"\"]\"")));
    // A file of no object at all, named .jsonl: one error, not a guess.
    let file = tmp.file("none.jsonl", b"[1]\nx\n");
    let run = sudoku_bulk(&["solve", &file], None);
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr
            .contains("none.jsonl: no JSON object in the first lines: line 1: not a JSON object"),
        "{}",
        run.stderr
    );
}

#[test]
fn how_the_input_is_cut_changes_nothing() {
    let tmp = TempDir::new("jsonl-cut");
    let mut text = String::new();
    for (i, puzzle) in puzzles(400).lines().enumerate() {
        match i % 37 {
            5 => text.push_str("{\"n\": 5, \"puzzle\": \"short\"}\n"),
            9 => text.push_str("not json\n"),
            13 => text.push('\n'),
            _ => text.push_str(&format!("{{\"n\":{i},\"puzzle\":\"{puzzle}\"}}\r\n")),
        }
    }
    let file = tmp.file("cut.jsonl", text.as_bytes());
    let expected =
        sudoku_bulk(&["solve", "-q", "-j", "1", "--output-format", "jsonl", &file], None);
    assert_eq!(expected.code, Some(1), "{}", expected.stderr);
    assert_eq!(records(&expected.stdout).len(), 400 - 11);
    for chunk in ["1", "100", "4096", "100000"] {
        for threads in ["1", "2", "4"] {
            let args =
                ["solve", "-q", "-j", threads, "--chunk-size", chunk, "--output-format", "jsonl"];
            let run = sudoku_bulk(&[&args[..], &[&file]].concat(), None);
            assert!(run.stdout == expected.stdout, "--chunk-size {chunk} -j {threads}");
            let piped =
                sudoku_bulk(&[&args[..], &["--format", "jsonl"]].concat(), Some(text.as_bytes()));
            assert!(piped.stdout == expected.stdout, "stdin: --chunk-size {chunk} -j {threads}");
        }
    }
    // Compressed, named for what it holds.
    let mut packed = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    packed.write_all(text.as_bytes()).unwrap();
    let file = tmp.file("cut.jsonl.gz", &packed.finish().unwrap());
    let run = sudoku_bulk(&["solve", "-q", "--output-format", "jsonl", &file], None);
    assert!(run.stdout == expected.stdout, "gzip");
    let _ = path_arg;
}

/// A file of every kind of line: blank ones, lines that are not objects or not JSON, objects
/// without the puzzle key, nulls, integer arrays, keys in other orders and repeated, escapes,
/// floats, `end`, CRLF and LF, a byte-order mark, a DOS end of file.
fn mixed_lines() -> String {
    let mut text = String::from("\u{feff}");
    for (i, puzzle) in puzzles(160).lines().enumerate() {
        let cells: Vec<String> =
            puzzle.chars().map(|c| c.to_digit(10).unwrap_or(0).to_string()).collect();
        let line = match i % 20 {
            0 => format!("{{\"puzzle\":\"{puzzle}\",\"solution\":null,\"n\":{i}}}"),
            1 => String::new(),
            2 => "   \t".into(),
            3 => "[1, 2]".into(),
            4 => "\"text\"".into(),
            5 => "{\"puzzle\": ".into(),
            6 => format!("{{\"n\":{i},\"solution\":\"{ANSWER}\"}}"),
            7 => "{\"puzzle\":null, \"n\": -0}".into(),
            8 => format!("{{\"puzzle\":[{}],\"n\":{i}}}", cells.join(",")),
            9 => format!("{{\"n\":{i},\"solution\":\"{ANSWER}\",\"puzzle\":\"{PUZZLE}\"}}"),
            10 => format!(
                "{{\"puzzle\":\"{puzzle}\",\"note\":\"a,\\\"b\\\"\\u00e9\\n\",\"n\":1.5e3}}"
            ),
            11 => "not json at all".into(),
            12 => format!("{{\"puzzle\":\"{}\"}}", &puzzle[1..]),
            13 => "{\"puzzle\":\"end\"}".into(),
            14 => "end".into(),
            15 => format!("{{\"puzzle\":\"x\",\"puzzle\":\"{puzzle}\",\"note\":true}}"),
            16 => format!("{{\"puzzle\":\"{puzzle}\",\"n\":{i}}}\r"),
            _ => format!(" {{ \"puzzle\" : \"{puzzle}\" , \"n\" : {i} }} "),
        };
        text.push_str(&line);
        text.push_str(if i % 3 == 0 { "\r\n" } else { "\n" });
    }
    text.push('\u{1a}');
    text
}

#[test]
fn a_mapped_file_reads_as_a_stream_does() {
    // A mapped file's lines are made into text by the workers, piece by piece; a stream's
    // (stdin, a compressed file) on one thread, as every JSON Lines input's were before:
    // the same output, line numbers, messages and exit status, however the file is cut.
    let tmp = TempDir::new("jsonl-mapped");
    let text = mixed_lines();
    let file = tmp.file("mixed.jsonl", text.as_bytes());
    let mut packed = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    packed.write_all(text.as_bytes()).unwrap();
    let gz = tmp.file("mixed.jsonl.gz", &packed.finish().unwrap());
    let commands: [&[&str]; 3] = [&["validate"], &["solve"], &["count", "--limit", "2"]];
    for command in commands {
        for output in ["csv", "jsonl"] {
            let base = [command, &["-q", "--output-format", output]].concat();
            let piped = sudoku_bulk(&base, Some(text.as_bytes()));
            assert_eq!(piped.code, Some(1), "{command:?}: {}", piped.stderr);
            assert!(piped.stderr.contains("<stdin>: line 4: malformed: not a JSON object"));
            assert!(piped.stderr.contains("line 7: malformed: no puzzle key in the object"));
            let gzipped = sudoku_bulk(&[&base[..], &[&gz]].concat(), None);
            assert_eq!(gzipped.stdout, piped.stdout, "{command:?} {output}: gzip");
            assert_eq!(gzipped.stderr.replace(&gz, "<stdin>"), piped.stderr);
            for (threads, chunk) in [("1", "100000"), ("2", "1"), ("2", "333"), ("4", "4096")] {
                let args = [&base[..], &["-j", threads, "--chunk-size", chunk, &file]].concat();
                let mapped = sudoku_bulk(&args, None);
                let case = format!("{command:?} {output} -j {threads} --chunk-size {chunk}");
                assert_eq!(mapped.code, piped.code, "{case}");
                assert_eq!(mapped.stdout, piped.stdout, "{case}");
                assert_eq!(mapped.stderr.replace(&file, "<stdin>"), piped.stderr, "{case}");
            }
        }
    }
}
