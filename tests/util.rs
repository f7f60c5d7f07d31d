//! Shared helpers: running the binary, the repository's datasets, temporary folders, and where
//! the third-party corpora are and how to read them.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use sudoku_bulk::Grid;

/// The corpora beside the repository (`../shared/datasets`), or where `SUDOKU_DATASETS`
/// points. `None`, with a message on stderr naming the test, where the folder is absent, so a
/// fresh clone without it skips these tests instead of failing.
///
/// The message is written to the process's stderr itself, not with `eprintln!`: the test
/// harness captures `eprintln!` (it shows only for failing tests or under `--nocapture`), so
/// a skip would pass unseen in plain `cargo test` output.
pub fn datasets_dir(test: &str) -> Option<PathBuf> {
    let dir = match std::env::var_os("SUDOKU_DATASETS") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/datasets"),
    };
    if dir.is_dir() {
        Some(dir)
    } else {
        let _ = writeln!(
            std::io::stderr(),
            "skipping {test}: no corpus folder at {} (set SUDOKU_DATASETS)",
            dir.display()
        );
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

/// What a run of the binary left.
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: Option<i32>,
}

/// Runs `sudoku-bulk ARGS`, feeding `stdin` when given (otherwise stdin is empty).
pub fn sudoku_bulk(args: &[&str], stdin: Option<&[u8]>) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-bulk"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    let mut pipe = child.stdin.take().expect("stdin piped");
    let input = stdin.unwrap_or_default().to_vec();
    let feeder = std::thread::spawn(move || {
        let _ = pipe.write_all(&input); // the binary may stop reading early
    });
    let out = child.wait_with_output().expect("binary finishes");
    feeder.join().unwrap();
    Run {
        stdout: String::from_utf8(out.stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8 stderr"),
        code: out.status.code(),
    }
}

/// A file of the repository's datasets/ folder.
pub fn dataset(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("datasets").join(name)
}

pub fn read(name: &str) -> String {
    std::fs::read_to_string(dataset(name)).unwrap()
}

pub fn path_arg(name: &str) -> String {
    dataset(name).to_str().unwrap().to_string()
}

/// A temporary folder for one test (its path, and the guard that removes it when dropped).
pub struct TempDir(pub PathBuf, #[allow(dead_code)] tempfile::TempDir);

impl TempDir {
    /// A new folder; `test` names it, for whoever finds one left behind.
    pub fn new(test: &str) -> TempDir {
        let guard = tempfile::Builder::new()
            .prefix(&format!("sudoku-bulk-{test}-"))
            .tempdir()
            .expect("temporary folder");
        TempDir(guard.path().to_path_buf(), guard)
    }

    /// Writes a file into the folder; its path.
    pub fn file(&self, name: &str, contents: &[u8]) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, contents).unwrap();
        path.to_str().unwrap().to_string()
    }
}
