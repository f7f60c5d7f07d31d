"""canon, equivalent, augment and apply_transform: batch-wise, compared with the CLI's canon
and augment on the same puzzles."""

from __future__ import annotations

import csv
import io

import numpy as np
import pyarrow as pa
import pytest

import sudoku_bulk as sb

from conftest import MIXED, PUZZLE, SOLUTION, run_cli


def cli_rows(cli, *args) -> list:
    """The CLI's CSV output, as dicts."""
    out = run_cli(cli, *args, "--output-format", "csv", "-q").stdout
    return list(csv.DictReader(io.StringIO(out)))


@pytest.mark.parametrize("form", ["minlex", "patminlex"])
def test_canon_matches_the_cli(cli, tmp_path, sample_puzzles, form):
    puzzles = sample_puzzles[:300] + MIXED
    path = tmp_path / "p.txt"
    path.write_text("".join(p + "\n" for p in puzzles))
    theirs = cli_rows(cli, "canon", path, "--form", form, "--automorphisms")
    ours = sb.canon(puzzles, form=form, automorphisms=True, threads=2).to_pylist()
    assert len(ours) == len(theirs) == len(puzzles)
    for mine, cli_row in zip(ours, theirs):
        assert mine["status"] == cli_row["status"]
        assert (mine["canonical"] or "") == cli_row["canonical"]
        assert str(mine["automorphisms"] or "") == cli_row["automorphisms"]
        assert (mine["error"] or "") == cli_row["error"]
    # Without automorphisms: no such column; a null is missing.
    table = sb.canon(pa.array([PUZZLE, None], pa.large_string()))
    assert table.column_names == ["status", "canonical", "error"]
    assert table.column("status").to_pylist() == ["canonical", "missing"]
    with pytest.raises(ValueError, match="form"):
        sb.canon([PUZZLE], form="maxlex")


def test_equivalent_pairs(sample_puzzles):
    copies = sb.augment(sample_puzzles[:50], copies=1, seed=3)
    others = sample_puzzles[50:100]
    iso = copies.column("puzzle")
    assert sb.equivalent(sample_puzzles[:50], iso).to_pylist() == [True] * 50
    assert sb.equivalent(sample_puzzles[:50], others).to_pylist() == [False] * 50
    assert sb.equivalent([PUZZLE, "bad", None], [PUZZLE, PUZZLE, PUZZLE]).to_pylist() == [True, None, None]
    with pytest.raises(ValueError, match="one per row"):
        sb.equivalent([PUZZLE], [PUZZLE, PUZZLE])


def test_augment_matches_the_cli_on_a_line_file(cli, tmp_path, sample_puzzles):
    puzzles = sample_puzzles[:200]
    puzzles.insert(100, "not a puzzle")
    path = tmp_path / "p.txt"
    path.write_text("".join(p + "\n" for p in puzzles))
    theirs = cli_rows(cli, "augment", path, "--copies", "3", "--seed", "11", "--with-transform")
    ours = sb.augment(puzzles, copies=3, seed=11, with_transform=True, threads=2)
    assert ours.column_names == ["row", "copy", "puzzle", "transform", "status", "error"]
    rows = ours.to_pylist()
    assert len(rows) == len(theirs) == 200 * 3 + 1
    for mine, cli_row in zip(rows, theirs):
        assert mine["row"] + 1 == int(cli_row["line"])
        assert mine["status"] == cli_row["status"]
        assert str("" if mine["copy"] is None else mine["copy"]) == cli_row["copy"]
        assert (mine["transform"] or "") == cli_row["transform"]
        assert (mine["error"] or "") == cli_row["error"]
        if mine["status"] == "augmented":
            assert mine["puzzle"] == cli_row["puzzle"]
    assert rows[300] == {
        "row": 100,
        "copy": None,
        "puzzle": None,
        "transform": None,
        "status": "malformed",
        "error": "12 cells, expected 81",
    }
    # Threads change nothing; the seed does.
    one = sb.augment(puzzles, copies=3, seed=11, with_transform=True, threads=1)
    assert one.equals(ours)
    other = sb.augment(puzzles, copies=3, seed=12, threads=1).column("puzzle").to_pylist()
    assert other != ours.column("puzzle").to_pylist()


def test_augment_with_solutions_matches_the_cli_and_stays_solved(cli, tmp_path, sample_puzzles):
    puzzles = sample_puzzles[:100]
    solutions = sb.solve(puzzles).column("solution").to_pylist()
    path = tmp_path / "train.csv"
    path.write_text("quizzes,solutions\n" + "".join(f"{p},{s}\n" for p, s in zip(puzzles, solutions)))
    theirs = cli_rows(cli, "augment", path, "--copies", "2", "--seed", "5", "--include-original")
    # The CSV's rows are lines 2, 3, ...: the same keys give the same copies.
    ours = sb.augment(
        np.array(puzzles),
        pa.array(solutions),
        copies=2,
        seed=5,
        include_original=True,
        with_transform=True,
        lines=range(2, 102),
    )
    rows = ours.to_pylist()
    assert len(rows) == len(theirs) == 300
    for mine, cli_row in zip(rows, theirs):
        assert (mine["puzzle"], mine["solution"]) == (cli_row["quizzes"], cli_row["solutions"])
        assert str(mine["copy"]) == cli_row["copy"]
    assert [r["copy"] for r in rows[:3]] == [0, 1, 2]
    assert (rows[0]["puzzle"], rows[0]["solution"]) == (puzzles[0], solutions[0])
    # Every copy's solution is its puzzle's solution.
    checked = sb.validate(ours.column("puzzle"), ours.column("solution"))
    assert set(checked.column("status").to_pylist()) == {"valid"}
    # The inverse maps each copy, puzzle and solution, back to its original.
    back = sb.apply_transform(ours.column("puzzle"), ours.column("transform"), inverse=True)
    assert back.column("grid").to_pylist() == [p for p in puzzles for _ in range(3)]
    back = sb.apply_transform(ours.column("solution"), ours.column("transform"), inverse=True)
    assert back.column("grid").to_pylist() == [s for s in solutions for _ in range(3)]
    assert set(back.column("error").to_pylist()) == {None}


def test_augment_bad_rows_and_arguments():
    table = sb.augment([PUZZLE, PUZZLE, PUZZLE, None], [SOLUTION, "xyz", None, SOLUTION], copies=2, seed=1)
    rows = table.to_pylist()
    assert [r["status"] for r in rows] == ["augmented", "augmented", "answer invalid", "augmented", "augmented", "missing"]
    assert rows[2]["error"] == "3 cells, expected 81" and rows[2]["puzzle"] is None
    assert rows[3]["solution"] is None and rows[3]["puzzle"] is not None, "no answer: none written"
    with pytest.raises(ValueError, match="copies"):
        sb.augment([PUZZLE], copies=0)
    with pytest.raises(ValueError, match="solutions"):
        sb.augment([PUZZLE], [SOLUTION, SOLUTION])
    with pytest.raises(ValueError, match="lines"):
        sb.augment([PUZZLE], lines=[1, 2])
    assert sb.augment([], copies=3).num_rows == 0


def test_apply_transform_forward_inverse_and_bad_rows():
    t = "1:210345678:345012876:912345678"
    forward = sb.apply_transform([PUZZLE, SOLUTION], t).column("grid").to_pylist()
    assert forward[0] != PUZZLE
    back = sb.apply_transform(forward, [t, t], inverse=True).column("grid").to_pylist()
    assert back == [PUZZLE, SOLUTION]
    # The CLI's text form, applied as the library applies it: the answer maps with the puzzle.
    solved = sb.solve([forward[0]]).column("solution").to_pylist()
    assert solved == [forward[1]]
    bad = sb.apply_transform([PUZZLE, "short", PUZZLE, PUZZLE], [t, t, "0:000000000:0:1", None]).to_pylist()
    assert bad[0]["error"] is None
    assert bad[1] == {"grid": None, "error": "5 cells, expected 81"}
    assert bad[2]["grid"] is None and bad[2]["error"].startswith("transform: ")
    assert bad[3] == {"grid": None, "error": "null transform"}
    # Other sizes are named, as the commands that take 9x9 only name them.
    other = sb.apply_transform(["." * 256, "123456789" * 81, "." * 100], t).column("error").to_pylist()
    assert other == [
        "a 16x16 puzzle: apply_transform takes 9x9 puzzles only",
        "a pencilmark puzzle: apply_transform takes 9x9 puzzles only",
        # No size is read by that length unasked: the message says how to ask for 10x10.
        "100 cells, expected 81: a 10x10 puzzle? Sizes other than 4, 6, 8, 9, 12, 16 and 25 are "
        "read when asked for: --size 10",
    ]
    with pytest.raises(ValueError, match="not a transformation"):
        sb.apply_transform([PUZZLE], "nonsense")
    with pytest.raises(ValueError, match="one per grid"):
        sb.apply_transform([PUZZLE], [t, t])


def test_apply_transform_on_integer_grids_maps_a_models_answers_back(sample_puzzles):
    puzzles = sample_puzzles[:20]
    aug = sb.augment(puzzles, sb.solve(puzzles).column("solution"), copies=2, seed=9, with_transform=True)
    transforms = aug.column("transform").to_pylist()
    # HRM-style tensors: blank 1, digits 2 to 10, (N, 9, 9).
    def tensor(lines):
        return np.array([[1 if c == "." else int(c) + 1 for c in line] for line in lines], np.int32).reshape(-1, 9, 9)

    answers = tensor(aug.column("solution").to_pylist())  # a perfect model's answers
    back = sb.apply_transform(answers, transforms, inverse=True, blank=1, offset=1)
    assert back.shape == (40, 9, 9) and back.dtype == np.int32
    originals = sb.solve(puzzles).column("solution").to_pylist()
    assert np.array_equal(back, tensor([s for s in originals for _ in range(2)]))
    # The same through the text path, and blanks kept.
    copies = tensor(aug.column("puzzle").to_pylist())
    assert np.array_equal(
        sb.apply_transform(copies, transforms, inverse=True, blank=1, offset=1),
        tensor([p for p in puzzles for _ in range(2)]),
    )
    bad = copies.copy()
    bad[3, 0, 0] = 11
    with pytest.raises(ValueError, match="row 3: cell 1"):
        sb.apply_transform(bad, transforms, inverse=True, blank=1, offset=1)
    with pytest.raises(ValueError, match="shape"):
        sb.apply_transform(np.zeros((2, 80), np.uint8), "0:012345678:012345678:123456789")


def through_text(grids, transforms, *, inverse=False, blank=0, offset=0):
    """apply_transform on integer grids as the package did it in Python before the native
    path: each grid to the line form, the text path, the errors raised, and back."""
    values = grids.reshape(len(grids), 81).astype(np.int64)
    digits = values - offset
    chars = np.where(values == blank, ord("."), digits + ord("0"))
    chars[(values != blank) & ((digits < 1) | (digits > 9))] = ord("x")  # malformed, named
    lines = pa.array(list(np.ascontiguousarray(chars.astype(np.uint8)).view("S81").ravel()), pa.binary())
    table = sb.apply_transform(lines, transforms, inverse=inverse)
    for row, error in enumerate(table.column("error").to_pylist()):
        if error is not None:
            raise ValueError(f"grids: row {row}: {error}")
    text = "".join(table.column("grid").to_pylist()).encode()
    text = np.frombuffer(text, dtype=np.uint8).reshape(len(grids), 81).astype(np.int64)
    result = np.where(text == ord("."), blank, text - ord("0") + offset)
    return result.astype(grids.dtype).reshape(grids.shape)


def random_transforms(rng, n) -> list:
    """n random transformations, in the text form, as augment draws them."""
    seed = int(rng.integers(2**63))
    return sb.augment([SOLUTION] * n, copies=1, seed=seed, with_transform=True).column("transform").to_pylist()


@pytest.mark.parametrize(
    "dtype, blank, offset",
    [
        (np.uint8, 0, 0),
        (np.int8, -1, 0),
        (np.int16, 1, 1),
        (np.int32, 0, 100),
        (np.int64, -5, -20),
        (np.uint16, 10, 0),
        (np.uint32, 0, 2**32 - 10),
        (np.uint64, 1, 1),
    ],
)
def test_apply_transform_on_integer_grids_matches_the_text_path(sample_puzzles, dtype, blank, offset):
    """The native array path gives what the text path gives, on random grids (blanks and any
    digits, puzzles or not) and random transformations, forward and back, for each dtype, both
    shapes, strided and byte-swapped arrays, one transformation or one per grid."""
    rng = np.random.default_rng(int(np.dtype(dtype).itemsize) * 1000 + blank + 7)
    n = 300
    digits = rng.integers(0, 10, size=(n, 81))
    digits[: n // 3] = np.frombuffer("".join(sample_puzzles[:n // 3]).replace(".", "0").encode(), np.uint8).reshape(-1, 81) - ord("0")
    grids = np.where(digits == 0, blank, digits + offset).astype(dtype)
    transforms = random_transforms(rng, n)
    for inverse in (False, True):
        for arrays in (grids, grids.reshape(n, 9, 9), grids[::2], np.asfortranarray(grids), grids[:, ::-1]):
            each = transforms[: len(arrays)]
            ours = sb.apply_transform(arrays, each, inverse=inverse, blank=blank, offset=offset)
            assert ours.dtype == arrays.dtype and ours.shape == arrays.shape
            theirs = through_text(arrays, each, inverse=inverse, blank=blank, offset=offset)
            assert np.array_equal(ours, theirs)
            assert np.array_equal(
                sb.apply_transform(arrays, pa.array(each), inverse=inverse, blank=blank, offset=offset), theirs
            )
        one = transforms[0]
        ours = sb.apply_transform(grids, one, inverse=inverse, blank=blank, offset=offset)
        assert np.array_equal(ours, through_text(grids, one, inverse=inverse, blank=blank, offset=offset))
    # There and back again.
    there = sb.apply_transform(grids, transforms, blank=blank, offset=offset)
    assert np.array_equal(sb.apply_transform(there, transforms, inverse=True, blank=blank, offset=offset), grids)
    # Another byte order: the same values, in the array's own dtype.
    swapped = grids.astype(grids.dtype.newbyteorder(">" if grids.dtype.byteorder != ">" else "<"))
    ours = sb.apply_transform(swapped, transforms, blank=blank, offset=offset)
    assert ours.dtype == swapped.dtype and np.array_equal(ours, there)


def test_apply_transform_on_integer_grids_fails_as_the_text_path_did():
    t = "1:210345678:345012876:912345678"
    grids = np.array([[int(c) if c != "." else 0 for c in PUZZLE]] * 4, np.uint8)
    cases = [
        (grids, [t, t, "0:000000000:0:1", t]),  # a transformation that does not parse
        (grids, [t, None, t, t]),  # a null one
        (np.where(np.arange(4)[:, None] == 2, 10, grids).astype(np.uint8), [t] * 4),  # a cell
    ]
    for arrays, transforms in cases:
        with pytest.raises(ValueError) as theirs:
            through_text(arrays, transforms)
        with pytest.raises(ValueError) as ours:
            sb.apply_transform(arrays, transforms)
        assert str(ours.value) == str(theirs.value)
        assert str(ours.value).startswith(("grids: row 1: ", "grids: row 2: "))
    with pytest.raises(ValueError, match="one per grid"):
        sb.apply_transform(grids, [t])
    with pytest.raises(ValueError, match="not a transformation"):
        sb.apply_transform(grids, "nonsense")
    with pytest.raises(ValueError, match=r"got \(4, 9, 9, 1\)"):
        sb.apply_transform(grids.reshape(4, 9, 9, 1), t)
    # blank and offset are checked as solve_array checks them.
    with pytest.raises(ValueError, match="blank=256 does not fit dtype uint8"):
        sb.apply_transform(grids, t, blank=256)
    with pytest.raises(ValueError, match="offset=250"):
        sb.apply_transform(grids, t, offset=250)
    with pytest.raises(ValueError, match="blank=3 is also a digit"):
        sb.apply_transform(grids, t, blank=3)
    # No rows, no work.
    empty = np.zeros((0, 9, 9), np.int16)
    assert sb.apply_transform(empty, []).shape == (0, 9, 9)


def test_apply_transform_on_many_integer_grids(sample_puzzles):
    """Enough rows for the call to run on a thread of its own (and watch for Ctrl-C)."""
    lines = sample_puzzles * 2
    grids = np.frombuffer("".join(lines).replace(".", "0").encode(), np.uint8).reshape(-1, 81) - ord("0")
    transforms = random_transforms(np.random.default_rng(5), len(lines))
    ours = sb.apply_transform(grids, transforms, inverse=True)
    assert np.array_equal(ours, through_text(grids, transforms, inverse=True))
