//! SE's multiple and dynamic forcing chains (`getMultipleChainsHintList`): Nishio, cell and
//! region forcing chains, contradiction and double forcing chains.
//!
//! For each empty cell (rows top to bottom, cells left to right) with more than two
//! candidates (more than one when dynamic), and each of its digits up, SE propagates the
//! digit "on" and then "off" (`doBinaryChaining`, SE's `doChaining` each time):
//!
//! - a contradiction from "on" (dynamic or Nishio) removes the digit; one from "off" places
//!   it;
//! - (dynamic, three candidates or more, not Nishio) a potential implied by both "on" and
//!   "off" holds: "on" places it, "off" removes it (double forcing chains);
//! - (not Nishio) for each region of the cell (block, row, column) where the digit has two
//!   places, or more when multiple, and this cell is the first of them, each other place is
//!   propagated "on" too; a potential every place implies holds (region forcing chains);
//! - (not Nishio; two candidates, or more when multiple) once every digit of the cell is
//!   done, a potential every digit implies holds (cell forcing chains).
//!
//! The hints are offered in that order; SE sorts them (see `hints`).

use super::super::grid::{Cell, CELL_REGIONS};
use super::super::Ctx;
use super::engine::{key, key_cell, key_digit, key_on, Cause, Engine, SetId};
use super::hints::{Found, Kind, Rule, Sink};

/// A candidate's "on" propagation (SE's `doChaining` from it alone): its sets and the
/// contradiction it ran into, if any.
#[derive(Clone, Copy)]
struct OnChain {
    on: SetId,
    off: SetId,
    absurd: Option<(u32, u32)>,
}

/// The "on" propagations made so far in this search, by cell and digit: SE propagates a
/// candidate "on" for its own cell and again for each region it is a place of; the grid does
/// not change in between, so each is made once and shared (same sets, same objects).
struct Memo(Vec<Option<OnChain>>);

impl Memo {
    fn get(&mut self, engine: &mut Engine, cell: Cell, digit: u8, ctx: &mut Ctx) -> OnChain {
        if let Some(chain) = self.0[cell * 10 + digit as usize] {
            return chain;
        }
        let (on, off) = (engine.alloc_set(), engine.alloc_set());
        let k = key(cell, digit, true);
        let root = engine.node(k, Cause::Assumption, &[]);
        engine.set_mut(on).add(k, root);
        let absurd = engine.do_chaining(on, off, ctx);
        let chain = OnChain { on, off, absurd };
        self.0[cell * 10 + digit as usize] = Some(chain);
        chain
    }
}

/// SE's `getMultipleChainsHintList`.
pub(crate) fn hints(engine: &mut Engine, rule: Rule, sink: &mut Sink, ctx: &mut Ctx) {
    let (dynamic, nishio) = (rule.dynamic, rule.nishio);
    engine.clear_nodes();
    engine.release_sets(0);
    let mut memo = Memo(vec![None; 810]);
    for cell in 0..81 {
        if engine.values[cell] != 0 {
            continue;
        }
        let cands = engine.work.cell[cell];
        let card = cands.count_ones();
        if !(card > 2 || (card > 1 && dynamic)) {
            continue;
        }
        let mut value_on: [SetId; 10] = [0; 10];
        let mut value_off: [SetId; 10] = [0; 10];
        for v in 1..10u8 {
            if cands >> v & 1 == 0 {
                continue;
            }
            if nishio {
                // Nothing but this cell's own propagations is used: no need to keep them.
                engine.clear_nodes();
                engine.release_sets(0);
                memo.0.iter_mut().for_each(|m| *m = None);
            }
            let chain = memo.get(engine, cell, v, ctx);
            if ctx.capped() {
                return;
            }
            let mark = engine.sets_mark();
            let double = card >= 3 && !nishio && dynamic;
            let contradiction = dynamic || nishio;
            binary_chaining(engine, rule, sink, ctx, cell, v, chain, double, contradiction);
            engine.release_sets(mark);
            if ctx.capped() {
                return;
            }
            if !nishio {
                region_chainings(engine, rule, sink, ctx, &mut memo, cell, v, chain);
                if ctx.capped() {
                    return;
                }
            }
            value_on[v as usize] = chain.on;
            value_off[v as usize] = chain.off;
        }
        if !nishio && (card == 2 || (rule.multiple && card > 2)) {
            let digits: Vec<u8> = (1..10u8).filter(|&v| cands >> v & 1 != 0).collect();
            let ons: Vec<SetId> = digits.iter().map(|&v| value_on[v as usize]).collect();
            let offs: Vec<SetId> = digits.iter().map(|&v| value_off[v as usize]).collect();
            for sets in [&ons, &offs] {
                for target in common(engine, sets) {
                    let k = engine.key_of(target);
                    let targets: Vec<u32> = sets
                        .iter()
                        .map(|&s| engine.set(s).get(k).expect("a common potential"))
                        .collect();
                    reduction_hint(engine, rule, sink, k, &targets, Kind::Cell, cell, None);
                }
            }
        }
    }
}

/// The potentials of the first set that are in all the others, in the first set's order (SE
/// fills a `LinkedSet` with the first and `retainAll`s the others).
fn common(engine: &Engine, sets: &[SetId]) -> Vec<u32> {
    let mut bits = engine.set(sets[0]).bits.clone();
    for &s in &sets[1..] {
        for (w, o) in bits.0.iter_mut().zip(engine.set(s).bits.0.iter()) {
            *w &= o;
        }
    }
    if bits.0.iter().all(|&w| w == 0) {
        return Vec::new();
    }
    engine.set(sets[0]).order.iter().copied().filter(|&n| bits.has(engine.key_of(n))).collect()
}

/// SE's `doBinaryChaining`: `cell` holds `digit`, then does not.
#[allow(clippy::too_many_arguments)]
fn binary_chaining(
    engine: &mut Engine,
    rule: Rule,
    sink: &mut Sink,
    ctx: &mut Ctx,
    cell: Cell,
    digit: u8,
    chain: OnChain,
    double: bool,
    contradiction: bool,
) {
    let (on_to_on, on_to_off) = (chain.on, chain.off);
    let p_off = engine.node(key(cell, digit, false), Cause::Assumption, &[]);
    let bit = 1u16 << digit;
    if let (true, Some((a_on, a_off))) = (contradiction, chain.absurd) {
        // The digit cannot be there.
        binary_hint(engine, rule, sink, [a_on, a_off], true, (cell, bit), None, cell);
    }
    let off_to_on = engine.alloc_set();
    let off_to_off = engine.alloc_set();
    engine.set_mut(off_to_off).add(key(cell, digit, false), p_off);
    let absurd = engine.do_chaining(off_to_on, off_to_off, ctx);
    if ctx.capped() {
        return;
    }
    if let (true, Some((a_on, a_off))) = (contradiction, absurd) {
        // The digit must be there.
        let others = engine.work.cell[cell] & !bit;
        if others != 0 {
            binary_hint(
                engine,
                rule,
                sink,
                [a_on, a_off],
                true,
                (cell, others),
                Some((cell, digit)),
                cell,
            );
        }
    }
    if double {
        for i in 0..engine.set(on_to_on).order.len() {
            let from_on = engine.set(on_to_on).order[i];
            let k = engine.key_of(from_on);
            if let Some(from_off) = engine.set(off_to_on).get(k) {
                let (c, d) = (key_cell(k), key_digit(k));
                let others = engine.work.cell[c] & !(1 << d);
                if others != 0 {
                    binary_hint(
                        engine,
                        rule,
                        sink,
                        [from_on, from_off],
                        false,
                        (c, others),
                        Some((c, d)),
                        cell,
                    );
                }
            }
        }
        for i in 0..engine.set(on_to_off).order.len() {
            let from_on = engine.set(on_to_off).order[i];
            let k = engine.key_of(from_on);
            if let Some(from_off) = engine.set(off_to_off).get(k) {
                let (c, d) = (key_cell(k), key_digit(k));
                binary_hint(
                    engine,
                    rule,
                    sink,
                    [from_on, from_off],
                    false,
                    (c, 1 << d),
                    None,
                    cell,
                );
            }
        }
    }
}

/// A `BinaryChainingHint`: `targets` its "on" and "off" chains' ends.
#[allow(clippy::too_many_arguments)]
fn binary_hint(
    engine: &mut Engine,
    rule: Rule,
    sink: &mut Sink,
    targets: [u32; 2],
    absurd: bool,
    removal: (Cell, u16),
    placement: Option<(Cell, u8)>,
    source: Cell,
) {
    let complexity = engine.ancestor_count(targets[0]) + engine.ancestor_count(targets[1]);
    let k = engine.key_of(targets[0]);
    let found = Found {
        kind: Kind::Binary { absurd },
        complexity,
        removals: &[removal],
        placement,
        targets: &targets,
        cells: &[source, key_cell(k)],
        regions: &[],
        digits: 1 << key_digit(k),
    };
    sink.offer(rule, engine, &found);
}

/// SE's `doRegionChainings` for `digit` in `cell`, whose propagations are `on_to_on` and
/// `on_to_off`.
#[allow(clippy::too_many_arguments)]
fn region_chainings(
    engine: &mut Engine,
    rule: Rule,
    sink: &mut Sink,
    ctx: &mut Ctx,
    memo: &mut Memo,
    cell: Cell,
    digit: u8,
    chain: OnChain,
) {
    let (on_to_on, on_to_off) = (chain.on, chain.off);
    for &r in &CELL_REGIONS[cell] {
        let r = r as usize;
        let positions = engine.work.positions(r, digit);
        let card = positions.count_ones();
        if !(card == 2 || (rule.multiple && card > 2)) {
            continue;
        }
        if positions.trailing_zeros() as usize != cell {
            continue;
        }
        let mut ons: Vec<SetId> = Vec::with_capacity(9);
        let mut offs: Vec<SetId> = Vec::with_capacity(9);
        // What every place implies so far: once nothing is left, the other places cannot
        // bring anything back, and their propagations (which make no hint themselves) are
        // skipped.
        let mut on_common = engine.set(on_to_on).bits.clone();
        let mut off_common = engine.set(on_to_off).bits.clone();
        let mut rest = positions;
        while rest != 0 {
            if on_common.is_empty() && off_common.is_empty() {
                break;
            }
            let other = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if other == cell {
                ons.push(on_to_on);
                offs.push(on_to_off);
            } else {
                let other = memo.get(engine, other, digit, ctx);
                if ctx.capped() {
                    return;
                }
                let (to_on, to_off) = (other.on, other.off);
                on_common.and(&engine.set(to_on).bits);
                off_common.and(&engine.set(to_off).bits);
                ons.push(to_on);
                offs.push(to_off);
            }
        }
        if on_common.is_empty() && off_common.is_empty() {
            continue;
        }
        for sets in [&ons, &offs] {
            for target in common(engine, sets) {
                let k = engine.key_of(target);
                let targets: Vec<u32> = sets
                    .iter()
                    .map(|&s| engine.set(s).get(k).expect("a common potential"))
                    .collect();
                reduction_hint(engine, rule, sink, k, &targets, Kind::Region, cell, Some(r));
            }
        }
    }
}

/// SE's `createCellReductionHint` and `createRegionReductionHint`: the potential `k` that
/// every branch implies, with each branch's object for it.
#[allow(clippy::too_many_arguments)]
fn reduction_hint(
    engine: &mut Engine,
    rule: Rule,
    sink: &mut Sink,
    k: u16,
    targets: &[u32],
    kind: Kind,
    source: Cell,
    region: Option<usize>,
) {
    let (c, d) = (key_cell(k), key_digit(k));
    let removal = if key_on(k) { (c, engine.work.cell[c] & !(1 << d)) } else { (c, 1 << d) };
    if removal.1 == 0 {
        return;
    }
    let mut complexity = 0;
    for &t in targets {
        complexity += engine.ancestor_count(t);
    }
    let found = Found {
        kind,
        complexity,
        removals: &[removal],
        placement: key_on(k).then_some((c, d)),
        targets,
        cells: &if region.is_some() { vec![c] } else { vec![source, c] },
        regions: region.as_slice(),
        digits: 1 << d,
    };
    sink.offer(rule, engine, &found);
}
