//! CSV corpora: which columns hold the puzzle and its answer, and splitting a row into fields.
//!
//! Machine-learning sets ship puzzles as CSV rows, one row a line:
//!
//! | set | header | blanks |
//! |---|---|---|
//! | Kaggle 1M | `quizzes,solutions` | `0` |
//! | Kaggle 9M | `puzzle,solution` | `0` |
//! | Kaggle 3M | `id,puzzle,solution,clues,difficulty` | `.` |
//! | sudoku-extreme | `source,question,answer,rating` | `.` |
//!
//! Those layouts are recognised by their column names; others can name or number their columns
//! (`--puzzle-col`, `--solution-col`). Without a header, the first field holding 81 cells is the
//! puzzle and the next one the answer. Fields may be quoted (`"..."`, with `""` for a quote);
//! a quoted field may not span lines, since rows are cut at line ends.

use std::fmt;

/// A column, chosen by the user: by header name or by position (counted from 1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Column {
    /// A header name, matched without regard to case or surrounding spaces.
    Name(String),
    /// A position, counted from 1.
    Index(usize),
}

impl std::str::FromStr for Column {
    type Err = std::convert::Infallible;
    /// A number is a position, anything else a name.
    fn from_str(s: &str) -> Result<Column, Self::Err> {
        Ok(match s.trim().parse::<usize>() {
            Ok(n) => Column::Index(n),
            Err(_) => Column::Name(s.trim().to_string()),
        })
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
    /// The puzzle's field, from 0.
    pub puzzle: usize,
    /// The answer's field, from 0, if the rows carry one.
    pub answer: Option<usize>,
    /// Fields a row must have.
    pub fields: usize,
    /// The header's line number, if the input has a header.
    pub header_line: Option<u64>,
}

/// Header names of puzzle columns in known layouts.
const PUZZLE_NAMES: [&str; 6] = ["quizzes", "puzzle", "puzzles", "quiz", "question", "sudoku"];
/// Header names of answer columns in known layouts.
const ANSWER_NAMES: [&str; 4] = ["solutions", "solution", "answer", "answers"];

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
    #[error("column {index} asked for, but rows have {fields} fields")]
    IndexOutOfRange {
        /// The position asked for (from 1).
        index: usize,
        /// Fields in the first row.
        fields: usize,
    },
    /// Nothing says which column holds the puzzle.
    #[error("cannot tell which column holds the puzzle (header: {header}); use --puzzle-col")]
    NoPuzzleColumn {
        /// The first line.
        header: String,
    },
    /// The first line is not valid CSV.
    #[error("line {line}: {error}")]
    BadHeader {
        /// Its line number.
        line: u64,
        /// What is wrong.
        error: FieldError,
    },
}

/// Why a row cannot be split into fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum FieldError {
    /// A quoted field with no closing quote on its line.
    #[error("unterminated quote in field {field}")]
    UnterminatedQuote {
        /// The field, from 1.
        field: usize,
    },
    /// Text after a closing quote, before the delimiter.
    #[error("text after the closing quote of field {field}")]
    TextAfterQuote {
        /// The field, from 1.
        field: usize,
    },
}

/// Splits a row into fields, unquoting quoted ones (escaped `""` is kept doubled: puzzle
/// fields never contain quotes, and the row's text is passed through unchanged anyway).
/// Calls `each(index, field)` for every field and returns how many there were.
pub fn split_fields<'a>(
    row: &'a [u8],
    mut each: impl FnMut(usize, &'a [u8]),
) -> Result<usize, FieldError> {
    let mut index = 0;
    let mut pos = 0;
    let is_space = |b: &u8| *b == b' ' || *b == b'\t';
    loop {
        let field;
        // Spaces around a quoted field are allowed, and dropped.
        let quote = pos + row[pos..].iter().take_while(|b| is_space(b)).count();
        if row.get(quote) == Some(&b'"') {
            pos = quote;
            // Quoted: find the closing quote that is not doubled.
            let start = pos + 1;
            let mut at = start;
            let end = loop {
                match memchr::memchr(b'"', &row[at..]) {
                    None => return Err(FieldError::UnterminatedQuote { field: index + 1 }),
                    Some(i) if row.get(at + i + 1) == Some(&b'"') => at += i + 2,
                    Some(i) => break at + i,
                }
            };
            field = &row[start..end];
            pos = end + 1;
            pos += row[pos..].iter().take_while(|b| is_space(b)).count();
            if pos < row.len() && row[pos] != b',' {
                return Err(FieldError::TextAfterQuote { field: index + 1 });
            }
        } else {
            let end = memchr::memchr(b',', &row[pos..]).map_or(row.len(), |i| pos + i);
            field = &row[pos..end];
            pos = end;
        }
        each(index, field.trim_ascii());
        index += 1;
        if pos >= row.len() {
            return Ok(index);
        }
        pos += 1; // the delimiter
    }
}

/// Whether a field looks like a puzzle or a solution: 81 cell characters.
fn is_grid_field(field: &[u8]) -> bool {
    field.len() == 81 && field.iter().all(|&b| crate::grid::cell_value(b).is_some())
}

/// Works out the layout from the first row (`first`, on line `line`) and the columns asked for.
pub fn layout(
    first: &[u8],
    line: u64,
    puzzle: Option<&Column>,
    answer: Option<&Column>,
) -> Result<CsvLayout, LayoutError> {
    let mut fields: Vec<&[u8]> = Vec::new();
    split_fields(first, |_, f| fields.push(f))
        .map_err(|error| LayoutError::BadHeader { line, error })?;
    let header = !fields.iter().any(|f| is_grid_field(f));
    let header_text = String::from_utf8_lossy(first).into_owned();
    let names: Vec<String> = fields
        .iter()
        .map(|f| String::from_utf8_lossy(f).trim_matches('"').to_ascii_lowercase())
        .collect();

    let find = |column: &Column| -> Result<usize, LayoutError> {
        match column {
            Column::Index(i) if (1..=fields.len()).contains(i) => Ok(i - 1),
            Column::Index(i) => {
                Err(LayoutError::IndexOutOfRange { index: *i, fields: fields.len() })
            }
            Column::Name(name) => names
                .iter()
                .position(|n| header && n.eq_ignore_ascii_case(name))
                .ok_or_else(|| LayoutError::NoSuchColumn {
                    column: column.clone(),
                    header: header_text.clone(),
                }),
        }
    };
    let by_name = |known: &[&str]| names.iter().position(|n| known.contains(&n.as_str()));
    let grids: Vec<usize> = (0..fields.len()).filter(|&i| is_grid_field(fields[i])).collect();

    let puzzle = match puzzle {
        Some(column) => find(column)?,
        None if header => by_name(&PUZZLE_NAMES)
            .ok_or(LayoutError::NoPuzzleColumn { header: header_text.clone() })?,
        None => grids[0], // `header` is false, so there is at least one grid field
    };
    let answer = match answer {
        Some(column) => Some(find(column)?),
        None if header => by_name(&ANSWER_NAMES),
        None => grids.iter().copied().find(|&i| i > puzzle),
    };
    Ok(CsvLayout { puzzle, answer, fields: fields.len(), header_line: header.then_some(line) })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(row: &str) -> Result<Vec<String>, FieldError> {
        let mut out = Vec::new();
        split_fields(row.as_bytes(), |_, f| out.push(String::from_utf8_lossy(f).into_owned()))?;
        Ok(out)
    }

    #[test]
    fn splits_plain_and_quoted_fields() {
        assert_eq!(fields("a,b,c").unwrap(), ["a", "b", "c"]);
        assert_eq!(fields("a,,c,").unwrap(), ["a", "", "c", ""]);
        assert_eq!(fields("\"a,b\",c").unwrap(), ["a,b", "c"]);
        assert_eq!(fields("\"say \"\"hi\"\"\",x").unwrap(), ["say \"\"hi\"\"", "x"]);
        assert_eq!(fields(" a , b ").unwrap(), ["a", "b"]);
        assert_eq!(fields(" \"a\" , \" b\" ").unwrap(), ["a", "b"]);
        assert_eq!(fields("").unwrap(), [""]);
        assert_eq!(fields("a,\"b").unwrap_err(), FieldError::UnterminatedQuote { field: 2 });
        assert_eq!(fields("\"a\"x,b").unwrap_err(), FieldError::TextAfterQuote { field: 1 });
    }

    const P: &str =
        "004300209005009001070060043006002087190007400050083000600000105003508690042910300";
    const S: &str =
        "864371259325849761971265843436192587198657432257483916689734125713528694542916378";

    #[test]
    fn known_layouts_are_recognised_by_name() {
        let l = layout(b"quizzes,solutions", 1, None, None).unwrap();
        assert_eq!((l.puzzle, l.answer, l.fields, l.header_line), (0, Some(1), 2, Some(1)));
        let l = layout(b"id,puzzle,solution,clues,difficulty", 3, None, None).unwrap();
        assert_eq!((l.puzzle, l.answer, l.fields, l.header_line), (1, Some(2), 5, Some(3)));
        let l = layout(b"source,question,answer,rating", 1, None, None).unwrap();
        assert_eq!((l.puzzle, l.answer), (1, Some(2)));
        let l = layout(b"\"Puzzle\" , Extra", 1, None, None).unwrap();
        assert_eq!((l.puzzle, l.answer), (0, None));
    }

    #[test]
    fn headerless_rows_use_their_grid_fields() {
        let row = format!("7,{P},{S},x");
        let l = layout(row.as_bytes(), 1, None, None).unwrap();
        assert_eq!((l.puzzle, l.answer, l.fields, l.header_line), (1, Some(2), 4, None));
    }

    #[test]
    fn columns_can_be_named_or_numbered() {
        let name = Column::Name("B".into());
        let l = layout(b"a,b,c", 1, Some(&name), Some(&Column::Index(3))).unwrap();
        assert_eq!((l.puzzle, l.answer), (1, Some(2)));
        let err = layout(b"a,b", 1, Some(&Column::Index(3)), None).unwrap_err();
        assert_eq!(err.to_string(), "column 3 asked for, but rows have 2 fields");
        let err = layout(b"a,b", 1, Some(&Column::Name("z".into())), None).unwrap_err();
        assert_eq!(err.to_string(), "no column \"z\" in the header (a,b)");
        let err = layout(b"a,b", 1, None, None).unwrap_err();
        assert!(err.to_string().contains("use --puzzle-col"), "{err}");
        assert_eq!("2".parse::<Column>().unwrap(), Column::Index(2));
        assert_eq!(" quizzes ".parse::<Column>().unwrap(), Column::Name("quizzes".into()));
    }
}
