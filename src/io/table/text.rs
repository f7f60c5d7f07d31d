//! Record batches as CSV text, one line a row, every column in the file's order: what the
//! pipeline already reads well. Cells are read without copies; the text is made on threads of
//! its own (a Parquet file's row groups shared out among them), a piece of whole rows at a
//! time, beside the workers that parse it.

use std::io::{self, Read};
use std::sync::Arc;

use arrow_array::{Array, RecordBatch};
use arrow_schema::ArrowError;

use crate::io::format::csv::put_field;

use super::cells::{integer_lists, plain, Cells};
use super::read::{Batches, Parts};

/// How one column's cells become fields.
enum Shown<'a> {
    /// A string or binary column: its bytes.
    Cells(Cells<'a>),
    /// Any other: as `arrow-cast` displays it (`1.5`, `true`, `2024-01-31`, `[1, 2]`), nulls
    /// aside.
    Displayed(Option<arrow_buffer::NullBuffer>, arrow_cast::display::ArrayFormatter<'a>),
}

/// The line form of a grid of integers as `arrow-cast` displays it (`[[0, 16], [1, 2]]`):
/// `0` a blank, 1 to 9 digits, 10 and up letters; `false` (nothing appended) where a value is
/// not one (a null, a negative number, above 35), for the field to keep its displayed text.
fn grid_line(shown: &str, out: &mut Vec<u8>) -> bool {
    let start = out.len();
    for token in shown.split(['[', ']', ',', ' ']).filter(|t| !t.is_empty()) {
        match token.parse::<u8>() {
            Ok(n) if n <= 35 => out.push(crate::sized::symbol(n)),
            _ => {
                out.truncate(start);
                return false;
            }
        }
    }
    true
}

/// The puzzle and answer columns, which alone are read as grids where they hold lists of
/// integers (any other column of lists keeps its text, for the output to pass through).
pub(super) type GridColumns = [Option<usize>; 2];

/// Appends a batch's rows as CSV lines, every column in order. `scratch` is the caller's, for
/// the text of a displayed cell.
pub(super) fn put_rows(
    out: &mut Vec<u8>,
    batch: &RecordBatch,
    scratch: &mut String,
    grid_columns: GridColumns,
) -> Result<(), ArrowError> {
    use std::fmt::Write as _;
    let arrays = batch.columns().iter().map(plain).collect::<Result<Vec<_>, _>>()?;
    let options = arrow_cast::display::FormatOptions::default();
    let mut columns = Vec::with_capacity(arrays.len());
    let mut width = 0;
    for array in &arrays {
        columns.push(match Cells::new(array) {
            Some(cells) => {
                width += 84;
                Shown::Cells(cells)
            }
            None => {
                width += 12;
                let formatter = arrow_cast::display::ArrayFormatter::try_new(array, &options)?;
                // (Logical: a column of type Null has no null buffer, yet is all nulls.)
                Shown::Displayed(array.logical_nulls(), formatter)
            }
        });
    }
    // Columns of integer lists are grids, written in the line form.
    let grids: Vec<bool> = (arrays.iter().enumerate())
        .map(|(j, a)| grid_columns.contains(&Some(j)) && integer_lists(a.data_type()))
        .collect();
    let mut line = Vec::new();
    let rows = batch.num_rows();
    out.reserve(rows * width);
    for i in 0..rows {
        for (j, column) in columns.iter().enumerate() {
            if j > 0 {
                out.push(b',');
            }
            match column {
                Shown::Cells(cells) => put_field(out, cells.get(i), j == 0),
                Shown::Displayed(Some(nulls), _) if nulls.is_null(i) => {
                    put_field(out, None, j == 0)
                }
                Shown::Displayed(_, formatter) => {
                    scratch.clear();
                    write!(scratch, "{}", formatter.value(i))
                        .map_err(|_| ArrowError::ComputeError("a cell not shown".into()))?;
                    line.clear();
                    match grids[j] && grid_line(scratch, &mut line) {
                        true => put_field(out, Some(&line), j == 0),
                        false => put_field(out, Some(scratch.as_bytes()), j == 0),
                    }
                }
            }
        }
        out.push(b'\n');
    }
    Ok(())
}

/// What a thread that makes text hands over.
enum Piece {
    /// Whole rows, as CSV lines.
    Text(Vec<u8>),
    /// The error that stopped the reading.
    Failed(io::Error),
    /// The end of a part (a row group, or the whole of an Arrow file).
    PartEnd,
}

/// Pieces of text a decoding thread may have made and not yet handed over.
const PIECES_IN_FLIGHT: usize = 4;

/// The file's rows as CSV text, in pieces of whole rows.
///
/// Threads of their own decode the file and make its text, a piece of about `piece_bytes` at a
/// time (a slice of a batch's rows, which costs no copy), while the pipeline's main thread
/// hands the pieces out to the workers as they are: decoding (snappy or zstd, then strings)
/// costs about half as much as parsing the text, and so runs beside it rather than before it,
/// and the text is not copied and cut again. A Parquet file's row groups are shared out among
/// up to `decoders` threads, thread `k` decoding groups `k`, `k + decoders`, ..., each into a
/// channel of its own that holds at most [`PIECES_IN_FLIGHT`] pieces; the stream takes the
/// groups' pieces in order, channel after channel. So the decoding scales with the cores
/// while memory stays bounded (a batch and a few pieces a thread), and a file damaged in a row
/// group gives every row before that group, then the error. An Arrow file is one sequence of
/// batches, read by one thread, as is a Parquet file of one row group. Dropping the stream stops
/// the threads at their next piece.
pub(crate) struct TextStream {
    /// One channel a decoding thread, from which part `p` comes on `decoders[p % len]`.
    decoders: Vec<crossbeam_channel::Receiver<Piece>>,
    /// The part being read, and how many there are.
    part: usize,
    parts: usize,
    /// For [`Read`]: the current piece, and how much of it has been read.
    text: Vec<u8>,
    pos: usize,
    /// The error that stopped the stream: every later call returns it again.
    failed: Option<(io::ErrorKind, String)>,
}

impl TextStream {
    /// Starts the threads that read `parts`, up to `decoders` of them, and make their text in
    /// pieces of about `piece_bytes` (more for a single row longer than that).
    pub(super) fn spawn(
        parts: Parts,
        piece_bytes: usize,
        decoders: usize,
        grids: GridColumns,
    ) -> io::Result<TextStream> {
        let spawn = |k: usize, work: Box<dyn FnOnce(&Sender) + Send>| {
            let (send, pieces) = crossbeam_channel::bounded(PIECES_IN_FLIGHT);
            std::thread::Builder::new()
                .name(format!("sudoku-bulk table reader {k}"))
                .spawn(move || work(&send))
                .map(|_| pieces)
        };
        let (receivers, parts) = match parts {
            Parts::Whole(mut batches) => {
                let work = move |send: &Sender| {
                    if send_text(&mut *batches, piece_bytes, send, grids) {
                        let _ = send.send(Piece::PartEnd);
                    }
                };
                (vec![spawn(0, Box::new(work))?], 1)
            }
            Parts::Groups(groups) => {
                let count = groups.count();
                let threads = decoders.clamp(1, count.max(1));
                let mut receivers = Vec::with_capacity(threads);
                for k in 0..threads {
                    let groups = Arc::clone(&groups);
                    let work = move |send: &Sender| {
                        for group in (k..count).step_by(threads) {
                            let mut batches = groups.open(group);
                            if !send_text(&mut *batches, piece_bytes, send, grids)
                                || send.send(Piece::PartEnd).is_err()
                            {
                                return;
                            }
                        }
                    };
                    receivers.push(spawn(k, Box::new(work))?);
                }
                (receivers, count)
            }
        };
        Ok(TextStream {
            decoders: receivers,
            part: 0,
            parts,
            text: Vec::new(),
            pos: 0,
            failed: None,
        })
    }

    /// The next piece of text, whole rows, never empty; `None` at the end. After an error,
    /// every call returns it again.
    pub(crate) fn next_piece(&mut self) -> io::Result<Option<Vec<u8>>> {
        if let Some((kind, message)) = &self.failed {
            return Err(io::Error::new(*kind, message.clone()));
        }
        let error = loop {
            if self.part == self.parts {
                return Ok(None);
            }
            match self.decoders[self.part % self.decoders.len()].recv() {
                Ok(Piece::Text(text)) => return Ok(Some(text)),
                Ok(Piece::PartEnd) => self.part += 1,
                Ok(Piece::Failed(e)) => break e,
                // The thread ended without a word: it panicked.
                Err(_) => break io::Error::other("the thread reading the file stopped"),
            }
        };
        self.failed = Some((error.kind(), error.to_string()));
        Err(error)
    }
}

/// Where a decoding thread sends its pieces.
type Sender = crossbeam_channel::Sender<Piece>;

/// Reads every batch of `batches` and sends their text, in pieces of about `piece_bytes`
/// (whole rows), then nothing more. Whether it got to the end: not if the reading failed (the
/// error is sent) or nobody reads on (the stream was dropped).
fn send_text(
    batches: &mut dyn Batches,
    piece_bytes: usize,
    send: &Sender,
    grids: GridColumns,
) -> bool {
    let mut scratch = String::new();
    // Bytes a row, as the text made so far says: how many rows make a piece. The first piece
    // is one row, to tell.
    let mut row_bytes = 0;
    loop {
        let batch = match batches.next_batch() {
            None => return true,
            Some(Err(e)) => {
                let _ = send.send(Piece::Failed(e));
                return false;
            }
            Some(Ok(batch)) => batch,
        };
        let mut start = 0;
        while start < batch.num_rows() {
            let rows = piece_bytes.checked_div(row_bytes).unwrap_or(1);
            let rows = rows.clamp(1, batch.num_rows() - start);
            let mut text = Vec::new();
            let slice = batch.slice(start, rows);
            let piece = match put_rows(&mut text, &slice, &mut scratch, grids) {
                Ok(()) => {
                    row_bytes = text.len().div_ceil(rows);
                    Piece::Text(text)
                }
                Err(e) => Piece::Failed(io::Error::new(io::ErrorKind::InvalidData, e.to_string())),
            };
            let failed = matches!(piece, Piece::Failed(_));
            // A closed channel: the stream was dropped, nobody reads on.
            if send.send(piece).is_err() || failed {
                return false;
            }
            start += rows;
        }
    }
}

impl Read for TextStream {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.pos == self.text.len() {
            match self.next_piece()? {
                Some(text) => (self.text, self.pos) = (text, 0),
                None => return Ok(0),
            }
        }
        let n = buf.len().min(self.text.len() - self.pos);
        buf[..n].copy_from_slice(&self.text[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}
