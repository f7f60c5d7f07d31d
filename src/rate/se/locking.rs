//! Intersections: pointing and claiming (SE's `Locking`), and their "direct" forms.
//!
//! A digit whose candidates in one region (region 1) all lie where it crosses a second
//! region (region 2) can go nowhere else in region 2: pointing when region 1 is a block,
//! claiming when region 1 is a row or column.
//!
//! SE reads the pairs (block, column), (block, row), (column, block), (row, block), in that
//! order, each as region 1 by number, then region 2 by number (skipping those that do not
//! cross), then the digits 1 to 9; a digit needs at least two candidates in region 1 (one is
//! a hidden single).
//!
//! - Indirect mode (`LockingHint`, 2.6 pointing, 2.8 claiming): the hint removes the digit
//!   from region 2's cells outside region 1, and counts only if that removes something.
//! - Direct mode (`DirectLockingHint`, 1.7, 1.9): the hint counts only when the removal would
//!   leave a hidden single in another region of region 1's type crossing region 2 (read by
//!   number): one with at least two candidates of the digit, exactly one of them outside
//!   region 2. That hint removes nothing: it places the digit in that cell.
//!
//! In a rating, a direct claiming is never the step taken: wherever one exists, the rules SE
//! asks before it find something. Say column c has the digit only in block b, and column c'
//! (through b) has it in b and once outside, in block b1. Then the stack's third block b2 has
//! the digit in neither c nor c', so only in the third column c'': with none there it is placed
//! there and b1 has one place left (a hidden single); with one, b2 has a hidden single; with
//! two or more, b2 points along c'' and leaves b1 one place (a direct pointing, asked first).
//! Rows likewise. SE's producer still finds direct claimings, and so does this one.

use super::grid::{Bits, REGION_SETS};
use super::{Grid, Hint};

/// Each digit's candidate cells, as cell bits.
fn digit_cells(grid: &Grid) -> [u128; 10] {
    let mut cells = [0u128; 10];
    for (c, &cands) in grid.cands.iter().enumerate() {
        let mut m = cands;
        while m != 0 {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            cells[d] |= 1 << c;
        }
    }
    cells
}

/// SE's pairs of region kinds, as the first region number of each kind: region 1's, then
/// region 2's.
const KIND_PAIRS: [(usize, usize); 4] = [(0, 18), (0, 9), (18, 0), (9, 0)];

/// For each 9-bit set read as three groups of three (`stride` 1: bits 0-2, 3-5, 6-8;
/// `stride` 3: bits 0,3,6, then 1,4,7, then 2,5,8): 1 + the group that holds the whole set
/// when it has two bits or more, else 0.
const fn lock_table(stride: usize) -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut set = 0;
    while set < 512 {
        let (mut groups, mut last) = (0, 0);
        let mut group = 0;
        while group < 3 {
            let members = if stride == 1 { 0b111 << (3 * group) } else { 0b1001001 << group };
            if set & members != 0 {
                groups += 1;
                last = group;
            }
            group += 1;
        }
        if groups == 1 && (set as u16).count_ones() >= 2 {
            table[set] = last as u8 + 1;
        }
        set += 1;
    }
    table
}

/// [`lock_table`] by triples: a row's positions by stack, a block's by row.
const BY_TRIPLE: [u8; 512] = lock_table(1);
/// [`lock_table`] by stride: a block's positions by column.
const BY_STRIDE: [u8; 512] = lock_table(3);

/// Each digit's candidates by row and by block, as bits of 9: `rows[d][y]` has bit x for a
/// candidate at (y, x); `blocks[d][b]` has bit 3y + x for one at (y, x) within block b.
struct Places {
    rows: [[u16; 9]; 10],
    blocks: [[u16; 9]; 10],
}

impl Places {
    fn new(digits: &[u128; 10]) -> Places {
        let mut places = Places { rows: [[0; 9]; 10], blocks: [[0; 9]; 10] };
        for (d, &cells) in digits.iter().enumerate().skip(1) {
            let rows = &mut places.rows[d];
            for (y, row) in rows.iter_mut().enumerate() {
                *row = (cells >> (9 * y)) as u16 & 0x1ff;
            }
            for (b, block) in places.blocks[d].iter_mut().enumerate() {
                let (y, x) = (b / 3 * 3, b % 3 * 3);
                *block =
                    (rows[y] >> x & 7) | (rows[y + 1] >> x & 7) << 3 | (rows[y + 2] >> x & 7) << 6;
            }
        }
        places
    }

    /// For each region 1 of a kind pair and each region 2 (`[9 * i1 + i2]` for regions
    /// `kind1 + i1` and `kind2 + i2`, so in SE's order), the digits region 1 locks into region 2:
    /// those with two candidates or more in region 1, all where it crosses region 2 (one region
    /// 2 at most). Also the bits of the entries that hold a digit.
    fn locked(&self, kind1: usize, kind2: usize) -> ([u16; 81], u128) {
        let mut locked = [0u16; 81];
        let mut any = 0u128;
        let mut lock = |i1: usize, i2: usize, digit: usize| {
            locked[9 * i1 + i2] |= 1 << digit;
            any |= 1 << (9 * i1 + i2);
        };
        for digit in 1..10 {
            let rows = &self.rows[digit];
            match (kind1, kind2) {
                // A block, into a column or a row.
                (0, _) => {
                    for (b, &block) in self.blocks[digit].iter().enumerate() {
                        let (table, first) = if kind2 == 18 {
                            (&BY_STRIDE, b % 3 * 3)
                        } else {
                            (&BY_TRIPLE, b / 3 * 3)
                        };
                        let k = table[usize::from(block)] as usize;
                        if k != 0 {
                            lock(b, first + k - 1, digit);
                        }
                    }
                }
                // A column: for each band, the columns with two candidates or more there and
                // none in the other bands.
                (18, _) => {
                    let mut any = [0u16; 3];
                    let mut two = [0u16; 3];
                    for band in 0..3 {
                        let [a, b, c] = [rows[3 * band], rows[3 * band + 1], rows[3 * band + 2]];
                        any[band] = a | b | c;
                        two[band] = (a & b) | (a & c) | (b & c);
                    }
                    for band in 0..3 {
                        let mut columns = two[band] & !(any[(band + 1) % 3] | any[(band + 2) % 3]);
                        while columns != 0 {
                            let x = columns.trailing_zeros() as usize;
                            columns &= columns - 1;
                            lock(x, band * 3 + x / 3, digit);
                        }
                    }
                }
                // A row, by stack.
                _ => {
                    for (y, &row) in rows.iter().enumerate() {
                        let k = BY_TRIPLE[usize::from(row)] as usize;
                        if k != 0 {
                            lock(y, y / 3 * 3 + k - 1, digit);
                        }
                    }
                }
            }
        }
        (locked, any)
    }
}

/// SE's first pointing or claiming hint; `direct` for the direct form (a placement).
pub fn locking(grid: &Grid, direct: bool) -> Option<Hint> {
    locking_in(&digit_cells(grid), direct)
}

/// [`locking`] from each digit's candidate cells (`digits[d]`, as cell bits), which the rating
/// loop keeps up to date.
pub fn locking_in(digits: &[u128; 10], direct: bool) -> Option<Hint> {
    let places = Places::new(digits);
    for &(kind1, kind2) in &KIND_PAIRS {
        // SE tries each region 1, each region 2 crossing it (by number), then each digit.
        let (locked, mut any) = places.locked(kind1, kind2);
        while any != 0 {
            let at = any.trailing_zeros() as usize;
            any &= any - 1;
            let (region1, region2) = (kind1 + at / 9, kind2 + at % 9);
            let mut rest = locked[at];
            while rest != 0 {
                let digit = rest.trailing_zeros() as u8;
                rest &= rest - 1;
                let hint = if direct {
                    direct_hint(digits, kind1, region1, region2, digit)
                } else {
                    indirect_hint(digits, region1, region2, digit)
                };
                if hint.is_some() {
                    return hint;
                }
            }
        }
    }
    None
}

/// The pattern common to both forms: the digit's cells in the intersection.
fn base_hint(
    name: &'static str,
    difficulty: f64,
    digits: &[u128; 10],
    region1: usize,
    region2: usize,
    digit: u8,
) -> Hint {
    let mut hint = Hint::new(name, difficulty);
    let common = REGION_SETS[region1] & REGION_SETS[region2] & digits[digit as usize];
    hint.cells = Bits(common).collect();
    hint.regions = vec![region1, region2];
    hint.digits = 1 << digit;
    hint
}

/// The indirect hint, if it removes something.
fn indirect_hint(digits: &[u128; 10], region1: usize, region2: usize, digit: u8) -> Option<Hint> {
    let removed = REGION_SETS[region2] & !REGION_SETS[region1] & digits[digit as usize];
    if removed == 0 {
        return None;
    }
    let (name, difficulty) = if region1 < 9 { ("Pointing", 2.6) } else { ("Claiming", 2.8) };
    let mut hint = base_hint(name, difficulty, digits, region1, region2, digit);
    for cell in Bits(removed) {
        hint.remove(cell, 1 << digit);
    }
    Some(hint)
}

/// The direct hint: the first region of region 1's kind (other than region 1, crossing
/// region 2) that the removal would leave with one place for the digit.
fn direct_hint(
    digits: &[u128; 10],
    kind1: usize,
    region1: usize,
    region2: usize,
    digit: u8,
) -> Option<Hint> {
    let mask2 = REGION_SETS[region2];
    for (region3, &mask3) in REGION_SETS.iter().enumerate().skip(kind1).take(9) {
        if region3 == region1 || mask3 & mask2 == 0 {
            continue;
        }
        let in3 = mask3 & digits[digit as usize];
        let left = in3 & !mask2;
        // Two candidates or more, one of them outside region 2.
        if in3 & in3.wrapping_sub(1) != 0 && left != 0 && left & (left - 1) == 0 {
            let (name, difficulty) =
                if region1 < 9 { ("Direct Pointing", 1.7) } else { ("Direct Claiming", 1.9) };
            let mut hint = base_hint(name, difficulty, digits, region1, region2, digit);
            hint.placement = Some((left.trailing_zeros() as usize, digit));
            return Some(hint);
        }
    }
    None
}

#[cfg(test)]
#[path = "locking_tests.rs"]
mod tests;
