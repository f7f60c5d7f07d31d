//! Rows into record batches, for Parquet output and Python's tables alike: our columns from
//! each row's values ([`Row::value`](crate::table::Row::value)), typed as
//! [`OutputColumn::data_type`] says, and an input's columns from their text, cast back to
//! their own types.

use std::sync::Arc;

use arrow_array::{Array, ArrayRef, Int64Array, RecordBatch, StringArray};
use arrow_buffer::{Buffer, NullBufferBuilder, OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType, Field, FieldRef, Schema, SchemaRef};

use super::write::output_type;
use crate::io::output::{OutputColumn, Value};

/// The schema of a table of the input's columns `input` (each of the type `output_type`
/// gives) then ours, `ours`, named `names` (their names beside the input's, from
/// [`output_names`](crate::output_names)).
pub fn table_schema(input: &[FieldRef], ours: &[OutputColumn], names: &[String]) -> Schema {
    let input = input.iter().map(|f| Field::new(f.name(), output_type(f.data_type()), true));
    let ours =
        ours.iter().zip(names).map(|(c, name)| Field::new(name, c.data_type(), c.nullable()));
    Schema::new(input.chain(ours).collect::<Vec<_>>())
}

/// A `string` column being built. Every value appended is UTF-8: an input's field is checked
/// (or made so, lossily) and ours are ASCII or Rust's own formatting; the offsets only grow.
/// [`TextColumn::finish`] relies on both.
struct TextColumn {
    values: Vec<u8>,
    offsets: Vec<i32>,
    nulls: NullBufferBuilder,
}

impl TextColumn {
    fn new(rows: usize, bytes: usize) -> TextColumn {
        let mut offsets = Vec::with_capacity(rows + 1);
        offsets.push(0);
        TextColumn {
            values: Vec::with_capacity(bytes),
            offsets,
            nulls: NullBufferBuilder::new(rows),
        }
    }

    /// Ends a value whose bytes were appended to `values` (checked against the 2 GiB an
    /// offset can reach once, in [`TextColumn::finish`]).
    fn end_value(&mut self) {
        self.offsets.push(self.values.len() as i32);
        self.nulls.append_non_null();
    }

    fn push_null(&mut self) {
        self.offsets.push(*self.offsets.last().expect("starts with 0"));
        self.nulls.append_null();
    }

    /// The column built; it starts again empty, with room for as many rows.
    fn finish(&mut self) -> Result<ArrayRef, ArrowError> {
        let rows = self.offsets.len() - 1;
        let fresh = TextColumn::new(rows, self.values.len());
        let TextColumn { values, offsets, mut nulls } = std::mem::replace(self, fresh);
        if i32::try_from(values.len()).is_err() {
            return Err(ArrowError::InvalidArgumentError(format!(
                "a batch's text column holds {} bytes, more than a `string` column's 2 GiB",
                values.len()
            )));
        }
        let offsets = OffsetBuffer::new(ScalarBuffer::from(offsets));
        // SAFETY: the offsets start at 0, never decrease and end at `values.len()`, which fits
        // in an `i32` (checked above, so no offset wrapped); every value between two offsets
        // is UTF-8 (see the type's documentation). `try_new` would check both again, a row
        // at a time: a tenth of what a row of Python's `solve` costs beyond the solver.
        let array = unsafe {
            StringArray::new_unchecked(offsets, Buffer::from_vec(values), nulls.finish())
        };
        Ok(Arc::new(array))
    }
}

/// An `int64` column being built.
struct IntColumn {
    values: Vec<i64>,
    nulls: NullBufferBuilder,
}

impl IntColumn {
    fn new(rows: usize) -> IntColumn {
        IntColumn { values: Vec::with_capacity(rows), nulls: NullBufferBuilder::new(rows) }
    }

    fn push(&mut self, value: Option<i64>) {
        self.values.push(value.unwrap_or(0));
        match value {
            Some(_) => self.nulls.append_non_null(),
            None => self.nulls.append_null(),
        }
    }

    fn finish(&mut self) -> ArrayRef {
        let fresh = IntColumn::new(self.values.len());
        let IntColumn { values, mut nulls } = std::mem::replace(self, fresh);
        Arc::new(Int64Array::new(ScalarBuffer::from(values), nulls.finish()))
    }
}

/// One column being built.
enum Built {
    Text(TextColumn),
    Int(IntColumn),
}

/// Bytes a row of `column` holds, about: room made for them up front.
fn row_bytes(column: OutputColumn) -> usize {
    match column {
        OutputColumn::Puzzle | OutputColumn::Solution | OutputColumn::Canonical => 81,
        OutputColumn::Transform => 40,
        OutputColumn::Status => 8,
        _ => 0,
    }
}

/// A column of JSON texts (our `steps`: an object of counts, an array of steps) as the nested
/// Arrow type they are written for, by Arrow's JSON reader; a null stays a null.
fn from_json(text: &ArrayRef, name: &str, to: &DataType) -> Result<ArrayRef, ArrowError> {
    let texts = text.as_any().downcast_ref::<StringArray>().expect("a text column");
    let field = Arc::new(Field::new("v", to.clone(), true));
    let schema = Arc::new(Schema::new(vec![Arc::clone(&field)]));
    let mut lines = Vec::with_capacity(texts.values().len() + 8 * texts.len());
    for value in texts {
        match value {
            Some(json) => {
                lines.extend_from_slice(b"{\"v\":");
                lines.extend_from_slice(json.as_bytes());
                lines.extend_from_slice(b"}\n");
            }
            None => lines.extend_from_slice(b"{}\n"),
        }
    }
    let error = |e: ArrowError| ArrowError::CastError(format!("column {name:?}: {e}"));
    let mut decoder = arrow_json::ReaderBuilder::new(schema)
        .with_batch_size(texts.len().max(1))
        .build_decoder()
        .map_err(error)?;
    let mut rest = &lines[..];
    while !rest.is_empty() {
        let read = decoder.decode(rest).map_err(error)?;
        if read == 0 {
            break;
        }
        rest = &rest[read..];
    }
    match decoder.flush().map_err(error)? {
        Some(batch) => Ok(Arc::clone(batch.column(0))),
        None => Ok(arrow_array::new_null_array(to, 0)),
    }
}

/// A batch of rows being built: the input's columns (as text) then ours, a row at a time.
pub struct TableBuilder {
    schema: SchemaRef,
    /// How many of the schema's columns, the first ones, are the input's.
    inputs: usize,
    /// Our columns, which follow the input's.
    ours: Arc<[OutputColumn]>,
    columns: Vec<Built>,
    rows: usize,
}

impl TableBuilder {
    /// A builder of rows of `schema` (see [`table_schema`]), whose first `inputs` columns are
    /// the input's and the others `ours`, with room for about `rows` rows.
    pub fn new(
        schema: SchemaRef,
        inputs: usize,
        ours: Arc<[OutputColumn]>,
        rows: usize,
    ) -> TableBuilder {
        assert_eq!(schema.fields().len(), inputs + ours.len(), "the schema is the columns'");
        let input = (0..inputs).map(|_| Built::Text(TextColumn::new(rows, rows * 16)));
        let ours_built = ours.iter().map(|&c| match c.data_type() {
            DataType::Int64 => Built::Int(IntColumn::new(rows)),
            _ => Built::Text(TextColumn::new(rows, rows * row_bytes(c))),
        });
        let columns = input.chain(ours_built).collect();
        TableBuilder { schema, inputs, ours, columns, rows: 0 }
    }

    /// Rows pushed since the last batch.
    pub fn len(&self) -> usize {
        self.rows
    }

    /// Whether no row was pushed since the last batch.
    pub fn is_empty(&self) -> bool {
        self.rows == 0
    }

    /// Adds a row: the input's fields (`None` for a null; a field missing from the end is a
    /// null too), then our columns' values as `value` gives them.
    ///
    /// The fields should be UTF-8: the runs refuse a CSV field that is not before it comes
    /// here (`NotText`), and Arrow's strings are. One that is not
    /// is kept as text with U+FFFD for its bad bytes, as a `string` column needs.
    pub fn push<'f, 'v>(
        &mut self,
        fields: impl IntoIterator<Item = Option<&'f [u8]>>,
        value: impl Fn(OutputColumn) -> Value<'v>,
    ) {
        let (input, ours) = self.columns.split_at_mut(self.inputs);
        let mut fields = fields.into_iter();
        for built in input {
            let Built::Text(column) = built else { unreachable!("input columns are text") };
            match fields.next().flatten() {
                Some(field) => {
                    match std::str::from_utf8(field) {
                        Ok(_) => column.values.extend_from_slice(field),
                        Err(_) => column
                            .values
                            .extend_from_slice(String::from_utf8_lossy(field).as_bytes()),
                    }
                    column.end_value();
                }
                None => column.push_null(),
            }
        }
        for (built, &c) in ours.iter_mut().zip(self.ours.iter()) {
            match (built, value(c)) {
                (Built::Int(column), Value::Int(n)) => {
                    column.push(Some(i64::try_from(n).unwrap_or(i64::MAX)))
                }
                (Built::Int(column), _) => column.push(None),
                (Built::Text(column), Value::Null) => column.push_null(),
                (Built::Text(column), v) => {
                    v.write_text(&mut column.values);
                    column.end_value();
                }
            }
        }
        self.rows += 1;
    }

    /// The rows pushed, as a record batch; the builder starts again empty. An input's column
    /// of another type than text is cast back to it; a value that does not cast is an error
    /// naming the column, never a null.
    pub fn finish(&mut self) -> Result<RecordBatch, ArrowError> {
        let options = arrow_cast::CastOptions { safe: false, ..Default::default() };
        let fields = self.schema.fields().clone();
        let columns = self
            .columns
            .iter_mut()
            .zip(fields.iter())
            .map(|(built, field)| match built {
                Built::Int(column) => Ok(column.finish()),
                Built::Text(column) => {
                    let text = column.finish()?;
                    match field.data_type() {
                        DataType::Utf8 => Ok(text),
                        nested @ (DataType::Map(..) | DataType::List(_)) => {
                            from_json(&text, field.name(), nested)
                        }
                        to => arrow_cast::cast_with_options(&text, to, &options).map_err(|e| {
                            ArrowError::CastError(format!("column {:?}: {e}", field.name()))
                        }),
                    }
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        self.rows = 0;
        RecordBatch::try_new(Arc::clone(&self.schema), columns)
    }
}
