//! `canon`, `augment` and `apply_transform`: the library's canonical forms and transformations,
//! batch-wise, with the GIL released; `equivalent` is built on `canon` in Python.
//!
//! | function | columns |
//! |---|---|
//! | canon | status, canonical, (automorphisms), error |
//! | augment | row, copy, puzzle, (solution), (transform), status, error |
//! | apply_transform | grid, error |
//! | apply_transform_array | (a numpy array of the grids' shape and dtype) |
//!
//! `augment` draws copy k of input row i from `(seed, file, lines[i], k)` with
//! [`Augmenter`], `lines` being by default `i + 1`: the line of row i in a file of one
//! puzzle a line, so a list gives the same copies as `sudoku-bulk augment` on that file.
//! Its table is built as `canon`'s and `solve`'s are, by the library's table builder
//! ([`Slices`]), its columns from the library's list ([`Task::copy_table_columns`]) and each
//! copy's values from [`Row::Copy`]; this module gives only `row`, the input row's index. A row that gives no
//! copies (a failed one, or a null input: `missing`, `null input`) has its `row`, `status`
//! and `error`, the rest null.

use std::sync::Arc;

use arrow_array::builder::StringBuilder;
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use numpy::ndarray::{ArrayD, IxDyn};
use numpy::{IntoPyArray, PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3_arrow::PyTable;
use sudoku_bulk::augment::Augmenter;
use sudoku_bulk::canon::{Form, Transform};
use sudoku_bulk::run::Cancel;
use sudoku_bulk::table::{OutputColumn, Row, Value};
use sudoku_bulk::verdict::RecordError;
use sudoku_bulk::{Grid, Task};

use crate::cells::{self, with_cells, Cell, Encoding, CELLS};
use crate::engine::{answer_at, judge_table, watched, with_batch, Options, RUN};
use crate::input::Texts;
use crate::table::{schema_of, Slices, SLICE};
use crate::{MISSING, NULL_INPUT};

fn text(name: &str) -> Field {
    Field::new(name, DataType::Utf8, true)
}

/// A table from record batches, as a `pyarrow.Table`.
fn to_pyarrow(py: Python<'_>, batches: Vec<RecordBatch>, schema: SchemaRef) -> PyResult<Py<PyAny>> {
    Ok(PyTable::try_new(batches, schema)?.into_pyarrow(py)?.unbind())
}

/// `canon(puzzles, form, automorphisms, threads)`: each puzzle's canonical form.
#[pyfunction]
#[pyo3(signature = (puzzles, form = "minlex", automorphisms = false, threads = None))]
pub(crate) fn canon(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    form: &str,
    automorphisms: bool,
    threads: Option<i64>,
) -> PyResult<Py<PyAny>> {
    let form = match form {
        "minlex" => Form::Minlex,
        "patminlex" => Form::Patminlex,
        other => {
            return Err(PyValueError::new_err(format!(
                "form: expected 'minlex' or 'patminlex', got {other:?}"
            )))
        }
    };
    let task = Task::Canon { form, automorphisms };
    let options = Options::new(task, threads, "band")?;
    // The task's table (`status`, `canonical`, [`automorphisms`], `error`), built as solve's.
    judge_table(py, options, Texts::extract(puzzles, "puzzles")?, None)
}

/// A grid's line form, blanks `.`.
fn line(grid: &Grid) -> String {
    grid.to_string()
}

/// `augment(puzzles, solutions, copies, seed, include_original, with_transform, lines, file,
/// threads)`: the copies of each row.
#[pyfunction]
#[pyo3(signature = (
    puzzles, solutions = None, copies = 1, seed = 0, include_original = false,
    with_transform = false, lines = None, file = 0, threads = None
))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn augment(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    solutions: Option<&Bound<'_, PyAny>>,
    copies: i64,
    seed: u64,
    include_original: bool,
    with_transform: bool,
    lines: Option<Vec<u64>>,
    file: u64,
    threads: Option<i64>,
) -> PyResult<Py<PyAny>> {
    let copies = u32::try_from(copies)
        .ok()
        .filter(|&k| k >= 1)
        .ok_or_else(|| PyValueError::new_err(format!("copies must be at least 1, got {copies}")))?;
    let task = Task::Augment { copies, seed, include_original, with_transform };
    let options = Options::new(task, threads, "band")?;
    let puzzles = Texts::extract(puzzles, "puzzles")?;
    let rows = puzzles.len();
    let answers = solutions.map(|s| Texts::extract(s, "solutions")).transpose()?;
    if let Some(answers) = &answers {
        if answers.len() != rows {
            return Err(PyValueError::new_err(format!(
                "solutions: expected one per puzzle ({rows} rows), got {} rows",
                answers.len()
            )));
        }
    }
    if let Some(lines) = &lines {
        if lines.len() != rows {
            return Err(PyValueError::new_err(format!(
                "lines: expected one per puzzle ({rows} rows), got {}",
                lines.len()
            )));
        }
    }
    let columns: Arc<[OutputColumn]> = task.copy_table_columns(answers.is_some()).into();
    let schema = schema_of(&columns);
    let augmenter = Augmenter::new(seed);
    let per_row = copies as usize + usize::from(include_original);
    let batches = with_batch(py, options, rows, |batch, cancel| {
        let capacity = rows.saturating_mul(per_row).min(SLICE);
        let mut slices = Slices::new(schema.clone(), columns.clone(), capacity);
        for run in (0..rows).step_by(RUN) {
            if cancel.requested().is_some() {
                break;
            }
            let len = RUN.min(rows - run);
            let answer = |i: usize| answer_at(answers.as_ref(), i);
            let verdicts = batch
                .judge_by(len, |i| (puzzles.get(run + i).unwrap_or_default(), answer(run + i)));
            for (i, verdict) in verdicts.iter().enumerate() {
                let row = run + i;
                let index = Value::Int(row as u64);
                if puzzles.is_null(row) {
                    slices.failed(index, MISSING, Value::Text(NULL_INPUT));
                    continue;
                }
                let (None, Some(puzzle)) = (&verdict.fault, &verdict.puzzle) else {
                    // Not `Row::Verdict`'s values: a failed row has no puzzle, even one that
                    // parsed (its answer failed).
                    let error = verdict.fault.as_ref().map_or(Value::Text(""), Value::Fault);
                    slices.failed(index, verdict.status(task), error);
                    continue;
                };
                // An answer that is there parsed (the verdict checked it); an empty one is none.
                let solution = answers
                    .as_ref()
                    .and_then(|a| a.get(row))
                    .and_then(|a| Grid::parse_line(a.trim_ascii()).ok());
                let line = lines.as_ref().map_or(row as u64 + 1, |l| l[row]);
                for (copy, transform) in augmenter.copies(file, line, copies, include_original) {
                    let grid = transform.apply(puzzle);
                    let answer = solution.map(|s| transform.apply(&s));
                    let answer = answer.as_ref();
                    // One input: the table has no `file` column.
                    let values = Row::Copy {
                        task,
                        file: "",
                        line,
                        puzzle: &grid,
                        answer,
                        copy,
                        transform: &transform,
                    };
                    slices.push(|column| match column {
                        OutputColumn::Row => index,
                        column => values.value(column),
                    });
                }
            }
        }
        slices.finish()
    })?;
    to_pyarrow(py, batches, schema)
}

impl Slices {
    /// Adds a row for an input row that gave no copies: its `index`, `status` and `error`,
    /// the other columns null.
    fn failed(&mut self, index: Value<'_>, status: &'static str, error: Value<'_>) {
        self.push(|column| match column {
            OutputColumn::Row => index,
            OutputColumn::Status => Value::Text(status),
            OutputColumn::Error => error,
            _ => Value::Null,
        });
    }
}

/// `apply_transform(grids, transforms, one, inverse)`: each grid put through its
/// transformation (or its inverse); `transforms` is one per grid, or `one` for them all.
#[pyfunction]
#[pyo3(signature = (grids, transforms = None, one = None, inverse = false))]
pub(crate) fn apply_transform(
    py: Python<'_>,
    grids: &Bound<'_, PyAny>,
    transforms: Option<&Bound<'_, PyAny>>,
    one: Option<&str>,
    inverse: bool,
) -> PyResult<Py<PyAny>> {
    let grids = Texts::extract(grids, "grids")?;
    let rows = grids.len();
    let transforms = Source::new(transforms, one, inverse, rows)?;
    let schema: SchemaRef = Arc::new(Schema::new(vec![text("grid"), text("error")]));
    let batches = py.detach(|| {
        let mut batches = Vec::new();
        for start in (0..rows).step_by(SLICE) {
            let (mut grid, mut error) = (StringBuilder::new(), StringBuilder::new());
            for row in start..rows.min(start + SLICE) {
                let g = match grids.get(row) {
                    None => Err(NULL_INPUT.to_string()),
                    Some(text) => RecordError::parse_nine(text.trim_ascii(), "apply_transform")
                        .map_err(|e| e.to_string()),
                };
                match (g, transforms.at(row)) {
                    (Ok(g), Ok(t)) => {
                        grid.append_value(line(&t.apply(&g)));
                        error.append_null();
                    }
                    (Err(e), _) | (_, Err(e)) => {
                        grid.append_null();
                        error.append_value(e);
                    }
                }
            }
            let columns: Vec<ArrayRef> = vec![Arc::new(grid.finish()), Arc::new(error.finish())];
            batches.push(RecordBatch::try_new(schema.clone(), columns).expect("the schema's"));
        }
        batches
    });
    to_pyarrow(py, batches, schema)
}

/// `apply_transform`'s transformations, inverted already where asked: one for every grid, or
/// one per grid.
enum Source {
    One(Transform),
    Each { texts: Texts, inverse: bool },
}

impl Source {
    /// The transformations of a call on `rows` grids: `transforms`, one per grid, or `one`.
    fn new(
        transforms: Option<&Bound<'_, PyAny>>,
        one: Option<&str>,
        inverse: bool,
        rows: usize,
    ) -> PyResult<Source> {
        match (transforms, one) {
            (None, Some(text)) => {
                let t = text.trim().parse::<Transform>().map_err(|e| {
                    PyValueError::new_err(format!(
                        "transforms: {text:?} is not a transformation: {e}"
                    ))
                })?;
                Ok(Source::One(if inverse { t.inverse() } else { t }))
            }
            (Some(transforms), None) => {
                let texts = Texts::extract(transforms, "transforms")?;
                if texts.len() != rows {
                    return Err(PyValueError::new_err(format!(
                        "transforms: expected one per grid ({rows} rows), got {} rows",
                        texts.len()
                    )));
                }
                Ok(Source::Each { texts, inverse })
            }
            _ => Err(PyTypeError::new_err("give transforms or one, not both")),
        }
    }

    /// Row `row`'s transformation, or why there is none.
    fn at(&self, row: usize) -> Result<Transform, String> {
        match self {
            Source::One(t) => Ok(*t),
            Source::Each { texts, inverse } => match texts.get(row) {
                None => Err("null transform".to_string()),
                Some(text) => String::from_utf8_lossy(text)
                    .trim()
                    .parse::<Transform>()
                    .map(|t| if *inverse { t.inverse() } else { t })
                    .map_err(|e| format!("transform: {e}")),
            },
        }
    }
}

/// `apply_transform_array(grids, transforms, one, inverse, blank, offset)`: `apply_transform`
/// on a numpy integer array of grids, `(N, 81)` or `(N, 9, 9)`, each cell `offset + digit` or
/// `blank` (as `solve_array` reads them): an array of its shape and dtype, each grid put
/// through its transformation. Each grid is read into the line form and parsed as the text
/// path parses it, so a row fails the same way (a `ValueError` naming the first row that
/// fails, for there is no `error` column to put it in).
#[pyfunction]
#[pyo3(signature = (grids, transforms = None, one = None, inverse = false, blank = 0, offset = 0))]
pub(crate) fn apply_transform_array(
    py: Python<'_>,
    grids: &Bound<'_, PyAny>,
    transforms: Option<&Bound<'_, PyAny>>,
    one: Option<&str>,
    inverse: bool,
    blank: i64,
    offset: i64,
) -> PyResult<Py<PyAny>> {
    with_cells!(grids, |array| {
        transform_grids(py, array, transforms, one, inverse, blank, offset)
    })
}

/// [`apply_transform_array`] for one dtype.
fn transform_grids<T: Cell>(
    py: Python<'_>,
    array: &Bound<'_, PyArrayDyn<T>>,
    transforms: Option<&Bound<'_, PyAny>>,
    one: Option<&str>,
    inverse: bool,
    blank: i64,
    offset: i64,
) -> PyResult<Py<PyAny>> {
    let shape = array.shape().to_vec();
    let rows = cells::rows(&shape)?;
    let encoding = Encoding::new(array, blank, offset)?;
    let transforms = Source::new(transforms, one, inverse, rows)?;
    let readonly = array.try_readonly()?;
    let view = readonly.as_array();
    let cancel = Cancel::new();
    let token = cancel.clone();
    let out = watched(py, rows, &cancel, || {
        let mut cells = view.iter().copied();
        let contiguous = view.as_slice();
        let mut out = Vec::with_capacity(rows * CELLS);
        let mut text = [0u8; CELLS];
        for row in 0..rows {
            if row % RUN == 0 && token.requested().is_some() {
                break; // the interrupt is raised instead
            }
            match contiguous {
                Some(all) => {
                    for (c, &cell) in text.iter_mut().zip(&all[row * CELLS..][..CELLS]) {
                        *c = encoding.char_of(cell);
                    }
                }
                None => {
                    for (c, cell) in text.iter_mut().zip(cells.by_ref()) {
                        *c = encoding.char_of(cell);
                    }
                }
            }
            let grid = Grid::parse_line(&text).map_err(|e| e.to_string());
            match (grid, transforms.at(row)) {
                (Ok(g), Ok(t)) => out.extend(t.apply(&g).cells().iter().map(|&v| encoding.cell(v))),
                (Err(e), _) | (_, Err(e)) => {
                    return Err(PyValueError::new_err(format!("grids: row {row}: {e}")))
                }
            }
        }
        Ok(out)
    })?;
    let out = ArrayD::from_shape_vec(IxDyn(&shape), out).expect("rows * 81 cells");
    Ok(out.into_pyarray(py).into_any().unbind())
}
