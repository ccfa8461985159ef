#!/usr/bin/env bash
# Builds the archives a player downloads, in dist/:
#   bracket-war-VERSION-x86_64-linux.tar.gz    (both programs, content/, assets/, README, licences)
#   bracket-war-VERSION-x86_64-windows.zip     (the same, cross-built with MinGW-w64)
# Unpacked anywhere, the game finds its files beside its programs and saves beside them when
# that folder can be written (else in the platform's data folder).
#
#   bash scripts/package.sh [--profile release|dev] [--linux] [--windows]
#
# With neither --linux nor --windows, both. `--profile dev` packages the debug build (what
# the test command checks: it is already built there).
set -euo pipefail
cd "$(dirname "$0")/.."

profile=release
want_linux=0
want_windows=0
while [ $# -gt 0 ]; do
    case "$1" in
        --profile) profile="$2"; shift 2 ;;
        --linux) want_linux=1; shift ;;
        --windows) want_windows=1; shift ;;
        *) echo "package.sh: unknown argument \`$1\`" >&2; exit 2 ;;
    esac
done
if [ $want_linux = 0 ] && [ $want_windows = 0 ]; then want_linux=1; want_windows=1; fi
# A dev archive is only for the test command: packed fast (its programs are large).
case "$profile" in
    release) out=release; pack=-6 ;;
    dev) out=debug; pack=-1 ;;
    *) echo "package.sh: --profile is release or dev, not \`$profile\`" >&2; exit 2 ;;
esac
# Where cargo builds (CARGO_TARGET_DIR when set, as scripts/test.sh does for the Windows build).
target=${CARGO_TARGET_DIR:-target}
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
mkdir -p dist

# The files every archive holds besides the programs.
stage() {
    local dir="$1"
    rm -rf "$dir"
    mkdir -p "$dir"
    cp -r content assets "$dir/"
    cp README.md LICENSE-MIT LICENSE-APACHE "$dir/"
    cat > "$dir/LICENSES.md" <<'TEXT'
# Licences

- The game, its content and its art: MIT or Apache-2.0, at your option
  (`LICENSE-MIT`, `LICENSE-APACHE`). The art of both texture packs is drawn by
  `scripts/make_packs.py` in the source repository.
- The font `assets/fonts/NotoSansSC-Subset.otf`: a subset of Noto Sans SC, SIL Open Font
  License 1.1 (`assets/fonts/OFL.txt`).
TEXT
}

if [ $want_linux = 1 ]; then
    cargo build --profile "$profile" --bin bracket-war --bin bracket-war-window
    name="bracket-war-$version-x86_64-linux"
    stage "dist/$name"
    cp "$target/$out/bracket-war" "$target/$out/bracket-war-window" "dist/$name/"
    tar -C dist -cf - "$name" | gzip "$pack" > "dist/$name.tar.gz"
    rm -rf "dist/$name"
    echo "dist/$name.tar.gz"
fi

if [ $want_windows = 1 ]; then
    if ! command -v x86_64-w64-mingw32-gcc >/dev/null; then
        echo "package.sh: the Windows archive needs MinGW-w64 (apt-get install gcc-mingw-w64-x86-64)" >&2
        exit 1
    fi
    rustup target list --installed | grep -q x86_64-pc-windows-gnu || rustup target add x86_64-pc-windows-gnu
    cargo build --profile "$profile" --target x86_64-pc-windows-gnu --bin bracket-war --bin bracket-war-window
    name="bracket-war-$version-x86_64-windows"
    stage "dist/$name"
    cp "$target/x86_64-pc-windows-gnu/$out/bracket-war.exe" "$target/x86_64-pc-windows-gnu/$out/bracket-war-window.exe" "dist/$name/"
    (cd dist && rm -f "$name.zip" && zip -qr "$pack" "$name.zip" "$name")
    rm -rf "dist/$name"
    echo "dist/$name.zip"
fi
