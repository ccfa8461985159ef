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
# Lints come from the test build itself: clippy's driver compiles this workspace's crates
# (as `cargo clippy` would, with the same `-D warnings`) and also produces the code, so the
# workspace is compiled once, not checked by clippy and then built again for the tests.
# Every cargo command below shares these variables, so none of them rebuilds.
if clippy_driver=$(rustup which clippy-driver 2>/dev/null) && [ -x "$clippy_driver" ]; then
    export RUSTC_WORKSPACE_WRAPPER=$clippy_driver
    export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"
else
    echo "error: clippy is not installed (rustup component add clippy)" >&2
    exit 1
fi
# The cross-builds keep their own build folder, so that cargo's lock on one folder never
# makes the host's steps wait for them (or them for the host's).
cross_dir=target/cross

step() { printf '\n== [%d:%02d] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*"; }
log=$(mktemp)
pgdir=
cross_pid=
cleanup() {
    [ -n "$cross_pid" ] && kill -- "$cross_pid" 2>/dev/null
    [ -n "$pgdir" ] && bash scripts/postgres.sh stop "$pgdir/pg" 2>/dev/null
    rm -rf "$log" "$pgdir"
}
trap cleanup EXIT

step "format"
cargo fmt --all -- --check

# The cross-builds (Windows, then the macOS check) are minutes of compiling that need nothing
# from the host's steps. They start now at the lowest priority, in their own build folder:
# they take the CPU that the host's steps leave idle (the long single-crate compiles and
# links, tests that wait on sockets and timers, the real-window tests that wait as a person
# does) and yield it whenever a host step wants it. What runs under Wine comes after both.
cross_log=$(mktemp)
windows=0
rustup target list --installed 2>/dev/null | grep -q x86_64-pc-windows-gnu \
    || rustup target add x86_64-pc-windows-gnu || true
rustup target list --installed 2>/dev/null | grep -q x86_64-pc-windows-gnu && windows=1
macos=aarch64-apple-darwin
rustup target list --installed 2>/dev/null | grep -q "$macos" || rustup target add "$macos" || true
step "cross-builds started at the lowest priority beside everything below (log: $cross_log)"
(
    set -e
    unset RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS
    export CARGO_TARGET_DIR=$cross_dir
    if [ $windows = 1 ]; then
        # The rules crate's tests as .exe files, and the command line without the engine
        # (the `window` feature off), both to run under Wine; the whole workspace, window
        # included, checked for Windows. Building the Windows window too (its menu under
        # Wine) is BW_TEST_WINDOWS_WINDOW=1: a full engine build of its own, about half
        # of this run's compiling (BENCHMARKS.md, session 19).
        nice -n 19 cargo test -p bracket-war-rules --target x86_64-pc-windows-gnu --no-run
        nice -n 19 cargo build --target x86_64-pc-windows-gnu --no-default-features --bin bracket-war
        if [ "${BW_TEST_WINDOWS_WINDOW:-0}" = 1 ]; then
            nice -n 19 cargo build --target x86_64-pc-windows-gnu --bin bracket-war --bin bracket-war-window
        else
            nice -n 19 cargo check --workspace --target x86_64-pc-windows-gnu
            echo "the Windows check passed"
        fi
    fi
    # One Apple target: the code has no architecture-specific part, so x86_64-apple-darwin
    # would check the same code again (release.yml builds both natively). ring's C is
    # compiled by clang with stand-ins for three SDK headers (scripts/macos-check/README.md).
    if rustup target list --installed 2>/dev/null | grep -q "$macos"; then
        env_target=${macos//-/_}
        env "CC_$env_target=clang" "CFLAGS_$env_target=-ffreestanding -I$PWD/scripts/macos-check/include" \
            nice -n 19 cargo check --workspace --target "$macos"
        echo "the macOS check passed"
    else
        echo "warning: the $macos target could not be added; its check skipped" >&2
    fi
) >"$cross_log" 2>&1 &
cross_pid=$!

step "lints and the test build (every target: the benchmarks compile here too)"
cargo test --workspace --all-targets --no-run

step "tests"
cargo test --workspace 2>&1 | tee -a "$log"

step "the server on PostgreSQL (a throwaway cluster on loopback: scripts/postgres.sh)"
pgdir=$(mktemp -d)
chmod 755 "$pgdir"
pg_url=$(bash scripts/postgres.sh start "$pgdir/pg")
BW_TEST_POSTGRES=$pg_url cargo test -p bracket-war-server --test server -- --ignored postgres 2>&1 | tee -a "$log"
BW_TEST_POSTGRES=$pg_url cargo test --test online_server -- --ignored postgres 2>&1 | tee -a "$log"
bash scripts/postgres.sh stop "$pgdir/pg"

# The real-window tests run as their executables (built above), under Xvfb.
test_exe() { cargo test --test "$1" --no-run 2>&1 | sed -n 's/.*Executable .*(\(.*\))$/\1/p' | tail -1; }
smoke_exe=$(test_exe window_smoke)
play_exe=$(test_exe play)
step "real window under Xvfb (Mesa software Vulkan)"
xvfb-run -a -s "-screen 0 1280x800x24" "$smoke_exe" --ignored 2>&1 | tee -a "$log"

step "the real window played as a person plays it (tests/play: Xvfb, xdotool, the layout guard)"
"$play_exe" --ignored 2>&1 | tee -a "$log"

step "the cross-builds finish (Windows, the macOS check)"
cross=0
wait "$cross_pid" || cross=$?
cross_pid=
tail -n 5 "$cross_log"
if [ $cross -ne 0 ]; then
    cat "$cross_log" >&2
    echo "error: a cross-build failed" >&2
    exit 1
fi

step "Windows (x86_64-pc-windows-gnu): run under Wine"
if [ $windows = 1 ]; then
    # The rules crate's tests as .exe files (cargo's runner is scripts/wine-run.sh).
    env -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS CARGO_TARGET_DIR=$cross_dir \
        cargo test -p bracket-war-rules --target x86_64-pc-windows-gnu 2>&1 | tee -a "$log"
    # The command line compared with Linux.
    CARGO_TARGET_DIR=$cross_dir bash scripts/windows-cli.sh
    if [ "${BW_TEST_WINDOWS_WINDOW:-0}" = 1 ]; then
        # Both programs, packed as the Windows archive, and the window: Wine's Direct3D 12
        # cannot compile wgpu's shaders (FXC is not implemented), so wgpu is told to use
        # Vulkan, which Wine hands to Mesa's llvmpipe.
        env -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS CARGO_TARGET_DIR=$cross_dir bash scripts/package.sh --profile dev --windows
        shot=$(mktemp -d)/windows-menu.png
        WGPU_BACKEND=vulkan xvfb-run -a -s "-screen 0 1280x800x24" scripts/wine-run.sh --new-server \
            "$cross_dir/x86_64-pc-windows-gnu/debug/bracket-war.exe" screenshot --screen menu --out "Z:$shot"
        if [ "$(stat -c %s "$shot" 2>/dev/null || echo 0)" -lt 10000 ]; then
            echo "error: the Windows program drew no menu under Wine" >&2
            exit 1
        fi
        echo "the Windows program drew its menu under Wine: $shot"
    fi
else
    echo "warning: the Windows target could not be added; Windows checks skipped" >&2
fi

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
