//! Basic fish (SE's `Fisherman`): X-Wing (2), Swordfish (3), Jellyfish (4).
//!
//! n lines of one kind (the base) in which a digit's candidates, together, lie in exactly n
//! lines of the other kind (the cover), each base line with at least two: the digit goes from
//! the cover lines' other cells.
//!
//! SE reads columns as the base (rows as cover) first, then rows as the base. For each, it
//! takes the n-subsets of the nine base lines in the order of SE's `Permutations` (9-bit
//! masks in increasing order) and, for each, the digits 1 to 9, skipping a digit placed more
//! than 9 - 2n times. The hint is SE's `LockingHint` with the base and cover lines
//! interleaved, named and rated by its degree ("X-Wing" 3.2, "Swordfish" 3.8, "Jellyfish"
//! 5.2), and counts only if it removes something.

use super::grid::ones;
use super::subsets::first_subset;
use super::{Grid, Hint};

/// SE's first fish of degree `n` (2 to 4).
pub fn fisherman(grid: &Grid, n: usize) -> Option<Hint> {
    // A digit's positions in each line: by column (bits of rows) and by row (bits of columns).
    let mut in_column = [[0u16; 9]; 10];
    let mut in_row = [[0u16; 9]; 10];
    let mut placed = [0usize; 10];
    for c in 0..81 {
        let (y, x) = (c / 9, c % 9);
        placed[grid.values[c] as usize] += 1;
        let mut cands = grid.cands[c];
        while cands != 0 {
            let d = cands.trailing_zeros() as usize;
            cands &= cands - 1;
            in_column[d][x] |= 1 << y;
            in_row[d][y] |= 1 << x;
        }
    }
    // Columns as the base lines first, then rows.
    for (base, columns_first) in [(&in_column, true), (&in_row, false)] {
        // For each digit, the lines with two to n candidates (a base line needs two, and one
        // with more than n makes the cover too wide), or none for a digit placed more than
        // 9 - 2n times (SE skips it).
        let mut eligible = [0u16; 10];
        for digit in 1..=9 {
            if placed[digit] + 2 * n <= 9 {
                for (line, p) in base[digit].iter().enumerate() {
                    if (2..=n as u32).contains(&ones(*p)) {
                        eligible[digit] |= 1 << line;
                    }
                }
            }
        }
        // SE's subsets of all nine lines, less those no digit can use.
        let any = eligible.iter().fold(0, |m, e| m | e);
        let hint = first_subset(any, n, |lines| {
            for digit in 1..=9usize {
                if lines & !eligible[digit] != 0 {
                    continue;
                }
                let mut cover = 0u16;
                let mut rest = lines;
                while rest != 0 {
                    cover |= base[digit][rest.trailing_zeros() as usize];
                    rest &= rest - 1;
                }
                if ones(cover) as usize != n {
                    continue;
                }
                // Worth it only if a cover line has the digit outside the base lines.
                let crossing = if columns_first { &in_row } else { &in_column };
                let mut covers = cover;
                let mut worth = false;
                while covers != 0 && !worth {
                    worth = crossing[digit][covers.trailing_zeros() as usize] & !lines != 0;
                    covers &= covers - 1;
                }
                if worth {
                    return Some(fish_hint(grid, n, digit as u8, lines, cover, columns_first));
                }
            }
            None
        });
        if hint.is_some() {
            return hint;
        }
    }
    None
}

/// The hint of a fish on `digit` with base lines `lines` and cover lines `cover` (bits of
/// line numbers): the cover lines lose the digit outside the base lines.
fn fish_hint(
    grid: &Grid,
    n: usize,
    digit: u8,
    lines: u16,
    cover: u16,
    columns_first: bool,
) -> Hint {
    const NAMES: [&str; 3] = ["X-Wing", "Swordfish", "Jellyfish"];
    const DIFFICULTY: [f64; 3] = [3.2, 3.8, 5.2];
    let mut hint = Hint::new(NAMES[n - 2], DIFFICULTY[n - 2]);
    hint.digits = 1 << digit;
    // Region numbers: rows from 9, columns from 18.
    let (base_from, cover_from) = if columns_first { (18, 9) } else { (9, 18) };
    let base_lines = (0..9).filter(|&i| lines & (1 << i) != 0);
    let cover_lines = (0..9).filter(|&i| cover & (1 << i) != 0);
    for (b, c) in base_lines.zip(cover_lines) {
        hint.regions.push(base_from + b);
        hint.regions.push(cover_from + c);
    }
    // The cell at cover line `c` and base line `b`.
    let cell = |c: usize, b: usize| if columns_first { c * 9 + b } else { b * 9 + c };
    for c in (0..9).filter(|&i| cover & (1 << i) != 0) {
        for b in 0..9 {
            let cell = cell(c, b);
            if !grid.has(cell, digit) {
                continue;
            }
            if lines & (1 << b) != 0 {
                hint.cells.push(cell);
            } else {
                hint.remove(cell, 1 << digit);
            }
        }
    }
    hint
}

#[cfg(test)]
#[path = "fish_tests.rs"]
mod tests;
