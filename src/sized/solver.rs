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
//! When none of these finds anything, it branches on the open cell with two candidates most
//! bound to its open peers, or on a digit with two places left in a house, or on the cell
//! with the fewest candidates, and tries each option in turn on a copy of the level, one
//! level down a stack kept between puzzles. The size is a const generic (`N`), so that each
//! size's loops are unrolled for it; the box shape is not, since a size may have two.
//!
//! It takes candidate masks rather than givens, so pencilmark puzzles (a set of allowed digits
//! a cell) are solved the same way.

use super::{Shape, MAX_SIZE};
use crate::solver::Outcome;

const M: usize = MAX_SIZE;

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

/// A shape's boxes as the passes use them: bands of `box_rows` rows, stacks of `box_cols`
/// columns.
#[derive(Debug, Clone, Copy)]
struct Boxes {
    rows: usize,
    bands: usize,
    stacks: usize,
    /// The columns of each stack.
    stack_cols: [u32; M],
    /// The stack of each column.
    stack_of: [u8; M],
    /// The rows of each band.
    band_rows: [u32; M],
    /// Every column (every row, every box): the bits `0..N`.
    all: u32,
}

impl Boxes {
    fn new(shape: Shape) -> Boxes {
        let (n, rows, cols) = (shape.size(), shape.box_rows(), shape.box_cols());
        let mut boxes = Boxes {
            rows,
            bands: n / rows,
            stacks: n / cols,
            stack_cols: [0; M],
            stack_of: [0; M],
            band_rows: [0; M],
            all: shape.all_digits(),
        };
        for r in 0..n {
            boxes.band_rows[r / rows] |= 1 << r;
        }
        for c in 0..n {
            boxes.stack_cols[c / cols] |= 1 << c;
            boxes.stack_of[c] = (c / cols) as u8;
        }
        boxes
    }

    /// The columns of the stack holding column `c`.
    #[inline]
    fn stack_around(&self, c: usize) -> u32 {
        self.stack_cols[usize::from(self.stack_of[c])]
    }

    /// The box holding row `r`, column `c`.
    #[inline]
    fn box_of(&self, r: usize, c: usize) -> usize {
        r / self.rows * self.stacks + usize::from(self.stack_of[c])
    }
}

/// Calls `$solver.$method::<N>($args)` with `N` the size `$n`, one instance a size a [`Shape`]
/// can have (box rows and columns of 2 or more, at most 25 cells a house).
macro_rules! by_size {
    ($n:expr, $solver:ident . $method:ident ( $($arg:expr),* )) => {
        match $n {
            4 => $solver.$method::<4>($($arg),*),
            6 => $solver.$method::<6>($($arg),*),
            8 => $solver.$method::<8>($($arg),*),
            9 => $solver.$method::<9>($($arg),*),
            10 => $solver.$method::<10>($($arg),*),
            12 => $solver.$method::<12>($($arg),*),
            14 => $solver.$method::<14>($($arg),*),
            15 => $solver.$method::<15>($($arg),*),
            16 => $solver.$method::<16>($($arg),*),
            18 => $solver.$method::<18>($($arg),*),
            20 => $solver.$method::<20>($($arg),*),
            21 => $solver.$method::<21>($($arg),*),
            22 => $solver.$method::<22>($($arg),*),
            24 => $solver.$method::<24>($($arg),*),
            25 => $solver.$method::<25>($($arg),*),
            n => unreachable!("a shape of size {n}: sizes with boxes run from 4 to 25"),
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
        let boxes = Boxes::new(shape);
        by_size!(shape.size(), self.start(&boxes, candidates, first));
        let outcome = Outcome { solutions: self.solutions, guesses: self.guesses };
        (self.guesses <= self.budget).then_some(outcome)
    }

    /// Sets the first level from the candidates, propagates it and searches.
    fn start<const N: usize>(&mut self, boxes: &Boxes, candidates: &[u32], first: &mut [u8]) {
        let level = &mut self.levels[0];
        let all = boxes.all;
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
        if live && place_givens::<N>(level, boxes, &given) && propagate::<N>(level, boxes) {
            self.search::<N>(boxes, 0, first);
        }
    }

    /// Searches from the (propagated) level `depth`; true once the limit is reached.
    fn search<const N: usize>(&mut self, boxes: &Boxes, depth: usize, first: &mut [u8]) -> bool {
        let Some(branch) = Branch::choose::<N>(&self.levels[depth], boxes) else {
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
        if self.levels.len() < depth + 2 {
            self.levels.push(Level::EMPTY);
        }
        for &(d, r, c) in &branch.options[..branch.count] {
            self.guesses += 1;
            if self.guesses > self.budget {
                return true; // given up
            }
            let (here, below) = self.levels.split_at_mut(depth + 1);
            let next = &mut below[0];
            next.copy_from::<N>(&here[depth]);
            let (d, r, c) = (usize::from(d), usize::from(r), usize::from(c));
            if place::<N>(next, boxes, d, r, c)
                && propagate::<N>(next, boxes)
                && self.search::<N>(boxes, depth + 1, first)
            {
                return true;
            }
        }
        false
    }
}

/// Places digit `d` in row `r`, column `c`: it leaves its column and box, and the cell's
/// other digits leave the cell. False when the cell cannot hold it (it is placed, with
/// another digit, or has lost this one); placing it again is nothing.
#[inline]
fn place<const N: usize>(level: &mut Level, boxes: &Boxes, d: usize, r: usize, c: usize) -> bool {
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
    let (band, stack) = (r / boxes.rows * boxes.rows, boxes.stack_around(c));
    for row in &mut board[band..band + boxes.rows] {
        *row &= !stack;
    }
    board[r] = bit;
    level.dirty |= dirty | boxes.band_rows[r / boxes.rows];
    level.open[r] &= !bit;
    level.rows_done[d] |= 1 << r;
    level.cols_done[d] |= bit;
    level.boxes_done[d] |= 1 << boxes.box_of(r, c);
    true
}

/// Places the cells given one digit, all at once: each digit leaves the rows, columns and
/// boxes it is given in. False where two givens of a digit share a house.
fn place_givens<const N: usize>(level: &mut Level, boxes: &Boxes, given: &[u32; M]) -> bool {
    for d in 0..N {
        let board = &mut level.board[d];
        let (mut rows_done, mut cols_done, mut boxes_done) = (0u32, 0u32, 0u32);
        let mut band_cols = [0u32; M];
        for (band, stacks) in band_cols[..boxes.bands].iter_mut().enumerate() {
            for r in band * boxes.rows..(band + 1) * boxes.rows {
                let here = board[r] & given[r];
                if here == 0 {
                    continue;
                }
                let c = here.trailing_zeros() as usize;
                let stack = boxes.stack_around(c);
                if here & (here - 1) != 0 || here & cols_done != 0 || *stacks & stack != 0 {
                    return false;
                }
                *stacks |= stack;
                cols_done |= here;
                rows_done |= 1 << r;
                boxes_done |= 1 << boxes.box_of(r, c);
            }
        }
        for (r, row) in board[..N].iter_mut().enumerate() {
            if rows_done & 1 << r != 0 {
                *row &= given[r];
            } else {
                *row &= !(cols_done | band_cols[r / boxes.rows]);
            }
        }
        (level.rows_done[d], level.cols_done[d], level.boxes_done[d]) =
            (rows_done, cols_done, boxes_done);
    }
    true
}

/// Places naked and hidden singles until none is left, then takes out locked candidates and
/// goes round again while they take anything. False at a dead end: a cell with no digit, or a
/// digit with no place in a house.
fn propagate<const N: usize>(level: &mut Level, boxes: &Boxes) -> bool {
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
                if !place::<N>(level, boxes, d, r, c) {
                    return false;
                }
                placed = true;
            }
        }
        let mut fresh = std::mem::take(&mut level.fresh);
        while fresh != 0 {
            let d = fresh.trailing_zeros() as usize;
            fresh &= fresh - 1;
            if level.rows_done[d] != boxes.all && !hidden_singles::<N>(level, boxes, d, &mut placed)
            {
                return false;
            }
        }
        if !placed {
            match locked_candidates::<N>(level, boxes) {
                None => return false,
                Some(false) => return true,
                Some(true) => {} // more singles, perhaps
            }
        }
    }
}

/// Places digit `d` where a row, column or box has one place left for it; false where one
/// has none. The columns and boxes are read from the rows folded band by band (`once`, in a
/// row of the band; `twice`, in two), taken before the band's placements: a place they show
/// may have gone since (so it is looked for again), never one they miss.
fn hidden_singles<const N: usize>(
    level: &mut Level,
    boxes: &Boxes,
    d: usize,
    placed: &mut bool,
) -> bool {
    let mut rows = !level.rows_done[d] & boxes.all;
    while rows != 0 {
        let r = rows.trailing_zeros() as usize;
        rows &= rows - 1;
        let cols = level.board[d][r];
        if cols == 0 {
            return false;
        }
        if cols & (cols - 1) == 0 {
            if !place::<N>(level, boxes, d, r, cols.trailing_zeros() as usize) {
                return false;
            }
            *placed = true;
        }
    }
    let (mut col_once, mut col_twice) = (0, 0);
    for band in 0..boxes.bands {
        let rows = band * boxes.rows..(band + 1) * boxes.rows;
        let (mut once, mut twice) = (0, 0);
        for &cols in &level.board[d][rows.clone()] {
            twice |= once & cols;
            once |= cols;
        }
        for stack in 0..boxes.stacks {
            let b = band * boxes.stacks + stack;
            if level.boxes_done[d] & 1 << b != 0 {
                continue;
            }
            let seg = once & boxes.stack_cols[stack];
            if seg == 0 {
                return false;
            }
            if twice & seg == 0 && seg & (seg - 1) == 0 {
                let Some(r) = rows.clone().find(|&r| level.board[d][r] & seg != 0) else {
                    return false;
                };
                if !place::<N>(level, boxes, d, r, seg.trailing_zeros() as usize) {
                    return false;
                }
                *placed = true;
            }
        }
        col_twice |= twice | (col_once & once);
        col_once |= once;
    }
    if col_once != boxes.all {
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
        if !place::<N>(level, boxes, d, r, c) {
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
fn locked_candidates<const N: usize>(level: &mut Level, boxes: &Boxes) -> Option<bool> {
    let mut unlocked = std::mem::take(&mut level.unlocked);
    let (mut changed, mut dirty) = (0u32, 0u32);
    while unlocked != 0 {
        let d = unlocked.trailing_zeros() as usize;
        unlocked &= unlocked - 1;
        let (rows_done, cols_done, boxes_done) =
            (level.rows_done[d], level.cols_done[d], level.boxes_done[d]);
        if rows_done == boxes.all {
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
        for (band, band_once) in band_cols[..boxes.bands].iter_mut().enumerate() {
            let rows = band * boxes.rows..(band + 1) * boxes.rows;
            for r in rows.clone().filter(|&r| rows_done & 1 << r == 0) {
                // Claiming: the row's places in one box leave the box's other rows.
                let cols = board[r];
                if cols == 0 {
                    return None;
                }
                let stack = boxes.stack_around(cols.trailing_zeros() as usize);
                if cols & !stack == 0 {
                    for other in rows.clone().filter(|&other| other != r) {
                        clear(board, other, stack);
                    }
                }
            }
            let once = board[rows.clone()].iter().fold(0, |acc, &cols| acc | cols);
            *band_once = once;
            for (stack_at, &stack) in boxes.stack_cols[..boxes.stacks].iter().enumerate() {
                if boxes_done & 1 << (band * boxes.stacks + stack_at) != 0 {
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
        for &cols in &band_cols[..boxes.bands] {
            seen_twice |= seen & cols;
            seen |= cols;
        }
        for (band, &cols) in band_cols[..boxes.bands].iter().enumerate() {
            let only_here = cols & !seen_twice & !cols_done;
            if only_here == 0 {
                continue;
            }
            for &stack in &boxes.stack_cols[..boxes.stacks] {
                let cols = only_here & stack;
                if cols == 0 {
                    continue;
                }
                if cols & (cols - 1) != 0 {
                    return None; // two columns that need the digit in one box
                }
                for r in band * boxes.rows..(band + 1) * boxes.rows {
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
/// The choices at a branch point, one of which must hold, as (digit, row, column) to place:
/// the digits of one cell, or the places of one digit in one house, whichever are fewer (as
/// dancing links picks the column with the fewest rows). Large grids need the second: a
/// 25x25 puzzle's open cells often have three or more candidates where some digit has two
/// places left in a house.
struct Branch {
    options: [(u8, u8, u8); M],
    count: usize,
}

impl Branch {
    /// The branch with the fewest options, or `None` when every cell is placed.
    fn choose<const N: usize>(level: &Level, boxes: &Boxes) -> Option<Branch> {
        // The cells with two candidates, row by row, from bit slices of the counts.
        let mut pairs = [0u32; M];
        let mut any_open = false;
        for r in 0..N {
            let open = level.open[r];
            if open == 0 {
                continue;
            }
            any_open = true;
            let (mut one, mut two, mut three) = (0, 0, 0);
            for digit in &level.board[..N] {
                three |= two & digit[r];
                two |= one & digit[r];
                one |= digit[r];
            }
            pairs[r] = two & !three & open;
        }
        if !any_open {
            return None;
        }
        let mut branch = Branch { options: [(0, 0, 0); M], count: 0 };
        if let Some((r, c)) = Branch::most_linked::<N>(level, boxes, &pairs) {
            for d in (0..N).filter(|&d| level.board[d][r] & 1 << c != 0) {
                branch.push(d, r, c);
            }
            return Some(branch);
        }
        if branch.digit_in_two_places::<N>(level, boxes) {
            return Some(branch);
        }
        // No cell has two candidates, and no digit two places: the cell with the fewest.
        let (mut fewest, mut at) = (u32::MAX, (0, 0));
        for r in 0..N {
            let mut open = level.open[r];
            while open != 0 {
                let c = open.trailing_zeros() as usize;
                open &= open - 1;
                let count = (0..N).filter(|&d| level.board[d][r] & 1 << c != 0).count() as u32;
                if count < fewest {
                    (fewest, at) = (count, (r, c));
                }
            }
        }
        let (r, c) = at;
        for d in (0..N).filter(|&d| level.board[d][r] & 1 << c != 0) {
            branch.push(d, r, c);
        }
        Some(branch)
    }

    fn push(&mut self, d: usize, r: usize, c: usize) {
        self.options[self.count] = (d as u8, r as u8, c as u8);
        self.count += 1;
    }

    /// Of the cells with two candidates (`pairs`, a row's columns a row), the one most bound
    /// to its open peers: a peer that shares a candidate with it counts 1, and 8 more if it
    /// has two candidates (trying a digit here then places that peer, or leaves it one
    /// candidate: a chain of singles that fails or fills fast). Against the first such cell,
    /// this cuts the guesses on hard 16x16 puzzles about sixfold, and on hard 25x25 ones a
    /// hundredfold.
    fn most_linked<const N: usize>(
        level: &Level,
        boxes: &Boxes,
        pairs: &[u32; M],
    ) -> Option<(usize, usize)> {
        let (mut best, mut most) = (None, 0);
        for r in 0..N {
            let mut cells = pairs[r];
            let band = r / boxes.rows * boxes.rows..(r / boxes.rows + 1) * boxes.rows;
            while cells != 0 {
                let c = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                let bit = 1u32 << c;
                let stack = boxes.stack_around(c);
                let mut digits = [0usize; 2];
                let mut found = 0;
                for d in 0..N {
                    if level.board[d][r] & bit != 0 && found < 2 {
                        digits[found] = d;
                        found += 1;
                    }
                }
                let mut links = 1;
                let shared_in = |r2: usize| {
                    (level.board[digits[0]][r2] | level.board[digits[1]][r2]) & level.open[r2]
                };
                // The peers in the cell's band, which may be several a row.
                for r2 in band.clone() {
                    let shared = shared_in(r2) & if r2 == r { !bit } else { stack | bit };
                    links += count(shared) + 8 * count(shared & pairs[r2]);
                }
                // The rest of its column: one cell a row.
                for r2 in (0..band.start).chain(band.end..N) {
                    let shared = shared_in(r2) & bit;
                    links += u32::from(shared != 0) + 8 * u32::from(shared & pairs[r2] != 0);
                }
                if links > most {
                    (best, most) = (Some((r, c)), links);
                }
            }
        }
        best
    }

    /// A digit with two places left in a row, a column or a box, if there is one.
    fn digit_in_two_places<const N: usize>(&mut self, level: &Level, boxes: &Boxes) -> bool {
        for d in 0..N {
            let board = &level.board[d];
            let mut rows = !level.rows_done[d] & boxes.all;
            while rows != 0 {
                let r = rows.trailing_zeros() as usize;
                rows &= rows - 1;
                if is_pair(board[r]) {
                    let mut cols = board[r];
                    while cols != 0 {
                        self.push(d, r, cols.trailing_zeros() as usize);
                        cols &= cols - 1;
                    }
                    return true;
                }
            }
            let (mut one, mut two, mut three) = (0, 0, 0);
            for &cols in &board[..N] {
                three |= two & cols;
                two |= one & cols;
                one |= cols;
            }
            let twos = two & !three & !level.cols_done[d];
            if twos != 0 {
                let c = twos.trailing_zeros() as usize;
                for r in (0..N).filter(|&r| board[r] & 1 << c != 0) {
                    self.push(d, r, c);
                }
                return true;
            }
        }
        for d in 0..N {
            let board = &level.board[d];
            for b in 0..boxes.bands * boxes.stacks {
                if level.boxes_done[d] & 1 << b != 0 {
                    continue;
                }
                let (band, stack) = (b / boxes.stacks, boxes.stack_cols[b % boxes.stacks]);
                let rows = band * boxes.rows..(band + 1) * boxes.rows;
                let places: u32 = rows.clone().map(|r| count(board[r] & stack)).sum();
                if places == 2 {
                    for r in rows {
                        let mut cols = board[r] & stack;
                        while cols != 0 {
                            self.push(d, r, cols.trailing_zeros() as usize);
                            cols &= cols - 1;
                        }
                    }
                    return true;
                }
            }
        }
        false
    }
}

/// Whether a mask holds exactly two bits.
#[inline]
fn is_pair(mask: u32) -> bool {
    let rest = mask & mask.wrapping_sub(1);
    rest != 0 && rest & (rest - 1) == 0
}

/// The bits set in a mask of at most 26 bits, by two lookups: `count_ones` is a dozen
/// instructions on a baseline x86-64, which has no `popcnt`.
#[inline]
fn count(mask: u32) -> u32 {
    u32::from(BITS[(mask & 0x1fff) as usize]) + u32::from(BITS[(mask >> 13 & 0x1fff) as usize])
}

/// The bits set in each 13-bit number.
static BITS: [u8; 1 << 13] = {
    let mut bits = [0u8; 1 << 13];
    let mut i = 1;
    while i < bits.len() {
        bits[i] = bits[i >> 1] + (i & 1) as u8;
        i += 1;
    }
    bits
};
