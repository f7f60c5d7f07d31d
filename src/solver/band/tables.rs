//! The band solver's lookup tables and the bit tricks they share, built at compile time by
//! `const fn`s, each checked by a test against a definition written out in the test.
//!
//! Every table works on one band of one digit, 27 bits, three rows of nine:
//!
//! ```text
//!   bit:  26 25 24 | 23 22 21 | 20 19 18      row 2
//!         17 16 15 | 14 13 12 | 11 10  9      row 1
//!          8  7  6 |  5  4  3 |  2  1  0      row 0
//!         col 8 7 6   5 4 3      2 1 0
//!         box 2       box 1      box 0
//! ```
//!
//! A *piece* (or minirow) is a row's three cells in one box: piece `(r, k)` is row `r` in box
//! `k`. A band's *matrix* is the 3x3 set of its non-empty pieces, bit `3 * r + k`.

/// All 27 cells of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;
/// The nine bits of one row.
pub(super) const ROW: u32 = 0x1FF;

/// The band bits of column `col`, in all three rows.
pub(super) const fn column(col: usize) -> u32 {
    (1 | 1 << 9 | 1 << 18) << col
}

/// The band bits of box `k` of the band (its columns `3k` to `3k + 2`).
pub(super) const fn box_cells(k: usize) -> u32 {
    column(3 * k) * 7
}

/// The band bits of the minirow in row `r` and box `k`: the piece `(r, k)`.
const fn minirow(r: usize, k: usize) -> u32 {
    7 << (9 * r + 3 * k)
}

/// The nine columns of a band that hold some cell of it.
#[inline(always)]
pub(super) const fn fold(x: u32) -> u32 {
    (x | x >> 9 | x >> 18) & ROW
}

/// The band's 3x3 matrix of row-box pieces (bit `3 * r + k`: row `r` reaches box `k`), the
/// index of [`PERMUTED`], by two carry-free multiplications instead of three lookups.
///
/// ```text
///   t = a | a >> 1 | a >> 2        bit 3j: piece j is not empty (j = 3r + k)
///   y = (t & 0o111111111) * 21     row r's bits 9r, 9r+3, 9r+6 -> 9r+4, 9r+5, 9r+6
///   z = y >> 4 & 0o007007007       three 3-bit fields, at bits 0, 9 and 18
///   m = (z * (1 << 12 | 1 << 6 | 1)) >> 12 & 0o777   fields -> bits 0..2, 3..5, 6..8
/// ```
/// The other partial products land apart from the kept bits and from each other (checked
/// against [`BOXES_OF_ROW`] by a test).
#[inline(always)]
pub(super) const fn boxes_reached(a: u32) -> u32 {
    let t = a | a >> 1 | a >> 2;
    let y = (t & 0o111_111_111) * 21;
    let z = (y >> 4 & (7 | 7 << 9 | 7 << 18)) as u64;
    ((z * (1 << 12 | 1 << 6 | 1)) >> 12) as u32 & ROW
}

/// A digit's 3x3 matrix in stack `s` (bit `3 * b + j`: band `b` still reaches the stack's
/// column `j`), from its three bands' column sets `columns` (band `b`'s at bits `9b..9b+8`):
/// the three 3-bit fields of the stack, gathered by the multiplication of [`boxes_reached`].
#[inline(always)]
pub(super) const fn stack_matrix(columns: u32, s: usize) -> usize {
    let z = (columns >> (3 * s) & (7 | 7 << 9 | 7 << 18)) as u64;
    ((z * (1 << 12 | 1 << 6 | 1)) >> 12) as usize & ROW as usize
}

/// What a digit's givens in a band leave of the digit's band, by their row-box matrix (bit
/// `3r + k`: a given in row `r`, box `k`; see `pext::row_boxes`): bits 0 to 26, the cells
/// outside the rows and boxes the givens are in; bit 31, set if two of them share a row or a
/// box (two in one piece are not seen here: `State::new` tests those itself).
pub(super) const START_KEEP: [u32; 512] = start_keep();

const fn start_keep() -> [u32; 512] {
    let mut table = [0; 512];
    let mut m = 0u32;
    while m < 512 {
        let (mut keep, mut clash) = (BAND, false);
        let mut i = 0;
        while i < 3 {
            let in_row = (m >> (3 * i)) & 7;
            let in_box = (m >> i) & 0o111;
            if in_row != 0 {
                keep &= !(ROW << (9 * i));
            }
            if in_box != 0 {
                keep &= !box_cells(i);
            }
            clash |= in_row & in_row.wrapping_sub(1) != 0 || in_box & in_box.wrapping_sub(1) != 0;
            i += 1;
        }
        table[m as usize] = keep | (clash as u32) << 31;
        m += 1;
    }
    table
}

/// The six ways three rows can take three boxes: `PERMUTATIONS[p][r]` is row `r`'s box.
pub(super) const PERMUTATIONS: [[usize; 3]; 6] =
    [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// The boxes (bit `k` for the band's box `k`) that a 9-bit row reaches: read by `work`, and the
/// specification of [`boxes_reached`], which a test checks against it.
pub(super) const BOXES_OF_ROW: [u32; 512] = boxes_of_row();

const fn boxes_of_row() -> [u32; 512] {
    let mut table = [0; 512];
    let mut row = 0;
    while row < 512 {
        let mut k = 0;
        while k < 3 {
            if row >> (3 * k) & 7 != 0 {
                table[row] |= 1 << k;
            }
            k += 1;
        }
        row += 1;
    }
    table
}

/// For each 3x3 matrix `m` of row-box pieces (bit `3 * r + k`: row `r` still reaches box `k`),
/// the band's cells in the pieces that some permutation within `m` uses (low 32 bits; 0 when
/// none fits), and in the pieces that every one uses (high 32 bits: the forced pieces).
///
/// ```text
///   m bit:   8 7 6    row 2 reaches box 2, 1, 0
///            5 4 3    row 1
///            2 1 0    row 0
///   piece (r, k) -> band bits 9r + 3k .. 9r + 3k + 2
/// ```
pub(super) const PERMUTED: [u64; 512] = permuted();

const fn permuted() -> [u64; 512] {
    let mut table = [0; 512];
    let mut m = 0;
    while m < 512 {
        let (mut some, mut every) = (0u32, BAND);
        let mut p = 0;
        while p < 6 {
            let boxes = PERMUTATIONS[p];
            let mut fits = true;
            let mut cells = 0;
            let mut r = 0;
            while r < 3 {
                fits &= m >> (3 * r + boxes[r]) & 1 != 0;
                cells |= minirow(r, boxes[r]);
                r += 1;
            }
            if fits {
                some |= cells;
                every &= cells;
            }
            p += 1;
        }
        if some == 0 {
            every = 0;
        }
        table[m] = some as u64 | (every as u64) << 32;
        m += 1;
    }
    table
}

/// Per band bit: the band with the cell's row, box and column cleared, except the cell itself.
/// ANDed into the placed digit's own band.
pub(super) const KEEP_IN_BAND: [u32; 27] = keep_in_band();

const fn keep_in_band() -> [u32; 27] {
    let mut table = [0; 27];
    let mut bit = 0;
    while bit < 27 {
        let (row, col) = (bit / 9, bit % 9);
        let boxed = box_cells(col / 3);
        let gone = ROW << (9 * row) | boxed | column(col);
        table[bit] = (BAND & !gone) | 1 << bit;
        bit += 1;
    }
    table
}

/// Per byte: its eight bits spread to the low bits of eight bytes (bit `j` to byte `j`), for
/// writing a solved band's values eight cells at a time.
pub(super) const SPREAD: [u64; 256] = spread();

const fn spread() -> [u64; 256] {
    let mut table = [0; 256];
    let mut m = 0;
    while m < 256 {
        let mut j = 0;
        while j < 8 {
            table[m] |= ((m as u64 >> j) & 1) << (8 * j);
            j += 1;
        }
        m += 1;
    }
    table
}

/// Per 9-bit column set of a band: the columns alone in their box (as [`LONE_COLUMNS`], as
/// column bits).
pub(super) const LONE_COLUMN_BITS: [u16; 512] = lone_column_bits();

const fn lone_column_bits() -> [u16; 512] {
    let mut table = [0; 512];
    let mut x = 0;
    while x < 512 {
        let mut k = 0;
        while k < 3 {
            let g = (x >> (3 * k)) & 7;
            if g == 1 || g == 2 || g == 4 {
                table[x] |= (g << (3 * k)) as u16;
            }
            k += 1;
        }
        x += 1;
    }
    table
}

/// The columns of a 9-bit column set (bit `c`: column `c` of the band) that are alone in their
/// box, as band cells (all three rows): a digit confined to such a column within its box of
/// the band leaves that column in the other two bands.
pub(super) const LONE_COLUMNS: [u32; 512] = lone_columns();

const fn lone_columns() -> [u32; 512] {
    let mut table = [0; 512];
    let mut cols = 0;
    while cols < 512 {
        // The lone columns' bits, repeated in the band's three rows.
        table[cols] = column(0) * LONE_COLUMN_BITS[cols] as u32;
        cols += 1;
    }
    table
}

/// Per 9-bit set of columns that hold a digit in this band only: the band with the other two
/// columns of each such column's box cleared (the digit must sit in that column there).
pub(super) const CLAIM_KEEP: [u32; 512] = claim_keep();

const fn claim_keep() -> [u32; 512] {
    let mut table = [BAND; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut c = 0;
        while c < 9 {
            if cols >> c & 1 != 0 {
                let boxed = box_cells(c / 3);
                table[cols] &= !(boxed & !column(c));
            }
            c += 1;
        }
        cols += 1;
    }
    table
}

/// For each row-box matrix `m` (see [`PERMUTED`]): the permutations that fit in it, as bit
/// `p` for `PERMUTATIONS[p]` (low 6 bits), and how many they are (bits 8 and up). The search
/// branches on a band's fitting permutations; the same table, read with bands for rows and a
/// stack's columns for boxes, serves the digit's permutations in a stack.
pub(super) const FITTING: [u16; 512] = fitting();

const fn fitting() -> [u16; 512] {
    let mut table = [0; 512];
    let mut m = 0;
    while m < 512 {
        let (mut set, mut count) = (0, 0);
        let mut p = 0;
        while p < 6 {
            let boxes = PERMUTATIONS[p];
            if m >> boxes[0] & 1 != 0
                && m >> (3 + boxes[1]) & 1 != 0
                && m >> (6 + boxes[2]) & 1 != 0
            {
                set |= 1 << p;
                count += 1;
            }
            p += 1;
        }
        table[m] = set | count << 8;
        m += 1;
    }
    table
}

/// The band cells of the three pieces of `PERMUTATIONS[p]`: row `r` in box `PERMUTATIONS[p][r]`.
pub(super) const PERMUTATION_CELLS: [u32; 6] = permutation_cells();

const fn permutation_cells() -> [u32; 6] {
    let mut table = [0; 6];
    let mut p = 0;
    while p < 6 {
        let mut r = 0;
        while r < 3 {
            table[p] |= minirow(r, PERMUTATIONS[p][r]);
            r += 1;
        }
        p += 1;
    }
    table
}

/// For each row-box matrix `m` (see [`PERMUTED`]), the pieces every fitting permutation uses,
/// as a matrix of the same layout: the minirows the digit is forced into.
pub(super) const FORCED_MINIROWS: [u16; 512] = forced_minirows();

const fn forced_minirows() -> [u16; 512] {
    let mut table = [0; 512];
    let mut m = 0;
    while m < 512 {
        // The forced cells are whole pieces, so the pieces they reach are those pieces.
        table[m] = boxes_reached((PERMUTED[m] >> 32) as u32) as u16;
        m += 1;
    }
    table
}

/// For each row-box matrix `m` (see [`PERMUTED`]), what a band search keeps of a band with that
/// matrix, for the band rules, in one word: bits 0-8, the pieces that some fitting permutation
/// uses (what is left of `m` once the band keeps only those); bits 9-17, the pieces every one
/// uses ([`FORCED_MINIROWS`]); bits 18 and up, how many fit.
pub(super) const SHAPES: [u32; 512] = shapes();

const fn shapes() -> [u32; 512] {
    let mut table = [0; 512];
    let mut m = 0;
    while m < 512 {
        table[m] = boxes_reached(PERMUTED[m] as u32)
            | (FORCED_MINIROWS[m] as u32) << 9
            | ((FITTING[m] >> 8) as u32) << 18;
        m += 1;
    }
    table
}

/// Per minirow `3r + k`: its three cells in the band, row `r` of box `k`.
pub(super) const MINIROW_CELLS: [u32; 9] = minirow_cells();

const fn minirow_cells() -> [u32; 9] {
    let mut table = [0; 9];
    let mut j = 0;
    while j < 9 {
        table[j] = minirow(j / 3, j % 3);
        j += 1;
    }
    table
}

/// Per minirow `3r + k`: the band with the other pieces of row `r` and of box `k` cleared (the
/// digit is in that minirow).
pub(super) const FORCE_KEEP: [u32; 9] = force_keep();

const fn force_keep() -> [u32; 9] {
    let mut table = [0; 9];
    let mut j = 0;
    while j < 9 {
        let (r, k) = (j / 3, j % 3);
        table[j] = (BAND & !((ROW << (9 * r)) | box_cells(k))) | minirow(r, k);
        j += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_puts_bit_j_in_byte_j() {
        for (m, &word) in SPREAD.iter().enumerate() {
            for (j, &byte) in word.to_le_bytes().iter().enumerate() {
                assert_eq!(byte, (m >> j & 1) as u8, "{m:08b}");
            }
        }
    }

    #[test]
    fn boxes_of_row_marks_the_reached_boxes() {
        for (row, &boxes) in BOXES_OF_ROW.iter().enumerate() {
            for k in 0..3 {
                assert_eq!(boxes >> k & 1 != 0, row >> (3 * k) & 7 != 0, "{row:#x}");
            }
            assert!(boxes < 8);
        }
    }

    #[test]
    fn boxes_reached_matches_the_row_lookups() {
        // Every band in an optimised build; a spread sample in a debug one.
        let step = if cfg!(debug_assertions) { 7919 } else { 1 };
        for a in (0..=BAND).step_by(step) {
            let want = BOXES_OF_ROW[(a & ROW) as usize]
                | BOXES_OF_ROW[(a >> 9 & ROW) as usize] << 3
                | BOXES_OF_ROW[(a >> 18 & ROW) as usize] << 6;
            assert_eq!(boxes_reached(a), want, "{a:#x}");
        }
    }

    #[test]
    fn lone_columns_are_the_only_column_of_their_box() {
        for cols in 0..512u32 {
            for c in 0..9 {
                let part = cols >> (c / 3 * 3) & 7;
                let lone = cols >> c & 1 != 0 && part.count_ones() == 1;
                assert_eq!(LONE_COLUMNS[cols as usize] & column(c) == column(c), lone, "{c}");
                assert_eq!(LONE_COLUMNS[cols as usize] & column(c) == 0, !lone, "{cols:#x} {c}");
            }
        }
    }

    #[test]
    fn claim_keep_clears_the_box_mates_of_claimed_columns() {
        for cols in 0..512u32 {
            for c in 0..9 {
                let mates = (0..9).filter(|&o| o != c && o / 3 == c / 3);
                let gone = mates.clone().any(|o| cols >> o & 1 != 0);
                let kept = CLAIM_KEEP[cols as usize] & column(c);
                assert_eq!(kept, if gone { 0 } else { column(c) }, "{cols:#x} {c}");
            }
        }
    }

    #[test]
    fn permuted_keeps_the_pieces_of_fitting_permutations() {
        let piece = |r: usize, k: usize| 7u32 << (9 * r + 3 * k);
        for (m, &entry) in PERMUTED.iter().enumerate() {
            let out = entry as u32;
            let forced = (entry >> 32) as u32;
            // Whole pieces only, and only pieces of the matrix.
            for r in 0..3 {
                for k in 0..3 {
                    let p = out & piece(r, k);
                    assert!(p == 0 || p == piece(r, k), "m {m:#x}");
                    assert!(p == 0 || m >> (3 * r + k) & 1 != 0, "m {m:#x}");
                }
            }
            // Every fitting permutation survives; a dead matrix gives 0.
            let mut any = false;
            let mut every = BAND;
            for perm in PERMUTATIONS {
                if (0..3).all(|r| m >> (3 * r + perm[r]) & 1 != 0) {
                    any = true;
                    assert!((0..3).all(|r| out & piece(r, perm[r]) != 0), "m {m:#x}");
                    every &= (0..3).map(|r| piece(r, perm[r])).sum::<u32>();
                }
            }
            assert_eq!(out == 0, !any, "m {m:#x}");
            assert_eq!(forced, if any { every } else { 0 }, "m {m:#x}");
            // Idempotent: what it keeps is its own fixed point.
            let again: u32 = (0..3)
                .flat_map(|r| (0..3).map(move |k| (r, k)))
                .filter(|&(r, k)| out & piece(r, k) != 0)
                .map(|(r, k)| 1 << (3 * r + k))
                .sum();
            assert_eq!(PERMUTED[again as usize], entry, "m {m:#x}");
        }
        // A row confined to one box forces the other rows out of it.
        assert_eq!(PERMUTED[0b111_111_001] as u32, piece(0, 0) | 0o770 << 9 | 0o770 << 18);
        assert_eq!(PERMUTED[0b111_111_001] >> 32, u64::from(piece(0, 0)));
    }

    /// The permutations (as `PERMUTATIONS` indices) whose pieces all lie in matrix `m`.
    fn fitting_permutations(m: usize) -> Vec<usize> {
        (0..6).filter(|&p| (0..3).all(|r| m >> (3 * r + PERMUTATIONS[p][r]) & 1 != 0)).collect()
    }

    #[test]
    fn fitting_lists_and_counts_the_permutations_in_a_matrix() {
        for (m, &entry) in FITTING.iter().enumerate() {
            let fits = fitting_permutations(m);
            let set: u16 = fits.iter().map(|&p| 1 << p).sum();
            assert_eq!(entry & 63, set, "m {m:#x}");
            assert_eq!(usize::from(entry >> 8), fits.len(), "m {m:#x}");
        }
        assert_eq!(FITTING[0o777] >> 8, 6);
        assert_eq!(FITTING[0o421] & 63, 1, "rows 0, 1, 2 in boxes 0, 1, 2: the identity");
    }

    #[test]
    fn permutation_cells_are_three_pieces_one_a_row_and_box() {
        for (p, &cells) in PERMUTATION_CELLS.iter().enumerate() {
            assert_eq!(cells.count_ones(), 9);
            for (r, k) in PERMUTATIONS[p].into_iter().enumerate() {
                assert_eq!(cells >> (9 * r) & ROW, 7 << (3 * k), "p {p} r {r}");
            }
            assert_eq!(fold(cells), ROW, "every column once");
        }
    }

    #[test]
    fn shapes_hold_the_used_and_forced_pieces_and_the_count() {
        for (m, &shape) in SHAPES.iter().enumerate() {
            let fits = fitting_permutations(m);
            let mut used = 0;
            for &p in &fits {
                for (r, k) in PERMUTATIONS[p].into_iter().enumerate() {
                    used |= 1 << (3 * r + k);
                }
            }
            assert_eq!(shape & ROW, used, "m {m:#x}");
            assert_eq!(shape >> 9 & ROW, u32::from(FORCED_MINIROWS[m]), "m {m:#x}");
            assert_eq!(shape >> 18, fits.len() as u32, "m {m:#x}");
        }
    }

    #[test]
    fn forced_minirows_are_the_pieces_of_every_fitting_permutation() {
        for (m, &forced) in FORCED_MINIROWS.iter().enumerate() {
            let fits = fitting_permutations(m);
            let mut want = 0;
            if !fits.is_empty() {
                for j in 0..9 {
                    if fits.iter().all(|&p| PERMUTATIONS[p][j / 3] == j % 3) {
                        want |= 1 << j;
                    }
                }
            }
            assert_eq!(forced, want, "m {m:#x}");
        }
    }

    #[test]
    fn minirow_tables_match_their_cells() {
        for j in 0..9 {
            let (r, k) = (j / 3, j % 3);
            assert_eq!(MINIROW_CELLS[j], 7 << (9 * r + 3 * k));
            for bit in 0..27 {
                let (row, col) = (bit / 9, bit % 9);
                let gone = (row == r) != (col / 3 == k);
                assert_eq!(FORCE_KEEP[j] >> bit & 1 == 0, gone, "minirow {j} bit {bit}");
            }
        }
        // LONE_COLUMNS is built from LONE_COLUMN_BITS: check the root against its definition.
        for cols in 0..512u32 {
            for c in 0..9 {
                let lone = cols >> c & 1 != 0 && (cols >> (c / 3 * 3) & 7).count_ones() == 1;
                assert_eq!(LONE_COLUMN_BITS[cols as usize] >> c & 1 != 0, lone, "{cols:#x} {c}");
            }
        }
    }

    #[test]
    fn stack_matrix_gathers_a_stacks_columns_by_band() {
        for s in 0..3 {
            for columns in (0..1u32 << 27).step_by(if cfg!(debug_assertions) { 9973 } else { 97 }) {
                let want: usize =
                    (0..3).map(|b| ((columns >> (9 * b + 3 * s) & 7) as usize) << (3 * b)).sum();
                assert_eq!(stack_matrix(columns, s), want, "{columns:#x} stack {s}");
            }
        }
    }

    #[test]
    fn start_keep_clears_the_givens_rows_and_boxes_and_sees_two_in_one() {
        for m in 0..512u32 {
            let pieces: Vec<(u32, u32)> =
                (0..9).filter(|&j| m >> j & 1 == 1).map(|j| (j / 3, j % 3)).collect();
            let clash = pieces
                .iter()
                .enumerate()
                .any(|(i, &(r, k))| pieces[i + 1..].iter().any(|&(r2, k2)| r2 == r || k2 == k));
            assert_eq!(START_KEEP[m as usize] >> 31 == 1, clash, "{m:09b}");
            for cell in 0..27 {
                let (r, k) = (cell / 9, cell % 9 / 3);
                let gone = pieces.iter().any(|&(r2, k2)| r2 == r || k2 == k);
                assert_eq!(START_KEEP[m as usize] >> cell & 1 == 0, gone, "{m:09b} {cell}");
            }
        }
    }

    #[test]
    fn keep_in_band_clears_the_cells_peers() {
        for (bit, keep) in KEEP_IN_BAND.iter().enumerate() {
            let (row, col) = (bit / 9, bit % 9);
            for other in 0..27 {
                let (r, c) = (other / 9, other % 9);
                let peer = other != bit && (r == row || c == col || c / 3 == col / 3);
                assert_eq!(keep >> other & 1 == 0, peer, "{bit} {other}");
            }
            assert_eq!(keep.count_ones(), 27 - 14, "8 in the row, 6 more in the box");
        }
    }
}
