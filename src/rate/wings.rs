//! Wings: short patterns of two-candidate cells that force one digit into one of two cells, so
//! that a cell seeing both loses it.
//!
//! - XY-Wing (4.2): a pivot {x,y} and two pincers {x,z} and {y,z} that it sees: whichever digit
//!   the pivot takes, one pincer is z, so z leaves every cell that sees both pincers.
//! - XYZ-Wing (4.4): a pivot {x,y,z} and pincers {x,z}, {y,z} that it sees: one of the three
//!   is z, so z leaves every cell that sees all three.
//! - W-Wing (provisional value): two cells {x,y} that do not see each other, joined by a
//!   strong link on y (a house where y has two places, one seeing each cell): one of them is
//!   x, so x leaves every cell that sees both.

use super::position::{cells_of, one_cell, one_digit, size, Cells, Position, HOUSE, PEERS};
use super::step::Step;
use super::technique::Technique;
use crate::solver::tables::HOUSES;

/// The empty cells with exactly two candidates.
fn bivalue_cells(position: &Position) -> Cells {
    cells_of(position.empty())
        .filter(|&c| size(position.candidates(c)) == 2)
        .fold(0, |set, c| set | 1 << c)
}

/// Whether a set holds exactly two cells (without a population count, done in software by
/// this crate's portable build).
pub(super) fn two_cells(set: Cells) -> bool {
    set != 0 && one_cell(set & (set - 1))
}

/// The cells of `within` where the one digit of `digit_mask` (a one-digit mask) may go.
fn holding(position: &Position, digit_mask: u16, within: Cells) -> Cells {
    let digit = digit_mask.trailing_zeros() as u8 + 1;
    position.digit_cells(digit) & within
}

/// XY-Wing. Scan order: pivots (two-candidate cells) in increasing cell order; then the first
/// pincer among the pivot's two-candidate peers, in increasing order; then the second pincer,
/// a later peer.
pub fn xy_wing(position: &Position, step: &mut Step) -> bool {
    let bivalue = bivalue_cells(position);
    for pivot in cells_of(bivalue) {
        let xy = position.candidates(pivot);
        let peers = PEERS[pivot] & bivalue;
        for a in cells_of(peers) {
            let xz = position.candidates(a);
            if !one_digit(xz & xy) {
                continue;
            }
            let yz = xy ^ xz;
            let z = xz & !xy;
            for b in cells_of(peers & !((2u128 << a) - 1)) {
                if position.candidates(b) != yz {
                    continue;
                }
                let removed = holding(position, z, PEERS[a] & PEERS[b]);
                if removed != 0 {
                    fill_wing(step, Technique::XyWing, xy | z, z, &[pivot, a, b], removed);
                    return true;
                }
            }
        }
    }
    false
}

/// XYZ-Wing. Scan order: pivots (three-candidate cells) in increasing cell order; then the
/// first pincer among the pivot's two-candidate peers whose digits are the pivot's, in
/// increasing order; then the second pincer, a later such peer with other digits.
pub fn xyz_wing(position: &Position, step: &mut Step) -> bool {
    let bivalue = bivalue_cells(position);
    for pivot in cells_of(position.empty()) {
        let xyz = position.candidates(pivot);
        if size(xyz) != 3 {
            continue;
        }
        let peers = cells_of(PEERS[pivot] & bivalue)
            .filter(|&c| position.candidates(c) & !xyz == 0)
            .fold(0u128, |set, c| set | 1 << c);
        for a in cells_of(peers) {
            let xz = position.candidates(a);
            for b in cells_of(peers & !((2u128 << a) - 1)) {
                let yz = position.candidates(b);
                if yz == xz {
                    continue;
                }
                let z = xz & yz;
                let removed = holding(position, z, PEERS[pivot] & PEERS[a] & PEERS[b]);
                if removed != 0 {
                    fill_wing(step, Technique::XyzWing, xyz, z, &[pivot, a, b], removed);
                    return true;
                }
            }
        }
    }
    false
}

/// W-Wing. Scan order: the first wing cell (two candidates) in increasing cell order; the
/// second, a later cell with the same two candidates that it does not see; the digit
/// removed, the lower of the two first (the link on the higher); the link's house, from 0
/// (rows, columns, boxes).
pub fn w_wing(position: &Position, step: &mut Step) -> bool {
    let bivalue = bivalue_cells(position);
    for p in cells_of(bivalue) {
        let pair = position.candidates(p);
        let later = bivalue & !((2u128 << p) - 1) & !PEERS[p];
        for q in cells_of(later).filter(|&q| position.candidates(q) == pair) {
            let low = pair & pair.wrapping_neg();
            for x in [low, pair & !low] {
                let removed = holding(position, x, PEERS[p] & PEERS[q]);
                if removed == 0 {
                    continue;
                }
                let y = pair & !x;
                if let Some((house, u, v)) = strong_link(position, y, p, q) {
                    fill_wing(step, Technique::WWing, pair, x, &[p, u, v, q], removed);
                    step.houses.push(house as u8);
                    return true;
                }
            }
        }
    }
    false
}

/// The first house (from 0) where the digit of `y` has exactly two places, neither `p` nor
/// `q`, one seeing `p` and the other `q`: the house and its two cells, the one seeing `p`
/// first.
fn strong_link(position: &Position, y: u16, p: usize, q: usize) -> Option<(usize, usize, usize)> {
    let wings = 1u128 << p | 1u128 << q;
    (0..HOUSES).find_map(|house| {
        let link = holding(position, y, HOUSE[house]);
        if !two_cells(link) || link & wings != 0 {
            return None;
        }
        let first = link.trailing_zeros() as usize;
        let second = (link & (link - 1)).trailing_zeros() as usize;
        let sees = |a: usize, b: usize| PEERS[a] & 1 << b != 0;
        if sees(p, first) && sees(q, second) {
            Some((house, first, second))
        } else if sees(p, second) && sees(q, first) {
            Some((house, second, first))
        } else {
            None
        }
    })
}

/// Fills a wing's step: its digits, its cells in the order given, and the removal of the one
/// digit of `removed_digit` (a one-digit mask) from the cells of `removed`.
fn fill_wing(
    step: &mut Step,
    technique: Technique,
    digits: u16,
    removed_digit: u16,
    cells: &[usize],
    removed: Cells,
) {
    let digit = removed_digit.trailing_zeros() as u8 + 1;
    step.start(technique);
    step.digits = digits;
    step.cells.extend(cells.iter().map(|&c| c as u8));
    step.eliminations.extend(cells_of(removed).map(|c| (c as u8, digit)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rate::tests::{candidates_at, run};

    #[test]
    fn an_xy_wing_removes_z_where_both_pincers_are_seen() {
        // Pivot r1c1 {1,2}, pincers r1c5 {1,3} and r5c1 {2,3}: r5c5 sees both.
        let position = candidates_at(&[(0, "12"), (4, "13"), (36, "23")]);
        let step = run(xy_wing, &position).expect("an xy-wing");
        assert_eq!(step.technique, Technique::XyWing);
        assert_eq!(step.rating, 42);
        assert_eq!(step.digits, 0b111);
        assert_eq!(step.cells, [0, 4, 36]);
        assert_eq!(step.eliminations, [(40, 3)]);
    }

    #[test]
    fn an_xy_wing_needs_both_pincers_seeing_the_pivot_and_sharing_z() {
        // r5c2 does not see r1c1.
        let apart = candidates_at(&[(0, "12"), (4, "13"), (37, "23")]);
        assert!(run(xy_wing, &apart).is_none());
        // The pincers' third digits differ.
        let mixed = candidates_at(&[(0, "12"), (4, "13"), (36, "24")]);
        assert!(run(xy_wing, &mixed).is_none());
    }

    #[test]
    fn an_xyz_wing_removes_z_where_all_three_are_seen() {
        // Pivot r1c1 {1,2,3}, pincers r1c3 {1,3} and r4c1 {2,3}: r2c1 and r3c1 see all three.
        let position = candidates_at(&[(0, "123"), (2, "13"), (27, "23")]);
        assert!(run(xy_wing, &position).is_none());
        let step = run(xyz_wing, &position).expect("an xyz-wing");
        assert_eq!(step.technique, Technique::XyzWing);
        assert_eq!(step.rating, 44);
        assert_eq!(step.digits, 0b111);
        assert_eq!(step.cells, [0, 2, 27]);
        assert_eq!(step.eliminations, [(9, 3), (18, 3)]);
    }

    #[test]
    fn an_xyz_wing_needs_its_pincers_to_see_the_pivot() {
        // r4c2 does not see r1c1.
        let apart = candidates_at(&[(0, "123"), (2, "13"), (28, "23")]);
        assert!(run(xyz_wing, &apart).is_none());
        // A pincer with a digit the pivot lacks.
        let foreign = candidates_at(&[(0, "123"), (2, "13"), (27, "24")]);
        assert!(run(xyz_wing, &foreign).is_none());
    }

    /// r1c1 and r9c9 {1,2}, and digit 2 in row 5 only at the cells of `link`.
    fn w_wing_position(link: [usize; 2]) -> Position {
        let mut position = candidates_at(&[(0, "12"), (80, "12")]);
        for cell in 36..45 {
            if !link.contains(&cell) {
                position.eliminate(cell, 2);
            }
        }
        position
    }

    #[test]
    fn a_w_wing_removes_x_where_both_wings_are_seen() {
        // The link r5c1 (sees r1c1) = r5c9 (sees r9c9) on 2: one wing is 1.
        let position = w_wing_position([36, 44]);
        let step = run(w_wing, &position).expect("a w-wing");
        assert_eq!(step.technique, Technique::WWing);
        assert_eq!(step.digits, 0b11);
        assert_eq!(step.houses, [4]);
        assert_eq!(step.cells, [0, 36, 44, 80]);
        assert_eq!(step.eliminations, [(8, 1), (72, 1)]);
    }

    #[test]
    fn a_w_wing_needs_each_link_end_to_see_a_wing() {
        // r5c8 sees neither wing.
        let position = w_wing_position([36, 43]);
        assert!(run(w_wing, &position).is_none());
        // Wings that see each other are a naked pair, not a w-wing.
        let mut seeing = candidates_at(&[(0, "12"), (8, "12")]);
        for cell in 36..45 {
            if cell != 36 && cell != 44 {
                seeing.eliminate(cell, 2);
            }
        }
        assert!(run(w_wing, &seeing).is_none());
    }
}
