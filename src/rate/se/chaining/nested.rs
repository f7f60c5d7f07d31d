//! Levels 2 to 5: chaining rules run inside a dynamic chain (SE's `getAdvancedPotentials`
//! after the basic rules, `ChainingHint.getRuleParents` and `getNestedComplexity`).
//!
//! From level 2, when neither the plain implications nor the basic rules (see `advanced`)
//! find anything more, SE runs chaining producers on the chain's working grid: forcing
//! chains (level 2), then multiple forcing chains (level 3); dynamic forcing chains (level
//! 4), then dynamic forcing chains of level 2 (level 5). Every hint of the first producer
//! that gives anything is used, in the producer's sorted order (its duplicates, by removals,
//! left out as SE's `LinkedHashSet` leaves them): each removal becomes an "off" potential
//! whose parents are the candidates the outer chain removed that the nested chain's
//! singles relied on, and which remembers the nested hint, whose complexity the outer hint
//! adds to its own (each distinct nested chain once, SE's `FullChain`).

use super::super::grid::{Grid, CELL_REGIONS, REGION_CELLS};
use super::super::Ctx;
use super::engine::{
    key, key_cell, key_digit, key_on, region_cause, Cands, Cause, Engine, Key, KeyBits, Mode,
    SetId, NO_NEST,
};
use super::hints::{All, Found, Kind, Rule, Sink};

/// A nested hint an outer potential was deduced by.
pub(crate) struct NestedInfo {
    /// Its complexity (its own nested chains included).
    pub complexity: u32,
    /// Its `FullChain` identity.
    pub signature: Vec<Key>,
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

/// The nested producers of a level, in SE's order (`getAdvancedPotentials`'s list after
/// the basic rules).
fn nested_rules(level: u8) -> &'static [Rule] {
    const FORCING: Rule = Rule { multiple: false, dynamic: false, nishio: false, level: 0 };
    const MULTIPLE: Rule = Rule { multiple: true, dynamic: false, nishio: false, level: 0 };
    const DYNAMIC: Rule = Rule { multiple: true, dynamic: true, nishio: false, level: 0 };
    const NESTED2: Rule = Rule { multiple: true, dynamic: true, nishio: false, level: 2 };
    match level {
        0 | 1 => &[],
        2 => &[FORCING],
        3 => &[FORCING, MULTIPLE],
        4 => &[DYNAMIC],
        _ => &[DYNAMIC, NESTED2],
    }
}

/// Every hint of `rule` on the outer chain's working grid, in SE's order, duplicates left
/// out.
fn all_hints(
    engine: &mut Engine,
    index: usize,
    rule: Rule,
    ctx: &mut Ctx,
) -> Vec<super::hints::Collected> {
    let grid = Grid { values: engine.values, cands: engine.work.cell };
    let mode = Mode { dynamic: rule.dynamic, nishio: rule.nishio, level: rule.level };
    if engine.inner.len() <= index {
        engine.inner.resize_with(index + 1, || None);
    }
    let mut inner = match engine.inner[index].take() {
        Some(mut inner) => {
            inner.reset(mode, &grid);
            inner
        }
        None => Box::new(Engine::new(mode, &grid)),
    };
    let mut sink =
        Sink { all: Some(All { outer_save: engine.save, hints: Vec::new() }), ..Sink::default() };
    if rule.multiple || rule.dynamic {
        super::multiple::hints(&mut inner, rule, &mut sink, ctx);
    } else {
        super::unary::hints(&mut inner, rule, &mut sink, ctx);
    }
    engine.inner[index] = Some(inner);
    let mut hints = sink.all.map(|a| a.hints).unwrap_or_default();
    hints.sort_by(|a, b| {
        a.order
            .difficulty
            .partial_cmp(&b.order.difficulty)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then(a.order.complexity.cmp(&b.order.complexity))
            .then(a.order.sort_key.cmp(&b.order.sort_key))
    });
    let mut kept: Vec<super::hints::Collected> = Vec::with_capacity(hints.len());
    for h in hints {
        if !kept.iter().any(|k| k.removals == h.removals) {
            kept.push(h);
        }
    }
    kept
}

/// The "off" potentials the first nested producer that finds any deduces, into `out`.
pub(crate) fn nested_potentials(
    engine: &mut Engine,
    to_off: SetId,
    ctx: &mut Ctx,
    out: &mut Vec<u32>,
) {
    for (index, &rule) in nested_rules(engine.mode.level).iter().enumerate() {
        let hints = all_hints(engine, index, rule, ctx);
        if ctx.capped() {
            return;
        }
        for h in hints {
            if h.parents.is_empty() {
                continue;
            }
            let id = engine.nested.len() as u32;
            engine
                .nested
                .push(NestedInfo { complexity: h.order.complexity, signature: h.signature });
            super::advanced::emit(engine, to_off, &h.parents, &h.removals, id, out);
        }
        if !out.is_empty() {
            return;
        }
    }
}
