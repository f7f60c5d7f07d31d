//! Behaviour at the edges (issue 15): closed streams, terminals, and what users type.

use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Command, Stdio};

use crate::util::{path_arg, sudoku_bulk, TempDir};

/// A pipe's write end whose read end is already closed: every write to it fails (EPIPE).
fn closed_pipe() -> Stdio {
    let mut fds = [0; 2];
    // SAFETY: `fds` has room for the two descriptors pipe(2) writes.
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0, "pipe(2)");
    // SAFETY: pipe(2) just opened both descriptors, and nothing else owns them.
    let (read, write) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    drop(read);
    Stdio::from(write)
}

/// Runs `sudoku-bulk ARGS` with stderr closed; its stdout and exit status.
fn with_closed_stderr(args: &[&str]) -> (String, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku-bulk"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(closed_pipe())
        .output()
        .expect("binary runs");
    (String::from_utf8(out.stdout).unwrap(), out.status.code())
}

#[test]
fn a_closed_stderr_changes_nothing_but_the_messages() {
    let tmp = TempDir::new("closed-stderr");
    let summary = tmp.0.join("summary.json");
    let summary = summary.to_str().unwrap();
    let mixed = path_arg("bad/mixed.txt");
    let sample = path_arg("sample_10k.txt");
    // Each writes to stderr: a summary, messages about failed records, a progress bar, the
    // note on held-back messages, an error, bench's progress lines.
    let cases: [&[&str]; 9] = [
        &["solve", &mixed],
        &["count", "--limit", "3", &mixed],
        &["validate", &mixed, "--summary-json", summary],
        &["validate", "--max-messages", "1", "--progress", "always", &sample, &mixed],
        &["solve", "--report", "-", &mixed],
        &["generate", "-n", "3", "--seed", "5"],
        &["bench", "--rounds", "1", "--mode", "first", &path_arg("examples/line.txt")],
        &["solve", "no-such-file.txt"],
        &["solve", "--no-such-option"],
    ];
    for args in cases {
        let (stdout, code) = with_closed_stderr(args);
        let open = sudoku_bulk(args, None);
        assert_eq!(code, open.code, "{args:?}: {}", open.stderr);
        assert!(!open.stderr.contains("panicked"), "{args:?}: {}", open.stderr);
        assert!(!open.stderr.is_empty(), "{args:?} writes nothing to stderr: a test of nothing");
        if args[0] != "bench" {
            assert_eq!(stdout, open.stdout, "{args:?}");
        } else {
            assert!(stdout.starts_with("| corpus |"), "{stdout}");
        }
    }
}

#[test]
fn the_json_summary_ends_with_a_newline() {
    let run =
        sudoku_bulk(&["validate", "-q", "--summary-json", "-", &path_arg("bad/mixed.txt")], None);
    let summary = run.stdout.lines().last().unwrap();
    assert!(summary.starts_with("{\"command\":\"validate\""), "{}", run.stdout);
    assert!(run.stdout.ends_with("}\n"), "{:?}", run.stdout);
}

#[test]
fn generate_draws_a_fresh_seed_and_says_which() {
    let seed_of = |stderr: &str| -> String {
        let line = stderr.lines().find(|l| l.starts_with("sudoku-bulk: seed ")).expect(stderr);
        line["sudoku-bulk: seed ".len()..].split(' ').next().unwrap().to_string()
    };
    let a = sudoku_bulk(&["generate", "-n", "5"], None);
    let b = sudoku_bulk(&["generate", "-n", "5"], None);
    assert_eq!((a.code, b.code), (Some(0), Some(0)));
    assert_ne!(a.stdout, b.stdout, "two runs without --seed gave the same puzzles");
    assert!(a.stderr.contains("sudoku-bulk: 5 puzzles generated in "), "{}", a.stderr);
    let seed = seed_of(&a.stderr);
    assert_ne!(seed, seed_of(&b.stderr));
    let again = sudoku_bulk(&["generate", "-n", "5", "--seed", &seed, "-j", "1"], None);
    assert_eq!(again.stdout, a.stdout);
    assert!(!again.stderr.contains("seed"), "{}", again.stderr);
    let quiet = sudoku_bulk(&["generate", "-n", "1", "-q"], None);
    assert_eq!((quiet.stdout.lines().count(), quiet.stderr.as_str()), (1, ""));
}

/// A pseudo-terminal `columns` wide: the master side (what a terminal emulator holds) and
/// the slave side (what a program run in it reads and writes).
fn pty(columns: u16) -> (std::fs::File, OwnedFd) {
    let (mut master, mut slave) = (0, 0);
    let size = libc::winsize { ws_row: 24, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0 };
    // SAFETY: openpty(3) writes two descriptors into the integers it is given and reads the
    // window size; the name and termios arguments may be null.
    let ok = unsafe {
        libc::openpty(&mut master, &mut slave, std::ptr::null_mut(), std::ptr::null(), &size)
    };
    assert_eq!(ok, 0, "openpty(3)");
    // SAFETY: openpty just opened both descriptors, and nothing else owns them.
    unsafe { (std::fs::File::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) }
}

#[test]
fn one_ctrl_d_after_a_typed_puzzle_answers_and_exits() {
    use std::io::{Read, Write};
    const PUZZLE: &str =
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
    let (mut terminal, stdin) = pty(80);
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-bulk"))
        .args(["solve", "-q"])
        .stdin(Stdio::from(stdin))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    // The user types the puzzle, Enter, then Ctrl-D once (the terminal's end-of-file key in
    // its default, line-by-line mode): the program must see the end of its input.
    terminal.write_all(format!("{PUZZLE}\n").as_bytes()).unwrap();
    terminal.write_all(&[4]).unwrap();
    // A guard against hanging, not a timing measurement: a run that still waits for input
    // after a minute would wait forever.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("still waiting for input after one Ctrl-D");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let mut stdout = String::new();
    child.stdout.take().unwrap().read_to_string(&mut stdout).unwrap();
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(0), "{stderr}");
    assert_eq!(
        stdout,
        "527389416819426735436751829375692184194538267268174593643217958951843672782965341\n"
    );
}

/// What a terminal shows after `raw`, the bytes a program wrote to it: its lines, as a
/// terminal emulator would lay them out, without their trailing blanks. The screen is as wide
/// as need be (a line never wraps, so text written after the bar stays on the bar's line, as
/// strict as can be) and as tall (nothing scrolls away). It knows the control sequences a
/// progress bar uses (carriage return, line feed, cursor up and down, column, erasing in the
/// line and below, showing and hiding the cursor); any other fails the test, naming it.
fn screen(raw: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(raw);
    let mut lines: Vec<Vec<char>> = vec![Vec::new()];
    let (mut row, mut col) = (0usize, 0usize);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        while lines.len() <= row {
            lines.push(Vec::new());
        }
        match c {
            '\r' => col = 0,
            '\n' => row += 1,
            '\x1b' => {
                assert_eq!(chars.next(), Some('['), "an escape sequence other than CSI");
                let mut params = String::new();
                let end = loop {
                    match chars.next().expect("a whole escape sequence") {
                        c @ ('0'..='9' | ';' | '?') => params.push(c),
                        end => break end,
                    }
                };
                let n = params.parse::<usize>().ok();
                let line = &mut lines[row];
                match (end, n) {
                    ('K', None | Some(0)) => line.truncate(col),
                    ('K', Some(1)) => line.iter_mut().take(col + 1).for_each(|c| *c = ' '),
                    ('K', Some(2)) => line.clear(),
                    ('J', None | Some(0)) => {
                        line.truncate(col);
                        lines.truncate(row + 1);
                    }
                    ('A', n) => row = row.saturating_sub(n.unwrap_or(1)),
                    ('B', n) => row += n.unwrap_or(1),
                    ('G', n) => col = n.unwrap_or(1).saturating_sub(1),
                    ('h' | 'l', _) if params.starts_with('?') => {} // modes: the cursor shown
                    _ => panic!("a control sequence this screen does not know: ESC[{params}{end}"),
                }
            }
            c if c.is_control() && c != '\t' => panic!("a control character: {c:?}"),
            c => {
                let line = &mut lines[row];
                if line.len() <= col {
                    line.resize(col + 1, ' ');
                }
                line[col] = c;
                col += 1;
            }
        }
    }
    let mut shown: Vec<String> =
        lines.iter().map(|l| l.iter().collect::<String>().trim_end().to_string()).collect();
    while shown.last().is_some_and(String::is_empty) {
        shown.pop();
    }
    shown
}

#[test]
fn the_screen_lays_out_a_bar_redrawn_in_place() {
    let raw = b"answer 1\r\n[bar 1]\r\x1b[2K[bar 2]\r\x1b[2Kanswer 2\r\n[bar 3]\r\x1b[2K\x1b[?25hdone\r\n";
    assert_eq!(screen(raw), ["answer 1", "answer 2", "done"]);
    // The faults the tests below look for: an answer after the bar, a bar left behind.
    assert_eq!(screen(b"[bar]answer 1\r\n[bar]\r\n"), ["[bar]answer 1", "[bar]"]);
    assert_eq!(screen(b"a\r\nb\r\n\x1b[1A\x1b[2K"), ["a"]);
}

/// Runs `sudoku-bulk ARGS` in a pseudo-terminal: stderr on it, stdout too unless
/// `stdout_piped`, and stdin too when `typed` is given, which is typed there, then Ctrl-D.
/// What the terminal received, what stdout received when piped, and the exit status.
fn in_terminal(args: &[&str], typed: Option<&str>, stdout_piped: bool) -> (Vec<u8>, String, i32) {
    use std::io::{Read, Write};
    let (mut terminal, slave) = pty(80);
    let on_terminal = || Stdio::from(slave.try_clone().unwrap());
    let mut child = Command::new(env!("CARGO_BIN_EXE_sudoku-bulk"))
        .args(args)
        .stdin(if typed.is_some() { on_terminal() } else { Stdio::null() })
        .stdout(if stdout_piped { Stdio::piped() } else { on_terminal() })
        .stderr(on_terminal())
        .spawn()
        .expect("binary runs");
    drop(slave); // the terminal ends (reads fail) once the program has closed its side too
    let mut reader = terminal.try_clone().unwrap();
    let screen = std::thread::spawn(move || {
        let mut raw = Vec::new();
        let mut buf = [0; 4096];
        while let Ok(n @ 1..) = reader.read(&mut buf) {
            raw.extend_from_slice(&buf[..n]);
        }
        raw
    });
    let piped = child.stdout.take().map(|mut stdout| {
        std::thread::spawn(move || {
            let mut text = String::new();
            stdout.read_to_string(&mut text).unwrap();
            text
        })
    });
    if let Some(typed) = typed {
        terminal.write_all(typed.as_bytes()).unwrap();
        terminal.write_all(&[4]).unwrap(); // Ctrl-D on a line of its own
    }
    // A guard against hanging, not a timing measurement.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("{args:?} did not finish");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let stdout = piped.map(|t| t.join().unwrap()).unwrap_or_default();
    (screen.join().unwrap(), stdout, status.code().unwrap())
}

#[test]
fn stats_with_a_test_side_and_no_training_files_does_not_wait_on_the_terminal() {
    let dir = TempDir::new("stats-terminal");
    let test =
        dir.file("t.txt", crate::util::read("sample_10k.txt").lines().nth(1).unwrap().as_bytes());
    let (raw, _, code) = in_terminal(&["stats", "--test", &test], Some(""), true);
    let shown = String::from_utf8_lossy(&raw);
    assert_eq!(code, 2, "{shown}");
    assert!(shown.contains("stats --test needs the training side"), "{shown}");
}

/// Checks that the terminal shows `before` (what was typed), then the records of `expected`
/// (stdout of the same run into a pipe), each whole on a line of its own and in order, then
/// the summary line, and nothing else; and that the bar (`bar` in its text) was drawn, so that
/// there was a bar to stay clear of.
fn shows_records_alone(raw: &[u8], before: &[&str], expected: &str, summary: &str, bar: &str) {
    let shown = screen(raw);
    let raw_text = String::from_utf8_lossy(raw);
    assert!(raw_text.contains(bar), "no bar was drawn: a test of nothing\n{raw_text:?}");
    let records: Vec<&str> = expected.lines().collect();
    assert!(!records.is_empty());
    let (typed, rest) = shown.split_at(before.len().min(shown.len()));
    assert_eq!(typed, before, "what was typed");
    let Some((last, answers)) = rest.split_last() else { panic!("nothing shown: {shown:?}") };
    for (i, (got, want)) in answers.iter().zip(&records).enumerate() {
        assert_eq!(got, want, "line {} of the records (after the typed ones)", i + 1);
    }
    assert_eq!(answers.len(), records.len(), "records shown");
    assert!(last.starts_with(summary), "the summary line: {last:?}");
}

#[test]
fn answers_on_the_terminal_stand_clear_of_the_progress_bar() {
    let sample = path_arg("sample_10k.txt");
    let expected = sudoku_bulk(&["solve", "-q", &sample], None).stdout;
    let (raw, _, code) = in_terminal(&["solve", &sample], None, false);
    assert_eq!(code, 0);
    let summary = "sudoku-bulk: 10000 puzzles: 10000 solved, 0 failed";
    shows_records_alone(&raw, &[], &expected, summary, "ETA");

    // generate's puzzles, likewise.
    let args = ["generate", "-n", "8193", "--seed", "29"];
    let expected = sudoku_bulk(&args, None).stdout;
    let (raw, _, code) = in_terminal(&args, None, false);
    assert_eq!(code, 0);
    shows_records_alone(&raw, &[], &expected, "sudoku-bulk: 8193 puzzles generated", "ETA");
}

#[test]
fn typed_puzzles_are_answered_on_lines_of_their_own() {
    const PUZZLES: [&str; 2] = [
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.",
        "...7.5.....5.9..6.2...1...9..3.......8....1...9..67...5.78..4....89...2.1...7683.",
    ];
    let typed: String = PUZZLES.iter().map(|p| format!("{p}\n")).collect();
    let expected = sudoku_bulk(&["solve", "-q"], Some(typed.as_bytes())).stdout;
    let (raw, _, code) = in_terminal(&["solve"], Some(&typed), false);
    assert_eq!(code, 0);
    let summary = "sudoku-bulk: 2 puzzles: 2 solved, 0 failed";
    shows_records_alone(&raw, &PUZZLES, &expected, summary, "2 puzzles, ");
}

#[test]
fn answers_into_a_pipe_leave_the_bar_on_the_terminal() {
    let sample = path_arg("sample_10k.txt");
    let expected = sudoku_bulk(&["solve", "-q", &sample], None).stdout;
    let (raw, stdout, code) = in_terminal(&["solve", &sample], None, true);
    assert_eq!(code, 0);
    assert_eq!(stdout, expected);
    assert!(String::from_utf8_lossy(&raw).contains("ETA"), "the bar is drawn on stderr");
    let shown = screen(&raw);
    assert_eq!(shown.len(), 1, "{shown:?}");
    assert!(shown[0].starts_with("sudoku-bulk: 10000 puzzles: 10000 solved"), "{shown:?}");
}

#[test]
fn bench_runs_its_built_in_sample_anywhere() {
    let elsewhere = TempDir::new("bench-anywhere");
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku-bulk"))
        .args(["bench", "--rounds", "1", "--mode", "first", "--output-format", "csv"])
        .current_dir(&elsewhere.0) // no datasets/ here
        .output()
        .unwrap();
    let (stdout, stderr) =
        (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap());
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stdout.lines().nth(1).unwrap().starts_with("sample_10k.txt,10000,band,first,1,"),
        "{stdout}"
    );
    assert!(stderr.contains("sample_10k.txt, 10000 puzzles, band, first"), "{stderr}");
}

#[test]
fn bench_reads_inputs_as_the_other_commands_do() {
    const PUZZLE: &str =
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
    let tmp = TempDir::new("bench-inputs");
    // A headerless CSV whose first field could be mistaken for nothing: the column is named.
    let csv = tmp.file("two.csv", format!("a,{PUZZLE}\nb,{PUZZLE}\n").as_bytes());
    let run = sudoku_bulk(
        &[
            "bench",
            "--rounds",
            "1",
            "--mode",
            "first",
            "--puzzle-col",
            "2",
            "--format",
            "csv",
            &csv,
        ],
        None,
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.contains("| two.csv | 2 | band | first | 1 |"), "{}", run.stdout);
    assert!(run.stdout.lines().next().unwrap().ends_with("| guesses/puzzle | unsolved | size |"));
    assert!(run.stdout.lines().nth(2).unwrap().ends_with("| 0 | 9x9 |"), "{}", run.stdout);
    // The old spelling of the results' format is the input format now.
    let run = sudoku_bulk(&["bench", "--format", "json", &csv], None);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("invalid value 'json' for '--format"), "{}", run.stderr);
}

#[test]
fn bench_reports_malformed_records_and_skips_empty_corpora() {
    let tmp = TempDir::new("bench-edges");
    let empty = tmp.file("empty.txt", b"");
    let mixed = path_arg("bad/mixed.txt");
    let run = sudoku_bulk(&["bench", "--rounds", "1", "--mode", "count2", &empty, &mixed], None);
    // Malformed records are reported where they are and the rest is timed: exit 1, as for
    // the other commands.
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(
        run.stderr.contains("mixed.txt: line 3: malformed: 80 cells, expected 81"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("mixed.txt: line 7: malformed: 82 cells, expected 81"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("empty.txt: no puzzles to time; skipped"), "{}", run.stderr);
    let rows: Vec<&str> = run.stdout.lines().skip(2).collect();
    // mixed.txt: two good puzzles, one with conflicting givens, one with none: 4, 2 unsolved.
    assert_eq!(rows.len(), 1, "{}", run.stdout);
    assert!(rows[0].starts_with("| mixed.txt | 4 | band | count2 |"), "{}", rows[0]);
    assert!(rows[0].ends_with("| 2 | 9x9 |"), "{}", rows[0]);
}

#[test]
fn generate_writes_solutions_that_validate() {
    let tmp = TempDir::new("generate-solutions");
    for (name, header) in [("pairs.csv", Some("puzzle,solution")), ("pairs.jsonl", None)] {
        let path = tmp.0.join(name);
        let path = path.to_str().unwrap();
        let run = sudoku_bulk(&["generate", "-q", "-n", "30", "--solutions", "-o", path], None);
        assert_eq!((run.code, run.stderr.as_str()), (Some(0), ""));
        let text = std::fs::read_to_string(path).unwrap();
        assert_eq!(text.lines().next().filter(|_| header.is_some()), header, "{text}");
        if header.is_none() {
            assert!(text.starts_with("{\"puzzle\":\""), "{text}");
            continue; // validate reads CSV, not JSON Lines
        }
        // The oracle: validate checks each row's solution is the puzzle's one solution.
        let check = sudoku_bulk(&["validate", "--failures-only", path], None);
        assert_eq!(check.code, Some(0), "{}{}", check.stdout, check.stderr);
        assert!(check.stderr.contains("30 records: 30 valid, 0 invalid"), "{}", check.stderr);
    }
    // Solutions need somewhere to go besides the puzzle's line.
    let run = sudoku_bulk(&["generate", "-n", "1", "--solutions", "--output-format", "line"], None);
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr.contains("--solutions needs CSV, TSV or JSON Lines output"),
        "{}",
        run.stderr
    );
}

#[test]
fn generate_filters_by_clues_and_guesses() {
    let run =
        sudoku_bulk(&["generate", "-q", "-n", "20", "--seed", "3", "--clues", "22..23"], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    for line in run.stdout.lines() {
        let clues = line.bytes().filter(u8::is_ascii_digit).count();
        assert!((22..=23).contains(&clues), "{clues} clues: {line}");
    }
    let run =
        sudoku_bulk(&["generate", "-q", "-n", "5", "--seed", "3", "--min-guesses", "6"], None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    // The guesses as `solve` counts them, which is what --min-guesses promises.
    let solved =
        sudoku_bulk(&["solve", "-q", "--output-format", "csv"], Some(run.stdout.as_bytes()));
    let rows: Vec<&str> = solved.stdout.lines().skip(1).collect();
    assert_eq!(rows.len(), 5, "{}", solved.stdout);
    for row in rows {
        let guesses: u64 = row.split(',').nth(4).unwrap().parse().unwrap();
        assert!(guesses >= 6, "{row}");
    }
    let run = sudoku_bulk(&["generate", "-n", "1", "--clues", "12..20"], None);
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("minimal proper puzzles have 17 to 40 clues"), "{}", run.stderr);
}

#[test]
fn generate_shows_progress_and_a_summary() {
    let run = sudoku_bulk(&["generate", "-n", "300", "--seed", "2", "--progress", "always"], None);
    assert_eq!(run.code, Some(0));
    assert!(run.stderr.contains("300 puzzles, "), "{}", run.stderr);
    assert!(run.stderr.contains("sudoku-bulk: 300 puzzles generated in "), "{}", run.stderr);
    let quiet = sudoku_bulk(&["generate", "-q", "-n", "3"], None);
    assert_eq!(quiet.stderr, "");
}

/// A puzzle as people print it: `|` between boxes, rules between bands, `*` and `-` blanks.
const PRETTY: &str = "\
* 2 7 | 3 8 * | * 1 *
* 1 * | * * 6 | 7 3 5
* * * | * * * | * 2 9
------+-------+------
3 * 5 | 6 9 2 | * 8 *
* * * | * * * | * * *
* 6 * | 1 7 4 | 5 * 3
------+-------+------
6 4 * | * * * | * * *
9 5 1 | 8 * * | * 7 *
* 8 * | - 6 5 | 3 4 -
";

#[test]
fn pretty_grids_are_answered_in_their_layout() {
    let run = sudoku_bulk(&["solve"], Some(PRETTY.as_bytes()));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.stdout,
        "5 2 7 | 3 8 9 | 4 1 6\n8 1 9 | 4 2 6 | 7 3 5\n4 3 6 | 7 5 1 | 8 2 9\n\
         ------+-------+------\n3 7 5 | 6 9 2 | 1 8 4\n1 9 4 | 5 3 8 | 2 6 7\n\
         2 6 8 | 1 7 4 | 5 9 3\n------+-------+------\n6 4 3 | 2 1 7 | 9 5 8\n\
         9 5 1 | 8 4 3 | 6 7 2\n7 8 2 | 9 6 5 | 3 4 1\n"
    );
}

#[test]
fn project_euler_grids_back_to_back_are_one_record_each() {
    // Project Euler's p096 layout: a title line, nine rows, the next title; no blank lines.
    let compact: String = PRETTY
        .lines()
        .filter(|l| !l.starts_with('-'))
        .map(|l| l.replace(['|', ' '], "").replace(['*', '-'], "0") + "\n")
        .collect();
    let euler = format!("Grid 01\n{compact}Grid 02\n{compact}Grid 03\n{compact}");
    let run = sudoku_bulk(&["solve", "--output-format", "csv"], Some(euler.as_bytes()));
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<u64> =
        run.stdout.lines().skip(1).map(|r| r.split(',').next().unwrap().parse().unwrap()).collect();
    assert_eq!(lines, [2, 12, 22], "{}", run.stdout);
    // The same grids with neither titles nor blank lines between them.
    let bare = compact.repeat(3);
    let run = sudoku_bulk(&["count", "-q"], Some(bare.as_bytes()));
    assert_eq!((run.code, run.stdout.as_str()), (Some(0), "1\n1\n1\n"));
}

#[test]
fn grids_back_to_back_after_a_damaged_one_are_each_answered_or_reported() {
    let compact: String = PRETTY
        .lines()
        .filter(|l| !l.starts_with('-'))
        .map(|l| l.replace(['|', ' '], "").replace(['*', '-'], "0") + "\n")
        .collect();
    let tmp = TempDir::new("joined-grids");
    // Three files of a grid each, the first without a final line end, joined as `cat`
    // joins them: the first's last row and the second's first on one line (line 9).
    let parts = [compact.trim_end(), compact.as_str(), compact.as_str()];
    let files: Vec<String> = parts
        .iter()
        .enumerate()
        .map(|(i, p)| tmp.file(&format!("{i}.txt"), p.as_bytes()))
        .collect();
    let joined: String = files.iter().map(|f| std::fs::read_to_string(f).unwrap()).collect();
    let file = tmp.file("joined.txt", joined.as_bytes());
    let run = sudoku_bulk(&["count", "-q", &file], None);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "one output record a grid: {}", run.stdout);
    assert!(
        lines[0].starts_with("error: line 9: malformed: 18 cells in row 9: 2 rows"),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].starts_with("error: line 9: malformed: 18 cells in row 1: 2 rows"),
        "{}",
        lines[1]
    );
    // The third grid, on lines 18 to 26 whole, is read and answered.
    assert_eq!(lines[2], "1");
    let jsonl = sudoku_bulk(&["count", "-q", "--output-format", "jsonl", &file], None);
    let at: Vec<u64> = jsonl
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["line"].as_u64().unwrap())
        .collect();
    assert_eq!(at, [9, 9, 18], "{}", jsonl.stdout);

    // A row repeated in the second of three grids back to back: 28 rows, three grids' worth
    // that cannot be told apart; each is reported, none read as a mix of two grids' rows.
    let mut rows: Vec<&str> = compact.lines().collect();
    rows.insert(2, rows[2]);
    let second = rows.join("\n") + "\n";
    let file =
        tmp.file("repeated.txt", format!("{compact}{second}{compact}\n{compact}").as_bytes());
    let run = sudoku_bulk(&["count", "-q", &file], None);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", run.stdout);
    for (i, line) in lines[..3].iter().enumerate() {
        let said =
            format!("malformed: grid {} of the rows at lines 1-28, which hold 252 cells", i + 1);
        assert!(line.contains(&said), "{line}");
    }
    assert_eq!(lines[3], "1", "the grid after the blank line is read");
}

#[test]
fn a_bad_grid_is_named_by_its_row_and_reported_whole() {
    let bad = PRETTY.replace("3 * 5 | 6 9 2", "3 * 5 | 6 9 x");
    let tmp = TempDir::new("bad-grid");
    let report = tmp.0.join("bad.jsonl");
    let run = sudoku_bulk(
        &["validate", "-q", "--report", report.to_str().unwrap()],
        Some(format!("# one grid\n{bad}").as_bytes()),
    );
    assert_eq!(run.code, Some(1));
    assert_eq!(
        run.stdout,
        "error: line 6: malformed: row 4, column 13: unexpected character 'x'\n"
    );
    let report = std::fs::read_to_string(report).unwrap();
    let quoted = bad.trim_end().replace('\n', "\\n");
    assert!(report.contains(&format!("\"record\":\"{quoted}\"")), "{report}");
}

/// What `sudoku-bulk ARGS` draws on a terminal `columns` wide that is its stderr, as the
/// lines a terminal would show (escape sequences removed, redraws split at `\r`).
fn on_a_terminal(args: &[&str], columns: u16) -> Vec<String> {
    use std::io::Read;
    let (mut terminal, stderr) = pty(columns);
    let status = Command::new(env!("CARGO_BIN_EXE_sudoku-bulk"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::from(stderr))
        .status() // the Command, holding the slave side, is dropped before the read below
        .unwrap();
    assert_eq!(status.code(), Some(0));
    let mut bytes = Vec::new();
    let mut buf = [0u8; 4096];
    // Linux reports EIO once no process holds the slave side: the end of what was drawn.
    while let Ok(n @ 1..) = terminal.read(&mut buf) {
        bytes.extend_from_slice(&buf[..n]);
    }
    let text = String::from_utf8_lossy(&bytes);
    let mut plain = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            // CSI: ESC [ parameters, ended by a letter.
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            plain.push(c);
        }
    }
    plain.split(['\r', '\n']).filter(|l| !l.trim().is_empty()).map(String::from).collect()
}

#[test]
fn the_bar_fits_the_terminal_and_quiet_hides_it() {
    let sample = path_arg("sample_10k.txt");
    let drawn = on_a_terminal(&["solve", "-j", "1", "-o", "/dev/null", &sample], 60);
    assert!(drawn.iter().any(|l| l.contains("% ") && l.contains(" puzzles, ")), "{drawn:?}");
    for bar in drawn.iter().filter(|l| l.contains("% ")) {
        assert!(bar.chars().count() <= 60, "{} columns: {bar:?}", bar.chars().count());
    }
    let quiet = on_a_terminal(&["solve", "-q", "-j", "1", "-o", "/dev/null", &sample], 60);
    assert_eq!(quiet, Vec::<String>::new());
}

#[test]
fn progress_always_into_a_pipe_is_plain_lines() {
    let run = sudoku_bulk(
        &["solve", "-q", "--progress", "always", "-o", "/dev/null", &path_arg("sample_10k.txt")],
        None,
    );
    assert_eq!(run.code, Some(0));
    assert!(!run.stderr.contains(['\r', '\x1b']), "{:?}", run.stderr);
    let last = run.stderr.lines().last().unwrap_or_default();
    assert!(last.starts_with("sudoku-bulk: progress: 100%, 10000 puzzles, "), "{:?}", run.stderr);
}

#[test]
fn messages_count_in_the_singular_and_name_csv_columns() {
    const PUZZLE: &str =
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
    let run = sudoku_bulk(&["count"], Some(format!("{PUZZLE}\n").as_bytes()));
    assert!(run.stderr.contains("sudoku-bulk: 1 puzzle: 1 with 1 solution, in "), "{}", run.stderr);
    let run = sudoku_bulk(&["solve", "-q"], Some(b"1\n"));
    assert_eq!(run.stdout, "error: line 1: malformed: 1 cell, expected 81\n");
    let csv = format!("id,puzzle\n1,{PUZZLE}\n");
    let run = sudoku_bulk(&["solve", "-o", "/dev/null"], Some(csv.as_bytes()));
    assert!(run.stderr.contains("puzzle in CSV column 2 \"puzzle\""), "{}", run.stderr);
    let run = sudoku_bulk(&["solve", "--puzzle-col", "3"], Some(csv.as_bytes()));
    assert_eq!(run.code, Some(2));
    assert!(
        run.stderr
            .contains("CSV column 3 asked for, but rows have 2 fields (columns count from 1)"),
        "{}",
        run.stderr
    );
    let run = sudoku_bulk(&["solve", "--puzzle-col", "0"], Some(csv.as_bytes()));
    assert_eq!(run.code, Some(2));
    assert!(run.stderr.contains("columns count from 1: the first column is 1"), "{}", run.stderr);
}

#[test]
fn wrong_answers_say_what_is_wrong() {
    const PUZZLE: &str =
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
    const ANSWER: &str =
        "527389416819426735436751829375692184194538267268174593643217958951843672782965341";
    let blank = format!("{}.", &ANSWER[..80]);
    // The answer with 1s and 2s swapped: a valid grid that changes the given 2 of cell 2.
    let swapped: String = ANSWER
        .chars()
        .map(|c| match c {
            '1' => '2',
            '2' => '1',
            c => c,
        })
        .collect();
    let csv = format!("puzzle,solution\n{PUZZLE},{blank}\n{PUZZLE},{swapped}\n");
    let run = sudoku_bulk(&["validate", "-q", "--output-format", "line"], Some(csv.as_bytes()));
    assert_eq!(
        run.stdout,
        "error: line 2: answer invalid: cell 81 (row 9, column 9) is blank\n\
         error: line 3: answer disagrees with givens: cell 2 (row 1, column 2): given 2, answer 1\n"
    );
}

#[test]
fn count_summaries_list_only_the_counts_that_occur() {
    let empty = ".".repeat(81);
    let input = format!("{}\n{empty}\n", "1".repeat(81));
    let run =
        sudoku_bulk(&["count", "--limit", "1000", "--summary-json", "-"], Some(input.as_bytes()));
    let summary = run.stdout.lines().last().unwrap();
    // One row with conflicting givens (not counted), one with 1000 or more solutions.
    assert!(summary.contains("\"limit\":1000,\"solutions\":{\"1000+\":1}"), "{summary}");
    assert!(run.stderr.contains("2 puzzles: 1 with 1000+ solutions ("), "{}", run.stderr);
}

#[test]
fn count_summaries_bucket_many_counts_and_the_json_keeps_each() {
    const ANSWER: &str =
        "527389416819426735436751829375692184194538267268174593643217958951843672782965341";
    // The solved grid with its first k cells blank: 1, 2, 6, 22, 48, 144, 336, 816 and 1000 or
    // more solutions; then a puzzle with none.
    let mut input: String = [0, 18, 24, 25, 26, 27, 30, 33, 36]
        .iter()
        .map(|&k| format!("{}{}\n", ".".repeat(k), &ANSWER[k..]))
        .collect();
    input += "12345678.........9...............................................................\n";
    let run =
        sudoku_bulk(&["count", "--limit", "1000", "--summary-json", "-"], Some(input.as_bytes()));
    let summary = run.stdout.lines().last().unwrap();
    assert!(
        summary.contains(
            "\"limit\":1000,\"solutions\":{\"0\":1,\"1\":1,\"2\":1,\"6\":1,\"22\":1,\"48\":1,\
             \"144\":1,\"336\":1,\"816\":1,\"1000+\":1}"
        ),
        "{summary}"
    );
    let line = run.stderr.lines().last().unwrap();
    let counts = &line[..line.find(", in ").unwrap()];
    assert_eq!(
        counts,
        "sudoku-bulk: 10 puzzles: 1 with 0 solutions, 1 with 1 solution, 1 with 2 solutions, 1 with 3-9 \
         solutions, 2 with 10-99 solutions, 3 with 100-999 solutions, 1 with 1000+ solutions"
    );
}

#[test]
fn tests_that_skip_for_want_of_corpora_say_so_in_plain_test_output() {
    if std::env::var_os("SUDOKU_SKIP_CHECK").is_some() {
        return; // this run is the one being checked
    }
    // This test binary again, without --nocapture, with no corpus folder, running one test
    // that needs the corpora: what `cargo test` shows a user who has no ../shared.
    let out = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "corpora::every_corpus_is_solved_in_order", "--test-threads", "1"])
        .env("SUDOKU_DATASETS", "/nonexistent/corpora")
        .env("SUDOKU_SKIP_CHECK", "1")
        .output()
        .unwrap();
    let (stdout, stderr) =
        (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{stdout}{stderr}");
    assert!(stdout.contains("1 passed"), "{stdout}");
    assert!(
        stderr.contains(
            "skipping every_corpus_is_solved_in_order: no corpus folder at /nonexistent/corpora"
        ),
        "{stdout}{stderr}"
    );
}
