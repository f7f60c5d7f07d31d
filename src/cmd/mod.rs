//! The commands. Each [`Task`] (solve, count, validate, canon, dedup, augment) judges a record
//! its own way, a module each; they share one pipeline [`Job`], [`BulkJob`]: it walks a
//! piece's records, has the task judge each one, and hands the verdict to its [`Keep`], which
//! has the [`Encoder`] append bytes ([`Written`]; `dedup`'s keeps each record's key too, for
//! the set of records seen on the writer thread, `dedup::seen`). `overlap` runs `dedup`'s job
//! over two sides; `generate` and `bench` have runners of their own. `task` runs a task over
//! every input into one output; [`execute`] and [`one_input`] are the library's entry points.

mod augment;
pub(crate) mod bench;
mod canon;
pub(crate) mod classes;
mod count;
pub(crate) mod dedup;
pub(crate) mod generate;
pub(crate) mod overlap;
mod rate;
pub(crate) mod sized;
mod solve;
mod stats;
mod task;
mod validate;

use std::cell::RefCell;
use std::io::Write as _;
use std::time::Instant;

use crate::augment::Augmenter;
use crate::canon::{Form, Sameness};
use crate::grid::Grid;
use crate::io::format::chunk::Chunk;
use crate::io::format::{ColumnChoice, Parsed, Record, Records};
use crate::io::output::{Encoder, OutputFormat};
use crate::run::error::Error;
use crate::run::options::{Options, Work};
use crate::run::pipeline::{
    run_job, ChunkOutput, Emit, Extra, InOrder, Input, InputRun, Job, Output, RunError, Settings,
    Sinks,
};
use crate::run::plan::Plan;
use crate::run::summary::Summary;
use crate::solver::{Solver, SolverKind};
use crate::verdict::{Detail, Fault, Reason, RecordError, Task, Verdict};

/// Judges one puzzle (or the reason its record is not one) for `task` with `solver`;
/// `scratch` is the caller's grid for the solution, reused from one puzzle to the next.
pub(crate) fn judge(
    task: Task,
    solver: &mut dyn Solver,
    parsed: &Result<Parsed, RecordError>,
    scratch: &mut Grid,
) -> Verdict {
    judge_as(task, task.name(), solver, parsed, scratch, None)
}

/// The same, for the command named `command` in messages (`overlap` runs `dedup`'s task);
/// with `classes`, the minlex form (`dedup` and `stats` by class) only of the puzzles that
/// may repeat another record of the run (see [`classes`]).
pub(crate) fn judge_as(
    task: Task,
    command: &'static str,
    solver: &mut dyn Solver,
    parsed: &Result<Parsed, RecordError>,
    scratch: &mut Grid,
    classes: Option<&classes::Collisions>,
) -> Verdict {
    let puzzle = match parsed {
        Ok(Parsed::Nine(puzzle)) => puzzle,
        Ok(Parsed::Sized(puzzle)) => return sized::judge(task, command, solver, puzzle),
        Err(e) => {
            let fault = Fault { reason: Reason::Malformed, detail: Detail::Record(*e) };
            return Verdict::new(None).failed(fault);
        }
    };
    match task {
        Task::Solve => solve::judge(solver, puzzle, scratch),
        Task::Count { limit } => count::judge(solver, puzzle, limit, scratch),
        Task::Validate => validate::judge(solver, puzzle, scratch),
        Task::Canon { form, automorphisms } => canon::judge(puzzle, form, automorphisms),
        Task::Dedup { by: Sameness::Class } => match classes {
            // The only one of its class in the run: its key is never looked at.
            Some(classes) if !classes.may_repeat(&puzzle.grid) => Verdict::new(Some(puzzle.grid)),
            _ => canon::judge(puzzle, Form::Minlex, false),
        },
        Task::Dedup { by: Sameness::Exact } => Verdict::new(Some(puzzle.grid)),
        Task::Augment { .. } => augment::judge(puzzle),
        Task::Rate { limits } => rate::judge(solver, puzzle, false, limits, scratch),
        Task::Explain { limits } => rate::judge(solver, puzzle, true, limits, scratch),
        Task::Stats { by, rating } => {
            let minlex =
                by == Sameness::Class && classes.is_none_or(|c| c.may_repeat(&puzzle.grid));
            stats::judge(solver, puzzle, minlex, rating, scratch)
        }
    }
}
/// Why a puzzle with no solution has none: its givens conflict, or the search ran dry.
pub(crate) fn no_solution(grid: &Grid) -> Fault {
    match grid.conflict() {
        Some(c) => Fault { reason: Reason::ConflictingGivens, detail: Detail::Conflict(c) },
        None => Fault::bare(Reason::NoSolution),
    }
}

thread_local! {
    /// One solver per worker thread, built on first use and reused for every puzzle after.
    static SOLVER: RefCell<Option<(SolverKind, Box<dyn Solver + Send>)>> = const { RefCell::new(None) };
}

/// Runs `f` with this thread's solver of `kind`.
pub(crate) fn with_solver<R>(kind: SolverKind, f: impl FnOnce(&mut dyn Solver) -> R) -> R {
    SOLVER.with_borrow_mut(|slot| {
        if !matches!(slot, Some((k, _)) if *k == kind) {
            *slot = Some((kind, kind.build()));
        }
        let (_, solver) = slot.as_mut().expect("just filled");
        f(solver.as_mut())
    })
}

/// A task over every record of an input, as a pipeline job: it walks a piece's records, has
/// the task judge each, counts it, says why it failed (a message, a report row), and hands the
/// verdict to its [`Keep`], which encodes what the writer will get.
#[derive(Debug, Clone)]
pub(crate) struct BulkJob<K> {
    /// What to conclude.
    pub task: Task,
    /// The command, as messages name it (the task's name but for `overlap`).
    pub command: &'static str,
    /// With which solver.
    pub solver: SolverKind,
    /// The grids' shape, if the user said.
    pub shape: Option<crate::sized::Shape>,
    /// How to write it.
    pub encoder: Encoder,
    /// What it keeps of each record for the writer.
    pub keep: K,
    /// The input's name, for messages.
    pub input_name: String,
    /// Asks the run to stop.
    pub cancel: crate::run::cancel::Cancel,
}

/// What a [`BulkJob`] keeps of each record for the writer thread.
pub(crate) trait Keep: Sync + Sized {
    /// What it keeps of a piece beyond the encoded records.
    type Extra: Extra;

    /// The class invariants shared in the run, where only the records that have one need
    /// their minlex form (see [`classes`]).
    fn classes(&self) -> Option<&classes::Collisions> {
        None
    }

    /// After the headers that open the output, if any were written.
    fn header(&self, _out: &mut ChunkOutput<Self::Extra>) {}

    /// One judged record (its message and report rows, if it failed, already written).
    fn record(
        &self,
        job: &BulkJob<Self>,
        record: &Record<'_>,
        verdict: &Verdict,
        out: &mut ChunkOutput<Self::Extra>,
    );
}

/// Every record written as it comes (only the failures with `failures_only`; `augment`'s
/// copies in its place), for the writer to write as they are.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Written {
    /// Whether to write only the records that fail.
    pub failures_only: bool,
    /// The input's index among the run's inputs, from 0 (`augment` draws from it).
    pub file: u64,
}

impl Keep for Written {
    type Extra = ();

    fn record(
        &self,
        job: &BulkJob<Written>,
        record: &Record<'_>,
        verdict: &Verdict,
        out: &mut ChunkOutput,
    ) {
        let encoder = &job.encoder;
        if let (
            Task::Augment { copies, seed, include_original, .. },
            None,
            Ok(Parsed::Nine(puzzle)),
        ) = (job.task, &verdict.fault, &record.parsed)
        {
            if self.failures_only {
                return; // only failures are written
            }
            out.tally.copies += u64::from(copies) + u64::from(include_original);
            let augmenter = Augmenter::new(seed);
            for (k, t) in augmenter.copies(self.file, record.line, copies, include_original) {
                if out.written > 0 {
                    out.data.bytes.extend_from_slice(encoder.separator());
                }
                encoder.augmented(&mut out.data, record, puzzle, k, &t);
                out.written += 1;
            }
        } else if !self.failures_only || verdict.fault.is_some() {
            if out.written > 0 {
                out.data.bytes.extend_from_slice(encoder.separator());
            }
            encoder.record(&mut out.data, record, verdict);
            out.written += 1;
        }
    }
}

impl<K: Keep> Job for BulkJob<K> {
    type Extra = K::Extra;

    fn process(&self, chunk: &Chunk<'_>, out: &mut ChunkOutput<K::Extra>) {
        let encoder = &self.encoder;
        if chunk.index == 0 {
            encoder.begin(&mut out.data.bytes, &mut out.report);
            self.keep.header(out);
        }
        // `dedup`'s csv, jsonl and Parquet output write every kept record's minlex form.
        let classes = self.keep.classes().filter(|_| {
            !matches!(self.task, Task::Dedup { .. }) || encoder.output() == OutputFormat::Line
        });
        with_solver(self.solver, |solver| {
            let mut scratch = Grid::EMPTY;
            let mut records =
                Records::new(encoder.input(), &chunk.data, chunk.first_line).with_shape(self.shape);
            // Only validate, augment and stats use a CSV row's answer.
            if !matches!(self.task, Task::Validate | Task::Augment { .. } | Task::Stats { .. }) {
                records = records.without_answers();
            }
            loop {
                let record = records.next();
                if let Some(header) = records.take_header() {
                    encoder.csv_header(&mut out.data.bytes, header);
                    self.keep.header(out);
                }
                let Some(record) = record else {
                    out.tally.comments += records.comments();
                    return;
                };
                if self.cancel.requested().is_some() {
                    return; // the run is being stopped: its output will not be kept
                }
                let verdict = judge_as(
                    self.task,
                    self.command,
                    solver,
                    &record.parsed,
                    &mut scratch,
                    classes,
                );
                out.tally.add(&verdict);
                if let Some(fault) = &verdict.fault {
                    let (input, line) = (&self.input_name, record.line);
                    writeln!(out.messages, "{input}: line {line}: {fault}").expect("Vec");
                    encoder.report(&mut out.report, &record, fault);
                }
                self.keep.record(self, &record, &verdict, out);
            }
        })
    }

    fn separator(&self) -> &[u8] {
        self.encoder.separator()
    }
}

/// Runs `options` to the end: checks the whole run first (see [`run`](crate::run)), then
/// reads every input, judges every record and writes every output, and returns the summary.
pub fn execute(options: &Options) -> Result<Summary, Error> {
    let plan = Plan::new(options)?;
    let kept = plan.output_file.staged_path().map(|p| p.to_path_buf());
    let interrupted = |error: Error| match error {
        Error::Run(RunError::Interrupted(signal)) => Error::Interrupted { signal, kept },
        other => other,
    };
    let started = Instant::now();
    let summary = match &options.work {
        Work::Task(task) => task::run(options, *task, plan, started),
        Work::Overlap { by, .. } => overlap::run(options, *by, plan, started),
        Work::Stats { by, rating, .. } => {
            stats::run(options, Task::Stats { by: *by, rating: *rating }, plan, started)
        }
    };
    summary.map_err(interrupted)
}

/// Runs `task` over every record of `input`, writing one output record per input record, in
/// input order, to the sinks, and a message for each failed record (naming the input and the
/// line) to the messages sink. Returns the run's counts, and the CSV columns it read.
///
/// ```
/// use sudoku_bulk::pipeline::{Input, Settings, Sinks};
/// use sudoku_bulk::Task;
///
/// let puzzles = "# two puzzles\n\
///     .2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.\n\
///     ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n";
/// let input = Input::from_reader("puzzles.txt", std::io::Cursor::new(puzzles)).unwrap();
/// let (output, written) = Sinks::memory();
/// let run = sudoku_bulk::one_input(input, Task::Solve, output, &Settings::default());
/// let tally = run.unwrap().tally;
/// assert_eq!((tally.records, tally.ok), (2, 2));
/// let text = String::from_utf8(written.lock().unwrap().clone()).unwrap();
/// assert_eq!(
///     text.lines().next(),
///     Some("527389416819426735436751829375692184194538267268174593643217958951843672782965341")
/// );
/// ```
pub fn one_input(
    input: Input,
    task: Task,
    sinks: Sinks,
    settings: &Settings,
) -> Result<InputRun, RunError> {
    let keep = Written { failures_only: settings.failures_only, file: 0 };
    run_with(input, task, keep, sinks, settings, &mut InOrder, &|_| Ok(()))
}

/// Runs `task` over every record of `input`, keeping what `keep` keeps of each record and
/// writing it through `emit`. `check` sees the encoder once the input's format is known,
/// before any record is read, and may refuse it (an input whose output columns differ from
/// the first input's).
pub(crate) fn run_with<K: Keep>(
    input: Input,
    task: Task,
    keep: K,
    sinks: Sinks,
    settings: &Settings,
    emit: &mut dyn Emit<K::Extra>,
    check: &dyn Fn(&Encoder) -> Result<(), RunError>,
) -> Result<InputRun, RunError> {
    let input_name = input.name().to_string();
    let report = sinks.report.as_ref().map(|(_, format)| *format);
    let table = match &sinks.output {
        Output::Table(sink) => Some(sink.schema()),
        Output::Bytes(_) => None,
    };
    let build = |format, columns: Option<&ColumnChoice>| {
        let encoder = Encoder::new(task, format, columns, settings.output, report)
            .with_headers(settings.headers)
            .with_size_column(settings.size_column);
        let encoder = match settings.file_column {
            true => encoder.with_file_column(&input_name),
            false => encoder,
        };
        let encoder = match (encoder.output(), table) {
            (OutputFormat::Parquet, Some(schema)) => encoder.with_table(schema),
            (OutputFormat::Parquet, None) | (_, Some(_)) => {
                let error = "Parquet output goes to a table sink (`Output::Table`), and only it";
                return Err(RunError::Table(error.into()));
            }
            (_, None) => encoder,
        };
        let encoder = match task {
            Task::Dedup { .. } => encoder.with_file(&input_name),
            _ => encoder,
        };
        check(&encoder)?;
        Ok(BulkJob {
            task,
            command: settings.command.unwrap_or(task.name()),
            solver: settings.solver,
            shape: settings.format.shape,
            encoder,
            keep,
            input_name,
            cancel: settings.cancel.clone(),
        })
    };
    run_job(input, build, sinks, settings, emit)
}
