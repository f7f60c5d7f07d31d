//! Repeats across a run's records, for `dedup` and `overlap`: a record's key (a 128-bit hash of its puzzle,
//! or of its minlex form), computed on the worker threads, and the [`Seen`] set that the
//! writer thread consults in input order, so that "the first of each" is the same whatever the
//! thread count or piece size.
//!
//! The set holds a 16-byte [`Slot`] a distinct record: 88 bits of its key and its line counted
//! across the run's inputs, never its text. With the tables' slack and the allocator's, that
//! is 28 to 31 bytes a distinct record, measured at 1M and 10M in a release build (see
//! [`SHARDS`]). Two different puzzles whose keys agree in those 88 bits would be taken for
//! repeats: with keyed SipHash-1-3 twice over (two independent 64-bit halves), the chance is
//! 2^-88 a pair, about n^2 / 2^89 in a run of n records: 1.6e-13 for 10M, 1.6e-9 for a
//! billion. The forms are not kept to rule it out, as that would cost 81 bytes a record more.

use std::collections::HashSet;
use std::hash::{BuildHasher, BuildHasherDefault, Hash, Hasher};
use std::io::{self, Write};
use std::sync::OnceLock;

use crate::grid::Grid;
use crate::io::output::{delimited_field, json_string, OutputFormat, ReportFormat};
use crate::run::pipeline::{ChunkOutput, Emit, Extra, Out};

/// A record's 128-bit key: two independent 64-bit hashes of its 81 cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Key(u64, u64);

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.0); // already a hash: the set uses it as it is
    }
}

/// The hashers behind [`Key`]: two SipHash-1-3 instances with independent random keys, drawn
/// once per process (so one run's keys agree across its threads and inputs).
fn hashers() -> &'static (std::hash::RandomState, std::hash::RandomState) {
    static HASHERS: OnceLock<(std::hash::RandomState, std::hash::RandomState)> = OnceLock::new();
    HASHERS.get_or_init(|| (std::hash::RandomState::new(), std::hash::RandomState::new()))
}

impl Key {
    /// The key of a grid's cells.
    pub(crate) fn of(grid: &Grid) -> Key {
        let (a, b) = hashers();
        let cells = grid.cells();
        Key(a.hash_one(cells), b.hash_one(cells))
    }

    /// The key of a grid of any size's cells (never equal to a 9x9 [`Grid`]'s).
    pub(crate) fn of_cells(cells: &[u8]) -> Key {
        let (a, b) = hashers();
        Key(a.hash_one(cells), b.hash_one(cells))
    }
}

/// Passes a [`Key`]'s first half through as the hash.
#[derive(Default)]
pub(crate) struct Identity(u64);

impl Hasher for Identity {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Not reached (keys hash with write_u64); folded in all the same.
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// Where a record was: its input's index and its line there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Place {
    file: usize,
    line: u64,
}

/// Bits of a [`Slot`] that hold the record's line, counted across the run's inputs; the
/// top 24 bits of the key's second half are above them.
const LINE_BITS: u32 = 40;

/// The most lines a run's inputs may have together: 2^40 - 1, about 1.1 trillion.
const MAX_RUN_LINE: u64 = (1 << LINE_BITS) - 1;

/// What the set holds for a record, 16 bytes: the key's first half, which is also its hash
/// in the table, and one word with the top 24 bits of the key's second half over the
/// record's run line (its line plus the lines of the inputs before its own). Two slots are
/// equal when those 88 bits of key are: the line is what a lookup finds.
#[derive(Debug, Clone, Copy)]
struct Slot {
    hash: u64,
    rest: u64,
}

impl Slot {
    fn new(key: &Key, run_line: u64) -> Slot {
        debug_assert!(run_line <= MAX_RUN_LINE);
        Slot { hash: key.0, rest: (key.1 & !MAX_RUN_LINE) | run_line }
    }

    fn run_line(self) -> u64 {
        self.rest & MAX_RUN_LINE
    }
}

impl PartialEq for Slot {
    fn eq(&self, other: &Slot) -> bool {
        self.hash == other.hash && (self.rest ^ other.rest) & !MAX_RUN_LINE == 0
    }
}

impl Eq for Slot {}

impl Hash for Slot {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash); // already a hash: the set uses it as it is
    }
}

/// One record of a piece, as the workers left it for the writer to look up.
#[derive(Debug, Clone)]
pub(crate) struct Keyed {
    /// The key; `None` for a record that did not parse (it repeats nothing).
    pub key: Option<Key>,
    /// Its line.
    pub line: u64,
    /// Where its encoded output ends in the piece's data (it starts where the previous ends).
    pub end: usize,
    /// Where its text (for the report) ends in the piece's `texts`.
    pub text_end: usize,
    /// Where its own report rows (a malformed record's) end in the piece's report.
    pub report_end: usize,
    /// What the key is the hash of (the minlex form, or the puzzle), for `overlap`'s rows.
    pub form: Option<Grid>,
    /// Whether it is a puzzle that no other record of the run can repeat (its class invariant
    /// is its own, see `cmd::classes`): distinct, with no key.
    pub only: bool,
}

/// What a piece keeps for the set: each record's key and where its output ends, and the
/// records' texts, back to back, for the report of dropped ones.
#[derive(Debug, Default)]
pub(crate) struct Keys {
    /// The records (and the preambles), in order.
    pub keyed: Vec<Keyed>,
    /// Their texts.
    pub texts: Vec<u8>,
}

impl Extra for Keys {
    fn clear(&mut self) {
        self.keyed.clear();
        self.texts.clear();
    }
}

impl Keyed {
    /// What a piece writes before its records (the CSV headers), marked with line 0: always
    /// written, never counted.
    pub(crate) fn preamble(out: &ChunkOutput<Keys>) -> Keyed {
        let (end, text_end, report_end) =
            (out.data.position(), out.extra.texts.len(), out.report.len());
        Keyed { key: None, line: 0, end, text_end, report_end, form: None, only: false }
    }

    /// A record, the last in `out`, that is the only one of its class in the run.
    pub(crate) fn only(line: u64, out: &ChunkOutput<Keys>) -> Keyed {
        Keyed { line, only: true, ..Keyed::preamble(out) }
    }

    /// A record whose output, text and report rows are the last in `out`.
    pub(crate) fn record(form: Option<Grid>, line: u64, out: &ChunkOutput<Keys>) -> Keyed {
        let key = form.as_ref().map(Key::of);
        Keyed { key, line, form, ..Keyed::preamble(out) }
    }
}

/// What the set does with the records it is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// `dedup`: writes a record it has not seen (and keeps it), reports one it has.
    Dedup,
    /// `overlap`'s training side: keeps every record, writes none.
    Train,
    /// `overlap`'s test side: writes a row for each record it has seen, keeps none.
    Test,
}

/// Shards of the set. Each grows on its own, so a growth copies 1/256 of the entries, not all
/// of them (one table holds its old and new arrays at once while it grows: 3x its entries).
/// And a table doubles when it is 7/8 full, so its entries cost 25 to 57 bytes each depending
/// on where it is between two doublings; shard `i` takes a share of the keys proportional to
/// 2^(i/256), so the shards' sizes spread over a factor of two, they double at different
/// times, and the cost an entry is smooth (about 28 bytes for a 16-byte slot) rather than a
/// sawtooth.
const SHARDS: usize = 256;

/// The set's tables, and which one each value of a key's top 16 bits goes to.
struct Shards {
    tables: Vec<HashSet<Slot, BuildHasherDefault<Identity>>>,
    route: Vec<u8>,
}

impl Shards {
    fn new() -> Shards {
        let weights: Vec<f64> = (0..SHARDS).map(|i| (i as f64 / SHARDS as f64).exp2()).collect();
        let total: f64 = weights.iter().sum();
        let mut route = Vec::with_capacity(1 << 16);
        let mut bound = 0.0;
        for (i, w) in weights.iter().enumerate() {
            bound += w / total * 65536.0;
            while (route.len() as f64) < bound.round() && route.len() < 1 << 16 {
                route.push(i as u8);
            }
        }
        route.resize(1 << 16, (SHARDS - 1) as u8);
        Shards { tables: (0..SHARDS).map(|_| HashSet::default()).collect(), route }
    }

    fn of(&mut self, key: &Key) -> &mut HashSet<Slot, BuildHasherDefault<Identity>> {
        &mut self.tables[self.route[(key.1 >> 48) as usize] as usize]
    }

    /// The run line of the record kept with `key`, if there is one.
    fn get(&mut self, key: &Key) -> Option<u64> {
        self.of(key).get(&Slot::new(key, 0)).map(|slot| slot.run_line())
    }

    /// The run line of the record kept with `key`; if none, keeps `run_line` as that record.
    fn get_or_insert(&mut self, key: &Key, run_line: u64) -> Option<u64> {
        let table = self.of(key);
        let slot = Slot::new(key, run_line);
        match table.get(&slot) {
            Some(kept) => Some(kept.run_line()),
            None => {
                table.insert(slot);
                None
            }
        }
    }

    fn len(&self) -> usize {
        self.tables.iter().map(HashSet::len).sum()
    }
}

/// The records seen so far, over every input of a run, and the inputs' names.
pub(crate) struct Seen {
    first: Shards,
    files: Vec<String>,
    /// Each input's run line before its first line: the lines of the inputs before it
    /// (as far as their last record).
    starts: Vec<u64>,
    /// The last record's line in the current input.
    last_line: u64,
    report: Option<ReportFormat>,
    mode: Mode,
    /// How `overlap` writes its rows.
    rows: OutputFormat,
    /// The training classes that test records matched (`overlap`).
    hits: HashSet<Key, BuildHasherDefault<Identity>>,
    /// Test records that matched one (`overlap`).
    overlapping: u64,
    /// Distinct records kept outside the set: the only ones of their class (see
    /// [`Keyed::only`]).
    only: u64,
}

impl Seen {
    /// An empty set; dropped records go to a report of `report`'s format, if any.
    pub(crate) fn new(report: Option<ReportFormat>) -> Seen {
        Seen {
            first: Shards::new(),
            files: Vec::new(),
            starts: Vec::new(),
            last_line: 0,
            report,
            mode: Mode::Dedup,
            rows: OutputFormat::Csv,
            hits: HashSet::default(),
            overlapping: 0,
            only: 0,
        }
    }

    /// From now on, do this with the records, and write `overlap`'s rows in this format.
    pub(crate) fn set_mode(&mut self, mode: Mode, rows: OutputFormat) {
        (self.mode, self.rows) = (mode, rows);
    }

    /// Distinct records kept (by key).
    pub(crate) fn distinct(&self) -> usize {
        self.first.len() + self.only as usize
    }

    /// Distinct kept records that later ones matched (`overlap`).
    pub(crate) fn matched(&self) -> usize {
        self.hits.len()
    }

    /// Records that matched a kept one (`overlap`).
    pub(crate) fn overlapping(&self) -> u64 {
        self.overlapping
    }

    /// Starts the next input; its index. At most 65,536 inputs.
    pub(crate) fn begin_file(&mut self, name: &str) -> usize {
        let start = self.starts.last().map_or(0, |start| start + self.last_line);
        self.starts.push(start);
        self.last_line = 0;
        self.files.push(name.to_string());
        self.files.len() - 1
    }

    /// Writes the records of one piece that repeat nothing seen before (keeping them in the set),
    /// with `separator` between two records written, and the others to the report, in input
    /// order with the piece's own report rows. Returns how many were written and how many
    /// dropped.
    pub(crate) fn filter(
        &mut self,
        piece: &ChunkOutput<Keys>,
        separator: &[u8],
        written_before: u64,
        out: &mut Out,
        report: Option<&mut dyn Write>,
    ) -> io::Result<(u64, u64)> {
        let (keyed, data, texts) = (&piece.extra.keyed, &piece.data.bytes, &piece.extra.texts);
        // Parquet output: the piece's rows are a record batch, of which the kept ones are
        // written once the piece is gone through.
        let table = piece.data.batch.is_some();
        let mut kept_rows: Vec<u32> = Vec::new();
        let file = self.files.len().saturating_sub(1);
        let (mut start, mut text_start, mut report_start) = (0, 0, 0);
        let (mut written, mut dropped) = (0u64, 0u64);
        let mut row = Vec::new();
        let mut report = report;
        for record in keyed {
            let rows = start..record.end;
            let slice = if table { &[][..] } else { &data[rows.clone()] };
            let text = &texts[text_start..record.text_end];
            (start, text_start) = (record.end, record.text_end);
            if let Some(report) = report.as_deref_mut() {
                report.write_all(&piece.report[report_start..record.report_end])?;
            }
            report_start = record.report_end;
            if record.line == 0 {
                if self.mode == Mode::Dedup {
                    out.write_all(slice)?; // the headers
                }
                continue;
            }
            let here = Place { file, line: record.line };
            self.last_line = self.last_line.max(record.line);
            let run_line = self.starts[file] + record.line;
            if run_line > MAX_RUN_LINE {
                return Err(io::Error::other(format!(
                    "{}: line {}: more than {MAX_RUN_LINE} lines in one run's inputs",
                    self.files[file], record.line
                )));
            }
            if record.only {
                // The only one of its class in the run: distinct, and repeats nothing.
                self.only += u64::from(self.mode != Mode::Test);
            }
            if self.mode != Mode::Dedup {
                if let Some(key) = record.key {
                    if self.mode == Mode::Train {
                        self.first.get_or_insert(&key, run_line);
                    } else if let Some(first) = self.first.get(&key) {
                        self.hits.insert(key);
                        self.overlapping += 1;
                        let form = record.form.expect("a keyed record has its form");
                        self.overlap_row(&mut row, here, self.place(first), &form);
                        out.write_all(&row)?;
                        written += 1;
                    }
                }
                continue;
            }
            let first = record.key.and_then(|key| self.first.get_or_insert(&key, run_line));
            match first {
                None => {
                    if written_before + written > 0 {
                        out.write_all(separator)?;
                    }
                    out.write_all(slice)?;
                    if table {
                        kept_rows.extend(rows.map(|r| r as u32));
                    }
                    written += 1;
                }
                Some(first) => {
                    dropped += 1;
                    if let (Some(report), Some(format)) = (report.as_deref_mut(), self.report) {
                        row.clear();
                        self.dropped_row(&mut row, format, here, self.place(first), text);
                        report.write_all(&row)?;
                    }
                }
            }
        }
        if table {
            out.piece(&piece.data, Some(&kept_rows))?;
        }
        Ok((written, dropped))
    }

    /// Where the record at `run_line` was.
    fn place(&self, run_line: u64) -> Place {
        // The last input starting before the line: an input with no records starts where
        // the next one does, and never holds a line.
        let file = self.starts.partition_point(|&start| start < run_line) - 1;
        Place { file, line: run_line - self.starts[file] }
    }

    /// The header of `overlap`'s output, if its format has one; `form` names the last column.
    pub(crate) fn overlap_header(&self, form: &str) -> String {
        match self.rows.delimiter() {
            Some(d) => {
                let names = ["test_file", "test_line", "train_file", "train_line", form];
                names.join(&char::from(d).to_string()) + "\n"
            }
            None => String::new(),
        }
    }

    /// One row of `overlap`'s output: a test record and the training record it matches.
    fn overlap_row(&self, out: &mut Vec<u8>, test: Place, train: Place, form: &Grid) {
        out.clear();
        let (test_file, train_file) = (&self.files[test.file], &self.files[train.file]);
        let digits: Vec<u8> = form.cells().iter().map(|v| b'0' + v).collect();
        match self.rows {
            OutputFormat::Jsonl => {
                out.extend_from_slice(b"{\"test_file\":");
                json_string(out, test_file.as_bytes());
                write!(out, ",\"test_line\":{},\"train_file\":", test.line).expect("Vec");
                json_string(out, train_file.as_bytes());
                write!(out, ",\"train_line\":{},\"form\":", train.line).expect("Vec");
                json_string(out, &digits);
                out.extend_from_slice(b"}\n");
            }
            OutputFormat::Line => {
                write!(out, "{test_file}:{} {train_file}:{} ", test.line, train.line).expect("Vec");
                out.extend_from_slice(&digits);
                out.push(b'\n');
            }
            _ => {
                let d = self.rows.delimiter().unwrap_or(b',');
                delimited_field(out, test_file.as_bytes(), d);
                let d = char::from(d);
                write!(out, "{d}{}{d}", test.line).expect("Vec");
                delimited_field(out, train_file.as_bytes(), d as u8);
                write!(out, "{d}{}{d}", train.line).expect("Vec");
                out.extend_from_slice(&digits);
                out.push(b'\n');
            }
        }
    }

    /// A report row for a dropped record: the columns of a failure's row (`line,status,error,
    /// record`), the status `duplicate`, then `file,first_file,first_line`.
    fn dropped_row(
        &self,
        out: &mut Vec<u8>,
        format: ReportFormat,
        here: Place,
        first: Place,
        text: &[u8],
    ) {
        let (file, first_file) = (&self.files[here.file], &self.files[first.file]);
        let error = format!("repeats {first_file} line {}", first.line);
        match format {
            ReportFormat::Csv | ReportFormat::Tsv => {
                let d = format.delimiter().expect("rows of fields");
                write!(out, "{}{}duplicate{}", here.line, d as char, d as char).expect("Vec");
                for field in [error.as_bytes(), text, file.as_bytes(), first_file.as_bytes()] {
                    delimited_field(out, field, d);
                    out.push(d);
                }
                writeln!(out, "{}", first.line).expect("Vec");
            }
            ReportFormat::Jsonl => {
                write!(out, "{{\"line\":{},\"status\":\"duplicate\",\"error\":", here.line)
                    .expect("Vec");
                json_string(out, error.as_bytes());
                out.extend_from_slice(b",\"record\":");
                json_string(out, text);
                out.extend_from_slice(b",\"file\":");
                json_string(out, file.as_bytes());
                out.extend_from_slice(b",\"first_file\":");
                json_string(out, first_file.as_bytes());
                writeln!(out, ",\"first_line\":{}}}", first.line).expect("Vec");
            }
        }
    }
}

/// The set writes each piece on the writer thread, in input order (see [`Seen::filter`]).
impl Emit<Keys> for Seen {
    fn emit(
        &mut self,
        piece: &ChunkOutput<Keys>,
        separator: &[u8],
        written: u64,
        out: &mut Out,
        report: Option<&mut dyn Write>,
    ) -> io::Result<(u64, u64)> {
        self.filter(piece, separator, written, out, report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_take_growing_shares() {
        let shards = Shards::new();
        assert_eq!(shards.route.len(), 1 << 16);
        let count = |i: u8| shards.route.iter().filter(|&&s| s == i).count() as f64;
        assert!(shards.route.windows(2).all(|w| w[0] <= w[1]));
        let (first, last) = (count(0), count((SHARDS - 1) as u8));
        assert!((1.9..2.1).contains(&(last / first)), "{first} {last}");
    }

    #[test]
    fn slots_keep_88_bits_of_key_and_the_line() {
        assert_eq!(std::mem::size_of::<Slot>(), 16);
        let key = Key(0x0123_4567_89AB_CDEF, 0xFEDC_BA98_7654_3210);
        let slot = Slot::new(&key, MAX_RUN_LINE);
        assert_eq!(slot.run_line(), MAX_RUN_LINE);
        assert_eq!(slot, Slot::new(&key, 7), "the line is not part of the key");
        // A key differing in its first half, or in the kept top 24 bits of its second half,
        // is another key; in the dropped low 40 bits, the same one.
        assert_ne!(slot, Slot::new(&Key(key.0 ^ 1, key.1), 7));
        assert_ne!(slot, Slot::new(&Key(key.0, key.1 ^ 1 << 40), 7));
        assert_eq!(slot, Slot::new(&Key(key.0, key.1 ^ 1 << 39), 7));
    }

    #[test]
    fn run_lines_go_back_to_their_input_and_line() {
        let mut seen = Seen::new(None);
        let piece = |lines: &[u64]| {
            let mut out = ChunkOutput::<Keys>::default();
            for &line in lines {
                let grid = Grid::from_cells([(line % 9) as u8 + 1; 81]).unwrap();
                let mark = Keyed::record(Some(grid), line, &out);
                out.extra.keyed.push(mark);
            }
            out
        };
        let output = crate::run::pipeline::Output::Bytes(Box::new(io::sink()));
        let mut sink = Out::new(output);
        // a.txt: lines 1 and 3; empty.txt: none; b.txt: line 2 repeats a.txt line 1's grid
        // (lines 1 and 10 give the same grid, 1 % 9 == 10 % 9).
        for (name, lines) in [("a.txt", &[1u64, 3][..]), ("empty.txt", &[]), ("b.txt", &[2, 10])] {
            seen.begin_file(name);
            seen.filter(&piece(lines), b"", 0, &mut sink, None).unwrap();
        }
        assert_eq!(seen.starts, [0, 3, 3]);
        assert_eq!(seen.place(1), Place { file: 0, line: 1 });
        assert_eq!(seen.place(3), Place { file: 0, line: 3 });
        assert_eq!(seen.place(5), Place { file: 2, line: 2 });
        assert_eq!(seen.distinct(), 3);
    }

    #[test]
    fn keys_tell_grids_apart_and_agree_on_equal_ones() {
        let a: Grid =
            ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534."
                .parse()
                .unwrap();
        let mut cells = *a.cells();
        cells[0] = 5;
        let b = Grid::from_cells(cells).unwrap();
        assert_eq!(Key::of(&a), Key::of(&a.clone()));
        assert_ne!(Key::of(&a), Key::of(&b));
    }
}
