//! The `sudoku-bulk` binary: parse arguments, run, map the outcome to an exit code.
//!
//! Exit status: what the command returns (0 all passed, 1 some record failed, 130/143 after a
//! signal); 2 for a usage or I/O error; 0 when the reader of our output went away (`| head`),
//! which is where the run was meant to end, not a failure. A closed stderr changes none of
//! this: messages that cannot be written are dropped (see the library's `io::stderr` module).

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;
use sudoku_bulk::cli::{self, Cli};
use sudoku_bulk::run;

fn main() -> ExitCode {
    match cli::run(Cli::parse()) {
        Ok(code) => code,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            // A run's error in the library's words, which Python's exceptions hold too; any
            // other with its causes joined the same way.
            let text = match e.downcast_ref::<run::Error>() {
                Some(e) => e.message(),
                None => format!("{e:#}"),
            };
            // Not eprintln!, which panics when stderr is closed; the exit status says enough.
            let _ = writeln!(io::stderr(), "sudoku-bulk: error: {text}");
            ExitCode::from(2)
        }
    }
}

/// Whether an error comes from writing to a pipe whose reader has closed it.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain()
        .filter_map(|cause| cause.downcast_ref::<io::Error>())
        .any(|e| e.kind() == io::ErrorKind::BrokenPipe)
}
