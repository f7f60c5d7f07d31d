//! Locked candidates: a digit of a box confined to one line (pointing), or of a line confined to
//! one box (claiming), leaves the rest of the other house; and their direct forms, rated lower,
//! where the removals leave the digit one place in some house and it is placed at once.

use super::position::{cells_of, one_cell, Cells, Position, HOUSE};
use super::step::Step;
use super::technique::Technique;
use crate::solver::tables::CELL_HOUSES;

/// Pointing: a box's digit in one row or column goes from the rest of it.
pub fn pointing(position: &Position, step: &mut Step) -> bool {
    find(position, step, Technique::Pointing)
}

/// Claiming: a row's or column's digit in one box goes from the rest of the box.
pub fn claiming(position: &Position, step: &mut Step) -> bool {
    find(position, step, Technique::Claiming)
}

/// Pointing whose removals leave a hidden single, placed in the same step.
pub fn direct_pointing(position: &Position, step: &mut Step) -> bool {
    find(position, step, Technique::DirectPointing)
}

/// Claiming whose removals leave a hidden single, placed in the same step.
pub fn direct_claiming(position: &Position, step: &mut Step) -> bool {
    find(position, step, Technique::DirectClaiming)
}

/// Every locked-candidates pattern in a fixed order (the first house, from 0, then digit), the
/// first that concludes something for `technique`.
fn find(position: &Position, step: &mut Step, technique: Technique) -> bool {
    let pointing = matches!(technique, Technique::Pointing | Technique::DirectPointing);
    let direct = matches!(technique, Technique::DirectPointing | Technique::DirectClaiming);
    let (from, to) = if pointing { (18, 27) } else { (0, 18) };
    for house in from..to {
        for digit in 1..=9u8 {
            let here = position.digit_cells(digit) & HOUSE[house];
            if here & here.wrapping_sub(1) == 0 {
                continue;
            }
            let Some(other) = shared_house(here, house) else { continue };
            let removed = position.digit_cells(digit) & HOUSE[other] & !HOUSE[house];
            if removed == 0 {
                continue;
            }
            let placement = if direct {
                match single_across(position, digit, house, other, removed) {
                    Some(cell) => Some(cell),
                    None => continue,
                }
            } else {
                None
            };
            step.start(technique);
            step.digits = super::position::bit(digit);
            step.houses.extend([house as u8, other as u8]);
            step.cells.extend(cells_of(here).map(|c| c as u8));
            for cell in cells_of(removed) {
                step.eliminations.push((cell as u8, digit));
            }
            step.placements.extend(placement.map(|c| (c as u8, digit)));
            return true;
        }
    }
    false
}

/// The other house that holds all of `cells` (at least two cells of `house`): for a box, the
/// row or column they share; for a line, their box.
fn shared_house(cells: Cells, house: usize) -> Option<usize> {
    let first = cells.trailing_zeros() as usize;
    CELL_HOUSES[first]
        .iter()
        .map(|&h| usize::from(h))
        .find(|&h| h != house && (h >= 18) != (house >= 18) && cells & !HOUSE[h] == 0)
}

/// For a direct pointing or claiming: the first house of `house`'s kind (boxes for pointing,
/// lines of its direction for claiming) that crosses `other` where `digit` would be a hidden
/// single once it is removed from `removed`, as Sudoku Explainer's direct locking looks for it;
/// that single's cell.
fn single_across(
    position: &Position,
    digit: u8,
    house: usize,
    other: usize,
    removed: Cells,
) -> Option<usize> {
    let kind = house / 9 * 9;
    (kind..kind + 9).filter(|&h| h != house && HOUSE[h] & HOUSE[other] != 0).find_map(|h| {
        let left = position.digit_cells(digit) & HOUSE[h] & !removed;
        (HOUSE[h] & removed != 0 && one_cell(left)).then(|| left.trailing_zeros() as usize)
    })
}
