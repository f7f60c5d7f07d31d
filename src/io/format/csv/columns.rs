//! Which columns of a CSV input hold the puzzle and its answer, worked out once from its first
//! rows: known header names, the columns asked for, else the fields that hold 81-cell grids;
//! and the delimiter of rows that are not comma-separated.

use std::fmt;

use super::split::{split_fields_by, Delimiter};
use crate::verdict::FieldError;

/// A column, chosen by the user: by header name or by position (counted from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Column {
    /// A header name, matched without regard to case or surrounding spaces.
    Name(String),
    /// A position, counted from 1.
    Index(usize),
}

impl std::str::FromStr for Column {
    type Err = String;
    /// A number is a position, counted from 1; anything else a name.
    fn from_str(s: &str) -> Result<Column, String> {
        match s.trim().parse::<usize>() {
            Ok(0) => Err("columns count from 1: the first column is 1".into()),
            Ok(n) => Ok(Column::Index(n)),
            Err(_) => Ok(Column::Name(s.trim().to_string())),
        }
    }
}

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Column::Name(name) => write!(f, "{name:?}"),
            Column::Index(i) => write!(f, "{i}"),
        }
    }
}

/// Where the puzzle and answer are in each row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CsvLayout {
    /// What separates the fields.
    pub delimiter: Delimiter,
    /// The puzzle's field, from 0.
    pub puzzle: usize,
    /// The answer's field, from 0, if the rows carry one.
    pub answer: Option<usize>,
    /// Fields a row must have.
    pub fields: usize,
    /// The header's line number, if the input has a header.
    pub header_line: Option<u64>,
    /// The line where the rows start: the header's, or the first record's in a file without
    /// one. Lines before it are blank or comments (`#`); from it on, every line that is not
    /// blank is a row, whatever its first field holds (`#17` is an id, not a comment).
    pub rows_line: u64,
    /// Whether an unquoted field of one NUL byte ([`NULL_FIELD`]) stands for a null cell: true
    /// only for the text made from a Parquet or Arrow file, where no other field holds a NUL.
    pub nulls: bool,
}

/// The field that stands for a null cell in the text made from a Parquet or Arrow file (see
/// [`CsvLayout::nulls`]): one NUL byte, which that text holds nowhere else.
pub const NULL_FIELD: &[u8] = b"\0";

/// Header names of puzzle columns in known layouts.
pub(crate) const PUZZLE_NAMES: [&str; 6] =
    ["quizzes", "puzzle", "puzzles", "quiz", "question", "sudoku"];
/// Header names of answer columns in known layouts.
pub(crate) const ANSWER_NAMES: [&str; 4] = ["solutions", "solution", "answer", "answers"];

/// Why a CSV layout cannot be worked out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    /// A column asked for is not in the header.
    #[error("no column {column} in the header ({header})")]
    NoSuchColumn {
        /// The column asked for.
        column: Column,
        /// The header line.
        header: String,
    },
    /// A position asked for is past the last field.
    #[error(
        "CSV column {index} asked for, but rows have {} (columns count from 1)",
        crate::text::Plural(*fields, "field")
    )]
    IndexOutOfRange {
        /// The position asked for (from 1).
        index: usize,
        /// Fields in the first row.
        fields: usize,
    },
    /// Nothing says which column holds the puzzle.
    #[error(
        "cannot tell which column holds the puzzle: no column is named so in the first line \
         ({header}), and none holds puzzles (81 cells, or 16 to 625 for the other sizes) in \
         most of the first {rows} rows; use --puzzle-col"
    )]
    NoPuzzleColumn {
        /// The first line.
        header: String,
        /// Rows read.
        rows: usize,
    },
    /// Columns were asked for, but the rows are not fields: one puzzle a line, or grids.
    #[error(
        "--puzzle-col and --solution-col need rows of fields, and this input's lines hold one \
         puzzle each (or grids); give --delimiter if its fields are separated by something else"
    )]
    NoFields,
    /// The first line is not valid CSV.
    #[error("line {line}: {error}")]
    BadHeader {
        /// Its line number.
        line: u64,
        /// What is wrong.
        error: FieldError,
    },
    /// JSON Lines: a key asked for is in none of the first lines' objects.
    #[error("no key {column} in the objects of the first lines (their keys: {keys})")]
    NoSuchKey {
        /// The key asked for, by name or position.
        column: Column,
        /// The keys found, in order.
        keys: String,
    },
    /// JSON Lines: nothing says which key holds the puzzle.
    #[error(
        "cannot tell which key holds the puzzle: no key is named so ({keys}), and none holds \
         81-cell puzzles in most of the first {rows} objects; use --puzzle-col"
    )]
    NoPuzzleKey {
        /// The keys found, in order.
        keys: String,
        /// Objects read.
        rows: usize,
    },
    /// JSON Lines: none of the first lines is an object.
    #[error("no JSON object in the first lines: line {line}: {error}")]
    NoObject {
        /// The first line that is not blank.
        line: u64,
        /// What is wrong with it.
        error: crate::verdict::JsonError,
    },
}

/// The delimiter of an input without commas whose rows are fields (`rows`, its first
/// significant lines): the first of [`Delimiter::CANDIDATES`] that splits most rows into two or
/// more fields, one of them an 81-cell grid. `None` where none does: the rows are not fields
/// (the line or grid format).
pub fn detect_delimiter(rows: &[(&[u8], u64)]) -> Option<Delimiter> {
    Delimiter::CANDIDATES.into_iter().find(|&delimiter| {
        let fitting = rows
            .iter()
            .filter(|(row, _)| {
                let (mut fields, mut grid) = (0, false);
                let split = split_fields_by(row, delimiter, |_, f| {
                    fields += 1;
                    grid |= is_grid_field(f);
                });
                split.is_ok() && fields >= 2 && grid
            })
            .count();
        fitting * 2 > rows.len()
    })
}

/// Whether a field looks like a puzzle or a solution: 81 cell characters.
pub(crate) fn is_grid_field(field: &[u8]) -> bool {
    field.len() == 81 && field.iter().all(|&b| crate::grid::cell_value(b).is_some())
}

/// Whether a field looks like a puzzle or a solution of a size other than 9x9: a line of one
/// of the common sizes' cells (16, 36, 64, 144, 256 or 625) that parses as one. Columns of
/// them are looked for only where no column holds 81-cell grids, so that a column of short
/// numbers is not taken for 4x4 puzzles beside a column of 9x9 ones.
fn is_sized_grid_field(field: &[u8]) -> bool {
    field.len() != 81
        && crate::sized::Shape::of_cells(field.len()).is_some()
        && crate::sized::Board::parse_line(field, None).is_ok()
}

/// Whether a field could be a column's name in a header: some letters, short, and not a
/// string of cells (a puzzle with a bad character or a cell too many or too few is not a name,
/// but a record to report at its own line).
fn is_name(field: &[u8]) -> bool {
    let cells = field.iter().filter(|&&b| crate::grid::cell_value(b).is_some()).count();
    !field.is_empty()
        && field.len() <= 64
        && field.iter().any(u8::is_ascii_alphabetic)
        && cells * 2 < field.len()
}

/// A line as an error message quotes it: at most 100 characters, control characters escaped,
/// and the length of what was left out.
fn shown(line: &[u8]) -> String {
    const MOST: usize = 100;
    let text = String::from_utf8_lossy(line);
    let mut out: String = text.chars().take(MOST).flat_map(char::escape_debug).collect();
    let chars = text.chars().count();
    if chars > MOST {
        out += &format!("... ({} bytes in all)", line.len());
    }
    out
}

/// Rows of a CSV input read to decide its layout, at most.
pub const EVIDENCE_ROWS: usize = 1000;

/// What [`ColumnChoice::of`] says for a JSON Lines input, whose columns are keys.
pub const JSON_LINES: &str = "JSON Lines";

/// How a column was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColumnSource {
    /// The user named or numbered it (`--puzzle-col`, `--solution-col`).
    Given,
    /// The header names it in a known layout (`quizzes`, `puzzle`, `solution`, ...).
    Header,
    /// Most rows read hold 81-cell grids in it.
    Content,
}

/// The columns a CSV input is read with, and how they were chosen: what a run tells its user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColumnChoice {
    /// The puzzle's field (from 0), its header name if any, and how it was chosen.
    pub puzzle: (usize, Option<String>, ColumnSource),
    /// The answer's field, likewise, if the rows carry one.
    pub answer: Option<(usize, Option<String>, ColumnSource)>,
    /// The header's line, if the input has a header.
    pub header_line: Option<u64>,
    /// Rows read to decide.
    pub rows_read: usize,
    /// Every column's name: the header's, as written, or `field1`, `field2`, ... without one.
    pub names: Vec<String>,
    /// What separates the fields.
    pub delimiter: Delimiter,
    /// What the columns are columns of, in messages: "CSV" for rows of text (so that a
    /// column cannot be taken for a grid's), "Parquet" or "Arrow" for a table file.
    pub of: &'static str,
}

/// Counts, per field position, over the rows read: how many rows hold a grid there, and how
/// many of those grids have blanks.
#[derive(Debug, Default, Clone)]
struct Evidence {
    rows: usize,
    grids: Vec<usize>,
    with_blanks: Vec<usize>,
    /// The same, for grids of the other sizes ([`is_sized_grid_field`]).
    sized: Vec<usize>,
    sized_blanks: Vec<usize>,
    /// How many rows have each number of fields.
    widths: Vec<usize>,
}

impl Evidence {
    fn add(&mut self, fields: &[&[u8]]) {
        // A JSON array of integers is a grid too, as it is read ([`super::super::jsonl`]).
        let arrays: Vec<Option<Vec<u8>>> =
            fields.iter().map(|f| crate::io::format::jsonl::array_line(f)).collect();
        self.rows += 1;
        let width = fields.len();
        for v in [&mut self.grids, &mut self.with_blanks, &mut self.sized, &mut self.sized_blanks] {
            if v.len() < width {
                v.resize(width, 0);
            }
        }
        if self.widths.len() <= width {
            self.widths.resize(width + 1, 0);
        }
        self.widths[width] += 1;
        for (i, field) in fields.iter().enumerate() {
            let field: &[u8] = arrays[i].as_deref().unwrap_or(field);
            let blanks = || field.iter().any(|&b| crate::grid::cell_value(b) == Some(0));
            if is_grid_field(field) {
                self.grids[i] += 1;
                self.with_blanks[i] += usize::from(blanks());
            } else if is_sized_grid_field(field) {
                self.sized[i] += 1;
                self.sized_blanks[i] += usize::from(blanks());
            }
        }
    }

    /// The positions that hold a 9x9 grid in most rows read, in order; where none does, those
    /// that hold a grid of another size.
    fn grid_columns(&self) -> Vec<usize> {
        let most = |counts: &[usize]| -> Vec<usize> {
            (0..counts.len()).filter(|&i| counts[i] * 2 > self.rows).collect()
        };
        let nine = most(&self.grids);
        match nine.is_empty() {
            true => most(&self.sized),
            false => nine,
        }
    }

    /// Whether a grid at position `i` had blanks in some row read.
    fn has_blanks(&self, i: usize) -> bool {
        self.with_blanks[i] > 0 || self.sized_blanks[i] > 0
    }

    /// The number of fields most rows have.
    fn usual_width(&self) -> Option<usize> {
        (0..self.widths.len()).rev().max_by_key(|&w| self.widths[w]).filter(|&w| self.widths[w] > 0)
    }
}

/// Works out the layout of a CSV input from its first significant rows (`rows`: each row's
/// text and line number, at most [`EVIDENCE_ROWS`] of them; the first is the first row) and the
/// columns asked for. The layout is decided once, on the evidence of many rows, and holds for
/// the whole input: a row that does not fit it is reported at its own line, never taken as a
/// reason to read the other rows differently.
///
/// - The first row is a header if it names a known column (`quizzes`, `puzzle`, `solution`,
///   ...), if a column is asked for by name, or if, in every column that holds grids in most
///   other rows, it holds a name (letters, short, not a string of cells).
/// - Without a column named by the header or the user, the puzzle is the first column that
///   holds 81-cell grids in most rows read (the first with blanks, if the rows carry complete
///   grids too), and the answer the next such column. With no such column, nothing says which
///   column holds the puzzle: an error, never a guess. A header that names the puzzle but no
///   answer means the rows carry none.
/// - Rows must have as many fields as the header, or without one, as most rows read.
pub fn layout<'a>(
    rows: impl IntoIterator<Item = (&'a [u8], u64)>,
    delimiter: Delimiter,
    puzzle: Option<&Column>,
    answer: Option<&Column>,
) -> Result<(CsvLayout, ColumnChoice), LayoutError> {
    layout_with_header(rows, delimiter, puzzle, answer, None)
}

/// [`layout`], where `header`, if given, says whether the first row is a header rather than
/// the rows' content deciding it: a JSON Lines input's keys are one
/// ([`crate::io::format::jsonl`]).
pub(crate) fn layout_with_header<'a>(
    rows: impl IntoIterator<Item = (&'a [u8], u64)>,
    delimiter: Delimiter,
    puzzle: Option<&Column>,
    answer: Option<&Column>,
    header: Option<bool>,
) -> Result<(CsvLayout, ColumnChoice), LayoutError> {
    let forced = header;
    let mut rows = rows.into_iter().take(EVIDENCE_ROWS);
    let (first, line) = rows.next().unwrap_or((b"", 1));
    let mut fields: Vec<&[u8]> = Vec::new();
    let first_split = split_fields_by(first, delimiter, |_, f| fields.push(f));
    let mut evidence = Evidence::default();
    let mut row_fields = Vec::new();
    for (row, _) in rows {
        row_fields.clear();
        if split_fields_by(row, delimiter, |_, f| row_fields.push(f)).is_ok() {
            evidence.add(&row_fields);
        }
    }
    let alone = evidence.rows == 0;
    if alone {
        // One row is all there is: it is its own evidence.
        first_split.map_err(|error| LayoutError::BadHeader { line, error })?;
        evidence.add(&fields);
    }
    let header_text = shown(first);
    let names: Vec<String> = fields
        .iter()
        .map(|f| String::from_utf8_lossy(f).trim_matches('"').to_ascii_lowercase())
        .collect();
    let by_name = |known: &[&str]| names.iter().position(|n| known.contains(&n.as_str()));
    let grid_columns = evidence.grid_columns();

    let has_grid = fields.iter().any(|f| is_grid_field(f));
    let named = |c: Option<&Column>| matches!(c, Some(Column::Name(_)));
    let header = forced.unwrap_or_else(|| {
        first_split.is_ok()
            && !has_grid
            && (named(puzzle)
                || named(answer)
                || by_name(&PUZZLE_NAMES).is_some()
                || by_name(&ANSWER_NAMES).is_some()
                || (!grid_columns.is_empty()
                    && grid_columns.iter().all(|&i| fields.get(i).is_some_and(|f| is_name(f))))
                || (alone && grid_columns.is_empty()))
    });
    if !header && !alone {
        evidence.add(&fields); // the first row is a record: it counts too
    }
    let width = match header {
        true => fields.len(),
        false => evidence.usual_width().unwrap_or(fields.len()),
    };
    let find = |column: &Column| -> Result<usize, LayoutError> {
        match column {
            Column::Index(i) if (1..=width).contains(i) => Ok(i - 1),
            Column::Index(i) => Err(LayoutError::IndexOutOfRange { index: *i, fields: width }),
            Column::Name(name) => names
                .iter()
                .position(|n| header && n.eq_ignore_ascii_case(name))
                .ok_or_else(|| LayoutError::NoSuchColumn {
                    column: column.clone(),
                    header: header_text.clone(),
                }),
        }
    };
    let grid_columns = evidence.grid_columns();
    let header_name = |i: usize| header.then(|| names.get(i).cloned()).flatten();

    let puzzle = match puzzle {
        Some(column) => (find(column)?, ColumnSource::Given),
        None => match by_name(&PUZZLE_NAMES).filter(|_| header) {
            Some(i) => (i, ColumnSource::Header),
            None => {
                let with_blanks = grid_columns.iter().copied().find(|&i| evidence.has_blanks(i));
                let i = with_blanks.or(grid_columns.first().copied()).ok_or_else(|| {
                    LayoutError::NoPuzzleColumn { header: header_text.clone(), rows: evidence.rows }
                })?;
                (i, ColumnSource::Content)
            }
        },
    };
    // The answer is the column the header names; else, where the puzzle's column was found by
    // its content (or there is no header), the next column of grids.
    let answer = match answer {
        Some(column) => Some((find(column)?, ColumnSource::Given)),
        None => match by_name(&ANSWER_NAMES).filter(|_| header) {
            Some(i) => Some((i, ColumnSource::Header)),
            None if !header || puzzle.1 == ColumnSource::Content => grid_columns
                .iter()
                .copied()
                .find(|&i| i != puzzle.0)
                .map(|i| (i, ColumnSource::Content)),
            None => None,
        },
    };
    let header_line = header.then_some(line);
    let answer_field = answer.map(|a| a.0);
    let layout = CsvLayout {
        delimiter,
        puzzle: puzzle.0,
        answer: answer_field,
        fields: width,
        header_line,
        rows_line: line,
        nulls: false,
    };
    let choice = ColumnChoice {
        puzzle: (puzzle.0, header_name(puzzle.0), puzzle.1),
        answer: answer.map(|(i, source)| (i, header_name(i), source)),
        header_line,
        rows_read: evidence.rows,
        delimiter,
        of: "CSV",
        names: match header {
            true => fields.iter().map(|f| String::from_utf8_lossy(f).into_owned()).collect(),
            false => (1..=width).map(|i| format!("field{i}")).collect(),
        },
    };
    Ok((layout, choice))
}

impl fmt::Display for ColumnChoice {
    /// `puzzle in CSV column 1 "quizzes", solution in CSV column 2 "solutions" (named in the
    /// header)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let column =
            |f: &mut fmt::Formatter<'_>,
             what,
             (i, name, source): &(usize, Option<String>, ColumnSource)| {
                let keys = self.of == JSON_LINES;
                match (keys, name) {
                    (true, Some(name)) => write!(f, "{what} in {} key {name:?}", self.of)?,
                    _ => {
                        write!(f, "{what} in {} column {}", self.of, i + 1)?;
                        if let Some(name) = name {
                            write!(f, " {name:?}")?;
                        }
                    }
                }
                let rows = if keys { "objects" } else { "rows" };
                match source {
                    ColumnSource::Given => f.write_str(" (as asked)"),
                    ColumnSource::Header if keys => f.write_str(" (a known name)"),
                    ColumnSource::Header => f.write_str(" (named in the header)"),
                    ColumnSource::Content => {
                        write!(
                            f,
                            " (detected: grids in most of the first {} {rows})",
                            self.rows_read
                        )
                    }
                }
            };
        if self.delimiter != Delimiter::COMMA {
            write!(f, "fields separated by {}; ", self.delimiter)?;
        }
        column(f, "puzzle", &self.puzzle)?;
        match &self.answer {
            Some(answer) => column(f, ", solution", answer),
            None => f.write_str(", no solution column"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const P: &str =
        "004300209005009001070060043006002087190007400050083000600000105003508690042910300";
    const S: &str =
        "864371259325849761971265843436192587198657432257483916689734125713528694542916378";

    /// The layout of a CSV input whose significant rows are `rows`, numbered from 1.
    fn layout_of(
        rows: &[&str],
        puzzle: Option<&Column>,
        answer: Option<&Column>,
    ) -> Result<CsvLayout, LayoutError> {
        let numbered = rows.iter().map(|r| r.as_bytes()).zip(1..);
        layout(numbered, Delimiter::COMMA, puzzle, answer).map(|(layout, _)| layout)
    }

    fn one_row(
        row: &[u8],
        line: u64,
        p: Option<&Column>,
        a: Option<&Column>,
    ) -> Result<CsvLayout, LayoutError> {
        layout([(row, line)], Delimiter::COMMA, p, a).map(|(layout, _)| layout)
    }

    #[test]
    fn known_layouts_are_recognised_by_name() {
        let l = one_row(b"quizzes,solutions", 1, None, None).unwrap();
        assert_eq!((l.puzzle, l.answer, l.fields, l.header_line), (0, Some(1), 2, Some(1)));
        let l = one_row(b"id,puzzle,solution,clues,difficulty", 3, None, None).unwrap();
        assert_eq!((l.puzzle, l.answer, l.fields, l.header_line), (1, Some(2), 5, Some(3)));
        let l = one_row(b"source,question,answer,rating", 1, None, None).unwrap();
        assert_eq!((l.puzzle, l.answer), (1, Some(2)));
        let l = one_row(b"\"Puzzle\" , Extra", 1, None, None).unwrap();
        assert_eq!((l.puzzle, l.answer), (0, None));
    }

    #[test]
    fn headerless_rows_use_their_grid_fields() {
        let row = format!("7,{P},{S},x");
        let l = one_row(row.as_bytes(), 1, None, None).unwrap();
        assert_eq!((l.puzzle, l.answer, l.fields, l.header_line), (1, Some(2), 4, None));
    }

    #[test]
    fn columns_can_be_named_or_numbered() {
        let name = Column::Name("B".into());
        let l = one_row(b"a,b,c", 1, Some(&name), Some(&Column::Index(3))).unwrap();
        assert_eq!((l.puzzle, l.answer), (1, Some(2)));
        let err = one_row(b"a,b", 1, Some(&Column::Index(3)), None).unwrap_err();
        assert_eq!(
            err.to_string(),
            "CSV column 3 asked for, but rows have 2 fields (columns count from 1)"
        );
        let err = one_row(b"a,b", 1, Some(&Column::Name("z".into())), None).unwrap_err();
        assert_eq!(err.to_string(), "no column \"z\" in the header (a,b)");
        let err = one_row(b"a,b", 1, None, None).unwrap_err();
        assert!(err.to_string().contains("use --puzzle-col"), "{err}");
        assert_eq!("2".parse::<Column>().unwrap(), Column::Index(2));
        assert!("0".parse::<Column>().unwrap_err().contains("count from 1"));
        assert_eq!(" quizzes ".parse::<Column>().unwrap(), Column::Name("quizzes".into()));
    }
    /// Every way the first row can be bad, in a headerless `puzzle,solution` file of many
    /// good rows: the layout comes from the other rows, and the first row stays a record.
    #[test]
    fn a_bad_first_row_does_not_decide_the_layout() {
        let good = format!("{P},{S}");
        let short = format!("{},{S}", &P[1..]);
        let long = format!("{P}0,{S}");
        let bad_char = format!("x{},{S}", &P[1..]);
        let empty = format!(",{S}");
        let missing = P.to_string();
        let extra = format!("{P},{S},x");
        let garbage = "x".repeat(81);
        let quote = format!("\"{P},{S}");
        for first in [&short, &long, &bad_char, &empty, &missing, &extra, &garbage, &quote] {
            let mut rows = vec![first.as_str()];
            rows.extend(std::iter::repeat_n(good.as_str(), 20));
            let l = layout_of(&rows, None, None).unwrap();
            assert_eq!(
                (l.puzzle, l.answer, l.fields, l.header_line),
                (0, Some(1), 2, None),
                "{first}"
            );
        }
        // Bad rows further down change nothing either.
        let mut rows = vec![good.as_str(); 10];
        rows.extend([short.as_str(), missing.as_str(), extra.as_str()]);
        let l = layout_of(&rows, None, None).unwrap();
        assert_eq!((l.puzzle, l.answer, l.fields, l.header_line), (0, Some(1), 2, None));
    }

    #[test]
    fn headers_are_told_from_records() {
        let good = format!("{P},{S}");
        let mut rows = vec!["id,board", good.as_str(), good.as_str()];
        let numbered = rows.iter().map(|r| r.as_bytes()).zip(1..);
        let (l, choice) = layout(numbered, Delimiter::COMMA, None, None).unwrap();
        assert_eq!((l.puzzle, l.header_line), (0, Some(1)), "names over grid columns: a header");
        assert_eq!(
            choice.to_string(),
            "puzzle in CSV column 1 \"id\" (detected: grids in most of the first 2 rows), \
             solution in CSV column 2 \"board\" (detected: grids in most of the first 2 rows)"
        );
        // A header that looks like data (cells, no letters) is a record, and a bad one.
        let data_like = format!("{},{}", &P[..40], &S[..40]);
        rows[0] = &data_like;
        let l = layout_of(&rows, None, None).unwrap();
        assert_eq!((l.puzzle, l.answer, l.header_line), (0, Some(1), None));
        // Known names make a header, whatever the rows.
        let (_, choice) =
            layout([(&b"quizzes,solutions"[..], 1)], Delimiter::COMMA, None, None).unwrap();
        assert_eq!(
            choice.to_string(),
            "puzzle in CSV column 1 \"quizzes\" (named in the header), solution in CSV column 2 \"solutions\" (named in the header)"
        );
        // Puzzles in the second column: the column with blanks is the puzzle.
        let swapped = format!("{S},{P}");
        let l = layout_of(&[swapped.as_str(), swapped.as_str()], None, None).unwrap();
        assert_eq!((l.puzzle, l.answer), (1, Some(0)));
    }

    #[test]
    fn too_little_evidence_is_an_error_not_a_guess() {
        let short = &P[1..];
        let err = layout_of(&["a,b", "x,y", short], None, None).unwrap_err();
        assert!(err.to_string().contains("use --puzzle-col"), "{err}");
        let row = format!("{short},{short}");
        let err = layout_of(&[row.as_str(), row.as_str()], None, None).unwrap_err();
        assert!(matches!(err, LayoutError::NoPuzzleColumn { rows: 2, .. }), "{err}");
    }

    #[test]
    fn other_delimiters_are_found_where_rows_are_fields() {
        let tdoku = format!("{P}:1:{S}");
        let exchange = format!("0001d2888928 {P}  7.1");
        let tab = format!("{P}\t3.5");
        let cases: [(&str, Delimiter, usize, Option<usize>); 3] = [
            (&tdoku, Delimiter::Byte(b':'), 0, Some(2)),
            (&exchange, Delimiter::Whitespace, 1, None),
            (&tab, Delimiter::Byte(b'\t'), 0, None),
        ];
        for (row, delimiter, puzzle, answer) in cases {
            let rows = vec![(row.as_bytes(), 1); 3];
            assert_eq!(detect_delimiter(&rows), Some(delimiter), "{row}");
            let (l, _) = layout(rows, delimiter, None, None).unwrap();
            assert_eq!((l.puzzle, l.answer, l.header_line), (puzzle, answer, None), "{row}");
        }
        // Rows of one puzzle each, or grid rows, are not fields.
        assert_eq!(detect_delimiter(&[(P.as_bytes(), 1)]), None);
        assert_eq!(detect_delimiter(&[(&b"8 0 0 0 0 0 0 0 0"[..], 1)]), None);
        assert_eq!("tab".parse::<Delimiter>(), Ok(Delimiter::Byte(b'\t')));
        assert_eq!("whitespace".parse::<Delimiter>(), Ok(Delimiter::Whitespace));
        assert!("x".parse::<Delimiter>().is_err());
    }
}
