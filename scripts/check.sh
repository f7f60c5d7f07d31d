#!/usr/bin/env bash
# Every check CI runs, in one place (README.md's test command): formatting, that the scripts
# parse, lints as errors, the Python package's tests, the Rust tests, the docs with broken links
# as errors, and that the benches, the examples and the fuzz targets (their own crate, fuzz/)
# still build. Stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== check.sh: %s\n' "$*" >&2; }

step "cargo fmt --check"
cargo fmt --all -- --check
step "the scripts parse (bash -n)"
for script in scripts/*.sh .ci/run; do
    bash -n "$script"
done
step "cargo clippy -D warnings (the CLI and library, and the Python binding)"
cargo clippy --release --workspace --all-targets --locked -- -D warnings
step "python tests (a virtualenv in target/py-venv, pip install ./python, pytest)"
bash scripts/python-tests.sh
step "cargo test"
# With the virtualenv's python3 first on PATH, the tests that read our CSV output back with
# pandas run rather than skip.
PATH="$PWD/target/py-venv/bin:$PATH" cargo test --release --locked
step "cargo doc -D warnings"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --locked --quiet
step "benches build"
cargo bench --no-run --locked --quiet
step "fuzz targets compile"
cargo check --quiet --bins --manifest-path fuzz/Cargo.toml
step "all checks passed"
