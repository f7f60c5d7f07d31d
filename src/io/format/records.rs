//! Turns a piece of input into numbered records: a puzzle, or the reason it is not one.
//!
//! Line numbers are physical lines counted from 1, as an editor shows them. A record that is
//! wrong names the line where it goes wrong: for the grid format, the offending row's line.

use super::csv::rows::{quoting, row_end};
use super::csv::{plain_row, split_fields_by, CsvLayout, Delimiter, NULL_FIELD};
use super::lines::{count_line_ends, line_at};
use super::{is_end_marker, trim, Format};
use crate::grid::{cell_value, Grid, ParseError};
use crate::sized::{Board, CellAt, Shape, MAX_SIZE};
use crate::verdict::RecordError;

mod sized;

use sized::any_line;
pub(crate) use sized::{nine_only, with_answer};
pub use sized::{Parsed, SizedPuzzle};

/// How a puzzle was laid out, so its answer can be laid out the same way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// One 81-character line.
    Line,
    /// Nine rows; digits separated by spaces when `spaced`, boxes by `|` and rules when
    /// `boxed`.
    Rows {
        /// Whether the first row had spaces between its digits.
        spaced: bool,
        /// Whether the first row had `|` between its boxes.
        boxed: bool,
    },
    /// A CSV row.
    Csv,
}

/// One record of the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record<'a> {
    /// The input line the record starts on, or for a malformed record the line at fault.
    pub line: u64,
    /// The record's text without surrounding white space: for CSV and the line format, its
    /// line (a CSV row, which output passes through: its lines, where quoted fields hold line
    /// ends); for a grid, its rows from the first to
    /// the last, and whatever lines lie between them.
    pub text: &'a [u8],
    /// The puzzle, or why the text is not a puzzle.
    pub parsed: Result<Parsed, RecordError>,
}

/// A 9x9 puzzle that parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Puzzle {
    /// The givens.
    pub grid: Grid,
    /// How they were laid out.
    pub layout: Layout,
    /// The answer the record carries (a CSV answer column), parsed or not.
    pub answer: Option<Result<Grid, ParseError>>,
}

/// The records of one piece of input, in order.
pub struct Records<'a> {
    format: Format,
    data: &'a [u8],
    pos: usize,
    /// The line number of the line starting at `pos`.
    line: u64,
    /// A CSV header passed over and not yet taken.
    header: Option<&'a [u8]>,
    /// Rows left in a block of grids written back to back, read N at a time.
    back_to_back: usize,
    /// The size N of the grids of the block being read ([`Records::block_rows`]).
    block_size: usize,
    /// Whether a CSV row's answer field is read ([`Records::without_answers`]).
    answers: bool,
    /// Lines skipped as comments so far.
    comments: u64,
    /// The shape every puzzle must have, if the user said.
    shape: Option<Shape>,
}

impl<'a> Records<'a> {
    /// Reads `data`, whose first line is line `first_line` of the input.
    pub fn new(format: Format, data: &'a [u8], first_line: u64) -> Records<'a> {
        Records {
            format,
            data,
            pos: 0,
            line: first_line,
            header: None,
            back_to_back: 0,
            block_size: 9,
            answers: true,
            comments: 0,
            shape: None,
        }
    }

    /// Reads every puzzle as a grid of `shape`, if given, rather than of the size its length
    /// names.
    pub fn with_shape(self, shape: Option<Shape>) -> Records<'a> {
        Records { shape, ..self }
    }

    /// How many lines were skipped as comments so far: `#` lines of the line and grid formats,
    /// and those before a CSV input's rows (after its header, a row is a record whatever its
    /// first field holds).
    pub fn comments(&self) -> u64 {
        self.comments
    }

    /// Leaves the answers of CSV rows unread (`Puzzle::answer` is `None`): for the commands
    /// that do not use them, which need not pay for their parsing.
    pub fn without_answers(self) -> Records<'a> {
        Records { answers: false, ..self }
    }

    /// The CSV header, once the iterator has passed over it (once only).
    pub fn take_header(&mut self) -> Option<&'a [u8]> {
        self.header.take()
    }

    /// The next line (without its line end, trimmed) and its number, or `None` at the end of
    /// the data or at an `end` marker.
    #[inline]
    fn next_line(&mut self) -> Option<(&'a [u8], u64)> {
        if self.pos >= self.data.len() {
            return None;
        }
        let (end, next) = line_at(self.data, self.pos);
        let line = trim(&self.data[self.pos..end]);
        if is_end_marker(line) {
            self.pos = self.data.len();
            return None;
        }
        self.pos = next;
        self.line += 1;
        Some((line, self.line - 1))
    }

    /// Skips blank and comment lines (and for grids, titles and rules); the first other line,
    /// not consumed.
    fn peek_significant(&mut self) -> Option<(&'a [u8], u64)> {
        loop {
            let (pos, line_no) = (self.pos, self.line);
            let (line, number) = self.next_line()?;
            let grid_extra = self.format == Format::Grid && (is_title(line) || is_rule(line));
            let comment = line.starts_with(b"#");
            self.comments += u64::from(comment);
            if !line.is_empty() && !comment && !grid_extra {
                (self.pos, self.line) = (pos, line_no);
                return Some((line, number));
            }
        }
    }

    /// The offset in `data` where `line`, a slice of it, ends.
    fn end_of(&self, line: &[u8]) -> usize {
        line.as_ptr() as usize - self.data.as_ptr() as usize + line.len()
    }

    /// The rows of the block starting at `pos` (up to a blank line, a title, `end` or the end
    /// of the piece; comments and rules are not rows), and the size of its grids: the shape's
    /// if the user said, else N where more than half of its rows are rows of N numbers
    /// ([`number_row`]) for a common size N other than 9, else 9. Nothing is consumed.
    fn block_rows(&mut self) -> (usize, usize) {
        let (pos, line_no) = (self.pos, self.line);
        let mut rows = 0;
        let mut sizes = [0usize; MAX_SIZE + 1];
        while let Some((line, _)) = self.next_line() {
            if line.is_empty() || is_title(line) {
                break;
            }
            if !line.starts_with(b"#") && !is_rule(line) {
                rows += 1;
                if let Some(n) = number_row(line).filter(|&n| n <= MAX_SIZE) {
                    sizes[n] += 1;
                }
            }
        }
        (self.pos, self.line) = (pos, line_no);
        let size = match self.shape {
            Some(shape) => shape.size(),
            None => Shape::COMMON_SIZES
                .into_iter()
                .filter(|&n| n != 9)
                .find(|&n| sizes[n] * 2 > rows)
                .unwrap_or(9),
        };
        (rows, size)
    }

    /// A grid: N rows, read up to a blank line or a title line (Project Euler's `Grid 01`),
    /// or N at a time where grids are written back to back. The evidence for back to back
    /// is the block's rows being a multiple of N; any other count is one record whose error
    /// says how many rows it had. N is the block's ([`Records::block_rows`]): 9 but for
    /// rows of numbers of another size, or a shape the user gave.
    fn grid_record(&mut self) -> Option<Record<'a>> {
        let (text, first) = self.peek_significant()?;
        let start = self.end_of(text) - text.len();
        let mut end = start + text.len();
        if self.back_to_back == 0 {
            let (rows, size) = self.block_rows();
            self.block_size = size;
            if rows > size && rows % size == 0 {
                self.back_to_back = rows;
            }
        }
        let size = self.block_size;
        let shape = match self.shape {
            Some(shape) => shape,
            None => Shape::of_size(size).expect("a common size"),
        };
        let split = self.back_to_back > 0;
        let mut cells = Vec::with_capacity(size * size);
        let mut rows = 0usize;
        let (mut spaced, mut boxed) = (false, false);
        let mut error: Option<(u64, RecordError)> = None;
        // A record runs to the next blank line, title or the end, or to its N-th row in a
        // block of grids back to back; comments and rules inside it are skipped.
        loop {
            let (pos, line_no) = (self.pos, self.line);
            let Some((line, number)) = self.next_line() else { break };
            if line.is_empty() {
                break;
            }
            if is_title(line) {
                (self.pos, self.line) = (pos, line_no); // the next record's
                break;
            }
            if line.starts_with(b"#") {
                self.comments += 1;
                continue;
            }
            if is_rule(line) {
                continue;
            }
            rows += 1;
            end = self.end_of(line);
            if error.is_none() {
                if rows > size {
                    error = Some((number, RecordError::RowCount { rows, size: size as u8 }));
                } else {
                    let row = match size {
                        9 => parse_row(line, rows as u8).map(|(row, has_spaces, has_bars)| {
                            cells.extend_from_slice(&row);
                            (has_spaces, has_bars)
                        }),
                        _ => parse_number_row(line, rows as u8, size as u8, &mut cells)
                            .map(|has_bars| (true, has_bars)),
                    };
                    match row {
                        Ok(layout) if rows == 1 => (spaced, boxed) = layout,
                        Ok(_) => {}
                        Err(e) => error = Some((number, e)),
                    }
                }
            }
            if split && rows == size {
                self.back_to_back -= size;
                break;
            }
        }
        let text = &self.data[start..end];
        let size8 = size as u8;
        let fault = match error {
            // Report the full count of rows, on the first extra row's line.
            Some((line, RecordError::RowCount { .. })) => {
                Some((line, RecordError::RowCount { rows, size: size8 }))
            }
            Some(fault) => Some(fault),
            None if rows < size => Some((first, RecordError::RowCount { rows, size: size8 })),
            None => None,
        };
        let layout = Layout::Rows { spaced, boxed };
        let (line, parsed) = match fault {
            Some((line, e)) => (line, Err(e)),
            None if size == 9 => {
                let grid = Grid(cells.try_into().expect("81 cells"));
                (first, Ok(Parsed::Nine(Puzzle { grid, layout, answer: None })))
            }
            None => {
                let board = Board::from_cells(shape, &cells).expect("checked cells");
                let sized = SizedPuzzle { board, marks: None, layout, answer: None };
                (first, Ok(Parsed::Sized(Box::new(sized))))
            }
        };
        Some(Record { line, text, parsed })
    }

    fn csv_record(&mut self, csv: CsvLayout) -> Option<Record<'a>> {
        if let Some(record) = self.plain_csv_record(&csv) {
            return Some(record);
        }
        let (text, line) = loop {
            let start = self.pos;
            let (mut text, line) = self.next_line()?;
            if text.is_empty() {
                continue;
            }
            if csv.delimiter == Delimiter::Byte(b'\t') {
                // Tabs at either end are fields (empty ones), not white space to trim.
                text = trim_row(&self.data[start..line_at(self.data, start).0], b'\t');
            }
            if line < csv.rows_line {
                // Before the rows, only comments and blank lines.
                self.comments += u64::from(text.starts_with(b"#"));
                continue;
            }
            if let (Some(sep), true) = (quoting(csv.delimiter), text.contains(&b'"')) {
                // A quoted field may hold line ends: the row runs to the first outside quotes.
                let (end, next) = row_end(self.data, start, sep, true).expect("all of it");
                text = trim_row(&self.data[start..end], sep);
                self.line = line + 1 + count_line_ends(&self.data[start..end]);
                self.pos = next;
            }
            if Some(line) == csv.header_line {
                self.header = Some(text);
            } else {
                break (text, line);
            }
        };
        // A JSON Lines line that is not a record, as its CSV text has it.
        if let Some((error, _)) = csv.nulls.then(|| super::jsonl::row_error(text)).flatten() {
            return Some(Record { line, text, parsed: Err(error.into()) });
        }
        let (mut puzzle, mut answer) = (&b""[..], None);
        let split = split_fields_by(text, csv.delimiter, |i, field| {
            if i == csv.puzzle {
                puzzle = field;
            } else if Some(i) == csv.answer && self.answers {
                answer = Some(field);
            }
        });
        let parsed = match split {
            Err(e) => Err(e.into()),
            Ok(fields) if fields != csv.fields => {
                Err(RecordError::FieldCount { fields, expected: csv.fields })
            }
            Ok(_) => csv_puzzle(puzzle, answer, &csv, self.shape),
        };
        Some(Record { line, text, parsed })
    }

    /// The next record, when it is a CSV row as most are: not the header, a comment or blank,
    /// with no quote, no white space around it, and as many fields as the header. Found and
    /// split in one pass ([`plain_row`]); `None` leaves any other line to `csv_record`'s
    /// general way, which reads it the same.
    #[inline]
    fn plain_csv_record(&mut self, csv: &CsvLayout) -> Option<Record<'a>> {
        let Delimiter::Byte(delimiter) = csv.delimiter else { return None };
        if self.pos >= self.data.len() || Some(self.line) == csv.header_line {
            return None;
        }
        let answer = csv.answer.filter(|_| self.answers);
        let wanted = [csv.puzzle, answer.unwrap_or(usize::MAX)];
        let row = plain_row(self.data, self.pos, delimiter, wanted)?;
        let text = &self.data[self.pos..row.end];
        let (&first, &last) = (text.first()?, text.last()?);
        if row.fields != csv.fields
            || first == b'#'
            || (first == 0 && csv.nulls) // a null, or a JSON Lines line that is not a record
            || first.is_ascii_whitespace()
            || last.is_ascii_whitespace()
            || is_end_marker(text)
        {
            return None;
        }
        let field = |(from, to): (usize, usize)| self.data[from..to].trim_ascii();
        let answer = answer.map(|_| field(row.spans[1]));
        let parsed = csv_puzzle(field(row.spans[0]), answer, csv, self.shape);
        let line = self.line;
        (self.pos, self.line) = (row.next, line + 1);
        Some(Record { line, text, parsed })
    }
}

/// A CSV row without the white space at its ends, but for its delimiter: a tab-separated row
/// that ends in a tab ends in an empty field.
fn trim_row(row: &[u8], delimiter: u8) -> &[u8] {
    let space = |b: &u8| b.is_ascii_whitespace() && *b != delimiter;
    let start = row.iter().position(|b| !space(b)).unwrap_or(row.len());
    let end = row.iter().rposition(|b| !space(b)).map_or(start, |i| i + 1);
    &row[start..end.max(start)]
}

/// The puzzle of a CSV row from its puzzle field and its answer field, if read.
#[inline]
fn csv_puzzle(
    puzzle: &[u8],
    answer: Option<&[u8]>,
    csv: &CsvLayout,
    shape: Option<Shape>,
) -> Result<Parsed, RecordError> {
    // A null cell of a Parquet or Arrow file: said so, not "1 cells".
    let null = |field: &[u8]| csv.nulls && field == NULL_FIELD;
    if null(puzzle) {
        return Err(ParseError::Null.into());
    }
    let answer = answer.map(|answer| (!null(answer)).then_some(answer));
    with_answer(puzzle, answer, Layout::Csv, shape)
}

/// Whether a line is a grid's title, as Project Euler's p096 file has them: `Grid 01`.
pub(crate) fn is_title(line: &[u8]) -> bool {
    let Some((word, rest)) = line.split_at_checked(4) else { return false };
    let number = rest.trim_ascii_start();
    word.eq_ignore_ascii_case(b"grid")
        && number.len() < rest.len()
        && !number.is_empty()
        && number.iter().all(u8::is_ascii_digit)
}

/// Whether a line is a rule between a pretty-printed grid's bands (`------+-------+------`,
/// `===+===+===`): only `-`, `=`, `+`, `|` and spaces, and not a row of nine `-` blanks (a
/// rule has a `+` or `=`, or other than nine dashes).
pub(crate) fn is_rule(line: &[u8]) -> bool {
    if line.is_empty() || !line.iter().all(|b| b"-=+|".contains(b) || b.is_ascii_whitespace()) {
        return false;
    }
    let dashes = line.iter().filter(|&&b| b == b'-').count();
    line.iter().any(|&b| b == b'+' || b == b'=') || dashes != 9
}

/// Parses one grid row: nine cells, optionally separated by white space and `|` between
/// boxes. Returns the cells, whether any white space separated them, and whether any `|` did.
fn parse_row(line: &[u8], row: u8) -> Result<([u8; 9], bool, bool), RecordError> {
    let mut cells = [0u8; 9];
    let mut count = 0;
    let (mut spaced, mut boxed) = (false, false);
    for (i, &byte) in line.iter().enumerate() {
        if byte.is_ascii_whitespace() {
            spaced = true;
            continue;
        }
        if byte == b'|' {
            boxed = true;
            continue;
        }
        // Grids, written by hand more often than lines, may also blank a cell with `*` or `-`.
        let value = match byte {
            b'*' | b'-' => Some(0),
            _ => cell_value(byte),
        };
        let value = value.ok_or(RecordError::RowCharacter { row, column: i + 1, byte })?;
        if count < 9 {
            cells[count] = value;
        }
        count += 1;
    }
    if count != 9 {
        return Err(RecordError::RowLength { row, cells: count, size: 9 });
    }
    Ok((cells, spaced, boxed))
}

/// The cells of a row of numbers: split at white space and `|`, each piece a number (`0` a
/// blank) or `.` or `_` (a blank).
fn number_cells(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    line.split(|&b| b.is_ascii_whitespace() || b == b'|').filter(|cell| !cell.is_empty())
}

/// How many numbers a line holds, if it is a row of numbers separated by white space (perhaps
/// `|` between boxes): two or more, each one or two digits (a grid's values go to 25) or a
/// blank (`.`, `_`). The evidence for a grid of another size than 9x9 (`0 16 1 0 ...`): the
/// format's detection and a block's size count such rows. Fields of longer numbers (an id,
/// an 81-digit puzzle, between spaces) are not such a row.
pub(crate) fn number_row(line: &[u8]) -> Option<usize> {
    let mut count = 0;
    for cell in number_cells(line) {
        let blank = cell == b"." || cell == b"_";
        if !blank && (cell.len() > 2 || !cell.iter().all(u8::is_ascii_digit)) {
            return None;
        }
        count += 1;
    }
    (count >= 2).then_some(count)
}

/// Parses one row of a grid of size `size` other than 9, appending its cells to `cells`:
/// `size` whole numbers separated by white space (a line of one piece, run together, is one
/// cell), `0`, `.` or `_` a blank, perhaps `|` between boxes. Returns whether any `|` did.
/// A wrong count of cells is named before a bad cell; a bad character by its position in the
/// line, a number above the size by its cell.
fn parse_number_row(
    line: &[u8],
    row: u8,
    size: u8,
    cells: &mut Vec<u8>,
) -> Result<bool, RecordError> {
    let count = number_cells(line).count();
    if count != usize::from(size) {
        return Err(RecordError::RowLength { row, cells: count, size });
    }
    for (column, cell) in number_cells(line).enumerate() {
        let at = CellAt { cell: u16::from(row - 1) * u16::from(size) + column as u16, size };
        let mut value = 0u32;
        if cell != b"." && cell != b"_" {
            for (i, &byte) in cell.iter().enumerate() {
                if !byte.is_ascii_digit() {
                    // Its position in the line, as a 9x9 row's bad character is named.
                    let offset = cell.as_ptr() as usize - line.as_ptr() as usize;
                    return Err(RecordError::RowCharacter { row, column: offset + i + 1, byte });
                }
                value = value.saturating_mul(10).saturating_add(u32::from(byte - b'0'));
            }
        }
        if value > u32::from(size) {
            return Err(RecordError::RowValue { at, value });
        }
        cells.push(value as u8);
    }
    Ok(line.contains(&b'|'))
}

impl<'a> Iterator for Records<'a> {
    type Item = Record<'a>;

    fn next(&mut self) -> Option<Record<'a>> {
        match self.format {
            Format::Line => loop {
                let (text, line) = self.next_line()?;
                if text.is_empty() {
                    continue;
                }
                if text.starts_with(b"#") {
                    self.comments += 1;
                    continue;
                }
                let parsed = any_line(text, Layout::Line, self.shape);
                return Some(Record { line, text, parsed });
            },
            Format::Grid => self.grid_record(),
            Format::Csv(layout) => self.csv_record(layout),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";

    fn records(format: Format, text: &str) -> Vec<Record<'_>> {
        Records::new(format, text.as_bytes(), 1).collect()
    }

    #[test]
    fn line_records_skip_comments_and_blanks_and_number_lines() {
        let text =
            format!("# header\n\n{PUZZLE}\r\n  {PUZZLE}  \n{}\nend\n{PUZZLE}\n", &PUZZLE[1..]);
        let got = records(Format::Line, &text);
        assert_eq!(got.len(), 3, "the line after `end` is not read");
        assert_eq!(got[0].line, 3);
        assert_eq!(got[1].line, 4);
        assert_eq!(got[0].parsed.clone().unwrap().into_nine().grid.to_string(), PUZZLE);
        assert_eq!(got[2].line, 5);
        assert_eq!(got[2].parsed.clone().unwrap_err().to_string(), "80 cells, expected 81");
    }

    const GRID: &str = "8 0 0 0 0 0 0 0 0
0 0 3 6 0 0 0 0 0
0 7 0 0 9 0 2 0 0
0 5 0 0 0 7 0 0 0
0 0 0 0 4 5 7 0 0
0 0 0 1 0 0 0 3 0
0 0 1 0 0 0 0 6 8
0 0 8 5 0 0 0 1 0
0 9 0 0 0 0 4 0 0
";

    #[test]
    fn grid_records_are_separated_by_blank_lines() {
        let compact = GRID.replace(' ', "");
        let text = format!("# two puzzles\n{GRID}\n\n{compact}");
        let got = records(Format::Grid, &text);
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].line, 2);
        assert_eq!(got[1].line, 13);
        let (a, b) = (
            got[0].parsed.clone().unwrap().into_nine(),
            got[1].parsed.clone().unwrap().into_nine(),
        );
        assert_eq!(a.grid, b.grid);
        assert_eq!(a.layout, Layout::Rows { spaced: true, boxed: false });
        assert_eq!(b.layout, Layout::Rows { spaced: false, boxed: false });
        let a = a.grid;
        assert_eq!(a.get(0, 0), 8);
        assert_eq!(a.get(8, 6), 4);
    }

    #[test]
    fn grid_errors_name_the_row_line() {
        let mut lines: Vec<&str> = GRID.lines().collect();
        lines.remove(4);
        let missing = lines.join("\n");
        let text = format!("{missing}\n\n{GRID}");
        let got = records(Format::Grid, &text);
        assert_eq!(got.len(), 2, "the next record is unaffected");
        assert_eq!(got[0].line, 1);
        assert_eq!(got[0].parsed.clone().unwrap_err().to_string(), "8 rows, expected 9");
        assert!(got[1].parsed.is_ok());

        let extra = format!("{GRID}1 2 3 4 5 6 7 8 9\n");
        let got = records(Format::Grid, &extra);
        assert_eq!(got[0].line, 10);
        assert_eq!(got[0].parsed.clone().unwrap_err().to_string(), "10 rows, expected 9");

        let bad = GRID.replace("0 0 3 6", "0 0 3 x");
        let got = records(Format::Grid, &bad);
        assert_eq!(got[0].line, 2);
        let err = got[0].parsed.clone().unwrap_err().to_string();
        assert_eq!(err, "row 2, column 7: unexpected character 'x'");

        let short = GRID.replace("0 7 0 0 9 0 2 0 0", "0 7 0 0 9 0 2 0");
        let got = records(Format::Grid, &short);
        assert_eq!(
            (got[0].line, got[0].parsed.clone().unwrap_err().to_string()),
            (3, "8 cells in row 3, expected 9".into())
        );
    }

    /// `GRID` pretty-printed, with every kind of blank.
    const PRETTY: &str = "8 * * | - - _ | . . 0
* * 3 | 6 * * | * * *
* 7 * | * 9 * | 2 * *
------+-------+------
* 5 * | * * 7 | * * *
* * * | * 4 5 | 7 * *
* * * | 1 * * | * 3 *
------+-------+------
* * 1 | * * * | * 6 8
* * 8 | 5 * * | * 1 *
* 9 * | * * * | 4 * *
";

    #[test]
    fn pretty_grids_read_as_plain_ones() {
        let plain = records(Format::Grid, GRID)[0].parsed.clone().unwrap().into_nine().grid;
        let got = records(Format::Grid, PRETTY);
        assert_eq!(got.len(), 1);
        let pretty = got[0].parsed.clone().unwrap().into_nine();
        assert_eq!(pretty.grid, plain);
        assert_eq!(pretty.layout, Layout::Rows { spaced: true, boxed: true });
        assert_eq!(got[0].text, PRETTY.trim_end().as_bytes(), "the record is the whole grid");
        let compact = records(Format::Grid, "8--|---|---\n--3|6--|---\n-7-|-9-|2--\n---+---+---\n-5-|--7|---\n---|-45|7--\n---|1--|-3-\n---+---+---\n--1|---|-68\n--8|5--|-1-\n-9-|---|4--\n");
        let compact = compact[0].parsed.clone().unwrap().into_nine();
        assert_eq!(compact.grid, plain);
        assert_eq!(compact.layout, Layout::Rows { spaced: false, boxed: true });
        // With an outer border too, as some printers draw it.
        let bordered: String = PRETTY
            .lines()
            .map(|l| match l.starts_with('-') {
                true => "+-------+-------+-------+\n".to_string(),
                false => format!("| {l} |\n"),
            })
            .collect();
        let bordered = format!("+-------+-------+-------+\n{bordered}+-------+-------+-------+\n");
        let got = records(Format::Grid, &bordered);
        assert_eq!((got.len(), got[0].line), (1, 2));
        assert_eq!(got[0].parsed.clone().unwrap().into_nine().grid, plain);
        // A row of nine `-` blanks is a row, not a rule.
        assert!(!is_rule(b"---------") && !is_rule(b"- - - | - - - | - - -"));
        assert!(is_rule(b"------+-------+------") && is_rule(b"====================="));
    }

    #[test]
    fn titles_and_back_to_back_grids_separate_records() {
        let compact = GRID.replace(' ', "");
        let euler = format!("Grid 01\n{compact}Grid 02\n{compact}");
        let got = records(Format::Grid, &euler);
        assert_eq!(got.len(), 2);
        assert_eq!((got[0].line, got[1].line), (2, 12));
        assert!(got.iter().all(|r| r.parsed.is_ok()));
        let back_to_back = format!("{compact}{compact}{compact}\n{GRID}");
        let got = records(Format::Grid, &back_to_back);
        assert_eq!(got.len(), 4);
        assert_eq!(got.iter().map(|r| r.line).collect::<Vec<_>>(), [1, 10, 19, 29]);
        assert!(got.iter().all(|r| r.parsed.is_ok()));
        assert!(got[1].text.starts_with(b"800000000") && got[1].text.ends_with(b"090000400"));
        // Too little evidence to split: 17 rows are one record with an error, not two grids.
        let mut rows: Vec<&str> = compact.lines().collect();
        rows.remove(3);
        let seventeen = format!("{}\n{compact}\n{GRID}", rows.join("\n"));
        let got = records(Format::Grid, &seventeen);
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].parsed.clone().unwrap_err().to_string(), "17 rows, expected 9");
        assert_eq!(got[0].line, 10, "the first row past nine");
        assert!(got[1].parsed.is_ok());
        assert!(
            is_title(b"Grid 01")
                && is_title(b"grid  7")
                && !is_title(b"Grid")
                && !is_title(b"Grid01")
        );
    }

    const ANSWER: &str =
        "527389416819426735436751829375692184194538267268174593643217958951843672782965341";

    #[test]
    fn csv_records_carry_their_answer_and_text() {
        let layout = CsvLayout {
            delimiter: super::super::csv::Delimiter::COMMA,
            puzzle: 1,
            answer: Some(2),
            fields: 3,
            header_line: Some(1),
            rows_line: 1,
            nulls: false,
        };
        let text = format!(
            "id,puzzle,solution\r\n1,{PUZZLE},{ANSWER}\r\n2,\"{PUZZLE}\",\r\n3,{PUZZLE}\n4,\"{PUZZLE},{ANSWER}\n"
        );
        let got = records(Format::Csv(layout), &text);
        assert_eq!(got.len(), 4, "the header is not a record");
        let mut records = Records::new(Format::Csv(layout), text.as_bytes(), 1);
        assert_eq!(records.take_header(), None);
        records.next();
        assert_eq!(records.take_header(), Some(&b"id,puzzle,solution"[..]));
        assert_eq!(records.take_header(), None);
        assert_eq!(got[0].line, 2);
        assert_eq!(got[0].text, format!("1,{PUZZLE},{ANSWER}").as_bytes());
        let first = got[0].parsed.clone().unwrap().into_nine();
        assert_eq!((first.grid.to_string().as_str(), first.layout), (PUZZLE, Layout::Csv));
        assert_eq!(first.answer.unwrap().unwrap().to_string(), ANSWER);
        let second = got[1].parsed.clone().unwrap().into_nine();
        assert_eq!(second.answer, Some(Err(ParseError::WrongLength { cells: 0 })));
        assert_eq!(got[2].parsed.clone().unwrap_err().to_string(), "2 fields, expected 3");
        assert_eq!(
            got[3].parsed.clone().unwrap_err().to_string(),
            "unterminated quote in field 2: no closing quote within 1000 lines"
        );
        assert_eq!(got[3].line, 5);
    }
}
