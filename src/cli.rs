//! Command-line arguments and dispatch: the arguments are checked and turned into settings
//! before any work starts, then handed to the command that does the work.
//!
//! Enums that a user picks from (`--solver`, `--format`, `--output-format`, `--mode`, ...) are
//! defined once, where they are used, and derive `clap::ValueEnum` there: the command line
//! never keeps copies of them.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use clap::{Args, Parser, Subcommand};

use crate::canon::{Form, Sameness};
use crate::cmd::bench::{self, Mode, ResultFormat};
use crate::cmd::generate::{self, ClueRange};
use crate::io::format::{Column, Delimiter, FormatKind, FormatOptions};
use crate::io::output::OutputFormat;
use crate::io::progress::ProgressMode;
use crate::io::stderr::say;
use crate::random::fresh_seed;
use crate::run::{self, Cancel, Options, Sink, Source, Work};
use crate::solver::SolverKind;
use crate::verdict::Task;

/// Solve, count and validate Sudoku puzzles in bulk, on every core, in input order.
///
/// Input formats (detected from the first lines; --format overrides): one 81-character puzzle
/// a line (`.`, `0` or `_` for blanks); 9x9 grids of digits (also `*` or `-` for blanks, `|`
/// between boxes, `------+-------+------` rules) separated by blank lines or `Grid 01` titles,
/// or back to back, and grids of other sizes as rows of numbers (`0 16 1 0 ...`); CSV rows with a puzzle column and perhaps a solution column. Lines starting
/// with `#` are comments; a line `end` ends the input.
///
/// Every input record gets one output record (augment: one per copy), in input order. A record
/// that fails gives an output record that says why (`error: line N: reason` in the line
/// format) and a message on stderr.
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
    Solve {
        #[command(flatten)]
        common: Common,
        #[command(flatten)]
        solver: SolverArg,
    },
    /// Count each puzzle's solutions, up to a limit (a count at the limit means "or more").
    ///
    /// A record fails, as in validate, when it is malformed or its givens conflict; a puzzle
    /// with no solution counts 0.
    ///
    /// Exit status: 0 if every record was counted, 1 if any failed, 2 on a usage or I/O error.
    Count {
        #[command(flatten)]
        common: Common,
        #[command(flatten)]
        solver: SolverArg,
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
    Validate {
        #[command(flatten)]
        common: Common,
        #[command(flatten)]
        solver: SolverArg,
    },
    /// How hard each puzzle is for a person: Sudoku Explainer 1.2.1's rating, as serate
    /// 1.2.1.3 computes it: ER (the hardest step), EP (the hardest up to the first placement)
    /// and ED (the first step), on SE's scale (hidden single 1.2/1.5, naked single 2.3, X-Wing
    /// 3.2, forcing chains 6.6 and up, nested forcing chains up to 11+).
    ///
    /// Columns (csv, jsonl, Parquet): rating (ER), ep, ed, rating_at_least (where a limit
    /// stopped the rating), technique (the hardest step's, or `capped: LEVEL`), steps (how
    /// many steps each technique took), count (1, or 2 for "2 or more" solutions: a puzzle
    /// with several is rated without the uniqueness rules). The line output is `ER/EP/ED
    /// TECHNIQUE`. See docs/rating.md.
    ///
    /// Exit status: 0 if every puzzle was rated, 1 if any could not be (malformed, conflicting
    /// givens, no solution), 2 on a usage or I/O error.
    Rate {
        #[command(flatten)]
        common: Common,
        #[command(flatten)]
        limits: LimitArgs,
    },
    /// Each puzzle's steps, in order, as `rate` takes them: Sudoku Explainer's rule, its value,
    /// the houses and cells of its pattern, its placements and eliminations, and a chaining
    /// rule's chains.
    ///
    /// The line output is a block a puzzle (its line, rating and technique, then a step a
    /// line: `r4c7=5 Hidden Single in box 6 [1.2]`), blocks separated by a blank line; jsonl
    /// and Parquet have a `steps` array of step objects (a list of structs), csv the same
    /// array as JSON text. See docs/rating.md.
    ///
    /// Exit status: as for rate.
    Explain {
        #[command(flatten)]
        common: Common,
        #[command(flatten)]
        limits: LimitArgs,
    },
    /// Each record's canonical form: equal for two records exactly when one is a
    /// transformation of the other (transposition; band, row, stack and column permutations;
    /// digit relabelling). Any grid has one: no, one or many solutions, empty or full.
    ///
    /// minlex: the smallest 81-character string (blanks as 0) over every transformation.
    /// patminlex: the smallest given/blank pattern (given = 1) first, then the smallest string
    /// with that pattern. The line output is the form as 81 digits (then the automorphism
    /// count, with --automorphisms); csv and jsonl add `canonical` (and `automorphisms`).
    ///
    /// Exit status: 0 if every record was read, 1 if any is malformed, 2 on a usage or I/O
    /// error.
    Canon {
        #[command(flatten)]
        common: Common,
        /// Which canonical form.
        #[arg(long, value_enum, default_value_t = Form::Minlex)]
        form: Form,
        /// Also count the geometric transformations that map each puzzle to itself (up to a
        /// relabelling of its digits): 1 for most puzzles, 3,359,232 for the empty grid.
        #[arg(long)]
        automorphisms: bool,
    },
    /// Drop repeated records, keeping the first of each, in input order: records with the same
    /// givens (--by exact), or equivalent puzzles (--by class: the same minlex form, as canon
    /// computes it).
    ///
    /// Several inputs are one stream: a record of the second repeats one of the first. The
    /// kept records are written as solve writes its answers (the puzzle in its own layout in
    /// the line format; csv and jsonl add `status` kept, and `canonical` for --by class). A
    /// malformed record repeats nothing: it is kept, written as an error, as in every command.
    /// --report names each dropped record (status `duplicate`) with its file and line and the
    /// file and line of the record it repeats (`first_file`, `first_line`).
    ///
    /// Memory: about 30 bytes per distinct record (88 bits of a hash and the line), not the
    /// text.
    ///
    /// Exit status: 0 if every record was read, 1 if any is malformed, 2 on a usage or I/O
    /// error. Dropping repeats is not a failure.
    Dedup {
        #[command(flatten)]
        common: Common,
        /// What counts as a repeat: the same givens, or an equivalent puzzle.
        #[arg(long, value_enum, default_value_t = Sameness::Class)]
        by: Sameness,
    },
    /// Which TEST records are equivalent (--by class) or identical (--by exact) to some TRAIN
    /// record: the leakage check for a train/test split.
    ///
    /// `sudoku-bulk overlap TRAIN... --test TEST...`: the files before --test (or stdin) are
    /// the training side, those after it the test side; either side may be several files.
    /// Output: one row per overlapping test record, `test_file,test_line,train_file,
    /// train_line,canonical` (CSV with a header, the default; `puzzle` for --by exact; the
    /// first training record of its class), or JSON Lines (--output-format jsonl, the key
    /// `form`), or `TEST:LINE TRAIN:LINE FORM` (--output-format line). The summary counts the
    /// records on each side, the distinct training classes, the overlapping test records and
    /// the classes they fall in. Malformed records are reported as in every command and match
    /// nothing.
    ///
    /// Memory: about 30 bytes per distinct training record (88 bits of a hash and the line).
    ///
    /// Exit status: 1 if any test record overlaps; otherwise 2 if a record was malformed (the
    /// check is incomplete) or on a usage or I/O error; 0 when there is no overlap.
    #[command(override_usage = "sudoku-bulk overlap [OPTIONS] [TRAIN]... --test <TEST>...")]
    Overlap {
        #[command(flatten)]
        common: Common,
        /// The test files (`-`: stdin, if the training side is files).
        #[arg(long, required = true, num_args = 1.., value_name = "TEST")]
        test: Vec<PathBuf>,
        /// What counts as overlap: the same givens, or an equivalent puzzle.
        #[arg(long, value_enum, default_value_t = Sameness::Class)]
        by: Sameness,
    },
    /// A corpus at a glance: a report on every input (and on each side, with --test), in one
    /// pass: records and malformed ones by kind; sizes; clue counts; solutions (0, 1, 2+); the
    /// solver's guesses; ratings and hardest techniques (as `rate` gives them); the answers
    /// records carry, checked as `validate` checks them; repeats, exact and by class, within
    /// each input and across a side; and, with --test, the test records that repeat a
    /// training record (as `overlap` counts them). It lists the slowest (most guesses) and the
    /// hardest puzzles and the first malformed records.
    ///
    /// `sudoku-bulk stats FILE... [--test FILE...] -o report.html`. The report is one
    /// self-contained HTML page (plots as SVG, nothing fetched from elsewhere) for a path
    /// ending .html or .htm, and JSON otherwise (stdout's default): the same figures, the
    /// keys documented in docs/stats.md. --summary-json writes the JSON too, beside an HTML
    /// report.
    ///
    /// Memory: about 65 bytes per distinct puzzle for the repeats, and as much per distinct
    /// class.
    ///
    /// Exit status: 0 once the report is written, whatever the records hold; 2 on a usage or
    /// I/O error.
    #[command(override_usage = "sudoku-bulk stats [OPTIONS] [FILE]... [--test <TEST>...]")]
    Stats {
        #[command(flatten)]
        common: Common,
        #[command(flatten)]
        solver: SolverArg,
        /// Test files: the report shows the training side (the FILEs) and the test side
        /// apart, and how many test records repeat a training record.
        #[arg(long, num_args = 1.., value_name = "TEST")]
        test: Vec<PathBuf>,
        /// What counts as a repeat: the same givens only (exact), or an equivalent puzzle too
        /// (class: each puzzle's minlex form is found, the costliest part of the report).
        #[arg(long, value_enum, default_value_t = Sameness::Class)]
        by: Sameness,
        /// Leave the ratings out (rating each puzzle is the other costly part).
        #[arg(long)]
        no_rating: bool,
    },
    /// Random isomorphs of each record for data augmentation: --copies K transformed copies
    /// (transposition, band/row/stack/column permutations, digit relabelling, drawn uniformly),
    /// the record's answer (a CSV solution column) transformed the same way, so it stays the
    /// copy's solution.
    ///
    /// Deterministic: copy k of the record on line L of the i-th input (from 0) depends only on
    /// --seed, i, L and k, never on -j or how the input is cut; `sudoku_bulk::augment`
    /// documents the draw. Output, in input order: K records per record (K+1 with
    /// --include-original, the original first as copy 0). The line format writes each copy's
    /// puzzle in the record's layout (blanks as the input wrote them), or one line `PUZZLE
    /// [ANSWER] [TRANSFORM]` where there is more to say; csv and jsonl keep the input's columns
    /// (puzzle and solution transformed) and add `line`, `status` (augmented), `copy` and, with
    /// --with-transform, `transform`. The transformation's text form is
    /// `T:RRRRRRRRR:CCCCCCCCC:DDDDDDDDD`: T 1 to transpose first; for each output row (column)
    /// the source row (column) 0-8; the new labels of digits 1-9. Its inverse maps an answer on
    /// a copy back to the original (`sudoku_bulk::canon::Transform::inverse`, or
    /// `sudoku_bulk.apply_transform(..., inverse=True)` in Python).
    ///
    /// A malformed record, or one whose solution field is not a grid, is not augmented: it gives
    /// one output record saying why, as in every command, a message and a --report row. An
    /// empty or null solution stays empty. The answers are not checked (validate does that).
    ///
    /// Exit status: 0 if every record was augmented, 1 if any failed, 2 on a usage or I/O error.
    Augment {
        #[command(flatten)]
        common: Common,
        /// Transformed copies of each record (at most 10,000: a piece of input is never less
        /// than a record, and its copies are held until written).
        #[arg(long, default_value_t = 1, value_name = "K",
              value_parser = clap::value_parser!(u32).range(1..=10_000))]
        copies: u32,
        /// Seed: the same seed gives the same copies, whatever the thread count [default: a
        /// fresh one, shown on stderr].
        #[arg(long, value_name = "S")]
        seed: Option<u64>,
        /// Write each original first (copy 0, the identity), then its copies.
        #[arg(long)]
        include_original: bool,
        /// Add each copy's transformation (`transform`: `T:RRRRRRRRR:CCCCCCCCC:DDDDDDDDD`,
        /// explained under `augment --help`).
        #[arg(long)]
        with_transform: bool,
    },
    /// Generate proper, minimal puzzles (one solution; no given can be removed), one a line.
    Generate(GenerateArgs),
    /// Time our solvers: puzzles/s, us/puzzle, % solved without guessing, guesses/puzzle.
    ///
    /// Puzzles are read before timing; each row is the median of --rounds passes after a
    /// warm-up pass. With no files, runs on the sample corpus built into the binary (10,000
    /// generated puzzles, datasets/sample_10k.txt). A malformed record is reported and left
    /// out of the timing.
    ///
    /// Exit status: 0 if every record was a puzzle, 1 if any was malformed, 2 on a usage or I/O
    /// error.
    Bench(BenchArgs),
}

#[derive(Debug, Args)]
struct BenchArgs {
    /// Corpus files, in any input format [default: the sample corpus built into the binary,
    /// datasets/sample_10k.txt].
    files: Vec<PathBuf>,
    /// Solvers to time (repeat to compare).
    #[arg(long, value_enum, default_values_t = [SolverKind::Band])]
    solver: Vec<SolverKind>,
    /// Modes to time (repeat for both): the first solution, or counting up to 2.
    #[arg(long, value_enum, default_values_t = [Mode::First, Mode::Count2])]
    mode: Vec<Mode>,
    /// Worker threads.
    #[arg(short = 'j', long, default_value_t = 1, value_name = "N")]
    threads: usize,
    /// Timed passes per row; the median is reported.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..))]
    rounds: u32,
    /// Format of the results (`--format` is the input format, as for the other commands).
    #[arg(long, value_enum, default_value_t = ResultFormat::Table)]
    output_format: ResultFormat,
    /// Time a random isomorph of each puzzle instead of the puzzle (a random transposition,
    /// band, row, stack and column order and relabelling, drawn from SEED and the puzzle's
    /// place in its corpus), so that no solver is flattered by the order a file happens to
    /// list its puzzles in, nor by their orientation. The same SEED gives the same isomorphs.
    #[arg(long, value_name = "SEED")]
    shuffle: Option<u64>,
    #[command(flatten)]
    input: InputArgs,
}

#[derive(Debug, Args)]
struct Common {
    /// Input files, read one after another (output in that order, one summary); `-` or none
    /// reads stdin. Regular files are memory-mapped; compressed ones are decoded.
    inputs: Vec<PathBuf>,
    /// Write results here instead of stdout (`-`: stdout). Its extension sets the output
    /// format unless --output-format does: .csv, .tsv (tab-separated), .jsonl or .ndjson,
    /// .parquet, .txt for line; a last .gz, .zst, .xz or .bz2 compresses it (answers.csv.gz; so for --report and
    /// --summary-json).
    #[arg(short, long, value_name = "PATH")]
    output: Option<PathBuf>,
    /// Output format [auto: from the -o extension, else csv for a CSV input, line otherwise].
    #[arg(long, value_enum, default_value_t = OutputFormat::Auto)]
    output_format: OutputFormat,
    /// Also write the failed records here (`-`: stdout): JSON Lines if PATH ends in .jsonl or
    /// .ndjson, tab-separated if it ends in .tsv, CSV otherwise.
    #[arg(long, value_name = "PATH")]
    report: Option<PathBuf>,
    /// Write a summary of the run here, as JSON (`-`: stdout, after the output).
    #[arg(long, value_name = "PATH")]
    summary_json: Option<PathBuf>,
    /// Worker threads [default: every available core].
    #[arg(short = 'j', long, value_name = "N")]
    threads: Option<usize>,
    #[command(flatten)]
    input: InputArgs,
    /// When to show progress on stderr: a bar on a terminal; with `always`, plain lines every
    /// few seconds into a file or pipe.
    #[arg(long, value_enum, default_value_t = ProgressMode::Auto)]
    progress: ProgressMode,
    /// No summary line or progress bar on stderr (unless --progress always).
    #[arg(short, long)]
    quiet: bool,
    /// Read a file as a stream instead of memory-mapping it: for files that may change or
    /// shrink while they are read.
    #[arg(long)]
    no_mmap: bool,
    /// Write only the records that fail (every record still counts in the summary).
    #[arg(long)]
    failures_only: bool,
    /// Add a `size` column to CSV, TSV, JSON Lines and Parquet output: each puzzle's size
    /// (9x9, 16x16, `6x6 (boxes 3x2)`, `9x9 pencilmarks`), for inputs of mixed sizes.
    #[arg(long)]
    with_size: bool,
    /// Show at most N messages about failed records on stderr, then how many more there were;
    /// 0 for none (--report keeps them all).
    #[arg(long, value_name = "N", default_value_t = 20)]
    max_messages: u64,
    /// Bytes of input per work unit [default: chosen from the input size].
    #[arg(long, value_name = "BYTES", hide = true)]
    chunk_size: Option<usize>,
}

/// The solver, for the commands that solve (solve, count, validate): the others never call
/// one, so they do not offer the option.
#[derive(Debug, Args)]
struct SolverArg {
    /// Solver.
    #[arg(long, value_enum, default_value_t = SolverKind::Band)]
    solver: SolverKind,
}

/// How to read the inputs: the same options for every command that reads puzzles.
#[derive(Debug, Args)]
struct InputArgs {
    /// Input format.
    #[arg(long, value_enum, default_value_t = FormatKind::Auto)]
    format: FormatKind,
    /// What separates a row's fields: , tab : ; | or whitespace [default: a comma makes CSV;
    /// without commas, the first of the others that splits most rows into fields, one of
    /// them a puzzle].
    #[arg(long, value_name = "SEP")]
    delimiter: Option<Delimiter>,
    /// CSV: the puzzle column, by header name or position from 1 [default: recognised by
    /// name, e.g. quizzes, puzzle, question; without a header, the first 81-cell field].
    #[arg(long, value_name = "NAME|N")]
    puzzle_col: Option<Column>,
    /// CSV: the solution column, by header name or position from 1 [default: recognised by
    /// name, e.g. solutions, solution, answer; without a header, the next 81-cell field].
    #[arg(long, value_name = "NAME|N")]
    solution_col: Option<Column>,
    /// Every puzzle is N x N, 4 to 25 (boxes as close to square as N allows, wider than tall)
    /// [default: from each puzzle's length: 16, 36, 64, 81, 144, 256 or 625 cells, and 729 for
    /// a 9x9 pencilmark puzzle]. Needed for 10x10, 15x15, 20x20 and the like.
    #[arg(long, value_name = "N")]
    size: Option<usize>,
    /// Box rows x box columns, for sizes with two shapes: 3x2 for 6x6 boxes 3 rows tall
    /// [default: wider than tall, 2x3].
    #[arg(long = "box", value_name = "RxC")]
    boxes: Option<String>,
}

impl InputArgs {
    /// The options as the format module takes them.
    fn options(self) -> Result<FormatOptions> {
        Ok(FormatOptions {
            kind: self.format,
            puzzle_column: self.puzzle_col,
            answer_column: self.solution_col,
            delimiter: self.delimiter,
            shape: crate::sized::shape_asked(self.size, self.boxes.as_deref())
                .map_err(anyhow::Error::msg)?,
        })
    }
}

#[derive(Debug, Args)]
struct GenerateArgs {
    /// How many puzzles.
    #[arg(short = 'n', long, default_value_t = 1000)]
    count: u64,
    /// Seed: the same seed gives the same puzzles, whatever the thread count [default: a fresh
    /// one each run, printed on stderr so that the run can be repeated].
    #[arg(long)]
    seed: Option<u64>,
    /// Write the puzzles here instead of stdout. Its extension sets the output format unless
    /// --output-format does: .csv, .tsv (tab-separated), .jsonl or .ndjson, .txt for line; a
    /// last .gz, .zst, .xz or .bz2 compresses it (puzzles.txt.gz).
    #[arg(short, long, value_name = "PATH")]
    output: Option<PathBuf>,
    /// Output format [auto: from the -o extension, else csv with --solutions, line otherwise].
    /// CSV has a header, `puzzle` or `puzzle,solution`; JSON Lines the same keys.
    #[arg(long, value_enum, default_value_t = OutputFormat::Auto)]
    output_format: OutputFormat,
    /// Write each puzzle's solution too.
    #[arg(long)]
    solutions: bool,
    /// Keep only puzzles with this many clues: LOW..HIGH (both included) or N, within the
    /// 17 to 40 that minimal puzzles can have; most have 21 to 27.
    #[arg(long, value_name = "LOW..HIGH")]
    clues: Option<ClueRange>,
    /// Keep only puzzles on which the band solver makes at least N guesses (the `guesses`
    /// column of `solve --output-format csv`).
    #[arg(long, value_name = "N")]
    min_guesses: Option<u64>,
    /// Keep only puzzles whose rating (`rate`'s ER, on Sudoku Explainer's scale) is in
    /// LOW..HIGH (both included; 1.2..2.3) or is N. A range no technique's steps rate in, or
    /// one that --technique's steps cannot rate in, is refused.
    #[arg(long, value_name = "LOW..HIGH")]
    rating: Option<crate::cmd::generate::RatingRange>,
    /// Keep only puzzles whose hardest step (`rate`'s `technique`) is this technique, by SE's
    /// name: `x-wing`, `naked pair`, `forcing chain`, ... See docs/rating.md for the list.
    #[arg(long, value_name = "NAME", value_parser = technique_name)]
    technique: Option<crate::rate::Technique>,
    /// Draws for one puzzle before its filters are given up: the puzzles made until then are
    /// written, the run says how many fell short and exits 1.
    #[arg(long, value_name = "N", default_value_t = generate::MAX_DRAWS,
          value_parser = clap::value_parser!(u32).range(1..))]
    max_draws: u32,
    /// Grids of N x N cells, 4 to 25 (boxes as close to square as N allows, wider than tall:
    /// 6 is 2x3, 12 is 3x4) [default: 9]. Digits 1-9 then letters A, B, ... Filters take 9x9
    /// only.
    #[arg(long, value_name = "N")]
    size: Option<usize>,
    /// Box rows x box columns, for the sizes with two shapes (3x2 for 6x6 boxes 3 rows tall).
    #[arg(long = "box", value_name = "RxC")]
    boxes: Option<String>,
    /// When to draw a progress bar on stderr.
    #[arg(long, value_enum, default_value_t = ProgressMode::Auto)]
    progress: ProgressMode,
    /// Worker threads [default: every available core].
    #[arg(short = 'j', long, value_name = "N")]
    threads: Option<usize>,
    /// No seed, progress bar or summary line on stderr (progress still with --progress always).
    #[arg(short, long)]
    quiet: bool,
}

/// A technique by name, as `rate` writes it (any case, `_`, `-` or a space between words).
fn technique_name(name: &str) -> Result<crate::rate::Technique, String> {
    crate::rate::Technique::from_name(name).ok_or_else(|| {
        let words = name.trim().to_ascii_lowercase().replace(['_', '-', ' '], "");
        if words == "fullhouse" {
            return "Sudoku Explainer counts a full house as a Hidden Single rated 1.0: \
                    --technique 'hidden single' --rating 1.0"
                .into();
        }
        let names: Vec<&str> = crate::rate::Technique::all().map(|t| t.name()).collect();
        format!("not a technique Sudoku Explainer rates by; one of: {}", names.join(", "))
    })
}

/// How far `rate` and `explain` may go on one puzzle.
#[derive(Debug, Args)]
pub struct LimitArgs {
    /// The hardest level of Sudoku Explainer's rules to try: basic (up to 6.2), chains,
    /// aligned-triplet, nishio, multiple, dynamic, dynamic+, nested2, nested3, nested4 or
    /// nested5 [default: nested5, every rule]. A puzzle that needs more gets no rating: its
    /// technique says `capped: LEVEL` and rating_at_least the least its rating can be.
    #[arg(long, value_name = "LEVEL", value_parser = level_name)]
    max_level: Option<crate::rate::Level>,
    /// The work one puzzle may take, in the chaining rules' units (about one candidate
    /// visited; a 9.0 puzzle takes about 10^7) [default: no limit]. A puzzle that needs more
    /// is capped as with --max-level (`capped: work in LEVEL`); the same on every machine and
    /// thread count.
    #[arg(long, value_name = "N")]
    max_work: Option<u64>,
}

impl LimitArgs {
    fn limits(&self) -> crate::rate::Limits {
        crate::rate::Limits::asked(self.max_level, self.max_work)
    }
}

/// A level of Sudoku Explainer's rules by name.
fn level_name(name: &str) -> Result<crate::rate::Level, String> {
    crate::rate::Level::parse(name)
}

/// The threads to use: as asked (within the library's limit), or every available core.
fn threads(asked: Option<usize>) -> Result<usize> {
    run::threads::resolve(asked).context("-j/--threads")
}

/// Runs the command; the exit code on success, an error (exit 2) otherwise.
pub fn run(cli: Cli) -> Result<ExitCode> {
    let cancel = Cancel::new();
    crate::io::signals::install(cancel.flag()).context("installing signal handlers")?;
    let task = |common: Common, task: Task| {
        let quiet = common.quiet;
        execute(options(common, Work::Task(task), &cancel)?, quiet)
    };
    let solving = |common: Common, solver: SolverArg, task: Task| {
        let quiet = common.quiet;
        let mut options = options(common, Work::Task(task), &cancel)?;
        options.solver = solver.solver;
        execute(options, quiet)
    };
    match cli.command {
        Command::Solve { common, solver } => solving(common, solver, Task::Solve),
        Command::Count { common, solver, limit } => solving(common, solver, Task::Count { limit }),
        Command::Validate { common, solver } => solving(common, solver, Task::Validate),
        Command::Canon { common, form, automorphisms } => {
            task(common, Task::Canon { form, automorphisms })
        }
        Command::Dedup { common, by } => task(common, Task::Dedup { by }),
        Command::Rate { common, limits } => task(common, Task::Rate { limits: limits.limits() }),
        Command::Explain { common, limits } => {
            task(common, Task::Explain { limits: limits.limits() })
        }
        Command::Augment { common, copies, seed, include_original, with_transform } => {
            let seed = match seed {
                Some(seed) => seed,
                None => {
                    let seed = fresh_seed();
                    if !common.quiet {
                        say!("sudoku-bulk: seed {seed} (--seed {seed} repeats this run)");
                    }
                    seed
                }
            };
            task(common, Task::Augment { copies, seed, include_original, with_transform })
        }
        Command::Stats { common, solver, test, by, no_rating } => {
            let quiet = common.quiet;
            let test = test.into_iter().map(Source::from_arg).collect();
            let work = Work::Stats { by, rating: !no_rating, test };
            let mut options = options(common, work, &cancel)?;
            options.solver = solver.solver;
            execute(options, quiet)
        }
        Command::Overlap { common, test, by } => {
            let quiet = common.quiet;
            let test = test.into_iter().map(Source::from_arg).collect();
            execute(options(common, Work::Overlap { by, test }, &cancel)?, quiet)
        }
        Command::Generate(args) => {
            let seed = args.seed.unwrap_or_else(fresh_seed);
            let output_format = match (args.output_format, args.output.as_deref()) {
                (OutputFormat::Auto, Some(path)) => match OutputFormat::for_path(path) {
                    Ok(format) => format.unwrap_or(OutputFormat::Auto),
                    Err(why) => bail!(
                        "-o {}: {why}; generate writes .csv, .tsv, .jsonl or .txt, compressed or not \
                         (.gz, .zst, .xz, .bz2), or --output-format",
                        path.display()
                    ),
                },
                (chosen, _) => chosen,
            };
            let shape = crate::sized::shape_asked(args.size, args.boxes.as_deref())
                .map_err(anyhow::Error::msg)?;
            let plan = generate::Plan {
                puzzles: generate::Puzzles {
                    clues: args.clues,
                    min_guesses: args.min_guesses,
                    rating: args.rating,
                    technique: args.technique,
                    max_draws: args.max_draws,
                    ..generate::Puzzles::new(seed, shape)
                },
                count: args.count,
                solutions: args.solutions,
                format: output_format,
                progress: quieted(args.progress, args.quiet),
                threads: threads(args.threads)?,
            };
            plan.output_format()?; // refuse a format it cannot write before saying anything
            if args.seed.is_none() && !args.quiet {
                say!("sudoku-bulk: seed {seed} (--seed {seed} repeats this run)");
            }
            let started = Instant::now();
            let generated = match generate::run(&plan, args.output.as_deref(), &cancel) {
                Ok(generated) => generated,
                Err(error) => {
                    return match error.downcast::<run::Error>() {
                        Ok(run::Error::Interrupted { signal, kept }) => {
                            Ok(interrupted(signal, kept))
                        }
                        Ok(other) => Err(other.into()),
                        Err(error) => Err(error),
                    }
                }
            };
            if let Some(short) = generated.short {
                // Said under -q too: the output holds fewer puzzles than asked.
                let missing = args.count - generated.made;
                say!(
                    "sudoku-bulk: {} of {} generated, {missing} short: {short}",
                    generated.made,
                    crate::text::Plural(args.count as usize, "puzzle")
                );
                return Ok(ExitCode::from(1));
            }
            if !args.quiet {
                let secs = started.elapsed().as_secs_f64();
                say!("sudoku-bulk: {}", generate_summary(args.count, secs));
            }
            Ok(ExitCode::SUCCESS)
        }
        Command::Bench(args) => {
            let plan = bench::Plan {
                files: args.files,
                solvers: args.solver,
                modes: args.mode,
                threads: threads(Some(args.threads))?,
                rounds: args.rounds as usize,
                format: args.output_format,
                input: args.input.options()?,
                shuffle: args.shuffle,
            };
            bench::run(&plan)
        }
    }
}

/// The progress mode under `-q`: no bar unless `--progress always` asked for one.
fn quieted(mode: ProgressMode, quiet: bool) -> ProgressMode {
    match (mode, quiet) {
        (ProgressMode::Auto, true) => ProgressMode::Never,
        (mode, _) => mode,
    }
}

/// `generate`'s summary line: how many puzzles, how fast.
fn generate_summary(count: u64, secs: f64) -> String {
    let noun = if count == 1 { "puzzle" } else { "puzzles" };
    format!("{count} {noun} generated in {secs:.2}s ({:.0}/s)", count as f64 / secs.max(1e-9))
}

/// The run's options from the arguments shared by the commands that read puzzles.
fn options(common: Common, work: Work, cancel: &Cancel) -> Result<Options> {
    let mut options = Options::new(work);
    options.inputs = common.inputs.into_iter().map(Source::from_arg).collect();
    options.format = common.input.options()?;
    options.output = common.output.map_or(Sink::Stdout, Sink::from_arg);
    options.output_format = common.output_format;
    options.report = common.report.map_or(Sink::Discard, Sink::from_arg);
    options.summary_json = common.summary_json.map_or(Sink::Discard, Sink::from_arg);
    options.threads = common.threads;
    options.chunk_bytes = common.chunk_size;
    options.progress = quieted(common.progress, common.quiet);
    options.failures_only = common.failures_only;
    options.size_column = common.with_size;
    options.messages = true;
    options.max_messages = Some(common.max_messages);
    options.mmap = !common.no_mmap;
    options.cancel = cancel.clone();
    Ok(options)
}

/// Runs a command that reads puzzles, says how it went (unless `quiet`), and gives its exit
/// status: the summary's, or 128 plus the signal's number after an interruption.
fn execute(options: Options, quiet: bool) -> Result<ExitCode> {
    match crate::execute(&options) {
        Ok(summary) => {
            if !quiet {
                for line in summary.lines() {
                    say!("sudoku-bulk: {line}");
                }
            }
            Ok(ExitCode::from(summary.exit_code()))
        }
        Err(run::Error::Interrupted { signal, kept }) => Ok(interrupted(signal, kept)),
        Err(e) => Err(e.into()),
    }
}

/// Says that a signal stopped the run, and what became of the output (its staged file was
/// removed: nothing half-written is left behind); the exit status a shell would report.
fn interrupted(signal: i32, kept: Option<std::path::PathBuf>) -> ExitCode {
    let what = match kept {
        Some(path) => format!("{} left as it was", path.display()),
        None => "the output is incomplete".to_string(),
    };
    say!("sudoku-bulk: interrupted by signal {signal}; {what}");
    ExitCode::from((128 + signal) as u8)
}
