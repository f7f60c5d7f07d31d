//! The triads, tdoku's rule generalised to boxes of `R` rows by `C = N / R` columns: a row's
//! piece of a box (a *minirow*, `C` cells) holds `C` different digits, and a column's piece (a
//! *minicolumn*, `R` cells) holds `R`. So, for each piece:
//! - fewer digits able to go there than it has cells is a dead end; exactly as many, and each
//!   of them goes there (it leaves the rest of its row or column, and the rest of its box);
//! - more digits *kept* to it (able to go nowhere else in the row or column) than it has cells
//!   is a dead end; exactly as many, and no other digit goes there.
//!
//! A digit placed in a piece counts as able and as kept, so the counts are over every digit.
//! These are what make a branch on a digit's boxes in a band ([`super::branch`]) safe: such a
//! branch keeps digits to minirows, and without the second rule a band could be sent more
//! digits than its pieces hold, found only when its cells ran out.
//!
//! The counts are bit slices: `at_least[k]` holds the pieces (a bit each) counted `k + 1`
//! times or more, so a word a threshold, for the `C + 1` (or `R + 1`) thresholds that matter.
//! A minirow is a field of `C` bits of its row's word; its count sits at the field's top bit
//! ([`Geometry::pieces`]).

use super::{Geometry, Level, M};

/// The most thresholds a count needs: a piece's cells and one, for pieces of up to 12 cells.
const THRESHOLDS: usize = 13;

/// Counts of bits in each position of a word, as bit slices by threshold (see the module
/// doc), up to `T` (a constant after inlining).
#[derive(Clone, Copy)]
struct AtLeast {
    at_least: [u32; THRESHOLDS],
}

impl AtLeast {
    const ZERO: AtLeast = AtLeast { at_least: [0; THRESHOLDS] };

    /// Counts each set bit of `x` once more.
    #[inline(always)]
    fn add(&mut self, x: u32, thresholds: usize) {
        for k in (1..thresholds).rev() {
            self.at_least[k] |= self.at_least[k - 1] & x;
        }
        self.at_least[0] |= x;
    }

    /// The positions counted at least `k` times (`k` of 1 or more).
    #[inline(always)]
    fn at_least(&self, k: usize) -> u32 {
        self.at_least[k - 1]
    }
}

impl<const N: usize, const R: usize> Geometry<N, R> {
    /// The top bit of each stack's field of a row: where [`Geometry::pieces`] marks a piece.
    const TOPS: u32 = {
        let mut tops = 0;
        let mut s = 0;
        while s < R {
            tops |= 1 << (s * (N / R) + N / R - 1);
            s += 1;
        }
        tops
    };

    /// The stacks where a row's columns `cols` have a bit, each as the top bit of its field:
    /// the low bits of a field added to all ones carry into its top bit when any is set.
    #[inline(always)]
    fn pieces(self, cols: u32) -> u32 {
        let low = self.all() & !Self::TOPS;
        (((cols & low) + low) | cols) & Self::TOPS
    }

    /// The columns of the stacks whose top bits are `tops`.
    #[inline(always)]
    fn spread(self, tops: u32) -> u32 {
        (tops << 1) - (tops >> (N / R - 1))
    }
}

/// Applies the triads' rules to every minirow and minicolumn with an open cell. Returns
/// whether any candidate went, `None` at a dead end.
pub(super) fn triads<const N: usize, const R: usize>(
    level: &mut Level,
    g: Geometry<N, R>,
) -> Option<bool> {
    let mut cleared = Cleared::default();
    minirows(level, g, &mut cleared)?;
    minicolumns(level, g, &mut cleared)?;
    level.fresh |= cleared.digits;
    level.unlocked |= cleared.digits;
    level.dirty |= cleared.rows;
    Some(cleared.digits != 0)
}

/// The digits and rows that lost a candidate.
#[derive(Default)]
struct Cleared {
    digits: u32,
    rows: u32,
}

impl Cleared {
    /// Takes `cols` out of digit `d`'s row `r`, noting it if any was there.
    #[inline(always)]
    fn clear(&mut self, level: &mut Level, d: usize, r: usize, cols: u32) {
        let row = &mut level.board[d][r];
        if *row & cols != 0 {
            *row &= !cols;
            self.digits |= 1 << d;
            self.rows |= 1 << r;
        }
    }
}

/// The minirows: row by row, each digit's stacks in the row (its pieces), counted.
fn minirows<const N: usize, const R: usize>(
    level: &mut Level,
    g: Geometry<N, R>,
    cleared: &mut Cleared,
) -> Option<()> {
    let cells = N / R;
    for r in 0..N {
        let open = g.pieces(level.open[r]);
        if open == 0 {
            continue;
        }
        let (mut able, mut kept) = (AtLeast::ZERO, AtLeast::ZERO);
        let mut pieces = [0u32; M];
        for (d, at) in pieces[..N].iter_mut().enumerate() {
            let p = g.pieces(level.board[d][r]);
            if p == 0 {
                return None; // the digit has no place left in the row
            }
            *at = p;
            able.add(p, cells + 1);
            if p & (p - 1) == 0 {
                kept.add(p, cells + 1);
            }
        }
        if Geometry::<N, R>::TOPS & !able.at_least(cells) != 0 || kept.at_least(cells + 1) != 0 {
            return None;
        }
        let exact_able = open & !able.at_least(cells + 1);
        let exact_kept = open & kept.at_least(cells) & !exact_able;
        if exact_able | exact_kept == 0 {
            continue;
        }
        let band = g.rows_of(r / R);
        for (d, &p) in pieces[..N].iter().enumerate() {
            // Able in a piece that needs every digit able there: kept to it.
            let to = p & exact_able;
            if to != 0 && to != p {
                if to & (to - 1) != 0 {
                    return None; // kept to two pieces of one row
                }
                let stack = g.spread(to);
                cleared.clear(level, d, r, !stack);
                for other in band.clone().filter(|&other| other != r) {
                    cleared.clear(level, d, other, stack);
                }
            }
            // Able in a piece that its kept digits fill, and not kept there: it leaves.
            let out = p & exact_kept;
            if out != 0 && out != p {
                cleared.clear(level, d, r, g.spread(out));
            }
        }
    }
    Some(())
}

/// The minicolumns: band by band, each digit's columns in the band, counted; a digit is kept
/// to a column's piece in the band when it has that column in no other band.
fn minicolumns<const N: usize, const R: usize>(
    level: &mut Level,
    g: Geometry<N, R>,
    cleared: &mut Cleared,
) -> Option<()> {
    let column_of = |level: &Level, d: usize, band: usize| {
        level.board[d][g.rows_of(band)].iter().fold(0, |acc, &cols| acc | cols)
    };
    // Each digit's columns in two bands or more.
    let mut shared = [0u32; M];
    for (d, shared) in shared[..N].iter_mut().enumerate() {
        let (mut once, mut twice) = (0, 0);
        for band in 0..g.bands() {
            let cols = column_of(level, d, band);
            twice |= once & cols;
            once |= cols;
        }
        *shared = twice;
    }
    for band in 0..g.bands() {
        let rows = g.rows_of(band);
        let open = level.open[rows.clone()].iter().fold(0, |acc, &cols| acc | cols);
        if open == 0 {
            continue;
        }
        let (mut able, mut kept) = (AtLeast::ZERO, AtLeast::ZERO);
        let mut columns = [0u32; M];
        for (d, at) in columns[..N].iter_mut().enumerate() {
            let cols = column_of(level, d, band);
            *at = cols;
            able.add(cols, R + 1);
            kept.add(cols & !shared[d], R + 1);
        }
        if g.all() & !able.at_least(R) != 0 || kept.at_least(R + 1) != 0 {
            return None;
        }
        let exact_able = open & !able.at_least(R + 1);
        let exact_kept = open & kept.at_least(R) & !exact_able;
        if exact_able | exact_kept == 0 {
            continue;
        }
        for (d, &cols) in columns[..N].iter().enumerate() {
            // Able in a piece that needs every digit able there: kept to it, so it leaves the
            // box's other columns in the band, and its column in the other bands.
            let mut to = cols & exact_able;
            while to != 0 {
                let c = to.trailing_zeros() as usize;
                to &= to - 1;
                let (bit, stack) = (1u32 << c, g.stack_around(c));
                if cols & exact_able & stack & !bit != 0 {
                    return None; // kept to two columns of one box
                }
                for r in rows.clone() {
                    cleared.clear(level, d, r, stack & !bit);
                }
                if shared[d] & bit != 0 {
                    for other in (0..rows.start).chain(rows.end..N) {
                        cleared.clear(level, d, other, bit);
                    }
                }
            }
            // Able in a piece that its kept digits fill, and not kept there: it leaves.
            let out = cols & shared[d] & exact_kept;
            if out != 0 {
                for r in rows.clone() {
                    cleared.clear(level, d, r, out);
                }
            }
        }
    }
    Some(())
}
