//! Tests of X-Wing, Swordfish and Jellyfish.
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
fn x_wing_first() {
    let g = position([
        "46        =7        46        8         =2        =1        4         =5        =3",
        "-         59        458       38        36        =7        4         =1        =2",
        "=2        =1        =3        9         =4        =5        79        9         69",
        "58        589       58        =7        6         =3        =2        4         =1",
        "=7        =3        8         =1        9         =2        469       -         =5",
        "=1        =6        =2        49        9         489       =3        89        =7",
        "5         5         =1        =2        =7        6         =8        =3        46",
        "=3        =4        =7        8         =1        89        =5        =2        6",
        "=9        =2        8         38        3         4         =1        =7        4",
    ]);
    assert_eq!(
        describe(fisherman(&g, 2)),
        "X-Wing 3.2 cell=null value=0 removed=[r3c7:9, r3c9:9, r6c5:9, r6c6:9]"
    );
}

#[test]
fn x_wing_after() {
    let g = position([
        "46        =7        46        8         =2        =1        4         =5        =3",
        "-         59        458       38        36        =7        4         =1        =2",
        "=2        =1        =3        9         =4        =5        7         9         6",
        "58        589       58        =7        6         =3        =2        4         =1",
        "=7        =3        8         =1        9         =2        469       -         =5",
        "=1        =6        =2        49        -         48        =3        89        =7",
        "5         5         =1        =2        =7        6         =8        =3        46",
        "=3        =4        =7        8         =1        89        =5        =2        6",
        "=9        =2        8         38        3         4         =1        =7        4",
    ]);
    assert_eq!(
        describe(fisherman(&g, 2)),
        "X-Wing 3.2 cell=null value=0 removed=[r1c4:8, r4c3:8, r5c3:8, r8c4:8]"
    );
}

#[test]
fn swordfish_first() {
    let g = position([
        "269       3         =5        19        139       =7        129       =8        =4",
        "=7        8         =1        689       =4        =2        9         =5        =3",
        "89        =4        39        138       =5        1         19        =6        =7",
        "=5        =6        =4        89        289       8         =7        =3        =1",
        "19        189       9         =4        =7        =3        =6        =2        =5",
        "=3        =7        =2        16        6         6         =4        =9        =8",
        "129       39        39        =5        6         =4        =8        =7        269",
        "1269      1239      =7        1238      12368     18        =5        =4        26",
        "=4        =5        =8        =7        26        =9        =3        =1        26",
    ]);
    assert_eq!(
        describe(fisherman(&g, 3)),
        "Swordfish 3.8 cell=null value=0 removed=[r1c4:1, r3c4:1, r8c1:1, r8c2:1, r8c4:1]"
    );
}

#[test]
fn swordfish_after() {
    let g = position([
        "269       3         =5        9         139       =7        129       =8        =4",
        "=7        8         =1        689       =4        =2        9         =5        =3",
        "89        =4        39        38        =5        1         19        =6        =7",
        "=5        =6        =4        89        289       8         =7        =3        =1",
        "19        189       9         =4        =7        =3        =6        =2        =5",
        "=3        =7        =2        16        6         6         =4        =9        =8",
        "129       39        39        =5        6         =4        =8        =7        269",
        "269       239       =7        238       12368     18        =5        =4        26",
        "=4        =5        =8        =7        26        =9        =3        =1        26",
    ]);
    assert_eq!(
        describe(fisherman(&g, 3)),
        "Swordfish 3.8 cell=null value=0 removed=[r1c1:6, r6c5:6]"
    );
}

#[test]
fn jellyfish_first() {
    let g = position([
        "59        45        5         9         =2        49        =3        =7        =1",
        "=3        =2        7         =8        7         =1        9         569       69",
        "9         =1        6         =5        479       =3        269       2         469",
        "=7        45        =9        =1        =6        48        4         3         345",
        "5         6         =3        =2        9         7         =8        =1        4679",
        "=1        468       =2        349       3         479       49        5         4567",
        "49        =3        =1        479       4         =2        =5        6         6",
        "=6        5         8         79        =1        5         279       =4        2",
        "=2        7         -         79        38        5         =1        3         37",
    ]);
    assert_eq!(
        describe(fisherman(&g, 4)),
        "Jellyfish 5.2 cell=null value=0 removed=[r4c9:4, r6c9:4, r7c1:4, r7c5:4]"
    );
}

#[test]
fn jellyfish_after() {
    let g = position([
        "59        45        5         9         =2        49        =3        =7        =1",
        "=3        =2        7         =8        7         =1        9         569       69",
        "9         =1        6         =5        479       =3        269       2         469",
        "=7        45        =9        =1        =6        48        4         3         35",
        "5         6         =3        =2        9         7         =8        =1        4679",
        "=1        468       =2        349       3         479       49        5         567",
        "9         =3        =1        479       -         =2        =5        6         6",
        "=6        5         8         79        =1        5         279       =4        2",
        "=2        7         -         79        38        5         =1        3         37",
    ]);
    assert_eq!(
        describe(fisherman(&g, 4)),
        "Jellyfish 5.2 cell=null value=0 removed=[r2c7:9, r3c1:9, r3c7:9, r9c4:9]"
    );
}

#[test]
fn x_wing_exhausted() {
    let g = position([
        "46        =7        46        -         =2        =1        4         =5        =3",
        "-         59        458       38        36        =7        4         =1        =2",
        "=2        =1        =3        9         =4        =5        7         9         6",
        "58        589       5         =7        6         =3        =2        4         =1",
        "=7        =3        -         =1        9         =2        469       -         =5",
        "=1        =6        =2        49        -         48        =3        89        =7",
        "5         5         =1        =2        =7        6         =8        =3        46",
        "=3        =4        =7        -         =1        89        =5        =2        6",
        "=9        =2        8         38        3         4         =1        =7        4",
    ]);
    assert_eq!(describe(fisherman(&g, 2)), "none");
}

#[test]
fn swordfish_exhausted() {
    let g = position([
        "29        3         =5        9         139       =7        129       =8        =4",
        "=7        8         =1        689       =4        =2        9         =5        =3",
        "89        =4        39        38        =5        1         19        =6        =7",
        "=5        =6        =4        89        289       8         =7        =3        =1",
        "19        189       9         =4        =7        =3        =6        =2        =5",
        "=3        =7        =2        16        -         6         =4        =9        =8",
        "129       39        39        =5        6         =4        =8        =7        269",
        "269       239       =7        238       12368     18        =5        =4        26",
        "=4        =5        =8        =7        26        =9        =3        =1        26",
    ]);
    assert_eq!(describe(fisherman(&g, 3)), "none");
}

#[test]
fn jellyfish_exhausted() {
    let g = position([
        "59        45        5         9         =2        49        =3        =7        =1",
        "=3        =2        7         =8        7         =1        -         569       69",
        "-         =1        6         =5        479       =3        26        2         469",
        "=7        45        =9        =1        =6        48        4         3         35",
        "5         6         =3        =2        9         7         =8        =1        4679",
        "=1        468       =2        349       3         479       49        5         567",
        "9         =3        =1        479       -         =2        =5        6         6",
        "=6        5         8         79        =1        5         279       =4        2",
        "=2        7         -         7         38        5         =1        3         37",
    ]);
    assert_eq!(describe(fisherman(&g, 4)), "none");
}
