//! What SE's chaining hint classes compute: each kind's name (`getName`), difficulty
//! (`getDifficulty`: a base plus `getLengthDifficulty` of the chain's complexity), sort key
//! (`getSortKey`), and the step it makes (`getCell`/`getValue` through `getResult`, the
//! removals), and how SE orders the hints it gathers (`Chaining.getHintList`'s comparator,
//! under a stable sort: the first hint is the least by difficulty, then complexity, then sort
//! key, the earliest found among equals).

use super::super::grid::{Cell, CELL_REGIONS, REGION_CELLS};
use super::super::hint::{ChainNode, Hint};
use super::engine::{
    key, key_cell, key_digit, key_on, region_cause, Cands, Cause, Engine, Key, KeyBits, NO_NEST,
};

/// The kind of a chaining hint, with what its name and difficulty depend on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// `CycleHint` (X-cycles, Y-cycles, XY-cycles); `cells`: how many cells it touches.
    Cycle { x: bool, y: bool, cells: u32 },
    /// `ForcingChainHint` (forcing X-chains, XY-chains); `ancestors`: its target's count.
    Forcing { x: bool, y: bool, ancestors: u32 },
    /// `BinaryChainingHint`: a contradiction (`absurd`) or a double implication.
    Binary { absurd: bool },
    /// `CellChainingHint`.
    Cell,
    /// `RegionChainingHint`.
    Region,
}

impl Kind {
    /// SE's `getSortKey`.
    pub fn sort_key(self) -> u8 {
        match self {
            Kind::Cycle { x, y, .. } | Kind::Forcing { x, y, .. } => match (x, y) {
                (true, true) => 4,
                (false, true) => 3,
                _ => 2,
            },
            Kind::Binary { absurd } => {
                if absurd {
                    7
                } else {
                    1
                }
            }
            Kind::Cell => 5,
            Kind::Region => 6,
        }
    }
}

/// SE's `getLengthDifficulty`: 0.1 for each step of a growing ceiling (4, 6, 8, 12, 16, 24,
/// ...) that `complexity - 2` exceeds, added up as SE adds them.
pub(crate) fn length_difficulty(complexity: u32) -> f64 {
    let mut added = 0.0f64;
    let mut ceil = 4i64;
    let length = complexity as i64 - 2;
    let mut odd = false;
    while length > ceil {
        added += 0.1;
        ceil = if !odd { ceil * 3 / 2 } else { ceil * 4 / 3 };
        odd = !odd;
    }
    added
}

/// The settings of the producer (SE's `Chaining` fields).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Rule {
    pub multiple: bool,
    pub dynamic: bool,
    pub nishio: bool,
    pub level: u8,
}

impl Rule {
    /// SE's `Chaining.getDifficulty` (the base of the multiple and dynamic kinds).
    pub fn difficulty(self) -> f64 {
        if self.level >= 2 {
            9.5 + 0.5 * (self.level as i32 - 2) as f64
        } else if self.level > 0 {
            8.5 + 0.5 * self.level as f64
        } else if self.nishio {
            7.5
        } else if self.dynamic {
            8.5
        } else {
            8.0
        }
    }

    /// A hint's difficulty (its class's `getDifficulty`).
    pub fn hint_difficulty(self, kind: Kind, complexity: u32) -> f64 {
        let base = match kind {
            Kind::Cycle { x, y, .. } => {
                if x && y {
                    7.0
                } else {
                    6.5
                }
            }
            Kind::Forcing { x, y, .. } => {
                if x && y {
                    7.0
                } else {
                    6.6
                }
            }
            _ => self.difficulty(),
        };
        base + length_difficulty(complexity)
    }

    /// A hint's name (its class's `getName`).
    pub fn name(self, kind: Kind) -> &'static str {
        match kind {
            Kind::Cycle { x, y, cells } => match (x, y) {
                (true, true) => "Bidirectional Cycle",
                (false, true) => "Bidirectional Y-Cycle",
                _ if cells == 4 => "Generalized X-Wing",
                _ => "Bidirectional X-Cycle",
            },
            Kind::Forcing { x, y, ancestors } => match (x, y) {
                (true, true) => "Forcing Chain",
                (false, true) => "Forcing Y-Chain",
                _ if ancestors == 6 => "Turbot Fish",
                _ => "Forcing X-Chain",
            },
            Kind::Binary { absurd } => {
                if self.nishio && self.level == 0 {
                    "Nishio Forcing Chains"
                } else if absurd {
                    self.pick(CONTRADICTION)
                } else {
                    self.pick(DOUBLE)
                }
            }
            Kind::Cell => self.pick(CELL),
            Kind::Region => self.pick(REGION),
        }
    }

    /// The name for this producer from a table of [plain, dynamic, level 1 ..= 5].
    fn pick(self, names: [&'static str; 7]) -> &'static str {
        if self.level > 0 {
            names[1 + self.level.min(5) as usize]
        } else if self.dynamic {
            names[1]
        } else {
            names[0]
        }
    }
}

// SE's names: `getNamePrefix` ("Dynamic " from level 1 or when dynamic), the kind, and
// `getNameSuffix` (" Chains" and the nesting level's `getNestedSuffix`).
const CELL: [&str; 7] = [
    "Cell Forcing Chains",
    "Dynamic Cell Forcing Chains",
    "Dynamic Cell Forcing Chains (+)",
    "Dynamic Cell Forcing Chains (+ Forcing Chains)",
    "Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)",
    "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)",
    "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
];
const REGION: [&str; 7] = [
    "Region Forcing Chains",
    "Dynamic Region Forcing Chains",
    "Dynamic Region Forcing Chains (+)",
    "Dynamic Region Forcing Chains (+ Forcing Chains)",
    "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)",
    "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)",
    "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
];
const CONTRADICTION: [&str; 7] = [
    "Contradiction Forcing Chains",
    "Dynamic Contradiction Forcing Chains",
    "Dynamic Contradiction Forcing Chains (+)",
    "Dynamic Contradiction Forcing Chains (+ Forcing Chains)",
    "Dynamic Contradiction Forcing Chains (+ Multiple Forcing Chains)",
    "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)",
    "Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
];
const DOUBLE: [&str; 7] = [
    "Double Forcing Chains",
    "Dynamic Double Forcing Chains",
    "Dynamic Double Forcing Chains (+)",
    "Dynamic Double Forcing Chains (+ Forcing Chains)",
    "Dynamic Double Forcing Chains (+ Multiple Forcing Chains)",
    "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains)",
    "Dynamic Double Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
];

/// A hint as the producer finds it, before it is known to be the first.
pub(crate) struct Found<'a> {
    pub kind: Kind,
    pub complexity: u32,
    /// The removals (a cell and its digits), as SE's removable map holds them.
    pub removals: &'a [(Cell, u16)],
    /// SE's `getCell`/`getValue`.
    pub placement: Option<(Cell, u8)>,
    /// The chains' last potentials (nodes of the engine), in SE's `getChainsTargets` order.
    pub targets: &'a [u32],
    /// The pattern for `explain`.
    pub cells: &'a [Cell],
    /// The pattern's regions; a region forcing chain's region first.
    pub regions: &'a [usize],
    pub digits: u16,
}

/// The hints' ordering key: difficulty, complexity, sort key.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Order {
    pub difficulty: f64,
    pub complexity: u32,
    pub sort_key: u8,
}

impl Order {
    /// Whether `self` comes strictly before `other` in SE's comparator.
    pub fn before(&self, other: &Order) -> bool {
        if self.difficulty < other.difficulty {
            return true;
        }
        if self.difficulty > other.difficulty {
            return false;
        }
        (self.complexity, self.sort_key) < (other.complexity, other.sort_key)
    }
}

/// Where the hints go: the first of SE's sorted list is kept (the least, the earliest among
/// equals), or, for a chaining rule nested in another chain, every hint is collected.
#[derive(Default)]
pub(crate) struct Sink {
    pub order: Option<Order>,
    pub hint: Option<Hint>,
    /// Collecting every hint (nested levels), with the outer chain's starting candidates.
    pub all: Option<All>,
}

/// Every hint of a nested chaining rule, as the outer chain needs them.
pub(crate) struct All {
    /// The outer chain's candidates when it started (SE's `source` grid for
    /// `getRuleParents`); the nested engine's own grid is the outer chain's current one.
    pub outer_save: Cands,
    pub hints: Vec<Collected>,
}

/// One hint of a nested chaining rule.
pub(crate) struct Collected {
    pub order: Order,
    /// SE's removable map, empty digit sets kept (they make a hint different).
    pub removals: Vec<(Cell, u16)>,
    /// `getRuleParents`: the outer chain's "off" potentials the hint relies on.
    pub parents: Vec<Key>,
    /// Its `FullChain` identity (see `nested::signature`).
    pub signature: Vec<Key>,
}

impl Sink {
    /// Whether a hint of `kind` with `complexity` (or more: the order only grows with it)
    /// could still come first; always when every hint is collected.
    pub fn may_come_first(&self, rule: Rule, kind: Kind, complexity: u32) -> bool {
        if self.all.is_some() {
            return true;
        }
        match &self.order {
            None => true,
            Some(best) => Order {
                difficulty: rule.hint_difficulty(kind, complexity),
                complexity,
                sort_key: kind.sort_key(),
            }
            .before(best),
        }
    }

    /// Offers a hint; keeps it (building its chains) if it comes first so far, or collects
    /// it.
    pub fn offer(&mut self, rule: Rule, engine: &mut Engine, found: &Found) {
        let complexity = found.complexity + nested_complexity(engine, found.targets);
        let order = Order {
            difficulty: rule.hint_difficulty(found.kind, complexity),
            complexity,
            sort_key: found.kind.sort_key(),
        };
        if let Some(all) = &mut self.all {
            let parents = rule_parents(engine, found, &all.outer_save);
            let signature = signature(engine, found.targets);
            let mut removals = found.removals.to_vec();
            removals.sort_unstable();
            all.hints.push(Collected { order, removals, parents, signature });
            return;
        }
        if let Some(best) = &self.order {
            if !order.before(best) {
                return;
            }
        }
        let mut hint = Hint::new(rule.name(found.kind), order.difficulty);
        hint.placement = found.placement;
        let mut removals: Vec<(Cell, u16)> =
            found.removals.iter().copied().filter(|&(_, m)| m != 0).collect();
        removals.sort_unstable();
        hint.removals = removals;
        hint.cells = found.cells.to_vec();
        hint.regions = found.regions.to_vec();
        hint.digits = found.digits;
        let mut list = Vec::new();
        for &t in found.targets {
            engine.chain_nodes(t, &mut list);
            hint.chains.push(chain_of(engine, &list));
        }
        self.order = Some(order);
        self.hint = Some(hint);
    }
}

/// A chain for `hint.rs` from SE's `getChain` listing: each node's parents point at the
/// listed object of the same potential (SE lists each potential once, breadth first from the
/// target; a cycle's last node points back at the first, the assumption it closes on).
fn chain_of(engine: &Engine, list: &[u32]) -> Vec<ChainNode> {
    list.iter()
        .map(|&n| {
            let k = engine.key_of(n);
            let parents = engine
                .parents_of(n)
                .iter()
                .filter_map(|&p| {
                    let pk = engine.key_of(p);
                    list.iter().position(|&m| engine.key_of(m) == pk).map(|i| i as u32)
                })
                .collect();
            ChainNode { cell: key_cell(k) as u8, digit: key_digit(k), on: key_on(k), parents }
        })
        .collect()
}

const SEPARATOR: Key = Key::MAX;

/// SE's `FullChain` identity of a hint: its targets and each target's chain (the potentials
/// of `getChain`, in order).
pub(crate) fn signature(engine: &mut Engine, targets: &[u32]) -> Vec<Key> {
    let mut out = Vec::new();
    let mut list = Vec::new();
    for &t in targets {
        engine.chain_nodes(t, &mut list);
        out.extend(list.iter().map(|&n| engine.key_of(n)));
        out.push(SEPARATOR);
    }
    out
}

/// SE's `getNestedComplexity`: the complexities of the distinct nested chains met along the
/// targets' chains.
pub(crate) fn nested_complexity(engine: &mut Engine, targets: &[u32]) -> u32 {
    if engine.nested.is_empty() {
        return 0;
    }
    let mut processed: Vec<u32> = Vec::new();
    let mut total = 0;
    let mut list = Vec::new();
    for &t in targets {
        engine.chain_nodes(t, &mut list);
        for &n in &list {
            let id = engine.nodes[n as usize].nested;
            if id == NO_NEST {
                continue;
            }
            let sig = &engine.nested[id as usize].signature;
            if processed.iter().any(|&q| engine.nested[q as usize].signature == *sig) {
                continue;
            }
            total += engine.nested[id as usize].complexity;
            processed.push(id);
        }
    }
    total
}

/// SE's `ChainingHint.getRuleParents`: for each "on" potential of the hint's chains that
/// follows from a single (a cell's last digit, or a region's last place; the assumption of a
/// cell or region forcing chain counts as one), the candidates of that cell or region that
/// the outer chain removed (present in `outer_save`, gone from the working grid).
pub(crate) fn rule_parents(engine: &mut Engine, found: &Found, outer_save: &Cands) -> Vec<Key> {
    let mut out = Vec::new();
    let mut seen = KeyBits::EMPTY;
    let mut list = Vec::new();
    let mut add = |k: Key, out: &mut Vec<Key>| {
        if !seen.has(k) {
            seen.set(k);
            out.push(k);
        }
    };
    for &t in found.targets {
        engine.chain_nodes(t, &mut list);
        for &n in &list {
            let node = engine.nodes[n as usize];
            if !key_on(node.key) {
                continue;
            }
            let cause = match (node.cause, found.kind) {
                (Cause::Assumption, Kind::Cell) => Cause::NakedSingle,
                (Cause::Assumption, Kind::Region) => region_cause(found.regions[0]),
                (cause, _) => cause,
            };
            let (cell, digit) = (key_cell(node.key), key_digit(node.key));
            match cause {
                Cause::Assumption | Cause::Advanced => {}
                Cause::NakedSingle => {
                    for v in 1..10u8 {
                        if outer_save.has(cell, v) && !engine.work.has(cell, v) {
                            add(key(cell, v, false), &mut out);
                        }
                    }
                }
                Cause::HiddenBlock | Cause::HiddenRow | Cause::HiddenColumn => {
                    let kind = match cause {
                        Cause::HiddenBlock => 0,
                        Cause::HiddenRow => 1,
                        _ => 2,
                    };
                    let r = CELL_REGIONS[cell][kind] as usize;
                    for &c in &REGION_CELLS[r] {
                        let c = c as usize;
                        if outer_save.has(c, digit) && !engine.work.has(c, digit) {
                            add(key(c, digit, false), &mut out);
                        }
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn length_difficulty_steps() {
        // complexity - 2 against 4, 6, 8, 12, 16, 24, 32, ...
        assert_eq!(length_difficulty(6), 0.0);
        assert_eq!(length_difficulty(7), 0.1);
        assert_eq!(length_difficulty(8), 0.1);
        assert_eq!(length_difficulty(9), 0.1 + 0.1);
        assert_eq!(length_difficulty(11), 0.1 + 0.1 + 0.1);
        assert_eq!(length_difficulty(14), 0.1 + 0.1 + 0.1);
        assert_eq!(length_difficulty(15), 0.1 + 0.1 + 0.1 + 0.1);
        assert_eq!(length_difficulty(19), 0.1 + 0.1 + 0.1 + 0.1 + 0.1);
    }

    #[test]
    fn rule_difficulties_and_names() {
        let r = |multiple, dynamic, nishio, level| Rule { multiple, dynamic, nishio, level };
        assert_eq!(r(true, false, false, 0).difficulty(), 8.0);
        assert_eq!(r(false, true, true, 0).difficulty(), 7.5);
        assert_eq!(r(true, true, false, 0).difficulty(), 8.5);
        assert_eq!(r(true, true, false, 1).difficulty(), 9.0);
        assert_eq!(r(true, true, false, 5).difficulty(), 11.0);
        assert_eq!(
            r(false, true, true, 0).name(Kind::Binary { absurd: true }),
            "Nishio Forcing Chains"
        );
        assert_eq!(
            r(true, true, false, 3).name(Kind::Region),
            "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)"
        );
        assert_eq!(r(true, false, false, 0).name(Kind::Cell), "Cell Forcing Chains");
    }
}
