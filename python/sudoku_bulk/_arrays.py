"""solve_array: numpy integer grids in, solved grids and status codes out."""

from __future__ import annotations

from typing import Any, overload

import numpy as np
import numpy.typing as npt

from . import _native
from ._common import Box, _Int, _size, _threads


@overload
def solve_array(
    grids: npt.NDArray[_Int],
    *,
    blank: int = ...,
    offset: int = ...,
    threads: int | None = ...,
    solver: str = ...,
    size: int | None = ...,
    box: Box | None = ...,
) -> tuple[npt.NDArray[_Int], npt.NDArray[np.uint8]]: ...


@overload
def solve_array(
    grids: npt.ArrayLike,
    *,
    blank: int = ...,
    offset: int = ...,
    threads: int | None = ...,
    solver: str = ...,
    size: int | None = ...,
    box: Box | None = ...,
) -> tuple[npt.NDArray[Any], npt.NDArray[np.uint8]]: ...


def solve_array(
    grids: npt.ArrayLike,
    *,
    blank: int = 0,
    offset: int = 0,
    threads: int | None = None,
    solver: str = "band",
    size: int | None = None,
    box: Box | None = None,
) -> tuple[npt.NDArray[Any], npt.NDArray[np.uint8]]:
    """Solves puzzles held as numpy integer grids, of any size from 4x4 to 25x25.

    Args:
        grids: an integer array (any of int8 to int64, uint8 to uint64) of ``M`` grids, each
            cell ``offset + digit`` (digits 1 to N) or ``blank``: of shape ``(M, N, N)``, N
            any size from 4 to 25 with boxes (4, 6, 8, 9, 10, 12, ..., 25), in its usual
            boxes unless ``box`` says; or ``(M, N * N)``, the grids flat, where the length
            names a common size (16, 36, 64, 81, 144, 256 or 625 cells) or ``size``/``box``
            says it. Anything that ``numpy.asarray`` makes such an array of is accepted too.
        blank: the value of an empty cell.
        offset: added to each digit. HRM-style tensors use ``blank=1, offset=1``.
        threads: worker threads; ``None`` means ``OMP_NUM_THREADS`` if set, else every core.
        solver: as for :func:`solve`: 9x9 grids go to it (the band solver by default), every
            other size to the sized solver.
        size: the grids' size N (its usual boxes), for a flat array of another size than the
            common ones; ``(M, N, N)`` arrays say it themselves.
        box: box rows x columns, ``"3x2"`` or ``(3, 2)``, for the sizes with two shapes (6x6
            grids with boxes 3 rows tall), as the CLI's ``--box``.

    Returns:
        ``(solutions, status)``: the solved grids, of the shape and dtype of ``grids`` (a
        grid that could not be solved is all ``blank``), and one ``uint8`` status code per
        grid, whose words :data:`STATUS` gives (0 ``solved``; 1 ``malformed``, which a cell
        that is neither ``blank`` nor a digit of its grid makes, a value above N say; 2
        ``conflicting givens``; 3 ``no solution``).

    Raises:
        TypeError: ``grids`` is not an integer array, or ``box`` neither a str nor a tuple.
        ValueError: its shape is not grids of a size with boxes (not square, a prime, above
            25, a flat length that is no common size's unless ``size`` says, another size
            than ``size`` and ``box`` ask), ``size`` and ``box`` disagree, or ``blank`` and
            ``offset`` do not fit its dtype or overlap; the message names the problem.
    """
    if not isinstance(grids, np.ndarray):
        grids = np.asarray(grids)
    return _native.solve_array(grids, blank, offset, _threads(threads), solver, _size(size), box)
