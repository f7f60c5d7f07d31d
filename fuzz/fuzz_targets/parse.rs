//! Format detection and parsing on arbitrary bytes: nothing panics, and cutting the input into
//! pieces (as the pipeline does, as a file or as a stream) never changes the records read.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_bulk::format::chunk::{SliceChunker, StreamChunker};
use sudoku_bulk::format::{resolve, FormatOptions, Record, Records};

/// Every record of `data` cut into pieces of `target` bytes, by both chunkers, as
/// (line, parsed) pairs; the two must agree.
fn records_in_pieces(
    format: sudoku_bulk::format::Format,
    data: &[u8],
    target: usize,
) -> Vec<String> {
    let describe = |r: Record<'_>| format!("{} {:?}", r.line, r.parsed);
    let mut sliced = Vec::new();
    for chunk in SliceChunker::new(format, data, target) {
        sliced.extend(Records::new(format, &chunk.data, chunk.first_line).map(describe));
    }
    let mut streamed = Vec::new();
    let mut chunker = StreamChunker::new(format, data, target);
    while let Some(chunk) = chunker.next_chunk().expect("reading memory cannot fail") {
        streamed.extend(Records::new(format, &chunk.data, chunk.first_line).map(describe));
    }
    assert_eq!(sliced, streamed, "file and stream pieces disagree");
    sliced
}

fuzz_target!(|input: &[u8]| {
    // The first byte picks a piece size; the rest is the input.
    let Some((&size, data)) = input.split_first() else { return };
    let Ok(format) = resolve(data, &FormatOptions::default()) else { return };
    let whole = records_in_pieces(format, data, data.len().max(1));
    let pieces = records_in_pieces(format, data, size as usize % 64 + 1);
    assert_eq!(whole, pieces, "pieces change the records");
});
