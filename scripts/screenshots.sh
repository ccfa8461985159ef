#!/usr/bin/env bash
# Makes every picture in docs/screenshots/ from the current build, with the fixed
# `screenshot` command, under Xvfb: the README's pictures never fall behind the game.
#   scripts/screenshots.sh [BINARY]   (default: target/debug/bracket-war, built if missing)
# SCREENSHOTS_OUT=DIR puts them elsewhere (the test that compares them with the committed
# ones, in tests/window_smoke.rs).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/debug/bracket-war}
[[ -x $bin ]] || cargo build --bin bracket-war --bin bracket-war-window
out=${SCREENSHOTS_OUT:-docs/screenshots}
mkdir -p "$out"
shoot() { # NAME SCREEN [ARGS…]
    local name=$1 screen=$2
    shift 2
    xvfb-run -a -s "-screen 0 1280x800x24" "$bin" screenshot --screen "$screen" --out "$out/$name.png" "$@"
    echo "$out/$name.png"
}
for screen in menu slots settings game end pig junqi-setup junqi-deploy junqi-game \
    junqi-handover junqi-end online online-room online-bracket; do
    shoot "$screen" "$screen"
done
shoot game-joking-en game --pack JoKing --lang en
