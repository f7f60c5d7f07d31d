//! `rate`, single thread: puzzles/s for the whole of a record's rating as the command does it
//! (the band solver's count to 2, then Sudoku Explainer's rating), on each corpus in file order
//! and as random isomorphs; `explain` (the steps kept too) on the same puzzles; and, where you
//! have built Sudoku Explainer yourself, its rate on a sample of the same puzzles, in the same
//! run.
//!
//! ```text
//! cargo bench --bench rate
//! RATE_SAMPLE=5000 cargo bench --bench rate       # at most this many puzzles a corpus
//! SUDOKU_DATASETS=DIR                             # where the corpora are
//! SUDOKU_EXPLAINER=/path/to/SukakuExplainer.jar   # Sudoku Explainer's rate too (java)
//! SE_SAMPLE=200                                   # puzzles a corpus for it (default 100;
//!                                                 # the hardest corpora take minutes a puzzle)
//! RATE_MAX_LEVEL=dynamic+ RATE_MAX_WORK=N         # rate's --max-level and --max-work
//! ```
//!
//! Instruction counts, which repeat on a loaded machine:
//!
//! ```text
//! valgrind --tool=callgrind --toggle-collect='*rate_workload*' target/release/deps/rate-HASH
//! valgrind --tool=callgrind --toggle-collect='*explain_workload*' target/release/deps/rate-HASH
//! ```

#[allow(dead_code)]
mod common;

use std::hint::black_box;
use std::path::Path;
use std::process::Command;
use std::time::Instant;

use sudoku_bulk::rate::{Level, Limits, Rater, Rating};
use sudoku_bulk::{BandSolver, Grid, Solver};

/// Rates every puzzle as `rate` does: the count to 2, then the rating. Kept apart and never
/// inlined so callgrind can count just this. Returns a checksum of the ratings.
#[inline(never)]
fn rate_workload(puzzles: &[Grid]) -> u64 {
    workload(puzzles, |rater, puzzle, unique| rater.rate(puzzle, unique))
}

/// As [`rate_workload`], with the steps kept, as `explain` does.
#[inline(never)]
fn explain_workload(puzzles: &[Grid]) -> u64 {
    workload(puzzles, |rater, puzzle, unique| rater.explain(puzzle, unique).0)
}

#[inline(always)]
fn workload(puzzles: &[Grid], mut rate: impl FnMut(&mut Rater, &Grid, bool) -> Rating) -> u64 {
    let mut solver = BandSolver::new();
    let mut rater = Rater::with_limits(limits());
    let mut scratch = Grid::EMPTY;
    let mut sum = 0u64;
    for puzzle in puzzles {
        let solutions = solver.solve(black_box(puzzle), 2, &mut scratch).solutions;
        if solutions == 0 {
            continue;
        }
        sum += u64::from(rate(&mut rater, puzzle, solutions == 1).rating.unwrap_or(0));
    }
    sum
}

/// The limits `RATE_MAX_LEVEL` and `RATE_MAX_WORK` set (none by default).
fn limits() -> Limits {
    let all = Limits::default();
    Limits {
        max_level: std::env::var("RATE_MAX_LEVEL")
            .ok()
            .map_or(all.max_level, |v| Level::from_name(&v).expect("RATE_MAX_LEVEL is a level")),
        max_work: std::env::var("RATE_MAX_WORK")
            .ok()
            .map_or(all.max_work, |v| v.parse().expect("RATE_MAX_WORK is a number")),
    }
}

fn line(what: &str, n: usize, secs: f64) -> f64 {
    let rate = n as f64 / secs;
    println!("{what:<52} {n:>7} puzzles  {rate:>10.0} /s  {:>9.2} us each", secs * 1e6 / n as f64);
    rate
}

/// One timed pass after a warm-up over at most 1,000 puzzles.
fn timed(puzzles: &[Grid], explain: bool) -> f64 {
    let work = if explain { explain_workload } else { rate_workload };
    black_box(work(&puzzles[..puzzles.len().min(1000)]));
    let start = Instant::now();
    black_box(work(puzzles));
    start.elapsed().as_secs_f64()
}

/// Sudoku Explainer's `serate` on `puzzles`, in one JVM: seconds for the puzzles, its start-up
/// (timed on one puzzle) taken off.
fn explainer_seconds(jar: &Path, puzzles: &[Grid]) -> Result<f64, String> {
    let dir = std::env::temp_dir().join(format!("sudoku-bulk-rate-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let run = |name: &str, puzzles: &[Grid]| -> Result<f64, String> {
        let input = dir.join(name);
        let text: String = puzzles.iter().map(|p| format!("{p}\n")).collect();
        std::fs::write(&input, text).map_err(|e| e.to_string())?;
        let start = Instant::now();
        let out = Command::new("java")
            .arg("-cp")
            .arg(jar)
            .arg("diuf.sudoku.test.serate")
            .arg(format!("--input={}", input.display()))
            .arg(format!("--output={}", dir.join(format!("{name}.out")).display()))
            .output()
            .map_err(|e| format!("java: {e}"))?;
        if !out.status.success() {
            return Err(String::from_utf8_lossy(&out.stderr).into_owned());
        }
        Ok(start.elapsed().as_secs_f64())
    };
    let startup = run("one.txt", &puzzles[..1])?;
    let all = run("all.txt", puzzles)?;
    let _ = std::fs::remove_dir_all(&dir);
    Ok((all - startup).max(1e-9))
}

fn main() {
    let cap: Option<usize> =
        std::env::var("RATE_SAMPLE").ok().map(|v| v.parse().expect("RATE_SAMPLE is a number"));
    let explainer = std::env::var_os("SUDOKU_EXPLAINER").map(std::path::PathBuf::from);
    let se_sample: usize =
        std::env::var("SE_SAMPLE").ok().map_or(100, |v| v.parse().expect("SE_SAMPLE is a number"));
    if explainer.is_none() {
        eprintln!("rate: SUDOKU_EXPLAINER is not set: Sudoku Explainer's rate is not measured");
    }
    println!("single thread, one pass each (after a warm-up on 1,000)");
    for path in common::corpus_files("rate") {
        let mut corpus = common::load(&path, cap).unwrap_or_else(|e| panic!("rate: {e}"));
        let name = corpus.name.clone();
        let ours = line(&format!("rate, {name}"), corpus.ours.len(), timed(&corpus.ours, false));
        line(&format!("explain, {name}"), corpus.ours.len(), timed(&corpus.ours, true));
        if let Some(jar) = &explainer {
            let sample = common::sample(&corpus.ours, se_sample);
            match explainer_seconds(jar, &sample) {
                Ok(secs) => {
                    let theirs = line(&format!("Sudoku Explainer, {name}"), sample.len(), secs);
                    println!(
                        "{:<52} {:>10.0}x",
                        format!("rate over Sudoku Explainer, {name}"),
                        ours / theirs
                    );
                }
                Err(e) => eprintln!("rate: Sudoku Explainer on {name}: {e}"),
            }
        }
        common::shuffle(&mut corpus, 30);
        line(
            &format!("rate, {name}, random isomorphs"),
            corpus.ours.len(),
            timed(&corpus.ours, false),
        );
    }
}
