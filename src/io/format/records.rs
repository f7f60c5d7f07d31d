//! Turns a piece of input into numbered records: a puzzle, or the reason it is not one.
//!
//! Line numbers are physical lines counted from 1, as an editor shows them. A record that is
//! wrong names the line where it goes wrong: for the grid format, the offending row's line.

use super::csv::rows::{quoting, row_end};
use super::csv::{plain_row, split_fields_by, CsvLayout, Delimiter, NULL_FIELD};
use super::lines::{count_line_ends, line_at};
use super::{is_end_marker, trim, Format};
use crate::grid::{Grid, ParseError};
use crate::sized::Shape;
use crate::verdict::RecordError;

mod grid;
mod sized;

pub(crate) use grid::{is_rule, is_title, number_row};
use sized::any_line;
pub(crate) use sized::with_answer;
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
    /// The block of grid rows being read, while records of it are left ([`grid`]).
    block: Option<grid::Block>,
    /// Cells of the next grid record's first line that the record before took: a line that
    /// holds the end of one grid and the start of the next.
    carry: usize,
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
            block: None,
            carry: 0,
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
    let array = |field: &[u8]| field.first() == Some(&b'[');
    if array(puzzle) || answer.flatten().is_some_and(array) {
        return csv_arrays(puzzle, answer, shape);
    }
    with_answer(puzzle, answer, Layout::Csv, shape)
}

/// [`csv_puzzle`] for fields that hold JSON arrays of integers (`[0,0,3,...]`), read as a
/// JSON Lines input's are.
#[cold]
fn csv_arrays(
    puzzle: &[u8],
    answer: Option<Option<&[u8]>>,
    shape: Option<Shape>,
) -> Result<Parsed, RecordError> {
    let puzzle = super::jsonl::array_line(puzzle).unwrap_or_else(|| puzzle.to_vec());
    let answer =
        answer.map(|a| a.map(|a| super::jsonl::array_line(a).unwrap_or_else(|| a.to_vec())));
    with_answer(&puzzle, answer.as_ref().map(|a| a.as_deref()), Layout::Csv, shape)
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
