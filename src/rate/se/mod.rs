//! Sudoku Explainer 1.2.1's rating, as gsf's `serate` 1.2.1.3 computes it (ER, EP and ED).
//!
//! SE rates a puzzle by solving it one hint at a time. At each step it asks its rules
//! ("producers") in one fixed list, [`PRODUCERS`]; the first rule that yields a hint gives the
//! step, and its first hint (in the rule's own scan order) is the one applied. The rating (ER)
//! is the hardest step's difficulty, EP the hardest up to the first step that places a digit,
//! ED the first step's (`Solver.getDifficulty`). So matching SE means matching not only each
//! rule's difficulty but also which rule answers first and which instance it finds first: each
//! rule here is ported from SE's source with its scan order, and the position is SE's own
//! (`grid.rs`). SE's code is LGPL and is not copied: the rules are rewritten from how they
//! work.
//!
//! The uniqueness rules (unique loops, BUG) assume the puzzle has one solution; a caller that
//! knows it has several turns them off ([`Options::unique`]). The chaining rules can take
//! seconds on the hardest puzzles: [`Options`] sets the hardest rule to try and a work budget,
//! and a rating that stops at either says where it stopped and what it had reached, never a
//! number that is not SE's.

mod grid;
mod hint;

mod aligned;
mod bug;
mod chaining;
mod fast;
mod fish;
mod locking;
#[cfg(test)]
mod probe;
mod quick;
mod singles;
mod subsets;
mod unique;
mod wings;

pub use grid::{cell_name, region_name, Cell, Grid};
pub use hint::{Chain, ChainNode, Hint};
pub use quick::{singles_rating, SinglesRating};

/// One of SE's producers, in the order [`PRODUCERS`] asks them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Producer {
    /// Hidden single (`HiddenSingle`): 1.0 for a full house... 1.2 in a block, 1.5 in a line.
    HiddenSingle,
    /// Direct pointing and claiming (`Locking(true)`).
    DirectLocking,
    /// Direct hidden pair (`HiddenSet(2, true)`).
    DirectHiddenPair,
    /// Naked single (`NakedSingle`).
    NakedSingle,
    /// Direct hidden triple (`HiddenSet(3, true)`).
    DirectHiddenTriple,
    /// Pointing and claiming (`Locking(false)`).
    Locking,
    /// Naked pair, triple, quad (`NakedSet(n)`).
    NakedSet(u8),
    /// X-Wing, Swordfish, Jellyfish (`Fisherman(n)`).
    Fish(u8),
    /// Hidden pair, triple, quad (`HiddenSet(n, false)`).
    HiddenSet(u8),
    /// XY-Wing (`XYWing(false)`).
    XyWing,
    /// XYZ-Wing (`XYWing(true)`).
    XyzWing,
    /// Unique rectangles and loops (`UniqueLoops`), for puzzles with one solution only.
    UniqueLoops,
    /// Bivalue universal grave (`BivalueUniversalGrave`), for puzzles with one solution only.
    Bug,
    /// Aligned pair exclusion (`AlignedPairExclusion`).
    AlignedPair,
    /// Aligned triple exclusion (`AlignedExclusion(3)`).
    AlignedTriple,
    /// SE's chaining engine (`Chaining(multiple, dynamic, nishio, level)`).
    Chaining(Chaining),
}

/// The settings of one chaining producer, as SE's `Chaining` constructor takes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Chaining {
    /// Forcing chains from several branches (cell and region forcing chains).
    pub multiple: bool,
    /// Chains whose links may depend on more than the previous node.
    pub dynamic: bool,
    /// Nishio: contradictions from one assumption.
    pub nishio: bool,
    /// Nesting level: 0 plain, 1 "dynamic+" (the simpler rules inside), 2 to 5 nested chains.
    pub level: u8,
}

const fn chaining(multiple: bool, dynamic: bool, nishio: bool, level: u8) -> Producer {
    Producer::Chaining(Chaining { multiple, dynamic, nishio, level })
}

/// The index in [`PRODUCERS`] of the first chaining producer (forcing chains and cycles).
pub const FIRST_CHAINING: usize = 20;

/// SE 1.2.1's producers in the order `Solver.getDifficulty` asks them.
pub const PRODUCERS: [Producer; 30] = [
    Producer::HiddenSingle,
    Producer::DirectLocking,
    Producer::DirectHiddenPair,
    Producer::NakedSingle,
    Producer::DirectHiddenTriple,
    Producer::Locking,
    Producer::NakedSet(2),
    Producer::Fish(2),
    Producer::HiddenSet(2),
    Producer::NakedSet(3),
    Producer::Fish(3),
    Producer::HiddenSet(3),
    Producer::XyWing,
    Producer::XyzWing,
    Producer::UniqueLoops,
    Producer::NakedSet(4),
    Producer::Fish(4),
    Producer::HiddenSet(4),
    Producer::Bug,
    Producer::AlignedPair,
    // SE's "chaining" producers.
    chaining(false, false, false, 0),
    Producer::AlignedTriple,
    chaining(false, true, true, 0),
    chaining(true, false, false, 0),
    chaining(true, true, false, 0),
    // "chaining2", "advanced" and "experimental".
    chaining(true, true, false, 1),
    chaining(true, true, false, 2),
    chaining(true, true, false, 3),
    chaining(true, true, false, 4),
    chaining(true, true, false, 5),
];

impl Producer {
    /// Whether the rule holds only for a puzzle with one solution.
    pub const fn needs_unique(self) -> bool {
        matches!(self, Producer::UniqueLoops | Producer::Bug)
    }

    /// The least difficulty a hint of this producer has, in tenths.
    pub const fn base_tenths(self) -> u8 {
        match self {
            Producer::HiddenSingle => 10,
            Producer::DirectLocking => 17,
            Producer::DirectHiddenPair => 20,
            Producer::NakedSingle => 23,
            Producer::DirectHiddenTriple => 25,
            Producer::Locking => 26,
            Producer::NakedSet(n) => [30, 36, 50][n as usize - 2],
            Producer::Fish(n) => [32, 38, 52][n as usize - 2],
            Producer::HiddenSet(n) => [34, 40, 54][n as usize - 2],
            Producer::XyWing => 42,
            Producer::XyzWing => 44,
            Producer::UniqueLoops => 45,
            Producer::Bug => 56,
            Producer::AlignedPair => 62,
            Producer::AlignedTriple => 75,
            Producer::Chaining(c) => match (c.multiple, c.dynamic, c.nishio, c.level) {
                (_, _, _, 1..) => 85 + 5 * c.level,
                (_, _, true, _) => 75,
                (_, true, _, _) => 85,
                (true, _, _, _) => 80,
                _ => 65,
            },
        }
    }

    /// The first hint this producer yields in `grid`, in SE's order, if any.
    pub fn first(self, grid: &Grid, ctx: &mut Ctx) -> Option<Hint> {
        match self {
            Producer::HiddenSingle => singles::hidden_single(grid),
            Producer::DirectLocking => locking::locking(grid, true),
            Producer::DirectHiddenPair => subsets::hidden_set(grid, 2, true),
            Producer::NakedSingle => singles::naked_single(grid),
            Producer::DirectHiddenTriple => subsets::hidden_set(grid, 3, true),
            Producer::Locking => locking::locking(grid, false),
            Producer::NakedSet(n) => subsets::naked_set(grid, n as usize),
            Producer::Fish(n) => fish::fisherman(grid, n as usize),
            Producer::HiddenSet(n) => subsets::hidden_set(grid, n as usize, false),
            Producer::XyWing => wings::xy_wing(grid, false),
            Producer::XyzWing => wings::xy_wing(grid, true),
            Producer::UniqueLoops => unique::unique_loops(grid),
            Producer::Bug => bug::bug(grid),
            Producer::AlignedPair => aligned::aligned_pair(grid),
            Producer::AlignedTriple => aligned::aligned_triple(grid, ctx),
            Producer::Chaining(c) => chaining::first(grid, c, ctx),
        }
    }
}

/// What a rating may spend, and what SE may assume of the puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The puzzle has exactly one solution: the uniqueness rules may be used.
    pub unique: bool,
    /// The last producer (an index into [`PRODUCERS`]) that may be asked: a step that needs a
    /// later one stops the rating (`PRODUCERS.len() - 1`, every producer, by default).
    pub max_producer: usize,
    /// The work a puzzle may take, in the chaining engine's units (about a candidate visited);
    /// `u64::MAX` for no limit.
    pub work: u64,
    /// Whether the hints passed on need their pattern (cells, regions, digits): for
    /// explaining; a rating alone does without (for the singles, which are most steps, that
    /// saves two allocations a step).
    pub detail: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options { unique: true, max_producer: PRODUCERS.len() - 1, work: u64::MAX, detail: true }
    }
}

/// A producer's working state for one rating: the budget left.
#[derive(Debug, Clone)]
pub struct Ctx {
    work_left: u64,
    capped: bool,
}

impl Ctx {
    /// A context with `work` units to spend.
    pub fn new(work: u64) -> Ctx {
        Ctx { work_left: work, capped: false }
    }

    /// Spends `n` units of work; false (and the context capped) once the budget is gone, when
    /// the producer must stop and return no hint.
    #[inline]
    pub fn spend(&mut self, n: u64) -> bool {
        if self.work_left < n {
            self.work_left = 0;
            self.capped = true;
            return false;
        }
        self.work_left -= n;
        !self.capped
    }

    /// Whether the budget ran out.
    pub fn capped(&self) -> bool {
        self.capped
    }
}

/// Where a rating stopped before solving the puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// No producer found a step (SE's 20.0: SE could not solve it).
    Stuck,
    /// The next step needs producer `.0` (an index into [`PRODUCERS`]), past
    /// [`Options::max_producer`].
    Level(usize),
    /// The work budget ran out while producer `.0` was searching.
    Budget(usize),
}

/// SE's ratings of a puzzle, as SE computes them (unrounded).
#[derive(Debug, Clone, PartialEq)]
pub struct Rating {
    /// ER: the hardest step's difficulty; `None` where the rating stopped ([`Rating::stop`]).
    pub er: Option<f64>,
    /// EP: the hardest difficulty up to the first step that places a digit; `None` where no
    /// step placed one.
    pub ep: Option<f64>,
    /// ED: the first step's difficulty; `None` where there was no step.
    pub ed: Option<f64>,
    /// The hardest difficulty reached, also where the rating stopped.
    pub reached: Option<f64>,
    /// Why the rating stopped early, if it did.
    pub stop: Option<Stop>,
}

/// The least difficulty, in tenths, that a step found by producer `index` or a later one can
/// have (the uniqueness rules left out where the puzzle may have several solutions).
pub fn least_tenths_from(index: usize, unique: bool) -> u8 {
    PRODUCERS[index.min(PRODUCERS.len())..]
        .iter()
        .filter(|p| unique || !p.needs_unique())
        .map(|p| p.base_tenths())
        .min()
        .unwrap_or(u8::MAX)
}

/// A difficulty in tenths as serate prints it (`(int)((x + 0.05) * 10)`).
pub fn tenths(x: f64) -> i32 {
    ((x + 0.05) * 10.0) as i32
}

/// Rates `givens` (0 for a blank; a puzzle whose givens do not conflict) as SE does, calling
/// `step` with each hint before it is applied.
///
/// For a puzzle with several solutions (`!options.unique`), `dead_end` is asked before the
/// chaining producers whether the position is one no sound rule can move from (no naked
/// single, and every candidate in some solution): there SE would try every level of its
/// chains and find nothing, which can take hours; the rating stops at once as
/// [`Stop::Stuck`] instead, as SE's would in the end.
pub fn rate_with(
    givens: &[u8; 81],
    options: &Options,
    mut step: impl FnMut(&Hint),
    mut dead_end: impl FnMut(&Grid) -> bool,
) -> Rating {
    let mut grid = Grid::new(givens);
    let mut singles = fast::Singles::new(&grid);
    let mut ctx = Ctx::new(options.work);
    let mut difficulty = f64::NEG_INFINITY;
    let (mut pearl, mut diamond) = (0.0f64, 0.0f64);
    let mut stop = None;
    'steps: while !singles.solved() {
        let mut found = None;
        for (i, &producer) in PRODUCERS.iter().enumerate() {
            if producer.needs_unique() && !options.unique {
                continue;
            }
            if i == FIRST_CHAINING && !options.unique && dead_end(&grid) {
                stop = Some(Stop::Stuck);
                break 'steps;
            }
            if i > options.max_producer {
                stop = Some(Stop::Level(i));
                break 'steps;
            }
            found = match producer {
                Producer::HiddenSingle => singles.hidden_single(&grid, options.detail),
                Producer::NakedSingle => singles.naked_single(&grid, options.detail),
                Producer::DirectLocking => locking::locking_in(singles.digit_cells(), true),
                Producer::Locking => locking::locking_in(singles.digit_cells(), false),
                _ => producer.first(&grid, &mut ctx),
            };
            if ctx.capped() {
                stop = Some(Stop::Budget(i));
                break 'steps;
            }
            if found.is_some() {
                break;
            }
        }
        let Some(hint) = found else {
            stop = Some(Stop::Stuck);
            break;
        };
        step(&hint);
        if hint.difficulty > difficulty {
            difficulty = hint.difficulty;
        }
        hint.apply(&mut grid);
        singles.apply(&hint);
        // serate's pearl and diamond (with no --pearl or --diamond): the diamond is the first
        // step's difficulty, the pearl the hardest up to the first placement.
        if pearl == 0.0 {
            if diamond == 0.0 {
                diamond = difficulty;
            }
            if hint.placement.is_some() {
                pearl = difficulty;
            }
        }
    }
    // SE's 0.0 is "not yet": no difficulty is 0.
    let reached = (difficulty > 0.0).then_some(difficulty);
    Rating {
        er: if stop.is_none() { reached } else { None },
        ep: (pearl != 0.0).then_some(pearl),
        ed: (diamond != 0.0).then_some(diamond),
        reached,
        stop,
    }
}

/// Rates `givens`, a puzzle with one solution, as SE does.
pub fn rate(givens: &[u8; 81], options: &Options) -> Rating {
    rate_with(givens, options, |_| {}, |_| false)
}

/// Rates `givens`, a puzzle with one solution, as SE does and returns the steps too.
pub fn explain(givens: &[u8; 81], options: &Options) -> (Rating, Vec<Hint>) {
    let mut steps = Vec::new();
    let rating = rate_with(givens, options, |h| steps.push(h.clone()), |_| false);
    (rating, steps)
}
