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
//! a digit at a time ([`place_givens`]).
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
mod triads;
mod word;

use std::marker::PhantomData;

use self::bands::BandBranch;
use self::branch::Branch;
use self::word::Word;
use super::{Shape, MAX_SIZE};
use crate::solver::Outcome;

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

/// A shape known at compile time: `N` rows, columns and digits, boxes of `R` rows by `N / R`
/// columns (`R` at most `N / R`), in words `W`; so `N / R` bands of `R` rows and `R` stacks of
/// `N / R` columns. Every pass takes one (a value of no size), so that its loops over a band's
/// rows or boxes have constant counts.
#[derive(Debug)]
struct Geometry<const N: usize, const R: usize, W>(PhantomData<W>);

impl<const N: usize, const R: usize, W> Clone for Geometry<N, R, W> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<const N: usize, const R: usize, W> Copy for Geometry<N, R, W> {}

impl<const N: usize, const R: usize, W: Word> Geometry<N, R, W> {
    const NEW: Self = Geometry(PhantomData);

    /// The shape's band fits its word, and its boxes are no taller than wide.
    const FITS: () = assert!(R * N <= W::BITS && R * R <= N && N / R <= MB);

    /// The columns of each stack.
    const STACK_COLS: [u32; M] = {
        let mut cols = [0; M];
        let mut c = 0;
        while c < N {
            cols[c / (N / R)] |= 1 << c;
            c += 1;
        }
        cols
    };

    /// Column `c` in every row of a band, and stack `s` (its box in the band).
    const COLUMNS: [u128; M] = {
        let mut columns = [0; M];
        let mut c = 0;
        while c < N {
            let mut i = 0;
            while i < R {
                columns[c] |= 1 << (i * N + c);
                i += 1;
            }
            c += 1;
        }
        columns
    };

    const BOXES: [u128; M] = {
        let mut boxes = [0; M];
        let mut s = 0;
        while s < R {
            let mut i = 0;
            while i < R {
                boxes[s] |= (Self::STACK_COLS[s] as u128) << (i * N);
                i += 1;
            }
            s += 1;
        }
        boxes
    };

    #[inline(always)]
    fn bands(self) -> usize {
        N / R
    }

    #[inline(always)]
    fn stacks(self) -> usize {
        R
    }

    /// Every column (every row, every box): the bits `0..N`.
    #[inline(always)]
    fn all(self) -> u32 {
        (1 << N) - 1
    }

    /// Every cell of a band.
    #[inline(always)]
    fn band_all(self) -> W {
        W::of((1 << (R * N)) - 1)
    }

    /// The rows of band `band`, as a range.
    #[inline(always)]
    fn rows_of(self, band: usize) -> std::ops::Range<usize> {
        band * R..(band + 1) * R
    }

    /// The columns of stack `s`, and of the stack holding column `c`.
    #[inline(always)]
    fn stack(self, s: usize) -> u32 {
        Self::STACK_COLS[s]
    }

    #[inline(always)]
    fn stack_around(self, c: usize) -> u32 {
        Self::STACK_COLS[c / (N / R)]
    }

    /// The box holding row `r`, column `c`.
    #[inline(always)]
    fn box_of(self, r: usize, c: usize) -> usize {
        r / R * R + c / (N / R)
    }

    /// Row `i` of a band, column `c` in each of its rows, and the band's part of stack `s`.
    #[inline(always)]
    fn row(self, i: usize) -> W {
        W::of(((1u128 << N) - 1) << (i * N))
    }

    #[inline(always)]
    fn column(self, c: usize) -> W {
        W::of(Self::COLUMNS[c])
    }

    #[inline(always)]
    fn box_part(self, s: usize) -> W {
        W::of(Self::BOXES[s])
    }

    /// The last bit of each row of a band.
    #[inline(always)]
    fn ends(self) -> W {
        W::of(Self::COLUMNS[N - 1])
    }

    /// The rows of a band word with a bit, each as its last bit: a row's other bits added to
    /// all ones carry into it when any is set.
    #[inline(always)]
    fn row_ends(self, word: W) -> W {
        let low = self.band_all() & !self.ends();
        ((word & low).plus(low) | word) & self.ends()
    }

    /// The first and the last column of each stack.
    const STACK_STARTS: u32 = {
        let mut starts = 0;
        let mut s = 0;
        while s < R {
            starts |= 1 << (s * (N / R));
            s += 1;
        }
        starts
    };

    const ROW_TOPS: u32 = Self::STACK_STARTS << (N / R - 1);

    /// For a band's stacks (a bit each: its boxes), their last columns.
    const STACKS_AS_TOPS: [u32; 32] = {
        let mut tops = [0; 32];
        let mut stacks = 0;
        while stacks < 1 << R {
            let mut s = 0;
            while s < R {
                if stacks >> s & 1 != 0 {
                    tops[stacks] |= 1 << (s * (N / R) + N / R - 1);
                }
                s += 1;
            }
            stacks += 1;
        }
        tops
    };

    /// The stacks where a row's columns `cols` have a bit, each as its last column.
    #[inline(always)]
    fn stack_tops(self, cols: u32) -> u32 {
        let low = self.all() & !Self::ROW_TOPS;
        (((cols & low) + low) | cols) & Self::ROW_TOPS
    }

    /// The columns of row `r` in a digit's board.
    #[inline(always)]
    fn cols(self, board: &[W; MB], r: usize) -> u32 {
        (board[r / R] >> (r % R * N)).low() & self.all()
    }

    /// The columns `cols` of row `r` as a band's bits.
    #[inline(always)]
    fn in_row(self, r: usize, cols: u32) -> W {
        W::from_low(cols) << (r % R * N)
    }

    /// The columns of a band word in any of its rows.
    #[inline(always)]
    fn fold(self, word: W) -> u32 {
        (0..R).fold(0, |acc, i| acc | (word >> (i * N)).low()) & self.all()
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
    let mut live = true;
    let mut given = [0u32; M];
    for b in 0..g.bands() {
        level.open[b] = W::ZERO;
        for digit in &mut level.board[..N] {
            digit[b] = W::ZERO;
        }
    }
    for (r, row) in candidates.chunks_exact(N).enumerate() {
        let b = r / R;
        // Most cells are blank or given: the blanks set every digit's row at once.
        let blank = row
            .iter()
            .enumerate()
            .fold(0, |acc, (c, &mask)| acc | u32::from(mask & all == all) << c);
        let blank = g.in_row(r, blank);
        for digit in &mut level.board[..N] {
            digit[b] |= blank;
        }
        for (c, &mask) in row.iter().enumerate().filter(|&(_, &mask)| mask & all != all) {
            let mut digits = mask & all;
            live &= digits != 0;
            given[r] |= u32::from(digits & digits.wrapping_sub(1) == 0) << c;
            let bit = g.in_row(r, 1 << c);
            while digits != 0 {
                level.board[digits.trailing_zeros() as usize][b] |= bit;
                digits &= digits - 1;
            }
        }
        level.open[b] |= g.in_row(r, all & !given[r]);
    }
    (level.fresh, level.unlocked, level.dirty) = (all, all, (1 << g.bands()) - 1);
    if live && place_givens(level, g, &given) && propagate(level, g, false) {
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

/// Places digit `d` in row `r`, column `c`: it leaves its row, column and box, and the cell's
/// other digits leave the cell (unless the caller knows it has none: `alone`, a naked
/// single). False when the cell cannot hold it (it is placed, with another digit, or has lost
/// this one); placing it again is nothing.
#[inline(always)]
fn place<const N: usize, const R: usize, W: Word>(
    level: &mut Level<W>,
    g: Geometry<N, R, W>,
    d: usize,
    r: usize,
    c: usize,
    alone: bool,
) -> bool {
    let (b, i) = (r / R, r % R);
    let bit = W::ONE << (i * N + c);
    if (level.board[d][b] & bit).is_zero() {
        return false;
    }
    if (level.open[b] & bit).is_zero() {
        return true; // placed already
    }
    let mut gone = 1 << d;
    if !alone {
        for (e, digit) in level.board[..N].iter_mut().enumerate() {
            gone |= u32::from(!(digit[b] & bit).is_zero()) << e;
            digit[b] &= !bit;
        }
    }
    level.fresh |= gone;
    level.unlocked |= gone;
    let board = &mut level.board[d];
    let column = g.column(c);
    let mut dirty = 1 << b;
    for (band, word) in board[..g.bands()].iter_mut().enumerate() {
        dirty |= u32::from(!(*word & column).is_zero()) << band;
        *word &= !column;
    }
    let stack = c / (N / R);
    board[b] = board[b] & !(g.row(i) | g.box_part(stack)) | bit;
    level.dirty |= dirty;
    level.open[b] &= !bit;
    level.rows_done[d] |= 1 << r;
    level.cols_done[d] |= 1 << c;
    level.boxes_done[d] |= 1 << (b * R + stack);
    true
}

/// Places the cells given one digit, all at once: each digit leaves the rows, columns and
/// boxes it is given in. False where two givens of a digit share a house.
fn place_givens<const N: usize, const R: usize, W: Word>(
    level: &mut Level<W>,
    g: Geometry<N, R, W>,
    given: &[u32; M],
) -> bool {
    for d in 0..N {
        let board = &mut level.board[d];
        let (mut rows_done, mut cols_done, mut boxes_done) = (0u32, 0u32, 0u32);
        let mut band_cols = [0u32; MB];
        for (band, stacks) in band_cols[..g.bands()].iter_mut().enumerate() {
            for r in g.rows_of(band) {
                let here = g.cols(board, r) & given[r];
                if here == 0 {
                    continue;
                }
                let c = here.trailing_zeros() as usize;
                let stack = g.stack_around(c);
                if here & (here - 1) != 0 || here & cols_done != 0 || *stacks & stack != 0 {
                    return false;
                }
                *stacks |= stack;
                cols_done |= here;
                rows_done |= 1 << r;
                boxes_done |= 1 << g.box_of(r, c);
            }
        }
        for (band, word) in board[..g.bands()].iter_mut().enumerate() {
            let mut keep = W::ZERO;
            for r in g.rows_of(band) {
                let cols = if rows_done & 1 << r != 0 {
                    given[r]
                } else {
                    g.all() & !(cols_done | band_cols[band])
                };
                keep |= g.in_row(r, cols);
            }
            *word &= keep;
        }
        (level.rows_done[d], level.cols_done[d], level.boxes_done[d]) =
            (rows_done, cols_done, boxes_done);
    }
    true
}

/// Places naked and hidden singles until none is left, then takes out locked candidates and,
/// with `triads` (a search by bands), applies the triads, and goes round again while they take
/// anything. False at a dead end: a cell with no digit, or a digit with no place in a house.
fn propagate<const N: usize, const R: usize, W: Word>(
    level: &mut Level<W>,
    g: Geometry<N, R, W>,
    triads: bool,
) -> bool {
    loop {
        let mut placed = false;
        let mut dirty = std::mem::take(&mut level.dirty);
        while dirty != 0 {
            let b = dirty.trailing_zeros() as usize;
            dirty &= dirty - 1;
            let open = level.open[b];
            if open.is_zero() {
                continue;
            }
            let (mut once, mut twice) = (W::ZERO, W::ZERO);
            for digit in &level.board[..N] {
                twice |= once & digit[b];
                once |= digit[b];
            }
            if !(open & !once).is_zero() {
                return false;
            }
            // Each single's one digit: a digit at a time, its singles in the band.
            let mut singles = open & !twice;
            for d in 0..N {
                if singles.is_zero() {
                    break;
                }
                let mut here = level.board[d][b] & singles;
                singles &= !here;
                while !here.is_zero() {
                    let at = here.trailing_zeros();
                    here = here & here.less_one();
                    if !place(level, g, d, b * R + at / N, at % N, true) {
                        return false;
                    }
                    placed = true;
                }
            }
        }
        let mut fresh = std::mem::take(&mut level.fresh);
        while fresh != 0 {
            let d = fresh.trailing_zeros() as usize;
            fresh &= fresh - 1;
            if level.rows_done[d] != g.all() && !hidden_singles(level, g, d, &mut placed) {
                return false;
            }
        }
        if !placed {
            match locked_candidates(level, g) {
                None => return false,
                Some(true) => continue, // more singles, perhaps
                Some(false) => {}
            }
            if !triads {
                return true;
            }
            match triads::triads(level, g) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }
}

/// Places digit `d` where a row, column or box has one place left for it; false where one
/// has none. The columns and boxes are read from the rows folded band by band (`once`, in a
/// row of the band; `twice`, in two), taken before the band's placements: a place they show
/// may have gone since (so it is looked for again), never one they miss.
fn hidden_singles<const N: usize, const R: usize, W: Word>(
    level: &mut Level<W>,
    g: Geometry<N, R, W>,
    d: usize,
    placed: &mut bool,
) -> bool {
    // The rows: band by band, those with one place (or none) found at once, by fields. The
    // digit's places in open cells are its places in the rows it is not placed in.
    for band in 0..g.bands() {
        if level.rows_done[d] >> (band * R) & ((1 << R) - 1) == (1 << R) - 1 {
            continue;
        }
        let word = level.board[d][band];
        if g.row_ends(word) != g.ends() {
            return false; // a row with no place for the digit
        }
        // Each open row's lowest place taken: the rows with one place left have none.
        let live = word & level.open[band];
        let open_rows = g.row_ends(live);
        let mut lone = open_rows & !g.row_ends(live & live.minus(open_rows >> (N - 1)));
        while !lone.is_zero() {
            let r = band * R + lone.trailing_zeros() / N;
            lone = lone & lone.less_one();
            // The board may have changed since: a placement before it in the band.
            let cols = g.cols(&level.board[d], r);
            if cols == 0 {
                return false;
            }
            if cols & (cols - 1) == 0 {
                if !place(level, g, d, r, cols.trailing_zeros() as usize, false) {
                    return false;
                }
                *placed = true;
            }
        }
    }
    let (mut col_once, mut col_twice) = (0, 0);
    for band in 0..g.bands() {
        let word = level.board[d][band];
        let (mut once, mut twice) = (0, 0);
        for i in 0..R {
            let cols = (word >> (i * N)).low() & g.all();
            twice |= once & cols;
            once |= cols;
        }
        // The boxes: each stack's field of the band's columns, with a place in it (a dead
        // end where one has none), and with one, in one row.
        let tops = Geometry::<N, R, W>::ROW_TOPS;
        if g.stack_tops(once) != tops {
            return false;
        }
        let starts = Geometry::<N, R, W>::STACK_STARTS;
        let done = Geometry::<N, R, W>::STACKS_AS_TOPS
            [(level.boxes_done[d] >> (band * R) & ((1 << R) - 1)) as usize];
        let single = g.stack_tops(once & once.wrapping_sub(starts)) | g.stack_tops(twice);
        let mut lone = tops & !single & !done;
        while lone != 0 {
            let stack = lone.trailing_zeros() as usize / (N / R);
            lone &= lone - 1;
            let c = (once & g.stack(stack)).trailing_zeros() as usize;
            let at = level.board[d][band] & g.column(c);
            if at.is_zero() {
                return false;
            }
            if !place(level, g, d, band * R + at.trailing_zeros() / N, c, false) {
                return false;
            }
            *placed = true;
        }
        col_twice |= twice | (col_once & once);
        col_once |= once;
    }
    if col_once != g.all() {
        return false;
    }
    let mut cols = col_once & !col_twice & !level.cols_done[d];
    while cols != 0 {
        let c = cols.trailing_zeros() as usize;
        cols &= cols - 1;
        if level.cols_done[d] & 1 << c != 0 {
            continue;
        }
        let column = g.column(c);
        let Some(band) = (0..g.bands()).find(|&b| !(level.board[d][b] & column).is_zero()) else {
            return false;
        };
        let r = band * R + (level.board[d][band] & column).trailing_zeros() / N;
        if !place(level, g, d, r, c, false) {
            return false;
        }
        *placed = true;
    }
    true
}

/// Where a digit's places in a box all lie in one row (or column), it leaves the rest of
/// that row (pointing); where its places in a row (or column) all lie in one box, it leaves
/// the rest of the box (claiming). Only the digits whose boards changed since it last looked
/// ([`Level::unlocked`]), and only their houses without the digit placed. Returns whether any
/// place went, `None` at a dead end.
fn locked_candidates<const N: usize, const R: usize, W: Word>(
    level: &mut Level<W>,
    g: Geometry<N, R, W>,
) -> Option<bool> {
    let mut unlocked = std::mem::take(&mut level.unlocked);
    let (mut changed, mut dirty) = (0u32, 0u32);
    while unlocked != 0 {
        let d = unlocked.trailing_zeros() as usize;
        unlocked &= unlocked - 1;
        let (rows_done, cols_done, boxes_done) =
            (level.rows_done[d], level.cols_done[d], level.boxes_done[d]);
        if rows_done == g.all() {
            continue;
        }
        let board = &mut level.board[d];
        let mut bands_cleared = 0u32;
        let mut band_cols = [0u32; MB];
        for (band, band_once) in band_cols[..g.bands()].iter_mut().enumerate() {
            let before = board[band];
            let mut word = before;
            let rows = g.rows_of(band);
            for r in rows.clone().filter(|&r| rows_done & 1 << r == 0) {
                // Claiming: the row's places in one box leave the box's other rows.
                let cols = (word >> (r % R * N)).low() & g.all();
                if cols == 0 {
                    return None;
                }
                let stack = cols.trailing_zeros() as usize / (N / R);
                if cols & !g.stack(stack) == 0 {
                    word &= !(g.box_part(stack) & !g.row(r % R));
                }
            }
            let once = g.fold(word);
            *band_once = once;
            for (stack_at, stack) in (0..g.stacks()).map(|s| (s, g.stack(s))) {
                if boxes_done & 1 << (band * g.stacks() + stack_at) != 0 {
                    continue;
                }
                // Pointing along a row: the box's places in one row leave the row's other
                // boxes.
                let in_box = word & g.box_part(stack_at);
                let mut in_rows = (0..R).filter(|&i| !(in_box & g.row(i)).is_zero());
                if let (Some(i), None) = (in_rows.next(), in_rows.next()) {
                    word &= !(g.row(i) & !g.box_part(stack_at));
                }
                // Pointing along a column: the box's places in one column leave the column's
                // other bands.
                let seg = once & stack;
                if seg != 0 && seg & (seg - 1) == 0 {
                    let column = g.column(seg.trailing_zeros() as usize);
                    for other in (0..g.bands()).filter(|&other| other != band) {
                        if !(board[other] & column).is_zero() {
                            board[other] &= !column;
                            bands_cleared |= 1 << other;
                        }
                    }
                }
            }
            if word != before {
                board[band] = word;
                bands_cleared |= 1 << band;
            }
        }
        // Claiming along columns: a column's places in one band leave the box's other columns.
        let mut seen_twice = 0;
        let mut seen = 0;
        for &cols in &band_cols[..g.bands()] {
            seen_twice |= seen & cols;
            seen |= cols;
        }
        for (band, &cols) in band_cols[..g.bands()].iter().enumerate() {
            let only_here = cols & !seen_twice & !cols_done;
            if only_here == 0 {
                continue;
            }
            for s in 0..g.stacks() {
                let cols = only_here & g.stack(s);
                if cols == 0 {
                    continue;
                }
                if cols & (cols - 1) != 0 {
                    return None; // two columns that need the digit in one box
                }
                let gone = g.box_part(s) & !g.column(cols.trailing_zeros() as usize);
                if !(board[band] & gone).is_zero() {
                    board[band] &= !gone;
                    bands_cleared |= 1 << band;
                }
            }
        }
        changed |= u32::from(bands_cleared != 0) << d;
        dirty |= bands_cleared;
    }
    level.fresh |= changed;
    level.unlocked |= changed;
    level.dirty |= dirty;
    Some(changed != 0)
}
