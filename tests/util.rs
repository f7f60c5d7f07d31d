//! Shared helpers: where the third-party corpora are, and how to read them.

use std::path::PathBuf;

use sudoku_bulk::Grid;

/// The corpora beside the repository (`../shared/datasets`), or where `SUDOKU_DATASETS`
/// points. `None`, with a message on stderr naming the test, where the folder is absent, so a
/// fresh clone without it skips these tests instead of failing.
pub fn datasets_dir(test: &str) -> Option<PathBuf> {
    let dir = match std::env::var_os("SUDOKU_DATASETS") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/datasets"),
    };
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipping {test}: no corpus folder at {} (set SUDOKU_DATASETS)", dir.display());
        None
    }
}

/// The puzzle corpora in ../shared/datasets, with how many puzzles each holds.
pub const CORPORA: [(&str, usize); 5] = [
    ("puzzles2_17_clue", 49_158),
    ("puzzles3_magictour_top1465", 1_465),
    ("puzzles5_forum_hardest_1905_11+", 48_766),
    ("puzzles6_forum_hardest_1106", 375),
    ("puzzles7_serg_benchmark", 10_000),
];

/// Reads a one-puzzle-a-line corpus: `#` comments and blank lines skipped, CRLF accepted.
/// Panics on a line that does not parse: the corpora are known good.
pub fn read_corpus(dir: &std::path::Path, name: &str) -> Vec<Grid> {
    let text = std::fs::read_to_string(dir.join(name)).expect("corpus readable");
    text.lines()
        .map(|line| line.trim_end())
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| line.parse().unwrap_or_else(|e| panic!("{name}: {line}: {e}")))
        .collect()
}
