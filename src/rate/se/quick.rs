//! The rating of a puzzle that hidden singles solve, without walking SE's steps one by one.
//!
//! Most puzzles of the big machine-learning corpora are solved by hidden singles alone (every
//! Kaggle row is). SE takes one single a step, the first in its scan order (`fast.rs`), and the
//! rating is the hardest step: 1.0 for a full house, 1.2 for a hidden single in a block, 1.5 in
//! a row or a column. Which steps it takes depends on that order, but the rating does not:
//!
//! - a single, once there, stays one until its cell is filled (placing digits only takes
//!   candidates away, and in a puzzle with a solution the single's digit is never taken from
//!   its cell), so each rule's deductions only grow as the position fills;
//! - so applying a set of these rules in any order until none applies ends in the same
//!   position (their closure);
//! - SE takes a 1.2 step only when no full house is left, a 1.5 step only when neither a full
//!   house nor a block's single is: at that moment the position is the closure of the easier
//!   rules, unsolved.
//!
//! Hence ER is 1.0 where the closure of full houses solves the puzzle, 1.2 where that of full
//! houses and blocks' singles does, 1.5 where that of all hidden singles does; EP and ED are
//! the first step's (the easiest kind present in the givens); and every step is a hidden
//! single, one a blank cell. Each closure is taken a digit at a time over bit sets (all the
//! singles of a digit in nine regions at once), some hundred instructions a pass where SE's
//! order costs about a thousand a step. A puzzle the singles do not solve returns `None` and
//! is rated step by step. The tests compare the two on whole corpora.

use super::grid::PEER_SETS;

/// The first cell of each block, row and column (bits of a set of cells).
const BLOCK_STARTS: u128 = cells(&[0, 3, 6, 27, 30, 33, 54, 57, 60]);
const ROW_STARTS: u128 = cells(&[0, 9, 18, 27, 36, 45, 54, 63, 72]);
const COLUMN_STARTS: u128 = 0x1ff;

/// Each region's cells as offsets from its first cell.
const BLOCK_OFFSETS: [u32; 9] = [0, 1, 2, 9, 10, 11, 18, 19, 20];
const ROW_OFFSETS: [u32; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
const COLUMN_OFFSETS: [u32; 9] = [0, 9, 18, 27, 36, 45, 54, 63, 72];

const fn cells(list: &[u32]) -> u128 {
    let mut set = 0u128;
    let mut i = 0;
    while i < list.len() {
        set |= 1 << list[i];
        i += 1;
    }
    set
}

/// The regions of one kind, by their first cells and their cells' offsets from it; a region
/// is the first region's cells shifted to its first cell.
#[derive(Clone, Copy)]
struct Kind {
    starts: u128,
    offsets: [u32; 9],
    first: u128,
}

const BLOCKS: Kind = Kind::new(BLOCK_STARTS, BLOCK_OFFSETS);
const ROWS: Kind = Kind::new(ROW_STARTS, ROW_OFFSETS);
const COLUMNS: Kind = Kind::new(COLUMN_STARTS, COLUMN_OFFSETS);

impl Kind {
    const fn new(starts: u128, offsets: [u32; 9]) -> Kind {
        Kind { starts, offsets, first: cells(&offsets) }
    }

    /// The first cells of the regions where `set` holds exactly one cell.
    #[inline]
    fn one_in(self, set: u128) -> u128 {
        let (mut once, mut twice) = (0u128, 0u128);
        for offset in self.offsets {
            let here = (set >> offset) & self.starts;
            twice |= once & here;
            once |= here;
        }
        once & !twice
    }

    /// The cells of `set` that are alone in their region of this kind.
    #[inline]
    fn alone(self, set: u128) -> u128 {
        let mut starts = self.one_in(set);
        let mut alone = 0;
        while starts != 0 {
            alone |= set & (self.first << starts.trailing_zeros());
            starts &= starts - 1;
        }
        alone
    }
}

/// A position: each digit's candidate cells and the empty cells.
struct Position {
    digit: [u128; 10],
    empty: u128,
}

impl Position {
    fn new(givens: &[u8; 81]) -> Position {
        let mut position = Position { digit: [0; 10], empty: 0 };
        for (cell, &value) in givens.iter().enumerate() {
            if value == 0 {
                position.empty |= 1 << cell;
            }
        }
        for set in &mut position.digit[1..] {
            *set = position.empty;
        }
        for (cell, &value) in givens.iter().enumerate() {
            if value != 0 {
                position.digit[usize::from(value)] &= !PEER_SETS[cell];
            }
        }
        position
    }

    /// Places `digit` in each cell of `cells` that still has it; how many were placed.
    fn place(&mut self, digit: usize, mut cells: u128) -> u32 {
        let mut placed = 0;
        while cells != 0 {
            let cell = cells.trailing_zeros() as usize;
            let bit = 1u128 << cell;
            if self.digit[digit] & bit != 0 {
                for set in &mut self.digit[1..] {
                    *set &= !bit;
                }
                self.digit[digit] &= !PEER_SETS[cell];
                self.empty &= !bit;
                placed += 1;
            }
            cells &= cells - 1;
        }
        placed
    }

    /// The full houses: cells alone in a region of `kinds`, each with the one digit it can
    /// hold.
    fn full_houses(&mut self, kinds: &[Kind]) -> u32 {
        let mut alone = 0u128;
        for &kind in kinds {
            alone |= kind.alone(self.empty);
        }
        let mut placed = 0;
        for digit in 1..=9 {
            let cells = alone & self.digit[digit];
            if cells != 0 {
                placed += self.place(digit, cells);
            }
        }
        placed
    }

    /// The hidden singles in regions of `kinds`, a digit at a time.
    fn hidden_singles(&mut self, kinds: &[Kind]) -> u32 {
        let mut placed = 0;
        for digit in 1..=9 {
            let mut cells = 0u128;
            for &kind in kinds {
                cells |= kind.alone(self.digit[digit]);
            }
            if cells != 0 {
                placed += self.place(digit, cells);
            }
        }
        placed
    }

    /// Whether some region of `kinds` has one place for some digit.
    fn has_hidden_single(&self, kinds: &[Kind]) -> bool {
        self.digit[1..].iter().any(|&set| kinds.iter().any(|kind| kind.one_in(set) != 0))
    }
}

/// The rating of a puzzle that hidden singles solve.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SinglesRating {
    /// ER: 1.0, 1.2 or 1.5.
    pub er: f64,
    /// The first step's difficulty, which is EP and ED.
    pub first: f64,
    /// The steps: one hidden single a blank cell.
    pub steps: u32,
}

/// The rating SE gives `givens` (a puzzle with a solution) if hidden singles solve it.
pub fn singles_rating(givens: &[u8; 81]) -> Option<SinglesRating> {
    let mut position = Position::new(givens);
    let steps = position.empty.count_ones();
    if steps == 0 {
        return None;
    }
    let lines = [ROWS, COLUMNS];
    let all = [BLOCKS, ROWS, COLUMNS];
    let first = if all.iter().any(|kind| kind.one_in(position.empty) != 0) {
        1.0
    } else if position.has_hidden_single(&[BLOCKS]) {
        1.2
    } else if position.has_hidden_single(&lines) {
        1.5
    } else {
        return None;
    };
    // Each closure goes on from the one before: it is the same position whichever order the
    // rules were applied in.
    while position.full_houses(&all) != 0 {}
    if position.empty == 0 {
        return Some(SinglesRating { er: 1.0, first, steps });
    }
    while position.hidden_singles(&[BLOCKS]) + position.full_houses(&lines) != 0 {}
    if position.empty == 0 {
        return Some(SinglesRating { er: 1.2, first, steps });
    }
    while position.hidden_singles(&all) != 0 {}
    if position.empty == 0 {
        return Some(SinglesRating { er: 1.5, first, steps });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::{rate_with, Options};
    use super::*;

    fn givens(text: &str) -> [u8; 81] {
        let mut givens = [0u8; 81];
        for (g, b) in givens.iter_mut().zip(text.bytes()) {
            *g = if b.is_ascii_digit() { b - b'0' } else { 0 };
        }
        givens
    }

    /// SE's own walk: ER, EP, ED, the steps, and whether every step was a hidden single.
    fn walked(givens: &[u8; 81]) -> (Option<f64>, Option<f64>, Option<f64>, u32, bool) {
        let (mut steps, mut singles) = (0, true);
        let options = Options { detail: false, ..Options::default() };
        let rating = rate_with(
            givens,
            &options,
            |hint| {
                steps += 1;
                singles &= hint.name == "Hidden Single";
            },
            |_| false,
        );
        (rating.er, rating.ep, rating.ed, steps, singles)
    }

    /// On every generated puzzle SE rated (datasets/se/generated.txt): the same rating as the
    /// walk where the singles solve the puzzle, and `None` exactly where the walk needs
    /// another rule.
    #[test]
    fn equals_the_walk_on_the_generated_puzzles() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/datasets/se/generated.txt");
        let text = std::fs::read_to_string(path).expect("datasets/se/generated.txt");
        let mut by_er = [0; 3];
        for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
            let puzzle = givens(line);
            let (er, ep, ed, steps, singles) = walked(&puzzle);
            match singles_rating(&puzzle) {
                Some(quick) => {
                    assert_eq!(
                        (er, ep, ed, steps, singles),
                        (Some(quick.er), Some(quick.first), Some(quick.first), quick.steps, true),
                        "{line}"
                    );
                    by_er[usize::from(quick.er > 1.1) + usize::from(quick.er > 1.3)] += 1;
                }
                None => assert!(!singles || er.is_none(), "{line}: singles solve it"),
            }
        }
        assert!(by_er[1] >= 5 && by_er[2] >= 50, "{by_er:?}");
    }

    /// Full houses alone: 1.0; a given too few for the singles: `None`.
    #[test]
    fn full_houses_alone_rate_one() {
        let solution =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let mut puzzle = givens(solution);
        for cell in [0, 12, 24, 28, 40, 52, 56, 68, 80] {
            puzzle[cell] = 0;
        }
        let quick = singles_rating(&puzzle).expect("full houses");
        assert_eq!((quick.er, quick.first, quick.steps), (1.0, 1.0, 9));
        assert_eq!(walked(&puzzle), (Some(1.0), Some(1.0), Some(1.0), 9, true));
        // A row with two blanks and nothing else: a full house in each of their columns.
        let mut row = givens(solution);
        row[0] = 0;
        row[1] = 0;
        assert_eq!(singles_rating(&row).map(|q| q.er), Some(1.0));
        assert_eq!(singles_rating(&givens(solution)), None, "no step to take");
        assert_eq!(singles_rating(&[0; 81]), None, "the empty grid");
    }
}
