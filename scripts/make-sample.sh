#!/usr/bin/env bash
# Regenerates datasets/sample_10k.txt: 10,000 proper, minimal puzzles made by this project's
# own generator (`sudoku-bulk generate`), seed 2026. The output does not depend on the thread
# count, so the file is reproducible anywhere; its checksum is in datasets/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
{
  echo "# 10,000 proper minimal puzzles: sudoku-bulk generate --count 10000 --seed 2026"
  target/release/sudoku-bulk generate --count 10000 --seed 2026
} > datasets/sample_10k.txt
sha256sum datasets/sample_10k.txt
