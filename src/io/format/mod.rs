//! Input formats: which one a file uses, where its records are, and what each one says.
//!
//! Three layouts are read:
//! - **line**: one puzzle a line, 81 characters, `.`, `0` or `_` for a blank;
//! - **grid**: nine rows of nine digits, separated by spaces or run together, perhaps with `|`
//!   between boxes and rules (`------+-------+------`) between bands, `.`, `0`, `_`, `*` or
//!   `-` for a blank; puzzles separated by blank lines or title lines (`Grid 01`, as Project Euler's
//!   p096 file has), or written back to back (a block whose rows are a multiple of 9); grids
//!   of other sizes as N rows of N numbers separated by spaces (`0 16 1 0 ...`);
//! - **csv**: one row a line, a puzzle column and perhaps an answer column ([`csv`]);
//! - **JSON Lines**: one JSON object a line, its keys the columns, read as CSV text
//!   ([`jsonl`]).
//!
//! In all, lines starting with `#` are comments, blank lines between records are skipped, a
//! line end may be `\n`, `\r\n` or a lone `\r` ([`lines`]), a UTF-8 byte-order mark at the start
//! is dropped, and the input ends at a line `end` or at a DOS end-of-file byte (0x1A) that
//! only more such bytes or white space follow.
//!
//! [`chunk`] cuts an input into pieces that end on record boundaries, so that pieces can be
//! parsed and solved in parallel; [`records`] turns one piece into numbered [`Record`]s.

use std::fmt;

pub mod chunk;
pub mod csv;
pub mod jsonl;
pub mod lines;
pub mod records;

pub use csv::{Column, ColumnChoice, ColumnSource, CsvLayout, Delimiter, LayoutError, NULL_FIELD};
pub use records::{Layout, Parsed, Puzzle, Record, Records, SizedPuzzle};

use memchr::memmem;

/// A layout of puzzles in a text input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// One 81-character puzzle a line.
    Line,
    /// Nine rows of nine cells a puzzle (N rows of N numbers for other sizes), puzzles
    /// separated by blank lines.
    Grid,
    /// CSV rows with the puzzle (and perhaps its answer) in known columns.
    Csv(CsvLayout),
}

/// The input formats a user can ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum FormatKind {
    /// Detect from the first lines.
    #[default]
    Auto,
    /// One 81-character puzzle a line.
    Line,
    /// 9 rows of 9 digits a puzzle (pretty-printed too), or N rows of N numbers separated by
    /// spaces for other sizes; separated by blank lines or titles.
    Grid,
    /// CSV rows with a puzzle column (and perhaps a solution column).
    Csv,
    /// JSON Lines: one JSON object a line, with a puzzle key (and perhaps a solution key).
    Jsonl,
}

/// What the user said about the input format.
#[derive(Debug, Clone, Default)]
pub struct FormatOptions {
    /// The format, or [`FormatKind::Auto`] to detect it.
    pub kind: FormatKind,
    /// The CSV puzzle column, if named.
    pub puzzle_column: Option<Column>,
    /// The CSV answer column, if named.
    pub answer_column: Option<Column>,
    /// What separates fields, if said: rows are then fields (as CSV's are) whatever the kind.
    pub delimiter: Option<Delimiter>,
    /// The grids' shape, if said (`--size`, `--box`): every puzzle must be of it. Otherwise a
    /// puzzle's length names its size, in its usual shape.
    pub shape: Option<crate::sized::Shape>,
}

/// Works out the format of an input from its first lines (`head`) and the user's options: an
/// input whose first line, or most of whose first lines, hold a comma is CSV; otherwise see
/// [`detect`].
pub fn resolve(head: &[u8], options: &FormatOptions) -> Result<Format, LayoutError> {
    resolve_with_columns(head, options).map(|(format, _)| format)
}

/// [`resolve`], and for a CSV input the columns chosen and how, for the run to report.
pub fn resolve_with_columns(
    head: &[u8],
    options: &FormatOptions,
) -> Result<(Format, Option<ColumnChoice>), LayoutError> {
    let significant: Vec<(&[u8], u64)> = lines::lines(head)
        .map(trim)
        .zip(1u64..)
        .take_while(|(line, _)| !is_end_marker(line))
        .filter(|(line, _)| !line.is_empty() && !line.starts_with(b"#"))
        .take(csv::EVIDENCE_ROWS)
        .collect();
    let (puzzle, answer) = (options.puzzle_column.as_ref(), options.answer_column.as_ref());
    let delimiter = match (options.delimiter, options.kind) {
        (Some(delimiter), _) => Some(delimiter),
        (None, FormatKind::Csv) => Some(Delimiter::COMMA),
        (None, FormatKind::Line | FormatKind::Grid) => None,
        // A comma on the first line, or on most of the first lines (the first may be a
        // record with a field missing), makes CSV; else another delimiter may split the
        // rows into fields, one of them a puzzle.
        // (JSON Lines is told and read before: see `jsonl::is_jsonl`.)
        (None, FormatKind::Auto | FormatKind::Jsonl) => {
            let commas = significant.iter().filter(|(line, _)| line.contains(&b',')).count();
            let first_has_one = significant.first().is_some_and(|(line, _)| line.contains(&b','));
            // A one-column CSV: a header that names a puzzle column (`puzzle`, `quizzes`, ...)
            // over one puzzle a line.
            let named = significant.first().is_some_and(|(line, _)| {
                let name = String::from_utf8_lossy(line).trim_matches('"').to_ascii_lowercase();
                csv::PUZZLE_NAMES.contains(&name.as_str())
            });
            match first_has_one || commas * 2 > significant.len() || named {
                true => Some(Delimiter::COMMA),
                false => csv::detect_delimiter(&significant),
            }
        }
    };
    if let Some(delimiter) = delimiter {
        let (layout, choice) = csv::layout(significant, delimiter, puzzle, answer)?;
        return Ok((Format::Csv(layout), Some(choice)));
    }
    if puzzle.is_some() || answer.is_some() {
        return Err(LayoutError::NoFields);
    }
    let format = match options.kind {
        FormatKind::Grid => Format::Grid,
        FormatKind::Line | FormatKind::Csv => Format::Line,
        FormatKind::Auto | FormatKind::Jsonl => detect(head, options.shape),
    };
    Ok((format, None))
}

/// How many significant lines [`detect`] looks at for 9x9 grids.
const DETECT_LINES: usize = 20;

/// How many it looks at for grids of other sizes: two 25x25 grids and more, so that the
/// evidence is a whole grid's rows, even for the largest.
const DETECT_SIZED_LINES: usize = 64;

/// Tells the line format from the grid format by the first significant lines of an input: if
/// more of them look like 9x9 grid rows (nine cells) than like puzzle lines, it is the grid
/// format, otherwise the line format (whose parser then reports, line by line, whatever is
/// wrong). Grids of other sizes than 9x9 are rows of numbers (`0 16 1 0 ...`): the grid
/// format also when more than half of the first 64 significant lines (rules and titles aside) are
/// rows of N numbers, for one N of the common sizes other than 9 (4, 6, 8, 12, 16, 25), or
/// for the size of `shape` when the user gave one. Rows of a size named by no common size and
/// no shape are not evidence: a guess from them could read the wrong grid.
pub fn detect(data: &[u8], shape: Option<crate::sized::Shape>) -> Format {
    let (mut lines, mut rows) = (0, 0);
    let mut sizes = [0usize; crate::sized::MAX_SIZE + 1];
    let mut seen = 0;
    let significant = lines::lines(data)
        .map(trim)
        .take_while(|line| !is_end_marker(line))
        .filter(|line| !line.is_empty() && !line.starts_with(b"#"))
        // `|` between a grid's boxes is not a cell; rules and titles count as neither kind.
        .filter(|line| !records::is_rule(line) && !records::is_title(line))
        .take(DETECT_SIZED_LINES);
    for (i, line) in significant.enumerate() {
        seen += 1;
        if let Some(n) = records::number_row(line).filter(|&n| n <= crate::sized::MAX_SIZE) {
            sizes[n] += 1;
        }
        if i >= DETECT_LINES {
            continue;
        }
        let cells = line.iter().filter(|&&b| !b.is_ascii_whitespace() && b != b'|').count();
        match cells {
            81 => lines += 1,
            9 => rows += 1,
            _ => {}
        }
    }
    let sized = match shape {
        Some(shape) if shape.size() != 9 => sizes[shape.size()] * 2 > seen,
        Some(_) => false,
        None => {
            crate::sized::Shape::COMMON_SIZES.into_iter().any(|n| n != 9 && sizes[n] * 2 > seen)
        }
    };
    if rows > lines || sized {
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

/// Where the input stops: the offset of the first line that reads `end` once trimmed of white
/// space (as [`Records`] reads it), or the input's length. What follows that line is not read.
pub fn input_end(data: &[u8]) -> usize {
    let blank = |b: u8| b.is_ascii_whitespace() && b != b'\n' && b != b'\r';
    for at in memmem::find_iter(data, b"end") {
        let start = at - data[..at].iter().rev().take_while(|&&b| blank(b)).count();
        if !lines::starts_line(data, start) {
            continue;
        }
        let (line_end, _) = lines::line_at(data, at);
        if data[at + 3..line_end].iter().all(u8::is_ascii_whitespace) {
            return start;
        }
    }
    data.len()
}

/// The DOS end-of-file byte, which old collections end their files with.
pub const DOS_EOF: u8 = 0x1A;

/// Where a whole input stops for a DOS end-of-file byte: at the first 0x1A that only more 0x1A
/// bytes or white space follow; the input's length if there is none. A 0x1A with text after it
/// is not an end of file but a bad character, reported as such.
pub fn dos_end(data: &[u8]) -> usize {
    let tail =
        data.iter().rposition(|&b| b != DOS_EOF && !b.is_ascii_whitespace()).map_or(0, |i| i + 1);
    memchr::memchr(DOS_EOF, &data[tail..]).map_or(data.len(), |i| tail + i)
}

/// The UTF-8 byte-order mark, dropped from the start of an input.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// What an input is, when its first bytes say it is something other than text that could hold
/// puzzles (a document, an image, an archive, UTF-16 text, binary data), and what to do about
/// it. Such an input gets one error that says so (`x.pdf: this looks like a PDF document, not
/// puzzles in text`), instead of an error for every line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotPuzzles {
    /// What the input looks like: `a PDF document`.
    pub what: &'static str,
    /// What to do, if anything helps: `extract it first`.
    pub advice: Option<&'static str>,
}

impl fmt::Display for NotPuzzles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "this looks like {}, not puzzles in text", self.what)?;
        match self.advice {
            Some(advice) => write!(f, ": {advice}"),
            None => Ok(()),
        }
    }
}

/// What an input's first bytes say it is, when that is not text that could hold puzzles.
pub fn not_puzzles(head: &[u8]) -> Option<NotPuzzles> {
    const EXTRACT: Option<&str> = Some("extract it first");
    const SAVE_AS_UTF8: Option<&str> = Some("save it as UTF-8");
    const STREAMED: Option<&str> =
        Some("such a file is read from a file, not a stream: save it first");
    const SIGNATURES: [(&[u8], &str, Option<&str>); 18] = [
        (
            b"PK\x03\x04",
            "a zip archive (as .xlsx and .docx files are)",
            Some("extract or export it as text"),
        ),
        (b"%PDF-", "a PDF document", None),
        (b"\x89PNG\r\n\x1a\n", "a PNG image", None),
        (b"\xFF\xD8\xFF", "a JPEG image", None),
        (b"GIF8", "a GIF image", None),
        (b"PAR1", "a Parquet file", STREAMED),
        (b"ARROW1", "an Arrow IPC file", STREAMED),
        (b"7z\xBC\xAF\x27\x1C", "a 7-Zip archive", EXTRACT),
        (b"Rar!\x1A\x07", "a RAR archive", EXTRACT),
        (
            b"\x04\x22\x4D\x18",
            "LZ4-compressed data",
            Some("decompress it, or use gzip, zstd, bzip2 or xz"),
        ),
        (b"\x7FELF", "an executable program", None),
        (b"SQLite format 3\0", "an SQLite database", None),
        (
            b"\x93NUMPY",
            "a NumPy array file",
            Some("load it with numpy.load and solve it with sudoku_bulk.solve_array"),
        ),
        (b"\x89HDF\r\n\x1a\n", "an HDF5 file", None),
        (b"\x80\x04\x95", "a Python pickle", None),
        (b"\x80\x05\x95", "a Python pickle", None),
        (b"\xFF\xFE", "UTF-16 text", SAVE_AS_UTF8),
        (b"\xFE\xFF", "UTF-16 text", SAVE_AS_UTF8),
    ];
    let found = |what, advice| Some(NotPuzzles { what, advice });
    if let Some(&(_, what, advice)) = SIGNATURES.iter().find(|(magic, ..)| head.starts_with(magic))
    {
        return found(what, advice);
    }
    if head.get(257..262) == Some(b"ustar") {
        return found("a tar archive", EXTRACT);
    }
    // UTF-16 without a byte-order mark: ASCII text with a NUL beside every character.
    let sample = &head[..head.len().min(64) & !1];
    let nuls_at =
        |parity: usize| sample.iter().skip(parity).step_by(2).filter(|&&b| b == 0).count();
    let pairs = sample.len() / 2;
    if pairs >= 4 && (nuls_at(0) * 10 >= pairs * 9 || nuls_at(1) * 10 >= pairs * 9) {
        return found("UTF-16 text", SAVE_AS_UTF8);
    }
    if is_binary(head) {
        return found("binary data (its first bytes are not text)", None);
    }
    None
}

/// Whether the first bytes of an input (up to 4 KiB of them, 32 at least) are mostly not
/// text: a tenth or more are control bytes other than tab, line ends, form feed and DOS's end
/// of file, or bytes that are not UTF-8. Puzzle text has none of either; a few in a text
/// that is otherwise fine are left to the record that holds them.
fn is_binary(head: &[u8]) -> bool {
    let sample = &head[..head.len().min(4096)];
    if sample.len() < 32 {
        return false;
    }
    let control = |&b: &u8| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0C | DOS_EOF);
    let mut odd = sample.iter().filter(|&b| control(b) || *b == 0x7F).count();
    // Bytes that are not UTF-8 (a sequence cut by the sample's end is not counted).
    for chunk in sample.utf8_chunks() {
        odd += chunk.invalid().len();
    }
    odd * 10 >= sample.len()
}

/// An input without the UTF-8 byte-order mark it may start with.
pub fn strip_bom(data: &[u8]) -> &[u8] {
    data.strip_prefix(BOM).unwrap_or(data)
}

/// Where a whole input's records stop: at its `end` line ([`input_end`]) or its final DOS
/// end-of-file byte ([`dos_end`]), whichever comes first.
pub fn records_end(data: &[u8]) -> usize {
    input_end(data).min(dos_end(data))
}

/// The part of a whole input, held in memory, that holds its records: after the byte-order
/// mark, up to [`records_end`]. (The pipeline strips the mark before it detects the format, and
/// its chunkers stop at the end as they cut.)
pub fn body(data: &[u8]) -> &[u8] {
    let data = strip_bom(data);
    &data[..records_end(data)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_line_and_grid_inputs() {
        let line = b"# comment\n\n.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.\n";
        assert_eq!(detect(line, None), Format::Line);
        let grid = b"8 0 0 0 0 0 0 0 0\n0 0 3 6 0 0 0 0 0\n0 7 0 0 9 0 2 0 0\n";
        assert_eq!(detect(grid, None), Format::Grid);
        let compact = b"800000000\r\n003600000\r\n";
        assert_eq!(detect(compact, None), Format::Grid);
        assert_eq!(detect(b"", None), Format::Line);
        assert_eq!(detect(b"garbage\n", None), Format::Line);
    }

    #[test]
    fn resolves_csv_by_comma_or_by_request() {
        let kaggle = b"quizzes,solutions\n0043,8643\n";
        let Format::Csv(layout) = resolve(kaggle, &FormatOptions::default()).unwrap() else {
            panic!("not CSV")
        };
        assert_eq!((layout.puzzle, layout.answer, layout.header_line), (0, Some(1), Some(1)));
        let line = b"# c\n.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.\n";
        assert_eq!(resolve(line, &FormatOptions::default()).unwrap(), Format::Line);
        let forced = FormatOptions { kind: FormatKind::Grid, ..Default::default() };
        assert_eq!(resolve(line, &forced).unwrap(), Format::Grid);
        let no_column = resolve(b"a,b\n", &FormatOptions::default()).unwrap_err();
        assert!(matches!(no_column, LayoutError::NoPuzzleColumn { .. }));
    }

    #[test]
    fn inputs_that_are_not_puzzles_are_named() {
        let what = |head: &[u8]| not_puzzles(head).map(|n| n.what);
        assert_eq!(what(b"%PDF-1.7\n..."), Some("a PDF document"));
        assert_eq!(what(b"\x89PNG\r\n\x1a\n\0\0"), Some("a PNG image"));
        let utf16: Vec<u8> =
            "quizzes,solutions\n".encode_utf16().flat_map(u16::to_le_bytes).collect();
        assert_eq!(
            not_puzzles(&utf16).unwrap().to_string(),
            "this looks like UTF-16 text, not puzzles in text: save it as UTF-8"
        );
        let mut tar = vec![0u8; 512];
        tar[..9].copy_from_slice(b"puzzles.t");
        tar[257..263].copy_from_slice(b"ustar\0");
        assert_eq!(what(&tar), Some("a tar archive"));
        assert_eq!(what(b"PAR1\x15\x04"), Some("a Parquet file"));
        assert_eq!(what(b"\x93NUMPY\x01\x00v\x00{'descr': '|u1'"), Some("a NumPy array file"));
        // Bytes that look random: binary data; text with one stray byte: left to its record.
        let noise: Vec<u8> =
            (0..2000u32).map(|i| (i.wrapping_mul(2654435761) >> 13) as u8).collect();
        assert!(what(&noise).unwrap().starts_with("binary data"));
        let mut text =
            b"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n"
                .repeat(3);
        text[5] = 0xE9;
        text[9] = 0x01;
        for text in [&b"quizzes,solutions\n"[..], b"", b"0\0", b"..3.2.6..9..3.5..1", &text] {
            assert_eq!(not_puzzles(text), None, "{text:?}");
        }
    }

    #[test]
    fn a_final_dos_eof_ends_the_input() {
        assert_eq!(dos_end(b"abc\n\x1a"), 4);
        assert_eq!(dos_end(b"abc\n\x1a\x1a\x1a\r\n"), 4);
        assert_eq!(dos_end(b"abc\x1a"), 3);
        assert_eq!(dos_end(b"a\x1ab\n"), 4, "text after it: not an end of file");
        assert_eq!(dos_end(b"abc\n"), 4);
        assert_eq!(dos_end(b"\x1a"), 0);
        assert_eq!(dos_end(b""), 0);
    }

    #[test]
    fn end_marker_stops_the_input() {
        assert_eq!(input_end(b"abc\rend\rmore"), 4, "lone CR line ends");
        // Found by the `parse` fuzz target: the records read " end" as the marker, so the
        // chunkers must too, or the input's end would depend on where it was cut.
        assert_eq!(input_end(b"abc\n end\r\rmore"), 4);
        assert_eq!(input_end(b"abc\n\t\x0cend \nmore"), 4);
        assert_eq!(input_end(b"abc\nx end\nmore"), 14, "not a line of its own");
        assert_eq!(input_end(b"abc\nend\nmore\n"), 4);
        assert_eq!(input_end(b"end"), 0);
        assert_eq!(input_end(b"abc\nend \r\nmore"), 4);
        assert_eq!(input_end(b"abc\n# the end\nendless\nx"), 23);
        assert_eq!(input_end(b"abc\nfriend\n"), 11);
    }
}
