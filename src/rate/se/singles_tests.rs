//! Tests of the singles.
//!
//! Expected answers are SE 1.2.1's own: each is what SE's producer, run on the same position
//! (values and candidates set, then `getHints` with a `SingleHintAccumulator`), reported as its
//! first hint: `getName()`, `getDifficulty()`, `getCell()`/`getValue()` and
//! `getRemovablePotentials()`. The positions come from SE's rating traces, some candidates taken
//! off; for each rule:
//! - `*_first`: a position with several instances, where SE's scan order picks the one expected;
//! - `*_after`: the same after that hint (its removals, or its placed candidate, taken off);
//! - `*_exhausted`: the same after every hint of the rule was taken off that way: the patterns
//!   left remove nothing, and SE finds none.

use super::super::{cell_name, Grid, Hint};
use super::*;

/// A position from 9 rows of 9 tokens: `=d` a cell holding `d`, else the cell's candidates
/// (`-` for none).
pub(crate) fn position(rows: [&str; 9]) -> Grid {
    let mut grid = Grid::new(&[0; 81]);
    for (y, row) in rows.iter().enumerate() {
        let tokens: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(tokens.len(), 9, "row {y}");
        for (x, token) in tokens.iter().enumerate() {
            let c = y * 9 + x;
            grid.cands[c] = 0;
            grid.values[c] = 0;
            match token.strip_prefix('=') {
                Some(v) => grid.values[c] = v.parse().unwrap(),
                None => {
                    for d in token.bytes().filter(|b| b.is_ascii_digit()) {
                        grid.cands[c] |= 1 << (d - b'0');
                    }
                }
            }
        }
    }
    grid
}

/// A hint as SE's probe prints it: name, difficulty, placement, removals (sorted).
pub(crate) fn describe(hint: Option<Hint>) -> String {
    let Some(h) = hint else { return "none".into() };
    let removed: Vec<String> =
        h.eliminations().iter().map(|&(c, d)| format!("{}:{d}", cell_name(c))).collect();
    let (cell, value) = match h.placement {
        Some((c, d)) => (cell_name(c), d),
        None => ("null".into(), 0),
    };
    format!(
        "{} {:?} cell={cell} value={value} removed=[{}]",
        h.name,
        h.difficulty,
        removed.join(", ")
    )
}

/// A full house comes first, and among full houses a block's before a row's: here block 9
/// (r9c7 = 5) and row 8 (r8c1 = 5) each have one empty cell.
#[test]
fn hidden_single_full_house_block_before_row() {
    let g = position([
        "1589 15 =3 1579 =6 1489 579 45 =2",
        "589 =6 =2 579 =3 489 579 45 =1",
        "=4 15 =7 159 159 =2 =8 =3 =6",
        "=7 49 =6 =8 19 =3 14 =2 =5",
        "=2 =8 =1 =6 =4 =5 =3 =9 =7",
        "=3 49 =5 =2 =7 19 14 =6 =8",
        "15 =3 =8 159 =2 19 =6 =7 =4",
        "5 =7 =4 =3 =8 =6 =2 =1 =9",
        "=6 =2 =9 =4 15 =7 5 =8 =3",
    ]);
    assert_eq!(describe(hidden_single(&g)), "Hidden Single 1.0 cell=r9c7 value=5 removed=[]");
}

/// SE reads columns before rows: column 9 (3 at r5c9) wins over row 6 (8 at r6c7).
#[test]
fn hidden_single_column_before_row() {
    let g = position([
        "13456789 1345679 136789 4689 145679 1579 6789 35679 =2",
        "3456789 345679 =2 4689 45679 579 6789 35679 =1",
        "156789 15679 16789 689 =2 =3 6789 =4 689",
        "14679 14679 1679 =3 479 =8 =5 =2 69",
        "1346789 134679 136789 =5 479 =2 14689 1369 3689",
        "=2 349 =5 =1 49 =6 489 39 =7",
        "135679 135679 =4 =2 =8 159 1679 1679 69",
        "15679 =2 1679 69 1569 159 =3 =8 =4",
        "169 =8 169 =7 =3 =4 =2 169 =5",
    ]);
    assert_eq!(describe(hidden_single(&g)), "Hidden Single 1.5 cell=r5c9 value=3 removed=[]");
}

/// Naked singles by cell index: r1c1 before r2c4, r8c6.
#[test]
fn naked_single_by_cell_index() {
    let g = position([
        "9 =2 1469 569 =7 =3 19 =8 1459",
        "3789 =5 1789 9 =4 289 =6 1239 12379",
        "3789 46789 46789 569 =1 2589 2379 23459 234579",
        "589 =3 689 =2 59 =7 =4 169 1689",
        "=1 789 2789 =4 39 =6 =5 239 23789",
        "579 4679 24679 =8 359 =1 2379 2369 23679",
        "=2 189 189 =3 =6 459 189 =7 14589",
        "=4 1789 =5 179 289 9 12389 12369 123689",
        "=6 1789 =3 1579 289 459 1289 12459 124589",
    ]);
    assert_eq!(describe(naked_single(&g)), "Naked Single 2.3 cell=r1c1 value=9 removed=[]");
}

#[test]
fn hidden_single_first() {
    let g = position([
        "589       =1        =2        5689      345689    5689      3689      4689      =7",
        "5789      5679      56789     56789     345689    =1        3689      4689      =2",
        "789       =3        =4        26789     689       26789     =1        689       =5",
        "=4        25679     56789     5689      5689      5689      2589      =3        =1",
        "=3        59        589       =1        =2        589       =4        =7        =6",
        "=1        2569      5689      =4        =7        =3        2589      2589      89",
        "579       579       579       =3        5689      =4        25689     =1        89",
        "=2        =8        1359      569       1569      569       =7        4569      349",
        "=6        =4        13579     25789     1589      25789     23589     2589      389",
    ]);
    assert_eq!(describe(hidden_single(&g)), "Hidden Single 1.5 cell=r8c9 value=4 removed=[]");
}

#[test]
fn hidden_single_after() {
    let g = position([
        "589       =1        =2        5689      345689    5689      3689      4689      =7",
        "5789      5679      56789     56789     345689    =1        3689      4689      =2",
        "789       =3        =4        26789     689       26789     =1        689       =5",
        "=4        25679     56789     5689      5689      5689      2589      =3        =1",
        "=3        59        589       =1        =2        589       =4        =7        =6",
        "=1        2569      5689      =4        =7        =3        2589      2589      89",
        "579       579       579       =3        5689      =4        25689     =1        89",
        "=2        =8        1359      569       1569      569       =7        4569      39",
        "=6        =4        13579     25789     1589      25789     23589     2589      389",
    ]);
    assert_eq!(describe(hidden_single(&g)), "Hidden Single 1.2 cell=r8c8 value=4 removed=[]");
}

#[test]
fn naked_single_first() {
    let g = position([
        "458       58        =6        =7        358       =2        348       =9        =1",
        "4589      =1        =7        58        3589      589       3         =2        =6",
        "8         =2        =3        =1        =6        =4        8         =7        =5",
        "489       4         =1        =2        459       =3        =7        =6        89",
        "=6        =3        =5        489       =1        =7        =2        48        489",
        "=2        =7        49        48        49        =6        =1        =5        389",
        "=3        459       49        589       =2        189       =6        8         =7",
        "=7        =6        =8        345       34        15        =9        4         =2",
        "=1        4         =2        =6        =7        8         3458      348       348",
    ]);
    assert_eq!(describe(naked_single(&g)), "Naked Single 2.3 cell=r2c7 value=3 removed=[]");
}

#[test]
fn naked_single_after() {
    let g = position([
        "458       58        =6        =7        358       =2        348       =9        =1",
        "4589      =1        =7        58        3589      589       -         =2        =6",
        "8         =2        =3        =1        =6        =4        8         =7        =5",
        "489       4         =1        =2        459       =3        =7        =6        89",
        "=6        =3        =5        489       =1        =7        =2        48        489",
        "=2        =7        49        48        49        =6        =1        =5        389",
        "=3        459       49        589       =2        189       =6        8         =7",
        "=7        =6        =8        345       34        15        =9        4         =2",
        "=1        4         =2        =6        =7        8         3458      348       348",
    ]);
    assert_eq!(describe(naked_single(&g)), "Naked Single 2.3 cell=r3c1 value=8 removed=[]");
}

#[test]
fn hidden_single_exhausted() {
    let g = position([
        "589       =1        =2        5689      345689    5689      3689      4689      =7",
        "5789      5679      56789     56789     345689    =1        3689      4689      =2",
        "789       =3        =4        26789     689       26789     =1        689       =5",
        "=4        25679     56789     5689      5689      5689      2589      =3        =1",
        "=3        59        589       =1        =2        589       =4        =7        =6",
        "=1        2569      5689      =4        =7        =3        2589      2589      89",
        "579       579       579       =3        5689      =4        5689      =1        89",
        "=2        =8        1359      569       1569      569       =7        569       39",
        "=6        =4        13579     25789     1589      25789     23589     2589      389",
    ]);
    assert_eq!(describe(hidden_single(&g)), "none");
}

#[test]
fn naked_single_exhausted() {
    let g = position([
        "458       58        =6        =7        358       =2        348       =9        =1",
        "4589      =1        =7        58        3589      589       -         =2        =6",
        "-         =2        =3        =1        =6        =4        -         =7        =5",
        "489       -         =1        =2        459       =3        =7        =6        89",
        "=6        =3        =5        489       =1        =7        =2        48        489",
        "=2        =7        49        48        49        =6        =1        =5        389",
        "=3        459       49        589       =2        189       =6        -         =7",
        "=7        =6        =8        345       34        15        =9        -         =2",
        "=1        -         =2        =6        =7        -         3458      348       348",
    ]);
    assert_eq!(describe(naked_single(&g)), "none");
}
