"""Shared fixtures: the repository, the CLI binary the Python results are compared with, and
puzzles with known answers."""

from __future__ import annotations

import csv
import io
import json
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
#: Records of every kind, one a line (the CLI's datasets/bad/mixed.txt and more).
MIXED = [PUZZLE, PUZZLE[:80], PUZZLE[:40] + "x" + PUZZLE[41:], CONFLICT, NO_SOLUTION, PUZZLE + "9", EMPTY, PUZZLE]


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


def run_cli(cli: Path, *args, check_status=(0, 1)) -> subprocess.CompletedProcess:
    """Runs the CLI; exit 0 (all passed) and 1 (some failed) are both normal runs."""
    done = subprocess.run([str(cli), *map(str, args)], capture_output=True, text=True)
    assert done.returncode in check_status, done.stderr
    return done


def cli_csv(cli: Path, command: str, path: Path, *args) -> list:
    """The CLI's CSV output for `path`, as dicts."""
    out = run_cli(cli, command, path, "--output-format", "csv", "-q", *args).stdout
    return list(csv.DictReader(io.StringIO(out)))


class Dataset:
    """A Parquet file the cluster tests read, and the CLI's answers on it.

    Its rows (``id``, ``puzzle``, ``solution``): the first 3,000 sample puzzles with the CLI's
    solutions, some of those answers spoilt (digits swapped, another puzzle's solution, cut
    short, empty, null), then a record of every bad kind (:data:`MIXED`) and a null puzzle.
    Written in row groups of 500, so that engines that split files by row group get several
    partitions.
    """

    #: The limit the count tests use.
    limit = 3

    def __init__(self, cli: Path, folder: Path, sample_puzzles: list):
        import pyarrow as pa
        import pyarrow.parquet as pq

        self.sample = 3000
        sample = folder / "sample.txt"
        sample.write_text("".join(p + "\n" for p in sample_puzzles[: self.sample]))
        solutions = [row["solution"] for row in cli_csv(cli, "solve", sample)]
        solutions[5] = solutions[5][1] + solutions[5][0] + solutions[5][2:]  # answer invalid
        solutions[6] = solutions[7]  # answer disagrees with givens
        solutions[8] = solutions[8][:80]  # answer invalid: too short
        solutions[9] = ""  # answer invalid: empty
        solutions[10] = None  # answer invalid: null
        puzzles = sample_puzzles[: self.sample] + MIXED + [None]
        solutions += [SOLUTION if p == PUZZLE else None for p in MIXED] + [SOLUTION]
        self.rows = len(puzzles)
        self.table = pa.table(
            {"id": pa.array(range(self.rows), pa.int64()), "puzzle": puzzles, "solution": solutions}
        )
        self.path = folder / "dataset.parquet"
        pq.write_table(self.table, self.path, row_group_size=500)
        self.cli = cli

    def null_rows(self, task: str) -> list:
        """The rows whose puzzle is a null (``missing`` in the package, ``malformed: null
        cell`` in the CLI's rows of text). A null answer is judged alike by both: never
        valid."""
        return [i for i, p in enumerate(self.table["puzzle"].to_pylist()) if p is None]

    def cli_rows(self, command: str, *args) -> list:
        """The CLI's CSV output on the Parquet file, a dict per row, in order."""
        rows = cli_csv(self.cli, command, self.path, "--puzzle-col", "puzzle", *args)
        assert [int(row["line"]) for row in rows] == list(range(1, self.rows + 1))
        return rows


@pytest.fixture(scope="session")
def dataset(tmp_path_factory, cli, sample_puzzles) -> Dataset:
    """The cluster tests' Parquet file and the CLI's answers on it."""
    return Dataset(cli, tmp_path_factory.mktemp("dataset"), sample_puzzles)


#: Our columns in the cluster adapters' output, for each task, as the CLI names them beside
#: the dataset's columns (``solution_out``: the dataset has a ``solution`` column).
CLUSTER_COLUMNS = {
    "solve": ["status", "solution_out", "guesses", "error"],
    "count": ["status", "count", "guesses", "error"],
    "validate": ["status", "error"],
    "rate": ["status", "rating", "technique", "steps", "count", "search_guesses", "search_backtracks", "error"],
}

#: The CLI's options for each task on the dataset.
CLUSTER_OPTIONS = {
    "solve": (),
    "count": ("--limit", str(Dataset.limit)),
    "validate": ("--solution-col", "solution"),
    "rate": (),
}

#: The count each task's CLI writes with a ``+`` (that many or more): ``rate`` counts to 2.
CLUSTER_LIMITS = {"count": Dataset.limit, "rate": 2}


def agrees_with_cli(task: str, column: str, value, text: str) -> bool:
    """Whether one of our values is the one the CLI's CSV writes as ``text``: a null as an
    empty field, a count at the limit with ``+``, ``rate``'s steps (a dict, or the pairs
    pandas gives) as a JSON object, compared as a dict (a Spark map keeps no order)."""
    if value is None:
        return text == ""
    if column == "count" and value == CLUSTER_LIMITS.get(task):
        return text == f"{value}+"
    if column == "steps":
        return text != "" and dict(value) == json.loads(text)
    return text == str(value)


def assert_equals_cli(dataset: Dataset, task: str, rows: list) -> None:
    """Checks a cluster adapter's output rows (dicts, in the dataset's order) against the
    CLI's on the same file: our columns equal, text for text (:func:`agrees_with_cli`: a
    null as the CLI's empty field, a count at the limit as the CLI's ``3+``). The rows with a
    null puzzle differ on purpose and are checked on their own: the package calls a null
    puzzle ``missing``."""
    theirs = dataset.cli_rows(task, *CLUSTER_OPTIONS[task])
    assert [row["id"] for row in rows] == list(range(dataset.rows))
    nulls = dataset.null_rows(task)
    for ours, cli_row in zip(rows, theirs):
        if ours["id"] in nulls:
            continue
        for column in CLUSTER_COLUMNS[task]:
            assert agrees_with_cli(task, column, ours[column], cli_row[column]), (ours["id"], column, ours[column], cli_row[column])
    for i in nulls:
        assert rows[i]["status"] == "missing"
