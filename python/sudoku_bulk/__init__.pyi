"""Type stubs for :mod:`sudoku_bulk`: solve, count and validate Sudoku puzzles in bulk."""

import os
import sys
from typing import Any, Dict, Optional, Sequence, Tuple, Union

import numpy as np
import pyarrow as pa

if sys.version_info >= (3, 11):
    from typing import TypedDict, Unpack
else:  # pragma: no cover
    from typing_extensions import TypedDict, Unpack

__all__ = [
    "solve",
    "count",
    "validate",
    "solve_array",
    "canon",
    "equivalent",
    "augment",
    "apply_transform",
    "solve_file",
    "count_file",
    "validate_file",
    "STATUS",
    "SOLVERS",
    "MISSING",
    "default_threads",
    "__version__",
]

__version__: str
STATUS: Dict[int, str]
SOLVERS: Tuple[str, ...]
MISSING: str

PathLike = Union[str, "os.PathLike[str]"]

class FileOptions(TypedDict, total=False):
    """The keyword options of :func:`solve_file`, :func:`count_file`, :func:`validate_file`."""

    threads: Optional[int]
    solver: str
    format: str
    output_format: str
    puzzle_col: Union[str, int, None]
    solution_col: Union[str, int, None]
    report: Optional[PathLike]
    failures_only: bool
    mmap: bool
    messages: bool
    max_messages: Optional[int]
    progress: bool

class CountFileOptions(FileOptions, total=False):
    """:func:`count_file`'s options: :class:`FileOptions` and ``limit``."""

    limit: int

def solve(puzzles: Any, *, threads: Optional[int] = None, solver: str = "band") -> pa.Table: ...
def count(
    puzzles: Any, *, limit: int = 2, threads: Optional[int] = None, solver: str = "band"
) -> pa.Table: ...
def validate(
    puzzles: Any,
    solutions: Any = None,
    *,
    threads: Optional[int] = None,
    solver: str = "band",
) -> pa.Table: ...
def solve_array(
    grids: Any,
    *,
    blank: int = 0,
    offset: int = 0,
    threads: Optional[int] = None,
    solver: str = "band",
) -> Tuple[np.ndarray, np.ndarray]: ...
def canon(
    puzzles: Any,
    form: str = "minlex",
    automorphisms: bool = False,
    *,
    threads: Optional[int] = None,
) -> pa.Table: ...
def equivalent(a: Any, b: Any, *, threads: Optional[int] = None) -> pa.Array: ...
def augment(
    puzzles: Any,
    solutions: Any = None,
    *,
    copies: int = 1,
    seed: int = 0,
    include_original: bool = False,
    with_transform: bool = False,
    lines: Optional[Sequence[int]] = None,
    file: int = 0,
    threads: Optional[int] = None,
) -> pa.Table: ...
def apply_transform(
    grids: Any, transforms: Any, *, inverse: bool = False, blank: int = 0, offset: int = 0
) -> Union[pa.Table, np.ndarray]: ...
def solve_file(
    path: PathLike, output: Optional[PathLike] = None, **options: Unpack[FileOptions]
) -> Dict[str, Any]: ...
def count_file(
    path: PathLike, output: Optional[PathLike] = None, **options: Unpack[CountFileOptions]
) -> Dict[str, Any]: ...
def validate_file(
    path: PathLike, output: Optional[PathLike] = None, **options: Unpack[FileOptions]
) -> Dict[str, Any]: ...
def default_threads() -> int: ...
