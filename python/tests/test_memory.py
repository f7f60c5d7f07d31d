"""Memory and progress of the long in-memory calls (issue 52, items 13 and 17): each call in a
process of its own, its peak resident size read from /proc (VmHWM, the process's own: not
getrusage's ru_maxrss, which a process started from this one inherits across exec, so that
it says this process's peak), and its stderr as a pipe or as a terminal."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
import textwrap

import pyarrow as pa
import pytest

import sudoku_bulk as sb

from conftest import ROOT

#: Runs a call in a fresh process and prints, as JSON, its peak growth in MiB (the peak
#: resident size after it, less the resident size before it) and the figures it returns.
MEASURE = """
import json, sys
from pathlib import Path
import pyarrow as pa
import sudoku_bulk as sb

lines = [l for l in Path(sys.argv[1]).read_text().splitlines() if l and not l.startswith("#")]
rows = int(sys.argv[2])
puzzles = pa.array((lines * (rows // len(lines) + 1))[:rows])

def resident(field="VmRSS"):
    with open("/proc/self/status") as status:
        return next(int(l.split()[1]) for l in status if l.startswith(field)) / 1024

try:  # the peak starts again from here (Linux 4.0 and later)
    with open("/proc/self/clear_refs", "w") as refs:
        refs.write("5")
except OSError:
    pass
before = resident()
figures = call(puzzles)
print(json.dumps({"growth": resident("VmHWM") - before, **figures}))
"""


def measure(call: str, rows: int) -> dict:
    """``call``: the source of ``def call(puzzles) -> dict`` (what else to report)."""
    code = textwrap.dedent(call) + MEASURE
    # glibc's defaults, as a user has them: dask.distributed, once another test started a
    # cluster, leaves MALLOC_TRIM_THRESHOLD_ in this process's environment.
    env = {k: v for k, v in os.environ.items() if not k.startswith("MALLOC_")}
    done = subprocess.run(
        [sys.executable, "-c", code, str(ROOT / "datasets" / "sample_10k.txt"), str(rows)],
        capture_output=True, text=True, check=True, env=env,
    )
    return json.loads(done.stdout)


def test_explain_in_memory_stays_within_a_small_multiple_of_its_table():
    """10,000 rows: the table is some 90 MB; the call grew the process by 347 MB (4x), and
    kept 314 MB of it, when each slice of 2,048 rows held its steps' JSON three times over."""
    figures = measure(
        """
        def call(puzzles):
            return {"table": sb.explain(puzzles, threads=2).nbytes / 2**20}
        """,
        10_000,
    )
    assert figures["growth"] < 2 * figures["table"] + 40, figures


def test_stats_in_memory_takes_about_what_a_file_takes():
    """1,000,000 puzzles in memory grew the process by 430 MB (each made a Python str, then a
    Rust String), where the same rows from a CSV file take 25 MB; now the Arrow column is read
    in place, and what is left is the library's in-memory input (the puzzles as CSV text,
    83 MB), a pointer a row to build it, and the run's own 25 MB: some 190 MB."""
    figures = measure(
        """
        def call(puzzles):
            sb.stats(puzzles, rating=False)
            return {"text": puzzles.nbytes / 2**20}
        """,
        1_000_000,
    )
    assert figures["growth"] < 2.5 * figures["text"], figures


def test_stream_explains_any_number_of_rows_in_bounded_memory():
    """sudoku_bulk.stream over a table of 20,000 rows, written batch by batch and not kept:
    the growth is that of a batch or two, not of the 180 MB the whole table of steps is."""
    figures = measure(
        """
        def call(puzzles):
            source = pa.table({"id": pa.array(range(len(puzzles))), "puzzle": puzzles})
            rows, largest, steps, marks = 0, 0, 0, []
            for batch in sb.stream(source, task="explain", threads=2, batch_rows=1000):
                rows += batch.num_rows
                largest = max(largest, batch.nbytes)
                steps += batch.column("steps").nbytes
                if rows % 5000 == 0:
                    marks.append(resident() - before)
            return {"rows": rows, "batch": largest / 2**20, "all": steps / 2**20, "marks": marks}
        """,
        20_000,
    )
    assert figures["rows"] == 20_000
    assert figures["growth"] < figures["all"] / 2, (figures["growth"], figures["marks"])


def test_stream_gives_the_in_memory_calls_columns_beside_the_inputs():
    puzzles = pa.array(sb.generate(30, seed=4).column("puzzle").to_pylist() + [None, "12"])
    solved = sb.solve(puzzles)
    source = pa.table({"puzzle": puzzles, "status": pa.array(["x"] * len(puzzles))})
    reader = sb.stream(source, batch_rows=7)
    assert isinstance(reader, pa.RecordBatchReader)
    out = reader.read_all()
    assert out.column_names == ["puzzle", "status", "status_out", "solution", "guesses", "error"]
    assert out.column("puzzle").equals(source.column("puzzle"))
    for name in ["solution", "guesses", "error"]:
        assert out.column(name).to_pylist() == solved.column(name).to_pylist()
    assert out.column("status_out").to_pylist() == solved.column("status").to_pylist()
    rated = sb.stream(iter(source.to_batches(max_chunksize=5)), task="rate").read_all()
    assert rated.column("rating").to_pylist() == sb.rate(puzzles).column("rating").to_pylist()
    checked = sb.stream(source, task="validate", solution_column="puzzle").read_all()
    assert set(checked.column("status_out").to_pylist()) <= {"answer invalid", "missing", "malformed", "answer disagrees with givens", "answer is not the solution"}
    with pytest.raises(ValueError, match="no column 'grid'"):
        sb.stream(source, puzzle_column="grid")
    with pytest.raises(ValueError, match="task: expected one of"):
        sb.stream(source, task="dedup")
    with pytest.raises(TypeError, match="source: expected record batches"):
        sb.stream("puzzles.parquet")


PROGRAM = """
import sys
import pyarrow as pa
import sudoku_bulk as sb
puzzles = pa.array([sys.argv[1]] * 20000)
progress = {"None": None, "True": True, "False": False}[sys.argv[2]]
sb.solve(puzzles, threads=2, progress=progress)
"""


def run_progress(puzzle: str, progress: str, terminal: bool) -> str:
    """The stderr of a solve on 20,000 rows with ``progress``, to a pipe or a terminal."""
    if not terminal:
        done = subprocess.run([sys.executable, "-c", PROGRAM, puzzle, progress], capture_output=True, text=True, check=True)
        return done.stderr
    main, other = pty.openpty()
    child = subprocess.Popen([sys.executable, "-c", PROGRAM, puzzle, progress], stderr=other, stdout=subprocess.DEVNULL)
    os.close(other)
    chunks = []
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:  # the terminal closed with the child
            break
        if not chunk:
            break
        chunks.append(chunk)
    assert child.wait() == 0
    os.close(main)
    return b"".join(chunks).decode(errors="replace")


def test_progress_draws_the_clis_bar_where_asked():
    """Issue 52, item 17: ``progress=True`` reports on stderr even to a pipe (a plain line,
    as the CLI's ``--progress always``); ``None`` draws only on a terminal; ``False`` never."""
    from conftest import PUZZLE

    piped = run_progress(PUZZLE, "True", terminal=False)
    assert "sudoku-bulk: progress: 100%, 20000 puzzles" in piped, piped
    assert run_progress(PUZZLE, "None", terminal=False) == ""
    assert run_progress(PUZZLE, "False", terminal=False) == ""
    assert " puzzles, " in run_progress(PUZZLE, "None", terminal=True)  # the bar, redrawn
    assert "puzzles" not in run_progress(PUZZLE, "False", terminal=True)
    with pytest.raises(TypeError, match="progress: expected True, False or None"):
        sb.solve([PUZZLE], progress="yes")
