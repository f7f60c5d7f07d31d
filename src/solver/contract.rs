//! The contract of [`Solver`], checked the same way for every solver (tests only).
//!
//! Each solver's tests call [`check`]; what is particular to a solver (its tables, its data
//! structure) is tested beside it.

use super::{Outcome, Solver};
use crate::grid::Grid;

/// The line example of the problem statement: singles alone solve it.
pub const EASY: &str =
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
pub const EASY_ANSWER: &str =
    "527389416819426735436751829375692184194538267268174593643217958951843672782965341";
/// Arto Inkala's "world's hardest sudoku": needs guesses.
pub const HARD: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
pub const HARD_ANSWER: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
/// Exactly two solutions (a rewrite of the bitmask solver once counted one).
pub const TWO_SOLUTIONS: &str =
    "2.3..6...5..8..2...69...4........32....9....8.1..53.7.7...8.1...48.....9.5...4...";

fn solve(solver: &mut dyn Solver, puzzle: &str, limit: u32) -> (Outcome, Grid) {
    let mut solution = Grid::EMPTY;
    let outcome = solver.solve(&puzzle.parse().unwrap(), limit, &mut solution);
    (outcome, solution)
}

/// Checks the contract on solvers made by `make`. `singles_need_no_guess`: whether the solver
/// solves a puzzle that singles alone solve without a guess (not so for plain backtracking).
pub fn check(make: impl Fn() -> Box<dyn Solver>, singles_need_no_guess: bool) {
    let mut solver = make();
    let solver = solver.as_mut();

    // The classics, and a solved grid, which is its own solution.
    let (outcome, solution) = solve(solver, EASY, 2);
    assert_eq!((outcome.solutions, solution.to_string().as_str()), (1, EASY_ANSWER));
    if singles_need_no_guess {
        assert_eq!(outcome.guesses, 0, "singles solve it");
    }
    let (outcome, solution) = solve(solver, HARD, 1);
    assert_eq!((outcome.solutions, solution.to_string().as_str()), (1, HARD_ANSWER));
    assert!(outcome.guesses > 0, "the hard puzzle needs guesses");
    let (outcome, solution) = solve(solver, EASY_ANSWER, 2);
    assert_eq!((outcome.solutions, solution.to_string().as_str()), (1, EASY_ANSWER));

    // Counting stops at the limit (0 counts as 1); the first solution is a valid grid.
    let empty = ".".repeat(81);
    for limit in [1, 2, 7] {
        assert_eq!(solve(solver, &empty, limit).0.solutions, limit);
    }
    assert_eq!(solve(solver, &empty, 0).0.solutions, 1);
    let (_, solution) = solve(solver, &empty, 1);
    assert!(solution.is_solved(), "{solution}");
    let (outcome, solution) = solve(solver, TWO_SOLUTIONS, 5);
    assert_eq!(outcome.solutions, 2);
    assert!(solution.is_solved() && solution.agrees_with(&TWO_SOLUTIONS.parse().unwrap()));

    // No solution: conflicting givens, or a cell left without a candidate. The caller's grid
    // is left as it was.
    let mut conflict = EASY.to_string();
    conflict.replace_range(0..1, "2"); // row 1 already has a 2
    let dead = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63)); // r1c9: no digit
    for puzzle in [conflict.as_str(), &dead] {
        let mut solution: Grid = EASY.parse().unwrap();
        let outcome = solver.solve(&puzzle.parse().unwrap(), 2, &mut solution);
        assert_eq!(outcome.solutions, 0, "{puzzle}");
        assert_eq!(solution.to_string(), EASY, "untouched");
    }

    // One solver serves many puzzles: no state leaks from one to the next.
    for _ in 0..3 {
        for (puzzle, answer) in [(HARD, HARD_ANSWER), (TWO_SOLUTIONS, ""), (EASY, EASY_ANSWER)] {
            let (outcome, solution) = solve(solver, puzzle, 2);
            if answer.is_empty() {
                assert_eq!(outcome.solutions, 2);
            } else {
                assert_eq!((outcome.solutions, solution.to_string().as_str()), (1, answer));
            }
        }
    }
    // A fresh solver gives the same outcome as a used one.
    assert_eq!(solve(make().as_mut(), HARD, 2).0, solve(solver, HARD, 2).0);
}
