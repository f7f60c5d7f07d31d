"""The engine on Dask: solve, count, validate and rate a dask DataFrame's puzzle column,
partition by partition, on whichever scheduler runs the graph (threads, processes or a
``dask.distributed`` cluster).

>>> import dask.dataframe as dd
>>> from sudoku_bulk import dask as sbd
>>> df = dd.read_parquet("train.parquet")                  # doctest: +SKIP
>>> checked = sbd.validate(df, "puzzle", "solution")       # doctest: +SKIP
>>> checked["status"].value_counts().compute()             # doctest: +SKIP

Each function returns a new, lazy dask DataFrame: the input's columns, then ours, as
:func:`sudoku_bulk.solve`, :func:`~sudoku_bulk.count`, :func:`~sudoku_bulk.validate` and
:func:`~sudoku_bulk.rate` name and fill them (``status``, ``solution``, ``count``,
``guesses``, ``rating``, ..., ``error``), with ``_out`` added to one of ours whose name the
input has already (``_out2``, ``_out3``, ... where that is taken too, ignoring case;
``size`` first of ours with ``with_size=True``). ``solve``, ``count`` and
``validate`` take every size from 4x4 to 25x25 and 9x9 pencilmark puzzles, with ``size=``
and ``box=`` as :func:`sudoku_bulk.solve` takes them. Our text columns are
``string[pyarrow]``, the integer ones nullable ``Int64``, ``rating`` nullable ``Float64`` and
``rate``'s ``steps`` ``map<string, int64>[pyarrow]`` (a value is a list of ``(technique,
steps)`` pairs: ``dict(value)``), nulls ``pd.NA`` in all. The index and the partitions are
the input's.

It is built on :meth:`dask.dataframe.DataFrame.map_partitions`, with ``meta`` given, so
nothing is computed to learn the output's columns. ``threads`` is per partition and 1 by
default: the Dask scheduler already runs one partition per worker thread, and the package
releases the GIL, so the partitions of a threaded worker are solved at once (``None``:
``OMP_NUM_THREADS`` if set, else every core, for each partition). dask is never
needed to import :mod:`sudoku_bulk`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pyarrow as pa

from ._frames import Job, frame_hint, kind_of, make_job, output_names

if TYPE_CHECKING:  # pragma: no cover
    import dask.dataframe
    import pandas

    from ._common import Box

__all__ = ["count", "rate", "solve", "validate"]


def solve(
    df: dask.dataframe.DataFrame,
    column: str = "puzzle",
    *,
    threads: int | None = 1,
    solver: str = "band",
    size: int | None = None,
    box: Box | None = None,
    with_size: bool = False,
) -> dask.dataframe.DataFrame:
    """``df`` with the first solution of each puzzle in ``column``: the columns ``status``,
    ``solution``, ``guesses`` and ``error`` added, as :func:`sudoku_bulk.solve` gives them.

    Args:
        df: a dask DataFrame.
        column: the puzzles' column: strings (or bytes) in the line form (81 characters for
            9x9; a puzzle's length names its size unless ``size`` or ``box`` says it).
        threads: threads per partition: 1 (the default) leaves the parallelism to the
            scheduler, which runs a partition per worker thread; ``None`` means
            ``OMP_NUM_THREADS`` if set, else every core, for each partition at once.
        solver, size, box: as for :func:`sudoku_bulk.solve` (``size`` and ``box``: the CLI's
            ``--size`` and ``--box``).
        with_size: add a ``size`` column, first of ours: each puzzle's size (``"16x16"``,
            ``"6x6 (boxes 3x2)"``, ``"9x9 pencilmarks"``), as the CLI's ``--with-size``.

    Raises:
        ValueError: ``column`` is not one of ``df``'s, or a bad option.
    """
    return _apply(
        df, "solve", column, None, threads=threads, solver=solver, size=size, box=box,
        with_size=with_size,
    )  # fmt: skip


def count(
    df: dask.dataframe.DataFrame,
    column: str = "puzzle",
    *,
    limit: int = 2,
    threads: int | None = 1,
    solver: str = "band",
    size: int | None = None,
    box: Box | None = None,
    with_size: bool = False,
) -> dask.dataframe.DataFrame:
    """``df`` with each puzzle's solutions counted up to ``limit``: the columns ``status``,
    ``count``, ``guesses`` and ``error`` added, as :func:`sudoku_bulk.count` gives them (a
    count equal to ``limit`` means that many or more). Arguments as for :func:`solve`."""
    return _apply(
        df, "count", column, None, limit=limit, threads=threads, solver=solver, size=size,
        box=box, with_size=with_size,
    )  # fmt: skip


def validate(
    df: dask.dataframe.DataFrame,
    puzzle_column: str = "puzzle",
    solution_column: str | None = None,
    *,
    threads: int | None = 1,
    solver: str = "band",
    size: int | None = None,
    box: Box | None = None,
    with_size: bool = False,
) -> dask.dataframe.DataFrame:
    """``df`` with each row checked, as :func:`sudoku_bulk.validate` checks it: the puzzle
    well formed with exactly one solution and, where ``solution_column`` is given, that
    column's answer that solution (of the puzzle's size). Adds ``status`` (``valid`` or the
    first check that failed) and ``error``. Arguments as for :func:`solve`."""
    return _apply(
        df, "validate", puzzle_column, solution_column, threads=threads, solver=solver,
        size=size, box=box, with_size=with_size,
    )  # fmt: skip


def rate(
    df: dask.dataframe.DataFrame,
    column: str = "puzzle",
    *,
    threads: int | None = 1,
    max_level: str | None = None,
    max_work: int | None = None,
) -> dask.dataframe.DataFrame:
    """``df`` with each puzzle in ``column`` rated, as :func:`sudoku_bulk.rate` rates it
    (Sudoku Explainer's rating): the columns ``status``, ``rating`` (ER), ``ep``, ``ed``,
    ``rating_at_least``, ``technique``, ``steps`` (a map from technique to its steps),
    ``count`` and ``error`` added. ``max_level`` and ``max_work`` as for
    :func:`sudoku_bulk.rate` (a bulk run over hard puzzles wants them); other arguments as for
    :func:`solve`; 9x9 puzzles only, as :func:`sudoku_bulk.rate` (another size is
    ``malformed``), so no ``size``, ``box`` nor ``with_size``."""
    return _apply(
        df, "rate", column, None, threads=threads, solver="band", max_level=max_level,
        max_work=max_work,
    )  # fmt: skip


def _apply(
    df: dask.dataframe.DataFrame,
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
) -> dask.dataframe.DataFrame:
    """``df.map_partitions`` with the job, its ``meta`` made by the same function on the
    input's empty ``meta``, so the two cannot disagree."""
    import dask.dataframe as dd

    given: Any = df  # whatever the caller passed, which the hint cannot promise
    if isinstance(given, dd.Series):
        raise TypeError(
            "df: expected a dask DataFrame, got a dask Series; pass series.to_frame(), whose "
            "column is the series' name"
        )
    if not isinstance(given, dd.DataFrame):
        raise TypeError(f"df: expected a dask DataFrame, got {kind_of(df)}" + frame_hint(df))
    job = make_job(
        task,
        puzzle_column,
        solution_column,
        limit=limit,
        threads=threads,
        solver=solver,
        size=size,
        box=box,
        with_size=with_size,
        max_level=max_level,
        max_work=max_work,
        frame_columns=list(df.columns),
    )
    job.schema()  # checks the options here, before the graph is built
    meta = _partition(df._meta, job)
    out: dask.dataframe.DataFrame = df.map_partitions(_partition, job, meta=meta)
    return out


def _partition(frame: pandas.DataFrame, job: Job) -> pandas.DataFrame:
    """One partition: its columns, then ours, added by position (never aligned on the index,
    which may repeat values)."""
    table = job.run(*(frame[name] for name in job.input_columns()))
    table = table.rename_columns(output_names(table.column_names, frame.columns))
    ours = table.to_pandas(types_mapper=_pandas_type)
    return frame.assign(**{name: ours[name].array for name in ours.columns})


def _pandas_type(kind: pa.DataType) -> Any:
    """pandas' dtype for one of our Arrow types: nullable ``Int64`` for ``int64`` and
    ``Float64`` for ``double``, so that a null is not turned into a float NaN, for text
    ``string[pyarrow]``, the dtype dask gives the input's text columns, and the Arrow type
    itself for a nested one (``rate``'s map), so that every column marks a null as
    ``pd.NA``."""
    import pandas as pd

    if kind == pa.int64():
        return pd.Int64Dtype()
    if kind == pa.float64():
        return pd.Float64Dtype()
    if kind == pa.string():
        return pd.StringDtype("pyarrow")
    if pa.types.is_nested(kind):
        return pd.ArrowDtype(kind)
    return None
