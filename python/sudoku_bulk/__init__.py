"""Solve, count, validate and rate Sudoku puzzles in bulk, on every core.

The engine of the ``sudoku-bulk`` CLI as a Python package: Arrow columns and numpy arrays
in, ``pyarrow.Table`` and numpy arrays out, the GIL released while it works.

>>> import sudoku_bulk as sb
>>> puzzle = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534."
>>> table = sb.solve([puzzle])
>>> table.column("status").to_pylist()
['solved']
>>> table.column("solution")[0].as_py()
'527389416819426735436751829375692184194538267268174593643217958951843672782965341'

Functions:

- :func:`solve`, :func:`count`, :func:`validate`: puzzles in memory (lists, numpy, pandas,
  polars, pyarrow) to a ``pyarrow.Table``, one row per puzzle, in order.
- :func:`rate`, :func:`explain`: how hard each puzzle is for a person (the CLI's ``rate`` and
  ``explain``): the rating, the hardest technique, and the steps by technique or in order.
- :func:`solve_array`: numpy integer grids ``(M, N, N)`` or ``(M, N * N)``, 4x4 to 25x25
  (``(M, 9, 9)`` or ``(M, 81)`` for the classic grid), to solved grids of the same shape and
  dtype, and a status code per grid (see :data:`STATUS`).
- :func:`canon`, :func:`equivalent`, :func:`augment`, :func:`apply_transform`: canonical
  forms, equivalence, random isomorphs for data augmentation (the solutions transformed
  alike), and a transformation or its inverse applied to grids (a model's answer on an
  augmented puzzle mapped back), as the CLI's ``canon`` and ``augment``.
- :func:`solve_file`, :func:`count_file`, :func:`validate_file`, :func:`rate_file`,
  :func:`explain_file`: the CLI's file pipeline (line, grid and CSV inputs), returning the
  run's summary.
- :func:`stats`: a corpus at a glance (the CLI's ``stats``): records, clues, solutions,
  guesses, ratings, answers, repeats and train/test overlap, as a dict that a notebook shows
  as the HTML report.
- :func:`generate`: proper, minimal puzzles of any size from a seed, the CLI's
  ``generate`` (the same puzzles for the same seed).
- :mod:`sudoku_bulk.spark` and :mod:`sudoku_bulk.dask`: solve, count, validate and rate over
  a Spark or dask DataFrame's columns (imported on their own; pyspark and dask are optional).

A puzzle is the line form: 81 characters for 9x9, digits, with ``.``, ``0`` or ``_`` for a
blank (white space around it is ignored); other sizes from 4x4 to 25x25 have N * N
characters, ``A`` for 10, ``B`` for 11 and so on, and a line's length names its size unless
``size=`` or ``box=`` says it (the CLI's ``--size`` and ``--box``; see the project's
docs/sizes.md), and ``with_size=True`` adds a ``size`` column that says each puzzle's
(the CLI's ``--with-size``). Bad rows never raise: they get a status saying what is
wrong (``malformed``, ``conflicting givens``, ``no solution``, ...) and the particulars in
``error``; a null gives the status ``missing``. A wrong kind of argument raises TypeError,
a wrong shape or value ValueError, each saying what was expected.

Puzzles (and ``solutions``) may be: a list or tuple of str (or bytes, or None); a numpy
array of str or bytes; a pandas Series of str; a pyarrow Array or ChunkedArray of string,
large_string, string_view, binary, large_binary, binary_view or fixed_size_binary(81); or any
object with the Arrow PyCapsule interface (``__arrow_c_array__`` or ``__arrow_c_stream__``),
such as a polars Series. Arrow data is read where it lies, without a copy; the other kinds
are converted once by ``pyarrow.array``. pandas and polars are never imported by this package.

``threads=None`` means ``OMP_NUM_THREADS`` when it is set, else every core. The GIL is
released for the whole of a call, so Python threads calling these functions run at once.
"""

from __future__ import annotations

import html
import os
from typing import Any, TypeVar, Union, overload

import numpy as np
import numpy.typing as npt
import pyarrow as pa
import pyarrow.compute as pc

from . import _native

__all__ = [  # noqa: RUF022 (in the order of the docs above, not sorted)
    "solve",
    "count",
    "validate",
    "rate",
    "explain",
    "solve_array",
    "canon",
    "equivalent",
    "augment",
    "apply_transform",
    "solve_file",
    "count_file",
    "validate_file",
    "rate_file",
    "explain_file",
    "stats",
    "Stats",
    "generate",
    "STATUS",
    "SOLVERS",
    "MISSING",
    "default_threads",
    "__version__",
]

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


def solve(
    puzzles: Any,
    *,
    threads: int | None = None,
    solver: str = "band",
    size: int | None = None,
    box: Box | None = None,
    with_size: bool = False,
) -> pa.Table:
    """Solves every puzzle: its first solution.

    Args:
        puzzles: the puzzles, one per row (see the module's docs for the kinds accepted).
        threads: worker threads; ``None`` means ``OMP_NUM_THREADS`` if set, else every core.
        solver: ``"band"`` (the default, also called ``"fast"``), ``"bitmask"``, ``"dlx"`` or
            ``"naive"``, for 9x9 puzzles; the others always go to the sized solver.
        size: every puzzle is N x N, 4 to 25, in N's usual boxes (as close to square as N
            allows, wider than tall), as the CLI's ``--size``; a line of another length is
            ``malformed``. Default: each line's length names its size (16, 36, 64, 81, 144,
            256 or 625 characters; 729 for a 9x9 pencilmark puzzle). Needed for 10x10 and the
            like.
        box: box rows x columns, ``"3x2"`` or ``(3, 2)``, for the sizes with two shapes (6x6
            boxes 3 rows tall), as the CLI's ``--box``; with ``size``, the two must agree.
        with_size: add a ``size`` column, first: each puzzle's size as the CLI's
            ``--with-size`` writes it (``"9x9"``, ``"16x16"``, ``"6x6 (boxes 3x2)"`` for boxes
            other than the usual, ``"9x9 pencilmarks"``; null for a row that is not a puzzle).

    Returns:
        A ``pyarrow.Table``, one row per puzzle in order, with the columns (``size``, with
        ``with_size``), ``status`` (string:
        ``solved``, ``malformed``, ``conflicting givens``, ``no solution``, ``missing``),
        ``solution`` (string, the puzzle's size in the line form: 81 digits for 9x9; null
        when there is none), ``guesses`` (int64: the
        solver's guesses; null when the puzzle did not parse) and ``error`` (string: null
        for a row that passed; for one that failed, as in the CLI's CSV output, the
        particulars, such as ``digit 2 twice in row 1``, or the reason again where there are
        none; ``null input`` for a null).
    """
    return _native.solve(_column(puzzles, "puzzles"), threads, solver, size, box, with_size)


def count(
    puzzles: Any,
    *,
    limit: int = 2,
    threads: int | None = None,
    solver: str = "band",
    size: int | None = None,
    box: Box | None = None,
    with_size: bool = False,
) -> pa.Table:
    """Counts every puzzle's solutions, stopping at ``limit``.

    A count equal to ``limit`` means "that many or more", as the CLI's ``count`` (``2+``).

    Args:
        puzzles: the puzzles, one per row.
        limit: the most solutions to count (at least 1).
        threads: worker threads; ``None`` means ``OMP_NUM_THREADS`` if set, else every core.
        solver, size, box, with_size: as for :func:`solve`.

    Returns:
        A ``pyarrow.Table`` with the columns (``size``, with ``with_size``), ``status``
        (``counted`` for every puzzle that
        parsed and whose givens do not conflict, whatever its count; else ``malformed``,
        ``conflicting givens`` or ``missing``), ``count`` (int64; null for those), ``guesses``
        (int64) and ``error`` (string, as for :func:`solve`).
    """
    return _native.count(_column(puzzles, "puzzles"), limit, threads, solver, size, box, with_size)


def validate(
    puzzles: Any,
    solutions: Any = None,
    *,
    threads: int | None = None,
    solver: str = "band",
    size: int | None = None,
    box: Box | None = None,
    with_size: bool = False,
) -> pa.Table:
    """Checks that every puzzle is well formed and has exactly one solution, and, where
    ``solutions`` are given, that each row's answer is that solution.

    Args:
        puzzles: the puzzles, one per row.
        solutions: their answers, one per puzzle, in the same kinds as ``puzzles``; a null
            answer means the row claims none (only its puzzle is checked).
        threads: worker threads; ``None`` means ``OMP_NUM_THREADS`` if set, else every core.
        solver, size, box, with_size: as for :func:`solve` (an answer must be of its puzzle's
            size).

    Returns:
        A ``pyarrow.Table`` with the columns (``size``, with ``with_size``), ``status``
        (``valid``, or the first check that
        failed: ``malformed``, ``conflicting givens``, ``no solution``, ``multiple
        solutions``, ``answer invalid``, ``answer disagrees with givens``, ``answer is not the
        solution``; ``missing`` for a null puzzle) and ``error`` (string, as for
        :func:`solve`).

    Raises:
        ValueError: ``solutions`` does not have one row per puzzle.
    """
    answers = None if solutions is None else _column(solutions, "solutions")
    return _native.validate(
        _column(puzzles, "puzzles"), answers, threads, solver, size, box, with_size
    )


def rate(
    puzzles: Any,
    *,
    threads: int | None = None,
    max_level: str | None = None,
    max_work: int | None = None,
) -> pa.Table:
    """Rates every puzzle as ``sudoku-bulk rate`` does: Sudoku Explainer 1.2.1's rating as
    serate 1.2.1.3 computes it, ER, EP and ED (hidden single 1.2, naked single 2.3, X-Wing 3.2,
    forcing chains 6.6 and up, nested forcing chains up to 11+). See the project's
    docs/rating.md.

    Takes 9x9 puzzles only, as the CLI's ``rate``: a puzzle of another size is
    ``malformed`` (``a 4x4 puzzle: rate takes 9x9 puzzles only``), so it takes no ``size``,
    ``box`` or ``with_size``.

    Args:
        puzzles: the puzzles, one per row (the kinds :func:`solve` accepts).
        threads: worker threads; ``None`` means ``OMP_NUM_THREADS`` if set, else every core.
        max_level: the hardest level of SE's rules to try (the CLI's ``--max-level``:
            ``"basic"``, ``"chains"``, ``"aligned-triplet"``, ``"nishio"``, ``"multiple"``,
            ``"dynamic"``, ``"dynamic+"``, ``"nested2"`` ... ``"nested5"``); ``None`` for
            every rule.
        max_work: the work one puzzle may take (the CLI's ``--max-work``); ``None`` for no
            limit.

    Returns:
        A ``pyarrow.Table``, one row per puzzle in order, with the CLI's columns: ``status``
        (``rated``; else ``malformed``, ``conflicting givens``, ``no solution`` or
        ``missing``), ``rating``, ``ep`` and ``ed`` (double: SE's ER, EP and ED; null where
        a limit stopped the rating, or the row failed), ``rating_at_least`` (double: where a
        limit stopped the rating, the least its ER can be), ``technique`` (string: the
        hardest step's, or ``capped: LEVEL`` where a limit stopped the rating), ``steps``
        (``map<string, int64>``: how many steps each technique took), ``count`` (int64: 1,
        or 2 for "2 or more" solutions; a puzzle with several is rated without the rules
        that assume one) and ``error`` (string, as for :func:`solve`).
    """
    return _native.rate(
        _column(puzzles, "puzzles"), threads, max_level=max_level, max_work=max_work
    )


def explain(
    puzzles: Any,
    *,
    threads: int | None = None,
    max_level: str | None = None,
    max_work: int | None = None,
) -> pa.Table:
    """Every puzzle's steps, in order, as :func:`rate` takes them (``sudoku-bulk explain``);
    takes :func:`rate`'s arguments.

    Returns:
        A ``pyarrow.Table`` with :func:`rate`'s columns (``status`` ``explained`` for a row
        that passed) except that ``steps`` is a list of structs, one a step, with the members
        of the CLI's JSON steps: ``technique`` (SE's rule), ``rating``, ``digits``, ``houses``
        and ``cells`` (names such as ``row 2``, ``r2c1``), ``placements`` and
        ``eliminations`` (structs of ``cell`` and ``digit``), ``chains`` (a chaining rule's
        chains: lists of nodes, the conclusion first, each a struct of ``cell``, ``digit``,
        ``on`` and ``parents``), ``text`` (the step in words).
    """
    return _native.explain(
        _column(puzzles, "puzzles"), threads, max_level=max_level, max_work=max_work
    )


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
    return _native.solve_array(grids, blank, offset, threads, solver, size, box)


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
    return _native.canon(_column(puzzles, "puzzles"), form, automorphisms, threads)


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
        copies,
        seed,
        include_original,
        with_transform,
        keys,
        file,
        threads,
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


def solve_file(
    path: PathLike,
    output: PathLike | None = None,
    *,
    threads: int | None = None,
    solver: str = "band",
    format: str = "auto",
    output_format: str = "auto",
    puzzle_col: str | int | None = None,
    solution_col: str | int | None = None,
    report: PathLike | None = None,
    failures_only: bool = False,
    messages: bool = False,
    max_messages: int | None = None,
    progress: bool = False,
    mmap: bool = False,
    size: int | None = None,
    box: Box | None = None,
    with_size: bool = False,
) -> dict[str, Any]:
    """Solves every record of a file, as ``sudoku-bulk solve PATH -o OUTPUT`` does: the same
    library run, with the same rules for inputs, outputs and summaries.

    The file may be in any format the CLI reads (one puzzle a line, 9x9 grids, CSV such as
    the Kaggle sets, JSON Lines, Parquet or Arrow, compressed or not), detected from its
    first bytes. One output record per input record, in input order; a regular file is
    written beside ``output`` and renamed over it when the run succeeds, so Ctrl-C
    (``KeyboardInterrupt``, raised within a fraction of a second) or an error leaves it as it
    was.

    Args:
        path: the input file.
        output: where to write the answers; ``None`` writes nothing (the summary alone).
            Never the input itself (nor a link to it), nor the ``report``.
        threads: worker threads; ``None`` as for :func:`solve`.
        solver: ``"band"`` (the default), ``"bitmask"``, ``"dlx"`` or ``"naive"``.
        format: the input's format: ``"auto"`` (detected), ``"line"``, ``"grid"``, ``"csv"``,
            ``"jsonl"``.
        output_format: ``"auto"``: from ``output``'s extension (``.csv``, ``.tsv``,
            ``.jsonl``, ``.parquet``, ``.txt``), else the input's kind; or ``"line"``,
            ``"csv"``, ``"tsv"`` (tab-separated), ``"jsonl"``, ``"parquet"``.
        puzzle_col, solution_col: a CSV or table column, by header name or by position from
            1 (default: recognised by name or content).
        report: a path for the failed records: JSON Lines if it ends in ``.jsonl`` or
            ``.ndjson``, tab-separated if in ``.tsv``, CSV otherwise.
        failures_only: write only the records that fail (all still count in the summary).
        messages: write a line on stderr per failed record, as the CLI does, at most
            ``max_messages`` of them.
        max_messages: the most such lines (``None``: no limit).
        progress: draw a progress bar on stderr when it is a terminal.
        mmap: memory-map a text input, which is faster, but a file that shrinks while read
            then kills the process with SIGBUS; by default it is read as a stream. Parquet and
            Arrow files are read by column either way.
        size: every puzzle is N x N (4 to 25, its usual boxes), as the CLI's ``--size N``:
            another length is a ``malformed`` record that names it. Default: each puzzle's
            length names its size; needed for 10x10, 15x15 and the like.
        box: box rows x columns, ``"3x2"`` or ``(3, 2)``, as the CLI's ``--box RxC``: for
            the sizes with two shapes, since a 6x6 line's length cannot tell 2x3 boxes from
            3x2.
        with_size: a ``size`` column in CSV, TSV, JSON Lines and Parquet output, each
            record's size (``"9x9"``, ``"16x16"``, ``"6x6 (boxes 3x2)"``, ``"9x9
            pencilmarks"``), as the CLI's ``--with-size`` adds it.

    Returns:
        The summary the CLI's ``--summary-json`` writes, as a dict: ``command``, ``input``,
        ``records``, ``ok``, ``failed``, ``reasons`` (a count per reason), ``columns`` (for a
        CSV or table input: the columns read), ``seconds``, ``records_per_second``,
        ``threads``.

    Raises:
        OSError: the input cannot be read or the output written (``FileNotFoundError`` for a
            missing input).
        ValueError: a bad option (an output onto the input, two outputs onto one path, too
            many threads, a ``size`` with no boxes or a ``box`` that disagrees with it, ...),
            or CSV columns that cannot be worked out.
        KeyboardInterrupt: Ctrl-C while it ran; no output was written.
    """
    return _native.run_file(
        "solve", path, output, threads=threads, solver=solver, format=format,
        output_format=output_format, puzzle_col=puzzle_col, solution_col=solution_col,
        report=report, failures_only=failures_only, messages=messages,
        max_messages=max_messages, progress=progress, mmap=mmap, size=size, box=box,
        with_size=with_size,
    )  # fmt: skip


def count_file(
    path: PathLike,
    output: PathLike | None = None,
    *,
    limit: int = 2,
    threads: int | None = None,
    solver: str = "band",
    format: str = "auto",
    output_format: str = "auto",
    puzzle_col: str | int | None = None,
    solution_col: str | int | None = None,
    report: PathLike | None = None,
    failures_only: bool = False,
    messages: bool = False,
    max_messages: int | None = None,
    progress: bool = False,
    mmap: bool = False,
    size: int | None = None,
    box: Box | None = None,
    with_size: bool = False,
) -> dict[str, Any]:
    """Counts the solutions of every record of a file, up to ``limit``, as ``sudoku-bulk
    count`` does.

    Takes :func:`solve_file`'s arguments, and ``limit`` (default 2). The summary also has
    ``limit`` and ``solutions``: how many records had each count that occurs (``"0"``,
    ``"1"``, ``"2+"``), as the CLI's ``--summary-json`` lists them.
    """
    return _native.run_file(
        "count", path, output, limit=limit, threads=threads, solver=solver, format=format,
        output_format=output_format, puzzle_col=puzzle_col, solution_col=solution_col,
        report=report, failures_only=failures_only, messages=messages,
        max_messages=max_messages, progress=progress, mmap=mmap, size=size, box=box,
        with_size=with_size,
    )  # fmt: skip


def validate_file(
    path: PathLike,
    output: PathLike | None = None,
    *,
    threads: int | None = None,
    solver: str = "band",
    format: str = "auto",
    output_format: str = "auto",
    puzzle_col: str | int | None = None,
    solution_col: str | int | None = None,
    report: PathLike | None = None,
    failures_only: bool = False,
    messages: bool = False,
    max_messages: int | None = None,
    progress: bool = False,
    mmap: bool = False,
    size: int | None = None,
    box: Box | None = None,
    with_size: bool = False,
) -> dict[str, Any]:
    """Validates every record of a file, as ``sudoku-bulk validate`` does: well formed, one
    solution, and the record's answer (for CSV and table inputs with a solution column) is
    it; an empty or null answer is never valid.

    Takes :func:`solve_file`'s arguments. ``summary["failed"] == 0`` means the dataset is
    clean.
    """
    return _native.run_file(
        "validate", path, output, threads=threads, solver=solver, format=format,
        output_format=output_format, puzzle_col=puzzle_col, solution_col=solution_col,
        report=report, failures_only=failures_only, messages=messages,
        max_messages=max_messages, progress=progress, mmap=mmap, size=size, box=box,
        with_size=with_size,
    )  # fmt: skip


def rate_file(
    path: PathLike,
    output: PathLike | None = None,
    *,
    threads: int | None = None,
    max_level: str | None = None,
    max_work: int | None = None,
    format: str = "auto",
    output_format: str = "auto",
    puzzle_col: str | int | None = None,
    solution_col: str | int | None = None,
    report: PathLike | None = None,
    failures_only: bool = False,
    messages: bool = False,
    max_messages: int | None = None,
    progress: bool = False,
    mmap: bool = False,
    size: int | None = None,
    box: Box | None = None,
    with_size: bool = False,
) -> dict[str, Any]:
    """Rates every record of a file, as ``sudoku-bulk rate`` does (see :func:`rate`).

    Takes :func:`solve_file`'s arguments except ``solver``, and :func:`rate`'s ``max_level``
    and ``max_work``. The summary also has ``ratings``
    (how many records had each rating that occurs) and ``techniques`` (how many had each
    hardest technique), as the CLI's ``--summary-json`` lists them.
    """
    return _native.run_file(
        "rate", path, output, threads=threads, format=format,
        output_format=output_format, puzzle_col=puzzle_col, solution_col=solution_col,
        report=report, failures_only=failures_only, messages=messages,
        max_messages=max_messages, progress=progress, mmap=mmap, size=size, box=box,
        with_size=with_size, max_level=max_level, max_work=max_work,
    )  # fmt: skip


def explain_file(
    path: PathLike,
    output: PathLike | None = None,
    *,
    threads: int | None = None,
    max_level: str | None = None,
    max_work: int | None = None,
    format: str = "auto",
    output_format: str = "auto",
    puzzle_col: str | int | None = None,
    solution_col: str | int | None = None,
    report: PathLike | None = None,
    failures_only: bool = False,
    messages: bool = False,
    max_messages: int | None = None,
    progress: bool = False,
    mmap: bool = False,
    size: int | None = None,
    box: Box | None = None,
    with_size: bool = False,
) -> dict[str, Any]:
    """Every record's steps, as ``sudoku-bulk explain`` writes them (see :func:`explain`):
    the line output is a block a puzzle, JSON Lines and Parquet have a ``steps`` array.

    Takes :func:`rate_file`'s arguments, and returns its summary.
    """
    return _native.run_file(
        "explain", path, output, threads=threads, format=format,
        output_format=output_format, puzzle_col=puzzle_col, solution_col=solution_col,
        report=report, failures_only=failures_only, messages=messages,
        max_messages=max_messages, progress=progress, mmap=mmap, size=size, box=box,
        with_size=with_size, max_level=max_level, max_work=max_work,
    )  # fmt: skip


class Stats(dict[str, Any]):
    """A ``stats`` report: its figures as a dict (the keys of the CLI's JSON report, see the
    project's docs/stats.md), shown as the HTML report in a notebook.

    ``to_html()`` is the report's page (one self-contained file); ``write_html(path)`` saves
    it.
    """

    def __init__(self, figures: dict[str, Any], page: str) -> None:
        super().__init__(figures)
        self._page = page

    def to_html(self) -> str:
        """The report as one self-contained HTML page."""
        return self._page

    def write_html(self, path: PathLike) -> None:
        """Writes the page to ``path``."""
        with open(path, "w", encoding="utf-8") as out:
            out.write(self._page)

    def _repr_html_(self) -> str:
        # In a frame of its own, so the page's styles stay off the notebook's.
        page = html.escape(self._page, quote=True)
        return f'<iframe srcdoc="{page}" style="width: 100%; height: 900px; border: 0"></iframe>'


def _strings(values: Any, name: str) -> list[str | None]:
    """A column of puzzles in memory (any kind :func:`solve` takes) as a list of str."""
    column = _column(values, name)
    if not isinstance(column, (pa.Array, pa.ChunkedArray)):
        column = (
            pa.array(column) if hasattr(column, "__arrow_c_array__") else pa.chunked_array(column)
        )
    if pa.types.is_binary(column.type) or pa.types.is_large_binary(column.type):
        column = column.cast(pa.large_string())
    return [None if v is None else str(v) for v in column.to_pylist()]


def _side(data: Any, solutions: Any, name: str) -> dict[str, Any]:
    """One side of :func:`stats`: files (a path, or a list of ``os.PathLike``) or puzzles."""
    if isinstance(data, (str, os.PathLike)):
        return {"files": [data]}
    if isinstance(data, (list, tuple)) and data and all(isinstance(d, os.PathLike) for d in data):
        return {"files": list(data)}
    side: dict[str, Any] = {"puzzles": _strings(data, name)}
    if solutions is not None:
        side["solutions"] = _strings(solutions, f"{name} solutions")
    return side


def stats(
    puzzles: Any,
    solutions: Any = None,
    *,
    test: Any = None,
    test_solutions: Any = None,
    by: str = "class",
    rating: bool = True,
    output: PathLike | None = None,
    threads: int | None = None,
    solver: str = "band",
    format: str = "auto",
    puzzle_col: str | int | None = None,
    solution_col: str | int | None = None,
    size: int | None = None,
    box: Box | None = None,
    mmap: bool = False,
    report: PathLike | None = None,
) -> Stats:
    """A corpus at a glance, as ``sudoku-bulk stats`` gives it, in one pass on every core.

    ``puzzles`` is a file (a ``str`` path or an ``os.PathLike``), several files (a list of
    ``os.PathLike``, such as ``pathlib.Path`` objects), or puzzles in memory (any kind
    :func:`solve` takes, with their answers in ``solutions``). ``test`` (and
    ``test_solutions``) is a test side of the same kind: the report then shows the training
    and test sides apart, and how many test records repeat a training record.

    The figures: records, valid ones and the failures by reason (as :func:`validate` counts
    them), malformed records by kind, sizes, clue counts, solution counts (``0``, ``1``,
    ``2+``), the solver's guesses, ratings and hardest techniques (``rating=False`` leaves
    them out), what became of the answers, repeats exact and (``by="class"``) by class, the
    slowest and hardest puzzles and the first malformed records. ``output`` writes the report
    too: HTML for a name ending ``.html`` or ``.htm``, JSON otherwise. The other arguments are
    :func:`validate_file`'s.

    Returns a :class:`Stats`: the figures as a dict, shown as the report in a notebook.
    """
    train = _side(puzzles, solutions, "puzzles")
    sides = dict(train)
    if test is not None:
        sides.update({f"test_{k}": v for k, v in _side(test, test_solutions, "test").items()})
    figures, page = _native.run_stats(
        **sides, by=by, rating=rating, output=output, threads=threads, solver=solver,
        format=format, puzzle_col=puzzle_col, solution_col=solution_col, size=size, box=box,
        mmap=mmap, report=report,
    )  # fmt: skip
    return Stats(figures, page)


def generate(
    count: int,
    *,
    seed: int | None = None,
    size: int | None = None,
    box: Box | None = None,
    solutions: bool = False,
    threads: int | None = None,
) -> pa.Table:
    """Proper, minimal puzzles (exactly one solution; no given can be removed), as
    ``sudoku-bulk generate`` makes them: the library's generator, so that a seed gives the
    CLI's puzzles in its order (``generate(n, seed=s)`` is ``sudoku-bulk generate -n N --seed
    S``), whatever the thread count.

    Args:
        count: how many puzzles (0 or more).
        seed: the seed (0 to 2**64 - 1); ``None`` draws a fresh one, which the table's
            metadata keeps (see Returns), as the CLI prints the one it drew.
        size: the grids' size N, 4 to 25 with boxes, in N's usual boxes (as close to square
            as N allows, wider than tall), as the CLI's ``--size``; default 9.
        box: box rows x columns, ``"3x2"`` or ``(3, 2)``, for the sizes with two shapes, as the
            CLI's ``--box``; with ``size``, the two must agree.
        solutions: add each puzzle's solution, as the CLI's ``--solutions``.
        threads: worker threads; ``None`` means ``OMP_NUM_THREADS`` if set, else every core.

    Returns:
        A ``pyarrow.Table``, a row a puzzle: ``puzzle`` (the line form, ``.`` for a blank:
        81 characters for 9x9, N * N for the others, ``A`` for 10 and on) and, with
        ``solutions``, ``solution``: the CLI's columns. The seed is in the schema's metadata,
        ``int(table.schema.metadata[b"seed"])``. Up to 16x16 the puzzles are minimal; a
        25x25 one is unique, but a given whose removal took more than 1,000 guesses to prove
        safe stays (docs/sizes.md). On one core a 9x9 puzzle takes under a millisecond, a
        16x16 one about a tenth of a second, a 25x25 one seconds; Ctrl-C stops the call
        between puzzles.

    Raises:
        ValueError: ``count`` below 0, a ``size`` with no boxes, a ``box`` that disagrees with
            it, or too many threads.
    """
    return _native.generate(count, seed, size, box, solutions, threads)


def default_threads() -> int:
    """The thread count used when ``threads=None``: ``OMP_NUM_THREADS`` when it holds a
    positive number, else every available core."""
    return _native.default_threads()
