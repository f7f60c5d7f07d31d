//! The branch on a digit's boxes in a band: the band solver's (and tdoku's) rule, generalised
//! to boxes of `R` rows by `C` columns.
//!
//! A digit sits once in each of a band's `R` rows and once in each of its `R` boxes, so its
//! rows take the band's boxes as a permutation. Of the `R!` permutations, those that fit the
//! digit's places (row `i` has a place in the box it is sent to) are the branch's options,
//! and deciding one keeps each row of the digit to one box: more settled in one guess than a
//! cell's digit, on an open board. The triads ([`super::triads`]) catch the options that send a
//! band's pieces more digits than they hold. Boxes of up to 3 rows and 3 columns (6
//! permutations: the 4x4, 6x6 and 9x9 grids); larger boxes branch by cells ([`MOST_ROWS`]).
//!
//! The permutations' row-box matrix, bit `R i + j` for row `i` of the band in box (stack) `j`:
//!
//! ```text
//!   R = 3:   bit  6  7  8    row 2        a permutation is one bit a row and a column:
//!                 3  4  5    row 1        (0 -> 1, 1 -> 0, 2 -> 2) is bits 1, 3, 8
//!                 0  1  2    row 0
//!          stack  0  1  2
//! ```

use super::{Geometry, Level, Word};

/// The most box rows (and columns) a band branch takes, and the most permutations of them.
/// Boxes of 4x4 were tried: a 16x16 grid with one box filled then took over 200,000 guesses
/// for its first solution (the empty grid, 96), as the rules miss what a permutation of four
/// rows rules out (two rows kept to two boxes leave those boxes to no other row) and the
/// search found it only when the cells ran out. So 12x12 and 16x16 grids branch by cells.
const MOST_ROWS: usize = 3;
const MOST_PERMUTATIONS: usize = 6;

/// The permutations of `0..r` (`r` of at most [`MOST_ROWS`]), each as the row-box matrix bits
/// it uses, and how many there are.
const fn permutations(r: usize) -> ([u16; MOST_PERMUTATIONS], usize) {
    let mut masks = [0u16; MOST_PERMUTATIONS];
    let mut count = 0;
    let tuples = r.pow(r as u32);
    let mut t = 0;
    while t < tuples && r <= MOST_ROWS {
        // Tuple `t`, digit by digit in base `r`: row `i` to box `t / r^i % r`.
        let (mut mask, mut used, mut rest, mut i) = (0u16, 0u32, t, 0);
        while i < r {
            let j = rest % r;
            rest /= r;
            used |= 1 << j;
            mask |= 1 << (i * r + j);
            i += 1;
        }
        if used == (1 << r) - 1 {
            masks[count] = mask;
            count += 1;
        }
        t += 1;
    }
    (masks, count)
}

impl<const N: usize, const R: usize, W: Word> Geometry<N, R, W> {
    /// The band's permutations as row-box matrices (see the module doc): none for boxes of
    /// more than [`MOST_ROWS`] rows. A stack's, of its `C` columns to its `C` boxes, likewise.
    const PERMUTATIONS: ([u16; MOST_PERMUTATIONS], usize) = permutations(R);
    const STACK_PERMUTATIONS: ([u16; MOST_PERMUTATIONS], usize) = permutations(N / R);

    /// Whether the shape's boxes are small enough for the branch.
    pub(super) const BRANCHES_BY_BANDS: bool =
        Self::PERMUTATIONS.1 > 0 && Self::STACK_PERMUTATIONS.1 > 0;
}

/// The box (column `j` of the matrix) that permutation `mask`, of `k` rows, sends row `i` to.
#[inline(always)]
fn box_in(mask: u16, i: usize, k: usize) -> usize {
    (u32::from(mask) >> (i * k) & ((1 << k) - 1)).trailing_zeros() as usize
}

/// A unit of the branch: a band (its rows to its boxes) or a stack (its columns to its boxes).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Unit {
    Band(usize),
    Stack(usize),
}

/// A branch on digit `digit`'s boxes in a band or stack: the permutations that fit, as
/// row-box (column-box) matrices.
pub(super) struct BandBranch {
    pub(super) digit: usize,
    pub(super) unit: Unit,
    pub(super) options: [u16; MOST_PERMUTATIONS],
    pub(super) count: usize,
}

impl BandBranch {
    /// The band solver's rule: of the bands and stacks, the one with the fewest digits not yet
    /// decided there (then the most permutations in all), and its digit with the most
    /// permutations; `None` when every digit is decided everywhere, or the shape's boxes are
    /// too tall or too wide for the branch.
    pub(super) fn choose<const N: usize, const R: usize, W: Word>(
        level: &Level<W>,
        g: Geometry<N, R, W>,
    ) -> Option<BandBranch> {
        if !Geometry::<N, R, W>::BRANCHES_BY_BANDS {
            return None;
        }
        let mut best: Option<Best> = None;
        let units = (0..g.bands()).map(Unit::Band).chain((0..g.stacks()).map(Unit::Stack));
        for unit in units {
            let (mut undecided, mut all) = (0u32, 0u32);
            let (mut most, mut most_count) = ((0, 0), 0);
            for d in 0..N {
                let fitting = fitting(level, g, d, unit);
                let count = u32::from(fitting).ones();
                if count < 2 {
                    continue;
                }
                undecided += 1;
                all += count;
                if count > most_count {
                    (most, most_count) = ((d, fitting), count);
                }
            }
            if most_count == 0 {
                continue;
            }
            let better = best.as_ref().is_none_or(|b| {
                undecided < b.undecided || (undecided == b.undecided && all > b.all)
            });
            if better {
                best = Some(Best { undecided, all, unit, digit: most.0, fitting: most.1 });
            }
        }
        let Best { unit, digit, mut fitting, .. } = best?;
        let (masks, _) = match unit {
            Unit::Band(_) => Geometry::<N, R, W>::PERMUTATIONS,
            Unit::Stack(_) => Geometry::<N, R, W>::STACK_PERMUTATIONS,
        };
        let mut branch = BandBranch { digit, unit, options: [0; MOST_PERMUTATIONS], count: 0 };
        while fitting != 0 {
            branch.options[branch.count] = masks[fitting.trailing_zeros() as usize];
            branch.count += 1;
            fitting &= fitting - 1;
        }
        Some(branch)
    }
}

/// The unit chosen so far: its digits not yet decided and permutations in all, and its digit
/// with the most permutations, with those that fit it (a bit each).
struct Best {
    undecided: u32,
    all: u32,
    unit: Unit,
    digit: usize,
    fitting: u8,
}

/// The most cells in a row, and the most cells in a matrix, of a shape that branches by bands.
const MOST_ROW: usize = 1 << (MOST_ROWS * MOST_ROWS);

impl<const N: usize, const R: usize, W: Word> Geometry<N, R, W> {
    /// For a row's columns (a shape of at most 9), the stacks they touch, a bit each.
    const STACKS_OF: [u8; MOST_ROW] = {
        let mut stacks = [0u8; MOST_ROW];
        let mut cols = 0;
        while cols < MOST_ROW && N <= MOST_ROWS * MOST_ROWS {
            let mut c = 0;
            while c < N {
                if cols >> c & 1 != 0 {
                    stacks[cols] |= 1 << (c / (N / R));
                }
                c += 1;
            }
            cols += 1;
        }
        stacks
    };

    /// For a row-box matrix of a band (a stack), the permutations it fits, a bit each.
    const FITTING: [u8; MOST_ROW] = fitting_table(Self::PERMUTATIONS);
    const STACK_FITTING: [u8; MOST_ROW] = fitting_table(Self::STACK_PERMUTATIONS);

    /// For a row-box matrix of a band, the pieces that some permutation it fits uses (none
    /// where none fits): the band solver's `PERMUTED`, for the locked candidates.
    pub(super) const PERMUTED: [u16; MOST_ROW] = {
        let (masks, count) = Self::PERMUTATIONS;
        let mut table = [0u16; MOST_ROW];
        let mut matrix = 0;
        while matrix < MOST_ROW {
            let mut k = 0;
            while k < count {
                if Self::FITTING[matrix] >> k & 1 != 0 {
                    table[matrix] |= masks[k];
                }
                k += 1;
            }
            matrix += 1;
        }
        table
    };

    /// A band word's row-box matrix (bit `R i + s`: row `i` has a place in stack `s`), for a
    /// shape that branches by bands.
    #[inline(always)]
    pub(super) fn band_matrix(self, word: W) -> usize {
        let mut matrix = 0;
        for i in 0..R {
            let cols = self.row_cols(word, i);
            matrix |= usize::from(Self::STACKS_OF[cols as usize]) << (i * R);
        }
        matrix
    }
}

/// For each matrix, the permutations (of `permutations`) whose cells it holds, a bit each.
const fn fitting_table(permutations: ([u16; MOST_PERMUTATIONS], usize)) -> [u8; MOST_ROW] {
    let (masks, count) = permutations;
    let mut table = [0u8; MOST_ROW];
    let mut matrix = 0;
    while matrix < MOST_ROW {
        let mut k = 0;
        while k < count {
            if matrix as u16 & masks[k] == masks[k] {
                table[matrix] |= 1 << k;
            }
            k += 1;
        }
        matrix += 1;
    }
    table
}

/// The permutations of digit `d` in `unit` that fit its places, a bit each (none, for a
/// digit placed in every row, or column, of the unit: it is decided there).
#[inline]
fn fitting<const N: usize, const R: usize, W: Word>(
    level: &Level<W>,
    g: Geometry<N, R, W>,
    d: usize,
    unit: Unit,
) -> u8 {
    let board = &level.board[d];
    match unit {
        Unit::Band(band) => {
            let rows = (1 << R) - 1;
            if level.rows_done[d] >> (band * R) & rows == rows {
                return 0;
            }
            Geometry::<N, R, W>::FITTING[g.band_matrix(board[band])]
        }
        Unit::Stack(s) => {
            if level.cols_done[d] & g.stack(s) == g.stack(s) {
                return 0;
            }
            // Column `i` of the stack in band `j`: bit `C i + j`.
            let c = N / R;
            let mut matrix = 0;
            for (j, &word) in board[..g.bands()].iter().enumerate() {
                let cols = g.fold(word) >> (s * c);
                for i in 0..c {
                    matrix |= (cols as usize >> i & 1) << (i * c + j);
                }
            }
            Geometry::<N, R, W>::STACK_FITTING[matrix]
        }
    }
}

/// Keeps digit `d` to the permutation `mask` of `unit`: each row of a band to one box, or
/// each column of a stack to one box. False where a row or column has no place left there.
pub(super) fn keep<const N: usize, const R: usize, W: Word>(
    level: &mut Level<W>,
    g: Geometry<N, R, W>,
    d: usize,
    unit: Unit,
    mask: u16,
) -> bool {
    let mut dirty = 0;
    let board = &mut level.board[d];
    match unit {
        Unit::Band(band) => {
            let mut kept = W::ZERO;
            for i in 0..R {
                let piece = g.row(i) & g.box_part(box_in(mask, i, R));
                if (board[band] & piece).is_zero() {
                    return false;
                }
                kept |= piece;
            }
            if !(board[band] & !kept).is_zero() {
                board[band] &= kept;
                dirty |= 1 << band;
            }
        }
        Unit::Stack(s) => {
            let c = N / R;
            for i in 0..c {
                let (column, band) = (g.column(s * c + i), box_in(mask, i, c));
                if (board[band] & column).is_zero() {
                    return false;
                }
                for (other, word) in board[..g.bands()].iter_mut().enumerate() {
                    if other != band && !(*word & column).is_zero() {
                        *word &= !column;
                        dirty |= 1 << other;
                    }
                }
            }
        }
    }
    level.fresh |= 1 << d;
    level.unlocked |= 1 << d;
    level.dirty |= dirty;
    true
}
