#!/usr/bin/env bash
# Runs the speed table (benches/table.rs) and logs what the figures depend on: the machine,
# the compiler and the build. Arguments go to the table harness (corpus files, for example);
# BENCH_ROUNDS, BENCH_MAX_PUZZLES and SUDOKU_DATASETS are read by it.
#
#   scripts/bench.sh                      # the five corpora in ../shared/datasets
#   scripts/bench.sh path/to/puzzles.txt  # other files
#   TDOKU_DIR=~/src/tdoku scripts/bench.sh
#       # tdoku too, in the same rounds: its solver is built from that checkout
#       # (github.com/t-dillon/tdoku) into target/tdoku/libtdoku.so, with $CXX (default g++)
#       # and TDOKU_FLAGS (default "-O3 -march=native", tdoku's own default build)
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

# How tdoku is compiled: built here and logged below.
tdoku_flags="${TDOKU_FLAGS:--O3 -march=native} -std=c++17 -DNDEBUG"

# Builds tdoku's solver as a shared library the table harness loads (TDOKU_LIB).
build_tdoku() {
    local src="$TDOKU_DIR/src"
    if [[ ! -f "$src/solver_dpll_triad_simd.cc" || ! -f "$src/util.cc" ]]; then
        echo "bench.sh: TDOKU_DIR=$TDOKU_DIR has no src/solver_dpll_triad_simd.cc and" \
            "src/util.cc: it should be a checkout of github.com/t-dillon/tdoku" >&2
        exit 1
    fi
    mkdir -p target/tdoku
    # util.cc: the solver's file also holds tdoku's puzzle generator, which needs it.
    # shellcheck disable=SC2086 # tdoku_flags is a list of flags
    "${CXX:-g++}" $tdoku_flags -shared -fPIC \
        -o target/tdoku/libtdoku.so "$src/solver_dpll_triad_simd.cc" "$src/util.cc"
    export TDOKU_LIB="$PWD/target/tdoku/libtdoku.so"
}

if [[ -n "${TDOKU_DIR:-}" ]]; then
    build_tdoku
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
if [[ -n "${TDOKU_DIR:-}" ]]; then
    commit=$(git -C "$TDOKU_DIR" rev-parse --short HEAD 2>/dev/null || echo "not a git checkout")
    echo "- tdoku: $TDOKU_DIR ($commit), $("${CXX:-g++}" --version | head -n 1)," \
        "flags: $tdoku_flags"
fi
echo
echo "## Results"
echo
cargo bench --bench table -- "$@"
