//! JSON Lines inputs: one JSON object a line (`{"puzzle": "...", "solution": "..."}`), its keys
//! the columns.
//!
//! Rather than a second reader, such an input is read as what the pipeline already reads: CSV
//! text, as a Parquet or Arrow file is ([`crate::io::table`]). Each line becomes one CSV line
//! holding the value of every key, in the order the keys first appear in the first lines'
//! objects, so that line N of the text is line N of the input and the outputs keep the keys as
//! they keep a CSV input's columns. A key's value is taken by name on every line, whatever
//! the order of the keys there: a string as its text, `null` or a missing key as a null
//! ([`NULL_FIELD`]), a number, a boolean, an array or an object as its JSON text. A blank line
//! stays blank. A line that is not a JSON object, or has no puzzle key, becomes a row that
//! [`row_error`] reads back as the record's [`JsonError`], at its own line.
//!
//! The puzzle and answer keys are chosen as a CSV input's columns are
//! ([`crate::io::format::csv::layout`]): the ones the user names (or numbers, in the order
//! above); else a known name (`puzzle`, `quizzes`, `question`, ... and `solution`, `answer`,
//! ...); else by content, the first key holding 81-cell grids in most of the first objects.
//!
//! An input is JSON Lines when the user says so (`--format jsonl`), when its name ends in
//! `.jsonl` or `.ndjson` (before a compression suffix), or when its first line that is not
//! blank is a JSON object.

use std::io::{self, BufRead, Read};

use serde_json::Value;

use super::chunk::Chunk;
use super::csv::{
    layout_with_header, put_field, Column, ColumnChoice, CsvLayout, Delimiter, LayoutError,
    EVIDENCE_ROWS, JSON_LINES,
};
use super::{FormatKind, FormatOptions, DOS_EOF};
use crate::io::output::OutputName;
use crate::verdict::JsonError;

mod fast;

/// What starts the row a line that is not a record becomes: a NUL byte (which no other row of
/// the text starts with but a null's, followed by a comma or the line's end), then 0x01.
const BAD_ROW: &[u8] = b"\0\x01";

/// Whether an input, named `name`, whose first bytes (without a byte-order mark) are `head`,
/// is read as JSON Lines: see the module's documentation. A named `.jsonl` file with no line
/// but blank ones is not: it has no records either way.
pub fn is_jsonl(name: &str, head: &[u8], options: &FormatOptions) -> bool {
    match (options.kind, options.delimiter) {
        (FormatKind::Jsonl, _) => true,
        (FormatKind::Auto, None) => {
            let mut lines = significant(head);
            match lines.next() {
                Some((line, _)) => named_jsonl(name) || object(line).is_ok(),
                None => false,
            }
        }
        _ => false,
    }
}

/// Whether a file's name says JSON Lines: `.jsonl` or `.ndjson`, perhaps compressed (the
/// one rule for names, [`OutputName`], which `.tsv` inputs follow too).
fn named_jsonl(name: &str) -> bool {
    let extension = OutputName::of(std::path::Path::new(name)).extension;
    matches!(extension.as_deref(), Some("jsonl" | "ndjson"))
}

/// The lines of `head` that are not blank, without their line ends, and their numbers. A line
/// of DOS end-of-file bytes is blank. The last line, if `head` stops inside it, may be cut.
fn significant(head: &[u8]) -> impl Iterator<Item = (&[u8], u64)> {
    head.split(|&b| b == b'\n')
        .zip(1u64..)
        .map(|(line, n)| (line.strip_suffix(b"\r").unwrap_or(line), n))
        .filter(|(line, _)| !is_blank(line))
}

/// Whether a line holds nothing: white space and DOS end-of-file bytes at most.
fn is_blank(line: &[u8]) -> bool {
    line.iter().all(|&b| b.is_ascii_whitespace() || b == DOS_EOF)
}

/// A JSON object's members, in the order written.
struct Object(Vec<(String, Value)>);

impl Object {
    /// A key's value (its last, where the key is repeated, as JavaScript's `JSON.parse` has
    /// it).
    fn get(&self, key: &str) -> Option<&Value> {
        self.0.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v)
    }
}

impl<'de> serde::Deserialize<'de> for Object {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Object, D::Error> {
        struct Members;
        impl<'de> serde::de::Visitor<'de> for Members {
            type Value = Object;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Object, A::Error> {
                let mut members = Vec::new();
                while let Some(member) = map.next_entry::<String, Value>()? {
                    members.push(member);
                }
                Ok(Object(members))
            }
        }
        deserializer.deserialize_map(Members)
    }
}

/// A line's JSON object, or why the line is not one.
fn object(line: &[u8]) -> Result<Object, JsonError> {
    let text =
        std::str::from_utf8(line).map_err(|e| JsonError::NotText { at: e.valid_up_to() + 1 })?;
    serde_json::from_str(text).map_err(|e| match e.classify() {
        serde_json::error::Category::Eof => JsonError::Truncated,
        serde_json::error::Category::Data => JsonError::NotObject,
        _ => JsonError::Syntax { column: e.column() },
    })
}

/// Appends a value as a field: a string's text, a null as a null, a grid of integers as its
/// line, anything else its JSON.
fn put_value(out: &mut Vec<u8>, value: Option<&Value>, first: bool) {
    match value {
        None | Some(Value::Null) => put_field(out, None, first),
        Some(Value::String(text)) => put_field(out, Some(text.as_bytes()), first),
        Some(other) => match integer_grid(other) {
            Some(line) => put_field(out, Some(&line), first),
            None => put_field(out, Some(other.to_string().as_bytes()), first),
        },
    }
}

/// A field holding a JSON array of integers (a grid, as [`integer_grid`] reads it), as the
/// line form of its cells; `None` for any other text. CSV fields may hold such arrays, as
/// JSON Lines values do.
pub(crate) fn array_line(field: &[u8]) -> Option<Vec<u8>> {
    if field.first() != Some(&b'[') {
        return None;
    }
    integer_grid(&serde_json::from_slice::<Value>(field).ok()?)
}

/// An array of integers, flat (`[0,16,1,...]`) or row by row (`[[0,16,...],[...]]`), as the
/// line form of its cells: `0` a blank, 1 to 9 digits, 10 and up letters (as LLM datasets
/// store 16x16 grids). Whether it is a grid, and of which size, is the parser's to say, as for
/// a string; `None` for anything else (an empty array, a value above 35, a string inside).
fn integer_grid(value: &Value) -> Option<Vec<u8>> {
    let Value::Array(items) = value else { return None };
    let mut line = Vec::with_capacity(items.len());
    let mut push = |value: &Value| {
        let n = value.as_u64().filter(|&n| n <= 35)?;
        line.push(crate::sized::symbol(n as u8));
        Some(())
    };
    let nested = matches!(items.first(), Some(Value::Array(_)));
    for item in items {
        match (item, nested) {
            (Value::Array(row), true) => row.iter().try_for_each(&mut push)?,
            (value, false) => push(value)?,
            _ => return None, // rows and numbers mixed
        }
    }
    (!line.is_empty()).then_some(line)
}

/// Appends the CSV row a line becomes (without a line end): its values of `keys`, in order,
/// or, for a line that is not an object with the puzzle key (`keys[puzzle]`), [`BAD_ROW`], the
/// error and the line. A blank line appends nothing.
pub(crate) fn put_row(out: &mut Vec<u8>, line: &[u8], keys: &[String], puzzle: usize) {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    if is_blank(line) {
        return;
    }
    let start = out.len();
    if fast::put_row(out, line, keys, puzzle).is_some() {
        return;
    }
    out.truncate(start);
    put_precise_row(out, line, keys, puzzle);
}

/// [`put_row`] for a line that is not blank, without its line end, by way of its JSON object:
/// for any line, where [`fast::put_row`] reads only the usual ones.
fn put_precise_row(out: &mut Vec<u8>, line: &[u8], keys: &[String], puzzle: usize) {
    let error = match object(line) {
        Ok(object) if object.get(&keys[puzzle]).is_some() => {
            for (i, key) in keys.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                put_value(out, object.get(key), i == 0);
            }
            return;
        }
        Ok(_) => JsonError::NoPuzzle,
        Err(e) => e,
    };
    out.extend_from_slice(BAD_ROW);
    let (code, number) = match error {
        JsonError::NotText { at } => (b'U', at),
        JsonError::Syntax { column } => (b'S', column),
        JsonError::Truncated => (b'T', 0),
        JsonError::NotObject => (b'O', 0),
        JsonError::NoPuzzle => (b'P', 0),
    };
    out.push(code);
    out.extend_from_slice(number.to_string().as_bytes());
    out.push(b',');
    put_field(out, Some(line), false);
}

/// A row that a line that is not a record became ([`put_row`]): its error, and the line, as
/// it was (but for line ends and NUL bytes, written `\n`, `\r` and `\0`). `None` for any other
/// row.
pub(crate) fn row_error(row: &[u8]) -> Option<(JsonError, Vec<u8>)> {
    let rest = row.strip_prefix(BAD_ROW)?;
    let (&code, rest) = rest.split_first()?;
    let comma = memchr::memchr(b',', rest)?;
    let number: usize = std::str::from_utf8(&rest[..comma]).ok()?.parse().ok()?;
    let error = match code {
        b'U' => JsonError::NotText { at: number },
        b'S' => JsonError::Syntax { column: number },
        b'T' => JsonError::Truncated,
        b'O' => JsonError::NotObject,
        b'P' => JsonError::NoPuzzle,
        _ => return None,
    };
    let field = &rest[comma + 1..];
    let line = match field.strip_prefix(b"\"").and_then(|f| f.strip_suffix(b"\"")) {
        Some(quoted) => String::from_utf8_lossy(quoted).replace("\"\"", "\"").into_bytes(),
        None => field.to_vec(),
    };
    Some((error, line))
}

/// Works out a JSON Lines input's columns from its first bytes, `head`: its keys, in the order
/// they first appear in the first [`EVIDENCE_ROWS`] objects, and which of them hold the puzzle
/// and answer (see the module's documentation). The layout is that of the CSV text
/// [`JsonlText`] makes: no header, a field a key, nulls.
pub fn layout(
    head: &[u8],
    options: &FormatOptions,
) -> Result<(CsvLayout, ColumnChoice), LayoutError> {
    let mut objects = Vec::new();
    let mut first_error = None;
    for (line, number) in significant(head) {
        match object(line) {
            Ok(object) => objects.push((line, object)),
            Err(error) => {
                first_error.get_or_insert(LayoutError::NoObject { line: number, error });
            }
        }
        if objects.len() == EVIDENCE_ROWS {
            break;
        }
    }
    if objects.is_empty() {
        return Err(
            first_error.unwrap_or(LayoutError::NoObject { line: 1, error: JsonError::Truncated })
        );
    }
    // The keys in the order they first appear: each object's own order (as written).
    let mut keys: Vec<String> = Vec::new();
    for (_, object) in &objects {
        for (key, _) in &object.0 {
            if !keys.contains(key) {
                keys.push(key.clone());
            }
        }
    }
    let listed = keys.join(", ");
    // A key asked for by name is found as a CSV column's name is (ignoring case and the
    // spaces around it); then it is asked for by its position among the keys.
    let by_position = |column: Option<&Column>| -> Result<Option<Column>, LayoutError> {
        let Some(column) = column else { return Ok(None) };
        let found = match column {
            Column::Name(name) => keys.iter().position(|k| k.trim().eq_ignore_ascii_case(name)),
            Column::Index(i) => i.checked_sub(1).filter(|&i| i < keys.len()),
        };
        match found {
            Some(i) => Ok(Some(Column::Index(i + 1))),
            None => Err(LayoutError::NoSuchKey { column: column.clone(), keys: listed.clone() }),
        }
    };
    let puzzle = by_position(options.puzzle_column.as_ref())?;
    let answer = by_position(options.answer_column.as_ref())?;
    // The keys as a header row, and the objects as the rows they become.
    let mut header = Vec::new();
    for (i, key) in keys.iter().enumerate() {
        if i > 0 {
            header.push(b',');
        }
        put_field(&mut header, Some(key.as_bytes()), i == 0);
    }
    let rows: Vec<Vec<u8>> = objects
        .iter()
        .map(|(_, object)| {
            let mut row = Vec::new();
            for (i, key) in keys.iter().enumerate() {
                if i > 0 {
                    row.push(b',');
                }
                put_value(&mut row, object.get(key), i == 0);
            }
            row
        })
        .collect();
    let numbered = std::iter::once((&header[..], 1)).chain(rows.iter().map(|r| (&r[..], 2)));
    let (layout, choice) = layout_with_header(
        numbered,
        Delimiter::COMMA,
        puzzle.as_ref(),
        answer.as_ref(),
        Some(true),
    )
    .map_err(|e| match e {
        LayoutError::NoPuzzleColumn { rows, .. } => {
            LayoutError::NoPuzzleKey { keys: listed.clone(), rows }
        }
        other => other,
    })?;
    // (The header names a key by its field, quoted where a CSV field must be: the keys
    // themselves are the names.)
    let name = |(i, _, source): (usize, Option<String>, _)| (i, Some(keys[i].clone()), source);
    let choice = ColumnChoice {
        puzzle: name(choice.puzzle),
        answer: choice.answer.map(name),
        header_line: None,
        rows_read: choice.rows_read,
        names: keys.clone(),
        delimiter: Delimiter::COMMA,
        of: JSON_LINES,
    };
    let layout = CsvLayout { header_line: None, rows_line: 1, nulls: true, ..layout };
    Ok((layout, choice))
}

/// How much CSV text [`JsonlText`] makes at a time, at least (whole lines).
const BLOCK: usize = 64 * 1024;

/// A JSON Lines input read as CSV text, a line a line ([`put_row`]).
pub(crate) struct JsonlText<R> {
    lines: R,
    keys: Vec<String>,
    puzzle: usize,
    line: Vec<u8>,
    text: Vec<u8>,
    /// How much of `text` has been read.
    at: usize,
    /// The input has ended (or failed: `failed` holds its error until `text` is read).
    ended: bool,
    failed: Option<io::Error>,
}

impl<R: BufRead> JsonlText<R> {
    /// The text of `lines`, a JSON Lines input without its byte-order mark, whose keys are
    /// `keys` (the puzzle's being `keys[puzzle]`): see [`layout`].
    pub(crate) fn new(lines: R, keys: Vec<String>, puzzle: usize) -> JsonlText<R> {
        JsonlText {
            lines,
            keys,
            puzzle,
            line: Vec::new(),
            text: Vec::new(),
            at: 0,
            ended: false,
            failed: None,
        }
    }

    /// Makes the text of the next lines, some [`BLOCK`] of it.
    fn fill(&mut self) {
        self.text.clear();
        self.at = 0;
        while self.text.len() < BLOCK {
            self.line.clear();
            match self.lines.read_until(b'\n', &mut self.line) {
                Ok(0) => {
                    self.ended = true;
                    return;
                }
                Ok(_) => {
                    put_row(&mut self.text, &self.line, &self.keys, self.puzzle);
                    self.text.push(b'\n');
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.failed = Some(e);
                    self.ended = true;
                    return;
                }
            }
        }
    }
}

impl<R: BufRead> Read for JsonlText<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.at == self.text.len() {
            if self.ended {
                return self.failed.take().map_or(Ok(0), Err);
            }
            self.fill();
        }
        let n = buf.len().min(self.text.len() - self.at);
        buf[..n].copy_from_slice(&self.text[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// A whole JSON Lines input, held in memory, as the CSV text [`JsonlText`] makes of it.
pub fn text(data: &[u8], keys: &[String], puzzle: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len());
    Rows::new(keys.to_vec(), puzzle).put_text(&mut out, data);
    out
}

/// What turns a JSON Lines input's lines into the CSV text it is read as: its keys (the
/// columns), the puzzle's being `keys[puzzle]` (see [`layout`]).
#[derive(Debug, Clone)]
pub struct Rows {
    keys: Vec<String>,
    puzzle: usize,
}

impl Rows {
    /// The rows of an input whose keys are `keys`, the puzzle's being `keys[puzzle]`.
    pub fn new(keys: Vec<String>, puzzle: usize) -> Rows {
        Rows { keys, puzzle }
    }

    /// Appends the CSV text of `data`, whole lines of the input (the last perhaps without its
    /// line end): a row and a `\n` a line ([`put_row`]), as [`JsonlText`] makes it. A piece of
    /// lines cut anywhere after a `\n` gives the text of those lines, so that pieces can be
    /// made into text on any thread and read as the stream's text is.
    pub fn put_text(&self, out: &mut Vec<u8>, data: &[u8]) {
        out.reserve(data.len());
        let mut start = 0;
        // (memchr's line ends, not `split_inclusive`'s byte by byte: a tenth of the work.)
        for end in memchr::memchr_iter(b'\n', data).map(|i| i + 1).chain([data.len()]) {
            if end > start {
                put_row(out, &data[start..end], &self.keys, self.puzzle);
                out.push(b'\n');
            }
            start = end;
        }
    }
}

/// Cuts a JSON Lines input held in memory (a mapped file, without its byte-order mark) into
/// pieces of whole lines, of about `target` bytes each, for [`Rows::put_text`] to make into
/// text on the worker threads. A line ends at a `\n` only, as [`JsonlText`] reads it (a lone
/// `\r` is inside a line, white space in its JSON), so lines are counted in `\n`s: a piece's
/// `first_line` is the line its text's first row stands for. Nothing stops the input early:
/// no line of the text is an `end` line, and none ends in a DOS end-of-file byte
/// ([`put_row`] quotes such fields), so the text is read to its end, as the stream's is.
pub struct SliceLines<'a> {
    data: &'a [u8],
    target: usize,
    pos: usize,
    index: u64,
    line: u64,
}

impl<'a> SliceLines<'a> {
    /// The pieces of `data`, of about `target` bytes each.
    pub fn new(data: &'a [u8], target: usize) -> SliceLines<'a> {
        SliceLines { data, target: target.max(1), pos: 0, index: 0, line: 1 }
    }
}

impl<'a> Iterator for SliceLines<'a> {
    type Item = Chunk<'a>;

    fn next(&mut self) -> Option<Chunk<'a>> {
        if self.pos >= self.data.len() {
            return None;
        }
        let from = (self.pos + self.target).min(self.data.len()) - 1;
        let end =
            memchr::memchr(b'\n', &self.data[from..]).map_or(self.data.len(), |i| from + i + 1);
        let data = &self.data[self.pos..end];
        let chunk = Chunk {
            index: self.index,
            first_line: self.line,
            end_offset: end as u64,
            data: std::borrow::Cow::Borrowed(data),
        };
        self.index += 1;
        self.line += memchr::memchr_iter(b'\n', data).count() as u64;
        self.pos = end;
        Some(chunk)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::format::{Format, Records};

    const P: &str =
        "004300209005009001070060043006002087190007400050083000600000105003508690042910300";
    const S: &str =
        "864371259325849761971265843436192587198657432257483916689734125713528694542916378";

    fn options() -> FormatOptions {
        FormatOptions::default()
    }

    /// Tiny xorshift.
    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed << 13;
        *seed ^= *seed >> 7;
        *seed ^= *seed << 17;
        *seed
    }

    /// The row of `line` by the fast path, where it reads the line, and by the precise one.
    fn both_rows(line: &[u8], keys: &[String], puzzle: usize) -> (Option<Vec<u8>>, Vec<u8>) {
        let mut fast = Vec::new();
        let fast = fast::put_row(&mut fast, line, keys, puzzle).map(|()| fast);
        let mut precise = Vec::new();
        put_precise_row(&mut precise, line, keys, puzzle);
        (fast, precise)
    }

    #[test]
    fn the_fast_path_writes_what_the_precise_one_does() {
        let keys: Vec<String> = ["puzzle", "solution", "n", "note"].map(String::from).to_vec();
        let good = [
            format!("{{\"puzzle\":\"{P}\",\"solution\":\"{S}\",\"n\":2,\"note\":\"x\"}}"),
            format!(" {{ \"n\" : -17 ,\t\"puzzle\" :\"{P}\" , \"other\": true }} \r"),
            "{\"puzzle\":null,\"note\":\"a, \\\"b\\\"\",\"n\":0}".to_string(),
            "{\"note\":\"#\",\"puzzle\":\"end\",\"solution\":false,\"x\":null}".to_string(),
            format!("{{\"puzzle\":\"\",\"puzzle\":\"{P}\",\"n\":123456789012345678}}"),
            "{\"puzzle\":\"caf\u{e9} \u{1f600}\",\"note\":\"\u{7f}\"}".to_string(),
        ];
        let mut read = 0;
        for line in &good {
            let (fast, precise) = both_rows(line.as_bytes(), &keys, 0);
            if let Some(fast) = fast {
                read += 1;
                assert_eq!(fast, precise, "{line}");
            }
        }
        assert_eq!(read, 5, "all but the escaped quote");
        // Lines the fast path must leave: what it would misread, or what is an error.
        let left: [&[u8]; 18] = [
            b"{\"puzzle\":\"a\\u0041\"}", // an escape
            b"{\"puzzle\":1.0}",
            b"{\"puzzle\":-0}",
            b"{\"puzzle\":01}",
            b"{\"puzzle\":1e5}",
            b"{\"puzzle\":1234567890123456789012}",
            b"{\"puzzle\":[1,2]}",
            b"{\"puzzle\":{}}",
            b"{\"n\":1}",
            b"{}",
            b"[1]",
            b"{\"puzzle\":\"x\",}",
            b"{\"puzzle\":\"x\"} x",
            b"{\"puzzle\":\"x\"",
            b"{\"puzzle\":\"x\ty\"}",
            b"{\"puzzle\":nul}",
            b"{\"puzzle\":\"\xff\"}",
            b"{\"pu\\u007azle\":\"x\"}",
        ];
        for line in left {
            let (fast, _) = both_rows(line, &keys, 0);
            assert_eq!(fast, None, "{:?}", String::from_utf8_lossy(line));
        }
        // Lines of every kind, mutated at random: where the fast path reads one, it writes
        // what the precise one does.
        let alphabet = b"{}[]\":,\\ \t\r-019.eElnrtuasfx\x01\x7f\xc3\xa9\xff";
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let (mut tried, mut read) = (0, 0);
        for _ in 0..20_000 {
            let base = &good[(next(&mut seed) % good.len() as u64) as usize];
            let mut line = base.as_bytes().to_vec();
            for _ in 0..1 + next(&mut seed) % 3 {
                let at = (next(&mut seed) % (line.len() as u64 + 1)) as usize;
                let byte = alphabet[(next(&mut seed) % alphabet.len() as u64) as usize];
                match next(&mut seed) % 3 {
                    0 => line.insert(at, byte),
                    1 if at < line.len() => line[at] = byte,
                    _ if at < line.len() => drop(line.remove(at)),
                    _ => {}
                }
            }
            for puzzle in [0, 2] {
                tried += 1;
                if let (Some(fast), precise) = both_rows(&line, &keys, puzzle) {
                    read += 1;
                    assert_eq!(fast, precise, "{:?}", String::from_utf8_lossy(&line));
                }
            }
        }
        assert!(read > tried / 10 && read < tried, "{read} of {tried} read fast");
    }

    /// The records of a JSON Lines input, as line, text and what they parse to.
    fn shown(records: Records<'_>) -> Vec<String> {
        records.map(|r| format!("{} {:?} {:?}", r.line, r.parsed, r.text)).collect()
    }

    #[test]
    fn pieces_of_lines_read_as_the_whole_text_does() {
        let cases = [
            format!(
                "{{\"puzzle\":\"{P}\",\"solution\":\"{S}\"}}\r\n\n  \r\n[1]\n\x1a\n{{\"x\":1}}\r\r\n\
                 {{\"solution\":null,\"puzzle\":\"{P}\"}}\n{{\"puzzle\":\"a\rb\\n,\"}}\rend\n\
                 {{\"puzzle\":\"end\"}}\nend\n{{\"puzzle\":[[1]]}}\n{{\"puzzle\":\"{P}\"}}\x1a\n\x1a"
            ),
            format!("{{\"puzzle\":\"{P}\"}}"),
            "\n\n\r".to_string(),
        ];
        // (One layout for all: the last case has no object to work one out from.)
        let (layout, choice) = layout(cases[0].as_bytes(), &options()).unwrap();
        assert_eq!(choice.names, ["puzzle", "solution", "x"]);
        for case in &cases {
            let data = case.as_bytes();
            let rows = Rows::new(choice.names.clone(), layout.puzzle);
            let whole_text = text(data, &choice.names, layout.puzzle);
            let format = Format::Csv(layout);
            let whole = shown(Records::new(format, &whole_text, 1));
            for target in 1..data.len() + 2 {
                let mut cut = Vec::new();
                for (i, piece) in SliceLines::new(data, target).enumerate() {
                    assert_eq!(piece.index, i as u64);
                    let mut text = Vec::new();
                    rows.put_text(&mut text, &piece.data);
                    cut.extend(shown(Records::new(format, &text, piece.first_line)));
                }
                assert_eq!(cut, whole, "target {target}");
            }
        }
    }

    #[test]
    fn told_by_content_name_or_request() {
        let line = format!("{{\"puzzle\":\"{P}\"}}\n");
        assert!(is_jsonl("x", line.as_bytes(), &options()));
        assert!(is_jsonl("x.txt", format!("\n  \r\n{line}").as_bytes(), &options()));
        assert!(!is_jsonl("x", P.as_bytes(), &options()));
        assert!(!is_jsonl("x", b"{not json\n", &options()));
        assert!(is_jsonl("x.JSONL", b"{not json\n", &options()));
        assert!(is_jsonl("a/x.ndjson.gz", b"[1]\n", &options()));
        assert!(!is_jsonl("x.jsonl", b"\n\n", &options()), "nothing in it");
        let forced = FormatOptions { kind: FormatKind::Jsonl, ..options() };
        assert!(is_jsonl("x", P.as_bytes(), &forced));
        let csv = FormatOptions { kind: FormatKind::Csv, ..options() };
        assert!(!is_jsonl("x.jsonl", line.as_bytes(), &csv));
    }

    #[test]
    fn keys_are_chosen_as_columns_are() {
        let head = format!(
            "{{\"id\":1,\"quizzes\":\"{P}\"}}\n{{\"solutions\":\"{S}\",\"quizzes\":\"{P}\",\"id\":2}}\n"
        );
        let (l, choice) = layout(head.as_bytes(), &options()).unwrap();
        assert_eq!(choice.names, ["id", "quizzes", "solutions"]);
        assert_eq!((l.puzzle, l.answer, l.fields), (1, Some(2), 3));
        assert_eq!(
            choice.to_string(),
            "puzzle in JSON Lines key \"quizzes\" (a known name), solution in JSON Lines key \
             \"solutions\" (a known name)"
        );
        // By content, by name, by position.
        let head = format!("{{\"a\":\"x\",\"b\":\"{P}\",\"c\":\"{S}\"}}\n");
        let (l, _) = layout(head.as_bytes(), &options()).unwrap();
        assert_eq!((l.puzzle, l.answer), (1, Some(2)));
        let named = FormatOptions {
            puzzle_column: Some(Column::Name("C".into())),
            answer_column: Some(Column::Index(1)),
            ..options()
        };
        let (l, choice) = layout(head.as_bytes(), &named).unwrap();
        assert_eq!((l.puzzle, l.answer), (2, Some(0)));
        assert!(choice.to_string().starts_with("puzzle in JSON Lines key \"c\" (as asked)"));
        let missing = FormatOptions { puzzle_column: Some(Column::Name("z".into())), ..options() };
        assert_eq!(
            layout(head.as_bytes(), &missing).unwrap_err().to_string(),
            "no key \"z\" in the objects of the first lines (their keys: a, b, c)"
        );
        let err = layout(b"{\"a\":\"x\"}\n", &options()).unwrap_err().to_string();
        assert!(err.starts_with("cannot tell which key holds the puzzle"), "{err}");
        let err = layout(b"[1]\n", &options()).unwrap_err().to_string();
        assert_eq!(err, "no JSON object in the first lines: line 1: not a JSON object");
    }

    #[test]
    fn lines_become_rows_and_bad_lines_errors() {
        let input = format!(
            "\u{feff}\r\n{{\"solution\":null,\"puzzle\":\"{P}\",\"id\":\"a,\\\"b\\u00e9\\n\"}}\r\n\
             {{\"id\":7}}\n[1]\n{{\"puzzle\":\"{P}\",\n{{\"puzzle\":{{\"x\":[1,true]}}}}"
        );
        let input = super::super::strip_bom(input.as_bytes());
        let (l, choice) = layout(input, &options()).unwrap();
        assert_eq!(choice.names, ["solution", "puzzle", "id"], "as the first object has them");
        let text = text(input, &choice.names, l.puzzle);
        let lines: Vec<&[u8]> = text.split(|&b| b == b'\n').collect();
        assert_eq!(lines.len(), 7, "a line a line: {:?}", String::from_utf8_lossy(&text));
        assert_eq!(lines[0], b"");
        assert_eq!(lines[1], format!("\0,{P},\"a,\"\"b\u{e9}\\n\"").as_bytes());
        let records: Vec<_> = Records::new(Format::Csv(l), &text, 1).collect();
        let summary: Vec<(u64, String)> = records
            .iter()
            .map(|r| {
                let what = match &r.parsed {
                    Ok(p) => {
                        format!("ok {:?}", p.clone().into_nine().answer.map(|a| a.map(|_| ())))
                    }
                    Err(e) => e.to_string(),
                };
                (r.line, what)
            })
            .collect();
        assert_eq!(
            summary[..4],
            [
                // A null answer is no answer, as an empty one is.
                (2, "ok Some(Err(WrongLength { cells: 0 }))".to_string()),
                (3, "no puzzle key in the object".into()),
                (4, "not a JSON object".into()),
                (5, "not JSON: the line ends inside it".into()),
            ]
        );
        assert_eq!(records.len(), 5);
        assert_eq!(row_error(records[2].text).unwrap().1, b"[1]");
        assert_eq!(
            row_error(records[3].text).unwrap().1,
            format!("{{\"puzzle\":\"{P}\",").as_bytes()
        );
        let last = records[4].parsed.clone().unwrap_err().to_string();
        // Its text, `{"x":[1,true]}` and quotes, is 16 characters: a 4x4 line's length.
        assert!(last.ends_with("unexpected character '{'"), "{last}");
    }
}
