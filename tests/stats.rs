//! `stats`: its figures agree with what the other commands say of the same files (validate's
//! reasons, count's solutions, rate's ratings, dedup's repeats, overlap's overlap, the guesses
//! in validate's rows), whatever the threads and piece size.

use serde_json::Value;

use crate::dedup::{isomorph, zeros, A, B, C};
use crate::util::{sudoku_bulk, TempDir};

/// A's first solution, from `solve`.
fn solution(puzzle: &str) -> String {
    let run = sudoku_bulk(&["solve", "-q"], Some(format!("{puzzle}\n").as_bytes()));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    run.stdout.trim().to_string()
}

/// A CSV of puzzles and answers with something of everything: valid rows, an exact repeat
/// and an equivalent puzzle, wrong answers of each kind, a puzzle with several solutions
/// whose answer is one of them, conflicting givens, a malformed row, a hard puzzle, no answer,
/// a 4x4 puzzle (with an empty answer).
fn fixture() -> String {
    let (a, b, c) = (solution(A), solution(B), solution(C));
    // Two cells of a row swapped: the columns then hold a digit twice.
    let mut swapped = a.clone().into_bytes();
    swapped.swap(0, 1);
    let swapped = String::from_utf8(swapped).unwrap();
    // Digits 1 and 2 exchanged: a valid grid, but not the givens.
    let relabelled: String = a
        .chars()
        .map(|ch| {
            if ch == '1' {
                '2'
            } else if ch == '2' {
                '1'
            } else {
                ch
            }
        })
        .collect();
    // A with its first eight givens blanked has several solutions; A's is one of them.
    let mut blanked = A.to_string().into_bytes();
    let mut left = 8;
    for cell in blanked.iter_mut() {
        if *cell != b'.' && left > 0 {
            *cell = b'.';
            left -= 1;
        }
    }
    let blanked = String::from_utf8(blanked).unwrap();
    // A 1 in A's first cell, blank there: a conflict, as row 1 holds a 1 already.
    let conflict = format!("1{}", &A[1..]);
    assert!(A.starts_with('.') && A[1..9].contains('1'));
    let rows = [
        format!("{A},{a}"),
        format!("{},", isomorph(A, 7)),
        format!("{B},{b}"),
        format!("{},{a}", zeros(A)),
        "not a puzzle,".to_string(),
        format!("{A},{swapped}"),
        format!("{A},{relabelled}"),
        format!("{blanked},{a}"),
        format!("{conflict},"),
        format!("{C},{c}"),
        format!("{},{b}", isomorph(B, 3)),
        "3.....3....4.1..,".to_string(),
    ];
    format!("quizzes,solutions\n{}\n", rows.join("\n"))
}

/// Runs `sudoku-bulk ARGS --summary-json -` and returns the summary.
fn summary(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.extend(["-q", "-o", "/dev/null", "--summary-json", "-"]);
    let run = sudoku_bulk(&all, None);
    assert!(matches!(run.code, Some(0 | 1)), "{all:?}: {}", run.stderr);
    serde_json::from_str(run.stdout.trim()).unwrap_or_else(|e| panic!("{e}: {}", run.stdout))
}

/// Runs `sudoku-bulk stats ARGS` and returns its JSON report (from stdout).
fn report(args: &[&str]) -> Value {
    let mut all = vec!["stats", "-q"];
    all.extend(args);
    let run = sudoku_bulk(&all, None);
    assert_eq!(run.code, Some(0), "{all:?}: {}", run.stderr);
    serde_json::from_str(&run.stdout).unwrap_or_else(|e| panic!("{e}: {}", run.stdout))
}

/// A JSON object's number at `key` (0 where it is missing).
fn n(value: &Value, key: &str) -> u64 {
    value.get(key).and_then(Value::as_u64).unwrap_or(0)
}

#[test]
fn stats_agrees_with_validate_count_rate_and_dedup() {
    let dir = TempDir::new("stats-agree");
    let file = dir.file("mixed.csv", fixture().as_bytes());
    let stats = report(&[&file]);
    let side = &stats["sides"][0];
    assert_eq!(side["side"], "all");
    assert_eq!(stats["inputs"][0]["side"], "all");

    let validate = summary(&["validate", &file]);
    assert_eq!(side["records"], validate["records"]);
    assert_eq!(side["valid"], validate["ok"]);
    assert_eq!(side["failed"], validate["failed"]);
    assert_eq!(side["reasons"], validate["reasons"]);
    assert_eq!(n(side, "records"), 12);

    // count fails conflicting givens; stats counts them with no solution.
    let count = summary(&["count", &file]);
    let solutions = &side["solutions"];
    let conflicting = n(&count["reasons"], "conflicting givens");
    assert_eq!(conflicting, 1);
    assert_eq!(n(solutions, "0"), n(&count["solutions"], "0") + conflicting);
    assert_eq!(n(solutions, "1"), n(&count["solutions"], "1"));
    assert_eq!(n(solutions, "2+"), n(&count["solutions"], "2+"));
    assert_eq!(n(solutions, "2+"), 1);

    let rate = summary(&["rate", &file]);
    assert_eq!(side["ratings"]["ratings"], rate["ratings"]);
    assert_eq!(side["ratings"]["techniques"], rate["techniques"]);

    for by in ["exact", "class"] {
        let dedup = summary(&["dedup", "--by", by, &file]);
        assert_eq!(side["repeats"][by], dedup["dropped"], "by {by}");
    }
    assert_eq!(side["repeats"]["exact"], 3, "A three more times");
    assert_eq!(side["repeats"]["class"], 5, "A four more times, B once: {side}");

    // The guesses: count's rows carry each puzzle's (the same search as validate's, to 2).
    let rows = sudoku_bulk(&["count", "-q", "--output-format", "csv", &file], None);
    let header: Vec<&str> = rows.stdout.lines().next().unwrap().split(',').collect();
    let at = header.iter().position(|&h| h == "guesses").expect("a guesses column");
    let guesses: Vec<u64> = rows
        .stdout
        .lines()
        .skip(1)
        .filter_map(|l| l.split(',').nth(at).and_then(|g| g.parse().ok()))
        .collect();
    assert_eq!(n(&side["guesses"], "total"), guesses.iter().sum::<u64>());
    assert_eq!(n(&side["guesses"], "most"), *guesses.iter().max().unwrap());
    assert_eq!(n(&side["guesses"], "puzzles"), 11, "every record but the malformed one");
    assert!(n(&side["guesses"], "most") > 0, "the puzzle with several solutions takes guesses");
    assert_eq!(side["slowest"][0]["line"], 9, "it is on line 9: {}", side["slowest"]);
    assert_eq!(side["slowest"][0]["guesses"], n(&side["guesses"], "most"));

    let answers = &side["answers"];
    // An empty answer field is an invalid answer, as validate says; B's solution on B's
    // isomorph disagrees with its givens.
    let expect = [
        ("none", 1),
        ("the solution", 4),
        ("one of several solutions", 1),
        ("answer invalid", 3),
        ("answer disagrees with givens", 2),
        ("answer is not the solution", 0),
        ("not checked: no solution", 1),
    ];
    for (what, count) in expect {
        assert_eq!(n(answers, what), count, "{what}: {answers}");
    }
    assert_eq!(n(&side["sizes"], "9x9"), 10);
    assert_eq!(n(&side["sizes"], "4x4"), 1);
    assert_eq!(n(&side["malformed"], "wrong length"), 1, "{}", side["malformed"]);
    assert_eq!(side["malformed_records"][0]["line"], 6);
    let clues: u64 = side["clues"].as_object().unwrap().values().map(|v| v.as_u64().unwrap()).sum();
    assert_eq!(clues, 11);
    let a_clues = A.bytes().filter(|&b| b != b'.').count().to_string();
    assert!(n(&side["clues"], &a_clues) >= 4, "A and its repeats: {}", side["clues"]);
}

#[test]
fn stats_is_the_same_whatever_the_threads_and_pieces() {
    let dir = TempDir::new("stats-threads");
    let file = dir.file("mixed.csv", fixture().as_bytes());
    let strip = |mut v: Value| {
        v.as_object_mut().unwrap().remove("seconds");
        v.as_object_mut().unwrap().remove("threads");
        v
    };
    let one = strip(report(&[&file, "-j", "1"]));
    let two = strip(report(&[&file, "-j", "2", "--chunk-size", "1"]));
    assert_eq!(one, two);
}

#[test]
fn stats_with_a_test_side_counts_the_overlap_as_overlap_does() {
    let dir = TempDir::new("stats-overlap");
    let train = dir.file("train.txt", format!("{A}\n{B}\n{}\n", isomorph(B, 5)).as_bytes());
    let test = dir
        .file("test.txt", format!("{C}\n{}\n{}\nbad\n{A}\n", isomorph(A, 9), zeros(B)).as_bytes());
    let stats = report(&[&train, "--test", &test]);
    assert_eq!(stats["sides"][0]["side"], "train");
    assert_eq!(stats["sides"][1]["side"], "test");
    assert_eq!(stats["inputs"][1]["side"], "test");
    let overlap = &stats["overlap"];
    for by in ["exact", "class"] {
        let theirs = summary(&["overlap", "--by", by, &train, "--test", &test]);
        assert_eq!(n(&overlap[by], "records"), n(&theirs, "overlapping"), "by {by}: {overlap}");
        assert_eq!(n(&overlap[by], "distinct"), n(&theirs, "overlapping_distinct"), "by {by}");
    }
    assert_eq!(n(&overlap["class"], "records"), 3);
    assert_eq!(n(&overlap["exact"], "records"), 2);
    assert_eq!(n(overlap, "test_records"), 5);
    // Within the test side, A's isomorph and A repeat each other.
    assert_eq!(stats["sides"][1]["repeats"]["class"], 1);
    assert_eq!(stats["sides"][0]["repeats"]["class"], 1);

    // --by exact: no classes anywhere.
    let exact = report(&[&train, "--test", &test, "--by", "exact", "--no-rating"]);
    assert!(exact["overlap"].get("class").is_none());
    assert!(exact["sides"][0]["repeats"]["class"].is_null());
    assert!(exact["sides"][0].get("ratings").is_none());
}

#[test]
fn stats_refuses_record_formats_and_writes_html_by_name() {
    let dir = TempDir::new("stats-out");
    let file = dir.file("p.txt", format!("{A}\n").as_bytes());
    let run = sudoku_bulk(&["stats", &file, "--output-format", "csv"], None);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("stats writes a report"), "{}", run.stderr);
    let html = dir.0.join("r.html");
    let json = dir.0.join("r.json");
    let run = sudoku_bulk(
        &["stats", &file, "-o", html.to_str().unwrap(), "--summary-json", json.to_str().unwrap()],
        None,
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>"), "{page}");
    let json: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(json["sides"][0]["records"], 1);
    assert!(run.stderr.contains("1 record (1 input): 1 valid"), "{}", run.stderr);
}

#[test]
fn stats_on_a_shared_corpus_agrees_with_validate_and_dedup() {
    let Some(dir) = crate::util::datasets_dir("stats_on_a_shared_corpus") else { return };
    let file = dir.join("kaggle_1m_head25k.csv");
    let file = file.to_str().unwrap();
    let stats = report(&[file, "--no-rating"]);
    let side = &stats["sides"][0];
    let validate = summary(&["validate", file]);
    assert_eq!(side["records"], validate["records"]);
    assert_eq!(side["valid"], validate["ok"]);
    assert_eq!(side["reasons"], validate["reasons"]);
    assert_eq!(n(&side["answers"], "the solution"), n(&validate, "ok"));
    for by in ["exact", "class"] {
        let dedup = summary(&["dedup", "--by", by, file]);
        assert_eq!(side["repeats"][by], dedup["dropped"], "by {by}");
    }
    assert_eq!(stats["inputs"][0]["columns"]["puzzle"]["name"], "quizzes");
}

#[test]
fn stats_reports_the_failed_records_of_every_input_under_one_header() {
    let dir = TempDir::new("stats-report");
    let one = dir.file("one.txt", format!("bad\n{A}\n").as_bytes());
    let two = dir.file("two.txt", format!("{B}\nworse\n").as_bytes());
    let report = dir.0.join("failed.csv");
    let run = sudoku_bulk(
        &["stats", "-q", &one, "--test", &two, "--report", report.to_str().unwrap()],
        None,
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let text = std::fs::read_to_string(report).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "line,status,error,record", "{text}");
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[1].starts_with("1,malformed,") && lines[2].starts_with("2,malformed,"));
}

#[test]
fn stats_counts_a_size_the_solver_does_not_take_as_malformed() {
    let dir = TempDir::new("stats-not-nine");
    let file = dir.file("p.txt", format!("{A}\n3.....3....4.1..\n").as_bytes());
    let stats = report(&[&file, "--solver", "bitmask"]);
    let side = &stats["sides"][0];
    assert_eq!(n(&side["reasons"], "malformed"), 1);
    assert_eq!(n(&side["malformed"], "not 9x9"), 1, "{}", side["malformed"]);
    assert_eq!(side["malformed_records"][0]["line"], 2);
    assert_eq!(n(&side["sizes"], "9x9"), 1);
    assert!(side["sizes"].get("4x4").is_none(), "{}", side["sizes"]);
}
