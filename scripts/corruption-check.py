#!/usr/bin/env python3
"""Corrupt 1% of a 5,000,000-line input at random, solve it, and check the account.

The input repeats the project's own sample (datasets/sample_10k.txt). A corrupted line is
made certainly malformed: a cell deleted, a character inserted, a character replaced by one
that is neither a digit nor a blank (a letter, NUL, a control byte), or the line cut short
(never to nothing, nor starting with `#`: blank and comment lines are not records).
The check: exactly one output record per input line, in order; an `error: line N:` record on
exactly the corrupted lines, N being the input line; a valid solution (keeping the givens)
everywhere else (every line's shape is checked, every 97th solution fully). Also checks that
the report lists exactly the corrupted lines.

Usage: scripts/corruption-check.py [LINES] [SEED]   (defaults: 5000000, 2026)
"""
import os
import random
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def valid_solution(puzzle: str, answer: str) -> bool:
    if len(answer) != 81 or not answer.isdigit() or "0" in answer:
        return False
    if any(p not in "._0" and p != a for p, a in zip(puzzle, answer)):
        return False
    for i in range(9):
        row = answer[i * 9:i * 9 + 9]
        col = answer[i::9]
        box = "".join(answer[(i // 3 * 3 + k // 3) * 9 + i % 3 * 3 + k % 3] for k in range(9))
        if len(set(row)) != 9 or len(set(col)) != 9 or len(set(box)) != 9:
            return False
    return True


def corrupt(line: str, rng: random.Random) -> str:
    kind = rng.randrange(5)
    at = rng.randrange(81)
    if kind == 0:
        return line[:at] + line[at + 1:]
    if kind == 1:
        return line[:at] + rng.choice("123456789.") + line[at:]
    if kind == 2:
        return line[:at] + rng.choice("xZ-\x00\x07") + line[at + 1:]
    if kind == 3:
        return line[:rng.randrange(1, 81)]  # never empty: a blank line is no record
    return line[:at] + "a" + line[at + 1:]


def main() -> int:
    lines = int(sys.argv[1]) if len(sys.argv) > 1 else 5_000_000
    rng = random.Random(int(sys.argv[2]) if len(sys.argv) > 2 else 2026)
    with open(os.path.join(ROOT, "datasets", "sample_10k.txt")) as f:
        sample = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    binary = os.path.join(ROOT, "target", "release", "sudoku-bulk")
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "corrupt.txt")
        puzzles, corrupted = [], set()
        chosen = set(rng.sample(range(1, lines + 1), lines // 100))
        with open(path, "w", newline="") as f:
            for n in range(1, lines + 1):
                line = sample[(n - 1) % len(sample)]
                if n in chosen:
                    line = corrupt(line, rng)
                    corrupted.add(n)
                puzzles.append(line)
                f.write(line + "\n")
        out, report = os.path.join(tmp, "out.txt"), os.path.join(tmp, "bad.csv")
        started = time.time()
        run = subprocess.run([binary, "solve", path, "-o", out, "--report", report],
                             capture_output=True, text=True)
        seconds = time.time() - started
        print(run.stderr.strip().splitlines()[-1])
        if run.returncode != 1:
            print(f"FAIL: exit {run.returncode}, expected 1")
            return 1

        failures = 0
        with open(out, encoding="utf-8", errors="replace") as f:
            records = f.read().split("\n")
        if records[-1] == "":
            records.pop()
        if len(records) != lines:
            print(f"FAIL: {len(records)} output records for {lines} input lines")
            return 1
        for n, (puzzle, record) in enumerate(zip(puzzles, records), start=1):
            if n in corrupted:
                if not record.startswith(f"error: line {n}: malformed: "):
                    failures += 1
                    print(f"FAIL: line {n} was corrupted, output says {record!r}")
            elif record.startswith("error"):
                failures += 1
                print(f"FAIL: line {n} is good, output says {record!r}")
            elif len(record) != 81 or (n % 97 == 0 and not valid_solution(puzzle, record)):
                failures += 1
                print(f"FAIL: line {n}: not a valid solution: {record!r}")
            if failures > 20:
                break
        with open(report, encoding="utf-8", errors="replace") as f:
            reported = {int(row.split(",", 1)[0]) for row in f.read().splitlines()[1:]}
        if reported != corrupted:
            failures += 1
            print(f"FAIL: the report lists {len(reported)} lines, {len(reported ^ corrupted)} wrong")
        print(f"{lines} lines, {len(corrupted)} corrupted; {len(records)} output records; "
              f"solve took {seconds:.1f} s; {'OK' if failures == 0 else f'{failures} failures'}")
        return 0 if failures == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
