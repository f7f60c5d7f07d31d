"""Every input kind gives the same table, read in order, nulls as `missing`; wrong kinds raise."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest

import sudoku_bulk as sb

from conftest import CONFLICT, EMPTY, NO_SOLUTION, PUZZLE, SOLUTION

ROWS = [PUZZLE, "x" * 81, CONFLICT, NO_SOLUTION, EMPTY, "  " + PUZZLE + "\n"]
EXPECTED_STATUS = ["solved", "malformed", "conflicting givens", "no solution", "solved", "solved"]


def check(table: pa.Table, rows=ROWS) -> None:
    """`table` is the solve table of `rows`."""
    assert table.column_names == ["status", "solution", "guesses", "error"]
    assert table.num_rows == len(rows)
    assert table.schema.field("status").type == pa.string()
    assert table.schema.field("solution").type == pa.string()
    assert table.schema.field("guesses").type == pa.int64()
    assert table.schema.field("error").type == pa.string()
    assert table.column("status").to_pylist() == EXPECTED_STATUS[: len(rows)]
    solutions = table.column("solution").to_pylist()
    assert solutions[0] == SOLUTION and solutions[5] == SOLUTION
    assert solutions[1:4] == [None, None, None]
    assert len(solutions[4]) == 81
    assert table.column("error").to_pylist()[:4] == [
        None,
        "cell 1 (row 1, column 1): unexpected character 'x'",
        "digit 2 twice in row 1",
        "no solution",
    ]
    guesses = table.column("guesses").to_pylist()
    assert guesses[1] is None and guesses[0] == 0 and guesses[4] > 0


def test_list_and_tuple():
    check(sb.solve(ROWS))
    check(sb.solve(tuple(ROWS)))


@pytest.mark.parametrize(
    "arrow_type",
    [pa.string(), pa.large_string(), pa.string_view(), pa.binary(), pa.large_binary(), pa.binary_view()],
    ids=str,
)
def test_pyarrow_types(arrow_type):
    values = [r.encode() if pa.types.is_binary(arrow_type) or "binary" in str(arrow_type) else r for r in ROWS]
    check(sb.solve(pa.array(values, type=arrow_type)))


def test_fixed_size_binary():
    rows = [r for r in ROWS if len(r) == 81]  # every row but the padded one
    table = sb.solve(pa.array([r.encode() for r in rows], type=pa.binary(81)))
    assert table.column("status").to_pylist() == EXPECTED_STATUS[:5]
    assert table.column("solution")[0].as_py() == SOLUTION


def test_chunked_array_with_empty_and_sliced_chunks():
    chunks = [pa.array(ROWS[:2]), pa.array([], pa.string()), pa.array(["pad"] + ROWS[2:5])[1:], pa.array(ROWS[5:])]
    check(sb.solve(pa.chunked_array(chunks)))


def test_sliced_array():
    check(sb.solve(pa.array(["pad", "pad"] + ROWS + ["pad"])[2:-1]))


def test_numpy_str_bytes_object():
    check(sb.solve(np.array(ROWS)))
    check(sb.solve(np.array([r.encode() for r in ROWS])))
    check(sb.solve(np.array(ROWS, dtype=object)))


def test_pandas_series():
    pd = pytest.importorskip("pandas")
    check(sb.solve(pd.Series(ROWS)))
    check(sb.solve(pd.Series(ROWS, dtype=object)))
    check(sb.solve(pd.Series(ROWS, dtype="string")))
    nulls = sb.solve(pd.Series([PUZZLE, None, float("nan")], dtype=object))
    assert nulls.column("status").to_pylist() == ["solved", "missing", "missing"]


def test_polars_series():
    pl = pytest.importorskip("polars")
    check(sb.solve(pl.Series(ROWS)))
    check(sb.solve(pl.Series([r.encode() for r in ROWS], dtype=pl.Binary)))
    nulls = sb.solve(pl.Series([None, PUZZLE]))
    assert nulls.column("status").to_pylist() == ["missing", "solved"]


class OnlyArray:
    """An object that has nothing but `__arrow_c_array__`."""

    def __init__(self, array):
        self.array = array

    def __arrow_c_array__(self, requested_schema=None):
        return self.array.__arrow_c_array__(requested_schema)


class OnlyStream:
    """An object that has nothing but `__arrow_c_stream__`."""

    def __init__(self, chunked):
        self.chunked = chunked

    def __arrow_c_stream__(self, requested_schema=None):
        return self.chunked.__arrow_c_stream__(requested_schema)


def test_any_pycapsule_object():
    check(sb.solve(OnlyArray(pa.array(ROWS))))
    check(sb.solve(OnlyStream(pa.chunked_array([ROWS[:3], ROWS[3:]]))))


def test_arrow_input_is_not_copied_by_pyarrow():
    array = pa.array(ROWS * 1000)
    before = pa.total_allocated_bytes()
    table = sb.solve(array)
    # The table's buffers were allocated by Rust and imported; nothing went through the pool.
    assert pa.total_allocated_bytes() == before
    assert table.num_rows == len(ROWS) * 1000


def test_nulls_are_missing():
    table = sb.solve([None, PUZZLE, None])
    assert table.column("status").to_pylist() == ["missing", "solved", "missing"]
    assert table.column("solution").to_pylist()[::2] == [None, None]
    assert table.column("guesses").to_pylist()[::2] == [None, None]
    assert table.column("error").to_pylist() == ["null input", None, "null input"]
    assert sb.solve(pa.array([None, None])).column("status").to_pylist() == ["missing"] * 2
    assert sb.solve(pa.chunked_array([[PUZZLE], [None]], pa.large_string())).column("status").to_pylist() == [
        "solved",
        "missing",
    ]
    counted = sb.count([None])
    assert counted.column("count").to_pylist() == [None]
    assert sb.validate([None]).column("status").to_pylist() == ["missing"]


def test_empty_inputs():
    for empty in ([], (), pa.array([], pa.string()), np.array([], dtype=str)):
        table = sb.solve(empty)
        assert table.num_rows == 0
        assert table.column_names == ["status", "solution", "guesses", "error"]


def test_many_rows_span_several_record_batches():
    rows = [PUZZLE, None, "bad"] * 50_000  # more than one slice of 65,536
    table = sb.solve(pa.array(rows), threads=2)
    assert table.num_rows == len(rows)
    assert table.column("status").to_pylist() == ["solved", "missing", "malformed"] * 50_000


@pytest.mark.parametrize(
    "value, error",
    [
        (PUZZLE, TypeError),
        (PUZZLE.encode(), TypeError),
        (42, TypeError),
        ({"a": PUZZLE}, TypeError),
        (None, TypeError),
        (iter([PUZZLE]), TypeError),
        ([PUZZLE, 42], TypeError),
        ([1, 2], TypeError),
        (np.zeros((2, 81), dtype=np.int8), ValueError),
        (np.zeros(81, dtype=np.int8), TypeError),
        (np.array([[PUZZLE]]), ValueError),
        (pa.array([1, 2]), TypeError),
        (pa.table({"puzzle": [PUZZLE]}), TypeError),
        (pa.array([b"x" * 80], pa.binary(80)), ValueError),
    ],
    ids=lambda v: type(v).__name__,
)
def test_wrong_kinds_raise_saying_what_was_expected(value, error):
    with pytest.raises(error, match="puzzles: expected"):
        sb.solve(value)


def test_bad_options_raise():
    with pytest.raises(ValueError, match="solver: expected one of band, bitmask, dlx, naive"):
        sb.solve([PUZZLE], solver="quick")
    with pytest.raises(ValueError, match="threads must be at least 1"):
        sb.solve([PUZZLE], threads=0)
    with pytest.raises(ValueError, match="limit must be at least 1"):
        sb.count([PUZZLE], limit=0)
    with pytest.raises(ValueError, match="solutions: expected one per puzzle"):
        sb.validate([PUZZLE, PUZZLE], [SOLUTION])
    with pytest.raises(TypeError, match="solutions: expected"):
        sb.validate([PUZZLE], 3)
    with pytest.raises(TypeError):
        sb.solve([PUZZLE], 2)  # threads is keyword-only
