#!/usr/bin/env bash
# Makes every picture in docs/screenshots/ from the current build, with the fixed
# `screenshot` command, under Xvfb: the README's pictures never fall behind the game.
#   scripts/screenshots.sh [BINARY]   (default: target/debug/bracket-war, built if missing)
# SCREENSHOTS_OUT=DIR puts them elsewhere (the test that compares them with the committed
# ones, in tests/window_smoke.rs). Two pictures are made at a time (each on its own display).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/debug/bracket-war}
[[ -x $bin ]] || cargo build --bin bracket-war --bin bracket-war-window
out=${SCREENSHOTS_OUT:-docs/screenshots}
mkdir -p "$out"
export bin out
# NAME SCREEN [ARGS…] per line.
shots() {
    for screen in menu slots settings game star-game end replay pig junqi-setup junqi-deploy junqi-game \
        junqi-handover junqi-end online online-room online-bracket; do
        echo "$screen $screen"
    done
    echo "game-joking-en game --pack JoKing --lang en"
}
shoot() { # NAME SCREEN [ARGS…]
    local name=$1 screen=$2
    shift 2
    # Two `xvfb-run -a` started at once may pick the same display; the loser tries again.
    for try in 1 2 3; do
        if xvfb-run -a -s "-screen 0 1280x800x24" "$bin" screenshot --screen "$screen" \
            --out "$out/$name.png" "$@"; then
            echo "$out/$name.png"
            return 0
        fi
        sleep "$try"
    done
    echo "screenshots.sh: $name was not made" >&2
    return 1
}
export -f shoot
shots | xargs -P 2 -L 1 bash -c 'shoot "$@"' _
