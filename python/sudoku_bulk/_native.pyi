"""Type stubs for ``sudoku_bulk._native``, the Rust half of the package (built by maturin).

Use the functions of :mod:`sudoku_bulk` instead: they accept every input kind and convert the
non-Arrow ones; these take only objects with the Arrow PyCapsule interface. ``stubtest
sudoku_bulk._native`` (scripts/python-tests.sh) checks these against the built module.
"""

import os
from typing import Any

import numpy as np
import numpy.typing as npt
import pyarrow as pa

# As pyo3 makes it: every function and constant the module adds.
__all__ = [
    "MISSING",
    "SOLVERS",
    "STATUS",
    "__version__",
    "_panic_in_pool",
    "apply_transform",
    "apply_transform_array",
    "augment",
    "canon",
    "count",
    "default_threads",
    "explain",
    "generate",
    "output_names",
    "rate",
    "run_file",
    "run_stats",
    "solve",
    "solve_array",
    "validate",
]

__version__: str
STATUS: dict[int, str]
SOLVERS: list[str]
MISSING: str

_Path = str | os.PathLike[str]
_Box = str | tuple[int, int]

def solve(
    puzzles: Any,
    threads: int | None = None,
    solver: str = "band",
    size: int | None = None,
    box: _Box | None = None,
    with_size: bool = False,
    progress: bool | None = None,
) -> pa.Table: ...
def count(
    puzzles: Any,
    limit: int = 2,
    threads: int | None = None,
    solver: str = "band",
    size: int | None = None,
    box: _Box | None = None,
    with_size: bool = False,
    progress: bool | None = None,
) -> pa.Table: ...
def validate(
    puzzles: Any,
    solutions: Any | None = None,
    threads: int | None = None,
    solver: str = "band",
    size: int | None = None,
    box: _Box | None = None,
    with_size: bool = False,
    progress: bool | None = None,
) -> pa.Table: ...
def rate(
    puzzles: Any,
    threads: int | None = None,
    *,
    max_level: str | None = None,
    max_work: int | None = None,
    progress: bool | None = None,
) -> pa.Table: ...
def explain(
    puzzles: Any,
    threads: int | None = None,
    *,
    max_level: str | None = None,
    max_work: int | None = None,
    progress: bool | None = None,
) -> pa.Table: ...
def solve_array(
    grids: npt.NDArray[Any],
    blank: int = 0,
    offset: int = 0,
    threads: int | None = None,
    solver: str = "band",
    size: int | None = None,
    box: _Box | None = None,
) -> tuple[npt.NDArray[Any], npt.NDArray[np.uint8]]: ...
def canon(
    puzzles: Any, form: str = "minlex", automorphisms: bool = False, threads: int | None = None
) -> pa.Table: ...
def augment(
    puzzles: Any,
    solutions: Any | None = None,
    copies: int = 1,
    seed: int = 0,
    include_original: bool = False,
    with_transform: bool = False,
    lines: list[int] | None = None,
    file: int = 0,
    threads: int | None = None,
) -> pa.Table: ...
def apply_transform(
    grids: Any, transforms: Any | None = None, one: str | None = None, inverse: bool = False
) -> pa.Table: ...
def apply_transform_array(
    grids: npt.NDArray[Any],
    transforms: Any | None = None,
    one: str | None = None,
    inverse: bool = False,
    blank: int = 0,
    offset: int = 0,
) -> npt.NDArray[Any]: ...
def run_file(
    command: str,
    path: _Path,
    output: _Path | None = None,
    *,
    limit: int = 2,
    threads: int | None = None,
    solver: str = "band",
    format: str = "auto",
    output_format: str = "auto",
    puzzle_col: str | int | None = None,
    solution_col: str | int | None = None,
    report: _Path | None = None,
    failures_only: bool = False,
    mmap: bool = False,
    messages: bool = False,
    max_messages: int | None = None,
    progress: bool = False,
    size: int | None = None,
    box: _Box | None = None,
    with_size: bool = False,
    max_level: str | None = None,
    max_work: int | None = None,
) -> dict[str, Any]: ...
def run_stats(
    files: list[_Path] | None = None,
    puzzles: Any | None = None,
    solutions: Any | None = None,
    test_files: list[_Path] | None = None,
    test_puzzles: Any | None = None,
    test_solutions: Any | None = None,
    *,
    by: str = "class",
    rating: bool = True,
    output: _Path | None = None,
    threads: int | None = None,
    solver: str = "band",
    format: str = "auto",
    puzzle_col: str | int | None = None,
    solution_col: str | int | None = None,
    size: int | None = None,
    box: _Box | None = None,
    mmap: bool = False,
    report: _Path | None = None,
) -> tuple[dict[str, Any], str]: ...
def generate(
    count: int,
    seed: int | None = None,
    size: int | None = None,
    box: _Box | None = None,
    solutions: bool = False,
    threads: int | None = None,
) -> pa.Table: ...
def default_threads() -> int: ...
def output_names(ours: list[str], theirs: list[str]) -> list[str]: ...
def _panic_in_pool() -> int:
    """Panics on a pool thread (for the tests): raises RuntimeError."""
