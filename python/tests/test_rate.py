"""rate and explain: their columns and types (the library's one list of them), their values on
puzzles of every kind, and equality with the CLI: the tables with its JSON Lines records on
the same puzzles, rate_file and explain_file with its outputs on the same files."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import sudoku_bulk as sb

from conftest import CONFLICT, EMPTY, MIXED, NO_SOLUTION, ROOT, run_cli

#: A puzzle that hidden singles (and full houses) solve: rated 1.2/1.2/1.2 by serate.
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."

#: Puzzles of every kind: rated ones, one no rule can move (the empty grid), bad ones and a
#: null.
ROWS = [EASY, "12", NO_SOLUTION, EMPTY, None, CONFLICT]

RATE_COLUMNS = ["status", "rating", "ep", "ed", "rating_at_least", "technique", "steps", "count", "error"]
EXPLAIN_COLUMNS = ["status", "rating", "ep", "ed", "rating_at_least", "technique", "count", "steps", "error"]


def test_rate_columns_types_and_values():
    table = sb.rate(ROWS, threads=2)
    assert table.column_names == RATE_COLUMNS
    schema = table.schema
    for name in ("rating", "ep", "ed", "rating_at_least"):
        assert schema.field(name).type == pa.float64()
    assert schema.field("technique").type == pa.string()
    assert pa.types.is_map(schema.field("steps").type)
    assert (schema.field("steps").type.key_type, schema.field("steps").type.item_type) == (pa.string(), pa.int64())
    assert schema.field("count").type == pa.int64()
    rows = table.to_pylist()
    assert [r["status"] for r in rows] == ["rated", "malformed", "no solution", "rated", "missing", "conflicting givens"]
    easy = rows[0]
    assert (easy["rating"], easy["ep"], easy["ed"], easy["rating_at_least"]) == (1.2, 1.2, 1.2, None)
    assert (easy["technique"], easy["count"], easy["error"]) == ("Hidden Single", 1, None)
    assert dict(easy["steps"]) == {"Hidden Single": 49}
    assert rows[1]["rating"] is None and rows[1]["steps"] is None and rows[1]["error"] == "2 cells, expected 81"
    assert (rows[2]["rating"], rows[2]["count"], rows[2]["error"]) == (None, 0, "no solution")
    # The empty grid has many solutions and no step any sound rule could take.
    empty = rows[3]
    assert (empty["rating"], empty["ep"], empty["ed"], empty["technique"], empty["count"]) == (None, None, None, "stuck", 2)
    assert dict(empty["steps"]) == {}
    assert (rows[4]["error"], rows[4]["count"]) == ("null input", None)
    assert rows[5]["error"] == "digit 2 twice in row 1"


def test_explain_columns_and_steps():
    table = sb.explain(ROWS)
    assert table.column_names == EXPLAIN_COLUMNS
    steps_type = table.schema.field("steps").type
    assert pa.types.is_list(steps_type) and pa.types.is_struct(steps_type.value_type)
    rows = table.to_pylist()
    assert [r["status"] for r in rows] == ["explained", "malformed", "no solution", "explained", "missing", "conflicting givens"]
    rated = sb.rate(ROWS)
    for name in ("rating", "ep", "ed", "rating_at_least", "technique", "count", "error"):
        assert table.column(name).equals(rated.column(name)), name
    easy = rows[0]["steps"]
    assert len(easy) == 49
    assert {s["technique"] for s in easy} == {"Hidden Single"}
    assert {s["rating"] for s in easy} <= {1.0, 1.2, 1.5}
    first = easy[0]
    assert len(first["placements"]) == 1 and first["eliminations"] == [] and first["chains"] == []
    placed = first["placements"][0]
    assert first["text"].startswith(f"{placed['cell']}={placed['digit']} Hidden Single in ")
    assert rows[3]["steps"] == []
    assert [rows[i]["steps"] for i in (1, 2, 4, 5)] == [None] * 4


def test_rate_and_explain_take_every_input_kind_and_check_threads():
    import numpy as np

    expected = sb.rate([EASY, EMPTY])
    assert sb.rate(np.array([EASY, EMPTY])).equals(expected)
    assert sb.rate(pa.chunked_array([[EASY], [EMPTY]], pa.large_string())).equals(expected)
    assert sb.explain([]).num_rows == 0 and sb.rate([]).column_names == RATE_COLUMNS
    with pytest.raises(ValueError, match="threads: expected an int, 1 or more"):
        sb.rate([EASY], threads=0)
    with pytest.raises(TypeError):
        sb.explain(EASY)


def test_threads_do_not_change_ratings(sample_puzzles):
    puzzles = sample_puzzles[:3000]
    one = sb.rate(puzzles, threads=1)
    assert sb.rate(puzzles, threads=2).equals(one)
    assert one.column("status").to_pylist() == ["rated"] * 3000


def write_lines(path: Path, lines) -> Path:
    path.write_text("".join(line + "\n" for line in lines))
    return path


def cli_records(cli: Path, command: str, path: Path) -> list:
    """The CLI's JSON Lines records for `path`."""
    out = run_cli(cli, command, path, "--output-format", "jsonl", "-q", "--max-messages", 0).stdout
    return [json.loads(line) for line in out.splitlines()]


def puzzles_for_the_cli(sample_puzzles) -> list:
    """Every kind of record, and sample puzzles of every rating the sample has."""
    return [EASY] + MIXED + sample_puzzles[:1500]


def test_rate_table_equals_the_cli_records(cli, tmp_path, sample_puzzles):
    puzzles = puzzles_for_the_cli(sample_puzzles)
    records = cli_records(cli, "rate", write_lines(tmp_path / "in.txt", puzzles))
    rows = sb.rate(puzzles).to_pylist()
    assert len(rows) == len(records) == len(puzzles)
    for i, (ours, theirs) in enumerate(zip(rows, records)):
        for column in RATE_COLUMNS:
            value = ours[column]
            if column == "steps" and value is not None:
                value = dict(value)
            assert value == theirs.get(column), (i, column)
    assert {r["technique"] for r in rows} >= {"Hidden Single", "Naked Single", "Pointing", "Forcing Chain", "stuck"}


def test_explain_steps_equal_the_cli_records(cli, tmp_path, sample_puzzles):
    puzzles = puzzles_for_the_cli(sample_puzzles)[:600]
    records = cli_records(cli, "explain", write_lines(tmp_path / "in.txt", puzzles))
    table = sb.explain(puzzles)
    members = [field.name for field in table.schema.field("steps").type.value_type]
    rows = table.to_pylist()
    assert len(rows) == len(records) == len(puzzles)
    steps = 0
    for i, (ours, theirs) in enumerate(zip(rows, records)):
        for column in EXPLAIN_COLUMNS:
            if column != "steps":
                assert ours[column] == theirs.get(column), (i, column)
        if "steps" not in theirs:
            assert ours["steps"] is None, i
            continue
        for step in theirs["steps"]:
            assert set(step) <= set(members), step
        assert ours["steps"] == [{m: step.get(m) for m in members} for step in theirs["steps"]], i
        steps += len(ours["steps"])
    assert steps > 10_000


def comparable(summary: dict) -> dict:
    """A summary without what differs from run to run."""
    return {k: v for k, v in summary.items() if k not in ("seconds", "records_per_second")}


@pytest.mark.parametrize("command", ["rate", "explain"])
@pytest.mark.parametrize("ext", ["csv", "jsonl", "txt"])
def test_file_functions_write_what_the_cli_writes(cli, tmp_path, command, ext):
    path = write_lines(tmp_path / "in.txt", ["# a comment", EASY] + MIXED)
    ours, theirs = tmp_path / f"ours.{ext}", tmp_path / f"theirs.{ext}"
    our_report, their_report = tmp_path / "our-report.jsonl", tmp_path / "their-report.jsonl"
    function = {"rate": sb.rate_file, "explain": sb.explain_file}[command]
    summary = function(path, ours, threads=2, report=our_report)
    run_cli(cli, command, path, "-o", theirs, "-j", 2, "-q", "--report", their_report, "--summary-json", tmp_path / "s.json")
    assert ours.read_bytes() == theirs.read_bytes()
    assert our_report.read_bytes() == their_report.read_bytes()
    assert comparable(summary) == comparable(json.loads((tmp_path / "s.json").read_text()))
    assert summary["command"] == command and summary["ratings"]["1.2"] >= 1
    assert summary["techniques"]["stuck"] == 1  # the empty grid


@pytest.mark.parametrize("command", ["rate", "explain"])
def test_parquet_output_equals_the_clis_and_the_table(cli, tmp_path, command, sample_puzzles):
    path = write_lines(tmp_path / "in.txt", puzzles_for_the_cli(sample_puzzles)[:300])
    ours, theirs = tmp_path / "ours.parquet", tmp_path / "theirs.parquet"
    function = {"rate": sb.rate_file, "explain": sb.explain_file}[command]
    function(path, ours, threads=1)
    run_cli(cli, command, path, "-o", theirs, "-j", 1, "-q", "--max-messages", 0)
    written = pq.read_table(ours)
    assert written.equals(pq.read_table(theirs))
    # The file's columns are the table's, with the records' own beside them.
    table = {"rate": sb.rate, "explain": sb.explain}[command](path.read_text().splitlines())
    for name in table.column_names:
        assert written.column(name).to_pylist() == table.column(name).to_pylist(), name


def test_rate_file_reads_a_csv_column(tmp_path):
    path = tmp_path / "in.csv"
    path.write_text("id,grid\n" + "".join(f"{i},{p}\n" for i, p in enumerate([EASY, EMPTY, "12"])))
    out = tmp_path / "out.csv"
    summary = sb.rate_file(path, out, puzzle_col="grid")
    assert (summary["records"], summary["ok"], summary["failed"]) == (3, 2, 1)
    assert summary["columns"]["puzzle"]["name"] == "grid"
    assert out.read_text().splitlines()[1].startswith(f"0,{EASY},2,rated,1.2,1.2,1.2,,Hidden Single,")


def test_the_sample_rates_as_the_cli_summary_says(cli):
    path = ROOT / "datasets" / "sample_10k.txt"
    summary = sb.rate_file(path, threads=2)
    their = json.loads(run_cli(cli, "rate", path, "-o", "/dev/null", "-q", "--summary-json", "-").stdout)
    assert comparable(summary) == comparable(their)
