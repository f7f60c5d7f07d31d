//! The speed table, in tdoku's columns: puzzles/s, us/puzzle, % solved without guessing and
//! guesses/puzzle, for `sudoku-bulk` and the Rust `sudoku` crate (0.8, the JCZSolve port),
//! each corpus, two modes: `first` (stop at the first solution, limit 1) and `count2` (count up
//! to two solutions: the uniqueness check).
//!
//! criterion (`benches/solvers.rs`) gives confidence intervals; this harness gives the one
//! table a README quotes. It is built for a noisy shared machine: after a warm-up pass (which
//! also checks every answer of both solvers), each of R rounds times one full pass of our
//! solver and one of the crate, back to back, alternating which goes first, so both see the
//! same background load. The table reports the median round of each and the ratio of the
//! medians.
//!
//! ```text
//! cargo bench --bench table                 # the five puzzles* corpora
//! cargo bench --bench table -- FILE...      # other one-puzzle-a-line files
//! BENCH_ROUNDS=7         rounds per cell (median reported)
//! BENCH_MAX_PUZZLES=N    an evenly spaced sample of at most N puzzles per corpus
//! BENCH_SOLVER=NAME      which of our solvers: fast (default, BandSolver) or bitmask (the
//!                        reference BitmaskSolver)
//! SUDOKU_DATASETS=DIR    where the corpora are (default ../shared/datasets)
//! ```
//!
//! The `sudoku` crate is AGPL-3.0: it is a dev-dependency for the benches only.

mod common;

use std::hint::black_box;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use common::{load, Corpus};
use sudoku::Sudoku;
use sudoku_bulk::commands::bench::Mode;
use sudoku_bulk::solver::band::BandSolver;
use sudoku_bulk::{BitmaskSolver, Grid, Solver};

const DEFAULT_ROUNDS: usize = 7;

/// Which of our solvers the table measures.
#[derive(Clone, Copy)]
enum Ours {
    Bitmask,
    Band,
}

impl Ours {
    fn name(self) -> &'static str {
        match self {
            Ours::Bitmask => "BitmaskSolver",
            Ours::Band => "BandSolver",
        }
    }
}

/// The validated run settings.
struct Config {
    rounds: usize,
    solver: Ours,
    /// Cap on puzzles per corpus; `None`: the whole corpus.
    max_puzzles: Option<usize>,
    corpora: Vec<PathBuf>,
}

/// What the warm-up pass learns: our guess statistics, and how many solutions each solver
/// reports over the whole pass (every timed pass must report the same).
struct Checked {
    ours_found: u64,
    theirs_found: u64,
    no_guess: usize,
    guesses: u64,
}

/// One line pair of the table.
struct Measured {
    mode: Mode,
    checked: Checked,
    ours: Duration,
    theirs: Duration,
}

fn main() -> ExitCode {
    let config = match config() {
        Ok(Some(config)) => config,
        Ok(None) => return ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("table: {msg}");
            return ExitCode::FAILURE;
        }
    };
    let mut corpora = Vec::new();
    for path in &config.corpora {
        match load(path, config.max_puzzles) {
            Ok(corpus) => corpora.push(corpus),
            Err(msg) => {
                eprintln!("table: {msg}");
                return ExitCode::FAILURE;
            }
        }
    }

    let mut results = Vec::new();
    for corpus in &corpora {
        for mode in [Mode::First, Mode::Count2] {
            eprintln!(
                "table: {} ({} puzzles), {}, {} rounds",
                corpus.name,
                corpus.ours.len(),
                mode.name(),
                config.rounds
            );
            let measured = match config.solver {
                Ours::Bitmask => measure(corpus, mode, config.rounds, BitmaskSolver::new()),
                Ours::Band => measure(corpus, mode, config.rounds, BandSolver::new()),
            };
            let measured = match measured {
                Ok(m) => m,
                Err(msg) => {
                    eprintln!("table: ABORTED, the solvers disagree: {}: {msg}", corpus.name);
                    return ExitCode::FAILURE;
                }
            };
            results.push((corpus, measured));
        }
    }
    print_table(&config, &results);
    ExitCode::SUCCESS
}

/// Reads the environment and the arguments. `Ok(None)`: nothing to run (message printed).
fn config() -> Result<Option<Config>, String> {
    let rounds = env_count("BENCH_ROUNDS")?.unwrap_or(DEFAULT_ROUNDS);
    let max_puzzles = env_count("BENCH_MAX_PUZZLES")?;
    let solver = match std::env::var("BENCH_SOLVER") {
        Err(std::env::VarError::NotPresent) => Ours::Band,
        Ok(v) if v.trim() == "bitmask" => Ours::Bitmask,
        Ok(v) if matches!(v.trim(), "fast" | "band") => Ours::Band,
        Ok(v) => return Err(format!("BENCH_SOLVER={v}: expected fast or bitmask")),
        Err(e) => return Err(format!("BENCH_SOLVER: {e}")),
    };
    // cargo passes `--bench` (and libtest-style flags); only the other arguments are files.
    let files: Vec<PathBuf> = std::env::args_os()
        .skip(1)
        .filter(|a| !a.to_string_lossy().starts_with('-'))
        .map(PathBuf::from)
        .collect();
    if !files.is_empty() {
        return Ok(Some(Config { rounds, solver, max_puzzles, corpora: files }));
    }

    let corpora = common::corpus_files("table");
    if corpora.is_empty() {
        return Ok(None);
    }
    Ok(Some(Config { rounds, solver, max_puzzles, corpora }))
}

/// A positive integer from the environment, `None` if unset.
fn env_count(var: &str) -> Result<Option<usize>, String> {
    match std::env::var(var) {
        Err(std::env::VarError::NotPresent) => Ok(None),
        Ok(v) => match v.trim().parse::<usize>() {
            Ok(n) if n > 0 => Ok(Some(n)),
            _ => Err(format!("{var}={v}: expected a whole number above 0")),
        },
        Err(e) => Err(format!("{var}: {e}")),
    }
}

/// Checks both solvers on every puzzle (the warm-up pass), then times `rounds` interleaved
/// passes. `Err` names the first puzzle where an answer is missing, wrong, or disagrees.
fn measure<S: Solver>(
    corpus: &Corpus,
    mode: Mode,
    rounds: usize,
    mut solver: S,
) -> Result<Measured, String> {
    let limit = mode.limit();
    let checked = check(corpus, limit, &mut solver)?;

    let mut ours = Vec::with_capacity(rounds);
    let mut theirs = Vec::with_capacity(rounds);
    for round in 0..rounds {
        // Alternate the order, so neither solver always runs just after the other.
        let ours_first = round % 2 == 0;
        for turn in 0..2 {
            let (time, found, expected, who) = if (turn == 0) == ours_first {
                let (t, f) = time_ours(&corpus.ours, limit, &mut solver);
                (t, f, checked.ours_found, "sudoku-bulk")
            } else {
                let (t, f) = time_theirs(&corpus.theirs, limit);
                (t, f, checked.theirs_found, "sudoku crate")
            };
            if found != expected {
                return Err(format!(
                    "{who} found {found} solutions in round {round}, {expected} in the warm-up"
                ));
            }
            if who == "sudoku-bulk" {
                ours.push(time);
            } else {
                theirs.push(time);
            }
        }
    }
    Ok(Measured { mode, checked, ours: median(&mut ours), theirs: median(&mut theirs) })
}

/// The warm-up pass: every puzzle through both solvers, with every answer checked.
fn check<S: Solver>(corpus: &Corpus, limit: u32, solver: &mut S) -> Result<Checked, String> {
    let mut checked = Checked { ours_found: 0, theirs_found: 0, no_guess: 0, guesses: 0 };
    for (puzzle, their_puzzle) in corpus.ours.iter().zip(&corpus.theirs) {
        let mut ours = Grid::EMPTY;
        let outcome = solver.solve(puzzle, limit, &mut ours);
        let mut buf = [[0u8; 81]];
        let found = their_puzzle.solutions_up_to_buffer(&mut buf, limit as usize);
        let theirs = Grid::from_cells(buf[0]).unwrap_or(Grid::EMPTY);

        if !outcome.solved() || !ours.is_solved() || !ours.agrees_with(puzzle) {
            return Err(format!("sudoku-bulk has no valid solution for {puzzle}"));
        }
        if found == 0 || !theirs.is_solved() || !theirs.agrees_with(puzzle) {
            return Err(format!("the sudoku crate has no valid solution for {puzzle}"));
        }
        if outcome.solutions as usize != found {
            return Err(format!(
                "{puzzle}: sudoku-bulk counts {}, the sudoku crate {found} (limit {limit})",
                outcome.solutions
            ));
        }
        checked.ours_found += u64::from(outcome.solutions);
        checked.theirs_found += found as u64;
        checked.guesses += outcome.guesses;
        checked.no_guess += usize::from(outcome.guesses == 0);
    }
    Ok(checked)
}

/// One timed pass of our solver; returns the time and the solutions found.
fn time_ours<S: Solver>(puzzles: &[Grid], limit: u32, solver: &mut S) -> (Duration, u64) {
    let mut solution = Grid::EMPTY;
    let mut found = 0u64;
    let start = Instant::now();
    for puzzle in puzzles {
        found += u64::from(solver.solve(black_box(puzzle), limit, &mut solution).solutions);
        black_box(&solution);
    }
    (start.elapsed(), found)
}

/// One timed pass of the crate, doing the same work: count up to `limit` and keep the first
/// solution (`some_solution` is this call with limit 1).
fn time_theirs(puzzles: &[Sudoku], limit: u32) -> (Duration, u64) {
    let mut solution = [[0u8; 81]];
    let mut found = 0u64;
    let start = Instant::now();
    for &puzzle in puzzles {
        found += black_box(puzzle).solutions_up_to_buffer(&mut solution, limit as usize) as u64;
        black_box(&solution);
    }
    (start.elapsed(), found)
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort_unstable();
    let n = times.len();
    if n % 2 == 1 {
        times[n / 2]
    } else {
        (times[n / 2 - 1] + times[n / 2]) / 2
    }
}

fn print_table(config: &Config, results: &[(&Corpus, Measured)]) {
    println!(
        "| corpus | puzzles | mode | solver | puzzles/s | us/puzzle | % no guess \
         | guesses/puzzle | ours/theirs |"
    );
    println!("|---|---:|---|---|---:|---:|---:|---:|---:|");
    for (corpus, m) in results {
        let n = corpus.ours.len();
        let puzzles = if n == corpus.total {
            thousands(n as u64)
        } else {
            format!("{} of {}", thousands(n as u64), thousands(corpus.total as u64))
        };
        let rate = |t: Duration| n as f64 / t.as_secs_f64().max(1e-9);
        let (ours, theirs) = (rate(m.ours), rate(m.theirs));
        println!(
            "| {} | {puzzles} | {} | sudoku-bulk | {} | {:.2} | {:.1} | {:.2} | {:.2}x |",
            corpus.name,
            m.mode.name(),
            thousands(ours.round() as u64),
            1e6 / ours,
            100.0 * m.checked.no_guess as f64 / n as f64,
            m.checked.guesses as f64 / n as f64,
            ours / theirs,
        );
        println!(
            "| {} | {puzzles} | {} | sudoku crate | {} | {:.2} | - | - | |",
            corpus.name,
            m.mode.name(),
            thousands(theirs.round() as u64),
            1e6 / theirs,
        );
    }
    let sampled = match config.max_puzzles {
        Some(cap) => {
            format!("an evenly spaced sample of at most {} puzzles", thousands(cap as u64))
        }
        None => "every puzzle".to_owned(),
    };
    println!();
    println!(
        "Median of {} round{} per row, after one warm-up pass that also checks every answer; \
         each round times one full pass of each solver over {sampled} of the corpus, the two \
         interleaved and alternating which goes first. One thread. `first`: stop at the first \
         solution (limit 1); `count2`: count up to two solutions (the uniqueness check); both \
         solvers also keep the first solution. The `sudoku` crate (0.8) reports no guess count. \
         ours/theirs: ratio of the median puzzles/s. sudoku-bulk solver: {}.",
        config.rounds,
        if config.rounds == 1 { "" } else { "s" },
        config.solver.name(),
    );
}

/// `1234567` as `1,234,567`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}
