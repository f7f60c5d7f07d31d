"""sudoku_bulk.dask on dask's own schedulers and on a real dask.distributed cluster (a local
scheduler with two worker processes), over a Parquet file the tests write: results equal the
CLI's on the same file, ``meta`` equals what is computed, the index is the input's."""

from __future__ import annotations

import pytest

from conftest import CLUSTER_COLUMNS, PUZZLE, SIZED_COLUMNS, SOLUTION, Dataset, assert_equals_cli

dd = pytest.importorskip("dask.dataframe", reason="dask is not installed: pip install './python[dask]'")

import pandas as pd  # noqa: E402  (dask.dataframe needs pandas, so it is there)

from sudoku_bulk import dask as sbd  # noqa: E402


@pytest.fixture(scope="module")
def client():
    """A dask.distributed client of a local cluster: a scheduler and two worker processes
    of one thread each, which import sudoku_bulk on their own."""
    distributed = pytest.importorskip("dask.distributed")
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with cluster, distributed.Client(cluster) as client:
        yield client


@pytest.fixture(scope="module")
def frame(dataset):
    """The dataset as a dask DataFrame of several partitions, read from its Parquet file."""
    df = dd.from_pandas(pd.read_parquet(dataset.path), npartitions=7)
    assert df.npartitions > 1
    return df


def run(task: str, frame, **options):
    """One adapter's output on the dataset's frame (``options``: ``size``, ``box``,
    ``with_size``, for the tasks that take them)."""
    if task == "solve":
        return sbd.solve(frame, "puzzle", **options)
    if task == "count":
        return sbd.count(frame, "puzzle", limit=Dataset.limit, **options)
    if task == "rate":
        return sbd.rate(frame, "puzzle")
    return sbd.validate(frame, "puzzle", "solution", **options)


def records(result: pd.DataFrame) -> list:
    """A computed frame's rows as dicts, pandas' missing values as None."""
    return [
        {k: (None if v is pd.NA or v is None else v) for k, v in row.items()}
        for row in result.astype(object).to_dict("records")
    ]


@pytest.mark.parametrize("task", ["solve", "count", "validate", "rate"])
def test_dask_equals_the_cli_on_the_same_parquet_file(task, frame, dataset):
    out = run(task, frame)
    assert list(out.columns) == ["id", "puzzle", "solution"] + CLUSTER_COLUMNS[task]
    result = out.compute(scheduler="threads")
    assert dict(result.dtypes) == dict(out._meta.dtypes)
    assert list(result.index) == list(range(dataset.rows))
    assert_equals_cli(dataset, task, records(result))


@pytest.mark.parametrize("task", ["solve", "count", "validate", "rate"])
def test_dask_distributed_equals_the_cli(task, client, dataset):
    out = run(task, dd.read_parquet(str(dataset.path)).repartition(npartitions=4))
    result = client.compute(out).result()
    assert_equals_cli(dataset, task, records(result))


def test_dask_column_types(frame):
    kinds = {name: str(kind) for name, kind in sbd.count(frame, "puzzle")._meta.dtypes.items()}
    assert {name: kinds[name] for name in CLUSTER_COLUMNS["count"]} == {
        "status": "string",
        "count": "Int64",
        "guesses": "Int64",
        "error": "string",
    }


def test_dask_rate_column_types(frame):
    out = sbd.rate(frame, "puzzle")
    kinds = {name: str(kind) for name, kind in out._meta.dtypes.items()}
    assert {name: kinds[name] for name in CLUSTER_COLUMNS["rate"]} == {
        "status": "string",
        "rating": "Float64",
        "ep": "Float64",
        "ed": "Float64",
        "rating_at_least": "Float64",
        "technique": "string",
        "steps": "map<string, int64>[pyarrow]",
        "count": "Int64",
        "error": "string",
    }
    head = out.head(2, npartitions=1)
    assert dict(head["steps"].iloc[0]) and head["rating"].iloc[0] > 0


def test_dask_keeps_a_repeated_index_and_reads_bytes():
    pdf = pd.DataFrame(
        {"puzzle": [PUZZLE.encode(), None, PUZZLE[:80].encode()]}, index=[7, 7, 3], dtype=object
    )
    out = sbd.solve(dd.from_pandas(pdf, npartitions=1, sort=False), threads=2).compute(scheduler="sync")
    assert list(out.index) == [7, 7, 3]
    assert records(out[["status", "solution", "error"]]) == [
        {"status": "solved", "solution": SOLUTION, "error": None},
        {"status": "missing", "solution": None, "error": "null input"},
        {"status": "malformed", "solution": None, "error": "80 cells, expected 81"},
    ]


def test_dask_errors_are_raised_when_the_graph_is_built():
    df = dd.from_pandas(pd.DataFrame({"id": [1], "grid": [PUZZLE]}), npartitions=1)
    with pytest.raises(ValueError, match="no column 'puzzle' in the DataFrame; its columns are 'id', 'grid'"):
        sbd.solve(df)
    with pytest.raises(ValueError, match="solver"):
        sbd.solve(df, "grid", solver="quantum")
    with pytest.raises(ValueError, match="limit"):
        sbd.count(df, "grid", limit=0)
    with pytest.raises(ValueError, match="no column 'answer'"):
        sbd.validate(df, "grid", "answer")


def test_our_columns_never_overwrite_or_repeat_the_inputs():
    pdf = pd.DataFrame({"puzzle": [PUZZLE], "status": ["a"], "status_out": ["b"], "Error": ["c"]})
    out = sbd.validate(dd.from_pandas(pdf, npartitions=1), "puzzle").compute(scheduler="sync")
    assert list(out.columns) == ["puzzle", "status", "status_out", "Error", "status_out2", "error_out"]
    assert (out["status"][0], out["status_out"][0], out["status_out2"][0]) == ("a", "b", "valid")


#: The ``size`` column of the mixed sized dataset, row by row.
MIXED_SIZES = ["4x4"] * 3 + ["6x6"] * 3 + ["8x8"] * 2 + ["9x9"] * 3 + ["12x12"] * 2 + ["16x16", "9x9 pencilmarks", None, None]


@pytest.mark.parametrize("task", ["solve", "count", "validate"])
def test_dask_takes_every_size_and_says_it_as_the_cli_does(task, sized_datasets):
    mixed = sized_datasets["mixed"]
    frame = dd.from_pandas(pd.read_parquet(mixed.path), npartitions=3)
    out = run(task, frame, with_size=True)
    assert list(out.columns) == ["id", "puzzle", "solution"] + SIZED_COLUMNS[task]
    assert str(out._meta.dtypes["size"]) == "string"
    result = out.compute(scheduler="threads")
    assert dict(result.dtypes) == dict(out._meta.dtypes)
    rows = records(result)
    assert [row["size"] for row in rows] == MIXED_SIZES
    assert_equals_cli(mixed, task, rows, columns=SIZED_COLUMNS[task])


def test_dask_distributed_reads_tall_boxes_as_the_cli_does(client, sized_datasets):
    tall = sized_datasets["tall"]
    frame = dd.read_parquet(str(tall.path)).repartition(npartitions=2)
    out = sbd.validate(frame, "puzzle", "solution", box=(3, 2), with_size=True)
    rows = records(client.compute(out).result())
    assert [row["status"] for row in rows] == ["valid"] * 6 + ["missing"]
    assert [row["size"] for row in rows] == ["6x6 (boxes 3x2)"] * 6 + [None]
    options = ("--box", "3x2")
    assert_equals_cli(tall, "validate", rows, options, columns=SIZED_COLUMNS["validate"])


def test_dask_box_and_size_read_tall_boxes(sized_datasets):
    tall = sized_datasets["tall"]
    frame = dd.from_pandas(pd.read_parquet(tall.path), npartitions=2)
    plain = sbd.validate(frame, "puzzle", "solution").compute(scheduler="sync")
    assert list(plain["status"][:6]) != ["valid"] * 6  # read as 2x3 boxes: other puzzles
    solved = sbd.solve(frame, size=6, box="3x2").compute(scheduler="sync")
    assert records(solved[["solution_out"]]) == [{"solution_out": s} for s in tall.table["solution"].to_pylist()]
    assert "size" not in sbd.solve(frame, box="3x2").columns


def test_dask_size_errors_are_raised_when_the_graph_is_built():
    df = dd.from_pandas(pd.DataFrame({"puzzle": [PUZZLE]}), npartitions=1)
    with pytest.raises(ValueError, match="--size 7: sizes run from 4 to 25"):
        sbd.solve(df, size=7)
    with pytest.raises(ValueError, match="--box 3x3 makes 9x9 grids, not --size 6"):
        sbd.count(df, size=6, box="3x3")
    with pytest.raises(TypeError, match="box: expected"):
        sbd.validate(df, box=3.5)


def test_dask_takes_columns_whose_names_hold_dots_and_backticks():
    """Issue 52, item 12, Dask's side: as Spark's."""
    pdf = pd.DataFrame({"a.b": [1], "my.puzzle": [PUZZLE], "the`solution": [SOLUTION]})
    df = dd.from_pandas(pdf, npartitions=1)
    out = sbd.validate(df, "my.puzzle", "the`solution").compute(scheduler="sync")
    assert list(out.columns) == ["a.b", "my.puzzle", "the`solution", "status", "error"]
    assert list(out["status"]) == ["valid"]


def test_dask_says_what_it_wanted_for_a_frame_of_another_kind():
    """Issue 52, item 14: a pandas DataFrame, or a dask Series, is not a dask DataFrame."""
    pdf = pd.DataFrame({"puzzle": [PUZZLE]})
    with pytest.raises(TypeError, match=r"df: expected a dask DataFrame, got pandas.*DataFrame; for a pandas frame call sudoku_bulk.solve"):
        sbd.solve(pdf)
    series = dd.from_pandas(pdf, npartitions=1)["puzzle"]
    with pytest.raises(TypeError, match=r"df: expected a dask DataFrame, got a dask Series; pass series.to_frame\(\)"):
        sbd.solve(series)
    assert list(sbd.solve(series.to_frame()).compute(scheduler="sync")["status"]) == ["solved"]


def test_dask_reads_the_columns_its_csv_reader_makes(tmp_path):
    """Issue 52, item 15: dask's CSV reader with dtype=str (the docs' way) keeps the 0-blank
    puzzles whole; a categorical column is read as its strings; a float column is refused
    with the way out."""
    zeros = PUZZLE.replace(".", "0")
    path = tmp_path / "p.csv"
    path.write_text(f"puzzle,solution\n{zeros},{SOLUTION}\n")
    df = dd.read_csv(path, dtype=str)
    assert list(sbd.validate(df, "puzzle", "solution").compute(scheduler="sync")["status"]) == ["valid"]
    categorical = dd.from_pandas(pd.DataFrame({"puzzle": pd.Series([PUZZLE, PUZZLE], dtype="category")}), npartitions=1)
    assert list(sbd.solve(categorical).compute(scheduler="sync")["status"]) == ["solved", "solved"]
    floats = dd.from_pandas(pd.DataFrame({"puzzle": [1.0e80]}), npartitions=1)
    with pytest.raises(TypeError, match="read the column as strings"):
        sbd.solve(floats).compute(scheduler="sync")


def test_dask_threads_none_is_every_core_per_partition():
    """Issue 52, item 17: the hint says ``int | None`` and None runs, as documented."""
    import inspect

    assert inspect.signature(sbd.solve).parameters["threads"].annotation == "int | None"
    df = dd.from_pandas(pd.DataFrame({"puzzle": [PUZZLE]}), npartitions=1)
    assert list(sbd.solve(df, threads=None).compute(scheduler="sync")["status"]) == ["solved"]
    with pytest.raises(TypeError, match="threads: expected an int"):
        sbd.solve(df, threads="2")
