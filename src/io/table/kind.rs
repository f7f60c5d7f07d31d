//! The columnar formats read, told by their first bytes whoever opens the file, and why a file
//! of one cannot be read: the words every other part of the table reader uses.

use std::fmt;
use std::io;

use arrow_schema::DataType;

use crate::io::format::Column;

/// The columnar formats read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TableKind {
    /// Apache Parquet: `PAR1` at the start (and the end).
    Parquet,
    /// The Arrow IPC file format (Feather v2): `ARROW1` at the start.
    ArrowIpc,
    /// The Arrow IPC stream format (what Hugging Face `datasets` keeps in its `.arrow` cache
    /// files): a continuation marker `FF FF FF FF` and the schema message's length.
    ArrowStream,
}

impl TableKind {
    /// Bytes needed to tell.
    pub(crate) const MAGIC_BYTES: usize = 8;

    /// The columnar format `head`, a file's first bytes, starts with. (No text starts with
    /// `FF FF`: it is not UTF-8, and UTF-16's byte-order mark is `FF FE`.)
    pub(crate) fn sniff(head: &[u8]) -> Option<TableKind> {
        match head {
            [b'P', b'A', b'R', b'1', ..] => Some(TableKind::Parquet),
            [b'A', b'R', b'R', b'O', b'W', b'1', ..] => Some(TableKind::ArrowIpc),
            // The schema message's length follows: positive, and far below 2^24 in practice.
            [0xFF, 0xFF, 0xFF, 0xFF, a, b, c, 0, ..] if [*a, *b, *c] != [0, 0, 0] => {
                Some(TableKind::ArrowStream)
            }
            _ => None,
        }
    }

    /// Its name in messages.
    pub(crate) fn name(self) -> &'static str {
        match self {
            TableKind::Parquet => "Parquet",
            TableKind::ArrowIpc => "Arrow IPC",
            TableKind::ArrowStream => "Arrow IPC stream",
        }
    }
}

impl fmt::Display for TableKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a columnar file cannot be read.
#[derive(Debug, thiserror::Error)]
pub(crate) enum TableError {
    /// The file is not what its first bytes said, or is damaged where its metadata is.
    #[error("{path}: not a valid {kind} file (truncated or damaged?): {error}")]
    NotTable {
        /// The file.
        path: String,
        /// What it was read as.
        kind: TableKind,
        /// What the reader said.
        error: String,
    },
    /// A column asked for by name is not in the schema.
    #[error("{path}: no column {column}; the columns are {columns}")]
    NoSuchColumn {
        /// The file.
        path: String,
        /// The column asked for.
        column: Column,
        /// The file's columns and their types.
        columns: String,
    },
    /// A column asked for by position is past the last.
    #[error("{path}: column {index} asked for, but the file has {count}: {columns}")]
    IndexOutOfRange {
        /// The file.
        path: String,
        /// The position asked for (from 1).
        index: usize,
        /// How many columns the file has.
        count: usize,
        /// The file's columns and their types.
        columns: String,
    },
    /// The column chosen holds something other than text.
    #[error(
        "{path}: column {name:?} holds {data_type}, which is not read: puzzles are read from \
         string and binary columns (Utf8, LargeUtf8, Utf8View, Binary, LargeBinary, \
         BinaryView, FixedSizeBinary, or a dictionary of strings) and lists of integers (a \
         grid, flat or row by row); the columns are {columns}"
    )]
    UnreadableType {
        /// The file.
        path: String,
        /// The column's name.
        name: String,
        /// Its type.
        data_type: DataType,
        /// The file's columns and their types.
        columns: String,
    },
    /// Nothing says which column holds the puzzle.
    #[error(
        "{path}: cannot tell which column holds the puzzle: no column is named so (quizzes, \
         puzzle, question, ...), and no string column holds 81-cell puzzles in most of the \
         first {rows} rows; the columns are {columns}; use --puzzle-col (only string and \
         binary columns are read)"
    )]
    NoPuzzleColumn {
        /// The file.
        path: String,
        /// Rows looked at.
        rows: usize,
        /// The file's columns and their types.
        columns: String,
    },
    /// The first rows, read to find the columns, could not be decoded.
    #[error("{path}: damaged {kind} data in its first rows: {error}")]
    Damaged {
        /// The file.
        path: String,
        /// What it was read as.
        kind: TableKind,
        /// What the reader said.
        error: String,
    },
    /// Reading the file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The error.
        source: io::Error,
    },
}
