//! Unique rectangles and BUG+1 on positions taken from the ladder's walk through hard puzzles.

use super::*;
use crate::rate::tests::{rc, run, with};

/// Type 1 at r8c2, r8c7, r9c7, r9c2 on 1, 2: r8c7 holds 1, 2 and 9.
const TYPE_1: &str = "
4 569 1268 5789 3 15789 259 2567 25679
1237 359 12 6 127 14579 8 2357 234579
23678 3569 268 45789 278 45789 23459 23567 1
1236 346 1246 378 5 13678 23 9 2378
123 8 59 3479 17 13479 6 12357 23457
136 7 59 2 168 134689 345 1358 3458
68 46 468 1 9 2 7 35 35
5 12 3 78 678 678 129 4 29
9 12 7 35 4 35 12 68 68";

/// Type 2 at r2c3, r2c6, r3c6, r3c3 on 1, 4: r2c6 and r3c6 both hold 1, 4 and 8.
const TYPE_2: &str = "
8 5 7 69 26 269 4 1 3
9 26 14 3 1478 148 5 2678 678
3 26 14 1478 5 148 269 26789 6789
25 4 8 1569 1236 7 1369 369 169
7 39 369 14689 13468 134689 1369 5 2
25 1 369 569 236 23569 7 48 48
6 389 39 2 13478 1348 13 347 5
14 7 25 1456 1346 13456 8 23469 1469
14 38 25 145678 9 134568 1236 23467 1467";

/// Type 4 at r1c8, r1c9, r5c9, r5c8 on 5, 7: 5 has no other place in row 5.
const TYPE_4: &str = "
8 1 9 46 26 246 3 57 57
246 234 2346 7 5 1 24 89 89
5 24 7 89 3 89 246 16 12
19 7 158 358 4 358 189 2 6
3 248 12468 68 9 2678 178 1578 1578
269 2589 2568 1 267 25678 789 4 3
179 6 1358 2 17 3579 178 13789 4
12479 2349 1234 3469 8 34679 5 13679 1279
12479 234589 123458 34569 167 345679 26 136789 12789";

/// Every empty cell bivalue but r5c1, which holds 4, 6 and 9; 4 is three times in its houses.
const BUG: &str = "
1 59 24 26 7 8 69 45 3
58 6 24 3 49 1 7 58 29
89 7 3 29 46 5 26 48 1
2 1 5 7 36 34 8 9 46
469 49 7 5 8 2 1 3 46
46 3 8 69 1 49 5 2 7
3 2 1 8 59 6 4 7 59
45 45 9 1 2 7 3 6 8
7 8 6 4 35 39 29 1 25";

#[test]
fn type_1_takes_both_digits_from_the_fourth_corner() {
    let step = run(unique_rectangle, &Position::from_pencilmarks(TYPE_1)).expect("a rectangle");
    assert_eq!(step.cells, [rc(8, 2), rc(8, 7), rc(9, 7), rc(9, 2)]);
    assert_eq!(step.digits, bit(1) | bit(2));
    assert_eq!(step.eliminations, [(rc(8, 7), 1), (rc(8, 7), 2)]);
    assert_eq!(step.rating, 45);
}

#[test]
fn four_bivalue_corners_are_no_step() {
    // The deadly pattern itself: nothing to remove, and no other rectangle in this position.
    assert!(run(unique_rectangle, &with(TYPE_1, rc(8, 7), "12")).is_none());
}

#[test]
fn type_2_takes_the_shared_extra_from_cells_seeing_both_roof_cells() {
    let step = run(unique_rectangle, &Position::from_pencilmarks(TYPE_2)).expect("a rectangle");
    assert_eq!(step.cells, [rc(2, 3), rc(2, 6), rc(3, 6), rc(3, 3)]);
    let expected = [(rc(2, 5), 8), (rc(3, 4), 8), (rc(5, 6), 8), (rc(7, 6), 8), (rc(9, 6), 8)];
    assert_eq!(step.eliminations, expected);
    assert_eq!(step.rating, 45);
}

#[test]
fn roof_cells_with_different_extras_are_no_type_2() {
    let position = with(TYPE_2, rc(2, 6), "1468");
    let step = run(unique_rectangle, &position);
    assert!(step.is_none_or(|s| s.cells != [rc(2, 3), rc(2, 6), rc(3, 6), rc(3, 3)]));
}

#[test]
fn type_4_takes_the_other_digit_from_the_roof() {
    let step = run(unique_rectangle, &Position::from_pencilmarks(TYPE_4)).expect("a rectangle");
    assert_eq!(step.cells, [rc(1, 8), rc(1, 9), rc(5, 9), rc(5, 8)]);
    assert_eq!(step.houses, [4]);
    assert_eq!(step.eliminations, [(rc(5, 8), 7), (rc(5, 9), 7)]);
    assert_eq!(step.rating, 45);
}

#[test]
fn with_a_third_place_in_the_row_the_roof_box_serves_for_type_4() {
    let step = run(unique_rectangle, &with(TYPE_4, rc(5, 6), "25678")).expect("a rectangle");
    assert_eq!(step.cells, [rc(1, 8), rc(1, 9), rc(5, 9), rc(5, 8)]);
    assert_eq!(step.houses, [23]);
    assert_eq!(step.eliminations, [(rc(5, 8), 7), (rc(5, 9), 7)]);
}

#[test]
fn a_floor_cell_with_an_extra_is_no_type_4() {
    let step = run(unique_rectangle, &with(TYPE_4, rc(1, 8), "567"));
    assert!(step.is_none_or(|s| s.cells != [rc(1, 8), rc(1, 9), rc(5, 9), rc(5, 8)]));
}

#[test]
fn bug_plus_one_places_the_digit_three_times_in_its_houses() {
    let step = run(bug_plus_one, &Position::from_pencilmarks(BUG)).expect("a BUG+1");
    assert_eq!(step.placements, [(rc(5, 1), 4)]);
    assert_eq!(step.cells, [rc(5, 1)]);
    assert!(step.eliminations.is_empty());
    assert_eq!(step.rating, 56);
}

#[test]
fn two_cells_with_three_candidates_are_no_bug_plus_one() {
    assert!(run(bug_plus_one, &with(BUG, rc(1, 2), "459")).is_none());
}
