//! The chaining engine's working state: potentials ("r1c2 is 5" / "is not 5") as nodes of an
//! arena with their parents, ordered sets of them, the working candidates, and the two
//! implication rules SE chains with (SE's `getOnToOff` and `getOffToOn`) and its propagation
//! loop (`doChaining`).
//!
//! SE represents each deduction as a fresh `Potential` object that points at the potentials
//! it follows from. Two objects for the same (cell, digit, on) may coexist with different
//! parents, and which one SE keeps decides a chain's length, hence its difficulty. The arena
//! keeps that distinction: a node is one of SE's objects, a `key` says which potential it is.

use super::super::grid::{Cell, Grid, CELL_REGIONS, REGION_CELLS};
use super::super::Ctx;

/// A potential's key: `cell * 18 + (digit - 1) * 2 + on`, in `0..KEYS`.
pub(crate) type Key = u16;
/// The number of potentials (81 cells, 9 digits, on and off).
pub(crate) const KEYS: usize = 81 * 18;
const WORDS: usize = KEYS.div_ceil(64);

/// The key of "`cell` is (`on`) or is not `digit`".
#[inline]
pub(crate) const fn key(cell: Cell, digit: u8, on: bool) -> Key {
    (cell * 18 + (digit as usize - 1) * 2 + on as usize) as Key
}

/// Each key's cell and digit, read from a table in the chains' inner loops (a division by 18
/// costs more). 2,048 entries so that a key, masked, indexes it without a bounds check.
const KEY_PARTS: [(u8, u8); 2048] = {
    let mut table = [(0u8, 0u8); 2048];
    let mut k = 0;
    while k < KEYS {
        table[k] = ((k / 18) as u8, ((k % 18) / 2 + 1) as u8);
        k += 1;
    }
    table
};

/// The cell of a key.
#[inline]
pub(crate) const fn key_cell(k: Key) -> Cell {
    KEY_PARTS[k as usize & 2047].0 as Cell
}

/// The digit of a key.
#[inline]
pub(crate) const fn key_digit(k: Key) -> u8 {
    KEY_PARTS[k as usize & 2047].1
}

/// Whether a key says "is" (on) rather than "is not".
#[inline]
pub(crate) const fn key_on(k: Key) -> bool {
    k & 1 == 1
}

/// The key of the opposite statement about the same candidate.
#[inline]
pub(crate) const fn conjugate(k: Key) -> Key {
    k ^ 1
}

/// Why a potential follows from its parents (SE's `Potential.Cause`); `Assumption` for the
/// potential a chain starts from (SE's null cause).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cause {
    Assumption,
    NakedSingle,
    HiddenBlock,
    HiddenRow,
    HiddenColumn,
    /// Deduced by another rule inside the chain (levels 1 and more).
    Advanced,
}

/// The cause that a region gives a link (SE's `getRegionCause`).
pub(crate) const fn region_cause(r: usize) -> Cause {
    match r / 9 {
        0 => Cause::HiddenBlock,
        1 => Cause::HiddenRow,
        _ => Cause::HiddenColumn,
    }
}

/// One of SE's `Potential` objects.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Node {
    pub key: Key,
    pub cause: Cause,
    /// Its parents: `parents[first..first + count]` of the arena.
    pub first: u32,
    pub count: u32,
    /// The nested chaining hint this potential was deduced by (levels 2 and more: an index
    /// into the engine's nested hints), or `NO_NEST`.
    pub nested: u32,
}

/// No nested hint.
pub(crate) const NO_NEST: u32 = u32::MAX;

/// The bits of a set of keys.
#[derive(Clone)]
pub(crate) struct KeyBits(pub [u64; WORDS]);

impl KeyBits {
    pub const EMPTY: KeyBits = KeyBits([0; WORDS]);

    #[inline]
    pub fn has(&self, k: Key) -> bool {
        self.0[k as usize >> 6] >> (k & 63) & 1 != 0
    }

    #[inline]
    pub fn set(&mut self, k: Key) {
        self.0[k as usize >> 6] |= 1 << (k & 63);
    }

    #[inline]
    pub fn clear(&mut self) {
        self.0 = [0; WORDS];
    }

    /// Keeps the keys that are also in `other`.
    #[inline]
    pub fn and(&mut self, other: &KeyBits) {
        for (w, o) in self.0.iter_mut().zip(other.0.iter()) {
            *w &= o;
        }
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
}

/// SE's `LinkedSet<Potential>` as the chaining loop uses it (an element is added only when no
/// equal one is there, so the element iterated and the one `get` returns are the same object):
/// nodes in insertion order, and which node stands for each key.
#[derive(Clone)]
pub(crate) struct PotSet {
    pub bits: KeyBits,
    pub order: Vec<u32>,
    node_of: Vec<u32>,
}

impl PotSet {
    fn new() -> PotSet {
        PotSet { bits: KeyBits::EMPTY, order: Vec::new(), node_of: vec![0; KEYS] }
    }

    fn reset(&mut self) {
        self.bits.clear();
        self.order.clear();
    }

    #[inline]
    pub fn contains(&self, k: Key) -> bool {
        self.bits.has(k)
    }

    /// The node standing for `k` (SE's `LinkedSet.get`), if any.
    #[inline]
    pub fn get(&self, k: Key) -> Option<u32> {
        self.bits.has(k).then(|| self.node_of[k as usize])
    }

    /// Adds node `n` (whose key is `k`), which must not be there yet.
    #[inline]
    pub fn add(&mut self, k: Key, n: u32) {
        self.bits.set(k);
        self.order.push(n);
        self.node_of[k as usize] = n;
    }
}

/// Whether exactly two bits are set (without a population count, which baseline x86-64
/// lacks as an instruction).
#[inline]
pub(crate) const fn two_bits(x: u128) -> bool {
    let rest = x & x.wrapping_sub(1);
    rest != 0 && rest & rest.wrapping_sub(1) == 0
}

/// Whether at most one bit is set.
#[inline]
pub(crate) const fn at_most_one_bit(x: u128) -> bool {
    x & x.wrapping_sub(1) == 0
}

/// A set of 81 cells.
pub(crate) type Cells = u128;

const fn region_masks() -> [Cells; 27] {
    let mut out = [0u128; 27];
    let mut r = 0;
    while r < 27 {
        let mut i = 0;
        while i < 9 {
            out[r] |= 1 << REGION_CELLS[r][i];
            i += 1;
        }
        r += 1;
    }
    out
}

/// The cells of each region.
pub(crate) const REGION_MASK: [Cells; 27] = region_masks();

/// Candidates as the chaining rules read them: each cell's digits and each digit's cells.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cands {
    pub cell: [u16; 81],
    pub digit: [Cells; 10],
}

impl Cands {
    pub fn of(grid: &Grid) -> Cands {
        let mut c = Cands { cell: grid.cands, digit: [0; 10] };
        for (i, &m) in grid.cands.iter().enumerate() {
            for d in 1..10 {
                if m >> d & 1 != 0 {
                    c.digit[d] |= 1 << i;
                }
            }
        }
        c
    }

    #[inline]
    pub fn has(&self, cell: Cell, digit: u8) -> bool {
        self.cell[cell] >> digit & 1 != 0
    }

    #[inline]
    pub fn remove(&mut self, cell: Cell, digit: u8) {
        self.cell[cell] &= !(1 << digit);
        self.digit[digit as usize] &= !(1 << cell);
    }

    /// The cells of region `r` that have `digit`.
    #[inline]
    pub fn positions(&self, r: usize, digit: u8) -> Cells {
        self.digit[digit as usize] & REGION_MASK[r]
    }
}

/// The engine's settings, from SE's `Chaining` constructor.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Mode {
    pub dynamic: bool,
    pub nishio: bool,
    pub level: u8,
}

/// The rules a dynamic chain runs on its working grid from level 1 when its plain
/// implications run dry (SE's `getAdvancedPotentials`; `advanced` gives them): the new "off"
/// nodes, in SE's order. The engine holds them as a function so that it stands below the
/// rules, which run chains of their own from level 2.
pub(crate) type MoreRules = fn(&mut Engine, SetId, &mut Ctx) -> Vec<u32>;

/// The arena of potentials, the pools of sets and the working candidates.
pub(crate) struct Engine {
    pub mode: Mode,
    /// Its rules from level 1.
    pub more_rules: MoreRules,
    pub nodes: Vec<Node>,
    pub parents: Vec<u32>,
    sets: Vec<PotSet>,
    sets_used: usize,
    /// The working candidates (SE's `grid` while it chains).
    pub work: Cands,
    /// The candidates when the current propagation started (SE's `saveGrid`). The single
    /// chains never fill SE's `saveGrid`, so their potentials get no hidden parents (they ask
    /// `off_to_on` for none).
    pub save: Cands,
    pub values: [u8; 81],
    /// The propagation's queues: the nodes to process are `pend_on[on_head..]` and
    /// `pend_off[off_head..]` (each key joins a set once a propagation, so they stay short).
    pend_on: Vec<u32>,
    pend_off: Vec<u32>,
    /// Breadth-first scratch for ancestor counts and chain listings.
    pub seen: KeyBits,
    pub todo: Vec<u32>,
    pub next: Vec<u32>,
    /// The nested hints the nodes were deduced by (levels 2 and more).
    pub nested: Vec<NestedInfo>,
    /// The engines of the nested rules (levels 2 and more), kept for their buffers.
    pub inner: Vec<Option<Box<Engine>>>,
}

/// `off_results`'s source for a cell's last digit (a region's is its index).
pub(crate) const CELL_SOURCE: u8 = u8::MAX;

/// A set handle (an index into the engine's pool).
pub(crate) type SetId = usize;

impl Engine {
    pub fn new(mode: Mode, grid: &Grid, more_rules: MoreRules) -> Engine {
        let cands = Cands::of(grid);
        Engine {
            mode,
            more_rules,
            nodes: Vec::with_capacity(4096),
            parents: Vec::with_capacity(8192),
            sets: Vec::new(),
            sets_used: 0,
            work: cands,
            save: cands,
            values: grid.values,
            pend_on: Default::default(),
            pend_off: Default::default(),
            seen: KeyBits::EMPTY,
            todo: Vec::new(),
            next: Vec::new(),
            nested: Vec::new(),
            inner: Vec::new(),
        }
    }

    /// Ready for a new search on `grid`, keeping the buffers.
    pub fn reset(&mut self, mode: Mode, grid: &Grid) {
        self.mode = mode;
        self.work = Cands::of(grid);
        self.save = self.work;
        self.values = grid.values;
        self.clear_nodes();
        self.sets_used = 0;
    }

    /// Forgets every node (they belong to hints already scored).
    pub fn clear_nodes(&mut self) {
        self.nodes.clear();
        self.parents.clear();
        self.nested.clear();
    }

    /// A fresh empty set from the pool.
    pub fn alloc_set(&mut self) -> SetId {
        if self.sets_used == self.sets.len() {
            self.sets.push(PotSet::new());
        }
        let id = self.sets_used;
        self.sets_used += 1;
        self.sets[id].reset();
        id
    }

    /// How many sets are in use, to give back the later ones with `release_sets`.
    pub fn sets_mark(&self) -> usize {
        self.sets_used
    }

    pub fn release_sets(&mut self, mark: usize) {
        self.sets_used = mark;
    }

    #[inline]
    pub fn set(&self, id: SetId) -> &PotSet {
        &self.sets[id]
    }

    #[inline]
    pub fn set_mut(&mut self, id: SetId) -> &mut PotSet {
        &mut self.sets[id]
    }

    /// A new node with the given parents.
    #[inline]
    pub fn node(&mut self, k: Key, cause: Cause, parents: &[u32]) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(Node {
            key: k,
            cause,
            first: self.parents.len() as u32,
            count: parents.len() as u32,
            nested: NO_NEST,
        });
        self.parents.extend_from_slice(parents);
        id
    }

    /// A new node with one parent, made on the arena's parts (for loops that read the
    /// working candidates while they make nodes).
    #[inline]
    pub fn push_node(
        nodes: &mut Vec<Node>,
        parents: &mut Vec<u32>,
        k: Key,
        cause: Cause,
        parent: u32,
    ) -> u32 {
        let id = nodes.len() as u32;
        nodes.push(Node { key: k, cause, first: parents.len() as u32, count: 1, nested: NO_NEST });
        parents.push(parent);
        id
    }

    /// Records the nested hint a node was deduced by.
    #[inline]
    pub fn set_nested(&mut self, n: u32, nested: u32) {
        self.nodes[n as usize].nested = nested;
    }

    /// Adds a parent to the node created last.
    #[inline]
    fn push_parent(&mut self, parent: u32) {
        self.parents.push(parent);
        self.nodes.last_mut().expect("a node").count += 1;
    }

    #[inline]
    pub fn key_of(&self, n: u32) -> Key {
        self.nodes[n as usize].key
    }

    #[inline]
    pub fn parents_of(&self, n: u32) -> &[u32] {
        let node = &self.nodes[n as usize];
        &self.parents[node.first as usize..(node.first + node.count) as usize]
    }

    #[inline]
    pub fn first_parent(&self, n: u32) -> Option<u32> {
        let node = &self.nodes[n as usize];
        (node.count > 0).then(|| self.parents[node.first as usize])
    }

    /// Whether a potential equal to `k` is an ancestor of `child` along first parents (SE's
    /// `isParent`).
    pub fn is_parent(&self, child: u32, k: Key) -> bool {
        let mut p = child;
        while let Some(q) = self.first_parent(p) {
            if self.key_of(q) == k {
                return true;
            }
            p = q;
        }
        false
    }

    /// The number of distinct potentials among `n` and its ancestors (SE's
    /// `getAncestorCount`): breadth first, each potential's first object met expanded.
    pub fn ancestor_count(&mut self, n: u32) -> u32 {
        self.seen.clear();
        self.todo.clear();
        self.todo.push(n);
        let mut count = 0;
        while !self.todo.is_empty() {
            self.next.clear();
            for i in 0..self.todo.len() {
                let p = self.todo[i];
                let k = self.key_of(p);
                if !self.seen.has(k) {
                    self.seen.set(k);
                    count += 1;
                    let node = self.nodes[p as usize];
                    self.next.extend_from_slice(
                        &self.parents[node.first as usize..(node.first + node.count) as usize],
                    );
                }
            }
            std::mem::swap(&mut self.todo, &mut self.next);
        }
        count
    }

    /// The distinct potentials of `target`'s chain, breadth first (SE's `getChain`), into
    /// `out`.
    pub fn chain_nodes(&mut self, target: u32, out: &mut Vec<u32>) {
        out.clear();
        self.seen.clear();
        self.todo.clear();
        self.todo.push(target);
        while !self.todo.is_empty() {
            self.next.clear();
            for i in 0..self.todo.len() {
                let p = self.todo[i];
                let k = self.key_of(p);
                if !self.seen.has(k) {
                    self.seen.set(k);
                    out.push(p);
                    let node = self.nodes[p as usize];
                    self.next.extend_from_slice(
                        &self.parents[node.first as usize..(node.first + node.count) as usize],
                    );
                }
            }
            std::mem::swap(&mut self.todo, &mut self.next);
        }
    }

    /// The potentials that "`p` is on" turns off (SE's `getOnToOff`), in SE's order, each
    /// once: with `y`, the cell's other digits; then the digit in the cell's peers (block,
    /// row, column: SE's house cells). Calls `f(cell, digit, cause)` for each.
    #[inline]
    pub fn on_to_off(
        work: &Cands,
        k: Key,
        y: bool,
        mut f: impl FnMut(Cell, u8, Cause) -> bool,
    ) -> bool {
        let (cell, digit) = (key_cell(k), key_digit(k));
        if y {
            let mut others = work.cell[cell] & !(1 << digit);
            while others != 0 {
                let d = others.trailing_zeros() as u8;
                others &= others - 1;
                if !f(cell, d, Cause::NakedSingle) {
                    return false;
                }
            }
        }
        // The house cells in SE's order: the block's, then the rest of the row, then the
        // rest of the column (each ascending, as SE's regions list their cells).
        let [b, r, c] = CELL_REGIONS[cell];
        let others = work.digit[digit as usize] & !(1u128 << cell);
        let block = others & REGION_MASK[b as usize];
        let row = others & REGION_MASK[r as usize] & !block;
        let column = others & REGION_MASK[c as usize] & !block;
        for (mut cells, cause) in
            [(block, Cause::HiddenBlock), (row, Cause::HiddenRow), (column, Cause::HiddenColumn)]
        {
            while cells != 0 {
                let peer = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                if !f(peer, digit, cause) {
                    return false;
                }
            }
        }
        true
    }

    /// The potentials that "`p` is off" turns on (SE's `getOffToOn`), as keys with what makes
    /// each a single (`CELL_SOURCE`: the cell's last digit; a region: the digit's last place
    /// there), in SE's order, each once: with `y`, a bivalue cell's other digit; with `x`,
    /// the other place of the digit in the cell's block, row, column where it has two.
    /// Returns how many of `out` it filled.
    #[inline]
    pub fn off_results(work: &Cands, k: Key, y: bool, x: bool, out: &mut [(Key, u8); 4]) -> usize {
        let (cell, digit) = (key_cell(k), key_digit(k));
        let mut n = 0;
        if y {
            let m = work.cell[cell];
            if two_bits(m as u128) {
                let mut other = m.trailing_zeros() as u8;
                if other == digit {
                    other = (m & !(1 << other)).trailing_zeros() as u8;
                }
                out[0] = (key(cell, other, true), CELL_SOURCE);
                n = 1;
            }
        }
        if x {
            for &r in &CELL_REGIONS[cell] {
                let pos = work.positions(r as usize, digit);
                if two_bits(pos) {
                    let other = if pos >> cell & 1 != 0 {
                        (pos & !(1 << cell)).trailing_zeros() as usize
                    } else {
                        pos.trailing_zeros() as usize
                    };
                    let on = key(other, digit, true);
                    if !out[..n].iter().any(|&(o, _)| o == on) {
                        out[n] = (on, r);
                        n += 1;
                    }
                }
            }
        }
        n
    }

    /// Makes the node of an `off_results` entry: parent `p` and, where `hidden`, the hidden
    /// parents (the chain's earlier "off" potentials, looked up in `hidden`, that emptied the
    /// cell or region down to this single).
    pub fn make_on(&mut self, on: Key, source: u8, p: u32, hidden: Option<SetId>) -> u32 {
        let (cell, digit) = (key_cell(on), key_digit(on));
        if source == CELL_SOURCE {
            let n = self.node(on, Cause::NakedSingle, &[p]);
            if let Some(set) = hidden {
                let mut removed = self.save.cell[cell] & !self.work.cell[cell];
                while removed != 0 {
                    let v = removed.trailing_zeros() as u8;
                    removed &= removed - 1;
                    self.add_hidden(set, key(cell, v, false));
                }
            }
            n
        } else {
            let r = source as usize;
            let n = self.node(on, region_cause(r), &[p]);
            if let Some(set) = hidden {
                let mut removed = self.save.positions(r, digit) & !self.work.positions(r, digit);
                while removed != 0 {
                    let c = removed.trailing_zeros() as usize;
                    removed &= removed - 1;
                    self.add_hidden(set, key(c, digit, false));
                }
            }
            n
        }
    }

    fn add_hidden(&mut self, set: SetId, k: Key) {
        // SE throws when a removed candidate has no "off" potential; every removal of the
        // working grid is one of the set's potentials, so this always finds one.
        if let Some(parent) = self.sets[set].get(k) {
            self.push_parent(parent);
        } else {
            debug_assert!(false, "hidden parent not found");
        }
    }

    /// SE's `doChaining`: completes `to_on` and `to_off` with everything that follows from
    /// them, the "on" potentials first; returns the first contradiction (the "on" and the
    /// "off" object for the same candidate), leaving the sets as they were then. The working
    /// candidates are back as they were on return. `None` too when the budget ran out
    /// (the caller sees it in `ctx`).
    pub fn do_chaining(
        &mut self,
        to_on: SetId,
        to_off: SetId,
        ctx: &mut Ctx,
    ) -> Option<(u32, u32)> {
        self.save = self.work;
        let out = self.propagate(to_on, to_off, ctx);
        self.work = self.save;
        out
    }

    fn propagate(&mut self, to_on: SetId, to_off: SetId, ctx: &mut Ctx) -> Option<(u32, u32)> {
        let y = !self.mode.nishio;
        let dynamic = self.mode.dynamic;
        self.pend_on.clear();
        self.pend_off.clear();
        self.pend_on.extend(self.sets[to_on].order.iter().copied());
        self.pend_off.extend(self.sets[to_off].order.iter().copied());
        let (mut on_head, mut off_head) = (0, 0);
        let mut steps = 0u64;
        while on_head < self.pend_on.len() || off_head < self.pend_off.len() {
            steps += 1;
            if steps & 63 == 0 && !ctx.spend(64) {
                return None;
            }
            if on_head < self.pend_on.len() {
                let p = self.pend_on[on_head];
                on_head += 1;
                let pk = self.key_of(p);
                let mut found = None;
                let (work, sets) = (&self.work, &mut self.sets);
                let (nodes, parents, pend_off) =
                    (&mut self.nodes, &mut self.parents, &mut self.pend_off);
                Engine::on_to_off(work, pk, y, |cell, d, cause| {
                    let off = key(cell, d, false);
                    if let Some(on) = sets[to_on].get(conjugate(off)) {
                        let n = Engine::push_node(nodes, parents, off, cause, p);
                        found = Some((on, n));
                        return false;
                    }
                    if !sets[to_off].contains(off) {
                        let n = Engine::push_node(nodes, parents, off, cause, p);
                        sets[to_off].add(off, n);
                        pend_off.push(n);
                    }
                    true
                });
                if found.is_some() {
                    return found;
                }
            } else {
                let p = self.pend_off[off_head];
                off_head += 1;
                // SE makes every consequence (with its hidden parents, before `p` goes from
                // the grid); only those that are new or contradict are ever used.
                let mut results = [(0, 0); 4];
                let n = Engine::off_results(&self.work, self.key_of(p), y, true, &mut results);
                for &(on, source) in &results[..n] {
                    if let Some(off) = self.sets[to_off].get(conjugate(on)) {
                        let node = self.make_on(on, source, p, Some(to_off));
                        return Some((node, off));
                    }
                    if !self.sets[to_on].contains(on) {
                        let node = self.make_on(on, source, p, Some(to_off));
                        self.sets[to_on].add(on, node);
                        self.pend_on.push(node);
                    }
                }
                if dynamic {
                    let k = self.key_of(p);
                    self.work.remove(key_cell(k), key_digit(k));
                }
            }
            if on_head == self.pend_on.len()
                && off_head == self.pend_off.len()
                && self.mode.level > 0
            {
                let found = (self.more_rules)(self, to_off, ctx);
                for n in found {
                    let k = self.key_of(n);
                    if !self.sets[to_off].contains(k) {
                        self.sets[to_off].add(k, n);
                        self.pend_off.push(n);
                    }
                }
            }
        }
        None
    }
}

/// A nested hint an outer potential was deduced by.
pub(crate) struct NestedInfo {
    /// Its complexity (its own nested chains included).
    pub complexity: u32,
    /// Its `FullChain` identity.
    pub signature: Vec<Key>,
}

/// Turns a hint of a rule into "off" nodes: one per removal, each with the hint's parents
/// (their objects in `to_off`). Nothing if the hint has no parents.
pub(crate) fn emit(
    engine: &mut Engine,
    to_off: SetId,
    parents: &[Key],
    removals: &[(usize, u16)],
    nested: u32,
    out: &mut Vec<u32>,
) {
    if parents.is_empty() {
        return;
    }
    let nodes: Vec<u32> = parents
        .iter()
        .filter_map(|&k| {
            let n = engine.set(to_off).get(k);
            // Every candidate the chain removed is one of its "off" potentials.
            debug_assert!(n.is_some(), "rule parent not in the chain");
            n
        })
        .collect();
    for &(cell, mut digits) in removals {
        while digits != 0 {
            let d = digits.trailing_zeros() as u8;
            digits &= digits - 1;
            let n = engine.node(key(cell, d, false), Cause::Advanced, &nodes);
            engine.set_nested(n, nested);
            out.push(n);
        }
    }
}
