"""sudoku_bulk.spark on a real local Spark session (local[2]), over a Parquet file the tests
write: results equal the CLI's on the same file, rows keep their order, errors are raised on
the driver. Needs pyspark and a Java runtime (Spark 4 needs Java 17): scripts/python-tests.sh
installs pyspark, and .ci/run a JRE where the machine has none."""

from __future__ import annotations

import os
import sys

import pytest

from conftest import CLUSTER_COLUMNS, PUZZLE, SIZED_COLUMNS, SOLUTION, Dataset, assert_equals_cli

pyspark = pytest.importorskip("pyspark", reason="pyspark is not installed: pip install './python[spark]'")

from sudoku_bulk import spark as sbs  # noqa: E402  (after the skip, which needs no pyspark)


@pytest.fixture(scope="module")
def spark():
    """A local Spark session with two worker threads, whose Python workers run this
    interpreter (the one that has sudoku_bulk installed). Batches of 700 rows and input
    splits of 64 KiB, so that the dataset's 3,010 rows arrive as several partitions of
    several batches each."""
    from pyspark.sql import SparkSession

    saved = {name: os.environ.get(name) for name in ("PYSPARK_PYTHON", "PYSPARK_DRIVER_PYTHON")}
    os.environ["PYSPARK_PYTHON"] = os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    session = (
        SparkSession.builder.master("local[2]")
        .appName("sudoku-bulk tests")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", "700")
        .config("spark.sql.files.maxPartitionBytes", "65536")
        .config("spark.sql.files.openCostInBytes", "0")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()
    for name, value in saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


@pytest.fixture(scope="module")
def frame(spark, dataset):
    """The dataset as a Spark DataFrame, read from its Parquet file."""
    df = spark.read.parquet(str(dataset.path))
    assert df.rdd.getNumPartitions() > 1, "the test wants several partitions"
    return df


def run(task: str, frame, **options):
    """One adapter's output on the dataset's frame (``options``: ``size``, ``box``,
    ``with_size``, for the tasks that take them)."""
    if task == "solve":
        return sbs.solve(frame, "puzzle", **options)
    if task == "count":
        return sbs.count(frame, "puzzle", limit=Dataset.limit, **options)
    if task == "rate":
        return sbs.rate(frame, "puzzle")
    return sbs.validate(frame, "puzzle", "solution", **options)


@pytest.mark.parametrize("task", ["solve", "count", "validate", "rate"])
def test_spark_equals_the_cli_on_the_same_parquet_file(task, frame, dataset):
    out = run(task, frame)
    assert out.columns == ["id", "puzzle", "solution"] + CLUSTER_COLUMNS[task]
    rows = [row.asDict() for row in out.collect()]  # partitions in order, rows in order within
    assert_equals_cli(dataset, task, rows)


def test_spark_column_types(frame):
    kinds = {field.name: field.dataType.simpleString() for field in sbs.count(frame, "puzzle").schema}
    assert kinds == {
        "id": "bigint",
        "puzzle": "string",
        "solution": "string",
        "status": "string",
        "count": "bigint",
        "guesses": "bigint",
        "error": "string",
    }


def test_spark_rate_column_types_and_a_map_per_row(frame):
    out = sbs.rate(frame, "puzzle")
    kinds = {field.name: field.dataType.simpleString() for field in out.schema}
    assert {name: kinds[name] for name in CLUSTER_COLUMNS["rate"]} == {
        "status": "string",
        "rating": "double",
        "ep": "double",
        "ed": "double",
        "rating_at_least": "double",
        "technique": "string",
        "steps": "map<string,bigint>",
        "count": "bigint",
        "error": "string",
    }
    first = out.filter(out.id == 0).collect()[0]
    assert isinstance(first.steps, dict) and sum(first.steps.values()) > 0


def test_spark_reads_binary_columns_and_takes_threads(spark):
    df = spark.createDataFrame([(bytearray(PUZZLE.encode()),), (None,)], "puzzle binary")
    rows = sbs.solve(df, threads=2).collect()
    assert [(r.status, r.solution, r.error) for r in rows] == [
        ("solved", SOLUTION, None),
        ("missing", None, "null input"),
    ]


def test_spark_threads_default_to_the_task_cpus(spark, monkeypatch):
    seen = []
    real = sbs.make_job

    def spy(*args, **kwargs):
        job = real(*args, **kwargs)
        seen.append(job.threads)
        return job

    monkeypatch.setattr(sbs, "make_job", spy)
    df = spark.createDataFrame([(PUZZLE,)], "puzzle string")
    sbs.solve(df)
    sbs.solve(df, threads=3)
    assert seen == [int(spark.conf.get("spark.task.cpus", "1")), 3]


def test_spark_errors_are_raised_on_the_driver(spark):
    df = spark.createDataFrame([(1, PUZZLE)], "id long, grid string")
    with pytest.raises(ValueError, match="no column 'puzzle' in the DataFrame; its columns are 'id', 'grid'"):
        sbs.solve(df)
    with pytest.raises(TypeError, match="column 'id': expected strings or binary, got bigint; read puzzles as strings"):
        sbs.solve(df, "id")
    with pytest.raises(ValueError, match="solver"):
        sbs.solve(df, "grid", solver="quantum")
    with pytest.raises(ValueError, match="limit"):
        sbs.count(df, "grid", limit=0)
    with pytest.raises(ValueError, match="no column 'answer'"):
        sbs.validate(df, "grid", "answer")


def test_our_columns_never_repeat_the_inputs_whatever_the_case(spark):
    df = spark.createDataFrame([(PUZZLE, "a", "b", "c")], ["puzzle", "status", "status_out", "Error"])
    out = sbs.validate(df, "puzzle")
    assert out.columns == ["puzzle", "status", "status_out", "Error", "status_out2", "error_out"]
    row = out.collect()[0]
    assert (row["status"], row["status_out"], row["status_out2"]) == ("a", "b", "valid")


#: The ``size`` column of the mixed sized dataset, row by row.
MIXED_SIZES = ["4x4"] * 3 + ["6x6"] * 3 + ["8x8"] * 2 + ["9x9"] * 3 + ["12x12"] * 2 + ["16x16", "9x9 pencilmarks", None, None]


@pytest.mark.parametrize("task", ["solve", "count", "validate"])
def test_spark_takes_every_size_and_says_it_as_the_cli_does(task, spark, sized_datasets):
    mixed = sized_datasets["mixed"]
    out = run(task, spark.read.parquet(str(mixed.path)), with_size=True)
    assert out.columns == ["id", "puzzle", "solution"] + SIZED_COLUMNS[task]
    assert out.schema["size"].dataType.simpleString() == "string"
    rows = [row.asDict() for row in out.collect()]
    assert [row["size"] for row in rows] == MIXED_SIZES
    assert_equals_cli(mixed, task, rows, columns=SIZED_COLUMNS[task])
    if task == "validate":  # the spoilt answer, the pencilmark puzzle's, the line of no size
        statuses = [row["status"] for row in rows]
        assert statuses[:2] == ["valid", "answer disagrees with givens"]
        assert statuses[-4:] == ["valid", "valid", "malformed", "missing"]


def test_spark_box_and_size_read_tall_boxes_as_the_cli_does(spark, sized_datasets):
    tall = sized_datasets["tall"]
    df = spark.read.parquet(str(tall.path))
    out = sbs.validate(df, "puzzle", "solution", box="3x2", with_size=True)
    rows = [row.asDict() for row in out.collect()]
    assert [row["status"] for row in rows] == ["valid"] * 6 + ["missing"]
    assert [row["size"] for row in rows] == ["6x6 (boxes 3x2)"] * 6 + [None]
    options = ("--box", "3x2")
    assert_equals_cli(tall, "validate", rows, options, columns=SIZED_COLUMNS["validate"])
    # Read as 2x3 boxes (without box=), they are other puzzles; size=6 alone says so too.
    for plain in (sbs.validate(df, "puzzle", "solution"), sbs.validate(df, "puzzle", "solution", size=6)):
        assert [row.status for row in plain.collect()][:6] != ["valid"] * 6
    solved = sbs.solve(df, size=6, box=(3, 2)).collect()
    assert [row.solution_out for row in solved] == tall.table["solution"].to_pylist()
    assert "size" not in sbs.solve(df, box="3x2").columns


def test_spark_size_errors_are_raised_on_the_driver(spark):
    df = spark.createDataFrame([(PUZZLE,)], "puzzle string")
    with pytest.raises(ValueError, match="--size 7: sizes run from 4 to 25"):
        sbs.solve(df, size=7)
    with pytest.raises(ValueError, match="--box 3x3 makes 9x9 grids, not --size 6"):
        sbs.count(df, size=6, box="3x3")
    with pytest.raises(TypeError, match="box: expected"):
        sbs.validate(df, box=3.5)


def test_spark_takes_columns_whose_names_hold_dots_and_backticks(spark):
    """Issue 52, item 12: a name with ``.`` or a backtick, the puzzles' or another's."""
    df = spark.createDataFrame([(1, PUZZLE, SOLUTION, "x")], ["a.b", "my.puzzle", "the`solution", "c`.d"])
    out = sbs.validate(df, "my.puzzle", "the`solution")
    assert out.columns == ["a.b", "my.puzzle", "the`solution", "c`.d", "status", "error"]
    assert [tuple(row) for row in out.collect()] == [(1, PUZZLE, SOLUTION, "x", "valid", None)]
    solved = sbs.solve(df, "my.puzzle").collect()[0]
    assert solved["solution"] == SOLUTION and solved["a.b"] == 1
    assert sbs.rate(df.withColumnRenamed("my.puzzle", "p`q"), "p`q").collect()[0]["status"] == "rated"


def test_spark_says_what_it_wanted_for_a_frame_of_another_kind():
    """Issue 52, item 14: a pandas DataFrame is not a Spark one."""
    import pandas as pd

    with pytest.raises(TypeError, match=r"df: expected a Spark DataFrame \(pyspark.sql.DataFrame\), got pandas.*DataFrame; for a pandas frame call sudoku_bulk.solve"):
        sbs.solve(pd.DataFrame({"puzzle": [PUZZLE]}))
    with pytest.raises(TypeError, match="df: expected a Spark DataFrame"):
        sbs.validate([PUZZLE])


def test_spark_says_to_set_pyspark_python_when_its_workers_lack_the_package(spark, tmp_path, monkeypatch):
    """Issue 52, item 16: on a local master, a worker Python without this package (here a
    fresh virtualenv) is found on the driver, and the message says what to set."""
    import subprocess
    import venv

    bare = tmp_path / "bare"
    venv.create(bare, with_pip=False)
    python = str(bare / "bin" / "python")
    assert subprocess.run([python, "-c", "import sudoku_bulk"], capture_output=True).returncode != 0
    monkeypatch.setattr(spark.sparkContext, "pythonExec", python)
    df = spark.createDataFrame([(PUZZLE,)], "puzzle string")
    with pytest.raises(RuntimeError, match=r"Spark's Python workers run .*bare/bin/python.*, which cannot import sudoku_bulk \(ModuleNotFoundError.*set PYSPARK_PYTHON"):
        sbs.solve(df).collect()
    monkeypatch.undo()
    assert sbs.solve(df).collect()[0]["status"] == "solved"
