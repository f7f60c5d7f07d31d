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

/// What separates the fields of a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delimiter {
    /// One byte: `,` (CSV), tab, `:` (tdoku's `puzzle:count:solution`), `;` or `|`. Fields may
    /// be quoted.
    Byte(u8),
    /// Runs of spaces and tabs (sudoku-exchange's `id puzzle rating`). No quoting.
    Whitespace,
}

impl Delimiter {
    /// A comma: CSV.
    pub const COMMA: Delimiter = Delimiter::Byte(b',');

    /// The delimiters looked for in an input without commas, in order.
    pub const CANDIDATES: [Delimiter; 5] = [
        Delimiter::Byte(b'\t'),
        Delimiter::Byte(b'|'),
        Delimiter::Byte(b';'),
        Delimiter::Byte(b':'),
        Delimiter::Whitespace,
    ];
}

impl std::str::FromStr for Delimiter {
    type Err = String;
    /// `,`, `tab` (or a tab), `:`, `;`, `|`, `space` or `whitespace` (runs of either).
    fn from_str(s: &str) -> Result<Delimiter, String> {
        match s {
            "," | "comma" => Ok(Delimiter::COMMA),
            "\t" | "\\t" | "tab" => Ok(Delimiter::Byte(b'\t')),
            ":" | ";" | "|" => Ok(Delimiter::Byte(s.as_bytes()[0])),
            " " | "space" | "whitespace" => Ok(Delimiter::Whitespace),
            _ => Err(format!("{s:?}: expected , tab : ; | or whitespace")),
        }
    }
}

impl fmt::Display for Delimiter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Delimiter::Byte(b'\t') => f.write_str("tabs"),
            Delimiter::Byte(b) => write!(f, "'{}'", *b as char),
            Delimiter::Whitespace => f.write_str("white space"),
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
        crate::grid::Plural(*fields, "field")
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
         ({header}), and none holds 81-cell puzzles in most of the first {rows} rows; use \
         --puzzle-col"
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
}

/// Splits a row into fields, unquoting quoted ones (escaped `""` is kept doubled: puzzle
/// fields never contain quotes, and the row's text is passed through unchanged anyway).
/// Calls `each(index, field)` for every field and returns how many there were.
pub fn split_fields_by<'a>(
    row: &'a [u8],
    delimiter: Delimiter,
    mut each: impl FnMut(usize, &'a [u8]),
) -> Result<usize, FieldError> {
    let sep = match delimiter {
        Delimiter::Byte(sep) => sep,
        Delimiter::Whitespace => {
            let mut count = 0;
            for field in row.split(|&b| b == b' ' || b == b'\t').filter(|f| !f.is_empty()) {
                each(count, field);
                count += 1;
            }
            if count == 0 {
                each(0, b"");
                count = 1;
            }
            return Ok(count);
        }
    };
    let mut index = 0;
    let mut pos = 0;
    let is_space = |b: &u8| (*b == b' ' || *b == b'\t') && *b != sep;
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
            if pos < row.len() && row[pos] != sep {
                return Err(FieldError::TextAfterQuote { field: index + 1 });
            }
        } else {
            let end = memchr::memchr(sep, &row[pos..]).map_or(row.len(), |i| pos + i);
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

/// A row found and split by [`plain_row`].
pub(crate) struct PlainRow {
    /// Where the row's content ends (its line end, or the end of the data).
    pub end: usize,
    /// Where the next line starts.
    pub next: usize,
    /// How many fields the row has.
    pub fields: usize,
    /// Where the two fields asked for start and end, untrimmed (`(0, 0)` if the row has no
    /// such field).
    pub spans: [(usize, usize); 2],
}

/// Bit `i` set where `chunk[i]` is `byte`.
#[inline(always)]
fn bytes_equal(chunk: &[u8; 16], byte: u8) -> u32 {
    use vector::{equal, load, mask};
    mask(equal(load(chunk), byte))
}

/// Bit `i` set where `chunk[i]` is any of `bytes`: four compares and one byte mask.
#[inline(always)]
fn bytes_in(chunk: &[u8; 16], [a, b, c, d]: [u8; 4]) -> u32 {
    use vector::{equal, load, mask, or};
    let v = load(chunk);
    mask(or(or(equal(v, a), equal(v, b)), or(equal(v, c), equal(v, d))))
}

/// Comparing 16 bytes at once: SSE2 on x86-64 and NEON on aarch64, both part of the base
/// instruction set (so no run-time detection), and a loop elsewhere. On aarch64 the loop took
/// about 49 instructions a compare as compiled, NEON 13.
#[cfg(target_arch = "x86_64")]
mod vector {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
    };

    #[inline(always)]
    pub(super) fn load(chunk: &[u8; 16]) -> __m128i {
        // SAFETY: SSE2 is part of x86-64; the load reads the 16 bytes of `chunk` (unaligned
        // loads are allowed).
        unsafe { _mm_loadu_si128(chunk.as_ptr().cast::<__m128i>()) }
    }

    /// 0xff in the bytes equal to `byte`, 0 in the others.
    #[inline(always)]
    pub(super) fn equal(v: __m128i, byte: u8) -> __m128i {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { _mm_cmpeq_epi8(v, _mm_set1_epi8(byte as i8)) }
    }

    #[inline(always)]
    pub(super) fn or(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { _mm_or_si128(a, b) }
    }

    /// Bit `i` set where byte `i` of `v` is 0xff.
    #[inline(always)]
    pub(super) fn mask(v: __m128i) -> u32 {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { _mm_movemask_epi8(v) as u32 }
    }
}

#[cfg(target_arch = "aarch64")]
mod vector {
    use std::arch::aarch64::{
        uint8x16_t, vaddv_u8, vandq_u8, vceqq_u8, vdupq_n_u8, vget_high_u8, vget_low_u8, vld1q_u8,
        vorrq_u8,
    };

    #[inline(always)]
    pub(super) fn load(chunk: &[u8; 16]) -> uint8x16_t {
        // SAFETY: NEON is part of aarch64; the load reads the 16 bytes of `chunk`.
        unsafe { vld1q_u8(chunk.as_ptr()) }
    }

    /// 0xff in the bytes equal to `byte`, 0 in the others.
    #[inline(always)]
    pub(super) fn equal(v: uint8x16_t, byte: u8) -> uint8x16_t {
        // SAFETY: NEON is part of aarch64.
        unsafe { vceqq_u8(v, vdupq_n_u8(byte)) }
    }

    #[inline(always)]
    pub(super) fn or(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t {
        // SAFETY: NEON is part of aarch64.
        unsafe { vorrq_u8(a, b) }
    }

    /// Bit `i` set where byte `i` of `v` is 0xff: each byte keeps its bit within its half,
    /// and each half's bytes are added up.
    #[inline(always)]
    pub(super) fn mask(v: uint8x16_t) -> u32 {
        const BITS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];
        // SAFETY: NEON is part of aarch64; the load reads the 16 bytes of `BITS`.
        unsafe {
            let bits = vandq_u8(v, vld1q_u8(BITS.as_ptr()));
            u32::from(vaddv_u8(vget_low_u8(bits))) | u32::from(vaddv_u8(vget_high_u8(bits))) << 8
        }
    }
}

#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
mod vector {
    #[inline(always)]
    pub(super) fn load(chunk: &[u8; 16]) -> [u8; 16] {
        *chunk
    }

    /// The mask of the bytes equal to `byte`.
    #[inline(always)]
    pub(super) fn equal(v: [u8; 16], byte: u8) -> u32 {
        super::bytes_equal_portable(&v, byte)
    }

    #[inline(always)]
    pub(super) fn or(a: u32, b: u32) -> u32 {
        a | b
    }

    #[inline(always)]
    pub(super) fn mask(v: u32) -> u32 {
        v
    }
}

/// [`bytes_equal`], byte by byte.
#[cfg_attr(any(target_arch = "x86_64", target_arch = "aarch64"), allow(dead_code))]
fn bytes_equal_portable(chunk: &[u8; 16], byte: u8) -> u32 {
    let mut mask = 0;
    for (i, &b) in chunk.iter().enumerate() {
        mask |= u32::from(b == byte) << i;
    }
    mask
}

/// The line of `data` starting at `at`, found and split on `delimiter` in one pass, 16 bytes a
/// step, keeping the spans of fields `wanted` (from 0): the common row, with no quote. `None`
/// for a row with a quote, which [`split_fields_by`] then reads. Finding the line end and each
/// field with `memchr` took three calls a Kaggle row, whose set-up cost more than the search.
#[inline]
pub(crate) fn plain_row(
    data: &[u8],
    at: usize,
    delimiter: u8,
    wanted: [usize; 2],
) -> Option<PlainRow> {
    let mut row = PlainRow { end: data.len(), next: data.len(), fields: 0, spans: [(0, 0); 2] };
    // Where the field being read starts.
    let mut start = at;
    let mut end_field = |row: &mut PlainRow, end: usize| {
        for (span, &i) in row.spans.iter_mut().zip(&wanted) {
            if i == row.fields {
                *span = (start, end);
            }
        }
        row.fields += 1;
        start = end + 1;
    };
    let mut base = at;
    while base < data.len() {
        let chunk: [u8; 16] = match data.get(base..base + 16) {
            Some(chunk) => chunk.try_into().expect("16 bytes"),
            None => {
                // The last bytes, padded with line ends (the data's end ends its last line).
                let mut chunk = [b'\n'; 16];
                chunk[..data.len() - base].copy_from_slice(&data[base..]);
                chunk
            }
        };
        // Most of a row's chunks hold none of the bytes that matter here: one test each.
        if bytes_in(&chunk, [b'\n', b'\r', b'"', delimiter]) == 0 {
            base += 16;
            continue;
        }
        let ends = bytes_equal(&chunk, b'\n') | bytes_equal(&chunk, b'\r');
        // The bytes of this line in the chunk: all of them, until the line's end.
        let inside = ends.wrapping_sub(1) & !ends;
        if bytes_equal(&chunk, b'"') & inside != 0 {
            return None;
        }
        let mut delimiters = bytes_equal(&chunk, delimiter) & inside;
        while delimiters != 0 {
            end_field(&mut row, base + delimiters.trailing_zeros() as usize);
            delimiters &= delimiters - 1;
        }
        if ends != 0 {
            row.end = (base + ends.trailing_zeros() as usize).min(data.len());
            row.next = super::lines::after_line_end(data, row.end);
            break;
        }
        base += 16;
    }
    let end = row.end;
    end_field(&mut row, end);
    Some(row)
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
    /// How many rows have each number of fields.
    widths: Vec<usize>,
}

impl Evidence {
    fn add(&mut self, fields: &[&[u8]]) {
        self.rows += 1;
        let width = fields.len();
        for v in [&mut self.grids, &mut self.with_blanks] {
            if v.len() < width {
                v.resize(width, 0);
            }
        }
        if self.widths.len() <= width {
            self.widths.resize(width + 1, 0);
        }
        self.widths[width] += 1;
        for (i, field) in fields.iter().enumerate() {
            if is_grid_field(field) {
                self.grids[i] += 1;
                if field.iter().any(|&b| crate::grid::cell_value(b) == Some(0)) {
                    self.with_blanks[i] += 1;
                }
            }
        }
    }

    /// The positions that hold a grid in most rows read, in order.
    fn grid_columns(&self) -> Vec<usize> {
        (0..self.grids.len()).filter(|&i| self.grids[i] * 2 > self.rows).collect()
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
    let header = first_split.is_ok()
        && !has_grid
        && (named(puzzle)
            || named(answer)
            || by_name(&PUZZLE_NAMES).is_some()
            || by_name(&ANSWER_NAMES).is_some()
            || (!grid_columns.is_empty()
                && grid_columns.iter().all(|&i| fields.get(i).is_some_and(|f| is_name(f))))
            || (alone && grid_columns.is_empty()));
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
                let with_blanks =
                    grid_columns.iter().copied().find(|&i| evidence.with_blanks[i] > 0);
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
                write!(f, "{what} in {} column {}", self.of, i + 1)?;
                if let Some(name) = name {
                    write!(f, " {name:?}")?;
                }
                match source {
                    ColumnSource::Given => f.write_str(" (as asked)"),
                    ColumnSource::Header => f.write_str(" (named in the header)"),
                    ColumnSource::Content => {
                        write!(f, " (detected: grids in most of the first {} rows)", self.rows_read)
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

    fn fields(row: &str) -> Result<Vec<String>, FieldError> {
        let mut out = Vec::new();
        let mut push = |_, f: &[u8]| out.push(String::from_utf8_lossy(f).into_owned());
        split_fields_by(row.as_bytes(), Delimiter::COMMA, &mut push)?;
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

    #[test]
    fn byte_masks_agree_with_the_byte_loop() {
        let mut chunk = [0u8; 16];
        for seed in 0..2000u32 {
            for (i, b) in chunk.iter_mut().enumerate() {
                *b = b",\"\n\ra1 \x80"[(seed as usize * 7 + i * i * 3 + (seed >> 3) as usize) % 8];
            }
            for byte in [b',', b'"', b'\n', b'\r', b'a', 0x80] {
                assert_eq!(bytes_equal(&chunk, byte), bytes_equal_portable(&chunk, byte));
            }
            for bytes in [*b"\n\r\",", *b"\n\r\"\t", *b"a1 \x80"] {
                let each = bytes.map(|byte| bytes_equal_portable(&chunk, byte));
                assert_eq!(bytes_in(&chunk, bytes), each.into_iter().fold(0, |a, b| a | b));
            }
        }
    }

    proptest::proptest! {
        /// A row that `plain_row` splits, `line_at` and `split_fields_by` split the same; one it
        /// leaves (`None`) holds a quote.
        #[test]
        fn plain_rows_split_as_the_general_way(
            bytes in proptest::collection::vec(proptest::sample::select(b",\"\n\r a1#\t".to_vec()), 0..60),
            at in 0usize..8,
        ) {
            let at = at.min(bytes.len());
            let (end, next) = super::super::lines::line_at(&bytes, at);
            let line = &bytes[at..end];
            match plain_row(&bytes, at, b',', [0, 2]) {
                None => proptest::prop_assert!(line.contains(&b'"'), "{line:?}"),
                Some(row) => {
                    proptest::prop_assert_eq!((row.end, row.next), (end, next));
                    let mut fields = Vec::new();
                    let count = split_fields_by(line, Delimiter::COMMA, |_, f| fields.push(f));
                    proptest::prop_assert_eq!(count, Ok(row.fields));
                    for (span, i) in row.spans.iter().zip([0, 2]) {
                        let got = (i < row.fields).then(|| bytes[span.0..span.1].trim_ascii());
                        proptest::prop_assert_eq!(got, fields.get(i).copied());
                    }
                }
            }
        }
    }
}
