//! Where a CSV row ends when a quoted field may hold line ends (RFC 4180, as pandas writes it):
//! the one rule that both the cutter and the records follow, so that a piece never starts
//! inside a quoted field and every reading of an input finds the same rows.
//!
//! A field is quoted when its first byte (after spaces) is `"`; it runs to the next `"` that is
//! not doubled, line ends and all, and must be followed by the delimiter or a line end. A `"`
//! anywhere else is a plain byte, as `split_fields_by` reads it. A row ends at the first line end outside a quoted field. A row may span at most
//! [`MAX_ROW_LINES`] lines: a quote that does not close by then (or by the end of the input),
//! or whose closing quote has text after it, is unterminated, and the row is its first line
//! alone, reported malformed; reading goes on at
//! the next line. So a stray quote costs one record, never the rest of the file.
//!
//! Before the rows start (the header, or the first record of a file without one) lines are
//! comments or blank and are one line each, whatever quotes they hold.

use memchr::{memchr, memchr3};

use super::split::Delimiter;
use crate::io::format::lines::{after_line_end, count_line_ends, line_at};

/// The most lines a row may span (its quoted fields holding the line ends between them).
pub const MAX_ROW_LINES: u64 = 1000;

/// Where the row starting at `at` ends: its content's end and where the next row starts. `None`
/// when `data` ends inside a quoted field that fewer than [`MAX_ROW_LINES`] lines hold, and
/// `complete` says more data may follow: whether the quote closes is not known yet.
pub fn row_end(data: &[u8], at: usize, delimiter: u8, complete: bool) -> Option<(usize, usize)> {
    let first = line_at(data, at);
    let mut pos = at;
    let mut line_ends = 0u64;
    loop {
        // A field: quoted if its first byte past spaces is a quote.
        let quote = pos + data[pos..].iter().take_while(|&&b| is_space(b, delimiter)).count();
        if data.get(quote) == Some(&b'"') {
            let mut close = quote + 1;
            let closed = loop {
                match memchr(b'"', &data[close..]) {
                    None => break None,
                    Some(i) if data.get(close + i + 1) == Some(&b'"') => close += i + 2,
                    Some(i) => break Some(close + i),
                }
            };
            let inside = &data[quote..closed.unwrap_or(data.len())];
            line_ends += count_line_ends(inside);
            if line_ends >= MAX_ROW_LINES {
                return Some(first); // unterminated within the limit
            }
            match closed {
                None if complete => return Some(first),
                None => return None,
                Some(close) => pos = close + 1,
            }
            // A quoted field ends at the delimiter or the line's end: text after its closing
            // quote makes it no quoted field (a stray quote, closed by another), and the row
            // its first line.
            pos += data[pos..].iter().take_while(|&&b| is_space(b, delimiter)).count();
            let after = data.get(pos).copied();
            if line_ends > 0
                && !matches!(after, None | Some(b'\n' | b'\r'))
                && after != Some(delimiter)
            {
                return Some(first);
            }
        }
        // The rest of the field, plain: to the delimiter or the line's end.
        match memchr3(delimiter, b'\n', b'\r', &data[pos..]) {
            None => return Some((data.len(), data.len())),
            Some(i) if data[pos + i] == delimiter => pos += i + 1,
            Some(i) => return Some((pos + i, after_line_end(data, pos + i))),
        }
    }
}

/// Spaces around a quoted field, which `split_fields_by` allows.
#[inline]
fn is_space(b: u8, delimiter: u8) -> bool {
    (b == b' ' || b == b'\t') && b != delimiter
}

/// The byte a layout's fields may be quoted with its delimiter, if they may be (not for fields
/// separated by white space).
pub fn quoting(delimiter: Delimiter) -> Option<u8> {
    match delimiter {
        Delimiter::Byte(b) => Some(b),
        Delimiter::Whitespace => None,
    }
}

/// The offset in `data` of line `line`, `data`'s first line being `first_line`; `data.len()` if
/// `data` ends before it.
pub fn line_offset(data: &[u8], first_line: u64, line: u64) -> usize {
    let mut at = 0;
    for _ in first_line..line {
        if at >= data.len() {
            return data.len();
        }
        at = line_at(data, at).1;
    }
    at
}

/// The first row boundary after `from` (as `line_at(data, from).1` is the first line start after
/// it), `start` being a row start at or before `from` and `rows` the offset where the rows
/// start (see the module's documentation). `complete`: whether `data` is the whole input.
/// `None` when `data` ends before that boundary is known (only when not `complete`).
///
/// Looks only at quotes: where none lies between `start` and the next line end, that line end
/// ends a row. From a quote's line on, rows are walked one by one until past `from`, then the
/// search for quotes goes on. Each byte is looked at a bounded number of times.
pub fn boundary_after(
    data: &[u8],
    start: usize,
    from: usize,
    rows: usize,
    delimiter: u8,
    complete: bool,
) -> Option<usize> {
    if from >= data.len() {
        return Some(data.len());
    }
    if from < rows {
        return Some(line_at(data, from).1);
    }
    let mut pos = start.max(rows);
    loop {
        let line_end = line_at(data, from.max(pos)).1;
        let Some(q) = memchr(b'"', &data[pos..line_end]).map(|i| pos + i) else {
            return Some(line_end);
        };
        // The quote's line starts a row: no quote lies between `pos` and it.
        let line_start = memchr::memrchr2(b'\n', b'\r', &data[pos..q]).map_or(pos, |i| pos + i + 1);
        pos = line_start;
        // Rows from there until one ends past the quote.
        while pos <= q {
            pos = row_end(data, pos, delimiter, complete)?.1;
        }
        if pos > from {
            return Some(pos);
        }
    }
}

/// The last row boundary of `data` at or before `limit` (the start of the line after the last
/// certain line end), `data` starting with a row (or `rows` bytes of lines before the rows);
/// `None` if there is none past 0. `complete`: whether `data` is the whole input.
pub fn last_boundary(
    data: &[u8],
    limit: usize,
    rows: usize,
    delimiter: u8,
    complete: bool,
) -> Option<usize> {
    let data = &data[..limit];
    let mut pos = rows.min(limit);
    let mut last = (pos > 0).then_some(pos);
    loop {
        let Some(q) = memchr(b'"', &data[pos..]).map(|i| pos + i) else {
            return (limit > 0).then_some(limit);
        };
        let line_start = memchr::memrchr2(b'\n', b'\r', &data[pos..q]).map_or(pos, |i| pos + i + 1);
        if line_start > 0 {
            last = Some(line_start);
        }
        pos = line_start;
        while pos <= q {
            match row_end(data, pos, delimiter, complete) {
                Some((_, next)) => pos = next,
                None => return last,
            }
            if pos >= limit {
                return Some(limit);
            }
            last = Some(pos);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(data: &[u8]) -> Vec<&[u8]> {
        let mut out = Vec::new();
        let mut at = 0;
        while at < data.len() {
            let (end, next) = row_end(data, at, b',', true).unwrap();
            out.push(&data[at..end]);
            at = next;
        }
        out
    }

    #[test]
    fn quoted_fields_hold_line_ends_and_doubled_quotes() {
        let data = b"1,\"a\nb \"\"q\"\"\",x\r\n2,\"c\r\nd\",y\n3,z";
        assert_eq!(rows(data), [&b"1,\"a\nb \"\"q\"\"\",x"[..], b"2,\"c\r\nd\",y", b"3,z"]);
        // A quote inside a plain field is a plain byte.
        assert_eq!(rows(b"5 o\"clock,x\ny,z\n"), [&b"5 o\"clock,x"[..], b"y,z"]);
        // Spaces before a quoted field.
        assert_eq!(rows(b"a, \"b\nc\"\nd\n"), [&b"a, \"b\nc\""[..], b"d"]);
        // A stray quote that a quote inside a later plain field would close: no row of lines.
        assert_eq!(rows(b"a,\"b\nc,d\ne,f\"g,h\n"), [&b"a,\"b"[..], b"c,d", b"e,f\"g,h"]);
        assert_eq!(rows(b"a,\"b\nc\" ,d\n"), [&b"a,\"b\nc\" ,d"[..]]);
    }

    #[test]
    fn an_unterminated_quote_is_its_line_alone() {
        assert_eq!(rows(b"a,\"b\nc\nd\n"), [&b"a,\"b"[..], b"c", b"d"]);
        // Not known until the input is complete, or the limit is reached.
        assert_eq!(row_end(b"a,\"b\nc\n", 0, b',', false), None);
        let many = format!("a,\"b{}", "\nc".repeat(MAX_ROW_LINES as usize));
        assert_eq!(row_end(many.as_bytes(), 0, b',', false), Some((4, 5)));
        let within = format!("a,\"b{}\"\nnext", "\nc".repeat(MAX_ROW_LINES as usize - 1));
        let (end, _) = row_end(within.as_bytes(), 0, b',', false).unwrap();
        assert_eq!(end, within.len() - 5, "{} lines are one row", MAX_ROW_LINES);
    }

    #[test]
    fn the_message_states_the_limit() {
        let message = crate::verdict::FieldError::UnterminatedQuote { field: 1 }.to_string();
        assert!(message.ends_with(&format!("within {MAX_ROW_LINES} lines")), "{message}");
    }

    #[test]
    fn boundaries_skip_quoted_line_ends() {
        let data = b"h\n1,\"a\nb\nc\",x\n2,y\n";
        let cuts: Vec<Option<usize>> =
            (0..data.len()).map(|f| boundary_after(data, 0, f, 2, b',', true)).collect();
        for (from, cut) in cuts.iter().enumerate() {
            let cut = cut.unwrap();
            assert!(cut > from && [2, 14, 18].contains(&cut), "from {from}: {cut}");
        }
        // Before the rows, lines are lines, quotes or not.
        let data = b"# \"x\n\"h\",p\n";
        assert_eq!(boundary_after(data, 0, 0, 5, b',', true), Some(5));
        assert_eq!(last_boundary(b"1,\"a\nb\",x\n2,\"c\n", 15, 0, b',', false), Some(10));
        assert_eq!(last_boundary(b"1,\"a\nb", 5, 0, b',', false), None);
        assert_eq!(last_boundary(b"1,\"a\nb", 5, 0, b',', true), Some(5));
        assert_eq!(last_boundary(b"1,a\n2,b\n", 8, 0, b',', false), Some(8));
    }
}
