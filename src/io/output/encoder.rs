//! The [`Encoder`]: a run's verdicts as bytes in the format asked for (line, CSV, JSON Lines),
//! appended to buffers its caller owns; and the helpers only it uses.

use std::io::Write;
use std::sync::Arc;

use arrow_array::RecordBatch;
use arrow_schema::{ArrowError, SchemaRef};

use super::columns::{OutputColumn, Row, Value};
use super::fields::{
    blank_of, csv_input_fields, decimal, detail_text, fitted_fields, grid_text, optional,
    write_digits, NotText,
};
use super::formats::{OutputFormat, ReportFormat};
use super::text::{delimited_field, json_string, output_names, report_text};
use crate::canon::{Sameness, Transform};
use crate::io::format::jsonl::row_error;
use crate::io::format::{
    ColumnChoice, CsvLayout, Delimiter, Format, Layout, Parsed, Puzzle, Record, NULL_FIELD,
};
use crate::io::table::TableBuilder;
use crate::verdict::{count_label, Fault, Task, Verdict};

/// What an encoder made of a piece's records: bytes, or, for Parquet output, rows of a table,
/// made into a record batch once the piece is over ([`Encoded::seal`]).
#[derive(Default)]
pub(crate) struct Encoded {
    /// The records, encoded (and for Parquet output, nothing).
    pub bytes: Vec<u8>,
    /// Parquet output: the rows being built.
    rows: Option<TableBuilder>,
    /// Parquet output: the rows built, once sealed.
    pub batch: Option<Result<RecordBatch, ArrowError>>,
    /// The first field of the piece's input that JSON Lines or Parquet output could not hold
    /// as text: the piece is refused rather than written with U+FFFD in its place.
    pub not_text: Option<NotText>,
}

impl std::fmt::Debug for Encoded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let rows = self.rows.as_ref().map_or(0, TableBuilder::len);
        write!(f, "Encoded {{ {} bytes, {rows} rows }}", self.bytes.len())
    }
}

impl Encoded {
    /// Where the next record's output starts: a byte offset, or a row for a table.
    pub fn position(&self) -> usize {
        match &self.rows {
            Some(rows) => rows.len(),
            None => self.bytes.len(),
        }
    }

    /// Ends the piece: its rows, if any, become its batch.
    pub fn seal(&mut self) {
        if let Some(rows) = &mut self.rows {
            self.batch = Some(rows.finish());
        }
    }

    /// Empties it for the next piece (keeping its allocations).
    pub fn clear(&mut self) {
        self.bytes.clear();
        self.batch = None;
        self.not_text = None;
    }
}

/// A Parquet output's rows: its schema, and which of its columns are ours.
#[derive(Debug, Clone)]
struct TableRows {
    schema: SchemaRef,
    /// How many of the schema's columns, the first ones, are the input's.
    inputs: usize,
}

/// Encodes verdicts for one run: its task, input format and output format. It only appends to
/// buffers its caller owns; the job that walks the records decides what to encode and when.
#[derive(Debug, Clone)]
pub(crate) struct Encoder {
    task: Task,
    input: Format,
    output: OutputFormat,
    /// The byte between the fields of CSV (`,`) or TSV (a tab) output; `,` for other formats.
    delimiter: u8,
    report: Option<ReportFormat>,
    /// A CSV input's column names (`field1`, ... without a header); empty for other inputs.
    input_columns: Arc<[String]>,
    /// Our own CSV columns' names, in order: `line`, (`puzzle` for inputs that are not CSV),
    /// `status`, the task's, `error`; each renamed by [`output_names`] where an input column
    /// has its name.
    ours: Arc<[String]>,
    /// Our columns in JSON Lines and Parquet records ([`Task::record_columns`]).
    record_columns: Arc<[OutputColumn]>,
    /// Their names, renamed as `ours` are.
    record_names: Arc<[String]>,
    /// Parquet output: the schema its rows are built to.
    table: Option<TableRows>,
    /// Whether to write the CSV headers (see `Settings::headers`).
    headers: bool,
    /// The input's name, where the report names it: for `dedup`, whose report rows name their
    /// file and the record each dropped one repeats (`file,first_file,first_line` after the
    /// usual columns), and for a run of several inputs (`file`).
    file: Option<Arc<str>>,
    /// Whether the output rows have a `file` column (a run of several inputs).
    file_column: bool,
    /// Whether the output rows have a `size` column (asked for: `--with-size`).
    size_column: bool,
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
        let encoder = Encoder {
            task,
            input,
            output,
            delimiter: output.delimiter().unwrap_or(b','),
            report,
            input_columns: input_columns.into(),
            ours: Arc::new([]),
            record_columns: Arc::new([]),
            record_names: Arc::new([]),
            table: None,
            headers: true,
            file: None,
            file_column: false,
            size_column: false,
        };
        encoder.with_columns()
    }

    /// The same encoder with its own columns named: (`file`, if it has that column), `line`,
    /// ..., each renamed by [`output_names`] beside the input's columns.
    fn with_columns(self) -> Encoder {
        let several = self.file_column;
        let csv_input = matches!(self.input, Format::Csv(_));
        // Every name once: two columns of one name (`steps`, `rate`'s and `explain`'s) are
        // never in one output.
        let mut every: Vec<&str> = Vec::new();
        for name in OutputColumn::ALL.map(OutputColumn::name) {
            if !every.contains(&name) {
                every.push(name);
            }
        }
        let names = output_names(&every, &self.input_columns);
        let name = |column: &OutputColumn| {
            let i = every.iter().position(|&n| n == column.name()).expect("one of ALL");
            names[i].clone()
        };
        let (size, record_columns) =
            (self.size_column, self.task.record_columns(several, self.size_column));
        Encoder {
            ours: self.task.csv_columns(several, csv_input, size).iter().map(name).collect(),
            record_names: record_columns.iter().map(name).collect(),
            record_columns: record_columns.into(),
            ..self
        }
    }

    /// The same encoder for one of a run's several inputs, named `file`: its output rows and
    /// report rows say so (a `file` column; see [`Task::record_columns`]).
    pub fn with_file_column(self, file: &str) -> Encoder {
        Encoder { file: Some(file.into()), file_column: true, ..self }.with_columns()
    }

    /// The same encoder with a `size` column or without ([`OutputColumn::Size`]).
    pub fn with_size_column(self, size_column: bool) -> Encoder {
        Encoder { size_column, ..self }.with_columns()
    }

    /// The same encoder, building the rows of Parquet output to `schema`: the input's columns
    /// then ours, as [`Encoder::table_schema`] makes it (for the first of several inputs,
    /// whose schema the others are written in).
    pub fn with_table(self, schema: SchemaRef) -> Encoder {
        let inputs = schema.fields().len().saturating_sub(self.record_columns.len());
        Encoder { table: Some(TableRows { schema, inputs }), ..self }
    }

    /// The schema of Parquet output: the input's columns, `input` (their types; text where
    /// they are not known), then ours.
    pub fn table_schema(&self, input: Option<&[arrow_schema::FieldRef]>) -> arrow_schema::Schema {
        let text = |name: &String| {
            std::sync::Arc::new(arrow_schema::Field::new(name, arrow_schema::DataType::Utf8, true))
        };
        let input: Vec<arrow_schema::FieldRef> = match input {
            Some(fields) => fields.to_vec(),
            None => self.input_columns.iter().map(text).collect(),
        };
        crate::io::table::table_schema(&input, &self.record_columns, &self.record_names)
    }

    /// The same encoder, writing CSV headers or not.
    pub fn with_headers(self, headers: bool) -> Encoder {
        Encoder { headers, ..self }
    }

    /// The same encoder, naming `file` in the report's rows (for `dedup`).
    pub fn with_file(self, file: &str) -> Encoder {
        Encoder { file: Some(file.into()), ..self }
    }

    /// Every key a JSON Lines record can have (every column of a Parquet one), in order: the
    /// input's columns, then ours.
    pub fn jsonl_keys(&self) -> Vec<String> {
        self.input_columns.iter().chain(self.record_names.iter()).cloned().collect()
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
        if !input_has_header && self.output.delimiter().is_some() {
            for name in self.input_columns.iter() {
                self.field(data, name.as_bytes());
                data.push(self.delimiter);
            }
            self.our_columns(data);
        }
        if let Some(d) = self.report.and_then(ReportFormat::delimiter) {
            let mut names = vec!["line", "status", "error", "record"];
            if self.file.is_some() {
                names.push("file");
            }
            if matches!(self.task, Task::Dedup { .. }) {
                names.extend(["first_file", "first_line"]);
            }
            report.extend_from_slice(names.join(&char::from(d).to_string()).as_bytes());
            report.push(b'\n');
        }
    }

    /// The output's header where a CSV input has its own: the input's columns come first, as
    /// they were written, then ours.
    pub fn csv_header(&self, data: &mut Vec<u8>, header: &[u8]) {
        if self.output.delimiter().is_none() || !self.headers {
            return;
        }
        match self.input {
            Format::Csv(layout) if layout.delimiter == Delimiter::Byte(self.delimiter) => {
                data.extend_from_slice(header);
                data.push(self.delimiter);
            }
            _ => {
                // Another delimiter: the names, as the output writes fields.
                for name in self.input_columns.iter() {
                    self.field(data, name.as_bytes());
                    data.push(self.delimiter);
                }
            }
        }
        self.our_columns(data);
    }

    /// Our columns' names, delimited, and the line end.
    fn our_columns(&self, data: &mut Vec<u8>) {
        for (i, name) in self.ours.iter().enumerate() {
            if i > 0 {
                data.push(self.delimiter);
            }
            self.field(data, name.as_bytes());
        }
        data.push(b'\n');
    }

    /// A field of CSV or TSV output, quoted where it must be.
    fn field(&self, out: &mut Vec<u8>, field: &[u8]) {
        delimited_field(out, field, self.delimiter);
    }

    /// Appends one record's output.
    pub fn record(&self, out: &mut Encoded, record: &Record<'_>, verdict: &Verdict) {
        let file = self.file.as_deref().unwrap_or("");
        let row = Row::Verdict { task: self.task, file, line: record.line, verdict };
        let bytes = &mut out.bytes;
        match self.output {
            OutputFormat::Line | OutputFormat::Auto => self.line(bytes, record, verdict),
            OutputFormat::Csv | OutputFormat::Tsv => self.csv(bytes, record, verdict),
            OutputFormat::Jsonl => match self.input {
                Format::Csv(layout) => {
                    let fields = fitted_fields(record.text, layout);
                    self.check_text(&mut out.not_text, record.line, &fields);
                    self.jsonl(&mut out.bytes, Some((&layout, &fields)), row);
                }
                _ => self.jsonl(bytes, None::<(_, &[&[u8]])>, row),
            },
            OutputFormat::Parquet => match self.input {
                Format::Csv(layout) => {
                    let fields = fitted_fields(record.text, layout);
                    self.check_text(&mut out.not_text, record.line, &fields);
                    self.table_row(out, Some((&layout, &fields)), row);
                }
                _ => self.table_row(out, None::<(_, &[&[u8]])>, row),
            },
        }
    }

    /// Notes in `not_text` the first of a record's `fields` that is not UTF-8, unless one is
    /// noted already: JSON Lines and Parquet hold text, and a piece with such a field is
    /// refused when it is written.
    fn check_text<F: AsRef<[u8]>>(&self, not_text: &mut Option<NotText>, line: u64, fields: &[F]) {
        if not_text.is_some() {
            return;
        }
        for (i, field) in fields.iter().enumerate() {
            let field = field.as_ref();
            if let Err(e) = std::str::from_utf8(field) {
                let at = e.valid_up_to();
                *not_text = Some(NotText {
                    line,
                    column: i + 1,
                    name: self.input_columns.get(i).cloned().unwrap_or_default(),
                    byte: field[at],
                    at: at + 1,
                    output: match self.output {
                        OutputFormat::Parquet => "Parquet",
                        _ => "JSON Lines",
                    },
                });
                return;
            }
        }
    }

    /// Adds a row to a Parquet output's rows: a CSV input's fields (`fields`), then ours.
    fn table_row<F: AsRef<[u8]>>(
        &self,
        out: &mut Encoded,
        fields: Option<(&CsvLayout, &[F])>,
        row: Row<'_>,
    ) {
        let TableRows { schema, inputs } = self.table.as_ref().expect("Parquet output's schema");
        let rows = out.rows.get_or_insert_with(|| {
            TableBuilder::new(Arc::clone(schema), *inputs, Arc::clone(&self.record_columns), 1024)
        });
        let fields = fields.into_iter().flat_map(|(layout, fields)| {
            fields.iter().map(move |field| {
                let field = field.as_ref();
                (!(layout.nulls && field == NULL_FIELD)).then_some(field)
            })
        });
        rows.push(fields, |column| row.value(column));
    }

    /// Appends a failed record to the report, if the run keeps one.
    pub fn report(&self, out: &mut Vec<u8>, record: &Record<'_>, fault: &Fault) {
        let Some(format) = self.report else { return };
        let text = match self.input {
            // A JSON Lines line that is not a record: the line.
            Format::Csv(layout) if layout.nulls && row_error(record.text).is_some() => {
                let (_, line) = row_error(record.text).expect("just checked");
                report_text(&line).into_owned().into()
            }
            // A Parquet or Arrow row, or a JSON Lines object: its nulls as empty fields.
            Format::Csv(layout) if layout.nulls => {
                let row: Vec<u8> = record.text.iter().copied().filter(|&b| b != 0).collect();
                report_text(&row).into_owned().into()
            }
            _ => report_text(record.text),
        };
        match format {
            ReportFormat::Csv | ReportFormat::Tsv => {
                let d = format.delimiter().expect("rows of fields");
                decimal(out, record.line);
                out.push(d);
                delimited_field(out, fault.reason.name().as_bytes(), d);
                out.push(d);
                delimited_field(out, &detail_text(fault), d);
                out.push(d);
                delimited_field(out, &text, d);
                if let Some(file) = &self.file {
                    out.push(d);
                    delimited_field(out, file.as_bytes(), d);
                }
                if matches!(self.task, Task::Dedup { .. }) {
                    out.extend_from_slice(&[d, d]); // no first_file, first_line: not a repeat
                }
                out.push(b'\n');
            }
            ReportFormat::Jsonl => {
                write!(out, "{{\"line\":{},\"status\":", record.line).expect("Vec");
                json_string(out, fault.reason.name().as_bytes());
                out.extend_from_slice(b",\"error\":");
                json_string(out, &detail_text(fault));
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
            if matches!(self.task, Task::Explain { .. }) {
                out.push(b'\n'); // the blank line that ends a block
            }
            return;
        }
        match self.task {
            Task::Dedup { .. } => {
                // A kept record as it was written: its blanks, its layout, its spacing.
                out.extend_from_slice(record.text);
                out.push(b'\n');
            }
            Task::Solve => {
                // A solution in the record's own layout.
                if let Some(sized) = &verdict.sized {
                    let solution = sized.solution.as_ref().expect("a solved verdict has one");
                    match record.parsed.as_ref().map(Parsed::layout) {
                        Ok(Layout::Rows { boxed, .. }) => solution.write_rows(out, boxed),
                        _ => {
                            solution.write_line(out);
                            out.push(b'\n');
                        }
                    }
                    return;
                }
                let solution = verdict.solution.as_ref().expect("a solved verdict has one");
                match record.parsed.as_ref().map(Parsed::layout) {
                    Ok(Layout::Rows { spaced, boxed: false }) => solution.write_rows(out, spaced),
                    Ok(Layout::Rows { spaced, boxed: true }) => {
                        solution.write_boxed_rows(out, spaced)
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
            Task::Validate | Task::Stats { .. } => out.extend_from_slice(b"valid\n"),
            Task::Augment { .. } => {
                // (Copies go through `augmented`; a record that passed is its puzzle.)
                if let Some(puzzle) = &verdict.puzzle {
                    puzzle.write_line(out);
                }
                out.push(b'\n');
            }
            Task::Rate { .. } => super::steps::rating_line(out, verdict),
            Task::Explain { .. } => super::steps::explanation_block(out, verdict),
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
            let same = layout.delimiter == Delimiter::Byte(self.delimiter);
            if record.parsed.is_ok() && same && !nulls {
                out.extend_from_slice(record.text); // a row that fits: passed through
            } else {
                // A row that may not fit the header, or of another delimiter, or with nulls:
                // its fields, as the output writes them, as many as the header's (a null as an
                // empty one).
                let fields = fitted_fields(record.text, layout);
                csv_input_fields(out, &layout, &fields, self.delimiter);
            }
            out.push(self.delimiter);
            self.file_field(out);
            decimal(out, record.line);
        } else {
            self.file_field(out);
            decimal(out, record.line);
            out.push(self.delimiter);
            match (&verdict.puzzle, &verdict.sized) {
                (Some(puzzle), _) => puzzle.write_line(out),
                // Another size, or pencilmarks: its line, whatever its layout (a grid's rows).
                (None, Some(sized)) => match &sized.marks {
                    Some(marks) => marks.write_line(out),
                    None => sized.puzzle.write_line(out),
                },
                (None, None) => self.field(out, record.text),
            }
        }
        if self.size_column {
            out.push(self.delimiter);
            let file = self.file.as_deref().unwrap_or("");
            let row = Row::Verdict { task: self.task, file, line: record.line, verdict };
            row.value(OutputColumn::Size).write_text(out);
        }
        out.push(self.delimiter);
        out.extend_from_slice(verdict.status(self.task).as_bytes());
        match self.task {
            Task::Solve => {
                out.push(self.delimiter);
                if let Some(solution) = &verdict.solution {
                    solution.write_line(out);
                } else if let Some(solution) =
                    verdict.sized.as_ref().and_then(|s| s.solution.as_ref())
                {
                    solution.write_line(out);
                }
                out.push(self.delimiter);
                optional(out, verdict.guesses);
            }
            Task::Count { limit } => {
                out.push(self.delimiter);
                if let Some(count) = verdict.count {
                    out.extend_from_slice(count_label(count.into(), limit).as_bytes());
                }
                out.push(self.delimiter);
                optional(out, verdict.guesses);
            }
            Task::Validate | Task::Stats { .. } | Task::Dedup { by: Sameness::Exact } => {}
            Task::Augment { with_transform, .. } => {
                // A failed record: no copy, no transformation.
                out.push(self.delimiter);
                if with_transform {
                    out.push(self.delimiter);
                }
            }
            Task::Dedup { by: Sameness::Class } => {
                out.push(self.delimiter);
                if let Some(canonical) = &verdict.canonical {
                    write_digits(out, canonical);
                }
            }
            Task::Rate { .. } | Task::Explain { .. } => {
                let file = self.file.as_deref().unwrap_or("");
                let row = Row::Verdict { task: self.task, file, line: record.line, verdict };
                let mut text = Vec::new();
                for &column in self.task.output_columns().tables {
                    out.push(self.delimiter);
                    text.clear();
                    match (column, verdict.count) {
                        (OutputColumn::Count, Some(count)) => {
                            text.extend_from_slice(count_label(count.into(), 2).as_bytes())
                        }
                        (column, _) => row.value(column).write_text(&mut text),
                    }
                    self.field(out, &text);
                }
            }
            Task::Canon { automorphisms, .. } => {
                out.push(self.delimiter);
                if let Some(canonical) = &verdict.canonical {
                    write_digits(out, canonical);
                }
                if automorphisms {
                    out.push(self.delimiter);
                    optional(out, verdict.automorphisms);
                }
            }
        }
        out.push(self.delimiter);
        if let Some(fault) = &verdict.fault {
            self.field(out, &detail_text(fault));
        }
        out.push(b'\n');
    }

    /// The `file` column's field and its delimiter, where the output has that column.
    fn file_field(&self, out: &mut Vec<u8>) {
        if let (true, Some(file)) = (self.file_column, &self.file) {
            self.field(out, file.as_bytes());
            out.push(self.delimiter);
        }
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

    /// One JSON Lines record: a CSV input's fields (`fields`), by name, as text (a Parquet or
    /// Arrow null as null); then our columns that have a value, by name.
    fn jsonl<F: AsRef<[u8]>>(
        &self,
        out: &mut Vec<u8>,
        fields: Option<(&CsvLayout, &[F])>,
        row: Row<'_>,
    ) {
        out.push(b'{');
        if let Some((layout, fields)) = fields {
            self.json_input_fields(out, layout, fields);
        }
        let mut first = true;
        for (&column, name) in self.record_columns.iter().zip(self.record_names.iter()) {
            let value = row.value(column);
            if matches!(value, Value::Null) {
                continue;
            }
            if !first {
                out.push(b',');
            }
            first = false;
            json_string(out, name.as_bytes());
            out.push(b':');
            match value {
                Value::Int(n) => decimal(out, n),
                Value::Fault(fault) => json_string(out, &detail_text(fault)),
                Value::Name(name) => json_string(out, name.as_bytes()),
                // Numbers and JSON already.
                Value::Rating(_) | Value::StepCounts(_) | Value::Steps(_) => value.write_text(out),
                // Words, digits and transformations: nothing to escape.
                value => {
                    out.push(b'"');
                    value.write_text(out);
                    out.push(b'"');
                }
            }
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
        encoded: &mut Encoded,
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
        let row = Row::Copy {
            task: self.task,
            file: self.file.as_deref().unwrap_or(""),
            line: record.line,
            puzzle: &grid,
            answer: answer.as_ref(),
            copy,
            transform,
        };
        let csv_fields = csv.as_ref().map(|(layout, fields, _)| (layout, fields.as_slice()));
        if let (Some((_, fields)), OutputFormat::Jsonl | OutputFormat::Parquet) =
            (csv_fields, self.output)
        {
            self.check_text(&mut encoded.not_text, record.line, fields);
        }
        let out = &mut encoded.bytes;
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
            OutputFormat::Csv | OutputFormat::Tsv => {
                let d = self.delimiter;
                match &csv {
                    Some((layout, fields, _)) => {
                        csv_input_fields(out, layout, fields, d);
                        out.push(d);
                        self.file_field(out);
                        decimal(out, record.line);
                    }
                    None => {
                        self.file_field(out);
                        decimal(out, record.line);
                        out.push(d);
                        out.extend_from_slice(&grid_text(&grid, blank));
                    }
                }
                if self.size_column {
                    out.push(d);
                    row.value(OutputColumn::Size).write_text(out);
                }
                let d = d as char;
                write!(out, "{d}{}{d}{copy}", self.task.success()).expect("Vec");
                if with_transform {
                    write!(out, "{d}{transform}").expect("Vec");
                }
                out.extend_from_slice(&[d as u8, b'\n']);
            }
            OutputFormat::Jsonl => self.jsonl(out, csv_fields, row),
            OutputFormat::Parquet => self.table_row(encoded, csv_fields, row),
        }
    }
}
