//! Sudoku Explainer's rating (`sudoku_bulk::rate::se`) checked against SE itself and against
//! the solution.
//!
//! - `datasets/se/generated.txt`: puzzles this project generated, each with the ER/EP/ED that
//!   serate 1.2.1.3 (Sudoku Explainer 1.2.1, built outside the repository) gave it. Every
//!   rating must be SE's, except the puzzles `datasets/se/differences.txt` lists with the reason
//!   (and a listed puzzle must still differ, so that the list cannot go stale).
//! - `datasets/se/shared.txt`: serate's ratings of puzzles of the shared corpora, named by file
//!   and line (the puzzles are not copied here), checked where `../shared/datasets` is.
//! - Every step of every explanation is checked against the solution: a placement puts the
//!   solution's digit, a removal never takes it.

use std::collections::HashMap;

use sudoku_bulk::rate::Rater;
use sudoku_bulk::{BandSolver, Grid, Solver};

use crate::util::{datasets_dir, read};

/// A rating as serate prints it, `7.1/1.2/1.2`, in tenths.
fn parse_rating(text: &str) -> [i32; 3] {
    let mut out = [0; 3];
    for (slot, part) in out.iter_mut().zip(text.split('/')) {
        let (whole, tenth) = part.split_once('.').expect("N.N");
        *slot = whole.parse::<i32>().unwrap() * 10 + tenth.parse::<i32>().unwrap();
    }
    out
}

fn show(r: [i32; 3]) -> String {
    format!("{}.{}/{}.{}/{}.{}", r[0] / 10, r[0] % 10, r[1] / 10, r[1] % 10, r[2] / 10, r[2] % 10)
}

/// Our ER/EP/ED of a puzzle, in tenths (0 for one we do not have).
fn ours(puzzle: &Grid) -> [i32; 3] {
    let rating = Rater::new().rate(puzzle, true);
    [rating.rating, rating.ep, rating.ed].map(|t| t.map_or(0, i32::from))
}

/// The lines of a dataset file that are not comments or blank.
fn records(name: &str) -> Vec<String> {
    read(name)
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

fn grid(puzzle: &str) -> Grid {
    puzzle.parse().unwrap_or_else(|e| panic!("{puzzle}: {e}"))
}

/// The puzzles known to differ from SE, with the reason, from `datasets/se/differences.txt`.
fn known_differences() -> HashMap<String, String> {
    records("se/differences.txt")
        .into_iter()
        .map(|line| {
            let (puzzle, reason) = line.split_once(' ').unwrap_or((&line, ""));
            (puzzle.to_string(), reason.trim().to_string())
        })
        .collect()
}

#[test]
fn ratings_equal_serate_on_generated_puzzles() {
    let known = known_differences();
    let rows = records("se/generated.txt");
    assert!(rows.len() >= 500, "the file holds {} puzzles", rows.len());
    let (mut wrong, mut stale) = (Vec::new(), Vec::new());
    for row in &rows {
        let (puzzle, rating) = row.split_once(' ').expect("PUZZLE ER/EP/ED");
        let (expected, got) = (parse_rating(rating.trim()), ours(&grid(puzzle)));
        match (expected == got, known.contains_key(puzzle)) {
            (false, false) => {
                wrong.push(format!("{puzzle} SE {} ours {}", show(expected), show(got)))
            }
            (true, true) => stale.push(puzzle.to_string()),
            _ => {}
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} differ from SE:\n{}",
        wrong.len(),
        rows.len(),
        wrong.join("\n")
    );
    assert!(stale.is_empty(), "listed as differing but now equal to SE:\n{}", stale.join("\n"));
}

#[test]
fn ratings_equal_serate_on_shared_corpora() {
    let Some(dir) = datasets_dir("ratings_equal_serate_on_shared_corpora") else { return };
    let mut files: HashMap<String, Vec<String>> = HashMap::new();
    let mut wrong = Vec::new();
    let rows = records("se/shared.txt");
    for row in &rows {
        let mut fields = row.split_whitespace();
        let (file, line, rating) =
            (fields.next().unwrap(), fields.next().unwrap(), fields.next().unwrap());
        let lines = files.entry(file.to_string()).or_insert_with(|| {
            std::fs::read_to_string(dir.join(file)).unwrap().lines().map(String::from).collect()
        });
        let line: usize = line.parse().unwrap();
        let text = lines[line - 1].trim_end();
        // The Kaggle CSV's puzzles are the first field, with `0` blanks.
        let puzzle = text.split(',').next().unwrap();
        let (expected, got) = (parse_rating(rating), ours(&grid(puzzle)));
        if expected != got {
            wrong.push(format!("{file}:{line} {puzzle} SE {} ours {}", show(expected), show(got)));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} differ from SE:\n{}",
        wrong.len(),
        rows.len(),
        wrong.join("\n")
    );
}

#[test]
fn every_step_agrees_with_the_solution() {
    let mut solver = BandSolver::new();
    for row in records("se/generated.txt") {
        let puzzle = row.split_whitespace().next().unwrap();
        let grid: Grid = puzzle.parse().unwrap();
        let mut solution = Grid::EMPTY;
        assert_eq!(solver.solve(&grid, 2, &mut solution).solutions, 1, "{puzzle}");
        let (_, steps) = Rater::new().explain(&grid, true);
        for (k, step) in steps.iter().enumerate() {
            let at = format!("{puzzle} step {} ({})", k + 1, step.name);
            for &(cell, digit) in &step.placements {
                assert_eq!(solution.cells()[usize::from(cell)], digit, "{at}: a wrong digit");
            }
            for &(cell, digit) in &step.eliminations {
                assert_ne!(solution.cells()[usize::from(cell)], digit, "{at}: removes the answer");
            }
            assert!(!step.placements.is_empty() || !step.eliminations.is_empty(), "{at}: no-op");
        }
    }
}
