//! criterion benchmarks: `sudoku-bulk`'s solvers (the band solver [`BandSolver`], the default, and the reference
//! [`BitmaskSolver`]) against the Rust `sudoku` crate
//! (0.8, the JCZSolve port), one group per corpus, throughput in puzzles.
//!
//! Each iteration solves every puzzle of the corpus, or of a fixed, evenly spaced sample of
//! [`SAMPLE_CAP`] puzzles for the large corpora (the group name says which), in two modes:
//! `first` stops at the first solution (limit 1), `count2` counts up to two (the uniqueness
//! check). Both solvers keep the first solution they find, so both do the same work.
//!
//! The corpora are found in `SUDOKU_DATASETS`, else `../shared/datasets`; without that folder
//! the repository's own `datasets/sample_10k.txt` is used if present. `benches/table.rs`
//! checks the answers and prints the summary table; this file only times.
//!
//! The `sudoku` crate is AGPL-3.0: it is a dev-dependency for the benches only.

mod common;

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use sudoku_bulk::{BandSolver, BitmaskSolver, Grid, Solver};

/// Larger corpora are sampled down to this many puzzles, to keep an iteration under a second
/// or so on the hardest sets.
const SAMPLE_CAP: usize = 10_000;

fn solvers(c: &mut Criterion) {
    for path in common::corpus_files("solvers") {
        let corpus =
            common::load(&path, Some(SAMPLE_CAP)).unwrap_or_else(|e| panic!("solvers: {e}"));
        let label = if corpus.ours.len() == corpus.total {
            format!("{} (all {})", corpus.name, corpus.total)
        } else {
            format!("{} (sample of {} from {})", corpus.name, corpus.ours.len(), corpus.total)
        };
        let mut group = c.benchmark_group(&label);
        group.throughput(Throughput::Elements(corpus.ours.len() as u64));
        // An iteration is a whole corpus (up to a second): flat sampling runs the same number
        // of iterations per sample instead of criterion's growing 1, 2, .. 10 ramp.
        group.sampling_mode(SamplingMode::Flat);
        for (mode, limit) in [("first", 1u32), ("count2", 2)] {
            let ours: [(&str, Box<dyn Solver>); 2] = [
                ("sudoku-bulk", Box::new(BandSolver::new())),
                ("sudoku-bulk-bitmask", Box::new(BitmaskSolver::new())),
            ];
            for (name, mut solver) in ours {
                group.bench_function(format!("{name}/{mode}"), |b| {
                    let mut solution = Grid::EMPTY;
                    b.iter(|| {
                        let mut found = 0u32;
                        for puzzle in &corpus.ours {
                            found +=
                                solver.solve(black_box(puzzle), limit, &mut solution).solutions;
                            black_box(&solution);
                        }
                        found
                    })
                });
            }
            group.bench_function(format!("sudoku-crate/{mode}"), |b| {
                let mut solution = [[0u8; 81]];
                b.iter(|| {
                    let mut found = 0usize;
                    for &puzzle in &corpus.theirs {
                        found +=
                            black_box(puzzle).solutions_up_to_buffer(&mut solution, limit as usize);
                        black_box(&solution);
                    }
                    found
                })
            });
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    // Modest settings so the whole run takes a few minutes; command-line flags
    // (`--sample-size`, `--measurement-time`, ...) still override them.
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = solvers
}
criterion_main!(benches);
