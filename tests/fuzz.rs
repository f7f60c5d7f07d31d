//! The fuzz targets in fuzz/ (their own crate, built by cargo-fuzz) must keep compiling
//! against the library as it changes: CI checks them through this test.

use std::path::Path;
use std::process::Command;

#[test]
fn fuzz_targets_compile() {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/Cargo.toml");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .args(["check", "--quiet", "--bins", "--manifest-path"])
        .arg(&manifest)
        .output()
        .expect("cargo runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}
