//! `canon`: each puzzle's canonical form. Never fails once the record parses: every grid has
//! one, whatever its solutions.

use std::cell::RefCell;

use crate::canon::{Canonicalizer, Form};
use crate::io::format::Puzzle;
use crate::verdict::Verdict;

thread_local! {
    /// One canonicaliser's scratch per worker thread, reused for every puzzle.
    static CANON: RefCell<Canonicalizer> = RefCell::new(Canonicalizer::new());
}

pub(super) fn judge(puzzle: &Puzzle, form: Form, automorphisms: bool) -> Verdict {
    let found = CANON.with_borrow_mut(|canon| canon.canonicalize(&puzzle.grid, form));
    Verdict {
        canonical: Some(found.grid),
        automorphisms: automorphisms.then_some(found.automorphisms),
        ..Verdict::new(Some(puzzle.grid))
    }
}
