//! The library's file pipeline: output is the same whatever the thread count and piece size.

use std::io::{Cursor, Write};
use std::sync::{Arc, Mutex};

use proptest::prelude::*;
use sudoku_bulk::one_input as run;
use sudoku_bulk::pipeline::{Input, Output, OutputFormat, ReportFormat, Settings, Sinks};
use sudoku_bulk::Task;

/// A writer into shared memory, to read back what the pipeline wrote.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Runs `task` over `input` as a stream; the output, the report, and the records counted.
fn solve(
    input: &[u8],
    task: Task,
    threads: usize,
    chunk: Option<usize>,
) -> (Vec<u8>, Vec<u8>, u64) {
    let (output, report) = (Shared::default(), Shared::default());
    let settings = Settings {
        threads,
        output: OutputFormat::Jsonl,
        chunk_bytes: chunk,
        ..Settings::default()
    };
    let input = Input::from_reader("test", Cursor::new(input.to_vec())).unwrap();
    let sinks = Sinks {
        output: Output::Bytes(Box::new(output.clone())),
        report: Some((Box::new(report.clone()), ReportFormat::Csv)),
        messages: Some(Box::new(std::io::sink())),
    };
    let tally = run(input, task, sinks, &settings).unwrap().tally;
    let (o, r) = (output.0.lock().unwrap().clone(), report.0.lock().unwrap().clone());
    (o, r, tally.records)
}

const PUZZLE: &str =
    ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
const HARD: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// Lines of a corpus with faults: good puzzles, bad ones, comments, blank lines.
fn line() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => Just(PUZZLE.to_string()),
        2 => Just(HARD.to_string()),
        1 => Just(".".repeat(81)),
        1 => Just(PUZZLE[1..].to_string()),
        1 => Just(format!("2{}", &PUZZLE[1..])),
        1 => Just("# a comment".to_string()),
        1 => Just(String::new()),
        1 => "[0-9.x]{0,90}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn output_does_not_depend_on_threads_or_piece_size(
        lines in prop::collection::vec(line(), 0..120),
        ends in prop::sample::select(vec!["\n", "\r\n", "\r"]),
        threads in 1usize..4,
        chunk in 1usize..3000,
        validate in any::<bool>(),
    ) {
        let input = lines.join(ends);
        let task = if validate { Task::Validate } else { Task::Solve };
        let reference = solve(input.as_bytes(), task, 1, None);
        let records = lines.iter().filter(|l| !l.is_empty() && !l.starts_with('#')).count();
        prop_assert_eq!(reference.2, records as u64, "one record per non-comment line");
        let other = solve(input.as_bytes(), task, threads, Some(chunk));
        prop_assert_eq!(&other.0, &reference.0);
        prop_assert_eq!(&other.1, &reference.1);
        let out_lines = String::from_utf8(reference.0).unwrap().lines().count();
        prop_assert_eq!(out_lines, records);
    }
}
