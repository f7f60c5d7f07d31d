//! The output formats a user can ask for, and a failure report's: what a path's extension
//! names, and what `auto` becomes for an input's format.

use std::fmt;

use crate::io::format::Format;
use crate::io::input::Compression;

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
    /// Tab-separated values: CSV's columns and header, a tab between fields (quoted as CSV
    /// quotes: a field holding a tab, a quote or a line end, its quotes doubled).
    Tsv,
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
    /// The same columns, tab-separated.
    Tsv,
    /// `{"line":…,"status":…,"error":…,"record":…}` a line.
    Jsonl,
}

impl ReportFormat {
    /// The byte between fields, for a report of rows of fields.
    pub fn delimiter(self) -> Option<u8> {
        match self {
            ReportFormat::Csv => Some(b','),
            ReportFormat::Tsv => Some(b'\t'),
            ReportFormat::Jsonl => None,
        }
    }

    /// JSON Lines for a path ending `.jsonl` or `.ndjson` (before any compression extension,
    /// see `OutputName`), tab-separated for `.tsv`; CSV otherwise. A path ending `.json` is
    /// refused (`None`): a report is a stream of records, not one JSON document; so are names
    /// of formats a report is not written in (`.parquet`, ...).
    pub fn for_path(path: &std::path::Path) -> Option<ReportFormat> {
        match OutputName::of(path).extension.as_deref() {
            Some("jsonl" | "ndjson") => Some(ReportFormat::Jsonl),
            Some("tsv") => Some(ReportFormat::Tsv),
            Some("json" | "parquet" | "arrow" | "feather" | "xlsx") => None,
            _ => Some(ReportFormat::Csv),
        }
    }
}

/// What an output's name says, the one rule for every output a run writes (`-o`, `--report`,
/// `--summary-json`, Python's `output=` and `report=`): a last extension `.gz`, `.zst`, `.xz`
/// or `.bz2` names its compression, and the extension before it (or the last one, when there
/// is no compression) names its format: `x.csv.gz` is gzip-compressed CSV.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputName {
    /// The format's extension, lower case, if there is one.
    pub extension: Option<String>,
    /// The compression the name asks for.
    pub compression: Option<Compression>,
}

impl OutputName {
    /// Reads `path`'s name.
    pub fn of(path: &std::path::Path) -> OutputName {
        let lower = |p: &std::path::Path| {
            p.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase)
        };
        let compression = lower(path).as_deref().and_then(Compression::for_extension);
        let extension = match compression {
            Some(_) => path.file_stem().and_then(|stem| lower(std::path::Path::new(stem))),
            None => lower(path),
        };
        OutputName { extension, compression }
    }
}

impl OutputFormat {
    /// The byte between fields, for the formats of rows of fields (CSV, TSV).
    pub fn delimiter(self) -> Option<u8> {
        match self {
            OutputFormat::Csv => Some(b','),
            OutputFormat::Tsv => Some(b'\t'),
            _ => None,
        }
    }

    /// The concrete format for an input of `input`'s format: `Auto` is CSV for CSV input
    /// (and other rows of fields), line otherwise.
    pub fn resolve(self, input: Format) -> OutputFormat {
        match (self, input) {
            (OutputFormat::Auto, Format::Csv(_)) => OutputFormat::Csv,
            (OutputFormat::Auto, _) => OutputFormat::Line,
            (chosen, _) => chosen,
        }
    }

    /// The format an output path's name names (`.csv`, `.tsv`, `.jsonl`, `.ndjson`, `.txt`,
    /// `.parquet`, each perhaps compressed: see `OutputName`), if any: `Err` with the reason
    /// for a name whose content we would not write as named (`.json`, `.parquet.gz`).
    pub fn for_path(path: &std::path::Path) -> Result<Option<OutputFormat>, String> {
        let name = OutputName::of(path);
        let format = match name.extension.as_deref() {
            Some("csv") => Some(OutputFormat::Csv),
            Some("jsonl" | "ndjson") => Some(OutputFormat::Jsonl),
            Some("parquet") => Some(OutputFormat::Parquet),
            Some("txt") => Some(OutputFormat::Line),
            Some("tsv") => Some(OutputFormat::Tsv),
            Some(ext @ ("arrow" | "feather" | "json" | "xlsx")) => {
                return Err(format!(".{ext} output is not written yet"))
            }
            _ => None,
        };
        match (format, name.compression) {
            (Some(OutputFormat::Parquet), Some(compression)) => Err(format!(
                "Parquet compresses its own columns (zstd), so .parquet.{} is not written",
                compression.extension()
            )),
            _ => Ok(format),
        }
    }
}

impl fmt::Display for OutputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OutputFormat::Auto => "auto",
            OutputFormat::Line => "line",
            OutputFormat::Csv => "csv",
            OutputFormat::Tsv => "tsv",
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
        assert!(OutputFormat::for_path(Path::new("x.feather")).is_err());
    }

    #[test]
    fn a_compression_extension_leaves_the_format_to_the_one_before_it() {
        use std::path::Path;
        let of = |p: &str| OutputFormat::for_path(Path::new(p));
        assert_eq!(of("x.csv.gz"), Ok(Some(OutputFormat::Csv)));
        assert_eq!(of("x.JSONL.ZST"), Ok(Some(OutputFormat::Jsonl)));
        assert_eq!(of("x.txt.xz"), Ok(Some(OutputFormat::Line)));
        assert_eq!(of("x.bz2"), Ok(None));
        assert_eq!(of("x.out.gz"), Ok(None));
        assert!(of("x.parquet.gz").unwrap_err().contains("Parquet compresses its own"));
        assert_eq!(of("x.tsv"), Ok(Some(OutputFormat::Tsv)));
        assert_eq!(of("x.TSV.gz"), Ok(Some(OutputFormat::Tsv)));
        assert_eq!(OutputFormat::Tsv.delimiter(), Some(b'\t'));
        assert_eq!(OutputFormat::Csv.delimiter(), Some(b','));
        assert_eq!(OutputFormat::Jsonl.delimiter(), None);
        assert_eq!(ReportFormat::for_path(Path::new("bad.tsv.zst")), Some(ReportFormat::Tsv));
        assert_eq!(ReportFormat::Tsv.delimiter(), Some(b'\t'));
        let name = OutputName::of(Path::new("dir.d/report.jsonl.bz2"));
        assert_eq!(name.extension.as_deref(), Some("jsonl"));
        assert_eq!(name.compression, Some(Compression::Bzip2));
        assert_eq!(OutputName::of(Path::new("x.csv")).compression, None);
        assert_eq!(ReportFormat::for_path(Path::new("bad.jsonl.gz")), Some(ReportFormat::Jsonl));
        assert_eq!(ReportFormat::for_path(Path::new("bad.json.zst")), None);
    }
}
