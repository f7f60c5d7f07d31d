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

/// The shared corpora folder, if present.
fn datasets() -> Option<std::path::PathBuf> {
    let dir =
        std::env::var("SUDOKU_BULK_DATASETS").map(std::path::PathBuf::from).unwrap_or_else(|_| {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/datasets")
        });
    dir.is_dir().then_some(dir)
}

/// The first `n` puzzles of a corpus file (81 characters a line, `#` comments), or `None`
/// with a printed message when the file is absent.
fn corpus(name: &str, n: usize) -> Option<Vec<Grid>> {
    let Some(path) = datasets().map(|d| d.join(name)).filter(|p| p.is_file()) else {
        println!("skipped: corpus {name} not found (set SUDOKU_BULK_DATASETS)");
        return None;
    };
    let text = std::fs::read_to_string(path).expect("a readable corpus");
    let puzzles = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .take(n)
        .map(|l| l[..81].parse().expect("a puzzle"))
        .collect();
    Some(puzzles)
}

/// The uniqueness, colouring and chain techniques.
const ADVANCED: [Technique; 5] = [
    Technique::UniqueRectangle,
    Technique::BugPlusOne,
    Technique::SimpleColouring,
    Technique::XChain,
    Technique::XyChain,
];

/// Explains the first 200 puzzles of a corpus, checks every step, and returns how many steps
/// of each technique were taken.
fn explain_corpus(name: &str) -> Option<[u32; Technique::COUNT]> {
    let puzzles = corpus(name, 200)?;
    let mut rater = Rater::new();
    let mut counts = [0; Technique::COUNT];
    for puzzle in &puzzles {
        let (rating, steps) = rater.explain(puzzle, true);
        check_steps(puzzle, &steps);
        for (c, n) in counts.iter_mut().zip(rating.counts) {
            *c += n;
        }
    }
    for t in ADVANCED {
        println!("{name}: {t}: {} steps", counts[t.index()]);
    }
    Some(counts)
}

#[test]
fn hard_corpora_explain_and_their_uniqueness_colouring_and_chain_steps_check() {
    let hardest = explain_corpus("puzzles6_forum_hardest_1106");
    let top = explain_corpus("puzzles3_magictour_top1465");
    if let (Some(hardest), Some(top)) = (hardest, top) {
        // BUG+1 is rare in these (the ladder seldom reaches a grave without a chain first).
        for t in ADVANCED.into_iter().filter(|&t| t != Technique::BugPlusOne) {
            assert!(hardest[t.index()] + top[t.index()] > 0, "no {t} step in 400 hard puzzles");
        }
    }
}

#[test]
fn puzzles_with_several_solutions_get_no_uniqueness_step() {
    let Some(puzzles) = corpus("puzzles7_serg_benchmark", 300) else { return };
    let uses_uniqueness = |rating: &Rating| {
        rating.counts[Technique::UniqueRectangle.index()]
            + rating.counts[Technique::BugPlusOne.index()]
    };
    let mut rater = Rater::new();
    let mut would_have = 0;
    for puzzle in &puzzles {
        let (rating, steps) = rater.explain(puzzle, false);
        assert_eq!(uses_uniqueness(&rating), 0, "{puzzle}");
        assert!(steps.iter().all(|s| !s.technique.needs_uniqueness()), "{puzzle}");
        would_have += uses_uniqueness(&rater.rate(puzzle, true));
    }
    println!("with uniqueness wrongly assumed: {would_have} uniqueness steps");
    // The guard is what keeps them out: told (wrongly) that these have one solution, the
    // ladder does take such steps.
    assert!(would_have > 0);
}

/// A puzzle with exactly two solutions (a top1465 puzzle less one given), where a ladder that
/// wrongly assumed one solution would take a uniqueness step.
const TWO_SOLUTIONS: &str =
    "...85......5..6.1........5..3......147.9............26.9.6.38...8...1.9...3......";

#[test]
fn a_puzzle_with_two_solutions_gets_no_uniqueness_step() {
    let puzzle: Grid = TWO_SOLUTIONS.parse().unwrap();
    let mut solution = Grid::EMPTY;
    assert_eq!(BandSolver::new().solve(&puzzle, 3, &mut solution).solutions, 2);
    let mut rater = Rater::new();
    let (rating, steps) = rater.explain(&puzzle, false);
    assert!(steps.iter().all(|s| !s.technique.needs_uniqueness()));
    assert!(rating.steps().all(|(t, _)| !t.needs_uniqueness()));
    let wrongly = rater.rate(&puzzle, true);
    assert!(wrongly.steps().any(|(t, _)| t.needs_uniqueness()));
}
