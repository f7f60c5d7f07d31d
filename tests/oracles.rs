//! The band solver checked against the two oracles, which share no code with it: the
//! dancing-links solver ([`DlxSolver`]) and the plain backtracker ([`NaiveSolver`]).
//!
//! Three kinds of check:
//! - the corpora: every puzzle through the band solver against what the corpus promises (one
//!   solution, or two or more for serg's benchmark), and evenly spaced samples through the
//!   oracles, which must agree on the count and, where it is one, on the solution;
//! - random isomorphs of real puzzles (digits relabelled, rows and columns shuffled within
//!   their bands and stacks, bands and stacks shuffled, the grid transposed): our
//!   solver's answer must be the transformed answer of the original;
//! - randomly blanked solved grids, now and then with one wrong given: the band solver and
//!   DLX must count alike.
//!
//! Sample sizes come from measurements (release build, one core, a busy 2-core machine): the
//! band solver takes about 10 s for all 110k corpus puzzles, 9 s of it on
//! forum_hardest_1905_11+; DLX about 55 us a 17-clue puzzle and 0.5 to 1 ms a puzzle from the
//! forum's hardest lists; the naive backtracker from 3 ms to 4 s a puzzle on the hard lists,
//! and from 0.06 s to 94 s to count one 17-clue puzzle (blanks come first in reading order
//! there), so it sees none of those.

use std::sync::OnceLock;

use proptest::prelude::*;
use proptest::sample::{subsequence, Index};
use proptest::test_runner::Config;
use sudoku_bulk::solver::{dlx::DlxSolver, naive::NaiveSolver};
use sudoku_bulk::{BandSolver, BitmaskSolver, Grid, Solver};

use crate::util::{datasets_dir, read_corpus, CORPORA};

/// The one corpus whose puzzles are not proper: each has two or more solutions.
const MULTI: &str = "puzzles7_serg_benchmark";

/// The solution count each puzzle of a corpus has, capped at 2.
fn expected_count(corpus: &str) -> u32 {
    if corpus == MULTI {
        2
    } else {
        1
    }
}

/// How many puzzles of each corpus the DLX comparison takes (all, where the number is at
/// least the corpus size), and how many the naive one takes.
fn sample_sizes(corpus: &str) -> (usize, usize) {
    match corpus {
        "puzzles2_17_clue" => (10_000, 0),
        "puzzles3_magictour_top1465" => (1_465, 10),
        "puzzles5_forum_hardest_1905_11+" => (2_500, 24),
        "puzzles6_forum_hardest_1106" => (375, 10),
        MULTI => (10_000, 1_000),
        other => panic!("no sample size for {other}"),
    }
}

/// `n` puzzles spread evenly over `puzzles`, first included; all of them if `n` is larger.
fn sample(puzzles: &[Grid], n: usize) -> impl Iterator<Item = &Grid> {
    let n = n.min(puzzles.len());
    (0..n).map(move |i| &puzzles[i * puzzles.len() / n])
}

/// Solves with a fresh result grid: the count and the first solution, if any. Checks the
/// trait's promise that a puzzle without solution leaves the grid as it was.
fn run(solver: &mut (impl Solver + ?Sized), puzzle: &Grid, limit: u32) -> (u32, Option<Grid>) {
    let mut solution = Grid::EMPTY;
    let outcome = solver.solve(puzzle, limit, &mut solution);
    assert!(outcome.solutions <= limit, "{puzzle}: {outcome:?} over limit {limit}");
    if !outcome.solved() {
        assert_eq!(solution, Grid::EMPTY, "{puzzle}: no solution, but the grid was written");
    }
    (outcome.solutions, outcome.solved().then_some(solution))
}

/// Checks that `solution` is a complete valid grid keeping `puzzle`'s givens.
fn assert_solves(puzzle: &Grid, solution: &Grid, who: &str) {
    assert!(solution.is_solved(), "{who}: {puzzle} -> invalid {solution}");
    assert!(solution.agrees_with(puzzle), "{who}: {puzzle} -> {solution} drops a given");
}

/// Runs the band solver and an oracle on one puzzle with `limit` and asserts they agree: the
/// same count, valid solutions, and the same solution where it is unique. Returns the count.
fn assert_agree(
    ours: &mut dyn Solver,
    oracle: &mut impl Solver,
    name: &str,
    puzzle: &Grid,
    limit: u32,
) -> u32 {
    let (count, solution) = run(ours, puzzle, limit);
    let (oracle_count, oracle_solution) = run(oracle, puzzle, limit);
    assert_eq!(count, oracle_count, "{name}: counts differ for {puzzle} (limit {limit})");
    if let (Some(a), Some(b)) = (solution, oracle_solution) {
        assert_solves(puzzle, &a, "ours");
        assert_solves(puzzle, &b, name);
        if count == 1 {
            assert_eq!(a, b, "{name}: one solution, but two different ones for {puzzle}");
        }
    }
    count
}

/// Our two solvers, each checked against the oracles: the band solver (the default) and the reference
/// bitmask solver.
fn ours() -> [(&'static str, Box<dyn Solver>); 2] {
    [("band", Box::new(BandSolver::new())), ("bitmask", Box::new(BitmaskSolver::new()))]
}

#[test]
fn our_solvers_find_the_promised_count_for_every_corpus_puzzle() {
    let Some(dir) = datasets_dir("our_solvers_find_the_promised_count_for_every_corpus_puzzle")
    else {
        return;
    };
    for (who, mut ours) in ours() {
        for (name, size) in CORPORA {
            let puzzles = read_corpus(&dir, name);
            assert_eq!(puzzles.len(), size, "{name}: corpus size");
            let want = expected_count(name);
            for (line, puzzle) in puzzles.iter().enumerate() {
                let (count, solution) = run(ours.as_mut(), puzzle, 2);
                assert_eq!(count, want, "{who}: {name} puzzle {}: {puzzle}", line + 1);
                assert_solves(puzzle, &solution.expect("solved"), name);
            }
        }
    }
}

#[test]
fn dlx_agrees_with_the_fast_solver_on_corpus_samples() {
    let Some(dir) = datasets_dir("dlx_agrees_with_the_fast_solver_on_corpus_samples") else {
        return;
    };
    let mut dlx = DlxSolver::new();
    for (who, mut ours) in ours() {
        for (name, _) in CORPORA {
            let puzzles = read_corpus(&dir, name);
            let (n, _) = sample_sizes(name);
            for puzzle in sample(&puzzles, n) {
                let count = assert_agree(ours.as_mut(), &mut dlx, "dlx", puzzle, 2);
                assert_eq!(count, expected_count(name), "{who}: {name}: {puzzle}");
            }
        }
    }
}

#[test]
fn naive_backtracker_agrees_with_the_fast_solver_on_small_corpus_samples() {
    let Some(dir) =
        datasets_dir("naive_backtracker_agrees_with_the_fast_solver_on_small_corpus_samples")
    else {
        return;
    };
    let mut naive = NaiveSolver::new();
    for (who, mut ours) in ours() {
        for (name, _) in CORPORA {
            let (_, n) = sample_sizes(name);
            if n == 0 {
                continue;
            }
            let puzzles = read_corpus(&dir, name);
            for puzzle in sample(&puzzles, n) {
                let count = assert_agree(ours.as_mut(), &mut naive, "naive", puzzle, 2);
                assert_eq!(count, expected_count(name), "{who}: {name}: {puzzle}");
            }
        }
    }
}

#[test]
fn the_oracles_agree_on_the_embedded_puzzles() {
    // Independent of the corpora, so it runs on a fresh clone too.
    let (mut dlx, mut naive) = (DlxSolver::new(), NaiveSolver::new());
    for (who, mut ours) in ours() {
        for (puzzle, count) in embedded() {
            let dlx_count = assert_agree(ours.as_mut(), &mut dlx, "dlx", &puzzle, 3);
            assert_eq!(dlx_count, count, "{who}: {puzzle}");
            let naive_count = assert_agree(ours.as_mut(), &mut naive, "naive", &puzzle, 3);
            assert_eq!(naive_count, count, "{who}: {puzzle}");
        }
    }
}

/// The example from the grid docs: singles alone solve it.
const EASY: &str =
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
const EASY_ANSWER: &str =
    "527389416819426735436751829375692184194538267268174593643217958951843672782965341";
/// Arto Inkala's "world's hardest sudoku": needs guesses.
const HARD: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
/// Made for this file: the two answers above with digits relabelled, then cells blanked in a
/// random order as long as the puzzle kept a single solution (minimal, 23 to 26 givens).
const MINIMAL: [&str; 4] = [
    "..4...9..8...5.........1.52..........2.3.8.7.5..1.9..6.96...2.8..1..6...4...7....",
    "..3....72..9.........7.1.6.1.7..8........4....6..5.49......79.6.9.4...1...5...74.",
    "...51.....3...27....2..3.8.57.......3.94.......1.7..6.....3.6.1....9...871..2.59.",
    "..4...721..57...3...6..9.....24....7.7...6.4..8...1......1...78..8.......1.5..26.",
];

/// The puzzles this file carries, with their solution counts: EASY, HARD, the minimal ones,
/// and EASY_ANSWER with a deadly rectangle blanked (r4c4 r4c5 r9c4 r9c5 hold 6 9 / 9 6, so
/// the two digits can swap: two solutions).
fn embedded() -> Vec<(Grid, u32)> {
    let mut puzzles: Vec<(Grid, u32)> =
        [EASY, HARD].iter().chain(&MINIMAL).map(|p| (p.parse().unwrap(), 1)).collect();
    let mut cells = *EASY_ANSWER.parse::<Grid>().unwrap().cells();
    assert_eq!([cells[30], cells[31], cells[75], cells[76]], [6, 9, 9, 6]);
    for cell in [30, 31, 75, 76] {
        cells[cell] = 0;
    }
    puzzles.push((Grid::from_cells(cells).unwrap(), 2));
    puzzles
}

/// A puzzle for the property tests, with its solution count (limit 2) and first solution as
/// DLX finds them.
struct Known {
    puzzle: Grid,
    count: u32,
    solution: Grid,
}

/// The property tests' puzzles: the embedded ones, plus, where the corpora are present, eight
/// evenly spaced from each corpus (the hard lists are what exercise the search).
fn known() -> &'static [Known] {
    static KNOWN: OnceLock<Vec<Known>> = OnceLock::new();
    KNOWN.get_or_init(|| {
        let mut puzzles: Vec<Grid> = embedded().into_iter().map(|(p, _)| p).collect();
        if let Some(dir) = datasets_dir("the property tests' corpus puzzles") {
            for (name, _) in CORPORA {
                puzzles.extend(sample(&read_corpus(&dir, name), 8));
            }
        }
        let mut dlx = DlxSolver::new();
        puzzles
            .into_iter()
            .map(|puzzle| {
                let (count, solution) = run(&mut dlx, &puzzle, 2);
                let solution = solution.unwrap_or_else(|| panic!("dlx: no solution for {puzzle}"));
                Known { puzzle, count, solution }
            })
            .collect()
    })
}

/// A transformation that maps every valid grid to a valid grid: cell (r, c) of the result is
/// cell (rows[r], cols[c]) of the source, or (cols[c], rows[r]) when transposed, with its
/// digit relabelled.
#[derive(Debug, Clone)]
struct Isomorph {
    /// `digits[d - 1]` replaces digit `d`.
    digits: Vec<u8>,
    rows: [usize; 9],
    cols: [usize; 9],
    transpose: bool,
}

impl Isomorph {
    fn apply(&self, grid: &Grid) -> Grid {
        let mut cells = [0u8; 81];
        for (i, cell) in cells.iter_mut().enumerate() {
            let (r, c) = (self.rows[i / 9], self.cols[i % 9]);
            let v = if self.transpose { grid.get(c, r) } else { grid.get(r, c) };
            *cell = if v == 0 { 0 } else { self.digits[v as usize - 1] };
        }
        Grid::from_cells(cells).unwrap()
    }
}

/// A permutation of 0..3.
fn three() -> impl Strategy<Value = Vec<usize>> {
    Just(vec![0, 1, 2]).prop_shuffle()
}

/// A permutation of the nine rows (or columns) that keeps bands (stacks) together: the bands
/// shuffled, and the lines within each.
fn lines() -> impl Strategy<Value = [usize; 9]> {
    (three(), three(), three(), three()).prop_map(|(bands, a, b, c)| {
        let within = [a, b, c];
        std::array::from_fn(|i| bands[i / 3] * 3 + within[i / 3][i % 3])
    })
}

fn isomorph() -> impl Strategy<Value = Isomorph> {
    let digits = Just((1..=9).collect::<Vec<u8>>()).prop_shuffle();
    (digits, lines(), lines(), any::<bool>()).prop_map(|(digits, rows, cols, transpose)| Isomorph {
        digits,
        rows,
        cols,
        transpose,
    })
}

fn config() -> Config {
    // No regression files: a failure prints the shrunk case, which belongs in a named test.
    Config { cases: 1024, failure_persistence: None, ..Config::default() }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fast_solver_commutes_with_sudoku_isomorphisms(which in any::<Index>(), iso in isomorph()) {
        let known = which.get(known());
        let puzzle = iso.apply(&known.puzzle);
        let (count, solution) = run(&mut BandSolver::new(), &puzzle, 2);
        let (reference, _) = run(&mut BitmaskSolver::new(), &puzzle, 2);
        prop_assert_eq!(count, reference, "band vs bitmask on {} ({:?})", puzzle, iso);
        let (dlx_count, _) = run(&mut DlxSolver::new(), &puzzle, 2);
        prop_assert_eq!(count, dlx_count, "ours vs dlx on {} ({:?})", puzzle, iso);
        prop_assert_eq!(count, known.count, "isomorph of {} counts differently", known.puzzle);
        let solution = solution.expect("an isomorph of a solvable puzzle is solvable");
        prop_assert!(solution.is_solved() && solution.agrees_with(&puzzle), "{}", solution);
        if count == 1 {
            let expected = iso.apply(&known.solution);
            prop_assert!(expected.is_solved(), "the isomorph broke a grid: {:?}", iso);
            prop_assert_eq!(solution, expected, "{} ({:?})", puzzle, iso);
        }
    }

    #[test]
    fn fast_solver_and_dlx_count_alike_on_blanked_grids(
        which in any::<Index>(),
        iso in isomorph(),
        blanks in subsequence((0..81).collect::<Vec<usize>>(), 0..=81),
        wrong in proptest::option::weighted(0.25, (0..81usize, 1..=9u8)),
    ) {
        let full = iso.apply(&which.get(known()).solution);
        let mut cells = *full.cells();
        for &cell in &blanks {
            cells[cell] = 0;
        }
        // Sometimes one cell gets a digit of its own: a clash, a dead end, or still fine.
        if let Some((cell, digit)) = wrong {
            cells[cell] = digit;
        }
        let puzzle = Grid::from_cells(cells).unwrap();
        let (count, solution) = run(&mut BandSolver::new(), &puzzle, 3);
        let (reference, _) = run(&mut BitmaskSolver::new(), &puzzle, 3);
        prop_assert_eq!(count, reference, "band vs bitmask on {}", puzzle);
        let (dlx_count, dlx_solution) = run(&mut DlxSolver::new(), &puzzle, 3);
        prop_assert_eq!(count, dlx_count, "ours vs dlx on {}", puzzle);
        if puzzle.agrees_with(&full) {
            prop_assert!(count >= 1, "{} lost its solution {}", puzzle, full);
        }
        if let (Some(a), Some(b)) = (solution, dlx_solution) {
            prop_assert!(a.is_solved() && a.agrees_with(&puzzle), "ours: {} -> {}", puzzle, a);
            prop_assert!(b.is_solved() && b.agrees_with(&puzzle), "dlx: {} -> {}", puzzle, b);
            if count == 1 {
                prop_assert_eq!(a, b, "{}", puzzle);
            }
        }
    }
}
