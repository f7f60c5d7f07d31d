//! Basic fish: for one digit, N base lines (rows, or columns) whose places for the digit lie
//! within N cover lines (columns, or rows). The N base lines need N different cover lines for
//! the digit, and the cover lines have no room left, so the digit leaves the cover lines'
//! other cells. X-Wing (N = 2, 3.2), Swordfish (3, 3.8), Jellyfish (4, 5.2).
//!
//! As in Sudoku Explainer, a base line may have from 2 to N places (not exactly N); a line
//! with one place is a hidden single, left to the singles.

use super::position::{bit, cells_of, size as size_of, Cells, Position, HOUSE};
use super::step::Step;
use super::subsets::subsets_of;
use super::technique::Technique;

/// X-Wing: two rows whose places for a digit lie in two columns, or two columns in two rows.
/// Scan order as in [`find`].
pub fn x_wing(position: &Position, step: &mut Step) -> bool {
    find(position, step, 2, Technique::XWing)
}

/// Swordfish: the three-line fish. Scan order as in [`find`].
pub fn swordfish(position: &Position, step: &mut Step) -> bool {
    find(position, step, 3, Technique::Swordfish)
}

/// Jellyfish: the four-line fish. Scan order as in [`find`].
pub fn jellyfish(position: &Position, step: &mut Step) -> bool {
    find(position, step, 4, Technique::Jellyfish)
}

/// The first fish of `size` lines that removes something, in a fixed order: digit 1 to 9;
/// then rows as base lines (columns as covers), then columns as base lines; then the sets of
/// base lines in increasing order of their members (lines 1,2,3 before 1,2,4 before 1,3,4).
///
/// Every size-N set is tried, even one that holds a smaller fish: the ladder tries the smaller
/// fish first, so a smaller one that removes anything has been taken already.
fn find(position: &Position, step: &mut Step, size: u32, technique: Technique) -> bool {
    for digit in 1..=9u8 {
        for bases_are_columns in [false, true] {
            if find_in(position, step, size, technique, digit, bases_are_columns) {
                return true;
            }
        }
    }
    false
}

/// The first fish on `digit` with rows as base lines, or columns when `bases_are_columns`.
fn find_in(
    position: &Position,
    step: &mut Step,
    size: u32,
    technique: Technique,
    digit: u8,
    bases_are_columns: bool,
) -> bool {
    let (base_first, cover_first) = if bases_are_columns { (9, 0) } else { (0, 9) };
    let cells = position.digit_cells(digit);
    // A line's places, by place in the line, are the cover lines it reaches: a row's places
    // are columns, a column's places are rows.
    let reach = if bases_are_columns { column_places(cells) } else { row_places(cells) };
    let mut pool = 0u16;
    for (line, &places) in reach.iter().enumerate() {
        if (2..=size).contains(&size_of(places)) {
            pool |= 1 << line;
        }
    }
    if size_of(pool) < size {
        return false;
    }
    subsets_of(pool, size, &mut |bases| {
        let covers = lines_of(bases).fold(0u16, |m, line| m | reach[line]);
        if size_of(covers) != size {
            return false;
        }
        let base_cells = union(bases, base_first) & cells;
        let removed = union(covers, cover_first) & cells & !base_cells;
        if removed == 0 {
            return false;
        }
        step.start(technique);
        step.digits = bit(digit);
        step.houses.extend(lines_of(bases).map(|line| (base_first + line) as u8));
        step.houses.extend(lines_of(covers).map(|line| (cover_first + line) as u8));
        step.cells.extend(cells_of(base_cells).map(|c| c as u8));
        step.eliminations.extend(cells_of(removed).map(|c| (c as u8, digit)));
        true
    })
}

/// Each row's places for a digit whose cells are `cells`: bit `c` for column `c`.
fn row_places(cells: Cells) -> [u16; 9] {
    std::array::from_fn(|row| (cells >> (9 * row)) as u16 & 0x1FF)
}

/// Each column's places for a digit whose cells are `cells`: bit `r` for row `r` (read off
/// the rows, which is cheaper than gathering each column's cells).
fn column_places(cells: Cells) -> [u16; 9] {
    let mut columns = [0u16; 9];
    for (row, places) in row_places(cells).into_iter().enumerate() {
        for column in lines_of(places) {
            columns[column] |= 1 << row;
        }
    }
    columns
}

/// The cells of the lines of a mask (bit i for house `first + i`).
fn union(lines: u16, first: usize) -> Cells {
    lines_of(lines).fold(0, |set, line| set | HOUSE[first + line])
}

/// The bit indices of a mask of lines, in increasing order.
fn lines_of(mask: u16) -> impl Iterator<Item = usize> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            i
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rate::tests::{digit_picture, run};

    /// The cell at a row and column, from 0.
    fn cell(row: usize, col: usize) -> u8 {
        (9 * row + col) as u8
    }

    #[test]
    fn an_x_wing_in_rows_clears_its_columns() {
        // Digit 5 in rows 2 and 7 only in columns 3 and 8.
        let position = digit_picture(
            5,
            "xxxxxxxxx
             ..x....x.
             xxxxxxxxx
             xxxxxxxxx
             xxxxxxxxx
             xxxxxxxxx
             ..x....x.
             xxxxxxxxx
             xxxxxxxxx",
        );
        let step = run(x_wing, &position).expect("an x-wing");
        assert_eq!(step.technique, Technique::XWing);
        assert_eq!(step.rating, 32);
        assert_eq!(step.digits, bit(5));
        assert_eq!(step.houses, [1, 6, 9 + 2, 9 + 7]);
        assert_eq!(step.cells, [cell(1, 2), cell(1, 7), cell(6, 2), cell(6, 7)]);
        let expected: Vec<(u8, u8)> = [0, 2, 3, 4, 5, 7, 8]
            .into_iter()
            .flat_map(|r| [(cell(r, 2), 5), (cell(r, 7), 5)])
            .collect();
        assert_eq!(step.eliminations, expected);
        assert!(step.placements.is_empty());
    }

    #[test]
    fn an_x_wing_in_columns_clears_its_rows() {
        // Digit 1: columns 1 and 9 hold it only in rows 4 and 6; rows have more places.
        let position = digit_picture(
            1,
            ".xxxxxxx.
             .xxxxxxx.
             .xxxxxxx.
             xxxxxxxxx
             .xxxxxxx.
             xxxxxxxxx
             .xxxxxxx.
             .xxxxxxx.
             .xxxxxxx.",
        );
        let step = run(x_wing, &position).expect("an x-wing");
        assert_eq!(step.houses, [9, 17, 3, 5]);
        let expected: Vec<(u8, u8)> =
            (1..8).map(|c| (cell(3, c), 1)).chain((1..8).map(|c| (cell(5, c), 1))).collect();
        assert_eq!(step.eliminations, expected);
    }

    #[test]
    fn an_x_wing_that_removes_nothing_or_a_row_with_three_places_is_not_one() {
        // The cover columns hold the digit nowhere else: nothing to remove.
        let idle = digit_picture(
            5,
            "xx.xxxx.x
             ..x....x.
             xx.xxxx.x
             xx.xxxx.x
             xx.xxxx.x
             xx.xxxx.x
             ..x....x.
             xx.xxxx.x
             xx.xxxx.x",
        );
        assert!(run(x_wing, &idle).is_none());
        // Row 7 has a third place: no x-wing (a swordfish would need a third row).
        let near = digit_picture(
            5,
            "xxxxxxxxx
             ..x....x.
             xxxxxxxxx
             xxxxxxxxx
             xxxxxxxxx
             xxxxxxxxx
             ..x..x.x.
             xxxxxxxxx
             xxxxxxxxx",
        );
        assert!(run(x_wing, &near).is_none());
        assert!(run(swordfish, &near).is_none());
    }

    #[test]
    fn a_swordfish_with_two_places_in_each_row_clears_three_columns() {
        // Rows 1, 5, 9: 2-2-2 over columns 1, 4, 7.
        let position = digit_picture(
            9,
            "x..x.....
             xxxxxxxxx
             xxxxxxxxx
             xxxxxxxxx
             ...x..x..
             xxxxxxxxx
             xxxxxxxxx
             xxxxxxxxx
             x.....x..",
        );
        assert!(run(x_wing, &position).is_none());
        let step = run(swordfish, &position).expect("a swordfish");
        assert_eq!(step.technique, Technique::Swordfish);
        assert_eq!(step.rating, 38);
        assert_eq!(step.houses, [0, 4, 8, 9, 12, 15]);
        assert_eq!(
            step.cells,
            [cell(0, 0), cell(0, 3), cell(4, 3), cell(4, 6), cell(8, 0), cell(8, 6)]
        );
        let expected: Vec<(u8, u8)> = [1, 2, 3, 5, 6, 7]
            .into_iter()
            .flat_map(|r| [(cell(r, 0), 9), (cell(r, 3), 9), (cell(r, 6), 9)])
            .collect();
        assert_eq!(step.eliminations, expected);
    }

    #[test]
    fn a_swordfish_over_four_columns_is_not_one() {
        let position = digit_picture(
            9,
            "x..x.....
             xxxxxxxxx
             xxxxxxxxx
             xxxxxxxxx
             ...x..x..
             xxxxxxxxx
             xxxxxxxxx
             xxxxxxxxx
             x......x.",
        );
        assert!(run(swordfish, &position).is_none());
    }

    #[test]
    fn a_jellyfish_in_columns_clears_four_rows() {
        // Columns 2, 4, 6, 8 hold digit 3 only in rows 1, 3, 5, 7 (2-3-2-4 places).
        let position = digit_picture(
            3,
            "xxxxx.xxx
             x.x.x.x.x
             x.xxxxxxx
             x.x.x.x.x
             xxxxxxxxx
             x.x.x.x.x
             xxx.xxxxx
             x.x.x.x.x
             x.x.x.x.x",
        );
        assert!(run(x_wing, &position).is_none());
        assert!(run(swordfish, &position).is_none());
        let step = run(jellyfish, &position).expect("a jellyfish");
        assert_eq!(step.technique, Technique::Jellyfish);
        assert_eq!(step.rating, 52);
        assert_eq!(step.houses, [10, 12, 14, 16, 0, 2, 4, 6]);
        let expected: Vec<(u8, u8)> = [0, 2, 4, 6]
            .into_iter()
            .flat_map(|r| [0, 2, 4, 6, 8].map(|c| (cell(r, c), 3)))
            .filter(|&(c, _)| position.has(usize::from(c), 3))
            .collect();
        assert_eq!(step.eliminations, expected);
    }
}
