//! `overlap`: test records equivalent (or identical) to a training record, with both files and
//! lines; exit 1 on any overlap and 0 on none, so a pipeline can gate on it.

use sudoku_bulk::canon;

use crate::dedup::{isomorph, zeros, A, B, C};
use crate::util::{sudoku_bulk, TempDir};

/// A's minlex form as its 81 digits.
fn form(puzzle: &str) -> String {
    canon::minlex(&puzzle.parse().unwrap()).cells().iter().map(|v| char::from(b'0' + v)).collect()
}

#[test]
fn overlap_names_each_test_record_in_a_training_class() {
    let dir = TempDir::new("overlap-class");
    let train1 = dir.file("train1.txt", format!("{A}\n").as_bytes());
    let train2 = dir.file("train2.txt", format!("# two\n{B}\n{}\n", isomorph(B, 5)).as_bytes());
    let test1 = dir.file("test1.txt", format!("{C}\n{}\n", isomorph(A, 9)).as_bytes());
    let test2 =
        dir.file("test2.txt", format!("{}\n{C}\n{}\n", zeros(B), isomorph(B, 11)).as_bytes());
    let summary = dir.0.join("s.json");
    let run = sudoku_bulk(
        &[
            "overlap",
            &train1,
            &train2,
            "--test",
            &test1,
            &test2,
            "-j",
            "2",
            "--chunk-size",
            "1",
            "--summary-json",
            summary.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(run.code, Some(1), "overlap exits 1: {}", run.stderr);
    let rows: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        rows,
        [
            "test_file,test_line,train_file,train_line,canonical".to_string(),
            format!("{test1},2,{train1},1,{}", form(A)),
            format!("{test2},1,{train2},2,{}", form(B)),
            format!("{test2},3,{train2},2,{}", form(B)),
        ]
    );
    assert!(
        run.stderr
            .contains("3 train records (2 distinct), 5 test records, 3 overlapping (2 distinct)"),
        "{}",
        run.stderr
    );
    let summary = std::fs::read_to_string(&summary).unwrap();
    assert!(summary.contains("\"train_records\":3,\"train_distinct\":2,\"test_records\":5,"));
    assert!(summary.contains("\"overlapping\":3,\"overlapping_distinct\":2,"), "{summary}");

    // By exact, only the zero-blank copy of B overlaps; as JSON Lines.
    let exact = sudoku_bulk(
        &["overlap", "-q", "--by", "exact", "--output-format", "jsonl", &train1, &train2]
            .into_iter()
            .chain(["--test", &test1, &test2])
            .collect::<Vec<_>>(),
        None,
    );
    assert_eq!(exact.code, Some(1));
    let puzzle = zeros(B);
    assert_eq!(
        exact.stdout,
        format!(
            "{{\"test_file\":\"{test2}\",\"test_line\":1,\"train_file\":\"{train2}\",\
             \"train_line\":2,\"form\":\"{puzzle}\"}}\n"
        )
    );
}

#[test]
fn overlap_exits_0_when_the_sides_are_apart() {
    let dir = TempDir::new("overlap-none");
    let train = dir.file("train.txt", format!("{A}\n{B}\n").as_bytes());
    let test = dir.file("test.txt", format!("{C}\n").as_bytes());
    let run = sudoku_bulk(&["overlap", "-q", &train, "--test", &test], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, "test_file,test_line,train_file,train_line,canonical\n");
    // An isomorph of a training puzzle is no overlap by exact, but is by class.
    let test = dir.file("iso.txt", format!("{}\n", isomorph(A, 3)).as_bytes());
    let exact = sudoku_bulk(&["overlap", "-q", "--by", "exact", &train, "--test", &test], None);
    assert_eq!(exact.code, Some(0), "{}", exact.stdout);
    let class =
        sudoku_bulk(&["overlap", "-q", "--output-format", "line", &train, "--test", &test], None);
    assert_eq!(class.code, Some(1));
    assert_eq!(class.stdout, format!("{test}:1 {train}:1 {}\n", form(A)));
    // A malformed record with no overlap: the check is incomplete, exit 2.
    let bad = dir.file("bad.txt", format!("{C}\nnot a puzzle\n").as_bytes());
    let run = sudoku_bulk(&["overlap", "-q", &train, "--test", &bad], None);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("line 2: malformed"), "{}", run.stderr);
    // --test is required.
    assert_eq!(sudoku_bulk(&["overlap", &train], None).code, Some(2));
}

#[test]
fn overlap_names_itself_for_the_puzzles_it_does_not_take() {
    let dir = TempDir::new("overlap-sized");
    let sixteen = sudoku_bulk(&["generate", "--size", "16", "-n", "1", "--seed", "3", "-q"], None);
    assert_eq!(sixteen.code, Some(0), "{}", sixteen.stderr);
    let marks = "123456789".repeat(81);
    let train = dir.file("train.txt", format!("{A}\n").as_bytes());
    let test = dir.file("test.txt", format!("{}{marks}\n", sixteen.stdout).as_bytes());
    let run = sudoku_bulk(&["overlap", "-q", &train, "--test", &test], None);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    for (line, kind) in [(1, "a 16x16 puzzle"), (2, "a pencilmark puzzle")] {
        let said =
            format!("{test}: line {line}: malformed: {kind}: overlap takes 9x9 puzzles only");
        assert!(run.stderr.contains(&said), "{said} in {}", run.stderr);
    }
    assert!(!run.stderr.contains("dedup"), "{}", run.stderr);
    // dedup says its own name.
    let run = sudoku_bulk(&["dedup", "-q", "-o", "/dev/null", &test], None);
    assert!(run.stderr.contains("a 16x16 puzzle: dedup takes 9x9 puzzles only"), "{}", run.stderr);
}
