//! The CSV reader on arbitrary rows: splitting never panics, agrees with its own count, and
//! every row gets a record (a puzzle or a reason), numbered in order.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_bulk::format::csv::{layout, split_fields_by, Delimiter};
use sudoku_bulk::format::{Format, Records};

fuzz_target!(|data: &[u8]| {
    for row in data.split(|&b| b == b'\n') {
        let mut seen = 0;
        if let Ok(count) = split_fields_by(row, Delimiter::COMMA, |i, _| {
            assert_eq!(i, seen);
            seen += 1;
        }) {
            assert_eq!(count, seen);
        }
    }
    // The layout, decided on every row (as the pipeline decides it on the first rows).
    let rows = data.split(|&b| b == b'\n').zip(1u64..).filter(|(row, _)| !row.is_empty());
    if let Ok((csv, _)) = layout(rows, Delimiter::COMMA, None, None) {
        let mut last = 0;
        for record in Records::new(Format::Csv(csv), data, 1) {
            assert!(record.line > last, "lines in order");
            last = record.line;
        }
    }
});
