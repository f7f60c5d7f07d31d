//! The usual JSON Lines line turned into its CSV row without building its object: an object
//! whose keys and strings hold no escape and no control character, and whose values are
//! strings, integers, `true`, `false` or `null` (`{"puzzle":"4..3..2.9...","line":2}`).
//!
//! Anything else (an escape, a number with a fraction or an exponent, `-0`, an array, an
//! object, no puzzle key, more than [`MAX_KEYS`] keys, a syntax error, bytes that are not
//! UTF-8) is left to the precise path, serde_json's, which [`super::put_row`] takes when this
//! one says `None`. For every line this one reads, both write the same row: a string as its
//! bytes (which, without escapes, are its text), `true` and `false` and an integer as written
//! (which is how serde_json writes them back), a `null` or a missing key as a null, the last
//! of a repeated key. The tests compare the two on every kind of line.
//!
//! Why: the precise path allocates a `String` and a `Value` for every member, about three
//! times the work of reading the row that comes of it; this path allocates nothing.

use super::super::csv::put_field;

/// The most keys (columns) this path keeps track of; an input with more goes the precise way.
const MAX_KEYS: usize = 16;

/// A key's value in one line.
#[derive(Clone, Copy)]
enum Slot<'a> {
    /// Not in the line.
    Missing,
    /// `null`.
    Null,
    /// A string's bytes, or the text of an integer, `true` or `false`.
    Text(&'a [u8]),
}

/// Appends the row of `line` (without its line end, not blank) for the input's `keys`, the
/// puzzle's being `keys[puzzle]`, as [`super::put_row`] would; `None` where the line is not
/// one this path reads (what it has appended is then to be dropped).
pub(super) fn put_row(
    out: &mut Vec<u8>,
    line: &[u8],
    keys: &[String],
    puzzle: usize,
) -> Option<()> {
    if keys.len() > MAX_KEYS {
        return None;
    }
    // (Strings are taken as their bytes: [`string`] sees that they are UTF-8, as serde_json's
    // `from_str` wants the line; outside them, a byte that is not ASCII is not JSON.)
    let mut slots = [Slot::Missing; MAX_KEYS];
    let mut at = skip_space(line, 0);
    if line.get(at) != Some(&b'{') {
        return None;
    }
    at = skip_space(line, at + 1);
    let mut member = 0;
    loop {
        let (key, next) = string(line, at)?;
        at = skip_space(line, next);
        if line.get(at) != Some(&b':') {
            return None;
        }
        let (value, next) = value(line, skip_space(line, at + 1))?;
        // Most lines have the keys in the order the columns have them: look there first.
        let found = match keys.get(member) {
            Some(k) if k.as_bytes() == key => Some(member),
            _ => keys.iter().position(|k| k.as_bytes() == key),
        };
        if let Some(i) = found {
            slots[i] = value; // a repeated key's last value, as the precise path has it
        }
        member += 1;
        at = skip_space(line, next);
        match line.get(at) {
            Some(b',') => at = skip_space(line, at + 1),
            Some(b'}') => break,
            _ => return None,
        }
    }
    if skip_space(line, at + 1) != line.len() || matches!(slots[puzzle], Slot::Missing) {
        return None;
    }
    for (i, slot) in slots[..keys.len()].iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        match *slot {
            Slot::Missing | Slot::Null => put_field(out, None, i == 0),
            Slot::Text(text) => put_field(out, Some(text), i == 0),
        }
    }
    Some(())
}

/// The offset of the first byte at or after `at` that is not JSON white space.
#[inline]
fn skip_space(line: &[u8], mut at: usize) -> usize {
    while let Some(b' ' | b'\t' | b'\n' | b'\r') = line.get(at) {
        at += 1;
    }
    at
}

/// The bytes of the string starting at `at` (at its opening quote), and the offset past its
/// closing quote; `None` for anything else, and for a string with an escape or a control
/// character in it, or bytes that are not UTF-8.
#[inline]
fn string(line: &[u8], at: usize) -> Option<(&[u8], usize)> {
    if line.get(at) != Some(&b'"') {
        return None;
    }
    let start = at + 1;
    let mut end = start;
    // Eight bytes at a time to the first that is a quote, a backslash, a control character
    // or not ASCII; then one by one.
    while let Some(word) = line.get(end..end + 8) {
        let special = special(u64::from_le_bytes(word.try_into().expect("8 bytes")));
        if special != 0 {
            end += special.trailing_zeros() as usize / 8;
            break;
        }
        end += 8;
    }
    loop {
        match *line.get(end)? {
            b'"' => break,
            b'\\' | 0..=0x1F => return None,
            _ => end += 1, // (bytes that are not ASCII are looked at below)
        }
    }
    let text = &line[start..end];
    if !text.is_ascii() {
        std::str::from_utf8(text).ok()?;
    }
    Some((text, end + 1))
}

/// The bytes of `word` (eight bytes of a line, the first the lowest) that are a quote, a
/// backslash, a control character or not ASCII, as their high bits:
///
/// ```text
///   byte:   7        6        ...  0
///   bit:    63       55       ...  7   set where the byte is special
/// ```
///
/// Exact up to the first special byte: a borrow out of it may set a bit in a byte above, but
/// only the lowest set bit is read.
#[inline]
fn special(word: u64) -> u64 {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    let zero = |v: u64| v.wrapping_sub(ONES) & !v & HIGH;
    let quote = zero(word ^ (ONES * u64::from(b'"')));
    let backslash = zero(word ^ (ONES * u64::from(b'\\')));
    let control = word.wrapping_sub(ONES * 0x20) & !word & HIGH;
    quote | backslash | control | (word & HIGH)
}

/// The value starting at `at`, and the offset past it: a string, `null`, `true`, `false`, or
/// an integer of at most 18 digits (which serde_json writes back as it is written; `-0` it
/// does not).
#[inline]
fn value(line: &[u8], at: usize) -> Option<(Slot<'_>, usize)> {
    let literal =
        |word: &'static [u8], slot| line[at..].starts_with(word).then_some((slot, at + word.len()));
    match *line.get(at)? {
        b'"' => string(line, at).map(|(text, next)| (Slot::Text(text), next)),
        b'n' => literal(b"null", Slot::Null),
        b't' => literal(b"true", Slot::Text(b"true")),
        b'f' => literal(b"false", Slot::Text(b"false")),
        b'-' | b'0'..=b'9' => {
            let digits_at = at + usize::from(line[at] == b'-');
            let digits = line[digits_at..].iter().take_while(|b| b.is_ascii_digit()).count();
            let first = *line.get(digits_at)?;
            // No digit, a leading zero (`01`, `-0`: an error, or a float), too many digits.
            if digits == 0 || digits > 18 || (first == b'0' && (digits > 1 || digits_at > at)) {
                return None;
            }
            let next = digits_at + digits;
            Some((Slot::Text(&line[at..next]), next))
        }
        _ => None,
    }
}
