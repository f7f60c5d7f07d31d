#!/usr/bin/env bash
# The Python package's checks and tests (python/), as a new user would run them: a virtualenv
# at target/py-venv (made once, then reused), the test and lint dependencies from PyPI; `ruff
# check`, `ruff format --check` and `mypy` (strict, over the package; configured in
# python/pyproject.toml); the package built from this clone with `pip install ./python`
# (maturin, release profile, in the cargo target dir: $CARGO_TARGET_DIR if set, else target/);
# `stubtest`, which checks python/sudoku_bulk/_native.pyi against the module just built; the
# CLI the tests compare with; then pytest.
# Needs python3 (3.9 or later) with venv and pip, a Rust toolchain, PyPI, and for the Spark
# tests a Java 17 runtime (installed from Debian's packages where it is missing and this runs
# as root with apt-get; otherwise it stops and says so). The browser test of the `stats`
# report (test_stats_page.py) needs Chromium: installed from Debian's packages the same way;
# where it cannot be, that test skips and pytest says why (-rs).
#
#   scripts/python-tests.sh            # every test
#   scripts/python-tests.sh -k arrays  # arguments go to pytest
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== python-tests.sh: %s\n' "$*" >&2; }

venv=target/py-venv
python=${PYTHON:-python3}
if [ ! -x "$venv/bin/python" ]; then
  step "virtualenv $venv ($("$python" --version))"
  "$python" -m venv "$venv"
fi
py="$venv/bin/python"

step "test and lint dependencies"
"$py" -m pip install --quiet --disable-pip-version-check --upgrade pip
"$py" -m pip install --quiet --disable-pip-version-check \
  "maturin>=1.9.4,<2" pytest websocket-client pyarrow numpy pandas polars pyspark "dask[dataframe]" "distributed>=2025.1" \
  "ruff>=0.6" "mypy>=1.11" "pyarrow-stubs>=20"

# Before the slow build: these read the sources (and the stub) only.
step "ruff check, ruff format --check, mypy --strict (python/)"
(
  cd python
  "../$venv/bin/ruff" check .
  "../$venv/bin/ruff" format --check .
  "../$venv/bin/mypy"
)

# The Spark tests run a real local Spark session, and Spark 4 needs Java 17 or later.
java_major=$( (java -version 2>&1 || true) | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n 1)
if [ "${java_major:-0}" -lt 17 ]; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    step "a Java 17 runtime for the Spark tests (apt-get install openjdk-17-jre-headless)"
    apt-get update -qq && apt-get install -y -qq openjdk-17-jre-headless >/dev/null
  else
    echo "python-tests.sh: the Spark tests need Java 17 or later (found: ${java_major:-none});" \
      "install one (Debian: openjdk-17-jre-headless) and run again" >&2
    exit 1
  fi
fi

# The stats report's browser test drives a real headless Chromium over the DevTools protocol
# (websocket-client, above).
if [ -z "${CHROMIUM:-}" ] && ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    step "Chromium for the stats report's browser test (apt-get install chromium)"
    apt-get update -qq && apt-get install -y -qq chromium >/dev/null
  else
    echo "python-tests.sh: no chromium, and not root with apt-get to install it (Debian:" \
      "apt-get install chromium): the stats report's browser test will skip" >&2
  fi
fi

step "the CLI the tests compare with"
cargo build --release --locked --quiet --bin sudoku-bulk
target_dir=${CARGO_TARGET_DIR:-target}
export SUDOKU_BULK_CLI="$PWD/$target_dir/release/sudoku-bulk"
case "$target_dir" in /*) SUDOKU_BULK_CLI="$target_dir/release/sudoku-bulk" ;; esac

step "pip install ./python"
"$py" -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps ./python
"$py" -m pip install --quiet --disable-pip-version-check ./python # its dependencies, if missing

step "stubtest sudoku_bulk._native (python/sudoku_bulk/_native.pyi against the built module)"
# The stub is read from python/ (MYPYPATH), the module imported from the virtualenv.
MYPYPATH=python "$py" -m mypy.stubtest sudoku_bulk._native

step "pytest python/tests"
"$py" -m pytest python/tests -q -rs "$@"
