#!/usr/bin/env bash
# Runs the speed table (benches/table.rs) and logs what the figures depend on: the machine,
# the compiler and the build. Arguments go to the table harness (corpus files, for example);
# BENCH_ROUNDS, BENCH_MAX_PUZZLES and SUDOKU_DATASETS are read by it.
#
#   scripts/bench.sh                      # the five corpora in ../shared/datasets
#   scripts/bench.sh path/to/puzzles.txt  # other files
#   BENCH_SHUFFLE=none scripts/bench.sh   # the files' own order (default: random isomorphs,
#                                         # BENCH_SHUFFLE=1; any integer is a seed)
#   TDOKU_LIB=path/to/libtdoku.so scripts/bench.sh
#       # tdoku too, in the same rounds: a shared library of tdoku's solver that you built
#       # from your own checkout of github.com/t-dillon/tdoku with its own build (the
#       # harness loads it and calls TdokuSolverDpllTriadSimd); this project builds none of it
#   FASTDOKU_LIB=path/to/libfastdoku_c.so scripts/bench.sh
#       # fastdoku too: a shared library of your own harness around your own fastdoku build
#       # (github.com/rocketbombs/fastdoku), exporting fastdoku_solve with the C signature and
#       # meaning of tdoku's entry point (docs/speed.md, "The peers"); this project builds none of it
# With a peer given, the output ends with our ratio to the faster peer per corpus and mode.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

if [[ -n "${TDOKU_LIB:-}" && ! -f "$TDOKU_LIB" ]]; then
    echo "bench.sh: TDOKU_LIB=$TDOKU_LIB is not a file: it should name a shared library of" \
        "tdoku's solver, built from a checkout of github.com/t-dillon/tdoku" >&2
    exit 1
fi
if [[ -n "${FASTDOKU_LIB:-}" && ! -f "$FASTDOKU_LIB" ]]; then
    echo "bench.sh: FASTDOKU_LIB=$FASTDOKU_LIB is not a file: it should name a shared library" \
        "exporting fastdoku_solve, built by you around your own fastdoku build" >&2
    exit 1
fi

# Random isomorphs by default, as tdoku's own benchmark times them: no solver is flattered by
# the order or orientation a file happens to list its puzzles in.
BENCH_SHUFFLE=${BENCH_SHUFFLE:-1}
if [[ "$BENCH_SHUFFLE" == none ]]; then
    unset BENCH_SHUFFLE
else
    export BENCH_SHUFFLE
fi

# The value of KEY in Cargo.toml's [profile.release], or nothing.
release_setting() {
    awk -v key="$1" '
        /^\[/ { section = $0; next }
        section == "[profile.release]" && $1 == key {
            sub(/^[^=]*=[ \t]*/, ""); sub(/[ \t]*#.*$/, ""); gsub(/"/, ""); print; exit
        }' Cargo.toml
}

echo "## Machine"
echo
if command -v lscpu >/dev/null; then
    model=$(lscpu | sed -n 's/^Model name:[[:space:]]*//p' | head -n 1)
    cores=$(lscpu | sed -n 's/^Core(s) per socket:[[:space:]]*//p' | head -n 1)
    sockets=$(lscpu | sed -n 's/^Socket(s):[[:space:]]*//p' | head -n 1)
    threads=$(lscpu | sed -n 's/^Thread(s) per core:[[:space:]]*//p' | head -n 1)
    echo "- CPU: ${model:-unknown}; ${sockets:-?} socket(s) x ${cores:-?} core(s) x ${threads:-?} thread(s)"
else
    echo "- CPU: unknown (no lscpu)"
fi
echo "- nproc: $(nproc)"
echo
echo "## Compiler"
echo
echo '```'
rustc -vV
echo '```'
echo
echo "## Build (cargo bench: profile bench, which inherits release)"
echo
opt_level=$(release_setting opt-level)
lto=$(release_setting lto)
codegen_units=$(release_setting codegen-units)
echo "- opt-level: ${opt_level:-3 (default)}"
echo "- lto: ${lto:-false (default)}"
echo "- codegen-units: ${codegen_units:-16 (default)}"
echo "- RUSTFLAGS: ${RUSTFLAGS:-(not set)}"
if [[ -n "${BENCH_SHUFFLE:-}" ]]; then
    echo "- puzzles: random isomorphs, BENCH_SHUFFLE=$BENCH_SHUFFLE"
else
    echo "- puzzles: the files' own order"
fi
if [[ -n "${TDOKU_LIB:-}" ]]; then
    echo "- tdoku: $TDOKU_LIB (built by the user; say its commit, compiler and flags with the figures)"
fi
if [[ -n "${FASTDOKU_LIB:-}" ]]; then
    echo "- fastdoku: $FASTDOKU_LIB (built by the user; say its commit, flags and harness with the figures)"
fi
echo
echo "## Results"
echo
cargo bench --bench table -- "$@"
