//! `generate`: proper, minimal puzzles, the same for a seed whatever the threads; with their
//! solutions if asked, and filtered by clue count, by how many guesses they take, and by
//! `rate`'s rating and hardest technique.
//!
//! Puzzle `i` comes from a generator seeded with `puzzle_seed(seed, i)`: it draws puzzles until
//! one passes the filters (without filters, the first), so the output does not depend on the
//! thread count. Filters that minimal puzzles rarely meet are given up after `MAX_DRAWS` draws
//! for one puzzle, with an error that says so, rather than run for ever.

use std::io::{self, Write};
use std::path::Path;
use std::str::FromStr;

use anyhow::{bail, Context, Result};
use rayon::prelude::*;

use crate::generate::{puzzle_seed, Generator};
use crate::grid::Grid;
use crate::io::output::{json_string, OutputFormat};
use crate::io::progress::{Progress, ProgressMode};
use crate::rate::{rating_text, Rater, Technique};
use crate::run::options::Sink;
use crate::run::{dest, threads};
use crate::sized::{Shape, SizedGenerator};
use crate::solver::{Solver, SolverKind};

/// Puzzles generated a block at a time, which keeps memory bounded while the pool works.
const BLOCK: u64 = 4096;

/// Draws for one puzzle before the filters are declared out of reach.
pub(crate) const MAX_DRAWS: u32 = 10_000;

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

/// What `generate` is asked for.
#[derive(Debug, Clone)]
pub(crate) struct Plan {
    /// How many puzzles.
    pub count: u64,
    /// The seed they come from.
    pub seed: u64,
    /// Clue counts to keep, if limited.
    pub clues: Option<ClueRange>,
    /// The fewest guesses the band solver may need (as `solve` counts them), if limited.
    pub min_guesses: Option<u64>,
    /// Ratings to keep (`rate`'s), if limited.
    pub rating: Option<RatingRange>,
    /// The hardest technique to keep (`rate`'s `technique`), if limited.
    pub technique: Option<Technique>,
    /// Whether to write each puzzle's solution too.
    pub solutions: bool,
    /// Line, CSV or JSON Lines (`Auto`: CSV with solutions, line without).
    pub format: OutputFormat,
    /// When to draw a progress bar.
    pub progress: ProgressMode,
    /// Worker threads.
    pub threads: usize,
    /// Draws for one puzzle before giving up ([`MAX_DRAWS`]).
    pub max_draws: u32,
    /// The grids' shape, if asked for; 9x9 is the classic generator's, other sizes take no
    /// filters.
    pub shape: Option<Shape>,
}

impl Plan {
    /// The output format, `Auto` settled; an error for one `generate` does not write.
    pub fn output_format(&self) -> Result<OutputFormat> {
        let filtered = self.clues.is_some()
            || self.min_guesses.is_some()
            || self.rating.is_some()
            || self.technique.is_some();
        if let (Some(shape), true) = (self.sized(), filtered) {
            bail!("{shape} grids: --clues, --min-guesses, --rating and --technique filter 9x9 puzzles only");
        }
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
        // Generated puzzles have one solution: every rung of the ladder applies.
        let rated = Rater::new().rate(puzzle, true);
        let rating_kept = self.rating.is_none_or(|range| {
            rated.rating.is_some_and(|r| (range.low..=range.high).contains(&r))
        });
        rating_kept && self.technique.is_none_or(|t| rated.hardest == Some(t))
    }

    /// Puzzle `index` and its solution: the first its generator draws that passes the filters.
    fn puzzle(&self, index: u64) -> Result<(Grid, Grid), u32> {
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

    /// Puzzle `index` and its solution in the line form: a 9x9 one that passes the filters,
    /// or one of the plan's shape.
    fn lines(&self, index: u64) -> Result<(Vec<u8>, Vec<u8>), u32> {
        let (mut puzzle, mut solution) = (Vec::with_capacity(81), Vec::with_capacity(81));
        match self.sized() {
            Some(shape) => {
                let mut generator = SizedGenerator::new(shape, puzzle_seed(self.seed, index));
                let grid = generator.solution(0);
                generator.puzzle(&grid, 0).write_line(&mut puzzle);
                grid.write_line(&mut solution);
            }
            None => {
                let (grid, answer) = self.puzzle(index)?;
                grid.write_line(&mut puzzle);
                answer.write_line(&mut solution);
            }
        }
        Ok((puzzle, solution))
    }
}

/// Appends one output record for `puzzle` (and `solution` if asked), lines of text, in
/// `format`.
fn encode(out: &mut Vec<u8>, format: OutputFormat, puzzle: &[u8], solution: Option<&[u8]>) {
    match format {
        OutputFormat::Jsonl => {
            out.extend_from_slice(b"{\"puzzle\":");
            json_string(out, puzzle);
            if let Some(solution) = solution {
                out.extend_from_slice(b",\"solution\":");
                json_string(out, solution);
            }
            out.push(b'}');
        }
        _ => {
            out.extend_from_slice(puzzle);
            if let Some(solution) = solution {
                out.push(format.delimiter().unwrap_or(b','));
                out.extend_from_slice(solution);
            }
        }
    }
    out.push(b'\n');
}

/// Writes the plan's puzzles to `output` (stdout when `None`).
pub(crate) fn run(plan: &Plan, output: Option<&Path>) -> Result<()> {
    let format = plan.output_format()?;
    let pool = threads::lend(plan.threads)?;
    let sink = output.map_or(Sink::Stdout, Sink::from_arg);
    // On the terminal the bar is drawn on, each block is written with the bar cleared, and
    // flushed before it is drawn again (see `OnTerminal`).
    let on_terminal = sink.is_terminal();
    let (out, destination) = dest::open(&sink)?;
    let mut out = io::BufWriter::new(out);
    if let Some(d) = format.delimiter() {
        let header = match plan.solutions {
            true => format!("puzzle{}solution\n", char::from(d)),
            false => "puzzle\n".to_string(),
        };
        out.write_all(header.as_bytes()).context("writing output")?;
    }
    let progress = Progress::new(plan.progress, Some(plan.count));
    let mut start = 0;
    while start < plan.count {
        let end = (start + BLOCK).min(plan.count);
        let records: Vec<Result<Vec<u8>, (u64, u32)>> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map(|i| {
                    let (puzzle, solution) = plan.lines(i).map_err(|draws| (i, draws))?;
                    let mut record = Vec::with_capacity(2 * puzzle.len() + 20);
                    let solution = plan.solutions.then_some(&solution[..]);
                    encode(&mut record, format, &puzzle, solution);
                    Ok(record)
                })
                .collect()
        });
        let failed = records.iter().position(Result::is_err).unwrap_or(records.len());
        let mut write = || {
            for record in records[..failed].iter().flatten() {
                out.write_all(record)?;
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
        if let Some(Err((i, draws))) = records.get(failed) {
            progress.finish();
            bail!(
                "puzzle {}: none of {draws} drawn passed {}; minimal puzzles mostly have 21 to 27 \
                 clues and need few guesses: widen the filters",
                i + 1,
                plan.filters()
            )
        }
        progress.update(end, end);
        start = end;
    }
    progress.finish();
    out.flush().context("writing output")?;
    drop(out);
    Ok(destination.finish()?)
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

    fn plan() -> Plan {
        Plan {
            count: 0,
            seed: 9,
            clues: None,
            min_guesses: None,
            rating: None,
            technique: None,
            solutions: false,
            format: OutputFormat::Auto,
            progress: ProgressMode::Never,
            threads: 1,
            max_draws: MAX_DRAWS,
            shape: None,
        }
    }

    #[test]
    fn filtered_puzzles_pass_their_filters() {
        let plan = Plan { clues: Some(ClueRange { low: 22, high: 23 }), ..plan() };
        for i in 0..20 {
            let (puzzle, solution) = plan.puzzle(i).unwrap();
            assert!((22..=23).contains(&puzzle.givens()), "{puzzle}");
            assert!(solution.is_solved() && solution.agrees_with(&puzzle));
        }
        let plan = Plan { min_guesses: Some(3), ..plan };
        let (mut band, mut scratch) = (SolverKind::Band.build(), Grid::EMPTY);
        for i in 0..5 {
            let (puzzle, _) = plan.puzzle(i).unwrap();
            assert!(band.solve(&puzzle, 1, &mut scratch).guesses >= 3, "{puzzle}");
        }
    }

    #[test]
    fn filters_out_of_reach_are_given_up() {
        let plan = Plan { clues: Some(ClueRange { low: 17, high: 17 }), max_draws: 20, ..plan() };
        assert_eq!(plan.puzzle(0), Err(20));
    }

    #[test]
    fn without_filters_the_first_draw_is_kept() {
        let (puzzle, _) = plan().puzzle(4).unwrap();
        assert_eq!(puzzle, Generator::new(puzzle_seed(9, 4)).puzzle());
    }
}
