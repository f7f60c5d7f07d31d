#!/usr/bin/env bash
# Time and peak memory of `validate` on 1,000,000 Kaggle-style rows, as each input kind:
# plain CSV, gzip, zstd, bzip2, xz (and any further kind a file exists for). ROUNDS rounds
# (default 5), the kinds alternating within each round, medians, and each kind's time over
# the plain CSV's. KINDS (default "gz zst bz2 xz") picks the compressed kinds; EXTRA_INPUTS
# adds files (a Parquet file of the same rows, say).
#
# The rows repeat the Kaggle sample (../shared/datasets/kaggle_1m_head25k.csv, or
# $SUDOKU_DATASETS) up to COUNT (default 1,000,000); the files are written to $TMPDIR, never to
# the repository. Peak RssAnon is sampled from /proc every 10 ms in runs of their own: VmHWM
# would count the pages of a mapped input, which are the page cache's, not the process's.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/measure.sh
source scripts/measure.sh
datasets=${SUDOKU_DATASETS:-../shared/datasets}
sample="$datasets/kaggle_1m_head25k.csv"
[ -f "$sample" ] || { echo "dataset-bench.sh: no sample at $sample (set SUDOKU_DATASETS)"; exit 0; }
count=${COUNT:-1000000}
threads=${THREADS:-2}
dir=${TMPDIR:-/tmp}/sudoku-bulk-dataset-bench
mkdir -p "$dir"
plain="$dir/kaggle-$count.csv"
if [ ! -f "$plain" ] || [ "$(($(wc -l < "$plain") - 1))" -ne "$count" ]; then
  { head -n 1 "$sample"; tail -n +2 "$sample" | tr -d '\r' |
      repeat_lines "$count"; } > "$plain"
fi
wanted=" ${KINDS:-gz zst bz2 xz} "
want() { [[ $wanted == *" $1 "* ]]; }
want gz && { [ -f "$plain.gz" ] || gzip -6 -k -c "$plain" > "$plain.gz"; }
want zst && command -v zstd >/dev/null && { [ -f "$plain.zst" ] || zstd -q -3 -c "$plain" > "$plain.zst"; }
want bz2 && command -v bzip2 >/dev/null && { [ -f "$plain.bz2" ] || bzip2 -c "$plain" > "$plain.bz2"; }
want xz && command -v xz >/dev/null && { [ -f "$plain.xz" ] || xz -T1 -3 -c "$plain" > "$plain.xz"; }
cargo build --release --quiet --bin sudoku-bulk
bin=target/release/sudoku-bulk
kinds=("$plain")
for kind in gz zst bz2 xz; do
  want "$kind" && [ -f "$plain.$kind" ] && kinds+=("$plain.$kind")
done
for f in ${EXTRA_INPUTS:-}; do
  [ -f "$f" ] && kinds+=("$f")
done
echo "rows: $count (validate, -j $threads); inputs:"
for f in "${kinds[@]}"; do printf '  %s (%s)\n' "$f" "$(du -h "$f" | cut -f1)"; done
cat "${kinds[@]}" > /dev/null # into the page cache

# Prints a run's wall seconds and its CPU seconds (user + system). On a machine whose cores
# others use too, the wall time grows and the CPU time hardly: the CPU ratio is the best wall
# ratio the cores allow.
timed() {
  local times TIMEFORMAT='%R %U %S'
  times=$( { time "$bin" validate -q -j "$threads" --max-messages 0 -o /dev/null "$1" \
    || [ $? -eq 1 ]; } 2>&1)
  echo "$times" | awk '{ print $1, $2 + $3 }'
}

rounds=${ROUNDS:-5}
results="$dir/results.txt"
: > "$results"
for round in $(seq "$rounds"); do
  for i in "${!kinds[@]}"; do
    echo "$i $(timed "${kinds[$i]}")" >> "$results"
  done
done
base=$(awk '$1 == 0 { print $2 }' "$results" | median)
base_cpu=$(awk '$1 == 0 { print $3 }' "$results" | median)
printf '\n| input | median s | rows/s | over plain CSV | CPU s | CPU over plain CSV | peak RssAnon KiB |\n'
printf '|---|---:|---:|---:|---:|---:|---:|\n'
for i in "${!kinds[@]}"; do
  t=$(awk -v i="$i" '$1 == i { print $2 }' "$results" | median)
  c=$(awk -v i="$i" '$1 == i { print $3 }' "$results" | median)
  printf '| %s | %.3f | %.0f | %.2fx | %.2f | %.2fx | %s |\n' "$(basename "${kinds[$i]}")" "$t" \
    "$(echo "$count / $t" | bc -l)" "$(echo "$t / $base" | bc -l)" "$c" \
    "$(echo "$c / $base_cpu" | bc -l)" \
    "$(peak_rss "$bin" validate -q -j "$threads" --max-messages 0 -o /dev/null "${kinds[$i]}")"
done
echo "(median of $rounds rounds, kinds interleaved within each round; CPU: user + system)"
