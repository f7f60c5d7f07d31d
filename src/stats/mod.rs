//! A corpus at a glance, for `stats`: what each input holds and how its records fare. A
//! [`Census`] counts records as the workers judge them, a piece at a time; the writer thread
//! adds the pieces up in input order, with the repeats it finds ([`Repeats`]), into each
//! input's census and each side's (the training inputs, the `--test` ones). [`Report`](report::Report) is the
//! whole as one typed value: `-o report.json`, `--summary-json` and Python's dict are its serde
//! serialisation, so its keys are spelled once, here; [`html`] draws the same value as a page.

pub mod html;
mod plot;
pub mod report;

pub use plot::thousands;

use serde::Serialize;

use crate::io::format::{Parsed, Record};
use crate::rate::rating_text;
use crate::sized::{BoardError, Shape};
use crate::text::Ordered;
use crate::verdict::{
    count_label, technique_counts, Detail, Fault, Reason, RecordError, Tally, Verdict,
};

/// How many of the slowest and of the hardest puzzles a census keeps.
pub const LISTED: usize = 10;

/// How many malformed records a census keeps (the others are counted).
pub const MALFORMED_LISTED: usize = 20;

/// The guess buckets: 0, then 1, 2-3, 4-7, ... up to 2^31 and over.
const GUESS_BUCKETS: usize = 33;

/// What happened to the answers records carry (a CSV solution column), in report order.
const ANSWERS: [&str; 7] = [
    "none",
    "the solution",
    "one of several solutions",
    "answer invalid",
    "answer disagrees with givens",
    "answer is not the solution",
    "not checked: no solution",
];

/// Counts of what a run of records holds, added record by record and piece by piece.
#[derive(Debug, Clone)]
pub struct Census {
    /// What `validate` counts: records, valid ones, failures by reason, solution counts, and
    /// `rate`'s ratings and hardest techniques.
    pub tally: Tally,
    /// Records by number of givens.
    clues: Vec<u64>,
    /// Records by the shape of their grid (`None`: 9x9) and whether they are pencilmark
    /// puzzles.
    sizes: Vec<(Option<(Shape, bool)>, u64)>,
    /// Records by the solver's guesses, in powers of two: `guesses[0]` made none, `guesses[k]`
    /// made 2^(k-1) to 2^k - 1.
    guesses: [u64; GUESS_BUCKETS],
    /// Guesses over every puzzle searched, and the most for one.
    guess_total: u64,
    guess_most: u64,
    /// Puzzles searched (those that parsed; the guesses are theirs).
    searched: u64,
    /// Records whose rating stopped at a limit.
    unrated: u64,
    /// Records by what happened to their answer, as [`ANSWERS`].
    answers: [u64; 7],
    /// Malformed records by kind of fault.
    malformed: Vec<(&'static str, u64)>,
    /// Records that repeat an earlier one.
    pub repeats: Repeats,
    /// The puzzles with the most guesses, most first.
    slowest: Vec<Listed>,
    /// The puzzles rated hardest, hardest first.
    hardest: Vec<Listed>,
    /// The first malformed records, in input order.
    malformed_records: Vec<Malformed>,
}

/// Records that repeat an earlier record of the same input or side.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Repeats {
    /// The same givens.
    pub exact: u64,
    /// An equivalent puzzle (the same minlex form); `None` when classes were not compared.
    pub class: Option<u64>,
    /// Puzzles of other sizes than 9x9, and pencilmark puzzles, which have no minlex form
    /// here: their class is their givens, so a repeat of one is a class repeat too (only
    /// when classes are compared, and some were read).
    #[serde(skip_serializing_if = "is_zero")]
    pub class_by_givens: u64,
}

/// Whether a count is 0, for the keys written only when something was counted.
fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// A puzzle a census lists: where it is, its text, and what was found.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Listed {
    /// Its input's index among the run's inputs (named in the report).
    #[serde(skip)]
    pub file: usize,
    /// Its input's name.
    pub input: String,
    /// Its line.
    pub line: u64,
    /// The puzzle, one line.
    pub puzzle: String,
    /// Its solutions, counted to 2 (`2+`).
    pub solutions: String,
    /// The solver's guesses.
    pub guesses: u64,
    /// Its rating, if rated (`>= 6.5` where the rating stopped at a limit: the least it can
    /// be).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rating: Option<String>,
    /// Its hardest technique, if rated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub technique: Option<&'static str>,
    /// The rating in tenths, for ordering (`None` first: below every rating).
    #[serde(skip)]
    tenths: Option<u8>,
}

/// A malformed record a census lists.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Malformed {
    /// Its input's index among the run's inputs.
    #[serde(skip)]
    pub file: usize,
    /// Its input's name.
    pub input: String,
    /// Its line.
    pub line: u64,
    /// What is wrong with it.
    pub error: String,
    /// Its text (shortened past 200 bytes).
    pub text: String,
}

impl Default for Census {
    fn default() -> Census {
        Census {
            tally: Tally::default(),
            clues: Vec::new(),
            sizes: Vec::new(),
            guesses: [0; GUESS_BUCKETS],
            guess_total: 0,
            guess_most: 0,
            searched: 0,
            unrated: 0,
            answers: [0; 7],
            malformed: Vec::new(),
            repeats: Repeats::default(),
            slowest: Vec::new(),
            hardest: Vec::new(),
            malformed_records: Vec::new(),
        }
    }
}

impl Census {
    /// Counts one judged record of input `file`; `answer` is what became of the answer it
    /// carries.
    pub fn add(&mut self, file: usize, record: &Record<'_>, verdict: &Verdict, answer: Answer) {
        self.tally.add(verdict);
        self.answers[answer.index()] += 1;
        // Not a puzzle: a record that does not parse, or one of a size the solver does not
        // take (`--solver bitmask` on a 16x16 line).
        if let Some(Fault { reason: Reason::Malformed, detail: Detail::Record(e) }) = verdict.fault
        {
            self.add_malformed(file, record, &e);
            return;
        }
        let (clues, size) = match &record.parsed {
            Ok(Parsed::Nine(puzzle)) => (puzzle.grid.givens(), None),
            Ok(Parsed::Sized(puzzle)) => {
                let marks = puzzle.marks.is_some();
                let clues = if marks { 0 } else { puzzle.board.givens() };
                (clues, Some((puzzle.board.shape(), marks)))
            }
            // Counted above: a record that does not parse fails as malformed.
            Err(_) => return,
        };
        bump_named(&mut self.sizes, size);
        if !matches!(size, Some((_, true))) {
            bump(&mut self.clues, clues);
        }
        let Some(guesses) = verdict.guesses else { return };
        self.searched += 1;
        self.guess_total += guesses;
        self.guess_most = self.guess_most.max(guesses);
        self.guesses[guess_bucket(guesses)] += 1;
        if matches!(&verdict.rating, Some(r) if r.capped.is_some()) {
            self.unrated += 1;
        }
        let listed = || Listed {
            file,
            input: String::new(),
            line: record.line,
            puzzle: puzzle_text(record, verdict),
            solutions: count_label(u64::from(verdict.count.unwrap_or(0)), 2),
            guesses,
            rating: verdict.rating.as_ref().and_then(|r| match (r.rating, r.capped) {
                (Some(t), _) => Some(rating_text(t)),
                (None, Some(_)) => r.at_least.map(|t| format!(">= {}", rating_text(t))),
                (None, None) => None,
            }),
            technique: verdict.rating.as_ref().and_then(|r| r.technique_text()),
            tenths: verdict.rating.as_ref().and_then(rank_of),
        };
        if guesses > 0 && ranks(&self.slowest, |l| l.guesses >= guesses) {
            insert_top(&mut self.slowest, listed(), by_guesses);
        }
        if let Some(rank) = verdict.rating.as_ref().and_then(rank_of) {
            if ranks(&self.hardest, |l| l.tenths >= Some(rank)) {
                insert_top(&mut self.hardest, listed(), by_rating);
            }
        }
    }

    /// Counts a record that is not a puzzle, and lists it if it is among the first.
    fn add_malformed(&mut self, file: usize, record: &Record<'_>, error: &RecordError) {
        bump_named(&mut self.malformed, malformed_kind(error));
        if self.malformed_records.len() < MALFORMED_LISTED {
            let text = crate::io::output::report_text(record.text);
            self.malformed_records.push(Malformed {
                file,
                input: String::new(),
                line: record.line,
                error: error.to_string(),
                text: String::from_utf8_lossy(&text).into_owned(),
            });
        }
    }

    /// Adds `other`'s counts, which come after this census's records in input order.
    pub fn merge(&mut self, other: &Census) {
        self.tally += &other.tally;
        add_counts(&mut self.clues, &other.clues);
        for &(size, n) in &other.sizes {
            match self.sizes.iter_mut().find(|(s, _)| *s == size) {
                Some((_, mine)) => *mine += n,
                None => self.sizes.push((size, n)),
            }
        }
        for (mine, theirs) in self.guesses.iter_mut().zip(other.guesses) {
            *mine += theirs;
        }
        self.guess_total += other.guess_total;
        self.guess_most = self.guess_most.max(other.guess_most);
        self.searched += other.searched;
        self.unrated += other.unrated;
        for (mine, theirs) in self.answers.iter_mut().zip(other.answers) {
            *mine += theirs;
        }
        for &(kind, n) in &other.malformed {
            match self.malformed.iter_mut().find(|(k, _)| *k == kind) {
                Some((_, mine)) => *mine += n,
                None => self.malformed.push((kind, n)),
            }
        }
        self.repeats.exact += other.repeats.exact;
        self.repeats.class = match (self.repeats.class, other.repeats.class) {
            (None, None) => None,
            (a, b) => Some(a.unwrap_or(0) + b.unwrap_or(0)),
        };
        for listed in &other.slowest {
            insert_top(&mut self.slowest, listed.clone(), by_guesses);
        }
        for listed in &other.hardest {
            insert_top(&mut self.hardest, listed.clone(), by_rating);
        }
        let room = MALFORMED_LISTED.saturating_sub(self.malformed_records.len());
        self.malformed_records.extend(other.malformed_records.iter().take(room).cloned());
    }

    /// Back to zero, for the next piece.
    pub fn clear(&mut self) {
        *self = Census::default();
    }

    /// The figures, with the inputs' names filled in from `names` (by index).
    pub fn figures(&self, names: &[String]) -> Figures {
        let t = &self.tally;
        let name = |file: usize| names.get(file).cloned().unwrap_or_default();
        let named = |list: &[Listed]| {
            list.iter().map(|l| Listed { input: name(l.file), ..l.clone() }).collect()
        };
        let reasons = Reason::ALL.iter().map(|r| (r.name().to_string(), t.reasons[r.index()]));
        let solutions = (0..=2).map(|k| {
            let n: u64 = match k {
                2 => t.solutions.iter().skip(2).sum(),
                _ => t.solutions.get(k).copied().unwrap_or(0),
            };
            (count_label(k as u64, 2), n)
        });
        let top = self.guesses.iter().rposition(|&n| n > 0).map_or(0, |k| k + 1);
        let guesses = self.guesses[..top].iter().enumerate().map(|(k, &n)| (bucket_label(k), n));
        let rated = t.ratings.iter().enumerate().filter(|&(_, &n)| n > 0);
        let mut malformed = self.malformed.clone();
        malformed.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
        Figures {
            records: t.records,
            valid: t.ok,
            failed: t.failed,
            reasons: Ordered(reasons.collect()),
            malformed: Ordered(malformed.iter().map(|&(k, n)| (k.to_string(), n)).collect()),
            sizes: Ordered(self.sizes.iter().map(|&(size, n)| (size_label(size), n)).collect()),
            clues: Ordered(
                self.clues
                    .iter()
                    .enumerate()
                    .filter(|&(_, &n)| n > 0)
                    .map(|(k, &n)| (k.to_string(), n))
                    .collect(),
            ),
            solutions: Ordered(solutions.collect()),
            guesses: GuessFigures {
                puzzles: self.searched,
                total: self.guess_total,
                mean: match self.searched {
                    0 => 0.0,
                    n => self.guess_total as f64 / n as f64,
                },
                most: self.guess_most,
                by_bucket: Ordered(guesses.collect()),
            },
            ratings: (!t.ratings.is_empty() || !t.hardest.is_empty()).then(|| RatingFigures {
                ratings: Ordered(rated.map(|(r, &n)| (rating_text(r as u8), n)).collect()),
                unrated: self.unrated,
                techniques: Ordered(technique_counts(t)),
            }),
            answers: Ordered(
                ANSWERS.iter().zip(self.answers).map(|(a, n)| (a.to_string(), n)).collect(),
            ),
            repeats: self.repeats,
            slowest: named(&self.slowest),
            hardest: named(&self.hardest),
            malformed_records: self
                .malformed_records
                .iter()
                .map(|m| Malformed { input: name(m.file), ..m.clone() })
                .collect(),
        }
    }
}

/// The figures of one input or one side, as the report gives them.
#[derive(Debug, Clone, Serialize)]
pub struct Figures {
    /// Records read.
    pub records: u64,
    /// Records `validate` passes: they parse, have one solution, and carry it if anything.
    pub valid: u64,
    /// Records it fails.
    pub failed: u64,
    /// Failed records by reason, every reason listed.
    pub reasons: Ordered,
    /// Malformed records by kind of fault, most first.
    pub malformed: Ordered,
    /// Puzzles by size (`9x9`, `16x16`, `9x9 pencilmarks`).
    pub sizes: Ordered,
    /// Puzzles by number of givens, only the numbers that occur (pencilmark puzzles have none).
    pub clues: Ordered,
    /// Puzzles by solution count: `0`, `1`, `2+`.
    pub solutions: Ordered,
    /// The solver's guesses.
    pub guesses: GuessFigures,
    /// Ratings, when puzzles were rated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ratings: Option<RatingFigures>,
    /// Records by what became of their answer: none carried, the solution, one of several
    /// solutions, or wrong and why.
    pub answers: Ordered,
    /// Records repeating an earlier one.
    pub repeats: Repeats,
    /// The puzzles with the most guesses, most first.
    pub slowest: Vec<Listed>,
    /// The puzzles rated hardest, hardest first.
    pub hardest: Vec<Listed>,
    /// The first malformed records.
    pub malformed_records: Vec<Malformed>,
}

/// The solver's guesses over the puzzles it searched.
#[derive(Debug, Clone, Serialize)]
pub struct GuessFigures {
    /// Puzzles searched.
    pub puzzles: u64,
    /// Guesses in all.
    pub total: u64,
    /// Guesses a puzzle, on average.
    pub mean: f64,
    /// The most for one puzzle.
    pub most: u64,
    /// Puzzles by guesses, in powers of two (`0`, `1`, `2-3`, `4-7`, ...), up to the last
    /// that occurs.
    pub by_bucket: Ordered,
}

/// Ratings, as `rate` gives them.
#[derive(Debug, Clone, Serialize)]
pub struct RatingFigures {
    /// Puzzles by rating, only those that occur, easiest first.
    pub ratings: Ordered,
    /// Puzzles whose rating stopped at a limit (`--max-level`, `--max-work`, or stuck): their
    /// technique says where (`capped: ...`, `stuck`).
    pub unrated: u64,
    /// Puzzles by hardest technique, in ladder order.
    pub techniques: Ordered,
}

/// What became of the answer a record carries (a CSV solution column).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answer {
    /// It carries none.
    None,
    /// It is the puzzle's one solution.
    Solution,
    /// The puzzle has several solutions and the answer is one of them.
    OneOfSeveral,
    /// It is wrong: [`Reason::AnswerInvalid`], [`Reason::AnswerDisagrees`] or
    /// [`Reason::AnswerNotSolution`].
    Wrong(Reason),
    /// The puzzle has no solution to check it against.
    Unchecked,
}

impl Answer {
    /// Its place in [`ANSWERS`].
    fn index(self) -> usize {
        match self {
            Answer::None => 0,
            Answer::Solution => 1,
            Answer::OneOfSeveral => 2,
            Answer::Wrong(Reason::AnswerInvalid) => 3,
            Answer::Wrong(Reason::AnswerDisagrees) => 4,
            Answer::Wrong(_) => 5,
            Answer::Unchecked => 6,
        }
    }
}

/// The short name of a malformed record's kind of fault, for counting.
fn malformed_kind(error: &RecordError) -> &'static str {
    use crate::grid::ParseError;
    match error {
        RecordError::Line(ParseError::WrongLength { .. }) => "wrong length",
        RecordError::Line(ParseError::BadCharacter { .. }) => "unexpected character",
        RecordError::Line(ParseError::Null) => "null cell",
        RecordError::RowLength { .. } => "grid row length",
        RecordError::RowCharacter { .. } => "unexpected character",
        RecordError::RowCount { .. } => "grid row count",
        RecordError::RowsJoined { .. } => "grid rows joined",
        RecordError::LineCharacter { .. } => "unexpected character",
        RecordError::UncommonSize { .. } => "wrong length",
        RecordError::UnevenBlock { .. } => "grids run together",
        RecordError::RowValue { .. } => "value above the size",
        RecordError::Fields(_) => "unsplittable row",
        RecordError::FieldCount { .. } => "field count",
        RecordError::Json(_) => "not a JSON record",
        RecordError::Sized(BoardError::WrongLength { .. } | BoardError::NotShape { .. }) => {
            "wrong length"
        }
        RecordError::Sized(BoardError::BadCharacter { .. }) => "unexpected character",
        RecordError::Sized(BoardError::TooLarge { .. }) => "value above the size",
        RecordError::Sized(BoardError::BadMarks { .. }) => "bad pencilmarks",
        RecordError::NotNine { .. } => "not 9x9",
    }
}

/// A puzzle's size as the `size` column writes it.
fn size_label(size: Option<(Shape, bool)>) -> String {
    let (shape, marks) = size.unwrap_or((Shape::NINE, false));
    let mut out = Vec::new();
    crate::io::output::Value::Size(shape, marks).write_text(&mut out);
    String::from_utf8(out).expect("ASCII")
}

/// The puzzle of a record, one line: its givens as `.`-blanked text for 9x9, its line for
/// the others.
fn puzzle_text(record: &Record<'_>, verdict: &Verdict) -> String {
    let mut out = Vec::new();
    match (&record.parsed, verdict.puzzle) {
        (_, Some(grid)) => grid.write_line(&mut out),
        (Ok(Parsed::Nine(puzzle)), None) => puzzle.grid.write_line(&mut out),
        (Ok(Parsed::Sized(puzzle)), _) => match &puzzle.marks {
            Some(marks) => marks.write_line(&mut out),
            None => puzzle.board.write_line(&mut out),
        },
        (Err(_), None) => out.extend_from_slice(record.text),
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A rating's rank for the hardest list: its tenths; a puzzle whose rating stopped at a limit
/// (harder than the limit allows) ranks above every rating.
fn rank_of(rating: &crate::rate::Rating) -> Option<u8> {
    match (rating.rating, rating.capped) {
        (Some(t), _) => Some(t),
        (None, Some(_)) => Some(u8::MAX),
        _ => None,
    }
}

/// Whether a puzzle for which `at_least` holds of no listed one makes a full list.
fn ranks(list: &[Listed], at_least: impl Fn(&Listed) -> bool) -> bool {
    list.len() < LISTED || !list.iter().all(at_least)
}

/// Most guesses first; ties in input order.
fn by_guesses(a: &Listed, b: &Listed) -> std::cmp::Ordering {
    b.guesses.cmp(&a.guesses).then((a.file, a.line).cmp(&(b.file, b.line)))
}

/// Hardest first, then most guesses; ties in input order.
fn by_rating(a: &Listed, b: &Listed) -> std::cmp::Ordering {
    b.tenths.cmp(&a.tenths).then(by_guesses(a, b))
}

/// Puts `listed` in its place in `list`, kept in `order` and at most [`LISTED`] long.
fn insert_top(
    list: &mut Vec<Listed>,
    listed: Listed,
    order: fn(&Listed, &Listed) -> std::cmp::Ordering,
) {
    let at = list.partition_point(|l| order(l, &listed).is_lt());
    if at < LISTED {
        list.insert(at, listed);
        list.truncate(LISTED);
    }
}

/// The bucket of a guess count: 0 for none, else one more than its highest bit's place.
fn guess_bucket(guesses: u64) -> usize {
    ((u64::BITS - guesses.leading_zeros()) as usize).min(GUESS_BUCKETS - 1)
}

/// A guess bucket's label: `0`, `1`, `2-3`, `4-7`, ...; the last, `2147483648+`.
fn bucket_label(k: usize) -> String {
    match k {
        0 => "0".into(),
        1 => "1".into(),
        k if k == GUESS_BUCKETS - 1 => format!("{}+", 1u64 << (k - 1)),
        k => format!("{}-{}", 1u64 << (k - 1), (1u64 << k) - 1),
    }
}

/// Adds one at `index`, growing the counts to reach it.
fn bump(counts: &mut Vec<u64>, index: usize) {
    if counts.len() <= index {
        counts.resize(index + 1, 0);
    }
    counts[index] += 1;
}

/// Adds one to `key`'s count.
fn bump_named<K: PartialEq>(counts: &mut Vec<(K, u64)>, key: K) {
    match counts.iter_mut().find(|(k, _)| *k == key) {
        Some((_, n)) => *n += 1,
        None => counts.push((key, 1)),
    }
}

/// Adds `theirs` to `mine`, place by place.
fn add_counts(mine: &mut Vec<u64>, theirs: &[u64]) {
    if mine.len() < theirs.len() {
        mine.resize(theirs.len(), 0);
    }
    for (mine, theirs) in mine.iter_mut().zip(theirs) {
        *mine += theirs;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guesses_fall_in_powers_of_two() {
        let cases = [(0, 0, "0"), (1, 1, "1"), (2, 2, "2-3"), (3, 2, "2-3"), (4, 3, "4-7")];
        for (guesses, bucket, label) in cases {
            assert_eq!(guess_bucket(guesses), bucket, "{guesses}");
            assert_eq!(bucket_label(bucket), label);
        }
        assert_eq!(guess_bucket(u64::MAX), GUESS_BUCKETS - 1);
        assert_eq!(bucket_label(GUESS_BUCKETS - 1), "2147483648+");
    }

    #[test]
    fn lists_keep_the_top_in_order_and_ties_in_input_order() {
        let listed = |line: u64, guesses: u64| Listed {
            file: 0,
            input: String::new(),
            line,
            puzzle: String::new(),
            solutions: "1".into(),
            guesses,
            rating: None,
            technique: None,
            tenths: None,
        };
        let mut list = Vec::new();
        for line in 0..30u64 {
            insert_top(&mut list, listed(line, line % 7), by_guesses);
        }
        let kept: Vec<(u64, u64)> = list.iter().map(|l| (l.guesses, l.line)).collect();
        assert_eq!(kept.len(), LISTED);
        assert_eq!(kept[..5], [(6, 6), (6, 13), (6, 20), (6, 27), (5, 5)]);
        // Merging the halves of a run gives the list of the whole.
        let (mut first, mut second) = (Census::default(), Census::default());
        for line in 0..30u64 {
            let half = if line < 15 { &mut first } else { &mut second };
            insert_top(&mut half.slowest, listed(line, line % 7), by_guesses);
        }
        first.merge(&second);
        assert_eq!(first.slowest, list);
    }
}
