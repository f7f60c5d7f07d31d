//! The [`Encoder`]: a run's verdicts as bytes in the format asked for (line, CSV, JSON Lines),
//! appended to buffers its caller owns; and the helpers only it uses.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::Write;
use std::sync::Arc;

use super::formats::{OutputFormat, ReportFormat};
use super::text::{csv_field, json_string, output_names, report_text, EVERY_NAME};
use crate::canon::{Sameness, Transform};
use crate::grid::Grid;
use crate::io::format::{
    ColumnChoice, CsvLayout, Delimiter, Format, Layout, Puzzle, Record, NULL_FIELD,
};
use crate::verdict::{count_label, Fault, Task, Verdict};

/// Encodes verdicts for one run: its task, input format and output format. It only appends to
/// buffers its caller owns; the job that walks the records decides what to encode and when.
#[derive(Debug, Clone)]
pub(crate) struct Encoder {
    task: Task,
    input: Format,
    output: OutputFormat,
    report: Option<ReportFormat>,
    /// A CSV input's column names (`field1`, ... without a header); empty for other inputs.
    input_columns: Arc<[String]>,
    /// Our own columns, in order: `line`, (`puzzle` for inputs that are not CSV), `status`, the
    /// task's, `error`; each renamed by [`output_names`] where an input column has its name.
    ours: Arc<[String]>,
    /// Every name of ours (CSV columns and JSON keys) that an input column forces to change,
    /// with the name it takes.
    renamed: Arc<[(&'static str, String)]>,
    /// Whether to write the CSV headers (see `Settings::headers`).
    headers: bool,
    /// For `dedup`, the input's name: its report rows name their file, and the record each
    /// dropped one repeats (`file,first_file,first_line` after the usual columns).
    file: Option<Arc<str>>,
}

impl Encoder {
    /// An encoder; `output` is resolved against the input format (`Auto` becomes concrete).
    /// `columns`, for a CSV input, names its columns.
    pub fn new(
        task: Task,
        input: Format,
        columns: Option<&ColumnChoice>,
        output: OutputFormat,
        report: Option<ReportFormat>,
    ) -> Encoder {
        let output = output.resolve(input);
        let input_columns: Vec<String> = columns.map_or_else(Vec::new, |c| c.names.clone());
        let mut ours = vec!["line"];
        if !matches!(input, Format::Csv(_)) {
            ours.push("puzzle");
        }
        ours.push("status");
        ours.extend(task.columns());
        ours.push("error");
        let every: Vec<&'static str> = EVERY_NAME.to_vec();
        let renamed: Vec<(&'static str, String)> = every
            .iter()
            .zip(output_names(&every, &input_columns))
            .filter(|(name, new)| **name != new.as_str())
            .map(|(name, new)| (*name, new))
            .collect();
        let rename = |name: &str| match renamed.iter().find(|(from, _)| *from == name) {
            Some((_, to)) => to.clone(),
            None => name.to_string(),
        };
        let ours: Vec<String> = ours.into_iter().map(rename).collect();
        Encoder {
            task,
            input,
            output,
            report,
            input_columns: input_columns.into(),
            ours: ours.into(),
            renamed: renamed.into(),
            headers: true,
            file: None,
        }
    }

    /// The same encoder, writing CSV headers or not.
    pub fn with_headers(self, headers: bool) -> Encoder {
        Encoder { headers, ..self }
    }

    /// The same encoder, naming `file` in the report's rows (for `dedup`).
    pub fn with_file(self, file: &str) -> Encoder {
        Encoder { file: Some(file.into()), ..self }
    }

    /// Every key a JSON Lines (or Parquet) record can have, in order: the input's columns,
    /// then ours.
    pub fn jsonl_keys(&self) -> Vec<String> {
        let ours: &[&str] = match self.task {
            Task::Canon { .. } => {
                &["line", "status", "puzzle", "canonical", "automorphisms", "error"]
            }
            Task::Dedup { .. } => &["line", "status", "puzzle", "canonical", "error"],
            Task::Augment { with_transform: false, .. } => {
                &["line", "status", "puzzle", "copy", "error"]
            }
            Task::Augment { with_transform: true, .. } => {
                &["line", "status", "puzzle", "copy", "transform", "error"]
            }
            _ => &["line", "status", "puzzle", "solution", "count", "limit", "guesses", "error"],
        };
        let ours = ours.iter().map(|name| self.our_name(name).to_string());
        self.input_columns.iter().cloned().chain(ours).collect()
    }

    /// The output's column names, for CSV output: the input's, then ours.
    pub fn column_names(&self) -> Vec<String> {
        self.input_columns.iter().chain(self.ours.iter()).cloned().collect()
    }

    /// The output format, resolved against the input's.
    pub fn output(&self) -> OutputFormat {
        self.output
    }

    /// The input format the records come in.
    pub fn input(&self) -> Format {
        self.input
    }

    /// What goes between two output records: a blank line between grid answers, else nothing.
    /// The pipeline's writer puts it between pieces too.
    pub fn separator(&self) -> &'static [u8] {
        match (self.output, self.input, self.task) {
            (OutputFormat::Line, Format::Grid, Task::Solve | Task::Dedup { .. }) => b"\n",
            (OutputFormat::Line, Format::Grid, Task::Augment { with_transform: false, .. }) => {
                b"\n"
            }
            _ => b"",
        }
    }

    /// What opens the output and the report, before the first record: the CSV headers of an
    /// input that has none of its own (a CSV input's header comes with [`Encoder::csv_header`]).
    pub fn begin(&self, data: &mut Vec<u8>, report: &mut Vec<u8>) {
        if !self.headers {
            return;
        }
        let input_has_header = matches!(self.input, Format::Csv(l) if l.header_line.is_some());
        if !input_has_header && self.output == OutputFormat::Csv {
            for name in self.input_columns.iter() {
                csv_field(data, name.as_bytes());
                data.push(b',');
            }
            self.our_columns(data);
        }
        if self.report == Some(ReportFormat::Csv) {
            report.extend_from_slice(b"line,status,error,record");
            if self.file.is_some() {
                report.extend_from_slice(b",file,first_file,first_line");
            }
            report.push(b'\n');
        }
    }

    /// The output's header where a CSV input has its own: the input's columns come first, as
    /// they were written, then ours.
    pub fn csv_header(&self, data: &mut Vec<u8>, header: &[u8]) {
        if self.output != OutputFormat::Csv || !self.headers {
            return;
        }
        match self.input {
            Format::Csv(layout) if layout.delimiter == Delimiter::COMMA => {
                data.extend_from_slice(header);
                data.push(b',');
            }
            _ => {
                // Another delimiter: the names, as CSV.
                for name in self.input_columns.iter() {
                    csv_field(data, name.as_bytes());
                    data.push(b',');
                }
            }
        }
        self.our_columns(data);
    }

    /// Our columns' names, comma-separated, and the line end.
    fn our_columns(&self, data: &mut Vec<u8>) {
        data.extend_from_slice(self.ours.join(",").as_bytes());
        data.push(b'\n');
    }

    /// Appends one record's output.
    pub fn record(&self, out: &mut Vec<u8>, record: &Record<'_>, verdict: &Verdict) {
        match self.output {
            OutputFormat::Line | OutputFormat::Auto => self.line(out, record, verdict),
            OutputFormat::Csv => self.csv(out, record, verdict),
            // Parquet output is JSON Lines that the writer turns into typed columns.
            OutputFormat::Jsonl | OutputFormat::Parquet => self.jsonl(out, record, verdict),
        }
    }

    /// Appends a failed record to the report, if the run keeps one.
    pub fn report(&self, out: &mut Vec<u8>, record: &Record<'_>, fault: &Fault) {
        let Some(format) = self.report else { return };
        let text = match self.input {
            // A Parquet or Arrow row: its nulls as empty fields.
            Format::Csv(layout) if layout.nulls => {
                let row: Vec<u8> = record.text.iter().copied().filter(|&b| b != 0).collect();
                report_text(&row).into_owned().into()
            }
            _ => report_text(record.text),
        };
        match format {
            ReportFormat::Csv => {
                write!(out, "{},{},", record.line, fault.reason.name()).expect("Vec");
                csv_field(out, detail_text(fault).as_bytes());
                out.push(b',');
                csv_field(out, &text);
                if let Some(file) = &self.file {
                    out.push(b',');
                    csv_field(out, file.as_bytes());
                    out.extend_from_slice(b",,");
                }
                out.push(b'\n');
            }
            ReportFormat::Jsonl => {
                write!(out, "{{\"line\":{},\"status\":", record.line).expect("Vec");
                json_string(out, fault.reason.name().as_bytes());
                out.extend_from_slice(b",\"error\":");
                json_string(out, detail_text(fault).as_bytes());
                out.extend_from_slice(b",\"record\":");
                json_string(out, &text);
                if let Some(file) = &self.file {
                    out.extend_from_slice(b",\"file\":");
                    json_string(out, file.as_bytes());
                }
                out.extend_from_slice(b"}\n");
            }
        }
    }

    fn line(&self, out: &mut Vec<u8>, record: &Record<'_>, verdict: &Verdict) {
        if let Some(fault) = &verdict.fault {
            writeln!(out, "error: line {}: {fault}", record.line).expect("Vec");
            return;
        }
        match self.task {
            Task::Solve | Task::Dedup { .. } => {
                // A solution, or the kept puzzle, in the record's own layout.
                let solution = match self.task {
                    Task::Solve => verdict.solution.as_ref().expect("a solved verdict has one"),
                    _ => verdict.puzzle.as_ref().expect("a kept record parsed"),
                };
                match &record.parsed {
                    Ok(Puzzle { layout: Layout::Rows { spaced, boxed: false }, .. }) => {
                        solution.write_rows(out, *spaced)
                    }
                    Ok(Puzzle { layout: Layout::Rows { spaced, boxed: true }, .. }) => {
                        solution.write_boxed_rows(out, *spaced)
                    }
                    _ => {
                        solution.write_line(out);
                        out.push(b'\n');
                    }
                }
            }
            Task::Count { limit } => {
                let count = verdict.count.unwrap_or(0);
                writeln!(out, "{}", count_label(count.into(), limit)).expect("Vec");
            }
            Task::Validate => out.extend_from_slice(b"valid\n"),
            Task::Augment { .. } => {
                // (Copies go through `augmented`; a record that passed is its puzzle.)
                if let Some(puzzle) = &verdict.puzzle {
                    puzzle.write_line(out);
                }
                out.push(b'\n');
            }
            Task::Canon { .. } => {
                let canonical = verdict.canonical.expect("a canonical verdict has its form");
                write_digits(out, &canonical);
                if let Some(n) = verdict.automorphisms {
                    out.push(b' ');
                    decimal(out, n);
                }
                out.push(b'\n');
            }
        }
    }

    fn csv(&self, out: &mut Vec<u8>, record: &Record<'_>, verdict: &Verdict) {
        if let Format::Csv(layout) = self.input {
            // (A Parquet or Arrow row holds a NUL byte only for a null.)
            let nulls = layout.nulls && memchr::memchr(0, record.text).is_some();
            if record.parsed.is_ok() && layout.delimiter == Delimiter::COMMA && !nulls {
                out.extend_from_slice(record.text); // a CSV row that fits: passed through
            } else {
                // A row that may not fit the header, or of another delimiter, or with nulls:
                // its fields, as CSV, as many as the header's (a null as an empty one).
                csv_input_fields(out, &layout, &fitted_fields(record.text, layout));
            }
            out.push(b',');
            decimal(out, record.line);
        } else {
            decimal(out, record.line);
            out.push(b',');
            match &verdict.puzzle {
                Some(puzzle) => puzzle.write_line(out),
                None => csv_field(out, record.text),
            }
        }
        out.push(b',');
        out.extend_from_slice(verdict.status(self.task).as_bytes());
        match self.task {
            Task::Solve => {
                out.push(b',');
                if let Some(solution) = &verdict.solution {
                    solution.write_line(out);
                }
                out.push(b',');
                optional(out, verdict.guesses);
            }
            Task::Count { limit } => {
                out.push(b',');
                if let Some(count) = verdict.count {
                    out.extend_from_slice(count_label(count.into(), limit).as_bytes());
                }
                out.push(b',');
                optional(out, verdict.guesses);
            }
            Task::Validate | Task::Dedup { by: Sameness::Exact } => {}
            Task::Augment { with_transform, .. } => {
                // A failed record: no copy, no transformation.
                out.push(b',');
                if with_transform {
                    out.push(b',');
                }
            }
            Task::Dedup { by: Sameness::Class } => {
                out.push(b',');
                if let Some(canonical) = &verdict.canonical {
                    write_digits(out, canonical);
                }
            }
            Task::Canon { automorphisms, .. } => {
                out.push(b',');
                if let Some(canonical) = &verdict.canonical {
                    write_digits(out, canonical);
                }
                if automorphisms {
                    out.push(b',');
                    optional(out, verdict.automorphisms);
                }
            }
        }
        out.push(b',');
        if let Some(fault) = &verdict.fault {
            csv_field(out, detail_text(fault).as_bytes());
        }
        out.push(b'\n');
    }

    /// A CSV input's fields as JSON members, each followed by a comma: by the input's column
    /// names, as text (a Parquet or Arrow null as null).
    fn json_input_fields<F: AsRef<[u8]>>(
        &self,
        out: &mut Vec<u8>,
        layout: &CsvLayout,
        fields: &[F],
    ) {
        for (name, field) in self.input_columns.iter().zip(fields) {
            let field = field.as_ref();
            json_string(out, name.as_bytes());
            out.push(b':');
            match layout.nulls && field == NULL_FIELD {
                true => out.extend_from_slice(b"null"),
                false => json_string(out, field),
            }
            out.push(b',');
        }
    }

    fn jsonl(&self, out: &mut Vec<u8>, record: &Record<'_>, verdict: &Verdict) {
        out.push(b'{');
        // A CSV input's columns first, by name, as text (a Parquet or Arrow null as null).
        if let Format::Csv(layout) = self.input {
            let fields = fitted_fields(record.text, layout);
            self.json_input_fields(out, &layout, &fields);
        }
        let key = |out: &mut Vec<u8>, name: &str| {
            let name = self.our_name(name);
            json_string(out, name.as_bytes());
            out.push(b':');
        };
        key(out, "line");
        decimal(out, record.line);
        out.push(b',');
        key(out, "status");
        json_string(out, verdict.status(self.task).as_bytes());
        let grid = |out: &mut Vec<u8>, name: &str, grid: &Grid| {
            out.push(b',');
            key(out, name);
            out.push(b'"');
            grid.write_line(out);
            out.push(b'"');
        };
        if let Some(puzzle) = &verdict.puzzle {
            grid(out, "puzzle", puzzle);
        }
        if let Some(solution) = &verdict.solution {
            grid(out, "solution", solution);
        }
        if let (Some(count), Task::Count { limit }) = (verdict.count, self.task) {
            out.push(b',');
            key(out, "count");
            decimal(out, count);
            out.push(b',');
            key(out, "limit");
            decimal(out, limit);
        }
        if let Some(canonical) = &verdict.canonical {
            out.push(b',');
            key(out, "canonical");
            out.push(b'"');
            write_digits(out, canonical);
            out.push(b'"');
        }
        if let Some(n) = verdict.automorphisms {
            out.push(b',');
            key(out, "automorphisms");
            decimal(out, n);
        }
        if let Some(guesses) = verdict.guesses {
            out.push(b',');
            key(out, "guesses");
            decimal(out, guesses);
        }
        if let Some(fault) = &verdict.fault {
            out.push(b',');
            key(out, "error");
            json_string(out, detail_text(fault).as_bytes());
        }
        out.extend_from_slice(b"}\n");
    }

    /// Appends copy `copy` of a record that parsed (for `augment`): its puzzle and answer put
    /// through `transform`, its other fields as they were, in the output format.
    ///
    /// - line: the puzzle in the record's layout (nine rows for a grid), blanks as the input
    ///   wrote them (`0` or `.`); with an answer or the transformation, one line `PUZZLE
    ///   [ANSWER] [TRANSFORM]` (a grid as its 81-character line).
    /// - csv: a CSV input's fields, its puzzle and answer fields transformed, then `line`,
    ///   `status` (`augmented`), `copy`, `transform`, `error` (empty); `line,puzzle,...` for
    ///   other inputs.
    /// - jsonl (and Parquet): the same fields as keys.
    pub fn augmented(
        &self,
        out: &mut Vec<u8>,
        record: &Record<'_>,
        puzzle: &Puzzle,
        copy: u32,
        transform: &Transform,
    ) {
        let with_transform = matches!(self.task, Task::Augment { with_transform: true, .. });
        let grid = transform.apply(&puzzle.grid);
        let answer = match puzzle.answer {
            Some(Ok(answer)) => Some(transform.apply(&answer)),
            _ => None,
        };
        // A CSV input's fields, the puzzle's and the answer's transformed, in the input's blanks.
        let csv = match self.input {
            Format::Csv(layout) => {
                let mut fields = fitted_fields(record.text, layout);
                let blank = blank_of(&fields[layout.puzzle]);
                fields[layout.puzzle] = grid_text(&grid, blank).into();
                if let (Some(answer), Some(i)) = (&answer, layout.answer) {
                    let blank = blank_of(&fields[i]);
                    fields[i] = grid_text(answer, blank).into();
                }
                Some((layout, fields, blank))
            }
            _ => None,
        };
        let blank = match (&csv, puzzle.layout) {
            (Some((_, _, blank)), _) => *blank,
            (None, Layout::Line) => blank_of(record.text),
            (None, _) => b'.',
        };
        match self.output {
            OutputFormat::Line | OutputFormat::Auto => match (puzzle.layout, with_transform) {
                (Layout::Rows { spaced, boxed: false }, false) => grid.write_rows(out, spaced),
                (Layout::Rows { spaced, boxed: true }, false) => grid.write_boxed_rows(out, spaced),
                _ => {
                    out.extend_from_slice(&grid_text(&grid, blank));
                    if let Some(answer) = &answer {
                        out.push(b' ');
                        answer.write_line(out);
                    }
                    if with_transform {
                        write!(out, " {transform}").expect("Vec");
                    }
                    out.push(b'\n');
                }
            },
            OutputFormat::Csv => {
                match &csv {
                    Some((layout, fields, _)) => {
                        csv_input_fields(out, layout, fields);
                        out.push(b',');
                        decimal(out, record.line);
                    }
                    None => {
                        decimal(out, record.line);
                        out.push(b',');
                        out.extend_from_slice(&grid_text(&grid, blank));
                    }
                }
                write!(out, ",{},{copy}", self.task.success()).expect("Vec");
                if with_transform {
                    write!(out, ",{transform}").expect("Vec");
                }
                out.extend_from_slice(b",\n");
            }
            OutputFormat::Jsonl | OutputFormat::Parquet => {
                out.push(b'{');
                if let Some((layout, fields, _)) = &csv {
                    self.json_input_fields(out, layout, fields);
                }
                let key = |out: &mut Vec<u8>, name: &str| {
                    json_string(out, self.our_name(name).as_bytes());
                    out.push(b':');
                };
                key(out, "line");
                decimal(out, record.line);
                out.push(b',');
                key(out, "status");
                json_string(out, self.task.success().as_bytes());
                out.push(b',');
                key(out, "puzzle");
                out.push(b'"');
                grid.write_line(out);
                out.extend_from_slice(b"\",");
                key(out, "copy");
                decimal(out, copy);
                if with_transform {
                    out.push(b',');
                    key(out, "transform");
                    write!(out, "\"{transform}\"").expect("Vec");
                }
                out.extend_from_slice(b"}\n");
            }
        }
    }

    /// The name one of our fields goes by: its own, or the one [`output_names`] gave it.
    fn our_name<'a>(&'a self, name: &'a str) -> &'a str {
        match self.renamed.iter().find(|(from, _)| *from == name) {
            Some((_, to)) => to,
            None => name,
        }
    }
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

/// The blank a puzzle's text uses, for its copies to use too: `0` if it has one, else `.`.
fn blank_of(text: &[u8]) -> u8 {
    match memchr::memchr(b'0', text) {
        Some(_) => b'0',
        None => b'.',
    }
}

/// A grid's 81-character line with `blank` for blanks.
fn grid_text(grid: &Grid, blank: u8) -> Vec<u8> {
    grid.cells().iter().map(|&v| if v == 0 { blank } else { b'0' + v }).collect()
}

/// A canonical form as its 81-digit string, blanks as `0` (the string the forms are the
/// smallest of).
fn write_digits(out: &mut Vec<u8>, grid: &Grid) {
    out.extend(grid.cells().iter().map(|&v| b'0' + v));
}

fn optional(out: &mut Vec<u8>, value: Option<u64>) {
    if let Some(value) = value {
        decimal(out, value);
    }
}

/// Appends `n` in decimal. Not `write!`: `core::fmt`'s machinery took 6% of a `solve -j1`
/// run's instructions on Kaggle rows, for a line number and a guess count a record.
fn decimal(out: &mut Vec<u8>, n: impl itoa::Integer) {
    out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

/// A CSV row's fields, unquoted, exactly `width` of them: a row with fewer gets empty ones, a
/// row with more loses the rest (the report and the error name the row as it was), and a row
/// that does not split is one field, whole.
fn fitted_fields(row: &[u8], layout: CsvLayout) -> Vec<Cow<'_, [u8]>> {
    let width = layout.fields;
    let mut fields: Vec<Cow<'_, [u8]>> = Vec::with_capacity(width);
    let split = crate::io::format::csv::split_fields_by(row, layout.delimiter, |_, field| {
        // Quoted fields come back with their quotes doubled: undo that.
        let field: Cow<'_, [u8]> = match memchr::memmem::find(field, b"\"\"") {
            None => field.into(),
            Some(_) => String::from_utf8_lossy(field).replace("\"\"", "\"").into_bytes().into(),
        };
        fields.push(field);
    });
    if split.is_err() {
        fields.clear();
        fields.push(row.into());
    }
    fields.resize(width.max(1), Cow::Borrowed(&b""[..]));
    fields
}

/// A CSV input's fields as CSV, comma-separated (a Parquet or Arrow null as an empty field).
fn csv_input_fields<F: AsRef<[u8]>>(out: &mut Vec<u8>, layout: &CsvLayout, fields: &[F]) {
    for (i, field) in fields.iter().enumerate() {
        let field = field.as_ref();
        if i > 0 {
            out.push(b',');
        }
        if !(layout.nulls && field == NULL_FIELD) {
            csv_field(out, field);
        }
    }
}
