#!/usr/bin/env bash
# The whole test suite, from a fresh clone on Debian/Ubuntu with only the Rust toolchain:
# installs what the tests need, checks formatting and lints, runs every test (kernels,
# ECS, CLI, App, server tests), the real-window smoke test and the real-window play tests
# under Xvfb, the Windows build with its tests and command line under Wine, and the macOS
# check.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh --test
# One build per run: incremental caches would only take disk (several GB across targets).
export CARGO_INCREMENTAL=0
# mold links the many test programs in a fraction of the time of the default linker.
if command -v mold >/dev/null; then
    export CARGO_TARGET_X86_64_UNKNOWN_LINUX_GNU_RUSTFLAGS="-C link-arg=-fuse-ld=mold"
fi

# Each step says when it starts (minutes:seconds since the script started, package
# installation included): the run's time, step by step.
step() { printf '\n== [%d:%02d] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT

step "format"
cargo fmt --all -- --check

step "lints (every target: the benchmarks compile here too)"
cargo clippy --workspace --all-targets -- -D warnings

step "tests"
cargo test --workspace 2>&1 | tee -a "$log"

step "the server on PostgreSQL (a throwaway cluster on loopback: scripts/postgres.sh)"
pgdir=$(mktemp -d)
chmod 755 "$pgdir"
trap 'bash scripts/postgres.sh stop "$pgdir/pg" 2>/dev/null; rm -rf "$log" "$pgdir"' EXIT
pg_url=$(bash scripts/postgres.sh start "$pgdir/pg")
BW_TEST_POSTGRES=$pg_url cargo test -p bracket-war-server --test server -- --ignored postgres 2>&1 | tee -a "$log"
BW_TEST_POSTGRES=$pg_url cargo test --test online_server -- --ignored postgres 2>&1 | tee -a "$log"
bash scripts/postgres.sh stop "$pgdir/pg"

step "real window under Xvfb (Mesa software Vulkan)"
xvfb-run -a -s "-screen 0 1280x800x24" cargo test --test window_smoke -- --ignored 2>&1 | tee -a "$log"

step "the real window played as a person plays it (tests/play: Xvfb, xdotool, the layout guard)"
cargo test --test play -- --ignored 2>&1 | tee -a "$log"

step "Windows (x86_64-pc-windows-gnu): built with MinGW-w64, run under Wine"
if rustup target list --installed 2>/dev/null | grep -q x86_64-pc-windows-gnu \
    || rustup target add x86_64-pc-windows-gnu; then
    # (No separate `cargo check`: packing builds the library and both programs, which use
    # every crate of the workspace.)
    # The rules crate's tests as .exe files (cargo's runner is scripts/wine-run.sh).
    cargo test -p bracket-war-rules --target x86_64-pc-windows-gnu 2>&1 | tee -a "$log"
    # Both programs, packed as the Windows archive; the command line compared with Linux.
    bash scripts/package.sh --profile dev --windows
    bash scripts/windows-cli.sh
    # The window: Wine's Direct3D 12 cannot compile wgpu's shaders (FXC is not
    # implemented), so wgpu is told to use Vulkan, which Wine hands to Mesa's llvmpipe.
    shot=$(mktemp -d)/windows-menu.png
    WGPU_BACKEND=vulkan xvfb-run -a -s "-screen 0 1280x800x24" scripts/wine-run.sh --new-server \
        target/x86_64-pc-windows-gnu/debug/bracket-war.exe screenshot --screen menu --out "Z:$shot"
    if [ "$(stat -c %s "$shot" 2>/dev/null || echo 0)" -lt 10000 ]; then
        echo "error: the Windows program drew no menu under Wine" >&2
        exit 1
    fi
    echo "the Windows program drew its menu under Wine: $shot"
else
    echo "warning: the Windows target could not be added; Windows checks skipped" >&2
fi

step "macOS build check (aarch64-apple-darwin)"
# One Apple target: the code has no architecture-specific part, so x86_64-apple-darwin
# would check the same code again (release.yml builds both natively).
for target in aarch64-apple-darwin; do
    if rustup target list --installed 2>/dev/null | grep -q "$target" \
        || rustup target add "$target"; then
        # ring's C, compiled by clang with stand-ins for three SDK headers
        # (scripts/macos-check/README.md).
        env_target=${target//-/_}
        env "CC_$env_target=clang" "CFLAGS_$env_target=-ffreestanding -I$PWD/scripts/macos-check/include" \
            cargo check --workspace --target "$target"
    else
        echo "warning: the $target target could not be added; its check skipped" >&2
    fi
done

step "the Linux archive, unpacked elsewhere and started from another folder"
bash scripts/package.sh --profile dev --linux
unpacked=$(mktemp -d)
tar -C "$unpacked" -xzf dist/bracket-war-*-x86_64-linux.tar.gz
game=$(echo "$unpacked"/bracket-war-*-x86_64-linux)
(cd / && "$game/bracket-war" junqi board --board 4p)
(cd / && xvfb-run -a -s "-screen 0 1280x800x24" "$game/bracket-war" screenshot --screen menu --out "$unpacked/menu.png")
test -s "$unpacked/menu.png" && echo "the unpacked game drew its menu: $unpacked/menu.png"

step "disk used by the build"
du -sh target 2>/dev/null || true

# One closing line for the whole run (the sum of every `test result:` line above).
awk '/^test result:/ { for (i = 2; i <= NF; i++) { if ($i ~ /^passed/) p += $(i - 1); if ($i ~ /^failed/) f += $(i - 1) } }
     END { printf "\ntests: %d passed, %d failed\n", p, f }' "$log"
step "done"
