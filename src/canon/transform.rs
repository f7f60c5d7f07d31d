//! The transformations that keep a Sudoku a Sudoku: a small `Copy` value that applies to a
//! grid, composes, inverts, is drawn at random and has a text form; and the marker of a source
//! not decided yet, which the searches' partial transformations use.

use std::fmt;
use std::str::FromStr;

use crate::grid::{Grid, CELLS};

/// A transformation of the grid: an optional transposition, then a permutation of the rows
/// and one of the columns (each keeping bands, respectively stacks, together), then a
/// relabelling of the digits. A small `Copy` value.
///
/// Applied to a grid `g`, it gives the grid whose cell (row `r`, column `c`) is
/// `digits(g'[rows[r]][cols[c]])`, where `g'` is `g`, transposed first if `transpose` is set,
/// and blanks stay blank.
///
/// # Text form
///
/// `T:RRRRRRRRR:CCCCCCCCC:DDDDDDDDD`, e.g. `0:012345678:012345678:123456789` (the identity):
/// `T` is `1` to transpose first and `0` not to; `R` lists, for each output row from the top,
/// the source row it takes (0 to 8); `C` likewise for columns; `D` lists the new labels of
/// the digits 1 to 9. The rows must keep bands together (each of output rows 0-2, 3-5, 6-8
/// comes from one band), and so must the columns with stacks.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Transform {
    pub(super) transpose: bool,
    pub(super) rows: [u8; 9],
    pub(super) cols: [u8; 9],
    /// `digits[d]` is the new label of digit `d`; `digits[0] == 0`.
    pub(super) digits: [u8; 10],
}

/// Why a text is not a [`Transform`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TransformError {
    /// Not four fields `T:RRRRRRRRR:CCCCCCCCC:DDDDDDDDD`.
    #[error("expected T:RRRRRRRRR:CCCCCCCCC:DDDDDDDDD, e.g. 0:012345678:012345678:123456789")]
    Shape,
    /// The rows or columns are not a permutation of 0-8 that keeps bands (stacks) together.
    #[error("the {0} are not a permutation of 0-8 that keeps each band or stack together")]
    Lines(&'static str),
    /// The digits are not a permutation of 1-9.
    #[error("the digits are not a permutation of 1-9")]
    Digits,
}

const IDENTITY9: [u8; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];

impl Transform {
    /// The transformation that changes nothing.
    pub const IDENTITY: Transform = Transform {
        transpose: false,
        rows: IDENTITY9,
        cols: IDENTITY9,
        digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    };

    /// A transformation from its parts: whether to transpose first, the source row of each
    /// output row, the source column of each output column (both 0 to 8), and the new label of
    /// each digit 1 to 9 (`digits[0]` for digit 1). `None` if the rows or columns do not keep
    /// bands and stacks together or the digits are not a permutation of 1 to 9.
    pub fn new(transpose: bool, rows: [u8; 9], cols: [u8; 9], digits: [u8; 9]) -> Option<Self> {
        let mut labels = [0u8; 10];
        labels[1..].copy_from_slice(&digits);
        let t = Transform { transpose, rows, cols, digits: labels };
        (keeps_bands(&rows) && keeps_bands(&cols) && is_relabelling(&labels)).then_some(t)
    }

    /// Whether the grid is transposed first.
    pub fn transposes(&self) -> bool {
        self.transpose
    }

    /// The source row of each output row.
    pub fn rows(&self) -> [u8; 9] {
        self.rows
    }

    /// The source column of each output column.
    pub fn cols(&self) -> [u8; 9] {
        self.cols
    }

    /// The new label of each digit 1 to 9 (index 0 for digit 1).
    pub fn digits(&self) -> [u8; 9] {
        let mut d = [0; 9];
        d.copy_from_slice(&self.digits[1..]);
        d
    }

    /// The transformed grid.
    pub fn apply(&self, grid: &Grid) -> Grid {
        let g = &grid.0;
        let mut out = [0u8; CELLS];
        for (r, &sr) in self.rows.iter().enumerate() {
            for (c, &sc) in self.cols.iter().enumerate() {
                let (sr, sc) = (sr as usize, sc as usize);
                let v = if self.transpose { g[sc * 9 + sr] } else { g[sr * 9 + sc] };
                out[r * 9 + c] = self.digits[v as usize];
            }
        }
        Grid(out)
    }

    /// `self` then `next`: `self.then(&next).apply(g) == next.apply(&self.apply(g))`.
    pub fn then(&self, next: &Transform) -> Transform {
        let (a, b) = (self, next);
        // Output cell (r, c) of b reads cell (b.rows[r], b.cols[c]) of b's (maybe transposed)
        // input, which is a's output; that cell reads a's input likewise.
        let (rows, cols) = match b.transpose {
            false => (compose(&a.rows, &b.rows), compose(&a.cols, &b.cols)),
            true => (compose(&a.cols, &b.rows), compose(&a.rows, &b.cols)),
        };
        let digits = a.digits.map(|label| b.digits[label as usize]);
        Transform { transpose: a.transpose ^ b.transpose, rows, cols, digits }
    }

    /// The transformation that undoes this one: `t.inverse().apply(&t.apply(g)) == *g`.
    pub fn inverse(&self) -> Transform {
        let (rows, cols) = match self.transpose {
            false => (invert(&self.rows), invert(&self.cols)),
            true => (invert(&self.cols), invert(&self.rows)),
        };
        let mut digits = [0u8; 10];
        for d in 1..10u8 {
            digits[self.digits[d as usize] as usize] = d;
        }
        Transform { transpose: self.transpose, rows, cols, digits }
    }

    /// A transformation drawn from the whole group (geometry and relabelling) with
    /// `next_u64` as the source of randomness: uniformly, but for the negligible bias of
    /// taking 64-bit draws modulo 9 or less. The same draws give the same transformation.
    pub fn random(mut next_u64: impl FnMut() -> u64) -> Transform {
        let mut below = |n: usize| (next_u64() % n as u64) as usize;
        let mut lines = || {
            let mut bands = [0u8, 1, 2];
            shuffle(&mut bands, &mut below);
            let mut out = [0u8; 9];
            for (slot, &band) in bands.iter().enumerate() {
                let mut within = [0u8, 1, 2];
                shuffle(&mut within, &mut below);
                for (i, &w) in within.iter().enumerate() {
                    out[slot * 3 + i] = band * 3 + w;
                }
            }
            out
        };
        let (rows, cols) = (lines(), lines());
        let mut labels = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        shuffle(&mut labels, &mut below);
        let transpose = below(2) == 1;
        Transform::new(transpose, rows, cols, labels).expect("built band by band")
    }
}

/// Fisher-Yates with `below(n)` drawing from `0..n`.
fn shuffle<T>(items: &mut [T], below: &mut impl FnMut(usize) -> usize) {
    for i in (1..items.len()).rev() {
        items.swap(i, below(i + 1));
    }
}

/// `inner` read through `outer`: `out[i] = inner[outer[i]]`.
fn compose(inner: &[u8; 9], outer: &[u8; 9]) -> [u8; 9] {
    outer.map(|i| inner[i as usize])
}

fn invert(p: &[u8; 9]) -> [u8; 9] {
    let mut out = [0u8; 9];
    for (i, &v) in p.iter().enumerate() {
        out[v as usize] = i as u8;
    }
    out
}

/// Whether `p` is a permutation of 0..9 taking each group of three outputs from one band.
fn keeps_bands(p: &[u8; 9]) -> bool {
    let mut seen = 0u16;
    for (i, &v) in p.iter().enumerate() {
        if v > 8 || v / 3 != p[i / 3 * 3] / 3 {
            return false;
        }
        seen |= 1 << v;
    }
    seen == 0x1FF
}

fn is_relabelling(labels: &[u8; 10]) -> bool {
    let mut seen = 0u16;
    for &v in &labels[1..] {
        if !(1..=9).contains(&v) {
            return false;
        }
        seen |= 1 << v;
    }
    labels[0] == 0 && seen == 0x3FE
}

impl fmt::Display for Transform {
    /// The text form, `T:RRRRRRRRR:CCCCCCCCC:DDDDDDDDD` (see [`Transform`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", u8::from(self.transpose))?;
        for r in self.rows {
            write!(f, "{r}")?;
        }
        f.write_str(":")?;
        for c in self.cols {
            write!(f, "{c}")?;
        }
        f.write_str(":")?;
        for d in &self.digits[1..] {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Transform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Transform({self})")
    }
}

impl FromStr for Transform {
    type Err = TransformError;

    /// Parses the text form, `T:RRRRRRRRR:CCCCCCCCC:DDDDDDDDD` (see [`Transform`]).
    fn from_str(s: &str) -> Result<Transform, TransformError> {
        let fields: Vec<&[u8]> = s.trim().split(':').map(str::as_bytes).collect();
        let [t, rows, cols, digits] = fields[..] else { return Err(TransformError::Shape) };
        let nine = |field: &[u8]| -> Option<[u8; 9]> {
            let field: &[u8; 9] = field.try_into().ok()?;
            field.iter().all(u8::is_ascii_digit).then(|| field.map(|b| b - b'0'))
        };
        let transpose = match t {
            b"0" => false,
            b"1" => true,
            _ => return Err(TransformError::Shape),
        };
        let (rows, cols, digits) = match (nine(rows), nine(cols), nine(digits)) {
            (Some(r), Some(c), Some(d)) => (r, c, d),
            _ => return Err(TransformError::Shape),
        };
        if !keeps_bands(&rows) {
            return Err(TransformError::Lines("rows"));
        }
        if !keeps_bands(&cols) {
            return Err(TransformError::Lines("columns"));
        }
        Transform::new(transpose, rows, cols, digits).ok_or(TransformError::Digits)
    }
}

/// Marks an output column, stack or slot whose source is not decided yet.
pub(super) const FREE: u8 = 0xFF;
