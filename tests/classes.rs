//! Classes by invariant: `dedup`, `overlap` and `stats` by class find the minlex form only of
//! records whose class invariant another record shares. The oracle is the minlex path
//! (`SUDOKU_BULK_CLASSES=minlex`, every record's minlex form): on planted isomorphs (random
//! transformations of real puzzles, transposed ones, relabelled ones) and on inequivalent
//! puzzles with the same invariant, both paths must write the same bytes.

use std::collections::HashMap;
use std::process::Command;

use sudoku_bulk::canon::{self, Transform};
use sudoku_bulk::Grid;

use crate::util::{datasets_dir, read_corpus, TempDir};

/// xorshift64*: the tests' draws.
fn rng(mut state: u64) -> impl FnMut() -> u64 {
    move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// Two inequivalent grids with the same invariant, drawn among grids of six givens of two
/// digits (where the invariant, not a canonical form, does not tell all classes apart).
fn colliding_pair(seed: u64) -> (Grid, Grid) {
    let mut next = rng(seed);
    let mut seen: HashMap<u64, Grid> = HashMap::new();
    for _ in 0..1_000_000 {
        let mut cells = [0u8; 81];
        for _ in 0..6 {
            cells[(next() % 81) as usize] = (next() % 2) as u8 + 1;
        }
        let grid = Grid::from_cells(cells).unwrap();
        match seen.get(&canon::invariant(&grid)) {
            Some(other) if canon::minlex(other) != canon::minlex(&grid) => return (*other, grid),
            Some(_) => {}
            None => {
                seen.insert(canon::invariant(&grid), grid);
            }
        }
    }
    panic!("no two inequivalent grids share an invariant");
}

/// Some real puzzles: the corpora's first ones where ../shared is there, the repository's
/// examples otherwise.
fn real_puzzles() -> Vec<Grid> {
    let mut puzzles: Vec<Grid> = [crate::dedup::A, crate::dedup::B, crate::dedup::C]
        .iter()
        .map(|p| p.parse().unwrap())
        .collect();
    if let Some(dir) =
        datasets_dir("classes: real puzzles (planted isomorphs of the built-in three only)")
    {
        for (name, _) in crate::util::CORPORA {
            puzzles.extend(read_corpus(&dir, name).into_iter().take(150));
        }
    }
    puzzles
}

/// A corpus with planted isomorphs: the real puzzles, then for every third one a random
/// isomorph, its transposition and a relabelling of its digits, and two inequivalent
/// puzzles with one invariant, each with an isomorph, all shuffled; blanks written `.`.
fn planted() -> Vec<String> {
    let mut next = rng(53);
    let transpose: Transform = "1:012345678:012345678:123456789".parse().unwrap();
    let relabel: Transform = "0:012345678:012345678:912345678".parse().unwrap();
    let mut grids = real_puzzles();
    for k in (0..grids.len()).step_by(3) {
        let grid = grids[k];
        grids.push(Transform::random(&mut next).apply(&grid));
        grids.push(transpose.apply(&grid));
        grids.push(relabel.then(&transpose).apply(&grid));
    }
    let (a, b) = colliding_pair(7);
    for grid in [a, b] {
        grids.push(grid);
        grids.push(Transform::random(&mut next).apply(&grid));
    }
    // Shuffled, so that a class's first record is not always the original.
    for i in (1..grids.len()).rev() {
        grids.swap(i, (next() % (i as u64 + 1)) as usize);
    }
    grids.iter().map(|g| g.to_string()).collect()
}

/// Runs the binary with `args`, the minlex path forced or not: stdout, the file at
/// `report` if given, and the exit code.
fn run(args: &[&str], minlex: bool, report: Option<&std::path::Path>) -> (String, String, i32) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sudoku-bulk"));
    command.args(args);
    match minlex {
        true => command.env("SUDOKU_BULK_CLASSES", "minlex"),
        false => command.env_remove("SUDOKU_BULK_CLASSES"),
    };
    let out = command.output().expect("binary runs");
    let report = report.map(|p| std::fs::read_to_string(p).unwrap()).unwrap_or_default();
    let stdout = String::from_utf8(out.stdout).unwrap();
    (stdout, report, out.status.code().unwrap_or(-1))
}

/// The same run by invariant and by minlex form: the same output, report and exit code.
fn agree(args: &[&str], report: Option<&std::path::Path>) -> String {
    let by_invariant = run(args, false, report);
    let by_minlex = run(args, true, report);
    assert_eq!(by_invariant, by_minlex, "sudoku-bulk {}", args.join(" "));
    by_invariant.0
}

#[test]
fn invariant_of_corpus_puzzles_is_their_isomorphs() {
    let mut next = rng(11);
    let transpose: Transform = "1:012345678:012345678:123456789".parse().unwrap();
    for grid in real_puzzles() {
        let own = canon::invariant(&grid);
        assert_eq!(canon::invariant(&transpose.apply(&grid)), own, "{grid} transposed");
        for _ in 0..20 {
            let t = Transform::random(&mut next);
            assert_eq!(canon::invariant(&t.apply(&grid)), own, "{grid} under {t}");
        }
    }
}

#[test]
fn dedup_by_class_keeps_what_minlex_forms_keep() {
    let lines = planted();
    let (a, b) = colliding_pair(7);
    assert_eq!(canon::invariant(&a), canon::invariant(&b), "the pair shares an invariant");
    let dir = TempDir::new("classes-dedup");
    let input = dir.file("planted.txt", (lines.join("\n") + "\nnot a puzzle\n").as_bytes());
    let report = dir.0.join("r.csv");
    let out = agree(
        &["dedup", "-q", "--by", "class", "--report", report.to_str().unwrap(), &input],
        Some(&report),
    );
    // Every planted copy dropped: the originals and the pair remain.
    let kept = out.lines().filter(|l| !l.starts_with("error")).count();
    let classes: std::collections::HashSet<Grid> =
        lines.iter().map(|l| canon::minlex(&l.parse().unwrap())).collect();
    assert_eq!(kept, classes.len());
    // Two inputs, the second repeating the first; several threads and small pieces.
    let second = dir.file("second.txt", lines[..40].join("\n").as_bytes());
    agree(&["dedup", "-q", "-j3", "--chunk-size", "700", &input, &second], None);
    // The same on a CSV input written as lines.
    let csv = dir.file("planted.csv", format!("puzzle\n{}\n", lines.join("\n")).as_bytes());
    agree(&["dedup", "-q", "--output-format", "line", &csv], None);
}

#[test]
fn overlap_and_stats_by_class_agree_with_minlex_forms() {
    let lines = planted();
    let dir = TempDir::new("classes-overlap");
    let half = lines.len() / 2;
    let train = dir.file("train.txt", lines[..half].join("\n").as_bytes());
    let test = dir.file("test.txt", lines[half..].join("\n").as_bytes());
    let rows = agree(&["overlap", "-q", &train, "--test", &test], None);
    assert!(rows.lines().count() > 1, "some test records overlap: {rows}");
    agree(
        &["overlap", "-q", "--output-format", "jsonl", "-j2", &train, &train, "--test", &test],
        None,
    );

    // stats: the report but for its time.
    let strip = |json: String| -> String {
        json.lines().filter(|l| !l.trim_start().starts_with("\"seconds\"")).collect()
    };
    for args in [
        &["stats", "-q", "--no-rating", &train, &test][..],
        &["stats", "-q", "--no-rating", &train, "--test", &test][..],
    ] {
        let by_invariant = strip(run(args, false, None).0);
        assert_eq!(by_invariant, strip(run(args, true, None).0), "{args:?}");
        assert!(by_invariant.contains("\"class\""), "{by_invariant}");
    }
}
