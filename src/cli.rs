//! Command-line arguments, checked and turned into settings before any work starts.

use std::fs::File;
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::format::{Column, FormatKind, FormatOptions};
use crate::pipeline::{self, Input, Report, Settings};
use crate::progress::ProgressMode;
use crate::solve::SolveJob;
use crate::solver::SolverKind;

/// Solve Sudoku puzzles in bulk, on every core, in input order.
#[derive(Debug, Parser)]
#[command(name = "sudoku-bulk", version, about, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve every puzzle: one answer per puzzle, in input order.
    ///
    /// Reads one 81-character puzzle a line (`.`, `0` or `_` for blanks), or 9x9 grids of
    /// digits (`0` for blanks) separated by blank lines; the format is detected from the first
    /// lines. Lines starting with `#` are comments; a line `end` ends the input. A record that
    /// cannot be solved gives an output line `error: line N: reason` and a message on stderr.
    ///
    /// Exit status: 0 if every puzzle was solved, 1 if any could not be (malformed, conflicting
    /// givens, no solution), 2 on a usage or I/O error.
    Solve(SolveArgs),
    /// Generate proper, minimal puzzles (one solution; no given can be removed), one a line.
    Generate(GenerateArgs),
}

#[derive(Debug, Args)]
struct Common {
    /// Input file; `-` or none reads stdin. Regular files are memory-mapped.
    input: Option<PathBuf>,
    /// Write results here instead of stdout.
    #[arg(short, long, value_name = "PATH")]
    output: Option<PathBuf>,
    /// Worker threads [default: every available core].
    #[arg(short = 'j', long, value_name = "N")]
    threads: Option<usize>,
    /// Input format.
    #[arg(long, value_enum, default_value_t = FormatArg::Auto)]
    format: FormatArg,
    /// CSV: the puzzle column, by header name or position from 1 [default: recognised by
    /// name, e.g. quizzes, puzzle, question; without a header, the first 81-cell field].
    #[arg(long, value_name = "NAME|N")]
    puzzle_col: Option<Column>,
    /// CSV: the solution column, by header name or position from 1 [default: recognised by
    /// name, e.g. solutions, solution, answer; without a header, the next 81-cell field].
    #[arg(long, value_name = "NAME|N")]
    solution_col: Option<Column>,
    /// Solver.
    #[arg(long, value_enum, default_value_t = SolverArg::Fast)]
    solver: SolverArg,
    /// When to draw a progress bar on stderr.
    #[arg(long, value_enum, default_value_t = ProgressMode::Auto)]
    progress: ProgressMode,
    /// No summary line on stderr.
    #[arg(short, long)]
    quiet: bool,
    /// Bytes of input per work unit [default: chosen from the input size].
    #[arg(long, value_name = "BYTES", hide = true)]
    chunk_size: Option<usize>,
}

#[derive(Debug, Args)]
struct SolveArgs {
    #[command(flatten)]
    common: Common,
}

#[derive(Debug, Args)]
struct GenerateArgs {
    /// How many puzzles.
    #[arg(short = 'n', long, default_value_t = 1000)]
    count: u64,
    /// Seed: the same seed gives the same puzzles, whatever the thread count.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the puzzles here instead of stdout.
    #[arg(short, long, value_name = "PATH")]
    output: Option<PathBuf>,
    /// Worker threads [default: every available core].
    #[arg(short = 'j', long, value_name = "N")]
    threads: Option<usize>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum FormatArg {
    /// Detect from the first lines.
    Auto,
    /// One 81-character puzzle a line.
    Line,
    /// 9 rows of 9 digits a puzzle, separated by blank lines.
    Grid,
    /// CSV rows with a puzzle column (and perhaps a solution column).
    Csv,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum SolverArg {
    /// Bitmask search with singles propagation.
    Fast,
    /// Dancing-links exact cover (an oracle).
    Dlx,
    /// Plain backtracking (an oracle; slow on hard puzzles).
    Naive,
}

/// The threads to use: as asked, or every available core.
fn threads(asked: Option<usize>) -> Result<usize> {
    match asked {
        Some(0) => bail!("--threads must be at least 1"),
        Some(n) => Ok(n),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

/// Opens the output: stdout, or a file created (or truncated) at `path`.
fn open_output(path: Option<&PathBuf>) -> Result<Box<dyn Write + Send>> {
    Ok(match path {
        None => Box::new(io::stdout()),
        Some(path) => Box::new(
            File::create(path).with_context(|| format!("creating {}", path.display()))?,
        ),
    })
}

/// Runs the command; the exit code on success, an error (exit 2) otherwise.
pub fn run(cli: Cli) -> Result<ExitCode> {
    match cli.command {
        Command::Solve(args) => solve(args),
        Command::Generate(args) => generate(args),
    }
}

fn solve(args: SolveArgs) -> Result<ExitCode> {
    let common = args.common;
    let settings = Settings {
        threads: threads(common.threads)?,
        format: FormatOptions {
            kind: match common.format {
                FormatArg::Auto => None,
                FormatArg::Line => Some(FormatKind::Line),
                FormatArg::Grid => Some(FormatKind::Grid),
                FormatArg::Csv => Some(FormatKind::Csv),
            },
            puzzle_column: common.puzzle_col,
            answer_column: common.solution_col,
        },
        chunk_bytes: common.chunk_size.filter(|&n| n > 0),
        progress: common.progress,
    };
    let solver = match common.solver {
        SolverArg::Fast => SolverKind::Fast,
        SolverArg::Dlx => SolverKind::Dlx,
        SolverArg::Naive => SolverKind::Naive,
    };
    let input = Input::open(common.input.as_deref()).with_context(|| {
        format!("opening {}", common.input.as_ref().map_or("stdin".into(), |p| p.display().to_string()))
    })?;
    let job = SolveJob { solver, input_name: input.name().to_string() };
    let output = open_output(common.output.as_ref())?;

    let started = Instant::now();
    let report = match pipeline::run(input, &job, output, &settings) {
        Ok(report) => report,
        Err(e) if e.is_broken_pipe() => return Ok(ExitCode::SUCCESS),
        Err(e) => return Err(e.into()),
    };
    if !common.quiet {
        summary(&report, started.elapsed().as_secs_f64());
    }
    Ok(if report.tally.failed == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// The one-line summary on stderr.
fn summary(report: &Report, secs: f64) {
    let t = report.tally;
    let rate = t.records as f64 / secs.max(1e-9);
    eprintln!(
        "sudoku-bulk: {} puzzles: {} solved, {} failed, in {secs:.3} s ({rate:.0} puzzles/s)",
        t.records, t.ok, t.failed
    );
}

fn generate(args: GenerateArgs) -> Result<ExitCode> {
    use rayon::prelude::*;
    let threads = threads(args.threads)?;
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build()?;
    let mut out = io::BufWriter::new(open_output(args.output.as_ref())?);
    // Puzzle i comes from its own seed, so the output does not depend on the thread count;
    // blocks keep memory bounded while the pool works on each.
    const BLOCK: u64 = 4096;
    let mut start = 0;
    while start < args.count {
        let end = (start + BLOCK).min(args.count);
        let lines: Vec<Vec<u8>> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map(|i| {
                    let mut line = Vec::with_capacity(82);
                    crate::generate::Generator::new(puzzle_seed(args.seed, i))
                        .puzzle()
                        .write_line(&mut line);
                    line.push(b'\n');
                    line
                })
                .collect()
        });
        for line in lines {
            match out.write_all(&line) {
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(ExitCode::SUCCESS),
                other => other.context("writing output")?,
            }
        }
        start = end;
    }
    match out.flush() {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        other => other.context("writing output").map(|()| ExitCode::SUCCESS),
    }
}

/// The seed of puzzle `index` of a run seeded with `seed`: a SplitMix64 step over both, so
/// neighbouring indices get unrelated seeds.
fn puzzle_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(index);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
