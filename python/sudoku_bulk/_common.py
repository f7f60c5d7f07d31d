"""What every door of the package shares: the argument types, the status words, and the
reading of a column of puzzles in memory into something the native module reads in place."""

from __future__ import annotations

import numbers
import operator
import os
from typing import Any, TypeVar, Union

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from . import _native

__version__: str = _native.__version__

#: ``solve_array``'s status codes and their words: 0 ``solved``, 1 ``malformed``,
#: 2 ``conflicting givens``, 3 ``no solution``, and the other reasons after them.
STATUS: dict[int, str] = dict(_native.STATUS)

#: The solvers ``solver=`` accepts (``"fast"`` is another name for ``"band"``, the default).
SOLVERS: tuple[str, ...] = tuple(_native.SOLVERS)

#: The status of a row whose input was null.
MISSING: str = _native.MISSING

PathLike = Union[str, "os.PathLike[str]"]

#: ``box=``: box rows x columns, ``"3x2"`` (as the CLI's ``--box``) or ``(3, 2)``.
Box = Union[str, "tuple[int, int]"]

#: The dtype of an integer grid array, which ``solve_array`` and ``apply_transform`` keep.
_Int = TypeVar("_Int", bound="np.integer[Any]")

_EXPECTED = (
    "a list or tuple of str, a numpy array of str or bytes, a pandas Series of str, "
    "a pyarrow Array or ChunkedArray of strings, or any object with the Arrow PyCapsule "
    "interface (a polars Series, for one)"
)


def _is_pandas(values: Any) -> bool:
    """Whether ``values`` is a pandas object, found without importing pandas."""
    return type(values).__module__.split(".")[0] == "pandas"


def _whole(value: Any, name: str, wanted: str, low: int, high: int) -> int:
    """``value`` as an int from ``low`` to ``high``: a TypeError for anything but an int (a
    bool, a str, a float) and a ValueError for one out of range, each naming the argument and
    what it wants."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name}: expected {wanted}, got {type(value).__name__} {value!r}")
    number = int(value)
    if not low <= number <= high:
        raise ValueError(f"{name}: expected {wanted}, got {number}")
    return number


_U32 = 2**32 - 1
_U64 = 2**64 - 1


def _threads(threads: Any) -> int | None:
    """``threads=``: None (the default) or a thread count, 1 or more."""
    if threads is None:
        return None
    return _whole(threads, "threads", "an int, 1 or more, or None (the default)", 1, _U64)


def _size(size: Any) -> int | None:
    """``size=``: None, or a grid's size N (the library says which N have boxes)."""
    if size is None:
        return None
    return _whole(size, "size", "an int N from 4 to 25, or None", 0, _U64)


def _limit(limit: Any) -> int:
    """``limit=``: the most solutions to count."""
    return _whole(limit, "limit", f"an int from 1 to {_U32}", 1, _U32)


def _seed(seed: Any) -> int | None:
    """``seed=``: None, or a seed of 64 bits."""
    if seed is None:
        return None
    return _whole(seed, "seed", "an int from 0 to 2**64 - 1, or None", 0, _U64)


def _optional(value: Any, name: str) -> int | None:
    """A count that may be None: ``max_work=``, ``max_messages=``."""
    if value is None:
        return None
    return _whole(value, name, "an int, 0 or more, or None", 0, _U64)


def _progress(progress: Any) -> bool | None:
    """``progress=``: None (where the CLI would draw the bar), True or False."""
    if progress is None or isinstance(progress, bool):
        return progress
    raise TypeError(
        f"progress: expected True, False or None (the default), got "
        f"{type(progress).__name__} {progress!r}"
    )


def _cells(size: Any = None, box: Any = None) -> int:
    """The cells of one puzzle of the size ``size`` or ``box`` asks for (81 when neither
    does): the width an integer column's puzzles are padded to with their leading zeros."""
    numbers_given = [size] if size is not None else list(box) if isinstance(box, tuple) else []
    try:
        whole = [operator.index(n) for n in numbers_given]
    except TypeError:
        whole = []
    if len(whole) == 1 and whole[0] > 0:
        return whole[0] ** 2
    if len(whole) == 2:
        return (whole[0] * whole[1]) ** 2
    if isinstance(box, str):
        rows, _, cols = box.lower().partition("x")
        if rows.strip().isdigit() and cols.strip().isdigit():
            return (int(rows) * int(cols)) ** 2
    return 81


def _column(values: Any, name: str, cells: int = 81) -> Any:
    """Returns ``values`` as something the native module reads through the Arrow PyCapsule
    interface: Arrow text columns as they are (read in place), the other kinds converted once
    by pyarrow. A dictionary (categorical) column is decoded, and an integer column (the
    0-blank puzzles a CSV reader takes for numbers) becomes text with its leading zeros put
    back, ``cells`` digits a puzzle. Raises TypeError or ValueError for anything that is not
    a column of puzzles, and for a float column, whose digits are lost."""
    if hasattr(values, "__arrow_c_array__") or hasattr(values, "__arrow_c_stream__"):
        if isinstance(values, (pa.Array, pa.ChunkedArray)):
            return _text(values, name, cells)
        try:
            arrow = (
                pa.array(values)
                if hasattr(values, "__arrow_c_array__")
                else pa.chunked_array(values)
            )
        except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError, OverflowError):
            if not _is_pandas(values):
                return values  # the native module says what it is
        else:
            return _text(arrow, name, cells)
    if isinstance(values, (str, bytes)):
        raise TypeError(
            f"{name}: expected {_EXPECTED}, got a single {type(values).__name__}; "
            "wrap one puzzle in a list"
        )
    if isinstance(values, np.ndarray):
        hint = "; for integer grids use solve_array" if values.dtype.kind in "iu" else ""
        if values.ndim != 1:
            raise ValueError(
                f"{name}: expected a 1-dimensional array of str or bytes, "
                f"got shape {values.shape}{hint}"
            )
        if values.dtype.kind not in "USO":
            raise TypeError(
                f"{name}: expected an array of str or bytes, got dtype {values.dtype}{hint}"
            )
    elif not isinstance(values, (list, tuple)) and not _is_pandas(values):
        raise TypeError(f"{name}: expected {_EXPECTED}, got {type(values).__name__}")
    try:
        return _text(pa.array(values, from_pandas=True), name, cells)
    except (pa.ArrowInvalid, pa.ArrowTypeError, OverflowError) as error:
        numbers = _big_integers(values, cells)
        if numbers is not None:
            return numbers
        raise TypeError(f"{name}: expected str or bytes items (or None): {error}") from None


def _is_missing(value: Any) -> bool:
    """None, or a float NaN, pandas' NA and NaT: what pandas puts in an empty cell."""
    return value is None or value != value or type(value).__name__ in ("NAType", "NaTType")


def _big_integers(values: Any, cells: int) -> pa.Array[Any] | None:
    """Python ints too large for Arrow's integers (what pandas' CSV reader makes of an
    81-digit puzzle with blanks ``0``), as text with their leading zeros; ``None`` if
    ``values`` holds anything else."""
    items = list(values)
    if not all(_is_missing(v) or (isinstance(v, int) and not isinstance(v, bool)) for v in items):
        return None
    return pa.array([None if _is_missing(v) else str(v).zfill(cells) for v in items], pa.string())


def _text(column: Any, name: str, cells: int) -> Any:
    """An Arrow column as one of the text types the native module reads: a dictionary
    decoded, an integer column padded with its leading zeros to ``cells`` digits; a float or
    decimal column refused (its leading zeros, and its digits past the 15th or so, are
    gone)."""
    kind = column.type
    if pa.types.is_dictionary(kind):
        value = kind.value_type
        wide = (
            pa.large_string()
            if pa.types.is_string_view(value)
            else pa.large_binary()
            if pa.types.is_binary_view(value)
            else value
        )
        chunks: list[Any] = column.chunks if isinstance(column, pa.ChunkedArray) else [column]
        column = pa.chunked_array(
            [pc.take(c.dictionary.cast(wide), c.indices) for c in chunks], wide
        )
        kind = wide
    if pa.types.is_integer(kind):
        return pc.utf8_lpad(column.cast(pa.string()), width=cells, padding="0")
    if pa.types.is_floating(kind) or pa.types.is_decimal(kind):
        raise TypeError(
            f"{name}: expected strings, got a column of {kind}, whose puzzles have lost their "
            "leading zeros and digits; read the column as strings (pandas and dask: "
            "dtype=str, or dtype={'puzzle': str}; polars: schema_overrides={'puzzle': "
            "pl.String})"
        )
    return column


def default_threads() -> int:
    """The thread count used when ``threads=None``: ``OMP_NUM_THREADS`` when it holds a
    positive number, else every available core."""
    return _native.default_threads()
