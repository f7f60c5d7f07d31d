//! Lookup tables for the bitmask solver and the puzzle generator, built by `const fn`s at compile time.
//!
//! Digits are kept as 9-bit masks, one bit a digit:
//!
//! ```text
//!   bit:    8 7 6 5 4 3 2 1 0
//!   digit:  9 8 7 6 5 4 3 2 1        e.g. 0b0_0001_0010 = {2, 5}
//! ```
//!
//! Houses are numbered 0..27: rows 0..9, columns 9..18, boxes 18..27. Every cell lies in three
//! houses, one of each kind.

/// All nine digits.
pub(crate) const ALL_DIGITS: u16 = 0x1FF;

/// Number of houses: 9 rows, 9 columns, 9 boxes.
pub(crate) const HOUSES: usize = 27;

/// The row, column and box of a cell, as house numbers: `[row, 9 + column, 18 + box]`.
pub(crate) const CELL_HOUSES: [[u8; 3]; 81] = cell_houses();

/// The nine cells of each house, in reading order.
pub(crate) const HOUSE_CELLS: [[u8; 9]; HOUSES] = house_cells();

/// The number of digits in a mask.
pub(crate) const POPCOUNT: [u8; 512] = popcount();

const fn box_of(cell: usize) -> usize {
    cell / 27 * 3 + cell % 9 / 3
}

const fn cell_houses() -> [[u8; 3]; 81] {
    let mut table = [[0; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        table[cell] = [(cell / 9) as u8, (9 + cell % 9) as u8, (18 + box_of(cell)) as u8];
        cell += 1;
    }
    table
}

const fn house_cells() -> [[u8; 9]; HOUSES] {
    let mut table = [[0; 9]; HOUSES];
    let mut filled = [0usize; HOUSES];
    // Walking cells in order fills each house in reading order.
    let mut cell = 0;
    while cell < 81 {
        let houses = CELL_HOUSES[cell];
        let mut k = 0;
        while k < 3 {
            let h = houses[k] as usize;
            table[h][filled[h]] = cell as u8;
            filled[h] += 1;
            k += 1;
        }
        cell += 1;
    }
    table
}

const fn popcount() -> [u8; 512] {
    let mut table = [0; 512];
    let mut mask = 1;
    while mask < 512 {
        // A mask has one digit more than the mask without its lowest bit.
        table[mask] = table[mask & (mask - 1)] + 1;
        mask += 1;
    }
    table
}

/// The mask bit of a digit 1..=9.
#[inline]
pub(crate) const fn digit_bit(digit: u8) -> u16 {
    1 << (digit - 1)
}

/// The 4 peers of each cell that share only its box: the box's cells outside the cell's row
/// and column, in increasing order.
pub(crate) const BOX_ONLY_PEERS: [[u8; 4]; 81] = box_only_peers();

const fn box_only_peers() -> [[u8; 4]; 81] {
    let mut table = [[0; 4]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (row, col) = (cell / 9, cell % 9);
        let mut n = 0;
        let mut other = 0;
        while other < 81 {
            if other / 9 != row && other % 9 != col && box_of(other) == box_of(cell) {
                table[cell][n] = other as u8;
                n += 1;
            }
            other += 1;
        }
        cell += 1;
    }
    table
}

/// All nine digits for a mask of at most two digits, none for a larger one: `mask & bit &
/// FEW[mask]` says in one test, with no branch per condition, that a cell holds `bit` and
/// keeps at most one digit without it.
pub(crate) const FEW: [u16; 512] = few();

const fn few() -> [u16; 512] {
    let mut table = [0; 512];
    let mut mask = 0;
    while mask < 512 {
        if POPCOUNT[mask] <= 2 {
            table[mask] = ALL_DIGITS;
        }
        mask += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{house_cells as grid_house_cells, House};

    #[test]
    fn houses_agree_with_the_grid_module() {
        for i in 0..9u8 {
            let kinds = [House::Row(i), House::Column(i), House::Box(i)];
            for (k, house) in kinds.into_iter().enumerate() {
                let cells: Vec<u8> = grid_house_cells(house).map(|c| c as u8).collect();
                assert_eq!(HOUSE_CELLS[k * 9 + i as usize].to_vec(), cells, "{house}");
            }
        }
    }

    #[test]
    fn every_cell_is_in_its_three_houses() {
        for cell in 0..81u8 {
            let houses = CELL_HOUSES[cell as usize];
            assert!(houses[0] < 9 && (9..18).contains(&houses[1]) && houses[2] >= 18);
            for h in houses {
                assert!(HOUSE_CELLS[h as usize].contains(&cell));
            }
        }
    }

    #[test]
    fn bit_tables_match_the_integer_operations() {
        for mask in 0..512u16 {
            assert_eq!(POPCOUNT[mask as usize] as u32, mask.count_ones());
        }
        for d in 1..=9 {
            assert_eq!(digit_bit(d), 1 << (d - 1));
            assert_eq!(digit_bit(d) & ALL_DIGITS, digit_bit(d));
        }
    }

    #[test]
    fn few_marks_the_masks_of_at_most_two_digits() {
        for mask in 0..512u16 {
            let expected = if mask.count_ones() <= 2 { ALL_DIGITS } else { 0 };
            assert_eq!(FEW[mask as usize], expected, "mask {mask:#x}");
        }
    }

    #[test]
    fn box_only_peers_are_the_peers_outside_row_and_column() {
        // Peers by rows and columns alone, without the tables: the box is (row / 3, col / 3).
        let (row, col) = (|c: usize| c / 9, |c: usize| c % 9);
        let same_box = |a: usize, b: usize| (row(a) / 3, col(a) / 3) == (row(b) / 3, col(b) / 3);
        for (cell, box_only) in BOX_ONLY_PEERS.iter().enumerate() {
            let peers: Vec<usize> = (0..81)
                .filter(|&p| {
                    p != cell && (row(p) == row(cell) || col(p) == col(cell) || same_box(p, cell))
                })
                .collect();
            assert_eq!(peers.len(), 20, "cell {cell}");
            let expected: Vec<u8> = peers
                .iter()
                .filter(|&&p| row(p) != row(cell) && col(p) != col(cell))
                .map(|&p| p as u8)
                .collect();
            assert_eq!(box_only.to_vec(), expected, "cell {cell}");
            // The bitmask solver's peers, its row, its column and these, are all 20 once.
            let mut covered: Vec<usize> = (0..9)
                .map(|i| 9 * row(cell) + i)
                .chain((0..9).map(|i| 9 * i + col(cell)))
                .filter(|&p| p != cell)
                .chain(box_only.iter().map(|&p| usize::from(p)))
                .collect();
            covered.sort_unstable();
            assert_eq!(covered, peers, "cell {cell}");
        }
    }
}
