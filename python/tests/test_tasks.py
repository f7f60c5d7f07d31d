"""solve, count, validate: their columns and words, every solver, every thread count, and the
guards (GIL released, panics turned into RuntimeError)."""

from __future__ import annotations

import threading
import time

import pyarrow as pa
import pytest

import sudoku_bulk as sb

from conftest import CONFLICT, EMPTY, NO_SOLUTION, PUZZLE, SOLUTION


def test_count_columns_and_limit():
    table = sb.count([PUZZLE, EMPTY, "12", CONFLICT, NO_SOLUTION], limit=3)
    assert table.column_names == ["status", "count", "guesses", "error"]
    assert table.schema.field("count").type == pa.int64()
    assert table.column("status").to_pylist() == [
        "counted",
        "counted",
        "malformed",
        "conflicting givens",
        "counted",
    ]
    assert table.column("count").to_pylist() == [1, 3, None, None, 0]
    assert table.column("error").to_pylist() == [
        None,
        None,
        "2 cells, expected 81",
        "digit 2 twice in row 1",
        None,
    ]
    assert sb.count([EMPTY]).column("count").to_pylist() == [2]
    assert sb.count([EMPTY], limit=1).column("count").to_pylist() == [1]


def test_validate_words():
    other = SOLUTION.replace("1", "x").replace("2", "1").replace("x", "2")  # 1s and 2s swapped
    puzzles = [PUZZLE, PUZZLE, PUZZLE, PUZZLE, EMPTY, CONFLICT, "", PUZZLE]
    answers = [SOLUTION, other, SOLUTION[:80] + "2", "9" * 81, None, None, None, None]
    table = sb.validate(puzzles, answers)
    assert table.column_names == ["status", "error"]
    assert table.column("status").to_pylist() == [
        "valid",
        "answer disagrees with givens",
        "answer invalid",
        "answer invalid",
        "multiple solutions",
        "conflicting givens",
        "malformed",
        "answer invalid",  # a null answer is never valid, as in a file
    ]
    errors = table.column("error").to_pylist()
    assert errors[0] is None
    assert errors[-1] == "no answer (the answer field is empty or null)"
    assert errors[1] == "cell 2 (row 1, column 2): given 2, answer 1"
    assert errors[4] == "multiple solutions"
    # Without answers, only the puzzles are checked.
    assert sb.validate([PUZZLE, EMPTY]).column("status").to_pylist() == ["valid", "multiple solutions"]


@pytest.mark.parametrize("solver", ["band", "fast", "bitmask", "dlx", "naive"])
def test_every_solver_gives_the_same_answers(solver, sample_puzzles):
    puzzles = sample_puzzles[:300]
    reference = sb.solve(puzzles, solver="band")
    table = sb.solve(puzzles, solver=solver)
    assert table.column("solution").equals(reference.column("solution"))
    assert sb.count(puzzles, solver=solver).column("count").to_pylist() == [1] * 300


def test_threads_do_not_change_results(sample_puzzles, monkeypatch):
    one = sb.solve(sample_puzzles, threads=1)
    assert sb.solve(sample_puzzles, threads=2).equals(one)
    assert sb.solve(sample_puzzles, threads=5).equals(one)
    monkeypatch.setenv("OMP_NUM_THREADS", "3")
    assert sb.default_threads() == 3
    assert sb.solve(sample_puzzles).equals(one)
    monkeypatch.setenv("OMP_NUM_THREADS", "4,2")
    assert sb.default_threads() == 4
    monkeypatch.delenv("OMP_NUM_THREADS")
    every_core = sb.default_threads()
    assert every_core >= 1
    for ignored in ("zero", "0", ""):
        monkeypatch.setenv("OMP_NUM_THREADS", ignored)
        assert sb.default_threads() == every_core


def test_two_python_threads_run_at_once_and_agree(sample_puzzles):
    puzzles = pa.array(sample_puzzles * 10)
    expected = sb.solve(puzzles, threads=1)
    results = [None, None]

    def work(i):
        results[i] = sb.solve(puzzles, threads=1)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert results[0] is not None and results[1] is not None
    assert results[0].equals(expected) and results[1].equals(expected)


def test_the_gil_is_released_while_solving(sample_puzzles):
    """While one thread solves, this one keeps running: its longest pause is a small part of
    the solve (with the GIL held throughout, it would be the whole solve)."""
    puzzles = pa.array(sample_puzzles * 20)
    worker = threading.Thread(target=lambda: sb.solve(puzzles, threads=1))
    started = time.perf_counter()
    worker.start()
    longest, last = 0.0, time.perf_counter()
    while worker.is_alive():
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    elapsed = time.perf_counter() - started
    assert elapsed > 0.05, "too quick to tell"
    assert longest < elapsed / 2, (longest, elapsed)


def test_a_panic_is_a_runtime_error_and_the_module_goes_on():
    with pytest.raises(RuntimeError, match="internal error"):
        sb._native._panic_in_pool()
    assert sb.solve([PUZZLE], threads=2).column("status").to_pylist() == ["solved"]


def test_constants():
    assert sb.STATUS[0] == "solved"
    assert [sb.STATUS[i] for i in (1, 2, 3)] == ["malformed", "conflicting givens", "no solution"]
    assert sb.SOLVERS == ("band", "bitmask", "dlx", "naive")
    assert sb.MISSING == "missing"
    assert isinstance(sb.__version__, str)
