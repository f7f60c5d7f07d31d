//! The speed table, in tdoku's columns: puzzles/s, us/puzzle, % solved without guessing and
//! guesses/puzzle, for `sudoku-bulk`, the Rust `sudoku` crate (0.8, the JCZSolve port) and,
//! where a build of them is given, tdoku and fastdoku; each corpus, two modes: `first` (stop
//! at the first solution, limit 1) and `count2` (count up to two solutions: the uniqueness
//! check). With peers given, a last table gives our ratio to the faster of them, per corpus
//! and mode.
//!
//! criterion (`benches/solvers.rs`) gives confidence intervals; this harness gives the one
//! table a README quotes. It is built for a noisy shared machine: after a warm-up pass (which
//! also checks every answer of every solver), each of R rounds times one full pass of each
//! solver, back to back, rotating which goes first, so all see the same background load. The
//! table reports the median round of each and the ratio of our median to each other's.
//!
//! ```text
//! cargo bench --bench table                 # the five puzzles* corpora
//! cargo bench --bench table -- FILE...      # other one-puzzle-a-line files
//! BENCH_ROUNDS=7         rounds per cell (median reported)
//! BENCH_MAX_PUZZLES=N    an evenly spaced sample of at most N puzzles per corpus
//! BENCH_SOLVER=NAME      which of our solvers: fast (default, BandSolver) or bitmask (the
//!                        reference BitmaskSolver)
//! SUDOKU_DATASETS=DIR    where the corpora are (default ../shared/datasets)
//! BENCH_SHUFFLE=SEED     time a random isomorph of each puzzle (drawn from SEED and the
//!                        puzzle's place), as tdoku's benchmark does, not the file's order
//! TDOKU_LIB=FILE         a shared library of tdoku's solver, timed in the same rounds
//!                        (built by the user from their own tdoku checkout; never by us)
//! FASTDOKU_LIB=FILE      a shared library exporting `fastdoku_solve`, with the C signature of
//!                        tdoku's entry point, over fastdoku's solver (the user's harness
//!                        around their own fastdoku build; never ours)
//! ```
//!
//! The `sudoku` crate is AGPL-3.0: it is a dev-dependency for the benches only. tdoku and
//! fastdoku (both BSD-2-Clause) are not dependencies at all: they are loaded at run time, when
//! asked for, from builds of the user's own checkouts ([`peer`]).

mod common;
#[path = "common/peer.rs"]
mod peer;

use std::hint::black_box;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use common::{load, Corpus};
use peer::Peer;
use sudoku::Sudoku;
// `Mode`: what each puzzle is solved for, as in `sudoku-bulk bench --mode`.
use sudoku_bulk::stats::thousands;
use sudoku_bulk::{BandSolver, BenchMode as Mode, BitmaskSolver, Grid, Solver, SolverKind};

const DEFAULT_ROUNDS: usize = 7;

/// The validated run settings.
struct Config {
    rounds: usize,
    /// Ours: `band` or `bitmask`.
    solver: SolverKind,
    /// Cap on puzzles per corpus; `None`: the whole corpus.
    max_puzzles: Option<usize>,
    corpora: Vec<PathBuf>,
    /// Time random isomorphs drawn from this seed (`BENCH_SHUFFLE`).
    shuffle: Option<u64>,
    /// The other projects' solvers given ([`peer::KNOWN`]), and where each was loaded from.
    peers: Vec<(Peer, String)>,
}

/// The solvers of a table, in the order of its rows: ours first.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Who {
    Ours,
    Crate,
    /// The `n`th of [`Config::peers`].
    Peer(usize),
}

impl Who {
    fn name(self, peers: &[(Peer, String)]) -> &'static str {
        match self {
            Who::Ours => "sudoku-bulk",
            Who::Crate => "sudoku crate",
            Who::Peer(n) => peers[n].0.name,
        }
    }
}

/// What the warm-up pass learns of one solver: how many solutions it reports over the whole
/// pass (every timed pass must report the same), and its guess statistics if it keeps any.
#[derive(Default)]
struct Checked {
    found: u64,
    /// Puzzles solved without a guess, and guesses in all; `None` for a solver that reports
    /// no guesses (the crate, fastdoku).
    guesses: Option<(usize, u64)>,
}

/// One row of the table: a solver's warm-up record and its median pass.
struct Row {
    who: Who,
    checked: Checked,
    median: Duration,
}

/// One corpus and mode: a row per solver, ours first.
struct Measured {
    mode: Mode,
    rows: Vec<Row>,
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
            Ok(mut corpus) => {
                if let Some(seed) = config.shuffle {
                    common::shuffle(&mut corpus, seed);
                }
                corpora.push(corpus);
            }
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
                SolverKind::Bitmask => measure(corpus, mode, &config, BitmaskSolver::new()),
                _ => measure(corpus, mode, &config, BandSolver::new()),
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
        Err(std::env::VarError::NotPresent) => SolverKind::Band,
        Ok(v) if v.trim() == "bitmask" => SolverKind::Bitmask,
        Ok(v) if matches!(v.trim(), "band" | "fast") => SolverKind::Band,
        Ok(v) => return Err(format!("BENCH_SOLVER={v}: expected band or bitmask")),
        Err(e) => return Err(format!("BENCH_SOLVER: {e}")),
    };
    let shuffle = match std::env::var("BENCH_SHUFFLE") {
        Err(std::env::VarError::NotPresent) => None,
        Ok(v) => match v.trim().parse::<u64>() {
            Ok(seed) => Some(seed),
            Err(_) => return Err(format!("BENCH_SHUFFLE={v}: expected a seed (an integer)")),
        },
        Err(e) => return Err(format!("BENCH_SHUFFLE: {e}")),
    };
    let peers = peer::from_env()?;
    // cargo passes `--bench` (and libtest-style flags); only the other arguments are files.
    let files: Vec<PathBuf> = std::env::args_os()
        .skip(1)
        .filter(|a| !a.to_string_lossy().starts_with('-'))
        .map(PathBuf::from)
        .collect();
    if !files.is_empty() {
        return Ok(Some(Config { rounds, solver, max_puzzles, corpora: files, shuffle, peers }));
    }

    let corpora = common::corpus_files("table");
    if corpora.is_empty() {
        return Ok(None);
    }
    Ok(Some(Config { rounds, solver, max_puzzles, corpora, shuffle, peers }))
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

/// Checks every solver on every puzzle (the warm-up pass), then times `rounds` interleaved
/// passes. `Err` names the first puzzle where an answer is missing, wrong, or disagrees.
fn measure<S: Solver>(
    corpus: &Corpus,
    mode: Mode,
    config: &Config,
    mut solver: S,
) -> Result<Measured, String> {
    let (limit, rounds) = (mode.limit(), config.rounds);
    // The puzzles as text, as the peers read them (and our timed passes too), made before
    // any timing.
    let texts: Vec<peer::Puzzle> = corpus.ours.iter().map(peer::puzzle).collect();
    let mut rows = check(corpus, limit, &mut solver, &config.peers, &texts)?;

    let mut times = vec![Vec::with_capacity(rounds); rows.len()];
    for round in 0..rounds {
        // Rotate the order, so no solver always runs just after the same other one.
        for turn in 0..rows.len() {
            let k = (round + turn) % rows.len();
            let (time, found) = match rows[k].who {
                Who::Ours => time_ours(&texts, limit, &mut solver),
                Who::Crate => time_theirs(&corpus.theirs, limit),
                Who::Peer(n) => time_peer(&config.peers[n].0, &texts, limit),
            };
            let expected = rows[k].checked.found;
            if found != expected {
                return Err(format!(
                    "{} found {found} solutions in round {round}, {expected} in the warm-up",
                    rows[k].who.name(&config.peers)
                ));
            }
            times[k].push(time);
        }
    }
    for (row, times) in rows.iter_mut().zip(&mut times) {
        row.median = median(times);
    }
    Ok(Measured { mode, rows })
}

/// The warm-up pass: every puzzle through every solver, with every answer checked against
/// the rules and the givens, and the counts compared. Returns a row per solver, ours first.
fn check<S: Solver>(
    corpus: &Corpus,
    limit: u32,
    solver: &mut S,
    peers: &[(Peer, String)],
    texts: &[peer::Puzzle],
) -> Result<Vec<Row>, String> {
    let mut ours_checked = Checked { found: 0, guesses: Some((0, 0)) };
    let mut theirs_checked = Checked::default();
    let mut peers_checked: Vec<Checked> = peers
        .iter()
        .map(|(peer, _)| Checked { found: 0, guesses: peer.counts_guesses.then_some((0, 0)) })
        .collect();
    let valid = |grid: &Grid, puzzle: &Grid| grid.is_solved() && grid.agrees_with(puzzle);
    let tally = |checked: &mut Checked, found: u64, guesses: u64| {
        checked.found += found;
        if let Some((no_guess, all)) = &mut checked.guesses {
            *no_guess += usize::from(guesses == 0);
            *all += guesses;
        }
    };
    for (i, (puzzle, their_puzzle)) in corpus.ours.iter().zip(&corpus.theirs).enumerate() {
        let mut ours = Grid::EMPTY;
        let outcome = solver.solve(puzzle, limit, &mut ours);
        if !outcome.solved() || !valid(&ours, puzzle) {
            return Err(format!("sudoku-bulk has no valid solution for {puzzle}"));
        }
        tally(&mut ours_checked, outcome.solutions.into(), outcome.guesses);

        let mut buf = [[0u8; 81]];
        let found = their_puzzle.solutions_up_to_buffer(&mut buf, limit as usize);
        let theirs = Grid::from_cells(buf[0]).unwrap_or(Grid::EMPTY);
        if found == 0 || !valid(&theirs, puzzle) {
            return Err(format!("the sudoku crate has no valid solution for {puzzle}"));
        }
        if outcome.solutions as usize != found {
            return Err(format!(
                "{puzzle}: sudoku-bulk counts {}, the sudoku crate {found} (limit {limit})",
                outcome.solutions
            ));
        }
        tally(&mut theirs_checked, found as u64, 0);

        for ((peer, _), checked) in peers.iter().zip(&mut peers_checked) {
            let (found, guesses, solution) = peer.solve(&texts[i], limit);
            // Counting to 2, a peer writes no solution (see `time_peer`): its count is checked.
            let theirs = Grid::parse_line(&solution).unwrap_or(Grid::EMPTY);
            if found == 0 || (limit == 1 && !valid(&theirs, puzzle)) {
                return Err(format!("{} has no valid solution for {puzzle}", peer.name));
            }
            if u64::from(outcome.solutions) != found {
                return Err(format!(
                    "{puzzle}: sudoku-bulk counts {}, {} {found} (limit {limit})",
                    outcome.solutions, peer.name
                ));
            }
            tally(checked, found, guesses);
        }
    }
    let row = |who, checked| Row { who, checked, median: Duration::ZERO };
    let mut rows = vec![row(Who::Ours, ours_checked), row(Who::Crate, theirs_checked)];
    for (n, checked) in peers_checked.into_iter().enumerate() {
        rows.push(row(Who::Peer(n), checked));
    }
    Ok(rows)
}

/// One timed pass of our solver, doing what the peers' entry point does: it reads each puzzle
/// as text, counts up to `limit`, and at limit 1 writes the solution as text. Returns the time
/// and the solutions found.
fn time_ours<S: Solver>(texts: &[peer::Puzzle], limit: u32, solver: &mut S) -> (Duration, u64) {
    let mut solution = Grid::EMPTY;
    let mut text = [0u8; 81];
    let mut found = 0u64;
    let start = Instant::now();
    for puzzle in texts {
        let Ok(puzzle) = Grid::parse_line(&black_box(puzzle)[..81]) else { continue };
        let solved = solver.solve(&puzzle, limit, &mut solution).solutions;
        if limit == 1 && solved > 0 {
            for (out, &digit) in text.iter_mut().zip(solution.cells()) {
                *out = b'0' + digit;
            }
        }
        found += u64::from(solved);
        black_box(&text);
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

/// One timed pass of a peer, as tdoku's own benchmark calls tdoku: it counts up to `limit`,
/// and at limit 1 writes the solution as text. At limit 2 it writes none (tdoku's API returns
/// the solution that reached the limit, which a unique puzzle never does), so in `count2` it
/// does a little less than the others: one copy of its state.
fn time_peer(peer: &Peer, puzzles: &[peer::Puzzle], limit: u32) -> (Duration, u64) {
    let mut found = 0u64;
    let start = Instant::now();
    for puzzle in puzzles {
        found += black_box(peer.solve(black_box(puzzle), limit)).0;
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
         | guesses/puzzle | ours/this |"
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
        let ours = rate(m.rows[0].median);
        for row in &m.rows {
            let this = rate(row.median);
            let (no_guess, guesses) = match row.checked.guesses {
                Some((no_guess, all)) => (
                    format!("{:.1}", 100.0 * no_guess as f64 / n as f64),
                    format!("{:.2}", all as f64 / n as f64),
                ),
                None => ("-".to_owned(), "-".to_owned()),
            };
            let ratio =
                if row.who == Who::Ours { String::new() } else { format!("{:.2}x", ours / this) };
            println!(
                "| {} | {puzzles} | {} | {} | {} | {:.2} | {no_guess} | {guesses} | {ratio} |",
                corpus.name,
                m.mode.name(),
                row.who.name(&config.peers),
                thousands(this.round() as u64),
                1e6 / this,
            );
        }
    }
    let sampled = match config.max_puzzles {
        Some(cap) => {
            format!("an evenly spaced sample of at most {} puzzles", thousands(cap as u64))
        }
        None => "every puzzle".to_owned(),
    };
    let order = match config.shuffle {
        Some(seed) => format!(
            " Each puzzle replaced by a random isomorph (BENCH_SHUFFLE={seed}), the same for \
             every solver."
        ),
        None => " The puzzles in the file's order and orientation.".to_owned(),
    };
    println!();
    println!(
        "Median of {} round{} per row, after one warm-up pass that also checks every answer; \
         each round times one full pass of each solver over {sampled} of the corpus, \
         interleaved, rotating which goes first. One thread. `first`: stop at the first \
         solution (limit 1); `count2`: count up to two solutions (the uniqueness check); our \
         solver and the crate also keep the first solution. The `sudoku` crate (0.8) reports no guess count. \
         ours/this: our median puzzles/s over this row's. sudoku-bulk solver: {}, given each \
         puzzle as text and writing the solution as text (limit 1), as the peers' entry point \
         does; the crate is given its puzzles parsed.{order}",
        config.rounds,
        if config.rounds == 1 { "" } else { "s" },
        config.solver.name(),
    );
    for (peer, path) in &config.peers {
        println!();
        println!(
            "{}: `{}` from {path}, given each puzzle as the text it reads, as our solver is; \
             called as tdoku's own benchmark calls tdoku, so in `count2` it keeps no \
             solution. {}",
            peer.name, peer.symbol, peer.guesses,
        );
    }
    if !config.peers.is_empty() {
        print_against_peers(config, results);
    }
}

/// Our median puzzles/s over the faster peer's, per corpus and mode: the figure issue 18's
/// target is stated in.
fn print_against_peers(config: &Config, results: &[(&Corpus, Measured)]) {
    let names: Vec<&str> = config.peers.iter().map(|(peer, _)| peer.name).collect();
    println!();
    println!("Ours over the faster of {} (median puzzles/s):", names.join(" and "));
    println!();
    println!("| corpus | first | count2 |");
    println!("|---|---:|---:|");
    let mut corpora: Vec<&str> = results.iter().map(|(corpus, _)| corpus.name.as_str()).collect();
    corpora.dedup();
    for name in corpora {
        let ratio = |mode: Mode| {
            let Some((_, m)) = results.iter().find(|(c, m)| c.name == name && m.mode == mode)
            else {
                return "-".to_owned();
            };
            let ours = m.rows[0].median;
            let fastest = m
                .rows
                .iter()
                .filter(|row| matches!(row.who, Who::Peer(_)))
                .map(|row| row.median)
                .min()
                .expect("peers given");
            format!("{:.2}x", fastest.as_secs_f64() / ours.as_secs_f64().max(1e-12))
        };
        println!("| {name} | {} | {} |", ratio(Mode::First), ratio(Mode::Count2));
    }
}
