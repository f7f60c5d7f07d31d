"""Shared fixtures: the repository, the CLI binary the Python results are compared with, and
puzzles with known answers."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: A puzzle, its solution, and puzzles that fail in each way the solver can tell.
PUZZLE = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534."
SOLUTION = "527389416819426735436751829375692184194538267268174593643217958951843672782965341"
CONFLICT = "22" + PUZZLE[2:]  # digit 2 twice in row 1
NO_SOLUTION = "12345678." + "........9" + "." * 63  # cell 9 can hold nothing
EMPTY = "." * 81  # many solutions


def _cli_path() -> Path:
    """The release CLI: $SUDOKU_BULK_CLI, else the cargo target dir's, built if missing."""
    if os.environ.get("SUDOKU_BULK_CLI"):
        return Path(os.environ["SUDOKU_BULK_CLI"])
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    binary = target / "release" / "sudoku-bulk"
    if not binary.exists():
        if shutil.which("cargo") is None:
            pytest.skip("no sudoku-bulk binary and no cargo to build it")
        subprocess.run(
            ["cargo", "build", "--release", "--quiet", "--bin", "sudoku-bulk"],
            cwd=ROOT,
            check=True,
        )
    return binary


@pytest.fixture(scope="session")
def cli() -> Path:
    """Path to the sudoku-bulk binary."""
    return _cli_path()


@pytest.fixture(scope="session")
def sample_puzzles() -> list:
    """The 10,000 puzzles of datasets/sample_10k.txt, in order."""
    text = (ROOT / "datasets" / "sample_10k.txt").read_text()
    return [line for line in text.splitlines() if line and not line.startswith("#")]
