//! X-chains, XY-chains and their length bonus, on positions taken from the ladder's walk.

use super::*;
use crate::rate::tests::{rc, run, with};

/// An x-chain on 5: r4c4 = r9c4 - r7c6 = r7c3, so r4c3 (seeing both ends) loses 5.
const X_CHAIN: &str = "
8 1 9 46 26 246 3 57 57
246 234 2346 7 5 1 24 89 89
5 24 7 89 3 89 246 16 12
19 7 158 358 4 358 189 2 6
3 248 12468 68 9 2678 178 158 158
269 2589 2568 1 267 25678 789 4 3
179 6 1358 2 17 3579 18 13789 4
12479 2349 1234 3469 8 34679 5 13679 1279
12479 234589 123458 34569 167 345679 26 136789 12789";

/// An xy-chain of four cells: r4c7 (78), r7c7 (17), r7c5 (16), r7c1 (68); r4c1 loses 8.
const XY_CHAIN: &str = "
7 1 8 29 25 259 3 46 46
9 235 235 6 4 1 25 78 78
4 25 6 78 3 78 259 15 19
18 6 17 34 9 34 78 2 5
3 257 9 27 8 2567 167 147 147
258 24578 2457 1 256 2567 678 9 3
68 9 1347 5 16 3468 17 13678 2
12568 2358 1235 2389 7 23689 4 13568 1689
12568 234578 123457 23489 126 234689 59 135678 16789";

#[test]
fn the_length_bonus_follows_sudoku_explainers_ceilings() {
    // Lengths (links + 1) up to 4 add nothing; then a tenth past 4, 6, 8, 12, 16, 24, 32.
    let expected = [(1, 0), (3, 0), (4, 1), (5, 1), (6, 2), (7, 2), (8, 3), (11, 3), (12, 4)];
    for (links, bonus) in expected {
        assert_eq!(length_bonus(links), bonus, "{links} links");
    }
    assert_eq!(length_bonus(15), 4);
    assert_eq!(length_bonus(16), 5);
    assert_eq!(length_bonus(23), 5);
    assert_eq!(length_bonus(24), 6);
    assert_eq!(length_bonus(32), 7);
}

#[test]
fn an_x_chain_removes_the_digit_from_cells_seeing_both_ends() {
    let step = run(x_chain, &Position::from_pencilmarks(X_CHAIN)).expect("an x-chain");
    assert_eq!(step.cells, [rc(4, 4), rc(9, 4), rc(7, 6), rc(7, 3)]);
    assert_eq!(step.digits, bit(5));
    assert_eq!(step.eliminations, [(rc(4, 3), 5)]);
    assert_eq!(step.rating, 66);
}

#[test]
fn a_broken_strong_link_is_no_x_chain_there() {
    // A third 5 in column 4 breaks r4c4 = r9c4.
    let step = run(x_chain, &with(X_CHAIN, rc(5, 4), "568"));
    assert!(step.is_none_or(|s| !s.eliminations.contains(&(rc(4, 3), 5))));
}

#[test]
fn an_xy_chain_removes_its_end_digit_from_cells_seeing_both_ends() {
    let step = run(xy_chain, &Position::from_pencilmarks(XY_CHAIN)).expect("an xy-chain");
    assert_eq!(step.cells, [rc(4, 7), rc(7, 7), rc(7, 5), rc(7, 1)]);
    assert_eq!(step.digits, bit(8));
    assert_eq!(step.eliminations, [(rc(4, 1), 8)]);
    assert_eq!(step.rating, 72); // 7.0, a forcing chain of both link kinds; 7 links: length 8, two tenths
}

#[test]
fn the_shortest_xy_chain_comes_first() {
    // With a 1 in r7c1 the four-cell chain ends in a trivalue cell, and the three-cell chain
    // r4c1 (18), r4c7 (78), r7c7 (17) now has 1 to remove from r7c1.
    let step = run(xy_chain, &with(XY_CHAIN, rc(7, 1), "168")).expect("an xy-chain");
    assert_eq!(step.cells, [rc(4, 1), rc(4, 7), rc(7, 7)]);
    assert_eq!(step.eliminations, [(rc(7, 1), 1)]);
    assert_eq!(step.rating, 71);
}

#[test]
fn no_chain_without_removals() {
    // A full grid but for one cell: no links, no chain.
    let solved: crate::grid::Grid =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
            .parse()
            .unwrap();
    let mut cells = solved.cells().to_vec();
    cells[0] = 0;
    let position = Position::new(&crate::grid::Grid(cells.try_into().unwrap()));
    assert!(run(x_chain, &position).is_none());
    assert!(run(xy_chain, &position).is_none());
}

#[test]
fn a_path_that_repeats_a_cell_leaves_the_best_chain_as_it_was() {
    // States 2 * cell + parity: cell 5, then 6, then 5 again at the other parity.
    let mut search = Search::<162>::new();
    let mut tail = 0;
    search.dist[10] = 0;
    search.reach(10, 12, &mut tail);
    search.reach(12, 11, &mut tail);
    let mut best = Best::new();
    best.cells[..4].copy_from_slice(&[1, 2, 3, 4]);
    best.len = 4;
    assert!(!search.path(11, &mut best, |s| s / 2));
    assert_eq!((&best.cells[..4], best.len), (&[1, 2, 3, 4][..], 4));
    assert!(search.path(12, &mut best, |s| s / 2));
    assert_eq!((&best.cells[..2], best.len), (&[5, 6][..], 2));
}
