//! `rate`, single thread: puzzles/s for the whole of a record's rating as the command does it
//! (the band solver's count to 2, then Sudoku Explainer's rating), on each corpus in file order
//! and as random isomorphs; `explain` (the steps kept too) on the same puzzles; and, where you
//! have built the peers yourself, outside this repository, a table by SE band of our time a
//! puzzle against theirs on the same puzzles in the same run: Sudoku Explainer's `serate`
//! (bands up to 9.x; its JVM's start-up and warm-up taken off by timing the puzzles once and
//! three times over) and sukaku-forge's rater (9.x and up), with how many ratings equal ours.
//!
//! ```text
//! cargo bench --bench rate
//! RATE_SAMPLE=5000 cargo bench --bench rate       # at most this many puzzles a corpus
//! SUDOKU_DATASETS=DIR                             # where the corpora are
//! SUDOKU_EXPLAINER=/path/to/SudokuExplainer.jar   # serate 1.2.1.3 (java)
//! SUKAKU_FORGE=/path/to/sukaku-forge-rate         # sukaku-forge's rater
//! SE_SAMPLE=30                                    # puzzles a band for the peers (default 30;
//!                                                 # serate takes minutes a puzzle from 10.x)
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

/// A peer's command run on `puzzles` (a file of 81-character lines, named `{input}` in
/// `args`, or its standard input where no argument names it; its output `{output}` or its
/// standard output): its wall seconds and its output's lines.
fn run_peer(
    dir: &Path,
    name: &str,
    program: &str,
    args: &[String],
    puzzles: &[Grid],
) -> Result<(f64, Vec<String>), String> {
    let input = dir.join(format!("{name}.txt"));
    let output = dir.join(format!("{name}.out"));
    let text: String = puzzles.iter().map(|p| format!("{p}\n")).collect();
    std::fs::write(&input, text).map_err(|e| e.to_string())?;
    let args: Vec<String> = args
        .iter()
        .map(|a| {
            a.replace("{input}", &input.display().to_string())
                .replace("{output}", &output.display().to_string())
        })
        .collect();
    let mut command = Command::new(program);
    command.args(&args);
    if !args.iter().any(|a| a.contains(&input.display().to_string())) {
        command.stdin(std::fs::File::open(&input).map_err(|e| e.to_string())?);
    }
    let start = Instant::now();
    let out = command.output().map_err(|e| format!("{program}: {e}"))?;
    let secs = start.elapsed().as_secs_f64();
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    let lines = match std::fs::read_to_string(&output) {
        Ok(text) => text.lines().map(String::from).collect(),
        Err(_) => String::from_utf8_lossy(&out.stdout).lines().map(String::from).collect(),
    };
    Ok((secs, lines))
}

/// Seconds a puzzle for Sudoku Explainer's `serate` (one JVM, one thread of rating) on
/// `puzzles` once warm: the puzzles once, then three times over in a second JVM; the
/// difference is two passes with the JVM's start-up and most of its compiling taken off.
/// Also its ER/EP/ED of each puzzle, in tenths, from the first run.
fn explainer(jar: &Path, dir: &Path, puzzles: &[Grid]) -> Result<(f64, Vec<[u8; 3]>), String> {
    let args = |_: ()| {
        vec![
            "-cp".to_string(),
            jar.display().to_string(),
            "diuf.sudoku.test.serate".to_string(),
            "--input={input}".to_string(),
            "--output={output}".to_string(),
        ]
    };
    let (once, lines) = run_peer(dir, "se1", "java", &args(()), puzzles)?;
    let thrice: Vec<Grid> = puzzles.iter().chain(puzzles).chain(puzzles).copied().collect();
    let (three, _) = run_peer(dir, "se3", "java", &args(()), &thrice)?;
    // serate writes `PUZZLE ED=ER/EP/ED`.
    let ratings = lines
        .iter()
        .map(|l| parse_triple(l.rsplit('=').next().unwrap_or("")))
        .collect::<Result<_, _>>()?;
    Ok(((three - once).max(1e-9) / (2 * puzzles.len()) as f64, ratings))
}

/// Seconds a puzzle for sukaku-forge's rater (`sukaku-forge-rate --allow-uniqueness`, native,
/// one thread) on `puzzles`, its start-up (timed on one puzzle) taken off, and its ratings.
fn forge(binary: &Path, dir: &Path, puzzles: &[Grid]) -> Result<(f64, Vec<[u8; 3]>), String> {
    let program = binary.display().to_string();
    let args = ["--allow-uniqueness".to_string()];
    let (one, _) = run_peer(dir, "forge1", &program, &args, &puzzles[..1])?;
    let (all, lines) = run_peer(dir, "forge", &program, &args, puzzles)?;
    let ratings = lines.iter().map(|l| parse_triple(l)).collect::<Result<_, _>>()?;
    Ok(((all - one).max(1e-9) / puzzles.len() as f64, ratings))
}

/// `8.3/1.2/1.2` in tenths.
fn parse_triple(text: &str) -> Result<[u8; 3], String> {
    let mut out = [0u8; 3];
    let mut parts = text.trim().split('/');
    for slot in &mut out {
        let part = parts.next().ok_or_else(|| format!("not ER/EP/ED: {text:?}"))?;
        let (whole, tenth) = part.split_once('.').ok_or_else(|| format!("not N.N: {part:?}"))?;
        let value = whole.parse::<u8>().ok().zip(tenth.parse::<u8>().ok());
        let (whole, tenth) = value.ok_or_else(|| format!("not N.N: {part:?}"))?;
        *slot = whole * 10 + tenth;
    }
    Ok(out)
}

/// Our seconds a puzzle on `puzzles` (the best of three passes) and our ER/EP/ED of each.
fn ours(puzzles: &[Grid]) -> (f64, Vec<[u8; 3]>) {
    let mut best = f64::INFINITY;
    for _ in 0..3 {
        let start = Instant::now();
        black_box(rate_workload(puzzles));
        best = best.min(start.elapsed().as_secs_f64());
    }
    let mut rater = Rater::with_limits(limits());
    let ratings = puzzles
        .iter()
        .map(|p| {
            let r = rater.rate(p, true);
            [r.rating, r.ep, r.ed].map(|t| t.unwrap_or(0))
        })
        .collect();
    (best / puzzles.len() as f64, ratings)
}

/// Per SE band (by our ER, which is SE's): our time a puzzle against serate's (bands up to 9)
/// and sukaku-forge's (9 and up), on the same puzzles, in this run, with how many of them
/// each rated as we do.
fn peers_by_band(name: &str, puzzles: &[Grid], ratings: &[Option<u8>], per_band: usize) {
    let jar = std::env::var_os("SUDOKU_EXPLAINER").map(std::path::PathBuf::from);
    let forge_binary = std::env::var_os("SUKAKU_FORGE").map(std::path::PathBuf::from);
    if jar.is_none() && forge_binary.is_none() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("sudoku-bulk-rate-bench-{}", std::process::id()));
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("rate: {}: {e}", dir.display());
        return;
    }
    println!("{name}, by SE band ({per_band} puzzles a band at most; us a puzzle, one thread):");
    println!("  band  puzzles      ours   serate  ratio  same   forge  ratio  same");
    for band in 1..=12u8 {
        let in_band: Vec<Grid> = puzzles
            .iter()
            .zip(ratings)
            .filter(|(_, r)| r.is_some_and(|t| t / 10 == band))
            .map(|(p, _)| *p)
            .collect();
        if in_band.is_empty() {
            continue;
        }
        let sample = common::sample(&in_band, per_band);
        let (ours_secs, ours_ratings) = ours(&sample);
        let mut row = format!("  {band:>4}.x {:>7} {:>9.1}", sample.len(), ours_secs * 1e6);
        let compare = |peer: Result<(f64, Vec<[u8; 3]>), String>, what: &str| match peer {
            Ok((secs, theirs)) => {
                let same = theirs.iter().zip(&ours_ratings).filter(|(a, b)| a == b).count();
                format!(" {:>8.0} {:>5.0}x {:>5}", secs * 1e6, secs / ours_secs, same)
            }
            Err(e) => {
                eprintln!("rate: {what} on {name}, band {band}: {e}");
                format!(" {:>8} {:>6} {:>5}", "error", "", "")
            }
        };
        let absent = format!(" {:>8} {:>6} {:>5}", "-", "", "");
        row += &match &jar {
            Some(jar) if band <= 9 => compare(explainer(jar, &dir, &sample), "Sudoku Explainer"),
            _ => absent.clone(),
        };
        row += &match &forge_binary {
            Some(binary) if band >= 9 => compare(forge(binary, &dir, &sample), "sukaku-forge"),
            _ => absent,
        };
        println!("{row}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

fn main() {
    let cap: Option<usize> =
        std::env::var("RATE_SAMPLE").ok().map(|v| v.parse().expect("RATE_SAMPLE is a number"));
    let per_band: usize =
        std::env::var("SE_SAMPLE").ok().map_or(30, |v| v.parse().expect("SE_SAMPLE is a number"));
    if std::env::var_os("SUDOKU_EXPLAINER").is_none() {
        eprintln!("rate: SUDOKU_EXPLAINER is not set: Sudoku Explainer's rate is not measured");
    }
    if std::env::var_os("SUKAKU_FORGE").is_none() {
        eprintln!("rate: SUKAKU_FORGE is not set: sukaku-forge's rate is not measured");
    }
    println!("single thread, one pass each (after a warm-up on 1,000)");
    for path in common::corpus_files("rate") {
        let mut corpus = common::load(&path, cap).unwrap_or_else(|e| panic!("rate: {e}"));
        let name = corpus.name.clone();
        line(&format!("rate, {name}"), corpus.ours.len(), timed(&corpus.ours, false));
        line(&format!("explain, {name}"), corpus.ours.len(), timed(&corpus.ours, true));
        // The peers take the puzzles with one solution (serate's rules assume it).
        let mut solver = BandSolver::new();
        let mut scratch = Grid::EMPTY;
        let mut rater = Rater::with_limits(limits());
        let ratings: Vec<Option<u8>> = corpus
            .ours
            .iter()
            .map(|p| (solver.solve(p, 2, &mut scratch).solutions == 1).then_some(p))
            .map(|p| p.and_then(|p| rater.rate(p, true).rating))
            .collect();
        peers_by_band(&name, &corpus.ours, &ratings, per_band);
        common::shuffle(&mut corpus, 30);
        line(
            &format!("rate, {name}, random isomorphs"),
            corpus.ours.len(),
            timed(&corpus.ours, false),
        );
    }
}
