//! Tests of pointing and claiming, direct and not.
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
fn direct_locking_first() {
    let g = position([
        "89        46        =5        34        18        138       =7        689       =2",
        "189       46        =7        4         =5        =2        368       1689      39",
        "8         =3        12        =7        =6        =9        =5        48        14",
        "=5        =2        34        =6        17        13        =9        47        =8",
        "=7        =8        =9        =5        =2        =4        =1        =3        =6",
        "=6        =1        34        =9        78        38        =2        =5        47",
        "=2        =7        =6        =8        =4        =5        3         19        39",
        "=3        =5        =8        =1        =9        67        =4        =2        7",
        "=4        =9        1         =2        =3        67        68        678       15",
    ]);
    assert_eq!(describe(locking(&g, true)), "Direct Pointing 1.7 cell=r1c4 value=3 removed=[]");
}

#[test]
fn direct_locking_after() {
    let g = position([
        "89        46        =5        4         18        138       =7        689       =2",
        "189       46        =7        4         =5        =2        368       1689      39",
        "8         =3        12        =7        =6        =9        =5        48        14",
        "=5        =2        34        =6        17        13        =9        47        =8",
        "=7        =8        =9        =5        =2        =4        =1        =3        =6",
        "=6        =1        34        =9        78        38        =2        =5        47",
        "=2        =7        =6        =8        =4        =5        3         19        39",
        "=3        =5        =8        =1        =9        67        =4        =2        7",
        "=4        =9        1         =2        =3        67        68        678       15",
    ]);
    assert_eq!(describe(locking(&g, true)), "Direct Pointing 1.7 cell=r8c6 value=6 removed=[]");
}

/// A direct claiming: never SE's step in a rating (a hidden single or a direct pointing always
/// comes first there), but SE's producer finds it.
#[test]
fn direct_locking_claiming() {
    let g = position([
        "=3        =8        =2        =9        6         7         =5        =4        =1",
        "7         =6        =5        =8        =4        =1        79        =2        =3",
        "=1        79        =4        =3        =2        =5        79        =6        =8",
        "89        =5        =1        =2        89        =4        =6        =3        =7",
        "67        =2        69        57        =1        =3        =8        5         =4",
        "=4        =3        89        7         68        9         =1        59        =2",
        "=2        =4        78        =6        =5        78        =3        =1        =9",
        "68        =1        689       =4        =3        9         =2        =7        =5",
        "=5        79        =3        =1        7         =2        =4        =8        =6",
    ]);
    assert_eq!(describe(locking(&g, true)), "Direct Claiming 1.9 cell=r7c6 value=8 removed=[]");
}

#[test]
fn locking_first() {
    let g = position([
        "=2        489       =6        4789      =5        4789      3789      =1        789",
        "4789      4789      =5        4789      =3        =1        78        =6        =2",
        "=1        789       =3        =6        =2        789       78        =4        =5",
        "4789      =5        =1        =3        =6        89        =2        89        4789",
        "789       =3        789       89        =4        =2        =1        =5        =6",
        "489       =6        =2        =1        =7        =5        3489      389       48",
        "49        49        4         =2        =8        =3        =5        =7        =1",
        "=3        =2        4789      =5        =1        =6        89        8         489",
        "=5        =1        789       479       9         49        =6        =2        =3",
    ]);
    assert_eq!(
        describe(locking(&g, false)),
        "Pointing 2.6 cell=null value=0 removed=[r2c1:4, r7c1:4]"
    );
}

#[test]
fn locking_after() {
    let g = position([
        "=2        489       =6        4789      =5        4789      3789      =1        789",
        "789       4789      =5        4789      =3        =1        78        =6        =2",
        "=1        789       =3        =6        =2        789       78        =4        =5",
        "4789      =5        =1        =3        =6        89        =2        89        4789",
        "789       =3        789       89        =4        =2        =1        =5        =6",
        "489       =6        =2        =1        =7        =5        3489      389       48",
        "9         49        4         =2        =8        =3        =5        =7        =1",
        "=3        =2        4789      =5        =1        =6        89        8         489",
        "=5        =1        789       479       9         49        =6        =2        =3",
    ]);
    assert_eq!(describe(locking(&g, false)), "Pointing 2.6 cell=null value=0 removed=[r7c2:4]");
}

#[test]
fn direct_locking_exhausted() {
    let g = position([
        "89        46        =5        4         18        138       =7        689       =2",
        "189       46        =7        4         =5        =2        368       1689      39",
        "8         =3        12        =7        =6        =9        =5        48        14",
        "=5        =2        34        =6        17        13        =9        47        =8",
        "=7        =8        =9        =5        =2        =4        =1        =3        =6",
        "=6        =1        34        =9        78        38        =2        =5        47",
        "=2        =7        =6        =8        =4        =5        3         19        39",
        "=3        =5        =8        =1        =9        7         =4        =2        7",
        "=4        =9        1         =2        =3        67        68        678       15",
    ]);
    assert_eq!(describe(locking(&g, true)), "none");
}

#[test]
fn locking_exhausted() {
    let g = position([
        "=2        48        =6        48        =5        478       3789      =1        89",
        "9         4789      =5        489       =3        =1        78        =6        =2",
        "=1        789       =3        =6        =2        789       78        =4        =5",
        "4789      =5        =1        =3        =6        89        =2        89        478",
        "789       =3        9         89        =4        =2        =1        =5        =6",
        "489       =6        =2        =1        =7        =5        348       389       48",
        "9         9         4         =2        =8        =3        =5        =7        =1",
        "=3        =2        47        =5        =1        =6        89        8         489",
        "=5        =1        78        479       9         49        =6        =2        =3",
    ]);
    assert_eq!(describe(locking(&g, false)), "none");
}
