//! The solver's branch points: which cell's digits, or which digit's places in a house, to
//! try in turn when the rules are stuck.

use super::{Geometry, Level, M};

/// The choices at a branch point, one of which must hold, as (digit, row, column) to place:
/// the digits of one cell, or the places of one digit in one house, whichever are fewer (as
/// dancing links picks the column with the fewest rows). Large grids need the second: a
/// 25x25 puzzle's open cells often have three or more candidates where some digit has two
/// places left in a house.
pub(super) struct Branch {
    pub(super) options: [(u8, u8, u8); M],
    pub(super) count: usize,
}

impl Branch {
    /// The branch with the fewest options, or `None` when every cell is placed.
    pub(super) fn choose<const N: usize, const R: usize>(
        level: &Level,
        g: Geometry<N, R>,
    ) -> Option<Branch> {
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
        if let Some((r, c)) = Branch::most_linked(level, g, &pairs) {
            for d in (0..N).filter(|&d| level.board[d][r] & 1 << c != 0) {
                branch.push(d, r, c);
            }
            return Some(branch);
        }
        if branch.digit_in_two_places(level, g) {
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
    fn most_linked<const N: usize, const R: usize>(
        level: &Level,
        g: Geometry<N, R>,
        pairs: &[u32; M],
    ) -> Option<(usize, usize)> {
        let (mut best, mut most) = (None, 0);
        for r in 0..N {
            let mut cells = pairs[r];
            let band = g.rows_of(r / R);
            while cells != 0 {
                let c = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                let bit = 1u32 << c;
                let stack = g.stack_around(c);
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
    fn digit_in_two_places<const N: usize, const R: usize>(
        &mut self,
        level: &Level,
        g: Geometry<N, R>,
    ) -> bool {
        for d in 0..N {
            let board = &level.board[d];
            let mut rows = !level.rows_done[d] & g.all();
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
            for b in 0..g.bands() * g.stacks() {
                if level.boxes_done[d] & 1 << b != 0 {
                    continue;
                }
                let (band, stack) = (b / g.stacks(), g.stack(b % g.stacks()));
                let rows = g.rows_of(band);
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
