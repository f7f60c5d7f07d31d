//! How hard a puzzle is for a person, and why: a fixed ladder of human techniques, always
//! taking the easiest step that makes progress, rated on Sudoku Explainer's scale.
//!
//! A [`Rater`] (one a worker thread; it keeps its buffers from one puzzle to the next) walks
//! the ladder from a puzzle's givens:
//!
//! 1. the singles, easiest kind first (full house 1.0, hidden single in a box 1.2, in a row or
//!    column 1.5), taken from the queue [`Position`] keeps as digits are placed;
//! 2. when none is left, every technique of [`Technique::ALL`] in order, the first that makes
//!    progress taking one step (one pattern, all its conclusions); then back to the singles;
//! 3. when none makes progress, a fixed search (`search.rs`) finishes the puzzle and reports its
//!    guesses and backtracks.
//!
//! The [`Rating`] is the hardest step's value and technique and how many steps each technique
//! took; [`Rater::explain`] also returns the steps. Unique rectangles and BUG+1 assume the
//! puzzle has one solution: the caller says whether it has.
//!
//! ```
//! use sudoku_bulk::rate::{Rater, Technique};
//!
//! let puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
//!     .parse()
//!     .unwrap();
//! let rating = Rater::new().rate(&puzzle, true);
//! assert_eq!(rating.hardest, Some(Technique::HiddenSingle));
//! assert_eq!(rating.rating, Some(12)); // 1.2: hidden singles in boxes (and full houses) do it
//! ```

// House and cell numbers are what the steps report, not only indices: loops over them read
// better as numbers.
#![allow(clippy::needless_range_loop)]

mod chains;
mod colouring;
mod fish;
mod locked;
mod position;
mod search;
mod single_digit;
mod step;
mod subsets;
mod technique;
mod unique;
mod wings;

pub use position::{cell_name, digits_of, house_name, Cells, Position};
pub use step::Step;
pub use technique::{rating_text, Technique};

use crate::grid::Grid;
use position::SingleKind;

/// A finder: looks for its technique in a position and, on finding an instance that makes
/// progress, fills the step with it (the first instance in its fixed scan order) and says so.
pub type Finder = fn(&Position, &mut Step) -> bool;

/// The ladder after the singles (naked singles are taken from the queue at their place in it).
const LADDER: &[(Technique, Option<Finder>)] = &[
    (Technique::DirectPointing, Some(locked::direct_pointing)),
    (Technique::DirectClaiming, Some(locked::direct_claiming)),
    (Technique::DirectHiddenPair, Some(subsets::direct_hidden_pair)),
    (Technique::NakedSingle, None),
    (Technique::DirectHiddenTriple, Some(subsets::direct_hidden_triple)),
    (Technique::Pointing, Some(locked::pointing)),
    (Technique::Claiming, Some(locked::claiming)),
    (Technique::NakedPair, Some(subsets::naked_pair)),
    (Technique::XWing, Some(fish::x_wing)),
    (Technique::HiddenPair, Some(subsets::hidden_pair)),
    (Technique::NakedTriple, Some(subsets::naked_triple)),
    (Technique::Swordfish, Some(fish::swordfish)),
    (Technique::HiddenTriple, Some(subsets::hidden_triple)),
    (Technique::XyWing, Some(wings::xy_wing)),
    (Technique::XyzWing, Some(wings::xyz_wing)),
    (Technique::UniqueRectangle, Some(unique::unique_rectangle)),
    (Technique::NakedQuad, Some(subsets::naked_quad)),
    (Technique::Jellyfish, Some(fish::jellyfish)),
    (Technique::HiddenQuad, Some(subsets::hidden_quad)),
    (Technique::BugPlusOne, Some(unique::bug_plus_one)),
    (Technique::Skyscraper, Some(single_digit::skyscraper)),
    (Technique::TwoStringKite, Some(single_digit::two_string_kite)),
    (Technique::SimpleColouring, Some(colouring::simple_colouring)),
    (Technique::XChain, Some(chains::x_chain)),
    (Technique::XyChain, Some(chains::xy_chain)),
    (Technique::WWing, Some(wings::w_wing)),
];

/// What the ladder concluded about a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rating {
    /// The hardest step's value in tenths (23 is 2.3); `None` when the ladder stalled and a
    /// search finished the puzzle, or when there was no step to take.
    pub rating: Option<u8>,
    /// The hardest step's technique (`Search` when the ladder stalled); `None` for a full grid.
    pub hardest: Option<Technique>,
    /// Steps taken of each technique, by [`Technique::index`].
    pub counts: [u32; Technique::COUNT],
    /// The search's guesses and backtracks, when the ladder stalled.
    pub search: Option<(u64, u64)>,
}

impl Rating {
    /// The techniques used, with their step counts, in ladder order.
    pub fn steps(&self) -> impl Iterator<Item = (Technique, u32)> + '_ {
        Technique::ALL.into_iter().zip(self.counts).filter(|&(_, n)| n > 0)
    }
}

/// Rates puzzles, one after another, reusing its buffers.
#[derive(Debug, Default)]
pub struct Rater {
    step: Step,
}

impl Rater {
    /// A rater.
    pub fn new() -> Rater {
        Rater::default()
    }

    /// Rates a puzzle that has a solution (`unique`: exactly one, which allows the uniqueness
    /// techniques).
    pub fn rate(&mut self, puzzle: &Grid, unique: bool) -> Rating {
        self.walk(puzzle, unique, None)
    }

    /// Rates a puzzle and returns its steps, in order.
    pub fn explain(&mut self, puzzle: &Grid, unique: bool) -> (Rating, Vec<Step>) {
        let mut steps = Vec::new();
        let rating = self.walk(puzzle, unique, Some(&mut steps));
        (rating, steps)
    }

    fn walk(&mut self, puzzle: &Grid, unique: bool, mut steps: Option<&mut Vec<Step>>) -> Rating {
        let mut position = Position::new(puzzle);
        let mut rating =
            Rating { rating: None, hardest: None, counts: [0; Technique::COUNT], search: None };
        let mut hardest_value = 0u8;
        let mut note = |technique: Technique, value: u8, rating: &mut Rating| {
            rating.counts[technique.index()] += 1;
            if value > hardest_value || rating.hardest.is_none() {
                hardest_value = value.max(hardest_value);
                rating.hardest = Some(technique);
            }
        };
        'ladder: while !position.is_solved() && !position.is_broken() {
            if let Some(single) = position.next_single(SingleKind::HiddenInLine) {
                let (technique, value) = single_value(single.kind);
                position.place(single.cell, single.digit);
                note(technique, value, &mut rating);
                if let Some(steps) = steps.as_deref_mut() {
                    steps.push(single_step(technique, value, single));
                }
                continue;
            }
            for &(technique, finder) in LADDER {
                if technique.needs_uniqueness() && !unique {
                    continue;
                }
                let found = match finder {
                    Some(find) => find(&position, &mut self.step),
                    None => match position.next_single(SingleKind::Naked) {
                        Some(single) => {
                            self.step = single_step(technique, technique.base_rating(), single);
                            true
                        }
                        None => false,
                    },
                };
                if !found {
                    continue;
                }
                debug_assert!(self.step.makes_progress(), "{technique} found nothing to do");
                apply(&mut position, &self.step);
                note(self.step.technique, self.step.rating, &mut rating);
                if let Some(steps) = steps.as_deref_mut() {
                    steps.push(self.step.clone());
                }
                continue 'ladder;
            }
            // Stalled: a fixed search finishes the puzzle.
            let found = search::search(&position);
            rating.search = Some((found.guesses, found.backtracks));
            rating.counts[Technique::Search.index()] += 1;
            rating.hardest = Some(Technique::Search);
            if let (Some(steps), Some(solved)) = (steps.as_deref_mut(), found.solution) {
                let mut step = Step::new();
                step.start(Technique::Search);
                step.search = rating.search;
                for cell in position::cells_of(position.empty()) {
                    step.placements.push((cell as u8, solved.value(cell)));
                }
                steps.push(step);
            }
            return rating;
        }
        rating.rating = rating.hardest.map(|_| hardest_value);
        rating
    }
}

/// A single's technique and value.
fn single_value(kind: SingleKind) -> (Technique, u8) {
    match kind {
        SingleKind::FullHouse => (Technique::FullHouse, 10),
        SingleKind::HiddenInBox => (Technique::HiddenSingle, 12),
        SingleKind::HiddenInLine => (Technique::HiddenSingle, 15),
        SingleKind::Naked => (Technique::NakedSingle, 23),
    }
}

fn single_step(technique: Technique, value: u8, single: position::Single) -> Step {
    let mut step = Step::new();
    step.start(technique);
    step.rating = value;
    step.digits = position::bit(single.digit);
    step.houses.extend(single.house.map(|h| h as u8));
    step.cells.push(single.cell as u8);
    step.placements.push((single.cell as u8, single.digit));
    step
}

/// Carries out a step's conclusions.
fn apply(position: &mut Position, step: &Step) {
    for &(cell, digit) in &step.eliminations {
        position.eliminate(usize::from(cell), digit);
    }
    for &(cell, digit) in &step.placements {
        if position.value(usize::from(cell)) == 0 {
            position.place(usize::from(cell), digit);
        }
    }
}

#[cfg(test)]
mod reglib_tests;
#[cfg(test)]
mod tests;
