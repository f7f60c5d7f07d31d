//! Splitting a CSV row into fields: the general way, quotes and all, and the one pass, 16 bytes
//! a step, that finds and splits the common row without a quote.

use std::fmt;

use crate::verdict::FieldError;

/// What separates the fields of a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delimiter {
    /// One byte: `,` (CSV), tab, `:` (tdoku's `puzzle:count:solution`), `;` or `|`. Fields may
    /// be quoted.
    Byte(u8),
    /// Runs of spaces and tabs (sudoku-exchange's `id puzzle rating`). No quoting.
    Whitespace,
}

impl Delimiter {
    /// A comma: CSV.
    pub const COMMA: Delimiter = Delimiter::Byte(b',');

    /// The delimiters looked for in an input without commas, in order.
    pub const CANDIDATES: [Delimiter; 5] = [
        Delimiter::Byte(b'\t'),
        Delimiter::Byte(b'|'),
        Delimiter::Byte(b';'),
        Delimiter::Byte(b':'),
        Delimiter::Whitespace,
    ];
}

impl std::str::FromStr for Delimiter {
    type Err = String;
    /// `,`, `tab` (or a tab), `:`, `;`, `|`, `space` or `whitespace` (runs of either).
    fn from_str(s: &str) -> Result<Delimiter, String> {
        match s {
            "," | "comma" => Ok(Delimiter::COMMA),
            "\t" | "\\t" | "tab" => Ok(Delimiter::Byte(b'\t')),
            ":" | ";" | "|" => Ok(Delimiter::Byte(s.as_bytes()[0])),
            " " | "space" | "whitespace" => Ok(Delimiter::Whitespace),
            _ => Err(format!("{s:?}: expected , tab : ; | or whitespace")),
        }
    }
}

impl fmt::Display for Delimiter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Delimiter::Byte(b'\t') => f.write_str("tabs"),
            Delimiter::Byte(b) => write!(f, "'{}'", *b as char),
            Delimiter::Whitespace => f.write_str("white space"),
        }
    }
}

/// Splits a row into fields, unquoting quoted ones (escaped `""` is kept doubled: puzzle
/// fields never contain quotes, and the row's text is passed through unchanged anyway).
/// Calls `each(index, field)` for every field and returns how many there were.
pub fn split_fields_by<'a>(
    row: &'a [u8],
    delimiter: Delimiter,
    mut each: impl FnMut(usize, &'a [u8]),
) -> Result<usize, FieldError> {
    let sep = match delimiter {
        Delimiter::Byte(sep) => sep,
        Delimiter::Whitespace => {
            let mut count = 0;
            for field in row.split(|&b| b == b' ' || b == b'\t').filter(|f| !f.is_empty()) {
                each(count, field);
                count += 1;
            }
            if count == 0 {
                each(0, b"");
                count = 1;
            }
            return Ok(count);
        }
    };
    let mut index = 0;
    let mut pos = 0;
    let is_space = |b: &u8| (*b == b' ' || *b == b'\t') && *b != sep;
    loop {
        let field;
        // Spaces around a quoted field are allowed, and dropped.
        let quote = pos + row[pos..].iter().take_while(|b| is_space(b)).count();
        if row.get(quote) == Some(&b'"') {
            pos = quote;
            // Quoted: find the closing quote that is not doubled.
            let start = pos + 1;
            let mut at = start;
            let end = loop {
                match memchr::memchr(b'"', &row[at..]) {
                    None => return Err(FieldError::UnterminatedQuote { field: index + 1 }),
                    Some(i) if row.get(at + i + 1) == Some(&b'"') => at += i + 2,
                    Some(i) => break at + i,
                }
            };
            field = &row[start..end];
            pos = end + 1;
            pos += row[pos..].iter().take_while(|b| is_space(b)).count();
            if pos < row.len() && row[pos] != sep {
                return Err(FieldError::TextAfterQuote { field: index + 1 });
            }
        } else {
            let end = memchr::memchr(sep, &row[pos..]).map_or(row.len(), |i| pos + i);
            field = &row[pos..end];
            pos = end;
        }
        each(index, field.trim_ascii());
        index += 1;
        if pos >= row.len() {
            return Ok(index);
        }
        pos += 1; // the delimiter
    }
}

/// A row found and split by [`plain_row`].
pub(crate) struct PlainRow {
    /// Where the row's content ends (its line end, or the end of the data).
    pub end: usize,
    /// Where the next line starts.
    pub next: usize,
    /// How many fields the row has.
    pub fields: usize,
    /// Where the two fields asked for start and end, untrimmed (`(0, 0)` if the row has no
    /// such field).
    pub spans: [(usize, usize); 2],
}

/// Bit `i` set where `chunk[i]` is `byte`.
#[inline(always)]
fn bytes_equal(chunk: &[u8; 16], byte: u8) -> u32 {
    use vector::{equal, load, mask};
    mask(equal(load(chunk), byte))
}

/// Bit `i` set where `chunk[i]` is any of `bytes`: four compares and one byte mask.
#[inline(always)]
fn bytes_in(chunk: &[u8; 16], [a, b, c, d]: [u8; 4]) -> u32 {
    use vector::{equal, load, mask, or};
    let v = load(chunk);
    mask(or(or(equal(v, a), equal(v, b)), or(equal(v, c), equal(v, d))))
}

/// Comparing 16 bytes at once: SSE2 on x86-64 and NEON on aarch64, both part of the base
/// instruction set (so no run-time detection), and a loop elsewhere. On aarch64 the loop took
/// about 49 instructions a compare as compiled, NEON 13.
#[cfg(target_arch = "x86_64")]
mod vector {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128, _mm_set1_epi8,
    };

    #[inline(always)]
    pub(super) fn load(chunk: &[u8; 16]) -> __m128i {
        // SAFETY: SSE2 is part of x86-64; the load reads the 16 bytes of `chunk` (unaligned
        // loads are allowed).
        unsafe { _mm_loadu_si128(chunk.as_ptr().cast::<__m128i>()) }
    }

    /// 0xff in the bytes equal to `byte`, 0 in the others.
    #[inline(always)]
    pub(super) fn equal(v: __m128i, byte: u8) -> __m128i {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { _mm_cmpeq_epi8(v, _mm_set1_epi8(byte as i8)) }
    }

    #[inline(always)]
    pub(super) fn or(a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { _mm_or_si128(a, b) }
    }

    /// Bit `i` set where byte `i` of `v` is 0xff.
    #[inline(always)]
    pub(super) fn mask(v: __m128i) -> u32 {
        // SAFETY: SSE2 is part of x86-64.
        unsafe { _mm_movemask_epi8(v) as u32 }
    }
}

#[cfg(target_arch = "aarch64")]
mod vector {
    use std::arch::aarch64::{
        uint8x16_t, vaddv_u8, vandq_u8, vceqq_u8, vdupq_n_u8, vget_high_u8, vget_low_u8, vld1q_u8,
        vorrq_u8,
    };

    #[inline(always)]
    pub(super) fn load(chunk: &[u8; 16]) -> uint8x16_t {
        // SAFETY: NEON is part of aarch64; the load reads the 16 bytes of `chunk`.
        unsafe { vld1q_u8(chunk.as_ptr()) }
    }

    /// 0xff in the bytes equal to `byte`, 0 in the others.
    #[inline(always)]
    pub(super) fn equal(v: uint8x16_t, byte: u8) -> uint8x16_t {
        // SAFETY: NEON is part of aarch64.
        unsafe { vceqq_u8(v, vdupq_n_u8(byte)) }
    }

    #[inline(always)]
    pub(super) fn or(a: uint8x16_t, b: uint8x16_t) -> uint8x16_t {
        // SAFETY: NEON is part of aarch64.
        unsafe { vorrq_u8(a, b) }
    }

    /// Bit `i` set where byte `i` of `v` is 0xff: each byte keeps its bit within its half,
    /// and each half's bytes are added up.
    #[inline(always)]
    pub(super) fn mask(v: uint8x16_t) -> u32 {
        const BITS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];
        // SAFETY: NEON is part of aarch64; the load reads the 16 bytes of `BITS`.
        unsafe {
            let bits = vandq_u8(v, vld1q_u8(BITS.as_ptr()));
            u32::from(vaddv_u8(vget_low_u8(bits))) | u32::from(vaddv_u8(vget_high_u8(bits))) << 8
        }
    }
}

#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
mod vector {
    #[inline(always)]
    pub(super) fn load(chunk: &[u8; 16]) -> [u8; 16] {
        *chunk
    }

    /// The mask of the bytes equal to `byte`.
    #[inline(always)]
    pub(super) fn equal(v: [u8; 16], byte: u8) -> u32 {
        super::bytes_equal_portable(&v, byte)
    }

    #[inline(always)]
    pub(super) fn or(a: u32, b: u32) -> u32 {
        a | b
    }

    #[inline(always)]
    pub(super) fn mask(v: u32) -> u32 {
        v
    }
}

/// [`bytes_equal`], byte by byte.
#[cfg_attr(any(target_arch = "x86_64", target_arch = "aarch64"), allow(dead_code))]
fn bytes_equal_portable(chunk: &[u8; 16], byte: u8) -> u32 {
    let mut mask = 0;
    for (i, &b) in chunk.iter().enumerate() {
        mask |= u32::from(b == byte) << i;
    }
    mask
}

/// The line of `data` starting at `at`, found and split on `delimiter` in one pass, 16 bytes a
/// step, keeping the spans of fields `wanted` (from 0): the common row, with no quote. `None`
/// for a row with a quote, which [`split_fields_by`] then reads. Finding the line end and each
/// field with `memchr` took three calls a Kaggle row, whose set-up cost more than the search.
#[inline]
pub(crate) fn plain_row(
    data: &[u8],
    at: usize,
    delimiter: u8,
    wanted: [usize; 2],
) -> Option<PlainRow> {
    let mut row = PlainRow { end: data.len(), next: data.len(), fields: 0, spans: [(0, 0); 2] };
    // Where the field being read starts.
    let mut start = at;
    let mut end_field = |row: &mut PlainRow, end: usize| {
        for (span, &i) in row.spans.iter_mut().zip(&wanted) {
            if i == row.fields {
                *span = (start, end);
            }
        }
        row.fields += 1;
        start = end + 1;
    };
    let mut base = at;
    while base < data.len() {
        let chunk: [u8; 16] = match data.get(base..base + 16) {
            Some(chunk) => chunk.try_into().expect("16 bytes"),
            None => {
                // The last bytes, padded with line ends (the data's end ends its last line).
                let mut chunk = [b'\n'; 16];
                chunk[..data.len() - base].copy_from_slice(&data[base..]);
                chunk
            }
        };
        // Most of a row's chunks hold none of the bytes that matter here: one test each.
        if bytes_in(&chunk, [b'\n', b'\r', b'"', delimiter]) == 0 {
            base += 16;
            continue;
        }
        let ends = bytes_equal(&chunk, b'\n') | bytes_equal(&chunk, b'\r');
        // The bytes of this line in the chunk: all of them, until the line's end.
        let inside = ends.wrapping_sub(1) & !ends;
        if bytes_equal(&chunk, b'"') & inside != 0 {
            return None;
        }
        let mut delimiters = bytes_equal(&chunk, delimiter) & inside;
        while delimiters != 0 {
            end_field(&mut row, base + delimiters.trailing_zeros() as usize);
            delimiters &= delimiters - 1;
        }
        if ends != 0 {
            row.end = (base + ends.trailing_zeros() as usize).min(data.len());
            row.next = crate::io::format::lines::after_line_end(data, row.end);
            break;
        }
        base += 16;
    }
    let end = row.end;
    end_field(&mut row, end);
    Some(row)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(row: &str) -> Result<Vec<String>, FieldError> {
        let mut out = Vec::new();
        let mut push = |_, f: &[u8]| out.push(String::from_utf8_lossy(f).into_owned());
        split_fields_by(row.as_bytes(), Delimiter::COMMA, &mut push)?;
        Ok(out)
    }

    #[test]
    fn splits_plain_and_quoted_fields() {
        assert_eq!(fields("a,b,c").unwrap(), ["a", "b", "c"]);
        assert_eq!(fields("a,,c,").unwrap(), ["a", "", "c", ""]);
        assert_eq!(fields("\"a,b\",c").unwrap(), ["a,b", "c"]);
        assert_eq!(fields("\"say \"\"hi\"\"\",x").unwrap(), ["say \"\"hi\"\"", "x"]);
        assert_eq!(fields(" a , b ").unwrap(), ["a", "b"]);
        assert_eq!(fields(" \"a\" , \" b\" ").unwrap(), ["a", "b"]);
        assert_eq!(fields("").unwrap(), [""]);
        assert_eq!(fields("a,\"b").unwrap_err(), FieldError::UnterminatedQuote { field: 2 });
        assert_eq!(fields("\"a\"x,b").unwrap_err(), FieldError::TextAfterQuote { field: 1 });
    }

    #[test]
    fn byte_masks_agree_with_the_byte_loop() {
        let mut chunk = [0u8; 16];
        for seed in 0..2000u32 {
            for (i, b) in chunk.iter_mut().enumerate() {
                *b = b",\"\n\ra1 \x80"[(seed as usize * 7 + i * i * 3 + (seed >> 3) as usize) % 8];
            }
            for byte in [b',', b'"', b'\n', b'\r', b'a', 0x80] {
                assert_eq!(bytes_equal(&chunk, byte), bytes_equal_portable(&chunk, byte));
            }
            for bytes in [*b"\n\r\",", *b"\n\r\"\t", *b"a1 \x80"] {
                let each = bytes.map(|byte| bytes_equal_portable(&chunk, byte));
                assert_eq!(bytes_in(&chunk, bytes), each.into_iter().fold(0, |a, b| a | b));
            }
        }
    }

    proptest::proptest! {
        /// A row that `plain_row` splits, `line_at` and `split_fields_by` split the same; one it
        /// leaves (`None`) holds a quote.
        #[test]
        fn plain_rows_split_as_the_general_way(
            bytes in proptest::collection::vec(proptest::sample::select(b",\"\n\r a1#\t".to_vec()), 0..60),
            at in 0usize..8,
        ) {
            let at = at.min(bytes.len());
            let (end, next) = crate::io::format::lines::line_at(&bytes, at);
            let line = &bytes[at..end];
            match plain_row(&bytes, at, b',', [0, 2]) {
                None => proptest::prop_assert!(line.contains(&b'"'), "{line:?}"),
                Some(row) => {
                    proptest::prop_assert_eq!((row.end, row.next), (end, next));
                    let mut fields = Vec::new();
                    let count = split_fields_by(line, Delimiter::COMMA, |_, f| fields.push(f));
                    proptest::prop_assert_eq!(count, Ok(row.fields));
                    for (span, i) in row.spans.iter().zip([0, 2]) {
                        let got = (i < row.fields).then(|| bytes[span.0..span.1].trim_ascii());
                        proptest::prop_assert_eq!(got, fields.get(i).copied());
                    }
                }
            }
        }
    }
}
