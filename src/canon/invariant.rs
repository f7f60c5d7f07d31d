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
//!   tuple, 34 bits:  | mc:2 | mr:2 | dS:2 | dB:2 | S:5 | B:5 | D:4 | x:4 | col:4 | row:4 |
//!   row, col, x:  givens in the cell's row, column, box        B, S: in its band, stack
//!   D: givens of its digit   dB, dS: of its digit in its band, stack   mr, mc: in its
//!   mini-row, mini-column
//!   transposed:   row <-> col, B <-> S, dB <-> dS, mr <-> mc
//! ```

use crate::grid::{Grid, CELLS};

/// The 64-bit class invariant of a grid: equal for any two equivalent grids (see the
/// [module documentation](self)); unequal invariants prove two grids inequivalent.
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
    // The givens' cells, compacted without a branch a cell.
    let mut at = [0u8; CELLS];
    let mut n = 0;
    for (i, &v) in cells.iter().enumerate() {
        at[n] = i as u8;
        n += usize::from(v != 0);
    }
    let at = &at[..n];

    let mut rows = [0u8; 9];
    let mut cols = [0u8; 9];
    let mut boxes = [0u8; 9];
    let mut digits = [0u8; 10];
    // [digit * 3 + band], [digit * 3 + stack], [row * 3 + stack], [col * 3 + band].
    let mut digit_band = [0u8; 30];
    let mut digit_stack = [0u8; 30];
    let mut mini_rows = [0u8; 27];
    let mut mini_cols = [0u8; 27];
    for &i in at {
        let (r, c, b) = PLACE[i as usize];
        let d = cells[i as usize] as usize;
        let (band, stack) = (r / 3, c / 3);
        rows[r as usize] += 1;
        cols[c as usize] += 1;
        boxes[b as usize] += 1;
        digits[d] += 1;
        digit_band[d * 3 + band as usize] += 1;
        digit_stack[d * 3 + stack as usize] += 1;
        mini_rows[(r * 3 + stack) as usize] += 1;
        mini_cols[(c * 3 + band) as usize] += 1;
    }
    let bands = [0, 1, 2].map(|k| rows[3 * k] + rows[3 * k + 1] + rows[3 * k + 2]);
    let stacks = [0, 1, 2].map(|k| cols[3 * k] + cols[3 * k + 1] + cols[3 * k + 2]);

    let (mut plain, mut transposed) = (0u64, 0u64);
    for &i in at {
        let (r, c, b) = PLACE[i as usize];
        let d = cells[i as usize] as usize;
        let (band, stack) = ((r / 3) as usize, (c / 3) as usize);
        let (r, c) = (r as usize, c as usize);
        let shared = u64::from(boxes[b as usize]) << 8 | u64::from(digits[d]) << 12;
        let (row, col) = (u64::from(rows[r]), u64::from(cols[c]));
        let (band_n, stack_n) = (u64::from(bands[band]), u64::from(stacks[stack]));
        let (d_band, d_stack) =
            (u64::from(digit_band[d * 3 + band]), u64::from(digit_stack[d * 3 + stack]));
        let (mr, mc) = (u64::from(mini_rows[r * 3 + stack]), u64::from(mini_cols[c * 3 + band]));
        let one = row | col << 4 | band_n << 16 | stack_n << 21 | d_band << 26 | d_stack << 28;
        let one = one | mr << 30 | mc << 32;
        let other = col | row << 4 | stack_n << 16 | band_n << 21 | d_stack << 26 | d_band << 28;
        let other = other | mc << 30 | mr << 32;
        plain = plain.wrapping_add(mix(shared | one));
        transposed = transposed.wrapping_add(mix(shared | other));
    }
    let (low, high) = if plain <= transposed { (plain, transposed) } else { (transposed, plain) };
    mix(low ^ mix(high ^ n as u64))
}

/// Each cell's row, column and box.
const PLACE: [(u8, u8, u8); CELLS] = {
    let mut place = [(0, 0, 0); CELLS];
    let mut i = 0;
    while i < CELLS {
        let (r, c) = ((i / 9) as u8, (i % 9) as u8);
        place[i] = (r, c, r / 3 * 3 + c / 3);
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
