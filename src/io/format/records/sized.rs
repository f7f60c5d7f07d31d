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
    match line_as_is(line, layout, shape) {
        Ok(parsed) => Ok(parsed),
        Err(e) => Err(line_error(line, e, shape)),
    }
}

/// Why a line is no puzzle, said better than its parser can where it helps: a character that
/// is not ASCII is named, with its column counted in characters (`é` is not two cells); a
/// length that is the cells of a size read only when asked for says so.
#[cold]
fn line_error(line: &[u8], error: RecordError, shape: Option<Shape>) -> RecordError {
    if let Some(at) = line.iter().position(|b| !b.is_ascii()) {
        let column = String::from_utf8_lossy(&line[..at]).chars().count() + 1;
        let rest = &line[at..line.len().min(at + 4)];
        let character = match std::str::from_utf8(rest) {
            Ok(text) => text.chars().next(),
            Err(e) => {
                std::str::from_utf8(&rest[..e.valid_up_to()]).ok().and_then(|t| t.chars().next())
            }
        };
        return RecordError::LineCharacter { column, character, byte: line[at] };
    }
    match error {
        RecordError::Line(ParseError::WrongLength { cells }) if shape.is_none() => {
            let n = cells.isqrt();
            match n * n == cells && Shape::of_size(n).is_some() {
                true => RecordError::UncommonSize { cells, size: n as u8 },
                false => error,
            }
        }
        error => error,
    }
}

/// [`any_line`], its parsers' errors as they are.
#[inline]
fn line_as_is(line: &[u8], layout: Layout, shape: Option<Shape>) -> Result<Parsed, RecordError> {
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

// The one parse of a 9x9 line that is not a record of a file (Python's `apply_transform`)
// lives here, beside the rule it applies, rather than in `verdict.rs`, which names the error
// and stays below the readers.
impl RecordError {
    /// Parses a one-line 9x9 puzzle for `task`, which takes 9x9 puzzles only (Python's
    /// `apply_transform`): a line of another size, or a pencilmark line, is named as such
    /// ([`RecordError::NotNine`]), by the rule the readers use; else why it is no puzzle.
    pub fn parse_nine(line: &[u8], task: &'static str) -> Result<Grid, RecordError> {
        match any_line(line, Layout::Line, None)? {
            Parsed::Nine(puzzle) => Ok(puzzle.grid),
            Parsed::Sized(sized) => Err(RecordError::NotNine { size: sized.kind(), task }),
        }
    }
}

/// A puzzle in the line form of any size and the answer it carries: `None` for none,
/// `Some(None)` for a null, which is no answer, as an empty field is, and never valid. The one rule for CSV rows and the
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
            // A null is no answer, as an empty field is: one fault, one message.
            answer: answer.map(|answer| Grid::parse_line(answer.unwrap_or_default())),
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

#[cfg(test)]
mod tests {
    use super::super::Records;
    use super::*;
    use crate::io::format::{detect, Format};

    /// A 4x4 puzzle as rows of numbers, and the same with `.` blanks and `|` between boxes.
    const FOUR: &str = "1 0 0 4\n0 0 1 0\n0 1 0 0\n4 0 0 1\n";

    fn grids(text: &str, shape: Option<Shape>) -> Vec<(u64, Result<Parsed, RecordError>)> {
        let records = Records::new(Format::Grid, text.as_bytes(), 1).with_shape(shape);
        records.map(|r| (r.line, r.parsed)).collect()
    }

    fn board(parsed: &Result<Parsed, RecordError>) -> (Board, Layout) {
        match parsed {
            Ok(Parsed::Sized(sized)) => (sized.board.clone(), sized.layout),
            other => panic!("not a sized puzzle: {other:?}"),
        }
    }

    #[test]
    fn rows_of_numbers_are_grids_of_their_size() {
        let boxed = "1 . | . 4\n. . | 1 .\n----+----\n. 1 | . .\n4 . | . 1\n";
        let nine = "8 0 0 0 0 0 0 0 0\n".repeat(9);
        let got = grids(&format!("{FOUR}\n{boxed}\n{nine}"), None);
        assert_eq!(got.iter().map(|g| g.0).collect::<Vec<_>>(), [1, 6, 12]);
        let (a, layout) = board(&got[0].1);
        assert_eq!(
            (a.to_string().as_str(), layout),
            ("1..4..1..1..4..1", Layout::Rows { spaced: true, boxed: false })
        );
        let (b, layout) = board(&got[1].1);
        assert_eq!((b, layout), (a, Layout::Rows { spaced: true, boxed: true }));
        assert!(matches!(got[2].1, Ok(Parsed::Nine(_))), "9x9 rows stay 9x9");
        // Back to back: a block of 32 rows of 16 numbers is two grids; 17 rows are one error.
        let sixteen = "0 ".repeat(15) + "16\n";
        let got = grids(&sixteen.repeat(32), None);
        assert_eq!(got.iter().map(|g| g.0).collect::<Vec<_>>(), [1, 17]);
        assert_eq!(board(&got[1].1).0.shape().size(), 16);
        let got = grids(&sixteen.repeat(17), None);
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].0, 17, "the first row past 16");
        assert_eq!(got[0].1.clone().unwrap_err().to_string(), "17 rows, expected 16");
    }

    #[test]
    fn a_bad_row_of_numbers_is_named() {
        let error = |text: &str| {
            let got = grids(text, None);
            (got[0].0, got[0].1.clone().unwrap_err().to_string())
        };
        let big = FOUR.replace("0 1 0 0", "0 1 0 7");
        assert_eq!(
            error(&big),
            (3, "cell 12 (row 3, column 4): 7 is above 4 in a 4x4 grid".into())
        );
        // A row one number short: the block is still 4x4, as most of its rows say.
        let short = FOUR.replacen("1 0 0 4", "1 0 4", 1);
        assert_eq!(error(&short), (1, "3 cells in row 1, expected 4".into()));
        let letter = FOUR.replace("0 0 1 0", "0 0 A 0");
        assert_eq!(error(&letter), (2, "row 2, column 5: unexpected character 'A'".into()));
        let missing = FOUR.lines().take(3).collect::<Vec<_>>().join("\n");
        assert_eq!(error(&missing), (1, "3 rows, expected 4".into()));
        // Told another size, every block is read as that size.
        let told = grids(FOUR, Shape::of_size(6));
        let err = told[0].1.clone().unwrap_err().to_string();
        assert_eq!((told[0].0, err.as_str()), (1, "4 cells in row 1, expected 6"));
    }

    #[test]
    fn grids_of_numbers_are_detected_on_enough_rows() {
        assert_eq!(detect(FOUR.as_bytes(), None), Format::Grid);
        let sixteen = ("0 ".repeat(15) + "16\n").repeat(16);
        assert_eq!(detect(sixteen.as_bytes(), None), Format::Grid);
        // Rows of 10 numbers name no size unless told.
        let ten = ("0 ".repeat(9) + "10\n").repeat(10);
        assert_eq!(detect(ten.as_bytes(), None), Format::Line);
        assert_eq!(detect(ten.as_bytes(), Shape::of_size(10)), Format::Grid);
        // Lines of another length, and too few rows of numbers among them, are lines.
        let lines = "1..4..1..1..4..1\n".repeat(3) + "1 2 3 4\n";
        assert_eq!(detect(lines.as_bytes(), None), Format::Line);
    }

    #[test]
    fn answers_are_written_as_rows_of_numbers() {
        let solution = Board::parse_line(b"1234341221434321", None).unwrap();
        let mut out = Vec::new();
        solution.write_rows(&mut out, false);
        assert_eq!(out, b"1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n");
        out.clear();
        solution.write_rows(&mut out, true);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n"
        );
        let big = Board::from_cells(Shape::of_size(12).unwrap(), &[12; 144]).unwrap();
        let mut out = Vec::new();
        big.write_rows(&mut out, true);
        let first = String::from_utf8(out).unwrap().lines().next().unwrap().to_string();
        assert_eq!(first, "12 12 12 12 | 12 12 12 12 | 12 12 12 12");
    }
}
