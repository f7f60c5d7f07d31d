//! `augment`: random isomorphs of each record. A record's puzzle and its answer (a CSV answer
//! column) go through the same transformation, so the copy's answer is its puzzle's solution
//! whenever the original's was; nothing is solved or checked here (`validate` does that).

use crate::io::format::Puzzle;
use crate::verdict::{Detail, Fault, Reason, Verdict};

/// A record fails only when its answer field holds text that is not a grid: copying that text
/// untransformed beside a transformed puzzle would be a wrong answer. An empty or null answer
/// is no answer, and stays empty in every copy.
pub(super) fn judge(puzzle: &Puzzle) -> Verdict {
    let verdict = Verdict::new(Some(puzzle.grid));
    match puzzle.answer {
        Some(Err(e)) if !e.is_missing() => {
            verdict.failed(Fault { reason: Reason::AnswerInvalid, detail: Detail::Answer(e) })
        }
        _ => verdict,
    }
}
