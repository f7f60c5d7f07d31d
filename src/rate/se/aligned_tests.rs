//! Tests of the aligned exclusions against Sudoku Explainer's own answers: every expected hint
//! below was obtained by running SE 1.2.1's `AlignedPairExclusion` and `AlignedExclusion(3)`
//! on the position (loaded with exactly these candidates) and recording the hints they add.

use super::super::grid::{cell_name, ALL};
use super::*;

/// A hint as SE's cells (in the hint's order) and removals (`r1c2:5`, sorted), comma-separated.
type Expected = Option<(&'static str, &'static str)>;

/// A position from nine rows of nine space-separated cells: `v5` a value, `.` all nine
/// candidates, otherwise the candidates (`1356`).
fn position(text: &str) -> Grid {
    let mut grid = Grid { values: [0; 81], cands: [0; 81] };
    let cells: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(cells.len(), 81, "81 cells");
    for (cell, token) in cells.into_iter().enumerate() {
        if let Some(value) = token.strip_prefix('v') {
            grid.values[cell] = value.parse().unwrap();
        } else if token == "." {
            grid.cands[cell] = ALL;
        } else {
            grid.cands[cell] = token.bytes().fold(0, |mask, b| mask | 1 << (b - b'0'));
        }
    }
    grid
}

/// The empty grid (all candidates everywhere) with some cells' candidates set.
fn sketch(cells: &[(Cell, &str)]) -> Grid {
    let mut grid = position(&[". "; 81].concat());
    for &(cell, digits) in cells {
        grid.cands[cell] = digits.bytes().fold(0, |mask, b| mask | 1 << (b - b'0'));
    }
    grid
}

/// Cell `r{row}c{column}` from 1.
fn rc(row: usize, column: usize) -> Cell {
    (row - 1) * 9 + column - 1
}

/// A hint as SE's harness printed it: cells in order, removals sorted.
fn shown(hint: &Hint) -> (String, String) {
    let cells: Vec<String> = hint.cells.iter().map(|&c| cell_name(c)).collect();
    let mut removed: Vec<String> =
        hint.eliminations().iter().map(|&(c, d)| format!("{}:{d}", cell_name(c))).collect();
    removed.sort();
    (cells.join(","), removed.join(","))
}

/// Checks a rule's first hint against SE's (`what` says which, when it fails).
fn expect(found: Option<Hint>, expected: Expected, (name, difficulty): (&str, f64), what: &str) {
    let expected = expected.map(|(c, r)| (c.to_string(), r.to_string()));
    assert_eq!(found.as_ref().map(shown), expected, "{what}");
    if let Some(hint) = found {
        assert_eq!((hint.name, hint.difficulty), (name, difficulty));
        assert_eq!(hint.placement, None);
    }
}

fn first_pair(grid: &Grid) -> Option<Hint> {
    aligned_pair(grid)
}

fn first_triplet(grid: &Grid) -> Option<Hint> {
    aligned_triple(grid, &mut Ctx::new(u64::MAX))
}

fn all(hints: impl FnOnce(&mut dyn FnMut(Hint) -> bool), limit: usize) -> Vec<(String, String)> {
    let mut out = Vec::new();
    hints(&mut |hint| {
        out.push(shown(&hint));
        out.len() < limit
    });
    out
}

#[test]
fn pair_of_cells_in_a_row() {
    // r1c1, r1c2 hold 1, 2 or 3 and see each other; r1c3 {1,2} and r2c1 {1,3} see both, so
    // 1 in either cell leaves one of them nothing. SE: the pair r1c1, r1c2 removes both 1s.
    let grid = sketch(&[(rc(1, 1), "123"), (rc(1, 2), "123"), (rc(1, 3), "12"), (rc(2, 1), "13")]);
    expect(first_pair(&grid), Some(("r1c1,r1c2", "r1c1:1,r1c2:1")), PAIR, "pair");
    // The first triplet: r1c4 = 2 would leave r1c1 and r2c1 (a column) 1 and 3, and r1c3
    // {1,2} nothing.
    expect(first_triplet(&grid), Some(("r1c1,r1c4,r2c1", "r1c4:2")), TRIPLET, "triplet");
}

#[test]
fn one_excluder_is_not_enough() {
    let grid = sketch(&[(rc(1, 1), "123"), (rc(1, 2), "123"), (rc(1, 3), "12")]);
    assert_eq!(first_pair(&grid), None);
    assert_eq!(first_triplet(&grid), None);
}

#[test]
fn a_naked_single_among_the_peers_rules_a_cell_out() {
    // The first position with r1c9 down to 7: SE skips every cell that sees it, and finds
    // nothing anywhere.
    let grid = sketch(&[
        (rc(1, 1), "123"),
        (rc(1, 2), "123"),
        (rc(1, 3), "12"),
        (rc(2, 1), "13"),
        (rc(1, 9), "7"),
    ]);
    assert_eq!(first_pair(&grid), None);
    assert_eq!(first_triplet(&grid), None);
}

#[test]
fn every_hint_in_se_order() {
    // Base cells that do not see each other (r1c1, r2c4), sets of three met more than once, a
    // third cell before the first two: SE's first eight hints of each rule, in order.
    let grid = sketch(&[
        (rc(1, 1), "124"),
        (rc(2, 4), "124"),
        (rc(1, 5), "12"),
        (rc(2, 2), "14"),
        (rc(1, 6), "24"),
    ]);
    let pairs = all(|add| pair_hints(&grid, add), 8);
    let se_pairs = [
        ("r1c1,r1c2", "r1c2:1,r1c2:2,r1c2:4"),
        ("r1c1,r1c3", "r1c3:1,r1c3:2,r1c3:4"),
        ("r1c1,r1c4", "r1c4:2"),
        ("r1c1,r1c7", "r1c7:2"),
        ("r1c1,r1c8", "r1c8:2"),
        ("r1c1,r1c9", "r1c9:2"),
        ("r1c4,r2c4", "r1c4:2"),
        ("r2c4,r2c5", "r2c5:1,r2c5:2,r2c5:4"),
    ];
    let owned = |v: &[(&str, &str)]| -> Vec<(String, String)> {
        v.iter().map(|&(c, r)| (c.to_string(), r.to_string())).collect()
    };
    assert_eq!(pairs, owned(&se_pairs));
    let triplets = all(|add| triple_hints(&grid, &mut Ctx::new(u64::MAX), add), 8);
    let se_triplets = [
        ("r1c2,r1c3,r1c1", "r1c2:1,r1c2:2,r1c2:4,r1c3:1,r1c3:2,r1c3:4"),
        ("r1c1,r1c4,r2c4", "r1c4:2"),
        ("r1c2,r1c4,r1c1", "r1c2:2,r1c4:2"),
        ("r1c2,r1c4,r2c4", "r1c4:2"),
        ("r1c3,r1c4,r1c1", "r1c3:2,r1c4:2"),
        ("r1c3,r1c4,r2c4", "r1c4:2"),
        ("r1c4,r1c5,r1c6", "r1c4:1,r1c4:2,r1c4:4"),
        ("r1c4,r1c6,r1c5", "r1c4:1,r1c4:2,r1c4:4"),
    ];
    assert_eq!(triplets, owned(&se_triplets));
}

#[test]
fn first_hints_of_se_positions() {
    for (i, &(text, pair, triplet)) in SE_FIRST.iter().enumerate() {
        let grid = position(text);
        expect(first_pair(&grid), pair, PAIR, &format!("pair, position {i}"));
        expect(first_triplet(&grid), triplet, TRIPLET, &format!("triplet, position {i}"));
    }
}

#[test]
fn the_budget_stops_the_triplets() {
    let grid = position(SE_FIRST[0].0);
    let mut ctx = Ctx::new(10);
    assert_eq!(aligned_triple(&grid, &mut ctx), None);
    assert!(ctx.capped());
    // With enough, the same call finds SE's hint.
    let mut ctx = Ctx::new(1_000_000);
    assert!(aligned_triple(&grid, &mut ctx).is_some());
    assert!(!ctx.capped());
}

/// Positions where SE, rating puzzles of the reference lists (top1465 and others), asked these
/// rules, and the first hint SE's `AlignedPairExclusion` and `AlignedExclusion(3)` give there.
const SE_FIRST: &[(&str, Expected, Expected)] = &[
    // SE's step here was this aligned pair exclusion.
    (
        "49 468 v1 79 v2 v5 4789 4679 v3 \
         459 4568 48 v3 78 v1 4789 4679 v2 \
         v7 v2 v3 v6 v4 89 v1 v5 89 \
         v3 49 49 v8 v1 v7 v5 v2 v6 \
         v8 v1 v5 v2 v3 v6 479 479 49 \
         v2 v7 v6 49 v5 49 v3 v8 v1 \
         45 458 v2 v1 v9 48 v6 v3 v7 \
         v1 489 4789 457 v6 v3 v2 49 4589 \
         v6 v3 479 457 78 v2 489 v1 459",
        Some(("r1c7,r1c8", "r1c8:9")),
        Some(("r1c4,r2c1,r2c3", "r2c1:4")),
    ),
    // SE's step here was this aligned pair exclusion; no triplet.
    (
        "v1 v2 v7 69 v3 69 v5 v4 v8 \
         v6 v5 v8 v7 v4 v1 v9 v2 v3 \
         v9 v3 v4 28 v5 28 v7 v6 v1 \
         v4 v1 29 58 28 v7 v6 v3 59 \
         v3 v7 29 156 126 56 v4 v8 59 \
         v8 v6 v5 v3 v9 v4 v2 v1 v7 \
         v5 v4 v1 26 v7 v3 v8 v9 26 \
         v7 89 v6 1249 18 289 v3 v5 24 \
         v2 89 v3 4569 68 5689 v1 v7 46",
        Some(("r8c6,r9c6", "r9c6:6")),
        None,
    ),
    // SE's step here was this aligned pair exclusion.
    (
        "v9 68 v4 18 123 v5 236 236 v7 \
         v2 v5 78 v6 38 347 v1 34 v9 \
         v3 v1 67 v9 24 47 56 2456 v8 \
         68 v7 28 15 135 v9 236 1368 v4 \
         v4 39 359 v2 v6 138 v7 18 15 \
         568 236 v1 v4 v7 38 v9 268 35 \
         v7 3689 39 58 19 16 v4 15 v2 \
         15 29 59 v3 49 124 v8 v7 v6 \
         168 v4 268 v7 58 26 35 v9 13",
        Some(("r6c1,r6c2", "r6c1:8")),
        Some(("r4c4,r6c1,r6c2", "r6c1:8")),
    ),
    // SE's step here was this aligned pair exclusion; the triplet adds a third cell.
    (
        "4589 345 3689 v7 v2 19 69 15 13 \
         v1 v2 79 v6 v3 v5 79 v8 v4 \
         59 357 36 v4 v8 19 269 157 123 \
         28 v9 v4 v5 v6 v3 27 17 18 \
         v3 v1 v5 v8 v7 v2 v4 v9 v6 \
         v7 v6 28 v9 v1 v4 v5 v3 28 \
         25 57 27 v3 v4 v8 v1 v6 v9 \
         v6 v8 v1 v2 v9 v7 v3 v4 v5 \
         49 34 39 v1 v5 v6 v8 v2 v7",
        Some(("r3c7,r3c8", "r3c7:9")),
        Some(("r3c7,r3c8,r3c9", "r3c7:9")),
    ),
    // SE's step here was this aligned pair exclusion; no triplet.
    (
        "1259 v6 v7 v3 159 v4 1258 2589 1259 \
         12359 239 v4 169 1569 v8 1256 2569 v7 \
         v8 19 15 v2 15679 1567 v4 569 v3 \
         v6 1238 1238 v7 v4 1235 v9 258 125 \
         v4 v5 v9 v8 136 1236 1237 27 126 \
         12 v7 1238 16 1356 v9 12358 v4 1256 \
         3579 389 358 69 v2 367 567 v1 v4 \
         12379 v4 123 v5 13679 1367 267 2679 v8 \
         12579 129 v6 v4 v8 17 257 v3 259",
        Some(("r1c1,r2c1", "r2c1:1")),
        None,
    ),
    // SE asked both rules here and found nothing.
    (
        "5689 34 6789 589 48 v1 59 37 v2 \
         589 34 789 2589 248 v6 59 37 v1 \
         v1 59 v2 v7 59 v3 v6 v4 v8 \
         v7 89 v1 389 38 v2 v4 v6 v5 \
         59 v2 v4 v6 59 v7 v8 v1 v3 \
         v3 v6 58 v4 v1 58 v2 v9 v7 \
         5689 589 5689 v1 v7 v4 v3 v2 69 \
         24 v1 369 235 23 59 v7 v8 469 \
         24 v7 39 238 v6 89 v1 v5 49",
        None,
        None,
    ),
    // SE asked both rules here and found nothing.
    (
        "689 34 6789 589 48 v1 59 37 v2 \
         589 34 789 2589 248 v6 59 37 v1 \
         v1 59 v2 v7 59 v3 v6 v4 v8 \
         v7 89 v1 389 38 v2 v4 v6 v5 \
         59 v2 v4 v6 59 v7 v8 v1 v3 \
         v3 v6 58 v4 v1 58 v2 v9 v7 \
         5689 589 5689 v1 v7 v4 v3 v2 69 \
         24 v1 369 235 23 59 v7 v8 469 \
         24 v7 39 238 v6 89 v1 v5 49",
        None,
        None,
    ),
    // A triplet whose third cell (r8c9) lies between the other two.
    (
        "12689 5679 12589 26789 12679 1589 56789 34 34 \
         4689 45679 589 6789 3679 3589 56789 v1 v2 \
         12689 5679 v3 26789 12679 v4 56789 56789 5689 \
         1489 459 1589 67 67 289 v3 289 189 \
         v7 v3 89 v1 v5 289 2689 24689 4689 \
         189 v2 v6 489 349 389 1589 589 v7 \
         269 69 29 v3 18 v7 v4 58 158 \
         v3 v1 47 v5 2489 v6 2789 2789 89 \
         v5 v8 47 249 1249 19 12679 23679 1369",
        None,
        Some(("r7c9,r9c9,r8c9", "r9c9:9")),
    ),
    // A triplet removing from two cells.
    (
        "5789 56 v1 38 69 v2 37 459 34 \
         4589 468 89 38 69 v7 35 v1 v2 \
         79 v2 v3 v5 v1 v4 67 69 v8 \
         89 89 v2 v7 v4 v5 v1 v3 v6 \
         v6 v3 v5 v9 v2 v1 v4 v8 v7 \
         v1 v7 v4 v6 v8 v3 25 25 v9 \
         349 489 v7 v1 v5 69 268 26 34 \
         345 45 89 v2 v7 69 38 46 v1 \
         v2 v1 v6 v4 v3 v8 v9 v7 v5",
        None,
        Some(("r7c1,r8c7,r7c2", "r7c1:9,r7c2:4")),
    ),
    // Three digits removed from one cell.
    (
        "14 v2 v3 v7 v5 v9 148 148 v6 \
         v8 v7 14 v2 v6 134 v5 v9 134 \
         v9 56 56 138 138 1348 v7 v2 134 \
         26 156 12568 1358 v4 138 v9 v7 158 \
         v3 145 v7 158 v9 v6 148 1458 v2 \
         14 1459 14589 158 v2 v7 36 36 1458 \
         v5 1369 1269 v4 v7 138 12368 1368 189 \
         67 13469 1469 69 138 v2 13468 134568 145789 \
         267 v8 12469 69 13 v5 12346 1346 1479",
        None,
        Some(("r4c2,r6c2,r5c2", "r6c2:1,r6c2:4,r6c2:5")),
    ),
    // A triplet whose third cell lies between the other two.
    (
        "v1 v2 v3 v4 57 57 68 68 v9 \
         v4 v5 v6 v1 v8 v9 27 27 v3 \
         v7 89 89 v3 v6 v2 v4 v5 v1 \
         v2 1479 1479 57 157 v6 v3 79 v8 \
         v3 178 18 v9 v4 17 v5 26 26 \
         v6 79 v5 v2 v3 v8 79 v1 v4 \
         v5 137 17 68 29 13 2689 v4 26 \
         v8 134 v2 67 19 1347 169 369 v5 \
         v9 v6 14 58 125 1345 128 238 v7",
        None,
        Some(("r7c9,r8c6,r8c5", "r8c6:1,r8c6:3")),
    ),
    // Another position with the same three cells, met in another order.
    (
        "v1 v2 v3 v4 57 57 68 68 v9 \
         v4 v5 v6 v1 v8 v9 27 27 v3 \
         v7 89 89 v3 v6 v2 v4 v5 v1 \
         v2 1479 1479 57 157 v6 v3 79 v8 \
         v3 178 18 v9 v4 17 v5 26 26 \
         v6 79 v5 v2 v3 v8 79 v1 v4 \
         v5 137 17 68 29 13 2689 v4 26 \
         v8 134 v2 67 19 347 169 369 v5 \
         v9 v6 14 58 125 1345 128 238 v7",
        None,
        Some(("r7c9,r8c5,r8c6", "r8c6:3")),
    ),
    // Two digits removed from one cell.
    (
        "12347 236 1347 246 v8 24567 v9 2357 135 \
         123478 268 1347 v9 245 24567 357 2357 135 \
         v9 27 v5 v3 27 v1 v4 v8 v6 \
         25 v1 v6 24 2347 v9 3578 3457 3458 \
         37 v4 v9 v5 v6 v8 37 v1 v2 \
         258 258 37 v1 234 247 v6 v9 345 \
         1345 35 134 248 v9 245 58 v6 v7 \
         v6 59 v8 v7 v1 v3 v2 45 459 \
         457 579 v2 468 45 456 v1 35 3589",
        None,
        Some(("r4c5,r6c3,r4c4", "r4c5:2,r4c5:4")),
    ),
    // A triplet whose third cell is a peer of the first cell only.
    (
        "589 158 289 v6 17 v3 458 48 27 \
         v7 v4 35 289 289 28 36 v1 356 \
         368 1368 268 v4 17 v5 v9 38 27 \
         568 5678 678 v3 v4 v9 568 v2 v1 \
         v1 v9 35 28 28 v6 v7 35 v4 \
         v2 368 v4 17 v5 17 368 389 3689 \
         345689 35678 v1 789 389 478 v2 34589 3589 \
         34589 v2 89 189 v6 148 13458 v7 3589 \
         3489 378 789 v5 2389 12478 1348 v6 389",
        None,
        Some(("r1c8,r4c7,r3c8", "r4c7:5")),
    ),
    // A position of the traces with candidates removed at random.
    (
        "v3 v7 89 v6 49 v1 245 28 458 \
         89 v1 v4 579 57 v2 38 v6 378 \
         26 v5 26 37 v8 34 v1 v9 47 \
         178 46 38 39 267 v5 247 28 69 \
         457 v9 267 78 v1 68 2457 v3 45 \
         1578 26 1378 v4 267 39 257 158 69 \
         46 v8 v5 v2 v3 46 v9 v7 v1 \
         127 234 17 18 49 89 v6 58 358 \
         169 36 19 158 56 v7 38 v4 v2",
        Some(("r1c8,r6c8", "r6c8:8")),
        Some(("r1c8,r4c7,r8c8", "r8c8:8")),
    ),
    // A position of the traces with candidates removed at random.
    (
        "v9 56 56 27 v8 v3 v4 12 17 \
         v8 v4 v3 v6 27 v1 27 v9 v5 \
         v1 v2 v7 v4 v5 v9 v3 v6 v8 \
         v5 68 14 17 147 v2 v9 378 347 \
         24 8 12 v3 1479 v5 v6 78 47 \
         v3 v7 49 v8 49 v6 v1 v5 v2 \
         247 v3 249 v5 v6 v8 27 12 17 \
         26 59 259 12 123 v7 v8 v4 369 \
         267 v1 v8 v9 23 v4 v5 237 367",
        Some(("r1c9,r4c9", "r4c9:7")),
        Some(("r4c4,r4c5,r4c8", "r4c8:7")),
    ),
    // A position of the traces with candidates removed at random.
    (
        "125 v6 v7 v3 59 v4 18 258 1259 \
         235 29 v4 16 569 v8 126 2569 v7 \
         v8 19 15 v2 67 167 v4 569 v3 \
         v6 238 1238 v7 v4 35 v9 258 125 \
         v4 v5 v9 v8 36 v2 13 v7 16 \
         12 v7 238 16 35 v9 358 v4 256 \
         357 38 358 v9 v2 367 567 v1 v4 \
         379 v4 123 v5 1367 136 267 269 v8 \
         2579 12 v6 v4 v8 17 257 v3 59",
        Some(("r2c5,r3c6", "r2c5:6")),
        Some(("r1c1,r2c1,r3c2", "r2c1:2,r2c1:5")),
    ),
    // A position of the traces with candidates removed at random.
    (
        "v9 v3 24 2578 46 2578 67 578 v1 \
         15 v6 v7 1389 189 3589 58 v2 v4 \
         v8 45 12 1257 46 1257 v3 579 5679 \
         15 v2 49 49 v7 v6 15 v3 v8 \
         v6 478 458 1458 v3 158 v9 17 v2 \
         37 158 359 1589 v2 1589 v4 v6 57 \
         v4 1578 358 v6 189 123789 2578 1589 57 \
         27 v9 168 1278 v5 1278 17 v4 v3 \
         237 1578 3568 123789 189 v4 12578 1589 679",
        Some(("r4c7,r7c9", "r7c9:7")),
        Some(("r3c9,r7c7,r6c9", "r3c9:5,r3c9:7")),
    ),
    // Two triplets on the same first two cells: the third cell seeing the first (r6c6)
    // comes before the one seeing only the second (r6c5), though r6c5 comes first in the grid.
    (
        "12379 279 379 v4 v5 v6 178 378 179 \
         13579 v4 35679 38 89 378 17 v2 1679 \
         379 679 v8 239 v1 27 v5 3467 4679 \
         v8 v1 47 v6 24 24 v9 457 v3 \
         3459 59 3459 18 v7 18 246 456 2456 \
         v6 57 v2 359 49 345 47 v1 v8 \
         24579 25789 v1 258 v6 2458 v3 4578 2457 \
         2457 v3 467 125 248 1245 2468 v9 24567 \
         25 2568 456 v7 v3 v9 12468 4568 12456",
        Some(("r4c5,r4c8", "r4c8:4")),
        Some(("r2c6,r4c5,r6c6", "r6c6:4")),
    ),
    // Two triplets on the same first two cells: the third cells in the first cell's peer
    // order, its block (r3c6) before its row (r1c9).
    (
        "v4 v2 v6 57 358 78 v9 17 178 \
         5789 578 789 27 v1 v6 v4 v3 278 \
         v3 v1 78 v9 v4 278 v6 25 258 \
         15679 567 v2 v3 56 14 15 v8 1479 \
         1579 4567 3479 2456 258 128 1235 1479 1479 \
         158 458 348 1245 v7 v9 1235 124 v6 \
         26 v9 v1 v8 23 234 v7 245 245 \
         278 v3 478 12 29 v5 128 v6 129 \
         2678 4678 v5 1467 269 17 128 1249 v3",
        Some(("r1c4,r1c9", "r1c4:7")),
        Some(("r1c4,r1c5,r3c6", "r1c4:7,r1c5:5")),
    ),
    // Two triplets on the same first two cells: r3c5 (a peer of r1c4) before r2c7 (a peer of
    // r2c1 only).
    (
        "567 58 v1 68 789 v2 5689 v4 v3 \
         67 v4 v9 v3 578 56 568 v1 v2 \
         v2 568 v3 v1 589 v4 5689 79 789 \
         v9 56 v2 v7 v4 v8 v3 56 v1 \
         v4 v1 v8 v5 v6 v3 29 279 79 \
         v3 v7 56 v9 v2 v1 v4 v8 56 \
         56 v3 56 v4 v1 v7 289 29 89 \
         v1 v2 v4 68 58 v9 v7 v3 56 \
         v8 v9 v7 v2 v3 56 v1 56 v4",
        None,
        Some(("r1c4,r2c1,r3c5", "r3c5:5")),
    ),
];
