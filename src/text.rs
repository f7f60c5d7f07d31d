//! How the messages name things: a cell as people count it, a byte that is not text, a count
//! with its noun. Shared by every error message, so that they all say it one way; and, for the
//! JSON that summaries and `stats` write, named counts in the order they are told ([`Ordered`]).

use std::fmt;

use serde::ser::{Serialize, SerializeMap, Serializer};

/// `cell 5 (row 1, column 5)`: a cell index as people count it.
pub(crate) struct CellName(pub usize);

impl fmt::Display for CellName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (row, col) = (self.0 / 9 + 1, self.0 % 9 + 1);
        write!(f, "cell {} (row {row}, column {col})", self.0 + 1)
    }
}

/// `a 16x16 puzzle`, `an 8x8 puzzle`, `a pencilmark puzzle` (size 0): a puzzle that is not a
/// plain 9x9 one, named by its size.
pub(crate) struct PuzzleKind(pub u8);

impl fmt::Display for PuzzleKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => f.write_str("a pencilmark puzzle"),
            n @ (8 | 11 | 18) => write!(f, "an {n}x{n} puzzle"),
            n => write!(f, "a {n}x{n} puzzle"),
        }
    }
}

/// A byte quoted for an error message: printable ASCII as itself, anything else as hex.
pub(crate) struct ByteName(pub u8);

impl fmt::Display for ByteName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            b @ 0x21..=0x7e => write!(f, "'{}'", b as char),
            b' ' => f.write_str("' '"),
            b => write!(f, "byte 0x{b:02X}"),
        }
    }
}

/// A character quoted for an error message: `'é' (U+00E9)`, or, where its bytes are not
/// UTF-8, its first byte as [`ByteName`] names it.
pub(crate) struct CharName(pub Option<char>, pub u8);

impl fmt::Display for CharName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(c) if !c.is_ascii() => write!(f, "'{c}' (U+{:04X})", u32::from(c)),
            _ => ByteName(self.1).fmt(f),
        }
    }
}

/// A count and its noun, singular or plural as the count asks: `1 cell`, `80 cells`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Plural<'a>(pub usize, pub &'a str);

impl fmt::Display for Plural<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Plural(n, noun) = *self;
        write!(f, "{n} {noun}{}", if n == 1 { "" } else { "s" })
    }
}

/// Named counts, written as a JSON object in this order.
#[derive(Debug, Clone, Default)]
pub struct Ordered(pub Vec<(String, u64)>);

impl Serialize for Ordered {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (name, n) in &self.0 {
            map.serialize_entry(name, n)?;
        }
        map.end()
    }
}
