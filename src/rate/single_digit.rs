//! Single-digit patterns of two strong links (houses where a digit has exactly two places)
//! joined at one end: one of the two far ends holds the digit, so a cell seeing both far ends
//! loses it.
//!
//! - Skyscraper: two rows (or two columns) whose links share a column (row) at one end and not
//!   at the other.
//! - 2-String Kite: a row's link and a column's link with one end each in the same box.
//!
//! Their values (6.6) are provisional: Sudoku Explainer has no such names.

use super::position::{bit, cells_of, Cells, Position, HOUSE, PEERS};
use super::step::Step;
use super::technique::Technique;
use super::wings::two_cells;
use crate::solver::tables::CELL_HOUSES;

/// The two cells of a house where a digit has exactly two places, in increasing order.
fn link(position: &Position, house: usize, digit: u8) -> Option<[usize; 2]> {
    let places = position.digit_cells(digit) & HOUSE[house];
    two_cells(places).then(|| {
        let first = places.trailing_zeros() as usize;
        let second = (places & (places - 1)).trailing_zeros() as usize;
        [first, second]
    })
}

/// The cells holding `digit` that see both `a` and `b`.
fn seeing_both(position: &Position, digit: u8, a: usize, b: usize) -> Cells {
    position.digit_cells(digit) & PEERS[a] & PEERS[b]
}

/// Skyscraper. Scan order: digit 1 to 9; rows as the two lines (sharing a column), then
/// columns (sharing a row); the pair of lines in increasing order (first line, then second).
pub fn skyscraper(position: &Position, step: &mut Step) -> bool {
    for digit in 1..=9u8 {
        for first in [0, 9] {
            for one in first..first + 9 {
                let Some(ends_one) = link(position, one, digit) else { continue };
                for two in one + 1..first + 9 {
                    let Some(ends_two) = link(position, two, digit) else { continue };
                    if skyscraper_of(position, step, digit, (one, ends_one), (two, ends_two)) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The skyscraper of two parallel links, if they share a cross line at exactly one end and
/// remove something: fills the step (lines, then the shared cross line; cells from one far
/// end to the other).
fn skyscraper_of(
    position: &Position,
    step: &mut Step,
    digit: u8,
    (one, ends_one): (usize, [usize; 2]),
    (two, ends_two): (usize, [usize; 2]),
) -> bool {
    // The cross line of a cell: its column for links in rows, its row for links in columns.
    let kind = if one < 9 { 1 } else { 0 };
    let cross = |cell: usize| usize::from(CELL_HOUSES[cell][kind]);
    for i in 0..2 {
        for j in 0..2 {
            let (base_one, base_two) = (ends_one[i], ends_two[j]);
            let (far_one, far_two) = (ends_one[1 - i], ends_two[1 - j]);
            if cross(base_one) != cross(base_two) || cross(far_one) == cross(far_two) {
                continue;
            }
            let removed = seeing_both(position, digit, far_one, far_two);
            if removed == 0 {
                return false;
            }
            step.start(Technique::Skyscraper);
            step.digits = bit(digit);
            step.houses.extend([one as u8, two as u8, cross(base_one) as u8]);
            step.cells.extend([far_one, base_one, base_two, far_two].map(|c| c as u8));
            step.eliminations.extend(cells_of(removed).map(|c| (c as u8, digit)));
            return true;
        }
    }
    false
}

/// 2-String Kite. Scan order: digit 1 to 9; the row's link (rows 1 to 9); the column's link
/// (columns 1 to 9).
pub fn two_string_kite(position: &Position, step: &mut Step) -> bool {
    for digit in 1..=9u8 {
        for row in 0..9 {
            let Some(row_ends) = link(position, row, digit) else { continue };
            for column in 9..18 {
                let Some(column_ends) = link(position, column, digit) else { continue };
                if kite_of(position, step, digit, (row, row_ends), (column, column_ends)) {
                    return true;
                }
            }
        }
    }
    false
}

/// The kite of a row's link and a column's link, if one end of each (different cells) share a
/// box that holds neither far end, and it removes something: fills the step (row, column,
/// box; cells from the row's far end to the column's).
fn kite_of(
    position: &Position,
    step: &mut Step,
    digit: u8,
    (row, row_ends): (usize, [usize; 2]),
    (column, column_ends): (usize, [usize; 2]),
) -> bool {
    let box_of = |cell: usize| usize::from(CELL_HOUSES[cell][2]);
    for i in 0..2 {
        for j in 0..2 {
            let (near_row, near_column) = (row_ends[i], column_ends[j]);
            let (far_row, far_column) = (row_ends[1 - i], column_ends[1 - j]);
            let joint = box_of(near_row);
            let distinct = near_row != near_column
                && far_row != far_column
                && far_row != near_column
                && near_row != far_column;
            if !distinct
                || box_of(near_column) != joint
                || box_of(far_row) == joint
                || box_of(far_column) == joint
            {
                continue;
            }
            let removed = seeing_both(position, digit, far_row, far_column);
            if removed == 0 {
                return false;
            }
            step.start(Technique::TwoStringKite);
            step.digits = bit(digit);
            step.houses.extend([row as u8, column as u8, joint as u8]);
            step.cells.extend([far_row, near_row, near_column, far_column].map(|c| c as u8));
            step.eliminations.extend(cells_of(removed).map(|c| (c as u8, digit)));
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rate::tests::{digit_picture, run};

    /// Digit 4 in rows 2 and 8 at two places each, row 8's as given.
    fn rows_2_and_8(row_8: &str) -> Position {
        let picture = format!(
            "xxxxxxxxx x...x.... xxxxxxxxx xxxxxxxxx xxxxxxxxx xxxxxxxxx xxxxxxxxx {row_8} \
             xxxxxxxxx"
        );
        digit_picture(4, &picture)
    }

    #[test]
    fn a_skyscraper_removes_the_digit_where_both_far_ends_are_seen() {
        // Rows 2 and 8 share column 1; the far ends r2c5 and r8c6.
        let position = rows_2_and_8("x....x...");
        assert!(run(two_string_kite, &position).is_none());
        let step = run(skyscraper, &position).expect("a skyscraper");
        assert_eq!(step.technique, Technique::Skyscraper);
        assert_eq!(step.rating, 66);
        assert_eq!(step.digits, bit(4));
        assert_eq!(step.houses, [1, 7, 9]);
        assert_eq!(step.cells, [13, 9, 63, 68]);
        assert_eq!(step.eliminations, [(5, 4), (23, 4), (58, 4), (76, 4)]);
    }

    #[test]
    fn a_skyscraper_shares_exactly_one_end() {
        // Both ends shared: an x-wing.
        assert!(run(skyscraper, &rows_2_and_8("x...x....")).is_none());
        // No end shared.
        assert!(run(skyscraper, &rows_2_and_8(".x...x...")).is_none());
    }

    /// Digit 7 in row 1 at the places given, and in column 1 only in rows 2 and 7.
    fn kite_position(row_1: &str) -> Position {
        let picture = format!(
            "{row_1} xxxxxxxxx .xxxxxxxx .xxxxxxxx .xxxxxxxx .xxxxxxxx xxxxxxxxx .xxxxxxxx \
             .xxxxxxxx"
        );
        digit_picture(7, &picture)
    }

    #[test]
    fn a_two_string_kite_removes_the_digit_where_both_far_ends_are_seen() {
        // Row 1 at c2, c8; column 1 at r2, r7: r1c2 and r2c1 share box 1.
        let position = kite_position(".x.....x.");
        assert!(run(skyscraper, &position).is_none());
        let step = run(two_string_kite, &position).expect("a kite");
        assert_eq!(step.technique, Technique::TwoStringKite);
        assert_eq!(step.rating, 66);
        assert_eq!(step.houses, [0, 9, 18]);
        assert_eq!(step.cells, [7, 1, 9, 54]);
        assert_eq!(step.eliminations, [(61, 7)]);
    }

    #[test]
    fn a_two_string_kite_needs_two_cells_in_one_box() {
        // No end of the row in box 1.
        assert!(run(two_string_kite, &kite_position("....x..x.")).is_none());
        // Row 1 at c1, c8 and column 1 at r1, r7 share the cell r1c1: not a kite.
        let crossing = digit_picture(
            7,
            "x......x. .xxxxxxxx .xxxxxxxx .xxxxxxxx .xxxxxxxx .xxxxxxxx xxxxxxxxx .xxxxxxxx \
             .xxxxxxxx",
        );
        assert!(run(two_string_kite, &crossing).is_none());
    }
}
