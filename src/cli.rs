//! Command-line arguments, checked and turned into settings before any work starts.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::commands::{BulkJob, Task};
use crate::format::{Column, FormatKind, FormatOptions};
use crate::output::{Encoder, OutputFormat, ReportFormat};
use crate::pipeline::{self, Input, Report, RunError, Settings, Sinks};
use crate::progress::ProgressMode;
use crate::solver::SolverKind;
use crate::verdict::Reason;

/// Solve, count and validate Sudoku puzzles in bulk, on every core, in input order.
///
/// Input formats (detected from the first lines; --format overrides): one 81-character puzzle
/// a line (`.`, `0` or `_` for blanks); 9x9 grids of digits (`0` for blanks) separated by
/// blank lines; CSV rows with a puzzle column and perhaps a solution column. Lines starting
/// with `#` are comments; a line `end` ends the input.
///
/// Every input record gets one output record, in input order. A record that fails gives an
/// output record that says why (`error: line N: reason` in the line format) and a message on
/// stderr.
#[derive(Debug, Parser)]
#[command(name = "sudoku-bulk", version, about, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Solve every puzzle: its first solution, in its own layout.
    ///
    /// Exit status: 0 if every puzzle was solved, 1 if any could not be (malformed, conflicting
    /// givens, no solution), 2 on a usage or I/O error.
    Solve(Common),
    /// Count each puzzle's solutions, up to a limit (a count at the limit means "or more").
    ///
    /// Exit status: 0 if every record parsed, 1 if any was malformed, 2 on a usage or I/O
    /// error.
    Count {
        #[command(flatten)]
        common: Common,
        /// Stop counting a puzzle's solutions at this many.
        #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..))]
        limit: u32,
    },
    /// Check each record: it parses, its givens do not conflict, it has exactly one solution,
    /// and the answer it carries (a CSV solution column) is that solution.
    ///
    /// Reasons a record fails: malformed, conflicting givens, no solution, multiple solutions,
    /// answer invalid, answer disagrees with givens, answer is not the solution.
    ///
    /// Exit status: 0 if every record is valid, 1 if any is not, 2 on a usage or I/O error.
    Validate(Common),
    /// Generate proper, minimal puzzles (one solution; no given can be removed), one a line.
    Generate(GenerateArgs),
    /// Time our solvers: puzzles/s, us/puzzle, % solved without guessing, guesses/puzzle.
    ///
    /// Puzzles are read before timing; each row is the median of --rounds passes after a
    /// warm-up pass. With no files, runs on the sample corpus, datasets/sample_10k.txt.
    Bench(BenchArgs),
}

#[derive(Debug, Args)]
struct BenchArgs {
    /// Corpus files, in any input format [default: datasets/sample_10k.txt].
    files: Vec<PathBuf>,
    /// Solvers to time (repeat to compare).
    #[arg(long, value_enum, default_values_t = [SolverArg::Fast])]
    solver: Vec<SolverArg>,
    /// Modes to time (repeat for both): the first solution, or counting up to 2.
    #[arg(long, value_enum, default_values_t = [BenchMode::First, BenchMode::Count2])]
    mode: Vec<BenchMode>,
    /// Worker threads.
    #[arg(short = 'j', long, default_value_t = 1, value_name = "N")]
    threads: usize,
    /// Timed passes per row; the median is reported.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
    rounds: u32,
    /// Result format.
    #[arg(long, value_enum, default_value_t = BenchFormat::Table)]
    format: BenchFormat,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum BenchMode {
    /// The first solution.
    First,
    /// Solutions up to 2.
    Count2,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum BenchFormat {
    /// A markdown table.
    Table,
    /// CSV.
    Csv,
    /// JSON Lines.
    Json,
}

#[derive(Debug, Args)]
struct Common {
    /// Input file; `-` or none reads stdin. Regular files are memory-mapped.
    input: Option<PathBuf>,
    /// Write results here instead of stdout.
    #[arg(short, long, value_name = "PATH")]
    output: Option<PathBuf>,
    /// Output format [auto: csv for a CSV input, line otherwise].
    #[arg(long, value_enum, default_value_t = OutputFormat::Auto)]
    output_format: OutputFormat,
    /// Also write the failed records here: JSON Lines if PATH ends in .jsonl, .ndjson or
    /// .json, CSV otherwise.
    #[arg(long, value_name = "PATH")]
    report: Option<PathBuf>,
    /// Write a summary of the run here, as JSON.
    #[arg(long, value_name = "PATH")]
    summary_json: Option<PathBuf>,
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
    /// Read a file as a stream instead of memory-mapping it: for files that may change or
    /// shrink while they are read.
    #[arg(long)]
    no_mmap: bool,
    /// Bytes of input per work unit [default: chosen from the input size].
    #[arg(long, value_name = "BYTES", hide = true)]
    chunk_size: Option<usize>,
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum SolverArg {
    /// Band bitboards: the fastest.
    Fast,
    /// Candidate masks per row, column and box: the reference solver.
    Bitmask,
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

/// Where a run writes one of its outputs, and how it is finished.
enum Destination {
    /// Written in place: stdout, or a path that is not a regular file (a device such as
    /// /dev/full, a pipe, a link), which must never be renamed over.
    Direct,
    /// A temporary file beside the path, renamed over it once the run has succeeded, so that
    /// the path never holds a half-written file that looks complete. Dropped unfinished (an
    /// error, an interruption), it is removed.
    Staged { temp: tempfile::NamedTempFile, path: PathBuf },
}

impl Destination {
    /// Puts a staged file in place.
    fn finish(self) -> Result<()> {
        if let Destination::Staged { temp, path } = self {
            temp.persist(&path)
                .with_context(|| format!("renaming output to {}", path.display()))?;
        }
        Ok(())
    }
}

/// Opens an output: stdout, a path written in place, or a staged file (see [`Destination`]).
fn open_output(path: Option<&Path>) -> Result<(Box<dyn Write + Send>, Destination)> {
    let Some(path) = path else { return Ok((Box::new(io::stdout()), Destination::Direct)) };
    let context = || format!("opening {} for writing", path.display());
    let staged = match std::fs::symlink_metadata(path) {
        Ok(meta) => meta.is_file(),
        Err(e) if e.kind() == io::ErrorKind::NotFound => true,
        Err(e) => return Err(e).with_context(context),
    };
    if !staged {
        let file = std::fs::OpenOptions::new().write(true).open(path).with_context(context)?;
        return Ok((Box::new(file), Destination::Direct));
    }
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = path.file_name().map_or("output".into(), |n| n.to_string_lossy());
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".partial");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666)); // less the umask
    }
    let temp = builder.tempfile_in(dir).with_context(context)?;
    crate::signals::remove_on_fatal_signal(temp.path());
    let file = temp.as_file().try_clone().with_context(context)?;
    Ok((Box::new(file), Destination::Staged { temp, path: path.to_path_buf() }))
}

/// Runs the command; the exit code on success, an error (exit 2) otherwise.
pub fn run(cli: Cli) -> Result<ExitCode> {
    crate::signals::install().context("installing signal handlers")?;
    match cli.command {
        Command::Solve(common) => bulk(common, Task::Solve),
        Command::Count { common, limit } => bulk(common, Task::Count { limit }),
        Command::Validate(common) => bulk(common, Task::Validate),
        Command::Generate(args) => generate(args),
        Command::Bench(args) => bench(args),
    }
}

impl SolverArg {
    fn kind(self) -> SolverKind {
        match self {
            SolverArg::Fast => SolverKind::Fast,
            SolverArg::Bitmask => SolverKind::Bitmask,
            SolverArg::Dlx => SolverKind::Dlx,
            SolverArg::Naive => SolverKind::Naive,
        }
    }
}

/// Reads every puzzle of a corpus file; a malformed record is an error naming its line.
fn read_puzzles(path: &Path) -> Result<Vec<crate::grid::Grid>> {
    use crate::format::{resolve, Records, BOM};
    let data = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    let data = data.strip_prefix(BOM).unwrap_or(&data);
    let data = &data[..crate::format::input_end(data).min(crate::format::dos_end(data))];
    let format = resolve(data, &FormatOptions::default())
        .with_context(|| format!("reading {}", path.display()))?;
    Records::new(format, data, 1)
        .map(|record| match record.parsed {
            Ok(puzzle) => Ok(puzzle.grid),
            Err(e) => bail!("{}: line {}: {e}", path.display(), record.line),
        })
        .collect()
}

/// Runs `bench`.
fn bench(args: BenchArgs) -> Result<ExitCode> {
    use crate::commands::bench::{self, Mode};
    let threads = threads(Some(args.threads))?;
    let files = if args.files.is_empty() {
        vec![PathBuf::from("datasets/sample_10k.txt")]
    } else {
        args.files
    };
    let mut rows = Vec::new();
    for path in &files {
        let puzzles = read_puzzles(path)?;
        let corpus = path
            .file_name()
            .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
        for mode in &args.mode {
            let mode = match mode {
                BenchMode::First => Mode::First,
                BenchMode::Count2 => Mode::Count2,
            };
            for solver in &args.solver {
                eprintln!(
                    "sudoku-bulk bench: {corpus}, {} puzzles, {}, {:?}",
                    puzzles.len(),
                    solver.kind().name(),
                    mode
                );
                rows.push(bench::measure(
                    &corpus,
                    &puzzles,
                    solver.kind(),
                    mode,
                    threads,
                    args.rounds as usize,
                ));
            }
        }
    }
    let text = match args.format {
        BenchFormat::Table => bench::table(&rows),
        BenchFormat::Csv => bench::csv(&rows),
        BenchFormat::Json => bench::json(&rows),
    };
    match io::stdout().write_all(text.as_bytes()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e).context("writing output"),
        _ => Ok(ExitCode::SUCCESS),
    }
}

/// Runs `solve`, `count` or `validate`.
fn bulk(common: Common, task: Task) -> Result<ExitCode> {
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
    let solver = common.solver.kind();
    let input = Input::open(common.input.as_deref(), !common.no_mmap).with_context(|| {
        let name = common.input.as_ref().map_or("stdin".into(), |p| p.display().to_string());
        format!("opening {name}")
    })?;
    let input_name = input.name().to_string();
    let report_format = common.report.as_deref().map(ReportFormat::for_path);
    let (output, output_file) = open_output(common.output.as_deref())?;
    let (report, report_file) = match common.report.as_deref() {
        Some(path) => {
            let (report, file) = open_output(Some(path))?;
            (Some(report), Some(file))
        }
        None => (None, None),
    };
    let sinks = Sinks { output, report, messages: None };
    let build = |format| BulkJob {
        task,
        solver,
        encoder: Encoder::new(task.columns(), format, common.output_format, report_format),
        input_name: input_name.clone(),
    };

    let started = Instant::now();
    let report = match pipeline::run(input, build, sinks, &settings) {
        Ok(report) => report,
        Err(e) if e.is_broken_pipe() => return Ok(ExitCode::SUCCESS),
        Err(RunError::Interrupted(signal)) => {
            // Dropping the staged files removes them: nothing half-written is left behind.
            let what = match (&output_file, &common.output) {
                (Destination::Staged { .. }, Some(path)) => {
                    format!("{} left as it was", path.display())
                }
                _ => "the output is incomplete".to_string(),
            };
            eprintln!("sudoku-bulk: interrupted by signal {signal}; {what}");
            return Ok(ExitCode::from((128 + signal) as u8));
        }
        Err(e) => return Err(e.into()),
    };
    output_file.finish()?;
    if let Some(file) = report_file {
        file.finish()?;
    }
    let secs = started.elapsed().as_secs_f64();
    if !common.quiet {
        eprintln!("sudoku-bulk: {}", summary_line(task, &report, secs));
    }
    if let Some(path) = &common.summary_json {
        let json = summary_json(task, &input_name, &report, secs, settings.threads);
        std::fs::write(path, json).with_context(|| format!("writing {}", path.display()))?;
    }
    let t = &report.tally;
    Ok(if t.failed == 0 { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// The one-line summary for stderr.
fn summary_line(task: Task, report: &Report, secs: f64) -> String {
    let t = &report.tally;
    let rate = t.records as f64 / secs.max(1e-9);
    let mut line = match task {
        Task::Solve => format!("{} puzzles: {} solved, {} failed", t.records, t.ok, t.failed),
        Task::Count { limit } => {
            let counts: Vec<String> = count_names(&t.solutions, limit)
                .map(|(name, n)| format!("{n} with {name}"))
                .collect();
            let counts =
                if counts.is_empty() { String::new() } else { format!(": {}", counts.join(", ")) };
            format!("{} puzzles{counts}", t.records)
        }
        Task::Validate => format!("{} records: {} valid, {} invalid", t.records, t.ok, t.failed),
    };
    let reasons: Vec<String> = Reason::ALL
        .iter()
        .filter(|r| t.reasons[r.index()] > 0)
        .map(|r| format!("{}: {}", r.name(), t.reasons[r.index()]))
        .collect();
    if !reasons.is_empty() {
        line += &format!(" ({})", reasons.join(", "));
    }
    line + &format!(", in {secs:.3} s ({rate:.0} records/s)")
}

/// Solution counts with their names: `0 solutions`, `1 solution`, ..., `2+ solutions` at the
/// limit; only counts that occurred.
fn count_names(solutions: &[u64], limit: u32) -> impl Iterator<Item = (String, u64)> + '_ {
    solutions.iter().enumerate().filter(|(_, &n)| n > 0).map(move |(k, &n)| {
        let plus = if k as u32 >= limit { "+" } else { "" };
        let noun = if k == 1 && plus.is_empty() { "solution" } else { "solutions" };
        (format!("{k}{plus} {noun}"), n)
    })
}

/// The run's summary as JSON.
fn summary_json(task: Task, input: &str, report: &Report, secs: f64, threads: usize) -> String {
    let t = &report.tally;
    let mut name = Vec::new();
    crate::output::json_string(&mut name, input.as_bytes());
    let command = match task {
        Task::Solve => "solve",
        Task::Count { .. } => "count",
        Task::Validate => "validate",
    };
    let reasons: Vec<String> =
        Reason::ALL.iter().map(|r| format!("\"{}\":{}", r.name(), t.reasons[r.index()])).collect();
    let mut json = format!(
        "{{\"command\":\"{command}\",\"input\":{},\"records\":{},\"ok\":{},\"failed\":{},\"reasons\":{{{}}}",
        String::from_utf8_lossy(&name),
        t.records,
        t.ok,
        t.failed,
        reasons.join(",")
    );
    if let Task::Count { limit } = task {
        let counts: Vec<String> = (0..=limit as usize)
            .map(|k| {
                let plus = if k as u32 >= limit { "+" } else { "" };
                format!("\"{k}{plus}\":{}", t.solutions.get(k).copied().unwrap_or(0))
            })
            .collect();
        json += &format!(",\"limit\":{limit},\"solutions\":{{{}}}", counts.join(","));
    }
    json += &format!(
        ",\"seconds\":{secs:.6},\"records_per_second\":{:.1},\"threads\":{threads}}}\n",
        t.records as f64 / secs.max(1e-9)
    );
    json
}

fn generate(args: GenerateArgs) -> Result<ExitCode> {
    use rayon::prelude::*;
    let threads = threads(args.threads)?;
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build()?;
    let (out, destination) = open_output(args.output.as_deref())?;
    let mut out = io::BufWriter::new(out);
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
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(ExitCode::SUCCESS),
        other => other.context("writing output")?,
    }
    drop(out);
    destination.finish()?;
    Ok(ExitCode::SUCCESS)
}

/// The seed of puzzle `index` of a run seeded with `seed`: a SplitMix64 step over both, so
/// neighbouring indices get unrelated seeds.
fn puzzle_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(index);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
