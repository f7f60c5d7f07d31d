//! The speed table, in tdoku's columns: puzzles/s, us/puzzle, % solved without guessing and
//! guesses/puzzle, for `sudoku-bulk`, the Rust `sudoku` crate (0.8, the JCZSolve port) and,
//! where a build of it is given, tdoku itself; each corpus, two modes: `first` (stop at the
//! first solution, limit 1) and `count2` (count up to two solutions: the uniqueness check).
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
//! TDOKU_LIB=FILE         a shared library of tdoku's solver, timed as a third column
//!                        (built by the user from their own tdoku checkout; never by us)
//! ```
//!
//! The `sudoku` crate is AGPL-3.0: it is a dev-dependency for the benches only. tdoku
//! (BSD-2-Clause) is not a dependency at all: it is loaded at run time, when asked for, from a
//! build of the user's own checkout.

mod common;

use std::hint::black_box;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use common::{load, Corpus};
use sudoku::Sudoku;
use sudoku_bulk::{BandSolver, BitmaskSolver, Grid, Solver, SolverKind};
use tdoku::Tdoku;

const DEFAULT_ROUNDS: usize = 7;

/// What each puzzle is solved for, as in `sudoku-bulk bench --mode`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The first solution.
    First,
    /// Solutions up to 2: the uniqueness check.
    Count2,
}

impl Mode {
    fn limit(self) -> u32 {
        match self {
            Mode::First => 1,
            Mode::Count2 => 2,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Mode::First => "first",
            Mode::Count2 => "count2",
        }
    }
}

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
    /// tdoku, when `TDOKU_LIB` names a build of it, and that path.
    tdoku: Option<(Tdoku, String)>,
}

/// The solvers of a table, in the order of its rows: ours first.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Who {
    Ours,
    Crate,
    Tdoku,
}

impl Who {
    fn name(self) -> &'static str {
        match self {
            Who::Ours => "sudoku-bulk",
            Who::Crate => "sudoku crate",
            Who::Tdoku => "tdoku",
        }
    }
}

/// What the warm-up pass learns of one solver: how many solutions it reports over the whole
/// pass (every timed pass must report the same), and its guess statistics if it keeps any.
#[derive(Default)]
struct Checked {
    found: u64,
    /// Puzzles solved without a guess, and guesses in all; `None` for the crate, which
    /// reports no guesses.
    guesses: Option<(usize, u64)>,
}

/// One row of the table: a solver's warm-up record and its median pass.
struct Row {
    who: Who,
    checked: Checked,
    median: Duration,
}

/// tdoku and a corpus's puzzles in the form it reads, made before any timing.
struct TdokuCorpus<'a> {
    lib: &'a Tdoku,
    puzzles: Vec<tdoku::Puzzle>,
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
    let tdoku = config.tdoku.as_ref().map(|(lib, _)| lib);

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
                SolverKind::Bitmask => {
                    measure(corpus, mode, config.rounds, BitmaskSolver::new(), tdoku)
                }
                _ => measure(corpus, mode, config.rounds, BandSolver::new(), tdoku),
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
    let tdoku = match std::env::var("TDOKU_LIB") {
        Err(std::env::VarError::NotPresent) => None,
        Ok(path) if path.is_empty() => None,
        Ok(path) => Some((Tdoku::load(&path)?, path)),
        Err(e) => return Err(format!("TDOKU_LIB: {e}")),
    };
    // cargo passes `--bench` (and libtest-style flags); only the other arguments are files.
    let files: Vec<PathBuf> = std::env::args_os()
        .skip(1)
        .filter(|a| !a.to_string_lossy().starts_with('-'))
        .map(PathBuf::from)
        .collect();
    if !files.is_empty() {
        return Ok(Some(Config { rounds, solver, max_puzzles, corpora: files, shuffle, tdoku }));
    }

    let corpora = common::corpus_files("table");
    if corpora.is_empty() {
        return Ok(None);
    }
    Ok(Some(Config { rounds, solver, max_puzzles, corpora, shuffle, tdoku }))
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
    rounds: usize,
    mut solver: S,
    tdoku: Option<&Tdoku>,
) -> Result<Measured, String> {
    let limit = mode.limit();
    let tdoku = tdoku
        .map(|lib| TdokuCorpus { lib, puzzles: corpus.ours.iter().map(tdoku::puzzle).collect() });
    let mut rows = check(corpus, limit, &mut solver, tdoku.as_ref())?;

    let mut times = vec![Vec::with_capacity(rounds); rows.len()];
    for round in 0..rounds {
        // Rotate the order, so no solver always runs just after the same other one.
        for turn in 0..rows.len() {
            let k = (round + turn) % rows.len();
            let (time, found) = match rows[k].who {
                Who::Ours => time_ours(&corpus.ours, limit, &mut solver),
                Who::Crate => time_theirs(&corpus.theirs, limit),
                Who::Tdoku => time_tdoku(tdoku.as_ref().expect("a tdoku row has a tdoku"), limit),
            };
            let expected = rows[k].checked.found;
            if found != expected {
                return Err(format!(
                    "{} found {found} solutions in round {round}, {expected} in the warm-up",
                    rows[k].who.name()
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
    tdoku: Option<&TdokuCorpus>,
) -> Result<Vec<Row>, String> {
    let mut ours_checked = Checked { found: 0, guesses: Some((0, 0)) };
    let mut theirs_checked = Checked::default();
    let mut tdoku_checked = Checked { found: 0, guesses: Some((0, 0)) };
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

        if let Some(tdoku) = tdoku {
            let (found, guesses, solution) = tdoku.lib.solve(&tdoku.puzzles[i], limit);
            // Counting to 2, tdoku writes no solution (see `time_tdoku`): its count is checked.
            let theirs = Grid::parse_line(&solution).unwrap_or(Grid::EMPTY);
            if found == 0 || (limit == 1 && !valid(&theirs, puzzle)) {
                return Err(format!("tdoku has no valid solution for {puzzle}"));
            }
            if u64::from(outcome.solutions) != found {
                return Err(format!(
                    "{puzzle}: sudoku-bulk counts {}, tdoku {found} (limit {limit})",
                    outcome.solutions
                ));
            }
            tally(&mut tdoku_checked, found, guesses);
        }
    }
    let row = |who, checked| Row { who, checked, median: Duration::ZERO };
    let mut rows = vec![row(Who::Ours, ours_checked), row(Who::Crate, theirs_checked)];
    if tdoku.is_some() {
        rows.push(row(Who::Tdoku, tdoku_checked));
    }
    Ok(rows)
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

/// One timed pass of tdoku, as its own benchmark calls it: it counts up to `limit`, and at
/// limit 1 writes the solution as text. At limit 2 it writes none (its API returns the
/// solution that reached the limit, which a unique puzzle never does), so in `count2` it
/// does a little less than the others: one copy of its state.
fn time_tdoku(tdoku: &TdokuCorpus, limit: u32) -> (Duration, u64) {
    let mut found = 0u64;
    let start = Instant::now();
    for puzzle in &tdoku.puzzles {
        found += black_box(tdoku.lib.solve(black_box(puzzle), limit)).0;
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
                row.who.name(),
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
         ours/this: our median puzzles/s over this row's. sudoku-bulk solver: {}.{order}",
        config.rounds,
        if config.rounds == 1 { "" } else { "s" },
        config.solver.name(),
    );
    if let Some((_, path)) = &config.tdoku {
        println!();
        println!(
            "tdoku: `TdokuSolverDpllTriadSimd` from {path}, given each puzzle as the text it \
             reads (as our solver and the crate are given theirs, parsed before timing); called \
             as its own benchmark calls it, so in `count2` it keeps no solution. Its guesses count each split of a band's options into \"the first\" and \"the rest\" \
             once; ours count every option tried, so the two guess columns differ in kind."
        );
    }
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

/// tdoku (github.com/t-dillon/tdoku), the fastest published solver on hard puzzles, loaded at
/// run time from a shared library of the user's own build, so that it can run in the same
/// rounds as ours without becoming a dependency.
mod tdoku {
    use std::ffi::{c_char, c_void, CStr, CString};

    use sudoku_bulk::Grid;

    /// tdoku's entry point (its `include/tdoku.h`): counts the solutions of `puzzle` up to
    /// `limit`, writes its guess count into `guesses`, and returns the count. With
    /// `configuration` 0 (its defaults), it writes the solution (81 characters, no NUL) into
    /// `solution` at limit 1 only.
    type SolveFn = unsafe extern "C" fn(
        puzzle: *const c_char,
        limit: usize,
        configuration: u32,
        solution: *mut c_char,
        guesses: *mut usize,
    ) -> usize;

    /// A puzzle as tdoku reads it: 81 characters, `.` for a blank, then a NUL (it reads byte
    /// 81 to tell a plain puzzle from its 729-character pencil-mark form). The slot is wider
    /// than that, so no read of the puzzle in 16-byte pieces can leave it.
    pub type Puzzle = [u8; 96];

    /// `grid` in tdoku's form.
    pub fn puzzle(grid: &Grid) -> Puzzle {
        let mut text = [0; 96];
        for (byte, &cell) in text.iter_mut().zip(grid.cells()) {
            *byte = if cell == 0 { b'.' } else { b'0' + cell };
        }
        text
    }

    /// A loaded tdoku. The library stays loaded for the life of the process (it is never
    /// closed), so the function pointer stays valid.
    pub struct Tdoku {
        solve: SolveFn,
    }

    impl Tdoku {
        /// Loads the shared library at `path` and finds tdoku's solver in it.
        pub fn load(path: &str) -> Result<Tdoku, String> {
            let name = CString::new(path).map_err(|_| format!("TDOKU_LIB={path}: a NUL byte"))?;
            // SAFETY: `name` is a NUL-terminated path. Loading runs the library's static
            // initialisers, which for tdoku build its constant tables.
            let lib = unsafe { libc::dlopen(name.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
            if lib.is_null() {
                return Err(format!("TDOKU_LIB={path}: {}", dl_error()));
            }
            // SAFETY: `lib` is a handle dlopen returned, the symbol name a C string.
            let symbol = unsafe { libc::dlsym(lib, c"TdokuSolverDpllTriadSimd".as_ptr()) };
            if symbol.is_null() {
                return Err(format!("TDOKU_LIB={path}: no TdokuSolverDpllTriadSimd in it"));
            }
            // SAFETY: the symbol is tdoku's exported C function, which has this signature.
            let solve = unsafe { std::mem::transmute::<*mut c_void, SolveFn>(symbol) };
            Ok(Tdoku { solve })
        }

        /// Solves one puzzle: the solutions found (at most `limit`), tdoku's guess count, and
        /// the solution it wrote (zeros if it wrote none).
        #[inline]
        pub fn solve(&self, puzzle: &Puzzle, limit: u32) -> (u64, u64, [u8; 81]) {
            let mut solution = [0u8; 81];
            let mut guesses = 0usize;
            // SAFETY: `puzzle` is NUL-terminated with room past its end for tdoku's reads,
            // `solution` has the 81 bytes it writes, and tdoku keeps neither pointer. Its
            // solver state is global: this harness calls it from one thread only.
            let found = unsafe {
                (self.solve)(
                    puzzle.as_ptr().cast(),
                    limit as usize,
                    0,
                    solution.as_mut_ptr().cast(),
                    &mut guesses,
                )
            };
            (found as u64, guesses as u64, solution)
        }
    }

    /// The loader's last error message.
    fn dl_error() -> String {
        // SAFETY: dlerror returns NULL or a NUL-terminated message owned by the loader,
        // read here before any other dl call.
        let message = unsafe { libc::dlerror() };
        if message.is_null() {
            "unknown error".to_owned()
        } else {
            // SAFETY: non-null, so a valid C string (see above).
            unsafe { CStr::from_ptr(message) }.to_string_lossy().into_owned()
        }
    }
}
