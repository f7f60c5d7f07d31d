"""Speed of sudoku_bulk.spark on a local Spark session against the CLI on the same Parquet
file, and where Spark's time goes.

    python python/benches/cluster.py [--datasets DIR] [--rounds R] [--cli PATH]

Writes two Parquet files to a temporary folder (never to the repository), from the corpora in
DIR (default $SUDOKU_DATASETS, else ../shared/datasets):

- ``hardest``: 200,000 rows (``--hard-rows``) of puzzles5_forum_hardest_1905_11+, repeated,
  where solving dominates;
- ``kaggle``: 1,000,000 rows (``--kaggle-rows``) of the Kaggle sample's ``quizzes,solutions``,
  repeated, easy puzzles, where Spark's own cost per row dominates.

Each in 20,000-row row groups, so that Spark can split it into a partition per core. Then a
Spark session on ``local[2]`` (``--master``) is started and warmed, and each round times, one
after another:

- ``cli``: ``sudoku-bulk validate -j 2 -q -o /dev/null FILE`` (the whole process);
- ``spark``: ``sudoku_bulk.spark.validate`` on ``spark.read.parquet(FILE)``, run by writing
  to Spark's ``noop`` sink (the job alone: the session is up and warm);
- ``scan``: the same read written to ``noop`` with nothing applied (Spark's reading);
- ``arrow``: ``mapInArrow`` with a function that returns each batch as it came (reading, plus
  the Arrow round trip to the Python workers and back), with our columns' shape added empty.

It prints each one's median seconds and rows/s, spark over cli as a rate, and the split
scan / arrow round trip / our validate (spark - arrow).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

ROOT = Path(__file__).resolve().parents[2]


def lines(path: Path) -> list:
    """The puzzles of a one-a-line corpus."""
    text = path.read_text()
    return [line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#")]


def repeated(values: list, rows: int) -> list:
    """``values`` over and over, ``rows`` of them."""
    return (values * (rows // len(values) + 1))[:rows]


def write(path: Path, columns: dict) -> Path:
    """A Parquet file of string columns, in 20,000-row row groups, without dictionary
    encoding: the rows repeat, and a dictionary would make the file far smaller than one of
    as many distinct puzzles, so small that Spark would read it as one partition."""
    pq.write_table(pa.table(columns), path, row_group_size=20_000, use_dictionary=False)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default_datasets = os.environ.get("SUDOKU_DATASETS", str(ROOT.parent / "shared" / "datasets"))
    parser.add_argument("--datasets", default=default_datasets)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--hard-rows", type=int, default=200_000)
    parser.add_argument("--kaggle-rows", type=int, default=1_000_000)
    parser.add_argument("--master", default="local[2]")
    parser.add_argument("--cli", default=str(ROOT / "target" / "release" / "sudoku-bulk"))
    args = parser.parse_args()

    datasets = Path(args.datasets)
    hardest = datasets / "puzzles5_forum_hardest_1905_11+"
    kaggle = datasets / "kaggle_1m_head25k.csv"
    if not hardest.exists() or not kaggle.exists():
        sys.exit(f"cluster.py: no {hardest.name} or {kaggle.name} in {datasets} (--datasets)")

    folder = Path(tempfile.mkdtemp(prefix="sudoku-bulk-cluster-"))
    kaggle_rows = [line.split(",") for line in lines(kaggle)[1:]]
    files = {
        "hardest": (
            write(folder / "hardest.parquet", {"puzzle": repeated(lines(hardest), args.hard_rows)}),
            args.hard_rows,
            None,
        ),
        "kaggle": (
            write(
                folder / "kaggle.parquet",
                {
                    "quizzes": repeated([r[0] for r in kaggle_rows], args.kaggle_rows),
                    "solutions": repeated([r[1] for r in kaggle_rows], args.kaggle_rows),
                },
            ),
            args.kaggle_rows,
            "solutions",
        ),
    }

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession

    from sudoku_bulk import spark as sbs

    spark = (
        SparkSession.builder.master(args.master)
        .appName("sudoku-bulk cluster bench")
        .config("spark.ui.enabled", "false")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")

    def cli_seconds(path: Path) -> float:
        started = time.perf_counter()
        done = subprocess.run(
            [args.cli, "validate", "-j", "2", "-q", "--max-messages", "0", "-o", "/dev/null", str(path)],
            capture_output=True,
            text=True,
        )
        if done.returncode not in (0, 1):
            sys.exit(f"cluster.py: the CLI failed on {path}: {done.stderr}")
        return time.perf_counter() - started

    def job_seconds(df) -> float:
        started = time.perf_counter()
        df.write.format("noop").mode("overwrite").save()
        return time.perf_counter() - started

    print(f"Spark {spark.version} on {spark.sparkContext.master}, "
          f"{spark.sparkContext.defaultParallelism} cores; python {sys.version.split()[0]}; "
          f"{args.rounds} rounds, medians")
    for name, (path, rows, solutions) in files.items():
        df = spark.read.parquet(str(path))
        column = df.columns[0]
        runs = {
            "cli": lambda: cli_seconds(path),
            "spark": lambda: job_seconds(sbs.validate(df, column, solutions)),
            "scan": lambda: job_seconds(df),
            "arrow": lambda: job_seconds(df.mapInArrow(lambda batches: batches, df.schema)),
        }
        for run in runs.values():  # warm-up: the JVM's code, the workers, the page cache
            run()
        times = {key: [] for key in runs}
        for _ in range(args.rounds):
            for key, run in runs.items():
                times[key].append(run())
        median = {key: statistics.median(values) for key, values in times.items()}
        partitions = df.rdd.getNumPartitions()
        print(f"\n{name}: {rows:,} rows, {partitions} partitions, {path.stat().st_size / 1e6:.0f} MB")
        print("| run | median s | rows/s |")
        print("|---|---:|---:|")
        for key, seconds in median.items():
            print(f"| {key} | {seconds:.3f} | {rows / seconds:,.0f} |")
        print(f"spark rate / cli rate: {median['cli'] / median['spark']:.2f}x; "
              f"spark's time: scan {median['scan']:.2f} s, Arrow round trip "
              f"{median['arrow'] - median['scan']:.2f} s, our validate "
              f"{median['spark'] - median['arrow']:.2f} s")
    spark.stop()


if __name__ == "__main__":
    main()
