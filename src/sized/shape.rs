//! The shape of a grid: N = box rows x box columns, N from 4 to 25, and the houses of its cells.
//!
//! A grid of size N has N rows, N columns and N boxes of `box_rows` x `box_cols` cells, and
//! its digits run from 1 to N. Cells are numbered row by row, `cell = row * N + col`; boxes
//! row by row too. A 6x6 grid with boxes 2 rows by 3 columns:
//!
//! ```text
//!   [ 0  1  2 |  3  4  5 ]   box 0 | box 1
//!   [ 6  7  8 |  9 10 11 ]
//!   ----------+----------
//!   [12 13 14 | 15 16 17 ]   box 2 | box 3
//!   ...
//! ```

use std::fmt;

/// The largest size: 25 (boxes of 5x5), so a cell's candidates fit a `u32`.
pub const MAX_SIZE: usize = 25;
/// Cells in the largest grid.
pub const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;

/// Box rows by box columns; the grid's size N is their product.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

impl Shape {
    /// The classic 9x9 shape.
    pub const NINE: Shape = Shape { box_rows: 3, box_cols: 3 };

    /// The shape with boxes of `box_rows` x `box_cols`, if each is at least 2 (a box of one
    /// row is a row) and the size at most [`MAX_SIZE`].
    pub const fn new(box_rows: usize, box_cols: usize) -> Option<Shape> {
        let n = box_rows * box_cols;
        if box_rows < 2 || box_cols < 2 || n > MAX_SIZE {
            return None;
        }
        Some(Shape { box_rows: box_rows as u8, box_cols: box_cols as u8 })
    }

    /// The usual shape of a size: square boxes where N is a square, otherwise boxes wider
    /// than tall with rows and columns as close as they come (6: 2x3, 8: 2x4, 12: 3x4,
    /// 10: 2x5). `None` for a prime N (no boxes but rows) and outside 4 to 25.
    pub const fn of_size(n: usize) -> Option<Shape> {
        let mut rows = 1;
        let mut best = 0;
        while rows * rows <= n {
            if n % rows == 0 {
                best = rows;
            }
            rows += 1;
        }
        if best < 2 {
            return None;
        }
        Shape::new(best, n / best)
    }

    /// The sizes a line's length names without being told: the common ones.
    pub const COMMON_SIZES: [usize; 7] = [4, 6, 8, 9, 12, 16, 25];

    /// The shape whose grid has `cells` cells, for the common sizes (16, 36, 64, 81, 144, 256
    /// or 625 cells), in its usual shape. Others (10x10, 15x15, 20x20, and boxes the other way
    /// round) are read only when asked for.
    pub fn of_cells(cells: usize) -> Option<Shape> {
        let n = cells.isqrt();
        let common = n * n == cells && Shape::COMMON_SIZES.contains(&n);
        common.then(|| Shape::of_size(n)).flatten()
    }

    /// N: rows, columns, boxes, digits.
    #[inline]
    pub const fn size(self) -> usize {
        self.box_rows as usize * self.box_cols as usize
    }

    /// N * N.
    #[inline]
    pub const fn cells(self) -> usize {
        self.size() * self.size()
    }

    /// Rows in a box.
    #[inline]
    pub const fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    /// Columns in a box.
    #[inline]
    pub const fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// The mask with a bit for each digit, bit `d - 1` for digit `d`.
    #[inline]
    pub const fn all_digits(self) -> u32 {
        (1u32 << self.size()) - 1
    }

    /// The box of a cell.
    #[inline]
    pub const fn box_of(self, cell: usize) -> usize {
        let n = self.size();
        let (row, col) = (cell / n, cell % n);
        row / self.box_rows() * self.box_rows() + col / self.box_cols()
    }

    /// The `k`-th cell of house `house`: houses `0..N` are the rows, `N..2N` the columns,
    /// `2N..3N` the boxes.
    #[inline]
    pub const fn house_cell(self, house: usize, k: usize) -> usize {
        let n = self.size();
        match house / n {
            0 => house * n + k,
            1 => k * n + house - n,
            _ => {
                let b = house - 2 * n;
                let (band, stack) = (b / self.box_rows(), b % self.box_rows());
                let row = band * self.box_rows() + k / self.box_cols();
                let col = stack * self.box_cols() + k % self.box_cols();
                row * n + col
            }
        }
    }
}

/// A shape as `--size N` and `--box RxC` ask for it: the box alone (`3x4`), the size alone
/// (its usual boxes), or both (which must agree). `Ok(None)` when neither is given.
pub fn shape_asked(size: Option<usize>, boxes: Option<&str>) -> Result<Option<Shape>, String> {
    let boxes = match boxes {
        None => None,
        Some(text) => {
            let parsed = text
                .split_once(['x', 'X'])
                .and_then(|(r, c)| Shape::new(r.trim().parse().ok()?, c.trim().parse().ok()?));
            let why = format!(
                "--box {text}: expected box rows x columns, each 2 or more, at most 25 cells (3x4)"
            );
            Some(parsed.ok_or(why)?)
        }
    };
    match (size, boxes) {
        (None, None) => Ok(None),
        (Some(n), Some(shape)) if shape.size() != n => Err(format!(
            "--box {}x{} makes {}x{} grids, not --size {n}",
            shape.box_rows(),
            shape.box_cols(),
            shape.size(),
            shape.size()
        )),
        (_, Some(shape)) => Ok(Some(shape)),
        (Some(n), None) => {
            Shape::of_size(n).map(Some).ok_or_else(|| format!("--size {n}: {SIZES_WITH_BOXES}"))
        }
    }
}

/// What a size must be, for the errors that refuse one.
const SIZES_WITH_BOXES: &str = "sizes run from 4 to 25 and need boxes (not a prime): 4, 6, 8, \
     9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24, 25";

/// The shape of grids held as arrays of integers (numpy's, say), from `dims`, the dimensions
/// of one grid: `[N, N]` row by row, or `[N * N]` flat. `asked` (from [`shape_asked`]) is the
/// shape the caller said, which the grids must have; without it, a grid of N rows takes N's
/// usual shape ([`Shape::of_size`]: any size with boxes), a flat grid that of a common size
/// ([`Shape::of_cells`], as a line's length does). The error names what is wrong.
pub fn shape_of_dims(dims: &[usize], asked: Option<Shape>) -> Result<Shape, String> {
    match (dims, asked) {
        (&[rows, cols], _) if rows != cols => {
            Err(format!("{rows}x{cols} grids are not square: expected N x N"))
        }
        (&[n, _], Some(shape)) if shape.size() != n => {
            Err(format!("{n}x{n} grids, but the size asked for is {shape}"))
        }
        (&[n, _], None) => {
            Shape::of_size(n).ok_or_else(|| format!("{n}x{n} grids: {SIZES_WITH_BOXES}"))
        }
        (&[cells], Some(shape)) if shape.cells() != cells => {
            Err(format!("{cells} cells a grid, expected {} for {shape}", shape.cells()))
        }
        (&[cells], None) => Shape::of_cells(cells).ok_or_else(|| {
            format!(
                "{cells} cells a grid, expected a common size's: 16, 36, 64, 81, 144, 256 or 625 \
                 (4x4 to 25x25); say the size of others, or give the grids as N x N"
            )
        }),
        (&[_] | &[_, _], Some(shape)) => Ok(shape),
        _ => Err(format!(
            "a grid of {} dimensions, expected N x N (row by row) or N * N (flat)",
            dims.len()
        )),
    }
}

impl fmt::Display for Shape {
    /// `16x16`; a shape whose boxes are not its usual ones adds them: `6x6 (boxes 3x2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size();
        write!(f, "{n}x{n}")?;
        if Shape::of_size(n) != Some(*self) {
            write!(f, " (boxes {}x{})", self.box_rows, self.box_cols)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrays_of_grids_take_the_shape_of_their_dimensions() {
        let (six, six_tall) = (Shape::new(2, 3), Shape::new(3, 2));
        assert_eq!(shape_of_dims(&[9, 9], None).ok(), Some(Shape::NINE));
        assert_eq!(shape_of_dims(&[81], None).ok(), Some(Shape::NINE));
        assert_eq!(shape_of_dims(&[6, 6], None).ok(), six);
        assert_eq!(shape_of_dims(&[6, 6], six_tall).ok(), six_tall);
        assert_eq!(shape_of_dims(&[36], six_tall).ok(), six_tall);
        // Rows say any size with boxes; a flat grid's length names only the common sizes.
        assert_eq!(shape_of_dims(&[10, 10], None).ok(), Shape::new(2, 5));
        assert_eq!(shape_of_dims(&[100], Shape::new(2, 5)).ok(), Shape::new(2, 5));
        let refused = [
            (&[100][..], None, "100 cells a grid, expected a common size's: 16, 36, 64, 81"),
            (&[81], Shape::new(4, 4), "81 cells a grid, expected 256 for 16x16"),
            (&[9, 8], None, "9x8 grids are not square: expected N x N"),
            (&[9, 9], six_tall, "9x9 grids, but the size asked for is 6x6 (boxes 3x2)"),
            (&[7, 7], None, "7x7 grids: sizes run from 4 to 25 and need boxes"),
            (&[30, 30], None, "30x30 grids: sizes run from 4 to 25"),
            (&[], None, "a grid of 0 dimensions, expected N x N (row by row) or N * N (flat)"),
            (&[9, 9, 1], None, "a grid of 3 dimensions"),
        ];
        for (dims, asked, message) in refused {
            let error = shape_of_dims(dims, asked).unwrap_err();
            assert!(error.starts_with(message), "{dims:?}: {error}");
        }
    }
}
