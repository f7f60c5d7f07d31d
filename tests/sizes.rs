//! Every size from 4x4 to 25x25, and 9x9 pencilmark puzzles, through the binary: puzzles
//! made by `generate --size`, solved, counted and validated in every form the formats take,
//! mixed sizes in one file, and the commands that take 9x9 only saying so.

use crate::util::{sudoku_bulk, TempDir};

/// The sizes a line's length names, and the puzzles of each made for a test (with their
/// solutions, as CSV rows `puzzle,solution`).
const SIZES: [usize; 7] = [4, 6, 8, 9, 12, 16, 25];

fn generated(size: usize, count: usize, seed: u64) -> Vec<(String, String)> {
    let (n, seed, size) = (count.to_string(), seed.to_string(), size.to_string());
    let args = ["generate", "--size", &size, "-n", &n, "--seed", &seed, "--solutions", "-q"];
    let run = sudoku_bulk(&args, None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let rows: Vec<(String, String)> = run
        .stdout
        .lines()
        .skip(1) // the header
        .map(|row| {
            let (p, s) = row.split_once(',').unwrap();
            (p.to_string(), s.to_string())
        })
        .collect();
    assert_eq!(rows.len(), count);
    rows
}

/// Whether `solution` is a complete grid of size `n` (boxes of its usual shape) that keeps
/// the givens of `puzzle`: checked here from the text, not by the library.
fn solves(puzzle: &str, solution: &str, n: usize) -> bool {
    let value = |c: u8| match c {
        b'1'..=b'9' => usize::from(c - b'0'),
        b'A'..=b'Z' => usize::from(c - b'A') + 10,
        _ => 0,
    };
    let cells: Vec<usize> = solution.bytes().map(value).collect();
    let (br, bc) = match n {
        4 => (2, 2),
        6 => (2, 3),
        8 => (2, 4),
        9 => (3, 3),
        12 => (3, 4),
        16 => (4, 4),
        _ => (5, 5),
    };
    let house_ok = |members: Vec<usize>| {
        let mut digits: Vec<usize> = members.iter().map(|&i| cells[i]).collect();
        digits.sort();
        digits == (1..=n).collect::<Vec<_>>()
    };
    cells.len() == n * n
        && puzzle.bytes().zip(solution.bytes()).all(|(p, s)| value(p) == 0 || p == s)
        && (0..n).all(|i| {
            let (top, left) = (i / (n / bc) * br, i % (n / bc) * bc);
            house_ok((0..n).map(|j| i * n + j).collect())
                && house_ok((0..n).map(|j| j * n + i).collect())
                && house_ok((0..n).map(|j| (top + j / bc) * n + left + j % bc).collect())
        })
}

#[test]
fn puzzles_of_every_size_are_solved_counted_and_validated_in_one_file() {
    let tmp = TempDir::new("sizes");
    let mut rows = Vec::new();
    for (k, &n) in SIZES.iter().enumerate() {
        rows.extend(
            generated(n, if n == 25 { 1 } else { 3 }, k as u64).into_iter().map(|r| (n, r)),
        );
    }
    let lines: String = rows.iter().map(|(_, (p, _))| format!("{p}\n")).collect();
    let input = tmp.file("mixed.txt", lines.as_bytes());
    let solved = sudoku_bulk(&["solve", &input, "-q"], None);
    assert_eq!(solved.code, Some(0), "{}", solved.stderr);
    let out: Vec<&str> = solved.stdout.lines().collect();
    assert_eq!(out.len(), rows.len(), "one output record per input record");
    for ((n, (puzzle, solution)), got) in rows.iter().zip(&out) {
        assert_eq!(got, solution, "{n}x{n}: {puzzle}");
        assert!(solves(puzzle, got, *n), "{n}x{n}: {got}");
    }
    let counted = sudoku_bulk(&["count", &input, "-q"], None);
    assert!(counted.stdout.lines().all(|l| l == "1"), "{}", counted.stdout);
    // The CSV of generate, validated: every answer is the one solution.
    let csv: String = rows.iter().map(|(_, (p, s))| format!("{p},{s}\n")).collect();
    let csv = tmp.file("mixed.csv", format!("puzzle,solution\n{csv}").as_bytes());
    let valid = sudoku_bulk(&["validate", &csv, "-o", "-", "--output-format", "jsonl", "-q"], None);
    assert_eq!(valid.code, Some(0), "{}", valid.stderr);
    assert_eq!(valid.stdout.matches("\"status\":\"valid\"").count(), rows.len());
}

#[test]
fn wrong_answers_and_bad_lines_of_other_sizes_are_named() {
    let tmp = TempDir::new("sizes-faults");
    let (puzzle, solution) = generated(16, 1, 5).remove(0);
    // Swap two digits of the answer's first row: the answer is still a valid row, but the
    // grid is not a solution.
    let mut swapped = solution.clone().into_bytes();
    swapped.swap(0, 1);
    let swapped = String::from_utf8(swapped).unwrap();
    let blank_at = puzzle.find('.').unwrap();
    let mut blanked = solution.clone().into_bytes();
    blanked[blank_at] = b'.';
    let blanked = String::from_utf8(blanked).unwrap();
    let mut bad = puzzle.clone().into_bytes();
    bad[17] = b'H'; // 17, above 16
    let bad = String::from_utf8(bad).unwrap();
    let text = format!(
        "puzzle,solution\n{puzzle},{solution}\n{puzzle},{swapped}\n{puzzle},{blanked}\n{bad},{solution}\n{puzzle},\n"
    );
    let input = tmp.file("faults.csv", text.as_bytes());
    let run = sudoku_bulk(&["validate", &input], None);
    assert_eq!(run.code, Some(1));
    let errors: Vec<&str> = run.stderr.lines().filter(|l| l.contains(": line ")).collect();
    assert_eq!(errors.len(), 4, "{}", run.stderr);
    assert!(errors[0].contains("line 3: answer invalid: digit"), "{}", errors[0]);
    let cell = blank_at + 1;
    let (row, col) = (blank_at / 16 + 1, blank_at % 16 + 1);
    let blank = format!("line 4: answer invalid: cell {cell} (row {row}, column {col}) is blank");
    assert!(errors[1].ends_with(&blank), "{}", errors[1]);
    assert!(
        errors[2].ends_with(
            "line 5: malformed: cell 18 (row 2, column 2): 'H' is 17, above 16 in a 16x16 grid"
        ),
        "{}",
        errors[2]
    );
    assert!(
        errors[3]
            .ends_with("line 6: answer invalid: no answer (the answer field is empty or null)"),
        "{}",
        errors[3]
    );
}

#[test]
fn commands_for_nine_by_nine_only_say_so_for_each_other_puzzle() {
    let tmp = TempDir::new("sizes-nine-only");
    let (puzzle, _) = generated(12, 1, 2).remove(0);
    let nine = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let input = tmp.file("two.txt", format!("{puzzle}\n{nine}\n").as_bytes());
    for command in ["canon", "dedup", "augment", "rate", "explain"] {
        let run = sudoku_bulk(&[command, &input], None);
        let expected =
            format!("line 1: malformed: a 12x12 puzzle: {command} takes 9x9 puzzles only");
        assert!(run.stderr.contains(&expected), "{command}: {}", run.stderr);
        assert!(
            !run.stderr.contains("line 2:"),
            "{command}: the 9x9 puzzle passes: {}",
            run.stderr
        );
    }
}

#[test]
fn dancing_links_solves_every_size_and_the_solvers_for_nine_by_nine_say_so() {
    let tmp = TempDir::new("sizes-solvers");
    let mut rows = generated(6, 2, 3);
    rows.extend(generated(16, 1, 4));
    let lines: String = rows.iter().map(|(p, _)| format!("{p}\n")).collect();
    let input = tmp.file("sized.txt", lines.as_bytes());
    let run = sudoku_bulk(&["solve", &input, "-q", "--solver", "dlx"], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let solutions: Vec<&str> = rows.iter().map(|(_, s)| s.as_str()).collect();
    assert_eq!(run.stdout.lines().collect::<Vec<_>>(), solutions);
    let count = sudoku_bulk(&["count", &input, "-q", "--solver", "dlx"], None);
    assert_eq!(count.stdout, "1\n1\n1\n", "{}", count.stderr);
    for solver in ["bitmask", "naive"] {
        let run = sudoku_bulk(&["solve", &input, "--solver", solver], None);
        assert_eq!(run.code, Some(1), "{}", run.stderr);
        for (line, n) in [(1, 6), (2, 6), (3, 16)] {
            let expected = format!(
                "line {line}: malformed: a {n}x{n} puzzle: the {solver} solver takes 9x9 puzzles only"
            );
            assert!(run.stderr.contains(&expected), "{solver}: {}", run.stderr);
        }
    }
}

#[test]
fn bench_times_each_size_and_pencilmarks_as_rows_of_their_own() {
    let tmp = TempDir::new("sizes-bench");
    let nine = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let marks: String = nine
        .bytes()
        .map(|c| match c {
            b'.' => "123456789".to_string(),
            d => (b'1'..=b'9').map(|k| if k == d { k as char } else { '.' }).collect(),
        })
        .collect();
    let mut lines: Vec<String> = vec![nine.into(), marks];
    lines.extend(generated(4, 3, 5).into_iter().map(|(p, _)| p));
    lines.extend(generated(12, 2, 6).into_iter().map(|(p, _)| p));
    let input = tmp.file("mixed.txt", lines.join("\n").as_bytes());
    for shuffle in [None, Some("7")] {
        let mut args = vec!["bench", &input, "--rounds", "1", "-j", "1", "--mode", "count2"];
        args.extend(["--output-format", "csv"]);
        args.extend(["--solver", "band", "--solver", "dlx", "--solver", "bitmask"]);
        if let Some(seed) = shuffle {
            args.extend(["--shuffle", seed]);
        }
        let run = sudoku_bulk(&args, None);
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        // corpus, puzzles, solver, mode, threads, 4 figures, unsolved, size.
        let rows: Vec<Vec<&str>> =
            run.stdout.lines().skip(1).map(|r| r.split(',').collect()).collect();
        let got: Vec<(&str, &str, &str)> = rows.iter().map(|r| (r[10], r[1], r[2])).collect();
        assert_eq!(
            got,
            [
                ("9x9", "1", "band"),
                ("9x9", "1", "dlx"),
                ("9x9", "1", "bitmask"),
                ("pencilmark", "1", "band"),
                ("pencilmark", "1", "dlx"),
                ("4x4", "3", "band"),
                ("4x4", "3", "dlx"),
                ("12x12", "2", "band"),
                ("12x12", "2", "dlx"),
            ]
        );
        assert!(rows.iter().all(|r| r[9] == "0"), "every puzzle solved: {}", run.stdout);
        for skipped in ["1 pencilmark puzzle", "3 4x4 puzzles", "2 12x12 puzzles"] {
            let expected = format!(
                "the bitmask solver takes 9x9 puzzles only: its rows for {skipped} skipped"
            );
            assert!(run.stderr.contains(&expected), "{}", run.stderr);
        }
    }
}

#[test]
fn size_and_box_name_the_shape_and_lengths_that_do_not_fit_are_errors() {
    let tmp = TempDir::new("sizes-box");
    let run = sudoku_bulk(
        &["generate", "--size", "6", "--box", "3x2", "-n", "4", "--seed", "3", "--solutions", "-q"],
        None,
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let input = tmp.file("tall.csv", run.stdout.as_bytes());
    let told = sudoku_bulk(&["validate", &input, "--box", "3x2", "-q"], None);
    assert_eq!(told.code, Some(0), "with --box 3x2 every answer is the solution: {}", told.stderr);
    // Read as the usual 2x3 boxes, the same lines are other puzzles.
    let guessed = sudoku_bulk(&["validate", &input, "-q"], None);
    assert_eq!(guessed.code, Some(1));
    let lines = tmp.file("short.txt", format!("{}\n", ".".repeat(81)).as_bytes());
    let run = sudoku_bulk(&["count", &lines, "--size", "16"], None);
    assert!(
        run.stderr.contains("line 1: malformed: 81 cells, expected 256 for 16x16"),
        "{}",
        run.stderr
    );
    let run = sudoku_bulk(&["count", &lines, "--size", "10"], None);
    assert!(run.stderr.contains("expected 100 for 10x10"), "{}", run.stderr);
    let run = sudoku_bulk(&["count", &lines, "--size", "7"], None);
    assert!(run.stderr.contains("--size 7: sizes run from 4 to 25"), "{}", run.stderr);
    assert_eq!(run.code, Some(2));
}

#[test]
fn pencilmark_lines_are_solved_counted_and_validated() {
    let tmp = TempDir::new("pencilmarks");
    let puzzle =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let solved = sudoku_bulk(&["solve", "-q"], Some(format!("{puzzle}\n").as_bytes()));
    let solution = solved.stdout.trim().to_string();
    // Givens as one mark, blanks as all nine: the same puzzle.
    let marks = |allowed: &dyn Fn(usize, u8) -> bool| -> String {
        (0..81)
            .flat_map(|c| (1..=9u8).map(move |d| (c, d)))
            .map(|(c, d)| if allowed(c, d) { char::from(b'0' + d) } else { '.' })
            .collect()
    };
    let p = puzzle.as_bytes();
    let same = marks(&|c, d| p[c] == b'.' || p[c] == b'0' + d);
    // Every cell allowed two digits, its solution's among them: perhaps more solutions.
    let s = solution.as_bytes();
    let pairs = marks(&|c, d| s[c] == b'0' + d || (s[c] - b'0') % 9 + 1 == d);
    // A cell allowed nothing: none.
    let none = marks(&|c, d| c != 40 && (p[c] == b'.' || p[c] == b'0' + d));
    let input = tmp.file("marks.txt", format!("{same}\n{pairs}\n{none}\n").as_bytes());
    let run = sudoku_bulk(&["solve", &input], None);
    let out: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(out[0], solution);
    assert!(solves(&".".repeat(81), out[1], 9));
    assert_eq!(out[2], "error: line 3: no solution");
    let counted = sudoku_bulk(&["count", &input, "-q"], None);
    assert_eq!(counted.stdout.lines().next(), Some("1"));
    let csv = tmp.file(
        "marks.csv",
        format!("puzzle,solution\n{same},{solution}\n{none},{solution}\n").as_bytes(),
    );
    let run = sudoku_bulk(&["validate", &csv], None);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("line 3: no solution"), "{}", run.stderr);
    assert!(!run.stderr.contains("line 2:"), "{}", run.stderr);
}

#[test]
fn grids_of_integers_in_json_lines_and_arrow_lists_are_puzzles() {
    use std::sync::Arc;

    use arrow_array::builder::{Int64Builder, ListBuilder};
    use arrow_array::{ArrayRef, RecordBatch};

    let tmp = TempDir::new("sizes-integers");
    let rows = generated(16, 3, 8);
    let value = |c: u8| match c {
        b'1'..=b'9' => i64::from(c - b'0'),
        b'A'..=b'Z' => i64::from(c - b'A') + 10,
        _ => 0,
    };
    // JSON Lines: the first row by rows, the second flat, the third as a string.
    let nested = |p: &str| {
        let cells: Vec<i64> = p.bytes().map(value).collect();
        let rows: Vec<String> = cells.chunks(16).map(|r| format!("{r:?}")).collect();
        format!("[{}]", rows.join(","))
    };
    let flat = |p: &str| format!("{:?}", p.bytes().map(value).collect::<Vec<_>>());
    let text = format!(
        "{{\"puzzle\":{}}}\n{{\"puzzle\":{}}}\n{{\"puzzle\":\"{}\"}}\n{{\"puzzle\":[[1,2],[3]]}}\n",
        nested(&rows[0].0),
        flat(&rows[1].0),
        rows[2].0
    );
    let input = tmp.file("grids.jsonl", text.as_bytes());
    let run = sudoku_bulk(&["solve", &input, "-o", "-", "--output-format", "csv"], None);
    assert_eq!(run.code, Some(1), "the fourth line is no grid: {}", run.stderr);
    let out: Vec<&str> = run.stdout.lines().skip(1).collect();
    for (k, (_, solution)) in rows.iter().enumerate() {
        assert!(out[k].contains(solution.as_str()), "row {k}: {}", out[k]);
    }
    assert!(run.stderr.contains("line 4: malformed: 3 cells, expected 81"), "{}", run.stderr);

    // Parquet: a list of lists of integers, row by row.
    let mut column = ListBuilder::new(ListBuilder::new(Int64Builder::new()));
    for (puzzle, _) in &rows {
        for row in puzzle.as_bytes().chunks(16) {
            for &c in row {
                column.values().values().append_value(value(c));
            }
            column.values().append(true);
        }
        column.append(true);
    }
    let column: ArrayRef = Arc::new(column.finish());
    let batch = RecordBatch::try_from_iter([("puzzle", column)]).unwrap();
    let path = tmp.0.join("grids.parquet");
    let file = std::fs::File::create(&path).unwrap();
    let mut writer = parquet::arrow::ArrowWriter::try_new(file, batch.schema(), None).unwrap();
    writer.write(&batch).unwrap();
    writer.close().unwrap();
    let run = sudoku_bulk(
        &["solve", path.to_str().unwrap(), "-o", "-", "--output-format", "csv", "-q"],
        None,
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let out: Vec<&str> = run.stdout.lines().skip(1).collect();
    assert_eq!(out.len(), 3);
    for (k, (_, solution)) in rows.iter().enumerate() {
        assert!(out[k].contains(solution.as_str()), "row {k}: {}", out[k]);
    }
}

/// A puzzle (or solution) in the line form as a grid of numbers, a row a line, `0` a blank:
/// as LLM datasets write 4x4, 6x6 and 16x16 grids.
fn number_grid(line: &str, n: usize) -> String {
    let value = |c: u8| match c {
        b'1'..=b'9' => usize::from(c - b'0'),
        b'A'..=b'Z' => usize::from(c - b'A') + 10,
        _ => 0,
    };
    let cells: Vec<String> = line.bytes().map(|c| value(c).to_string()).collect();
    cells.chunks(n).map(|row| format!("{}\n", row.join(" "))).collect()
}

#[test]
fn grids_of_numbers_of_other_sizes_are_solved_counted_and_validated() {
    let tmp = TempDir::new("sizes-grids");
    for (k, n) in [4usize, 6, 16].into_iter().enumerate() {
        let rows = generated(n, 3, 10 + k as u64);
        // Two grids separated by a blank line, then one back to back with the second.
        let text = format!(
            "{}\n{}{}",
            number_grid(&rows[0].0, n),
            number_grid(&rows[1].0, n),
            number_grid(&rows[2].0, n)
        );
        let input = tmp.file(&format!("grids{n}.txt"), text.as_bytes());
        let solved = sudoku_bulk(&["solve", &input, "-q"], None);
        assert_eq!(solved.code, Some(0), "{n}x{n}: {}", solved.stderr);
        let expected: Vec<String> = rows.iter().map(|(_, s)| number_grid(s, n)).collect();
        assert_eq!(solved.stdout, expected.join("\n"), "{n}x{n}: answers in the same layout");
        let counted = sudoku_bulk(&["count", &input, "-q"], None);
        assert_eq!(counted.stdout, "1\n1\n1\n", "{n}x{n}: {}", counted.stderr);
        let valid = sudoku_bulk(&["validate", &input, "-q"], None);
        assert_eq!((valid.code, valid.stdout.as_str()), (Some(0), "valid\nvalid\nvalid\n"));
        // JSON Lines output: each record's puzzle and solution as lines, from its first line.
        let jsonl = sudoku_bulk(&["solve", &input, "-q", "--output-format", "jsonl"], None);
        let lines: Vec<&str> = jsonl.stdout.lines().collect();
        assert_eq!(lines.len(), 3);
        let solution = format!("\"solution\":\"{}\"", rows[2].1);
        assert!(lines[2].contains(&format!("\"line\":{}", 2 * n + 2)), "{}", lines[2]);
        assert!(lines[2].contains(&solution), "{}", lines[2]);
    }
}

#[test]
fn a_mistake_in_a_row_of_numbers_is_named_by_its_line() {
    let tmp = TempDir::new("sizes-grid-faults");
    let (puzzle, _) = generated(16, 1, 21).remove(0);
    let good = number_grid(&puzzle, 16);
    let mut rows: Vec<String> = good.lines().map(str::to_string).collect();
    // Row 7 holds a 17; in the next grid, row 3 has a number missing.
    let mut cells: Vec<&str> = rows[6].split(' ').collect();
    cells[4] = "17";
    let seventeen = cells.join(" ");
    rows[6] = seventeen;
    let mut short = good.lines().map(str::to_string).collect::<Vec<_>>();
    short[2] = short[2].rsplit_once(' ').unwrap().0.to_string();
    let text = format!("{}\n\n{}\n\n{good}", rows.join("\n"), short.join("\n"));
    let input = tmp.file("faults.txt", text.as_bytes());
    let run = sudoku_bulk(&["solve", &input], None);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let out: Vec<&str> = run.stdout.split("\n\n").collect();
    assert_eq!(out.len(), 3, "one output record per grid: {}", run.stdout);
    assert_eq!(
        out[0],
        "error: line 7: malformed: cell 101 (row 7, column 5): 17 is above 16 in a 16x16 grid"
    );
    assert_eq!(out[1], "error: line 20: malformed: 15 cells in row 3, expected 16");
    assert_eq!(out[2].lines().count(), 16, "the good grid is answered");
    assert!(run.stderr.contains("line 7: malformed: cell 101"), "{}", run.stderr);
    // Told the size, a grid of 9x9 rows is an error that says so, not a 9x9 puzzle.
    let nine = "8 0 0 0 0 0 0 0 0\n".repeat(9);
    let input = tmp.file("nine.txt", nine.as_bytes());
    let run = sudoku_bulk(&["count", &input, "--size", "16", "--format", "grid"], None);
    assert!(
        run.stdout.starts_with("error: line 1: malformed: 9 cells in row 1, expected 16"),
        "{}",
        run.stdout
    );
}

#[test]
fn the_size_column_says_each_records_size_when_asked_for() {
    let tmp = TempDir::new("sizes-column");
    let four = generated(4, 1, 31).remove(0).0;
    let sixteen = generated(16, 1, 32).remove(0).0;
    let nine = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    let marks = "123456789".repeat(81);
    let text = format!("{four}\n{nine}\n{sixteen}\n{marks}\nxyz\n");
    let input = tmp.file("mixed.txt", text.as_bytes());
    let csv = sudoku_bulk(&["solve", &input, "-q", "--with-size", "--output-format", "csv"], None);
    let rows: Vec<Vec<&str>> = csv.stdout.lines().map(|l| l.split(',').collect()).collect();
    assert_eq!(rows[0], ["line", "puzzle", "size", "status", "solution", "guesses", "error"]);
    let sizes: Vec<&str> = rows[1..].iter().map(|r| r[2]).collect();
    assert_eq!(sizes, ["4x4", "9x9", "16x16", "9x9 pencilmarks", ""]);
    // (The last row's error is quoted: it holds a comma.)
    assert!(rows[..5].iter().all(|r| r.len() == 7), "{}", csv.stdout);
    let tsv = sudoku_bulk(&["count", &input, "-q", "--with-size", "--output-format", "tsv"], None);
    assert!(tsv.stdout.starts_with("line\tpuzzle\tsize\tstatus\tcount\tguesses\terror\n"));
    assert!(tsv.stdout.contains("\t16x16\tcounted\t"), "{}", tsv.stdout);
    let jsonl = sudoku_bulk(
        &["validate", &input, "-q", "--with-size", "-o", "-", "--output-format", "jsonl"],
        None,
    );
    let records: Vec<&str> = jsonl.stdout.lines().collect();
    assert!(records[2].contains(",\"size\":\"16x16\","), "{}", records[2]);
    assert!(!records[4].contains("\"size\""), "a record that is not a puzzle has none");
    // Without the option, the columns are as they were.
    let plain = sudoku_bulk(&["solve", &input, "-q", "--output-format", "csv"], None);
    assert!(plain.stdout.starts_with("line,puzzle,status,"), "{}", plain.stdout);
    // A CSV input: after its own columns and `line`; boxes other than the usual are named.
    let run = sudoku_bulk(
        &["generate", "--size", "6", "--box", "3x2", "-n", "2", "--seed", "3", "--solutions", "-q"],
        None,
    );
    let tall = tmp.file("tall.csv", run.stdout.as_bytes());
    let csv = sudoku_bulk(&["validate", &tall, "-q", "--box", "3x2", "--with-size"], None);
    let header = csv.stdout.lines().next().unwrap();
    assert_eq!(header, "puzzle,solution,line,size,status,error");
    assert!(csv.stdout.lines().nth(1).unwrap().ends_with(",2,6x6 (boxes 3x2),valid,"));
    // augment writes its own rows: the column is there too.
    let nines = tmp.file("nine.txt", format!("{nine}\n").as_bytes());
    let copies = sudoku_bulk(
        &[
            "augment",
            &nines,
            "-q",
            "--copies",
            "1",
            "--seed",
            "1",
            "--with-size",
            "--output-format",
            "csv",
        ],
        None,
    );
    let rows: Vec<&str> = copies.stdout.lines().collect();
    assert_eq!(rows[0], "line,puzzle,size,status,copy,error");
    assert!(rows[1].contains(",9x9,augmented,1,"), "{}", copies.stdout);
}

#[test]
fn headerless_csv_of_other_sizes_and_one_column_csv_with_a_header_are_read() {
    let dir = TempDir::new("csv-sizes");
    // A headerless CSV of 16x16 puzzles and their solutions: the columns found by content.
    let rows = generated(16, 3, 5);
    let mut csv: String = rows.iter().map(|(p, s)| format!("{p},{s}\n")).collect();
    let file = dir.file("sixteen.csv", csv.as_bytes());
    let run = sudoku_bulk(&["validate", "-o", "-", &file], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout.lines().count(), 4, "a header and each row: {}", run.stdout);
    assert!(run.stdout.lines().skip(1).all(|l| l.ends_with(",valid,")), "{}", run.stdout);
    // A wrong answer is checked, so the answer column was read.
    let (p, s) = &rows[0];
    let wrong: String = s.chars().rev().collect();
    csv.push_str(&format!("{p},{wrong}\n"));
    let file = dir.file("sixteen.csv", csv.as_bytes());
    let run = sudoku_bulk(&["validate", "-q", "-o", "/dev/null", &file], None);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stderr.contains("line 4: answer"), "{}", run.stderr);

    // One column, its header naming it: the header is no record.
    let nine: Vec<(String, String)> = generated(9, 2, 8);
    for name in ["puzzle", "quizzes", "\"Puzzle\""] {
        let text = format!("{name}\n{}\n{}\n", nine[0].0, nine[1].0);
        let file = dir.file("one.csv", text.as_bytes());
        let run = sudoku_bulk(&["solve", "-q", &file], None);
        assert_eq!(run.code, Some(0), "{name}: {}", run.stderr);
        let out: Vec<&str> = run.stdout.lines().collect();
        assert_eq!(out.len(), 3, "{name}: {}", run.stdout);
        assert!(out[0].starts_with(&format!("{name},line,status,solution")), "{}", out[0]);
        let (first, second) = (&nine[0], &nine[1]);
        assert!(out[1].starts_with(&format!("{},2,solved,{}", first.0, first.1)), "{}", out[1]);
        assert!(out[2].starts_with(&format!("{},3,solved,{}", second.0, second.1)), "{}", out[2]);
    }
}

#[test]
fn characters_are_not_bytes_arrays_in_csv_fields_are_grids_and_uncommon_sizes_are_named() {
    let dir = TempDir::new("line-chars");
    let nine = generated(9, 1, 12);
    let (puzzle, solution) = &nine[0];
    let blank = puzzle.find('.').expect("a blank");
    // A character of two bytes where a cell was: named, at its column in characters.
    let accented = format!("{}é{}", &puzzle[..blank], &puzzle[blank + 1..]);
    let file = dir.file("accent.txt", format!("{accented}\n{puzzle}\n").as_bytes());
    let run = sudoku_bulk(&["solve", "-q", "-o", "/dev/null", &file], None);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let said = format!(
        "line 1: malformed: unexpected character 'é' (U+00E9), character {} of the puzzle",
        blank + 1
    );
    assert!(run.stderr.contains(&said), "{said} in {}", run.stderr);

    // JSON arrays of integers in CSV fields, as JSON Lines arrays are read.
    let array = |line: &str| {
        let cells: Vec<String> =
            line.bytes().map(|b| if b == b'.' { 0 } else { b - b'0' }.to_string()).collect();
        format!("\"[{}]\"", cells.join(","))
    };
    let csv = format!("puzzle,solution\n{},{}\n", array(puzzle), array(solution));
    let file = dir.file("arrays.csv", csv.as_bytes());
    let run = sudoku_bulk(&["validate", "-q", "-o", "-", &file], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout.lines().count(), 2, "{}", run.stdout);
    let wrong =
        csv.replacen(&array(solution), &array(&solution.chars().rev().collect::<String>()), 1);
    let file = dir.file("arrays.csv", wrong.as_bytes());
    let run = sudoku_bulk(&["validate", "-q", "-o", "/dev/null", &file], None);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(run.stderr.contains("line 2: answer"), "the answer was read: {}", run.stderr);

    // A 10x10 puzzle's 100 cells: the size it may be is named.
    let ten = sudoku_bulk(&["generate", "--size", "10", "-n", "1", "--seed", "2", "-q"], None);
    assert_eq!(ten.code, Some(0), "{}", ten.stderr);
    let file = dir.file("ten.txt", ten.stdout.as_bytes());
    let run = sudoku_bulk(&["solve", "-q", "-o", "/dev/null", &file], None);
    assert_eq!(run.code, Some(1));
    assert!(run.stderr.contains("100 cells, expected 81: a 10x10 puzzle?"), "{}", run.stderr);
    assert!(run.stderr.contains("--size 10"), "{}", run.stderr);
    let run = sudoku_bulk(&["solve", "-q", "--size", "10", "-o", "/dev/null", &file], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
}
