//! The `sudoku-bulk` binary: parse arguments, run, map the outcome to an exit code.

use std::process::ExitCode;

use clap::Parser;
use sudoku_bulk::cli::{self, Cli};

fn main() -> ExitCode {
    match cli::run(Cli::parse()) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("sudoku-bulk: error: {e:#}");
            ExitCode::from(2)
        }
    }
}
