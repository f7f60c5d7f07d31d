"""generate: proper, minimal puzzles of any size from a seed."""

from __future__ import annotations

import pyarrow as pa

from . import _native
from ._common import Box, _seed, _size, _threads, _whole


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
    return _native.generate(
        _whole(count, "count", "an int, 0 or more", 0, 2**64 - 1), _seed(seed), _size(size), box,
        solutions, _threads(threads),
    )  # fmt: skip
