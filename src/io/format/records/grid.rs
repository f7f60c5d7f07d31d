//! The grid format's records: N rows of N cells, separated by blank lines, titles (`Grid 01`)
//! or `end`, or written back to back.
//!
//! A block of rows with no blank line between them is cut into grids by its cells, not its
//! lines: a line end lost where files were joined without one (`cat`) puts two rows on one
//! line, and the grids after it must still be found. A block holding a whole number of
//! grids (N*N cells each) is cut every N*N cells; a line that holds the end of one grid and
//! the start of the next belongs to both records, each reported as malformed there. A block
//! of two or more grids' worth whose cells are not a whole number of grids (a row lost or
//! repeated) cannot be cut with any confidence: it is cut the same way, and each of its
//! records is reported with the lines of the block, never read as a puzzle that might be
//! made of two grids' rows.

use super::{Layout, Parsed, Puzzle, Record, Records, SizedPuzzle};
use crate::grid::{cell_value, Grid};
use crate::sized::{Board, CellAt, Shape, MAX_SIZE};
use crate::verdict::RecordError;

/// A block of rows being read: its grids' size and how it is cut.
#[derive(Debug, Clone, Copy)]
pub(super) struct Block {
    /// The grids' size N.
    size: usize,
    /// How many records the block is cut into (1: the whole block is one record).
    grids: usize,
    /// Records taken from it so far.
    taken: usize,
    /// For a block of 2 or more grids' worth that is not a whole number of grids: its cells
    /// and its first and last lines, which each of its records reports.
    uneven: Option<(usize, u64, u64)>,
}

impl<'a> Records<'a> {
    /// The block of rows starting at `pos` (up to a blank line, a title, `end` or the end of
    /// the piece; comments and rules are not rows), and the size of its grids: the shape's
    /// if the user said, else N where more than half of its rows are rows of N numbers
    /// ([`number_row`]) for a common size N other than 9, else 9. Nothing is consumed.
    fn scan_block(&mut self) -> Block {
        let (pos, line_no) = (self.pos, self.line);
        let (mut rows, mut first, mut last) = (0, 0, 0);
        // Cells counted both ways, for 9x9 rows and for rows of numbers.
        let (mut nine_cells, mut number_cells_seen) = (0, 0);
        let mut sizes = [0usize; MAX_SIZE + 1];
        while let Some((line, number)) = self.next_line() {
            if line.is_empty() || is_title(line) {
                break;
            }
            if !line.starts_with(b"#") && !is_rule(line) {
                rows += 1;
                first = if rows == 1 { number } else { first };
                last = number;
                nine_cells += row_cells(line, 9);
                number_cells_seen += row_cells(line, 0);
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
        let cells = if size == 9 { nine_cells } else { number_cells_seen };
        let whole = size * size;
        // The grids the block holds, to the nearest: a row more or less is still that many.
        let grids = ((cells + whole / 2) / whole).max(1);
        let uneven = (grids > 1 && cells % whole != 0).then_some((cells, first, last));
        Block { size, grids, taken: 0, uneven }
    }

    /// A grid: N rows, read up to a blank line or a title line (Project Euler's `Grid 01`),
    /// or N*N cells at a time where grids are written back to back (see the module's doc).
    /// N is the block's ([`Records::scan_block`]): 9 but for rows of numbers of another
    /// size, or a shape the user gave.
    pub(super) fn grid_record(&mut self) -> Option<Record<'a>> {
        let (text, first) = self.peek_significant()?;
        let start = self.end_of(text) - text.len();
        let mut end = start + text.len();
        let mut block = match self.block {
            Some(block) => block,
            None => self.scan_block(),
        };
        let size = block.size;
        let whole = size * size;
        block.taken += 1;
        // The block's last record runs to its end; the others stop at N*N cells.
        let last = block.taken >= block.grids;
        self.block = (!last).then_some(block);
        let shape = match self.shape {
            Some(shape) => shape,
            None => Shape::of_size(size).expect("a common size"),
        };
        let mut cells = Vec::with_capacity(whole);
        let (mut rows, mut taken) = (0usize, 0usize);
        // Cells of the first line that the record before took.
        let mut carried = std::mem::take(&mut self.carry);
        let (mut spaced, mut boxed) = (false, false);
        let mut error: Option<(u64, RecordError)> = None;
        let mut filled = false;
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
            let in_line = row_cells(line, size);
            let mut mine = in_line - carried.min(in_line);
            if !last && taken + mine > whole {
                // The line holds the start of the next grid too: it is the next record's
                // first line as well.
                self.carry = carried + (whole - taken);
                mine = whole - taken;
                (self.pos, self.line) = (pos, line_no);
            }
            taken += mine;
            if error.is_none() {
                if carried > 0 || in_line > mine {
                    let joined = RecordError::RowsJoined {
                        row: rows as u8,
                        cells: in_line,
                        size: size as u8,
                    };
                    error = Some((number, joined));
                } else if rows > size {
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
                        Err(RecordError::RowLength { row, cells, size })
                            if cells > usize::from(size) && cells % usize::from(size) == 0 =>
                        {
                            error = Some((number, RecordError::RowsJoined { row, cells, size }));
                        }
                        Err(e) => error = Some((number, e)),
                    }
                }
            }
            carried = 0;
            if !last && taken >= whole {
                filled = true;
                break;
            }
        }
        if !filled {
            // The block ended (it cannot before its last record, whose cells it counted).
            (self.block, self.carry) = (None, 0);
        }
        let text = &self.data[start..end];
        let size8 = size as u8;
        let fault = match (block.uneven, error) {
            (Some((cells, from, to)), _) => Some((
                first,
                RecordError::UnevenBlock {
                    grid: block.taken as u32,
                    cells: cells as u32,
                    size: size8,
                    lines: (from, to),
                },
            )),
            // Report the full count of rows, on the first extra row's line.
            (None, Some((line, RecordError::RowCount { .. }))) => {
                Some((line, RecordError::RowCount { rows, size: size8 }))
            }
            (None, Some(fault)) => Some(fault),
            (None, None) if rows < size => {
                Some((first, RecordError::RowCount { rows, size: size8 }))
            }
            (None, None) => None,
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
}

/// How many cells a row's line holds, counted as its parser counts them: for 9x9 rows
/// (`size` 9) every character but white space and `|`; for rows of numbers (any other
/// `size`) the numbers and blanks between white space and `|`.
fn row_cells(line: &[u8], size: usize) -> usize {
    match size {
        9 => line.iter().filter(|&&b| !b.is_ascii_whitespace() && b != b'|').count(),
        _ => number_cells(line).count(),
    }
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

#[cfg(test)]
mod tests {
    use super::super::Format;
    use super::*;

    fn records(format: Format, text: &str) -> Vec<Record<'_>> {
        Records::new(format, text.as_bytes(), 1).collect()
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
        // 17 rows (a row lost) are two grids' worth, neither of which can be placed.
        let mut rows: Vec<&str> = compact.lines().collect();
        rows.remove(3);
        let seventeen = format!("{}\n{compact}\n{GRID}", rows.join("\n"));
        let got = records(Format::Grid, &seventeen);
        assert_eq!(got.len(), 3);
        assert_eq!((got[0].line, got[1].line), (1, 10));
        for (i, record) in got[..2].iter().enumerate() {
            let error = record.parsed.clone().unwrap_err().to_string();
            assert!(
                error.starts_with(&format!(
                    "grid {} of the rows at lines 1-17, which hold 153 cells, not a whole number of 9x9 grids",
                    i + 1
                )),
                "{error}"
            );
        }
        assert!(got[2].parsed.is_ok());
        // 10 rows, and 8: one grid, a row too many or too few.
        let ten = format!("{compact}123456789\n");
        let got = records(Format::Grid, &ten);
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].parsed.clone().unwrap_err().to_string(), "10 rows, expected 9");
        assert!(
            is_title(b"Grid 01")
                && is_title(b"grid  7")
                && !is_title(b"Grid")
                && !is_title(b"Grid01")
        );
    }

    #[test]
    fn grids_back_to_back_are_found_again_after_a_lost_line_end() {
        let compact = GRID.replace(' ', "");
        // Three grids joined as `cat` joins files without a final line end: the first's
        // last row and the second's first on line 9.
        let joined = format!("{}{compact}{compact}\n{GRID}", compact.trim_end());
        let got = records(Format::Grid, &joined);
        assert_eq!(got.len(), 4, "every grid answered or reported");
        assert_eq!(got.iter().map(|r| r.line).collect::<Vec<_>>(), [9, 9, 18, 28]);
        for record in &got[..2] {
            let error = record.parsed.clone().unwrap_err().to_string();
            assert!(error.ends_with(": 2 rows on one line (a line end lost?)"), "{error}");
        }
        assert!(
            got[0].text.starts_with(b"800000000") && got[0].text.ends_with(b"090000400800000000")
        );
        assert!(
            got[1].text.starts_with(b"090000400800000000") && got[1].text.ends_with(b"090000400")
        );
        let third = got[2].parsed.clone().unwrap().into_nine().grid;
        let fourth = got[3].parsed.clone().unwrap().into_nine().grid;
        assert_eq!(third, fourth, "the grid after the damaged ones is read whole");
        assert!(got[2].text.starts_with(b"800000000") && got[2].text.ends_with(b"090000400"));

        // A row split over two lines (a line end too many) keeps the grids after it too.
        let split =
            format!("{compact}{}{compact}", compact.replacen("800000000", "8000\n00000", 1));
        let got = records(Format::Grid, &split);
        assert_eq!(got.len(), 3);
        assert!(got[0].parsed.is_ok() && got[2].parsed.is_ok());
        assert_eq!(
            (got[1].line, got[1].parsed.clone().unwrap_err().to_string()),
            (10, "4 cells in row 1, expected 9".into())
        );

        // A row repeated: 28 rows, three grids' worth that cannot be cut; none is read.
        let three = compact.repeat(3);
        let mut lines: Vec<&str> = three.lines().collect();
        lines.insert(12, lines[12]);
        let repeated = format!("{}\n\n{GRID}", lines.join("\n"));
        let got = records(Format::Grid, &repeated);
        assert_eq!(got.len(), 4);
        assert_eq!(got.iter().map(|r| r.line).collect::<Vec<_>>(), [1, 10, 19, 30]);
        assert!(got[..3].iter().all(|r| matches!(
            r.parsed,
            Err(RecordError::UnevenBlock { cells: 252, size: 9, lines: (1, 28), .. })
        )));
        assert!(got[3].parsed.is_ok());
    }

    #[test]
    fn grids_of_numbers_back_to_back_are_cut_by_their_cells() {
        let four = "1 0 0 0\n0 0 2 0\n0 3 0 0\n0 0 0 4\n";
        let joined = format!("{}{four}{four}", four.trim_end());
        let got = records(Format::Grid, &joined);
        // "4" and "1" run together: 15 cells, not a whole number of grids; 3 grids' worth.
        assert_eq!(got.len(), 3);
        assert!(got.iter().all(|r| matches!(r.parsed, Err(RecordError::UnevenBlock { .. }))));
        let three = four.repeat(3);
        let got = records(Format::Grid, &three);
        assert_eq!(got.len(), 3);
        assert!(got.iter().all(|r| r.parsed.is_ok()));
    }
}
