#!/usr/bin/env bash
# Every check CI runs, in one place (README.md's test command): formatting, lints as errors,
# the tests, the docs with broken links as errors, and that the benches, the examples and the
# fuzz targets (their own crate, fuzz/) still build. Stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n== check.sh: %s\n' "$*" >&2; }

step "cargo fmt --check"
cargo fmt --all -- --check
step "cargo clippy -D warnings"
cargo clippy --release --all-targets --locked -- -D warnings
step "cargo test"
cargo test --release --locked
step "cargo doc -D warnings"
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --locked --quiet
step "benches build"
cargo bench --no-run --locked --quiet
step "fuzz targets compile"
cargo check --quiet --bins --manifest-path fuzz/Cargo.toml
step "all checks passed"
