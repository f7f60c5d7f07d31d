//! A grid of any shape, and its line form: N * N characters, digits 1-9 then letters A, B, ...
//! for 10 and up, `.`, `0` or `_` for a blank; and the 9x9 pencilmark line, nine characters a
//! cell.

use std::fmt;

use super::Shape;
use crate::grid::House;
use crate::text::{ByteName, Plural};

/// A cell of a grid of size N, named as people count it: `cell 18 (row 2, column 2)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellAt {
    /// The cell, from 0, row by row.
    pub cell: u16,
    /// The grid's size N.
    pub size: u8,
}

impl fmt::Display for CellAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (cell, n) = (usize::from(self.cell), usize::from(self.size));
        write!(f, "cell {} (row {}, column {})", cell + 1, cell / n + 1, cell % n + 1)
    }
}

/// Why a line is not a puzzle of some size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A length that is no size's (nor a pencilmark puzzle's).
    #[error(
        "{}, expected a square grid's: 16, 36, 64, 81, 144, 256 or 625 (4x4 to 25x25), \
         or 729 for a 9x9 pencilmark puzzle",
        Plural(*cells, "cell")
    )]
    WrongLength {
        /// How many characters the line held.
        cells: usize,
    },
    /// A length that is not the size asked for.
    #[error("{}, expected {} for {shape}", Plural(*cells, "cell"), shape.cells())]
    NotShape {
        /// How many characters the line held.
        cells: usize,
        /// The shape asked for.
        shape: Shape,
    },
    /// A character that is neither a digit, a letter nor a blank.
    #[error("{at}: unexpected character {}", ByteName(*byte))]
    BadCharacter {
        /// Where.
        at: CellAt,
        /// The offending byte.
        byte: u8,
    },
    /// A digit or letter above the grid's size (`G`, 16, in a 9x9 line).
    #[error("{at}: {} is {value}, above {n} in a {n}x{n} grid", ByteName(*byte), n = at.size)]
    TooLarge {
        /// Where.
        at: CellAt,
        /// The character.
        byte: u8,
        /// Its value.
        value: u8,
    },
    /// A pencilmark cell (nine characters) that is not the digits it allows, in place, and
    /// `.` for the others.
    #[error("{at}: pencilmarks {marks:?} are not digits 1-9 in place, `.` elsewhere", marks = std::str::from_utf8(marks).unwrap_or("?"))]
    BadMarks {
        /// Where.
        at: CellAt,
        /// The cell's nine characters.
        marks: [u8; 9],
    },
}

impl BoardError {
    /// Whether it says there is no text at all: an empty field or a null, which as an answer
    /// is no answer.
    pub fn is_missing(&self) -> bool {
        matches!(self, BoardError::WrongLength { cells: 0 })
    }
}

/// The value of a character as a cell of any size: `1`-`9` as themselves, `A`-`Z` (either
/// case) from 10, `.`, `0` and `_` blank (0); `None` for anything else.
#[inline]
pub fn symbol_value(byte: u8) -> Option<u8> {
    match byte {
        b'1'..=b'9' => Some(byte - b'0'),
        b'A'..=b'Z' => Some(byte - b'A' + 10),
        b'a'..=b'z' => Some(byte - b'a' + 10),
        b'0' | b'.' | b'_' => Some(0),
        _ => None,
    }
}

/// The character of a digit: `1`-`9`, then `A` for 10 and on.
#[inline]
pub fn symbol(digit: u8) -> u8 {
    match digit {
        0 => b'.',
        1..=9 => b'0' + digit,
        _ => b'A' + digit - 10,
    }
}

/// A grid of any [`Shape`]: `0` a blank, `1..=N` a digit, row by row.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    shape: Shape,
    cells: Box<[u8]>,
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({}, {self})", self.shape)
    }
}

impl fmt::Display for Board {
    /// The line form, blanks as `.`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut line = Vec::with_capacity(self.cells.len());
        self.write_line(&mut line);
        f.write_str(std::str::from_utf8(&line).expect("ASCII"))
    }
}

impl Board {
    /// The grid of `shape` with every cell blank.
    pub fn empty(shape: Shape) -> Board {
        Board { shape, cells: vec![0; shape.cells()].into() }
    }

    /// A grid from its cells' values, row by row; `None` unless there are N * N of them and
    /// none is above N.
    pub fn from_cells(shape: Shape, cells: &[u8]) -> Option<Board> {
        let ok =
            cells.len() == shape.cells() && cells.iter().all(|&v| usize::from(v) <= shape.size());
        ok.then(|| Board { shape, cells: cells.into() })
    }

    /// Parses the line form: `shape`'s N * N characters, or with no shape any square number
    /// of them from 16 to 625, each grid in its usual shape ([`Shape::of_size`]). The slice
    /// must hold exactly the puzzle.
    pub fn parse_line(line: &[u8], shape: Option<Shape>) -> Result<Board, BoardError> {
        let shape = match shape {
            Some(shape) if shape.cells() != line.len() => {
                return Err(BoardError::NotShape { cells: line.len(), shape });
            }
            Some(shape) => shape,
            None => {
                Shape::of_cells(line.len()).ok_or(BoardError::WrongLength { cells: line.len() })?
            }
        };
        let size = shape.size() as u8;
        let mut cells = Vec::with_capacity(line.len());
        for (cell, &byte) in line.iter().enumerate() {
            let at = CellAt { cell: cell as u16, size };
            let value = symbol_value(byte).ok_or(BoardError::BadCharacter { at, byte })?;
            if value > size {
                return Err(BoardError::TooLarge { at, byte, value });
            }
            cells.push(value);
        }
        Ok(Board { shape, cells: cells.into() })
    }

    /// Its shape.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The cells, row by row.
    #[inline]
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The cells to write a solution into.
    #[inline]
    pub fn cells_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }

    /// Appends the line form (blanks as `.`) to `out`.
    pub fn write_line(&self, out: &mut Vec<u8>) {
        out.extend(self.cells.iter().map(|&d| symbol(d)));
    }

    /// Appends the grid as rows of numbers, a row a line, separated by spaces (`0` a blank),
    /// as grids of integers are written (`0 16 1 0 ...`); with `boxed`, `|` between boxes and
    /// a rule of `-` and `+` between bands, each number as wide as the widest (so 10x10 and
    /// larger line up). Each line ends in a line end.
    pub fn write_rows(&self, out: &mut Vec<u8>, boxed: bool) {
        let n = self.shape.size();
        let width = if boxed && n > 9 { 2 } else { 1 };
        let mut row_text = Vec::with_capacity(4 * n);
        for (r, row) in self.cells.chunks_exact(n).enumerate() {
            row_text.clear();
            for (c, &digit) in row.iter().enumerate() {
                if c > 0 {
                    row_text.push(b' ');
                    if boxed && c % self.shape.box_cols() == 0 {
                        row_text.extend_from_slice(b"| ");
                    }
                }
                if width == 2 && digit < 10 {
                    row_text.push(b' ');
                }
                row_text.extend_from_slice(itoa::Buffer::new().format(digit).as_bytes());
            }
            if boxed && r > 0 && r % self.shape.box_rows() == 0 {
                out.extend(row_text.iter().map(|&b| if b == b'|' { b'+' } else { b'-' }));
                out.push(b'\n');
            }
            out.extend_from_slice(&row_text);
            out.push(b'\n');
        }
    }

    /// Each cell's candidates as the solvers take them: a given's digit alone, every digit
    /// for a blank.
    pub fn candidates(&self) -> Vec<u32> {
        let all = self.shape.all_digits();
        self.cells.iter().map(|&d| if d == 0 { all } else { 1 << (d - 1) }).collect()
    }

    /// Digits in place.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// The first house (rows, then columns, then boxes) where a digit repeats, and the digit.
    pub fn conflict(&self) -> Option<(u8, House)> {
        let n = self.shape.size();
        (0..3 * n).find_map(|house| {
            let mut seen = 0u32;
            for k in 0..n {
                let d = self.cells[self.shape.house_cell(house, k)];
                if d != 0 && seen & (1 << d) != 0 {
                    let h = (house % n) as u8;
                    let house = [House::Row(h), House::Column(h), House::Box(h)][house / n];
                    return Some((d, house));
                }
                seen |= 1 << d;
            }
            None
        })
    }

    /// Whether every cell holds a digit and no digit repeats in a house.
    pub fn is_solved(&self) -> bool {
        !self.cells.contains(&0) && self.conflict().is_none()
    }

    /// The first cell where `self` differs from a given of `puzzle` (of the same shape).
    pub fn changed_given(&self, puzzle: &Board) -> Option<usize> {
        puzzle.cells.iter().zip(&self.cells).position(|(&p, &s)| p != 0 && p != s)
    }
}

/// A 9x9 pencilmark puzzle: for each cell, the digits it may hold.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Marks(Box<[u32; 81]>);

impl fmt::Debug for Marks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut line = Vec::with_capacity(729);
        self.write_line(&mut line);
        write!(f, "Marks({})", String::from_utf8_lossy(&line))
    }
}

/// Characters in a pencilmark line: nine a cell.
pub const MARKS_LINE: usize = 729;

impl Marks {
    /// Parses tdoku's pencilmark line: cell by cell, nine characters a cell, the `k`-th either
    /// the digit `k` (allowed) or `.` (`0` is accepted too) where the digit is not allowed.
    pub fn parse_line(line: &[u8]) -> Result<Marks, BoardError> {
        if line.len() != MARKS_LINE {
            return Err(BoardError::WrongLength { cells: line.len() });
        }
        let mut marks = Box::new([0u32; 81]);
        for (cell, chunk) in line.chunks_exact(9).enumerate() {
            let mut mask = 0;
            for (k, &byte) in chunk.iter().enumerate() {
                match byte {
                    b'.' | b'0' => {}
                    _ if byte == b'1' + k as u8 => mask |= 1 << k,
                    _ => {
                        let at = CellAt { cell: cell as u16, size: 9 };
                        let marks = chunk.try_into().expect("nine");
                        return Err(BoardError::BadMarks { at, marks });
                    }
                }
            }
            marks[cell] = mask;
        }
        Ok(Marks(marks))
    }

    /// Each cell's allowed digits, bit `d - 1` for digit `d`.
    pub fn candidates(&self) -> &[u32; 81] {
        &self.0
    }

    /// Appends the pencilmark line.
    pub fn write_line(&self, out: &mut Vec<u8>) {
        for &mask in self.0.iter() {
            out.extend((0..9).map(|k| if mask & (1 << k) != 0 { b'1' + k } else { b'.' }));
        }
    }
}
