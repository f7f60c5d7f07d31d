//! A fixed workload for comparing versions of the band solver by instruction counts under
//! callgrind, where a shared machine's wall time is too noisy to see a 1% change.
//!
//! For each corpus, an evenly stepped sample of `BAND_SAMPLE` puzzles (default 300: every
//! `len / 300`-th puzzle line, the first 300 of them) is solved by [`BandSolver`] twice, with
//! limit 1 (first solution) and limit 2 (the uniqueness check); the solutions found and the
//! guesses are printed per corpus, so that two versions can also be checked to do the same
//! search. The solving is kept in one function, `band_workload`, so that callgrind can count
//! just that and not the reading and parsing:
//!
//! ```text
//! cargo bench --no-run --bench workload      # prints the binary: target/release/deps/workload-…
//! BAND_CORPUS=puzzles2 BAND_SAMPLE=300 valgrind --tool=callgrind \
//!     --toggle-collect='*band_workload*' target/release/deps/workload-…
//! callgrind_annotate callgrind.out.<pid> | head     # the total Ir of the workload
//!
//! BAND_CORPUS=PREFIX     only the corpora whose file name starts with PREFIX (default: all)
//! BAND_SAMPLE=N          puzzles a corpus (default 300)
//! SUDOKU_DATASETS=DIR    where the corpora are (default ../shared/datasets)
//! WORKLOAD=sized         the sized solver instead, on the same puzzles (`*sized_workload*`)
//! WORKLOAD_FILES=A:B     with WORKLOAD=sized, these files too: a puzzle a line, any size
//! ```
//!
//! `cargo bench --bench workload` runs it without callgrind, as a quick check that it works.

// The other benches read the rest of the shared module; this one only finds the corpora.
#[allow(dead_code)]
mod common;

use std::hint::black_box;

use sudoku_bulk::sized::{Board, Shape, SizedSolver};
use sudoku_bulk::{BandSolver, Grid, Solver};

/// Solves every puzzle with limits 1 and 2; kept apart, and never inlined, so that callgrind
/// can count just this (`--toggle-collect='*band_workload*'`). Returns the solutions found
/// and the guesses made.
#[inline(never)]
fn band_workload(puzzles: &[Grid]) -> (u64, u64) {
    let mut solver = BandSolver::new();
    let (mut found, mut guesses) = (0, 0);
    let mut solution = Grid::EMPTY;
    for limit in [1, 2] {
        for puzzle in puzzles {
            let outcome = solver.solve(black_box(puzzle), limit, &mut solution);
            found += u64::from(outcome.solutions);
            guesses += outcome.guesses;
        }
    }
    (found, guesses)
}

/// [`band_workload`] for the sized solver: the same limits, on boards of any size.
#[inline(never)]
fn sized_workload(puzzles: &[(Board, Vec<u32>)]) -> (u64, u64) {
    let mut solver = SizedSolver::new();
    let (mut found, mut guesses) = (0, 0);
    let mut first = vec![0; sudoku_bulk::sized::MAX_CELLS];
    for limit in [1, 2] {
        for (puzzle, candidates) in puzzles {
            let first = &mut first[..candidates.len()];
            let outcome = solver.count(puzzle.shape(), black_box(candidates), limit, first);
            found += u64::from(outcome.solutions);
            guesses += outcome.guesses;
        }
    }
    (found, guesses)
}

fn main() {
    let sized = std::env::var("WORKLOAD").is_ok_and(|v| v == "sized");
    let prefix = std::env::var("BAND_CORPUS").unwrap_or_default();
    let n: usize = std::env::var("BAND_SAMPLE")
        .map_or(300, |v| v.parse().expect("workload: BAND_SAMPLE is a number"));
    for path in common::corpus_files("workload") {
        let name = path.file_name().unwrap_or_default().to_string_lossy().into_owned();
        if !name.starts_with(&prefix) {
            continue;
        }
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("workload: {}: {e}", path.display()));
        let lines: Vec<&str> =
            text.lines().filter(|l| l.len() >= 81 && !l.starts_with('#')).collect();
        let step = (lines.len() / n.max(1)).max(1);
        let puzzles: Vec<Grid> = lines
            .iter()
            .step_by(step)
            .take(n)
            .map(|l| {
                Grid::parse_line(&l.as_bytes()[..81])
                    .unwrap_or_else(|e| panic!("workload: {name}: {e}"))
            })
            .collect();
        let (found, guesses) = if sized {
            let boards = puzzles.iter().map(|grid| {
                Board::from_cells(Shape::NINE, grid.cells()).expect("a 9x9 grid's cells")
            });
            sized_workload(
                &boards.map(|board| (board.clone(), board.candidates())).collect::<Vec<_>>(),
            )
        } else {
            band_workload(&puzzles)
        };
        eprintln!("{name}: {} puzzles, {found} found, {guesses} guesses", puzzles.len());
    }
    let files = std::env::var("WORKLOAD_FILES").unwrap_or_default();
    for path in files.split(':').filter(|path| sized && !path.is_empty()) {
        let text =
            std::fs::read_to_string(path).unwrap_or_else(|e| panic!("workload: {path}: {e}"));
        let puzzles: Vec<(Board, Vec<u32>)> = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .take(n)
            .map(|l| {
                let board = Board::parse_line(l.trim().as_bytes(), None)
                    .unwrap_or_else(|e| panic!("workload: {path}: {e}"));
                (board.clone(), board.candidates())
            })
            .collect();
        let (found, guesses) = sized_workload(&puzzles);
        eprintln!("{path}: {} puzzles, {found} found, {guesses} guesses", puzzles.len());
    }
}
