//! Cells written as fields of the CSV text that Parquet and Arrow files and JSON Lines inputs
//! are read as: one line a row, so that line N of the text is line (or row) N of the input.

use super::NULL_FIELD;

/// Whether every byte of `field` can go into CSV as it is: printable ASCII but the comma and
/// the quote. Anything else (a space, a control or non-ASCII byte) and the field is quoted,
/// which keeps a field of white space from making a blank line that the CSV reader would skip.
/// Written without branches or a table so that the compiler vectorises it: it looks at every
/// byte of every field.
#[inline]
pub(crate) fn is_plain(field: &[u8]) -> bool {
    let bad = field.iter().fold(0u8, |bad, &b| {
        bad | u8::from(!(0x21..=0x7E).contains(&b)) | u8::from(b == b',') | u8::from(b == b'"')
    });
    bad == 0
}

/// Appends one cell as a CSV field. Puzzles (81 digits or dots) go as they are; a null as
/// [`NULL_FIELD`], unquoted; anything else a CSV line could misread is quoted (`"` doubled):
/// an empty first field (which could make a blank line), a first field that could pass for a
/// comment (`#`) or the `end` marker, and fields with a comma, a quote, white space or other
/// bytes. Line ends inside a field become `\n` and `\r`, two characters each, so that a row
/// stays one line and line N stays row N (such a field is no puzzle, and is reported as
/// malformed all the same), and a NUL byte becomes `\0`, so that no field but a null's holds
/// one.
#[inline]
pub(crate) fn put_field(out: &mut Vec<u8>, field: Option<&[u8]>, first: bool) {
    let Some(field) = field else {
        out.extend_from_slice(NULL_FIELD);
        return;
    };
    let plain =
        is_plain(field) && !(first && (field.is_empty() || field[0] == b'#' || field == b"end"));
    if plain {
        out.extend_from_slice(field);
        return;
    }
    out.push(b'"');
    for &b in field {
        match b {
            b'"' => out.extend_from_slice(b"\"\""),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            0 => out.extend_from_slice(b"\\0"),
            _ => out.push(b),
        }
    }
    out.push(b'"');
}
