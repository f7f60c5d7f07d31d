#!/usr/bin/env bash
# Wall time and peak anonymous memory of `sudoku-bulk solve` on a 1,000,000-puzzle file,
# with 1 thread and with 2 (or the thread counts given as arguments).
#
# The file repeats the 17-clue corpus (../shared/datasets/puzzles2_17_clue, or
# $SUDOKU_DATASETS) up to 1,000,000 puzzles; it is written to $TMPDIR, never to the repository.
# Peak RssAnon is sampled from /proc every 10 ms: VmHWM would count the pages of the mapped
# input file too, which are the page cache's, not the process's own.
set -euo pipefail
cd "$(dirname "$0")/.."
datasets=${SUDOKU_DATASETS:-../shared/datasets}
corpus="$datasets/puzzles2_17_clue"
[ -f "$corpus" ] || { echo "scaling.sh: no corpus at $corpus (set SUDOKU_DATASETS)"; exit 0; }
count=${COUNT:-1000000}
input=${TMPDIR:-/tmp}/sudoku-bulk-1m.txt
if [ ! -f "$input" ] || [ "$(wc -l < "$input")" -ne "$count" ]; then
  grep -v '^#' "$corpus" | tr -d '\r' | awk -v n="$count" '{ a[NR] = $0 } END { for (i = 0; i < n; i++) print a[i % NR + 1] }' > "$input"
fi
cargo build --release --quiet
bin=target/release/sudoku-bulk
echo "input: $input ($(wc -l < "$input") puzzles, $(du -h "$input" | cut -f1))"
cat "$input" > /dev/null # into the page cache: time the solving, not the disk

run() {
  local threads=$1 out=${TMPDIR:-/tmp}/sudoku-bulk-1m.out
  local start end peak=0 pid rss
  start=$(date +%s.%N)
  "$bin" solve -q -j "$threads" "$input" -o "$out" &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    rss=$(awk '/^RssAnon:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || echo 0)
    [ -n "$rss" ] && [ "$rss" -gt "$peak" ] && peak=$rss
    sleep 0.01
  done
  wait "$pid"
  end=$(date +%s.%N)
  local secs
  secs=$(echo "$end - $start" | bc -l)
  printf 'threads %s: %.3f s, %.0f puzzles/s, peak RssAnon %s KiB, %s output lines\n' \
    "$threads" "$secs" "$(echo "$count / $secs" | bc -l)" "$peak" "$(wc -l < "$out")"
  rm -f "$out"
  echo "$secs" > "${TMPDIR:-/tmp}/sudoku-bulk-secs-$threads"
}

for threads in "${@:-1 2}"; do
  for t in $threads; do run "$t"; done
done
if [ -f "${TMPDIR:-/tmp}/sudoku-bulk-secs-1" ] && [ -f "${TMPDIR:-/tmp}/sudoku-bulk-secs-2" ]; then
  printf 'time(2 threads) / time(1 thread) = %.3f\n' \
    "$(echo "$(cat "${TMPDIR:-/tmp}/sudoku-bulk-secs-2") / $(cat "${TMPDIR:-/tmp}/sudoku-bulk-secs-1")" | bc -l)"
fi
