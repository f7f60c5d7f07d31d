//! Every third-party corpus in ../shared/datasets solved by the binary, each answer checked.

use sudoku_bulk::Grid;

use crate::util::sudoku_bulk;
use crate::util::{datasets_dir, CORPORA};

/// Checks that `output` holds one valid solution per puzzle, in order, each keeping its
/// puzzle's givens.
pub fn check_solutions(puzzles: &[&str], output: &str) {
    let answers: Vec<&str> = output.lines().collect();
    assert_eq!(answers.len(), puzzles.len(), "one answer per puzzle");
    for (i, (puzzle, answer)) in puzzles.iter().zip(&answers).enumerate() {
        let puzzle: Grid = puzzle.trim_end().parse().unwrap();
        let answer: Grid =
            answer.parse().unwrap_or_else(|e| panic!("answer {}: {answer:?}: {e}", i + 1));
        assert!(answer.is_solved(), "answer {} is not a valid grid: {answer}", i + 1);
        assert!(answer.agrees_with(&puzzle), "answer {} changes a given: {answer}", i + 1);
    }
}

#[test]
fn every_corpus_is_solved_in_order() {
    let Some(dir) = datasets_dir("every_corpus_is_solved_in_order") else { return };
    for (name, count) in CORPORA {
        let path = dir.join(name);
        let run = sudoku_bulk(&["solve", "-q", "-j", "2", path.to_str().unwrap()], None);
        assert_eq!(run.code, Some(0), "{name}: {}", run.stderr);
        let text = std::fs::read_to_string(&path).unwrap();
        let puzzles: Vec<&str> = text
            .lines()
            .map(str::trim_end)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        assert_eq!(puzzles.len(), count, "{name}");
        check_solutions(&puzzles, &run.stdout);
    }
}
