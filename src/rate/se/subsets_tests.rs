//! Tests of naked and hidden sets.
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

use super::super::singles::tests::{describe, position};
use super::*;

#[test]
fn direct_hidden_pair_first() {
    let g = position([
        "=4        268       =9        26        =7        18        =3        5         15",
        "7         =3        =5        2         =4        18        =6        29        1279",
        "67        267       =1        25        =9        =3        =4        =8        257",
        "67        67        =2        =1        =5        =9        =8        =3        47",
        "=5        =4        =8        =7        236       6         =1        69        2",
        "=1        =9        =3        =8        2         =4        =5        26        27",
        "=3        =5        4         =9        8         =2        =7        14        =6",
        "=2        =1        467       =3        6         67        =9        45        =8",
        "=9        678       67        =4        168       567       =2        5         =3",
    ]);
    assert_eq!(
        describe(hidden_set(&g, 2, true)),
        "Direct Hidden Pair 2.0 cell=r7c3 value=4 removed=[]"
    );
}

#[test]
fn direct_hidden_pair_after() {
    let g = position([
        "=4        268       =9        26        =7        18        =3        5         15",
        "7         =3        =5        2         =4        18        =6        29        1279",
        "67        267       =1        25        =9        =3        =4        =8        257",
        "67        67        =2        =1        =5        =9        =8        =3        47",
        "=5        =4        =8        =7        236       6         =1        69        2",
        "=1        =9        =3        =8        2         =4        =5        26        27",
        "=3        =5        -         =9        8         =2        =7        14        =6",
        "=2        =1        467       =3        6         67        =9        45        =8",
        "=9        678       67        =4        168       567       =2        5         =3",
    ]);
    assert_eq!(
        describe(hidden_set(&g, 2, true)),
        "Direct Hidden Pair 2.0 cell=r1c6 value=8 removed=[]"
    );
}

#[test]
fn direct_hidden_triplet_first() {
    let g = position([
        "89        6789      9         378       =1        =2        3         =4        =5",
        "=5        689       =4        379       3789      9         369       =1        =2",
        "=2        =1        =3        7         =4        =5        679       689       689",
        "89        389       1         =2        3         =6        =4        =5        =7",
        "=6        =2        19        =5        3789      =4        139       89        1389",
        "=4        =5        789       3789      789       =1        =2        3689      389",
        "3         49        =2        =1        =5        39        =8        =7        3469",
        "=1        389       =6        3478      3789      3789      =5        =2        349",
        "=7        3489      =5        34689     =2        38        39        69        349",
    ]);
    assert_eq!(
        describe(hidden_set(&g, 3, true)),
        "Direct Hidden Triplet 2.5 cell=r4c5 value=3 removed=[]"
    );
}

#[test]
fn direct_hidden_triplet_after() {
    let g = position([
        "89        6789      9         378       =1        =2        3         =4        =5",
        "=5        689       =4        379       3789      9         369       =1        =2",
        "=2        =1        =3        7         =4        =5        679       689       689",
        "89        389       1         =2        -         =6        =4        =5        =7",
        "=6        =2        19        =5        3789      =4        139       89        1389",
        "=4        =5        789       3789      789       =1        =2        3689      389",
        "3         49        =2        =1        =5        39        =8        =7        3469",
        "=1        389       =6        3478      3789      3789      =5        =2        349",
        "=7        3489      =5        34689     =2        38        39        69        349",
    ]);
    assert_eq!(
        describe(hidden_set(&g, 3, true)),
        "Direct Hidden Triplet 2.5 cell=r7c1 value=3 removed=[]"
    );
}

#[test]
fn hidden_pair_first() {
    let g = position([
        "2         =8        13        =6        =4        35        =7        5         =9",
        "179       56        =4        7         18        8         68        =2        =3",
        "279       123567    6         237       18        289       =4        1         56",
        "=3        6         =9        2         =5        268       =1        =4        2678",
        "68        16        =2        =9        =7        =4        =5        =3        6",
        "=5        =4        678       238       68        =1        2689      68        278",
        "12478     =9        1378      458       36        36        3         78        5",
        "8         36        37        =1        =2        58        3         56789     =4",
        "468       236       =5        48        =9        =7        2368      8         =1",
    ]);
    assert_eq!(
        describe(hidden_set(&g, 2, false)),
        "Hidden Pair 3.4 cell=null value=0 removed=[r4c9:6, r4c9:8, r6c9:8]"
    );
}

#[test]
fn hidden_pair_after() {
    let g = position([
        "2         =8        13        =6        =4        35        =7        5         =9",
        "179       56        =4        7         18        8         68        =2        =3",
        "279       123567    6         237       18        289       =4        1         56",
        "=3        6         =9        2         =5        268       =1        =4        27",
        "68        16        =2        =9        =7        =4        =5        =3        6",
        "=5        =4        678       238       68        =1        2689      68        27",
        "12478     =9        1378      458       36        36        3         78        5",
        "8         36        37        =1        =2        58        3         56789     =4",
        "468       236       =5        48        =9        =7        2368      8         =1",
    ]);
    assert_eq!(
        describe(hidden_set(&g, 2, false)),
        "Hidden Pair 3.4 cell=null value=0 removed=[r9c2:6, r9c7:6, r9c7:8]"
    );
}

#[test]
fn hidden_triplet_first() {
    let g = position([
        "=8        23        234       123       46        59        67        2567      149",
        "234       =9        =5        123       46        =7        3         6         1",
        "1234      =6        =7        123       48        59        38        25        49",
        "1237      123       23        =6        =9        =8        27        =4        =5",
        "569       58        689       =4        =7        =2        =1        69        =3",
        "69        7         469       =5        =1        =3        267       2679      =8",
        "23        238       28        =7        =5        =4        =9        =1        =6",
        "69        =4        6         =8        =2        =1        =5        =3        =7",
        "7         57        =1        =9        =3        =6        =4        =8        =2",
    ]);
    assert_eq!(
        describe(hidden_set(&g, 3, false)),
        "Hidden Triplet 4.0 cell=null value=0 removed=[r1c7:6, r1c8:6]"
    );
}

#[test]
fn hidden_triplet_after() {
    let g = position([
        "=8        23        234       123       46        59        7         257       149",
        "234       =9        =5        123       46        =7        3         6         1",
        "1234      =6        =7        123       48        59        38        25        49",
        "1237      123       23        =6        =9        =8        27        =4        =5",
        "569       58        689       =4        =7        =2        =1        69        =3",
        "69        7         469       =5        =1        =3        267       2679      =8",
        "23        238       28        =7        =5        =4        =9        =1        =6",
        "69        =4        6         =8        =2        =1        =5        =3        =7",
        "7         57        =1        =9        =3        =6        =4        =8        =2",
    ]);
    assert_eq!(
        describe(hidden_set(&g, 3, false)),
        "Hidden Triplet 4.0 cell=null value=0 removed=[r4c1:7]"
    );
}

#[test]
fn hidden_quad_first() {
    let g = position([
        "15679     1579      29        3578      279       35679     1678      34        89",
        "459       4         89        79        37        =1        89        689       =2",
        "17        78        =3        9         =4        9         89        =5        179",
        "1         13589     9         37        13        =2        1         34        =6",
        "125       13589     =4        356       6         356       -         =7        139",
        "1         19        =7        1346      =8        3469      25        2349      145",
        "9         149       19        14        =5        7         =3        469       4789",
        "=3        =2        9         7         79        46789     589       =1        49",
        "=8        =6        1         27        139       39        249       4         47",
    ]);
    assert_eq!(
        describe(hidden_set(&g, 4, false)),
        "Hidden Quad 5.4 cell=null value=0 removed=[r1c4:3, r1c4:7, r1c4:8, r5c4:3, r6c4:3]"
    );
}

#[test]
fn hidden_quad_after() {
    let g = position([
        "15679     1579      29        5         279       35679     1678      34        89",
        "459       4         89        79        37        =1        89        689       =2",
        "17        78        =3        9         =4        9         89        =5        179",
        "1         13589     9         37        13        =2        1         34        =6",
        "125       13589     =4        56        6         356       -         =7        139",
        "1         19        =7        146       =8        3469      25        2349      145",
        "9         149       19        14        =5        7         =3        469       4789",
        "=3        =2        9         7         79        46789     589       =1        49",
        "=8        =6        1         27        139       39        249       4         47",
    ]);
    assert_eq!(describe(hidden_set(&g, 4, false)), "none");
}

#[test]
fn naked_pair_first() {
    let g = position([
        "159       489       =3        479       249       249       =6        48        4578",
        "258       456       256       3467      48        =1        2457      =9        347",
        "189       =7        126       346       =5        4689      248       3         134",
        "=7        =1        =8        3469      49        23469     49        =5        3469",
        "35        =2        =4        569       =7        35689     =1        368       3689",
        "=6        35        =9        145       48        3458      48        =7        =2",
        "29        569       567       =8        =3        459       4579      =1        4567",
        "1358      35689     157       =2        14        45        45789     468       456789",
        "=4        89        15        1         =6        =7        =3        =2        89",
    ]);
    assert_eq!(
        describe(naked_set(&g, 2)),
        "Naked Pair 3.0 cell=null value=0 removed=[r1c5:4, r4c5:4, r8c5:4]"
    );
}

#[test]
fn naked_pair_after() {
    let g = position([
        "159       489       =3        479       29        249       =6        48        4578",
        "258       456       256       3467      48        =1        2457      =9        347",
        "189       =7        126       346       =5        4689      248       3         134",
        "=7        =1        =8        3469      9         23469     49        =5        3469",
        "35        =2        =4        569       =7        35689     =1        368       3689",
        "=6        35        =9        145       48        3458      48        =7        =2",
        "29        569       567       =8        =3        459       4579      =1        4567",
        "1358      35689     157       =2        1         45        45789     468       456789",
        "=4        89        15        1         =6        =7        =3        =2        89",
    ]);
    assert_eq!(
        describe(naked_set(&g, 2)),
        "Naked Pair 3.0 cell=null value=0 removed=[r6c4:4, r6c6:4, r6c6:8]"
    );
}

#[test]
fn naked_triplet_first() {
    let g = position([
        "9         9         6         567       15        168       579       =4        =3",
        "45689     =3        68        5789      56        69        5678      =1        =2",
        "=2        579       =1        78        =3        =4        589       589       568",
        "=1        =4        8         6789      2         =5        =3        8         68",
        "=3        =6        89        =4        78        9         59        59        19",
        "=7        =2        9         =1        8         =3        56        569       =4",
        "69        9         6         =2        =4        68        15        =3        =7",
        "59        579       =3        678       567       7         =4        26        5",
        "5         =8        457       =3        =9        17        25        25        1",
    ]);
    assert_eq!(
        describe(naked_set(&g, 3)),
        "Naked Triplet 3.6 cell=null value=0 removed=[r6c7:5, r6c8:5, r6c8:9]"
    );
}

#[test]
fn naked_triplet_after() {
    let g = position([
        "9         9         6         567       15        168       579       =4        =3",
        "45689     =3        68        5789      56        69        5678      =1        =2",
        "=2        579       =1        78        =3        =4        589       589       568",
        "=1        =4        8         6789      2         =5        =3        8         68",
        "=3        =6        89        =4        78        9         59        59        19",
        "=7        =2        9         =1        8         =3        6         6         =4",
        "69        9         6         =2        =4        68        15        =3        =7",
        "59        579       =3        678       567       7         =4        26        5",
        "5         =8        457       =3        =9        17        25        25        1",
    ]);
    assert_eq!(
        describe(naked_set(&g, 3)),
        "Naked Triplet 3.6 cell=null value=0 removed=[r8c8:2, r8c9:5, r9c9:1]"
    );
}

#[test]
fn naked_quad_first() {
    let g = position([
        "=8        134       14        13        6         59        367       5         49",
        "124       =9        =5        12        46        =7        36        14        148",
        "12        =7        =6        123       48        59        238       125       14589",
        "1235      12358     3         =7        =9        =4        28        =6        15",
        "467       468       478       =5        =1        =2        =9        7         =3",
        "14579     4         12479     =6        =3        =8        2         12457     145",
        "23        238       238       =4        =5        =6        =1        =9        =7",
        "15        156       1         =9        =7        =3        =4        =8        =2",
        "479       4         479       =8        =2        =1        =5        =3        =6",
    ]);
    assert_eq!(
        describe(naked_set(&g, 4)),
        "Naked Quad 5.0 cell=null value=0 removed=[r2c1:1, r2c1:2, r6c1:1, r6c1:5]"
    );
}

#[test]
fn naked_quad_after() {
    let g = position([
        "=8        134       14        13        6         59        367       5         49",
        "4         =9        =5        12        46        =7        36        14        148",
        "12        =7        =6        123       48        59        238       125       14589",
        "1235      12358     3         =7        =9        =4        28        =6        15",
        "467       468       478       =5        =1        =2        =9        7         =3",
        "479       4         12479     =6        =3        =8        2         12457     145",
        "23        238       238       =4        =5        =6        =1        =9        =7",
        "15        156       1         =9        =7        =3        =4        =8        =2",
        "479       4         479       =8        =2        =1        =5        =3        =6",
    ]);
    assert_eq!(
        describe(naked_set(&g, 4)),
        "Naked Quad 5.0 cell=null value=0 removed=[r1c6:9, r1c7:3]"
    );
}

#[test]
fn direct_hidden_pair_exhausted() {
    let g = position([
        "=4        268       =9        26        =7        1         =3        5         15",
        "7         =3        =5        2         =4        18        =6        29        1279",
        "67        267       =1        25        =9        =3        =4        =8        257",
        "67        67        =2        =1        =5        =9        =8        =3        47",
        "=5        =4        =8        =7        236       6         =1        69        2",
        "=1        =9        =3        =8        2         =4        =5        26        27",
        "=3        =5        -         =9        8         =2        =7        14        =6",
        "=2        =1        467       =3        6         67        =9        45        =8",
        "=9        678       67        =4        168       567       =2        5         =3",
    ]);
    assert_eq!(describe(hidden_set(&g, 2, true)), "none");
}

#[test]
fn direct_hidden_triplet_exhausted() {
    let g = position([
        "89        6789      9         378       =1        =2        3         =4        =5",
        "=5        689       =4        379       3789      -         369       =1        =2",
        "=2        =1        =3        -         =4        =5        679       689       689",
        "89        389       1         =2        -         =6        =4        =5        =7",
        "=6        =2        19        =5        3789      =4        139       89        1389",
        "=4        =5        789       3789      789       =1        =2        3689      389",
        "-         49        =2        =1        =5        39        =8        =7        3469",
        "=1        389       =6        3478      3789      3789      =5        =2        349",
        "=7        3489      =5        34689     =2        38        39        69        349",
    ]);
    assert_eq!(describe(hidden_set(&g, 3, true)), "none");
}

#[test]
fn hidden_pair_exhausted() {
    let g = position([
        "2         =8        13        =6        =4        35        =7        5         =9",
        "179       56        =4        7         18        8         68        =2        =3",
        "279       123567    6         237       18        289       =4        1         56",
        "=3        6         =9        2         =5        268       =1        =4        27",
        "68        16        =2        =9        =7        =4        =5        =3        6",
        "=5        =4        678       238       68        =1        68        68        27",
        "12478     =9        1378      458       36        36        3         78        5",
        "8         36        37        =1        =2        58        3         56789     =4",
        "468       23        =5        48        =9        =7        23        8         =1",
    ]);
    assert_eq!(describe(hidden_set(&g, 2, false)), "none");
}

#[test]
fn hidden_triplet_exhausted() {
    let g = position([
        "=8        23        234       123       46        59        7         257       149",
        "234       =9        =5        123       46        =7        3         6         1",
        "1234      =6        =7        123       48        59        38        25        49",
        "123       123       23        =6        =9        =8        27        =4        =5",
        "569       58        689       =4        =7        =2        =1        69        =3",
        "69        7         469       =5        =1        =3        267       2679      =8",
        "23        238       28        =7        =5        =4        =9        =1        =6",
        "69        =4        6         =8        =2        =1        =5        =3        =7",
        "7         57        =1        =9        =3        =6        =4        =8        =2",
    ]);
    assert_eq!(describe(hidden_set(&g, 3, false)), "none");
}

#[test]
fn hidden_quad_exhausted() {
    let g = position([
        "15679     1579      29        5         279       35679     1678      34        89",
        "459       4         89        79        37        =1        89        689       =2",
        "17        78        =3        9         =4        9         89        =5        179",
        "1         13589     9         37        13        =2        1         34        =6",
        "125       13589     =4        56        6         356       -         =7        139",
        "1         19        =7        146       =8        3469      25        2349      145",
        "9         149       19        14        =5        7         =3        469       4789",
        "=3        =2        9         7         79        46789     589       =1        49",
        "=8        =6        1         27        139       39        249       4         47",
    ]);
    assert_eq!(describe(hidden_set(&g, 4, false)), "none");
}

#[test]
fn naked_pair_exhausted() {
    let g = position([
        "159       489       =3        479       29        249       =6        48        4578",
        "258       456       256       3467      48        =1        2457      =9        347",
        "189       =7        126       346       =5        4689      248       3         134",
        "=7        =1        =8        3469      9         23469     49        =5        3469",
        "35        =2        =4        569       =7        35689     =1        368       3689",
        "=6        35        =9        1         48        35        48        =7        =2",
        "29        569       567       =8        =3        459       4579      =1        4567",
        "1358      35689     157       =2        1         45        45789     468       456789",
        "=4        89        15        1         =6        =7        =3        =2        89",
    ]);
    assert_eq!(describe(naked_set(&g, 2)), "none");
}

#[test]
fn naked_triplet_exhausted() {
    let g = position([
        "9         9         6         567       15        168       579       =4        =3",
        "45689     =3        68        5789      56        69        5678      =1        =2",
        "=2        579       =1        78        =3        =4        589       589       568",
        "=1        =4        8         6789      2         =5        =3        8         68",
        "=3        =6        89        =4        7         -         59        59        1",
        "=7        =2        9         =1        8         =3        6         6         =4",
        "69        9         6         =2        =4        68        15        =3        =7",
        "59        579       =3        678       567       7         =4        6         -",
        "5         =8        457       =3        =9        17        25        25        -",
    ]);
    assert_eq!(describe(naked_set(&g, 3)), "none");
}

#[test]
fn naked_quad_exhausted() {
    let g = position([
        "=8        134       14        13        6         5         67        5         49",
        "4         =9        =5        12        46        =7        36        14        148",
        "12        =7        =6        123       48        59        238       125       14589",
        "1235      12358     3         =7        =9        =4        28        =6        15",
        "467       468       478       =5        =1        =2        =9        7         =3",
        "479       4         12479     =6        =3        =8        2         12457     145",
        "23        238       238       =4        =5        =6        =1        =9        =7",
        "15        156       1         =9        =7        =3        =4        =8        =2",
        "479       4         479       =8        =2        =1        =5        =3        =6",
    ]);
    assert_eq!(describe(naked_set(&g, 4)), "none");
}

/// SE tries a hidden set only in a region with more than 2n empty cells (in one with 2n it is
/// the complement of a naked set): block 7 here has six empty cells and a hidden triplet
/// (3, 5, 7 in r7c1, r7c2, r8c3) that SE passes over for row 2's.
#[test]
fn hidden_triplet_needs_more_than_six_empty_cells() {
    let g = position([
        "16        167       369       469       157       4789      89        357       368",
        "346       3459      269       8         7         478       8         57        =1",
        "567       15679     6         8         =2        =3        678       =4        8",
        "469       46        179       48        9         789       =5        =2        689",
        "134678    369       19        =5        7         =2        468       1369      4",
        "=2        9         =5        =1        49        =6        4         389       =7",
        "3567      13579     =4        =2        =8        1         1679      167       6",
        "69        =2        167       9         4569      15        =3        1679      6",
        "69        =8        1         =7        =3        149       14        6         =5",
    ]);
    assert_eq!(
        describe(hidden_set(&g, 3, false)),
        "Hidden Triplet 4.0 cell=null value=0 removed=[r2c1:4, r2c2:4, r2c2:5, r2c3:2]"
    );
}
