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
        check_chain_shape(&position, step);
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

/// A chain's cells are distinct, each sees the next, and each holds the chain's digit (an
/// x-chain) or exactly two candidates (an xy-chain).
pub(super) fn check_chain_shape(position: &Position, step: &Step) {
    if !matches!(step.technique, Technique::XChain | Technique::XyChain) {
        return;
    }
    let text = step.text();
    let mut seen: Cells = 0;
    for (k, &cell) in step.cells.iter().enumerate() {
        let cell = usize::from(cell);
        assert!(seen & 1 << cell == 0, "a chain passes a cell twice: {text}");
        seen |= 1 << cell;
        if let Some(&next) = step.cells.get(k + 1) {
            assert!(position::PEERS[cell] & 1 << next != 0, "a link between cells apart: {text}");
        }
        match step.technique {
            Technique::XChain => assert!(position.candidates(cell) & step.digits != 0, "{text}"),
            _ => assert_eq!(position::size(position.candidates(cell)), 2, "{text}"),
        }
    }
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

/// The cell at row `r`, column `c`, both from 1 (for the finders' tests).
pub(super) fn rc(r: usize, c: usize) -> u8 {
    (9 * (r - 1) + c - 1) as u8
}

/// A pencilmark fixture (see [`Position::from_pencilmarks`]) with one cell's candidates
/// replaced (cell from 0).
pub(super) fn with(text: &str, cell: u8, marks: &str) -> Position {
    let mut sets: Vec<&str> = text.split_whitespace().collect();
    sets[usize::from(cell)] = marks;
    Position::from_pencilmarks(&sets.join(" "))
}

/// Runs a finder on a position and returns its step, or `None` if it found nothing.
pub(super) fn run(finder: Finder, position: &Position) -> Option<Step> {
    let mut step = Step::new();
    finder(position, &mut step).then_some(step)
}

/// A position for a finder's test: an empty grid where `digit` may go only in the cells
/// marked in `picture` (nine rows of nine marks, white space ignored; `.` is not a place, any
/// other mark is), every other digit everywhere.
pub(super) fn digit_picture(digit: u8, picture: &str) -> Position {
    let marks: Vec<u8> = picture.bytes().filter(|b| !b.is_ascii_whitespace()).collect();
    assert_eq!(marks.len(), 81, "81 marks");
    let mut position = Position::new(&Grid::EMPTY);
    for (cell, &mark) in marks.iter().enumerate() {
        if mark == b'.' {
            position.eliminate(cell, digit);
        }
    }
    assert!(!position.is_broken());
    position
}

/// A position for a finder's test: an empty grid whose listed cells (`(cell, "158")`) have
/// only the digits given, every other cell every digit.
pub(super) fn candidates_at(sets: &[(usize, &str)]) -> Position {
    let mut position = Position::new(&Grid::EMPTY);
    for &(cell, digits) in sets {
        let keep = digits.bytes().fold(0u16, |m, b| m | position::bit(b - b'0'));
        for d in position::digits_of(position.candidates(cell) & !keep) {
            position.eliminate(cell, d);
        }
    }
    assert!(!position.is_broken());
    position
}

/// The shared corpora's folder: `SUDOKU_DATASETS`, or `../shared/datasets` beside the
/// crate; `None` (with a message) where it is absent.
fn datasets() -> Option<std::path::PathBuf> {
    let folder =
        std::env::var_os("SUDOKU_DATASETS").map(std::path::PathBuf::from).unwrap_or_else(|| {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/datasets")
        });
    if folder.is_dir() {
        Some(folder)
    } else {
        // To the process's stderr, which the test harness does not capture: a skip is seen.
        use std::io::Write as _;
        let _ = writeln!(
            std::io::stderr(),
            "skipped: no corpus folder at {} (set SUDOKU_DATASETS)",
            folder.display()
        );
        None
    }
}

/// The first `count` puzzles of a corpus (one a line, `#` comments), or `None` (with a
/// message) where it is absent.
fn corpus(name: &str, count: usize) -> Option<Vec<Grid>> {
    let path = datasets()?.join(name);
    let Ok(text) = std::fs::read_to_string(&path) else {
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), "skipped: no corpus at {}", path.display());
        return None;
    };
    let puzzles = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .take(count)
        .map(|line| line.parse().expect("a puzzle"))
        .collect();
    Some(puzzles)
}

/// The first 300 of top1465 explained and checked step by step; the fish, wings and single-
/// digit patterns are counted (puzzles that needed each), and x-wing, swordfish and xy-wing
/// must each be needed at least once.
#[test]
fn top1465_steps_check_and_use_fish_and_wings() {
    let Some(puzzles) = corpus("puzzles3_magictour_top1465", 300) else { return };
    assert_eq!(puzzles.len(), 300);
    let counted = [
        Technique::XWing,
        Technique::Swordfish,
        Technique::Jellyfish,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::WWing,
        Technique::Skyscraper,
        Technique::TwoStringKite,
    ];
    let mut needed = [0usize; Technique::COUNT];
    let mut rater = Rater::new();
    for puzzle in &puzzles {
        let (rating, steps) = rater.explain(puzzle, true);
        check_steps(puzzle, &steps);
        for (technique, _) in rating.steps() {
            needed[technique.index()] += 1;
        }
    }
    for technique in counted {
        println!("{technique}: {} of {} puzzles", needed[technique.index()], puzzles.len());
    }
    println!("stalled (search): {}", needed[Technique::Search.index()]);
    for technique in [Technique::XWing, Technique::Swordfish, Technique::XyWing] {
        assert!(needed[technique.index()] > 0, "no puzzle needed {technique}");
    }
}

/// The uniqueness, colouring and chain techniques.
const ADVANCED: [Technique; 5] = [
    Technique::UniqueRectangle,
    Technique::BugPlusOne,
    Technique::SimpleColouring,
    Technique::XChain,
    Technique::XyChain,
];

/// Explains a corpus (all of these two: under 2,000 puzzles), checks every step, and returns
/// how many steps of each technique were taken.
fn explain_corpus(name: &str) -> Option<[u32; Technique::COUNT]> {
    let puzzles = corpus(name, 2000)?;
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
            assert!(hardest[t.index()] + top[t.index()] > 0, "no {t} step in the hard puzzles");
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
