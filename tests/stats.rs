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
    let blanked = blanked();
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

/// A with its first eight givens blanked: it has several solutions; A's is one of them.
fn blanked() -> String {
    let mut blanked = A.to_string().into_bytes();
    let mut left = 8;
    for cell in blanked.iter_mut() {
        if *cell != b'.' && left > 0 {
            *cell = b'.';
            left -= 1;
        }
    }
    String::from_utf8(blanked).unwrap()
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
    // An empty answer field is no answer (validate fails the record, for want of one); B's
    // solution on B's isomorph disagrees with its givens.
    let expect = [
        ("none", 4),
        ("the solution", 4),
        ("one of several solutions", 1),
        ("answer invalid", 1),
        ("answer disagrees with givens", 2),
        ("answer is not the solution", 0),
        ("not checked: no solution", 0),
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

#[test]
fn a_missing_answer_is_none_and_a_malformed_rows_answer_is_not_checked() {
    let dir = TempDir::new("stats-answers");
    let a = solution(A);
    // An empty answer, on a proper puzzle and on one with several solutions; a malformed row
    // carrying an answer, and one carrying none; a JSON Lines null answer.
    let csv =
        format!("quizzes,solutions\n{A},\n{},\nnot a puzzle,{a}\nnot one either,\n", blanked());
    let csv = dir.file("answers.csv", csv.as_bytes());
    let jsonl =
        dir.file("answers.jsonl", format!("{{\"puzzle\":\"{A}\",\"solution\":null}}\n").as_bytes());
    let answers = |file: &str| report(&[file, "--no-rating"])["sides"][0]["answers"].clone();
    let got = answers(&csv);
    assert_eq!(n(&got, "none"), 3, "{got}");
    assert_eq!(n(&got, "not checked: no solution"), 1, "the malformed row's answer: {got}");
    assert_eq!(n(&got, "answer invalid"), 0, "{got}");
    let got = answers(&jsonl);
    assert_eq!((n(&got, "none"), n(&got, "answer invalid")), (1, 0), "{got}");

    // validate: one reason and one message for a missing answer, empty or null.
    let missing = "answer invalid: no answer (the answer field is empty or null)";
    let run = sudoku_bulk(&["validate", "-q", "-o", "/dev/null", &csv], None);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert!(lines[0].ends_with(&format!("line 2: {missing}")), "{}", run.stderr);
    assert!(lines[1].ends_with("line 3: multiple solutions"), "{}", run.stderr);
    let run = sudoku_bulk(&["validate", "-q", "-o", "/dev/null", &jsonl], None);
    assert!(run.stderr.trim_end().ends_with(&format!("line 1: {missing}")), "{}", run.stderr);
}

#[test]
fn stats_refuses_record_names_and_options_about_records() {
    let dir = TempDir::new("stats-refuses");
    let file = dir.file("p.txt", format!("{A}\n").as_bytes());
    for name in ["r.csv", "r.parquet", "r.jsonl", "r.csv.gz"] {
        let out = dir.0.join(name);
        let run = sudoku_bulk(&["stats", "-q", &file, "-o", out.to_str().unwrap()], None);
        assert_eq!(run.code, Some(2), "{name}: {}", run.stderr);
        assert!(run.stderr.contains("stats writes a report, not records"), "{}", run.stderr);
        assert!(!out.exists(), "{name} is not written");
    }
    for option in ["--failures-only", "--with-size"] {
        let run = sudoku_bulk(&["stats", "-q", &file, option], None);
        assert_eq!(run.code, Some(2), "{option}: {}", run.stderr);
        assert!(run.stderr.contains(&format!("{option} does not apply")), "{}", run.stderr);
    }
    // A report named .json (or anything but records) is still written.
    let json = dir.0.join("r.json");
    let run = sudoku_bulk(&["stats", "-q", &file, "-o", json.to_str().unwrap()], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
}

#[test]
fn rate_says_nothing_of_ratings_when_none_was_rated_and_its_json_says_rated() {
    let dir = TempDir::new("rate-summary");
    let bad = dir.file("bad.txt", b"x\ny\n");
    for (command, word) in [("rate", "rated"), ("explain", "explained")] {
        let run = sudoku_bulk(&[command, &bad, "-o", "/dev/null", "--summary-json", "-"], None);
        assert_eq!(run.code, Some(1), "{}", run.stderr);
        let line = run.stderr.lines().last().unwrap();
        assert!(line.contains(&format!("2 puzzles: 0 {word}, 2 failed (malformed: 2)")), "{line}");
        assert!(!line.contains("rating"), "{line}");
        let summary: Value = serde_json::from_str(run.stdout.trim()).unwrap();
        assert_eq!(summary[word], 0, "{summary}");
        assert_eq!(summary["ok"], 0, "{summary}");
    }
    let good = dir.file("good.txt", format!("{A}\n{B}\n").as_bytes());
    let run = sudoku_bulk(&["rate", &good, "-o", "/dev/null", "--summary-json", "-"], None);
    let summary: Value = serde_json::from_str(run.stdout.trim()).unwrap();
    assert_eq!((summary["rated"].as_u64(), summary["ok"].as_u64()), (Some(2), Some(2)));
    assert!(
        run.stderr.lines().last().unwrap().contains("2 rated, 0 failed; rating "),
        "{}",
        run.stderr
    );
}

#[test]
fn stats_compares_other_sizes_by_their_givens_in_classes_and_says_so() {
    let dir = TempDir::new("stats-sized");
    let made = sudoku_bulk(&["generate", "--size", "16", "-n", "2", "--seed", "4", "-q"], None);
    assert_eq!(made.code, Some(0), "{}", made.stderr);
    let lines: Vec<&str> = made.stdout.lines().collect();
    let train = format!("{}\n{}\n{}\n{}\n{}\n", lines[0], lines[1], lines[0], lines[0], lines[1]);
    let train = dir.file("train.txt", train.as_bytes());
    let test = dir.file("test.txt", format!("{}\n", lines[1]).as_bytes());
    let stats = report(&[&train, "--test", &test]);
    let side = &stats["sides"][0];
    assert_eq!(side["repeats"]["exact"], 3, "{side}");
    assert_eq!(side["repeats"]["class"], 3, "a repeat is a class repeat: {side}");
    assert_eq!(side["repeats"]["class_by_givens"], 5, "{side}");
    let overlap = &stats["overlap"];
    assert_eq!(overlap["exact"]["records"], 1, "{overlap}");
    assert_eq!(overlap["class"]["records"], 1, "{overlap}");
    // By exact, nothing is compared by class.
    let exact = report(&[&train, "--by", "exact"]);
    assert!(exact["sides"][0]["repeats"].get("class_by_givens").is_none());
    // The page says how they were compared, and why they have no rating.
    let page = dir.0.join("r.html");
    let run = sudoku_bulk(&["stats", "-q", &train, "-o", page.to_str().unwrap()], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let page = std::fs::read_to_string(page).unwrap();
    assert!(
        page.contains("the 5 puzzles of other sizes or with pencilmarks have no minlex form"),
        "{page}"
    );
    assert!(page.contains("not the 5 puzzles of other sizes or with pencilmarks (<code>rate</code> takes 9x9 puzzles only)"));
}

/// Chromium, where the machine has one (`$CHROMIUM`, else `chromium` on the PATH).
fn chromium() -> Option<std::path::PathBuf> {
    if let Some(path) = std::env::var_os("CHROMIUM") {
        return Some(path.into());
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join("chromium")).find(|p| p.is_file())
}

#[test]
fn the_stats_pages_tables_fit_a_window_1100_pixels_wide() {
    let Some(chromium) = chromium() else {
        use std::io::Write;
        let _ = writeln!(std::io::stderr(), "skipping the_stats_pages_tables_fit: no chromium");
        return;
    };
    let dir = TempDir::new("stats-width");
    let sixteen = sudoku_bulk(&["generate", "--size", "16", "-n", "3", "--seed", "6", "-q"], None);
    let long = "7".repeat(90) + &"x".repeat(400);
    let text = format!("{A}\n{B}\n{long}\n{}not,a,puzzle\n", sixteen.stdout);
    let file = dir.file("mixed.txt", text.as_bytes());
    let page = dir.0.join("r.html");
    let run = sudoku_bulk(&["stats", "-q", &file, "-o", page.to_str().unwrap()], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    // The page runs no script; a copy of it with one that writes, into its title, how far
    // right its tables reach in a window 1,100 pixels wide.
    let html = std::fs::read_to_string(&page).unwrap();
    let probe =
        "<script>document.title = 'right:' + Math.max(...[...document.querySelectorAll('table')]\
                 .map(t => Math.ceil(t.getBoundingClientRect().right)));</script></body>";
    let probed = dir.file("probed.html", html.replace("</body>", probe).as_bytes());
    let out = std::process::Command::new(chromium)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--window-size=1100,900"])
        .arg("--dump-dom")
        .arg(format!("file://{probed}"))
        .output()
        .expect("chromium runs");
    let dom = String::from_utf8_lossy(&out.stdout);
    let right: u32 = dom
        .split("<title>right:")
        .nth(1)
        .and_then(|t| t.split('<').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no measure in {dom}"));
    assert!(right <= 1100, "a table reaches {right} px");
}
