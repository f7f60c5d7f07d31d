//! The file pipeline: input -> pieces -> worker threads -> ordered writer. It knows no
//! command: a `Job` says what a worker makes of a piece, an `Emit` what the writer does
//! with each piece's output in input order (the commands' jobs are in `cmd`; the
//! library's entry points are `execute` and `one_input`).
//!
//! ```text
//!   main thread            rayon pool (N workers)          writer thread
//!   -----------            ----------------------          -------------
//!   cut piece k  --spawn-->  job.process(piece k) --(k, out)-->  reorder; write piece
//!        ^                                                        k, k+1, ... in order
//!        +-------------------- empty output buffer <-------------+
//! ```
//!
//! The main thread cuts the input into pieces (`format::chunk`) and hands each to
//! the pool, but only after taking an empty output buffer from a fixed set. The writer returns
//! a buffer once it has written it, in input order. So at most that many pieces are in flight,
//! being solved or waiting their turn, and memory stays bounded whatever the input size. Only
//! the writer thread does I/O on the output.

mod opened;

use std::collections::BTreeMap;
use std::io::{self, Write};

use arrow_array::RecordBatch;
use arrow_schema::SchemaRef;
use crossbeam_channel::{bounded, Receiver, Sender};

use self::opened::Opened;
use super::cancel::Cancel;
use super::threads;
use crate::io::format::chunk::Chunk;
use crate::io::format::jsonl;
use crate::io::format::NotPuzzles;
use crate::io::output::{Encoded, NotText};
use crate::solver::SolverKind;
use crate::verdict::Tally;

pub use crate::io::format::{
    Column, ColumnChoice, ColumnSource, Delimiter, Format, FormatKind, FormatOptions, LayoutError,
};
pub use crate::io::input::{Compression, Input, TableFile};
pub use crate::io::output::{OutputFormat, ReportFormat};
pub use crate::io::progress::{Progress, ProgressMode};

/// What a command does with each piece of input: parse its records, work on them, encode the
/// results. Runs on worker threads; must not do I/O.
pub(crate) trait Job: Sync {
    /// What the job keeps of a piece beyond the common output, for its [`Emit`] on the writer
    /// thread (`()` for most).
    type Extra: Extra;

    /// Processes one piece, appending to `out`.
    fn process(&self, chunk: &Chunk<'_>, out: &mut ChunkOutput<Self::Extra>);

    /// What the writer puts between two pieces' output (when both hold records).
    fn separator(&self) -> &[u8];
}

/// What a job keeps of a piece beyond the common output; cleared when its buffer is reused.
pub(crate) trait Extra: Default + Send {
    /// Empties it, keeping its allocations.
    fn clear(&mut self);
}

impl Extra for () {
    fn clear(&mut self) {}
}

/// What a job made of one piece.
#[derive(Debug, Default)]
pub(crate) struct ChunkOutput<E = ()> {
    /// Output records, encoded (or, for Parquet output, built into a record batch).
    pub data: Encoded,
    /// How many records `data` holds (fewer than the tally's where only failures are written).
    pub written: u64,
    /// Messages for stderr, one a line.
    pub messages: Vec<u8>,
    /// Failed records for the report, encoded.
    pub report: Vec<u8>,
    /// Counts of what happened.
    pub tally: Tally,
    /// What the job keeps for its [`Emit`].
    pub extra: E,
    /// The piece's CSV text, where the worker makes it (a mapped JSON Lines file's lines):
    /// kept with the buffer, not cleared with it, so that its allocation is reused.
    text: Vec<u8>,
}

impl<E: Extra> ChunkOutput<E> {
    fn clear(&mut self) {
        self.data.clear();
        self.written = 0;
        self.messages.clear();
        self.report.clear();
        self.tally.clear();
        self.extra.clear();
    }
}

/// The writer thread's side of a job: each piece's output, in input order, to the output and
/// the report. [`InOrder`] writes every record; `dedup` and `overlap` write through their set
/// of records seen.
pub(crate) trait Emit<E>: Send {
    /// Writes `piece`, whose records follow `written` records already written, with
    /// `separator` between two records. Returns how many records it wrote and how many it
    /// dropped.
    fn emit(
        &mut self,
        piece: &ChunkOutput<E>,
        separator: &[u8],
        written: u64,
        out: &mut Out,
        report: Option<&mut dyn Write>,
    ) -> io::Result<(u64, u64)>;
}

/// Writes every piece as its job made it: its report rows, then its records.
pub(crate) struct InOrder;

impl<E> Emit<E> for InOrder {
    fn emit(
        &mut self,
        piece: &ChunkOutput<E>,
        separator: &[u8],
        written: u64,
        out: &mut Out,
        report: Option<&mut dyn Write>,
    ) -> io::Result<(u64, u64)> {
        if let Some(report) = report {
            report.write_all(&piece.report)?;
        }
        if piece.written > 0 && written > 0 {
            out.write_all(separator)?;
        }
        out.piece(&piece.data, None)?;
        Ok((piece.written, 0))
    }
}

/// Where a run writes its output records: bytes, or a table's record batches.
pub enum Output {
    /// Bytes: lines, CSV or JSON Lines.
    Bytes(Box<dyn Write + Send>),
    /// Record batches (Parquet output).
    Table(Box<dyn TableSink>),
}

/// A sink of record batches, all of one schema.
pub trait TableSink: Send {
    /// The schema of the batches it takes.
    fn schema(&self) -> SchemaRef;
    /// Writes a batch.
    fn write_batch(&mut self, batch: &RecordBatch) -> io::Result<()>;
}

/// The writer thread's output: a buffered writer of bytes, or a table sink.
pub(crate) enum Out {
    Bytes(io::BufWriter<Box<dyn Write + Send>>),
    Table(Box<dyn TableSink>),
}

impl Out {
    pub(crate) fn new(output: Output) -> Out {
        match output {
            Output::Bytes(out) => Out::Bytes(io::BufWriter::with_capacity(WRITE_BUFFER, out)),
            Output::Table(sink) => Out::Table(sink),
        }
    }

    /// Writes bytes (a table takes none: what an encoder writes between records for it is
    /// nothing).
    pub(crate) fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self {
            Out::Bytes(out) => out.write_all(bytes),
            Out::Table(_) if bytes.is_empty() => Ok(()),
            Out::Table(_) => Err(io::Error::other("text written to a table output")),
        }
    }

    /// Writes a piece's output: its bytes, or its batch's rows (`rows` of them, where given).
    pub(crate) fn piece(&mut self, data: &Encoded, rows: Option<&[u32]>) -> io::Result<()> {
        if let Some(not_text) = &data.not_text {
            return Err(io::Error::new(io::ErrorKind::InvalidData, not_text.clone()));
        }
        match (self, &data.batch) {
            (out, None) => out.write_all(&data.bytes),
            (Out::Table(sink), Some(Ok(batch))) => match rows {
                None => sink.write_batch(batch),
                Some(rows) => {
                    let rows = arrow_array::UInt32Array::from(rows.to_vec());
                    let taken = arrow_select::take::take_record_batch(batch, &rows)
                        .map_err(|e| io::Error::other(format!("Parquet output: {e}")))?;
                    sink.write_batch(&taken)
                }
            },
            (Out::Table(_), Some(Err(e))) => {
                Err(io::Error::new(io::ErrorKind::InvalidData, format!("Parquet output: {e}")))
            }
            (Out::Bytes(_), Some(_)) => Err(io::Error::other("a table written to a text output")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Out::Bytes(out) => out.flush(),
            Out::Table(_) => Ok(()),
        }
    }
}

/// How to run the pipeline.
#[derive(Debug, Clone)]
pub struct Settings {
    /// Worker threads.
    pub threads: usize,
    /// The solver each worker uses.
    pub solver: SolverKind,
    /// What the user said of the input format.
    pub format: FormatOptions,
    /// The output format.
    pub output: OutputFormat,
    /// Piece size in bytes; chosen from the input size when `None`.
    pub chunk_bytes: Option<usize>,
    /// When to draw the progress bar.
    pub progress: ProgressMode,
    /// Which of the output and the report go to the terminal (stdout, when it is one), where
    /// the progress bar is drawn too.
    pub on_terminal: OnTerminal,
    /// Write only the records that fail (all of them still count in the tally).
    pub failures_only: bool,
    /// The most messages about failed records to write, if capped; one line then says how
    /// many more there were.
    pub max_messages: Option<u64>,
    /// Whether to write the CSV headers of the output and the report: not for the second and
    /// later of several inputs written one after another under the first one's header.
    pub headers: bool,
    /// Whether output and report rows name their input (a `file` column): for a run of
    /// several inputs written into one output.
    pub file_column: bool,
    /// Whether output rows say each record's size (a `size` column, asked for).
    pub size_column: bool,
    /// About how many output records the job writes per input record (`augment`'s copies):
    /// pieces are cut that much smaller (unless `chunk_bytes` is given), so a piece's output
    /// stays about as large as for the other commands.
    pub expansion: usize,
    /// Asks the run to stop.
    pub cancel: Cancel,
    /// The command, as messages name it, where it is not the task's (`overlap` runs
    /// `dedup`'s task).
    pub command: Option<&'static str>,
}

impl Default for Settings {
    /// Every available core, the default solver, the format detected, output in the input's
    /// own kind (see [`OutputFormat::Auto`]), no progress bar.
    fn default() -> Settings {
        Settings {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            solver: SolverKind::default(),
            format: FormatOptions::default(),
            output: OutputFormat::Auto,
            chunk_bytes: None,
            progress: ProgressMode::Never,
            on_terminal: OnTerminal::default(),
            failures_only: false,
            max_messages: None,
            headers: true,
            file_column: false,
            size_column: false,
            expansion: 1,
            cancel: Cancel::default(),
            command: None,
        }
    }
}

/// Which of a run's outputs are written to the terminal.
///
/// Stdout and stderr are most often one terminal, and the progress bar, drawn on stderr, is
/// redrawn in place on its own line. Records written there meanwhile would land on the bar's
/// line, and the bar would be drawn again among them. So the records of a piece that go to
/// the terminal are written with the bar cleared and flushed before it is drawn again: they
/// stand on lines of their own, and the bar stays below them, at the foot of the screen.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OnTerminal {
    /// The output records.
    pub output: bool,
    /// The report of failed records.
    pub report: bool,
}

/// Why a run stopped early.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// Reading the input failed.
    #[error("reading {name}")]
    Read {
        /// The input's name.
        name: String,
        /// The error.
        source: io::Error,
    },
    /// Writing the output failed (a pipe its reader closed included: `io::ErrorKind::BrokenPipe`).
    #[error("writing output")]
    Write(#[source] io::Error),
    /// A field the output cannot hold as text (JSON Lines, Parquet), where U+FFFD would have
    /// taken its place.
    #[error("{name}")]
    NotText {
        /// The input's name.
        name: String,
        /// The field.
        source: NotText,
    },
    /// The CSV columns could not be worked out.
    #[error("{name}")]
    Layout {
        /// The input's name.
        name: String,
        /// Why.
        source: LayoutError,
    },
    /// The input is something other than puzzles in text (a document, an image, an archive,
    /// UTF-16 text).
    #[error("{name}: {what}")]
    NotPuzzles {
        /// The input's name.
        name: String,
        /// What it looks like, and what to do.
        what: NotPuzzles,
    },
    /// A Parquet or Arrow IPC file could not be read, or its columns not chosen.
    #[error("{0}")]
    Table(String),
    /// A signal asked the run to stop.
    #[error("interrupted by signal {0}")]
    Interrupted(i32),
    /// The worker threads could not be started.
    #[error(transparent)]
    Threads(threads::ThreadsError),
    /// An input's output columns differ from the first input's, under whose CSV header or
    /// Parquet schema its records would be written.
    #[error(
        "{name}: its output columns ({these}) are not those of the first input ({first}): one \
         {format} output needs the same columns for every input; write JSON Lines, or one run \
         per input"
    )]
    OutputColumns {
        /// The input's name.
        name: String,
        /// Its output columns.
        these: String,
        /// The first input's.
        first: String,
        /// The output format.
        format: OutputFormat,
    },
}

/// Bytes read to detect an input's format, and a CSV input's columns (from as many of its rows
/// as fit, up to `format::csv::EVIDENCE_ROWS`), before cutting it.
const DETECT_BYTES: u64 = 256 * 1024;
/// Output buffers (pieces in flight) per worker thread.
const BUFFERS_PER_THREAD: usize = 8;
/// A stream's pieces in flight, all together, at most: pieces are copies, in memory.
const STREAM_IN_FLIGHT: usize = 8 << 20;
/// The writer's buffer. A piece's output at least this large (a large input's every piece) goes
/// to the sink straight from the piece's own buffer, as `BufWriter` does, rather than being
/// copied into this one first: that copy was a third of the writer's instructions.
const WRITE_BUFFER: usize = 64 * 1024;

/// A piece size for an input of `len` bytes: many pieces per thread, so that threads finish
/// together, but not so small that handing them out costs more than solving them.
fn chunk_size(len: usize, threads: usize) -> usize {
    (len / (threads * 64)).clamp(4 * 1024, 512 * 1024)
}

/// A piece size for a stream, whose length is unknown: as large as [`STREAM_IN_FLIGHT`]
/// allows, from 64 KiB to 1 MiB. Large pieces are fewer hand-overs to wake a worker for, and
/// fewer reads; on 2 cores a 1M-row gzip file validates in about 15% less CPU time in 512 KiB
/// pieces than in 64 KiB ones.
fn stream_chunk_size(threads: usize) -> usize {
    (STREAM_IN_FLIGHT / (threads * BUFFERS_PER_THREAD)).clamp(64 * 1024, 1 << 20)
}

/// A piece size `by` times smaller, not below a few records' bytes (so `augment --copies
/// 10000` holds about 3 records' copies, some 4 MB, per piece in flight).
fn shrink(target: usize, by: usize) -> usize {
    (target / by.max(1)).max(256)
}

/// What a run over one input did (the whole run's is `run::Summary`).
#[derive(Debug, Clone)]
pub struct InputRun {
    /// Its counts.
    pub tally: Tally,
    /// The input's format.
    pub format: Format,
    /// For a CSV input, the columns read and how they were chosen.
    pub columns: Option<ColumnChoice>,
}

/// Where a run writes.
pub struct Sinks {
    /// The output records.
    pub output: Output,
    /// The report of failed records, and its format, if asked for.
    pub report: Option<(Box<dyn Write + Send>, ReportFormat)>,
    /// Where messages about failed records go: stderr when `None`.
    pub messages: Option<Box<dyn Write + Send>>,
}

/// A buffer that a run writes into and its caller reads afterwards.
pub type Memory = std::sync::Arc<std::sync::Mutex<Vec<u8>>>;

/// A [`Write`] into a [`Memory`].
struct MemoryWriter(Memory);

impl Write for MemoryWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().map_err(|_| io::Error::other("poisoned"))?.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Sinks {
    /// Output to a writer; no report; messages to stderr.
    pub fn to(output: impl Write + Send + 'static) -> Sinks {
        Sinks { output: Output::Bytes(Box::new(output)), report: None, messages: None }
    }

    /// Output kept in memory, for the caller to read once the run is over; no report;
    /// messages to stderr.
    pub fn memory() -> (Sinks, Memory) {
        let memory = Memory::default();
        (Sinks::to(MemoryWriter(memory.clone())), memory)
    }
}

/// The format of `input`, and a CSV input's columns, as a run would read them: from its first
/// bytes, without reading the rest.
pub fn detect(
    input: Input,
    settings: &Settings,
) -> Result<(Format, Option<ColumnChoice>), RunError> {
    let opened = Opened::new(input, settings, 64 * 1024)?;
    Ok((opened.format, opened.columns))
}

/// Runs the job that `build` makes for the input's format over every record of `input`,
/// handing each piece's output, in input order, to `emit`, which writes it to the sinks; the
/// job's stderr messages go out in the same order.
pub(crate) fn run_job<J: Job>(
    input: Input,
    build: impl FnOnce(Format, Option<&ColumnChoice>) -> Result<J, RunError>,
    sinks: Sinks,
    settings: &Settings,
    emit: &mut dyn Emit<J::Extra>,
) -> Result<InputRun, RunError> {
    let threads = settings.threads.max(1);
    let pool = threads::lend(threads).map_err(RunError::Threads)?;
    let stream_target = settings
        .chunk_bytes
        .unwrap_or_else(|| shrink(stream_chunk_size(threads), settings.expansion));
    let mut opened = Opened::new(input, settings, stream_target)?;
    let (format, columns) = (opened.format, opened.columns.clone());
    let name = opened.name.clone();
    let job = &build(format, columns.as_ref())?;
    let length = opened.length();
    let progress = Progress::new(settings.progress, length);
    let map_target = settings.chunk_bytes.unwrap_or_else(|| {
        shrink(chunk_size(length.unwrap_or(0) as usize, threads), settings.expansion)
    });
    let rows = opened.rows().cloned();
    let mut pieces = opened.pieces(map_target, stream_target);

    let buffers = threads * BUFFERS_PER_THREAD;
    let (result_tx, result_rx) = bounded::<(u64, u64, ChunkOutput<J::Extra>)>(buffers);
    let (free_tx, free_rx) = bounded::<ChunkOutput<J::Extra>>(buffers);
    for _ in 0..buffers {
        free_tx.send(ChunkOutput::default()).expect("receiver alive");
    }

    let mut read_result = Ok(());
    let written = std::thread::scope(|scope| {
        let writer = Writer {
            separator: job.separator(),
            progress: &progress,
            on_terminal: settings.on_terminal,
            name: &name,
            max_messages: settings.max_messages,
            cancel: &settings.cancel,
        };
        let writer = scope.spawn(move || writer.run(result_rx, free_tx, sinks, emit));
        pool.in_place_scope(|tasks| {
            read_result = loop {
                match pieces.next() {
                    Ok(Some(chunk)) => {
                        if settings.cancel.requested().is_some()
                            || !dispatch(tasks, chunk, job, rows.as_ref(), &free_rx, &result_tx)
                        {
                            break Ok(());
                        }
                    }
                    Ok(None) => break Ok(()),
                    Err(e) => break Err(e),
                }
            };
        });
        drop(result_tx);
        writer.join().expect("the writer thread does not panic")
    });
    let stopped = pieces.stopped();
    progress.finish();
    if let Some(signal) = settings.cancel.requested() {
        return Err(RunError::Interrupted(signal));
    }
    let mut tally = written.map_err(|e| {
        match e.get_ref().and_then(|inner| inner.downcast_ref::<NotText>()) {
            Some(not_text) => RunError::NotText { name: name.clone(), source: not_text.clone() },
            None => RunError::Write(e),
        }
    })?;
    tally.stopped = stopped;
    read_result.map_err(|source| RunError::Read { name, source })?;
    Ok(InputRun { tally, format, columns })
}

/// Hands a piece to the pool once an output buffer is free; where `rows` is given, the piece
/// is JSON Lines, which the worker first makes into the CSV text the job reads (so that this
/// work, most of a JSON Lines run's, is done on every core). Returns false once the writer has
/// stopped (an output error), as nothing more would be written.
fn dispatch<'scope, J: Job>(
    tasks: &rayon::Scope<'scope>,
    chunk: Chunk<'scope>,
    job: &'scope J,
    rows: Option<&'scope jsonl::Rows>,
    free: &Receiver<ChunkOutput<J::Extra>>,
    results: &Sender<(u64, u64, ChunkOutput<J::Extra>)>,
) -> bool {
    let Ok(mut out) = free.recv() else {
        return false;
    };
    out.clear();
    let results = results.clone();
    tasks.spawn(move |_| {
        let (index, end_offset) = (chunk.index, chunk.end_offset);
        match rows {
            None => job.process(&chunk, &mut out),
            Some(rows) => {
                let mut text = std::mem::take(&mut out.text);
                text.clear();
                rows.put_text(&mut text, &chunk.data);
                let data = std::borrow::Cow::Borrowed(&text[..]);
                job.process(&Chunk { data, ..chunk }, &mut out);
                out.text = text;
            }
        }
        out.data.seal(); // a table's rows into their batch, here on the worker thread
        let _ = results.send((index, end_offset, out));
    });
    true
}

/// The writer thread: puts pieces back in input order, has the job's [`Emit`] write them,
/// writes their messages, and returns their buffers.
struct Writer<'a> {
    separator: &'a [u8],
    progress: &'a Progress,
    /// Which outputs are written with the bar cleared (see [`OnTerminal`]).
    on_terminal: OnTerminal,
    /// The input's name, for the note on messages held back.
    name: &'a str,
    max_messages: Option<u64>,
    cancel: &'a Cancel,
}

impl Writer<'_> {
    fn run<E>(
        self,
        results: Receiver<(u64, u64, ChunkOutput<E>)>,
        free: Sender<ChunkOutput<E>>,
        sinks: Sinks,
        emit: &mut dyn Emit<E>,
    ) -> io::Result<Tally> {
        let mut out = Out::new(sinks.output);
        let mut report = sinks.report.map(|(r, _)| io::BufWriter::with_capacity(WRITE_BUFFER, r));
        let hint = match report {
            Some(_) => "the report has them all",
            None => "--report PATH keeps them all",
        };
        let mut messages =
            Messages { sink: sinks.messages, max: self.max_messages, shown: 0, held: 0 };
        let mut pending = BTreeMap::new();
        let mut next = 0u64;
        let mut written = 0u64;
        let mut tally = Tally::default();
        for (index, end_offset, result) in results {
            pending.insert(index, (end_offset, result));
            while let Some((end_offset, result)) = pending.remove(&next) {
                if self.cancel.requested().is_some() {
                    return Ok(tally); // the run reports the interruption; write nothing more
                }
                tally += &result.tally;
                let screen = self.on_terminal;
                let mut write = || {
                    let report_out = report.as_mut().map(|r| r as &mut dyn Write);
                    let emitted =
                        emit.emit(&result, self.separator, written, &mut out, report_out)?;
                    if screen.output {
                        out.flush()?;
                    }
                    if let Some(report) = report.as_mut().filter(|_| screen.report) {
                        report.flush()?;
                    }
                    io::Result::Ok(emitted)
                };
                let (kept, dropped) = match screen.output || screen.report {
                    true => self.progress.suspend(write)?,
                    false => write()?,
                };
                written += kept;
                tally.dropped += dropped;
                messages.write(&result.messages, self.progress)?;
                self.progress.update(end_offset, tally.records);
                let _ = free.send(result);
                next += 1;
            }
        }
        out.flush()?;
        if let Some(report) = &mut report {
            report.flush()?;
        }
        if messages.held > 0 {
            let (held, max) = (messages.held, messages.max.unwrap_or(0));
            let note = format!(
                "sudoku-bulk: {}: {} not shown (--max-messages {max}); {hint}\n",
                self.name,
                crate::text::Plural(held as usize, "more failed record")
            );
            messages.max = None;
            messages.write(note.as_bytes(), self.progress)?;
        }
        Ok(tally)
    }
}

/// Where the messages about failed records go, and how many may go there.
struct Messages {
    /// Stderr when `None`.
    sink: Option<Box<dyn Write + Send>>,
    /// The most to show, if capped.
    max: Option<u64>,
    /// Shown so far.
    shown: u64,
    /// Held back over the cap.
    held: u64,
}

impl Messages {
    /// Writes what fits under the cap of `text`'s lines, and counts the rest.
    fn write(&mut self, text: &[u8], progress: &Progress) -> io::Result<()> {
        if text.is_empty() {
            return Ok(());
        }
        let mut end = text.len();
        if let Some(max) = self.max {
            let room = max.saturating_sub(self.shown) as usize;
            let ends: Vec<usize> = memchr::memchr_iter(b'\n', text).collect();
            if ends.len() > room {
                end = if room == 0 { 0 } else { ends[room - 1] + 1 };
                self.held += (ends.len() - room) as u64;
            }
            self.shown += ends.len().min(room) as u64;
        }
        let text = &text[..end];
        match &mut self.sink {
            Some(sink) => sink.write_all(text),
            None => {
                progress.suspend(|| crate::io::stderr::bytes(text));
                Ok(())
            }
        }
    }
}
