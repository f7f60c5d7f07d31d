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
    "rate": ["status", "rating", "ep", "ed", "rating_at_least", "technique", "steps", "count", "error"],
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


def assert_equals_cli(dataset, task: str, rows: list, options: tuple = (), columns=None) -> None:
    """Checks a cluster adapter's output rows (dicts, in the dataset's order) against the
    CLI's on the same file (a :class:`Dataset` or :class:`SizedDataset`, with the CLI's
    ``options`` after the task's own): our columns (``columns``, default the task's) equal,
    text for text (:func:`agrees_with_cli`: a null as the CLI's empty field, a count at the
    limit as the CLI's ``3+``). The rows with a null puzzle differ on purpose and are checked
    on their own: the package calls a null puzzle ``missing``."""
    theirs = dataset.cli_rows(task, *CLUSTER_OPTIONS[task], *options)
    assert [row["id"] for row in rows] == list(range(dataset.rows))
    nulls = dataset.null_rows(task)
    for ours, cli_row in zip(rows, theirs):
        if ours["id"] in nulls:
            continue
        for column in columns or CLUSTER_COLUMNS[task]:
            assert agrees_with_cli(task, column, ours[column], cli_row[column]), (ours["id"], column, ours[column], cli_row[column])
    for i in nulls:
        assert rows[i]["status"] == "missing"


def pencilmarks(puzzle: str) -> str:
    """A 9x9 puzzle as a pencilmark puzzle (729 characters, nine a cell): a given allows its
    digit alone, a blank all nine."""
    cells = []
    for c in puzzle:
        cells.append("123456789" if c in "._0" else "." * (int(c) - 1) + c + "." * (9 - int(c)))
    return "".join(cells)


def generated_lines(cli: Path, count: int, seed: int, *args) -> tuple:
    """``count`` puzzles from the CLI's generator (``args``: ``--size N``, ``--box RxC``) and
    their solutions."""
    rows = cli_csv_text(run_cli(cli, "generate", "-n", count, "--seed", seed, "--solutions", "-q", *args, check_status=(0,)).stdout)
    return [r["puzzle"] for r in rows], [r["solution"] for r in rows]


def cli_csv_text(text: str) -> list:
    return list(csv.DictReader(io.StringIO(text)))


class SizedDataset:
    """A Parquet file of puzzles of other sizes than 9x9, for the cluster adapters' ``size=``,
    ``box=`` and ``with_size=``, and the CLI's answers on it (with ``--with-size``). Rows
    ``id``, ``puzzle``, ``solution``, in row groups of 4 rows, so that engines that split files
    by row group get several partitions; the last puzzle is a null."""

    def __init__(self, cli: Path, path: Path, puzzles: list, solutions: list):
        import pyarrow as pa
        import pyarrow.parquet as pq

        self.rows = len(puzzles)
        ids = pa.array(range(self.rows), pa.int64())
        self.table = pa.table({"id": ids, "puzzle": puzzles, "solution": solutions})
        pq.write_table(self.table, path, row_group_size=4)
        self.path = path
        self.cli = cli

    def null_rows(self, task: str) -> list:
        return [i for i, p in enumerate(self.table["puzzle"].to_pylist()) if p is None]

    def cli_rows(self, command: str, *args) -> list:
        """The CLI's CSV output on the file with ``--with-size``, a dict per row, in order."""
        rows = cli_csv(self.cli, command, self.path, "--puzzle-col", "puzzle", "--with-size", *args)
        assert [int(row["line"]) for row in rows] == list(range(1, self.rows + 1))
        return rows


@pytest.fixture(scope="session")
def sized_datasets(tmp_path_factory, cli) -> dict:
    """The cluster tests' files of other sizes: ``mixed``, generated 4x4, 6x6, 8x8, 9x9,
    12x12 and 16x16 puzzles with their solutions (one spoilt), a 9x9 pencilmark puzzle, a line
    of no size and a null; ``tall``, 6x6 puzzles with boxes 3 rows tall (which only
    ``box="3x2"`` reads as they are), and a null."""
    folder = tmp_path_factory.mktemp("sized")
    puzzles, solutions = [], []
    for size, count in [(4, 3), (6, 3), (8, 2), (9, 3), (12, 2), (16, 1)]:
        p, s = generated_lines(cli, count, size, "--size", size)
        puzzles += p
        solutions += s
    solutions[1] = solutions[0]  # another 4x4 puzzle's solution: answer disagrees
    puzzles += [pencilmarks(PUZZLE), "1234", None]
    solutions += [SOLUTION, None, None]
    tall, tall_solutions = generated_lines(cli, 6, 11, "--size", 6, "--box", "3x2")
    return {
        "mixed": SizedDataset(cli, folder / "mixed.parquet", puzzles, solutions),
        "tall": SizedDataset(cli, folder / "tall.parquet", tall + [None], tall_solutions + [None]),
    }


#: The cluster adapters' columns with ``with_size=True``: ``size`` first of ours.
SIZED_COLUMNS = {task: ["size", *columns] for task, columns in CLUSTER_COLUMNS.items()}
