//! One run, described: what to read, what to do with each record, where to write, with how
//! many threads. Every front end builds this one value (the CLI from its arguments, Python
//! from keyword arguments) and hands it to [`run`](super::run), which checks it whole before
//! any work starts: the front ends hold no rules of their own about inputs, outputs, formats
//! or summaries.

use std::path::{Path, PathBuf};

use crate::canon::Sameness;
use crate::io::format::FormatOptions;
use crate::io::output::OutputFormat;
use crate::io::progress::ProgressMode;
use crate::solver::SolverKind;
use crate::verdict::Task;

use super::cancel::Cancel;

/// Where a run reads: a file, or standard input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// Standard input (`-` on the command line).
    Stdin,
    /// A file.
    Path(PathBuf),
    /// Text a front end holds in memory (Python's list of puzzles), read as a stream.
    Memory {
        /// The name messages give it.
        name: String,
        /// The text: lines, or CSV rows with their header.
        text: std::sync::Arc<[u8]>,
    },
}

impl Source {
    /// A command-line input: `-` is stdin.
    pub fn from_arg(path: impl Into<PathBuf>) -> Source {
        let path = path.into();
        match path == Path::new("-") {
            true => Source::Stdin,
            false => Source::Path(path),
        }
    }

    /// The file's path, if it is one.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Source::Stdin | Source::Memory { .. } => None,
            Source::Path(path) => Some(path),
        }
    }

    /// Puzzles a front end holds in memory (Python's list), and the answers they carry, as one
    /// input named `name`: CSV text, a row an entry (a `None` is an empty field), with a
    /// `puzzle` column and, with answers, a `solution` column: one record a puzzle whatever
    /// its text holds (a comma, a line end). Read it with [`Source::memory_format`].
    pub fn from_puzzles(
        name: &str,
        puzzles: &[Option<&str>],
        answers: Option<&[Option<&str>]>,
    ) -> Source {
        let mut text = match answers {
            Some(_) => b"puzzle,solution\n".to_vec(),
            None => b"puzzle\n".to_vec(),
        };
        // Room for every row at once: grown by doubling, the text of a million puzzles (for
        // Python's `stats`) was reallocated some twenty times, held twice over at the last.
        fn cells(rows: &[Option<&str>]) -> usize {
            rows.iter().map(|r| r.map_or(0, str::len) + 1).sum()
        }
        text.reserve(cells(puzzles) + answers.map_or(0, cells));
        for (i, puzzle) in puzzles.iter().enumerate() {
            crate::io::output::csv_field(&mut text, puzzle.unwrap_or("").as_bytes());
            if let Some(answers) = answers {
                text.push(b',');
                let answer = answers.get(i).copied().flatten().unwrap_or("");
                crate::io::output::csv_field(&mut text, answer.as_bytes());
            }
            text.push(b'\n');
        }
        Source::Memory { name: name.to_string(), text: text.into() }
    }

    /// How to read a [`Source::from_puzzles`]: CSV, its `puzzle` column, and its `solution`
    /// column where it has one (known by its name; an empty answer is an invalid one, as in a
    /// file).
    pub fn memory_format(shape: Option<crate::sized::Shape>) -> FormatOptions {
        use crate::io::format::{Column, FormatKind};
        FormatOptions {
            kind: FormatKind::Csv,
            puzzle_column: Some(Column::Name("puzzle".into())),
            shape,
            ..FormatOptions::default()
        }
    }

    /// The name messages give it: the path as given, or `<stdin>`.
    pub fn name(&self) -> String {
        match self {
            Source::Stdin => "<stdin>".to_string(),
            Source::Path(path) => path.display().to_string(),
            Source::Memory { name, .. } => name.clone(),
        }
    }
}

/// Where one of a run's outputs goes.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Sink {
    /// Nowhere: the records are judged and counted, and the summary says how they fared
    /// (Python's default).
    #[default]
    Discard,
    /// Standard output (the CLI's default, and `-`).
    Stdout,
    /// A path: a regular file is staged beside it and renamed over it when the run succeeds;
    /// anything else (a device, a pipe) is written in place.
    Path(PathBuf),
}

impl Sink {
    /// A command-line output: `-` is stdout.
    pub fn from_arg(path: impl Into<PathBuf>) -> Sink {
        let path = path.into();
        match path == Path::new("-") {
            true => Sink::Stdout,
            false => Sink::Path(path),
        }
    }

    /// Whether it is stdout and stdout is a terminal, where the progress bar is drawn too (see
    /// [`Settings::on_terminal`](super::pipeline::Settings::on_terminal)).
    pub fn is_terminal(&self) -> bool {
        use std::io::IsTerminal;
        *self == Sink::Stdout && std::io::stdout().is_terminal()
    }

    /// The path, if it is one.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Sink::Path(path) => Some(path),
            _ => None,
        }
    }
}

/// What a run does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Work {
    /// A task over every record of the inputs, one output record per input record (`augment`:
    /// one per copy; `dedup`: the records kept).
    Task(Task),
    /// `overlap`: which records of `test` are repeats of a record of the inputs (the training
    /// side), by the same givens or by class.
    Overlap {
        /// What counts as the same puzzle.
        by: Sameness,
        /// The test side.
        test: Vec<Source>,
    },
    /// `stats`: a report on the inputs (the training side) and on `test`, if any.
    Stats {
        /// What counts as a repeat: the same givens, or (`Class`) an equivalent puzzle too.
        by: Sameness,
        /// Whether to rate each puzzle.
        rating: bool,
        /// The test side (none: no sides, and no overlap).
        test: Vec<Source>,
    },
}

impl Work {
    /// The command's name, as the summary gives it.
    pub fn name(&self) -> &'static str {
        match self {
            Work::Task(task) => task.name(),
            Work::Overlap { .. } => "overlap",
            Work::Stats { .. } => "stats",
        }
    }
}

/// Everything a run needs to know. [`Options::new`] gives the defaults, which the front ends
/// change field by field; [`execute`](crate::execute) checks the whole before any work.
#[derive(Debug, Clone)]
pub struct Options {
    /// What to do.
    pub work: Work,
    /// The inputs, read one after another as one stream of records (empty: stdin).
    pub inputs: Vec<Source>,
    /// What the user said of the input format and columns.
    pub format: FormatOptions,
    /// Where the output records go.
    pub output: Sink,
    /// Their format: `Auto` is the output path's extension, else the input's own kind.
    pub output_format: OutputFormat,
    /// Where failed records go too, if anywhere: JSON Lines for `.jsonl`/`.ndjson`, else CSV.
    pub report: Sink,
    /// Where the run's summary goes, as JSON, if anywhere.
    pub summary_json: Sink,
    /// Worker threads (`None`: every core); at most [`threads::limit`](super::threads::limit).
    pub threads: Option<usize>,
    /// The solver each worker uses.
    pub solver: SolverKind,
    /// Piece size in bytes (`None`: chosen from the input size).
    pub chunk_bytes: Option<usize>,
    /// When to draw a progress bar on stderr.
    pub progress: ProgressMode,
    /// Write only the records that fail (all of them still count).
    pub failures_only: bool,
    /// Give each output record a `size` column: the puzzle's size (`9x9`, `16x16`, `9x9
    /// pencilmarks`), for inputs of mixed sizes. CSV, TSV, JSON Lines and Parquet outputs; line
    /// output has no columns.
    pub size_column: bool,
    /// Whether messages about failed records go to stderr (the CLI) or nowhere (Python,
    /// which has the report and the summary).
    pub messages: bool,
    /// The most such messages to show, then one line saying how many more there were.
    pub max_messages: Option<u64>,
    /// Memory-map regular files (the CLI, which catches the SIGBUS that a file shrinking
    /// under the map raises) or read them as streams (a library in someone else's process).
    pub mmap: bool,
    /// Asks the run to stop.
    pub cancel: Cancel,
}

impl Options {
    /// A run of `work` over stdin: output discarded, every core, the band solver, formats
    /// detected, no progress bar, messages on stderr, files memory-mapped.
    pub fn new(work: Work) -> Options {
        Options {
            work,
            inputs: Vec::new(),
            format: FormatOptions::default(),
            output: Sink::Discard,
            output_format: OutputFormat::Auto,
            report: Sink::Discard,
            summary_json: Sink::Discard,
            threads: None,
            solver: SolverKind::default(),
            chunk_bytes: None,
            progress: ProgressMode::Never,
            failures_only: false,
            size_column: false,
            messages: true,
            max_messages: None,
            mmap: true,
            cancel: Cancel::new(),
        }
    }
}
