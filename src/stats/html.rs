//! The report as one self-contained HTML page: no scripts, fonts or images from elsewhere.

use std::fmt::Write as _;

use super::report::Report;

/// The page of `report`.
pub fn page(report: &Report) -> String {
    let mut out = String::new();
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.push_str("<title>sudoku-bulk stats</title>\n</head>\n<body>\n");
    for side in &report.sides {
        let f = &side.figures;
        writeln!(out, "<h2>{}</h2>", escape(side.side)).expect("String");
        writeln!(out, "<p>{} records, {} valid, {} failed</p>", f.records, f.valid, f.failed)
            .expect("String");
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// `text` with HTML's special characters escaped.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}
