//! `solve_array`: puzzles as numpy integer grids, the form machine-learning datasets keep them
//! in, solved into grids of the same shape and dtype, with one status code per puzzle.
//!
//! A grid is a row of an `(M, N * N)` array or an `(M, N, N)` array, each cell
//! `offset + digit` or `blank` (0 and 0 for the Kaggle sets' digits; HRM-style tensors use
//! `blank=1, offset=1`, digits 2 to 10). Which size and boxes an array's grids have is the
//! library's rule (`sized::shape_of_dims`), with the shape the caller said (`size=`, `box=`,
//! read by the library's `shape_asked` as the CLI's `--size` and `--box` are).
//!
//! 9x9 grids go to the batch's solver (the band solver unless told), [`RUN`] at a time: each
//! thread reads its rows' cells straight into a grid and writes the solution in place. Grids
//! of every other size go to the library's sized solver (`Judge::solve_board`), a grid at a
//! time. A grid that could not be solved is written all `blank`; a cell that is neither
//! `blank` nor a digit of its grid (above N, say) makes its grid `malformed`.
//!
//! Status codes (`sb.STATUS`): 0 `solved`, then `1 + i` for the `i`th reason of
//! [`Reason::ALL`]: 1 `malformed`, 2 `conflicting givens`, 3 `no solution` (the others do
//! not arise when solving).

use numpy::ndarray::{Axis, IxDyn};
use numpy::{PyArray1, PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;
use rayon::prelude::*;
use sudoku_bulk::sized::{Board, Shape};
use sudoku_bulk::{Grid, Reason, Task};

use crate::cells::{self, with_cells, Cell, Encoding, CELLS};
use crate::engine::{shape_arg, with_batch, Options, RUN};
use sudoku_bulk::batch::Answer;

/// The status code of a verdict that failed for `reason` (0 when it did not fail).
pub(crate) fn code(reason: Option<Reason>) -> u8 {
    reason.map_or(0, |r| 1 + r.index() as u8)
}

/// `solve_array(grids, blank, offset, threads, solver, size, box)`: `(solutions, status)`.
#[pyfunction]
#[pyo3(signature = (
    grids, blank = 0, offset = 0, threads = None, solver = "band", size = None, r#box = None
))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn solve_array(
    py: Python<'_>,
    grids: &Bound<'_, PyAny>,
    blank: i64,
    offset: i64,
    threads: Option<i64>,
    solver: &str,
    size: Option<usize>,
    r#box: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Py<PyAny>, Py<PyAny>)> {
    let options = Options::new(Task::Solve, threads, solver)?;
    let asked = shape_arg(size, r#box)?;
    with_cells!(grids, |array| {
        let (rows, shape) = cells::grids_of(array.shape(), asked)?;
        match shape {
            Shape::NINE => solve_grids(py, array, rows, blank, offset, options),
            _ => solve_sized(py, array, rows, shape, blank, offset, options),
        }
    })
}

/// [`solve_array`] for 9x9 grids of one dtype.
fn solve_grids<T: Cell>(
    py: Python<'_>,
    array: &Bound<'_, PyArrayDyn<T>>,
    rows: usize,
    blank: i64,
    offset: i64,
    options: Options,
) -> PyResult<(Py<PyAny>, Py<PyAny>)> {
    let shape = array.shape().to_vec();
    let encoding = Encoding::new(array, blank, offset)?;
    let readonly = array.try_readonly()?;
    let view = readonly.as_array();
    // The line form of a cell ([`Encoding::char_of`]), looked up for the values 0 to 255
    // (every cell of the usual uint8 grids).
    let small: [u8; 256] = std::array::from_fn(|v| encoding.char_of_value(v as i64));
    let char_of = move |cell: T| match cell.value() {
        Some(v @ 0..=255) => small[v as usize],
        _ => encoding.char_of(cell),
    };
    // A cell's value in the grid (0 a blank, 1-9 a digit), or `BAD`: the line form's character
    // read back, so that the two can never disagree.
    const BAD: u8 = 0xFF;
    let value_of_char = |c: u8| match c {
        b'.' => 0,
        b'1'..=b'9' => c - b'0',
        _ => BAD,
    };
    let small_values: [u8; 256] = std::array::from_fn(|v| value_of_char(small[v]));
    let value_of = move |cell: T| match cell.value() {
        Some(v @ 0..=255) => small_values[v as usize],
        _ => value_of_char(encoding.char_of(cell)),
    };
    let contiguous = view.as_slice();
    let view = &view;
    // Grids whose cells need no translation either way.
    let plain = T::as_bytes(&[]).is_some() && blank == 0 && offset == 0;
    let blank_cell = encoding.cell(0);
    // The solutions go straight into an array numpy allocated: for an array this size numpy
    // asks the kernel for huge pages, so its first writes fault some 2 MiB at a time, not 4
    // KiB (a Vec handed over afterwards faulted 20,000 times per million grids, in the
    // threads' time). Every row is written below, so its zeros are never seen.
    let solutions_array = PyArrayDyn::<T>::zeros(py, IxDyn(&shape), false);
    // SAFETY: the array was made just above and is not yet seen by Python or anyone else, so
    // this is the only view of its data; it lives until this function returns.
    let solutions = unsafe { solutions_array.as_slice_mut() }.expect("a new array is contiguous");
    let mut status = vec![0u8; rows];
    with_batch(py, options, rows, |batch, cancel| {
        // Each thread reads its rows' cells straight into a grid, solves it, and writes its
        // rows of the two outputs in place; only a row with a cell that is no digit nor blank
        // goes through the line form, for the parser's message.
        let runs = solutions.par_chunks_mut(RUN * CELLS).zip(status.par_chunks_mut(RUN));
        batch.install(|| {
            runs.enumerate().for_each(|(i, (solutions, status))| {
                if cancel.requested().is_some() {
                    return; // the call raises KeyboardInterrupt
                }
                batch.with_judge(|judge| {
                    let mut cells = [0u8; CELLS];
                    for (k, code_out) in status.iter_mut().enumerate() {
                        let row = i * RUN + k;
                        let mut bad = 0u8;
                        match contiguous {
                            // uint8 grids with 0 for a blank and digits as themselves: the
                            // cells are the grid's values already (`from_cells` checks them).
                            Some(all) if plain => {
                                let bytes = T::as_bytes(&all[row * CELLS..][..CELLS]);
                                cells.copy_from_slice(bytes.expect("plain is u8"));
                            }
                            Some(all) => {
                                for (cell, &c) in cells.iter_mut().zip(&all[row * CELLS..][..CELLS])
                                {
                                    *cell = value_of(c);
                                    bad |= u8::from(*cell == BAD);
                                }
                            }
                            None => {
                                let grid = view.index_axis(Axis(0), row);
                                for (cell, &c) in cells.iter_mut().zip(grid.iter()) {
                                    *cell = value_of(c);
                                    bad |= u8::from(*cell == BAD);
                                }
                            }
                        }
                        let out = &mut solutions[k * CELLS..][..CELLS];
                        // The solution, or the status code of the reason there is none.
                        let solved = match (bad, Grid::from_cells(cells)) {
                            (0, Some(grid)) => judge.solve(&grid).map_err(|r| code(Some(r))),
                            _ => {
                                let line: Vec<u8> = match contiguous {
                                    Some(all) => all[row * CELLS..][..CELLS]
                                        .iter()
                                        .map(|&c| char_of(c))
                                        .collect(),
                                    None => view
                                        .index_axis(Axis(0), row)
                                        .iter()
                                        .map(|&c| char_of(c))
                                        .collect(),
                                };
                                let verdict = judge.text(&line, Answer::None);
                                *code_out = code(verdict.fault.map(|f| f.reason));
                                out.fill(blank_cell);
                                continue;
                            }
                        };
                        match solved {
                            Ok(solution) if plain => {
                                *code_out = 0;
                                let out = T::as_bytes_mut(out).expect("plain is u8");
                                out.copy_from_slice(solution.cells());
                            }
                            Ok(solution) => {
                                *code_out = 0;
                                for (o, &d) in out.iter_mut().zip(solution.cells()) {
                                    *o = encoding.cell(d);
                                }
                            }
                            Err(status) => {
                                *code_out = status;
                                out.fill(blank_cell);
                            }
                        }
                    }
                })
            })
        })
    })?;
    let solutions = solutions_array;
    let status = PyArray1::from_vec(py, status);
    Ok((solutions.into_any().unbind(), status.into_any().unbind()))
}

/// [`solve_array`] for grids of another size than 9x9, of one dtype: each read into its
/// digits, solved by the library's sized solver, and written back in place.
fn solve_sized<T: Cell>(
    py: Python<'_>,
    array: &Bound<'_, PyArrayDyn<T>>,
    rows: usize,
    grid: Shape,
    blank: i64,
    offset: i64,
    options: Options,
) -> PyResult<(Py<PyAny>, Py<PyAny>)> {
    let shape = array.shape().to_vec();
    let cells = grid.cells();
    let encoding = Encoding::of_size(array, blank, offset, grid.size())?;
    let readonly = array.try_readonly()?;
    let view = readonly.as_array();
    let contiguous = view.as_slice();
    let view = &view;
    let blank_cell = encoding.cell(0);
    let solutions_array = PyArrayDyn::<T>::zeros(py, IxDyn(&shape), false);
    // SAFETY: as in `solve_grids`: the array was made just above, and nothing else sees it yet.
    let solutions = unsafe { solutions_array.as_slice_mut() }.expect("a new array is contiguous");
    let mut status = vec![0u8; rows];
    // Grids larger than 9x9 can take a thread milliseconds to seconds each: every grid is a
    // task of its own, and every call is watched for Ctrl-C. Smaller ones go in runs.
    let (min_len, watched_rows) = match cells > CELLS {
        true => (1, usize::MAX),
        false => (RUN, rows),
    };
    with_batch(py, options, watched_rows, |batch, cancel| {
        let grids = solutions.par_chunks_mut(cells.max(1)).zip(status.par_iter_mut()).enumerate();
        batch.install(|| {
            grids.with_min_len(min_len).for_each_init(
                || vec![0u8; cells],
                |digits, (row, (out, code_out))| {
                    if cancel.requested().is_some() {
                        return; // the call raises KeyboardInterrupt
                    }
                    let mut bad = false;
                    let mut read = |cells: &mut dyn Iterator<Item = T>| {
                        for (d, c) in digits.iter_mut().zip(cells) {
                            *d = encoding.value_of(c).unwrap_or_else(|| {
                                bad = true;
                                0
                            });
                        }
                    };
                    match contiguous {
                        Some(all) => read(&mut all[row * cells..][..cells].iter().copied()),
                        None => read(&mut view.index_axis(Axis(0), row).iter().copied()),
                    }
                    let board = Board::from_cells(grid, digits).filter(|_| !bad);
                    let solved = match board {
                        Some(board) => batch.with_judge(|judge| judge.solve_board(&board, digits)),
                        None => Err(Reason::Malformed),
                    };
                    match solved {
                        Ok(()) => {
                            *code_out = 0;
                            for (o, &d) in out.iter_mut().zip(digits.iter()) {
                                *o = encoding.cell(d);
                            }
                        }
                        Err(reason) => {
                            *code_out = code(Some(reason));
                            out.fill(blank_cell);
                        }
                    }
                },
            )
        })
    })?;
    let status = PyArray1::from_vec(py, status);
    Ok((solutions_array.into_any().unbind(), status.into_any().unbind()))
}
