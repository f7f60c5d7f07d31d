//! Canonical forms, single thread: puzzles/s for minlex and patminlex on the 17-clue list and
//! on solution grids (the 17-clue puzzles' solutions), with the `sudoku` crate's
//! `canonicalized()` on the same grids as the comparison.
//!
//! ```text
//! cargo bench --bench canon                 # every 17-clue puzzle, 20,000 grids
//! CANON_SAMPLE=5000 cargo bench --bench canon
//! CANON_ONLY=patminlex cargo bench --bench canon   # only the rows whose name starts so
//! SUDOKU_DATASETS=DIR                       # where the corpora are (default ../shared/datasets)
//! ```
//!
//! Instruction counts, which repeat on a loaded machine (one row at a time):
//!
//! ```text
//! CANON_ONLY='patminlex, 17' valgrind --tool=callgrind --toggle-collect='*canon_workload*' \
//!     target/release/deps/canon-HASH
//! ```
//!
//! Each row is one timed pass after a warm-up pass over at most 1,000 of the items; the
//! canonical forms found are summed into a checksum so the work cannot be optimised away.

#[allow(dead_code)]
mod common;

use std::hint::black_box;
use std::time::Instant;

use sudoku_bulk::canon::{Canonicalizer, Form};
use sudoku_bulk::{BandSolver, Grid, Solver};

/// Canonicalises every grid; kept apart and never inlined so callgrind can count just this
/// (`--toggle-collect='*canon_workload*'`). Returns a checksum of the forms.
#[inline(never)]
fn canon_workload(grids: &[Grid], form: Form) -> u64 {
    let mut canon = Canonicalizer::new();
    let mut sum = 0u64;
    for grid in grids {
        let found = canon.canonicalize(black_box(grid), form);
        sum = sum.wrapping_add(found.grid.cells().iter().map(|&v| v as u64).sum::<u64>());
        sum = sum.wrapping_add(found.automorphisms);
    }
    sum
}

/// The `sudoku` crate's `canonicalized()` on every grid, likewise kept apart (its name
/// matches the same callgrind pattern).
#[inline(never)]
fn canon_workload_of_the_crate(grids: &[sudoku::Sudoku]) -> usize {
    let mut sum = 0usize;
    for s in grids {
        sum = sum.wrapping_add(black_box(s).canonicalized().map_or(0, |(_, n)| n));
    }
    sum
}

fn rate(what: &str, n: usize, secs: f64) {
    println!(
        "{what:<44} {n:>7} items  {:>10.0} /s  {:>8.2} us each",
        n as f64 / secs,
        secs * 1e6 / n as f64
    );
}

fn main() {
    let sample: Option<usize> =
        std::env::var("CANON_SAMPLE").ok().map(|v| v.parse().expect("CANON_SAMPLE is a number"));
    let Some(path) =
        common::corpus_files("canon").into_iter().find(|p| p.ends_with("puzzles2_17_clue"))
    else {
        eprintln!("canon: no 17-clue list; nothing to measure");
        return;
    };
    let corpus = common::load(&path, sample).unwrap_or_else(|e| panic!("canon: {e}"));
    let puzzles = corpus.ours;
    let mut solver = BandSolver::new();
    let grids: Vec<Grid> = puzzles
        .iter()
        .take(sample.unwrap_or(20_000))
        .map(|p| {
            let mut g = Grid::EMPTY;
            solver.solve(p, 1, &mut g);
            g
        })
        .collect();
    let only = std::env::var("CANON_ONLY").unwrap_or_default();
    println!("single thread, one pass each (after a warm-up on 1,000)");
    for (what, items, form) in [
        ("minlex, 17-clue puzzles", &puzzles, Form::Minlex),
        ("patminlex, 17-clue puzzles", &puzzles, Form::Patminlex),
        ("minlex, solution grids", &grids, Form::Minlex),
        ("patminlex, solution grids", &grids, Form::Patminlex),
    ] {
        if !what.starts_with(only.as_str()) {
            continue;
        }
        black_box(canon_workload(&items[..items.len().min(1000)], form));
        let start = Instant::now();
        black_box(canon_workload(items, form));
        rate(what, items.len(), start.elapsed().as_secs_f64());
    }
    if !"sudoku crate canonicalized(), solution grids".starts_with(only.as_str()) {
        return;
    }
    let theirs: Vec<sudoku::Sudoku> = grids
        .iter()
        .map(|g| sudoku::Sudoku::from_str_line(&g.to_string()).expect("a grid"))
        .collect();
    black_box(canon_workload_of_the_crate(&theirs[..theirs.len().min(1000)]));
    let start = Instant::now();
    black_box(canon_workload_of_the_crate(&theirs));
    rate(
        "sudoku crate canonicalized(), solution grids",
        theirs.len(),
        start.elapsed().as_secs_f64(),
    );
}
