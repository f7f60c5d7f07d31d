//! The position Sudoku Explainer's rules read: a value or a set of candidates a cell, and the
//! 27 regions in SE's own order.
//!
//! Everything here mirrors SE 1.2.1's `Grid` and `Cell` so that the rules, ported from SE, can
//! keep SE's scan orders literally:
//!
//! - a cell is `y * 9 + x` (SE's `getCell(x, y)`; `x` the column, `y` the row, from 0);
//! - candidates are a `u16` with bit `d` for digit `d` (bits 1 to 9, as SE's `BitSet` of
//!   potential values), so `mask.trailing_zeros()` walks them as `nextSetBit` does;
//! - the regions are numbered in `getRegionTypes()`'s order: blocks 0..9, rows 9..18,
//!   columns 18..27; a region's cells are in SE's order (a block row by row, a row by `x`, a
//!   column by `y`), and a region's potential positions are bits of those indices.
//!
//! ```text
//!   region 0..9   blocks    cell i of block b: row 3*(b/3) + i/3, column 3*(b%3) + i%3
//!   region 9..18  rows      cell i of row r:   (r, i)
//!   region 18..27 columns   cell i of column c: (i, c)
//! ```

/// A cell: `y * 9 + x`.
pub type Cell = usize;

/// All nine digits as a candidate mask (bits 1 to 9).
pub const ALL: u16 = 0b11_1111_1110;

/// The kind of a region, in SE's order of region types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum RegionKind {
    /// A 3x3 box (SE's `Block`).
    Block,
    /// A row.
    Row,
    /// A column.
    Column,
}

/// The kind of region `r`.
pub const fn region_kind(r: usize) -> RegionKind {
    match r / 9 {
        0 => RegionKind::Block,
        1 => RegionKind::Row,
        _ => RegionKind::Column,
    }
}

/// Region `r`'s name as SE writes it in a hint's text ("block 4", "row 2", "column 7").
pub fn region_name(r: usize) -> String {
    let kind = match region_kind(r) {
        RegionKind::Block => "block",
        RegionKind::Row => "row",
        RegionKind::Column => "column",
    };
    format!("{kind} {}", r % 9 + 1)
}

/// A cell's name, `r{row}c{column}` from 1.
pub fn cell_name(cell: Cell) -> String {
    format!("r{}c{}", cell / 9 + 1, cell % 9 + 1)
}

const fn region_cells() -> [[u8; 9]; 27] {
    let mut table = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            let (by, bx) = (i / 3 * 3, i % 3 * 3);
            table[i][j] = ((by + j / 3) * 9 + bx + j % 3) as u8;
            table[9 + i][j] = (i * 9 + j) as u8;
            table[18 + i][j] = (j * 9 + i) as u8;
            j += 1;
        }
        i += 1;
    }
    table
}

/// The cells of each region, in SE's order.
pub const REGION_CELLS: [[u8; 9]; 27] = region_cells();

const fn cell_regions() -> [[u8; 3]; 81] {
    let mut table = [[0u8; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let (y, x) = (c / 9, c % 9);
        table[c] = [(y / 3 * 3 + x / 3) as u8, (9 + y) as u8, (18 + x) as u8];
        c += 1;
    }
    table
}

/// Each cell's block, row and column, in that order (SE's `getRegionTypes()`).
pub const CELL_REGIONS: [[u8; 3]; 81] = cell_regions();

const fn peers() -> [[u8; 20]; 81] {
    // SE's `Cell.getHouseCells`: the block's cells, then the row's, then the column's, each
    // once (a LinkedHashSet), without the cell itself.
    let regions = region_cells();
    let mut table = [[0u8; 20]; 81];
    let mut c = 0;
    while c < 81 {
        let rs = cell_regions()[c];
        let mut n = 0;
        let mut k = 0;
        while k < 3 {
            let mut i = 0;
            while i < 9 {
                let other = regions[rs[k] as usize][i];
                let mut seen = other as usize == c;
                let mut j = 0;
                while j < n {
                    if table[c][j] == other {
                        seen = true;
                    }
                    j += 1;
                }
                if !seen {
                    table[c][n] = other;
                    n += 1;
                }
                i += 1;
            }
            k += 1;
        }
        c += 1;
    }
    table
}

/// The index of `cell` within region `r` (SE's `Region.indexOf`).
pub const fn index_in(r: usize, cell: Cell) -> usize {
    let (y, x) = (cell / 9, cell % 9);
    match r / 9 {
        0 => (y % 3) * 3 + x % 3,
        1 => x,
        _ => y,
    }
}

/// Each cell's 20 peers in SE's order (`Cell.getHouseCells`).
pub const PEERS: [[u8; 20]; 81] = peers();

const fn region_sets() -> [u128; 27] {
    let mut sets = [0u128; 27];
    let mut r = 0;
    while r < 27 {
        let mut i = 0;
        while i < 9 {
            sets[r] |= 1u128 << REGION_CELLS[r][i];
            i += 1;
        }
        r += 1;
    }
    sets
}

/// Each region's cells as an 81-bit set (bit `c` for cell `c`).
pub const REGION_SETS: [u128; 27] = region_sets();

const fn peer_sets() -> [u128; 81] {
    let mut sets = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        let mut i = 0;
        while i < 20 {
            sets[c] |= 1u128 << PEERS[c][i];
            i += 1;
        }
        c += 1;
    }
    sets
}

/// Each cell's peers as an 81-bit set.
pub const PEER_SETS: [u128; 81] = peer_sets();

/// How many bits a candidate mask or a region's positions (10 bits or fewer) hold, from a
/// table: the portable x86-64 build has no population count instruction, and the rules count
/// small masks in their inner loops.
#[inline]
pub fn ones(mask: u16) -> u32 {
    const TABLE: [u8; 1024] = {
        let mut table = [0u8; 1024];
        let mut m = 0;
        while m < 1024 {
            table[m] = (m as u16).count_ones() as u8;
            m += 1;
        }
        table
    };
    debug_assert!(mask < 1024, "{mask:#x} is wider than 10 bits");
    u32::from(TABLE[usize::from(mask & 0x3ff)])
}

/// Whether two different cells share a region.
pub fn sees(a: Cell, b: Cell) -> bool {
    a != b && {
        let (ra, rb) = (CELL_REGIONS[a], CELL_REGIONS[b]);
        ra[0] == rb[0] || ra[1] == rb[1] || ra[2] == rb[2]
    }
}

/// Digits of a mask, smallest first.
pub fn digits(mask: u16) -> impl Iterator<Item = u8> {
    Bits(mask as u128).map(|d| d as u8)
}

/// Set bits of a word, lowest first (cells of an 81-bit set, positions of a region).
#[derive(Debug, Clone, Copy)]
pub struct Bits(pub u128);

impl Iterator for Bits {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

/// A position: each cell's value (0 when empty) and candidates (empty once it has a value).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grid {
    /// The value of each cell, 0 for an empty one.
    pub values: [u8; 81],
    /// The candidates of each cell, bit `d` for digit `d`; 0 for a cell with a value.
    pub cands: [u16; 81],
}

impl Grid {
    /// The position SE starts from: the givens placed, every other cell's candidates the
    /// digits none of its peers holds (`Solver.rebuildPotentialValues`). `givens` has 0 for a
    /// blank.
    pub fn new(givens: &[u8; 81]) -> Grid {
        // The digits each region holds, then each empty cell's candidates are those none of
        // its three regions holds (bit 0, a blank's, is dropped by `ALL`).
        let mut held = [0u16; 27];
        for (c, &value) in givens.iter().enumerate() {
            for &r in &CELL_REGIONS[c] {
                held[r as usize] |= 1 << value;
            }
        }
        let mut grid = Grid { values: *givens, cands: [0; 81] };
        for (c, cands) in grid.cands.iter_mut().enumerate() {
            if givens[c] == 0 {
                let [b, r, k] = CELL_REGIONS[c].map(usize::from);
                *cands = ALL & !(held[b] | held[r] | held[k]);
            }
        }
        grid
    }

    /// Whether `cell` has `digit` as a candidate.
    #[inline]
    pub fn has(&self, cell: Cell, digit: u8) -> bool {
        self.cands[cell] & (1 << digit) != 0
    }

    /// Whether every cell has a value.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Removes a candidate.
    #[inline]
    pub fn remove(&mut self, cell: Cell, digit: u8) {
        self.cands[cell] &= !(1 << digit);
    }

    /// Places `digit` in `cell` and removes it from the cell's peers (SE's
    /// `Cell.setValueAndCancel`).
    pub fn place(&mut self, cell: Cell, digit: u8) {
        self.values[cell] = digit;
        self.cands[cell] = 0;
        for &p in &PEERS[cell] {
            self.cands[p as usize] &= !(1 << digit);
        }
    }

    /// The positions of `digit` in region `r` as bits of the region's cell indices (SE's
    /// `Region.getPotentialPositions`).
    pub fn positions(&self, r: usize, digit: u8) -> u16 {
        let mut bits = 0;
        for (i, &c) in REGION_CELLS[r].iter().enumerate() {
            if self.has(c as usize, digit) {
                bits |= 1 << i;
            }
        }
        bits
    }

    /// How many cells of region `r` are empty.
    pub fn empty_count(&self, r: usize) -> usize {
        REGION_CELLS[r].iter().filter(|&&c| self.values[c as usize] == 0).count()
    }

    /// Whether region `r` holds `digit` as a value.
    pub fn region_contains(&self, r: usize, digit: u8) -> bool {
        REGION_CELLS[r].iter().any(|&c| self.values[c as usize] == digit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[allow(clippy::needless_range_loop)]
    fn tables_agree_with_each_other() {
        for r in 0..27 {
            for (i, &c) in REGION_CELLS[r].iter().enumerate() {
                assert_eq!(index_in(r, c as usize), i);
                assert!(CELL_REGIONS[c as usize].contains(&(r as u8)));
            }
        }
        for c in 0..81 {
            let peers = PEERS[c];
            assert!(peers.iter().all(|&p| sees(c, p as usize)));
            let mut sorted = peers;
            sorted.sort_unstable();
            assert!(sorted.windows(2).all(|w| w[0] < w[1]), "distinct peers of {c}");
        }
        // SE's order for r1c1: its block's other cells first, then the row's, then the column's.
        assert_eq!(&PEERS[0][..8], &[1, 2, 9, 10, 11, 18, 19, 20]);
        assert_eq!(&PEERS[0][8..14], &[3, 4, 5, 6, 7, 8]);
        assert_eq!(&PEERS[0][14..], &[27, 36, 45, 54, 63, 72]);
    }

    #[test]
    fn placing_removes_the_digit_from_peers() {
        let mut grid = Grid::new(&[0; 81]);
        grid.place(40, 5);
        assert_eq!(grid.values[40], 5);
        assert_eq!(grid.cands[40], 0);
        assert!(PEERS[40].iter().all(|&p| !grid.has(p as usize, 5)));
        assert!(grid.has(0, 5));
        assert_eq!(grid.positions(9 + 4, 5), 0);
        assert_eq!(grid.positions(9, 5), 0b1_1110_1111); // r1c5 sees r5c5
    }
}
