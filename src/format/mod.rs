//! Input formats: which one a file uses, where its records are, and what each one says.
//!
//! Two layouts are read, the two the classic problem statements use:
//! - **line**: one puzzle a line, 81 characters, `.`, `0` or `_` for a blank;
//! - **grid**: nine rows of nine digits, separated by spaces or run together, `0` (or `.`)
//!   for a blank, puzzles separated by blank lines.
//!
//! In both, lines starting with `#` are comments, blank lines between records are skipped, a
//! line end may be `\n` or `\r\n`, and a line `end` ends the input.
//!
//! [`chunk`] cuts an input into pieces that end on record boundaries, so that pieces can be
//! parsed and solved in parallel; [`records`] turns one piece into numbered [`Record`]s.

pub mod chunk;
pub mod records;

pub use records::{Record, RecordError, Records};

use memchr::memmem;

/// A layout of puzzles in a text input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// One 81-character puzzle a line.
    Line,
    /// Nine rows of nine cells a puzzle, puzzles separated by blank lines.
    Grid,
}

/// How many significant lines [`detect`] looks at.
const DETECT_LINES: usize = 20;

/// Guesses the format from the first significant lines of an input: if more of them look like
/// grid rows (nine cells) than like puzzle lines, it is the grid format, otherwise the line
/// format (whose parser then reports, line by line, whatever is wrong).
pub fn detect(data: &[u8]) -> Format {
    let (mut lines, mut rows) = (0, 0);
    let significant = data
        .split(|&b| b == b'\n')
        .map(trim)
        .take_while(|line| !is_end_marker(line))
        .filter(|line| !line.is_empty() && !line.starts_with(b"#"))
        .take(DETECT_LINES);
    for line in significant {
        let cells = line.iter().filter(|b| !b.is_ascii_whitespace()).count();
        match cells {
            81 => lines += 1,
            9 => rows += 1,
            _ => {}
        }
    }
    if rows > lines {
        Format::Grid
    } else {
        Format::Line
    }
}

/// The line without leading and trailing ASCII white space (which takes a `\r` too).
#[inline]
pub(crate) fn trim(line: &[u8]) -> &[u8] {
    line.trim_ascii()
}

/// Whether a line (already trimmed) is the `end` marker.
#[inline]
pub(crate) fn is_end_marker(line: &[u8]) -> bool {
    line == b"end"
}

/// Where the input stops: the offset of the first line that reads `end` (trailing white space
/// allowed), or the input's length. What follows that line is not read.
pub fn input_end(data: &[u8]) -> usize {
    for at in memmem::find_iter(data, b"end") {
        let starts_line = at == 0 || data[at - 1] == b'\n';
        if !starts_line {
            continue;
        }
        let rest = &data[at + 3..];
        let line_end = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
        if rest[..line_end].iter().all(u8::is_ascii_whitespace) {
            return at;
        }
    }
    data.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_line_and_grid_inputs() {
        let line = b"# comment\n\n.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.\n";
        assert_eq!(detect(line), Format::Line);
        let grid = b"8 0 0 0 0 0 0 0 0\n0 0 3 6 0 0 0 0 0\n0 7 0 0 9 0 2 0 0\n";
        assert_eq!(detect(grid), Format::Grid);
        let compact = b"800000000\r\n003600000\r\n";
        assert_eq!(detect(compact), Format::Grid);
        assert_eq!(detect(b""), Format::Line);
        assert_eq!(detect(b"garbage\n"), Format::Line);
    }

    #[test]
    fn end_marker_stops_the_input() {
        assert_eq!(input_end(b"abc\nend\nmore\n"), 4);
        assert_eq!(input_end(b"end"), 0);
        assert_eq!(input_end(b"abc\nend \r\nmore"), 4);
        assert_eq!(input_end(b"abc\n# the end\nendless\nx"), 23);
        assert_eq!(input_end(b"abc\nfriend\n"), 11);
    }
}
