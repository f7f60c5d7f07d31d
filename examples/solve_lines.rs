//! Solves the puzzles given one a line on stdin (or in the files named) with the library's
//! batch API, and prints each solution, or why there is none, in input order.
//!
//! ```sh
//! cargo run --release --example solve_lines -- datasets/sample_10k.txt | head -3
//! ```

use std::io::{self, BufRead, Write};

use sudoku_bulk::batch::Batch;
use sudoku_bulk::{SolverKind, Task};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut lines = Vec::new();
    let paths: Vec<String> = std::env::args().skip(1).collect();
    if paths.is_empty() {
        for line in io::stdin().lock().lines() {
            lines.push(line?);
        }
    } else {
        for path in &paths {
            lines.extend(std::fs::read_to_string(path)?.lines().map(str::to_owned));
        }
    }
    // Comments and blank lines are not puzzles.
    lines.retain(|line| !line.trim().is_empty() && !line.starts_with('#'));

    let batch = Batch::new(Task::Solve, SolverKind::Band, None)?;
    let verdicts = batch.judge(&lines);
    let mut out = io::BufWriter::new(io::stdout().lock());
    for (line, verdict) in lines.iter().zip(&verdicts) {
        match (verdict.solution, verdict.fault) {
            (Some(solution), _) => writeln!(out, "{solution}")?,
            (None, Some(fault)) => writeln!(out, "error: {fault}: {line}")?,
            (None, None) => unreachable!("a solve verdict has a solution or a fault"),
        }
    }
    out.flush()?;
    Ok(())
}
