"""stats: the figures equal the CLI's JSON report on the same file, puzzles in memory give the
figures of the same puzzles in a file, and the object shows the report in a notebook."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow as pa
import pytest

import sudoku_bulk as sb

from conftest import MIXED, PUZZLE, SOLUTION, run_cli


def comparable(report: dict) -> dict:
    """A report without what differs from run to run, and with inputs unnamed."""
    report = {k: v for k, v in report.items() if k not in ("seconds", "threads")}
    text = json.dumps(report)
    for name in ("<puzzles>", "<test puzzles>"):
        text = text.replace(json.dumps(name)[1:-1], "INPUT")
    return json.loads(text)


def write_csv(path: Path, puzzles: list, solutions: list) -> Path:
    rows = [f"{p},{s or ''}" for p, s in zip(puzzles, solutions)]
    path.write_text("puzzle,solution\n" + "".join(row + "\n" for row in rows))
    return path


def test_stats_of_a_file_is_the_clis_report(cli, tmp_path):
    path = tmp_path / "mixed.txt"
    path.write_text("".join(p + "\n" for p in MIXED))
    ours = sb.stats(path)
    theirs = json.loads(run_cli(cli, "stats", path, "-q", check_status=(0,)).stdout)
    assert comparable(ours) == comparable(theirs)
    side = ours["sides"][0]
    assert side["records"] == len(MIXED)
    assert side["repeats"] == {"exact": 1, "class": 1}
    assert side["malformed"] == {"wrong length": 2, "unexpected character": 1}


def test_stats_of_puzzles_in_memory_is_the_stats_of_the_same_file(tmp_path):
    puzzles = [PUZZLE, PUZZLE, MIXED[3], None, "x,y"]
    solutions = [SOLUTION, SOLUTION[::-1], None, None, "z"]
    path = write_csv(tmp_path / "p.csv", puzzles[:3], solutions[:3])
    in_memory = sb.stats(pa.array(puzzles[:3]), solutions[:3], threads=1)
    from_file = sb.stats(str(path), threads=1)
    memory, file = comparable(in_memory), comparable(from_file)
    memory["inputs"][0].pop("columns")
    file["inputs"][0].pop("columns")
    assert json.dumps(memory).replace("INPUT", "P") == json.dumps(file).replace(
        json.dumps(str(path))[1:-1], "P"
    )
    # A null and a field holding a comma are one record each.
    five = sb.stats(puzzles, solutions)
    assert five["sides"][0]["records"] == 5
    assert five["sides"][0]["answers"]["the solution"] == 1


def test_stats_with_a_test_side_counts_the_overlap():
    train = [PUZZLE, MIXED[6]]
    test = [PUZZLE.replace(".", "0"), MIXED[3]]
    report = sb.stats(train, test=test, by="exact", rating=False)
    assert [s["side"] for s in report["sides"]] == ["train", "test"]
    assert report["overlap"]["exact"] == {"records": 1, "distinct": 1}
    assert "class" not in report["overlap"]
    assert "ratings" not in report["sides"][0]
    with pytest.raises(ValueError, match="both sides as files, or both as puzzles"):
        sb.stats(train, test=Path("x.txt"))
    with pytest.raises(ValueError, match="by: expected one of"):
        sb.stats(train, by="shape")


def test_stats_shows_the_report_in_a_notebook_and_writes_it(tmp_path):
    report = sb.stats([PUZZLE, "<b>not a puzzle</b>"])
    assert isinstance(report, dict)
    frame = report._repr_html_()
    assert frame.startswith("<iframe srcdoc=")
    assert "<b>" not in frame, "the page is escaped into the frame"
    page = report.to_html()
    assert page.startswith("<!DOCTYPE html>")
    path = tmp_path / "r.html"
    report.write_html(path)
    assert path.read_text(encoding="utf-8") == page
    written = tmp_path / "w.json"
    again = sb.stats([PUZZLE], output=written)
    assert comparable(json.loads(written.read_text())) == comparable(again)
