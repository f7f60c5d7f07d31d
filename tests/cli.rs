//! The binary end to end: formats, order, threads, stdin, bad input, exit codes, pipes.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::util::{dataset, path_arg, read, sudoku_bulk, TempDir};

#[test]
fn line_example_with_end_marker() {
    let run = sudoku_bulk(&["solve", &path_arg("examples/line.txt")], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, read("examples/line.expected"));
    assert!(run.stderr.contains("1 puzzle: 1 solved, 0 failed"), "{}", run.stderr);
}

#[test]
fn grid_example_answers_in_its_layout() {
    let run = sudoku_bulk(&["solve", "-q", &path_arg("examples/grid.txt")], None);
    assert_eq!((run.code, run.stderr.as_str()), (Some(0), ""));
    assert_eq!(run.stdout, read("examples/grid.expected"));
    // Spaced and compact grids in one file, separated by a blank line and a comment.
    let run = sudoku_bulk(&["solve", "-q", &path_arg("examples/grids.txt")], None);
    assert_eq!(run.stdout, read("examples/grids.expected"));
}

#[test]
fn grids_keep_their_separators_across_pieces() {
    // Tiny pieces put each grid in a piece of its own: the writer adds the separators.
    let one = read("examples/grids.txt");
    let text = [one.as_str(); 3].join("\n");
    let tmp = TempDir::new("grid-pieces");
    let path = tmp.file("grids.txt", text.as_bytes());
    let whole = sudoku_bulk(&["solve", "-q", &path], None);
    let pieces = sudoku_bulk(&["solve", "-q", "-j", "2", "--chunk-size", "1", &path], None);
    let one = read("examples/grids.expected");
    let expected = [one.as_str(); 3].join("\n");
    assert_eq!(whole.stdout, expected);
    assert_eq!(pieces.stdout, expected);
}

#[test]
fn stdin_and_file_give_the_same_output() {
    let file = sudoku_bulk(&["solve", "-q", &path_arg("sample_10k.txt")], None);
    let input = std::fs::read(dataset("sample_10k.txt")).unwrap();
    let stdin = sudoku_bulk(&["solve", "-q"], Some(&input));
    let dash = sudoku_bulk(&["solve", "-q", "-"], Some(&input));
    assert_eq!(file.code, Some(0));
    assert_eq!(file.stdout.lines().count(), 10_000);
    assert_eq!(file.stdout, stdin.stdout);
    assert_eq!(file.stdout, dash.stdout);
}

#[test]
fn thread_counts_and_piece_sizes_do_not_change_the_output() {
    let path = path_arg("sample_10k.txt");
    let one = sudoku_bulk(&["solve", "-q", "-j", "1", &path], None);
    assert_eq!(one.code, Some(0));
    for args in [
        vec!["-j", "2"],
        vec!["-j", "2", "--chunk-size", "100"],
        vec!["-j", "3", "--chunk-size", "4096"],
        vec!["-j", "1", "--chunk-size", "1"],
    ] {
        let mut all = vec!["solve", "-q"];
        all.extend(&args);
        all.push(&path);
        let run = sudoku_bulk(&all, None);
        assert_eq!(run.code, Some(0), "{args:?}");
        assert!(run.stdout == one.stdout, "{args:?} changed the output");
    }
    // Stdin is cut differently (fixed-size blocks): same output again.
    let input = std::fs::read(dataset("sample_10k.txt")).unwrap();
    let run = sudoku_bulk(&["solve", "-q", "-j", "2", "--chunk-size", "333"], Some(&input));
    assert!(run.stdout == one.stdout);
}

#[test]
fn sample_solutions_are_valid_and_keep_the_givens() {
    let input = read("sample_10k.txt");
    let run = sudoku_bulk(&["solve", "-q", &path_arg("sample_10k.txt")], None);
    let puzzles: Vec<&str> = input.lines().filter(|l| !l.starts_with('#')).collect();
    crate::corpora::check_solutions(&puzzles, &run.stdout);
}

#[test]
fn every_bad_record_gets_an_error_line_in_place() {
    let run = sudoku_bulk(&["solve", &path_arg("bad/mixed.txt")], None);
    assert_eq!(run.code, Some(1));
    assert_eq!(run.stdout, read("bad/mixed.expected"));
    let name = path_arg("bad/mixed.txt");
    for message in [
        "line 3: malformed: 80 cells, expected 81",
        "line 4: malformed: cell 41 (row 5, column 5): unexpected character 'x'",
        "line 5: conflicting givens: digit 2 twice in row 1",
        "line 6: no solution",
        "line 7: malformed: 82 cells, expected 81",
    ] {
        assert!(run.stderr.contains(&format!("{name}: {message}\n")), "{message}: {}", run.stderr);
    }
    assert!(
        run.stderr.contains(
            "7 puzzles: 2 solved, 5 failed (malformed: 3, conflicting givens: 1, no solution: 1)"
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn grid_errors_name_the_line_and_spare_the_next_grid() {
    let grid = read("examples/grid.txt");
    let mut rows: Vec<&str> = grid.lines().collect();
    rows.remove(3);
    let text = format!("{}\n\n{grid}", rows.join("\n"));
    let run = sudoku_bulk(&["solve", "--format", "grid"], Some(text.as_bytes()));
    assert_eq!(run.code, Some(1));
    let expected = format!(
        "error: line 1: malformed: 8 rows, expected 9\n\n{}",
        read("examples/grid.expected")
    );
    assert_eq!(run.stdout, expected);
    assert!(
        run.stderr.contains("<stdin>: line 1: malformed: 8 rows, expected 9"),
        "{}",
        run.stderr
    );
}

#[test]
fn empty_and_comment_only_inputs_succeed_with_no_records() {
    for input in [&b""[..], b"# nothing here\n\n", b"end\n.2738\n"] {
        let run = sudoku_bulk(&["solve"], Some(input));
        assert_eq!((run.code, run.stdout.as_str()), (Some(0), ""));
        assert!(run.stderr.contains("0 puzzles"), "{}", run.stderr);
    }
    let tmp = TempDir::new("empty");
    let run = sudoku_bulk(&["solve", "-q", &tmp.file("empty.txt", b"")], None);
    assert_eq!((run.code, run.stdout.as_str()), (Some(0), ""));
}

#[test]
fn usage_and_io_errors_exit_2() {
    let missing = sudoku_bulk(&["solve", "/no/such/file.txt"], None);
    assert_eq!(missing.code, Some(2));
    assert!(missing.stderr.contains("/no/such/file.txt"), "{}", missing.stderr);
    assert_eq!(sudoku_bulk(&["solve", "--threads", "0"], None).code, Some(2));
    assert_eq!(sudoku_bulk(&["solve", "--bogus"], None).code, Some(2));
    assert_eq!(sudoku_bulk(&["frobnicate"], None).code, Some(2));
    let dir = sudoku_bulk(&["solve", env!("CARGO_MANIFEST_DIR")], None);
    assert_eq!(dir.code, Some(2));
}

#[test]
fn output_file_and_full_device() {
    let tmp = TempDir::new("output");
    let out = tmp.0.join("out.txt");
    let run = sudoku_bulk(
        &["solve", "-q", "-o", out.to_str().unwrap(), &path_arg("examples/line.txt")],
        None,
    );
    assert_eq!((run.code, run.stdout.as_str()), (Some(0), ""));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), read("examples/line.expected"));
    if Path::new("/dev/full").exists() {
        let run =
            sudoku_bulk(&["solve", "-q", "-o", "/dev/full", &path_arg("sample_10k.txt")], None);
        assert_eq!(run.code, Some(2), "{}", run.stderr);
        assert!(run.stderr.contains("No space left on device"), "{}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    }
}

#[test]
fn a_closed_stdout_ends_the_run_quietly() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-bulk"))
        .args(["solve", "-j", "2", &path_arg("sample_10k.txt")])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 82];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout); // like `| head -1`
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "{stderr}");
    assert!(!stderr.contains("panicked") && !stderr.contains("error"), "{stderr}");
}

#[test]
fn every_solver_answers_the_examples() {
    for solver in ["band", "fast", "bitmask", "dlx", "naive"] {
        let run =
            sudoku_bulk(&["solve", "-q", "--solver", solver, &path_arg("examples/line.txt")], None);
        assert_eq!(run.stdout, read("examples/line.expected"), "{solver}");
        let run =
            sudoku_bulk(&["solve", "-q", "--solver", solver, &path_arg("bad/mixed.txt")], None);
        assert_eq!(run.stdout, read("bad/mixed.expected"), "{solver}");
    }
}

#[test]
fn generate_is_deterministic_and_gives_proper_puzzles() {
    let a = sudoku_bulk(&["generate", "-n", "50", "--seed", "7", "-j", "1"], None);
    let b = sudoku_bulk(&["generate", "-n", "50", "--seed", "7", "-j", "2"], None);
    let c = sudoku_bulk(&["generate", "-n", "50", "--seed", "8"], None);
    assert_eq!(a.code, Some(0));
    assert_eq!(a.stdout, b.stdout);
    assert_ne!(a.stdout, c.stdout);
    assert_eq!(a.stdout.lines().count(), 50);
    let solved = sudoku_bulk(&["solve", "-q"], Some(a.stdout.as_bytes()));
    let puzzles: Vec<&str> = a.stdout.lines().collect();
    crate::corpora::check_solutions(&puzzles, &solved.stdout);
}

#[test]
fn progress_is_drawn_only_when_asked_off_a_terminal() {
    let path = path_arg("sample_10k.txt");
    // stderr is a pipe here: `auto` draws nothing, `always` draws the bar.
    let auto = sudoku_bulk(&["solve", "-q", "-o", "/dev/null", &path], None);
    assert_eq!(auto.stderr, "");
    let never =
        sudoku_bulk(&["solve", "-q", "--progress", "never", "-o", "/dev/null", &path], None);
    assert_eq!(never.stderr, "");
    let always =
        sudoku_bulk(&["solve", "-q", "--progress", "always", "-o", "/dev/null", &path], None);
    assert_eq!(always.code, Some(0));
    assert!(always.stderr.contains(" puzzles, "), "{:?}", always.stderr);
}

#[test]
fn bench_reports_the_usual_columns() {
    let line = path_arg("examples/line.txt");
    let run = sudoku_bulk(
        &[
            "bench",
            "--rounds",
            "1",
            "--output-format",
            "csv",
            "--solver",
            "fast",
            "--solver",
            "bitmask",
            &line,
        ],
        None,
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let rows: Vec<&str> = run.stdout.lines().collect();
    assert!(rows[0].starts_with("corpus,puzzles,solver,mode,threads,puzzles_per_second,us_per_puzzle,no_guess_percent,guesses_per_puzzle"));
    // Two modes by default, times two solvers (`fast` is another name for `band`); the example
    // needs no guess.
    assert_eq!(rows.len(), 5, "{}", run.stdout);
    for (row, (solver, mode)) in rows[1..].iter().zip([
        ("band", "first"),
        ("bitmask", "first"),
        ("band", "count2"),
        ("bitmask", "count2"),
    ]) {
        assert!(row.starts_with(&format!("line.txt,1,{solver},{mode},1,")), "{row}");
        assert!(row.ends_with(",100.00,0.000,0,9x9"), "{row}");
    }
    let table = sudoku_bulk(&["bench", "--rounds", "1", &line], None);
    assert!(table.stdout.starts_with("| corpus | puzzles | solver | mode | threads | puzzles/s | us/puzzle | % no guess | guesses/puzzle |"));
}

#[test]
fn bench_shuffle_times_isomorphs_and_takes_a_seed() {
    let corpus = path_arg("sample_10k.txt");
    let args = |seed: &str| {
        let run = sudoku_bulk(
            &[
                "bench",
                "--rounds",
                "1",
                "--output-format",
                "csv",
                "--mode",
                "count2",
                "--shuffle",
                seed,
                &corpus,
            ],
            None,
        );
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        run.stdout
    };
    // Isomorphs have the same solution counts: every one is still solved, none unsolved.
    let out = args("7");
    let row = out.lines().nth(1).unwrap();
    assert!(row.starts_with("sample_10k.txt,10000,band,count2,1,"), "{row}");
    assert!(row.ends_with(",0,9x9"), "{row}");
    let bad = sudoku_bulk(&["bench", "--shuffle", "x", &corpus], None);
    assert_eq!(bad.code, Some(2));
    assert!(bad.stderr.contains("--shuffle"), "{}", bad.stderr);
}

#[test]
fn help_offers_what_each_command_takes() {
    // --solver only where a solver runs; the others refuse it as unknown.
    for command in ["solve", "count", "validate"] {
        let run = sudoku_bulk(&[command, "--help"], None);
        assert!(run.stdout.contains("--solver <SOLVER>"), "{command}: {}", run.stdout);
    }
    for command in ["canon", "dedup", "overlap", "augment"] {
        let run = sudoku_bulk(&[command, "--help"], None);
        assert_eq!(run.code, Some(0), "{command}: {}", run.stderr);
        assert!(!run.stdout.contains("--solver"), "{command} offers --solver: {}", run.stdout);
        let run = sudoku_bulk(&[command, "--solver", "dlx", "-"], Some(b""));
        assert_eq!(run.code, Some(2), "{command} took --solver");
        assert!(run.stderr.contains("unexpected argument '--solver'"), "{}", run.stderr);
    }
    // -o names every format its extension picks, Parquet among them.
    let run = sudoku_bulk(&["solve", "--help"], None);
    assert!(run.stdout.contains(".parquet"), "{}", run.stdout);
    // overlap's usage shows the two sides.
    let run = sudoku_bulk(&["overlap", "--help"], None);
    assert!(run.stdout.contains("overlap [OPTIONS] [TRAIN]... --test <TEST>..."), "{}", run.stdout);
}

#[test]
fn augment_short_help_refers_to_nothing_it_does_not_show() {
    let run = sudoku_bulk(&["augment", "-h"], None);
    assert!(!run.stdout.contains("above"), "{}", run.stdout);
    assert!(run.stdout.contains("T:RRRRRRRRR:CCCCCCCCC:DDDDDDDDD"), "{}", run.stdout);
}
