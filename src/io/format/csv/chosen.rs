//! What a run tells its user about the columns it read a CSV or table input with: the serde
//! view of a [`ColumnChoice`], positions from 1, which the summary and `stats` write.

use serde::Serialize;

use super::{ColumnChoice, ColumnSource};

/// The columns a CSV or table input was read with (positions from 1).
#[derive(Debug, Clone, Serialize)]
pub struct Columns {
    /// The puzzle column.
    pub puzzle: Column,
    /// The solution column, if the rows carry one.
    pub solution: Option<Column>,
    /// The header's line, if there is a header.
    pub header_line: Option<u64>,
    /// Rows read to decide.
    pub rows_read: usize,
}

/// One column chosen.
#[derive(Debug, Clone, Serialize)]
pub struct Column {
    /// Its position, from 1.
    pub column: usize,
    /// Its header name, if any.
    pub name: Option<String>,
    /// How it was chosen: `given`, `header` or `content`.
    pub chosen: &'static str,
}

impl From<&ColumnChoice> for Columns {
    fn from(choice: &ColumnChoice) -> Columns {
        let column = |(i, name, source): &(usize, Option<String>, ColumnSource)| Column {
            column: i + 1,
            name: name.clone(),
            chosen: match source {
                ColumnSource::Given => "given",
                ColumnSource::Header => "header",
                ColumnSource::Content => "content",
            },
        };
        Columns {
            puzzle: column(&choice.puzzle),
            solution: choice.answer.as_ref().map(column),
            header_line: choice.header_line,
            rows_read: choice.rows_read,
        }
    }
}
