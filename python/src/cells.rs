//! numpy integer grids, as `solve_array` and `apply_transform_array` take them: which dtypes
//! and shapes are grids, and how `blank` and `offset` turn a cell into a digit and back. One
//! module, so that the two accept the same arrays and refuse the others with the same messages.
//! Which size a shape of array holds is the library's rule (`sized::shape_of_dims`).

use numpy::{Element, PyArrayDyn, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use sudoku_bulk::sized::{self, symbol, Shape, MAX_SIZE};

use crate::input::type_name;

/// Cells in a 9x9 grid.
pub(crate) const CELLS: usize = 81;

/// The integer dtypes a grid may have.
pub(crate) trait Cell: Element + Copy + Send + Sync {
    /// The value, if it fits an `i64`.
    fn value(self) -> Option<i64>;
    /// A value of this type, if `v` fits.
    fn from_value(v: i64) -> Option<Self>;
    /// The cells as bytes, if this type is `u8`: the usual grids, whose cells are the grid's
    /// own values when blanks are 0 and digits 1-9, read and written without a lookup.
    fn as_bytes(cells: &[Self]) -> Option<&[u8]> {
        let _ = cells;
        None
    }
    /// The same, to write.
    fn as_bytes_mut(cells: &mut [Self]) -> Option<&mut [u8]> {
        let _ = cells;
        None
    }
}

macro_rules! cells {
    ($($t:ty),*) => {$(
        impl Cell for $t {
            #[inline]
            fn value(self) -> Option<i64> {
                i64::try_from(self).ok()
            }
            fn from_value(v: i64) -> Option<Self> {
                <$t>::try_from(v).ok()
            }
        }
    )*};
}
cells!(i8, i16, i32, i64, u16, u32, u64);

impl Cell for u8 {
    #[inline]
    fn value(self) -> Option<i64> {
        Some(i64::from(self))
    }
    fn from_value(v: i64) -> Option<Self> {
        u8::try_from(v).ok()
    }
    fn as_bytes(cells: &[u8]) -> Option<&[u8]> {
        Some(cells)
    }
    fn as_bytes_mut(cells: &mut [u8]) -> Option<&mut [u8]> {
        Some(cells)
    }
}

/// `$body`, with `$array` bound to the argument `$grids` (a `&Bound<PyAny>`) cast to the
/// `PyArrayDyn<T>` of its dtype, `T` one of the [`Cell`] types: how a function generic over
/// `T: Cell` is called at the array's own dtype. Anything else is the `TypeError` of
/// [`not_integer_array`].
macro_rules! with_cells {
    ($grids:expr, |$array:ident| $body:expr) => {
        $crate::cells::with_cells!(@each $grids, $array, $body; u8, i8, i16, i32, i64, u16, u32, u64)
    };
    (@each $grids:expr, $array:ident, $body:expr; $($t:ty),*) => {{
        let grids: &pyo3::Bound<'_, pyo3::PyAny> = $grids;
        $(
            if let Ok($array) = grids.cast::<numpy::PyArrayDyn<$t>>() {
                $body
            } else
        )* {
            Err($crate::cells::not_integer_array(grids))
        }
    }};
}
pub(crate) use with_cells;

/// Why `grids` is not one of the arrays [`with_cells`] takes.
pub(crate) fn not_integer_array(grids: &Bound<'_, PyAny>) -> PyErr {
    match grids.cast::<PyUntypedArray>() {
        Ok(array) => PyTypeError::new_err(format!(
            "grids: expected an integer array, got dtype {}",
            array.dtype()
        )),
        Err(_) => PyTypeError::new_err(format!(
            "grids: expected a numpy integer array, got {}",
            type_name(grids)
        )),
    }
}

/// The number of grids in an array of `shape`, `(M, N, N)` or `(M, N * N)`, and their shape:
/// the library's rule for the grid's dimensions, with `asked` the shape the caller said
/// (`size=`, `box=`). Any other is a `ValueError` that says why.
pub(crate) fn grids_of(shape: &[usize], asked: Option<Shape>) -> PyResult<(usize, Shape)> {
    match shape {
        [rows, dims @ ..] if matches!(dims.len(), 1 | 2) => sized::shape_of_dims(dims, asked)
            .map(|grid| (*rows, grid))
            .map_err(|e| PyValueError::new_err(format!("grids: shape {}: {e}", tuple_text(shape)))),
        _ => Err(PyValueError::new_err(format!(
            "grids: expected shape (M, N, N) or (M, N * N), got {}",
            tuple_text(shape)
        ))),
    }
}

/// The number of 9x9 grids in an array of `shape`, `(N, 81)` or `(N, 9, 9)`; any other shape
/// is a `ValueError`.
pub(crate) fn rows(shape: &[usize]) -> PyResult<usize> {
    match shape {
        [rows, CELLS] | [rows, 9, 9] => Ok(*rows),
        _ => Err(PyValueError::new_err(format!(
            "grids: expected shape (N, 81) or (N, 9, 9), got {}",
            tuple_text(shape)
        ))),
    }
}

/// A shape as Python writes a tuple: `(2, 80)`, `(5,)`.
fn tuple_text(shape: &[usize]) -> String {
    match shape {
        [one] => format!("({one},)"),
        _ => {
            let parts: Vec<String> = shape.iter().map(usize::to_string).collect();
            format!("({})", parts.join(", "))
        }
    }
}

/// How a call's grids hold a Sudoku of size N: each cell `offset + d` for the digit d (1 to
/// N), or `blank`, in an array of dtype `T`.
#[derive(Clone, Copy)]
pub(crate) struct Encoding<T> {
    blank: i64,
    offset: i64,
    /// N, the largest digit.
    size: i64,
    /// The cell of each value: `blank` for 0, `offset + d` for the digit d (`blank` again
    /// above N).
    cells: [T; 32],
}

impl<T: Cell> Encoding<T> {
    /// `blank` and `offset` for the 9x9 grids in `array` ([`Encoding::of_size`] 9).
    pub(crate) fn new(array: &Bound<'_, PyArrayDyn<T>>, blank: i64, offset: i64) -> PyResult<Self> {
        Self::of_size(array, blank, offset, 9)
    }

    /// `blank` and `offset` for the grids of size `size` in `array`, checked: `blank` and the
    /// digits `offset + 1` to `offset + size` must fit its dtype (`offset` itself need not),
    /// and `blank` must not be one of the digits. A `ValueError` says which is wrong.
    pub(crate) fn of_size(
        array: &Bound<'_, PyArrayDyn<T>>,
        blank: i64,
        offset: i64,
        size: usize,
    ) -> PyResult<Self> {
        debug_assert!(size <= MAX_SIZE);
        let dtype = array.dtype();
        let blank_cell = T::from_value(blank).ok_or_else(|| {
            PyValueError::new_err(format!("blank={blank} does not fit dtype {dtype}"))
        })?;
        let mut cells = [blank_cell; 32];
        for (d, cell) in (1..).zip(&mut cells[1..=size]) {
            *cell = offset.checked_add(d).and_then(T::from_value).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "offset={offset}: digits offset+1 to offset+{size} do not fit dtype {dtype}"
                ))
            })?;
        }
        let size = size as i64;
        // offset + size fits an i64: the digits were checked first.
        if (offset + 1..=offset + size).contains(&blank) {
            return Err(PyValueError::new_err(format!(
                "blank={blank} is also a digit (offset={offset} makes the digits {} to {})",
                offset + 1,
                offset + size
            )));
        }
        Ok(Encoding { blank, offset, size, cells })
    }

    /// The line form of a cell of value `v`: the digit's symbol, `.` for a blank, or a
    /// character the parser rejects.
    #[inline]
    pub(crate) fn char_of_value(&self, v: i64) -> u8 {
        match v {
            v if v > self.offset && v <= self.offset + self.size => symbol((v - self.offset) as u8),
            v if v == self.blank => b'.',
            _ => b'x',
        }
    }

    /// The value in the grid of a cell: 0 a blank, 1 to N a digit; `None` for anything else.
    #[inline]
    pub(crate) fn value_of(&self, cell: T) -> Option<u8> {
        match cell.value()? {
            v if v > self.offset && v <= self.offset + self.size => Some((v - self.offset) as u8),
            v if v == self.blank => Some(0),
            _ => None,
        }
    }

    /// The same for a cell, whose value may not fit an `i64` (then it is neither).
    #[inline]
    pub(crate) fn char_of(&self, cell: T) -> u8 {
        cell.value().map_or(b'x', |v| self.char_of_value(v))
    }

    /// The cell of `value` in a grid: 0 a blank, 1 to N a digit.
    #[inline]
    pub(crate) fn cell(&self, value: u8) -> T {
        // Values are 0 to 25: `& 31` only spares the bounds check.
        self.cells[usize::from(value) & 31]
    }
}
