//! Results to bytes: encoders that append to a caller's buffer and never do I/O.
//!
//! An answer takes the layout of its puzzle: a line for a line, nine rows for nine rows. A
//! record that could not be solved becomes one line starting `error: line N:`, which no
//! reader can take for a solution, so the output always has one record per input record.

use std::fmt;
use std::io::Write;

use crate::format::records::Layout;
use crate::format::chunk::Chunk;
use crate::format::{Format, Record, RecordError, Records};
use crate::pipeline::ChunkOutput;
use crate::grid::{Conflict, Grid};

/// Why a record has no answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    /// The text is not a puzzle.
    #[error(transparent)]
    Malformed(#[from] RecordError),
    /// Two givens conflict.
    #[error(transparent)]
    Conflict(#[from] Conflict),
    /// The givens are consistent, but no grid completes them.
    #[error("no solution")]
    NoSolution,
}

/// What goes between two output records: nothing for lines, a blank line between grids. The
/// pipeline's writer puts it between pieces too.
pub fn separator(format: Format) -> &'static [u8] {
    match format {
        Format::Line | Format::Csv(_) => b"",
        Format::Grid => b"\n",
    }
}

/// Runs `each` on every record of a piece, and puts in `out` what goes around records: the
/// separator between grids, and for CSV the header row, extended with `columns`.
pub fn each_record<'a>(
    format: Format,
    chunk: &'a Chunk<'_>,
    columns: &[&str],
    out: &mut ChunkOutput,
    mut each: impl FnMut(Record<'a>, &mut ChunkOutput),
) {
    let mut records = Records::new(format, &chunk.data, chunk.first_line);
    loop {
        let record = records.next();
        if let Some(header) = records.take_header() {
            out.data.extend_from_slice(header);
            for column in columns {
                out.data.push(b',');
                out.data.extend_from_slice(column.as_bytes());
            }
            out.data.push(b'\n');
        }
        let Some(record) = record else { return };
        if out.tally.records > 0 {
            out.data.extend_from_slice(separator(format));
        }
        out.tally.records += 1;
        each(record, out);
    }
}

/// Appends a solution in `layout`; for a CSV row, the row followed by the solution.
#[inline]
pub fn solution(out: &mut Vec<u8>, record: &[u8], grid: &Grid, layout: Layout) {
    match layout {
        Layout::Line => {
            grid.write_line(out);
            out.push(b'\n');
        }
        Layout::Rows { spaced } => grid.write_rows(out, spaced),
        Layout::Csv => {
            out.extend_from_slice(record);
            out.push(b',');
            grid.write_line(out);
            out.push(b'\n');
        }
    }
}

/// Appends the output record for a failed input record: `error: line N: reason`.
pub fn failure(out: &mut Vec<u8>, line: u64, reason: &dyn fmt::Display) {
    writeln!(out, "error: line {line}: {reason}").expect("writing to a Vec cannot fail");
}

/// Appends a message for stderr: `INPUT: line N: reason`.
pub fn message(out: &mut Vec<u8>, input: &str, line: u64, reason: &dyn fmt::Display) {
    writeln!(out, "{input}: line {line}: {reason}").expect("writing to a Vec cannot fail");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failures_cannot_pass_for_solutions() {
        let mut out = Vec::new();
        failure(&mut out, 17, &Failure::NoSolution);
        assert_eq!(out, b"error: line 17: no solution\n");
        let mut out = Vec::new();
        let grid = Grid::EMPTY;
        solution(&mut out, b"", &grid, Layout::Rows { spaced: true });
        assert_eq!(out.len(), 9 * 18);
    }
}
