//! The solver for every size: where each digit may go as a bit set a band, singles and locked
//! candidates propagated, fewest candidates branching.
//!
//! The band solver is built around the 9x9 grid's 81 cells and 27-bit bands; this one keeps
//! the same layout for every shape. For each digit and each band (the `R` rows of a row of
//! boxes), the cells where the digit may still go are one [`Word`]: bit `N i + c` for row `i`
//! of the band, column `c`, in the smallest unsigned integer that holds `R N` bits (a `u32`
//! for 9x9, a `u64` for 16x16, a `u128` for 25x25). A grid whose boxes are taller than wide is
//! solved transposed, so that every shape's band fits in 128 bits.
//!
//! Placing a digit clears its column, row and box from its own board (a word a band, and the
//! band's word once) and its cell from the other digits' boards; the singles are found by
//! passes that fold the boards into bit slices:
//! - naked singles: a band's cells that are in one digit's word and not in two;
//! - hidden singles: a digit's row with one column; its column or box in one row of a band;
//! - locked candidates (when no single is left): a digit in one row of a box leaves the rest
//!   of the row, in one box of a row the rest of the box; the same with columns.
//!
//! Each pass looks only where something changed: the bands where a cell lost a digit, for
//! naked singles, and the digits whose boards changed, for hidden singles and locked
//! candidates (`Level::dirty`, `fresh`, `unlocked`). A puzzle's givens are placed all at once,
//! a digit at a time ([`set_candidates`]).
//!
//! When none of these finds anything, it branches, and tries each option in turn on a copy of
//! the level, one level down a stack kept between puzzles. A puzzle whose first branch point
//! leaves most cells open ([`BAND_SEARCH_FROM`]) is searched as the band solver searches it:
//! on a digit's boxes in a band or stack (its rows, or columns, sent to its boxes by one of
//! the permutations that fit: `bands`), with the triads (a row's or column's piece of a box
//! holds as many digits as it has cells: `triads`) added to the rules, which make such a
//! branch safe to take. Other puzzles, and shapes whose boxes have more than 3 rows or
//! columns, branch on the open cell with two candidates most bound to its open peers, or on a
//! digit with two places left in a house, or on the cell with the fewest candidates
//! (`branch`). The shape is a pair of const generics, size `N` and box rows `R`, with the word
//! ([`Geometry`]), so that each shape's loops over digits, rows, bands and boxes have constant
//! counts: one instance a shape. With the box shape a runtime value, 9x9 took 20% more
//! instructions (docs/solver-notes.md).
//!
//! It takes candidate masks rather than givens, so pencilmark puzzles (a set of allowed digits
//! a cell) are solved the same way.

mod bands;
mod branch;
mod geometry;
mod propagate;
mod triads;
mod word;

use self::bands::BandBranch;
use self::branch::Branch;
use self::geometry::Geometry;
use self::propagate::{place, propagate, set_candidates};
use self::word::Word;
use super::{Shape, MAX_SIZE};
use crate::grid::Outcome;

/// The most digits (and rows, and columns).
const M: usize = MAX_SIZE;

/// The most bands: boxes at least as wide as tall have at most 12 columns.
const MB: usize = 12;

/// A puzzle with at least this share of its cells open (in percent) at its first branch point
/// branches on a digit's boxes in a band ([`BandBranch`]), else on cells: the band solver's
/// threshold (50 of 81 cells).
const BAND_SEARCH_FROM: usize = 62;

/// A level of the search: where each digit may still go, and what is placed.
#[derive(Debug, Clone, Copy)]
struct Level<W> {
    /// `board[d][b]`: the cells of band `b` where digit `d + 1` may go (bit `N i + c` for the
    /// band's row `i`, column `c`); once it is placed in a row, that cell alone in the row.
    board: [[W; MB]; M],
    /// The cells of each band with no digit placed yet.
    open: [W; MB],
    /// For each digit, the rows, columns and boxes it is placed in (bit `r`, `c`, `b`).
    rows_done: [u32; M],
    cols_done: [u32; M],
    boxes_done: [u32; M],
    /// The digits whose boards changed since the hidden singles last looked at them, and
    /// since the locked candidates did.
    fresh: u32,
    unlocked: u32,
    /// The bands where a cell lost a digit since the naked singles last looked at them.
    dirty: u32,
}

impl<W: Word> Level<W> {
    const EMPTY: Level<W> = Level {
        board: [[W::ZERO; MB]; M],
        open: [W::ZERO; MB],
        rows_done: [0; M],
        cols_done: [0; M],
        boxes_done: [0; M],
        fresh: 0,
        unlocked: 0,
        dirty: 0,
    };

    /// Copies what a grid of size `N` and `bands` bands uses of every table.
    #[inline]
    fn copy_from<const N: usize>(&mut self, other: &Level<W>, bands: usize) {
        for (mine, theirs) in self.board[..N].iter_mut().zip(&other.board[..N]) {
            mine[..bands].copy_from_slice(&theirs[..bands]);
        }
        self.open[..bands].copy_from_slice(&other.open[..bands]);
        self.rows_done[..N].copy_from_slice(&other.rows_done[..N]);
        self.cols_done[..N].copy_from_slice(&other.cols_done[..N]);
        self.boxes_done[..N].copy_from_slice(&other.boxes_done[..N]);
        (self.fresh, self.unlocked, self.dirty) = (other.fresh, other.unlocked, other.dirty);
    }
}

/// Calls `$search.$method::<N, R, W>($args)` with `N` and `R` the size and box rows of
/// `$shape`, and `W` the word its band fits: one instance a shape whose boxes are no taller
/// than wide (box rows and columns of 2 or more, at most 25 cells a house).
macro_rules! by_shape {
    ($shape:expr, $method:ident $args:tt) => {
        by_shape!(@ $shape, $method $args;
            (2, 2, u32) (2, 3, u32) (2, 4, u32) (2, 5, u32) (2, 6, u32) (2, 7, u32) (2, 8, u32)
            (2, 9, u64) (2, 10, u64) (2, 11, u64) (2, 12, u64)
            (3, 3, u32) (3, 4, u64) (3, 5, u64) (3, 6, u64) (3, 7, u64) (3, 8, u128)
            (4, 4, u64) (4, 5, u128) (4, 6, u128) (5, 5, u128))
    };
    (@ $shape:expr, $method:ident $args:tt; $(($r:literal, $c:literal, $w:ty))*) => {
        match ($shape.box_rows(), $shape.box_cols()) {
            $(($r, $c) => $method::<{ $r * $c }, $r, $w> $args,)*
            (r, c) => unreachable!("boxes of {r}x{c}: no taller than wide, at most 25 cells"),
        }
    };
}

/// The levels of the search, one stack for each word, kept between puzzles.
#[derive(Debug, Clone, Default)]
struct Stacks {
    small: Vec<Level<u32>>,
    medium: Vec<Level<u64>>,
    large: Vec<Level<u128>>,
}

/// A word with its stack of levels.
trait Stacked: Word {
    fn stack(stacks: &mut Stacks) -> &mut Vec<Level<Self>>;
}

impl Stacked for u32 {
    fn stack(stacks: &mut Stacks) -> &mut Vec<Level<u32>> {
        &mut stacks.small
    }
}

impl Stacked for u64 {
    fn stack(stacks: &mut Stacks) -> &mut Vec<Level<u64>> {
        &mut stacks.medium
    }
}

impl Stacked for u128 {
    fn stack(stacks: &mut Stacks) -> &mut Vec<Level<u128>> {
        &mut stacks.large
    }
}

/// Solves grids of any [`Shape`], given as candidate masks. Keeps its stacks between puzzles:
/// one a worker thread.
#[derive(Debug, Clone, Default)]
pub struct SizedSolver {
    stacks: Stacks,
    /// A grid with boxes taller than wide, transposed, and its first solution.
    transposed: Vec<u32>,
    transposed_first: Vec<u8>,
}

impl SizedSolver {
    /// A solver with empty stacks.
    pub fn new() -> SizedSolver {
        SizedSolver::default()
    }

    /// Counts the solutions of the puzzle whose cells may hold the digits in `candidates` (a
    /// mask a cell, bit `d - 1` for digit `d`; a given is one bit), up to `limit` (0 means 1).
    /// The first solution's digits (1 to N) go into `first`, which is left as it was when
    /// there is none. A cell with no candidate, or givens that clash, mean no solution.
    ///
    /// # Panics
    /// When `candidates` or `first` do not hold `shape.cells()` values.
    pub fn count(
        &mut self,
        shape: Shape,
        candidates: &[u32],
        limit: u32,
        first: &mut [u8],
    ) -> Outcome {
        self.count_within(shape, candidates, limit, first, u64::MAX).expect("no budget")
    }

    /// [`count`](Self::count), giving up (`None`) once the search has made `budget` guesses:
    /// for the generator, which must not spend minutes proving one cell's need on a grid near
    /// the hardest density (a 25x25 puzzle with half its cells given can take millions of
    /// guesses).
    pub fn count_within(
        &mut self,
        shape: Shape,
        candidates: &[u32],
        limit: u32,
        first: &mut [u8],
        budget: u64,
    ) -> Option<Outcome> {
        let cells = shape.cells();
        assert!(candidates.len() == cells && first.len() == cells, "one value a cell");
        let mut search = Search { limit: limit.max(1), solutions: 0, guesses: 0, budget };
        let (rows, cols) = (shape.box_rows(), shape.box_cols());
        if rows <= cols {
            by_shape!(shape, start(&mut self.stacks, &mut search, candidates, first));
        } else {
            // Rows for columns: the transposed grid has boxes of `cols` x `rows`, and the
            // same solutions, transposed.
            let n = shape.size();
            let flipped = Shape::new(cols, rows).expect("a shape transposed");
            let transpose = |cell: usize| cell % n * n + cell / n;
            self.transposed.clear();
            self.transposed.extend((0..cells).map(|cell| candidates[transpose(cell)]));
            self.transposed_first.clear();
            self.transposed_first.resize(cells, 0);
            let (stacks, from, into) =
                (&mut self.stacks, &self.transposed, &mut self.transposed_first);
            by_shape!(flipped, start(stacks, &mut search, from, into));
            if search.solutions > 0 {
                for (cell, digit) in first.iter_mut().enumerate() {
                    *digit = self.transposed_first[transpose(cell)];
                }
            }
        }
        let outcome = Outcome { solutions: search.solutions, guesses: search.guesses };
        (search.guesses <= search.budget).then_some(outcome)
    }
}

/// A search's limits and counts.
struct Search {
    limit: u32,
    solutions: u32,
    guesses: u64,
    /// Guesses after which the search gives up ([`SizedSolver::count_within`]).
    budget: u64,
}

/// Sets the first level from the candidates, propagates it and searches.
fn start<const N: usize, const R: usize, W: Stacked>(
    stacks: &mut Stacks,
    search: &mut Search,
    candidates: &[u32],
    first: &mut [u8],
) {
    #[allow(clippy::let_unit_value)]
    let () = Geometry::<N, R, W>::FITS;
    let g = Geometry::<N, R, W>::NEW;
    let levels = W::stack(stacks);
    if levels.is_empty() {
        levels.push(Level::EMPTY);
    }
    let level = &mut levels[0];
    let all = g.all();
    let live = set_candidates(level, g, candidates);
    (level.fresh, level.unlocked, level.dirty) = (all, all, (1 << g.bands()) - 1);
    if live && propagate(level, g, false) {
        let mut run = Run { levels, search, by_bands: false };
        run.search(g, 0, first);
    }
}

/// A search under way: its levels, and how it branches.
struct Run<'a, W> {
    levels: &'a mut Vec<Level<W>>,
    search: &'a mut Search,
    /// The puzzle branches on a digit's boxes in a band (decided at its first branch point).
    by_bands: bool,
}

impl<W: Word> Run<'_, W> {
    /// Searches from the (propagated) level `depth`; true once the limit is reached.
    fn search<const N: usize, const R: usize>(
        &mut self,
        g: Geometry<N, R, W>,
        depth: usize,
        first: &mut [u8],
    ) -> bool {
        if depth == 0 {
            // How the puzzle branches, and with it whether the triads run.
            let open: u32 = self.levels[0].open[..g.bands()].iter().map(|w| w.ones()).sum();
            self.by_bands = Geometry::<N, R, W>::BRANCHES_BY_BANDS
                && open as usize * 100 >= BAND_SEARCH_FROM * N * N;
            if self.by_bands && !propagate(&mut self.levels[0], g, true) {
                return false;
            }
        }
        if self.by_bands {
            if let Some(branch) = BandBranch::choose(&self.levels[depth], g) {
                let (d, unit) = (branch.digit, branch.unit);
                for &mask in &branch.options[..branch.count] {
                    if !self.descend(g, depth) {
                        return true; // given up
                    }
                    let next = &mut self.levels[depth + 1];
                    if bands::keep(next, g, d, unit, mask)
                        && propagate(next, g, true)
                        && self.search(g, depth + 1, first)
                    {
                        return true;
                    }
                }
                return false;
            }
        }
        let Some(branch) = Branch::choose(&self.levels[depth], g) else {
            // Every cell placed, and every placement propagated: a solution.
            self.search.solutions += 1;
            if self.search.solutions == 1 {
                let level = &self.levels[depth];
                for (d, digit) in level.board[..N].iter().enumerate() {
                    for (b, &word) in digit[..g.bands()].iter().enumerate() {
                        for i in 0..R {
                            let c = (word >> (i * N)).low().trailing_zeros() as usize;
                            first[(b * R + i) * N + c] = d as u8 + 1;
                        }
                    }
                }
            }
            return self.search.solutions >= self.search.limit;
        };
        for &(d, r, c) in &branch.options[..branch.count] {
            if !self.descend(g, depth) {
                return true; // given up
            }
            let next = &mut self.levels[depth + 1];
            let (d, r, c) = (usize::from(d), usize::from(r), usize::from(c));
            if place(next, g, d, r, c, false)
                && propagate(next, g, self.by_bands)
                && self.search(g, depth + 1, first)
            {
                return true;
            }
        }
        false
    }

    /// Counts a guess and copies level `depth` one level down, for an option to be tried
    /// there; false once the guesses are over the budget.
    fn descend<const N: usize, const R: usize>(
        &mut self,
        g: Geometry<N, R, W>,
        depth: usize,
    ) -> bool {
        self.search.guesses += 1;
        if self.search.guesses > self.search.budget {
            return false;
        }
        if self.levels.len() < depth + 2 {
            self.levels.push(Level::EMPTY);
        }
        let (here, below) = self.levels.split_at_mut(depth + 1);
        below[0].copy_from::<N>(&here[depth], g.bands());
        true
    }
}
