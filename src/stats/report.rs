//! The whole of a `stats` run as one value: each input's figures, each side's (every input,
//! or the training and test sides), and how far the test side repeats the training side.

use serde::Serialize;

use super::{Census, Figures, Repeats};
use crate::canon::Sameness;
use crate::io::format::csv::chosen::Columns;
use crate::text::Plural;

/// What `stats` found, as the report, its JSON and Python's dict give it.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// `stats`.
    pub command: &'static str,
    /// What repeats were looked for: `exact` (the same givens) or `class` (and equivalent
    /// puzzles too).
    pub by: &'static str,
    /// Whether the puzzles were rated.
    pub rated: bool,
    /// Each input's figures, in order.
    pub inputs: Vec<InputFigures>,
    /// Each side's: `all` (every input), or `train` and `test` when test inputs were given.
    pub sides: Vec<SideFigures>,
    /// How the test side repeats the training side, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub overlap: Option<Overlap>,
    /// Wall time, in seconds.
    pub seconds: f64,
    /// Worker threads.
    pub threads: usize,
}

/// One input's figures.
#[derive(Debug, Clone, Serialize)]
pub struct InputFigures {
    /// The name messages give it.
    pub input: String,
    /// Its side: `all`, `train` or `test`.
    pub side: &'static str,
    /// The columns read, for rows of fields (CSV, Parquet, Arrow).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub columns: Option<Columns>,
    /// Lines skipped as comments.
    pub comment_lines: u64,
    /// What it holds.
    #[serde(flatten)]
    pub figures: Figures,
}

/// One side's figures: its inputs' together, with the repeats across them.
#[derive(Debug, Clone, Serialize)]
pub struct SideFigures {
    /// `all`, `train` or `test`.
    pub side: &'static str,
    /// Its inputs.
    pub inputs: Vec<String>,
    /// What they hold.
    #[serde(flatten)]
    pub figures: Figures,
}

/// Test records that repeat a training record, as `overlap` counts them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Overlap {
    /// Test records (malformed ones repeat nothing).
    pub test_records: u64,
    /// Test records with the same givens as a training record.
    pub exact: Overlapping,
    /// Test records equivalent to a training record; `None` when classes were not compared.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class: Option<Overlapping>,
}

/// How many test records repeat the training side one way, and how many distinct puzzles (or
/// classes) they fall in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Overlapping {
    /// Test records that repeat a training record.
    pub records: u64,
    /// The distinct puzzles (or classes) among them.
    pub distinct: u64,
}

/// One input's census, as the run left it.
#[derive(Debug, Clone)]
pub(crate) struct InputCensus {
    /// The name messages give it.
    pub name: String,
    /// Its side: 0 (every input, or training), 1 (test).
    pub side: usize,
    /// What it holds.
    pub census: Census,
    /// The columns read, for rows of fields.
    pub columns: Option<Columns>,
}

/// A side's name: `all` without test inputs, else `train` (0) or `test` (1).
pub(crate) fn side_name(side: usize, with_test: bool) -> &'static str {
    match (side, with_test) {
        (_, false) => "all",
        (0, true) => "train",
        _ => "test",
    }
}

impl Report {
    /// What repeats were looked for, in words for the page.
    pub(crate) fn repeats_text(&self) -> String {
        let by_givens: u64 = self.sides.iter().map(|s| s.figures.repeats.class_by_givens).sum();
        match (self.by, by_givens) {
            ("class", 0) => {
                "the same givens (exact) and equivalent puzzles (class: the same minlex form)"
                    .into()
            }
            ("class", n) => format!(
                "the same givens (exact) and equivalent puzzles (class: the same minlex form); \
                 the {} of other sizes or with pencilmarks have no minlex form here, and are \
                 compared by their givens in both",
                Plural(n as usize, "puzzle")
            ),
            _ => "the same givens only (exact)".into(),
        }
    }

    /// Whether the puzzles were rated, in words for the page, and why those of other sizes
    /// have no rating.
    pub(crate) fn rated_text(&self) -> String {
        if !self.rated {
            return "no (<code>--no-rating</code>)".into();
        }
        let yes =
            "yes: each puzzle's rating and hardest technique, as <code>rate</code> gives them";
        let others: u64 = self
            .sides
            .iter()
            .flat_map(|s| &s.figures.sizes.0)
            .filter(|(size, _)| size != "9x9")
            .map(|(_, n)| n)
            .sum();
        match others {
            0 => yes.into(),
            n => format!(
                "{yes}; not the {} of other sizes or with pencilmarks (<code>rate</code> takes \
                 9x9 puzzles only)",
                Plural(n as usize, "puzzle")
            ),
        }
    }

    /// The report of a run: each input's name, side and census; each side's census (its
    /// inputs' added up) and its repeats across them; the overlap, if there is a test side.
    pub(crate) fn new(
        by: Sameness,
        rated: bool,
        inputs: &[InputCensus],
        sides: &[Repeats],
        overlap: Option<Overlap>,
        threads: usize,
    ) -> Report {
        let with_test = overlap.is_some();
        let names: Vec<String> = inputs.iter().map(|i| i.name.clone()).collect();
        let side_figures = (0..sides.len()).map(|side| {
            let mut census = Census::default();
            let mut members = Vec::new();
            for input in inputs.iter().filter(|i| i.side == side) {
                census.merge(&input.census);
                members.push(input.name.clone());
            }
            census.repeats = sides[side];
            SideFigures {
                side: side_name(side, with_test),
                inputs: members,
                figures: census.figures(&names),
            }
        });
        Report {
            command: "stats",
            by: by.name(),
            rated,
            inputs: inputs
                .iter()
                .map(|input| InputFigures {
                    input: input.name.clone(),
                    side: side_name(input.side, with_test),
                    columns: input.columns.clone(),
                    comment_lines: input.census.tally.comments,
                    figures: input.census.figures(&names),
                })
                .collect(),
            sides: side_figures.collect(),
            overlap,
            seconds: 0.0,
            threads,
        }
    }

    /// The report as JSON, indented, ending in a newline.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a report serialises") + "\n"
    }

    /// What the CLI says on stderr once the run is over: a line a side, and the overlap.
    pub fn lines(&self) -> Vec<String> {
        let mut lines: Vec<String> = self
            .sides
            .iter()
            .map(|s| {
                let f = &s.figures;
                let class = match f.repeats.class {
                    Some(n) => format!(", {n} by class"),
                    None => String::new(),
                };
                format!(
                    "{} ({}): {} valid, {} failed; repeats: {} exact{class}; in {:.3} s",
                    Plural(f.records as usize, "record"),
                    match self.sides.len() {
                        1 => Plural(s.inputs.len(), "input").to_string(),
                        _ => format!("{}, {}", s.side, Plural(s.inputs.len(), "input")),
                    },
                    f.valid,
                    f.failed,
                    f.repeats.exact,
                    self.seconds,
                )
            })
            .collect();
        if let Some(o) = &self.overlap {
            let class = match o.class {
                Some(c) => format!(", {} equivalent ({} classes)", c.records, c.distinct),
                None => String::new(),
            };
            lines.push(format!(
                "overlap: of {} test records, {} repeat a training record exactly ({} puzzles){class}",
                o.test_records, o.exact.records, o.exact.distinct
            ));
        }
        lines
    }
}
