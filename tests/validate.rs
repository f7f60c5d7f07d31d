//! `count`, `validate` and CSV corpora through the binary.

use sudoku_bulk::{BitmaskSolver, Grid, Solver};

use crate::util::{datasets_dir, CORPORA};
use crate::util::{sudoku_bulk, TempDir};

const PUZZLE: &str =
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
const ANSWER: &str =
    "527389416819426735436751829375692184194538267268174593643217958951843672782965341";

/// The `line` and `status` columns of a CSV report, row by row.
fn report_rows(report: &str) -> Vec<(u64, String)> {
    report
        .lines()
        .skip(1)
        .map(|row| {
            let mut fields = row.splitn(3, ',');
            let line = fields.next().unwrap().parse().unwrap();
            (line, fields.next().unwrap().to_string())
        })
        .collect()
}

#[test]
fn validate_names_exactly_the_corrupted_kaggle_rows() {
    let Some(dir) = datasets_dir("validate_names_exactly_the_corrupted_kaggle_rows") else {
        return;
    };
    let text = std::fs::read_to_string(dir.join("kaggle_1m_head25k.csv")).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let row = |lines: &[String], line: usize| -> (String, String) {
        let (p, s) = lines[line - 1].split_once(',').unwrap();
        (p.to_string(), s.to_string())
    };
    // Line numbers count from 1, the header being line 1.

    // Line 101: an answer digit changed in a blank cell: the answer repeats a digit.
    let (p, s) = row(&lines, 101);
    let cell = p.find('0').unwrap();
    let mut s = s.into_bytes();
    s[cell] = b'1' + (s[cell] - b'0') % 9;
    lines[100] = format!("{p},{}", String::from_utf8(s).unwrap());

    // Line 202: a given changed to the digit of another given in its row.
    let (p, s) = row(&lines, 202);
    let mut p = p.into_bytes();
    let r =
        (0..9).find(|r| p[r * 9..r * 9 + 9].iter().filter(|&&b| b != b'0').count() >= 2).unwrap();
    let givens: Vec<usize> = (r * 9..r * 9 + 9).filter(|&c| p[c] != b'0').collect();
    p[givens[0]] = p[givens[1]];
    lines[201] = format!("{},{s}", String::from_utf8(p).unwrap());

    // Line 303: the answer of line 304.
    let ((p, _), (_, other)) = (row(&lines, 303), row(&lines, 304));
    lines[302] = format!("{p},{other}");

    // Line 404: givens removed, in reading order, until the puzzle has two solutions.
    let (p, s) = row(&lines, 404);
    let mut cells = p.into_bytes();
    let mut solver = BitmaskSolver::new();
    let mut scratch = Grid::EMPTY;
    for c in 0..81 {
        if cells[c] == b'0' {
            continue;
        }
        cells[c] = b'0';
        let grid: Grid = std::str::from_utf8(&cells).unwrap().parse().unwrap();
        if solver.solve(&grid, 2, &mut scratch).solutions == 2 {
            break;
        }
    }
    lines[403] = format!("{},{s}", String::from_utf8(cells).unwrap());

    let tmp = TempDir::new("kaggle-corrupt");
    let input = tmp.file("kaggle.csv", (lines.join("\n") + "\n\n").as_bytes());
    let report = tmp.0.join("bad.csv");
    let summary = tmp.0.join("summary.json");
    let run = sudoku_bulk(
        &[
            "validate",
            &input,
            "-o",
            "/dev/null",
            "--report",
            report.to_str().unwrap(),
            "--summary-json",
            summary.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let report = std::fs::read_to_string(&report).unwrap();
    assert!(report.starts_with("line,status,error,record\n"), "{report}");
    assert_eq!(
        report_rows(&report),
        [
            (101, "answer invalid".to_string()),
            (202, "conflicting givens".to_string()),
            (303, "answer disagrees with givens".to_string()),
            (404, "multiple solutions".to_string()),
        ]
    );
    let summary = std::fs::read_to_string(&summary).unwrap();
    assert!(summary.contains("\"records\":24997,\"ok\":24993,\"failed\":4"), "{summary}");
    assert!(summary.contains("\"answer is not the solution\":0"), "{summary}");
    assert!(run.stderr.contains("24997 records: 24993 valid, 4 invalid"), "{}", run.stderr);
}

#[test]
fn validate_accepts_the_whole_kaggle_sample() {
    let Some(dir) = datasets_dir("validate_accepts_the_whole_kaggle_sample") else { return };
    let path = dir.join("kaggle_1m_head25k.csv");
    let run = sudoku_bulk(&["validate", "-j", "2", path.to_str().unwrap()], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], "quizzes,solutions,line,status,error");
    assert_eq!(lines.len(), 24_998);
    for (i, row) in lines[1..].iter().enumerate() {
        assert!(row.ends_with(&format!(",{},valid,", i + 2)), "row {}: {row}", i + 2);
    }
}

#[test]
fn count_agrees_across_solvers_on_every_corpus() {
    let Some(dir) = datasets_dir("count_agrees_across_solvers_on_every_corpus") else { return };
    for (name, puzzles) in CORPORA {
        let path = dir.join(name);
        let mut outputs = Vec::new();
        for solver in ["fast", "dlx"] {
            let run = sudoku_bulk(
                &["count", "-q", "-j", "2", "--solver", solver, path.to_str().unwrap()],
                None,
            );
            assert_eq!(run.code, Some(0), "{name} {solver}: {}", run.stderr);
            let expected = if name.contains("serg") { "2+" } else { "1" };
            assert_eq!(run.stdout.lines().count(), puzzles, "{name} {solver}");
            assert!(
                run.stdout.lines().all(|l| l == expected),
                "{name} {solver}: not all {expected}"
            );
            outputs.push(run.stdout);
        }
        assert_eq!(outputs[0], outputs[1], "{name}");
    }
}

#[test]
fn count_reports_each_puzzle_and_a_histogram() {
    let empty = ".".repeat(81);
    let dead = format!("12345678.........9{}", ".".repeat(63));
    let input = format!("{PUZZLE}\n{empty}\n{dead}\nnot a puzzle\n");
    let run = sudoku_bulk(&["count", "--limit", "3"], Some(input.as_bytes()));
    assert_eq!(run.code, Some(1), "a malformed record");
    assert_eq!(run.stdout, "1\n3+\n0\nerror: line 4: malformed: 12 cells, expected 81\n");
    assert!(
        run.stderr.contains(
            "4 puzzles: 1 with 0 solutions, 1 with 1 solution, 1 with 3+ solutions (malformed: 1)"
        ),
        "{}",
        run.stderr
    );
    let run = sudoku_bulk(&["count", "--output-format", "jsonl"], Some(input.as_bytes()));
    let first = run.stdout.lines().next().unwrap();
    assert!(first.starts_with("{\"line\":1,\"status\":\"counted\",\"puzzle\":"), "{first}");
    assert!(first.contains("\"count\":1,\"limit\":2,\"guesses\":0}"), "{first}");
    assert_eq!(sudoku_bulk(&["count", "--limit", "0"], Some(b"")).code, Some(2));
}

#[test]
fn validate_on_puzzles_without_answers_checks_uniqueness() {
    let empty = ".".repeat(81);
    let input = format!("{PUZZLE}\n{empty}\n");
    let run = sudoku_bulk(&["validate"], Some(input.as_bytes()));
    assert_eq!(run.code, Some(1));
    assert_eq!(run.stdout, "valid\nerror: line 2: multiple solutions\n");
}

#[test]
fn csv_layouts_are_recognised_and_columns_kept() {
    let dots = |s: &str| s.to_string();
    // Kaggle 3M layout: id first, `.` blanks, extra columns after.
    let three =
        format!("id,puzzle,solution,clues,difficulty\n7,{},{ANSWER},36,0.0\n", dots(PUZZLE));
    let run = sudoku_bulk(&["solve", "-q"], Some(three.as_bytes()));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.stdout,
        format!(
            "id,puzzle,solution,clues,difficulty,line,status,solution_out,guesses,error\n7,{PUZZLE},{ANSWER},36,0.0,2,solved,{ANSWER},0,\n"
        )
    );
    // sudoku-extreme layout, quoted fields, CRLF, with a wrong answer.
    let wrong = ANSWER.replace("527389416", "527389461");
    let extreme = format!(
        "source,question,answer,rating\r\n\"x\",\"{PUZZLE}\",\"{ANSWER}\",1\r\ny,{PUZZLE},{wrong},2\r\n"
    );
    let run = sudoku_bulk(&["validate", "--output-format", "line"], Some(extreme.as_bytes()));
    assert_eq!(run.code, Some(1));
    assert!(
        run.stdout.starts_with("valid\nerror: line 3: answer invalid: digit 6 twice in column 8"),
        "{}",
        run.stdout
    );
    // No header: the first 81-cell field is the puzzle, the next the answer; the output's
    // header names the input's fields by position.
    let bare = format!("{PUZZLE},{ANSWER}\n");
    let run = sudoku_bulk(&["validate", "--output-format", "line"], Some(bare.as_bytes()));
    assert_eq!((run.code, run.stdout.as_str()), (Some(0), "valid\n"));
    let run = sudoku_bulk(&["validate"], Some(bare.as_bytes()));
    let expected = format!("field1,field2,line,status,error\n{PUZZLE},{ANSWER},1,valid,\n");
    assert_eq!(run.stdout, expected);
    // Columns chosen by name and by position.
    let odd = format!("a,b,c\nx,{PUZZLE},{ANSWER}\n");
    for (puzzle, answer) in [("b", "c"), ("2", "3")] {
        let run = sudoku_bulk(
            &[
                "validate",
                "--puzzle-col",
                puzzle,
                "--solution-col",
                answer,
                "--output-format",
                "line",
            ],
            Some(odd.as_bytes()),
        );
        assert_eq!((run.code, run.stdout.as_str()), (Some(0), "valid\n"), "{}", run.stderr);
    }
    // Without them, the columns of grids are found by their content, and the run says so.
    let run = sudoku_bulk(&["validate", "--output-format", "line"], Some(odd.as_bytes()));
    assert_eq!((run.code, run.stdout.as_str()), (Some(0), "valid\n"), "{}", run.stderr);
    assert!(run.stderr.contains("puzzle in CSV column 2 \"b\" (detected"), "{}", run.stderr);
    assert!(run.stderr.contains("solution in CSV column 3 \"c\" (detected"), "{}", run.stderr);
    let names_only = "a,b,c\nx,y,z\n";
    let run = sudoku_bulk(&["validate"], Some(names_only.as_bytes()));
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("use --puzzle-col"), "{}", run.stderr);
}

#[test]
fn csv_row_faults_are_named() {
    let input = format!(
        "puzzle,solution\n{PUZZLE}\n\"{PUZZLE},{ANSWER}\n{PUZZLE},{ANSWER},extra\n{PUZZLE},{}\n",
        &ANSWER[1..]
    );
    let run = sudoku_bulk(&["validate", "--output-format", "line"], Some(input.as_bytes()));
    assert_eq!(run.code, Some(1));
    assert_eq!(
        run.stdout,
        "error: line 2: malformed: 1 field, expected 2\n\
         error: line 3: malformed: unterminated quote in field 1: no closing quote within 1000 lines\n\
         error: line 4: malformed: 3 fields, expected 2\n\
         error: line 5: answer invalid: 80 cells, expected 81\n"
    );
}

#[test]
fn reports_come_as_csv_or_json_lines() {
    let tmp = TempDir::new("reports");
    let input = tmp.file("in.txt", format!("{PUZZLE}\n{}\n", &PUZZLE[1..]).as_bytes());
    let jsonl = tmp.0.join("bad.jsonl");
    let run = sudoku_bulk(&["solve", "-q", &input, "--report", jsonl.to_str().unwrap()], None);
    assert_eq!(run.code, Some(1));
    assert_eq!(
        std::fs::read_to_string(&jsonl).unwrap(),
        format!(
            "{{\"line\":2,\"status\":\"malformed\",\"error\":\"80 cells, expected 81\",\"record\":\"{}\"}}\n",
            &PUZZLE[1..]
        )
    );
}

/// A headerless `puzzle,solution` file of proper puzzles made from the repository's sample,
/// as lines `puzzle,solution`.
fn headerless_rows(count: usize) -> Vec<String> {
    let sample = std::fs::read_to_string(crate::util::dataset("sample_10k.txt")).unwrap();
    let mut solver = BitmaskSolver::new();
    let mut solution = Grid::EMPTY;
    sample
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(count)
        .map(|line| {
            let grid: Grid = line.trim().parse().unwrap();
            assert_eq!(solver.solve(&grid, 2, &mut solution).solutions, 1);
            let puzzle = line.trim().replace('.', "0");
            format!("{puzzle},{solution}")
        })
        .collect()
}

/// The issue's silent wrong answer: a headerless `puzzle,solution` CSV whose first row's
/// puzzle is broken must not make the solution column the puzzle column for the whole file.
/// Every way the first row (and a row further down) can be bad is reported at its own line.
#[test]
fn a_bad_first_row_is_reported_not_taken_as_the_layout() {
    let rows = headerless_rows(1000);
    let (puzzle, solution) = rows[0].split_once(',').unwrap();
    let spoilt = [
        ("short", format!("{},{solution}", &puzzle[1..]), "malformed: 80 cells, expected 81"),
        ("long", format!("{puzzle}0,{solution}"), "malformed: 82 cells, expected 81"),
        (
            "bad character",
            format!("x{},{solution}", &puzzle[1..]),
            "malformed: cell 1 (row 1, column 1): unexpected character 'x'",
        ),
        ("empty field", format!(",{solution}"), "malformed: 0 cells, expected 81"),
        ("missing field", puzzle.to_string(), "malformed: 1 field, expected 2"),
        ("extra field", format!("{puzzle},{solution},7"), "malformed: 3 fields, expected 2"),
    ];
    let tmp = TempDir::new("bad-first-row");
    for (what, first, error) in spoilt {
        let mut lines = rows.clone();
        lines[0] = first;
        lines[500] = lines[500][1..].to_string(); // row 501's puzzle one character short
        let input = tmp.file("rows.csv", (lines.join("\n") + "\n").as_bytes());
        let summary = tmp.0.join("summary.json");
        let args = ["validate", &input, "--summary-json", summary.to_str().unwrap()];
        let run = sudoku_bulk(&args, None);
        assert_eq!(run.code, Some(1), "{what}: {}", run.stderr);
        assert!(run.stderr.contains(&format!("line 1: {error}")), "{what}: {}", run.stderr);
        assert!(run.stderr.contains("line 501: malformed: 80 cells"), "{what}: {}", run.stderr);
        assert!(
            run.stderr.contains("1000 records: 998 valid, 2 invalid"),
            "{what}: {}",
            run.stderr
        );
        assert!(
            run.stderr.contains("puzzle in CSV column 1 (detected: grids in most of the first 1000 rows), solution in CSV column 2 (detected"),
            "{what}: {}",
            run.stderr
        );
        let summary = std::fs::read_to_string(&summary).unwrap();
        assert!(
            summary.contains(r#""columns":{"puzzle":{"column":1,"name":null,"chosen":"content"},"solution":{"column":2,"name":null,"chosen":"content"},"header_line":null,"rows_read":1000}"#),
            "{what}: {summary}"
        );
        // `solve` answers the puzzles, not their solutions: row 2's answer is its solution.
        let run = sudoku_bulk(&["solve", "-q", "--output-format", "line", &input], None);
        let answers: Vec<&str> = run.stdout.lines().collect();
        assert_eq!(answers.len(), 1000, "{what}");
        assert_eq!(answers[1], rows[1].split_once(',').unwrap().1, "{what}");
        assert!(answers[0].starts_with("error: line 1: malformed"), "{what}: {}", answers[0]);
    }
    // A first line that reads as a header (names over the puzzle columns) is named as such.
    let mut lines = rows.clone();
    lines.insert(0, "board,answer".to_string());
    let input = tmp.file("header.csv", (lines.join("\n") + "\n").as_bytes());
    let run = sudoku_bulk(&["validate", "-o", "/dev/null", &input], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stderr.contains("puzzle in CSV column 1 \"board\" (detected: grids in most of the first 999 rows), solution in CSV column 2 \"answer\" (named in the header)"),
        "{}",
        run.stderr
    );
    // Too few good rows to tell: an error (exit 2), not a guess.
    let input = tmp.file("few.csv", format!("{},x\n", &puzzle[1..]).as_bytes());
    let run = sudoku_bulk(&["validate", &input], None);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("cannot tell which column holds the puzzle"), "{}", run.stderr);
}

/// Runs `python3 -c SCRIPT` on `input`; `None` (with a message) where there is no python3 or
/// the script's module is missing.
fn python(script: &str, input: &str, needs: &str) -> Option<String> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let check = Command::new("python3").args(["-c", &format!("import {needs}")]).output();
    if !check.is_ok_and(|o| o.status.success()) {
        eprintln!("skipping the {needs} check: python3 with {needs} is not installed");
        return None;
    }
    let mut child = Command::new("python3")
        .args(["-c", script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    Some(String::from_utf8(out.stdout).unwrap())
}

/// CSV and JSON Lines output that other tools read: unique column names, the same number of
/// fields on every row, the input's columns kept, whatever the rows' faults.
#[test]
fn csv_and_jsonl_output_reads_in_other_tools() {
    let input = format!(
        "puzzle,solution\n{PUZZLE},{ANSWER}\n{PUZZLE},{ANSWER},extra\n{PUZZLE}\n\"{PUZZLE},{ANSWER}\n\"a,b\",{ANSWER}\n"
    );
    for command in ["solve", "count", "validate"] {
        let run = sudoku_bulk(&[command, "-q"], Some(input.as_bytes()));
        let shape = python(
            "import csv, sys\n\
             rows = list(csv.reader(sys.stdin))\n\
             assert len(set(rows[0])) == len(rows[0]), rows[0]\n\
             print(len(rows), sorted({len(r) for r in rows}), rows[0][:4])",
            &run.stdout,
            "csv",
        );
        if let Some(shape) = shape {
            let width = if command == "validate" { 5 } else { 7 };
            assert_eq!(
                shape.trim(),
                format!("6 [{width}] ['puzzle', 'solution', 'line', 'status']"),
                "{command}: {}",
                run.stdout
            );
        }
        let pandas = python(
            "import pandas, sys\n\
             df = pandas.read_csv(sys.stdin, dtype=str)\n\
             print(df.shape, list(df.columns)[-3:], list(df['status']))",
            &run.stdout,
            "pandas",
        );
        if let (Some(pandas), "solve") = (pandas, command) {
            assert_eq!(
                pandas.trim(),
                "(5, 7) ['solution_out', 'guesses', 'error'] ['solved', 'malformed', 'malformed', 'malformed', 'malformed']"
            );
        }
        let run = sudoku_bulk(&[command, "-q", "--output-format", "jsonl"], Some(input.as_bytes()));
        let keys = python(
            "import json, sys\n\
             for line in sys.stdin: print(list(json.loads(line))[:5])",
            &run.stdout,
            "json",
        );
        if let Some(keys) = keys {
            let first = keys.lines().next().unwrap();
            assert!(
                first.starts_with("['puzzle', 'solution', 'line', 'status'"),
                "{command}: {first}"
            );
            assert_eq!(keys.lines().count(), 5, "{command}");
        }
    }
}
