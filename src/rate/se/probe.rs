//! What the tests of rules checked against SE's own hints share: a position written with its
//! candidates ("=d" a given or placed digit, else a cell's candidates, cells row by row) and
//! the first hint SE gives there (name, difficulty, removals).

use super::grid::{cell_name, Grid};
use super::Hint;

pub(super) struct Case {
    pub pos: &'static str,
    /// SE's first hint: name, difficulty, removals ("r1c1:8,...", sorted as strings).
    pub expect: Option<(&'static str, &'static str, &'static str)>,
}

pub(super) fn position(text: &str) -> Grid {
    let mut grid = Grid::new(&[0; 81]);
    let tokens: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(tokens.len(), 81);
    for (c, t) in tokens.iter().enumerate() {
        if let Some(v) = t.strip_prefix('=') {
            grid.values[c] = v.parse().unwrap();
            grid.cands[c] = 0;
        } else {
            grid.cands[c] = t.bytes().fold(0, |m, b| m | 1 << (b - b'0'));
        }
    }
    grid
}

pub(super) fn check(cases: &[Case], rule: fn(&Grid) -> Option<Hint>) {
    for (i, case) in cases.iter().enumerate() {
        let got = rule(&position(case.pos)).map(|h| {
            let mut removed: Vec<String> =
                h.eliminations().iter().map(|&(c, d)| format!("{}:{}", cell_name(c), d)).collect();
            removed.sort();
            (h.name, h.difficulty, removed.join(","))
        });
        let want = case.expect.map(|(n, d, r)| (n, d.parse::<f64>().unwrap(), r.to_string()));
        assert_eq!(got, want, "case {i}: {}", case.pos);
    }
}
