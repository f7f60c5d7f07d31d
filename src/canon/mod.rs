//! Equivalent puzzles: the transformations that keep a Sudoku a Sudoku, and canonical forms
//! that are equal exactly when two puzzles are equivalent.
//!
//! Two puzzles are *equivalent* (isomorphs) when one becomes the other by a geometric
//! transformation and a relabelling of the digits. The geometric transformations are the
//! 3,359,232 = 2 x 6^8 ways to combine a transposition with permutations of the bands, of the
//! rows within each band, of the stacks and of the columns within each stack. A [`Transform`]
//! is one of them together with a relabelling; it applies to a [`Grid`], composes and inverts.
//!
//! Two canonical forms, both defined for any grid (no, one or many solutions, the empty grid,
//! a full solution grid):
//!
//! - **minlex** ([`minlex`], Sudopedia's definition): over every geometric transformation and
//!   every relabelling, the smallest 81-character string, blanks written `0`, in plain string
//!   order. Blanks being `0`, the smallest string has as many leading blanks as it can.
//! - **patminlex** ([`patminlex`]): first the smallest given/blank pattern (given = 1, blank =
//!   0) over every geometric transformation, then the smallest relabelled string among the
//!   transformations that give that pattern (the form dobrichev's patminlex computes).
//!
//! A puzzle's **automorphisms** ([`automorphisms`]) are the geometric transformations `T` for
//! which some relabelling of the digits takes `T(p)` back to `p`: the identity always, all
//! 3,359,232 for the empty grid. Equivalently, the number of geometric transformations that,
//! with the relabelling of digits in order of first appearance, reach the minlex form.
//!
//! ```
//! use sudoku_bulk::canon::{self, Form, Transform};
//! use sudoku_bulk::Grid;
//!
//! let puzzle: Grid =
//!     ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534."
//!         .parse()
//!         .unwrap();
//! // Any isomorph has the same canonical forms.
//! let shuffle: Transform = "1:210345678:345012876:912345678".parse().unwrap();
//! let isomorph = shuffle.apply(&puzzle);
//! assert_ne!(isomorph, puzzle);
//! assert_eq!(canon::minlex(&isomorph), canon::minlex(&puzzle));
//! assert_eq!(canon::patminlex(&isomorph), canon::patminlex(&puzzle));
//! assert!(canon::equivalent(&puzzle, &isomorph));
//!
//! // The transformation that reaches the form comes with it, and its inverse maps back.
//! let found = canon::canonicalize(&puzzle, Form::Minlex);
//! assert_eq!(found.transform.apply(&puzzle), found.grid);
//! assert_eq!(found.transform.inverse().apply(&found.grid), puzzle);
//! assert_eq!(found.automorphisms, 1);
//! assert_eq!(canon::automorphisms(&Grid::EMPTY), 3_359_232);
//! ```
//!
//! # How the search goes
//!
//! A branch and bound, row by row of the output. A partial transformation fixes the output's
//! first rows (which source row, in which orientation) and as much of the column order as
//! those rows decide; the digits are relabelled in order of first appearance. Columns still
//! blank in every chosen row are interchangeable, so they are kept *free* rather than tried in
//! every order: within each output stack the free columns are a prefix of its three, and the
//! stacks still wholly blank are a prefix of the three stacks (blanks sort first, so a row
//! always puts them there). Extending by one row tries each source row the band structure
//! allows, places the free columns that have a given in it in every order, and keeps only the
//! extensions whose row is the smallest so far. For minlex any partial transformation can be
//! completed, so keeping the smallest prefixes level by level is exact. For patminlex the
//! pattern is found that way first; the values are then minimised among the transformations
//! with that pattern by a depth-first search bounded by the best complete string, since there
//! a smallest prefix need not be completable to the pattern.
//!
//! Two kinds of grid have searches of their own, much faster, with the same results:
//! solution grids (minlex, and so patminlex: `latin`, by classes of pairs of rows) and
//! patminlex of most puzzles (`pattern`, by table look-ups on 9-bit row masks; grids that
//! keep too many transformations with the smallest pattern, as sparse or symmetric ones
//! may, go to the general search).
//!
//! The entry points are here; [`Form`] and [`Canonical`] (which form, and a form found) are in
//! `form`, [`Transform`] in `transform`, and the [`Canonicalizer`] that searches in `search`,
//! with the faster searches of `latin` and `pattern` below it.

mod form;
mod invariant;
mod latin;
mod pattern;
mod search;
mod transform;

use crate::grid::Grid;

pub use self::form::{Canonical, Form};
pub use self::invariant::invariant;
pub use self::search::Canonicalizer;
pub use self::transform::{Transform, TransformError};

/// When two puzzles count as the same, for `dedup` and `overlap`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, clap::ValueEnum)]
pub enum Sameness {
    /// The same givens: the same 81 cells once parsed, whatever character marks a blank.
    Exact,
    /// Equivalent puzzles: the same minlex form (see [`equivalent`]).
    #[default]
    Class,
}

impl Sameness {
    /// `exact` or `class`.
    pub fn name(self) -> &'static str {
        match self {
            Sameness::Exact => "exact",
            Sameness::Class => "class",
        }
    }
}

/// The number of geometric transformations: 2 (transposed or not) x 6^4 row orders x 6^4
/// column orders.
pub const GEOMETRIC_TRANSFORMS: u64 = 3_359_232;

/// The puzzle's canonical form of the given kind, the transformation that reaches it, and its
/// automorphism count.
pub fn canonicalize(grid: &Grid, form: Form) -> Canonical {
    Canonicalizer::new().canonicalize(grid, form)
}

/// The minlex form: see the [module documentation](self).
pub fn minlex(grid: &Grid) -> Grid {
    canonicalize(grid, Form::Minlex).grid
}

/// The patminlex form: see the [module documentation](self).
pub fn patminlex(grid: &Grid) -> Grid {
    canonicalize(grid, Form::Patminlex).grid
}

/// How many geometric transformations map the puzzle to itself up to a relabelling: see the
/// [module documentation](self).
pub fn automorphisms(grid: &Grid) -> u64 {
    canonicalize(grid, Form::Minlex).automorphisms
}

/// Whether one puzzle is a transformation of the other (same minlex form).
pub fn equivalent(a: &Grid, b: &Grid) -> bool {
    let mut c = Canonicalizer::new();
    c.canonicalize(a, Form::Minlex).grid == c.canonicalize(b, Form::Minlex).grid
}
