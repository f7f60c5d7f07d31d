"""canon, equivalent, augment and apply_transform: canonical forms, equivalence, random
isomorphs and transformations of grids."""

from __future__ import annotations

from typing import Any, overload

import numpy as np
import numpy.typing as npt
import pyarrow as pa
import pyarrow.compute as pc

from . import _native
from ._common import _column, _Int, _threads, _whole


def canon(
    puzzles: Any,
    *,
    form: str = "minlex",
    automorphisms: bool = False,
    threads: int | None = None,
) -> pa.Table:
    """Each puzzle's canonical form, as ``sudoku-bulk canon`` computes it: equal for two
    puzzles exactly when one is a transformation of the other.

    Args:
        puzzles: the puzzles, one per row (the kinds :func:`solve` accepts).
        form: ``"minlex"`` (the smallest 81-digit string over every transformation and
            relabelling, blanks ``0``) or ``"patminlex"`` (the smallest given/blank pattern
            first, then the smallest string with it).
        automorphisms: also count the geometric transformations that map each puzzle to
            itself up to a relabelling (1 for most puzzles).
        threads: worker threads; ``None`` means ``OMP_NUM_THREADS`` if set, else every core.

    Returns:
        A ``pyarrow.Table`` with ``status`` (``canonical``, ``malformed`` or ``missing``),
        ``canonical`` (81 digits, blanks ``0``; null where the row is not a puzzle),
        ``automorphisms`` (int64, with ``automorphisms=True``) and ``error``.
    """
    return _native.canon(_column(puzzles, "puzzles"), form, automorphisms, _threads(threads))


def equivalent(a: Any, b: Any, *, threads: int | None = None) -> pa.BooleanArray:
    """Whether ``a[i]`` and ``b[i]`` are equivalent puzzles (the same minlex form), pair by
    pair.

    Returns:
        A ``pyarrow`` boolean array, one per pair; null where either side is not a puzzle
        (malformed or null).

    Raises:
        ValueError: ``a`` and ``b`` differ in length.
    """
    left = canon(a, threads=threads).column("canonical").combine_chunks()
    right = canon(b, threads=threads).column("canonical").combine_chunks()
    if len(left) != len(right):
        raise ValueError(f"b: expected one per row of a ({len(left)} rows), got {len(right)} rows")
    return pc.equal(left, right)


def augment(
    puzzles: Any,
    solutions: Any = None,
    *,
    copies: int = 1,
    seed: int = 0,
    include_original: bool = False,
    with_transform: bool = False,
    lines: Any = None,
    file: int = 0,
    threads: int | None = None,
) -> pa.Table:
    """Random isomorphs of each puzzle (and of its solution, transformed the same way, so it
    stays the copy's solution), as ``sudoku-bulk augment`` draws them.

    Copy ``k`` of row ``i`` depends only on ``(seed, file, lines[i], k)``, never on the thread
    count: with the defaults (``lines[i] = i + 1``, ``file = 0``), the copies of a list are
    those the CLI writes for a file of those puzzles one a line, with the same seed.

    Args:
        puzzles: the puzzles, one per row (the kinds :func:`solve` accepts).
        solutions: their solutions, one per puzzle, or None. Transformed, not checked (use
            :func:`validate`); a null or empty one stays null.
        copies: transformed copies per puzzle (at least 1).
        seed: the seed (0 to 2**64 - 1).
        include_original: put each original first, as copy 0 (the identity).
        with_transform: add the ``transform`` column: each copy's transformation in its text
            form ``T:RRRRRRRRR:CCCCCCCCC:DDDDDDDDD``, for :func:`apply_transform`.
        lines: the key of each row (a sequence of non-negative integers), as the CLI's line
            numbers; default ``1, 2, ...``.
        file: the input index the CLI would give these rows (0 for its first input).
        threads: worker threads; ``None`` means ``OMP_NUM_THREADS`` if set, else every core.

    Returns:
        A ``pyarrow.Table``, the copies of each row in order: ``row`` (int64, the input row),
        ``copy`` (int64: 0 for the original, 1 to ``copies``), ``puzzle`` (blanks ``.``),
        ``solution`` (where ``solutions`` were given), ``transform`` (with
        ``with_transform``), ``status`` (``augmented``) and ``error`` (null). A row that is
        not augmented (``malformed``, ``answer invalid`` for a solution that is not a grid,
        ``missing`` for a null puzzle) gives one row saying so, ``copy`` and ``puzzle``
        null, as the CLI writes one record for it.

    Raises:
        ValueError: ``copies`` below 1, or ``solutions`` or ``lines`` not one per puzzle.
    """
    answers = None if solutions is None else _column(solutions, "solutions")
    keys = None if lines is None else [int(v) for v in lines]
    return _native.augment(
        _column(puzzles, "puzzles"),
        answers,
        _whole(copies, "copies", "an int from 1 to 2**32 - 1", 1, 2**32 - 1),
        _whole(seed, "seed", "an int from 0 to 2**64 - 1", 0, 2**64 - 1),
        include_original,
        with_transform,
        keys,
        _whole(file, "file", "an int, 0 or more", 0, 2**64 - 1),
        _threads(threads),
    )


@overload
def apply_transform(
    grids: npt.NDArray[_Int],
    transforms: Any,
    *,
    inverse: bool = ...,
    blank: int = ...,
    offset: int = ...,
) -> npt.NDArray[_Int]: ...


@overload
def apply_transform(
    grids: Any,
    transforms: Any,
    *,
    inverse: bool = ...,
    blank: int = ...,
    offset: int = ...,
) -> pa.Table: ...


def apply_transform(
    grids: Any,
    transforms: Any,
    *,
    inverse: bool = False,
    blank: int = 0,
    offset: int = 0,
) -> pa.Table | npt.NDArray[Any]:
    """Puts each grid through its transformation, or with ``inverse=True`` through the
    inverse: a model's answer on an augmented puzzle, with the copy's ``transform``, maps back
    to the answer on the original puzzle.

    Args:
        grids: puzzles or solutions in the 81-character line form, one per row (the kinds
            :func:`solve` accepts); or a numpy integer array of shape ``(N, 81)`` or
            ``(N, 9, 9)``, each cell ``offset + digit`` or ``blank``, as for
            :func:`solve_array` (a model's output tensor, say).
        transforms: one transformation per grid (the kinds :func:`solve` accepts), or one
            ``str`` for every grid, in the text form ``T:RRRRRRRRR:CCCCCCCCC:DDDDDDDDD``
            (``augment``'s ``transform`` column).
        inverse: apply each transformation's inverse.
        blank, offset: for integer grids, as for :func:`solve_array`.

    Returns:
        For text grids, a ``pyarrow.Table`` with ``grid`` (the transformed grid, blanks ``.``;
        null where the grid or the transformation does not parse or is null) and ``error``
        (null, or why). For an integer array, an array of its shape and dtype, made in one
        native call with the GIL released.

    Raises:
        ValueError: a single ``transforms`` string that is not a transformation, or not one
            transformation per grid; for an integer array, a shape other than ``(N, 81)`` or
            ``(N, 9, 9)``, ``blank`` and ``offset`` that do not fit its dtype or overlap, or a
            row that fails (a cell neither ``blank`` nor a digit, a transformation that does
            not parse or is null), named.
    """
    array = isinstance(grids, np.ndarray) and grids.dtype.kind in "iu"
    column = None if array else _column(grids, "grids")
    one = transforms if isinstance(transforms, str) else None
    each = None if one is not None else _column(transforms, "transforms")
    if column is not None:
        return _native.apply_transform(column, each, one, inverse)
    if grids.dtype.isnative:
        return _native.apply_transform_array(grids, each, one, inverse, blank, offset)
    # A byte order other than the machine's: transformed in the machine's, given back in the
    # grids' own.
    native = grids.astype(grids.dtype.newbyteorder("="))
    out = _native.apply_transform_array(native, each, one, inverse, blank, offset)
    return out.astype(grids.dtype)
