#!/usr/bin/env bash
# The whole test suite, from a fresh clone on Debian/Ubuntu with only the Rust toolchain:
# installs what the tests need, checks formatting and lints, runs every test (kernels,
# ECS, CLI, App tests), the real-window smoke test under Xvfb, and a Windows check.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh --test

step() { printf '\n== %s\n' "$*"; }

step "format"
cargo fmt --all -- --check

step "lints"
cargo clippy --workspace --all-targets -- -D warnings

step "tests"
cargo test --workspace

step "real window under Xvfb (Mesa software Vulkan)"
xvfb-run -a -s "-screen 0 1280x800x24" cargo test --test window_smoke -- --ignored

step "Windows build check (x86_64-pc-windows-gnu)"
if rustup target list --installed 2>/dev/null | grep -q x86_64-pc-windows-gnu \
    || rustup target add x86_64-pc-windows-gnu; then
    cargo check --workspace --target x86_64-pc-windows-gnu
else
    echo "warning: the Windows target could not be added; Windows check skipped" >&2
fi

step "benchmarks compile"
cargo check -p bracket-war-rules --benches
