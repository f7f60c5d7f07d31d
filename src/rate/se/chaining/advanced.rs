//! Levels 1 and more ("dynamic+" and nested forcing chains): SE's `getAdvancedPotentials`.
//!
//! When a dynamic chain's plain implications run dry, SE runs other rules on the chain's
//! working grid (the candidates the chain has turned off are gone): pointing and claiming
//! (`Locking(false)`), hidden pairs, naked pairs and X-wings, in that order, and from level 2
//! chaining producers (see `nested_rules`). The first rule that yields anything gives every
//! removal of every one of its hints (so SE needs all of a rule's hints, not the first),
//! each a new "off" potential whose parents are the chain's potentials that made the rule
//! apply (each hint class's `getRuleParents`: the candidates of the pattern's cells or
//! regions the chain removed). A hint the chain did not contribute to (no parents) is
//! skipped: it was there before the chain.
//!
//! The rules are rewritten here (not called from `locking.rs` and its siblings) because the
//! chain needs all their hints and each hint's pattern, where those files give the first
//! hint only; their scan orders are SE's: `Locking.getHints` (block-column, block-row,
//! column-block, row-block crossings), `HiddenSet` and `NakedSet` (blocks, columns, rows;
//! pairs in SE's `Permutations` order), `Fisherman` (columns then rows as base lines).
//!
//! Order SE leaves undefined: a hint's removals are a `HashMap` keyed by `Cell`, whose
//! `hashCode` is Object identity, so SE turns them off in an order that changes from run to
//! run; here they go by cell (top row first, left to right), each cell's digits up.

use super::super::grid::REGION_CELLS;
use super::super::Ctx;
use super::engine::{
    at_most_one_bit, emit, key, two_bits, Cands, Engine, Key, SetId, NO_NEST, REGION_MASK,
};

/// SE's `getAdvancedPotentials`: the new "off" nodes, in SE's order.
pub(crate) fn advanced_potentials(engine: &mut Engine, to_off: SetId, ctx: &mut Ctx) -> Vec<u32> {
    let mut out = Vec::new();
    if !ctx.spend(32) {
        return out;
    }
    locking(engine, to_off, &mut out);
    if out.is_empty() {
        hidden_pairs(engine, to_off, &mut out);
    }
    if out.is_empty() {
        naked_pairs(engine, to_off, &mut out);
    }
    if out.is_empty() {
        x_wings(engine, to_off, &mut out);
    }
    if out.is_empty() && engine.mode.level >= 2 {
        super::nested::nested_potentials(engine, to_off, ctx, &mut out);
    }
    out
}

/// The cells of a cell set, ascending, as (cell, digit mask) removals of `digit`.
fn removals_of(cells: u128, digit: u8, out: &mut Vec<(usize, u16)>) {
    out.clear();
    let mut rest = cells;
    while rest != 0 {
        let c = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        out.push((c, 1 << digit));
    }
}

/// The "off" keys of `digit` in a cell set, ascending.
fn keys_of(cells: u128, digit: u8, out: &mut Vec<Key>) {
    let mut rest = cells;
    while rest != 0 {
        let c = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        out.push(key(c, digit, false));
    }
}

/// The first region of each kind: blocks, rows, columns.
const BLOCK: usize = 0;
const ROW: usize = 9;
const COLUMN: usize = 18;

/// SE's `Locking(false)`: a digit of region 1 confined to its crossing with region 2 goes
/// from the rest of region 2. Parents (`LockingHint.getRuleParents`): the digit's removed
/// candidates in region 1 outside region 2.
fn locking(engine: &mut Engine, to_off: SetId, out: &mut Vec<u32>) {
    let (work, save) = (engine.work, engine.save);
    let mut parents = Vec::new();
    let mut removals = Vec::new();
    for (t1, t2) in [(BLOCK, COLUMN), (BLOCK, ROW), (COLUMN, BLOCK), (ROW, BLOCK)] {
        for i1 in 0..9 {
            for i2 in 0..9 {
                let (r1, r2) = (t1 + i1, t2 + i2);
                let (m1, m2) = (REGION_MASK[r1], REGION_MASK[r2]);
                if m1 & m2 == 0 {
                    continue;
                }
                for v in 1..10u8 {
                    let pos = work.positions(r1, v);
                    if at_most_one_bit(pos) || pos & !m2 != 0 {
                        continue;
                    }
                    let gone = work.positions(r2, v) & !m1;
                    if gone == 0 {
                        continue;
                    }
                    parents.clear();
                    let removed = save.digit[v as usize] & !work.digit[v as usize];
                    keys_of(removed & m1 & !m2, v, &mut parents);
                    removals_of(gone, v, &mut removals);
                    emit(engine, to_off, &parents, &removals, NO_NEST, out);
                }
            }
        }
    }
}

/// SE's `Permutations(2, 9)` order of pairs: (0,1), (0,2), (1,2), (0,3), ...
fn pairs() -> impl Iterator<Item = (usize, usize)> {
    (1..9).flat_map(|j| (0..j).map(move |i| (i, j)))
}

/// How many cells of region `r` are empty.
fn empty_count(values: &[u8; 81], r: usize) -> u32 {
    REGION_CELLS[r].iter().filter(|&&c| values[c as usize] == 0).count() as u32
}

/// SE's `HiddenSet(2, false)`: two digits with the same two places in a region; the cells'
/// other digits go. Parents (`HiddenSetHint.getRuleParents`): the two digits' removed
/// candidates elsewhere in the region.
fn hidden_pairs(engine: &mut Engine, to_off: SetId, out: &mut Vec<u32>) {
    let (work, save) = (engine.work, engine.save);
    let mut parents = Vec::new();
    let mut removals = Vec::new();
    for base in [BLOCK, COLUMN, ROW] {
        for (r, cells) in REGION_CELLS.iter().enumerate().skip(base).take(9) {
            if empty_count(&engine.values, r) <= 4 {
                continue;
            }
            for (a, b) in pairs() {
                let (va, vb) = (a as u8 + 1, b as u8 + 1);
                let (pa, pb) = (work.positions(r, va), work.positions(r, vb));
                if at_most_one_bit(pa) || at_most_one_bit(pb) || !two_bits(pa | pb) {
                    continue;
                }
                let both = (1u16 << va) | (1 << vb);
                removals.clear();
                for &c in cells {
                    let c = c as usize;
                    if (pa | pb) >> c & 1 != 0 && work.cell[c] & !both != 0 {
                        removals.push((c, work.cell[c] & !both));
                    }
                }
                if removals.is_empty() {
                    continue;
                }
                parents.clear();
                for &c in cells {
                    let c = c as usize;
                    if (pa | pb) >> c & 1 == 0 {
                        for v in [va, vb] {
                            if save.has(c, v) {
                                parents.push(key(c, v, false));
                            }
                        }
                    }
                }
                emit(engine, to_off, &parents, &removals, NO_NEST, out);
            }
        }
    }
}

/// SE's `NakedSet(2)`: two cells of a region with the same two digits; the digits go from
/// the region's other cells. Parents (`NakedSetHint.getRuleParents`): the two cells' other
/// removed candidates.
fn naked_pairs(engine: &mut Engine, to_off: SetId, out: &mut Vec<u32>) {
    let (work, save) = (engine.work, engine.save);
    let mut parents = Vec::new();
    let mut removals = Vec::new();
    for base in [BLOCK, COLUMN, ROW] {
        for (r, cells) in REGION_CELLS.iter().enumerate().skip(base).take(9) {
            if empty_count(&engine.values, r) < 4 {
                continue;
            }
            for (i, j) in pairs() {
                let (ci, cj) = (cells[i] as usize, cells[j] as usize);
                let (mi, mj) = (work.cell[ci], work.cell[cj]);
                if at_most_one_bit(mi as u128)
                    || at_most_one_bit(mj as u128)
                    || !two_bits((mi | mj) as u128)
                {
                    continue;
                }
                let both = mi | mj;
                removals.clear();
                for &c in cells {
                    let c = c as usize;
                    if c != ci && c != cj && work.cell[c] & both != 0 {
                        removals.push((c, work.cell[c] & both));
                    }
                }
                if removals.is_empty() {
                    continue;
                }
                parents.clear();
                for c in [ci, cj] {
                    for v in 1..10u8 {
                        if save.has(c, v) && both >> v & 1 == 0 {
                            parents.push(key(c, v, false));
                        }
                    }
                }
                emit(engine, to_off, &parents, &removals, NO_NEST, out);
            }
        }
    }
}

/// The places of `digit` along line `r` (a row's columns or a column's rows) as bits.
fn line_positions(work: &Cands, r: usize, digit: u8) -> u16 {
    let mut bits = 0;
    for (i, &c) in REGION_CELLS[r].iter().enumerate() {
        if work.has(c as usize, digit) {
            bits |= 1 << i;
        }
    }
    bits
}

/// SE's `Fisherman(2)`: a digit confined to the same two cross lines in two base lines (base
/// columns first, then base rows) goes from the rest of the cross lines. Parents
/// (`LockingHint.getRuleParents`, the base lines as its first regions): the digit's removed
/// candidates in the base lines outside the cross lines.
fn x_wings(engine: &mut Engine, to_off: SetId, out: &mut Vec<u32>) {
    let (work, save) = (engine.work, engine.save);
    let mut placed = [0u32; 10];
    for &v in engine.values.iter() {
        placed[v as usize] += 1;
    }
    let mut parents = Vec::new();
    let mut removals = Vec::new();
    for (base, cover) in [(COLUMN, ROW), (ROW, COLUMN)] {
        for (i, j) in pairs() {
            for v in 1..10u8 {
                if placed[v as usize] + 4 > 9 {
                    continue;
                }
                let (pi, pj) =
                    (line_positions(&work, base + i, v), line_positions(&work, base + j, v));
                if at_most_one_bit(pi as u128)
                    || at_most_one_bit(pj as u128)
                    || !two_bits((pi | pj) as u128)
                {
                    continue;
                }
                let crosses = pi | pj;
                let covers = (0..9).filter(|&k| crosses >> k & 1 != 0);
                let mut cover_mask = 0u128;
                for k in covers {
                    cover_mask |= REGION_MASK[cover + k];
                }
                let bases = REGION_MASK[base + i] | REGION_MASK[base + j];
                let gone = work.digit[v as usize] & cover_mask & !bases;
                if gone == 0 {
                    continue;
                }
                removals_of(gone, v, &mut removals);
                parents.clear();
                let removed = save.digit[v as usize] & !work.digit[v as usize] & !cover_mask;
                keys_of(removed & REGION_MASK[base + i], v, &mut parents);
                keys_of(removed & REGION_MASK[base + j], v, &mut parents);
                emit(engine, to_off, &parents, &removals, NO_NEST, out);
            }
        }
    }
}
