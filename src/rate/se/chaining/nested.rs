//! Levels 2 to 5: chaining rules run inside a dynamic chain (SE's `getAdvancedPotentials`
//! after the basic rules). How a nested hint is scored and what it rests on
//! (`ChainingHint.getRuleParents`, `getNestedComplexity`) is in `hints`, where every hint is
//! scored.
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

use super::super::grid::Grid;
use super::super::Ctx;
use super::engine::{emit, Engine, Mode, NestedInfo, SetId};
use super::hints::{All, Rule, Sink};

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
        None => Box::new(Engine::new(mode, &grid, engine.more_rules)),
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
            emit(engine, to_off, &h.parents, &h.removals, id, out);
        }
        if !out.is_empty() {
            return;
        }
    }
}
