//! Faults around a run: signals, a full device, an input that shrinks while mapped. Nothing
//! half-written may be left at an output path, and nothing may panic.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use crate::util::{dataset, TempDir};

/// A file of about a million puzzles (the sample, repeated), long enough to interrupt.
fn big_input(tmp: &TempDir) -> String {
    let sample = std::fs::read(dataset("sample_10k.txt")).unwrap();
    tmp.file("big.txt", &sample.repeat(100))
}

fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_sudoku-bulk"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Files in `dir` other than `keep`.
fn strays(dir: &Path, keep: &[&str]) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| !keep.contains(&name.as_str()))
        .collect()
}

fn finish(child: Child) -> (Option<i32>, String) {
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn a_signal_stops_the_run_and_leaves_no_partial_output() {
    for (signal, code) in [("INT", 130), ("TERM", 143)] {
        let tmp = TempDir::new(&format!("signal-{signal}"));
        let input = big_input(&tmp);
        let out = tmp.0.join("out.txt");
        std::fs::write(&out, "old contents\n").unwrap();
        let child = spawn(&["solve", "-q", "-j", "1", &input, "-o", out.to_str().unwrap()]);
        std::thread::sleep(Duration::from_millis(300));
        let kill =
            Command::new("kill").args([format!("-{signal}"), child.id().to_string()]).status();
        assert!(kill.unwrap().success());
        let started = std::time::Instant::now();
        let (status, stderr) = finish(child);
        assert!(started.elapsed() < Duration::from_secs(5), "stops promptly");
        assert_eq!(status, Some(code), "{signal}: {stderr}");
        assert!(stderr.contains("interrupted"), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "old contents\n", "{signal}");
        assert_eq!(strays(&tmp.0, &["big.txt", "out.txt"]), Vec::<String>::new(), "{signal}");
    }
}

#[test]
fn a_signal_stops_generate_and_leaves_no_partial_output() {
    let tmp = TempDir::new("signal-generate");
    let out = tmp.0.join("out.csv");
    std::fs::write(&out, "old contents\n").unwrap();
    let args = ["generate", "-q", "-j", "1", "--seed", "1", "-o", out.to_str().unwrap()];
    let child = spawn(&[&args[..], &["-n", "1000000"]].concat());
    std::thread::sleep(Duration::from_millis(500));
    let kill = Command::new("kill").args(["-INT", &child.id().to_string()]).status();
    assert!(kill.unwrap().success());
    let started = std::time::Instant::now();
    let (status, stderr) = finish(child);
    assert!(started.elapsed() < Duration::from_secs(5), "stops promptly");
    assert_eq!(status, Some(130), "{stderr}");
    assert!(stderr.contains("interrupted by signal 2") && stderr.contains("left as it was"));
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old contents\n");
    assert_eq!(strays(&tmp.0, &["out.csv"]), Vec::<String>::new());
}

#[test]
fn output_replaces_the_file_only_when_complete() {
    let tmp = TempDir::new("staged");
    let out = tmp.0.join("out.txt");
    std::fs::write(&out, "old contents\n").unwrap();
    let line = dataset("examples/line.txt");
    let status = spawn(&["solve", "-q", line.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    assert_eq!(finish(status).0, Some(0));
    let expected = std::fs::read_to_string(dataset("examples/line.expected")).unwrap();
    assert_eq!(std::fs::read_to_string(&out).unwrap(), expected);
    assert_eq!(strays(&tmp.0, &["out.txt"]), Vec::<String>::new());
    // A failed run (exit 1: a bad record) still writes its complete output.
    let bad = dataset("bad/mixed.txt");
    let (status, _) =
        finish(spawn(&["solve", "-q", bad.to_str().unwrap(), "-o", out.to_str().unwrap()]));
    assert_eq!(status, Some(1));
    let expected = std::fs::read_to_string(dataset("bad/mixed.expected")).unwrap();
    assert_eq!(std::fs::read_to_string(&out).unwrap(), expected);
}

#[test]
fn stdout_on_a_full_device_is_an_error() {
    if !Path::new("/dev/full").exists() {
        eprintln!("skipping stdout_on_a_full_device_is_an_error: no /dev/full");
        return;
    }
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku-bulk"))
        .args(["solve", "-q", dataset("sample_10k.txt").to_str().unwrap()])
        .stdout(full)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("No space left on device") && !stderr.contains("panicked"), "{stderr}");
}

#[test]
fn an_input_that_shrinks_while_mapped_is_a_clear_error() {
    let tmp = TempDir::new("shrink");
    let input = big_input(&tmp);
    let out = tmp.0.join("out.txt");
    let child = spawn(&["solve", "-q", "-j", "1", &input, "-o", out.to_str().unwrap()]);
    std::thread::sleep(Duration::from_millis(300));
    std::fs::OpenOptions::new().write(true).open(&input).unwrap().set_len(100_000).unwrap();
    let (status, stderr) = finish(child);
    assert_eq!(status, Some(2), "{stderr}");
    assert!(
        stderr.contains("shrank while it was being read") && stderr.contains("--no-mmap"),
        "{stderr}"
    );
    assert!(!out.exists(), "no output file");
    assert_eq!(strays(&tmp.0, &["big.txt"]), Vec::<String>::new());

    // Read as a stream, the same file just ends early: no crash.
    let input = big_input(&tmp);
    let child =
        spawn(&["solve", "-q", "-j", "1", "--no-mmap", &input, "-o", out.to_str().unwrap()]);
    std::thread::sleep(Duration::from_millis(300));
    std::fs::OpenOptions::new().write(true).open(&input).unwrap().set_len(100_000).unwrap();
    let (status, stderr) = finish(child);
    assert!(matches!(status, Some(0 | 1)), "{status:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// Inputs past 4 GiB: offsets and counts are 64-bit. Writes a 4.3 GB file of solved grids (so
/// the solving is quick) to the temporary folder; run it by hand, outside CI's time limits:
/// `cargo test --release --test tests -- --ignored inputs_over_4_gib`.
#[test]
#[ignore = "writes 4.3 GB; run by hand (see docs/development.md)"]
fn inputs_over_4_gib() {
    use std::io::Write;
    const ANSWER: &str =
        "527389416819426735436751829375692184194538267268174593643217958951843672782965341";
    let lines: u64 = (4u64 << 30) / 82 + 1_000_000; // past 4 GiB by about 80 MB
    let tmp = TempDir::new("over-4-gib");
    let path = tmp.0.join("big.txt");
    {
        let mut file =
            std::io::BufWriter::with_capacity(1 << 20, std::fs::File::create(&path).unwrap());
        let block = format!("{ANSWER}\n").repeat(10_000);
        for _ in 0..lines / 10_000 {
            file.write_all(block.as_bytes()).unwrap();
        }
        // The last line is wrong, so that its number shows in the output.
        writeln!(file, "{}", &ANSWER[1..]).unwrap();
    }
    let total = lines / 10_000 * 10_000 + 1;
    assert!(std::fs::metadata(&path).unwrap().len() > 4 << 30);
    let out = Command::new(env!("CARGO_BIN_EXE_sudoku-bulk"))
        .args(["solve", "-o", "/dev/null", "--report", tmp.0.join("bad.csv").to_str().unwrap()])
        .arg(&path)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(&format!("{total} puzzles: {} solved, 1 failed", total - 1)),
        "{stderr}"
    );
    let report = std::fs::read_to_string(tmp.0.join("bad.csv")).unwrap();
    assert!(report.contains(&format!("\n{total},malformed,")), "{report}");
}
