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

use super::{Geometry, Level};

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

impl<const N: usize, const R: usize> Geometry<N, R> {
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
    pub(super) fn choose<const N: usize, const R: usize>(
        level: &Level,
        g: Geometry<N, R>,
    ) -> Option<BandBranch> {
        if !Geometry::<N, R>::BRANCHES_BY_BANDS {
            return None;
        }
        // The unit's (undecided digits, permutations in all), and its best branch.
        let mut best: Option<((u32, u32), BandBranch)> = None;
        let units = (0..g.bands()).map(Unit::Band).chain((0..g.stacks()).map(Unit::Stack));
        for unit in units {
            let (mut undecided, mut all) = (0u32, 0u32);
            let mut most: Option<BandBranch> = None;
            for d in 0..N {
                let branch = BandBranch::of(level, g, d, unit);
                if branch.count < 2 {
                    continue;
                }
                undecided += 1;
                all += branch.count as u32;
                if most.as_ref().is_none_or(|m| branch.count > m.count) {
                    most = Some(branch);
                }
            }
            let Some(most) = most else { continue };
            let better = match &best {
                None => true,
                Some(((u, a), _)) => undecided < *u || (undecided == *u && all > *a),
            };
            if better {
                best = Some(((undecided, all), most));
            }
        }
        best.map(|(_, branch)| branch)
    }

    /// The permutations of digit `d` in `unit` that fit its places.
    fn of<const N: usize, const R: usize>(
        level: &Level,
        g: Geometry<N, R>,
        d: usize,
        unit: Unit,
    ) -> BandBranch {
        let board = &level.board[d];
        let mut branch = BandBranch { digit: d, unit, options: [0; MOST_PERMUTATIONS], count: 0 };
        let (matrix, (masks, count)) = match unit {
            Unit::Band(band) => {
                let mut matrix = 0u16;
                for (i, r) in g.rows_of(band).enumerate() {
                    for j in 0..R {
                        matrix |= u16::from(board[r] & g.stack(j) != 0) << (i * R + j);
                    }
                }
                (matrix, Geometry::<N, R>::PERMUTATIONS)
            }
            Unit::Stack(s) => {
                // Column `i` of the stack in band `j`: bit `C i + j`.
                let c = N / R;
                let first = s * c;
                let mut matrix = 0u16;
                for j in 0..g.bands() {
                    let cols = board[g.rows_of(j)].iter().fold(0, |acc, &cols| acc | cols);
                    for i in 0..c {
                        matrix |= u16::from(cols >> (first + i) & 1 != 0) << (i * c + j);
                    }
                }
                (matrix, Geometry::<N, R>::STACK_PERMUTATIONS)
            }
        };
        for &mask in &masks[..count] {
            if matrix & mask == mask {
                branch.options[branch.count] = mask;
                branch.count += 1;
            }
        }
        branch
    }
}

/// Keeps digit `d` to the permutation `mask` of `unit`: each row of a band to one box, or
/// each column of a stack to one box. False where a row or column has no place left there.
pub(super) fn keep<const N: usize, const R: usize>(
    level: &mut Level,
    g: Geometry<N, R>,
    d: usize,
    unit: Unit,
    mask: u16,
) -> bool {
    let mut dirty = 0;
    let board = &mut level.board[d];
    match unit {
        Unit::Band(band) => {
            for (i, r) in g.rows_of(band).enumerate() {
                let stack = g.stack(box_in(mask, i, R));
                let row = &mut board[r];
                if *row & stack == 0 {
                    return false;
                }
                if *row & !stack != 0 {
                    *row &= stack;
                    dirty |= 1 << r;
                }
            }
        }
        Unit::Stack(s) => {
            let c = N / R;
            for i in 0..c {
                let (bit, band) = (1u32 << (s * c + i), box_in(mask, i, c));
                let mut kept = false;
                for (r, row) in board[..N].iter_mut().enumerate() {
                    if r / R == band {
                        kept |= *row & bit != 0;
                    } else if *row & bit != 0 {
                        *row &= !bit;
                        dirty |= 1 << r;
                    }
                }
                if !kept {
                    return false;
                }
            }
        }
    }
    level.fresh |= 1 << d;
    level.unlocked |= 1 << d;
    level.dirty |= dirty;
    true
}
