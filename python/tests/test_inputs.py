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
        ([1.5, 2.0], TypeError),
        (np.zeros((2, 81), dtype=np.int8), ValueError),
        (np.zeros(81, dtype=np.int8), TypeError),
        (np.array([[PUZZLE]]), ValueError),
        (pa.array([1.0, 2.0]), TypeError),
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
    with pytest.raises(ValueError, match="threads: expected an int, 1 or more, or None"):
        sb.solve([PUZZLE], threads=0)
    with pytest.raises(ValueError, match="limit: expected an int from 1 to 4294967295, got 0"):
        sb.count([PUZZLE], limit=0)
    with pytest.raises(ValueError, match="solutions: expected one per puzzle"):
        sb.validate([PUZZLE, PUZZLE], [SOLUTION])
    with pytest.raises(TypeError, match="solutions: expected"):
        sb.validate([PUZZLE], 3)
    with pytest.raises(TypeError):
        sb.solve([PUZZLE], 2)  # threads is keyword-only


#: Arguments of the wrong kind or out of range, and the words their error must have: the
#: argument's name and what it wants (issue 52, item 14).
BAD_ARGUMENTS = [
    (lambda: sb.solve([PUZZLE], threads="2"), TypeError, "threads: expected an int, 1 or more, or None \\(the default\\), got str '2'"),
    (lambda: sb.solve([PUZZLE], threads=True), TypeError, "threads: expected an int, 1 or more, or None \\(the default\\), got bool True"),
    (lambda: sb.solve([PUZZLE], threads=2.0), TypeError, "threads: expected an int"),
    (lambda: sb.solve([PUZZLE], size="9"), TypeError, "size: expected an int N from 4 to 25, or None, got str '9'"),
    (lambda: sb.solve([PUZZLE], size=-1), ValueError, "size: expected an int N from 4 to 25, or None, got -1"),
    (lambda: sb.generate(1, seed=-1), ValueError, r"seed: expected an int from 0 to 2\*\*64 - 1, or None, got -1"),
    (lambda: sb.generate(1, seed=2**64), ValueError, "seed: expected an int from 0 to 2"),
    (lambda: sb.generate("3"), TypeError, "count: expected an int, 0 or more, got str '3'"),
    (lambda: sb.count([PUZZLE], limit=2**32), ValueError, "limit: expected an int from 1 to 4294967295, got 4294967296"),
    (lambda: sb.count([PUZZLE], limit=True), TypeError, "limit: expected an int from 1 to 4294967295, got bool True"),
    (lambda: sb.rate([PUZZLE], max_work=-5), ValueError, "max_work: expected an int, 0 or more, or None, got -5"),
    (lambda: sb.augment([PUZZLE], seed=-1), ValueError, "seed: expected an int from 0 to 2"),
    (lambda: sb.augment([PUZZLE], copies="2"), TypeError, "copies: expected an int from 1 to"),
    (lambda: sb.canon([PUZZLE], threads=False), TypeError, "threads: expected an int"),
    (lambda: sb.solve_array(np.zeros((1, 81), np.int8), threads="1"), TypeError, "threads: expected an int"),
    (lambda: sb.stats([PUZZLE], threads=0), ValueError, "threads: expected an int, 1 or more"),
]


@pytest.mark.parametrize("call, error, words", BAD_ARGUMENTS, ids=lambda v: v if isinstance(v, str) else None)
def test_arguments_name_themselves_and_what_they_want(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_numpy_integers_are_ints():
    assert sb.solve([PUZZLE], threads=np.int64(2)).column("status").to_pylist() == ["solved"]
    assert sb.count([PUZZLE], limit=np.uint8(3)).column("count").to_pylist() == [1]


ZEROS = PUZZLE.replace(".", "0")  # the 0-blank form, which starts with a 0


def test_categorical_columns_are_read_as_their_strings():
    pd = pytest.importorskip("pandas")
    pl = pytest.importorskip("polars")
    rows = [PUZZLE, CONFLICT, PUZZLE, None]
    want = ["solved", "conflicting givens", "solved", "missing"]
    for column in (
        pd.Series(rows, dtype="category"),
        pl.Series(rows, dtype=pl.Categorical),
        pa.array(rows).dictionary_encode(),
        pa.chunked_array([pa.array(rows).dictionary_encode()] * 2),
    ):
        n = len(column)
        assert sb.solve(column).column("status").to_pylist() == (want * 2)[:n], type(column)
        assert sb.validate(column).column("status").to_pylist()[:2] == ["valid", "conflicting givens"]


def test_integer_columns_get_their_leading_zeros_back():
    """What pandas' CSV reader makes of 0-blank puzzles: numbers, the leading zeros gone (an
    81-digit one is a Python int in an object column; a 16-digit 4x4 one is int64)."""
    import io

    pd = pytest.importorskip("pandas")
    text = f"puzzle,solution\n{ZEROS},{SOLUTION}\n{ZEROS},{SOLUTION}\n"
    frame = pd.read_csv(io.StringIO(text))
    assert str(frame["puzzle"][0]) == ZEROS.lstrip("0")  # what the reader did
    assert sb.validate(frame["puzzle"], frame["solution"]).column("status").to_pylist() == ["valid", "valid"]
    assert sb.solve(list(frame["puzzle"])).column("solution").to_pylist() == [SOLUTION, SOLUTION]
    small = "0012000000003400"  # a 4x4 puzzle, 16 digits: int64
    frame = pd.read_csv(io.StringIO(f"p\n{small}\n\n{small}\n"), skip_blank_lines=False)
    assert frame["p"].dtype.kind == "f"  # a blank line makes it float: refused, below
    frame = pd.read_csv(io.StringIO(f"p\n{small}\n{small}\n"))
    assert frame["p"].dtype == "int64"
    for column in (frame["p"], pa.array(frame["p"]), pa.array(frame["p"], pa.uint64())):
        table = sb.solve(column, size=4)
        assert table.column("status").to_pylist() == ["solved", "solved"], table.column("error")
    assert sb.solve(frame["p"], box="2x2").column("status").to_pylist() == ["solved", "solved"]


def test_float_columns_are_refused_saying_to_read_strings():
    pd = pytest.importorskip("pandas")
    for column in (pd.Series([1.5e80, None]), pa.array([1.0, None]), [1.0e80]):
        with pytest.raises(TypeError, match=r"puzzles: expected strings, got a column of double, whose puzzles have lost .* read the column as strings \(pandas and dask: dtype=str"):
            sb.solve(column)
