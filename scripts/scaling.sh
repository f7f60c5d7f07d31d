#!/usr/bin/env bash
# Wall time and peak anonymous memory of `sudoku-bulk solve` on a 1,000,000-puzzle file, with
# 1 thread and with 2: ROUNDS rounds (default 5), alternating, medians and their ratio.
#
# The file repeats the 17-clue corpus (../shared/datasets/puzzles2_17_clue, or
# $SUDOKU_DATASETS) up to 1,000,000 puzzles; it is written to $TMPDIR, never to the repository.
# Peak RssAnon is sampled from /proc every 10 ms: VmHWM would count the pages of the mapped
# input file too, which are the page cache's, not the process's own.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/measure.sh
source scripts/measure.sh
datasets=${SUDOKU_DATASETS:-../shared/datasets}
corpus="$datasets/puzzles2_17_clue"
[ -f "$corpus" ] || { echo "scaling.sh: no corpus at $corpus (set SUDOKU_DATASETS)"; exit 0; }
count=${COUNT:-1000000}
input=${TMPDIR:-/tmp}/sudoku-bulk-1m.txt
if [ ! -f "$input" ] || [ "$(wc -l < "$input")" -ne "$count" ]; then
  grep -v '^#' "$corpus" | tr -d '\r' | repeat_lines "$count" > "$input"
fi
cargo build --release --quiet
bin=target/release/sudoku-bulk
echo "input: $input ($(wc -l < "$input") puzzles, $(du -h "$input" | cut -f1))"
cat "$input" > /dev/null # into the page cache: time the solving, not the disk

# One timed run, with nothing else running beside it: prints "seconds output_lines".
timed() {
  local out=${TMPDIR:-/tmp}/sudoku-bulk-1m.out start end
  start=$(date +%s.%N)
  "$bin" solve -q -j "$1" "$input" -o "$out"
  end=$(date +%s.%N)
  echo "$(echo "$end - $start" | bc -l) $(wc -l < "$out")"
  rm -f "$out"
}

# One run watched for memory: prints its peak RssAnon in KiB.
solve_peak_rss() {
  local out=${TMPDIR:-/tmp}/sudoku-bulk-1m.out
  peak_rss "$bin" solve -q -j "$1" "$input" -o "$out"
  rm -f "$out"
}

# Rounds alternate 1 and 2 threads, so that both see the same machine (it is shared and noisy).
rounds=${ROUNDS:-5}
results=${TMPDIR:-/tmp}/sudoku-bulk-scaling.txt
: > "$results"
for round in $(seq "$rounds"); do
  for threads in 1 2; do
    read -r secs lines < <(timed "$threads")
    printf 'round %s, threads %s: %.3f s, %s output lines\n' "$round" "$threads" "$secs" "$lines"
    echo "$threads $secs" >> "$results"
  done
done
t1=$(awk '$1 == 1 { print $2 }' "$results" | median)
t2=$(awk '$1 == 2 { print $2 }' "$results" | median)
peak1=$(solve_peak_rss 1)
peak2=$(solve_peak_rss 2)
printf 'median of %s rounds: 1 thread %.3f s (%.0f puzzles/s), 2 threads %.3f s (%.0f puzzles/s)\n' \
  "$rounds" "$t1" "$(echo "$count / $t1" | bc -l)" "$t2" "$(echo "$count / $t2" | bc -l)"
printf 'time(2 threads) / time(1 thread) = %.3f\n' "$(echo "$t2 / $t1" | bc -l)"
printf 'peak RssAnon: 1 thread %s KiB, 2 threads %s KiB\n' "$peak1" "$peak2"
