#!/usr/bin/env bash
# Window figures for BENCHMARKS.md: time from launch to the main menu, memory after start,
# and CPU while idle on the menu for 30 s (the window is reactive: it redraws only on input).
# Runs the release build under Xvfb: scripts/bench-window.sh [BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/bracket-war}
[[ -x $bin ]] || cargo build --release
log=$(mktemp)
saves=$(mktemp -d)
start=$(date +%s%N)
xvfb-run -a -s "-screen 0 1280x800x24" "$bin" --saves "$saves" > "$log" 2>&1 &
runner=$!
for _ in $(seq 1 600); do
    grep -q "main menu reached" "$log" && break
    sleep 0.05
done
menu=$(date +%s%N)
# `bracket-war` starts the window as its own process, `bracket-war-window`: measure that one.
pid=$(pgrep -n -f "bracket-war-window.* --saves $saves")
echo "launch to main menu: $(( (menu - start) / 1000000 )) ms wall clock (in-app: $(grep -o 'reached [0-9]* ms' "$log" | grep -o '[0-9]*') ms)"
sleep 5
echo "memory after start: $(awk '/VmRSS/ {printf "%.0f MiB", $2 / 1024}' /proc/$pid/status)"
ticks() { awk '{print $14 + $15}' /proc/$pid/stat; }
hz=$(getconf CLK_TCK)
t0=$(ticks)
sleep 30
t1=$(ticks)
echo "idle CPU over 30 s on the menu: $(awk -v d=$((t1 - t0)) -v hz="$hz" 'BEGIN { printf "%.2f%%", 100 * d / hz / 30 }') of one core"
kill "$pid" 2>/dev/null || true
wait "$runner" 2>/dev/null || true
rm -rf "$log" "$saves"
