//! The small encodings every writer shares, ours and the commands' own: a CSV field, a JSON
//! string, a record's text as a report quotes it, and the names our columns take beside the
//! input's.

use std::io::Write;

/// The names our columns take beside the input's columns `theirs`: each its own, or, where
/// that would clash with an input column or with one of ours named before it, with `_out`
/// added (then `_out2`, `_out3`, ...). Names are compared ignoring ASCII case, as Spark
/// compares them, so no two columns of the result can be taken for one another and no input
/// column is ever overwritten. The one rule for every output: CSV, JSON Lines, Parquet, and
/// the Python, Spark and Dask tables.
pub fn output_names<S: AsRef<str>>(ours: &[&str], theirs: &[S]) -> Vec<String> {
    let mut taken: std::collections::HashSet<String> =
        theirs.iter().map(|name| name.as_ref().to_ascii_lowercase()).collect();
    ours.iter()
        .map(|name| {
            let mut candidate = name.to_string();
            let mut n = 1;
            while taken.contains(&candidate.to_ascii_lowercase()) {
                n += 1;
                candidate = match n {
                    2 => format!("{name}_out"),
                    _ => format!("{name}_out{}", n - 1),
                };
            }
            taken.insert(candidate.to_ascii_lowercase());
            candidate
        })
        .collect()
}

/// The most of a record's text a report quotes: a record can be a megabyte-long line, and the
/// report need not hold it twice; a pretty-printed grid (about 250 bytes) fits whole.
const REPORT_TEXT: usize = 512;

/// A record's text for a report: whole, or its start and how long it was.
pub(crate) fn report_text(text: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    if text.len() <= REPORT_TEXT {
        return text.into();
    }
    let mut short = text[..REPORT_TEXT].to_vec();
    write!(short, "... ({} bytes)", text.len()).expect("Vec");
    short.into()
}

/// Appends a CSV field, quoted if it holds a comma, a quote or a line end.
pub fn csv_field(out: &mut Vec<u8>, field: &[u8]) {
    delimited_field(out, field, b',');
}

/// Appends a field of rows delimited by `delimiter` (`,` for CSV, a tab for TSV), quoted if
/// it holds the delimiter, a quote or a line end, its quotes doubled: as Python's `csv` module
/// and pandas write them, whatever the delimiter.
pub fn delimited_field(out: &mut Vec<u8>, field: &[u8], delimiter: u8) {
    if field.iter().any(|&b| b == delimiter || matches!(b, b'"' | b'\n' | b'\r')) {
        out.push(b'"');
        for &b in field {
            if b == b'"' {
                out.push(b'"');
            }
            out.push(b);
        }
        out.push(b'"');
    } else {
        out.extend_from_slice(field);
    }
}

/// Appends a JSON string. A byte that is not UTF-8 is written as the four characters `\xFF`
/// (its value in hex), never as U+FFFD: only a report's copy of a record it could not read
/// meets one, as output records with such a field are refused (`NotText`).
pub fn json_string(out: &mut Vec<u8>, text: &[u8]) {
    out.push(b'"');
    for chunk in text.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '"' => out.extend_from_slice(b"\\\""),
                '\\' => out.extend_from_slice(b"\\\\"),
                '\n' => out.extend_from_slice(b"\\n"),
                '\r' => out.extend_from_slice(b"\\r"),
                '\t' => out.extend_from_slice(b"\\t"),
                c if (c as u32) < 0x20 => write!(out, "\\u{:04x}", c as u32).expect("Vec"),
                c => {
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
            }
        }
        for b in chunk.invalid() {
            write!(out, "\\\\x{b:02X}").expect("Vec");
        }
    }
    out.push(b'"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_are_quoted_when_needed() {
        let mut out = Vec::new();
        csv_field(&mut out, b"plain");
        out.push(b'|');
        csv_field(&mut out, b"a,\"b\"");
        assert_eq!(out, b"plain|\"a,\"\"b\"\"\"");
        // Tab-separated: a comma is plain, a tab is quoted.
        out.clear();
        delimited_field(&mut out, b"a,b", b'\t');
        out.push(b'|');
        delimited_field(&mut out, b"a\tb", b'\t');
        out.push(b'|');
        delimited_field(&mut out, b"\"", b'\t');
        assert_eq!(out, b"a,b|\"a\tb\"|\"\"\"\"");
    }

    #[test]
    fn our_names_never_clash_with_theirs_or_each_other() {
        assert_eq!(output_names(&["line", "status"], &["puzzle"]), ["line", "status"]);
        assert_eq!(output_names(&["status"], &["Status"]), ["status_out"]);
        assert_eq!(
            output_names(&["status", "error"], &["status", "STATUS_OUT", "status_out2"]),
            ["status_out3", "error"]
        );
        // One of ours renamed onto another of ours' own name: the later one moves on.
        assert_eq!(output_names(&["a", "a_out"], &["A"]), ["a_out", "a_out_out"]);
        let none: [&str; 0] = [];
        assert_eq!(output_names(&["line"], &none), ["line"]);
    }

    #[test]
    fn json_strings_are_escaped() {
        let mut out = Vec::new();
        json_string(&mut out, b"a\"b\\c\n\x01\xff");
        assert_eq!(String::from_utf8(out).unwrap(), "\"a\\\"b\\\\c\\n\\u0001\\\\xFF\"");
    }
}
