"""What the Spark and Dask adapters share: one task, described once on the driver and run on
each batch of rows a worker is handed, and the names our columns take beside the input's.

A :class:`Job` is a plain, picklable value: Spark and Dask ship it to their workers, which
import this package there and call :meth:`Job.run` on each batch.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pyarrow as pa

from . import _native
from ._common import Box
from ._tables import count, explain, rate, solve, validate

#: The tasks a job can run, by the names of the package's functions.
TASKS = ("solve", "count", "validate", "rate", "explain")


@dataclass(frozen=True)
class Job:
    """One of :func:`sudoku_bulk.solve`, :func:`~sudoku_bulk.count`,
    :func:`~sudoku_bulk.validate`, :func:`~sudoku_bulk.rate` or :func:`~sudoku_bulk.explain`
    (for :func:`sudoku_bulk.stream`), with its options, over named columns of a frame
    (``rate`` and ``explain``, 9x9 only, take no ``limit``, ``solver``, ``size``, ``box`` nor
    ``with_size``; only they take ``max_level`` and ``max_work``)."""

    task: str
    puzzle_column: str
    solution_column: str | None = None
    limit: int = 2
    threads: int | None = None
    solver: str = "band"
    size: int | None = None
    box: Box | None = None
    with_size: bool = False
    max_level: str | None = None
    max_work: int | None = None

    def run(self, puzzles: Any, solutions: Any = None) -> pa.Table:
        """Our columns for one batch of rows: a ``pyarrow.Table``, one row per puzzle. No
        progress bar: a batch is a part of a run that its engine reports on."""
        if self.task in ("rate", "explain"):
            rating = rate if self.task == "rate" else explain
            return rating(
                puzzles, threads=self.threads, max_level=self.max_level, max_work=self.max_work,
                progress=False,
            )  # fmt: skip
        threads, solver, size, box, with_size = (
            self.threads, self.solver, self.size, self.box, self.with_size
        )  # fmt: skip
        if self.task == "solve":
            return solve(
                puzzles, threads=threads, solver=solver, size=size, box=box, with_size=with_size,
                progress=False,
            )  # fmt: skip
        if self.task == "count":
            return count(
                puzzles, limit=self.limit, threads=threads, solver=solver, size=size, box=box,
                with_size=with_size, progress=False,
            )  # fmt: skip
        return validate(
            puzzles, solutions, threads=threads, solver=solver, size=size, box=box,
            with_size=with_size, progress=False,
        )  # fmt: skip

    def schema(self) -> pa.Schema:
        """Our columns' names and types, read off a run on no rows. The run also checks the
        options (the solver's name, the limit, the thread count, the size and boxes) before
        any work is sent out: a bad one raises ValueError or TypeError here, on the driver."""
        none = pa.array([], pa.string())
        return self.run(none, none if self.solution_column is not None else None).schema

    def input_columns(self) -> list[str]:
        """The columns the job reads: the puzzles', then the solutions' if any."""
        columns = [self.puzzle_column]
        if self.solution_column is not None:
            columns.append(self.solution_column)
        return columns


def make_job(
    task: str,
    puzzle_column: str,
    solution_column: str | None,
    *,
    limit: int = 2,
    threads: int | None,
    solver: str,
    size: int | None = None,
    box: Box | None = None,
    with_size: bool = False,
    max_level: str | None = None,
    max_work: int | None = None,
    frame_columns: Sequence[str],
) -> Job:
    """A job over a frame with the columns ``frame_columns``, its arguments checked: each
    column named must be there (ValueError naming the columns there are, otherwise)."""
    if task not in TASKS:
        raise ValueError(f"task: expected one of {', '.join(TASKS)}, got {task!r}")
    job = Job(
        task, puzzle_column, solution_column, limit, threads, solver, size, box, with_size,
        max_level, max_work,
    )  # fmt: skip
    for column in job.input_columns():
        if not isinstance(column, str):
            raise TypeError(f"a column name is a str, got {type(column).__name__}")
        if column not in frame_columns:
            raise ValueError(
                f"no column {column!r} in the DataFrame; its columns are "
                + ", ".join(repr(name) for name in frame_columns)
            )
    return job


def output_names(ours: Sequence[str], theirs: Sequence[str]) -> list[str]:
    """Our columns' names beside the input's, by the library's one rule (the CLI's CSV,
    JSON Lines and Parquet outputs use it too): each its own, or with ``_out`` added (then
    ``_out2``, ...) where it would equal an input column or one of ours, ignoring case as
    Spark does. No two columns share a name, and no input column is overwritten."""
    return list(_native.output_names(list(ours), [str(name) for name in theirs]))


def kind_of(value: Any) -> str:
    """What ``value`` is, for a message: its class with the module it comes from."""
    kind = type(value)
    return f"{kind.__module__}.{kind.__qualname__}"


def frame_hint(value: Any) -> str:
    """What to do with a frame of another library than the adapter's, for a message."""
    module = type(value).__module__.split(".")[0]
    if module in ("pandas", "polars", "pyarrow"):
        return (
            f"; for a {module} frame call sudoku_bulk.solve (count, validate, rate) on its "
            "puzzle column, df['puzzle']"
        )
    return ""
