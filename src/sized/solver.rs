//! The solver for every size: where each digit may go as a bit set a row, singles and locked
//! candidates propagated, fewest candidates branching.
//!
//! The band solver is built around the 9x9 grid's 81 cells and 27-bit bands; other sizes need
//! a solver that is not. This one keeps, for each digit and each row, the columns where the
//! digit may still go, as a `u32` (bit `c` for column `c`; N is at most 25): a grid of N
//! digit boards, N rows each, the layout of the band solver with a row where it has a band.
//! Placing a digit clears its column and box from its own board and its cell from the other
//! digits' boards, a word a row; the singles are found by passes over the boards that fold
//! rows into bit slices:
//! - naked singles: a row's cells that are in one digit's row and not in two;
//! - hidden singles: a digit's row with one column; its column or box in one row of a band;
//! - locked candidates (when no single is left): a digit in one row of a box leaves the rest
//!   of the row, in one box of a row the rest of the box; the same with columns.
//!
//! Each pass looks only where something changed: the rows where a cell lost a digit, for
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
//! digit with two places left in a house, or on the cell with the fewest candidates (`branch`). The shape is a
//! pair of const generics, size `N` and box rows `R` ([`Geometry`]), so that each shape's loops
//! over digits, rows, bands and boxes have constant counts: one instance a shape. With the box
//! shape a runtime value, 9x9 took 20% more instructions (docs/solver-notes.md).
//!
//! It takes candidate masks rather than givens, so pencilmark puzzles (a set of allowed digits
//! a cell) are solved the same way.

mod bands;
mod branch;
mod triads;

use self::bands::BandBranch;
use self::branch::Branch;
use super::{Shape, MAX_SIZE};
use crate::solver::Outcome;

const M: usize = MAX_SIZE;

/// A puzzle with at least this share of its cells open (in percent) at its first branch point
/// branches on a digit's boxes in a band ([`BandBranch`]), else on cells: the band solver's
/// threshold (50 of 81 cells).
const BAND_SEARCH_FROM: usize = 62;

/// A level of the search: where each digit may still go, and what is placed.
#[derive(Debug, Clone, Copy)]
struct Level {
    /// `board[d][r]`: the columns of row `r` where digit `d + 1` may go; once it is placed in
    /// the row, its column alone.
    board: [[u32; M]; M],
    /// The columns of each row with no digit placed yet.
    open: [u32; M],
    /// For each digit, the rows, columns and boxes it is placed in (bit `r`, `c`, `b`).
    rows_done: [u32; M],
    cols_done: [u32; M],
    boxes_done: [u32; M],
    /// The digits whose boards changed since the hidden singles last looked at them, and
    /// since the locked candidates did.
    fresh: u32,
    unlocked: u32,
    /// The rows where a cell lost a digit since the naked singles last looked at them.
    dirty: u32,
}

impl Level {
    const EMPTY: Level = Level {
        board: [[0; M]; M],
        open: [0; M],
        rows_done: [0; M],
        cols_done: [0; M],
        boxes_done: [0; M],
        fresh: 0,
        unlocked: 0,
        dirty: 0,
    };

    /// Copies the first `N` rows of every table: all a grid of size `N` uses.
    #[inline]
    fn copy_from<const N: usize>(&mut self, other: &Level) {
        for (mine, theirs) in self.board[..N].iter_mut().zip(&other.board[..N]) {
            mine[..N].copy_from_slice(&theirs[..N]);
        }
        self.open[..N].copy_from_slice(&other.open[..N]);
        self.rows_done[..N].copy_from_slice(&other.rows_done[..N]);
        self.cols_done[..N].copy_from_slice(&other.cols_done[..N]);
        self.boxes_done[..N].copy_from_slice(&other.boxes_done[..N]);
        (self.fresh, self.unlocked, self.dirty) = (other.fresh, other.unlocked, other.dirty);
    }
}

/// A shape known at compile time: `N` rows, columns and digits, boxes of `R` rows by `N / R`
/// columns; so `N / R` bands of `R` rows and `R` stacks of `N / R` columns. Every pass takes
/// one (a value of no size), so that its loops over a band's rows or boxes have constant counts.
#[derive(Debug, Clone, Copy)]
struct Geometry<const N: usize, const R: usize>;

impl<const N: usize, const R: usize> Geometry<N, R> {
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

    /// The rows of band `band`, as a range, and as a mask.
    #[inline(always)]
    fn rows_of(self, band: usize) -> std::ops::Range<usize> {
        band * R..(band + 1) * R
    }

    #[inline(always)]
    fn band_rows(self, band: usize) -> u32 {
        ((1 << R) - 1) << (band * R)
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
}

/// Calls `$solver.$method::<N, R>($args)` with `N` and `R` the size and box rows of `$shape`:
/// one instance a shape (box rows and columns of 2 or more, at most 25 cells a house).
macro_rules! by_shape {
    ($shape:expr, $solver:ident . $method:ident $args:tt) => {
        by_shape!(@ $shape, $solver.$method $args;
            (2, 2) (2, 3) (2, 4) (2, 5) (2, 6) (2, 7) (2, 8) (2, 9) (2, 10) (2, 11) (2, 12)
            (3, 2) (3, 3) (3, 4) (3, 5) (3, 6) (3, 7) (3, 8) (4, 2) (4, 3) (4, 4) (4, 5) (4, 6)
            (5, 2) (5, 3) (5, 4) (5, 5) (6, 2) (6, 3) (6, 4) (7, 2) (7, 3) (8, 2) (8, 3)
            (9, 2) (10, 2) (11, 2) (12, 2))
    };
    (@ $shape:expr, $solver:ident . $method:ident $args:tt; $(($r:literal, $c:literal))*) => {
        match ($shape.box_rows(), $shape.box_cols()) {
            $(($r, $c) => $solver.$method::<{ $r * $c }, $r> $args,)*
            (r, c) => unreachable!("boxes of {r}x{c}: a shape's have 2 to 12 rows, 25 cells"),
        }
    };
}

/// Solves grids of any [`Shape`], given as candidate masks. Keeps its stack between puzzles:
/// one a worker thread.
#[derive(Debug, Clone, Default)]
pub struct SizedSolver {
    /// The levels of the search, kept between puzzles.
    levels: Vec<Level>,
    limit: u32,
    solutions: u32,
    guesses: u64,
    /// Guesses after which the search gives up ([`SizedSolver::count_within`]).
    budget: u64,
    /// The puzzle branches on a digit's boxes in a band (decided at its first branch point).
    by_bands: bool,
}

impl SizedSolver {
    /// A solver with an empty stack.
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
        (self.limit, self.solutions, self.guesses, self.budget) = (limit.max(1), 0, 0, budget);
        if self.levels.is_empty() {
            self.levels.push(Level::EMPTY);
        }
        by_shape!(shape, self.start(candidates, first));
        let outcome = Outcome { solutions: self.solutions, guesses: self.guesses };
        (self.guesses <= self.budget).then_some(outcome)
    }

    /// Sets the first level from the candidates, propagates it and searches.
    fn start<const N: usize, const R: usize>(&mut self, candidates: &[u32], first: &mut [u8]) {
        let g = Geometry::<N, R>;
        let level = &mut self.levels[0];
        let all = g.all();
        let mut live = true;
        let mut given = [0u32; M];
        for (r, row) in candidates.chunks_exact(N).enumerate() {
            // Most cells are blank or given: the blanks set every digit's row at once.
            let blank = row
                .iter()
                .enumerate()
                .fold(0, |acc, (c, &mask)| acc | u32::from(mask & all == all) << c);
            for digit in &mut level.board[..N] {
                digit[r] = blank;
            }
            for (c, &mask) in row.iter().enumerate().filter(|&(_, &mask)| mask & all != all) {
                let mut digits = mask & all;
                live &= digits != 0;
                given[r] |= u32::from(digits & digits.wrapping_sub(1) == 0) << c;
                while digits != 0 {
                    level.board[digits.trailing_zeros() as usize][r] |= 1 << c;
                    digits &= digits - 1;
                }
            }
            level.open[r] = all & !given[r];
        }
        (level.fresh, level.unlocked, level.dirty) = (all, all, all);
        if live && place_givens(level, g, &given) && propagate(level, g, false) {
            self.search(g, 0, first);
        }
    }

    /// Searches from the (propagated) level `depth`; true once the limit is reached.
    fn search<const N: usize, const R: usize>(
        &mut self,
        g: Geometry<N, R>,
        depth: usize,
        first: &mut [u8],
    ) -> bool {
        if depth == 0 {
            // How the puzzle branches, and with it whether the triads run.
            let open: u32 = self.levels[0].open[..N].iter().map(|cols| cols.count_ones()).sum();
            self.by_bands = Geometry::<N, R>::BRANCHES_BY_BANDS
                && open as usize * 100 >= BAND_SEARCH_FROM * N * N;
            if self.by_bands && !propagate(&mut self.levels[0], g, true) {
                return false;
            }
        }
        if self.by_bands {
            if let Some(branch) = BandBranch::choose(&self.levels[depth], g) {
                let (d, unit) = (branch.digit, branch.unit);
                for &mask in &branch.options[..branch.count] {
                    if !self.descend::<N>(depth) {
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
            self.solutions += 1;
            if self.solutions == 1 {
                let level = &self.levels[depth];
                for (d, digit) in level.board[..N].iter().enumerate() {
                    for (r, &cols) in digit[..N].iter().enumerate() {
                        first[r * N + cols.trailing_zeros() as usize] = d as u8 + 1;
                    }
                }
            }
            return self.solutions >= self.limit;
        };
        for &(d, r, c) in &branch.options[..branch.count] {
            if !self.descend::<N>(depth) {
                return true; // given up
            }
            let next = &mut self.levels[depth + 1];
            let (d, r, c) = (usize::from(d), usize::from(r), usize::from(c));
            if place(next, g, d, r, c)
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
    fn descend<const N: usize>(&mut self, depth: usize) -> bool {
        self.guesses += 1;
        if self.guesses > self.budget {
            return false;
        }
        if self.levels.len() < depth + 2 {
            self.levels.push(Level::EMPTY);
        }
        let (here, below) = self.levels.split_at_mut(depth + 1);
        below[0].copy_from::<N>(&here[depth]);
        true
    }
}

/// Places digit `d` in row `r`, column `c`: it leaves its column and box, and the cell's
/// other digits leave the cell. False when the cell cannot hold it (it is placed, with
/// another digit, or has lost this one); placing it again is nothing.
#[inline]
fn place<const N: usize, const R: usize>(
    level: &mut Level,
    g: Geometry<N, R>,
    d: usize,
    r: usize,
    c: usize,
) -> bool {
    let bit = 1u32 << c;
    if level.board[d][r] & bit == 0 {
        return false;
    }
    if level.open[r] & bit == 0 {
        return true; // placed already
    }
    let mut gone = 1 << d;
    for (e, digit) in level.board[..N].iter_mut().enumerate() {
        gone |= u32::from(digit[r] & bit != 0) << e;
        digit[r] &= !bit;
    }
    level.fresh |= gone;
    level.unlocked |= gone;
    let board = &mut level.board[d];
    let mut dirty = 1 << r;
    for (i, row) in board[..N].iter_mut().enumerate() {
        dirty |= u32::from(*row & bit != 0) << i;
        *row &= !bit;
    }
    let (band, stack) = (r / R * R, g.stack_around(c));
    for row in &mut board[band..band + R] {
        *row &= !stack;
    }
    board[r] = bit;
    level.dirty |= dirty | g.band_rows(r / R);
    level.open[r] &= !bit;
    level.rows_done[d] |= 1 << r;
    level.cols_done[d] |= bit;
    level.boxes_done[d] |= 1 << g.box_of(r, c);
    true
}

/// Places the cells given one digit, all at once: each digit leaves the rows, columns and
/// boxes it is given in. False where two givens of a digit share a house.
fn place_givens<const N: usize, const R: usize>(
    level: &mut Level,
    g: Geometry<N, R>,
    given: &[u32; M],
) -> bool {
    for d in 0..N {
        let board = &mut level.board[d];
        let (mut rows_done, mut cols_done, mut boxes_done) = (0u32, 0u32, 0u32);
        let mut band_cols = [0u32; M];
        for (band, stacks) in band_cols[..g.bands()].iter_mut().enumerate() {
            for r in g.rows_of(band) {
                let here = board[r] & given[r];
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
        for (r, row) in board[..N].iter_mut().enumerate() {
            if rows_done & 1 << r != 0 {
                *row &= given[r];
            } else {
                *row &= !(cols_done | band_cols[r / R]);
            }
        }
        (level.rows_done[d], level.cols_done[d], level.boxes_done[d]) =
            (rows_done, cols_done, boxes_done);
    }
    true
}

/// Places naked and hidden singles until none is left, then takes out locked candidates and,
/// with `triads` (a search by bands), applies the triads, and goes round again while they take
/// anything. False at a dead end: a cell with no digit, or a digit with no place in a house.
fn propagate<const N: usize, const R: usize>(
    level: &mut Level,
    g: Geometry<N, R>,
    triads: bool,
) -> bool {
    loop {
        let mut placed = false;
        let mut dirty = std::mem::take(&mut level.dirty);
        while dirty != 0 {
            let r = dirty.trailing_zeros() as usize;
            dirty &= dirty - 1;
            let open = level.open[r];
            if open == 0 {
                continue;
            }
            let (mut once, mut twice) = (0, 0);
            for digit in &level.board[..N] {
                twice |= once & digit[r];
                once |= digit[r];
            }
            if open & !once != 0 {
                return false;
            }
            let mut singles = open & !twice;
            while singles != 0 {
                let c = singles.trailing_zeros() as usize;
                singles &= singles - 1;
                // Its one digit, unless a single placed before it in the row took it.
                let Some(d) = (0..N).find(|&d| level.board[d][r] & 1 << c != 0) else {
                    return false;
                };
                if !place(level, g, d, r, c) {
                    return false;
                }
                placed = true;
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
fn hidden_singles<const N: usize, const R: usize>(
    level: &mut Level,
    g: Geometry<N, R>,
    d: usize,
    placed: &mut bool,
) -> bool {
    let mut rows = !level.rows_done[d] & g.all();
    while rows != 0 {
        let r = rows.trailing_zeros() as usize;
        rows &= rows - 1;
        let cols = level.board[d][r];
        if cols == 0 {
            return false;
        }
        if cols & (cols - 1) == 0 {
            if !place(level, g, d, r, cols.trailing_zeros() as usize) {
                return false;
            }
            *placed = true;
        }
    }
    let (mut col_once, mut col_twice) = (0, 0);
    for band in 0..g.bands() {
        let rows = g.rows_of(band);
        let (mut once, mut twice) = (0, 0);
        for &cols in &level.board[d][rows.clone()] {
            twice |= once & cols;
            once |= cols;
        }
        for stack in 0..g.stacks() {
            let b = band * g.stacks() + stack;
            if level.boxes_done[d] & 1 << b != 0 {
                continue;
            }
            let seg = once & g.stack(stack);
            if seg == 0 {
                return false;
            }
            if twice & seg == 0 && seg & (seg - 1) == 0 {
                let Some(r) = rows.clone().find(|&r| level.board[d][r] & seg != 0) else {
                    return false;
                };
                if !place(level, g, d, r, seg.trailing_zeros() as usize) {
                    return false;
                }
                *placed = true;
            }
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
        let Some(r) = (0..N).find(|&r| level.board[d][r] & 1 << c != 0) else {
            return false;
        };
        if !place(level, g, d, r, c) {
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
fn locked_candidates<const N: usize, const R: usize>(
    level: &mut Level,
    g: Geometry<N, R>,
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
        let mut rows_cleared = 0u32;
        let mut clear = |board: &mut [u32; M], r: usize, cols: u32| {
            if board[r] & cols != 0 {
                board[r] &= !cols;
                rows_cleared |= 1 << r;
            }
        };
        let mut band_cols = [0u32; M];
        for (band, band_once) in band_cols[..g.bands()].iter_mut().enumerate() {
            let rows = g.rows_of(band);
            for r in rows.clone().filter(|&r| rows_done & 1 << r == 0) {
                // Claiming: the row's places in one box leave the box's other rows.
                let cols = board[r];
                if cols == 0 {
                    return None;
                }
                let stack = g.stack_around(cols.trailing_zeros() as usize);
                if cols & !stack == 0 {
                    for other in rows.clone().filter(|&other| other != r) {
                        clear(board, other, stack);
                    }
                }
            }
            let once = board[rows.clone()].iter().fold(0, |acc, &cols| acc | cols);
            *band_once = once;
            for (stack_at, stack) in (0..g.stacks()).map(|s| (s, g.stack(s))) {
                if boxes_done & 1 << (band * g.stacks() + stack_at) != 0 {
                    continue;
                }
                // Pointing along a row: the box's places in one row leave the row's other
                // boxes.
                let mut in_rows = rows.clone().filter(|&r| board[r] & stack != 0);
                if let (Some(r), None) = (in_rows.next(), in_rows.next()) {
                    clear(board, r, !stack);
                }
                // Pointing along a column: the box's places in one column leave the column's
                // other bands.
                let seg = once & stack;
                if seg != 0 && seg & (seg - 1) == 0 {
                    for r in (0..rows.start).chain(rows.end..N) {
                        clear(board, r, seg);
                    }
                }
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
            for stack in (0..g.stacks()).map(|s| g.stack(s)) {
                let cols = only_here & stack;
                if cols == 0 {
                    continue;
                }
                if cols & (cols - 1) != 0 {
                    return None; // two columns that need the digit in one box
                }
                for r in g.rows_of(band) {
                    clear(board, r, stack & !cols);
                }
            }
        }
        changed |= u32::from(rows_cleared != 0) << d;
        dirty |= rows_cleared;
    }
    level.fresh |= changed;
    level.unlocked |= changed;
    level.dirty |= dirty;
    Some(changed != 0)
}
