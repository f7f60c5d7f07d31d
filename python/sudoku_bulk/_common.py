"""What every door of the package shares: the argument types, the status words, and the
reading of a column of puzzles in memory into something the native module reads in place."""

from __future__ import annotations

import os
from typing import Any, TypeVar, Union

import numpy as np
import pyarrow as pa

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


def _column(values: Any, name: str) -> Any:
    """Returns ``values`` as something the native module reads through the Arrow PyCapsule
    interface: Arrow objects as they are (read in place), the other kinds converted once by
    pyarrow. Raises TypeError or ValueError for anything that is not a column of strings."""
    if hasattr(values, "__arrow_c_array__") or hasattr(values, "__arrow_c_stream__"):
        return values
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
        return pa.array(values, from_pandas=True)
    except (pa.ArrowInvalid, pa.ArrowTypeError) as error:
        raise TypeError(f"{name}: expected str or bytes items (or None): {error}") from None


def default_threads() -> int:
    """The thread count used when ``threads=None``: ``OMP_NUM_THREADS`` when it holds a
    positive number, else every available core."""
    return _native.default_threads()
