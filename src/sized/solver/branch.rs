//! The solver's branch points: which cell's digits, or which digit's places in a house, to
//! try in turn when the rules are stuck.

use super::{Geometry, Level, Word, M, MB};

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
    pub(super) fn choose<const N: usize, const R: usize, W: Word>(
        level: &Level<W>,
        g: Geometry<N, R, W>,
    ) -> Option<Branch> {
        // The cells with two candidates, band by band, from bit slices of the counts.
        let mut pairs = [W::ZERO; MB];
        let mut any_open = false;
        for b in 0..g.bands() {
            let open = level.open[b];
            if open.is_zero() {
                continue;
            }
            any_open = true;
            let (mut one, mut two, mut three) = (W::ZERO, W::ZERO, W::ZERO);
            for digit in &level.board[..N] {
                three |= two & digit[b];
                two |= one & digit[b];
                one |= digit[b];
            }
            pairs[b] = two & !three & open;
        }
        if !any_open {
            return None;
        }
        let mut branch = Branch { options: [(0, 0, 0); M], count: 0 };
        if let Some((r, c)) = Branch::most_linked(level, g, &pairs) {
            branch.cell(level, g, r, c);
            return Some(branch);
        }
        if branch.digit_in_two_places(level, g) {
            return Some(branch);
        }
        // No cell has two candidates, and no digit two places: the cell with the fewest.
        let (mut fewest, mut at) = (u32::MAX, (0, 0));
        for b in 0..g.bands() {
            let mut open = level.open[b];
            while !open.is_zero() {
                let p = open.trailing_zeros();
                open = open & open.less_one();
                let bit = W::ONE << p;
                let count = level.board[..N].iter().filter(|d| !(d[b] & bit).is_zero()).count();
                if (count as u32) < fewest {
                    (fewest, at) = (count as u32, (b * R + p / N, p % N));
                }
            }
        }
        branch.cell(level, g, at.0, at.1);
        Some(branch)
    }

    fn push(&mut self, d: usize, r: usize, c: usize) {
        self.options[self.count] = (d as u8, r as u8, c as u8);
        self.count += 1;
    }

    /// The digits of the cell at row `r`, column `c`.
    fn cell<const N: usize, const R: usize, W: Word>(
        &mut self,
        level: &Level<W>,
        g: Geometry<N, R, W>,
        r: usize,
        c: usize,
    ) {
        let bit = g.in_row(r, 1 << c);
        for d in (0..N).filter(|&d| !(level.board[d][r / R] & bit).is_zero()) {
            self.push(d, r, c);
        }
    }

    /// Of the cells with two candidates (`pairs`, a band's cells a band), the one most bound
    /// to its open peers: a peer that shares a candidate with it counts 1, and 8 more if it
    /// has two candidates (trying a digit here then places that peer, or leaves it one
    /// candidate: a chain of singles that fails or fills fast). Against the first such cell,
    /// this cuts the guesses on hard 16x16 puzzles about sixfold, and on hard 25x25 ones a
    /// hundredfold.
    fn most_linked<const N: usize, const R: usize, W: Word>(
        level: &Level<W>,
        g: Geometry<N, R, W>,
        pairs: &[W; MB],
    ) -> Option<(usize, usize)> {
        let (mut best, mut most) = (None, 0);
        for b in 0..g.bands() {
            let mut cells = pairs[b];
            while !cells.is_zero() {
                let p = cells.trailing_zeros();
                cells = cells & cells.less_one();
                let (i, c) = (p / N, p % N);
                let bit = W::ONE << p;
                // Its two digits: the first, and the first after it.
                let mut digits = [0usize; 2];
                let mut found = 0;
                for d in 0..N {
                    if !(level.board[d][b] & bit).is_zero() {
                        digits[found] = d;
                        found += 1;
                        if found == 2 {
                            break;
                        }
                    }
                }
                let shared_in = |b2: usize| {
                    (level.board[digits[0]][b2] | level.board[digits[1]][b2]) & level.open[b2]
                };
                let column = g.column(c);
                let mut links = 1;
                for (b2, &pairs_there) in pairs[..g.bands()].iter().enumerate() {
                    // The peers in the cell's band: its row, box and column; in the others,
                    // its column.
                    let peers = if b2 == b {
                        (g.row(i) | g.box_part(c / (N / R)) | column) & !bit
                    } else {
                        column
                    };
                    let shared = shared_in(b2) & peers;
                    links += shared.ones() + 8 * (shared & pairs_there).ones();
                }
                if links > most {
                    (best, most) = (Some((b * R + i, c)), links);
                }
            }
        }
        best
    }

    /// A digit with two places left in a row, a column or a box, if there is one.
    fn digit_in_two_places<const N: usize, const R: usize, W: Word>(
        &mut self,
        level: &Level<W>,
        g: Geometry<N, R, W>,
    ) -> bool {
        for d in 0..N {
            let board = &level.board[d];
            let mut rows = !level.rows_done[d] & g.all();
            while rows != 0 {
                let r = rows.trailing_zeros() as usize;
                rows &= rows - 1;
                let cols = g.cols(board, r);
                if is_pair(cols) {
                    let mut cols = cols;
                    while cols != 0 {
                        self.push(d, r, cols.trailing_zeros() as usize);
                        cols &= cols - 1;
                    }
                    return true;
                }
            }
            let (mut one, mut two, mut three) = (0, 0, 0);
            for r in 0..N {
                let cols = g.cols(board, r);
                three |= two & cols;
                two |= one & cols;
                one |= cols;
            }
            let twos = two & !three & !level.cols_done[d];
            if twos != 0 {
                let c = twos.trailing_zeros() as usize;
                for r in (0..N).filter(|&r| g.cols(board, r) & 1 << c != 0) {
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
                let (band, s) = (b / g.stacks(), b % g.stacks());
                let mut places = board[band] & g.box_part(s);
                if places.ones() == 2 {
                    while !places.is_zero() {
                        let p = places.trailing_zeros();
                        places = places & places.less_one();
                        self.push(d, band * R + p / N, p % N);
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
