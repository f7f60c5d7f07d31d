//! Simple colouring on positions taken from the ladder's walk.

use super::*;
use crate::rate::tests::{rc, run, with};

/// On 4: r2c6 = r2c9 (row 2), r2c9 = r3c7 (box 3), r3c7 = r6c7 (column 7); r6c6 sees r2c6 and
/// r6c7, of the two colours.
const TRAP: &str = "
4 569 1268 5789 3 15789 25 2567 5679
1237 359 12 6 127 14579 8 2357 34579
23678 3569 268 45789 278 45789 2345 23567 1
1236 346 1246 378 5 13678 23 9 378
123 8 59 3479 17 13479 6 12357 3457
136 7 59 2 168 134689 345 1358 3458
68 46 468 1 9 2 7 35 35
5 1 3 78 678 678 9 4 2
9 2 7 35 4 35 1 68 68";

/// Simple colouring's step on a position, if it finds one.
fn found(position: &Position) -> Option<Step> {
    run(simple_colouring, position)
}

#[test]
fn a_cell_seeing_both_colours_loses_the_digit() {
    let step = found(&Position::from_pencilmarks(TRAP)).expect("a colour trap");
    assert_eq!(step.digits, bit(4));
    assert_eq!(step.cells, [rc(2, 6), rc(2, 9), rc(3, 7), rc(6, 7)]);
    assert_eq!(step.eliminations, [(rc(6, 6), 4)]);
    assert_eq!(step.rating, 66);
}

#[test]
fn a_broken_link_frees_the_trapped_cell() {
    // A third 4 in column 7 breaks r3c7 = r6c7.
    let step = found(&with(TRAP, rc(4, 7), "234"));
    assert!(step.is_none_or(|s| !s.eliminations.contains(&(rc(6, 6), 4))));
}

#[test]
fn a_colour_that_sees_itself_is_false() {
    // Without the 4 in r6c9, row 6 joins r6c7 to r6c6 and column 9 joins r2c9 to r5c9: r6c6
    // takes r2c6's colour and sees it in column 6, so that colour's cells all lose 4.
    let step = found(&with(TRAP, rc(6, 9), "358")).expect("a colour wrap");
    assert_eq!(step.digits, bit(4));
    assert_eq!(step.cells, [rc(2, 6), rc(2, 9), rc(5, 9), rc(3, 7), rc(6, 7), rc(6, 6)]);
    let expected = [(rc(2, 6), 4), (rc(3, 7), 4), (rc(5, 9), 4), (rc(6, 6), 4)];
    assert_eq!(step.eliminations, expected);
}

#[test]
fn strong_links_join_cells_of_different_colours() {
    let position = Position::from_pencilmarks(TRAP);
    let mut step = Step::new();
    for digit in 1..=9u8 {
        let mut left = linked_cells(&position, digit);
        while left != 0 {
            let group = colour(&position, digit, left.trailing_zeros() as usize, &mut step);
            left &= !(group.first | group.second);
            assert_eq!(group.first & group.second, 0);
            for cell in cells_of(group.first | group.second) {
                let partners = conjugates(&position, digit, cell);
                let same = if group.first & 1 << cell != 0 { group.first } else { group.second };
                assert_eq!(partners & same, 0, "digit {digit}");
                assert_eq!(partners & !(group.first | group.second), 0, "digit {digit}");
            }
        }
    }
}

/// The cells joined to `cell` by a strong link on `digit`, found plainly.
fn conjugates(position: &Position, digit: u8, cell: usize) -> Cells {
    (0..27)
        .map(|h| super::super::position::HOUSE[h])
        .filter(|&h| h & 1 << cell != 0 && (h & position.digit_cells(digit)).count_ones() == 2)
        .fold(0, |s, h| s | (h & position.digit_cells(digit)))
        & !(1 << cell)
}
