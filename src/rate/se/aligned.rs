//! Aligned exclusion: Sudoku Explainer's `AlignedPairExclusion` (6.2) and `AlignedExclusion(3)`,
//! the aligned triplet exclusion (7.5).
//!
//! A few "base" cells take, between them, one combination of their candidates. A combination is
//! impossible when two base cells that see each other would hold the same digit, or when it
//! would leave no candidate to an "excluder": a cell that sees every base cell and has two
//! candidates (for triplets, two or three), all of them in the combination. A candidate of a
//! base cell that appears in no possible combination is removed.
//!
//! How SE scans, and this port with it:
//!
//! - The cells that may be base cells: those with two or more candidates, in row-major order,
//!   that have no peer with a single candidate and at least one peer that can be an excluder;
//!   those peers are the cell's excluders.
//! - The first two base cells are the pairs of that list in SE's `Permutations(2, n)` order: the
//!   two-bit numbers in increasing order, that is, by the later cell, then by the earlier one.
//! - Pairs stop there. For triplets, the third cell runs through the "twin area" of the first
//!   two: the excluders of the first cell (in its peer order), then those of the second not
//!   already taken (in its peer order), keeping only base cells other than the two. So the
//!   third cell always has two or three candidates, and a set of three cells may come up
//!   several times, in different orders (with the same removals each time); a hint lists its
//!   cells in the order SE met them.
//! - A set of base cells is examined only if at least two excluders see all of them, and it
//!   gives a hint only if it removes something.
//!
//! Which removals a set gives depends neither on the order in which SE tries its combinations
//! nor on which excluder it finds first, so they are computed here with bitmasks in whatever
//! order is fastest; and a set of three cells met again is not examined again. SE keeps the
//! removals in a `HashMap` keyed by cells whose hash is their identity: its iteration order is
//! arbitrary but decides nothing (the step removes them all). Here they are listed in the order
//! of the base cells.
//!
//! SE's `Permutations` takes at most 64 base cells and throws beyond (an error that ends
//! `serate`); that needs more than 64 empty cells, a puzzle with fewer than 17 givens. This port
//! goes on in the same order instead.

use super::grid::{ones, sees, Bits, Cell, Grid, PEERS};
use super::{Ctx, Hint};

/// SE's name and difficulty of an aligned pair exclusion.
const PAIR: (&str, f64) = ("Aligned Pair Exclusion", 6.2);
/// SE's name and difficulty of an aligned triplet exclusion.
const TRIPLET: (&str, f64) = ("Aligned Triplet Exclusion", 7.5);

/// The first aligned pair exclusion in SE's order.
pub fn aligned_pair(grid: &Grid) -> Option<Hint> {
    let mut first = None;
    pair_hints(grid, |hint| {
        first = Some(hint);
        false
    });
    first
}

/// The first aligned triplet exclusion in SE's order; `None` also when `ctx`'s budget runs out.
pub fn aligned_triple(grid: &Grid, ctx: &mut Ctx) -> Option<Hint> {
    let mut first = None;
    triple_hints(grid, ctx, |hint| {
        first = Some(hint);
        false
    });
    first
}

/// Whether a set of cells holds two or more (without a population count, which the portable
/// build does in software).
#[inline]
fn two_or_more(cells: u128) -> bool {
    cells & cells.wrapping_sub(1) != 0
}

/// The cells that may be base cells, and each one's excluders.
struct Bases {
    /// The base cells in row-major order (SE's `candidateList`).
    list: Vec<Cell>,
    /// The same cells as a set (bit `cell`).
    set: u128,
    /// Each base cell's excluders as a set of cells; 0 for other cells.
    excluders: [u128; 81],
}

/// The base cells for sets of `degree` cells: excluders have 2..=`degree` candidates.
fn bases(grid: &Grid, degree: u32) -> Bases {
    let count = |c: usize| ones(grid.cands[c]);
    let mut bases = Bases { list: Vec::with_capacity(81), set: 0, excluders: [0; 81] };
    for (cell, peers) in PEERS.iter().enumerate() {
        if count(cell) < 2 {
            continue;
        }
        let mut excluders = 0u128;
        let mut naked_single = false;
        for &peer in peers {
            match count(peer as usize) {
                1 => naked_single = true,
                n if n >= 2 && n <= degree => excluders |= 1 << peer,
                _ => {}
            }
        }
        // SE skips a cell with a naked single among its peers: that single comes first.
        if !naked_single && excluders != 0 {
            bases.list.push(cell);
            bases.set |= 1 << cell;
            bases.excluders[cell] = excluders;
        }
    }
    bases
}

/// What the common excluders of a set of base cells forbid, by digit.
struct Locks {
    /// For each digit, the other digit of each two-candidate excluder holding it: a
    /// combination with both digits leaves that excluder nothing.
    partners: [u16; 10],
    /// The candidates of the three-candidate excluders.
    triples: [u16; 20],
    /// How many of `triples` there are.
    n_triples: usize,
}

impl Locks {
    /// The locks of the cells in `excluders` (each with two or three candidates).
    fn new(grid: &Grid, excluders: u128) -> Locks {
        let mut locks = Locks { partners: [0; 10], triples: [0; 20], n_triples: 0 };
        let mut rest = excluders;
        while rest != 0 {
            let mask = grid.cands[rest.trailing_zeros() as usize];
            rest &= rest - 1;
            if ones(mask) == 2 {
                let (low, high) = (mask.trailing_zeros(), 15 - mask.leading_zeros());
                locks.partners[low as usize] |= 1 << high;
                locks.partners[high as usize] |= 1 << low;
            } else {
                locks.triples[locks.n_triples] = mask;
                locks.n_triples += 1;
            }
        }
        locks
    }

    /// The third digits a combination of the digits `b0`, `b1` (single bits, possibly the
    /// same) may not take because of the excluders; `None` when the two digits alone leave an
    /// excluder nothing.
    fn forbidden_third(&self, b0: u16, b1: u16) -> Option<u16> {
        let (d0, d1) = (b0.trailing_zeros() as usize, b1.trailing_zeros() as usize);
        if self.partners[d0] & b1 != 0 {
            return None;
        }
        let mut forbidden = self.partners[d0] | self.partners[d1];
        if b0 != b1 {
            let two = b0 | b1;
            for &lock in &self.triples[..self.n_triples] {
                if lock & two == two {
                    forbidden |= lock & !two;
                }
            }
        }
        Some(forbidden)
    }
}

/// The digits of a mask as single-bit masks, smallest first.
fn bits(mask: u16) -> impl Iterator<Item = u16> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            bit
        })
    })
}

/// The hint for `cells` (whose candidates are `cands`) if some candidates appear in no allowed
/// combination; `allowed` holds, for each cell, the candidates some allowed combination gives it.
fn hint<const N: usize>(
    (name, difficulty): (&'static str, f64),
    cells: [Cell; N],
    cands: [u16; N],
    allowed: [u16; N],
) -> Option<Hint> {
    if cands == allowed {
        return None;
    }
    let mut hint = Hint::new(name, difficulty);
    for ((cell, mask), ok) in cells.into_iter().zip(cands).zip(allowed) {
        hint.remove(cell, mask & !ok);
        hint.digits |= mask & !ok;
    }
    hint.cells = cells.to_vec();
    Some(hint)
}

/// Aligned pair exclusion on `c0`, `c1` with the common excluders `common` (all bivalue).
fn pair(grid: &Grid, c0: Cell, c1: Cell, common: u128) -> Option<Hint> {
    let locks = Locks::new(grid, common);
    let sees01 = sees(c0, c1);
    let cands = [grid.cands[c0], grid.cands[c1]];
    // A digit of one cell is allowed if some digit of the other is neither the excluders'
    // partner of it nor, for cells that see each other, the same digit.
    let allowed_with = |bit: u16, other: u16| {
        let d = bit.trailing_zeros() as usize;
        let same = if sees01 { bit } else { 0 };
        other & !locks.partners[d] & !same != 0
    };
    let mut allowed = [0u16; 2];
    for b0 in bits(cands[0]).filter(|&b| allowed_with(b, cands[1])) {
        allowed[0] |= b0;
    }
    for b1 in bits(cands[1]).filter(|&b| allowed_with(b, cands[0])) {
        allowed[1] |= b1;
    }
    hint(PAIR, [c0, c1], cands, allowed)
}

/// Aligned triplet exclusion on `cells` with the common excluders `common`.
fn triplet(grid: &Grid, cells: [Cell; 3], common: u128) -> Option<Hint> {
    let locks = Locks::new(grid, common);
    let [c0, c1, c2] = cells;
    let (sees01, sees02, sees12) = (sees(c0, c1), sees(c0, c2), sees(c1, c2));
    let cands = [grid.cands[c0], grid.cands[c1], grid.cands[c2]];
    let mut allowed = [0u16; 3];
    for b0 in bits(cands[0]) {
        let seconds = if sees01 { cands[1] & !b0 } else { cands[1] };
        for b1 in bits(seconds) {
            // Once every third digit is allowed, two digits already allowed teach nothing.
            if allowed[2] == cands[2] && allowed[0] & b0 != 0 && allowed[1] & b1 != 0 {
                continue;
            }
            let Some(mut forbidden) = locks.forbidden_third(b0, b1) else { continue };
            if sees02 {
                forbidden |= b0;
            }
            if sees12 {
                forbidden |= b1;
            }
            let third = cands[2] & !forbidden;
            if third != 0 {
                allowed[0] |= b0;
                allowed[1] |= b1;
                allowed[2] |= third;
            }
        }
    }
    hint(TRIPLET, cells, cands, allowed)
}

/// Every aligned pair exclusion in SE's order, passed to `add` until it returns false.
pub(super) fn pair_hints(grid: &Grid, mut add: impl FnMut(Hint) -> bool) {
    let bases = bases(grid, 2);
    let list = &bases.list;
    // Permutations(2, n): by the later cell, then the earlier.
    for (hi, &c1) in list.iter().enumerate().skip(1) {
        for &c0 in &list[..hi] {
            let common = bases.excluders[c0] & bases.excluders[c1];
            if !two_or_more(common) {
                continue;
            }
            if let Some(hint) = pair(grid, c0, c1, common) {
                if !add(hint) {
                    return;
                }
            }
        }
    }
}

/// Every aligned triplet exclusion in SE's order, passed to `add` until it returns false or
/// `ctx`'s budget runs out. The work is counted as one unit a pair of cells and one a set of
/// three examined.
pub(super) fn triple_hints(grid: &Grid, ctx: &mut Ctx, mut add: impl FnMut(Hint) -> bool) {
    let bases = bases(grid, 3);
    let list = &bases.list;
    let excluders = &bases.excluders;
    // Whether a hint has been passed on and the scan went on: from then on a set of cells seen
    // before may have been worth a hint, and is examined again.
    let mut went_on = false;
    for (hi, &c1) in list.iter().enumerate().skip(1) {
        for (lo, &c0) in list[..hi].iter().enumerate() {
            if !ctx.spend(1) {
                return;
            }
            // The excluders common to a triplet are among those common to its first two cells.
            let common2 = excluders[c0] & excluders[c1];
            if !two_or_more(common2) {
                continue;
            }
            // The twin area: the base cells among the excluders of either, but the two.
            let twin = (excluders[c0] | excluders[c1]) & bases.set & !(1 << c0 | 1 << c1);
            // Find which of its cells give a hint in any order (cheap), then build and pass on
            // those hints in SE's order (rare).
            let mut found = 0u128;
            for c2 in Bits(twin) {
                let common = common2 & excluders[c2];
                if !two_or_more(common) || !went_on && seen_before(&bases, lo, hi, c2) {
                    continue;
                }
                if !ctx.spend(1) {
                    return;
                }
                if triplet(grid, [c0, c1, c2], common).is_some() {
                    found |= 1 << c2;
                }
            }
            if found == 0 {
                continue;
            }
            // SE's twin area order: c0's excluders in its peer order, then c1's others in its.
            let first = PEERS[c0].iter().filter(|&&p| excluders[c0] >> p & 1 != 0);
            let second = PEERS[c1].iter().filter(|&&p| excluders[c1] >> p & 1 != 0);
            for &c2 in first.chain(second) {
                let c2 = c2 as usize;
                if found >> c2 & 1 == 0 {
                    continue;
                }
                found &= !(1 << c2);
                let common = common2 & excluders[c2];
                if let Some(hint) = triplet(grid, [c0, c1, c2], common) {
                    if !add(hint) {
                        return;
                    }
                    went_on = true;
                }
            }
        }
    }
}

/// Whether the set of base cells `list[lo]`, `list[hi]` (`lo < hi`) and `c2` was examined at
/// an earlier pair of the scan: the same cells give the same removals in any order, so a set
/// examined before gave nothing (or the scan would have stopped there).
///
/// The pairs come by the later cell, then the earlier, and a pair goes on to the cells seeing
/// either of its two; so the set of positions `i < j < k` is met first from the pair (i, j),
/// then (i, k), then (j, k), each time the third cell sees one of the pair's (as an excluder:
/// the third cell of a triplet has two or three candidates).
fn seen_before(bases: &Bases, lo: usize, hi: usize, c2: Cell) -> bool {
    let (c0, c1) = (bases.list[lo], bases.list[hi]);
    let reaches =
        |a: Cell, b: Cell, third: Cell| (bases.excluders[a] | bases.excluders[b]) >> third & 1 != 0;
    // c2's position in the list, relative to the pair's.
    let k_below = |i: usize| c2 < bases.list[i];
    if !k_below(hi) {
        // (lo, hi) is the set's first pair.
        false
    } else if !k_below(lo) {
        // The set is lo < k < hi: its first pair is (lo, k).
        reaches(c0, c2, c1)
    } else {
        // k < lo < hi: its pairs (k, lo) and (k, hi) came first.
        reaches(c2, c0, c1) || reaches(c2, c1, c0)
    }
}

#[cfg(test)]
#[path = "aligned_tests.rs"]
mod tests;
