//! How hard a puzzle is for a person, and why: Sudoku Explainer 1.2.1's rating, as gsf's
//! `serate` 1.2.1.3 computes it (the ER, EP and ED that the Enjoy Sudoku forum's lists
//! publish).
//!
//! SE solves a puzzle one step at a time, asking its rules in a fixed order and taking the
//! first hint the first rule that has one gives ([`se`] ports its rules and their scan
//! orders). From the steps:
//!
//! - the **rating** (ER) is the hardest step's difficulty;
//! - **EP** the hardest up to the first step that places a digit;
//! - **ED** the first step's.
//!
//! A [`Rater`] (one a worker thread) rates with [`Limits`]: the hardest level of SE's chaining
//! rules to try and a budget of work. A puzzle that needs more is not given a rating it might
//! not have: its [`Rating`] says where it stopped and the least its rating can be.
//!
//! ```
//! use sudoku_bulk::rate::{Rater, Technique};
//!
//! let puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!     .parse()
//!     .unwrap();
//! let rating = Rater::new().rate(&puzzle, true);
//! assert_eq!(rating.hardest, Technique::from_name("hidden single"));
//! assert_eq!(rating.rating, Some(12)); // 1.2: hidden singles in boxes (and full houses)
//! assert_eq!((rating.ep, rating.ed), (Some(12), Some(12)));
//! ```

pub mod se;
mod step;
mod technique;

pub use step::{cell_name, chain_text, digits_of, house_name, Step};
pub use technique::{rating_text, Ratings, Technique};

use crate::grid::Grid;

/// How far up SE's list of rules a rating may go: every rule up to and including the level's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Every rule before the chaining ones: singles to Aligned Pair Exclusion (up to 6.2).
    Basic,
    /// Forcing X- and Y-chains and cycles (6.5 and up).
    Chains,
    /// Aligned Triplet Exclusion (7.5).
    AlignedTriplet,
    /// Nishio forcing chains (7.5 and up).
    Nishio,
    /// Cell and region forcing chains (8.0 and up).
    Multiple,
    /// Dynamic forcing chains (8.5 and up).
    Dynamic,
    /// Dynamic forcing chains with the simpler rules inside (9.0 and up).
    DynamicPlus,
    /// Nested forcing chains, level 2 (9.5 and up).
    Nested2,
    /// Nested, level 3 (10.0 and up).
    Nested3,
    /// Nested, level 4 (10.5 and up).
    Nested4,
    /// Nested, level 5 (11.0 and up): every rule SE has.
    Nested5,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 11] = [
        Level::Basic,
        Level::Chains,
        Level::AlignedTriplet,
        Level::Nishio,
        Level::Multiple,
        Level::Dynamic,
        Level::DynamicPlus,
        Level::Nested2,
        Level::Nested3,
        Level::Nested4,
        Level::Nested5,
    ];

    /// Its name, as `--max-level` takes it and a capped rating's technique names it.
    pub fn name(self) -> &'static str {
        [
            "basic",
            "chains",
            "aligned-triplet",
            "nishio",
            "multiple",
            "dynamic",
            "dynamic+",
            "nested2",
            "nested3",
            "nested4",
            "nested5",
        ][self as usize]
    }

    /// The level of a name ([`Level::name`], any case).
    pub fn from_name(name: &str) -> Option<Level> {
        let wanted = name.trim().to_ascii_lowercase();
        Level::ALL.into_iter().find(|l| l.name() == wanted)
    }

    /// The level of a name, or the message the CLI and Python give for one that is none.
    pub fn parse(name: &str) -> Result<Level, String> {
        Level::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
            format!("not a level: {name:?}; one of: {}", names.join(", "))
        })
    }

    /// The least value, in tenths, a step of the level's own rules rates.
    pub fn base_rating(self) -> u8 {
        [10, 65, 75, 75, 80, 85, 90, 95, 100, 105, 110][self as usize]
    }

    /// The highest level whose rules can give a step of `tenths` or less: a rating within
    /// `tenths` never needs a rule past it.
    pub fn needed_for(tenths: u8) -> Level {
        Level::ALL.into_iter().rev().find(|l| l.base_rating() <= tenths).unwrap_or(Level::Basic)
    }

    /// The last of SE's producers ([`se::PRODUCERS`]) the level allows.
    fn last_producer(self) -> usize {
        // The basic rules are the first 20 producers; each level after them is one producer.
        19 + self as usize
    }

    /// The level of SE's producer `index`.
    fn of_producer(index: usize) -> Level {
        Level::ALL[index.saturating_sub(19).min(Level::ALL.len() - 1)]
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// What a rating may spend.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The hardest level of rules to try.
    pub max_level: Level,
    /// The work one puzzle may take, in the chaining rules' units (about one candidate
    /// visited); `u64::MAX` for no limit. The same puzzle spends the same work on every
    /// machine and thread count, so a capped rating is the same everywhere.
    pub max_work: u64,
}

impl Limits {
    /// The limits asked for: every rule, or no budget, where one is not given.
    pub fn asked(max_level: Option<Level>, max_work: Option<u64>) -> Limits {
        let all = Limits::default();
        Limits {
            max_level: max_level.unwrap_or(all.max_level),
            max_work: max_work.unwrap_or(all.max_work),
        }
    }
}

impl Default for Limits {
    /// Every rule SE has, with no budget: SE's rating exactly, however long it takes.
    fn default() -> Limits {
        Limits { max_level: Level::Nested5, max_work: u64::MAX }
    }
}

/// Where a rating stopped before the puzzle was solved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Capped {
    /// The next step needs a rule past [`Limits::max_level`]: this level's.
    Level(Level),
    /// The work budget ran out while this level's rule was searching.
    Work(Level),
    /// No rule found a step (SE rates such a puzzle 20.0: it could not solve it).
    Stuck,
}

impl Capped {
    /// How many kinds there are: each level's two and `Stuck`.
    pub const COUNT: usize = 2 * Level::ALL.len() + 1;

    /// Its place among the kinds: the levels, then the levels' work budgets, then `Stuck`.
    pub fn index(self) -> usize {
        match self {
            Capped::Level(level) => level as usize,
            Capped::Work(level) => Level::ALL.len() + level as usize,
            Capped::Stuck => 2 * Level::ALL.len(),
        }
    }

    /// The kind at `index` (see [`Capped::index`]).
    pub fn from_index(index: usize) -> Capped {
        let levels = Level::ALL.len();
        match index {
            i if i < levels => Capped::Level(Level::ALL[i]),
            i if i < 2 * levels => Capped::Work(Level::ALL[i - levels]),
            _ => Capped::Stuck,
        }
    }

    /// How the outputs name it in the technique column: `capped: dynamic+` (the next step
    /// needs that level), `capped: work in nested2` (the budget ran out there), `stuck`.
    pub fn text(self) -> &'static str {
        const LEVEL: [&str; 11] = [
            "capped: basic",
            "capped: chains",
            "capped: aligned-triplet",
            "capped: nishio",
            "capped: multiple",
            "capped: dynamic",
            "capped: dynamic+",
            "capped: nested2",
            "capped: nested3",
            "capped: nested4",
            "capped: nested5",
        ];
        const WORK: [&str; 11] = [
            "capped: work in basic",
            "capped: work in chains",
            "capped: work in aligned-triplet",
            "capped: work in nishio",
            "capped: work in multiple",
            "capped: work in dynamic",
            "capped: work in dynamic+",
            "capped: work in nested2",
            "capped: work in nested3",
            "capped: work in nested4",
            "capped: work in nested5",
        ];
        match self {
            Capped::Level(level) => LEVEL[level as usize],
            Capped::Work(level) => WORK[level as usize],
            Capped::Stuck => "stuck",
        }
    }
}

/// What SE's rating of a puzzle is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rating {
    /// ER, the hardest step's value in tenths (23 is 2.3); `None` where the rating stopped
    /// ([`Rating::capped`]) or there was no step to take.
    pub rating: Option<u8>,
    /// EP, the hardest value up to the first step that placed a digit; `None` where no step
    /// placed one before the rating stopped.
    pub ep: Option<u8>,
    /// ED, the first step's value; `None` where there was no step.
    pub ed: Option<u8>,
    /// Where the rating stopped, the least its ER can be: the hardest step taken, or the
    /// easiest value a rule not yet tried can give, whichever is greater.
    pub at_least: Option<u8>,
    /// The hardest step's technique (the first one, where two share the value).
    pub hardest: Option<Technique>,
    /// Why the rating stopped, if it did.
    pub capped: Option<Capped>,
    /// Steps taken of each technique, by [`Technique::index`].
    pub counts: [u32; Technique::COUNT],
}

impl Rating {
    /// The techniques used, with their step counts, in SE's order.
    pub fn steps(&self) -> impl Iterator<Item = (Technique, u32)> + '_ {
        Technique::all().zip(self.counts).filter(|&(_, n)| n > 0)
    }

    /// The technique column's text: the hardest technique's name, or where the rating stopped.
    pub fn technique_text(&self) -> Option<&'static str> {
        match (self.capped, self.hardest) {
            (Some(capped), _) => Some(capped.text()),
            (None, hardest) => hardest.map(Technique::name),
        }
    }
}

/// Rates puzzles, one after another, within its [`Limits`].
#[derive(Debug, Default, Clone)]
pub struct Rater {
    limits: Limits,
}

impl Rater {
    /// A rater with no limits: SE's rating exactly.
    pub fn new() -> Rater {
        Rater::default()
    }

    /// A rater within `limits`.
    pub fn with_limits(limits: Limits) -> Rater {
        Rater { limits }
    }

    /// Rates a puzzle that has a solution (`unique`: exactly one, which allows the uniqueness
    /// rules).
    pub fn rate(&mut self, puzzle: &Grid, unique: bool) -> Rating {
        self.walk(puzzle, unique, None)
    }

    /// Rates a puzzle and returns its steps, in order.
    pub fn explain(&mut self, puzzle: &Grid, unique: bool) -> (Rating, Vec<Step>) {
        let mut steps = Vec::new();
        let rating = self.walk(puzzle, unique, Some(&mut steps));
        (rating, steps)
    }

    fn walk(&mut self, puzzle: &Grid, unique: bool, mut steps: Option<&mut Vec<Step>>) -> Rating {
        let options = se::Options {
            unique,
            max_producer: self.limits.max_level.last_producer(),
            work: self.limits.max_work,
            detail: steps.is_some(),
        };
        let mut counts = [0u32; Technique::COUNT];
        if steps.is_none() {
            // Most puzzles of the big corpora: their rating without their steps.
            if let Some(quick) = se::singles_rating(puzzle.cells()) {
                counts[Technique::HIDDEN_SINGLE.index()] = quick.steps;
                let tenths = se::tenths(quick.er) as u8;
                return Rating {
                    rating: Some(tenths),
                    ep: Some(se::tenths(quick.first) as u8),
                    ed: Some(se::tenths(quick.first) as u8),
                    at_least: Some(tenths),
                    hardest: Some(Technique::HIDDEN_SINGLE),
                    capped: None,
                    counts,
                };
            }
        }
        // The hardest step: the first of the highest value as written (in tenths), not as SE's
        // doubles hold it, where 6.699999999999999 and 6.7 differ.
        let mut hardest: Option<(u8, Technique)> = None;
        let mut last: Option<(&'static str, Technique)> = None;
        let dead_end = |position: &se::Grid| !unique && dead_end(puzzle, position);
        let found = se::rate_with(
            puzzle.cells(),
            &options,
            |hint| {
                // Most steps are of the step before's rule, whose name is the same `&'static
                // str`: no need to look it up again.
                let technique = match last {
                    Some((name, technique)) if std::ptr::eq(name, hint.name) => technique,
                    _ => {
                        let technique = Technique::of_step(hint.name).unwrap_or_else(|| {
                            unreachable!(
                                "a rule named {:?}, which is not in the technique table",
                                hint.name
                            )
                        });
                        last = Some((hint.name, technique));
                        technique
                    }
                };
                counts[technique.index()] += 1;
                let value = se::tenths(hint.difficulty) as u8;
                if hardest.is_none_or(|(v, _)| value > v) {
                    hardest = Some((value, technique));
                }
                if let Some(steps) = steps.as_deref_mut() {
                    steps.push(Step::of_hint(hint));
                }
            },
            dead_end,
        );
        let tenths = |x: f64| se::tenths(x) as u8;
        let capped = found.stop.map(|stop| match stop {
            se::Stop::Stuck => Capped::Stuck,
            se::Stop::Level(index) => Capped::Level(Level::of_producer(index)),
            se::Stop::Budget(index) => Capped::Work(Level::of_producer(index)),
        });
        let taken = hardest.map(|(v, _)| v);
        let at_least = match found.stop {
            Some(se::Stop::Level(index) | se::Stop::Budget(index)) => {
                taken.max(Some(se::least_tenths_from(index, unique)))
            }
            _ => taken,
        };
        Rating {
            rating: if capped.is_none() { taken } else { None },
            ep: found.ep.map(tenths),
            ed: found.ed.map(tenths),
            at_least,
            hardest: hardest.map(|(_, t)| t),
            capped,
            counts,
        }
    }
}

/// Whether no sound rule can move on from `position`, a position of `puzzle` (which has
/// several solutions): no cell has one candidate left, and each candidate is in some solution,
/// so there is no digit to place nor any to remove. Every rule SE uses on such a puzzle is
/// sound (the uniqueness rules are off), so SE would find no step here.
fn dead_end(puzzle: &Grid, position: &se::Grid) -> bool {
    use crate::solver::{BandSolver, Solver};
    if position.cands.iter().any(|&c| c.count_ones() == 1) {
        return false;
    }
    let mut solver = BandSolver::new();
    let mut solution = Grid::EMPTY;
    for cell in 0..81 {
        for digit in (1..=9u8).filter(|&d| position.has(cell, d)) {
            let mut cells = *puzzle.cells();
            cells[cell] = digit;
            let possible = Grid::from_cells(cells).is_some_and(|with| {
                with.conflict().is_none() && solver.solve(&with, 1, &mut solution).solutions > 0
            });
            if !possible {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_name_their_producers() {
        assert_eq!(Level::Basic.last_producer(), 19);
        assert_eq!(se::PRODUCERS[19], se::Producer::AlignedPair);
        assert_eq!(Level::Nested5.last_producer(), se::PRODUCERS.len() - 1);
        for level in Level::ALL {
            assert_eq!(Level::from_name(level.name()), Some(level));
            assert_eq!(Level::of_producer(level.last_producer()), level);
        }
        assert_eq!(Level::of_producer(3), Level::Basic);
        assert_eq!(Level::from_name("DYNAMIC+"), Some(Level::DynamicPlus));
        for level in &Level::ALL[1..] {
            let own = se::PRODUCERS[level.last_producer()];
            assert_eq!(level.base_rating(), own.base_tenths(), "{level}");
        }
        assert_eq!(Level::needed_for(34), Level::Basic);
        assert_eq!(Level::needed_for(66), Level::Chains);
        assert_eq!(Level::needed_for(75), Level::Nishio);
        assert_eq!(Level::needed_for(200), Level::Nested5);
        for i in 0..Capped::COUNT {
            assert_eq!(Capped::from_index(i).index(), i);
        }
        for level in Level::ALL {
            assert_eq!(Capped::Level(level).text(), format!("capped: {level}"));
            assert_eq!(Capped::Work(level).text(), format!("capped: work in {level}"));
        }
    }
}
