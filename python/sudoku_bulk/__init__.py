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
- :func:`stream`: any of those five over record batches (a Parquet file, a dataset, a
  table too large to judge at once), a batch at a time, as a ``pyarrow.RecordBatchReader``:
  memory holds one batch whatever the input's length.
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

from ._arrays import solve_array
from ._common import MISSING, SOLVERS, STATUS, __version__, default_threads
from ._equiv import apply_transform, augment, canon, equivalent
from ._files import count_file, explain_file, rate_file, solve_file, validate_file
from ._generate import generate
from ._stats import Stats, stats
from ._stream import stream
from ._tables import count, explain, rate, solve, validate

__all__ = [  # noqa: RUF022 (in the order of the docs above, not sorted)
    "solve",
    "count",
    "validate",
    "rate",
    "explain",
    "stream",
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
