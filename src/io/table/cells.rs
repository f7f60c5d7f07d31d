//! A column's cells as bytes, read without copies, and which column types hold text or grids:
//! what choosing the columns (`columns`) and making the text (`text`) both look at.

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef};
use arrow_schema::{ArrowError, DataType};

/// A string or binary column's values, read without copies.
enum Values<'a> {
    /// Utf8 and Binary: 32-bit offsets into one buffer of values.
    Offsets32 { offsets: &'a [i32], data: &'a [u8] },
    /// LargeUtf8 and LargeBinary: 64-bit offsets.
    Offsets64 { offsets: &'a [i64], data: &'a [u8] },
    /// Utf8View.
    StringView(&'a arrow_array::StringViewArray),
    /// BinaryView.
    BinaryView(&'a arrow_array::BinaryViewArray),
    /// FixedSizeBinary.
    Fixed(&'a arrow_array::FixedSizeBinaryArray),
}

/// A column's cells as bytes, `None` for a null.
pub(super) struct Cells<'a> {
    values: Values<'a>,
    nulls: Option<&'a arrow_buffer::NullBuffer>,
}

impl<'a> Cells<'a> {
    /// The cells of a string or binary array (not a dictionary: see [`plain`]); `None` for
    /// other types.
    pub(super) fn new(array: &'a ArrayRef) -> Option<Cells<'a>> {
        let values = match array.data_type() {
            DataType::Utf8 => {
                let a = array.as_string::<i32>();
                Values::Offsets32 { offsets: a.value_offsets(), data: a.value_data() }
            }
            DataType::LargeUtf8 => {
                let a = array.as_string::<i64>();
                Values::Offsets64 { offsets: a.value_offsets(), data: a.value_data() }
            }
            DataType::Binary => {
                let a = array.as_binary::<i32>();
                Values::Offsets32 { offsets: a.value_offsets(), data: a.value_data() }
            }
            DataType::LargeBinary => {
                let a = array.as_binary::<i64>();
                Values::Offsets64 { offsets: a.value_offsets(), data: a.value_data() }
            }
            DataType::Utf8View => Values::StringView(array.as_string_view()),
            DataType::BinaryView => Values::BinaryView(array.as_binary_view()),
            DataType::FixedSizeBinary(_) => Values::Fixed(array.as_fixed_size_binary()),
            _ => return None,
        };
        Some(Cells { values, nulls: array.nulls() })
    }

    /// Row `i`'s cell, `None` if null.
    #[inline]
    pub(super) fn get(&self, i: usize) -> Option<&'a [u8]> {
        if self.nulls.is_some_and(|n| n.is_null(i)) {
            return None;
        }
        Some(match &self.values {
            Values::Offsets32 { offsets, data } => {
                &data[offsets[i] as usize..offsets[i + 1] as usize]
            }
            Values::Offsets64 { offsets, data } => {
                &data[offsets[i] as usize..offsets[i + 1] as usize]
            }
            Values::StringView(a) => a.value(i).as_bytes(),
            Values::BinaryView(a) => a.value(i),
            Values::Fixed(a) => a.value(i),
        })
    }
}

/// A dictionary-encoded column (a pandas categorical) as plain strings; any other as it is.
pub(super) fn plain(array: &ArrayRef) -> Result<ArrayRef, ArrowError> {
    match array.data_type() {
        DataType::Dictionary(_, values) => arrow_cast::cast(array, values),
        _ => Ok(Arc::clone(array)),
    }
}

/// Whether a column's type is a list of integers, or of lists of integers (Arrow's list,
/// large list and fixed-size list): a grid, as LLM datasets store 16x16 puzzles.
pub(super) fn integer_lists(data_type: &DataType) -> bool {
    match data_type {
        DataType::List(item) | DataType::LargeList(item) | DataType::FixedSizeList(item, _) => {
            let item = item.data_type();
            item.is_integer() || integer_lists(item)
        }
        _ => false,
    }
}
