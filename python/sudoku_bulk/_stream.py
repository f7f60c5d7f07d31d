"""stream: the in-memory calls over an input too large to hold, a batch of rows at a time:
record batches in, a ``pyarrow.RecordBatchReader`` out, so memory holds one batch's rows and
results whatever the input's length."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pyarrow as pa

from ._common import Box, _whole
from ._frames import Job, make_job, output_names

#: Rows judged at a time when ``batch_rows`` is not given: for ``explain`` (some 9 kB of
#: steps a row) about 9 MB a batch; for the others far less.
_BATCH_ROWS = {"explain": 1024}
_DEFAULT_ROWS = 65536


def stream(
    source: Any,
    *,
    task: str = "solve",
    puzzle_column: str = "puzzle",
    solution_column: str | None = None,
    limit: int = 2,
    threads: int | None = None,
    solver: str = "band",
    size: int | None = None,
    box: Box | None = None,
    with_size: bool = False,
    max_level: str | None = None,
    max_work: int | None = None,
    batch_rows: int | None = None,
) -> pa.RecordBatchReader:
    """Runs ``task`` (``"solve"``, ``"count"``, ``"validate"``, ``"rate"`` or
    ``"explain"``) over ``source`` a batch of rows at a time, and returns the results as a
    ``pyarrow.RecordBatchReader``: nothing is read or judged until the reader is read, and
    memory holds one batch's rows and results at a time, so an input of any length (a
    Parquet file, a dataset) goes through in bounded memory. Write the reader out with
    ``pyarrow.parquet.ParquetWriter`` or ``pyarrow.dataset.write_dataset``, or read it batch
    by batch.

    Args:
        source: record batches: anything with the Arrow PyCapsule stream interface
            (``__arrow_c_stream__``: a ``pyarrow.Table`` or ``RecordBatchReader``, a polars
            or pandas DataFrame), or an iterable of ``pyarrow.RecordBatch`` or
            ``pyarrow.Table`` (``pyarrow.parquet.ParquetFile(path).iter_batches()``,
            ``pyarrow.dataset.dataset(path).to_batches()``).
        task: the function whose columns are added, by name.
        puzzle_column, solution_column: the columns read (``solution_column``: the answers,
            for ``validate``).
        batch_rows: the most rows judged at a time (a larger input batch is cut); default
            1,024 for ``explain``, 65,536 for the others.
        limit, threads, solver, size, box, with_size, max_level, max_work: as for the task's
            function (:func:`count`'s ``limit``, :func:`rate`'s ``max_level``, ...).

    Returns:
        A ``pyarrow.RecordBatchReader`` of the input's columns, then the task's, as the Spark
        and Dask adapters give them (one of ours whose name the input has gets ``_out``
        added, then ``_out2``, ...), rows in order.

    Raises:
        ValueError, TypeError: a bad option, a task that is not one of the five, a column
            that is not in the source's schema (raised here, before any row is read).
    """
    rows = _BATCH_ROWS.get(task, _DEFAULT_ROWS) if batch_rows is None else batch_rows
    rows = _whole(rows, "batch_rows", "an int, 1 or more, or None", 1, 2**31 - 1)
    reader = _reader(source)
    job = make_job(
        task, puzzle_column, solution_column, limit=limit, threads=threads, solver=solver,
        size=size, box=box, with_size=with_size, max_level=max_level, max_work=max_work,
        frame_columns=reader.schema.names,
    )  # fmt: skip
    ours = job.schema()
    names = output_names(ours.names, reader.schema.names)
    schema = pa.schema(list(reader.schema) + [f.with_name(n) for f, n in zip(ours, names)])
    positions = [reader.schema.names.index(name) for name in job.input_columns()]
    return pa.RecordBatchReader.from_batches(schema, _batches(job, reader, positions, rows, schema))


def _reader(source: Any) -> pa.RecordBatchReader:
    """``source`` as a reader of record batches (see :func:`stream`)."""
    if isinstance(source, pa.RecordBatchReader):
        return source
    if isinstance(source, pa.Table):
        return pa.RecordBatchReader.from_batches(source.schema, source.to_batches())
    if hasattr(source, "__arrow_c_stream__"):
        return pa.RecordBatchReader.from_stream(source)
    if isinstance(source, (str, bytes)) or not hasattr(source, "__iter__"):
        raise TypeError(
            "source: expected record batches (an object with __arrow_c_stream__, such as a "
            "pyarrow.Table or RecordBatchReader, or an iterable of pyarrow.RecordBatch), got "
            f"{type(source).__name__}"
        )
    batches = iter(source)
    try:
        first = next(batches)
    except StopIteration:
        raise ValueError("source: no batches, so no schema to read the columns from") from None
    if not isinstance(first, (pa.RecordBatch, pa.Table)):
        raise TypeError(
            f"source: expected an iterable of pyarrow.RecordBatch, got one of "
            f"{type(first).__name__}"
        )

    def every() -> Iterator[pa.RecordBatch]:
        for batch in itertools.chain([first], batches):
            yield from (batch.to_batches() if isinstance(batch, pa.Table) else [batch])

    return pa.RecordBatchReader.from_batches(first.schema, every())


def _batches(
    job: Job, reader: pa.RecordBatchReader, positions: list[int], rows: int, schema: pa.Schema
) -> Iterator[pa.RecordBatch]:
    """The input's batches, cut to ``rows`` rows at most, each with our columns beside it:
    a batch per batch of the table the package returns, so no column is copied."""
    for batch in reader:
        for start in range(0, batch.num_rows, rows):
            part = batch.slice(start, rows)
            table = job.run(*(part.column(i) for i in positions))
            done = 0
            for ours in table.to_batches():
                inputs = part.slice(done, ours.num_rows)
                done += ours.num_rows
                yield pa.RecordBatch.from_arrays([*inputs.columns, *ours.columns], schema=schema)
