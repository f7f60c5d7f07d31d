//! Random isomorphs for data augmentation: the k-th transformation of a record, drawn from a
//! seed and the record's place in the input, never from the thread or piece that handles it.
//!
//! An [`Augmenter`] holds a seed. The transformation of copy `k` of the record on line `line`
//! of input file `file` (both as the CLI counts them: files from 0 in the order given, lines
//! from 1) depends on `(seed, file, line, k)` alone, so a run gives the same copies whatever
//! its thread count or piece size, and any one copy can be made again on its own. Copy 0 is
//! the original (the identity); copies 1, 2, ... are drawn from the whole group of
//! transformations ([`Transform::random`]).
//!
//! The draw, fixed as part of the output format: with `mix` the SplitMix64 finaliser
//! (Vigna's `splitmix64.c`),
//!
//! ```text
//!   state = mix(mix(mix(mix(seed) ^ file) ^ line) ^ k)
//!   transform = Transform::random(SplitMix64 stream from state)
//! ```
//!
//! Each step is a bijection in its new input, so two copies of one record, or the same copy of
//! two lines of one file, never start from the same state.
//!
//! A transformation maps a puzzle and its solution alike: the transformed solution is the
//! solution of the transformed puzzle, and [`Transform::inverse`] maps a model's answer on an
//! augmented puzzle back to the original:
//!
//! ```
//! use sudoku_bulk::augment::Augmenter;
//! use sudoku_bulk::{BandSolver, Grid, Solver};
//!
//! let puzzle: Grid =
//!     ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534."
//!         .parse()
//!         .unwrap();
//! let mut solver = BandSolver::new();
//! let mut solution = Grid::EMPTY;
//! solver.solve(&puzzle, 1, &mut solution);
//!
//! let augmenter = Augmenter::new(42);
//! let t = augmenter.transform(0, 1, 3); // file 0, line 1, copy 3
//! assert_eq!(t, Augmenter::new(42).transform(0, 1, 3)); // the same whenever asked
//! let (augmented, augmented_solution) = (t.apply(&puzzle), t.apply(&solution));
//!
//! // The augmented puzzle's solution is the transformed solution...
//! let mut answer = Grid::EMPTY;
//! assert_eq!(solver.solve(&augmented, 2, &mut answer).solutions, 1);
//! assert_eq!(answer, augmented_solution);
//! // ...and the inverse maps an answer on the augmented puzzle back to the original's.
//! assert_eq!(t.inverse().apply(&answer), solution);
//! // The text form (`--with-transform`) reads back.
//! let printed: sudoku_bulk::canon::Transform = t.to_string().parse().unwrap();
//! assert_eq!(printed.inverse().apply(&augmented), puzzle);
//! ```

use crate::canon::Transform;
use crate::random::SplitMix64;

/// Draws the transformations of augmented copies from a seed: see the
/// [module documentation](self).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Augmenter {
    seed: u64,
}

impl Augmenter {
    /// An augmenter drawing from `seed`.
    pub fn new(seed: u64) -> Augmenter {
        Augmenter { seed }
    }

    /// Its seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The transformation of copy `copy` of the record on line `line` of input `file`: the
    /// identity for copy 0 (the original), a random one for the others.
    pub fn transform(&self, file: u64, line: u64, copy: u64) -> Transform {
        if copy == 0 {
            return Transform::IDENTITY;
        }
        let mix = SplitMix64::mix;
        let state = mix(mix(mix(mix(self.seed) ^ file) ^ line) ^ copy);
        let mut rng = SplitMix64::new(state);
        Transform::random(|| rng.next_u64())
    }

    /// The copies of one record and their transformations, in output order: `0` (the
    /// original) first when `include_original`, then `1..=copies`.
    pub fn copies(
        &self,
        file: u64,
        line: u64,
        copies: u32,
        include_original: bool,
    ) -> impl Iterator<Item = (u32, Transform)> + '_ {
        let first = u32::from(!include_original);
        (first..=copies).map(move |k| (k, self.transform(file, line, u64::from(k))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_depend_on_seed_file_line_and_copy_only() {
        let a = Augmenter::new(7);
        assert_eq!(a.transform(0, 5, 0), Transform::IDENTITY);
        let base = a.transform(0, 5, 1);
        assert_eq!(base, Augmenter::new(7).transform(0, 5, 1));
        for other in [
            Augmenter::new(8).transform(0, 5, 1),
            a.transform(1, 5, 1),
            a.transform(0, 6, 1),
            a.transform(0, 5, 2),
        ] {
            assert_ne!(other, base);
        }
        let listed: Vec<(u32, Transform)> = a.copies(0, 5, 3, true).collect();
        assert_eq!(listed.len(), 4);
        for (k, t) in &listed {
            assert_eq!(*t, a.transform(0, 5, u64::from(*k)));
        }
        let ks: Vec<u32> = a.copies(0, 5, 3, false).map(|(k, _)| k).collect();
        assert_eq!(ks, [1, 2, 3]);
        assert_eq!(a.copies(0, 5, 0, false).count(), 0);
    }

    #[test]
    fn copies_are_spread_over_the_group() {
        // Each of the 9 labels of digit 1, transposed or not, and each band first: all seen
        // over a few hundred draws (a stuck draw would show one value only).
        let a = Augmenter::new(1);
        let (mut labels, mut transposed, mut bands) = ([0u32; 10], [0u32; 2], [0u32; 3]);
        for line in 1..=600 {
            let t = a.transform(0, line, 1);
            labels[t.digits()[0] as usize] += 1;
            transposed[usize::from(t.transposes())] += 1;
            bands[usize::from(t.rows()[0] / 3)] += 1;
        }
        assert!(labels[1..].iter().all(|&n| n > 20), "{labels:?}");
        assert!(transposed.iter().all(|&n| n > 200), "{transposed:?}");
        assert!(bands.iter().all(|&n| n > 100), "{bands:?}");
    }
}
