//! `generate`: proper, minimal puzzles, one a line, the same for a seed whatever the threads.

use std::io::{self, Write};
use std::path::Path;

use anyhow::{Context, Result};
use rayon::prelude::*;

use crate::dest::open_output;
use crate::generate::{puzzle_seed, Generator};

/// Puzzles generated a block at a time, which keeps memory bounded while the pool works.
const BLOCK: u64 = 4096;

/// Writes `count` puzzles from `seed` to `output` (stdout when `None`) on `threads` threads.
pub(crate) fn run(count: u64, seed: u64, output: Option<&Path>, threads: usize) -> Result<()> {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build()?;
    let (out, destination) = open_output(output)?;
    let mut out = io::BufWriter::new(out);
    let mut start = 0;
    while start < count {
        let end = (start + BLOCK).min(count);
        // Puzzle i comes from its own seed, so the output does not depend on the thread count.
        let lines: Vec<Vec<u8>> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map(|i| {
                    let mut line = Vec::with_capacity(82);
                    Generator::new(puzzle_seed(seed, i)).puzzle().write_line(&mut line);
                    line.push(b'\n');
                    line
                })
                .collect()
        });
        for line in lines {
            out.write_all(&line).context("writing output")?;
        }
        start = end;
    }
    out.flush().context("writing output")?;
    drop(out);
    destination.finish()
}
