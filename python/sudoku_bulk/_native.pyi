"""Type stubs for ``sudoku_bulk._native``, the Rust half of the package (built by maturin).

Use the functions of :mod:`sudoku_bulk` instead: they accept every input kind and convert the
non-Arrow ones; these take only objects with the Arrow PyCapsule interface.
"""

import os
from typing import Any, Dict, List, Optional, Tuple, Union

import numpy as np
import pyarrow as pa

__version__: str
STATUS: Dict[int, str]
SOLVERS: List[str]
MISSING: str

_Path = Union[str, "os.PathLike[str]"]

def solve(puzzles: Any, threads: Optional[int] = None, solver: str = "band") -> pa.Table: ...
def count(
    puzzles: Any, limit: int = 2, threads: Optional[int] = None, solver: str = "band"
) -> pa.Table: ...
def validate(
    puzzles: Any,
    solutions: Optional[Any] = None,
    threads: Optional[int] = None,
    solver: str = "band",
) -> pa.Table: ...
def solve_array(
    grids: np.ndarray,
    blank: int = 0,
    offset: int = 0,
    threads: Optional[int] = None,
    solver: str = "band",
) -> Tuple[np.ndarray, np.ndarray]: ...
def canon(
    puzzles: Any, form: str = "minlex", automorphisms: bool = False, threads: Optional[int] = None
) -> pa.Table: ...
def augment(
    puzzles: Any,
    solutions: Optional[Any] = None,
    copies: int = 1,
    seed: int = 0,
    include_original: bool = False,
    with_transform: bool = False,
    lines: Optional[List[int]] = None,
    file: int = 0,
    threads: Optional[int] = None,
) -> pa.Table: ...
def apply_transform(
    grids: Any, transforms: Optional[Any] = None, one: Optional[str] = None, inverse: bool = False
) -> pa.Table: ...
def run_file(
    command: str,
    path: _Path,
    output: Optional[_Path] = None,
    *,
    limit: int = 2,
    threads: Optional[int] = None,
    solver: str = "band",
    format: str = "auto",
    output_format: str = "auto",
    puzzle_col: Optional[Union[str, int]] = None,
    solution_col: Optional[Union[str, int]] = None,
    report: Optional[_Path] = None,
    failures_only: bool = False,
    mmap: bool = False,
    messages: bool = False,
    max_messages: Optional[int] = None,
    progress: bool = False,
) -> Dict[str, Any]: ...
def default_threads() -> int: ...
def output_names(ours: List[str], theirs: List[str]) -> List[str]: ...
def _panic_in_pool() -> int:
    """Panics on a pool thread (for the tests): raises RuntimeError."""
    ...
