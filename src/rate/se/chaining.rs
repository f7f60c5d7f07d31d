//! Sudoku Explainer's chaining engine (`Chaining`, SE 1.2.1): bidirectional cycles, forcing
//! chains, Nishio, cell and region forcing chains, dynamic forcing chains and their nested
//! levels.
//!
//! A chaining producer gathers every hint it can find, sorts them (difficulty, then the
//! chain's complexity, then the kind's sort key; a stable sort) and passes them on in that
//! order, so the step is the least hint, the earliest found among equals. The scan orders,
//! the way SE grows each chain and which of its potential objects each deduction points at
//! decide a chain's complexity and hence the hint's difficulty; the submodules follow SE's
//! code for each:
//!
//! - [`engine`]: potentials, their parents, SE's implication rules and propagation;
//! - [`hints`]: names, difficulties and SE's ordering of the hints, and a nested hint's
//!   parents and complexity;
//! - [`unary`]: `Chaining(false, false, false, 0)`, cycles and single forcing chains;
//! - [`multiple`]: Nishio, multiple and dynamic forcing chains;
//! - [`nested`]: the chaining rules used inside dynamic chains from level 2;
//! - [`advanced`]: the basic rules used inside dynamic chains from level 1, then `nested`.
//!
//! Each stands on those above it in the list. SE's chains are recursive (from level 2 a
//! chain runs chaining producers of its own), and the engine does not name the rules it runs
//! from level 1: it holds them as a function (`engine::MoreRules`), which `first` gives it.
//!
//! Where SE's order is not defined: from level 1, the candidates a rule removes inside a
//! chain come from a `HashMap` keyed by SE's `Cell`, whose hash is the object's identity, so
//! SE turns them off in an order that changes from run to run (two runs of SE on one position
//! were seen to pick different ones of two equally rated hints). Here they go by cell; see
//! `advanced`. No other Java hash order decides anything: SE's sets of potentials are
//! iterated only where they are linked (`LinkedSet`, `LinkedHashSet`), and its `HashSet`s and
//! `HashMap`s of potentials or values are only looked up.
//!
//! What is not SE's way but gives SE's answer, for speed: the first hint is kept as the hints
//! come instead of sorting them all; the single chains' searches stop at the depth past which
//! nothing could come first, and a pass whose hints cannot come first is skipped; a
//! candidate's "on" propagation is made once and shared by its cell and its regions (SE makes
//! it again each time, identically); consequences that SE makes and throws away at once are
//! not made; a cycle search, or a forcing chain search from an assumption "off", is not made
//! for a candidate that no strong link leads to (neither can end anywhere else).

mod advanced;
mod engine;
mod hints;
mod multiple;
mod nested;
mod unary;

use super::{Chaining, Ctx, Grid, Hint};
use engine::{Engine, Mode};
use hints::{Rule, Sink};

/// The first hint of SE's `new Chaining(multiple, dynamic, nishio, level)` on `grid`, if any.
pub fn first(grid: &Grid, c: Chaining, ctx: &mut Ctx) -> Option<Hint> {
    thread_local! {
        // The engine's buffers (its sets take a few kilobytes each), kept between calls.
        static ENGINE: std::cell::RefCell<Option<Box<Engine>>> = const { std::cell::RefCell::new(None) };
    }
    let rule = Rule { multiple: c.multiple, dynamic: c.dynamic, nishio: c.nishio, level: c.level };
    let mode = Mode { dynamic: c.dynamic, nishio: c.nishio, level: c.level };
    let mut engine = match ENGINE.with(|e| e.borrow_mut().take()) {
        Some(mut engine) => {
            engine.reset(mode, grid);
            engine
        }
        None => Box::new(Engine::new(mode, grid, advanced::advanced_potentials)),
    };
    let mut sink = Sink::default();
    if c.multiple || c.dynamic {
        multiple::hints(&mut engine, rule, &mut sink, ctx);
    } else {
        unary::hints(&mut engine, rule, &mut sink, ctx);
    }
    ENGINE.with(|e| *e.borrow_mut() = Some(engine));
    if ctx.capped() {
        return None;
    }
    sink.hint
}

#[cfg(test)]
mod tests;
