//! criterion benchmarks: `sudoku-bulk`'s solvers (the fast [`BandSolver`] and the reference
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

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};
use sudoku::Sudoku;
use sudoku_bulk::{BandSolver, BitmaskSolver, Grid, Solver};

/// Larger corpora are sampled down to this many puzzles, to keep an iteration under a second
/// or so on the hardest sets.
const SAMPLE_CAP: usize = 10_000;

/// The repository's own small corpus, used when the shared folder is absent.
const OWN_SAMPLE: &str = "datasets/sample_10k.txt";

/// One corpus, parsed for both solvers before any timing.
struct Corpus {
    /// The group name: file name and how many of its puzzles are used.
    label: String,
    ours: Vec<Grid>,
    theirs: Vec<Sudoku>,
}

/// The corpus files to benchmark: the `puzzles*` files of the corpus folder, sorted.
fn corpus_files() -> Vec<PathBuf> {
    let dir = match std::env::var_os("SUDOKU_DATASETS") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/datasets"),
    };
    if !dir.is_dir() {
        eprintln!(
            "solvers: skipping the benchmark corpora: no corpus folder at {} (set SUDOKU_DATASETS)",
            dir.display()
        );
        let own = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(OWN_SAMPLE);
        if own.is_file() {
            eprintln!("solvers: using the repository's own {OWN_SAMPLE} instead");
            return vec![own];
        }
        eprintln!("solvers: nothing to benchmark");
        return Vec::new();
    }
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("solvers: cannot list {}: {e}", dir.display()));
    let mut files: Vec<PathBuf> = entries
        .map(|entry| entry.expect("directory entry").path())
        .filter(|path| {
            path.is_file()
                && path.file_name().is_some_and(|n| n.to_string_lossy().starts_with("puzzles"))
        })
        .collect();
    files.sort();
    if files.is_empty() {
        eprintln!("solvers: no puzzles* files in {}", dir.display());
    }
    files
}

/// Reads a one-puzzle-a-line file (`#` comments and blank lines skipped, CRLF accepted) and
/// keeps an evenly spaced sample of at most [`SAMPLE_CAP`] puzzles: corpora are often ordered
/// by difficulty, so a prefix would not be representative. Panics naming the file and line on
/// a line that does not parse.
fn load(path: &Path) -> Corpus {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("solvers: {}: {e}", path.display()));
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim_end()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .collect();
    let total = lines.len();
    let kept: Vec<(usize, &str)> = if total <= SAMPLE_CAP {
        lines
    } else {
        (0..SAMPLE_CAP).map(|i| lines[i * total / SAMPLE_CAP]).collect()
    };
    let mut ours = Vec::with_capacity(kept.len());
    let mut theirs = Vec::with_capacity(kept.len());
    for &(number, line) in &kept {
        let at = || format!("{}:{number}", path.display());
        ours.push(Grid::parse_line(line.as_bytes()).unwrap_or_else(|e| panic!("{}: {e}", at())));
        theirs.push(Sudoku::from_str_line(line).unwrap_or_else(|e| panic!("{}: {e:?}", at())));
    }
    let name = path.file_name().unwrap_or(path.as_os_str()).to_string_lossy();
    let label = if kept.len() == total {
        format!("{name} (all {total})")
    } else {
        format!("{name} (sample of {} from {total})", kept.len())
    };
    Corpus { label, ours, theirs }
}

fn solvers(c: &mut Criterion) {
    for path in corpus_files() {
        let corpus = load(&path);
        let mut group = c.benchmark_group(&corpus.label);
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
