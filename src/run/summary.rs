//! What a run did, as one typed value: the CLI prints its lines and writes it with
//! `--summary-json`, Python returns it as a dict. Its JSON form is the serde serialisation
//! of these types, so the keys are spelled once, here.
//!
//! ```text
//! {"command":"count","input":"x.csv","columns":{...},"records":3,"ok":3,"failed":0,
//!  "reasons":{"malformed":0,...},"limit":2,"solutions":{"1":2,"2+":1},
//!  "seconds":0.01,"records_per_second":300.0,"threads":2}
//! ```
//!
//! Over several inputs, `inputs` lists their names, the counts are the totals, and `files`
//! holds each input's own. `overlap`'s summary has keys of its own ([`OverlapSummary`]).

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use crate::canon::Sameness;
use crate::io::format::ColumnChoice;
use crate::rate::rating_text;
use crate::stats::report::Report;
use crate::text::Plural;
use crate::verdict::{count_label, Reason, Tally, Task};

// Defined below the run, so that `stats`, whose report is a summary too, uses them without
// reaching up to it; named here, where the summary's fields use them, for the library's users.
pub use crate::io::format::csv::chosen::{Column, Columns};
pub use crate::text::Ordered;
pub use crate::verdict::technique_counts;

/// A run's summary.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
// One a run: its size does not matter, and unboxed variants are easier to match on.
#[allow(clippy::large_enum_variant)]
pub enum Summary {
    /// A task's run over records.
    Records(RecordsSummary),
    /// An `overlap` run.
    Overlap(OverlapSummary),
    /// A `stats` run: its whole report.
    Stats(Box<Report>),
}

impl Summary {
    /// The summary as one line of JSON, ending in a newline.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a summary serialises") + "\n"
    }

    /// What the CLI says on stderr once the run is over, a line each: the columns each CSV or
    /// table input was read with, then the counts.
    pub fn lines(&self) -> Vec<String> {
        match self {
            Summary::Records(s) => s.lines(),
            Summary::Overlap(s) => vec![s.line()],
            Summary::Stats(s) => s.lines(),
        }
    }

    /// The CLI's exit status for this outcome: 0 when every record passed (`overlap`: no
    /// overlap and nothing malformed), 1 when some record failed (`overlap`: some test record
    /// overlaps), 2 when `overlap` found none but could not read every record. `validate` of
    /// an input that an `end` line stopped with lines after it, unread, is not 0 either: 1, as
    /// it could not say they are valid.
    pub fn exit_code(&self) -> u8 {
        match self {
            Summary::Records(s) => {
                let unread = s.task == Task::Validate && s.tally.stopped.is_some();
                u8::from(s.tally.failed > 0 || unread)
            }
            Summary::Overlap(s) => match (s.overlapping, s.malformed) {
                (1.., _) => 1,
                (0, 1..) => 2,
                (0, 0) => 0,
            },
            // A report is made whatever the records hold.
            Summary::Stats(_) => 0,
        }
    }
}

/// A task's run over the records of one or more inputs.
#[derive(Debug, Clone, Serialize)]
pub struct RecordsSummary {
    /// The command: `solve`, `count`, ...
    pub command: &'static str,
    /// The input's name and columns, or the inputs' names.
    #[serde(flatten)]
    pub input: InputNames,
    /// The counts, over every input.
    #[serde(flatten)]
    pub counts: Counts,
    /// Each input's own, when there are several.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<FileSummary>,
    /// Wall time, in seconds.
    #[serde(serialize_with = "micros")]
    pub seconds: f64,
    /// Records over seconds.
    #[serde(serialize_with = "tenths")]
    pub records_per_second: f64,
    /// Worker threads.
    pub threads: usize,
    /// The task.
    #[serde(skip)]
    pub task: Task,
    /// The counts, as the run kept them.
    #[serde(skip)]
    pub tally: Tally,
    /// Each input's name and the CSV columns it was read with, for [`Summary::lines`].
    #[serde(skip)]
    pub read: Vec<(String, Option<ColumnChoice>)>,
    /// Each input that an `end` line stopped with text after it, and that line.
    #[serde(skip)]
    pub stops: Vec<(String, u64)>,
}

/// The input of a one-input run, or the inputs of a longer one.
#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum InputNames {
    /// One input.
    One(FileInput),
    /// Several.
    Many {
        /// Their names, in order.
        inputs: Vec<String>,
    },
}

/// One input: its name and, for rows of fields, the columns read.
#[derive(Debug, Clone, Serialize)]
pub struct FileInput {
    /// The name messages give it.
    pub input: String,
    /// The columns read, for rows of fields (CSV, Parquet, Arrow).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub columns: Option<Columns>,
}

/// One input's part of a run over several.
#[derive(Debug, Clone, Serialize)]
pub struct FileSummary {
    /// Its name and columns.
    #[serde(flatten)]
    pub input: FileInput,
    /// Its counts.
    #[serde(flatten)]
    pub counts: Counts,
}

/// Records by outcome, and what the task adds.
#[derive(Debug, Clone, Serialize)]
pub struct Counts {
    /// Records read.
    pub records: u64,
    /// Records that passed.
    pub ok: u64,
    /// Records that failed.
    pub failed: u64,
    /// Failed records by reason, every reason listed.
    pub reasons: Ordered,
    /// `dedup`'s.
    #[serde(flatten)]
    pub dedup: Option<DedupCounts>,
    /// `augment`'s.
    #[serde(flatten)]
    pub augment: Option<AugmentCounts>,
    /// `count`'s.
    #[serde(flatten)]
    pub count: Option<SolutionCounts>,
    /// `rate`'s and `explain`'s.
    #[serde(flatten)]
    pub rate: Option<RatingCounts>,
    /// Lines skipped as comments (`#` lines, in a CSV input only before its rows).
    pub comment_lines: u64,
    /// The line of an `end` line that stopped the input with text after it, which was not read
    /// (only in an input's own counts).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_line: Option<u64>,
}

/// What `dedup` kept and dropped.
#[derive(Debug, Clone, Serialize)]
pub struct DedupCounts {
    /// `exact` or `class`.
    pub by: &'static str,
    /// Records written.
    pub kept: u64,
    /// Repeats dropped.
    pub dropped: u64,
}

/// What `augment` wrote.
#[derive(Debug, Clone, Serialize)]
pub struct AugmentCounts {
    /// Copies a record.
    pub copies: u32,
    /// The seed they were drawn from.
    pub seed: u64,
    /// Whether each original came first.
    pub include_original: bool,
    /// Output records written for the records that passed.
    pub written: u64,
}

/// Records by solution count, for `count`.
#[derive(Debug, Clone, Serialize)]
pub struct SolutionCounts {
    /// The count's limit.
    pub limit: u32,
    /// Records by count, only the counts that occur (`2+` at the limit).
    pub solutions: Ordered,
}

/// Records by rating and by hardest technique, for `rate` and `explain`; in JSON also the
/// records that passed under the word the command's line gives them (`rated`, `explained`),
/// beside `ok`.
#[derive(Debug, Clone)]
pub struct RatingCounts {
    /// The command's word for a record that passed: `rated` or `explained`.
    pub word: &'static str,
    /// Records that passed, as `ok`.
    pub passed: u64,
    /// Records by rating (`1.2`), only the ratings that occur, easiest first; records whose
    /// rating stopped at a limit have none, and are under `techniques`' `capped: ...`.
    pub ratings: Ordered,
    /// Records by hardest technique, in SE's order, only those that occur.
    pub techniques: Ordered,
}

impl Serialize for RatingCounts {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(3))?;
        map.serialize_entry(self.word, &self.passed)?;
        map.serialize_entry("ratings", &self.ratings)?;
        map.serialize_entry("techniques", &self.techniques)?;
        map.end()
    }
}

impl RatingCounts {
    fn new(task: Task, t: &Tally) -> RatingCounts {
        let ratings = t.ratings.iter().enumerate().filter(|&(_, &n)| n > 0);
        RatingCounts {
            word: task.success(),
            passed: t.ok,
            ratings: Ordered(ratings.map(|(r, &n)| (rating_text(r as u8), n)).collect()),
            techniques: Ordered(technique_counts(t)),
        }
    }

    /// The line's part: `rating 1.2: 500, 1.5: 300, capped: 2`; `None` where no record was
    /// rated.
    fn text(&self) -> Option<String> {
        let mut parts: Vec<String> =
            self.ratings.0.iter().map(|(r, n)| format!("{r}: {n}")).collect();
        let capped: u64 =
            self.techniques.0.iter().filter(|(t, _)| is_capped(t)).map(|(_, n)| n).sum();
        if capped > 0 {
            parts.push(format!("capped: {capped}"));
        }
        (!parts.is_empty()).then(|| format!("rating {}", parts.join(", ")))
    }
}

/// Whether a technique column's text says the rating stopped (`capped: ...`, `stuck`).
fn is_capped(technique: &str) -> bool {
    technique.starts_with("capped") || technique == "stuck"
}

impl Counts {
    /// A task's counts from its tally.
    pub fn new(task: Task, t: &Tally) -> Counts {
        let reasons = Reason::ALL.iter().map(|r| (r.name().to_string(), t.reasons[r.index()]));
        Counts {
            records: t.records,
            ok: t.ok,
            failed: t.failed,
            reasons: Ordered(reasons.collect()),
            comment_lines: t.comments,
            end_line: t.stopped,
            dedup: match task {
                Task::Dedup { by } => Some(DedupCounts {
                    by: by.name(),
                    kept: t.records - t.dropped,
                    dropped: t.dropped,
                }),
                _ => None,
            },
            augment: match task {
                Task::Augment { copies, seed, include_original, .. } => {
                    Some(AugmentCounts { copies, seed, include_original, written: t.copies })
                }
                _ => None,
            },
            count: match task {
                // Only the counts that occur: with --limit 1000, not a thousand zeros.
                Task::Count { limit } => Some(SolutionCounts {
                    limit,
                    solutions: Ordered(
                        (0..=limit as usize)
                            .filter_map(|k| {
                                let n = t.solutions.get(k).copied().filter(|&n| n > 0)?;
                                Some((count_label(k as u64, limit), n))
                            })
                            .collect(),
                    ),
                }),
                _ => None,
            },
            rate: match task {
                Task::Rate { .. } | Task::Explain { .. } => Some(RatingCounts::new(task, t)),
                _ => None,
            },
        }
    }
}

impl RecordsSummary {
    /// The summary of a task's run over `runs` (each input's name, tally and columns).
    pub fn new(
        task: Task,
        runs: Vec<(String, Tally, Option<ColumnChoice>)>,
        seconds: f64,
        threads: usize,
    ) -> RecordsSummary {
        let mut tally = Tally::default();
        for (_, t, _) in &runs {
            tally += t;
        }
        let file = |(name, _, columns): &(String, Tally, Option<ColumnChoice>)| FileInput {
            input: name.clone(),
            columns: columns.as_ref().map(Columns::from),
        };
        let mut counts = Counts::new(task, &tally);
        let (input, files) = match runs.as_slice() {
            [one] => (InputNames::One(file(one)), Vec::new()),
            _ => (
                InputNames::Many { inputs: runs.iter().map(|(name, _, _)| name.clone()).collect() },
                runs.iter()
                    .map(|run| FileSummary { input: file(run), counts: Counts::new(task, &run.1) })
                    .collect(),
            ),
        };
        if files.len() > 1 {
            counts.end_line = None; // each input's is in its own counts
        }
        let stops = runs.iter().filter_map(|(name, t, _)| Some((name.clone(), t.stopped?)));
        RecordsSummary {
            command: task.name(),
            input,
            counts,
            files,
            stops: stops.collect(),
            seconds,
            records_per_second: tally.records as f64 / seconds.max(1e-9),
            threads,
            task,
            tally,
            read: runs.into_iter().map(|(name, _, columns)| (name, columns)).collect(),
        }
    }

    fn lines(&self) -> Vec<String> {
        let mut lines: Vec<String> = self
            .read
            .iter()
            .filter_map(|(name, columns)| Some(format!("{name}: {}", columns.as_ref()?)))
            .collect();
        lines.extend(self.stops.iter().map(|(name, line)| {
            format!(
                "{name}: line {line}: the input stops at this `end` line; the lines after it \
                 were not read"
            )
        }));
        lines.push(self.counts_line());
        lines
    }

    /// One line, such as `24997 records: 24994 valid, 3 invalid (malformed: 3), in 0.056 s
    /// (445430 records/s)`.
    pub fn counts_line(&self) -> String {
        let t = &self.tally;
        let records = Plural(t.records as usize, "record");
        let puzzles = Plural(t.records as usize, "puzzle");
        let mut line = match self.task {
            Task::Solve => format!("{puzzles}: {} solved, {} failed", t.ok, t.failed),
            Task::Count { limit } => {
                let counts: Vec<String> = count_buckets(&t.solutions, limit)
                    .into_iter()
                    .map(|(label, n)| {
                        let noun = if label == "1" { "solution" } else { "solutions" };
                        format!("{n} with {label} {noun}")
                    })
                    .collect();
                match counts.is_empty() {
                    true => puzzles.to_string(),
                    false => format!("{puzzles}: {}", counts.join(", ")),
                }
            }
            Task::Validate | Task::Stats { .. } => {
                format!("{records}: {} valid, {} invalid", t.ok, t.failed)
            }
            Task::Canon { form, .. } => {
                format!("{records}: {} put in {} form, {} failed", t.ok, form.name(), t.failed)
            }
            Task::Dedup { by } => format!(
                "{records}: {} kept, {} dropped (repeats by {}), {} failed",
                t.records - t.dropped,
                t.dropped,
                by.name(),
                t.failed
            ),
            Task::Augment { .. } => {
                format!(
                    "{records}: {} augmented into {} copies, {} failed",
                    t.ok, t.copies, t.failed
                )
            }
            Task::Rate { .. } | Task::Explain { .. } => {
                let counts = RatingCounts::new(self.task, t);
                let word = self.task.success();
                let line = format!("{puzzles}: {} {word}, {} failed", t.ok, t.failed);
                match counts.text() {
                    Some(text) => format!("{line}; {text}"),
                    None => line,
                }
            }
        };
        let reasons: Vec<String> = Reason::ALL
            .iter()
            .filter(|r| t.reasons[r.index()] > 0)
            .map(|r| format!("{}: {}", r.name(), t.reasons[r.index()]))
            .collect();
        if !reasons.is_empty() {
            line += &format!(" ({})", reasons.join(", "));
        }
        if t.comments > 0 {
            line += &format!(", {} skipped", Plural(t.comments as usize, "comment line"));
        }
        line + &format!(", in {:.3} s ({:.0} records/s)", self.seconds, self.records_per_second)
    }
}

/// Records by solution count in buckets, for the stderr line: 0, 1 and 2 exactly, then 3-9,
/// 10-99, 100-999, ... (each cut short below the limit, a one-count bucket written as that
/// count), and the limit's own `N+`; only the buckets that hold records. With the default
/// limit of 2 this is every count (`0`, `1`, `2+`); `--summary-json` keeps every count.
fn count_buckets(solutions: &[u64], limit: u32) -> Vec<(String, u64)> {
    let limit = u64::from(limit);
    // Records with a count from `low` up to, not including, `end`.
    let records = |low: u64, end: u64| -> u64 {
        let at = |k: u64| (k.min(solutions.len() as u64)) as usize;
        solutions[at(low)..at(end)].iter().sum()
    };
    let mut buckets = Vec::new();
    let mut low = 0;
    while low < limit {
        // 0, 1, 2 alone; then up to the next power of ten, less one.
        let decade = if low < 3 { low } else { 10u64.pow(low.ilog10() + 1) - 1 };
        let high = decade.min(limit - 1);
        let label = match low == high {
            true => low.to_string(),
            false => format!("{low}-{high}"),
        };
        buckets.push((label, records(low, high + 1)));
        low = high + 1;
    }
    buckets.push((format!("{limit}+"), records(limit, u64::MAX)));
    buckets.retain(|&(_, n)| n > 0);
    buckets
}

/// What `overlap` found.
#[derive(Debug, Clone, Serialize)]
pub struct OverlapSummary {
    /// `overlap`.
    pub command: &'static str,
    /// `exact` or `class`.
    pub by: &'static str,
    /// Records on the training side.
    pub train_records: u64,
    /// Distinct ones among them.
    pub train_distinct: u64,
    /// Records on the test side.
    pub test_records: u64,
    /// Test records that repeat a training record.
    pub overlapping: u64,
    /// The distinct classes (or puzzles) they fall in.
    pub overlapping_distinct: u64,
    /// Malformed records, on either side: they match nothing.
    pub malformed: u64,
    /// Wall time, in seconds.
    #[serde(serialize_with = "micros")]
    pub seconds: f64,
    /// Worker threads.
    pub threads: usize,
}

impl OverlapSummary {
    /// The blank summary of an overlap by `by`.
    pub fn new(by: Sameness, threads: usize) -> OverlapSummary {
        OverlapSummary {
            command: "overlap",
            by: by.name(),
            train_records: 0,
            train_distinct: 0,
            test_records: 0,
            overlapping: 0,
            overlapping_distinct: 0,
            malformed: 0,
            seconds: 0.0,
            threads,
        }
    }

    fn line(&self) -> String {
        let records = self.train_records + self.test_records;
        format!(
            "overlap by {}: {} train records ({} distinct), {} test records, {} overlapping ({} \
             distinct), {} malformed, in {:.3} s ({:.0} records/s)",
            self.by,
            self.train_records,
            self.train_distinct,
            self.test_records,
            self.overlapping,
            self.overlapping_distinct,
            self.malformed,
            self.seconds,
            records as f64 / self.seconds.max(1e-9),
        )
    }
}

/// Seconds to the microsecond, as the summary has always written them.
fn micros<S: Serializer>(seconds: &f64, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_f64((seconds * 1e6).round() / 1e6)
}

/// A rate to a tenth.
fn tenths<S: Serializer>(rate: &f64, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_f64((rate * 10.0).round() / 10.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_json_has_the_keys_in_their_order() {
        let tally = Tally { records: 3, ok: 3, solutions: vec![0, 2, 1], ..Tally::default() };
        let summary = Summary::Records(RecordsSummary::new(
            Task::Count { limit: 2 },
            vec![("x.txt".into(), tally, None)],
            0.5,
            2,
        ));
        assert_eq!(
            summary.to_json(),
            "{\"command\":\"count\",\"input\":\"x.txt\",\"records\":3,\"ok\":3,\"failed\":0,\
             \"reasons\":{\"malformed\":0,\"conflicting givens\":0,\"no solution\":0,\
             \"multiple solutions\":0,\"answer invalid\":0,\"answer disagrees with givens\":0,\
             \"answer is not the solution\":0},\"limit\":2,\"solutions\":{\"1\":2,\"2+\":1},\
             \"comment_lines\":0,\"seconds\":0.5,\"records_per_second\":6.0,\"threads\":2}\n"
        );
        assert_eq!(summary.exit_code(), 0);
        assert_eq!(
            summary.lines(),
            ["3 puzzles: 2 with 1 solution, 1 with 2+ solutions, in 0.500 s (6 records/s)"]
        );
    }

    #[test]
    fn count_lines_bucket_the_counts_past_2() {
        let line = |solutions: Vec<u64>, limit| {
            let records = solutions.iter().sum();
            let tally = Tally { records, ok: records, solutions, ..Tally::default() };
            let summary = RecordsSummary::new(
                Task::Count { limit },
                vec![("x.txt".into(), tally, None)],
                1.0,
                1,
            );
            let line = summary.counts_line();
            line[..line.find(", in 1.000 s").unwrap()].to_string()
        };
        // Every count from 0 to the limit once: 1001 puzzles.
        assert_eq!(
            line(vec![1; 1001], 1000),
            "1001 puzzles: 1 with 0 solutions, 1 with 1 solution, 1 with 2 solutions, 7 with 3-9 \
             solutions, 90 with 10-99 solutions, 900 with 100-999 solutions, 1 with 1000+ solutions"
        );
        // Buckets that hold no record are left out.
        let mut sparse = vec![0; 1001];
        (sparse[1], sparse[57], sparse[58], sparse[999]) = (4, 1, 2, 1);
        assert_eq!(
            line(sparse, 1000),
            "8 puzzles: 4 with 1 solution, 3 with 10-99 solutions, 1 with 100-999 solutions"
        );
        // The default limit: each count, as ever.
        assert_eq!(
            line(vec![1, 2, 3], 2),
            "6 puzzles: 1 with 0 solutions, 2 with 1 solution, 3 with 2+ solutions"
        );
        // A limit that is not a power of ten cuts its decade short; a one-count bucket is that
        // count.
        assert_eq!(
            line(vec![0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], 17),
            "15 puzzles: 7 with 3-9 solutions, 7 with 10-16 solutions, 1 with 17+ solutions"
        );
        assert_eq!(
            line(vec![0, 0, 0, 2, 1], 4),
            "3 puzzles: 2 with 3 solutions, 1 with 4+ solutions"
        );
        assert_eq!(line(vec![1, 2], 1), "3 puzzles: 1 with 0 solutions, 2 with 1+ solutions");
    }

    #[test]
    fn comments_and_an_end_line_are_said_and_fail_validate_only() {
        let tally = Tally { records: 1, ok: 1, comments: 2, stopped: Some(4), ..Tally::default() };
        let run = |task| {
            Summary::Records(RecordsSummary::new(
                task,
                vec![("x.txt".into(), tally.clone(), None)],
                1.0,
                1,
            ))
        };
        let validate = run(Task::Validate);
        assert_eq!(validate.exit_code(), 1, "the lines after `end` were not checked");
        assert_eq!(
            validate.lines(),
            [
                "x.txt: line 4: the input stops at this `end` line; the lines after it were not \
                 read",
                "1 record: 1 valid, 0 invalid, 2 comment lines skipped, in 1.000 s (1 records/s)"
            ]
        );
        assert!(validate.to_json().contains("\"comment_lines\":2,\"end_line\":4,"));
        assert_eq!(run(Task::Solve).exit_code(), 0, "solve's status is its records'");
    }
}
