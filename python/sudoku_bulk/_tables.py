"""solve, count, validate, rate and explain: puzzles in memory to a ``pyarrow.Table``, one
row per puzzle, in order."""

from __future__ import annotations

from typing import Any

import pyarrow as pa

from . import _native
from ._common import Box, _cells, _column, _limit, _optional, _progress, _size, _threads


def solve(
    puzzles: Any,
    *,
    threads: int | None = None,
    solver: str = "band",
    size: int | None = None,
    box: Box | None = None,
    with_size: bool = False,
    progress: bool | None = None,
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
        progress: draw the CLI's progress bar on stderr: ``None`` (the default) where the
            CLI would draw it, on a terminal, for a call on more than a few thousand rows;
            ``True`` always (where stderr is not a terminal, a notebook's say, a plain line
            every few seconds and one at the end); ``False`` never.

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
    return _native.solve(
        _column(puzzles, "puzzles", _cells(size, box)), _threads(threads), solver, _size(size),
        box, with_size, _progress(progress),
    )  # fmt: skip


def count(
    puzzles: Any,
    *,
    limit: int = 2,
    threads: int | None = None,
    solver: str = "band",
    size: int | None = None,
    box: Box | None = None,
    with_size: bool = False,
    progress: bool | None = None,
) -> pa.Table:
    """Counts every puzzle's solutions, stopping at ``limit``.

    A count equal to ``limit`` means "that many or more", as the CLI's ``count`` (``2+``).

    Args:
        puzzles: the puzzles, one per row.
        limit: the most solutions to count (at least 1).
        threads: worker threads; ``None`` means ``OMP_NUM_THREADS`` if set, else every core.
        solver, size, box, with_size, progress: as for :func:`solve`.

    Returns:
        A ``pyarrow.Table`` with the columns (``size``, with ``with_size``), ``status``
        (``counted`` for every puzzle that
        parsed and whose givens do not conflict, whatever its count; else ``malformed``,
        ``conflicting givens`` or ``missing``), ``count`` (int64; null for those), ``guesses``
        (int64) and ``error`` (string, as for :func:`solve`).
    """
    return _native.count(
        _column(puzzles, "puzzles", _cells(size, box)), _limit(limit), _threads(threads), solver,
        _size(size), box, with_size, _progress(progress),
    )  # fmt: skip


def validate(
    puzzles: Any,
    solutions: Any = None,
    *,
    threads: int | None = None,
    solver: str = "band",
    size: int | None = None,
    box: Box | None = None,
    with_size: bool = False,
    progress: bool | None = None,
) -> pa.Table:
    """Checks that every puzzle is well formed and has exactly one solution, and, where
    ``solutions`` are given, that each row's answer is that solution.

    Args:
        puzzles: the puzzles, one per row.
        solutions: their answers, one per puzzle, in the same kinds as ``puzzles``; a null
            answer means the row claims none (only its puzzle is checked).
        threads: worker threads; ``None`` means ``OMP_NUM_THREADS`` if set, else every core.
        solver, size, box, with_size, progress: as for :func:`solve` (an answer must be of
            its puzzle's size).

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
    answers = None if solutions is None else _column(solutions, "solutions", _cells(size, box))
    return _native.validate(
        _column(puzzles, "puzzles", _cells(size, box)), answers, _threads(threads), solver,
        _size(size), box, with_size, _progress(progress),
    )  # fmt: skip


def rate(
    puzzles: Any,
    *,
    threads: int | None = None,
    max_level: str | None = None,
    max_work: int | None = None,
    progress: bool | None = None,
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
        progress: as for :func:`solve`.

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
        _column(puzzles, "puzzles"),
        _threads(threads),
        max_level=max_level,
        max_work=_optional(max_work, "max_work"),
        progress=_progress(progress),
    )


def explain(
    puzzles: Any,
    *,
    threads: int | None = None,
    max_level: str | None = None,
    max_work: int | None = None,
    progress: bool | None = None,
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
        _column(puzzles, "puzzles"),
        _threads(threads),
        max_level=max_level,
        max_work=_optional(max_work, "max_work"),
        progress=_progress(progress),
    )
