//! Tab-separated output: `-o x.tsv` (compressed or not), `--output-format tsv` and
//! `--report x.tsv` write CSV's columns and header with a tab between fields, quoted as Python's
//! `csv` module and pandas quote them (a field holding a tab, a quote or a line end, its quotes
//! doubled), and our own commands read them back.

use std::io::Read;

use crate::util::{sudoku_bulk, TempDir};

const PUZZLE: &str =
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
const ANSWER: &str =
    "527389416819426735436751829375692184194538267268174593643217958951843672782965341";

/// The rows of `text`, its fields split at `delimiter` as RFC 4180 reads them: quoted fields
/// may hold the delimiter, line ends and doubled quotes.
fn rows(text: &str, delimiter: char) -> Vec<Vec<String>> {
    let (mut rows, mut row, mut field) = (Vec::new(), Vec::new(), String::new());
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => quoted = true,
            (false, '\n') => {
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
            }
            (false, c) if c == delimiter => row.push(std::mem::take(&mut field)),
            (false, c) => field.push(c),
        }
    }
    assert!(!quoted && field.is_empty() && row.is_empty(), "a last row without its line end");
    rows
}

fn gunzip(path: &std::path::Path) -> String {
    let data = std::fs::read(path).unwrap();
    let mut text = String::new();
    flate2::read::MultiGzDecoder::new(&data[..]).read_to_string(&mut text).unwrap();
    text
}

/// `id,note,puzzle,solution`: a note holding a tab and a comma, one holding quotes, a repeated
/// puzzle (for dedup), and a record that is not a puzzle.
fn input() -> String {
    format!(
        "id,note,puzzle,solution\n1,\"tab\tinside, and comma\",{PUZZLE},{ANSWER}\n\
         2,\"say \"\"hi\"\"\",{PUZZLE},\n3,plain,not a puzzle,\n"
    )
}

#[test]
fn every_command_writes_csvs_rows_tab_separated_and_reads_them_back() {
    let tmp = TempDir::new("tsv-commands");
    let input = tmp.file("in.csv", input().as_bytes());
    let path = |name: &str| tmp.0.join(name).to_str().unwrap().to_string();
    let commands: [&[&str]; 6] = [
        &["solve"],
        &["count", "--limit", "5"],
        &["validate"],
        &["canon"],
        &["dedup"],
        &["augment", "--copies", "2", "--seed", "7"],
    ];
    for command in commands {
        let name = command[0];
        let run = |output: &str| {
            let mut args = command.to_vec();
            args.extend(["-q", &input, "-o", output]);
            let run = sudoku_bulk(&args, None);
            assert!(matches!(run.code, Some(0 | 1)), "{name} -o {output}: {}", run.stderr);
        };
        let (csv, tsv, gz) = (
            path(&format!("{name}.csv")),
            path(&format!("{name}.tsv")),
            path(&format!("{name}.tsv.gz")),
        );
        run(&csv);
        run(&tsv);
        run(&gz);
        let csv = std::fs::read_to_string(&csv).unwrap();
        let tsv_text = std::fs::read_to_string(&tsv).unwrap();
        assert_eq!(gunzip(std::path::Path::new(&gz)), tsv_text, "{name}: .tsv.gz is .tsv");
        // The same header, columns and values as CSV's; a tab between them.
        let tsv_rows = rows(&tsv_text, '\t');
        assert_eq!(tsv_rows, rows(&csv, ','), "{name}:\n{tsv_text}");
        assert!(tsv_text.starts_with("id\tnote\tpuzzle\tsolution\tline\tstatus"), "{tsv_text}");
        assert!(tsv_rows.iter().all(|row| row.len() == tsv_rows[0].len()), "{name}: {tsv_text}");
        // Quoted where a field holds a tab or a quote, and only there (a comma is plain).
        assert!(tsv_text.contains("\t\"tab\tinside, and comma\"\t"), "{name}: {tsv_text}");
        if name != "dedup" {
            assert!(tsv_text.contains("\n2\t\"say \"\"hi\"\"\"\t"), "{name}: {tsv_text}");
        }
        // Our own validate reads it back: the same records, their fields as they were.
        for written in [&tsv, &gz] {
            let args = ["validate", "-q", "--puzzle-col", "puzzle", written, "-o", "-"];
            let again = sudoku_bulk(&args, None);
            assert!(matches!(again.code, Some(0 | 1)), "{name}: {}", again.stderr);
            // Every row has all its fields, an empty last one (`error`) included.
            assert!(!again.stdout.contains("fields, expected"), "{name}: {}", again.stdout);
            let read: Vec<Vec<String>> = rows(&again.stdout, ',');
            assert_eq!(read.len(), tsv_rows.len(), "{name}: {}", again.stdout);
            for (back, row) in read.iter().zip(&tsv_rows) {
                assert_eq!(back[..row.len()], row[..], "{name}: {}", again.stdout);
            }
        }
    }
}

#[test]
fn output_format_tsv_and_other_delimiters_quote_a_tab() {
    let tmp = TempDir::new("tsv-delimiters");
    // A semicolon-separated input: a field holding a tab is quoted in TSV output, a field
    // holding a comma is not.
    let input =
        tmp.file("in.txt", format!("note;puzzle\na\tb;{PUZZLE}\nc,d;{PUZZLE}\n").as_bytes());
    let run = sudoku_bulk(&["solve", "-q", &input, "--output-format", "tsv"], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let mut lines = run.stdout.lines();
    assert_eq!(lines.next(), Some("note\tpuzzle\tline\tstatus\tsolution\tguesses\terror"));
    assert!(lines
        .next()
        .unwrap()
        .starts_with(&format!("\"a\tb\"\t{PUZZLE}\t2\tsolved\t{ANSWER}\t")));
    assert!(lines.next().unwrap().starts_with(&format!("c,d\t{PUZZLE}\t3\tsolved\t{ANSWER}\t")));
    // A tab-separated input to TSV: its rows as they were.
    let input = tmp.file("in.tsv", format!("id\tpuzzle\n\"x\ty\"\t{PUZZLE}\n").as_bytes());
    let run = sudoku_bulk(&["count", "-q", &input, "--output-format", "tsv"], None);
    assert_eq!(
        run.stdout,
        format!("id\tpuzzle\tline\tstatus\tcount\tguesses\terror\n\"x\ty\"\t{PUZZLE}\t2\tcounted\t1\t0\t\n")
    );
    // A line input: `line`, `puzzle` and ours; an error holding commas is not quoted.
    let input = tmp.file("p.txt", format!("{PUZZLE}\n{}x\n", &PUZZLE[..80]).as_bytes());
    let run = sudoku_bulk(&["solve", "-q", &input, "--output-format", "tsv"], None);
    assert_eq!(
        run.stdout,
        format!(
            "line\tpuzzle\tstatus\tsolution\tguesses\terror\n1\t{PUZZLE}\tsolved\t{ANSWER}\t0\t\n\
             2\t{}x\tmalformed\t\t\tcell 81 (row 9, column 9): unexpected character 'x'\n",
            &PUZZLE[..80]
        )
    );
}

#[test]
fn reports_several_inputs_dedup_overlap_and_generate_write_tsv_by_name() {
    let tmp = TempDir::new("tsv-others");
    let path = |name: &str| tmp.0.join(name).to_str().unwrap().to_string();
    let a = tmp.file("a.txt", format!("{PUZZLE}\nnot, a puzzle\n").as_bytes());
    let b = tmp.file("b\tc.txt", format!("{PUZZLE}\n").as_bytes());
    // Several inputs: the `file` column, a name holding a tab quoted; the report by its name.
    let (out, report) = (path("out.tsv"), path("report.tsv"));
    let run = sudoku_bulk(&["solve", "-q", &a, &b, "-o", &out, "--report", &report], None);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let text = std::fs::read_to_string(&out).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("file\tline\tpuzzle\tstatus\tsolution\tguesses\terror"));
    assert!(lines.next().unwrap().starts_with(&format!("{a}\t1\t{PUZZLE}\tsolved\t")));
    assert!(lines.next().unwrap().starts_with(&format!("{a}\t2\tnot, a puzzle\tmalformed\t")));
    assert!(lines.next().unwrap().starts_with(&format!("\"{b}\"\t1\t{PUZZLE}\tsolved\t")));
    let report = std::fs::read_to_string(&report).unwrap();
    assert!(report.starts_with("line\tstatus\terror\trecord\tfile\n2\tmalformed\t"), "{report}");
    assert!(report.ends_with(&format!("\tnot, a puzzle\t{a}\n")), "{report}");
    // dedup's report of the dropped repeat, and overlap's rows and header.
    let (kept, dropped) = (path("kept.tsv"), path("dropped.tsv.gz"));
    let run = sudoku_bulk(&["dedup", "-q", &a, &b, "-o", &kept, "--report", &dropped], None);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let dropped = gunzip(std::path::Path::new(&dropped));
    assert!(
        dropped.starts_with("line\tstatus\terror\trecord\tfile\tfirst_file\tfirst_line\n"),
        "{dropped}"
    );
    assert!(
        dropped.contains(&format!("1\tduplicate\trepeats {a} line 1\t{PUZZLE}\t\"{b}\"\t{a}\t1\n")),
        "{dropped}"
    );
    let overlap = path("overlap.tsv");
    let args = ["overlap", "-q", "--by", "exact", &a, "--test", &b, "-o", &overlap];
    let run = sudoku_bulk(&args, None);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let overlap = std::fs::read_to_string(&overlap).unwrap();
    let digits = PUZZLE.replace('.', "0");
    assert_eq!(
        overlap,
        format!(
            "test_file\ttest_line\ttrain_file\ttrain_line\tpuzzle\n\"{b}\"\t1\t{a}\t1\t{digits}\n"
        )
    );
    // generate: `puzzle` and `solution`, tab-separated; and our validate reads them back.
    let generated = path("gen.tsv");
    let run = sudoku_bulk(
        &["generate", "-q", "-n", "3", "--seed", "1", "--solutions", "-o", &generated],
        None,
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let text = std::fs::read_to_string(&generated).unwrap();
    assert!(text.starts_with("puzzle\tsolution\n"), "{text}");
    assert_eq!(rows(&text, '\t').iter().filter(|row| row.len() == 2).count(), 4, "{text}");
    let run = sudoku_bulk(&["validate", "-q", &generated], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout.matches(",valid,").count(), 3, "{}", run.stdout);
}

#[test]
fn a_tsv_whose_rows_hold_commas_is_read_as_tab_separated() {
    // Most rows' errors hold commas: by content alone this could pass for CSV.
    let tmp = TempDir::new("tsv-commas");
    let bad = format!("{}x", &PUZZLE[..80]);
    let input = tmp.file("in.txt", format!("{bad}\n{bad}\n{bad}\n{PUZZLE}\n").as_bytes());
    let tsv = tmp.0.join("out.tsv").to_str().unwrap().to_string();
    let run = sudoku_bulk(&["validate", "-q", &input, "-o", &tsv], None);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let run = sudoku_bulk(&["validate", "-q", &tsv, "-o", "-"], None);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{}", run.stdout);
    assert!(lines[0].starts_with("line,puzzle,status,error,line_out"), "{}", run.stdout);
    assert!(lines[4].starts_with(&format!("4,{PUZZLE},valid,,5,valid,")), "{}", run.stdout);
    // The three malformed records were read as records (each read as malformed again).
    assert_eq!(run.stdout.matches(",malformed,").count(), 6, "{}", run.stdout);
}
