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
//! A minirow is a field of `C` bits of its row in the band's word; its count sits at the field's
//! top bit ([`Geometry::pieces`]), so a band's minirows are counted at once.

use super::{Geometry, Level, Word, M};

/// The most thresholds a count needs: a piece's cells and one, for pieces of up to 12 cells.
const THRESHOLDS: usize = 13;

/// Counts of bits in each position of a word, as bit slices by threshold (see the module
/// doc), up to `T` (a constant after inlining).
#[derive(Clone, Copy)]
struct AtLeast<W> {
    at_least: [W; THRESHOLDS],
}

impl<W: Word> AtLeast<W> {
    const ZERO: AtLeast<W> = AtLeast { at_least: [W::ZERO; THRESHOLDS] };

    /// Counts each set bit of `x` once more.
    #[inline(always)]
    fn add(&mut self, x: W, thresholds: usize) {
        for k in (1..thresholds).rev() {
            self.at_least[k] |= self.at_least[k - 1] & x;
        }
        self.at_least[0] |= x;
    }

    /// The positions counted at least `k` times (`k` of 1 or more).
    #[inline(always)]
    fn at_least(&self, k: usize) -> W {
        self.at_least[k - 1]
    }
}

impl<const N: usize, const R: usize, W: Word> Geometry<N, R, W> {
    /// The top bit of each stack's field of each row of a band: where [`Geometry::pieces`]
    /// marks a piece.
    const TOPS: u128 = {
        let mut tops = 0;
        let mut i = 0;
        while i < R {
            let mut s = 0;
            while s < R {
                tops |= 1 << (i * N + s * (N / R) + N / R - 1);
                s += 1;
            }
            i += 1;
        }
        tops
    };

    #[inline(always)]
    fn tops(self) -> W {
        W::of(Self::TOPS)
    }

    /// The pieces where a band's cells `cells` have a bit, each as the top bit of its field:
    /// the low bits of a field added to all ones carry into its top bit when any is set.
    #[inline(always)]
    fn pieces(self, cells: W) -> W {
        let low = self.band_all() & !self.tops();
        ((cells & low).plus(low) | cells) & self.tops()
    }

    /// The cells of the pieces whose top bits are `tops`.
    #[inline(always)]
    fn spread(self, tops: W) -> W {
        (tops << 1).minus(tops >> (N / R - 1))
    }
}

/// Applies the triads' rules to every minirow and minicolumn with an open cell. Returns
/// whether any candidate went, `None` at a dead end.
pub(super) fn triads<const N: usize, const R: usize, W: Word>(
    level: &mut Level<W>,
    g: Geometry<N, R, W>,
) -> Option<bool> {
    let mut cleared = Cleared::default();
    minirows(level, g, &mut cleared)?;
    minicolumns(level, g, &mut cleared)?;
    level.fresh |= cleared.digits;
    level.unlocked |= cleared.digits;
    level.dirty |= cleared.bands;
    Some(cleared.digits != 0)
}

/// The digits and bands that lost a candidate.
#[derive(Default)]
struct Cleared {
    digits: u32,
    bands: u32,
}

impl Cleared {
    /// Takes `cells` out of digit `d`'s band `b`, noting it if any was there.
    #[inline(always)]
    fn clear<W: Word>(&mut self, level: &mut Level<W>, d: usize, b: usize, cells: W) {
        let word = &mut level.board[d][b];
        if !(*word & cells).is_zero() {
            *word &= !cells;
            self.digits |= 1 << d;
            self.bands |= 1 << b;
        }
    }
}

/// The minirows: band by band, each digit's pieces in each row of the band, counted.
fn minirows<const N: usize, const R: usize, W: Word>(
    level: &mut Level<W>,
    g: Geometry<N, R, W>,
    cleared: &mut Cleared,
) -> Option<()> {
    let cells = N / R;
    for b in 0..g.bands() {
        let open = g.pieces(level.open[b]);
        if open.is_zero() {
            continue;
        }
        let (mut able, mut kept) = (AtLeast::ZERO, AtLeast::ZERO);
        let mut pieces = [W::ZERO; M];
        for (d, at) in pieces[..N].iter_mut().enumerate() {
            let p = g.pieces(level.board[d][b]);
            let mut alone = W::ZERO;
            for i in 0..R {
                let in_row = p & g.row(i);
                if in_row.is_zero() {
                    return None; // the digit has no place left in the row
                }
                if in_row.at_most_one() {
                    alone |= in_row;
                }
            }
            *at = p;
            able.add(p, cells + 1);
            kept.add(alone, cells + 1);
        }
        if !(g.tops() & !able.at_least(cells)).is_zero() || !kept.at_least(cells + 1).is_zero() {
            return None;
        }
        let exact_able = open & !able.at_least(cells + 1);
        let exact_kept = open & kept.at_least(cells) & !exact_able;
        if (exact_able | exact_kept).is_zero() {
            continue;
        }
        for (d, &p) in pieces[..N].iter().enumerate() {
            for i in 0..R {
                let (row, in_row) = (g.row(i), p & g.row(i));
                // Able in a piece that needs every digit able there: kept to it, so it
                // leaves the rest of the row and of the box.
                let to = in_row & exact_able;
                if !to.is_zero() && to != in_row {
                    if !to.at_most_one() {
                        return None; // kept to two pieces of one row
                    }
                    let stack = to.trailing_zeros() % N / (N / R);
                    cleared.clear(level, d, b, row ^ g.box_part(stack));
                }
                // Able in a piece that its kept digits fill, and not kept there: it leaves.
                let out = in_row & exact_kept;
                if !out.is_zero() && out != in_row {
                    cleared.clear(level, d, b, g.spread(out));
                }
            }
        }
    }
    Some(())
}

/// The minicolumns: band by band, each digit's columns in the band, counted; a digit is kept
/// to a column's piece in the band when it has that column in no other band.
fn minicolumns<const N: usize, const R: usize, W: Word>(
    level: &mut Level<W>,
    g: Geometry<N, R, W>,
    cleared: &mut Cleared,
) -> Option<()> {
    // Each digit's columns in two bands or more.
    let mut shared = [0u32; M];
    for (d, shared) in shared[..N].iter_mut().enumerate() {
        let (mut once, mut twice) = (0, 0);
        for band in 0..g.bands() {
            let cols = g.fold(level.board[d][band]);
            twice |= once & cols;
            once |= cols;
        }
        *shared = twice;
    }
    for band in 0..g.bands() {
        let open = g.fold(level.open[band]);
        if open == 0 {
            continue;
        }
        let (mut able, mut kept) = (AtLeast::ZERO, AtLeast::ZERO);
        let mut columns = [0u32; M];
        for (d, at) in columns[..N].iter_mut().enumerate() {
            let cols = g.fold(level.board[d][band]);
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
                cleared.clear(level, d, band, g.down(stack & !bit));
                if shared[d] & bit != 0 {
                    for other in (0..g.bands()).filter(|&other| other != band) {
                        cleared.clear(level, d, other, g.column(c));
                    }
                }
            }
            // Able in a piece that its kept digits fill, and not kept there: it leaves.
            let out = cols & shared[d] & exact_kept;
            if out != 0 {
                cleared.clear(level, d, band, g.down(out));
            }
        }
    }
    Some(())
}
