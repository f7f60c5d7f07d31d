//! Verdicts to bytes: encoders that append to a caller's buffer and never do I/O.
//!
//! Three output formats, for every command:
//! - **line** (the default for line and grid inputs): `solve` answers in its puzzle's layout
//!   (a line for a line, nine rows for nine rows), `count` writes the count (`2+` at the
//!   limit), `validate` writes `valid`. A failed record becomes one line
//!   `error: line N: reason`, which no reader can take for an answer.
//! - **csv** (the default for CSV inputs): a CSV input's columns then `line`, or `line,puzzle`
//!   for other inputs, followed by `status`, the command's own columns, and `error`.
//! - **jsonl**: one JSON object a record, with `line`, `status` and the fields that apply.
//!
//! Whatever the format, there is one output record per input record, in input order.
//! Failed records can also go to a report (CSV or JSON Lines) of their own.

use std::fmt::{self, Write as _};
use std::io::Write;

use crate::format::chunk::Chunk;
use crate::format::{Format, Layout, Puzzle, Record, Records};
use crate::grid::Grid;
use crate::pipeline::ChunkOutput;
use crate::verdict::{Fault, Verdict};

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
    /// JSON Lines for a path ending `.jsonl`, `.ndjson` or `.json`; CSV otherwise.
    pub fn for_path(path: &std::path::Path) -> ReportFormat {
        match path.extension().and_then(|e| e.to_str()) {
            Some("jsonl" | "ndjson" | "json") => ReportFormat::Jsonl,
            _ => ReportFormat::Csv,
        }
    }
}

/// Which command's columns an encoder writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Columns {
    /// `solution,guesses`.
    Solve,
    /// `count,guesses`, counting up to `limit`.
    Count {
        /// The count limit: a count equal to it means "that many or more".
        limit: u32,
    },
    /// No columns of its own.
    Validate,
}

impl Columns {
    fn names(self) -> &'static [&'static str] {
        match self {
            Columns::Solve => &["solution", "guesses"],
            Columns::Count { .. } => &["count", "guesses"],
            Columns::Validate => &[],
        }
    }

    /// The status of a record that passed.
    fn success(self) -> &'static str {
        match self {
            Columns::Solve => "solved",
            Columns::Count { .. } => "counted",
            Columns::Validate => "valid",
        }
    }
}

/// Encodes verdicts for one run: its command, input format and output format.
#[derive(Debug, Clone, Copy)]
pub struct Encoder {
    columns: Columns,
    input: Format,
    output: OutputFormat,
    report: Option<ReportFormat>,
}

impl Encoder {
    /// An encoder; `output` is resolved against the input format (`Auto` becomes concrete).
    pub fn new(
        columns: Columns,
        input: Format,
        output: OutputFormat,
        report: Option<ReportFormat>,
    ) -> Encoder {
        let output = match (output, input) {
            (OutputFormat::Auto, Format::Csv(_)) => OutputFormat::Csv,
            (OutputFormat::Auto, _) => OutputFormat::Line,
            (chosen, _) => chosen,
        };
        Encoder { columns, input, output, report }
    }

    /// What goes between two output records: a blank line between grid answers, else nothing.
    /// The pipeline's writer puts it between pieces too.
    pub fn separator(&self) -> &'static [u8] {
        match (self.output, self.input, self.columns) {
            (OutputFormat::Line, Format::Grid, Columns::Solve) => b"\n",
            _ => b"",
        }
    }

    /// Runs `judge` on every record of a piece and encodes what it concludes, with what goes
    /// around records: headers (in the first piece, or where a CSV input has its header) and
    /// separators. Failed records also get a stderr message naming `input` and the line.
    pub fn each_record<'a>(
        &self,
        chunk: &'a Chunk<'_>,
        input: &str,
        out: &mut ChunkOutput,
        mut judge: impl FnMut(&Record<'a>) -> Verdict,
    ) {
        if chunk.index == 0 {
            self.headers(out, None);
        }
        let mut records = Records::new(self.input, &chunk.data, chunk.first_line);
        loop {
            let record = records.next();
            if let Some(header) = records.take_header() {
                self.headers(out, Some(header));
            }
            let Some(record) = record else { return };
            if crate::signals::stop_requested().is_some() {
                return; // the run is being stopped: its output will not be kept
            }
            if out.tally.records > 0 {
                out.data.extend_from_slice(self.separator());
            }
            let verdict = judge(&record);
            out.tally.add(&verdict);
            self.record(&mut out.data, &record, &verdict);
            if let Some(fault) = &verdict.fault {
                writeln!(out.messages, "{input}: line {}: {fault}", record.line).expect("Vec");
                if let Some(format) = self.report {
                    report(&mut out.report, format, &record, fault);
                }
            }
        }
    }

    /// The CSV header of the output and of the report, when they need one here: at the start
    /// (`csv_header` = `None`) for inputs without a header, or at a CSV input's header.
    fn headers(&self, out: &mut ChunkOutput, csv_header: Option<&[u8]>) {
        let input_has_header = matches!(self.input, Format::Csv(l) if l.header_line.is_some());
        if csv_header.is_some() == input_has_header && self.output == OutputFormat::Csv {
            let data = &mut out.data;
            match (self.input, csv_header) {
                // A CSV input's columns come first, then the line they were on.
                (Format::Csv(_), Some(header)) => {
                    data.extend_from_slice(header);
                    data.extend_from_slice(b",line");
                }
                (Format::Csv(layout), None) => {
                    for i in 1..=layout.fields {
                        write!(data, "field{i},").expect("Vec");
                    }
                    data.extend_from_slice(b"line");
                }
                _ => data.extend_from_slice(b"line,puzzle"),
            }
            data.extend_from_slice(b",status");
            for name in self.columns.names() {
                data.push(b',');
                data.extend_from_slice(name.as_bytes());
            }
            data.extend_from_slice(b",error\n");
        }
        if csv_header.is_none() && self.report == Some(ReportFormat::Csv) {
            out.report.extend_from_slice(b"line,status,error,record\n");
        }
    }

    /// Appends one record's output.
    pub fn record(&self, out: &mut Vec<u8>, record: &Record<'_>, verdict: &Verdict) {
        match self.output {
            OutputFormat::Line | OutputFormat::Auto => self.line(out, record, verdict),
            OutputFormat::Csv => self.csv(out, record, verdict),
            OutputFormat::Jsonl => self.jsonl(out, record, verdict),
        }
    }

    fn line(&self, out: &mut Vec<u8>, record: &Record<'_>, verdict: &Verdict) {
        if let Some(fault) = &verdict.fault {
            writeln!(out, "error: line {}: {fault}", record.line).expect("Vec");
            return;
        }
        match self.columns {
            Columns::Solve => {
                let solution = verdict.solution.as_ref().expect("a solved verdict has a solution");
                match &record.parsed {
                    Ok(Puzzle { layout: Layout::Rows { spaced }, .. }) => {
                        solution.write_rows(out, *spaced)
                    }
                    _ => {
                        solution.write_line(out);
                        out.push(b'\n');
                    }
                }
            }
            Columns::Count { limit } => {
                let count = verdict.count.unwrap_or(0);
                let plus = if count >= limit { "+" } else { "" };
                writeln!(out, "{count}{plus}").expect("Vec");
            }
            Columns::Validate => out.extend_from_slice(b"valid\n"),
        }
    }

    fn csv(&self, out: &mut Vec<u8>, record: &Record<'_>, verdict: &Verdict) {
        if let Format::Csv(_) = self.input {
            out.extend_from_slice(record.text);
            write!(out, ",{}", record.line).expect("Vec");
        } else {
            write!(out, "{},", record.line).expect("Vec");
            match &verdict.puzzle {
                Some(puzzle) => puzzle.write_line(out),
                None => csv_field(out, record.text),
            }
        }
        out.push(b',');
        out.extend_from_slice(status(verdict, self.columns).as_bytes());
        match self.columns {
            Columns::Solve => {
                out.push(b',');
                if let Some(solution) = &verdict.solution {
                    solution.write_line(out);
                }
                out.push(b',');
                optional(out, verdict.guesses);
            }
            Columns::Count { limit } => {
                out.push(b',');
                if let Some(count) = verdict.count {
                    write!(out, "{count}{}", if count >= limit { "+" } else { "" }).expect("Vec");
                }
                out.push(b',');
                optional(out, verdict.guesses);
            }
            Columns::Validate => {}
        }
        out.push(b',');
        if let Some(fault) = &verdict.fault {
            csv_field(out, detail_text(fault).as_bytes());
        }
        out.push(b'\n');
    }

    fn jsonl(&self, out: &mut Vec<u8>, record: &Record<'_>, verdict: &Verdict) {
        write!(out, "{{\"line\":{},\"status\":", record.line).expect("Vec");
        json_string(out, status(verdict, self.columns).as_bytes());
        let grid = |out: &mut Vec<u8>, key: &str, grid: &Grid| {
            write!(out, ",\"{key}\":\"").expect("Vec");
            grid.write_line(out);
            out.push(b'"');
        };
        if let Some(puzzle) = &verdict.puzzle {
            grid(out, "puzzle", puzzle);
        }
        if let Some(solution) = &verdict.solution {
            grid(out, "solution", solution);
        }
        if let (Some(count), Columns::Count { limit }) = (verdict.count, self.columns) {
            write!(out, ",\"count\":{count},\"limit\":{limit}").expect("Vec");
        }
        if let Some(guesses) = verdict.guesses {
            write!(out, ",\"guesses\":{guesses}").expect("Vec");
        }
        if let Some(fault) = &verdict.fault {
            out.extend_from_slice(b",\"error\":");
            json_string(out, detail_text(fault).as_bytes());
        }
        out.extend_from_slice(b"}\n");
    }
}

/// A record's status: the command's word for success, or the reason it failed.
fn status(verdict: &Verdict, columns: Columns) -> &'static str {
    verdict.fault.map_or(columns.success(), |f| f.reason.name())
}

/// The particulars of a fault, or its reason where there are none.
fn detail_text(fault: &Fault) -> String {
    let mut text = String::new();
    match fault.detail {
        crate::verdict::Detail::None => text.push_str(fault.reason.name()),
        detail => write!(text, "{detail}").expect("String"),
    }
    text
}

fn optional(out: &mut Vec<u8>, value: Option<u64>) {
    if let Some(value) = value {
        write!(out, "{value}").expect("Vec");
    }
}

/// The most of a record's text a report quotes: a record can be a megabyte-long line, and the
/// report need not hold it twice.
const REPORT_TEXT: usize = 200;

/// A record's text for a report: whole, or its start and how long it was.
fn report_text(text: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    if text.len() <= REPORT_TEXT {
        return text.into();
    }
    let mut short = text[..REPORT_TEXT].to_vec();
    write!(short, "... ({} bytes)", text.len()).expect("Vec");
    short.into()
}

/// Appends a failed record to a report.
fn report(out: &mut Vec<u8>, format: ReportFormat, record: &Record<'_>, fault: &Fault) {
    let text = report_text(record.text);
    match format {
        ReportFormat::Csv => {
            write!(out, "{},{},", record.line, fault.reason.name()).expect("Vec");
            csv_field(out, detail_text(fault).as_bytes());
            out.push(b',');
            csv_field(out, &text);
            out.push(b'\n');
        }
        ReportFormat::Jsonl => {
            write!(out, "{{\"line\":{},\"status\":", record.line).expect("Vec");
            json_string(out, fault.reason.name().as_bytes());
            out.extend_from_slice(b",\"error\":");
            json_string(out, detail_text(fault).as_bytes());
            out.extend_from_slice(b",\"record\":");
            json_string(out, &text);
            out.extend_from_slice(b"}\n");
        }
    }
}

/// Appends a CSV field, quoted if it holds a comma, a quote or a line end.
pub fn csv_field(out: &mut Vec<u8>, field: &[u8]) {
    if field.iter().any(|b| matches!(b, b',' | b'"' | b'\n' | b'\r')) {
        out.push(b'"');
        for &b in field {
            if b == b'"' {
                out.push(b'"');
            }
            out.push(b);
        }
        out.push(b'"');
    } else {
        out.extend_from_slice(field);
    }
}

/// Appends a JSON string. Input bytes that are not UTF-8 become U+FFFD.
pub fn json_string(out: &mut Vec<u8>, text: &[u8]) {
    out.push(b'"');
    for c in String::from_utf8_lossy(text).chars() {
        match c {
            '"' => out.extend_from_slice(b"\\\""),
            '\\' => out.extend_from_slice(b"\\\\"),
            '\n' => out.extend_from_slice(b"\\n"),
            '\r' => out.extend_from_slice(b"\\r"),
            '\t' => out.extend_from_slice(b"\\t"),
            c if (c as u32) < 0x20 => write!(out, "\\u{:04x}", c as u32).expect("Vec"),
            c => {
                let mut buf = [0u8; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
    out.push(b'"');
}

impl fmt::Display for OutputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OutputFormat::Auto => "auto",
            OutputFormat::Line => "line",
            OutputFormat::Csv => "csv",
            OutputFormat::Jsonl => "jsonl",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_are_quoted_when_needed() {
        let mut out = Vec::new();
        csv_field(&mut out, b"plain");
        out.push(b'|');
        csv_field(&mut out, b"a,\"b\"");
        assert_eq!(out, b"plain|\"a,\"\"b\"\"\"");
    }

    #[test]
    fn json_strings_are_escaped() {
        let mut out = Vec::new();
        json_string(&mut out, b"a\"b\\c\n\x01\xff");
        assert_eq!(String::from_utf8(out).unwrap(), "\"a\\\"b\\\\c\\n\\u0001\u{fffd}\"");
    }

    #[test]
    fn reports_follow_the_path_extension() {
        use std::path::Path;
        assert_eq!(ReportFormat::for_path(Path::new("bad.jsonl")), ReportFormat::Jsonl);
        assert_eq!(ReportFormat::for_path(Path::new("bad.csv")), ReportFormat::Csv);
        assert_eq!(ReportFormat::for_path(Path::new("bad")), ReportFormat::Csv);
    }
}
