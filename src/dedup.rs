//! Repeats across a run's records, for `dedup`: a record's key (a 128-bit hash of its puzzle,
//! or of its minlex form), computed on the worker threads, and the [`Seen`] set that the
//! writer thread consults in input order, so that "the first of each" is the same whatever the
//! thread count or piece size.
//!
//! The set holds 24 bytes a record (the key and where the record was: file and line), never the
//! text, which keeps a run over 10M records near 300 MB whatever its inputs. Two different
//! puzzles with the same key would be taken for repeats; with keyed SipHash-1-3 twice over (two
//! independent 64-bit halves), the chance is 2^-128 a pair, about n^2 / 2^129 in a run of n
//! records: 1.5e-25 for 10M. The forms are not kept to rule it out, as that would cost 81 bytes
//! a record more.

use std::collections::HashMap;
use std::hash::{BuildHasher, BuildHasherDefault, Hash, Hasher};
use std::io::{self, Write};
use std::sync::OnceLock;

use crate::grid::Grid;
use crate::output::{csv_field, json_string, ReportFormat};

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
}

/// Passes a [`Key`]'s first half through as the hash.
#[derive(Default)]
struct Identity(u64);

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

/// Bits of a [`Place`] that hold the line; the file index is above them.
const LINE_BITS: u32 = 48;

/// Where a record was: its input's index (16 bits) and its line (48 bits), packed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Place(u64);

impl Place {
    fn new(file: usize, line: u64) -> Place {
        Place(((file as u64) << LINE_BITS) | (line & ((1 << LINE_BITS) - 1)))
    }

    fn file(self) -> usize {
        (self.0 >> LINE_BITS) as usize
    }

    fn line(self) -> u64 {
        self.0 & ((1 << LINE_BITS) - 1)
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
}

impl Keyed {
    /// What a piece writes before its records (the CSV headers), marked with line 0: always
    /// written, never counted.
    pub(crate) fn preamble(out: &crate::pipeline::ChunkOutput) -> Keyed {
        let (end, text_end, report_end) = (out.data.len(), out.texts.len(), out.report.len());
        Keyed { key: None, line: 0, end, text_end, report_end }
    }

    /// A record whose output, text and report rows are the last in `out`.
    pub(crate) fn record(key: Option<Key>, line: u64, out: &crate::pipeline::ChunkOutput) -> Keyed {
        Keyed { key, line, ..Keyed::preamble(out) }
    }
}

/// The records seen so far, over every input of a run, and the inputs' names.
pub(crate) struct Seen {
    first: HashMap<Key, Place, BuildHasherDefault<Identity>>,
    files: Vec<String>,
    report: Option<ReportFormat>,
}

impl Seen {
    /// An empty set; dropped records go to a report of `report`'s format, if any.
    pub(crate) fn new(report: Option<ReportFormat>) -> Seen {
        Seen { first: HashMap::default(), files: Vec::new(), report }
    }

    /// Starts the next input; its index. At most 65,536 inputs.
    pub(crate) fn begin_file(&mut self, name: &str) -> usize {
        self.files.push(name.to_string());
        self.files.len() - 1
    }

    /// Writes the records of one piece that repeat nothing seen before (keeping them in the set),
    /// with `separator` between two records written, and the others to the report, in input
    /// order with the piece's own report rows. Returns how many were written and how many
    /// dropped.
    pub(crate) fn filter(
        &mut self,
        piece: &crate::pipeline::ChunkOutput,
        separator: &[u8],
        written_before: u64,
        out: &mut dyn Write,
        report: Option<&mut dyn Write>,
    ) -> io::Result<(u64, u64)> {
        let (keyed, data, texts) = (&piece.keyed, &piece.data, &piece.texts);
        let file = self.files.len().saturating_sub(1);
        let (mut start, mut text_start, mut report_start) = (0, 0, 0);
        let (mut written, mut dropped) = (0u64, 0u64);
        let mut row = Vec::new();
        let mut report = report;
        for record in keyed {
            let (slice, text) = (&data[start..record.end], &texts[text_start..record.text_end]);
            (start, text_start) = (record.end, record.text_end);
            if let Some(report) = report.as_deref_mut() {
                report.write_all(&piece.report[report_start..record.report_end])?;
            }
            report_start = record.report_end;
            if record.line == 0 {
                out.write_all(slice)?; // the headers
                continue;
            }
            let here = Place::new(file, record.line);
            let first = match record.key {
                Some(key) => match self.first.entry(key) {
                    std::collections::hash_map::Entry::Occupied(e) => Some(*e.get()),
                    std::collections::hash_map::Entry::Vacant(e) => {
                        e.insert(here);
                        None
                    }
                },
                None => None,
            };
            match first {
                None => {
                    if written_before + written > 0 {
                        out.write_all(separator)?;
                    }
                    out.write_all(slice)?;
                    written += 1;
                }
                Some(first) => {
                    dropped += 1;
                    if let (Some(report), Some(format)) = (report.as_deref_mut(), self.report) {
                        row.clear();
                        self.dropped_row(&mut row, format, here, first, text);
                        report.write_all(&row)?;
                    }
                }
            }
        }
        Ok((written, dropped))
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
        let (file, first_file) = (&self.files[here.file()], &self.files[first.file()]);
        let error = format!("repeats {first_file} line {}", first.line());
        match format {
            ReportFormat::Csv => {
                write!(out, "{},duplicate,", here.line()).expect("Vec");
                csv_field(out, error.as_bytes());
                out.push(b',');
                csv_field(out, text);
                out.push(b',');
                csv_field(out, file.as_bytes());
                out.push(b',');
                csv_field(out, first_file.as_bytes());
                writeln!(out, ",{}", first.line()).expect("Vec");
            }
            ReportFormat::Jsonl => {
                write!(out, "{{\"line\":{},\"status\":\"duplicate\",\"error\":", here.line())
                    .expect("Vec");
                json_string(out, error.as_bytes());
                out.extend_from_slice(b",\"record\":");
                json_string(out, text);
                out.extend_from_slice(b",\"file\":");
                json_string(out, file.as_bytes());
                out.extend_from_slice(b",\"first_file\":");
                json_string(out, first_file.as_bytes());
                writeln!(out, ",\"first_line\":{}}}", first.line()).expect("Vec");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_pack_file_and_line() {
        let place = Place::new(3, 123_456_789);
        assert_eq!((place.file(), place.line()), (3, 123_456_789));
        assert_eq!(std::mem::size_of::<(Key, Place)>(), 24);
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
