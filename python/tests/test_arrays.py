"""solve_array on 9x9 grids: every dtype and both shapes, blank and offset, strided arrays,
bad cells, and the errors for wrong types and shapes (other sizes: test_sizes.py)."""

from __future__ import annotations

import numpy as np
import pytest

import sudoku_bulk as sb

from conftest import CONFLICT, NO_SOLUTION, PUZZLE, SOLUTION

DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]


def grid(line: str, blank: int = 0, offset: int = 0) -> list:
    """The cells of a line-form puzzle as `offset + digit`, `blank` for a blank."""
    return [blank if c in "._0" else offset + int(c) for c in line]


def expected_solution(blank: int = 0, offset: int = 0) -> list:
    return grid(SOLUTION, blank, offset)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: np.dtype(d).name)
@pytest.mark.parametrize("shape", ["N,81", "N,9,9"])
def test_dtypes_and_shapes(dtype, shape):
    grids = np.array([grid(PUZZLE), grid(CONFLICT), grid(NO_SOLUTION), grid(PUZZLE)], dtype=dtype)
    if shape == "N,9,9":
        grids = grids.reshape(-1, 9, 9)
    solutions, status = sb.solve_array(grids, threads=2)
    assert solutions.shape == grids.shape and solutions.dtype == grids.dtype
    assert status.dtype == np.uint8 and status.shape == (4,)
    assert [sb.STATUS[s] for s in status] == ["solved", "conflicting givens", "no solution", "solved"]
    flat = solutions.reshape(4, 81)
    assert flat[0].tolist() == expected_solution() and flat[3].tolist() == expected_solution()
    assert not flat[1].any() and not flat[2].any()  # unsolved rows are all blank


def test_hrm_style_blank_1_offset_1():
    grids = np.array([grid(PUZZLE, blank=1, offset=1)] * 3, dtype=np.int64).reshape(3, 9, 9)
    solutions, status = sb.solve_array(grids, blank=1, offset=1)
    assert status.tolist() == [0, 0, 0]
    assert solutions.reshape(3, 81)[1].tolist() == expected_solution(offset=1)
    assert solutions.min() == 2 and solutions.max() == 10


def test_other_blank_and_negative_offset():
    grids = np.array([grid(PUZZLE, blank=-1, offset=-1)], dtype=np.int16)
    solutions, status = sb.solve_array(grids, blank=-1, offset=-1)
    assert status.tolist() == [0]
    assert solutions[0].tolist() == expected_solution(offset=-1)


def test_offset_just_below_the_dtype():
    """Only the digits offset+1 to offset+9 and blank need to fit: offset itself need not."""
    for dtype, blank, offset in [(np.uint8, 9, -1), (np.int8, 127, -129)]:
        grids = np.array([grid(PUZZLE, blank=blank, offset=offset)], dtype=dtype)
        solutions, status = sb.solve_array(grids, blank=blank, offset=offset)
        assert status.tolist() == [0]
        assert solutions[0].tolist() == expected_solution(offset=offset)


def test_unsolved_rows_are_all_blank():
    grids = np.array([grid(NO_SOLUTION, blank=1, offset=1)], dtype=np.uint8)
    solutions, status = sb.solve_array(grids, blank=1, offset=1)
    assert sb.STATUS[status[0]] == "no solution"
    assert (solutions == 1).all()


def test_a_cell_out_of_range_makes_its_grid_malformed():
    bad = grid(PUZZLE)
    bad[40] = 10
    negative = grid(PUZZLE)
    negative[0] = -3
    grids = np.array([bad, grid(PUZZLE), negative], dtype=np.int32)
    solutions, status = sb.solve_array(grids)
    assert [sb.STATUS[s] for s in status] == ["malformed", "solved", "malformed"]
    assert not solutions[0].any() and not solutions[2].any()


def test_strided_and_fortran_arrays():
    grids = np.array([grid(PUZZLE), grid(CONFLICT)] * 4, dtype=np.int32)
    every_other = grids[::2]
    assert not every_other.flags.c_contiguous
    solutions, status = sb.solve_array(every_other)
    assert status.tolist() == [0, 0, 0, 0]
    assert solutions[2].tolist() == expected_solution()
    fortran = np.asfortranarray(grids.reshape(8, 9, 9))
    solutions, status = sb.solve_array(fortran)
    assert status.tolist() == [0, 2] * 4
    assert solutions.reshape(8, 81)[0].tolist() == expected_solution()


def test_empty_and_array_likes():
    solutions, status = sb.solve_array(np.zeros((0, 81), dtype=np.int8))
    assert solutions.shape == (0, 81) and status.shape == (0,)
    solutions, status = sb.solve_array([grid(PUZZLE)])  # a list of lists, via numpy.asarray
    assert status.tolist() == [0] and solutions[0].tolist() == expected_solution()


def test_the_input_is_left_alone():
    grids = np.array([grid(PUZZLE)], dtype=np.int8)
    before = grids.copy()
    sb.solve_array(grids)
    assert (grids == before).all()


@pytest.mark.parametrize(
    "grids, kwargs, error, message",
    [
        (np.zeros((2, 81), dtype=np.float64), {}, TypeError, "expected an integer array, got dtype float64"),
        (np.zeros((2, 81), dtype=bool), {}, TypeError, "expected an integer array"),
        (np.array([PUZZLE]), {}, TypeError, "expected an integer array"),
        (np.zeros((2, 80), dtype=np.int8), {}, ValueError, r"grids: shape \(2, 80\): 80 cells a grid, expected a common size's"),
        (np.zeros(81, dtype=np.int8), {}, ValueError, r"expected shape \(M, N, N\) or \(M, N \* N\), got \(81,\)$"),
        (np.zeros((2, 9, 8), dtype=np.int8), {}, ValueError, r"shape \(2, 9, 8\): 9x8 grids are not square"),
        (np.zeros((2, 81, 1), dtype=np.int8), {}, ValueError, "81x1 grids are not square"),
        (np.zeros((2, 9, 9, 1), dtype=np.int8), {}, ValueError, "expected shape"),
        (np.zeros((2, 81), dtype=np.uint8), {"offset": 250}, ValueError, "do not fit dtype uint8"),
        (np.zeros((2, 81), dtype=np.uint8), {"blank": -1}, ValueError, "blank=-1 does not fit"),
        (np.zeros((2, 81), dtype=np.int8), {"blank": 5}, ValueError, "blank=5 is also a digit"),
        (np.zeros((2, 81), dtype=np.int8), {"threads": 0}, ValueError, "threads: expected an int, 1 or more"),
    ],
)
def test_wrong_types_and_shapes_raise(grids, kwargs, error, message):
    with pytest.raises(error, match=message):
        sb.solve_array(grids, **kwargs)


def test_agrees_with_solve(sample_puzzles):
    lines = sample_puzzles[:2000]
    grids = np.array([grid(line) for line in lines], dtype=np.uint8)
    solutions, status = sb.solve_array(grids)
    table = sb.solve(lines)
    assert (status == 0).all()
    assert ["".join(map(str, row)) for row in solutions] == table.column("solution").to_pylist()
