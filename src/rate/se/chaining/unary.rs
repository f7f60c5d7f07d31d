//! SE's single chains (`Chaining(false, false, false, 0)`, `getLoopHintList` and
//! `doUnaryChaining`): bidirectional cycles and forcing chains from one assumption.
//!
//! SE makes three passes over the empty cells (rows top to bottom, cells left to right,
//! digits up): X links only (one digit: conjugate pairs and the digit's peers), Y links only
//! (bivalue cells: the cell's other digit), then both. From each candidate assumed "on" it
//! grows the implications breadth first, layer by layer ("on" layer, "off" layer, ...):
//!
//! - a cycle is the assumption reached again as "on" from an "off" layer, the fourth layer or
//!   later; "off" potentials are not remembered between branches (only those on the branch
//!   itself are skipped), so every way back is found;
//! - with X links, a forcing chain is the assumption's own candidate reached as "off" (from
//!   the assumption "on"), or reached as "on" (from a second search assuming it "off"); both
//!   searches remember every potential, so the first way found is the shortest.
//!
//! Y-only passes start only from bivalue cells and look only for cycles (a forcing Y-chain
//! would need a length both odd and even). SE's working copy of the grid is never filled for
//! these searches, so no potential gets hidden parents: each has exactly one parent.

use super::super::grid::{Cell, CELL_REGIONS, PEERS};
use super::super::Ctx;
use super::engine::{
    conjugate, key, key_cell, key_digit, key_on, region_cause, Cause, Engine, Key, KeyBits,
    CELL_SOURCE, KEYS, REGION_MASK,
};
use super::hints::{Found, Kind, Rule, Sink};

/// Scratch of the single-chain searches.
#[derive(Default)]
pub(crate) struct Unary {
    pend_on: Vec<u32>,
    /// "Off" potentials to process: key, parent, cause (made only when they matter).
    pend_off: Vec<(Key, u32, Cause)>,
    /// For each "off" key, the "on" keys it implies by a bivalue cell (`y`) and by conjugate
    /// places (`x`, block, row, column), `NONE` where none: the grid does not change while
    /// single chains are searched.
    by_y: Vec<Key>,
    by_x: Vec<[(Key, u8); 3]>,
    cycles: Vec<u32>,
    chains: Vec<u32>,
    made: Vec<u32>,
    /// For each "on" key, the "off" potentials it implies (SE's `getOnToOff`: the cell's
    /// other digits, then the digit in the cell's peers), as a range of `offs` and how many
    /// of them come from the cell (left out without Y links).
    range: Vec<(u32, u8, u8)>,
    offs: Vec<(Key, Cause)>,
    /// The forcing chains' searches, which make no node until they find their chain: for
    /// each potential met, the potential it was met from and why (valid where the search's
    /// sets hold the potential), and the layers to process.
    via: Vec<(Key, Cause)>,
    queue: Vec<Key>,
    /// For each "off" key, how many "on" keys it implies by conjugate places (`by_x`).
    x_count: Vec<u8>,
    /// The nodes SE would have made that these searches did not (the work they count).
    unmade: u64,
}

/// SE's `getHintList` for the single chains: the X pass, the Y pass, the XY pass, each hint
/// offered to `sink` in the order SE collects them.
pub(crate) fn hints(engine: &mut Engine, rule: Rule, sink: &mut Sink, ctx: &mut Ctx) {
    let mut scratch = Unary {
        by_y: vec![NONE; KEYS],
        by_x: vec![[(NONE, 0); 3]; KEYS],
        range: vec![(0, 0, 0); KEYS],
        via: vec![(NONE, Cause::Assumption); KEYS],
        queue: vec![NONE; KEYS],
        x_count: vec![0; KEYS],
        ..Unary::default()
    };
    for cell in 0..81 {
        let mut digits = engine.work.cell[cell];
        while digits != 0 {
            let d = digits.trailing_zeros() as u8;
            digits &= digits - 1;
            let on = key(cell, d, true);
            let start = scratch.offs.len();
            Engine::on_to_off(&engine.work, on, true, |c, d, cause| {
                scratch.offs.push((key(c, d, false), cause));
                true
            });
            let from_cell = engine.work.cell[cell].count_ones() - 1;
            let len = scratch.offs.len() - start;
            scratch.range[on as usize] = (start as u32, from_cell as u8, len as u8);
            let k = key(cell, d, false);
            let mut results = [(0, 0); 4];
            if Engine::off_results(&engine.work, k, true, false, &mut results) == 1 {
                scratch.by_y[k as usize] = results[0].0;
            }
            let n = Engine::off_results(&engine.work, k, false, true, &mut results);
            scratch.by_x[k as usize][..n].copy_from_slice(&results[..n]);
            scratch.x_count[k as usize] = n as u8;
        }
    }
    for (y, x) in [(false, true), (true, false), (true, true)] {
        let cycle = Kind::Cycle { x, y, cells: 0 };
        let chain = Kind::Forcing { x, y, ancestors: 0 };
        let worth =
            sink.may_come_first(rule, cycle, 0) || (x && sink.may_come_first(rule, chain, 0));
        if !worth {
            // Nothing this pass finds would come first (the XY pass's hints, 7.0 or more,
            // after an X or Y one under 7.0).
            continue;
        }
        for cell in 0..81 {
            let m = engine.work.cell[cell];
            if engine.values[cell] != 0 || m.count_ones() <= 1 {
                continue;
            }
            for d in 1..10u8 {
                if m >> d & 1 == 0 {
                    continue;
                }
                unary_chaining(engine, rule, sink, &mut scratch, cell, d, y, x);
                // The work: the potentials the searches made, as SE makes them.
                if !ctx.spend(engine.nodes.len() as u64 + scratch.unmade + 1) {
                    return;
                }
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn unary_chaining(
    engine: &mut Engine,
    rule: Rule,
    sink: &mut Sink,
    s: &mut Unary,
    cell: Cell,
    digit: u8,
    y: bool,
    x: bool,
) {
    if engine.work.cell[cell].count_ones() > 2 && !x {
        return;
    }
    engine.clear_nodes();
    s.unmade = 0;
    s.cycles.clear();
    s.chains.clear();
    let on = engine.node(key(cell, digit, true), Cause::Assumption, &[]);
    let (cycle, chain) = (Kind::Cycle { x, y, cells: 0 }, Kind::Forcing { x, y, ancestors: 0 });
    // A search stops at the depth where nothing it could still find would come first.
    let bound = |complexity: u32, kind: Kind| sink.may_come_first(rule, kind, complexity);
    // A cycle comes back to the assumption, and the search from "off" ends at it "on", both
    // by a strong link into it: without one, those searches find nothing and are not made.
    let linked = strong_link_in(engine, cell, digit, y, x);
    if linked {
        cycles(engine, s, on, y, x, &|c| bound(c, cycle));
    }
    if x {
        let source = key(cell, digit, true);
        forcing_chains(engine, s, on, source, y, &|c| bound(c, chain));
        if linked {
            let off = engine.node(key(cell, digit, false), Cause::Assumption, &[]);
            forcing_chains(engine, s, off, conjugate(source), y, &|c| bound(c, chain));
        }
    }
    for i in 0..s.cycles.len() {
        let dst_on = s.cycles[i];
        let dst_off = reversed_cycle(engine, dst_on);
        cycle_hint(engine, rule, sink, dst_on, dst_off, y, x);
    }
    for i in 0..s.chains.len() {
        let target = s.chains[i];
        forcing_chain_hint(engine, rule, sink, target, y, x);
    }
}

/// Whether some "off" potential implies `digit` "on" in `cell` (the tables' `by_y` and
/// `by_x`): with Y links, the cell has two candidates; with X links, one of its houses has
/// two places for the digit.
fn strong_link_in(engine: &Engine, cell: Cell, digit: u8, y: bool, x: bool) -> bool {
    let exactly_two = |m: u128| {
        m != 0 && {
            let rest = m & (m - 1);
            rest != 0 && rest & (rest - 1) == 0
        }
    };
    (y && exactly_two(u128::from(engine.work.cell[cell])))
        || (x
            && CELL_REGIONS[cell].iter().any(|&r| {
                exactly_two(engine.work.digit[usize::from(digit)] & REGION_MASK[usize::from(r)])
            }))
}

/// SE's `doCycles`.
///
/// SE makes an "off" object for every way to each "off" potential and processes each; an
/// object whose "on" consequences are all known already and none of which closes the cycle
/// changes nothing, so it is skipped here before it is made (its ancestry check, SE's
/// `isParent` at creation, depends only on its parent and is made when it matters).
fn cycles(
    engine: &mut Engine,
    s: &mut Unary,
    source: u32,
    y: bool,
    x: bool,
    worth: &dyn Fn(u32) -> bool,
) {
    let source_key = engine.key_of(source);
    let mut to_on = KeyBits::EMPTY;
    to_on.set(source_key);
    s.pend_on.clear();
    s.pend_on.push(source);
    s.pend_off.clear();
    let mut length = 0;
    while !s.pend_on.is_empty() || !s.pend_off.is_empty() {
        // A cycle closed in this round has `length + 2` potentials.
        if !worth(length as u32 + 2) {
            return;
        }
        length += 1;
        // Whether an "off" potential, processed in the next layer, can add anything: the
        // answer only goes from yes to no as `to_on` grows, so it is asked when the
        // potential is met and again when it is processed.
        let relevant = |s: &Unary, to_on: &KeyBits, k: Key, length: i32| {
            let matters =
                |on: Key| on != NONE && ((length >= 4 && on == source_key) || !to_on.has(on));
            (y && matters(s.by_y[k as usize]))
                || (x && s.by_x[k as usize].iter().any(|&(on, _)| matters(on)))
        };
        for i in 0..s.pend_on.len() {
            let p = s.pend_on[i];
            let pk = engine.key_of(p);
            let (start, from_cell, len) = s.range[pk as usize];
            let skip = if y { 0 } else { from_cell as u32 };
            for j in start + skip..start + len as u32 {
                let (k, cause) = s.offs[j as usize];
                if relevant(s, &to_on, k, length + 1) {
                    s.pend_off.push((k, p, cause));
                }
            }
        }
        s.pend_on.clear();
        length += 1;
        for i in 0..s.pend_off.len() {
            let (k, parent, cause) = s.pend_off[i];
            if !relevant(s, &to_on, k, length) || engine.is_parent(parent, k) {
                continue;
            }
            let p = engine.node(k, cause, &[parent]);
            consequences(engine, s, p, y, x);
            for &n in &s.made {
                let k = engine.key_of(n);
                if length >= 4 && k == source_key {
                    s.cycles.push(n);
                }
                if !to_on.has(k) {
                    s.pend_on.push(n);
                    to_on.set(k);
                }
            }
        }
        s.pend_off.clear();
    }
}

/// No key.
const NONE: Key = Key::MAX;

/// The "on" nodes that the "off" node `p` implies (SE's `getOffToOn`, from the tables; no
/// hidden parents: see the module header), into `s.made`.
fn consequences(engine: &mut Engine, s: &mut Unary, p: u32, y: bool, x: bool) {
    s.made.clear();
    let k = engine.key_of(p) as usize;
    if y && s.by_y[k] != NONE {
        s.made.push(engine.make_on(s.by_y[k], CELL_SOURCE, p, None));
    }
    if x {
        for i in 0..3 {
            let (on, source) = s.by_x[k][i];
            if on == NONE {
                break;
            }
            s.made.push(engine.make_on(on, source, p, None));
        }
    }
}

/// SE's `doForcingChains` from `source` (the assumption's node; `source_key` its key).
///
/// Only the assumption's conjugate can be found (at most once a call), so the search stops
/// there: the rest of it could add nothing. SE's `isParent` filter is left out: every
/// potential on a node's ancestry is already in the sets, so it never decides anything.
/// Each potential is met once (the sets remember every one) and has one parent, so the
/// search keeps, for each, the potential it came from, and makes the nodes of the one chain
/// it finds; `s.unmade` counts the nodes SE would have made.
fn forcing_chains(
    engine: &mut Engine,
    s: &mut Unary,
    source: u32,
    source_key: Key,
    y: bool,
    worth: &dyn Fn(u32) -> bool,
) {
    let target = conjugate(source_key);
    let mut to_on = KeyBits::EMPTY;
    let mut to_off = KeyBits::EMPTY;
    if key_on(source_key) {
        to_on.set(source_key);
    } else {
        to_off.set(source_key);
    }
    // The potentials met, in order, each once: the layers alternate "on" and "off".
    s.queue[0] = source_key;
    let (mut head, mut tail) = (0, 1);
    // The depth of the next layer's potentials (the assumption's is 0): what they imply has
    // `depth + 2` potentials with its ancestors.
    let mut depth = 0;
    let mut found = None;
    'search: while head < tail {
        if !worth(depth + 2) {
            return;
        }
        depth += 1;
        let (layer, on_layer) = (head..tail, key_on(s.queue[head]));
        head = tail;
        for i in layer {
            let p = s.queue[i];
            if on_layer {
                let (start, from_cell, len) = s.range[p as usize];
                let skip = if y { 0 } else { u32::from(from_cell) };
                for &(off, cause) in
                    &s.offs[(start + skip) as usize..(start + u32::from(len)) as usize]
                {
                    if off == target {
                        s.unmade += 1;
                        found = Some(((off, cause), p));
                        break 'search;
                    }
                    if !to_off.has(off) {
                        s.unmade += 1;
                        s.via[off as usize] = (p, cause);
                        s.queue[tail] = off;
                        tail += 1;
                        to_off.set(off);
                    }
                }
            } else {
                // SE makes every "on" consequence, then looks at each.
                let by_y = if y { s.by_y[p as usize] } else { NONE };
                let by_x = &s.by_x[p as usize];
                s.unmade += u64::from(by_y != NONE) + u64::from(s.x_count[p as usize]);
                let made = [(by_y, CELL_SOURCE), by_x[0], by_x[1], by_x[2]];
                for (on, source_of) in made {
                    if on == NONE {
                        continue;
                    }
                    if on == target || !to_on.has(on) {
                        let cause = if source_of == CELL_SOURCE {
                            Cause::NakedSingle
                        } else {
                            region_cause(usize::from(source_of))
                        };
                        if on == target {
                            found = Some(((on, cause), p));
                            break 'search;
                        }
                        s.via[on as usize] = (p, cause);
                        s.queue[tail] = on;
                        tail += 1;
                        to_on.set(on);
                    }
                }
            }
        }
    }
    if let Some((potential, parent)) = found {
        chain_found(engine, s, source, source_key, potential, parent);
    }
}

/// Makes the nodes of the chain a forcing chain search found: from the assumption (`source`)
/// along the potentials met, to `found`, met from `parent`; the last goes to `s.chains`.
fn chain_found(
    engine: &mut Engine,
    s: &mut Unary,
    source: u32,
    source_key: Key,
    found: (Key, Cause),
    parent: Key,
) {
    let mut path = vec![found];
    let mut k = parent;
    while k != source_key {
        let (from, cause) = s.via[k as usize];
        path.push((k, cause));
        k = from;
    }
    // The search counted every potential of the chain among those SE makes.
    s.unmade -= path.len() as u64;
    let mut node = source;
    for &(k, cause) in path.iter().rev() {
        node = engine.node(k, cause, &[node]);
    }
    s.chains.push(node);
}

/// SE's `getReversedCycle`: the same cycle with every potential negated, walked the other
/// way; returns the reversed assumption.
fn reversed_cycle(engine: &mut Engine, dst_on: u32) -> u32 {
    // The walk dst_on, p1, ..., root becomes rev(root) -> ... -> rev(dst_on): build from
    // rev(dst_on), which has no parent, so each node's parent exists when it is made.
    let mut prev: Option<u32> = None;
    let mut p = Some(dst_on);
    while let Some(n) = p {
        let node = engine.nodes[n as usize];
        let parents: &[u32] = match &prev {
            Some(q) => std::slice::from_ref(q),
            None => &[],
        };
        let parents = parents.to_vec();
        let rev = engine.node(conjugate(node.key), node.cause, &parents);
        prev = Some(rev);
        p = engine.first_parent(n);
    }
    prev.expect("a cycle has nodes")
}

/// SE's `createCycleHint`.
fn cycle_hint(
    engine: &mut Engine,
    rule: Rule,
    sink: &mut Sink,
    dst_on: u32,
    dst_off: u32,
    y: bool,
    x: bool,
) {
    // The cycle's cells (each node but the root, which repeats dst_on's cell).
    let mut cells: u128 = 0;
    let mut cell_list: Vec<Cell> = Vec::new();
    let mut p = dst_on;
    while let Some(q) = engine.first_parent(p) {
        let c = key_cell(engine.key_of(p));
        if cells >> c & 1 == 0 {
            cells |= 1 << c;
            cell_list.push(c);
        }
        p = q;
    }
    // A candidate is removed if it sees both an "on" and an "off" node's cell (outside the
    // cycle) with that node's digit.
    let mut forw = KeyBits::EMPTY;
    let mut back = KeyBits::EMPTY;
    let mut p = dst_on;
    while let Some(q) = engine.first_parent(p) {
        let k = engine.key_of(p);
        let (c, d) = (key_cell(k), key_digit(k));
        for &peer in &PEERS[c] {
            let peer = peer as usize;
            if cells >> peer & 1 == 0 && engine.work.has(peer, d) {
                if key_on(k) {
                    forw.set(key(peer, d, false));
                } else {
                    back.set(key(peer, d, false));
                }
            }
        }
        p = q;
    }
    let mut removals: Vec<(Cell, u16)> = Vec::new();
    for (w, (&f, &b)) in forw.0.iter().zip(back.0.iter()).enumerate() {
        let mut both = f & b;
        while both != 0 {
            let k = (w * 64 + both.trailing_zeros() as usize) as Key;
            both &= both - 1;
            let c = key_cell(k);
            match removals.last_mut() {
                Some((last, m)) if *last == c => *m |= 1 << key_digit(k),
                _ => removals.push((c, 1 << key_digit(k))),
            }
        }
    }
    if removals.is_empty() {
        return;
    }
    let complexity = engine.ancestor_count(dst_on);
    let digit = key_digit(engine.key_of(dst_on));
    let found = Found {
        kind: Kind::Cycle { x, y, cells: cell_list.len() as u32 },
        complexity,
        removals: &removals,
        placement: None,
        targets: &[dst_on, dst_off],
        cells: &cell_list,
        regions: &[],
        digits: 1 << digit,
    };
    sink.offer(rule, engine, &found);
}

/// SE's `createForcingChainHint`.
fn forcing_chain_hint(
    engine: &mut Engine,
    rule: Rule,
    sink: &mut Sink,
    target: u32,
    y: bool,
    x: bool,
) {
    let k = engine.key_of(target);
    let (c, d) = (key_cell(k), key_digit(k));
    let removals = if key_on(k) { [(c, engine.work.cell[c] & !(1 << d))] } else { [(c, 1 << d)] };
    let complexity = engine.ancestor_count(target);
    let found = Found {
        kind: Kind::Forcing { x, y, ancestors: complexity },
        complexity,
        removals: &removals,
        placement: key_on(k).then_some((c, d)),
        targets: &[target],
        cells: &[c],
        regions: &[],
        digits: 1 << d,
    };
    sink.offer(rule, engine, &found);
}
