"""solve_file, count_file, validate_file against the CLI on the same files, and solve, count,
validate against the CLI's CSV output on the same puzzles."""

from __future__ import annotations

import bz2
import csv
import gzip
import io
import json
import lzma
import re
from pathlib import Path

import pytest

import sudoku_bulk as sb

from conftest import CONFLICT, EMPTY, MIXED, PUZZLE, ROOT, SOLUTION, cli_csv, run_cli


def comparable(summary: dict) -> dict:
    """A summary without what differs from run to run."""
    return {k: v for k, v in summary.items() if k not in ("seconds", "records_per_second")}


def test_solve_equals_the_cli_on_the_sample(cli, sample_puzzles):
    rows = cli_csv(cli, "solve", ROOT / "datasets" / "sample_10k.txt")
    table = sb.solve(sample_puzzles)
    assert len(rows) == len(sample_puzzles) == table.num_rows == 10_000
    assert table.column("status").to_pylist() == [r["status"] for r in rows]
    assert table.column("solution").to_pylist() == [r["solution"] or None for r in rows]
    assert table.column("guesses").to_pylist() == [int(r["guesses"]) for r in rows]
    assert table.column("error").to_pylist() == [None] * 10_000


def write_lines(path: Path, lines) -> Path:
    path.write_text("".join(line + "\n" for line in lines))
    return path


def test_solve_count_validate_equal_the_cli_on_bad_rows(cli, tmp_path):
    path = write_lines(tmp_path / "mixed.txt", MIXED)
    for command, table in [
        ("solve", sb.solve(MIXED)),
        ("count", sb.count(MIXED, limit=2)),
        ("validate", sb.validate(MIXED)),
    ]:
        rows = cli_csv(cli, command, path)
        assert table.column("status").to_pylist() == [r["status"] for r in rows], command
        assert table.column("error").to_pylist() == [r["error"] or None for r in rows], command
        if command == "count":
            counts = [int(r["count"].rstrip("+")) if r["count"] else None for r in rows]
            assert table.column("count").to_pylist() == counts
        if command != "validate":
            guesses = [int(r["guesses"]) if r["guesses"] else None for r in rows]
            assert table.column("guesses").to_pylist() == guesses, command


def test_validate_with_answers_equals_the_cli(cli, tmp_path):
    swapped = SOLUTION.replace("1", "x").replace("2", "1").replace("x", "2")
    pairs = [(PUZZLE, SOLUTION), (PUZZLE, swapped), (PUZZLE, SOLUTION[:80] + "2"), (EMPTY, SOLUTION), (CONFLICT, SOLUTION)]
    path = tmp_path / "pairs.csv"
    path.write_text("puzzle,solution\n" + "".join(f"{p},{s}\n" for p, s in pairs))
    rows = cli_csv(cli, "validate", path)
    table = sb.validate([p for p, _ in pairs], [s for _, s in pairs])
    assert table.column("status").to_pylist() == [r["status"] for r in rows]
    assert table.column("error").to_pylist() == [r["error"] or None for r in rows]


@pytest.mark.parametrize("command", ["solve", "count", "validate"])
@pytest.mark.parametrize("kind", ["line", "grids", "csv"])
def test_file_functions_write_what_the_cli_writes(cli, tmp_path, command, kind):
    if kind == "line":
        path = write_lines(tmp_path / "in.txt", ["# a comment"] + MIXED)
    elif kind == "grids":
        path = ROOT / "datasets" / "examples" / "grids.txt"
    else:
        path = tmp_path / "in.csv"
        path.write_text("quizzes,solutions\n" + "".join(f"{p},{SOLUTION}\n" for p in MIXED))
    ours, theirs = tmp_path / "ours.out", tmp_path / "theirs.out"
    our_report, their_report = tmp_path / "ours.csv", tmp_path / "theirs.csv"
    function = {"solve": sb.solve_file, "count": sb.count_file, "validate": sb.validate_file}[command]
    summary = function(path, ours, threads=2, report=our_report)
    run_cli(cli, command, path, "-o", theirs, "-j", 2, "-q", "--report", their_report, "--summary-json", tmp_path / "s.json")
    assert ours.read_bytes() == theirs.read_bytes()
    assert our_report.read_bytes() == their_report.read_bytes()
    cli_summary = json.loads((tmp_path / "s.json").read_text())
    assert comparable(summary) == comparable(cli_summary)
    assert summary["records"] > 0 and summary["seconds"] >= 0


def test_summary_of_count_and_jsonl_output(cli, tmp_path):
    path = write_lines(tmp_path / "in.txt", MIXED)
    ours, theirs = tmp_path / "ours.jsonl", tmp_path / "theirs.jsonl"
    summary = sb.count_file(path, ours, limit=3, output_format="jsonl", threads=1)
    run_cli(cli, "count", path, "--limit", 3, "--output-format", "jsonl", "-o", theirs, "-j", 1, "-q")
    assert ours.read_text() == theirs.read_text()
    assert summary["command"] == "count" and summary["limit"] == 3
    assert summary["solutions"] == {"0": 1, "1": 2, "3+": 1}  # only the counts that occur
    assert (summary["reasons"]["malformed"], summary["reasons"]["conflicting givens"]) == (3, 1)
    assert (summary["records"], summary["ok"], summary["failed"]) == (8, 4, 4)


def test_csv_columns_and_jsonl_report(cli, tmp_path):
    path = tmp_path / "in.csv"
    path.write_text("id,grid,answer\n" + "".join(f"{i},{p},{SOLUTION}\n" for i, p in enumerate(MIXED)))
    report = tmp_path / "bad.jsonl"
    summary = sb.validate_file(str(path), None, puzzle_col="grid", solution_col=3, report=report)
    theirs = tmp_path / "theirs.jsonl"
    run_cli(cli, "validate", path, "-o", "/dev/null", "-q", "--puzzle-col", "grid", "--solution-col", 3, "--report", theirs)
    assert report.read_text() == theirs.read_text()
    assert [json.loads(line)["status"] for line in report.read_text().splitlines()][:2] == ["malformed", "malformed"]
    assert (summary["ok"], summary["failed"]) == (2, 6)  # the first and last rows pass
    assert summary["columns"]["puzzle"]["name"] == "grid"


def test_output_none_and_replacing_a_file(tmp_path):
    path = write_lines(tmp_path / "in.txt", [PUZZLE] * 3)
    summary = sb.validate_file(path)
    assert (summary["records"], summary["ok"]) == (3, 3)
    out = tmp_path / "out.txt"
    out.write_text("old contents\n")
    sb.solve_file(path, out)
    assert out.read_text() == (SOLUTION + "\n") * 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.txt", "out.txt"]  # no temporaries
    summary = sb.solve_file(path, out, mmap=True)
    assert summary["ok"] == 3


def test_file_errors(tmp_path):
    with pytest.raises(FileNotFoundError, match=r"nowhere\.txt"):
        sb.solve_file(tmp_path / "nowhere.txt")
    path = write_lines(tmp_path / "in.txt", [PUZZLE])
    with pytest.raises(ValueError, match="format: expected one of auto, line, grid, csv"):
        sb.solve_file(path, format="xml")
    with pytest.raises(ValueError, match="output_format"):
        sb.solve_file(path, output_format="xml")
    with pytest.raises(TypeError):
        sb.solve_file(path, colour="red")
    with pytest.raises(FileNotFoundError):
        sb.solve_file(path, tmp_path / "no" / "such" / "dir.txt")
    csv_path = tmp_path / "in.csv"
    csv_path.write_text(f"a,b\n{PUZZLE},{SOLUTION}\n")
    with pytest.raises(ValueError):
        sb.validate_file(csv_path, puzzle_col="nope")


def test_a_field_that_is_not_utf8_is_refused_by_text_outputs(tmp_path):
    path = tmp_path / "in.csv"
    path.write_bytes(f"id,note,puzzle\n1,caf\xe9,{PUZZLE}\n".encode("latin-1"))
    out = tmp_path / "out.jsonl"
    message = r'in\.csv: line 2: column 2 "note" is not UTF-8 text \(byte 0xE9 at its byte 4\)'
    with pytest.raises(ValueError, match=message):
        sb.solve_file(path, out)
    assert not out.exists()
    summary = sb.solve_file(path, tmp_path / "out.csv")
    assert summary["ok"] == 1
    assert b"caf\xe9," in (tmp_path / "out.csv").read_bytes()


def test_hash_ids_and_quoted_line_ends_in_csv(tmp_path):
    """A `#17` row after the header is a record; a quoted field holding line ends is one
    record, named by its first line; comment lines are counted (issue 29, items 1 and 2)."""
    path = tmp_path / "pandas.csv"
    path.write_bytes(
        (f'# made by pandas\nid,note,puzzle\n#17,"two\nlines ""quoted""",{PUZZLE}\r\n'
         f'#18,plain,{PUZZLE}\n').encode()
    )
    out = tmp_path / "out.csv"
    summary = sb.validate_file(path, out)
    assert (summary["records"], summary["ok"], summary["comment_lines"]) == (2, 2, 1)
    assert "end_line" not in summary
    text = out.read_bytes().decode()  # line ends as written
    assert f'#17,"two\nlines ""quoted""",{PUZZLE},3,valid,' in text
    assert f"#18,plain,{PUZZLE},5,valid," in text


def test_an_end_line_with_text_after_it_is_in_the_summary(tmp_path):
    path = write_lines(tmp_path / "in.txt", [PUZZLE, "end", PUZZLE])
    summary = sb.validate_file(path)
    assert (summary["records"], summary["end_line"]) == (1, 2)


@pytest.mark.parametrize("ext", ["gz", "zst", "xz", "bz2"])
def test_compressed_output_names_write_what_the_cli_writes(cli, tmp_path, ext):
    path = write_lines(tmp_path / "in.txt", MIXED)
    ours, theirs = tmp_path / f"ours.csv.{ext}", tmp_path / "theirs.csv"
    our_report, their_report = tmp_path / f"ours.jsonl.{ext}", tmp_path / "theirs.jsonl"
    sb.solve_file(path, ours, report=our_report)
    run_cli(cli, "solve", path, "-o", theirs, "-q", "--report", their_report)
    magic = {"gz": b"\x1f\x8b", "zst": b"\x28\xb5\x2f\xfd", "xz": b"\xfd7zXZ", "bz2": b"BZh"}[ext]
    assert ours.read_bytes().startswith(magic) and our_report.read_bytes().startswith(magic)
    if ext != "zst":  # the standard library reads the other three
        module = {"gz": gzip, "xz": lzma, "bz2": bz2}[ext]
        assert module.decompress(ours.read_bytes()) == theirs.read_bytes()
        assert module.decompress(our_report.read_bytes()) == their_report.read_bytes()
    with pytest.raises(ValueError, match="Parquet compresses its own columns"):
        sb.solve_file(path, tmp_path / f"out.parquet.{ext}")
    assert not (tmp_path / f"out.parquet.{ext}").exists()


def test_tsv_output_is_what_the_cli_writes_and_reads_back(cli, tmp_path):
    path = write_lines(tmp_path / "in.txt", MIXED)
    ours, theirs, named = tmp_path / "ours.tsv", tmp_path / "theirs.tsv", tmp_path / "ours.out"
    sb.solve_file(path, ours, threads=1)
    sb.solve_file(path, named, output_format="tsv", threads=1)
    run_cli(cli, "solve", path, "-o", theirs, "-q", "-j", 1)
    assert ours.read_bytes() == theirs.read_bytes() == named.read_bytes()
    rows = list(csv.reader(io.StringIO(ours.read_text()), delimiter="\t"))
    assert len(rows) == 1 + len(MIXED) and {len(row) for row in rows} == {len(rows[0])}
    assert "status" in rows[0] and "," not in ours.read_text().splitlines()[0]
    # Our own TSV reads back, one record a row: the two copies of PUZZLE are valid (EMPTY is
    # solved too, but has other solutions).
    summary = sb.validate_file(ours, puzzle_col="puzzle", solution_col="solution", threads=1)
    assert (summary["records"], summary["ok"]) == (len(MIXED), 2)


def test_jsonl_input_reads_back_jsonl_output(cli, tmp_path):
    path = write_lines(tmp_path / "in.txt", [PUZZLE] * 3)
    solved = tmp_path / "s.jsonl"
    sb.solve_file(path, solved, threads=1)
    summary = sb.validate_file(solved, threads=1)
    assert (summary["records"], summary["ok"]) == (3, 3)
    assert summary["columns"]["puzzle"]["name"] == "puzzle"
    assert summary["columns"]["solution"]["name"] == "solution"
    ours, theirs = tmp_path / "v.jsonl", tmp_path / "t.jsonl"
    sb.validate_file(solved, ours, puzzle_col="puzzle", threads=1)
    run_cli(cli, "validate", solved, "-o", theirs, "-q", "--puzzle-col", "puzzle", "-j", 1)
    assert ours.read_text() == theirs.read_text()
    assert [json.loads(line)["status_out"] for line in ours.read_text().splitlines()] == ["valid"] * 3
    # Named for something else: by its content, or by format="jsonl".
    bad = tmp_path / "bad.txt"
    bad.write_text('{"puzzle": null}\n[1]\n{"id": 3}\n')
    summary = sb.validate_file(bad, format="jsonl")
    assert (summary["records"], summary["reasons"]["malformed"]) == (3, 3)


def test_errors_read_as_the_cli_prints_them(cli, tmp_path):
    """One message for both doors: the exception's text is the CLI's error line, causes and
    all (the library's `run::Error::message`)."""
    damaged = tmp_path / "cut.txt.gz"
    whole = gzip.compress((ROOT / "datasets" / "sample_10k.txt").read_bytes())
    damaged.write_bytes(whole[: len(whole) // 2])
    columns = tmp_path / "in.csv"
    columns.write_text(f"a,b\n{PUZZLE},{SOLUTION}\n")
    cases = [
        # A chained cause: reading the input, then why (the decoder's words).
        (OSError, ["solve", damaged], lambda: sb.solve_file(damaged)),
        (FileNotFoundError, ["solve", tmp_path / "nowhere.txt"], lambda: sb.solve_file(tmp_path / "nowhere.txt")),
        (ValueError, ["validate", columns, "--puzzle-col", "nope"], lambda: sb.validate_file(columns, puzzle_col="nope")),
    ]
    messages = []
    for kind, args, call in cases:
        done = run_cli(cli, *args, "-o", "/dev/null", "-q", check_status=(2,))
        with pytest.raises(kind) as raised:
            call()
        assert done.stderr == f"sudoku-bulk: error: {raised.value}\n", args
        messages.append(str(raised.value))
    # The damage is named by the first line not read whole.
    assert re.match(rf"reading {re.escape(str(damaged))}: line \d+: damaged gzip data: ", messages[0]), messages[0]
