//! The 81-cell grid and its two text encodings, and the [`Outcome`] of a search of a grid, which
//! every solver answers with, 9x9 or not.
//!
//! A [`Grid`] holds one byte a cell, row by row: `0` for a blank, `1..=9` for a digit. It is
//! the value every other module passes around: the parsers produce it, the solvers read it and
//! write their answer into one, the output encoders turn it back into bytes.
//!
//! ```text
//!            col 0 1 2   3 4 5   6 7 8
//!   row 0:     [ 0  1  2 | 3  4  5 | 6  7  8 ]   box 0 | box 1 | box 2
//!   row 1:     [ 9 10 11 |12 13 14 |15 16 17 ]
//!   row 2:     [18 19 20 |21 22 23 |24 25 26 ]
//!              ----------+---------+---------
//!   row 3:     [27 ...                       ]   box 3 | box 4 | box 5
//!   ...
//!   row 8:     [72 73 74 |75 76 77 |78 79 80 ]   box 6 | box 7 | box 8
//! ```

use std::fmt;

use crate::text::{ByteName, CellName, Plural};

/// Number of cells in a grid.
pub const CELLS: usize = 81;

/// A 9x9 Sudoku grid: `0` is a blank, `1..=9` a digit. Cells run row by row.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid(pub(crate) [u8; CELLS]);

/// Why a line of 81 characters is not a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// The line has the wrong number of cells.
    #[error("{}, expected 81", Plural(*cells, "cell"))]
    WrongLength {
        /// How many cells the line held.
        cells: usize,
    },
    /// A character that is neither a digit nor a blank (`.`, `0`, `_`).
    #[error("{}: unexpected character {}", CellName(*cell), ByteName(*byte))]
    BadCharacter {
        /// The cell index, 0 to 80.
        cell: usize,
        /// The offending byte.
        byte: u8,
    },
    /// No text at all: the field was a null (a Parquet or Arrow cell without a value), which
    /// no text parses to; the parser never returns it, the readers of those files do.
    #[error("null cell")]
    Null,
}

impl ParseError {
    /// Whether it says there is no text at all: an empty field or a null, which as an answer
    /// is no answer.
    pub fn is_missing(&self) -> bool {
        matches!(self, ParseError::WrongLength { cells: 0 } | ParseError::Null)
    }
}

/// A house of the grid: row, column or box, each numbered from 0.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum House {
    /// A row, 0 = top.
    Row(u8),
    /// A column, 0 = left.
    Column(u8),
    /// A box, 0 = top left, numbered row by row.
    Box(u8),
}

impl fmt::Display for House {
    /// Houses are shown numbered from 1, as people count them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            House::Row(i) => write!(f, "row {}", i + 1),
            House::Column(i) => write!(f, "column {}", i + 1),
            House::Box(i) => write!(f, "box {}", i + 1),
        }
    }
}

/// Two givens with the same digit in one house: the puzzle cannot have a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("digit {digit} twice in {house}")]
pub struct Conflict {
    /// The repeated digit, 1 to 9.
    pub digit: u8,
    /// The first house (rows, then columns, then boxes) where it repeats.
    pub house: House,
}

/// Maps an input byte to a cell value: digits to themselves, blanks to 0, anything else to
/// [`INVALID`]. A table, so the hot parse loop is one load a cell.
const CELL_VALUE: [u8; 256] = {
    let mut table = [INVALID; 256];
    let mut d = 1;
    while d <= 9 {
        table[(b'0' + d) as usize] = d;
        d += 1;
    }
    table[b'0' as usize] = 0;
    table[b'.' as usize] = 0;
    table[b'_' as usize] = 0;
    table
};
const INVALID: u8 = 0xFF;

/// The value of one input character as a cell (`.`, `0`, `_` are blanks), or `None`.
#[inline]
pub fn cell_value(byte: u8) -> Option<u8> {
    match CELL_VALUE[byte as usize] {
        INVALID => None,
        v => Some(v),
    }
}

impl Grid {
    /// The grid with every cell blank.
    pub const EMPTY: Grid = Grid([0; CELLS]);

    /// A grid from cell values; `None` if any value is above 9.
    pub fn from_cells(cells: [u8; CELLS]) -> Option<Grid> {
        // The largest cell, not `all`: a loop without an early exit, which the compiler does
        // 16 or 32 bytes a step (`all` went a byte at a time, some 280 instructions a grid).
        (cells.iter().fold(0, |max, &v| max.max(v)) <= 9).then_some(Grid(cells))
    }

    /// Parses the 81-character line form: digits, with `.`, `0` or `_` for blanks. The slice
    /// must hold exactly the puzzle (no line end).
    pub fn parse_line(line: &[u8]) -> Result<Grid, ParseError> {
        let Ok(line) = <&[u8; CELLS]>::try_from(line) else {
            return Err(ParseError::WrongLength { cells: line.len() });
        };
        let mut cells = [0u8; CELLS];
        // Fast path: translate every byte and check once at the end. Arithmetic rather than
        // `CELL_VALUE`, so that the compiler does 16 bytes a step with vector compares (the
        // table took a load a byte; see docs/solver-notes.md). The two agree on every byte (a
        // test checks).
        let mut bad = 0u8;
        for (cell, &byte) in cells.iter_mut().zip(line) {
            let digit = byte.wrapping_sub(b'0');
            let blank = u8::from(byte == b'.') | u8::from(byte == b'_');
            bad |= u8::from(digit > 9) & !blank;
            *cell = digit & blank.wrapping_sub(1);
        }
        if bad != 0 {
            // Slow path, only for errors: find the first bad character.
            let cell = line.iter().position(|&byte| cell_value(byte).is_none()).unwrap_or(0);
            return Err(ParseError::BadCharacter { cell, byte: line[cell] });
        }
        Ok(Grid(cells))
    }

    /// The cells, row by row.
    #[inline]
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.0
    }

    /// The value at `row`, `col` (both 0 to 8); 0 for a blank.
    #[inline]
    pub fn get(&self, row: usize, col: usize) -> u8 {
        self.0[row * 9 + col]
    }

    /// Number of givens (non-blank cells).
    pub fn givens(&self) -> usize {
        self.0.iter().filter(|&&v| v != 0).count()
    }

    /// The first pair of equal givens in one house, if any (rows, then columns, then boxes).
    pub fn conflict(&self) -> Option<Conflict> {
        // One pass over the cells finds whether any house repeats a digit; only then is it worth
        // the ordered scan that names the first such house.
        let (mut rows, mut cols, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
        let mut repeated = 0u16;
        for (cell, &v) in self.0.iter().enumerate() {
            let bit = (1u16 << v) & !1; // a blank sets no bit
            let (r, c) = (cell / 9, cell % 9);
            let b = r / 3 * 3 + c / 3;
            repeated |= (rows[r] | cols[c] | boxes[b]) & bit;
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
        }
        if repeated == 0 {
            return None;
        }
        let houses = (0..9u8)
            .map(House::Row)
            .chain((0..9u8).map(House::Column))
            .chain((0..9u8).map(House::Box));
        for house in houses {
            let mut seen = 0u16;
            for cell in house_cells(house) {
                let v = self.0[cell];
                if v == 0 {
                    continue;
                }
                let bit = 1 << v;
                if seen & bit != 0 {
                    return Some(Conflict { digit: v, house });
                }
                seen |= bit;
            }
        }
        unreachable!("a repeated digit is in some house")
    }

    /// Whether every cell is filled and no house repeats a digit.
    pub fn is_solved(&self) -> bool {
        self.0.iter().all(|&v| v != 0) && self.conflict().is_none()
    }

    /// Whether this grid keeps every given of `puzzle`.
    pub fn agrees_with(&self, puzzle: &Grid) -> bool {
        self.0.iter().zip(&puzzle.0).all(|(&a, &p)| p == 0 || a == p)
    }

    /// Appends the 81-character line form (blanks as `.`), without a line end.
    #[inline]
    pub fn write_line(&self, out: &mut Vec<u8>) {
        // Into an array first, then one copy: the compiler turns this loop into a few vector
        // selects, where extending the `Vec` a byte at a time checked its room at every byte.
        let mut line = [0u8; CELLS];
        for (c, &v) in line.iter_mut().zip(&self.0) {
            *c = if v == 0 { b'.' } else { b'0' + v };
        }
        out.extend_from_slice(&line);
    }

    /// Appends the nine-row form, each row ended by `\n`: digits separated by spaces when
    /// `spaced`, run together otherwise; blanks as `0`.
    pub fn write_rows(&self, out: &mut Vec<u8>, spaced: bool) {
        for row in self.0.chunks_exact(9) {
            for (i, &v) in row.iter().enumerate() {
                if spaced && i > 0 {
                    out.push(b' ');
                }
                out.push(b'0' + v);
            }
            out.push(b'\n');
        }
    }

    /// Writes the grid as nine rows pretty-printed: `|` between boxes and a rule between
    /// bands (`------+-------+------` when `spaced`, `---+---+---` otherwise); blanks as `0`.
    pub fn write_boxed_rows(&self, out: &mut Vec<u8>, spaced: bool) {
        let (bar, rule): (&[u8], &[u8]) = match spaced {
            true => (b" | ", b"------+-------+------\n"),
            false => (b"|", b"---+---+---\n"),
        };
        for (r, row) in self.0.chunks_exact(9).enumerate() {
            if r == 3 || r == 6 {
                out.extend_from_slice(rule);
            }
            for (i, &v) in row.iter().enumerate() {
                if i == 3 || i == 6 {
                    out.extend_from_slice(bar);
                } else if spaced && i > 0 {
                    out.push(b' ');
                }
                out.push(b'0' + v);
            }
            out.push(b'\n');
        }
    }
}

/// The nine cell indices of a house.
pub fn house_cells(house: House) -> impl Iterator<Item = usize> {
    (0..9usize).map(move |i| match house {
        House::Row(r) => r as usize * 9 + i,
        House::Column(c) => i * 9 + c as usize,
        House::Box(b) => {
            let (b, i) = (b as usize, i);
            (b / 3 * 3 + i / 3) * 9 + b % 3 * 3 + i % 3
        }
    })
}

/// What a search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Outcome {
    /// Solutions found, never more than the limit asked for: with limit 2, a 2 means "two or
    /// more".
    pub solutions: u32,
    /// Digits tried at branch points, once each (0: singles alone solved it). The oracles
    /// report their own notion of a step here; compare guesses only between runs of one solver.
    pub guesses: u64,
}

impl Outcome {
    /// Whether at least one solution was found.
    pub fn solved(&self) -> bool {
        self.solutions > 0
    }
}

impl fmt::Display for Grid {
    /// The 81-character line form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut line = Vec::with_capacity(CELLS);
        self.write_line(&mut line);
        f.write_str(std::str::from_utf8(&line).expect("ASCII"))
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({self})")
    }
}

impl std::str::FromStr for Grid {
    type Err = ParseError;
    fn from_str(s: &str) -> Result<Grid, ParseError> {
        Grid::parse_line(s.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";

    #[test]
    fn parse_line_reads_every_byte_as_cell_value_does() {
        for byte in 0..=255u8 {
            for at in [0, 40, 80] {
                let mut line = [b'.'; CELLS];
                line[at] = byte;
                match (Grid::parse_line(&line), cell_value(byte)) {
                    (Ok(grid), Some(v)) => {
                        assert_eq!(grid.0[at], v, "byte {byte:#x}");
                        assert_eq!(grid.givens(), usize::from(v != 0), "byte {byte:#x}");
                    }
                    (Err(e), None) => {
                        assert_eq!(e, ParseError::BadCharacter { cell: at, byte }, "{byte:#x}")
                    }
                    (got, want) => panic!("byte {byte:#x}: {got:?}, cell_value {want:?}"),
                }
            }
        }
    }

    #[test]
    fn line_round_trip() {
        let grid: Grid = PUZZLE.parse().unwrap();
        assert_eq!(grid.to_string(), PUZZLE);
        assert_eq!(grid.get(0, 1), 2);
        assert_eq!(grid.get(0, 0), 0);
        assert_eq!(grid.givens(), 36);
    }

    #[test]
    fn blanks_are_dot_zero_or_underscore() {
        let zeros = PUZZLE.replace('.', "0");
        let unders = PUZZLE.replace('.', "_");
        let a: Grid = PUZZLE.parse().unwrap();
        assert_eq!(a, zeros.parse().unwrap());
        assert_eq!(a, unders.parse().unwrap());
    }

    #[test]
    fn parse_errors_name_the_cell() {
        assert_eq!(Grid::parse_line(&[b'.'; 80]), Err(ParseError::WrongLength { cells: 80 }));
        let mut bad = PUZZLE.as_bytes().to_vec();
        bad[40] = b'x';
        let err = Grid::parse_line(&bad).unwrap_err();
        assert_eq!(err, ParseError::BadCharacter { cell: 40, byte: b'x' });
        assert_eq!(err.to_string(), "cell 41 (row 5, column 5): unexpected character 'x'");
        bad[40] = 0;
        let err = Grid::parse_line(&bad).unwrap_err().to_string();
        assert!(err.ends_with("unexpected character byte 0x00"), "{err}");
    }

    #[test]
    fn conflicts_name_digit_and_house() {
        let mut cells = [0u8; 81];
        cells[0] = 4;
        cells[8] = 4;
        let c = Grid(cells).conflict().unwrap();
        assert_eq!(c.to_string(), "digit 4 twice in row 1");
        cells[8] = 0;
        cells[72] = 4;
        assert_eq!(Grid(cells).conflict().unwrap().to_string(), "digit 4 twice in column 1");
        cells[72] = 0;
        cells[20] = 4;
        assert_eq!(Grid(cells).conflict().unwrap().to_string(), "digit 4 twice in box 1");
        cells[20] = 0;
        assert_eq!(Grid(cells).conflict(), None);
    }

    #[test]
    fn houses_cover_every_cell_three_times() {
        let mut seen = [0u8; 81];
        for i in 0..9 {
            for house in [House::Row(i), House::Column(i), House::Box(i)] {
                for cell in house_cells(house) {
                    seen[cell] += 1;
                }
            }
        }
        assert!(seen.iter().all(|&n| n == 3));
        let box4: Vec<usize> = house_cells(House::Box(4)).collect();
        assert_eq!(box4, [30, 31, 32, 39, 40, 41, 48, 49, 50]);
    }

    #[test]
    fn rows_form() {
        let grid: Grid = PUZZLE.parse().unwrap();
        let mut out = Vec::new();
        grid.write_rows(&mut out, true);
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().next(), Some("0 2 7 3 8 0 0 1 0"));
        assert_eq!(text.lines().count(), 9);
        let mut out = Vec::new();
        grid.write_rows(&mut out, false);
        assert_eq!(String::from_utf8(out).unwrap().lines().next(), Some("027380010"));
    }
}
