//! `dedup`: repeats dropped by exact givens or by equivalence class, the first of each kept in
//! input order whatever the threads and piece size; the report naming each dropped record and
//! the one it repeats; several inputs as one stream.

use sudoku_bulk::canon::{self, Transform};
use sudoku_bulk::Grid;

use crate::util::{sudoku_bulk, TempDir};

pub const A: &str =
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
pub const B: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
pub const C: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// A random isomorph of `puzzle` (fixed seed), checked to be another string.
pub fn isomorph(puzzle: &str, seed: u64) -> String {
    let mut state = seed;
    let t = Transform::random(move || {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        state ^ (state >> 29)
    });
    let grid: Grid = puzzle.parse().unwrap();
    let iso = t.apply(&grid).to_string();
    assert_ne!(iso, grid.to_string(), "the transformation changes the string");
    assert!(canon::equivalent(&grid, &iso.parse().unwrap()));
    iso
}

/// The same givens, blanks written `0`.
pub fn zeros(puzzle: &str) -> String {
    puzzle.replace('.', "0")
}

/// Six records: A, an isomorph of A, B, A with other blanks, a malformed line, A again.
fn fixture() -> String {
    let (a, b, c) = (A.parse::<Grid>().unwrap(), B.parse().unwrap(), C.parse().unwrap());
    assert!(!canon::equivalent(&a, &b) && !canon::equivalent(&a, &c));
    assert!(!canon::equivalent(&b, &c));
    format!("{A}\n{}\n{B}\n{}\nnot a puzzle\n{A}\n", isomorph(A, 7), zeros(A))
}

/// The report's rows, header left out.
fn rows(report: &str) -> Vec<String> {
    report.lines().skip(1).map(str::to_string).collect()
}

#[test]
fn dedup_by_exact_drops_the_same_givens_only() {
    let dir = TempDir::new("dedup-exact");
    let input = dir.file("p.txt", fixture().as_bytes());
    let report = dir.0.join("r.csv");
    let run = sudoku_bulk(
        &["dedup", "--by", "exact", "-q", "--report", report.to_str().unwrap(), &input],
        None,
    );
    assert_eq!(run.code, Some(1), "a malformed record fails the run: {}", run.stderr);
    let iso = isomorph(A, 7);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines,
        [A, iso.as_str(), B, "error: line 5: malformed: 12 cells, expected 81"],
        "the isomorph is kept, the zero-blank and the plain repeats dropped"
    );
    let report = std::fs::read_to_string(&report).unwrap();
    assert!(report.starts_with("line,status,error,record,file,first_file,first_line\n"));
    assert_eq!(
        rows(&report),
        [
            format!("4,duplicate,repeats {input} line 1,{},{input},{input},1", zeros(A)),
            format!("5,malformed,\"12 cells, expected 81\",not a puzzle,{input},,"),
            format!("6,duplicate,repeats {input} line 1,{A},{input},{input},1"),
        ]
    );
}

#[test]
fn dedup_by_class_drops_isomorphs_and_keeps_malformed_records() {
    let dir = TempDir::new("dedup-class");
    let input = dir.file("p.txt", fixture().as_bytes());
    let report = dir.0.join("r.jsonl");
    let summary = dir.0.join("s.json");
    let run = sudoku_bulk(
        &[
            "dedup",
            "--report",
            report.to_str().unwrap(),
            "--summary-json",
            summary.to_str().unwrap(),
            &input,
        ],
        None,
    );
    assert_eq!(run.code, Some(1));
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines, [A, B, "error: line 5: malformed: 12 cells, expected 81"]);
    assert!(
        run.stderr.contains("6 records: 3 kept, 3 dropped (repeats by class), 1 failed"),
        "{}",
        run.stderr
    );
    let report = std::fs::read_to_string(&report).unwrap();
    let dropped: Vec<&str> = report.lines().filter(|l| l.contains("duplicate")).collect();
    assert_eq!(dropped.len(), 3, "{report}");
    for (line, row) in [2, 4, 6].iter().zip(&dropped) {
        assert!(row.starts_with(&format!("{{\"line\":{line},\"status\":\"duplicate\"")), "{row}");
        assert!(row.ends_with(",\"first_line\":1}"), "{row}");
    }
    let summary = std::fs::read_to_string(&summary).unwrap();
    assert!(summary.contains("\"by\":\"class\",\"kept\":3,\"dropped\":3"), "{summary}");
    assert!(summary.contains("\"records\":6,"), "{summary}");

    // CSV output: the kept records with their minlex form.
    let csv = sudoku_bulk(&["dedup", "-q", "--output-format", "csv", &input], None);
    let rows: Vec<&str> = csv.stdout.lines().collect();
    assert_eq!(rows[0], "line,puzzle,status,canonical,error");
    let form: String =
        canon::minlex(&A.parse().unwrap()).cells().iter().map(|v| char::from(b'0' + v)).collect();
    assert_eq!(rows[1], format!("1,{A},kept,{form},"));
    assert!(rows[2].starts_with(&format!("3,{B},kept,")));
    assert_eq!(rows[3], "5,not a puzzle,malformed,,\"12 cells, expected 81\"");
    assert_eq!(rows.len(), 4);
}

/// Many records, many repeats (isomorphs and exact copies, spread far apart): the same output
/// and report whatever the threads and piece size; each distinct puzzle kept once, first.
#[test]
fn dedup_keeps_the_first_of_each_whatever_the_threads() {
    let sample = crate::util::read("sample_10k.txt");
    let puzzles: Vec<&str> = sample.lines().filter(|l| !l.starts_with('#')).take(400).collect();
    let mut input = String::new();
    for (i, p) in puzzles.iter().enumerate() {
        input += &format!("{p}\n");
        if i % 3 == 0 {
            input += &format!("{}\n", isomorph(puzzles[i / 2], i as u64 + 1));
        }
        if i % 5 == 0 {
            input += &format!("{}\n", zeros(puzzles[i / 4]));
        }
    }
    let dir = TempDir::new("dedup-threads");
    let path = dir.file("many.txt", input.as_bytes());
    let mut outputs = Vec::new();
    for args in [
        vec!["-j", "1"],
        vec!["-j", "2", "--chunk-size", "1"],
        vec!["-j", "2", "--chunk-size", "300"],
        vec!["-j", "3", "--chunk-size", "4096"],
    ] {
        let report = dir.0.join("r.csv");
        let mut all = vec!["dedup", "-q", "--report", report.to_str().unwrap(), &path];
        all.extend(args);
        let run = sudoku_bulk(&all, None);
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        outputs.push((run.stdout, std::fs::read_to_string(&report).unwrap()));
    }
    for other in &outputs[1..] {
        assert_eq!(&outputs[0], other);
    }
    let kept: Vec<&str> = outputs[0].0.lines().collect();
    assert_eq!(kept, puzzles, "each sample puzzle once, in order: they are all distinct");
    let dropped = outputs[0].1.lines().count() - 1;
    assert_eq!(dropped, input.lines().count() - puzzles.len());
}

/// Several inputs are one stream: a record of the second repeats one of the first, and the
/// report names both files.
#[test]
fn dedup_spans_several_files() {
    let dir = TempDir::new("dedup-files");
    let first = dir.file("one.txt", format!("{A}\n{B}\n").as_bytes());
    let second = dir.file("two.txt", format!("{C}\n{}\n{}\n", isomorph(B, 3), zeros(C)).as_bytes());
    let report = dir.0.join("r.csv");
    let run =
        sudoku_bulk(&["dedup", "-q", "--report", report.to_str().unwrap(), &first, &second], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), [A, B, C]);
    let report = std::fs::read_to_string(&report).unwrap();
    let rows = rows(&report);
    assert_eq!(rows.len(), 2, "{report}");
    assert!(rows[0].starts_with(&format!("2,duplicate,repeats {first} line 2,")), "{report}");
    assert!(rows[0].ends_with(&format!(",{second},{first},2")), "{report}");
    assert!(rows[1].starts_with(&format!("3,duplicate,repeats {second} line 1,")), "{report}");
    assert!(rows[1].ends_with(&format!(",{second},{second},1")), "{report}");
    // By exact, the isomorph stays.
    let exact = sudoku_bulk(&["dedup", "-q", "--by", "exact", &first, &second], None);
    assert_eq!(exact.stdout.lines().count(), 4);
}

/// A kept record is written as it was: its blanks (`0` stay `0`), and a grid its rows as given.
#[test]
fn kept_records_keep_their_own_text() {
    let lines = format!("{}\n{A}\n{B}\n", zeros(A));
    let run = sudoku_bulk(&["dedup", "-q", "--by", "exact"], Some(lines.as_bytes()));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, format!("{}\n{B}\n", zeros(A)));
    // A grid, spaced and with `0` blanks, then the same puzzle as a line.
    let grid: String = zeros(A)
        .as_bytes()
        .chunks(9)
        .map(|row| row.iter().map(|&c| (c as char).to_string()).collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n");
    let input = format!("{grid}\n\n{grid}\n");
    let run = sudoku_bulk(&["dedup", "-q", "--by", "exact"], Some(input.as_bytes()));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, format!("{grid}\n"));
}
