//! Opening an input for the pipeline: its bytes (a map, a stream, a table's text, a JSON
//! Lines file's lines or a JSON Lines stream's text), its format and columns worked out from
//! its first bytes, and its pieces in order, whatever its kind.

use std::io::{self, Read};

use super::{RunError, Settings, DETECT_BYTES};
use crate::io::format::chunk::{Chunk, Numbering, SliceChunker, StreamChunker};
use crate::io::format::{
    jsonl, not_puzzles, resolve_with_columns, strip_bom, ColumnChoice, Delimiter, Format,
    FormatKind, FormatOptions,
};
use crate::io::input::{Input, TableFile};
use crate::io::output::OutputName;
use crate::io::table::{open_table, TextStream};

/// The format options for an input named `name`: a name ending `.tsv` (compressed or not)
/// is tab-separated when neither `--format` nor `--delimiter` says otherwise, as our own
/// `-o x.tsv` writes it: a guess from its content could take it for CSV where most rows hold
/// a comma (in an error message, say).
fn named_options(name: &str, options: &FormatOptions) -> FormatOptions {
    let tsv = OutputName::of(std::path::Path::new(name)).extension.as_deref() == Some("tsv");
    match (tsv, options.delimiter, options.kind) {
        (true, None, FormatKind::Auto) => {
            FormatOptions { delimiter: Some(Delimiter::Byte(b'\t')), ..options.clone() }
        }
        _ => options.clone(),
    }
}

/// An input ready to be cut: its format and columns worked out from its first bytes, which a
/// stream has read ahead and will read again.
pub(super) struct Opened {
    pub(super) name: String,
    pub(super) format: Format,
    pub(super) columns: Option<ColumnChoice>,
    body: Body,
}

/// A reader whose next read fails with the error it holds, and that has ended after that.
struct Failed(Option<io::Error>);

impl Read for Failed {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        self.0.take().map_or(Ok(0), Err)
    }
}

/// An input's bytes, as they will be cut.
enum Body {
    /// A mapped file (none when empty), cut in place: its pieces borrow the map.
    Mapped(Option<memmap2::Mmap>),
    /// A stream, its first block read ahead (less a byte-order mark) and chained back on.
    Stream(io::Chain<io::Cursor<Vec<u8>>, Box<dyn Read + Send>>),
    /// A Parquet or Arrow file's rows, as CSV text in pieces of whole rows.
    Table(TextStream),
    /// A mapped JSON Lines file, cut in place into pieces of whole lines, which the workers
    /// make into CSV text with its rows' rule ([`jsonl::SliceLines`]).
    Lines(Option<memmap2::Mmap>, jsonl::Rows),
}

impl Body {
    /// A JSON Lines input's body as what it is read as (see [`jsonl`]): a map, its pieces of
    /// lines made into CSV text by the workers; a stream, the CSV text that one thread makes
    /// of it, as a stream. `keys` are its columns, the puzzle's being `keys[puzzle]`. Both make
    /// the same text, line by line, by the one rule ([`jsonl::Rows`]).
    fn jsonl(body: Body, keys: Vec<String>, puzzle: usize) -> Body {
        match body {
            Body::Mapped(map) => Body::Lines(map, jsonl::Rows::new(keys, puzzle)),
            Body::Stream(reader) => {
                let lines = io::BufReader::with_capacity(1 << 16, reader);
                let text: Box<dyn Read + Send> =
                    Box::new(jsonl::JsonlText::new(lines, keys, puzzle));
                Body::Stream(io::Cursor::new(Vec::new()).chain(text))
            }
            Body::Table(_) | Body::Lines(..) => unreachable!("a table is not text"),
        }
    }
}

impl Opened {
    /// Opens `input`: reads its first block and works out its format (a table's is known from
    /// its schema); a stream's or table's pieces are about `stream_target` bytes.
    pub(super) fn new(
        input: Input,
        settings: &Settings,
        stream_target: usize,
    ) -> Result<Opened, RunError> {
        let name = input.name().to_string();
        let body = match input {
            Input::Table(table) => {
                let (format, columns, text) = open_table_file(&table, settings, stream_target)?;
                return Ok(Opened { name, format, columns, body: Body::Table(text) });
            }
            Input::Mapped { map, .. } => Body::Mapped(map),
            Input::Stream { mut reader, .. } => {
                let mut head = Vec::new();
                // A stream damaged within its first block (a small truncated archive): its
                // records before the damage are still read, and the error comes after them.
                match (&mut reader).take(DETECT_BYTES).read_to_end(&mut head) {
                    Ok(_) => {}
                    Err(source) if head.is_empty() => {
                        return Err(RunError::Read { name: name.clone(), source })
                    }
                    Err(e) => reader = Box::new(Failed(Some(e))),
                }
                let bom = head.len() - strip_bom(&head).len();
                head.drain(..bom);
                Body::Stream(io::Cursor::new(head).chain(reader))
            }
        };
        let head = match &body {
            Body::Stream(reader) => reader.get_ref().0.get_ref(),
            Body::Mapped(map) => {
                let data = strip_bom(map.as_deref().unwrap_or(&[]));
                &data[..data.len().min(DETECT_BYTES as usize)]
            }
            Body::Table(_) | Body::Lines(..) => unreachable!("returned above"),
        };
        if let Some(what) = not_puzzles(head) {
            return Err(RunError::NotPuzzles { name, what });
        }
        let layout_error = |source| RunError::Layout { name: name.clone(), source };
        let options = named_options(&name, &settings.format);
        if jsonl::is_jsonl(&name, head, &options) {
            let (layout, choice) = jsonl::layout(head, &options).map_err(layout_error)?;
            let body = Body::jsonl(body, choice.names.clone(), layout.puzzle);
            return Ok(Opened { name, format: Format::Csv(layout), columns: Some(choice), body });
        }
        let (format, columns) = resolve_with_columns(head, &options).map_err(layout_error)?;
        Ok(Opened { name, format, columns, body })
    }

    /// The input's length in bytes, where it is known before reading it (for the progress bar).
    pub(super) fn length(&self) -> Option<u64> {
        match &self.body {
            Body::Mapped(map) | Body::Lines(map, _) => {
                Some(strip_bom(map.as_deref().unwrap_or(&[])).len() as u64)
            }
            _ => None,
        }
    }

    /// For an input whose pieces are JSON Lines that the workers make into CSV text (a mapped
    /// JSON Lines file), the rule that does it.
    pub(super) fn rows(&self) -> Option<&jsonl::Rows> {
        match &self.body {
            Body::Lines(_, rows) => Some(rows),
            _ => None,
        }
    }

    /// Its pieces: a map's of about `map_target` bytes, a stream's of about `stream_target`.
    pub(super) fn pieces(&mut self, map_target: usize, stream_target: usize) -> Pieces<'_> {
        match &mut self.body {
            Body::Mapped(map) => {
                let data = strip_bom(map.as_deref().unwrap_or(&[]));
                Pieces::Slice(SliceChunker::new(self.format, data, map_target))
            }
            Body::Stream(reader) => {
                Pieces::Stream(StreamChunker::new(self.format, Box::new(reader), stream_target))
            }
            Body::Table(text) => Pieces::Table(text, Numbering::default()),
            Body::Lines(map, _) => {
                let data = strip_bom(map.as_deref().unwrap_or(&[]));
                Pieces::Lines(jsonl::SliceLines::new(data, map_target))
            }
        }
    }
}

/// An input's pieces in order, whatever its kind.
pub(super) enum Pieces<'a> {
    Slice(SliceChunker<'a>),
    Stream(StreamChunker<Box<dyn Read + Send + 'a>>),
    Table(&'a mut TextStream, Numbering),
    /// A mapped JSON Lines file's lines, before they are made into text.
    Lines(jsonl::SliceLines<'a>),
}

impl<'a> Pieces<'a> {
    /// The line of an `end` line that stopped the input with text after it, once read.
    pub(super) fn stopped(&self) -> Option<u64> {
        match self {
            Pieces::Slice(chunker) => chunker.stopped(),
            Pieces::Stream(chunker) => chunker.stopped(),
            Pieces::Table(..) | Pieces::Lines(_) => None,
        }
    }

    /// The next piece, if any.
    pub(super) fn next(&mut self) -> io::Result<Option<Chunk<'a>>> {
        match self {
            Pieces::Slice(chunker) => Ok(chunker.next()),
            Pieces::Stream(chunker) => chunker.next_chunk(),
            Pieces::Table(text, numbering) => Ok(text.next_piece()?.map(|p| numbering.chunk(p))),
            Pieces::Lines(lines) => Ok(lines.next()),
        }
    }
}

/// A columnar file's format, its columns and its text.
type OpenedTable = (Format, Option<ColumnChoice>, TextStream);

/// A Parquet or Arrow IPC file opened with the columns the settings ask for: its format as
/// the pipeline reads it (CSV text, `puzzle[,answer]` a row, line N being row N), the columns
/// chosen, and the text, in pieces of about `piece_bytes`.
fn open_table_file(
    table: &TableFile,
    settings: &Settings,
    piece_bytes: usize,
) -> Result<OpenedTable, RunError> {
    let opening = |e: io::Error| RunError::Read { name: table.name.clone(), source: e };
    let file = std::fs::File::open(&table.path).map_err(opening)?;
    let puzzle = settings.format.puzzle_column.as_ref();
    let answer = settings.format.answer_column.as_ref();
    // As many threads decode as work on the rows: decoding costs about half what the rows do.
    let decoders = settings.threads.max(1);
    let opened = open_table(&table.path, file, table.kind, puzzle, answer, piece_bytes, decoders)
        .map_err(|e| RunError::Table(e.to_string()))?;
    Ok((Format::Csv(opened.layout()), Some(opened.choice), opened.reader))
}
