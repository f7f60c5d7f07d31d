"""stats: a corpus at a glance, as a dict that a notebook shows as the HTML report."""

from __future__ import annotations

import html
import os
from typing import Any

from . import _native
from ._common import Box, PathLike, _cells, _column, _size, _threads


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


def _side(data: Any, solutions: Any, name: str, cells: int) -> dict[str, Any]:
    """One side of :func:`stats`: files (a path, or a list of ``os.PathLike``) or puzzles, as
    Arrow columns the native module reads in place."""
    if isinstance(data, (str, os.PathLike)):
        return {"files": [data]}
    if isinstance(data, (list, tuple)) and data and all(isinstance(d, os.PathLike) for d in data):
        return {"files": list(data)}
    side: dict[str, Any] = {"puzzles": _column(data, name, cells)}
    if solutions is not None:
        side["solutions"] = _column(solutions, f"{name} solutions", cells)
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
    cells = _cells(size, box)
    train = _side(puzzles, solutions, "puzzles", cells)
    sides = dict(train)
    if test is not None:
        sides.update(
            {f"test_{k}": v for k, v in _side(test, test_solutions, "test", cells).items()}
        )
    figures, page = _native.run_stats(
        **sides, by=by, rating=rating, output=output, threads=_threads(threads), solver=solver,
        format=format, puzzle_col=puzzle_col, solution_col=solution_col, size=_size(size), box=box,
        mmap=mmap, report=report,
    )  # fmt: skip
    return Stats(figures, page)
