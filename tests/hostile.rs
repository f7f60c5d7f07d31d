//! Hostile input: odd encodings and line ends that must be read correctly, and faults that
//! must get a clear error on their own line while every other record is unaffected. Each case
//! runs twice, from a mapped file and from stdin, which must agree.

use crate::util::{sudoku_bulk, Run, TempDir};

const PUZZLE: &str =
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
const ANSWER: &str =
    "527389416819426735436751829375692184194538267268174593643217958951843672782965341";

/// Runs `args INPUT` on `input` as a file, and `args` with it on stdin; checks both agree and
/// returns the file run.
fn both_ways(test: &str, args: &[&str], input: &[u8]) -> Run {
    let tmp = TempDir::new(test);
    let path = tmp.file("input", input);
    let mut with_path = args.to_vec();
    with_path.push(&path);
    let file = sudoku_bulk(&with_path, None);
    let stdin = sudoku_bulk(args, Some(input));
    assert_eq!(file.stdout, stdin.stdout, "{test}: file and stdin differ");
    assert_eq!(file.code, stdin.code, "{test}");
    assert!(!file.stderr.contains("panicked"), "{test}: {}", file.stderr);
    file
}

fn twice() -> String {
    format!("{ANSWER}\n{ANSWER}\n")
}

#[test]
fn a_byte_order_mark_is_dropped() {
    let input = format!("\u{feff}{PUZZLE}\n{PUZZLE}\n");
    let run = both_ways("bom", &["solve", "-q"], input.as_bytes());
    assert_eq!((run.code, run.stdout), (Some(0), twice()));
    let csv = format!("\u{feff}quizzes,solutions\n{PUZZLE},{ANSWER}\n");
    let run = both_ways("bom-csv", &["validate", "-q", "--output-format", "line"], csv.as_bytes());
    assert_eq!((run.code, run.stdout.as_str()), (Some(0), "valid\n"));
}

#[test]
fn crlf_and_lone_cr_line_ends_are_read_and_counted() {
    for (name, end) in [("crlf", "\r\n"), ("cr", "\r")] {
        let input = format!("# c{end}{PUZZLE}{end}{}{end}{PUZZLE}{end}", &PUZZLE[1..]);
        let run = both_ways(name, &["solve", "-q"], input.as_bytes());
        assert_eq!(run.code, Some(1), "{name}");
        let expected =
            format!("{ANSWER}\nerror: line 3: malformed: 80 cells, expected 81\n{ANSWER}\n");
        assert_eq!(run.stdout, expected, "{name}");
    }
    let mixed = format!("{PUZZLE}\r\n{PUZZLE}\r{PUZZLE}\n{}", &PUZZLE[2..]);
    let run = both_ways("mixed", &["solve", "-q"], mixed.as_bytes());
    assert!(
        run.stdout.ends_with("error: line 4: malformed: 79 cells, expected 81\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_final_dos_eof_byte_ends_the_input() {
    for tail in ["\x1a", "\x1a\x1a\x1a", "\r\n\x1a"] {
        let input = format!("{PUZZLE}\n{PUZZLE}{tail}");
        let run = both_ways("dos-eof", &["solve", "-q"], input.as_bytes());
        assert_eq!((run.code, run.stdout), (Some(0), twice()), "{tail:?}");
    }
    // Not final: a bad character like any other.
    let input = format!("{PUZZLE}\n\x1a{}\n", &PUZZLE[1..]);
    let run = both_ways("dos-eof-inside", &["solve", "-q"], input.as_bytes());
    assert!(
        run.stdout.contains(
            "error: line 2: malformed: cell 1 (row 1, column 1): unexpected character byte 0x1A"
        ),
        "{}",
        run.stdout
    );
}

#[test]
fn no_newline_at_the_end() {
    let input = format!("{PUZZLE}\n{PUZZLE}");
    let run = both_ways("no-newline", &["solve", "-q"], input.as_bytes());
    assert_eq!((run.code, run.stdout), (Some(0), twice()));
}

#[test]
fn empty_and_comment_only_files_have_no_records() {
    for (name, input) in
        [("empty", &b""[..]), ("comments", b"# only\n#comments\n\n"), ("bom-only", b"\xEF\xBB\xBF")]
    {
        for command in ["solve", "count", "validate"] {
            let run = both_ways(name, &[command], input);
            assert_eq!((run.code, run.stdout.as_str()), (Some(0), ""), "{name} {command}");
            assert!(run.stderr.contains(" 0 "), "{name} {command}: {}", run.stderr);
        }
    }
}

#[test]
fn nul_bytes_get_errors_on_their_lines_and_binary_data_one_error() {
    let input = format!("{PUZZLE}\n{}\0{}\n{PUZZLE}\n", &PUZZLE[..10], &PUZZLE[11..]);
    let run = both_ways("nul", &["solve", "-q"], input.as_bytes());
    assert_eq!(
        run.stdout,
        format!("{ANSWER}\nerror: line 2: malformed: cell 11 (row 2, column 2): unexpected character byte 0x00\n{ANSWER}\n")
    );
    // Binary: every byte value, in lines of arbitrary length: one error for the whole input,
    // not one a line (issue 29, item 8).
    let binary: Vec<u8> = (0..4096u32).map(|i| (i * 7919 % 256) as u8).collect();
    let run = both_ways("binary", &["solve", "-q", "--format", "line"], &binary);
    assert_eq!(run.code, Some(2));
    assert!(run.stdout.is_empty(), "{}", run.stdout);
    assert!(run.stderr.contains("this looks like binary data"), "{}", run.stderr);
}

#[test]
fn a_line_over_one_mebibyte_is_one_error() {
    let long = "1".repeat((1 << 20) + 5);
    let input = format!("{PUZZLE}\n{long}\n{PUZZLE}\n");
    let run = both_ways("long-line", &["solve", "-q"], input.as_bytes());
    assert_eq!(
        run.stdout,
        format!("{ANSWER}\nerror: line 2: malformed: 1048581 cells, expected 81\n{ANSWER}\n")
    );
    // A report quotes such a record shortened, not whole.
    let tmp = TempDir::new("long-report");
    let path = tmp.file("in.txt", input.as_bytes());
    let report = tmp.0.join("bad.csv");
    sudoku_bulk(
        &["solve", "-q", &path, "-o", "/dev/null", "--report", report.to_str().unwrap()],
        None,
    );
    let report = std::fs::read_to_string(report).unwrap();
    assert!(report.len() < 1000, "{} bytes", report.len());
}

#[test]
fn duplicate_givens_are_named_by_house() {
    let with = |cell: usize, digit: char| {
        let mut p = PUZZLE.to_string();
        p.replace_range(cell..cell + 1, &digit.to_string());
        p
    };
    // r1c1 = 2 beside r1c2's 2; r1c1 = 6 above r7c1's 6 (no 6 in row 1 or box 1); r2c1 = 2
    // in the box of r1c2's 2 (no 2 in row 2 or column 1).
    let input = format!("{}\n{}\n{}\n", with(0, '2'), with(0, '6'), with(9, '2'));
    let run = both_ways("duplicates", &["solve", "-q"], input.as_bytes());
    assert_eq!(
        run.stdout,
        "error: line 1: conflicting givens: digit 2 twice in row 1\n\
         error: line 2: conflicting givens: digit 6 twice in column 1\n\
         error: line 3: conflicting givens: digit 2 twice in box 1\n"
    );
}

#[test]
fn grids_with_a_missing_or_extra_row() {
    let grid = std::fs::read_to_string(crate::util::dataset("examples/grid.txt")).unwrap();
    let answer = std::fs::read_to_string(crate::util::dataset("examples/grid.expected")).unwrap();
    let rows: Vec<&str> = grid.lines().collect();
    let missing = rows[..8].join("\n");
    let extra = format!("{grid}{}", rows[0]);
    let input = format!("{grid}\n{missing}\n\n{extra}\n\n{grid}");
    let run = both_ways("grid-rows", &["solve", "-q"], input.as_bytes());
    assert_eq!(run.code, Some(1));
    assert_eq!(
        run.stdout,
        format!("{answer}\nerror: line 11: malformed: 8 rows, expected 9\n\nerror: line 29: malformed: 10 rows, expected 9\n\n{answer}")
    );
}

#[test]
fn csv_faults_are_per_row() {
    let input = format!(
        "quizzes,solutions\n{PUZZLE},{ANSWER}\n{PUZZLE}\n\"{PUZZLE},{ANSWER}\n{PUZZLE},{ANSWER},x\n{PUZZLE},{ANSWER}\n"
    );
    let run =
        both_ways("csv-faults", &["validate", "-q", "--output-format", "line"], input.as_bytes());
    assert_eq!(
        run.stdout,
        "valid\nerror: line 3: malformed: 1 field, expected 2\n\
         error: line 4: malformed: unterminated quote in field 1: no closing quote within 1000 lines\n\
         error: line 5: malformed: 3 fields, expected 2\nvalid\n"
    );
}

#[test]
fn an_empty_grid_is_valid_input() {
    let empty = format!("{}\n", ".".repeat(81));
    let run = both_ways("empty-solve", &["solve", "-q"], empty.as_bytes());
    assert_eq!(run.code, Some(0));
    let solution: sudoku_bulk::Grid = run.stdout.trim().parse().unwrap();
    assert!(solution.is_solved());
    let run = both_ways("empty-validate", &["validate", "-q"], empty.as_bytes());
    assert_eq!((run.code, run.stdout.as_str()), (Some(1), "error: line 1: multiple solutions\n"));
    let run = both_ways("empty-count", &["count", "-q"], empty.as_bytes());
    assert_eq!((run.code, run.stdout.as_str()), (Some(0), "2+\n"));
}
