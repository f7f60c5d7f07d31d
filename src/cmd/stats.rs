//! `stats`: a corpus at a glance, in one pass. The workers judge each record as `validate`
//! does, find its minlex form and rating as asked, and count it in their piece's
//! [`Census`], with its keys; the writer thread ([`Tallier`]) adds the pieces up in input
//! order, finds repeats within each input and each side, and how the test side repeats the
//! training side, as `dedup` and `overlap` count them. Nothing is written per record: the run
//! ends with one [`Report`], as JSON or as an HTML page.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::hash::BuildHasherDefault;
use std::io::{self, Write};
use std::sync::Arc;
use std::time::Instant;

use super::classes::Collisions;
use super::dedup::seen::{Identity, Key};
use super::{run_with, BulkJob, Keep};
use crate::canon::{Canonicalizer, Form, Sameness};
use crate::grid::Grid;
use crate::io::format::csv::split_fields_by;
use crate::io::format::{Format, Parsed, Puzzle, Record, NULL_FIELD};
use crate::io::output::{OutputFormat, OutputName};
use crate::rate::Rater;
use crate::run::error::Error;
use crate::run::options::{Options, Sink};
use crate::run::pipeline::{ChunkOutput, Emit, Extra, Out, Output, RunError, Sinks};
use crate::run::plan::{self, Plan};
use crate::run::summary::{Columns, Summary};
use crate::solver::Solver;
use crate::stats::report::{InputCensus, Overlap, Overlapping, Report};
use crate::stats::{html, Answer, Census, Repeats};
use crate::verdict::{Reason, Task, Verdict};

thread_local! {
    /// One canonicaliser and one rater per worker thread, reused for every puzzle.
    static TOOLS: RefCell<(Canonicalizer, Rater)> =
        RefCell::new((Canonicalizer::new(), Rater::new()));
}

/// Judges a 9x9 puzzle as `validate` does, keeping its first solution (to check the answer of
/// a puzzle with several), and finds its minlex form and rating as asked.
pub(super) fn judge(
    solver: &mut dyn Solver,
    puzzle: &Puzzle,
    minlex: bool,
    rating: bool,
    scratch: &mut Grid,
) -> Verdict {
    let mut verdict = super::validate::judge(solver, puzzle, scratch);
    let count = verdict.count.unwrap_or(0);
    if count > 0 {
        verdict.solution = Some(*scratch);
    }
    TOOLS.with_borrow_mut(|(canon, rater)| {
        if minlex {
            verdict.canonical = Some(canon.canonicalize(&puzzle.grid, Form::Minlex).grid);
        }
        if rating && count > 0 {
            verdict.rating = Some(rater.rate(&puzzle.grid, count == 1));
        }
    });
    verdict
}

/// What became of the answer a record carries, given its verdict and its input's format: an
/// empty or null answer field is none; the answer of a malformed row, or of a puzzle with no
/// solution, is not checked.
fn answer(record: &Record<'_>, format: Format, verdict: &Verdict) -> Answer {
    let wrong = |reason: Reason| {
        matches!(
            reason,
            Reason::AnswerInvalid | Reason::AnswerDisagrees | Reason::AnswerNotSolution
        )
    };
    let carries = match &record.parsed {
        Ok(Parsed::Nine(puzzle)) => {
            puzzle.answer.as_ref().is_some_and(|a| !matches!(a, Err(e) if e.is_missing()))
        }
        Ok(Parsed::Sized(puzzle)) => {
            puzzle.answer.as_ref().is_some_and(|a| !matches!(a, Err(e) if e.is_missing()))
        }
        Err(_) => malformed_answer(record.text, format),
    };
    if !carries {
        return Answer::None;
    }
    match (verdict.count, verdict.fault) {
        (None | Some(0), _) => Answer::Unchecked,
        (_, Some(fault)) if wrong(fault.reason) => Answer::Wrong(fault.reason),
        (Some(1), _) => Answer::Solution,
        // Several solutions: `validate` stopped there; is the answer one of them?
        (Some(_), _) => match (&record.parsed, verdict.solution) {
            (Ok(Parsed::Nine(Puzzle { answer: Some(answer), grid, .. })), Some(solution)) => {
                let fault = super::validate::answer_fault(*answer, grid, &solution);
                match fault.reason {
                    // A complete grid keeping the givens, other than the first solution.
                    Reason::AnswerNotSolution => Answer::OneOfSeveral,
                    reason => Answer::Wrong(reason),
                }
            }
            _ => Answer::Unchecked,
        },
    }
}

/// Whether a malformed record carries an answer: a CSV row of an input with an answer column
/// whose answer field is not empty (or that cannot be split, so may).
fn malformed_answer(text: &[u8], format: Format) -> bool {
    let Format::Csv(csv) = format else { return false };
    let Some(column) = csv.answer else { return false };
    let mut field: Option<&[u8]> = None;
    let split = split_fields_by(text, csv.delimiter, |i, f| {
        if i == column {
            field = Some(f.trim_ascii());
        }
    });
    match split {
        Err(_) => true,
        Ok(_) => field.is_some_and(|f| !(f.is_empty() || csv.nulls && f == NULL_FIELD)),
    }
}

/// A record's keys: its givens', and its minlex form's when classes are compared.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Keys {
    exact: Option<Key>,
    class: Option<Key>,
    /// Whether the class key is the givens' (a puzzle with no minlex form here).
    by_givens: bool,
}

/// What a piece keeps for the writer: its census and its records' keys, in order.
#[derive(Debug, Default)]
pub(crate) struct Piece {
    census: Census,
    keys: Vec<Keys>,
}

impl Extra for Piece {
    fn clear(&mut self) {
        self.census.clear();
        self.keys.clear();
    }
}

/// Counts each record in its piece's census, and keeps its keys.
#[derive(Debug, Clone)]
pub(crate) struct Counted {
    /// The input's index among the run's inputs.
    file: usize,
    /// The class invariants shared in the run, if the first pass found them: a puzzle with
    /// another has no minlex form and no class key (it repeats nothing).
    classes: Option<Arc<Collisions>>,
}

impl Keep for Counted {
    type Extra = Piece;

    fn classes(&self) -> Option<&Collisions> {
        self.classes.as_deref()
    }

    fn record(
        &self,
        job: &BulkJob<Counted>,
        record: &Record<'_>,
        verdict: &Verdict,
        out: &mut ChunkOutput<Piece>,
    ) {
        let answer = answer(record, job.encoder.input(), verdict);
        out.extra.census.add(self.file, record, verdict, answer);
        let exact = match &record.parsed {
            Ok(Parsed::Nine(puzzle)) => Some(Key::of(&puzzle.grid)),
            Ok(Parsed::Sized(puzzle)) => Some(Key::of_cells(puzzle.board.cells())),
            Err(_) => None,
        };
        // A puzzle of another size has no minlex form here: its class is its givens, so that
        // a repeat is a class repeat too.
        let by_givens = matches!(
            (&record.parsed, job.task),
            (Ok(Parsed::Sized(_)), Task::Stats { by: Sameness::Class, .. })
        );
        let class = match by_givens {
            true => exact,
            false => verdict.canonical.as_ref().map(Key::of),
        };
        out.extra.keys.push(Keys { exact, class, by_givens });
    }
}

/// A set of keys, each with the last input it was seen in.
#[derive(Debug, Default)]
struct Seen(HashMap<Key, u32, BuildHasherDefault<Identity>>);

impl Seen {
    /// Notes `key` in input `file`: whether it was seen before, and before in this input.
    fn see(&mut self, key: Key, file: u32) -> (bool, bool) {
        match self.0.insert(key, file) {
            None => (false, false),
            Some(last) => (true, last == file),
        }
    }
}

/// The writer thread's side: every piece's census added to its input's, repeats found, and
/// the test side looked up in the training side.
#[derive(Debug, Default)]
struct Tallier {
    /// The input being read, its index and side (0: every input, or training; 1: test).
    file: u32,
    side: usize,
    /// Its census so far.
    census: Census,
    /// Keys seen on each side, with or without classes.
    exact: [Seen; 2],
    class: [Seen; 2],
    /// Each side's repeats across its inputs.
    repeats: [Repeats; 2],
    /// The overlap so far, and the training keys the test side matched.
    overlap: Overlap,
    matched_exact: HashSet<Key, BuildHasherDefault<Identity>>,
    matched_class: HashSet<Key, BuildHasherDefault<Identity>>,
}

impl Tallier {
    /// One record's keys, in input order.
    fn keys(&mut self, keys: Keys) {
        let (side, file) = (self.side, self.file);
        if let Some(key) = keys.exact {
            let (in_side, in_file) = self.exact[side].see(key, file);
            self.repeats[side].exact += u64::from(in_side);
            self.census.repeats.exact += u64::from(in_file);
            if side == 1 && self.exact[0].0.contains_key(&key) {
                self.overlap.exact.records += 1;
                self.matched_exact.insert(key);
            }
        }
        if keys.by_givens {
            self.repeats[side].class_by_givens += 1;
            self.census.repeats.class_by_givens += 1;
        }
        if let Some(key) = keys.class {
            let (in_side, in_file) = self.class[side].see(key, file);
            *self.repeats[side].class.get_or_insert(0) += u64::from(in_side);
            *self.census.repeats.class.get_or_insert(0) += u64::from(in_file);
            if side == 1 && self.class[0].0.contains_key(&key) {
                self.overlap.class.get_or_insert_default().records += 1;
                self.matched_class.insert(key);
            }
        }
    }
}

impl Emit<Piece> for Tallier {
    fn emit(
        &mut self,
        piece: &ChunkOutput<Piece>,
        _separator: &[u8],
        _written: u64,
        _out: &mut Out,
        report: Option<&mut dyn Write>,
    ) -> io::Result<(u64, u64)> {
        if let Some(report) = report {
            report.write_all(&piece.report)?;
        }
        for &keys in &piece.extra.keys {
            self.keys(keys);
        }
        self.census.merge(&piece.extra.census);
        Ok((0, 0))
    }
}

/// What the report is written as: HTML for a path ending `.html` or `.htm` (compressed or
/// not), JSON for any other path and for stdout.
fn writes_html(sink: &Sink) -> bool {
    let name = sink.path().map(OutputName::of);
    matches!(name.and_then(|n| n.extension).as_deref(), Some("html" | "htm"))
}

/// Runs `stats` as `plan` says.
pub(crate) fn run(
    options: &Options,
    task: Task,
    plan: Plan,
    started: Instant,
) -> Result<Summary, Error> {
    let Task::Stats { by, rating } = task else { unreachable!("stats runs Task::Stats") };
    let Plan { inputs, test, mut output, output_file, report, summary_json, threads, .. } = plan;
    let mut settings = plan::settings(options, threads, OutputFormat::Line);
    settings.failures_only = false;
    let mut tallier = Tallier::default();
    let classes = by == Sameness::Class;
    if classes {
        tallier.repeats = [Repeats { class: Some(0), ..Repeats::default() }; 2];
        tallier.overlap.class = Some(Overlapping::default());
    }
    // By class: the minlex forms of the records that may repeat another, only (see
    // `cmd::classes`).
    let collisions = match classes {
        true => super::classes::prescan(
            &inputs.iter().chain(&test).collect::<Vec<_>>(),
            options,
            &settings,
        ),
        false => None,
    };
    let mut censuses = Vec::new();
    for (side, sources) in [(0, &inputs), (1, &test)] {
        for source in sources {
            let input = plan::open(source, options.mmap)?;
            let name = input.name().to_string();
            tallier.side = side;
            tallier.file = censuses.len() as u32;
            tallier.census.repeats.class = classes.then_some(0);
            let sinks = Sinks {
                output: Output::Bytes(Box::new(io::sink())),
                report: report.as_ref().map(|r| (Box::new(r.writer.clone()) as _, r.format)),
                messages: (!options.messages).then(|| Box::new(io::sink()) as _),
            };
            let keep = Counted { file: censuses.len(), classes: collisions.clone() };
            let run = run_with(input, task, keep, sinks, &settings, &mut tallier, &|_| Ok(()))?;
            settings.headers = false; // the report's header, once

            let mut census = std::mem::take(&mut tallier.census);
            census.tally.comments = run.tally.comments;
            census.tally.stopped = run.tally.stopped;
            if side == 1 {
                tallier.overlap.test_records += census.tally.records;
            }
            let columns = run.columns.as_ref().map(Columns::from);
            censuses.push(InputCensus { name, side, census, columns });
        }
    }
    let overlap = (!test.is_empty()).then(|| {
        let mut overlap = tallier.overlap;
        overlap.exact.distinct = tallier.matched_exact.len() as u64;
        if let Some(class) = &mut overlap.class {
            class.distinct = tallier.matched_class.len() as u64;
        }
        overlap
    });
    let sides = &tallier.repeats[..if test.is_empty() { 1 } else { 2 }];
    let mut report_value = Report::new(by, rating, &censuses, sides, overlap, threads);
    report_value.seconds = started.elapsed().as_secs_f64();
    let text = match writes_html(&options.output) {
        true => html::page(&report_value),
        false => report_value.to_json(),
    };
    output.write_all(text.as_bytes()).and_then(|()| output.flush()).map_err(RunError::Write)?;
    drop(output);
    output_file.finish()?;
    if let Some(report) = report {
        drop(report.writer);
        report.file.finish()?;
    }
    let summary = Summary::Stats(Box::new(report_value));
    plan::write_summary(summary_json, &summary)?;
    Ok(summary)
}
