"""Speed of the Python API against the CLI's in-process `bench`, on the same puzzles.

    python python/benches/speed.py FILE [--threads N] [--rounds R] [--cli PATH]

FILE holds one puzzle a line (datasets/sample_10k.txt repeated, say). Each round runs
`sudoku-bulk bench --mode first -j N --rounds 1 FILE` (which times the solver alone, the
puzzles parsed beforehand), then times `sb.solve` on a pyarrow string array and on a list of
str and `sb.solve_array` on an (N, 81) uint8 array, with N threads, then two Python threads
each calling `solve(threads=1)` against one such call, and as the machine's own yardstick two
`sudoku-bulk solve -j 1` processes at once against one. Prints the medians over the rounds
and each rate's ratio to the bench's.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import threading
import time

import numpy as np
import pyarrow as pa

import sudoku_bulk as sb


def seconds(work) -> float:
    """The wall time of one call of `work`."""
    started = time.perf_counter()
    work()
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--cli", default="target/release/sudoku-bulk")
    args = parser.parse_args()

    with open(args.file) as f:
        lines = [line.strip() for line in f if line.strip() and not line.startswith("#")]
    n = len(lines)
    array = pa.array(lines, pa.string())
    grids = (
        np.frombuffer("".join(lines).replace(".", "0").encode(), dtype=np.uint8).reshape(n, 81)
        - ord("0")
    )
    t = args.threads

    def bench_rate() -> float:
        """One run of the CLI's bench: puzzles/s of the solver alone, in process."""
        out = subprocess.run(
            [args.cli, "bench", "--mode", "first", "-j", str(t), "--rounds", "1",
             "--output-format", "json", args.file],
            capture_output=True, text=True, check=True,
        ).stdout
        return float(json.loads(out.splitlines()[0])["puzzles_per_second"])

    def cli_solve() -> subprocess.Popen:
        """A whole `sudoku-bulk solve -j 1` of the file, started."""
        return subprocess.Popen(
            [args.cli, "solve", "-j", "1", "-q", "-o", "/dev/null", args.file],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )

    def two_processes() -> None:
        for process in [cli_solve(), cli_solve()]:
            process.wait()

    def two_threads() -> None:
        workers = [
            threading.Thread(target=sb.solve, args=(array,), kwargs={"threads": 1})
            for _ in range(2)
        ]
        for w in workers:
            w.start()
        for w in workers:
            w.join()

    work = {
        "solve(pyarrow string array)": lambda: sb.solve(array, threads=t),
        "solve(list of str)": lambda: sb.solve(lines, threads=t),
        "solve_array(uint8 (N, 81))": lambda: sb.solve_array(grids, threads=t),
    }
    for call in work.values():
        call()  # warm-up: pools started, pages touched
    # Rounds interleave the bench and our calls, so that a busy machine slows both alike.
    bench, ours, one, two = [], {name: [] for name in work}, [], []
    one_process, two_process = [], []
    for _ in range(args.rounds):
        bench.append(bench_rate())
        for name, call in work.items():
            ours[name].append(n / seconds(call))
        one.append(seconds(lambda: sb.solve(array, threads=1)))
        two.append(seconds(two_threads))
        one_process.append(seconds(lambda: cli_solve().wait()))
        two_process.append(seconds(two_processes))

    median = statistics.median
    print(f"{n} puzzles, {t} thread(s), median of {args.rounds} interleaved rounds")
    print("| what | puzzles/s | vs bench |\n|---|---:|---:|")
    print(f"| sudoku-bulk bench --mode first -j {t} | {median(bench):,.0f} | 1.00x |")
    for name, rates in ours.items():
        print(f"| {name} | {median(rates):,.0f} | {median(rates) / median(bench):.2f}x |")
    print(
        f"two Python threads each solve(pyarrow, threads=1): {median(two):.3f} s; one such "
        f"call alone: {median(one):.3f} s; ratio {median(two) / median(one):.2f}x"
    )
    print(
        f"the machine's own: two `sudoku-bulk solve -j 1` processes at once: "
        f"{median(two_process):.3f} s; one alone: {median(one_process):.3f} s; "
        f"ratio {median(two_process) / median(one_process):.2f}x"
    )


if __name__ == "__main__":
    main()
