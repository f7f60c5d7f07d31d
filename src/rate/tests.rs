//! The ladder against the solver: every placement is the solution's digit, every removal a
//! digit the solution does not have there, and the ladder finishes every puzzle it is given.

use super::*;
use crate::solver::{BandSolver, Solver};

/// Checks every step of an explanation against the puzzle's one solution, and that the steps
/// lead from the givens to it.
fn check_steps(puzzle: &Grid, steps: &[Step]) {
    let mut solution = Grid::EMPTY;
    let outcome = BandSolver::new().solve(puzzle, 2, &mut solution);
    assert_eq!(outcome.solutions, 1, "{puzzle}");
    let mut position = Position::new(puzzle);
    for (i, step) in steps.iter().enumerate() {
        assert!(step.makes_progress(), "step {i} of {puzzle}: {}", step.text());
        for &(cell, digit) in &step.eliminations {
            assert_ne!(
                solution.cells()[usize::from(cell)],
                digit,
                "step {i} of {puzzle}: {}",
                step.text()
            );
            assert!(
                position.has(usize::from(cell), digit),
                "step {i} of {puzzle}: {}",
                step.text()
            );
        }
        for &(cell, digit) in &step.placements {
            assert_eq!(
                solution.cells()[usize::from(cell)],
                digit,
                "step {i} of {puzzle}: {}",
                step.text()
            );
        }
        apply(&mut position, step);
        assert!(!position.is_broken());
    }
    assert_eq!(position.grid(), solution, "{puzzle}");
}

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

#[test]
fn an_easy_puzzle_takes_singles_and_its_steps_check() {
    let puzzle: Grid = EASY.parse().unwrap();
    let (rating, steps) = Rater::new().explain(&puzzle, true);
    check_steps(&puzzle, &steps);
    assert_eq!(steps.len(), 81 - puzzle.givens());
    assert_eq!(rating.counts.iter().sum::<u32>() as usize, steps.len());
    assert_eq!(Rater::new().rate(&puzzle, true), rating);
}
