# Helpers shared by scaling.sh and dataset-bench.sh; sourced, not run.

# Runs a command and prints its peak RssAnon in KiB, sampled from /proc every 10 ms. VmHWM
# would count the pages of a mapped input, which are the page cache's, not the process's.
# Sampling forks and would steal CPU from a timed run, so give it runs of its own. The
# command's exit status is not checked (validate exits 1 for a file with bad rows).
peak_rss() {
  local peak=0 pid rss
  "$@" &
  pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    rss=$(awk '/^RssAnon:/ { print $2 }' "/proc/$pid/status" 2>/dev/null || echo 0)
    [ -n "$rss" ] && [ "$rss" -gt "$peak" ] && peak=$rss
    sleep 0.01
  done
  wait "$pid" || true
  echo "$peak"
}

# The median of the numbers on stdin, one a line.
median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

# Stdin's lines, repeated in order up to $1 lines.
repeat_lines() { awk -v n="$1" '{ a[NR] = $0 } END { for (i = 0; i < n; i++) print a[i % NR + 1] }'; }
