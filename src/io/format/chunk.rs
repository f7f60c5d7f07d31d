//! Cutting an input into pieces that end on record boundaries.
//!
//! Pieces are what the pipeline hands to worker threads: each one holds whole records and
//! knows its position (index, first line number, end offset), so workers can number their
//! records and the writer can put the results back in input order. A line-format piece ends
//! after any line end; a grid-format piece ends after a blank line, which is where grid records
//! end.
//!
//! A CSV row may span lines where a quoted field holds line ends: for a CSV format whose fields
//! may be quoted, a cut is at a line end outside quotes ([`rows`] has the rule, which the
//! records follow too). The cutter, which runs alone, finds it by looking only at the `"` bytes
//! since its last cut, and walks rows one by one only from a quote's line: inputs without
//! quotes are cut as fast as before, and line and grid formats as before.
//!
//! [`SliceChunker`] cuts a memory-mapped file; [`StreamChunker`] reads a stream (stdin, a pipe)
//! and cuts as it goes, holding at most about one piece at a time.

use std::borrow::Cow;
use std::io::{self, Read};

use super::csv::rows;
use super::lines::{after_last_line_end, count_line_ends, line_at, starts_line};
use super::{dos_end, input_end, Format, DOS_EOF};

/// A piece of input holding whole records.
#[derive(Debug)]
pub struct Chunk<'a> {
    /// Position among the pieces, from 0.
    pub index: u64,
    /// The line number of its first line, from 1.
    pub first_line: u64,
    /// The input offset just past it (for progress).
    pub end_offset: u64,
    /// The bytes.
    pub data: Cow<'a, [u8]>,
}

/// Counts the position of pieces as they are cut.
#[derive(Debug, Default)]
struct Position {
    index: u64,
    line: u64,
    offset: u64,
}

impl Position {
    fn start() -> Position {
        Position { index: 0, line: 1, offset: 0 }
    }

    fn chunk<'a>(&mut self, data: Cow<'a, [u8]>) -> Chunk<'a> {
        let chunk = Chunk {
            index: self.index,
            first_line: self.line,
            end_offset: self.offset + data.len() as u64,
            data,
        };
        self.index += 1;
        self.line += count_line_ends(&chunk.data);
        self.offset = chunk.end_offset;
        chunk
    }
}

/// Numbers pieces cut elsewhere, of whole records each (a columnar file's text, cut by rows
/// as it is made), as the chunkers number theirs.
#[derive(Debug)]
pub struct Numbering(Position);

impl Default for Numbering {
    fn default() -> Numbering {
        Numbering(Position::start())
    }
}

impl Numbering {
    /// The next piece: `data`, numbered after the pieces before it.
    pub fn chunk(&mut self, data: Vec<u8>) -> Chunk<'static> {
        self.0.chunk(Cow::Owned(data))
    }
}

/// For a CSV format whose fields may be quoted, its delimiter and the line where its rows
/// start (see [`rows`]).
fn quoted(format: Format) -> Option<(u8, u64)> {
    match format {
        Format::Csv(csv) => Some((rows::quoting(csv.delimiter)?, csv.rows_line)),
        _ => None,
    }
}

/// Where the input stopped at an `end` line with text after it (a non-blank line that was not
/// read): the `end` line's number.
fn stop_line(first_line: u64, before: &[u8], after: &[u8]) -> Option<u64> {
    let (_, next) = line_at(after, 0);
    let follows = after[next..].iter().any(|&b| !b.is_ascii_whitespace() && b != DOS_EOF);
    follows.then(|| first_line + count_line_ends(before))
}

/// The first record boundary at or after `from`: the offset just past a line end (line and
/// CSV formats) or just past a blank line (grid format); `data.len()` if there is none.
pub fn boundary_after(format: Format, data: &[u8], from: usize) -> usize {
    if from >= data.len() {
        return data.len();
    }
    match format {
        Format::Line | Format::Csv(_) => line_at(data, from).1,
        Format::Grid => {
            let mut start = if starts_line(data, from) { from } else { line_at(data, from).1 };
            while start < data.len() {
                let (end, next) = line_at(data, start);
                if data[start..end].trim_ascii().is_empty() {
                    return next;
                }
                start = next;
            }
            data.len()
        }
    }
}

/// The last record boundary in `data`, if any (see [`boundary_after`]). Unless `complete`, more
/// input may follow, so a `\r` at the very end is not yet taken for a line end.
pub fn last_boundary(format: Format, data: &[u8], complete: bool) -> Option<usize> {
    let limit = after_last_line_end(data, complete)?;
    match format {
        Format::Line | Format::Csv(_) => Some(limit),
        Format::Grid => {
            // The end of the last blank line before `limit`.
            let (mut start, mut found) = (0, None);
            while start < limit {
                let (end, next) = line_at(data, start);
                if data[start..end].trim_ascii().is_empty() {
                    found = Some(next);
                }
                start = next;
            }
            found
        }
    }
}

/// Cuts an in-memory input (a mapped file) into pieces of about `target` bytes.
pub struct SliceChunker<'a> {
    format: Format,
    /// The input up to its final DOS end-of-file byte, if any.
    data: &'a [u8],
    /// The whole input, where an `end` line is looked for.
    whole: &'a [u8],
    target: usize,
    pos: usize,
    position: Position,
    /// For quoted CSV: the delimiter, and the offset where the rows start.
    quoted: Option<(u8, usize)>,
    /// The line of an `end` line that stopped the input with text after it.
    stopped: Option<u64>,
}

impl<'a> SliceChunker<'a> {
    /// Pieces of `data`, up to its `end` marker or final DOS end-of-file byte, of about
    /// `target` bytes each.
    pub fn new(format: Format, data: &'a [u8], target: usize) -> SliceChunker<'a> {
        let (whole, data) = (data, &data[..dos_end(data)]);
        let target = target.max(1);
        let quoted = quoted(format).map(|(sep, line)| (sep, rows::line_offset(data, 1, line)));
        let position = Position::start();
        SliceChunker { format, data, whole, target, pos: 0, position, quoted, stopped: None }
    }

    /// The line of the `end` line that stopped the input, if text follows it unread.
    pub fn stopped(&self) -> Option<u64> {
        self.stopped
    }
}

impl<'a> Iterator for SliceChunker<'a> {
    type Item = Chunk<'a>;

    fn next(&mut self) -> Option<Chunk<'a>> {
        if self.pos >= self.data.len() {
            return None;
        }
        let from = (self.pos + self.target).min(self.data.len());
        let mut end = match self.quoted {
            Some((sep, rows)) => {
                rows::boundary_after(self.data, self.pos, from - 1, rows, sep, true)
                    .expect("the whole input is there")
            }
            None => boundary_after(self.format, self.data, from - 1),
        };
        // The `end` line is looked for piece by piece, as the pieces are cut, rather than in
        // the whole input first: a pass over a large file before any work could start. A piece
        // ends after a line end, so its lines are whole; the last may end at a DOS end of
        // file, so its line is read to its end in the whole input ([`records_end`]'s rule).
        let searched = if end == self.data.len() { self.whole.len() } else { end };
        let marker = self.pos + input_end(&self.whole[self.pos..searched]);
        if marker < end {
            end = marker;
            self.stopped =
                stop_line(self.position.line, &self.whole[self.pos..marker], &self.whole[marker..]);
            self.data = &self.data[..marker];
            if end == self.pos {
                return None;
            }
        }
        let piece = &self.data[self.pos..end];
        self.pos = end;
        Some(self.position.chunk(Cow::Borrowed(piece)))
    }
}

/// The most a stream's piece may grow to while no record boundary has been found in it: a
/// line (or, in the grid format, a block of rows with no blank line) longer than this is an
/// error rather than a buffer that grows with the input.
pub const MAX_PIECE: usize = 64 << 20;

/// Reads a stream and cuts it into owned pieces of about `target` bytes.
pub struct StreamChunker<R> {
    format: Format,
    reader: R,
    target: usize,
    /// [`MAX_PIECE`], or less in tests.
    limit: usize,
    /// Bytes read past the last piece's end.
    carry: Vec<u8>,
    done: bool,
    /// A read error held back until the records before it have been handed out.
    failed: Option<io::Error>,
    position: Position,
    /// The line of an `end` line that stopped the input with text after it.
    stopped: Option<u64>,
}

impl<R: Read> StreamChunker<R> {
    /// Pieces of the stream, up to its `end` marker or final DOS end-of-file byte, of about
    /// `target` bytes each.
    pub fn new(format: Format, reader: R, target: usize) -> StreamChunker<R> {
        StreamChunker {
            format,
            reader,
            target: target.max(1),
            limit: MAX_PIECE.max(target.saturating_mul(2)),
            carry: Vec::new(),
            done: false,
            failed: None,
            position: Position::start(),
            stopped: None,
        }
    }

    /// The line of the `end` line that stopped the input, if text follows it unread (read
    /// until the first such byte, no further).
    pub fn stopped(&self) -> Option<u64> {
        self.stopped
    }

    /// The last record boundary of `buf`, a piece starting where the last one ended ([`last_boundary`]
    /// but, for quoted CSV, outside quotes).
    fn last_boundary(&self, buf: &[u8], complete: bool) -> Option<usize> {
        let Some((sep, line)) = quoted(self.format) else {
            return last_boundary(self.format, buf, complete);
        };
        let limit = after_last_line_end(buf, complete)?;
        let rows = rows::line_offset(buf, self.position.line, line);
        rows::last_boundary(buf, limit, rows, sep, complete)
    }

    /// Notes where an `end` line at `marker` in `buf` stopped the input, if any text follows
    /// it, in `buf` or still unread.
    fn note_stop(&mut self, buf: &[u8], marker: usize) {
        let line = self.position.line + count_line_ends(&buf[..marker]);
        if stop_line(0, b"", &buf[marker..]).is_some() {
            self.stopped = Some(line);
            return;
        }
        let mut block = vec![0u8; 64 << 10];
        loop {
            match self.reader.read(&mut block) {
                Ok(0) | Err(_) => return,
                Ok(n) => {
                    if block[..n].iter().any(|&b| !b.is_ascii_whitespace() && b != DOS_EOF) {
                        self.stopped = Some(line);
                        return;
                    }
                } // An interrupted read is retried.
            }
        }
    }

    /// The same, but a piece with no record boundary may grow to `limit` bytes only.
    #[cfg(test)]
    fn with_limit(mut self, limit: usize) -> StreamChunker<R> {
        self.limit = limit;
        self
    }

    /// The error for a piece that reached the limit with no record boundary in it.
    fn too_long(&self) -> io::Error {
        let limit = match self.limit >> 20 {
            0 => format!("{} bytes", self.limit),
            mib => format!("{mib} MiB"),
        };
        let (what, advice) = match self.format {
            Format::Grid => (
                "grid rows with no blank line between them",
                "separate the grids with blank lines (or title lines)",
            ),
            _ => ("a line with no line end", "a record is one line"),
        };
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "line {}: more than {limit} of {what}: too much to hold in memory from a \
                 stream; {advice}",
                self.position.line
            ),
        )
    }

    /// Where to end a piece of `buf`, with more input perhaps to come: the last record
    /// boundary, but not inside a run of 0x1A bytes and white space at its end. Whether such a
    /// run is the input's final DOS end of file is known only once what follows has been read,
    /// so it stays for the next piece (as the whole input would be cut, were it in memory).
    fn safe_cut(&self, buf: &[u8]) -> Option<usize> {
        let cut = self.last_boundary(buf, false)?;
        let tail = dos_end(&buf[..cut]);
        if tail == cut {
            return Some(cut);
        }
        self.last_boundary(&buf[..tail], true).filter(|&cut| cut > 0)
    }

    /// The next piece, or `None` at the end of the input.
    pub fn next_chunk(&mut self) -> io::Result<Option<Chunk<'static>>> {
        if let Some(e) = self.failed.take() {
            return Err(e);
        }
        if self.done {
            return Ok(None);
        }
        let mut buf = std::mem::take(&mut self.carry);
        let mut eof = false;
        // Read until the buffer holds a boundary past the target size, or the stream ends.
        let cut = loop {
            if buf.len() >= self.target {
                if let Some(cut) = self.safe_cut(&buf) {
                    break cut;
                }
                if buf.len() >= self.limit {
                    self.done = true;
                    return Err(self.too_long());
                }
            }
            // Doubles while no boundary is found, up to the limit.
            let want = self.target.max(buf.len()).min(self.limit.saturating_sub(buf.len()).max(1));
            // Room for it all first: `read_to_end` into a full buffer starts with a probe of
            // a few bytes and grows it step by step, many small reads where one would do.
            buf.reserve(want);
            let got = match (&mut self.reader).take(want as u64).read_to_end(&mut buf) {
                Ok(got) => got,
                Err(e) => {
                    // A damaged stream (a truncated archive): the whole records read before the
                    // damage are still a piece; the error comes with the next call.
                    self.done = true;
                    buf.truncate(self.last_boundary(&buf, false).unwrap_or(0));
                    buf.truncate(input_end(&buf));
                    // Named by the first line not read whole, where the damage starts.
                    let line = self.position.line + count_line_ends(&buf);
                    self.failed = Some(io::Error::new(e.kind(), format!("line {line}: {e}")));
                    if buf.is_empty() {
                        return Err(self.failed.take().expect("just set"));
                    }
                    return Ok(Some(self.position.chunk(Cow::Owned(buf))));
                }
            };
            if got == 0 {
                eof = true;
                break buf.len();
            }
        };
        self.carry = buf.split_off(cut);
        let marker = input_end(&buf);
        let end = if eof { marker.min(dos_end(&buf)) } else { marker };
        if end < buf.len() {
            if marker == end && marker < buf.len() {
                let carry = std::mem::take(&mut self.carry);
                buf.extend_from_slice(&carry);
                self.note_stop(&buf, marker);
            }
            buf.truncate(end);
            self.done = true;
        }
        if eof {
            self.done = true;
        }
        if buf.is_empty() && self.done {
            return Ok(None);
        }
        Ok(Some(self.position.chunk(Cow::Owned(buf))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::format::{records_end, Records};

    fn slice_pieces(format: Format, data: &[u8], target: usize) -> Vec<(u64, u64, Vec<u8>)> {
        SliceChunker::new(format, data, target)
            .map(|c| (c.index, c.first_line, c.data.into_owned()))
            .collect()
    }

    fn stream_pieces(format: Format, data: &[u8], target: usize) -> Vec<(u64, u64, Vec<u8>)> {
        let mut chunker = StreamChunker::new(format, data, target);
        let mut out = Vec::new();
        while let Some(c) = chunker.next_chunk().unwrap() {
            out.push((c.index, c.first_line, c.data.into_owned()));
        }
        out
    }

    /// The pieces of `data` as a mapped file would be cut, then as a stream would be.
    fn both_ways(format: Format, data: &[u8], target: usize) -> [Vec<(u64, u64, Vec<u8>)>; 2] {
        [slice_pieces(format, data, target), stream_pieces(format, data, target)]
    }

    /// The pieces put back together.
    fn joined(pieces: &[(u64, u64, Vec<u8>)]) -> Vec<u8> {
        pieces.iter().flat_map(|p| p.2.iter().copied()).collect()
    }

    #[test]
    fn line_pieces_end_on_line_ends_and_count_lines() {
        let data = b"aaa\nbbbb\ncc\nd\n";
        for target in 1..20 {
            for pieces in both_ways(Format::Line, data, target) {
                assert_eq!(joined(&pieces), data, "target {target}");
                let mut line = 1;
                for (i, (index, first, bytes)) in pieces.iter().enumerate() {
                    assert_eq!((*index, *first), (i as u64, line), "target {target}");
                    assert!(bytes.ends_with(b"\n"));
                    line += bytes.iter().filter(|&&b| b == b'\n').count() as u64;
                }
            }
        }
    }

    #[test]
    fn grid_pieces_end_after_blank_lines() {
        let data = b"1\n2\n\n3\n4\n \n5\n6";
        for target in 1..20 {
            for pieces in both_ways(Format::Grid, data, target) {
                assert_eq!(joined(&pieces), data, "target {target}");
                for (_, _, bytes) in &pieces[..pieces.len() - 1] {
                    assert!(bytes.ends_with(b"\n\n") || bytes.ends_with(b"\n \n"), "{bytes:?}");
                }
            }
        }
    }

    #[test]
    fn mixed_line_ends_are_never_split_and_counted_once() {
        let data = b"aa\r\nbb\rcc\ndd\r\nee\r";
        for target in 1..12 {
            for pieces in both_ways(Format::Line, data, target) {
                assert_eq!(joined(&pieces), data, "target {target}");
                let mut line = 1;
                for (i, piece) in pieces.iter().enumerate() {
                    assert_eq!(piece.1, line, "target {target}");
                    if let Some(next) = pieces.get(i + 1) {
                        let split_crlf = piece.2.ends_with(b"\r") && next.2.starts_with(b"\n");
                        assert!(!split_crlf, "target {target}: a \\r\\n cut in two");
                    }
                    line += count_line_ends(&piece.2);
                }
                assert_eq!(line, 6);
            }
        }
    }

    #[test]
    fn a_final_dos_eof_ends_slices_and_streams() {
        let data = b"a\nb\n\x1a\x1a";
        for target in 1..6 {
            for pieces in both_ways(Format::Line, data, target) {
                assert_eq!(joined(&pieces), b"a\nb\n", "target {target}");
            }
        }
    }

    #[test]
    fn a_dos_eof_run_across_pieces_is_found_by_streams_too() {
        // Found by the `parse` fuzz target: the stream read the 0x1A as a record when the run
        // "\n\x1a\n\n\n\n" straddled two pieces.
        let mut data = b".2738..1..1".to_vec();
        data.extend([0xFF; 100]);
        data.extend(b"...6735u 0 0 45 17\xa4\xa4\xa4\n\n\xef\xef\xef\n\n\x1a\n\n\n\n");
        for target in 1..64 {
            let slice = joined(&slice_pieces(Format::Line, &data, target));
            let stream = joined(&stream_pieces(Format::Line, &data, target));
            assert_eq!(slice, stream, "target {target}");
            assert!(!stream.contains(&0x1A), "target {target}");
        }
        // A run that more text follows is no end of file, in either reading.
        let data = b"a\n\x1a\n\nb\n";
        for target in 1..8 {
            let stream = joined(&stream_pieces(Format::Line, data, target));
            assert_eq!(stream, data, "target {target}");
        }
    }

    /// The records of `data` read whole, and read piece by piece from a slice and a stream.
    fn records_three_ways(format: Format, data: &[u8], target: usize) -> [Vec<String>; 3] {
        use crate::io::format::Records;
        let show = |r: crate::io::format::Record<'_>| {
            format!("{} {:?} {:?}", r.line, r.parsed, String::from_utf8_lossy(r.text))
        };
        let whole_end = records_end(data);
        let whole = Records::new(format, &data[..whole_end], 1).map(show).collect();
        let mut sliced = Vec::new();
        for c in SliceChunker::new(format, data, target) {
            sliced.extend(Records::new(format, &c.data, c.first_line).map(show));
        }
        let mut streamed = Vec::new();
        let mut chunker = StreamChunker::new(format, data, target);
        while let Some(c) = chunker.next_chunk().unwrap() {
            streamed.extend(Records::new(format, &c.data, c.first_line).map(show));
        }
        [whole, sliced, streamed]
    }

    #[test]
    fn pieces_never_change_the_records() {
        // Reduced from the `parse` fuzz target's finds: an indented end marker, a DOS end of
        // file run after blank lines, lone CRs between grid rows.
        let cases: [&[u8]; 4] = [
            b"x\n\x01\r\r0 0 w\r\r\n end\r\r3.$5692.8\nend.6354\x0c0",
            b".2738\n\n\x1a\n\n\n\n",
            b"123456789\r\r987654321\r\n\n\x1a \x1a\nx",
            b"a\n\tend\t\nb\n",
        ];
        for data in cases {
            for format in [Format::Line, Format::Grid] {
                for target in 1..data.len() + 2 {
                    let [whole, sliced, streamed] = records_three_ways(format, data, target);
                    assert_eq!(whole, sliced, "{format:?} target {target}: {data:?}");
                    assert_eq!(whole, streamed, "{format:?} target {target}: {data:?}");
                }
            }
        }
    }

    /// A CSV layout of `fields` fields, the puzzle last, its rows from line `rows_line`.
    fn csv(fields: usize, header_line: Option<u64>, rows_line: u64) -> Format {
        Format::Csv(crate::io::format::CsvLayout {
            delimiter: crate::io::format::Delimiter::COMMA,
            puzzle: fields - 1,
            answer: None,
            fields,
            header_line,
            rows_line,
            nulls: false,
        })
    }

    #[test]
    fn quoted_line_ends_are_never_cut_and_lines_are_counted() {
        let p = ".".repeat(81);
        let data = format!(
            "# a \"comment\n\nid,note,p\n#17,\"a\nb \"\"q\"\"\nc\",{p}\r\n2,x,{p}\n3,\"d\r\ne\",{p}\n\
             4,\"stray,{p}\n5,y,{p}\n6,o\"clock,{p}\n\"7\",\"\",{p}"
        );
        let format = csv(3, Some(3), 3);
        for target in 1..data.len() + 2 {
            let [whole, sliced, streamed] = records_three_ways(format, data.as_bytes(), target);
            assert_eq!(whole, sliced, "target {target}");
            assert_eq!(whole, streamed, "target {target}");
        }
        let records: Vec<_> = Records::new(format, data.as_bytes(), 1).collect();
        let lines: Vec<u64> = records.iter().map(|r| r.line).collect();
        assert_eq!(lines, [4, 7, 8, 10, 11, 12, 13]);
        assert_eq!(records[0].text, format!("#17,\"a\nb \"\"q\"\"\nc\",{p}").as_bytes());
        assert!(records[0].parsed.is_ok() && records[2].parsed.is_ok());
        assert_eq!(records[3].text, format!("4,\"stray,{p}").as_bytes());
        let err = records[3].parsed.clone().unwrap_err().to_string();
        assert!(err.starts_with("unterminated quote in field 2"), "{err}");
        assert!(records[5].parsed.is_ok(), "a quote inside a plain field is a byte");
        assert!(records[6].parsed.is_ok());
        let mut all = Records::new(format, data.as_bytes(), 1);
        all.by_ref().for_each(drop);
        assert_eq!(all.comments(), 1, "the line before the header; #17 is a record");
    }

    /// Tiny xorshift, for inputs made of a few bytes in every order.
    fn random_bytes(seed: &mut u64, alphabet: &[u8], len: usize) -> Vec<u8> {
        (0..len)
            .map(|_| {
                *seed ^= *seed << 13;
                *seed ^= *seed >> 7;
                *seed ^= *seed << 17;
                alphabet[(*seed % alphabet.len() as u64) as usize]
            })
            .collect()
    }

    #[test]
    fn any_quotes_are_read_the_same_whatever_the_cuts() {
        let mut seed = 0x9E37_79B9_7F4A_7C15;
        for case in 0..300 {
            let data = random_bytes(&mut seed, b",\"\n\r\nab#", 1 + case % 40);
            for format in [csv(2, None, 1), csv(2, Some(2), 2)] {
                for target in 1..data.len() + 2 {
                    let [whole, sliced, streamed] = records_three_ways(format, &data, target);
                    assert_eq!(whole, sliced, "target {target}: {data:?}");
                    assert_eq!(whole, streamed, "target {target}: {data:?}");
                }
            }
        }
    }

    #[test]
    fn pieces_stop_at_the_end_marker() {
        let data = b"a\nb\nend\nc\n";
        for target in 1..8 {
            assert_eq!(joined(&slice_pieces(Format::Line, data, target)), b"a\nb\n");
            assert_eq!(
                joined(&stream_pieces(Format::Line, data, target)),
                b"a\nb\n",
                "target {target}"
            );
        }
    }

    #[test]
    fn boundaries() {
        assert_eq!(boundary_after(Format::Line, b"ab\ncd", 0), 3);
        assert_eq!(boundary_after(Format::Line, b"ab\ncd", 3), 5);
        assert_eq!(boundary_after(Format::Grid, b"a\n\nb\n\nc", 1), 3);
        assert_eq!(boundary_after(Format::Grid, b"a\n\nb\n\nc", 3), 6);
        assert_eq!(last_boundary(Format::Line, b"ab\ncd", false), Some(3));
        assert_eq!(last_boundary(Format::Line, b"ab\rcd\r", false), Some(3));
        assert_eq!(last_boundary(Format::Line, b"ab\rcd\r", true), Some(6));
        assert_eq!(last_boundary(Format::Grid, b"a\n\nb\nc\n", false), Some(3));
        assert_eq!(last_boundary(Format::Grid, b"a\nb\nc\n", false), None);
        assert_eq!(last_boundary(Format::Grid, b"\na\n", false), Some(1));
        assert_eq!(last_boundary(Format::Grid, b"a\r\r\nb\r", false), Some(4));
        assert_eq!(boundary_after(Format::Line, b"ab\r\ncd", 2), 4);
        assert_eq!(boundary_after(Format::Line, b"ab\r\ncd", 3), 4);
        assert_eq!(boundary_after(Format::Grid, b"a\r\rb\r\rc", 1), 3);
    }

    /// The pieces a chunker hands out before its first error, and that error's message.
    fn pieces_then_error<R: Read>(mut chunker: StreamChunker<R>) -> (Vec<u8>, String) {
        let mut read = Vec::new();
        loop {
            match chunker.next_chunk() {
                Ok(Some(chunk)) => read.extend_from_slice(&chunk.data),
                Ok(None) => panic!("no error; read {} bytes", read.len()),
                Err(e) => {
                    assert!(chunker.next_chunk().unwrap().is_none(), "nothing after the error");
                    return (read, e.to_string());
                }
            }
        }
    }

    #[test]
    fn a_stream_record_longer_than_the_limit_is_an_error_not_a_growing_buffer() {
        let mut data = b"short\nlines\n".to_vec();
        data.extend(std::iter::repeat_n(b'x', 5000));
        data.extend_from_slice(b"\nafter\n");
        let chunker = StreamChunker::new(Format::Line, &data[..], 16).with_limit(1024);
        let (read, message) = pieces_then_error(chunker);
        assert_eq!(read, b"short\nlines\n");
        assert_eq!(
            message,
            "line 3: more than 1024 bytes of a line with no line end: too much to hold in memory \
             from a stream; a record is one line"
        );
        // Rows of grids with no blank line between them, past the limit after a first grid.
        let row = b"1 2 3 4 5 6 7 8 9\n";
        let mut grids = row.repeat(9);
        grids.extend_from_slice(b"\n");
        grids.extend(row.repeat(9 * 100));
        let chunker = StreamChunker::new(Format::Grid, &grids[..], 64).with_limit(1024);
        let (read, message) = pieces_then_error(chunker);
        assert_eq!(read, [row.repeat(9), b"\n".to_vec()].concat());
        assert!(
            message.starts_with("line 11: more than 1024 bytes of grid rows with no blank line")
        );
        assert!(message.ends_with("separate the grids with blank lines (or title lines)"));
        // Under the limit, the same rows are one piece, as before.
        let mut chunker = StreamChunker::new(Format::Grid, &grids[..], 64).with_limit(1 << 20);
        let mut read = Vec::new();
        while let Some(chunk) = chunker.next_chunk().unwrap() {
            read.extend_from_slice(&chunk.data);
        }
        assert_eq!(read, grids);
    }

    /// A reader that gives `data`, then fails.
    struct Damaged<'a>(&'a [u8]);

    impl Read for Damaged<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::other("damaged"));
            }
            let n = buf.len().min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn records_before_a_read_error_are_handed_out_then_the_error() {
        let data = b"one\ntwo\nthree\nfou";
        for target in [1, 4, 100] {
            let mut chunker = StreamChunker::new(Format::Line, Damaged(data), target);
            let mut read = Vec::new();
            let err = loop {
                match chunker.next_chunk() {
                    Ok(Some(c)) => read.extend_from_slice(&c.data),
                    Ok(None) => panic!("the error must come"),
                    Err(e) => break e,
                }
            };
            assert_eq!(read, b"one\ntwo\nthree\n", "target {target}: the cut line is not a record");
            assert_eq!(err.to_string(), "line 4: damaged", "the first line not read whole");
            assert!(chunker.next_chunk().unwrap().is_none(), "then the end");
        }
    }
}
