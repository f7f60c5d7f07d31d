"""Every size from 4x4 to 25x25: solve_array on (M, N, N) and (M, N * N) arrays, the shape
asked for with size= and box= (strings, arrays and files), and the errors that name what is
wrong. Puzzles come from the CLI's generator (unique, so each has the CLI's solution), but
for 25x25, which takes the generator seconds a puzzle: a grid of the usual pattern,
relabelled and half blanked."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import numpy as np
import pytest

import sudoku_bulk as sb

from conftest import PUZZLE, SOLUTION, pencilmarks, run_cli

#: Sizes and box shapes (rows x columns): the usual ones, and 6x6 with boxes 3 rows tall.
SHAPES = [(4, 2, 2), (6, 2, 3), (6, 3, 2), (8, 2, 4), (10, 2, 5), (12, 3, 4), (16, 4, 4)]


def value(symbol: str) -> int:
    """A character of the line form as a cell: 1-9, A for 10 and on, 0 for a blank."""
    if symbol in "._0":
        return 0
    return int(symbol) if symbol.isdigit() else ord(symbol.upper()) - ord("A") + 10


def cells(line: str) -> list:
    return [value(c) for c in line]


def generated(cli: Path, size: int, box: tuple, count: int, seed: int = 7) -> tuple:
    """``count`` puzzles of the shape from the CLI's generator, and their solutions."""
    args = ["generate", "--size", size, "-n", count, "--seed", seed, "--solutions", "-j", "2"]
    if box != usual(size):
        args += ["--box", f"{box[0]}x{box[1]}"]
    rows = list(csv.DictReader(io.StringIO(run_cli(cli, *args, check_status=(0,)).stdout)))
    return [r["puzzle"] for r in rows], [r["solution"] for r in rows]


def usual(size: int) -> tuple:
    return {4: (2, 2), 6: (2, 3), 8: (2, 4), 9: (3, 3), 10: (2, 5), 12: (3, 4), 16: (4, 4), 25: (5, 5)}[size]


def is_solution(grid: np.ndarray, puzzle: np.ndarray, box: tuple) -> bool:
    """Whether ``grid`` (N x N) fills ``puzzle``: every row, column and box of ``box`` a
    permutation of 1 to N, and every given kept."""
    n = grid.shape[0]
    digits = list(range(1, n + 1))
    rows, cols = box
    houses = [grid[i, :] for i in range(n)] + [grid[:, i] for i in range(n)]
    houses += [grid[r : r + rows, c : c + cols].ravel() for r in range(0, n, rows) for c in range(0, n, cols)]
    given = puzzle != 0
    return all(sorted(h.tolist()) == digits for h in houses) and (grid[given] == puzzle[given]).all()


@pytest.mark.parametrize("size, rows, cols", SHAPES, ids=lambda v: str(v))
def test_grids_of_every_size_are_solved(cli, size, rows, cols):
    puzzles, solutions = generated(cli, size, (rows, cols), 3 if size < 16 else 2)
    grids = np.array([cells(p) for p in puzzles], dtype=np.uint8).reshape(-1, size, size)
    box = None if (rows, cols) == usual(size) else f"{rows}x{cols}"
    out, status = sb.solve_array(grids, box=box, threads=2)
    assert out.shape == grids.shape and out.dtype == np.uint8
    assert status.tolist() == [0] * len(puzzles)
    for grid, puzzle, solution in zip(out, grids, solutions):
        assert is_solution(grid, puzzle, (rows, cols))
        assert grid.ravel().tolist() == cells(solution)  # the one solution, as the CLI's
    # Flat, with the shape said where the length cannot say it (or says another).
    flat = grids.reshape(len(puzzles), size * size).astype(np.int32)
    shape = {"size": size} if size == 10 else {"box": (rows, cols)} if box else {}
    flat_out, flat_status = sb.solve_array(flat, **shape)
    assert flat_out.shape == flat.shape and flat_out.dtype == np.int32
    assert (flat_status == 0).all() and (flat_out == out.reshape(flat.shape)).all()


def pattern_puzzle(size: int, rows: int, cols: int, seed: int) -> np.ndarray:
    """A grid of ``size`` built from the usual pattern (rows shifted by a box's width, bands by
    one), its digits relabelled at random, then half its cells blanked."""
    rng = np.random.default_rng(seed)
    r, c = np.indices((size, size))
    grid = (cols * (r % rows) + r // rows + c) % size
    grid = rng.permutation(size)[grid] + 1
    grid[rng.random((size, size)) < 0.5] = 0
    return grid


def test_25x25_grids_are_solved():
    puzzles = np.stack([pattern_puzzle(25, 5, 5, seed) for seed in range(3)]).astype(np.uint8)
    out, status = sb.solve_array(puzzles.reshape(3, 625))
    assert status.tolist() == [0, 0, 0]
    for grid, puzzle in zip(out.reshape(3, 25, 25), puzzles):
        assert is_solution(grid, puzzle, (5, 5))
    # Digits 0 to 24 and -1 for a blank, as some datasets keep them.
    shifted = puzzles.astype(np.int16) - 1
    out, status = sb.solve_array(shifted, blank=-1, offset=-1)
    assert status.tolist() == [0, 0, 0] and out.dtype == np.int16
    assert all(is_solution(g + 1, p, (5, 5)) for g, p in zip(out, puzzles))


def test_hrm_style_blank_and_offset_on_16x16(cli):
    puzzles, solutions = generated(cli, 16, (4, 4), 1, seed=3)
    grids = np.array([cells(puzzles[0])], dtype=np.int64).reshape(1, 16, 16) + 1  # blank 1
    out, status = sb.solve_array(grids, blank=1, offset=1)
    assert status.tolist() == [0]
    assert (out.ravel() - 1).tolist() == cells(solutions[0])


def test_the_box_shape_matters(cli):
    """3x2-box puzzles read in the usual 2x3 boxes are other puzzles: not these solutions."""
    puzzles, _ = generated(cli, 6, (3, 2), 6, seed=11)
    grids = np.array([cells(p) for p in puzzles], dtype=np.uint8).reshape(-1, 6, 6)
    out, status = sb.solve_array(grids)
    assert not all(s == 0 and is_solution(g, p, (3, 2)) for g, p, s in zip(out, grids, status))
    out, status = sb.solve_array(grids, size=6, box=(3, 2))
    assert all(s == 0 and is_solution(g, p, (3, 2)) for g, p, s in zip(out, grids, status))


def test_a_value_above_the_size_makes_its_grid_malformed():
    """As on 9x9, a bad cell is its grid's status, and the other grids are solved; the string
    functions name the cell and the value."""
    good = [[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    bad = [[1, 0, 0, 0], [0, 5, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    out, status = sb.solve_array(np.array([good, bad, good], dtype=np.int8))
    assert [sb.STATUS[s] for s in status] == ["solved", "malformed", "solved"]
    assert not out[1].any()
    table = sb.solve(["1....5.........."])
    assert table.column("status").to_pylist() == ["malformed"]
    assert table.column("error")[0].as_py() == "cell 6 (row 2, column 2): '5' is 5, above 4 in a 4x4 grid"


@pytest.mark.parametrize(
    "shape, kwargs, error, message",
    [
        ((2, 6, 5), {}, ValueError, r"grids: shape \(2, 6, 5\): 6x5 grids are not square"),
        ((2, 7, 7), {}, ValueError, r"7x7 grids: sizes run from 4 to 25 and need boxes"),
        ((2, 26, 26), {}, ValueError, r"26x26 grids: sizes run from 4 to 25"),
        ((2, 100), {}, ValueError, r"100 cells a grid, expected a common size's: 16, 36, 64, 81, 144, 256 or 625"),
        ((2, 81), {"size": 16}, ValueError, r"81 cells a grid, expected 256 for 16x16"),
        ((2, 9, 9), {"box": "3x2"}, ValueError, r"9x9 grids, but the size asked for is 6x6 \(boxes 3x2\)"),
        ((2, 36), {"size": 6, "box": "3x3"}, ValueError, r"--box 3x3 makes 9x9 grids, not --size 6"),
        ((2, 36), {"box": "1x6"}, ValueError, r"--box 1x6: expected box rows x columns, each 2 or more"),
        ((2, 49), {"size": 7}, ValueError, r"--size 7: sizes run from 4 to 25"),
        ((2, 36), {"box": 3}, TypeError, r"box: expected \"RxC\""),
        ((2, 25, 25), {"offset": 240}, ValueError, r"digits offset\+1 to offset\+25 do not fit dtype uint8"),
        ((2, 4, 4), {"blank": 4}, ValueError, r"blank=4 is also a digit \(offset=0 makes the digits 1 to 4\)"),
    ],
)
def test_shapes_that_are_no_grids_raise(shape, kwargs, error, message):
    with pytest.raises(error, match=message):
        sb.solve_array(np.zeros(shape, dtype=np.uint8), **kwargs)


def test_an_empty_array_of_another_size():
    out, status = sb.solve_array(np.zeros((0, 16, 16), dtype=np.int32))
    assert out.shape == (0, 16, 16) and status.shape == (0,)


def test_strings_take_size_and_box(cli):
    puzzles, solutions = generated(cli, 6, (3, 2), 4, seed=5)
    table = sb.validate(puzzles, solutions, box="3x2")
    assert table.column("status").to_pylist() == ["valid"] * 4
    assert sb.validate(puzzles, solutions).column("status").to_pylist() != ["valid"] * 4
    solved = sb.solve(puzzles, box=(3, 2)).column("solution").to_pylist()
    assert solved == solutions
    # Told the size, every puzzle must have it: a 9x9 line is malformed, and says so.
    table = sb.solve([puzzles[0], PUZZLE], size=6, box="3x2")
    assert table.column("status").to_pylist() == ["solved", "malformed"]
    assert table.column("error")[1].as_py() == "81 cells, expected 36 for 6x6 (boxes 3x2)"
    # 10x10 has no common length: only with size=10.
    empty = "." * 100
    assert sb.solve([empty]).column("status").to_pylist() == ["malformed"]
    assert sb.count([empty], limit=3, size=10).column("count").to_pylist() == [3]
    assert sb.solve([PUZZLE], size=9).column("solution").to_pylist() == [SOLUTION]
    with pytest.raises(ValueError, match="--size 7: sizes run from 4 to 25"):
        sb.solve([PUZZLE], size=7)


def test_file_functions_take_size_and_box(cli, tmp_path):
    puzzles, solutions = generated(cli, 6, (3, 2), 5, seed=9)
    path = tmp_path / "tall.txt"
    path.write_text("".join(p + "\n" for p in puzzles))
    summary = sb.validate_file(path, box="3x2")
    assert (summary["records"], summary["failed"]) == (5, 0)
    assert sb.validate_file(path)["failed"] > 0  # read as 2x3 boxes: other puzzles
    out = tmp_path / "solved.txt"
    summary = sb.solve_file(path, out, size=6, box=(3, 2))
    assert summary["failed"] == 0
    assert out.read_text().split() == solutions
    # As the CLI's --box 3x2 gives.
    cli_out = run_cli(cli, "solve", path, "--box", "3x2", "-q").stdout.split()
    assert cli_out == solutions
    counted = sb.count_file(path, box="3x2", limit=3)
    assert counted["solutions"] == {"1": 5}
    with pytest.raises(ValueError, match="--box 3x3 makes 9x9 grids, not --size 6"):
        sb.solve_file(path, size=6, box="3x3")
    summary = sb.rate_file(path, box="3x2")  # rate takes 9x9 only: each record says so
    assert summary["failed"] == 5


def test_file_functions_write_each_records_size_when_asked(cli, tmp_path):
    small, _ = generated(cli, 4, (2, 2), 2, seed=3)
    big, _ = generated(cli, 16, (4, 4), 1, seed=3)
    path = tmp_path / "mixed.txt"
    path.write_text("".join(p + "\n" for p in [small[0], PUZZLE, big[0], small[1]]))
    out = tmp_path / "out.csv"
    sb.solve_file(path, out, with_size=True)
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert [r["size"] for r in rows] == ["4x4", "9x9", "16x16", "4x4"]
    # The CLI's --with-size writes the same file.
    theirs = tmp_path / "theirs.csv"
    run_cli(cli, "solve", path, "--with-size", "-q", "-o", theirs, check_status=(0,))
    assert out.read_text() == theirs.read_text()
    # Without it, no size column: the columns do not depend on what the input holds.
    sb.solve_file(path, out)
    assert "size" not in next(csv.DictReader(io.StringIO(out.read_text()))).keys()


def cli_rows(cli: Path, command: str, path: Path, *args) -> list:
    out = run_cli(cli, command, path, "--output-format", "csv", "-q", *args).stdout
    return list(csv.DictReader(io.StringIO(out)))


def test_tables_say_each_puzzles_size_when_asked_as_the_cli_does(cli, tmp_path):
    small, small_solutions = generated(cli, 4, (2, 2), 2, seed=3)
    big, big_solutions = generated(cli, 16, (4, 4), 1, seed=3)
    puzzles = [small[0], PUZZLE, big[0], pencilmarks(PUZZLE), "12", small[1]]
    solutions = [small_solutions[0], SOLUTION, big_solutions[0], SOLUTION, None, small_solutions[1]]
    sizes = ["4x4", "9x9", "16x16", "9x9 pencilmarks", None, "4x4"]
    path = tmp_path / "mixed.txt"
    path.write_text("".join(p + "\n" for p in puzzles))
    tables = {
        "solve": sb.solve(puzzles + [None], with_size=True),
        "count": sb.count(puzzles + [None], limit=3, with_size=True),
        "validate": sb.validate(puzzles + [None], with_size=True),
    }
    args = {"solve": (), "count": ("--limit", "3"), "validate": ()}
    for command, table in tables.items():
        # `size` first, then the columns without it, as the CLI's CSV puts it before `status`.
        plain = {"solve": sb.solve, "count": sb.count, "validate": sb.validate}[command](puzzles)
        assert table.column_names == ["size", *plain.column_names], command
        assert str(table.schema.field("size").type) == "string"
        assert table.column("size").to_pylist() == sizes + [None]
        assert table.column("status")[-1].as_py() == "missing"
        theirs = cli_rows(cli, command, path, "--with-size", *args[command])
        for ours, row in zip(table.slice(0, len(puzzles)).to_pylist(), theirs):
            for name in table.column_names:
                value = ours[name]
                text = "" if value is None else f"{value}+" if name == "count" and value == 3 else str(value)
                assert text == row[name], (command, name, ours, row)
    assert tables["solve"].column("solution").to_pylist() == solutions + [None]
    # Without it, no size column.
    assert "size" not in sb.solve(puzzles).column_names
    # Told the boxes, a 6x6 puzzle says them.
    tall, tall_solutions = generated(cli, 6, (3, 2), 2, seed=5)
    table = sb.validate(tall, tall_solutions, box="3x2", with_size=True)
    assert table.column("size").to_pylist() == ["6x6 (boxes 3x2)"] * 2
    assert table.column("status").to_pylist() == ["valid"] * 2
    assert sb.count([PUZZLE], size=6, with_size=True).column("size").to_pylist() == [None]


def test_generate_makes_unique_puzzles_of_the_size_asked(cli):
    for size, box, cells_ in [(None, None, 81), (4, None, 16), (6, "3x2", 36), (8, None, 64), (12, None, 144)]:
        table = sb.generate(5, seed=11, size=size, box=box, solutions=True, threads=2)
        assert table.column_names == ["puzzle", "solution"]
        assert int(table.schema.metadata[b"seed"]) == 11
        puzzles = table.column("puzzle").to_pylist()
        assert all(len(p) == cells_ and "." in p for p in puzzles)
        counted = sb.count(puzzles, limit=2, size=size, box=box)
        assert counted.column("count").to_pylist() == [1] * 5  # exactly one solution each
        solved = sb.solve(puzzles, size=size, box=box).column("solution").to_pylist()
        assert solved == table.column("solution").to_pylist()
        if box is not None:  # the shape matters: read as 2x3 boxes, they are other puzzles
            assert sb.count(puzzles).column("count").to_pylist() != [1] * 5
    sixteen = sb.generate(1, seed=2, size=16).column("puzzle").to_pylist()
    assert len(sixteen[0]) == 256 and sb.count(sixteen).column("count").to_pylist() == [1]


def test_generate_is_the_clis_generate_for_a_seed(cli):
    for args, kwargs in [((), {}), (("--size", "6", "--box", "3x2"), {"box": (3, 2)}), (("--size", "16"), {"size": 16})]:
        count = 3 if kwargs.get("size") == 16 else 40
        theirs = run_cli(cli, "generate", "-n", count, "--seed", 99, "--solutions", "-q", *args, check_status=(0,)).stdout
        rows = list(csv.DictReader(io.StringIO(theirs)))
        for threads in (1, 2):
            table = sb.generate(count, seed=99, solutions=True, threads=threads, **kwargs)
            assert table.to_pylist() == rows, (args, threads)
    # Without solutions, the CLI's one column; and the first puzzles of a longer run.
    lines = run_cli(cli, "generate", "-n", 5, "--seed", 1, "-q", check_status=(0,)).stdout.split()
    assert sb.generate(5, seed=1).to_pydict() == {"puzzle": lines}
    assert sb.generate(7, seed=1).column("puzzle").to_pylist()[:5] == lines


def test_generate_draws_a_seed_and_keeps_it_and_checks_its_arguments():
    table = sb.generate(3)
    seed = int(table.schema.metadata[b"seed"])
    assert sb.generate(3, seed=seed).equals(table)
    assert sb.generate(0, seed=1).num_rows == 0
    assert sb.generate(0, seed=1).column_names == ["puzzle"]
    with pytest.raises(ValueError, match="count: expected an int, 0 or more, got -1"):
        sb.generate(-1)
    with pytest.raises(ValueError, match="--size 7: sizes run from 4 to 25"):
        sb.generate(1, size=7)
    with pytest.raises(ValueError, match="--box 3x3 makes 9x9 grids, not --size 6"):
        sb.generate(1, size=6, box="3x3")
    with pytest.raises(ValueError, match=r"seed: expected an int from 0 to 2\*\*64 - 1, or None, got -1"):
        sb.generate(1, seed=-1)
