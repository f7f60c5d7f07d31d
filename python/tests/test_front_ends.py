"""The same cases through both front ends, the CLI and the Python package, with the same
outcome: the rules about outputs, formats, answers, column names and threads live once, in
the library, and each case here once lost or mislabelled a user's data through one door."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import sudoku_bulk as sb

from conftest import MIXED, PUZZLE, SOLUTION, run_cli


def puzzles_file(folder: Path, name: str = "in.txt", lines=None) -> Path:
    path = folder / name
    path.write_text("".join(line + "\n" for line in (lines or MIXED)))
    return path


def refused_by_both(cli, tmp_path, cli_args, call, needle):
    """The CLI exits 2 and Python raises ValueError, both saying `needle`."""
    done = run_cli(cli, *cli_args, check_status=(2,))
    assert needle in done.stderr, done.stderr
    with pytest.raises(ValueError, match=needle):
        call()


@pytest.mark.parametrize("link", ["same", "hard", "symbolic"])
@pytest.mark.parametrize("option", ["output", "report"])
def test_an_output_onto_the_input_is_refused_by_both(cli, tmp_path, link, option):
    path = puzzles_file(tmp_path)
    path.chmod(0o640)
    before = path.read_bytes()
    target = {"same": path, "hard": tmp_path / "hard.txt", "symbolic": tmp_path / "soft.txt"}[link]
    if link == "hard":
        os.link(path, target)
    elif link == "symbolic":
        target.symlink_to(path)
    flag = {"output": "-o", "report": "--report"}[option]
    refused_by_both(
        cli,
        tmp_path,
        ["validate", path, flag, target],
        lambda: sb.validate_file(path, **{option: target}),
        "is the input file",
    )
    assert path.read_bytes() == before
    assert path.stat().st_mode & 0o777 == 0o640


def test_two_outputs_onto_one_path_are_refused_by_both(cli, tmp_path):
    path = puzzles_file(tmp_path)
    out = tmp_path / "out.csv"
    refused_by_both(
        cli,
        tmp_path,
        ["validate", path, "-o", out, "--report", out],
        lambda: sb.validate_file(path, out, report=out),
        "are one file",
    )
    out.write_text("x\n")
    os.link(out, tmp_path / "other.csv")
    refused_by_both(
        cli,
        tmp_path,
        ["validate", path, "-o", out, "--report", tmp_path / "other.csv"],
        lambda: sb.validate_file(path, out, report=tmp_path / "other.csv"),
        "are one file",
    )
    assert out.read_text() == "x\n"


def test_outputs_are_made_with_the_users_umask(cli, tmp_path):
    path = puzzles_file(tmp_path)
    old = os.umask(0o027)
    try:
        sb.solve_file(path, tmp_path / "ours.txt")
        run_cli(cli, "solve", path, "-q", "-o", tmp_path / "theirs.txt")
    finally:
        os.umask(old)
    assert (tmp_path / "ours.txt").stat().st_mode & 0o777 == 0o640
    assert (tmp_path / "theirs.txt").stat().st_mode & 0o777 == 0o640


def test_the_output_format_follows_the_extension_in_both(cli, tmp_path):
    path = puzzles_file(tmp_path)
    sb.solve_file(path, tmp_path / "ours.parquet")
    run_cli(cli, "solve", path, "-q", "-o", tmp_path / "theirs.parquet")
    ours, theirs = pq.read_table(tmp_path / "ours.parquet"), pq.read_table(tmp_path / "theirs.parquet")
    assert ours.equals(theirs)
    assert ours.num_rows == len(MIXED) and "status" in ours.column_names
    refused_by_both(
        cli,
        tmp_path,
        ["solve", path, "-o", tmp_path / "x.feather"],
        lambda: sb.solve_file(path, tmp_path / "x.feather"),
        ".feather output is not written yet",
    )


def test_a_parquet_input_is_read_the_same_way_whoever_asks(cli, tmp_path):
    table = pa.table({"puzzle": [PUZZLE, PUZZLE], "solution": [SOLUTION, None]})
    path = tmp_path / "pairs.parquet"
    pq.write_table(table, path)
    summary = sb.validate_file(path)  # no mmap=True needed
    theirs = tmp_path / "s.json"
    run_cli(cli, "validate", path, "-q", "-o", "/dev/null", "--summary-json", theirs)
    cli_summary = json.loads(theirs.read_text())
    for key in ("records", "ok", "failed", "reasons", "columns"):
        assert summary[key] == cli_summary[key], key
    # The null answer fails in both.
    assert (summary["ok"], summary["reasons"]["answer invalid"]) == (1, 1)


def test_a_missing_answer_never_passes(cli, tmp_path):
    table = sb.validate([PUZZLE, PUZZLE, PUZZLE], [SOLUTION, None, ""])
    assert table.column("status").to_pylist() == ["valid", "answer invalid", "answer invalid"]
    missing = "no answer (the answer field is empty or null)"
    assert table.column("error").to_pylist()[1:] == [missing, missing]
    path = tmp_path / "pairs.parquet"
    pq.write_table(pa.table({"puzzle": [PUZZLE] * 3, "solution": [SOLUTION, None, ""]}), path)
    rows = list(csv.DictReader(io.StringIO(run_cli(cli, "validate", path, "-q", "--output-format", "csv").stdout)))
    assert [row["status"] for row in rows] == ["valid", "answer invalid", "answer invalid"], rows
    assert [row["error"] for row in rows] == ["", missing, missing]


def test_our_column_names_never_clash(cli, tmp_path):
    assert sb._native.output_names(["status", "error"], ["status", "status_out", "Error"]) == [
        "status_out2",
        "error_out",
    ]
    path = tmp_path / "in.csv"
    path.write_text(f"puzzle,status,status_out,Error\n{PUZZLE},a,b,c\n")
    header = run_cli(cli, "validate", path, "-q").stdout.splitlines()[0].split(",")
    assert header == ["puzzle", "status", "status_out", "Error", "line", "status_out2", "error_out"]
    assert len({name.lower() for name in header}) == len(header)


def test_thread_counts_have_one_limit(cli, tmp_path):
    path = puzzles_file(tmp_path)
    refused_by_both(
        cli,
        tmp_path,
        ["solve", path, "-j", 100_000],
        lambda: sb.solve_file(path, threads=100_000),
        "more than the limit",
    )
    with pytest.raises(ValueError, match="more than the limit"):
        sb.solve([PUZZLE], threads=10**6)


def test_every_input_is_checked_before_any_work(cli, tmp_path):
    path = puzzles_file(tmp_path)
    out = tmp_path / "out.txt"
    done = run_cli(cli, "solve", path, tmp_path / "missing.txt", "-o", out, check_status=(2,))
    assert "missing.txt" in done.stderr and not out.exists()
    assert "solved" not in done.stderr  # no summary: nothing was run


CHILD = """
import signal, sys, time
import pyarrow as pa
import sudoku_bulk as sb
# A process started in the background (as CI starts its jobs) inherits SIGINT ignored, and
# Python then installs no handler of its own: install it, as an interactive session has it.
signal.signal(signal.SIGINT, signal.default_int_handler)
what, path, outdir = sys.argv[1:4]
puzzles = pa.array(open(path).read().split()) if what == "list" else None
print("started", flush=True)
i = 0
try:
    # Over and over, so that the signal lands in a call whatever the machine's speed.
    while True:
        if what == "file":
            sb.solve_file(path, f"{outdir}/out{i}.txt", threads=1)
        elif what == "generate":  # 16x16 puzzles take a tenth of a second or so each
            sb.generate(10**6, seed=i, size=16, threads=1)
        else:
            sb.solve(puzzles, threads=1)
        i += 1
except KeyboardInterrupt:
    print("interrupted", time.monotonic(), i, flush=True)
    sys.exit(3)
"""


@pytest.mark.parametrize("what", ["file", "list", "generate"])
def test_ctrl_c_stops_a_long_call_within_a_second(tmp_path, sample_puzzles, what):
    # 400,000 puzzles: a call takes a fraction of a second to a few seconds on one thread.
    path = tmp_path / "big.txt"
    path.write_text("".join(p + "\n" for p in sample_puzzles) * 40)
    outdir = tmp_path / "out"
    outdir.mkdir()
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, what, str(path), str(outdir)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdout.readline().strip() == "started"
    time.sleep(0.5)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    try:
        stdout, stderr = child.communicate(timeout=30)
    finally:
        child.kill()
    assert child.returncode == 3, (stdout, stderr)
    _, when, calls = stdout.split()
    assert float(when) - sent < 1.0, f"{float(when) - sent:.2f} s after SIGINT"
    # The call that was stopped left nothing: no staged file, and no output but whole ones.
    # The calls counted wrote theirs; so may the one after them, where the signal landed as
    # it was returning (after its rename, before the child's count: Python raises the
    # interrupt at its next instruction), and then that output must be whole.
    left = sorted((p.name for p in outdir.iterdir()), key=lambda name: (len(name), name))
    if what != "file":
        assert left == []
        return
    counted = [f"out{i}.txt" for i in range(int(calls))]
    assert left in (counted, counted + [f"out{calls}.txt"]), (left, calls)
    if left:
        with open(outdir / left[-1]) as last:
            assert sum(1 for _ in last) == len(sample_puzzles) * 40
