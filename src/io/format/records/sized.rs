//! The records of other sizes than 9x9, and 9x9 pencilmark ones: what a record that parsed
//! holds ([`Parsed`]), and the one rule that reads a puzzle in the line form of any size, with
//! the answer it carries ([`with_answer`]).

use super::{Layout, Puzzle};
use crate::grid::{Grid, ParseError};
use crate::sized::{Board, BoardError, Marks, Shape, MARKS_LINE};
use crate::verdict::RecordError;

/// A record that parsed: a 9x9 puzzle, or one of another size or given as pencilmarks, which
/// only some commands take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Parsed {
    /// A 9x9 puzzle.
    Nine(Puzzle),
    /// Any other.
    Sized(Box<SizedPuzzle>),
}

impl Parsed {
    /// The 9x9 puzzle, for tests that read only those.
    #[cfg(test)]
    pub(crate) fn into_nine(self) -> Puzzle {
        match self {
            Parsed::Nine(puzzle) => puzzle,
            Parsed::Sized(sized) => panic!("not 9x9: {sized:?}"),
        }
    }

    /// How it was laid out.
    pub fn layout(&self) -> Layout {
        match self {
            Parsed::Nine(puzzle) => puzzle.layout,
            Parsed::Sized(puzzle) => puzzle.layout,
        }
    }
}

/// A puzzle of another size than 9x9, or a 9x9 puzzle given as pencilmarks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SizedPuzzle {
    /// Its digits (for a pencilmark puzzle, the cells allowed one digit).
    pub board: Board,
    /// Each cell's allowed digits, for a pencilmark puzzle.
    pub marks: Option<Marks>,
    /// How it was laid out.
    pub layout: Layout,
    /// The answer the record carries, parsed or not.
    pub answer: Option<Result<Board, BoardError>>,
}

impl SizedPuzzle {
    /// Its size for messages: N, or 0 for a pencilmark puzzle ([`RecordError::NotNine`]).
    pub fn kind(&self) -> u8 {
        match self.marks {
            Some(_) => 0,
            None => self.board.shape().size() as u8,
        }
    }

    /// Each cell's candidates, as the solver takes them.
    pub fn candidates(&self) -> Vec<u32> {
        match &self.marks {
            Some(marks) => marks.candidates().to_vec(),
            None => self.board.candidates(),
        }
    }
}

/// A line of another length than 81 as a puzzle: a pencilmark line, or a grid of `shape`, or
/// without one of the size its length names.
fn sized_line(
    line: &[u8],
    layout: Layout,
    shape: Option<Shape>,
) -> Result<SizedPuzzle, BoardError> {
    if line.len() == MARKS_LINE {
        let marks = Marks::parse_line(line)?;
        let digits: Vec<u8> = marks
            .candidates()
            .iter()
            .map(|&m| if m.count_ones() == 1 { m.trailing_zeros() as u8 + 1 } else { 0 })
            .collect();
        let board = Board::from_cells(Shape::NINE, &digits).expect("81 digits 0 to 9");
        return Ok(SizedPuzzle { board, marks: Some(marks), layout, answer: None });
    }
    let board = Board::parse_line(line, shape)?;
    Ok(SizedPuzzle { board, marks: None, layout, answer: None })
}

/// A 9x9 line, or any other size's (of `shape` if given), or the reason it is neither.
#[inline]
pub(super) fn any_line(
    line: &[u8],
    layout: Layout,
    shape: Option<Shape>,
) -> Result<Parsed, RecordError> {
    let sized = |shape| Ok(Parsed::Sized(Box::new(sized_line(line, layout, shape)?)));
    match shape {
        // Told another size than 9x9: every line is a grid of it.
        Some(shape) if shape != Shape::NINE => return sized(Some(shape)),
        _ => {}
    }
    match Grid::parse_line(line) {
        Ok(grid) => Ok(Parsed::Nine(Puzzle { grid, layout, answer: None })),
        // A pencilmark line, or (unless told 9x9) the length of another common size.
        Err(ParseError::WrongLength { cells })
            if cells == MARKS_LINE || (shape.is_none() && Shape::of_cells(cells).is_some()) =>
        {
            sized(None)
        }
        Err(e) => Err(e.into()),
    }
}

/// A puzzle in the line form of any size and the answer it carries: `None` for none,
/// `Some(None)` for a null, which is never a valid answer. The one rule for CSV rows and the
/// batch API's strings.
#[inline]
pub(crate) fn with_answer(
    puzzle: &[u8],
    answer: Option<Option<&[u8]>>,
    layout: Layout,
    shape: Option<Shape>,
) -> Result<Parsed, RecordError> {
    match any_line(puzzle, layout, shape)? {
        Parsed::Nine(puzzle) => Ok(Parsed::Nine(Puzzle {
            answer: answer.map(|answer| answer.map_or(Err(ParseError::Null), Grid::parse_line)),
            ..puzzle
        })),
        Parsed::Sized(mut sized) => {
            let shape = sized.board.shape();
            sized.answer = answer.map(|answer| match answer {
                None | Some(b"") => Err(BoardError::WrongLength { cells: 0 }),
                Some(answer) => Board::parse_line(answer, Some(shape)),
            });
            Ok(Parsed::Sized(sized))
        }
    }
}
