//! Tests of XY-Wing and XYZ-Wing.
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
fn xy_wing_first() {
    let g = position([
        "67        128       2678      =3        7         =9        156       =4        1678",
        "679       69        67        =8        =4        =1        56        =2        =3",
        "=3        =4        =5        =2        7         =6        19        18        1789",
        "58        23568     2368      =4        5         35        =7        13568     2569",
        "579       369       37        16        =8        37        =4        16        269",
        "=1        35        =4        =9        =2        57        568       368       58",
        "568       136       1368      156       =9        =4        12358     135678    257",
        "=4        =7        =9        16        =3        =2        56        568       168",
        "=2        136       3         1567      567       =8        13        =9        =4",
    ]);
    assert_eq!(describe(xy_wing(&g, false)), "XY-Wing 4.2 cell=null value=0 removed=[r4c5:5]");
}

#[test]
fn xy_wing_after() {
    let g = position([
        "67        128       2678      =3        7         =9        156       =4        1678",
        "679       69        67        =8        =4        =1        56        =2        =3",
        "=3        =4        =5        =2        7         =6        19        18        1789",
        "58        23568     2368      =4        -         35        =7        13568     2569",
        "579       369       37        16        =8        37        =4        16        269",
        "=1        35        =4        =9        =2        57        568       368       58",
        "568       136       1368      156       =9        =4        12358     135678    257",
        "=4        =7        =9        16        =3        =2        56        568       168",
        "=2        136       3         1567      567       =8        13        =9        =4",
    ]);
    assert_eq!(describe(xy_wing(&g, false)), "XY-Wing 4.2 cell=null value=0 removed=[r5c6:7]");
}

#[test]
fn xyz_wing_first() {
    let g = position([
        "15689     2458      258       4578      69        46        359       67        356",
        "459       4789      78        58        5679      =1        5         389       =2",
        "168       29        =3        2679      9         678       5789      =4        18",
        "9         8         89        24789     =3        678       9         =5        689",
        "=3        =6        2458      258       5         9         9         1789      148",
        "=7        =1        459       58        6         469       48        =2        4",
        "1568      3579      5678      379       =4        9         =2        389       3",
        "1         39        79        1239      =8        =5        =6        3         4",
        "=2        39        4         9         69        69        =1        8         =7",
    ]);
    assert_eq!(describe(xy_wing(&g, true)), "XYZ-Wing 4.4 cell=null value=0 removed=[r4c9:8]");
}

#[test]
fn xyz_wing_after() {
    let g = position([
        "15689     2458      258       4578      69        46        359       67        356",
        "459       4789      78        58        5679      =1        5         389       =2",
        "168       29        =3        2679      9         678       5789      =4        18",
        "9         8         89        24789     =3        678       9         =5        69",
        "=3        =6        2458      258       5         9         9         1789      148",
        "=7        =1        459       58        6         469       48        =2        4",
        "1568      3579      5678      379       =4        9         =2        389       3",
        "1         39        79        1239      =8        =5        =6        3         4",
        "=2        39        4         9         69        69        =1        8         =7",
    ]);
    assert_eq!(
        describe(xy_wing(&g, true)),
        "XYZ-Wing 4.4 cell=null value=0 removed=[r3c6:6, r4c6:6]"
    );
}

#[test]
fn xy_wing_exhausted() {
    let g = position([
        "67        128       2678      =3        7         =9        156       =4        1678",
        "679       69        67        =8        =4        =1        56        =2        =3",
        "=3        =4        =5        =2        7         =6        19        18        1789",
        "58        23568     2368      =4        -         35        =7        13568     2569",
        "579       369       37        16        =8        3         =4        16        269",
        "=1        35        =4        =9        =2        57        568       368       58",
        "568       136       1368      156       =9        =4        12358     135678    257",
        "=4        =7        =9        16        =3        =2        56        568       168",
        "=2        136       3         1567      567       =8        13        =9        =4",
    ]);
    assert_eq!(describe(xy_wing(&g, false)), "none");
}

#[test]
fn xyz_wing_exhausted() {
    let g = position([
        "15689     2458      258       4578      69        46        359       67        356",
        "459       4789      78        58        5679      =1        5         389       =2",
        "168       29        =3        2679      9         78        5789      =4        18",
        "9         8         89        24789     =3        78        9         =5        69",
        "=3        =6        2458      258       5         9         9         1789      148",
        "=7        =1        459       58        6         469       48        =2        4",
        "1568      3579      5678      379       =4        9         =2        389       3",
        "1         39        79        1239      =8        =5        =6        3         4",
        "=2        39        4         9         69        69        =1        8         =7",
    ]);
    assert_eq!(describe(xy_wing(&g, true)), "none");
}
