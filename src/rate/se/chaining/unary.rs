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

use super::super::grid::{Cell, CELL_REGIONS, PEERS, PEER_SETS};
use super::super::Ctx;
use super::engine::{
    conjugate, key, key_cell, key_digit, key_on, region_cause, Cands, Cause, Engine, Key, KeyBits,
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
    /// For each "off" key, how many "on" keys it implies by conjugate places (`by_x`), and
    /// their cells.
    x_count: Vec<u8>,
    partners: Vec<u128>,
    /// In the current pass: for each "off" key, how many "on" keys it implies (by the
    /// pass's links); for each "on" key, the "off" keys that imply it (up to 4, `NONE` after).
    implies: Vec<u8>,
    implied_by: Vec<[Key; 4]>,
    /// A cycle search's count, for each "off" key, of the "on" keys it implies that the
    /// search has not met.
    unmet: Vec<u8>,
    /// The nodes SE would have made that these searches did not (the work they count).
    unmade: u64,
}

/// SE's `getHintList` for the single chains: the X pass, the Y pass, the XY pass, each hint
/// offered to `sink` in the order SE collects them.
pub(crate) fn hints(engine: &mut Engine, rule: Rule, sink: &mut Sink, ctx: &mut Ctx) {
    let mut scratch = Unary::new(&engine.work);
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
        scratch.links(&engine.work, y, x);
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
        // Without Y links most searches find nothing: each is first run on sets of cells, and
        // again to make its chain only where it finds one.
        let source = key(cell, digit, true);
        if y || reaches_by_x(engine, s, source, &|c| bound(c, chain)) {
            forcing_chains(engine, s, on, source, y, &|c| bound(c, chain));
        }
        if linked {
            let off = engine.node(key(cell, digit, false), Cause::Assumption, &[]);
            let source = conjugate(source);
            if y || reaches_by_x(engine, s, source, &|c| bound(c, chain)) {
                forcing_chains(engine, s, off, source, y, &|c| bound(c, chain));
            }
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
    s.unmet.copy_from_slice(&s.implies);
    s.met(source_key);
    let to_source = s.implied_by[source_key as usize];
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
        // Whether an "off" potential, processed in the next layer, can add anything: an "on"
        // consequence not met yet, or the assumption from the fourth layer on. The answer only
        // goes from yes to no as the search meets more, so it is asked when the potential is
        // met and again when it is processed.
        let relevant = |s: &Unary, k: Key, length: i32| {
            s.unmet[k as usize] > 0 || (length >= 4 && to_source.contains(&k))
        };
        for i in 0..s.pend_on.len() {
            let p = s.pend_on[i];
            let pk = engine.key_of(p);
            let (start, from_cell, len) = s.range[pk as usize];
            let skip = if y { 0 } else { from_cell as u32 };
            for j in start + skip..start + len as u32 {
                let (k, cause) = s.offs[j as usize];
                if relevant(s, k, length + 1) {
                    s.pend_off.push((k, p, cause));
                }
            }
        }
        s.pend_on.clear();
        length += 1;
        for i in 0..s.pend_off.len() {
            let (k, parent, cause) = s.pend_off[i];
            if !relevant(s, k, length) || engine.is_parent(parent, k) {
                continue;
            }
            let p = engine.node(k, cause, &[parent]);
            consequences(engine, s, p, y, x);
            for i in 0..s.made.len() {
                let n = s.made[i];
                let k = engine.key_of(n);
                if length >= 4 && k == source_key {
                    s.cycles.push(n);
                }
                if !to_on.has(k) {
                    s.pend_on.push(n);
                    to_on.set(k);
                    s.met(k);
                }
            }
        }
        s.pend_off.clear();
    }
}

impl Unary {
    /// The scratch for the single chains of `work`: each candidate's implications.
    fn new(work: &Cands) -> Unary {
        let mut scratch = Unary {
            by_y: vec![NONE; KEYS],
            by_x: vec![[(NONE, 0); 3]; KEYS],
            range: vec![(0, 0, 0); KEYS],
            via: vec![(NONE, Cause::Assumption); KEYS],
            queue: vec![NONE; KEYS],
            x_count: vec![0; KEYS],
            partners: vec![0; KEYS],
            implies: vec![0; KEYS],
            implied_by: vec![[NONE; 4]; KEYS],
            unmet: vec![0; KEYS],
            ..Unary::default()
        };
        for cell in 0..81 {
            let mut digits = work.cell[cell];
            while digits != 0 {
                let d = digits.trailing_zeros() as u8;
                digits &= digits - 1;
                let on = key(cell, d, true);
                let start = scratch.offs.len();
                Engine::on_to_off(work, on, true, |c, d, cause| {
                    scratch.offs.push((key(c, d, false), cause));
                    true
                });
                let from_cell = work.cell[cell].count_ones() - 1;
                let len = scratch.offs.len() - start;
                scratch.range[on as usize] = (start as u32, from_cell as u8, len as u8);
                let k = key(cell, d, false);
                let mut results = [(0, 0); 4];
                if Engine::off_results(work, k, true, false, &mut results) == 1 {
                    scratch.by_y[k as usize] = results[0].0;
                }
                let n = Engine::off_results(work, k, false, true, &mut results);
                scratch.by_x[k as usize][..n].copy_from_slice(&results[..n]);
                scratch.x_count[k as usize] = n as u8;
                scratch.partners[k as usize] =
                    results[..n].iter().fold(0, |m, &(on, _)| m | 1 << key_cell(on));
            }
        }
        scratch
    }

    /// `implies` and `implied_by` for a pass with Y links (`y`) and X links (`x`), over the
    /// candidates of `work` (the other keys imply nothing and are implied by nothing).
    fn links(&mut self, work: &Cands, y: bool, x: bool) {
        for cell in 0..81 {
            let mut digits = work.cell[cell];
            while digits != 0 {
                let d = digits.trailing_zeros() as u8;
                digits &= digits - 1;
                self.implied_by[key(cell, d, true) as usize] = [NONE; 4];
            }
        }
        for cell in 0..81 {
            let mut digits = work.cell[cell];
            while digits != 0 {
                let d = digits.trailing_zeros() as u8;
                digits &= digits - 1;
                let k = key(cell, d, false);
                let i = k as usize;
                let mut n = 0;
                let mut add = |on: Key, implied_by: &mut [[Key; 4]]| {
                    let slots = &mut implied_by[on as usize];
                    let free = slots.iter().position(|&o| o == NONE).expect("four ways at most");
                    slots[free] = k;
                    n += 1;
                };
                if y && self.by_y[i] != NONE {
                    add(self.by_y[i], &mut self.implied_by);
                }
                if x {
                    for j in 0..usize::from(self.x_count[i]) {
                        add(self.by_x[i][j].0, &mut self.implied_by);
                    }
                }
                self.implies[i] = n;
            }
        }
    }

    /// A cycle search meets "on" key `on`: the "off" keys that imply it have one unmet
    /// consequence fewer.
    fn met(&mut self, on: Key) {
        for &k in &self.implied_by[on as usize] {
            if k == NONE {
                break;
            }
            self.unmet[k as usize] -= 1;
        }
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

/// Whether [`forcing_chains`] from `source_key` with X links only would find the assumption's
/// conjugate; where it would not, `s.unmade` gets what it would have counted.
///
/// The same breadth-first search, without the order of each layer or how each potential was
/// met. With X links a search stays on the assumption's digit, so a layer is a set of cells:
/// an "on" cell turns the digit off in its peers, an "off" cell turns it on in the other place
/// of each house where the digit has two (`s.partners`). A layer holds the conjugate exactly
/// when the ordered search meets it in that layer. (With Y links too, the layers, a set of
/// cells for each digit, are too small for sets to beat the ordered search.)
fn reaches_by_x(
    engine: &Engine,
    s: &mut Unary,
    source_key: Key,
    worth: &dyn Fn(u32) -> bool,
) -> bool {
    let (cell, digit) = (key_cell(source_key), key_digit(source_key));
    let places = engine.work.digit[usize::from(digit)];
    let target_on = !key_on(source_key);
    let mut layer = 1u128 << cell;
    let mut on_layer = key_on(source_key);
    // The cells met "on" and "off".
    let (mut to_on, mut to_off) = if on_layer { (layer, 0) } else { (0, layer) };
    let mut unmade = 0u64;
    let mut depth = 0;
    while layer != 0 {
        if !worth(depth + 2) {
            break;
        }
        depth += 1;
        let mut next = 0u128;
        let mut rest = layer;
        while rest != 0 {
            let c = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if on_layer {
                next |= PEER_SETS[c];
            } else {
                let k = key(c, digit, false) as usize;
                unmade += u64::from(s.x_count[k]);
                next |= s.partners[k];
            }
        }
        if on_layer {
            next &= places;
        }
        if target_on != on_layer && next >> cell & 1 != 0 {
            return true;
        }
        let met = if on_layer { &mut to_off } else { &mut to_on };
        next &= !*met;
        *met |= next;
        if on_layer {
            unmade += u64::from((next as u64).count_ones() + ((next >> 64) as u64).count_ones());
        }
        layer = next;
        on_layer = !on_layer;
    }
    s.unmade += unmade;
    false
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

#[cfg(test)]
mod tests {
    use super::super::super::grid::Grid;
    use super::super::engine::Mode;
    use super::*;

    /// On every position of the ratings of generated puzzles, from every candidate, "on" and
    /// "off": the search on cell sets finds the conjugate exactly where the ordered search
    /// does, and counts the same work where neither does.
    #[test]
    fn the_search_on_cell_sets_agrees_with_the_ordered_one() {
        let text = include_str!("../../../../datasets/se/generated.txt");
        let (mut searches, mut found) = (0, 0);
        for line in text.lines().filter(|l| !l.starts_with('#')).take(40) {
            let mut givens = [0u8; 81];
            for (g, b) in givens.iter_mut().zip(line.bytes()) {
                *g = if b.is_ascii_digit() { b - b'0' } else { 0 };
            }
            let mut grid = Grid::new(&givens);
            let mut ctx = Ctx::new(u64::MAX);
            while !grid.is_solved() {
                let mode = Mode { dynamic: false, nishio: false, level: 0 };
                let mut engine = Engine::new(mode, &grid, |_, _, _| Vec::new());
                let mut s = Unary::new(&engine.work);
                for cell in 0..81 {
                    for digit in super::super::super::grid::digits(engine.work.cell[cell]) {
                        for on in [true, false] {
                            let source_key = key(cell, digit, on);
                            engine.clear_nodes();
                            s.unmade = 0;
                            s.chains.clear();
                            let source = engine.node(source_key, Cause::Assumption, &[]);
                            forcing_chains(&mut engine, &mut s, source, source_key, false, &|_| {
                                true
                            });
                            let (ordered, work) = (!s.chains.is_empty(), s.unmade);
                            s.unmade = 0;
                            let by_sets = reaches_by_x(&engine, &mut s, source_key, &|_| true);
                            assert_eq!(by_sets, ordered, "{line} {cell} {digit} {on}");
                            if !ordered {
                                assert_eq!(s.unmade, work, "{line} {cell} {digit} {on}");
                            }
                            searches += 1;
                            found += usize::from(ordered);
                        }
                    }
                }
                let hint = super::super::super::PRODUCERS
                    .iter()
                    .find_map(|p| p.first(&grid, &mut ctx))
                    .expect("SE solves these");
                hint.apply(&mut grid);
            }
        }
        assert!(searches > 10_000 && found > 100, "{searches} searches, {found} found");
    }
}
