//! Which canonical form is asked for, and a form found: the words the searches answer in.

use super::transform::Transform;
use crate::grid::Grid;

/// Which canonical form: see the [module documentation](crate::canon).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash, clap::ValueEnum)]
pub enum Form {
    /// The smallest string over all transformations and relabellings (Sudopedia's).
    #[default]
    Minlex,
    /// The smallest pattern first, then the smallest string with it (dobrichev's).
    Patminlex,
}

impl Form {
    /// The form's name: `minlex` or `patminlex`.
    pub fn name(self) -> &'static str {
        match self {
            Form::Minlex => "minlex",
            Form::Patminlex => "patminlex",
        }
    }
}

/// A canonical form found, with how it was reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Canonical {
    /// The canonical grid.
    pub grid: Grid,
    /// A transformation taking the puzzle to `grid` (one of `automorphisms` that do).
    pub transform: Transform,
    /// How many geometric transformations take the puzzle to `grid` (with the relabelling
    /// each needs): the puzzle's automorphism count, see the [module documentation](crate::canon).
    pub automorphisms: u64,
}
