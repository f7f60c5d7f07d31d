"""solve_file, count_file, validate_file, rate_file and explain_file: the CLI's file
pipeline, returning the run's summary."""

from __future__ import annotations

from typing import Any

from . import _native
from ._common import Box, PathLike, _limit, _optional, _size, _threads


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
    return _run(
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
    return _run(
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
    return _run(
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
    return _run(
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
    return _run(
        "explain", path, output, threads=threads, format=format,
        output_format=output_format, puzzle_col=puzzle_col, solution_col=solution_col,
        report=report, failures_only=failures_only, messages=messages,
        max_messages=max_messages, progress=progress, mmap=mmap, size=size, box=box,
        with_size=with_size, max_level=max_level, max_work=max_work,
    )  # fmt: skip


def _run(command: str, path: PathLike, output: PathLike | None, **options: Any) -> dict[str, Any]:
    """The library's file run, the options whose kind is checked here checked first."""
    options["threads"] = _threads(options["threads"])
    options["size"] = _size(options["size"])
    options["max_messages"] = _optional(options["max_messages"], "max_messages")
    if "limit" in options:
        options["limit"] = _limit(options["limit"])
    if "max_work" in options:
        options["max_work"] = _optional(options["max_work"], "max_work")
    return _native.run_file(command, path, output, **options)
