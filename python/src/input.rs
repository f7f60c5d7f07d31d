//! Puzzles (or answers) as an Arrow column of strings or bytes, read in place.
//!
//! The column arrives through the Arrow PyCapsule interface (`__arrow_c_array__` for one
//! array, `__arrow_c_stream__` for a chunked one), so its buffers stay where the producer
//! (pyarrow, polars, pandas) put them: a row is a borrowed slice of the producer's value
//! buffer, and the solver parses it from there. The imported arrays keep the producer's
//! memory alive until they are dropped, so reading them with the GIL released is sound.
//!
//! Seven Arrow types hold text: `string`, `large_string`, `string_view` (what polars exports),
//! `binary`, `large_binary`, `binary_view` and `fixed_size_binary(81)`. A column of type
//! `null` (what `pyarrow.array([])` or a list of `None` becomes) is all nulls.

use arrow_array::cast::AsArray;
use arrow_array::types::{BinaryType, ByteArrayType, LargeBinaryType, LargeUtf8Type, Utf8Type};
use arrow_array::{
    Array, ArrayRef, BinaryArray, BinaryViewArray, FixedSizeBinaryArray, GenericByteArray,
    LargeBinaryArray, LargeStringArray, StringArray, StringViewArray,
};
use arrow_schema::DataType;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3_arrow::input::AnyArray;

/// The width of a puzzle in the line form, and of a `fixed_size_binary` column of puzzles.
const CELLS: i32 = 81;

/// One Arrow array of text, by type.
enum Chunk {
    Utf8(StringArray),
    LargeUtf8(LargeStringArray),
    Utf8View(StringViewArray),
    Binary(BinaryArray),
    LargeBinary(LargeBinaryArray),
    BinaryView(BinaryViewArray),
    Fixed(FixedSizeBinaryArray),
    /// The `null` type: this many rows, every one null.
    Null(usize),
}

impl Chunk {
    /// The array as one of the text types, or `None` for any other type.
    fn new(array: &ArrayRef) -> Option<Chunk> {
        Some(match array.data_type() {
            DataType::Utf8 => Chunk::Utf8(array.as_string::<i32>().clone()),
            DataType::LargeUtf8 => Chunk::LargeUtf8(array.as_string::<i64>().clone()),
            DataType::Utf8View => Chunk::Utf8View(array.as_string_view().clone()),
            DataType::Binary => Chunk::Binary(array.as_binary::<i32>().clone()),
            DataType::LargeBinary => Chunk::LargeBinary(array.as_binary::<i64>().clone()),
            DataType::BinaryView => Chunk::BinaryView(array.as_binary_view().clone()),
            DataType::FixedSizeBinary(CELLS) => Chunk::Fixed(array.as_fixed_size_binary().clone()),
            DataType::Null => Chunk::Null(array.len()),
            _ => return None,
        })
    }

    fn len(&self) -> usize {
        match self {
            Chunk::Utf8(a) => a.len(),
            Chunk::LargeUtf8(a) => a.len(),
            Chunk::Utf8View(a) => a.len(),
            Chunk::Binary(a) => a.len(),
            Chunk::LargeBinary(a) => a.len(),
            Chunk::BinaryView(a) => a.len(),
            Chunk::Fixed(a) => a.len(),
            Chunk::Null(len) => *len,
        }
    }

    /// Row `i`'s bytes, or `None` where it is null.
    #[inline]
    fn get(&self, i: usize) -> Option<&[u8]> {
        /// The value of a string or binary array (32- or 64-bit offsets), unless null.
        #[inline]
        fn bytes<T: ByteArrayType>(a: &GenericByteArray<T>, i: usize) -> Option<&[u8]>
        where
            T::Native: AsRef<[u8]>,
        {
            a.is_valid(i).then(|| a.value(i).as_ref())
        }
        match self {
            Chunk::Utf8(a) => bytes::<Utf8Type>(a, i),
            Chunk::LargeUtf8(a) => bytes::<LargeUtf8Type>(a, i),
            Chunk::Binary(a) => bytes::<BinaryType>(a, i),
            Chunk::LargeBinary(a) => bytes::<LargeBinaryType>(a, i),
            Chunk::Utf8View(a) => a.is_valid(i).then(|| a.value(i).as_bytes()),
            Chunk::BinaryView(a) => a.is_valid(i).then(|| a.value(i)),
            Chunk::Fixed(a) => a.is_valid(i).then(|| a.value(i)),
            Chunk::Null(_) => None,
        }
    }
}

/// A column of puzzles or answers: the chunks of an Arrow array or chunked array, in order.
pub(crate) struct Texts {
    chunks: Vec<Chunk>,
    /// `starts[k]` is the first row of chunk `k`; one more entry holds the row count.
    starts: Vec<usize>,
}

impl Texts {
    /// Reads `object` (anything with `__arrow_c_array__` or `__arrow_c_stream__`) as a column
    /// of text; `what` names the argument in errors.
    pub(crate) fn extract(object: &Bound<'_, PyAny>, what: &str) -> PyResult<Texts> {
        let arrays = object.extract::<AnyArray>().map_err(|e| {
            PyTypeError::new_err(format!(
                "{what}: expected a list, tuple, numpy array or pandas Series of str, or an \
                 Arrow array of strings, got {} ({e})",
                type_name(object)
            ))
        })?;
        let chunked = arrays.into_chunked_array().map_err(PyErr::from)?;
        let (arrays, field) = chunked.into_inner();
        let column_type = field.data_type();
        let mut chunks = Vec::with_capacity(arrays.len());
        let mut starts = vec![0];
        for array in &arrays {
            let chunk = Chunk::new(array).ok_or_else(|| wrong_type(what, column_type))?;
            starts.push(starts.last().copied().unwrap_or(0) + chunk.len());
            chunks.push(chunk);
        }
        if chunks.is_empty() && Chunk::new(&arrow_array::new_empty_array(column_type)).is_none() {
            return Err(wrong_type(what, column_type));
        }
        Ok(Texts { chunks, starts })
    }

    /// Rows.
    pub(crate) fn len(&self) -> usize {
        self.starts.last().copied().unwrap_or(0)
    }

    /// Whether row `row` is null.
    #[inline]
    pub(crate) fn is_null(&self, row: usize) -> bool {
        let (chunk, i) = self.locate(row);
        match chunk {
            Chunk::Null(_) => true,
            Chunk::Utf8(a) => a.is_null(i),
            Chunk::LargeUtf8(a) => a.is_null(i),
            Chunk::Utf8View(a) => a.is_null(i),
            Chunk::Binary(a) => a.is_null(i),
            Chunk::LargeBinary(a) => a.is_null(i),
            Chunk::BinaryView(a) => a.is_null(i),
            Chunk::Fixed(a) => a.is_null(i),
        }
    }

    /// Row `row`'s bytes, or `None` where it is null.
    #[inline]
    pub(crate) fn get(&self, row: usize) -> Option<&[u8]> {
        let (chunk, i) = self.locate(row);
        chunk.get(i)
    }

    /// The chunk that holds row `row`, and the row's index in it.
    #[inline]
    fn locate(&self, row: usize) -> (&Chunk, usize) {
        if let [chunk] = self.chunks.as_slice() {
            return (chunk, row);
        }
        // The last chunk whose first row is at or before `row`: empty chunks are skipped over,
        // as the search lands on the last of equal starts.
        let k = self.starts.partition_point(|&start| start <= row) - 1;
        (&self.chunks[k], row - self.starts[k])
    }
}

/// The error for a column of the wrong Arrow type.
fn wrong_type(what: &str, found: &DataType) -> PyErr {
    let hint = match found {
        DataType::FixedSizeBinary(_) => "fixed_size_binary must be 81 bytes wide; ",
        DataType::Struct(_) => "that is a table, not a column: pass one column; ",
        d if d.is_integer() => "for integer grids use solve_array; ",
        _ => "",
    };
    let message = format!(
        "{what}: expected strings (str or bytes; Arrow string, large_string, string_view, \
         binary, large_binary, binary_view or fixed_size_binary(81)), {hint}got Arrow type \
         {found}"
    );
    if matches!(found, DataType::FixedSizeBinary(_)) {
        PyValueError::new_err(message)
    } else {
        PyTypeError::new_err(message)
    }
}

/// A Python object's type name, for errors.
pub(crate) fn type_name(object: &Bound<'_, PyAny>) -> String {
    object.get_type().name().map_or_else(|_| "?".into(), |n| n.to_string())
}
