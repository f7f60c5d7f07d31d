//! A cheap invariant of a puzzle's class: a 64-bit value that every isomorph shares, computed
//! in a few hundred instructions where a minlex form takes tens of thousands. Two puzzles whose
//! invariants differ are not equivalent; two whose invariants agree may or may not be, and only
//! their minlex forms say. `dedup`, `overlap` and `stats` compare classes this way: the minlex
//! form only of the records whose invariant another record shares (see `cmd::classes`).
//!
//! What the transformations keep, for each given: how many givens its row, its column and its
//! box hold; its band and its stack; its mini-row (the three cells of its row in its box) and
//! mini-column; how often its digit is given, in the whole grid, in its band and in its stack.
//! Row and column permutations (within bands and stacks, and of bands and stacks) move those
//! counts with the cell; a relabelling renames the digit but keeps its counts. So the multiset
//! of the givens' feature tuples is kept, except by a transposition, which swaps the row
//! features with the column ones. The invariant hashes the multiset (a sum of a mixed value
//! per given, which does not depend on the order) read both ways, untransposed and transposed,
//! and combines the two sums in sorted order:
//!
//! ```text
//!   tuple, 34 bits:  | column side: 13 | row side: 13 | D:4 | x:4 |
//!   row side:        | mr:2 | dB:2 | B:5 | row:4 |      (column side: mc, dS, S, col)
//!   row, col, x:  givens in the cell's row, column, box        B, S: in its band, stack
//!   D: givens of its digit   dB, dS: of its digit in its band, stack   mr, mc: in its
//!   mini-row, mini-column
//!   transposed:   the row side and the column side swapped
//! ```

use crate::grid::{Grid, CELLS};

/// The 64-bit class invariant of a grid: equal for any two equivalent grids (see the
/// header of `src/canon/invariant.rs`); unequal invariants prove two grids inequivalent.
///
/// ```
/// use sudoku_bulk::canon::{self, Transform};
/// use sudoku_bulk::Grid;
///
/// let puzzle: Grid =
///     ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534."
///         .parse()
///         .unwrap();
/// let shuffle: Transform = "1:210345678:345012876:912345678".parse().unwrap();
/// assert_eq!(canon::invariant(&shuffle.apply(&puzzle)), canon::invariant(&puzzle));
/// ```
pub fn invariant(grid: &Grid) -> u64 {
    let cells = grid.cells();
    // The givens: each one's place and digit, in order, from a bit mask of the non-blank
    // cells (no branch a cell).
    let mut givens = [(0u8, 0u8); CELLS];
    let mut n = 0;
    for (k, chunk) in cells.chunks(8).enumerate() {
        let mut mask = nonzero_bytes(chunk);
        while mask != 0 {
            let i = k * 8 + mask.trailing_zeros() as usize;
            givens[n] = (i as u8, chunk[i - k * 8]);
            n += 1;
            mask &= mask - 1;
        }
    }
    let givens = &givens[..n];

    // Counts, each table a power of two long so that a masked index needs no bounds check:
    // [row], [col], [box], [digit], [digit * 3 + band], [digit * 3 + stack],
    // [row * 3 + stack], [col * 3 + band].
    let mut rows = [0u8; 16];
    let mut cols = [0u8; 16];
    let mut boxes = [0u8; 16];
    let mut digits = [0u8; 16];
    let mut digit_band = [0u8; 32];
    let mut digit_stack = [0u8; 32];
    let mut mini_rows = [0u8; 32];
    let mut mini_cols = [0u8; 32];
    for &(i, d) in givens {
        let p = PLACE[i as usize];
        let d = d as usize & 15;
        rows[p.row as usize & 15] += 1;
        cols[p.col as usize & 15] += 1;
        boxes[p.box_ as usize & 15] += 1;
        digits[d] += 1;
        digit_band[(d * 3 + p.band as usize) & 31] += 1;
        digit_stack[(d * 3 + p.stack as usize) & 31] += 1;
        mini_rows[p.mini_row as usize & 31] += 1;
        mini_cols[p.mini_col as usize & 31] += 1;
    }
    // What a given's row (column) says, with its band's (stack's) count: 9 bits.
    let bands = [0, 1, 2].map(|k| u32::from(rows[3 * k] + rows[3 * k + 1] + rows[3 * k + 2]));
    let stacks = [0, 1, 2].map(|k| u32::from(cols[3 * k] + cols[3 * k + 1] + cols[3 * k + 2]));
    let mut row_part = [0u32; 16];
    let mut col_part = [0u32; 16];
    for k in 0..9 {
        row_part[k] = u32::from(rows[k]) | bands[k / 3] << 4;
        col_part[k] = u32::from(cols[k]) | stacks[k / 3] << 4;
    }

    let (mut plain, mut transposed) = (0u64, 0u64);
    for &(i, d) in givens {
        let p = PLACE[i as usize];
        let d = d as usize & 15;
        // 13 bits for the row side, 13 for the column side, 8 for the box and the digit.
        let row_side = row_part[p.row as usize & 15]
            | u32::from(digit_band[(d * 3 + p.band as usize) & 31]) << 9
            | u32::from(mini_rows[p.mini_row as usize & 31]) << 11;
        let col_side = col_part[p.col as usize & 15]
            | u32::from(digit_stack[(d * 3 + p.stack as usize) & 31]) << 9
            | u32::from(mini_cols[p.mini_col as usize & 31]) << 11;
        let shared = u64::from(boxes[p.box_ as usize & 15]) | u64::from(digits[d]) << 4;
        let (row_side, col_side) = (u64::from(row_side), u64::from(col_side));
        plain = plain.wrapping_add(spread(shared | row_side << 8 | col_side << 21));
        transposed = transposed.wrapping_add(spread(shared | col_side << 8 | row_side << 21));
    }
    let (low, high) = if plain <= transposed { (plain, transposed) } else { (transposed, plain) };
    mix(low ^ mix(high ^ n as u64))
}

/// A given's tuple made a summand: a multiplication and a shift, enough that sums of a few
/// dozen of them differ where the multisets do (the sums are mixed again at the end).
fn spread(x: u64) -> u64 {
    let x = (x ^ 0x5DEE_CE66_D1CE_4E5B).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (x ^ x >> 29).wrapping_mul(0xBF58_476D_1CE4_E5B9)
}

/// A bit for each byte of `bytes` (at most 8) that is not 0.
fn nonzero_bytes(bytes: &[u8]) -> u32 {
    let mut word = [0u8; 8];
    word[..bytes.len()].copy_from_slice(bytes);
    let v = u64::from_le_bytes(word);
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    // Each byte's top bit: set when the byte is not 0 (its low seven bits carry into it, or
    // it was set already).
    let high = (((v & LOW7) + LOW7) | v) & !LOW7;
    // Gather the eight top bits into one byte.
    ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// Where a cell is: its row, column and box, band and stack, mini-row (`row * 3 + stack`)
/// and mini-column (`col * 3 + band`).
#[derive(Clone, Copy)]
struct Place {
    row: u8,
    col: u8,
    box_: u8,
    band: u8,
    stack: u8,
    mini_row: u8,
    mini_col: u8,
}

/// Each cell's [`Place`] (256 entries, so that a `u8` index needs no bounds check).
const PLACE: [Place; 256] = {
    let blank = Place { row: 0, col: 0, box_: 0, band: 0, stack: 0, mini_row: 0, mini_col: 0 };
    let mut place = [blank; 256];
    let mut i = 0;
    while i < CELLS {
        let (r, c) = ((i / 9) as u8, (i % 9) as u8);
        let (band, stack) = (r / 3, c / 3);
        place[i] = Place {
            row: r,
            col: c,
            box_: band * 3 + stack,
            band,
            stack,
            mini_row: r * 3 + stack,
            mini_col: c * 3 + band,
        };
        i += 1;
    }
    place
};

/// SplitMix64's finaliser: every input bit moves about half the output bits, so a sum of
/// mixed values is a hash of the multiset.
fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ x >> 31
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::canon::{minlex, Transform};

    const PUZZLES: [&str; 3] = [
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.",
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    ];

    const GIVENS: usize = 6;
    const DIGITS: u64 = 2;

    /// xorshift64*: the tests' draws.
    fn rng(mut state: u64) -> impl FnMut() -> u64 {
        move || {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            state.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }
    }

    #[test]
    fn nonzero_bytes_marks_the_givens() {
        assert_eq!(nonzero_bytes(&[0, 1, 0, 9, 0x80, 0, 0, 0x7F]), 0b1001_1010);
        assert_eq!(nonzero_bytes(&[5]), 1);
        assert_eq!(nonzero_bytes(&[0; 8]), 0);
        assert_eq!(nonzero_bytes(&[1; 8]), 0xFF);
    }

    #[test]
    fn isomorphs_share_the_invariant() {
        let mut next = rng(53);
        let transpose: Transform = "1:012345678:012345678:123456789".parse().unwrap();
        for text in PUZZLES {
            let puzzle: Grid = text.parse().unwrap();
            let own = invariant(&puzzle);
            assert_eq!(invariant(&transpose.apply(&puzzle)), own, "{text} transposed");
            for _ in 0..500 {
                let t = Transform::random(&mut next);
                assert_eq!(invariant(&t.apply(&puzzle)), own, "{text} under {t}");
            }
        }
    }

    #[test]
    fn the_puzzles_invariants_differ_as_their_classes_do() {
        let grids: Vec<Grid> = PUZZLES.iter().map(|p| p.parse().unwrap()).collect();
        for a in &grids {
            for b in &grids {
                assert_eq!(invariant(a) == invariant(b), minlex(a) == minlex(b));
            }
        }
        assert_ne!(invariant(&Grid::EMPTY), invariant(&grids[0]));
    }

    #[test]
    fn sparse_grids_can_share_an_invariant_across_classes() {
        // The invariant is not a canonical form: among grids of three givens, some
        // inequivalent ones agree (which is why the commands confirm with minlex forms).
        let pair = colliding_pair(7);
        assert_eq!(invariant(&pair.0), invariant(&pair.1));
        assert_ne!(minlex(&pair.0), minlex(&pair.1));
    }

    /// Two inequivalent grids with the same invariant, drawn among sparse grids.
    pub(crate) fn colliding_pair(seed: u64) -> (Grid, Grid) {
        let mut next = rng(seed);
        let mut seen: std::collections::HashMap<u64, Grid> = std::collections::HashMap::new();
        for _ in 0..1_000_000 {
            let mut cells = [0u8; CELLS];
            for _ in 0..GIVENS {
                cells[(next() % 81) as usize] = (next() % DIGITS) as u8 + 1;
            }
            let grid = Grid::from_cells(cells).unwrap();
            let key = invariant(&grid);
            match seen.get(&key) {
                Some(other) if minlex(other) != minlex(&grid) => return (*other, grid),
                Some(_) => {}
                None => {
                    seen.insert(key, grid);
                }
            }
        }
        panic!("no two inequivalent grids of three givens share an invariant");
    }
}
