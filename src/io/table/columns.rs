//! Which columns of a table hold the puzzle and its answer: the ones the user names or
//! numbers, else the ones the schema names as known, else by content, the columns that hold
//! 81-cell grids in most of the first rows. The same rules as a CSV input's (see
//! `io::format::csv::layout`), over a schema and record batches rather than a header line.

use arrow_array::RecordBatch;
use arrow_schema::{ArrowError, DataType, FieldRef};

use crate::io::format::csv::{is_grid_field, ANSWER_NAMES, EVIDENCE_ROWS, PUZZLE_NAMES};
use crate::io::format::{Column, ColumnSource};

use super::cells::{integer_lists, plain, Cells};
use super::kind::TableError;

/// The columns chosen (positions from 0) and how.
#[derive(Debug, Clone, Copy)]
pub(super) struct Chosen {
    pub(super) puzzle: (usize, ColumnSource),
    pub(super) answer: Option<(usize, ColumnSource)>,
    pub(super) rows_read: usize,
}

/// Whether a column of this type is read as text.
fn readable(data_type: &DataType) -> bool {
    match data_type {
        DataType::Utf8
        | DataType::LargeUtf8
        | DataType::Utf8View
        | DataType::Binary
        | DataType::LargeBinary
        | DataType::BinaryView
        | DataType::FixedSizeBinary(_) => true,
        DataType::Dictionary(_, values) => {
            readable(values) && !matches!(**values, DataType::FixedSizeBinary(_))
        }
        // Grids of integers, flat or row by row (16x16 datasets store them so).
        other => integer_lists(other),
    }
}

/// The columns and their types, for messages: `id (Int64), quizzes (Utf8)`.
fn describe(fields: &[FieldRef]) -> String {
    if fields.is_empty() {
        return "none".into();
    }
    let columns: Vec<String> =
        fields.iter().map(|f| format!("{} ({})", f.name(), f.data_type())).collect();
    columns.join(", ")
}

/// Per readable column, over the first rows: how many hold a grid, and how many of those have
/// blanks.
#[derive(Debug, Default)]
pub(super) struct Evidence {
    rows: usize,
    /// `(column, grids, grids with blanks)`.
    columns: Vec<(usize, usize, usize)>,
}

impl Evidence {
    /// Counts the grids in `batch`, whose columns are `columns` of the file, in order.
    pub(super) fn add(&mut self, batch: &RecordBatch, columns: &[usize]) -> Result<(), ArrowError> {
        if self.columns.is_empty() {
            self.columns = columns.iter().map(|&c| (c, 0, 0)).collect();
        }
        let rows = batch.num_rows().min(EVIDENCE_ROWS - self.rows);
        for (j, array) in batch.columns().iter().enumerate() {
            let array = plain(array)?;
            let Some(cells) = Cells::new(&array) else { continue };
            let (_, grids, blanks) = &mut self.columns[j];
            for i in 0..rows {
                let Some(field) = cells.get(i) else { continue };
                let field = field.trim_ascii();
                if is_grid_field(field) {
                    *grids += 1;
                    *blanks +=
                        usize::from(field.iter().any(|&b| crate::grid::cell_value(b) == Some(0)));
                }
            }
        }
        self.rows += rows;
        Ok(())
    }

    pub(super) fn full(&self) -> bool {
        self.rows >= EVIDENCE_ROWS
    }
}

/// Chooses the columns as a CSV input's are chosen (see the module's documentation), calling
/// `evidence` with the readable columns only where their content must decide.
pub(super) fn choose(
    path: &str,
    fields: &[FieldRef],
    puzzle: Option<&Column>,
    answer: Option<&Column>,
    evidence: impl FnOnce(&[usize]) -> Result<Evidence, TableError>,
) -> Result<Chosen, TableError> {
    let columns = || describe(fields);
    let check = |i: usize| -> Result<usize, TableError> {
        match readable(fields[i].data_type()) {
            true => Ok(i),
            false => Err(TableError::UnreadableType {
                path: path.into(),
                name: fields[i].name().clone(),
                data_type: fields[i].data_type().clone(),
                columns: columns(),
            }),
        }
    };
    let find = |column: &Column| -> Result<usize, TableError> {
        let i = match column {
            Column::Index(i) if (1..=fields.len()).contains(i) => i - 1,
            Column::Index(index) => {
                return Err(TableError::IndexOutOfRange {
                    path: path.into(),
                    index: *index,
                    count: fields.len(),
                    columns: columns(),
                })
            }
            Column::Name(name) => fields
                .iter()
                .position(|f| f.name().trim().eq_ignore_ascii_case(name.trim()))
                .ok_or_else(|| TableError::NoSuchColumn {
                    path: path.into(),
                    column: column.clone(),
                    columns: columns(),
                })?,
        };
        check(i)
    };
    let by_name = |known: &[&str]| {
        fields.iter().position(|f| known.contains(&f.name().trim().to_ascii_lowercase().as_str()))
    };

    let mut rows_read = 0;
    let mut grid_columns = Vec::new();
    let puzzle = match (puzzle, by_name(&PUZZLE_NAMES)) {
        (Some(column), _) => (find(column)?, ColumnSource::Given),
        (None, Some(i)) => (check(i)?, ColumnSource::Header),
        (None, None) => {
            let candidates: Vec<usize> =
                (0..fields.len()).filter(|&i| readable(fields[i].data_type())).collect();
            let found = evidence(&candidates)?;
            rows_read = found.rows;
            grid_columns = found.columns.iter().filter(|c| c.1 * 2 > found.rows).copied().collect();
            let with_blanks = grid_columns.iter().find(|c| c.2 > 0);
            let i = match with_blanks.or(grid_columns.first()) {
                Some(c) => c.0,
                // An empty table: no rows to misread, whichever column is taken.
                None if found.rows == 0 && !candidates.is_empty() => candidates[0],
                None => {
                    return Err(TableError::NoPuzzleColumn {
                        path: path.into(),
                        rows: found.rows,
                        columns: columns(),
                    })
                }
            };
            (i, ColumnSource::Content)
        }
    };
    // The answer is the column named so; else, where the puzzle's was found by its content,
    // the next column of grids. A column named as an answer but holding numbers (a quiz
    // set's `answer`) is no answer to read.
    let answer = match (answer, by_name(&ANSWER_NAMES)) {
        (Some(column), _) => Some((find(column)?, ColumnSource::Given)),
        // (Not the puzzle's own column, asked for as the puzzle.)
        (None, Some(i)) if readable(fields[i].data_type()) && i != puzzle.0 => {
            Some((i, ColumnSource::Header))
        }
        _ if puzzle.1 == ColumnSource::Content => {
            grid_columns.iter().find(|c| c.0 != puzzle.0).map(|c| (c.0, ColumnSource::Content))
        }
        _ => None,
    };
    Ok(Chosen { puzzle, answer, rows_read })
}
