//! `rate` and `explain` checked from the outside: every step `explain` writes (its JSON) is
//! replayed on candidates this file keeps itself, and each conclusion is checked against the
//! puzzle's solutions found by the dancing-links oracle: a placement is the digit every
//! solution has there, an elimination removes a digit no solution has there. `rate` must agree
//! with `explain` record by record.

use serde_json::Value;
use sudoku_bulk::solver::dlx::DlxSolver;
use sudoku_bulk::{Grid, Solver};

use crate::util::{datasets_dir, read_corpus, sudoku_bulk, TempDir};

/// A cell named as the steps name it, `r4c7`, as its index.
fn cell_index(name: &str) -> usize {
    let (r, c) = name[1..].split_once('c').expect("rNcM");
    (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1
}

fn peers(a: usize, b: usize) -> bool {
    a != b && (a / 9 == b / 9 || a % 9 == b % 9 || (a / 27, a % 9 / 3) == (b / 27, b % 9 / 3))
}

/// The candidates the givens leave, a mask a cell (0 for a given).
fn candidates(puzzle: &Grid) -> [u16; 81] {
    let mut cand = [0u16; 81];
    for (c, slot) in cand.iter_mut().enumerate() {
        if puzzle.cells()[c] == 0 {
            *slot = 0x1FF;
            for p in (0..81).filter(|&p| peers(c, p) && puzzle.cells()[p] != 0) {
                *slot &= !(1 << (puzzle.cells()[p] - 1));
            }
        }
    }
    cand
}

/// Whether some solution of `puzzle` has `digit` at `cell`: the oracle, asked directly.
fn possible(dlx: &mut DlxSolver, puzzle: &Grid, cell: usize, digit: u8) -> bool {
    let mut cells = *puzzle.cells();
    cells[cell] = digit;
    let with = Grid::from_cells(cells).unwrap();
    let mut scratch = Grid::EMPTY;
    with.conflict().is_none() && dlx.solve(&with, 1, &mut scratch).solutions > 0
}

/// A chain as a person would draw it: distinct cells, each seeing the next, on cells that hold
/// its digit (an x-chain) or two candidates (an xy-chain), and every removal seeing both ends.
fn check_chain(step: &Value, cand: &[u16; 81], at: &str) {
    let cells: Vec<usize> =
        step["cells"].as_array().unwrap().iter().map(|c| cell_index(c.as_str().unwrap())).collect();
    let digit = step["digits"][0].as_u64().unwrap() as u8;
    for (k, &cell) in cells.iter().enumerate() {
        assert!(!cells[..k].contains(&cell), "{at}: a chain passes a cell twice");
        if k > 0 {
            assert!(peers(cells[k - 1], cell), "{at}: a link between cells that do not meet");
        }
        match step["technique"] == "x-chain" {
            true => assert!(cand[cell] & (1 << (digit - 1)) != 0, "{at}: a cell without {digit}"),
            false => assert_eq!(cand[cell].count_ones(), 2, "{at}: a cell not bivalue"),
        }
    }
    let (first, last) = (cells[0], cells[cells.len() - 1]);
    for e in step["eliminations"].as_array().unwrap() {
        let cell = cell_index(e["cell"].as_str().unwrap());
        assert!(peers(cell, first) && peers(cell, last), "{at}: a removal out of both ends' sight");
    }
}

/// Replays one record's steps and checks each conclusion, and that the record's rating and
/// technique are its hardest step's. `unique`: the oracle's solution, when there is one only.
fn check_record(record: &Value, dlx: &mut DlxSolver) {
    let puzzle: Grid = record["puzzle"].as_str().unwrap().parse().unwrap();
    let mut solution = Grid::EMPTY;
    let unique = dlx.solve(&puzzle, 2, &mut solution).solutions == 1;
    assert_eq!(record["count"].as_u64(), Some(if unique { 1 } else { 2 }), "{puzzle}");
    let mut cand = candidates(&puzzle);
    let mut grid = *puzzle.cells();
    let steps = record["steps"].as_array().expect("steps");
    let mut hardest: Option<(f64, &str)> = None;
    for (i, step) in steps.iter().enumerate() {
        let technique = step["technique"].as_str().unwrap();
        let at = || format!("{puzzle}, step {}: {}", i + 1, step["text"]);
        assert!(unique || !matches!(technique, "unique rectangle" | "bug+1"), "{}", at());
        let eliminations = step["eliminations"].as_array().unwrap();
        let placements = step["placements"].as_array().unwrap();
        assert!(!eliminations.is_empty() || !placements.is_empty(), "{}: no conclusion", at());
        if matches!(technique, "x-chain" | "xy-chain") {
            check_chain(step, &cand, &at());
        }
        for e in eliminations {
            let (cell, digit) =
                (cell_index(e["cell"].as_str().unwrap()), e["digit"].as_u64().unwrap() as u8);
            assert!(
                cand[cell] & (1 << (digit - 1)) != 0,
                "{}: r{}c{}<>{digit} is not a candidate",
                at(),
                cell / 9 + 1,
                cell % 9 + 1
            );
            let wrong = match unique {
                true => solution.cells()[cell] == digit,
                false => possible(dlx, &puzzle, cell, digit),
            };
            assert!(
                !wrong,
                "{}: removes {digit} from r{}c{}, which a solution has",
                at(),
                cell / 9 + 1,
                cell % 9 + 1
            );
            cand[cell] &= !(1 << (digit - 1));
        }
        for p in placements {
            let (cell, digit) =
                (cell_index(p["cell"].as_str().unwrap()), p["digit"].as_u64().unwrap() as u8);
            assert!(
                grid[cell] == 0 && cand[cell] & (1 << (digit - 1)) != 0,
                "{}: r{}c{}={digit} is not a candidate",
                at(),
                cell / 9 + 1,
                cell % 9 + 1
            );
            if unique {
                assert_eq!(solution.cells()[cell], digit, "{}", at());
            } else if technique != "search" {
                // Forced: no other candidate of the cell is in any solution.
                for other in (1..=9u8).filter(|&o| o != digit && cand[cell] & (1 << (o - 1)) != 0) {
                    assert!(
                        !possible(dlx, &puzzle, cell, other),
                        "{}: r{}c{} could be {other}",
                        at(),
                        cell / 9 + 1,
                        cell % 9 + 1
                    );
                }
            }
            grid[cell] = digit;
            cand[cell] = 0;
            for q in (0..81).filter(|&q| peers(cell, q)) {
                cand[q] &= !(1 << (digit - 1));
            }
        }
        if technique == "search" {
            assert!(step["rating"].is_null(), "{}", at());
            assert_eq!(i + 1, steps.len(), "{}: the search is the last step", at());
        } else {
            let value = step["rating"].as_f64().unwrap();
            if hardest.is_none_or(|(v, _)| value > v) {
                hardest = Some((value, technique));
            }
        }
    }
    let solved = Grid::from_cells(grid).unwrap();
    assert!(
        solved.is_solved() && solved.agrees_with(&puzzle),
        "{puzzle}: the steps do not finish it"
    );
    if unique {
        assert_eq!(solved, solution, "{puzzle}");
    }
    let stalled = steps.last().is_some_and(|s| s["technique"] == "search");
    match stalled {
        true => {
            assert!(record.get("rating").is_none(), "{puzzle}: a stalled ladder has no rating");
            assert_eq!(record["technique"], "search", "{puzzle}");
        }
        false => {
            let (value, technique) = hardest.expect("a step");
            assert_eq!(record["rating"].as_f64(), Some(value), "{puzzle}");
            assert_eq!(record["technique"].as_str(), Some(technique), "{puzzle}");
        }
    }
}

/// Explains `puzzles` (one a line) and rates them; checks every record of the explanation and
/// that `rate` says the same; returns the records by hardest technique.
fn explain_and_check(name: &str, puzzles: &[String]) -> std::collections::BTreeMap<String, usize> {
    let dir = TempDir::new("rate");
    let input = dir.file("in.txt", (puzzles.join("\n") + "\n").as_bytes());
    let explained = dir.0.join("explained.jsonl");
    let rated = dir.0.join("rated.jsonl");
    for (command, out) in [("explain", &explained), ("rate", &rated)] {
        let run =
            sudoku_bulk(&[command, "-q", "-j", "2", "-o", out.to_str().unwrap(), &input], None);
        assert_eq!(run.code, Some(0), "{name}: {command}: {}", run.stderr);
    }
    let explained = std::fs::read_to_string(explained).unwrap();
    let rated = std::fs::read_to_string(rated).unwrap();
    let (explained, rated): (Vec<&str>, Vec<&str>) =
        (explained.lines().collect(), rated.lines().collect());
    assert_eq!((explained.len(), rated.len()), (puzzles.len(), puzzles.len()), "{name}");
    let mut dlx = DlxSolver::new();
    let mut techniques = std::collections::BTreeMap::new();
    for (e, r) in explained.iter().zip(&rated) {
        let (e, r): (Value, Value) =
            (serde_json::from_str(e).unwrap(), serde_json::from_str(r).unwrap());
        check_record(&e, &mut dlx);
        for key in [
            "line",
            "puzzle",
            "rating",
            "technique",
            "count",
            "search_guesses",
            "search_backtracks",
        ] {
            assert_eq!(e.get(key), r.get(key), "{name}: {key} of {}", e["puzzle"]);
        }
        // rate's steps by technique are explain's steps, counted.
        let mut counts = serde_json::Map::new();
        for step in e["steps"].as_array().unwrap() {
            let t = step["technique"].as_str().unwrap().to_string();
            let n = counts.get(&t).and_then(Value::as_u64).unwrap_or(0);
            counts.insert(t, Value::from(n + 1));
        }
        let theirs: serde_json::Map<String, Value> = r["steps"].as_object().unwrap().clone();
        assert_eq!(
            counts.into_iter().collect::<std::collections::BTreeMap<_, _>>(),
            theirs.into_iter().collect(),
            "{name}: {}",
            e["puzzle"]
        );
        *techniques.entry(e["technique"].as_str().unwrap().to_string()).or_insert(0) += 1;
    }
    techniques
}

/// The first `n` puzzles of a shared corpus, or `None` (skipped, said on stderr) without it.
fn corpus(test: &str, name: &str, n: usize) -> Option<Vec<String>> {
    let dir = datasets_dir(test)?;
    Some(read_corpus(&dir, name).iter().take(n).map(|g| g.to_string()).collect())
}

#[test]
fn every_step_checks_on_the_shared_corpora() {
    let test = "every_step_checks_on_the_shared_corpora";
    for (name, n) in [
        ("puzzles2_17_clue", 3000),
        ("puzzles3_magictour_top1465", 1465),
        ("puzzles6_forum_hardest_1106", 375),
        ("puzzles5_forum_hardest_1905_11+", 300),
        ("puzzles7_serg_benchmark", 60),
    ] {
        let Some(puzzles) = corpus(test, name, n) else { return };
        let techniques = explain_and_check(name, &puzzles);
        eprintln!("{name}: hardest techniques {techniques:?}");
    }
}

#[test]
fn every_step_checks_on_generated_puzzles() {
    let dir = TempDir::new("rate-generated");
    let out = dir.0.join("generated.txt");
    let run = sudoku_bulk(
        &["generate", "-q", "-n", "1500", "--seed", "30", "-o", out.to_str().unwrap()],
        None,
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let puzzles: Vec<String> =
        std::fs::read_to_string(out).unwrap().lines().map(String::from).collect();
    assert_eq!(puzzles.len(), 1500);
    let techniques = explain_and_check("generated", &puzzles);
    // Random minimal puzzles reach past the singles: the ladder is exercised, not only its
    // first rungs.
    assert!(techniques.len() >= 5, "{techniques:?}");
}

#[test]
fn failures_are_said_and_the_line_forms_read() {
    let dir = TempDir::new("rate-failures");
    let input = dir.file(
        "in.txt",
        format!("{}\n{}\n{}\nxx\n", EASY, "11".to_string() + &".".repeat(79), ".".repeat(81))
            .as_bytes(),
    );
    let run = sudoku_bulk(&["rate", &input], None);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines[0], "1.2 hidden single");
    assert!(lines[1].starts_with("error: line 2: conflicting givens"), "{}", lines[1]);
    // The empty grid has many solutions: rated without uniqueness, finished by the search.
    assert_eq!(lines[2], "- search");
    assert!(lines[3].starts_with("error: line 4: malformed"), "{}", lines[3]);
    assert!(run.stderr.contains("4 puzzles: 2 rated, 2 failed"), "{}", run.stderr);
    let run = sudoku_bulk(&["explain", &input], None);
    let blocks: Vec<&str> = run.stdout.split("\n\n").filter(|b| !b.is_empty()).collect();
    assert_eq!(blocks.len(), 4, "{}", run.stdout);
    assert!(blocks[0].starts_with(&format!("{EASY} 1.2 hidden single\n")), "{}", blocks[0]);
    assert_eq!(blocks[0].lines().count(), 1 + EASY.matches('.').count());
    assert!(
        blocks[0].lines().nth(1).unwrap().ends_with("[1.2]")
            || blocks[0].lines().nth(1).unwrap().ends_with("[1.0]")
    );
}

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

#[test]
fn generate_keeps_the_puzzles_of_a_technique_or_a_rating() {
    for (filter, value, expected) in [
        ("--technique", "x-wing", None),
        ("--technique", "naked_pair", None),
        ("--rating", "1.5..2.0", Some((15, 20))),
    ] {
        let run = sudoku_bulk(&["generate", "-q", "-n", "12", "--seed", "5", filter, value], None);
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        let dir = TempDir::new("rate-generate");
        let input = dir.file("in.txt", run.stdout.as_bytes());
        let rated = sudoku_bulk(&["rate", "-q", &input], None);
        let lines: Vec<&str> = rated.stdout.lines().collect();
        assert_eq!(lines.len(), 12, "{filter} {value}");
        for line in lines {
            let (rating, technique) = line.split_once(' ').unwrap();
            match expected {
                None => assert_eq!(technique, value.replace('_', " "), "{line}"),
                Some((low, high)) => {
                    let tenths = (rating.parse::<f64>().unwrap() * 10.0).round() as u8;
                    assert!((low..=high).contains(&tenths), "{line}");
                }
            }
        }
    }
}
