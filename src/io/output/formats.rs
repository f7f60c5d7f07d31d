//! The output formats a user can ask for, and a failure report's: what a path's extension
//! names, and what `auto` becomes for an input's format.

use std::fmt;

use crate::io::format::Format;

/// The output formats a user can ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum OutputFormat {
    /// `csv` for a CSV input, `line` otherwise.
    #[default]
    Auto,
    /// Answers in the puzzle's own layout, one record a line (nine rows for a grid answer).
    Line,
    /// CSV with a header.
    Csv,
    /// JSON Lines.
    Jsonl,
    /// Parquet: the JSON Lines fields as typed columns (`line`, `count`, `limit`, `guesses` as
    /// integers).
    Parquet,
}

/// The formats of a failure report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportFormat {
    /// `line,status,error,record`.
    Csv,
    /// `{"line":…,"status":…,"error":…,"record":…}` a line.
    Jsonl,
}

impl ReportFormat {
    /// JSON Lines for a path ending `.jsonl` or `.ndjson`; CSV otherwise. A path ending `.json`
    /// is refused (`None`): a report is a stream of records, not one JSON document.
    pub fn for_path(path: &std::path::Path) -> Option<ReportFormat> {
        match path.extension().and_then(|e| e.to_str()) {
            Some("jsonl" | "ndjson") => Some(ReportFormat::Jsonl),
            Some("json") => None,
            _ => Some(ReportFormat::Csv),
        }
    }
}

impl OutputFormat {
    /// The concrete format for an input of `input`'s format: `Auto` is CSV for CSV input
    /// (and other rows of fields), line otherwise.
    pub fn resolve(self, input: Format) -> OutputFormat {
        match (self, input) {
            (OutputFormat::Auto, Format::Csv(_)) => OutputFormat::Csv,
            (OutputFormat::Auto, _) => OutputFormat::Line,
            (chosen, _) => chosen,
        }
    }

    /// The format an output path's extension names (`.csv`, `.jsonl`, `.ndjson`, `.txt`), if
    /// any: `Err` with the extension for one that names a format we do not write.
    pub fn for_path(path: &std::path::Path) -> Result<Option<OutputFormat>, String> {
        match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
            Some("csv") => Ok(Some(OutputFormat::Csv)),
            Some("jsonl" | "ndjson") => Ok(Some(OutputFormat::Jsonl)),
            Some("parquet") => Ok(Some(OutputFormat::Parquet)),
            Some("txt") => Ok(Some(OutputFormat::Line)),
            Some(ext @ ("arrow" | "feather" | "json" | "xlsx")) => Err(ext.to_string()),
            _ => Ok(None),
        }
    }
}

impl fmt::Display for OutputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OutputFormat::Auto => "auto",
            OutputFormat::Line => "line",
            OutputFormat::Csv => "csv",
            OutputFormat::Jsonl => "jsonl",
            OutputFormat::Parquet => "parquet",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_follow_the_path_extension() {
        use std::path::Path;
        assert_eq!(ReportFormat::for_path(Path::new("bad.jsonl")), Some(ReportFormat::Jsonl));
        assert_eq!(ReportFormat::for_path(Path::new("bad.csv")), Some(ReportFormat::Csv));
        assert_eq!(ReportFormat::for_path(Path::new("bad")), Some(ReportFormat::Csv));
        assert_eq!(ReportFormat::for_path(Path::new("bad.json")), None);
        assert_eq!(OutputFormat::for_path(Path::new("x.CSV")), Ok(Some(OutputFormat::Csv)));
        assert_eq!(OutputFormat::for_path(Path::new("x.ndjson")), Ok(Some(OutputFormat::Jsonl)));
        assert_eq!(OutputFormat::for_path(Path::new("x.out")), Ok(None));
        assert_eq!(OutputFormat::for_path(Path::new("x.parquet")), Ok(Some(OutputFormat::Parquet)));
        assert_eq!(OutputFormat::for_path(Path::new("x.feather")), Err("feather".to_string()));
    }
}
