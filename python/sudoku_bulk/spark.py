"""The engine on Spark: solve, count, validate and rate a DataFrame's puzzle column on the
executors, batch by batch, with no Python code run per row.

>>> from sudoku_bulk import spark as sbs
>>> df = spark.read.parquet("train.parquet")               # doctest: +SKIP
>>> checked = sbs.validate(df, "puzzle", "solution")       # doctest: +SKIP
>>> checked.groupBy("status").count().show()               # doctest: +SKIP

Each function returns a new DataFrame: the input's columns, then ours, exactly as
:func:`sudoku_bulk.solve`, :func:`~sudoku_bulk.count`, :func:`~sudoku_bulk.validate` and
:func:`~sudoku_bulk.rate` name and fill them (``status``, ``solution``, ``count``,
``guesses``, ``rating``, ..., ``error``; ``size`` first with ``with_size=True``); one of
ours whose name the input has already gets ``_out`` added, as in the CLI's CSV output
(``_out2``, ``_out3``, ... where that is taken too; case is ignored, as Spark ignores it).
``solve``, ``count`` and ``validate`` take every size from 4x4 to 25x25 and 9x9 pencilmark
puzzles, with ``size=`` and ``box=`` as :func:`sudoku_bulk.solve` takes them. Each Arrow
type becomes the Spark type pyspark gives it: ``string``, ``bigint``, ``double``, and
``map<string,bigint>`` for ``rate``'s ``steps`` (a dict per row). Rows keep their
partitions and their order within each.

The work is done by :meth:`pyspark.sql.DataFrame.mapInArrow`: each executor's Python worker
is handed Arrow record batches (``spark.sql.execution.arrow.maxRecordsPerBatch`` rows each,
10,000 by default), and the package solves each batch on ``threads`` threads with the GIL
released. ``threads=None`` takes ``spark.task.cpus`` (1 unless set), so that a task uses the
cores the scheduler gave it. The executors need this package installed (see the project's
docs/cluster.md); pyspark itself is never needed to import :mod:`sudoku_bulk`.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pyarrow as pa

from ._frames import Job, frame_hint, kind_of, make_job, output_names

if TYPE_CHECKING:  # pragma: no cover
    from pyspark.sql import DataFrame
    from pyspark.sql.types import StructField

    from ._common import Box

__all__ = ["count", "rate", "solve", "validate"]


def solve(
    df: DataFrame,
    column: str = "puzzle",
    *,
    threads: int | None = None,
    solver: str = "band",
    size: int | None = None,
    box: Box | None = None,
    with_size: bool = False,
) -> DataFrame:
    """``df`` with the first solution of each puzzle in ``column``: the columns ``status``,
    ``solution``, ``guesses`` and ``error`` added, as :func:`sudoku_bulk.solve` gives them.

    Args:
        df: a Spark DataFrame.
        column: the puzzles' column: strings (or binary) in the line form (81 characters for
            9x9; a puzzle's length names its size unless ``size`` or ``box`` says it).
        threads: threads per Spark task; ``None`` means ``spark.task.cpus``.
        solver, size, box: as for :func:`sudoku_bulk.solve` (``size`` and ``box``: the CLI's
            ``--size`` and ``--box``).
        with_size: add a ``size`` column, first of ours: each puzzle's size (``"16x16"``,
            ``"6x6 (boxes 3x2)"``, ``"9x9 pencilmarks"``), as the CLI's ``--with-size``.

    Raises:
        ValueError: ``column`` is not one of ``df``'s, or a bad option.
        TypeError: ``column`` does not hold strings or binary.
    """
    return _apply(
        df, "solve", column, None, threads=threads, solver=solver, size=size, box=box,
        with_size=with_size,
    )  # fmt: skip


def count(
    df: DataFrame,
    column: str = "puzzle",
    *,
    limit: int = 2,
    threads: int | None = None,
    solver: str = "band",
    size: int | None = None,
    box: Box | None = None,
    with_size: bool = False,
) -> DataFrame:
    """``df`` with each puzzle's solutions counted up to ``limit``: the columns ``status``,
    ``count``, ``guesses`` and ``error`` added, as :func:`sudoku_bulk.count` gives them (a
    count equal to ``limit`` means that many or more). Arguments as for :func:`solve`."""
    return _apply(
        df, "count", column, None, limit=limit, threads=threads, solver=solver, size=size,
        box=box, with_size=with_size,
    )  # fmt: skip


def validate(
    df: DataFrame,
    puzzle_column: str = "puzzle",
    solution_column: str | None = None,
    *,
    threads: int | None = None,
    solver: str = "band",
    size: int | None = None,
    box: Box | None = None,
    with_size: bool = False,
) -> DataFrame:
    """``df`` with each row checked, as :func:`sudoku_bulk.validate` checks it: the puzzle
    well formed with exactly one solution and, where ``solution_column`` is given, that
    column's answer that solution (of the puzzle's size). Adds ``status`` (``valid`` or the
    first check that failed) and ``error``. Arguments as for :func:`solve`."""
    return _apply(
        df, "validate", puzzle_column, solution_column, threads=threads, solver=solver,
        size=size, box=box, with_size=with_size,
    )  # fmt: skip


def rate(
    df: DataFrame,
    column: str = "puzzle",
    *,
    threads: int | None = None,
    max_level: str | None = None,
    max_work: int | None = None,
) -> DataFrame:
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
    df: DataFrame,
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
) -> DataFrame:
    """``df.mapInArrow`` with the job: the input's columns, then ours."""
    from pyspark.sql.types import BinaryType, StringType, StructType

    given: Any = df  # whatever the caller passed, which the hint cannot promise
    if not (hasattr(given, "mapInArrow") and hasattr(given, "sparkSession")):
        raise TypeError(
            f"df: expected a Spark DataFrame (pyspark.sql.DataFrame), got {kind_of(df)}"
            + frame_hint(df)
        )
    _check_local_workers(df)
    if threads is None:
        threads = int(df.sparkSession.conf.get("spark.task.cpus", "1") or "1")
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
        frame_columns=df.columns,
    )
    for name in job.input_columns():
        kind = df.schema[name].dataType
        if not isinstance(kind, (StringType, BinaryType)):
            raise TypeError(
                f"column {name!r}: expected strings or binary, got {kind.simpleString()}; "
                "read puzzles as strings (a number has lost its leading 0 blanks, a double "
                "its digits too): spark.read.csv without inferSchema, or a schema that "
                "says string"
            )
    ours = job.schema()
    names = output_names(ours.names, df.columns)
    schema = StructType(
        df.schema.fields + [_spark_field(field, name) for field, name in zip(ours, names)]
    )
    positions = [df.columns.index(name) for name in job.input_columns()]

    def each(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        for batch in batches:
            yield from _answer(job, batch, positions, names)

    # pyspark's mapInArrow looks each input column up by its name (``df[name]``), which it
    # parses: a name with a ``.`` or a backtick is read as a path, or refused. Plain names,
    # given by position (``toDF`` parses nothing), go in; the batches hold the same columns
    # in the same order, and ``schema`` gives the output its own names back.
    plain = df.toDF(*(f"_sudoku_bulk_{i}" for i in range(len(df.columns))))
    return plain.mapInArrow(each, schema)


def _answer(
    job: Job, batch: pa.RecordBatch, positions: list[int], names: list[str]
) -> Iterator[pa.RecordBatch]:
    """The input batch's columns and ours, as record batches: one per batch of the table the
    package returns (it builds one per slice of rows it solves), so no column is copied."""
    table = job.run(*(batch.column(i) for i in positions))
    start = 0
    for ours in table.to_batches():
        rows = batch.slice(start, ours.num_rows)
        start += ours.num_rows
        yield pa.RecordBatch.from_arrays(
            rows.columns + ours.columns, names=rows.schema.names + names
        )


def _spark_field(field: pa.Field[Any], name: str) -> StructField:
    """The Spark field of one of our Arrow fields, of the type pyspark itself gives the Arrow
    type (``string``, ``bigint``, ``double``, a map for ``rate``'s ``steps``)."""
    from pyspark.sql.pandas.types import from_arrow_type
    from pyspark.sql.types import StructField

    return StructField(name, from_arrow_type(field.type), nullable=True)


#: The worker interpreters found to import this package, by path: each is asked once.
_WORKERS_CHECKED: set[str] = set()


def _check_local_workers(df: DataFrame) -> None:
    """On a local master (``local``, ``local[N]``), where the workers are this machine's
    processes, checks that the Python Spark starts for them imports this package, and raises
    a RuntimeError saying what to set where it does not: otherwise the first action fails
    deep in a worker with ``ModuleNotFoundError``. Spark starts ``PYSPARK_PYTHON`` (read when
    the session started; ``python3`` when unset), which need not be this interpreter: a
    notebook's kernel in a virtualenv that was never activated, say. A cluster's workers are
    not this machine's to ask (see docs/cluster.md)."""
    try:
        context = df.sparkSession.sparkContext
        master, python = str(context.master), str(context.pythonExec)
    except Exception:  # Spark Connect: no SparkContext on the client
        return
    if not master.startswith("local") or python in _WORKERS_CHECKED:
        return
    import subprocess
    import sys

    try:
        done = subprocess.run(
            [python, "-c", "import sudoku_bulk"], capture_output=True, text=True, timeout=120
        )
        failed = done.stderr.strip().splitlines()[-1:] if done.returncode != 0 else []
    except (OSError, subprocess.SubprocessError) as error:
        failed = [f"{type(error).__name__}: {error}"]
    if failed:
        raise RuntimeError(
            f"sudoku_bulk.spark: Spark's Python workers run {python!r}, which cannot import "
            f"sudoku_bulk ({failed[0]}); set PYSPARK_PYTHON to an interpreter that has it, "
            f"this one is {sys.executable!r}, before the Spark session starts "
            "(os.environ['PYSPARK_PYTHON'] = sys.executable), or install the package there; "
            "see docs/cluster.md"
        )
    _WORKERS_CHECKED.add(python)
