//! Naked and hidden subsets: k cells of a house holding only k digits between them (naked: the
//! digits leave the house's other cells), or k digits of a house confined to k cells (hidden:
//! the cells lose their other digits); and the direct hidden pair and triple, rated lower,
//! whose removals leave a hidden single, placed in the same step.

use super::position::{bit, digits_of, one_cell, size as size_of, Position, HOUSE};
use super::step::Step;
use super::technique::Technique;
use crate::solver::tables::{HOUSES, HOUSE_CELLS};

/// Two cells of a house with the same two candidates.
pub fn naked_pair(position: &Position, step: &mut Step) -> bool {
    naked(position, step, 2, Technique::NakedPair)
}

/// Three cells of a house with three candidates between them.
pub fn naked_triple(position: &Position, step: &mut Step) -> bool {
    naked(position, step, 3, Technique::NakedTriple)
}

/// Four cells of a house with four candidates between them.
pub fn naked_quad(position: &Position, step: &mut Step) -> bool {
    naked(position, step, 4, Technique::NakedQuad)
}

/// Two digits of a house confined to the same two cells.
pub fn hidden_pair(position: &Position, step: &mut Step) -> bool {
    hidden(position, step, 2, Technique::HiddenPair)
}

/// Three digits of a house confined to three cells.
pub fn hidden_triple(position: &Position, step: &mut Step) -> bool {
    hidden(position, step, 3, Technique::HiddenTriple)
}

/// Four digits of a house confined to four cells.
pub fn hidden_quad(position: &Position, step: &mut Step) -> bool {
    hidden(position, step, 4, Technique::HiddenQuad)
}

/// A hidden pair whose removals leave a hidden single.
pub fn direct_hidden_pair(position: &Position, step: &mut Step) -> bool {
    hidden(position, step, 2, Technique::DirectHiddenPair)
}

/// A hidden triple whose removals leave a hidden single.
pub fn direct_hidden_triple(position: &Position, step: &mut Step) -> bool {
    hidden(position, step, 3, Technique::DirectHiddenTriple)
}

/// The subsets of `size` members (bit indices 0..9) of `pool`, in increasing order of their
/// masks' members, handed to `visit` until it returns true.
pub(super) fn subsets_of(pool: u16, size: u32, visit: &mut impl FnMut(u16) -> bool) -> bool {
    fn go(rest: u16, size: u32, chosen: u16, visit: &mut impl FnMut(u16) -> bool) -> bool {
        if size == 0 {
            return visit(chosen);
        }
        let mut rest = rest;
        while size_of(rest) >= size {
            let low = rest & rest.wrapping_neg();
            rest &= !low;
            if go(rest, size - 1, chosen | low, visit) {
                return true;
            }
        }
        false
    }
    go(pool, size, 0, visit)
}

/// Naked subsets of `size` cells, houses from 0 (rows, columns, boxes), cells in house order.
fn naked(position: &Position, step: &mut Step, size: u32, technique: Technique) -> bool {
    for house in 0..HOUSES {
        let cells = HOUSE_CELLS[house];
        // The house's empty cells with at most `size` candidates: the members to choose from.
        let mut pool = 0u16;
        let mut empty = 0u32;
        for (i, &c) in cells.iter().enumerate() {
            let n = size_of(position.candidates(usize::from(c)));
            empty += u32::from(n > 0);
            if n >= 2 && n <= size {
                pool |= 1 << i;
            }
        }
        if empty <= size + 1 {
            // The rest would be a subset of one or fewer cells: singles, not this.
            continue;
        }
        let found = subsets_of(pool, size, &mut |chosen| {
            let digits =
                members(chosen).fold(0, |m, i| m | position.candidates(usize::from(cells[i])));
            if size_of(digits) != size {
                return false;
            }
            step.start(technique);
            step.digits = digits;
            step.houses.push(house as u8);
            step.cells.extend(members(chosen).map(|i| cells[i]));
            for (i, &c) in cells.iter().enumerate() {
                if chosen & (1 << i) == 0 {
                    for d in digits_of(position.candidates(usize::from(c)) & digits) {
                        step.eliminations.push((c, d));
                    }
                }
            }
            step.makes_progress()
        });
        if found {
            return true;
        }
    }
    false
}

/// Hidden subsets of `size` digits, houses from 0, digits in increasing order.
fn hidden(position: &Position, step: &mut Step, size: u32, technique: Technique) -> bool {
    let direct = matches!(technique, Technique::DirectHiddenPair | Technique::DirectHiddenTriple);
    for house in 0..HOUSES {
        let cells = HOUSE_CELLS[house];
        // Digits not yet placed here, with 2..=size places: the members to choose from.
        let places_of = position.house_places(house);
        let mut pool = 0u16;
        for d in 1..=9u8 {
            let n = size_of(places_of[usize::from(d - 1)]);
            if n >= 2 && n <= size {
                pool |= bit(d);
            }
        }
        // No house is skipped for having few open digits: a direct subset there can still
        // leave a hidden single, and Sudoku Explainer finds it.
        let found = subsets_of(pool, size, &mut |digits| {
            let places = digits_of(digits).fold(0u16, |m, d| m | places_of[usize::from(d - 1)]);
            if size_of(places) != size {
                return false;
            }
            step.start(technique);
            step.digits = digits;
            step.houses.push(house as u8);
            step.cells.extend(members(places).map(|i| cells[i]));
            for i in members(places) {
                let c = cells[i];
                for d in digits_of(position.candidates(usize::from(c)) & !digits) {
                    step.eliminations.push((c, d));
                }
            }
            if !step.makes_progress() {
                return false;
            }
            if direct {
                return direct_single(position, step);
            }
            true
        });
        if found {
            return true;
        }
    }
    false
}

/// For a direct hidden subset: the first removed digit (by removal order) left one place in
/// the subset's own house, as Sudoku Explainer's direct hidden sets look for it, added to the
/// step as its placement; false if there is none.
fn direct_single(position: &Position, step: &mut Step) -> bool {
    let house = HOUSE[usize::from(step.houses[0])];
    for k in 0..step.eliminations.len() {
        let digit = step.eliminations[k].1;
        let removed =
            step.eliminations.iter().filter(|e| e.1 == digit).fold(0u128, |s, &(c, _)| s | 1 << c);
        let left = position.digit_cells(digit) & house & !removed;
        if one_cell(left) {
            step.placements.push((left.trailing_zeros() as u8, digit));
            return true;
        }
    }
    false
}

/// The bit indices of a mask, in increasing order.
fn members(mask: u16) -> impl Iterator<Item = usize> {
    digits_of(mask).map(|d| usize::from(d - 1))
}
