#!/usr/bin/env bash
# Runs a Windows program under Wine: cargo's `runner` for x86_64-pc-windows-gnu (see
# .cargo/config.toml), so `cargo test --target x86_64-pc-windows-gnu` runs the tests as
# .exe files. Debian's `wine64` package puts the loader in /usr/lib/wine.
set -euo pipefail
wine=$(command -v wine64 || command -v wine || true)
[ -z "$wine" ] && [ -x /usr/lib/wine/wine64 ] && wine=/usr/lib/wine/wine64
if [ -z "$wine" ]; then
    echo "error: Wine is not installed (apt-get install wine64)" >&2
    exit 127
fi
export WINEDEBUG=${WINEDEBUG:--all}
exec "$wine" "$@"
