#!/usr/bin/env bash
# The checks to run before pushing: formatting, lints as errors, the tests CI runs, the docs,
# and that the benches build.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fmt --all -- --check
cargo clippy --release --all-targets -- -D warnings
cargo test --release
RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --quiet
cargo bench --no-run --quiet
