//! What both benches share: where the corpora are, and reading them for both solvers.

use std::path::{Path, PathBuf};

use sudoku::Sudoku;
use sudoku_bulk::Grid;

/// The corpora of the tdoku benchmark suite that sit in the shared folder, and the head of
/// Kaggle's 1M set (easy puzzles, as in the machine-learning sets; its `quizzes` column).
pub const CORPORA: [&str; 6] = [
    "puzzles2_17_clue",
    "puzzles3_magictour_top1465",
    "puzzles5_forum_hardest_1905_11+",
    "puzzles6_forum_hardest_1106",
    "puzzles7_serg_benchmark",
    "kaggle_1m_head25k.csv",
];

/// The repository's own corpus, used when the shared folder is absent.
const OWN_SAMPLE: &str = "datasets/sample_10k.txt";

/// The corpus files to benchmark: the [`CORPORA`] in the corpus folder (`SUDOKU_DATASETS`, or
/// `../shared/datasets`), or where that folder is absent, the repository's own sample. Says
/// on stderr, prefixed by `bench`, what it skips.
pub fn corpus_files(bench: &str) -> Vec<PathBuf> {
    let dir = match std::env::var_os("SUDOKU_DATASETS") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/datasets"),
    };
    let files = if dir.is_dir() {
        let mut found = Vec::new();
        for name in CORPORA {
            let path = dir.join(name);
            if path.is_file() {
                found.push(path);
            } else {
                eprintln!("{bench}: skipping {name}: not in {}", dir.display());
            }
        }
        found
    } else {
        eprintln!(
            "{bench}: skipping the benchmark corpora: no corpus folder at {} (set SUDOKU_DATASETS)",
            dir.display()
        );
        let own = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(OWN_SAMPLE);
        if own.is_file() {
            eprintln!("{bench}: using the repository's own {OWN_SAMPLE} instead");
            vec![own]
        } else {
            Vec::new()
        }
    };
    if files.is_empty() {
        eprintln!("{bench}: nothing to benchmark");
    }
    files
}

/// One corpus, parsed for both solvers before any timing.
pub struct Corpus {
    /// The file name.
    pub name: String,
    /// Puzzles in the file (the kept ones may be fewer).
    pub total: usize,
    /// The kept puzzles, for our solvers.
    pub ours: Vec<Grid>,
    /// The same, for the `sudoku` crate.
    pub theirs: Vec<Sudoku>,
}

/// Reads a one-puzzle-a-line file (`#` comments and blank lines skipped, CRLF accepted),
/// keeps an evenly spaced sample of at most `cap` puzzles, and parses each kept line for both
/// solvers. A line that does not parse is an error naming the file and line.
pub fn load(path: &Path, cap: Option<usize>) -> Result<Corpus, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    // A CSV (a header line, then the puzzle in the first field) or a puzzle a line.
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim_end()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .filter(|(_, line)| !line.starts_with(|c: char| c.is_ascii_alphabetic()))
        .map(|(i, line)| (i, line.split(',').next().unwrap_or(line)))
        .collect();
    let total = lines.len();
    let kept = sample(&lines, cap.unwrap_or(total));
    let mut ours = Vec::with_capacity(kept.len());
    let mut theirs = Vec::with_capacity(kept.len());
    for (number, line) in kept {
        let at = || format!("{}:{number}", path.display());
        ours.push(Grid::parse_line(line.as_bytes()).map_err(|e| format!("{}: {e}", at()))?);
        theirs.push(Sudoku::from_str_line(line).map_err(|e| format!("{}: {e:?}", at()))?);
    }
    let name = path.file_name().unwrap_or(path.as_os_str()).to_string_lossy().into_owned();
    Ok(Corpus { name, total, ours, theirs })
}

/// Replaces every puzzle of `corpus` (for both solvers) by a random isomorph, puzzle `i`'s
/// drawn from `seed` and `i` alone (SplitMix64 over both), as `sudoku-bulk bench --shuffle`
/// does: no solver is then flattered by the order or orientation a file lists its puzzles in.
#[allow(dead_code, reason = "the table bench uses it; the others share this module")]
pub fn shuffle(corpus: &mut Corpus, seed: u64) {
    fn mix(mut z: u64) -> u64 {
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;
    for (i, (ours, theirs)) in corpus.ours.iter_mut().zip(&mut corpus.theirs).enumerate() {
        let mut state = mix(seed.wrapping_mul(GAMMA).wrapping_add(i as u64));
        let transform = sudoku_bulk::canon::Transform::random(|| {
            state = state.wrapping_add(GAMMA);
            mix(state)
        });
        *ours = transform.apply(ours);
        *theirs = Sudoku::from_str_line(&ours.to_string()).expect("a grid's own line parses");
    }
}

/// At most `cap` items, evenly spaced over the whole list: corpora are often ordered by
/// difficulty or by pattern, so a prefix would not be representative. Deterministic.
pub fn sample<T: Copy>(items: &[T], cap: usize) -> Vec<T> {
    let n = items.len();
    if cap >= n {
        return items.to_vec();
    }
    (0..cap).map(|i| items[i * n / cap]).collect()
}
