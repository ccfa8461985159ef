#!/usr/bin/env bash
# Runs a Windows program under Wine: cargo's `runner` for x86_64-pc-windows-gnu (see
# .cargo/config.toml), so `cargo test --target x86_64-pc-windows-gnu` runs the tests as
# .exe files. Debian's `wine64` package puts the loader in /usr/lib/wine.
#   scripts/wine-run.sh [--new-server] PROGRAM.exe ARGS...
set -euo pipefail
wine=$(command -v wine64 || command -v wine || true)
[ -z "$wine" ] && [ -x /usr/lib/wine/wine64 ] && wine=/usr/lib/wine/wine64
if [ -z "$wine" ]; then
    echo "error: Wine is not installed (apt-get install wine64)" >&2
    exit 127
fi
export WINEDEBUG=${WINEDEBUG:--all}
# `--new-server`: stop a Wine server left running by earlier programs first. A window needs
# one started with the display; one started without it finds no Vulkan device.
if [ "${1:-}" = "--new-server" ]; then
    shift
    server="$(dirname "$wine")/wineserver"
    [ -x "$server" ] || server=$(command -v wineserver || true)
    [ -n "$server" ] && "$server" -k 2>/dev/null || true
    sleep 1
fi
prefix=${WINEPREFIX:-$HOME/.wine}
# Wine 8 has no bcryptprimitives.dll (Rust's std imports ProcessPrng from it): build the
# stand-in in scripts/wine/ into the prefix once.
dll="$prefix/drive_c/windows/system32/bcryptprimitives.dll"
if [ ! -f "$dll" ]; then
    [ -d "$prefix/drive_c/windows/system32" ] || "$wine" cmd /c exit >/dev/null 2>&1 || true
    here=$(cd "$(dirname "$0")" && pwd)
    x86_64-w64-mingw32-gcc -shared -O2 -o "$dll" \
        "$here/wine/bcryptprimitives.c" "$here/wine/bcryptprimitives.def" -ladvapi32
fi
# Wine 8's display modes under Xvfb (XRandR) lack a refresh rate, which winit asserts on:
# use Wine's single fixed mode instead.
marker="$prefix/.bracket-war-display"
if [ ! -f "$marker" ]; then
    for key in UseXRandR UseXVidMode; do
        "$wine" reg add 'HKCU\Software\Wine\X11 Driver' /v "$key" /t REG_SZ /d N /f >/dev/null 2>&1
    done
    touch "$marker"
fi
exec "$wine" "$@"
