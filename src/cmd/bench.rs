//! `bench`: how fast our solvers are, in the field's usual columns (tdoku's): puzzles/s,
//! us/puzzle, % solved without guessing, guesses/puzzle. A corpus's puzzles of each size
//! (and its pencilmark puzzles) are timed apart, a row each, as the solvers solve them: 9x9
//! puzzles from their givens, the others from their cells' candidates.
//!
//! Puzzles are parsed before timing; a warm-up pass runs first (and checks that every puzzle
//! the solver answers has a valid solution). Timing covers solving only, on `threads` threads,
//! each with its own solver, each puzzle solved once per round; the figure kept is the median
//! of the rounds, as the machines this runs on are often shared and noisy. Comparisons with
//! other solvers (the `sudoku` crate) live in the benches, not here: their licence keeps them
//! out of the binary.

use std::fmt::Write as _;
use std::io::{Read as _, Write as _};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use rayon::prelude::*;

use crate::canon::Transform;
use crate::grid::Grid;
use crate::io::format::{body, jsonl, resolve, strip_bom, Format, FormatOptions, Records};
use crate::io::format::{Parsed, SizedPuzzle};
use crate::io::input::Input;
use crate::io::stderr::say;
use crate::random::puzzle_seed;
use crate::sized::{isomorph, Board, Shape};
use crate::solver::{Outcome, SolverKind};

/// The corpus timed when no file is named: the project's sample, built into the binary so
/// that an installed `sudoku-bulk bench` runs anywhere.
const SAMPLE_NAME: &str = "sample_10k.txt";
const SAMPLE: &[u8] = include_bytes!("../../datasets/sample_10k.txt");

/// The most messages about malformed records shown per corpus.
const MAX_MESSAGES: usize = 20;

/// How to print the results.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ResultFormat {
    /// A markdown table.
    Table,
    /// CSV.
    Csv,
    /// JSON Lines.
    #[value(alias = "jsonl")]
    Json,
}

/// What `bench` is asked to time.
#[derive(Debug, Clone)]
pub(crate) struct Plan {
    /// Corpus files (the built-in sample when empty).
    pub files: Vec<PathBuf>,
    /// Solvers, each timed on every file and mode.
    pub solvers: Vec<SolverKind>,
    /// Modes.
    pub modes: Vec<Mode>,
    /// Worker threads.
    pub threads: usize,
    /// Timed passes per row.
    pub rounds: usize,
    /// How to print the rows.
    pub format: ResultFormat,
    /// How to read the corpora.
    pub input: FormatOptions,
    /// Time random isomorphs of the puzzles, drawn from this seed (see [`isomorphs`]).
    pub shuffle: Option<u64>,
}

/// Runs `bench`: times every solver in every mode on every corpus, then prints the rows. Exit
/// status 1 when a corpus held malformed records (reported, and left out of the timing).
pub(crate) fn run(plan: &Plan) -> Result<ExitCode> {
    let corpora: Vec<(String, Vec<u8>)> = match plan.files.is_empty() {
        true => vec![(SAMPLE_NAME.to_string(), SAMPLE.to_vec())],
        false => plan.files.iter().map(|path| read_file(path)).collect::<Result<_>>()?,
    };
    let mut rows = Vec::new();
    let mut malformed = 0;
    for (name, data) in &corpora {
        let mut corpus = read_puzzles(name, data, &plan.input)?;
        if let Some(seed) = plan.shuffle {
            isomorphs(&mut corpus.puzzles, seed);
            for group in &mut corpus.sized {
                sized_isomorphs(group, seed);
            }
        }
        malformed += corpus.malformed;
        // The file name alone in the table (the path is in the messages).
        let short = std::path::Path::new(name)
            .file_name()
            .map_or_else(|| name.clone(), |n| n.to_string_lossy().into_owned());
        let mut groups: Vec<Puzzles> = corpus.sized.iter().map(Puzzles::Sized).collect();
        if !corpus.puzzles.is_empty() {
            groups.insert(0, Puzzles::Nine(&corpus.puzzles));
        }
        if groups.is_empty() {
            say!("sudoku-bulk bench: {name}: no puzzles to time; skipped");
            continue;
        }
        for puzzles in groups {
            for &mode in &plan.modes {
                for &solver in &plan.solvers {
                    let (count, size) = (puzzles.len(), puzzles.size());
                    if !puzzles.solved_by(solver) {
                        say!(
                            "sudoku-bulk bench: {short}: {} takes 9x9 puzzles only: its rows \
                             for {} skipped",
                            solver.title(),
                            plural(count, &format!("{size} puzzle"), &format!("{size} puzzles")),
                        );
                        continue;
                    }
                    // "10 puzzles" for 9x9, "10 16x16 puzzles" for the others.
                    let kind = if size == "9x9" { String::new() } else { format!("{size} ") };
                    say!(
                        "sudoku-bulk bench: {short}, {}, {}, {}",
                        plural(count, &format!("{kind}puzzle"), &format!("{kind}puzzles")),
                        solver.name(),
                        mode.name(),
                    );
                    let row = measure(&short, puzzles, solver, mode, plan.threads, plan.rounds);
                    rows.push(row);
                }
            }
        }
    }
    let text = match plan.format {
        ResultFormat::Table => table(&rows),
        ResultFormat::Csv => csv(&rows),
        ResultFormat::Json => json(&rows),
    };
    std::io::stdout().write_all(text.as_bytes()).context("writing output")?;
    Ok(if malformed == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// Replaces each puzzle by a random isomorph: puzzle `i` by the transformation drawn from
/// the counter-based stream `puzzle_seed(puzzle_seed(seed, i), 1, 2, ...)`, so a puzzle's
/// isomorph depends on the seed and its index only. Equivalent puzzles have the same solution
/// count and, for a solver that does not depend on the layout, the same difficulty: what
/// changes is the order and orientation a solver meets them in.
pub(crate) fn isomorphs(puzzles: &mut [Grid], seed: u64) {
    for (i, puzzle) in puzzles.iter_mut().enumerate() {
        let key = puzzle_seed(seed, i as u64);
        let mut draw = 0;
        let transform = Transform::random(|| {
            draw += 1;
            puzzle_seed(key, draw)
        });
        *puzzle = transform.apply(puzzle);
    }
}

/// [`isomorphs`] for puzzles of another size than 9x9, or pencilmark puzzles: puzzle `i`
/// by the isomorph drawn from the same stream.
fn sized_isomorphs(group: &mut SizedGroup, seed: u64) {
    for (i, puzzle) in group.candidates.chunks_mut(group.shape.cells()).enumerate() {
        let key = puzzle_seed(seed, i as u64);
        let mut draw = 0;
        let moved = isomorph(group.shape, puzzle, || {
            draw += 1;
            puzzle_seed(key, draw)
        });
        puzzle.copy_from_slice(&moved);
    }
}

/// "1 puzzle", "2 puzzles".
fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A corpus file's name and bytes, decompressed if it is compressed.
fn read_file(path: &std::path::Path) -> Result<(String, Vec<u8>)> {
    let name = path.display().to_string();
    let mut data = Vec::new();
    match Input::open(Some(path), false).with_context(|| format!("opening {name}"))? {
        Input::Stream { mut reader, .. } => {
            reader.read_to_end(&mut data).with_context(|| format!("reading {name}"))?;
        }
        Input::Mapped { map, .. } => data.extend_from_slice(map.as_deref().unwrap_or_default()),
        Input::Table(_) => bail!("{name}: bench reads text corpora, not Parquet or Arrow files"),
    }
    Ok((name, data))
}

/// A corpus's puzzles, and how many of its records were malformed.
struct Corpus {
    /// Its 9x9 puzzles.
    puzzles: Vec<Grid>,
    /// Its other puzzles, by size (and pencilmark puzzles apart), in the order of their first.
    sized: Vec<SizedGroup>,
    malformed: usize,
}

/// A corpus's puzzles of one size other than 9x9, or its pencilmark puzzles.
struct SizedGroup {
    shape: Shape,
    /// [`SizedPuzzle::kind`]: N, or 0 for pencilmark puzzles.
    kind: u8,
    /// Each puzzle's cells' candidates, one after another.
    candidates: Vec<u32>,
}

impl Corpus {
    /// Adds a puzzle of another size, or a pencilmark puzzle, to its group.
    fn add_sized(&mut self, puzzle: &SizedPuzzle) {
        let (shape, kind) = (puzzle.board.shape(), puzzle.kind());
        let at = match self.sized.iter().position(|g| (g.shape, g.kind) == (shape, kind)) {
            Some(at) => at,
            None => {
                self.sized.push(SizedGroup { shape, kind, candidates: Vec::new() });
                self.sized.len() - 1
            }
        };
        self.sized[at].candidates.extend(puzzle.candidates());
    }
}

/// The puzzles one row times: 9x9 ones, or one group of the others.
#[derive(Clone, Copy)]
enum Puzzles<'a> {
    Nine(&'a [Grid]),
    Sized(&'a SizedGroup),
}

impl Puzzles<'_> {
    fn len(self) -> usize {
        match self {
            Puzzles::Nine(puzzles) => puzzles.len(),
            Puzzles::Sized(group) => group.candidates.len() / group.shape.cells(),
        }
    }

    /// [`SizedPuzzle::kind`]: N, or 0 for pencilmark puzzles.
    fn kind(self) -> u8 {
        match self {
            Puzzles::Nine(_) => 9,
            Puzzles::Sized(group) => group.kind,
        }
    }

    /// How the table names their size: `9x9`, `16x16`, `pencilmark`.
    fn size(self) -> String {
        match self.kind() {
            0 => "pencilmark".into(),
            n => format!("{n}x{n}"),
        }
    }

    /// Whether `solver` solves them (some solvers take 9x9 givens only). Asked of a grid of
    /// their shape with no candidate anywhere, which a solver that takes the shape answers at
    /// once (no solution): asked of one of the puzzles, a slow solver would first solve it.
    fn solved_by(self, solver: SolverKind) -> bool {
        match self {
            Puzzles::Nine(_) => true,
            Puzzles::Sized(group) => {
                let (none, mut first) =
                    (vec![0; group.shape.cells()], vec![0; group.shape.cells()]);
                solver.build().solve_candidates(group.shape, &none, 1, &mut first).is_some()
            }
        }
    }
}

/// Parses every record of a corpus. A malformed record is reported on stderr as the other
/// commands report it (`NAME: line N: malformed: why`) and left out.
fn read_puzzles(name: &str, data: &[u8], options: &FormatOptions) -> Result<Corpus> {
    // A JSON Lines corpus is read as the CSV text it becomes, as the other commands read it.
    let text;
    let (format, data) = match jsonl::is_jsonl(name, strip_bom(data), options) {
        true => {
            let data = strip_bom(data);
            let (layout, choice) =
                jsonl::layout(data, options).with_context(|| format!("reading {name}"))?;
            text = jsonl::text(data, &choice.names, layout.puzzle);
            (Format::Csv(layout), &text[..])
        }
        false => {
            let data = body(data);
            (resolve(data, options).with_context(|| format!("reading {name}"))?, data)
        }
    };
    let mut corpus = Corpus { puzzles: Vec::new(), sized: Vec::new(), malformed: 0 };
    for record in Records::new(format, data, 1) {
        match record.parsed {
            Ok(Parsed::Nine(puzzle)) => corpus.puzzles.push(puzzle.grid),
            Ok(Parsed::Sized(puzzle)) => corpus.add_sized(&puzzle),
            Err(e) => {
                corpus.malformed += 1;
                if corpus.malformed <= MAX_MESSAGES {
                    say!("{name}: line {}: malformed: {e}", record.line);
                }
            }
        }
    }
    if corpus.malformed > MAX_MESSAGES {
        let more = corpus.malformed - MAX_MESSAGES;
        say!(
            "sudoku-bulk bench: {name}: {} not shown",
            plural(more, "more malformed record", "more malformed records")
        );
    }
    Ok(corpus)
}

/// What each puzzle is solved for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Mode {
    /// The first solution (limit 1).
    First,
    /// Solutions up to 2: the uniqueness check.
    Count2,
}

impl Mode {
    /// The count limit the mode solves with.
    pub fn limit(self) -> u32 {
        match self {
            Mode::First => 1,
            Mode::Count2 => 2,
        }
    }

    /// The mode's name in tables.
    pub fn name(self) -> &'static str {
        match self {
            Mode::First => "first",
            Mode::Count2 => "count2",
        }
    }
}

/// One row of results.
#[derive(Debug, Clone)]
pub struct Row {
    /// The corpus's name.
    pub corpus: String,
    /// The puzzles' size: `9x9`, `16x16`, ..., or `pencilmark`.
    pub size: String,
    /// Puzzles in it.
    pub puzzles: usize,
    /// The solver.
    pub solver: SolverKind,
    /// The mode.
    pub mode: Mode,
    /// Threads used.
    pub threads: usize,
    /// Median seconds for one pass.
    pub seconds: f64,
    /// Share of puzzles solved without a guess, in percent.
    pub no_guess_percent: f64,
    /// Guesses per puzzle, on average.
    pub guesses_per_puzzle: f64,
    /// Puzzles with no solution found (0 for proper corpora).
    pub unsolved: usize,
}

impl Row {
    /// A row with nothing in it (for the CSV header of no rows).
    const EMPTY: Row = Row {
        corpus: String::new(),
        size: String::new(),
        puzzles: 0,
        solver: SolverKind::Band,
        mode: Mode::First,
        threads: 0,
        seconds: 0.0,
        no_guess_percent: 0.0,
        guesses_per_puzzle: 0.0,
        unsolved: 0,
    };

    /// Puzzles a second.
    pub fn rate(&self) -> f64 {
        self.puzzles as f64 / self.seconds.max(1e-12)
    }
}

/// Solves every puzzle once on `threads` threads; the outcomes, in order. With `check`, each
/// answer is checked too (the warm-up pass): not in timed passes, which time solving alone.
fn pass(
    puzzles: Puzzles,
    solver: SolverKind,
    limit: u32,
    pool: &rayon::ThreadPool,
    check: bool,
) -> Vec<Outcome> {
    match puzzles {
        Puzzles::Nine(puzzles) => pool.install(|| {
            puzzles
                .par_chunks(256)
                .flat_map_iter(|chunk| {
                    super::with_solver(solver, |s| {
                        let mut solution = Grid::EMPTY;
                        chunk
                            .iter()
                            .map(|p| {
                                let outcome = s.solve(p, limit, &mut solution);
                                assert!(
                                    !check
                                        || !outcome.solved()
                                        || (solution.is_solved() && solution.agrees_with(p)),
                                    "{} gave a wrong answer for {p}",
                                    solver.name()
                                );
                                outcome
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect()
        }),
        Puzzles::Sized(group) => pool.install(|| {
            let (shape, cells) = (group.shape, group.shape.cells());
            // Chunks of about 20,000 cells: 256 9x9 puzzles, 32 25x25 ones.
            let per_chunk = (20_000 / cells).max(1) * cells;
            group
                .candidates
                .par_chunks(per_chunk)
                .flat_map_iter(|chunk| {
                    super::with_solver(solver, |s| {
                        let mut first = vec![0; cells];
                        chunk
                            .chunks(cells)
                            .map(|p| {
                                let outcome = s
                                    .solve_candidates(shape, p, limit, &mut first)
                                    .expect("solved_by said so");
                                assert!(
                                    !check || !outcome.solved() || fits(shape, p, &first),
                                    "{} gave a wrong answer for a {shape} puzzle",
                                    solver.name()
                                );
                                outcome
                            })
                            .collect::<Vec<_>>()
                    })
                })
                .collect()
        }),
    }
}

/// Whether `solution` is a solved grid of `shape` whose every digit its cell's candidates
/// allow.
fn fits(shape: Shape, candidates: &[u32], solution: &[u8]) -> bool {
    Board::from_cells(shape, solution).is_some_and(|board| board.is_solved())
        && candidates.iter().zip(solution).all(|(&mask, &d)| d >= 1 && mask >> (d - 1) & 1 == 1)
}

/// Times `solver` on `puzzles`: a warm-up pass, then `rounds` passes; the median.
fn measure(
    corpus: &str,
    puzzles: Puzzles,
    solver: SolverKind,
    mode: Mode,
    threads: usize,
    rounds: usize,
) -> Row {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("threads");
    let warm = pass(puzzles, solver, mode.limit(), &pool, true);
    let mut times: Vec<f64> = (0..rounds.max(1))
        .map(|_| {
            let started = Instant::now();
            std::hint::black_box(pass(puzzles, solver, mode.limit(), &pool, false));
            started.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    let n = puzzles.len().max(1) as f64;
    Row {
        corpus: corpus.to_string(),
        size: puzzles.size(),
        puzzles: puzzles.len(),
        solver,
        mode,
        threads,
        seconds: times[times.len() / 2],
        no_guess_percent: 100.0 * warm.iter().filter(|o| o.guesses == 0).count() as f64 / n,
        guesses_per_puzzle: warm.iter().map(|o| o.guesses).sum::<u64>() as f64 / n,
        unsolved: warm.iter().filter(|o| !o.solved()).count(),
    }
}

/// The rows as a markdown table.
pub fn table(rows: &[Row]) -> String {
    let mut out = String::from(
        "| corpus | puzzles | solver | mode | threads | puzzles/s | us/puzzle | % no guess | guesses/puzzle | unsolved | size |\n\
         |---|---:|---|---|---:|---:|---:|---:|---:|---:|---|\n",
    );
    for r in rows {
        writeln!(
            out,
            "| {} | {} | {} | {} | {} | {:.0} | {:.2} | {:.1} | {:.2} | {} | {} |",
            r.corpus,
            r.puzzles,
            r.solver.name(),
            r.mode.name(),
            r.threads,
            r.rate(),
            1e6 * r.seconds / r.puzzles.max(1) as f64,
            r.no_guess_percent,
            r.guesses_per_puzzle,
            r.unsolved,
            r.size,
        )
        .expect("String");
    }
    out
}

/// A row's columns for CSV and JSON: name, value, and whether the value is text.
fn columns(r: &Row) -> [(&'static str, String, bool); 11] {
    [
        ("corpus", r.corpus.clone(), true),
        ("puzzles", r.puzzles.to_string(), false),
        ("solver", r.solver.name().to_string(), true),
        ("mode", r.mode.name().to_string(), true),
        ("threads", r.threads.to_string(), false),
        ("puzzles_per_second", format!("{:.1}", r.rate()), false),
        ("us_per_puzzle", format!("{:.4}", 1e6 * r.seconds / r.puzzles.max(1) as f64), false),
        ("no_guess_percent", format!("{:.2}", r.no_guess_percent), false),
        ("guesses_per_puzzle", format!("{:.3}", r.guesses_per_puzzle), false),
        ("unsolved", r.unsolved.to_string(), false),
        // Last, so that readers of the columns before it go on reading them where they were.
        ("size", r.size.clone(), true),
    ]
}

/// The rows as CSV.
pub fn csv(rows: &[Row]) -> String {
    let mut out = Vec::new();
    let names: Vec<&str> = rows.first().map_or_else(
        || columns(&Row::EMPTY).map(|c| c.0).to_vec(),
        |r| columns(r).map(|c| c.0).to_vec(),
    );
    out.extend_from_slice(names.join(",").as_bytes());
    out.push(b'\n');
    for r in rows {
        for (i, (_, value, _)) in columns(r).iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            crate::io::output::csv_field(&mut out, value.as_bytes());
        }
        out.push(b'\n');
    }
    String::from_utf8(out).expect("UTF-8 in, UTF-8 out")
}

/// The rows as JSON Lines.
pub fn json(rows: &[Row]) -> String {
    let mut out = Vec::new();
    for r in rows {
        for (i, (name, value, text)) in columns(r).iter().enumerate() {
            out.extend_from_slice(if i == 0 { b"{\"" } else { b",\"" });
            out.extend_from_slice(name.as_bytes());
            out.extend_from_slice(b"\":");
            match text {
                true => crate::io::output::json_string(&mut out, value.as_bytes()),
                false => out.extend_from_slice(value.as_bytes()),
            }
        }
        out.extend_from_slice(b"}\n");
    }
    String::from_utf8(out).expect("UTF-8 in, UTF-8 out")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measures_and_formats() {
        let puzzle: Grid =
            ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534."
                .parse()
                .unwrap();
        let puzzles = vec![puzzle; 50];
        let row = measure("x", Puzzles::Nine(&puzzles), SolverKind::Band, Mode::Count2, 2, 3);
        assert_eq!((row.puzzles, row.unsolved), (50, 0));
        assert_eq!(row.no_guess_percent, 100.0);
        assert_eq!(row.guesses_per_puzzle, 0.0);
        assert!(row.rate() > 0.0);
        assert!(table(std::slice::from_ref(&row)).contains("| x | 50 | band | count2 | 2 |"));
        assert!(csv(std::slice::from_ref(&row))
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("x,50,band,count2,2,"));
        assert!(json(&[row]).starts_with("{\"corpus\":\"x\",\"puzzles\":50,\"solver\":\"band\""));
    }

    #[test]
    fn isomorphs_are_equivalent_reproducible_and_differ_by_seed_and_place() {
        let puzzle: Grid =
            ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534."
                .parse()
                .unwrap();
        let shuffled = |seed| {
            let mut puzzles = vec![puzzle; 20];
            isomorphs(&mut puzzles, seed);
            puzzles
        };
        let (a, b) = (shuffled(1), shuffled(2));
        assert_eq!(a, shuffled(1), "the same seed gives the same isomorphs");
        assert_ne!(a, b, "another seed, others");
        let distinct: std::collections::HashSet<_> = a.iter().collect();
        assert!(distinct.len() > 15, "each place draws its own: {}", distinct.len());
        for isomorph in a.iter().chain(&b) {
            assert!(crate::canon::equivalent(isomorph, &puzzle));
        }
    }
}
