//! `generate`: proper, minimal puzzles, the same for a seed whatever the threads; with their
//! solutions if asked, and filtered by clue count, by how many guesses they take, and by
//! `rate`'s rating and hardest technique.
//!
//! Puzzle `i` comes from a generator seeded with `puzzle_seed(seed, i)`: it draws puzzles until
//! one passes the filters (without filters, the first), so the output does not depend on the
//! thread count. Filters that minimal puzzles rarely meet are given up after `max_draws` draws
//! (`MAX_DRAWS` unless asked) for one puzzle, with an error that says so and a hint that fits
//! the filter, rather than run for ever; the puzzles made before it are kept and written.
//! Filters no puzzle can pass (a technique whose ratings lie outside the rating range, a
//! range holding no rating any technique gives) are refused before any draw.

use std::io::{self, Write};
use std::path::Path;
use std::str::FromStr;

use anyhow::{bail, Context, Result};
use rayon::prelude::*;

use crate::generate::Generator;
use crate::grid::Grid;
use crate::io::output::{json_string, OutputColumn, OutputFormat, Value};
use crate::io::progress::{Progress, ProgressMode};
use crate::random::puzzle_seed;
use crate::rate::{rating_text, Level, Limits, Rater, Technique};
use crate::run::options::Sink;
use crate::run::{dest, threads, Cancel};
use crate::sized::{Board, Shape, SizedGenerator};
use crate::solver::{Solver, SolverKind};

/// Puzzles generated a block at a time, which keeps memory bounded while the pool works.
const BLOCK: u64 = 4096;

/// Draws for one puzzle before the filters are declared out of reach.
pub const MAX_DRAWS: u32 = 10_000;

/// A range of clue counts, `LOW..HIGH` (both included) or one count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClueRange {
    /// The fewest clues.
    pub low: usize,
    /// The most clues.
    pub high: usize,
}

impl FromStr for ClueRange {
    type Err = String;

    fn from_str(text: &str) -> Result<ClueRange, String> {
        let number = |s: &str| {
            s.trim().parse::<usize>().map_err(|_| format!("{s:?} is not a number of clues"))
        };
        let (low, high) = match text.split_once("..") {
            Some((low, high)) => (number(low)?, number(high.strip_prefix('=').unwrap_or(high))?),
            None => (number(text)?, number(text)?),
        };
        if low > high {
            return Err(format!("{low}..{high} is empty: the low end comes first"));
        }
        // No proper puzzle has fewer than 17 clues (McGuire, Tugemann and Civario, 2012), and
        // no minimal one more than 40.
        if low < 17 || high > 40 {
            return Err("minimal proper puzzles have 17 to 40 clues".into());
        }
        Ok(ClueRange { low, high })
    }
}

/// A range of ratings on Sudoku Explainer's scale, `LOW..HIGH` (both included) or one value,
/// in tenths.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RatingRange {
    /// The lowest rating, in tenths.
    pub low: u8,
    /// The highest.
    pub high: u8,
}

impl FromStr for RatingRange {
    type Err = String;

    fn from_str(text: &str) -> Result<RatingRange, String> {
        let tenths = |s: &str| match s.trim().parse::<f64>() {
            Ok(v) if (1.0..=25.0).contains(&v) && (v * 10.0 - (v * 10.0).round()).abs() < 1e-6 => {
                Ok((v * 10.0).round() as u8)
            }
            _ => Err(format!("{s:?} is not a rating: 1.0 to 25.0, in tenths (2.3)")),
        };
        let (low, high) = match text.split_once("..") {
            Some((low, high)) => (tenths(low)?, tenths(high.strip_prefix('=').unwrap_or(high))?),
            None => (tenths(text)?, tenths(text)?),
        };
        if low > high {
            return Err(format!("{text} is empty: the low end comes first"));
        }
        Ok(RatingRange { low, high })
    }
}

/// Which puzzles a seeded run makes: a seed, a shape and, for 9x9, filters. Puzzle `i` of
/// it is the same whoever asks for it (the CLI's `generate` writes it, Python's `generate`
/// keeps it in a table) and whatever the threads: the first its own generator, seeded with
/// `puzzle_seed(seed, i)`, draws that passes the filters.
///
/// ```
/// use sudoku_bulk::generation::{Made, Puzzles};
/// use sudoku_bulk::sized::Shape;
///
/// let four = Shape::of_size(4).unwrap();
/// let made = Puzzles::new(7, Some(four)).make(0).unwrap();
/// let Made::Sized { puzzle, solution } = &made else { panic!("a 4x4 puzzle") };
/// assert_eq!((puzzle.shape(), solution.shape()), (four, four));
/// // The same seed and index, the same puzzle.
/// assert_eq!(Puzzles::new(7, Some(four)).make(0).unwrap(), made);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzles {
    /// The seed they come from.
    pub seed: u64,
    /// The grids' shape, if asked for; 9x9 is the classic generator's, other sizes take no
    /// filters.
    pub shape: Option<Shape>,
    /// Clue counts to keep, if limited.
    pub clues: Option<ClueRange>,
    /// The fewest guesses the band solver may need (as `solve` counts them), if limited.
    pub min_guesses: Option<u64>,
    /// Ratings to keep (`rate`'s), if limited.
    pub rating: Option<RatingRange>,
    /// The hardest technique to keep (`rate`'s `technique`), if limited.
    pub technique: Option<Technique>,
    /// Draws for one puzzle before giving up ([`MAX_DRAWS`]).
    pub max_draws: u32,
}

/// Why puzzles could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// Filters were asked of grids other than 9x9.
    #[error(
        "{shape} grids: --clues, --min-guesses, --rating and --technique filter 9x9 puzzles only"
    )]
    SizedFilters {
        /// The grids' shape.
        shape: Shape,
    },
    /// The filters ask for what no puzzle has: a technique whose steps rate outside the
    /// rating range, or a range no step's rating falls in.
    #[error("{filters}: {why}")]
    Impossible {
        /// The filters, as the CLI's options spell them.
        filters: String,
        /// Why no puzzle passes them.
        why: String,
    },
    /// No draw for one puzzle passed the filters.
    #[error("puzzle {}: none of {draws} drawn passed {filters}; {hint}", index + 1)]
    Unmet {
        /// The puzzle's index, from 0.
        index: u64,
        /// The draws made.
        draws: u32,
        /// The filters, as the CLI's options spell them.
        filters: String,
        /// What generated puzzles mostly are, as it bears on these filters, and what to do.
        hint: String,
    },
    /// The run's cancel token was set.
    #[error("interrupted by signal {signal}")]
    Interrupted {
        /// The signal that asked it to stop.
        signal: i32,
    },
}

/// One puzzle a run made, and its solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Made {
    /// A 9x9 puzzle.
    Nine {
        /// The puzzle.
        puzzle: Grid,
        /// Its one solution.
        solution: Grid,
    },
    /// A puzzle of another size.
    Sized {
        /// The puzzle.
        puzzle: Board,
        /// Its one solution.
        solution: Board,
    },
}

impl Made {
    /// Its value in one of [`Puzzles::columns`]: the puzzle or its solution in the line form
    /// (`.` for a blank).
    pub fn value(&self, column: OutputColumn) -> Value<'_> {
        match (self, column) {
            (Made::Nine { puzzle, .. }, OutputColumn::Puzzle) => Value::Grid(puzzle),
            (Made::Nine { solution, .. }, OutputColumn::Solution) => Value::Grid(solution),
            (Made::Sized { puzzle, .. }, OutputColumn::Puzzle) => Value::Board(puzzle),
            (Made::Sized { solution, .. }, OutputColumn::Solution) => Value::Board(solution),
            _ => Value::Null,
        }
    }
}

impl Puzzles {
    /// The puzzles of `seed`, of `shape` (`None`: 9x9), unfiltered.
    pub fn new(seed: u64, shape: Option<Shape>) -> Puzzles {
        Puzzles {
            seed,
            shape,
            clues: None,
            min_guesses: None,
            rating: None,
            technique: None,
            max_draws: MAX_DRAWS,
        }
    }

    /// The columns of what a run writes: `puzzle`, and `solution` with `solutions` (the CLI's
    /// CSV header and JSON Lines keys, Python's table).
    pub fn columns(solutions: bool) -> Vec<OutputColumn> {
        match solutions {
            true => vec![OutputColumn::Puzzle, OutputColumn::Solution],
            false => vec![OutputColumn::Puzzle],
        }
    }

    /// Refuses what cannot be made: filters on grids other than 9x9, and rating filters no
    /// puzzle can pass (a technique rated outside the range, a range no technique's ratings
    /// reach: SE rates most techniques at one value).
    pub fn check(&self) -> Result<(), GenerateError> {
        let filtered = self.clues.is_some()
            || self.min_guesses.is_some()
            || self.rating.is_some()
            || self.technique.is_some();
        if let (Some(shape), true) = (self.sized(), filtered) {
            return Err(GenerateError::SizedFilters { shape });
        }
        let impossible = |why: String| GenerateError::Impossible { filters: self.filters(), why };
        let meets = |t: Technique, range: RatingRange| t.ratings().meet(range.low, range.high);
        match (self.rating, self.technique) {
            (Some(range), Some(t)) if !meets(t, range) => {
                Err(impossible(format!("a step of {t} {}, outside the range", t.ratings())))
            }
            (Some(range), None) if !Technique::all().any(|t| meets(t, range)) => Err(impossible(
                "no technique's step rates in that range (SE's ratings below 4.5 are those of \
                 docs/rating.md's table, one value a technique)"
                    .into(),
            )),
            _ => Ok(()),
        }
    }

    /// Puzzle `index` and its solution: a 9x9 one that passes the filters, or one of the
    /// shape.
    pub fn make(&self, index: u64) -> Result<Made, GenerateError> {
        self.check()?;
        match self.sized() {
            Some(shape) => {
                let mut generator = SizedGenerator::new(shape, puzzle_seed(self.seed, index));
                let solution = generator.solution(0);
                let puzzle = generator.puzzle(&solution, 0);
                Ok(Made::Sized { puzzle, solution })
            }
            None => match self.nine(index) {
                Ok((puzzle, solution)) => Ok(Made::Nine { puzzle, solution }),
                Err(draws) => Err(GenerateError::Unmet {
                    index,
                    draws,
                    filters: self.filters(),
                    hint: self.hint(),
                }),
            },
        }
    }

    /// Puzzles `0..count`, made on `pool`'s threads a block at a time and handed to `take`
    /// in order, so that memory stays bounded whatever `count`. Stops at the first puzzle
    /// whose filters are out of reach (after handing over those before it), when `cancel` is
    /// set (between puzzles: those of the block not yet begun are not made), or when `take`
    /// returns an error; that error is returned.
    pub fn each_block<E: From<GenerateError>>(
        &self,
        count: u64,
        pool: &rayon::ThreadPool,
        cancel: &Cancel,
        mut take: impl FnMut(&[Made]) -> Result<(), E>,
    ) -> Result<(), E> {
        self.check()?;
        let mut start = 0;
        while start < count {
            let end = (start + BLOCK).min(count);
            let made: Vec<Result<Made, GenerateError>> = pool.install(|| {
                (start..end)
                    .into_par_iter()
                    .map(|i| match cancel.requested() {
                        Some(signal) => Err(GenerateError::Interrupted { signal }),
                        None => self.make(i),
                    })
                    .collect()
            });
            let failed = made.iter().position(Result::is_err).unwrap_or(made.len());
            let good: Vec<Made> = made[..failed].iter().flatten().cloned().collect();
            take(&good)?;
            if let Some(Err(error)) = made.into_iter().nth(failed) {
                return Err(error.into());
            }
            start = end;
        }
        Ok(())
    }

    /// Whether a puzzle passes the filters; the band solver is asked only when guesses count.
    fn keeps(&self, puzzle: &Grid, solver: &mut Option<Box<dyn Solver + Send>>) -> bool {
        if let Some(clues) = self.clues {
            if !(clues.low..=clues.high).contains(&puzzle.givens()) {
                return false;
            }
        }
        if let Some(min) = self.min_guesses {
            let solver = solver.get_or_insert_with(|| SolverKind::Band.build());
            let mut scratch = Grid::EMPTY;
            if solver.solve(puzzle, 1, &mut scratch).guesses < min {
                return false;
            }
        }
        if self.rating.is_none() && self.technique.is_none() {
            return true;
        }
        // Generated puzzles have one solution: every rule applies. No rule is tried that could
        // only give a puzzle the filters reject: a puzzle kept rates at most the range's high
        // end; one whose hardest technique is a basic rule's (all of which rate below 6.5)
        // takes no chaining step, which would rate 6.5 or more and be the hardest. A puzzle
        // that would need such a rule is capped, and not kept.
        let basic = |t: Technique| t.base_rating() < Level::Chains.base_rating();
        let max_level = match (self.rating, self.technique) {
            (_, Some(t)) if basic(t) => Level::Basic,
            (Some(range), _) => Level::needed_for(range.high),
            (None, _) => Level::Nested5,
        };
        let limits = Limits { max_level, ..Limits::default() };
        let rated = Rater::with_limits(limits).rate(puzzle, true);
        let rating_kept = self.rating.is_none_or(|range| {
            rated.rating.is_some_and(|r| (range.low..=range.high).contains(&r))
        });
        rating_kept
            && self.technique.is_none_or(|t| rated.capped.is_none() && rated.hardest == Some(t))
    }

    /// 9x9 puzzle `index` and its solution: the first its generator draws that passes the
    /// filters, or the draws made when none did.
    fn nine(&self, index: u64) -> Result<(Grid, Grid), u32> {
        let mut generator = Generator::new(puzzle_seed(self.seed, index));
        let mut solver = None;
        for _ in 0..self.max_draws {
            let (puzzle, solution) = generator.puzzle_with_solution();
            if self.keeps(&puzzle, &mut solver) {
                return Ok((puzzle, solution));
            }
        }
        Err(self.max_draws)
    }

    /// What generated puzzles mostly are, as it bears on the filters asked, for the message
    /// of a puzzle no draw passed (the shares are docs/commands.md's, measured on 3,000).
    fn hint(&self) -> String {
        let what = match (self.rating.is_some() || self.technique.is_some(), self.clues) {
            (true, _) => {
                "generated puzzles mostly rate 1.0 to 2.5 or 6.5 to 7.9, few 9.0 or more, and \
                 their hardest step is mostly a single, a direct hidden pair or a forcing chain \
                 (docs/commands.md has the shares)"
            }
            (false, Some(_)) => "minimal puzzles mostly have 21 to 27 clues",
            (false, None) => "generated puzzles mostly need few guesses",
        };
        format!("{what}: widen the filters, or raise --max-draws")
    }

    /// Filters, as the user gave them, for messages.
    fn filters(&self) -> String {
        let mut parts = Vec::new();
        if let Some(ClueRange { low, high }) = self.clues {
            parts.push(format!("--clues {low}..{high}"));
        }
        if let Some(min) = self.min_guesses {
            parts.push(format!("--min-guesses {min}"));
        }
        if let Some(RatingRange { low, high }) = self.rating {
            parts.push(format!("--rating {}..{}", rating_text(low), rating_text(high)));
        }
        if let Some(technique) = self.technique {
            parts.push(format!("--technique '{technique}'"));
        }
        parts.join(" ")
    }

    /// The shape asked for, unless it is 9x9's.
    fn sized(&self) -> Option<Shape> {
        self.shape.filter(|&shape| shape != Shape::NINE)
    }
}

/// What the CLI's `generate` is asked for.
#[derive(Debug, Clone)]
pub(crate) struct Plan {
    /// Which puzzles.
    pub puzzles: Puzzles,
    /// How many.
    pub count: u64,
    /// Whether to write each puzzle's solution too.
    pub solutions: bool,
    /// Line, CSV or JSON Lines (`Auto`: CSV with solutions, line without).
    pub format: OutputFormat,
    /// When to draw a progress bar.
    pub progress: ProgressMode,
    /// Worker threads.
    pub threads: usize,
}

impl Plan {
    /// The output format, `Auto` settled; an error for one `generate` does not write, or for
    /// puzzles that cannot be made.
    pub fn output_format(&self) -> Result<OutputFormat> {
        self.puzzles.check()?;
        Ok(match (self.format, self.solutions) {
            (OutputFormat::Auto, true) => OutputFormat::Csv,
            (OutputFormat::Auto, false) => OutputFormat::Line,
            (OutputFormat::Line, true) => {
                bail!("--solutions needs CSV, TSV or JSON Lines output (-o x.csv, --output-format csv)")
            }
            (OutputFormat::Parquet, _) => {
                bail!("generate writes line, CSV, TSV or JSON Lines output, not Parquet")
            }
            (format, _) => format,
        })
    }
}

/// Appends one output record of `columns`' values of `made` (lines of text), in `format`.
fn encode(out: &mut Vec<u8>, format: OutputFormat, columns: &[OutputColumn], made: &Made) {
    for (i, &column) in columns.iter().enumerate() {
        let mut value = Vec::new();
        made.value(column).write_text(&mut value);
        match format {
            OutputFormat::Jsonl => {
                out.extend_from_slice(if i == 0 { b"{" } else { b"," });
                json_string(out, column.name().as_bytes());
                out.push(b':');
                json_string(out, &value);
            }
            _ => {
                if i > 0 {
                    out.push(format.delimiter().unwrap_or(b','));
                }
                out.extend_from_slice(&value);
            }
        }
    }
    if format == OutputFormat::Jsonl {
        out.push(b'}');
    }
    out.push(b'\n');
}

/// How a `generate` run ended: the puzzles written, and the puzzle that no draw made, if
/// the run stopped there short of the count.
#[derive(Debug)]
pub(crate) struct Generated {
    /// Puzzles written.
    pub made: u64,
    /// Why the run stopped short ([`GenerateError::Unmet`]), if it did.
    pub short: Option<GenerateError>,
}

/// Writes the plan's puzzles to `output` (stdout when `None`), until done, until a puzzle's
/// filters are out of reach (the puzzles before it are written and kept, and the outcome
/// says so), or until `cancel` is set: then the staged output is removed and the error is
/// [`run::Error::Interrupted`](crate::run::Error::Interrupted), as for the other commands.
pub(crate) fn run(plan: &Plan, output: Option<&Path>, cancel: &Cancel) -> Result<Generated> {
    let format = plan.output_format()?;
    let columns = Puzzles::columns(plan.solutions);
    let pool = threads::lend(plan.threads)?;
    let sink = output.map_or(Sink::Stdout, Sink::from_arg);
    // On the terminal the bar is drawn on, each block is written with the bar cleared, and
    // flushed before it is drawn again (see `OnTerminal`).
    let on_terminal = sink.is_terminal();
    let (out, destination) = dest::open(&sink)?;
    let kept = destination.staged_path().map(Path::to_path_buf);
    let mut out = io::BufWriter::new(out);
    if let Some(d) = format.delimiter() {
        let names: Vec<&str> = columns.iter().map(|c| c.name()).collect();
        let header = names.join(&char::from(d).to_string()) + "\n";
        out.write_all(header.as_bytes()).context("writing output")?;
    }
    let progress = Progress::new(plan.progress, Some(plan.count));
    let mut done = 0;
    let mut record = Vec::new();
    let written = plan.puzzles.each_block(plan.count, &pool, cancel, |made| {
        let mut write = || {
            for made in made {
                record.clear();
                encode(&mut record, format, &columns, made);
                out.write_all(&record)?;
            }
            if on_terminal {
                out.flush()?;
            }
            io::Result::Ok(())
        };
        match on_terminal {
            true => progress.suspend(write),
            false => write(),
        }
        .context("writing output")?;
        done += made.len() as u64;
        progress.update(done, done);
        anyhow::Ok(())
    });
    progress.finish();
    let short = match written.map_err(|error| error.downcast::<GenerateError>()) {
        Ok(()) => None,
        Err(Ok(unmet @ GenerateError::Unmet { .. })) => Some(unmet),
        Err(Ok(GenerateError::Interrupted { signal })) => {
            return Err(crate::run::Error::Interrupted { signal, kept }.into())
        }
        Err(Ok(other)) => return Err(other.into()),
        Err(Err(error)) => return Err(error),
    };
    out.flush().context("writing output")?;
    drop(out);
    destination.finish()?;
    Ok(Generated { made: done, short })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clue_ranges_parse_and_refuse_what_cannot_be() {
        assert_eq!("22..26".parse(), Ok(ClueRange { low: 22, high: 26 }));
        assert_eq!("22..=26".parse(), Ok(ClueRange { low: 22, high: 26 }));
        assert_eq!("24".parse(), Ok(ClueRange { low: 24, high: 24 }));
        assert!("26..22".parse::<ClueRange>().unwrap_err().contains("empty"));
        assert!("16..20".parse::<ClueRange>().unwrap_err().contains("17 to 40"));
        assert!("x..20".parse::<ClueRange>().unwrap_err().contains("not a number"));
    }

    #[test]
    fn rating_ranges_parse_in_tenths_and_refuse_what_cannot_be() {
        let range = |text: &str| text.parse::<RatingRange>();
        assert_eq!(range("1.2..2.3"), Ok(RatingRange { low: 12, high: 23 }));
        assert_eq!(range("3.2"), Ok(RatingRange { low: 32, high: 32 }));
        assert_eq!(range("2..=4"), Ok(RatingRange { low: 20, high: 40 }));
        for bad in ["2.35", "0.5", "3..2", "x", "30"] {
            assert!(range(bad).is_err(), "{bad}");
        }
    }

    fn puzzles() -> Puzzles {
        Puzzles::new(9, None)
    }

    #[test]
    fn filtered_puzzles_pass_their_filters() {
        let puzzles = Puzzles { clues: Some(ClueRange { low: 22, high: 23 }), ..puzzles() };
        for i in 0..20 {
            let (puzzle, solution) = puzzles.nine(i).unwrap();
            assert!((22..=23).contains(&puzzle.givens()), "{puzzle}");
            assert!(solution.is_solved() && solution.agrees_with(&puzzle));
        }
        let puzzles = Puzzles { min_guesses: Some(3), ..puzzles };
        let (mut band, mut scratch) = (SolverKind::Band.build(), Grid::EMPTY);
        for i in 0..5 {
            let (puzzle, _) = puzzles.nine(i).unwrap();
            assert!(band.solve(&puzzle, 1, &mut scratch).guesses >= 3, "{puzzle}");
        }
    }

    #[test]
    fn filters_out_of_reach_are_given_up() {
        let puzzles =
            Puzzles { clues: Some(ClueRange { low: 17, high: 17 }), max_draws: 20, ..puzzles() };
        assert_eq!(puzzles.nine(0), Err(20));
        let unmet = puzzles.make(0).unwrap_err();
        assert!(matches!(unmet, GenerateError::Unmet { index: 0, draws: 20, .. }));
        assert!(unmet.to_string().starts_with("puzzle 1: none of 20 drawn passed --clues 17..17;"));
        let sized = Puzzles { shape: Shape::of_size(16), ..puzzles };
        assert_eq!(
            sized.check().unwrap_err().to_string(),
            "16x16 grids: --clues, --min-guesses, --rating and --technique filter 9x9 puzzles only"
        );
    }

    #[test]
    fn the_ratings_a_technique_can_have_are_the_engines() {
        // Every generated puzzle's rating is one its hardest technique can have.
        let mut rater = Rater::new();
        for i in 0..300 {
            let (puzzle, _) = puzzles().nine(i).unwrap();
            let rated = rater.rate(&puzzle, true);
            let (Some(t), Some(er)) = (rated.hardest, rated.rating) else { continue };
            let range = RatingRange { low: er, high: er };
            assert!(
                t.ratings().meet(range.low, range.high),
                "{puzzle}: {t} at {er}: {}",
                t.ratings()
            );
        }
        // And the impossible is refused before any draw.
        let pointing = Technique::from_name("pointing");
        let refused = |rating: Option<RatingRange>, technique: Option<Technique>| {
            Puzzles { rating, technique, ..puzzles() }.check().unwrap_err().to_string()
        };
        let at = |low, high| Some(RatingRange { low, high });
        assert!(refused(at(32, 32), pointing)
            .ends_with("a step of Pointing rates 2.6, outside the range"));
        assert!(refused(at(11, 11), None).contains("no technique's step rates in that range"));
        let single = Technique::from_name("hidden single");
        assert!(refused(at(13, 14), single).contains("rates 1.0, 1.2, 1.5"));
        let ok = |rating, technique| Puzzles { rating, technique, ..puzzles() }.check().is_ok();
        assert!(ok(at(26, 26), pointing) && ok(at(90, 100), None) && ok(at(11, 12), None));
        assert!(ok(at(70, 70), Technique::from_name("forcing chain")));
    }

    #[test]
    fn without_filters_the_first_draw_is_kept() {
        let (puzzle, _) = puzzles().nine(4).unwrap();
        assert_eq!(puzzle, Generator::new(puzzle_seed(9, 4)).puzzle());
        let Made::Nine { puzzle: made, .. } = puzzles().make(4).unwrap() else { panic!("9x9") };
        assert_eq!(made, puzzle);
    }

    /// The blocks' puzzles, in order, as `make` gives them one at a time.
    fn blocks(puzzles: &Puzzles, count: u64, threads: usize, cancel: &Cancel) -> Vec<Made> {
        let pool = threads::lend(threads).unwrap();
        let mut all = Vec::new();
        let done = puzzles.each_block(count, &pool, cancel, |made| {
            all.extend_from_slice(made);
            Ok::<_, GenerateError>(())
        });
        assert_eq!(done, Ok(()));
        all
    }

    #[test]
    fn blocks_are_the_puzzles_in_order_whatever_the_threads() {
        let six = Puzzles { shape: Shape::new(3, 2), ..puzzles() };
        for puzzles in [puzzles(), six] {
            let one = blocks(&puzzles, 40, 1, &Cancel::new());
            assert_eq!(one, blocks(&puzzles, 40, 2, &Cancel::new()));
            let each: Vec<Made> = (0..40).map(|i| puzzles.make(i).unwrap()).collect();
            assert_eq!(one, each);
        }
        // A set token stops the run before any puzzle is made.
        let (cancel, pool) = (Cancel::new(), threads::lend(1).unwrap());
        cancel.cancel(2);
        let mut taken = 0;
        let stopped = puzzles().each_block(10, &pool, &cancel, |made| {
            taken += made.len();
            Ok::<_, GenerateError>(())
        });
        assert_eq!((stopped, taken), (Err(GenerateError::Interrupted { signal: 2 }), 0));
    }

    #[test]
    fn records_have_the_columns_values() {
        let made = puzzles().make(0).unwrap();
        let Made::Nine { puzzle, solution } = &made else { panic!("9x9") };
        let columns = Puzzles::columns(true);
        let (mut csv, mut jsonl) = (Vec::new(), Vec::new());
        encode(&mut csv, OutputFormat::Csv, &columns, &made);
        encode(&mut jsonl, OutputFormat::Jsonl, &columns, &made);
        assert_eq!(String::from_utf8(csv).unwrap(), format!("{puzzle},{solution}\n"));
        let jsonl = String::from_utf8(jsonl).unwrap();
        assert_eq!(jsonl, format!("{{\"puzzle\":\"{puzzle}\",\"solution\":\"{solution}\"}}\n"));
    }
}
