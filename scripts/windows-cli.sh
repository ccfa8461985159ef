#!/usr/bin/env bash
# The command line as a Windows program: runs fixed commands with bracket-war.exe under
# Wine and with the Linux build, and requires the same output and exit code from both.
# Called by scripts/test.sh after both are built.
set -euo pipefail
cd "$(dirname "$0")/.."
linux=target/debug/bracket-war
# The Windows build may have its own build folder (scripts/test.sh keeps it in target/cross).
windows=${CARGO_TARGET_DIR:-target}/x86_64-pc-windows-gnu/debug/bracket-war.exe
run=scripts/wine-run.sh
checked=0
same() {
    # same NAME STDIN-FILE ARGS...: both programs, same stdout and exit code.
    local name=$1 input=$2
    shift 2
    local a b ca=0 cb=0
    a=$("$linux" "$@" <"$input" 2>/dev/null) || ca=$?
    b=$("$run" "$windows" "$@" <"$input" 2>/dev/null | tr -d '\r') || cb=$?
    if [[ "$a" != "$b" || $ca -ne $cb ]]; then
        echo "windows-cli: $name differs (exit $ca on Linux, $cb under Wine)" >&2
        diff <(echo "$a") <(echo "$b") | head -20 >&2
        exit 1
    fi
    checked=$((checked + 1))
}
same "junqi board 4p" /dev/null junqi board --board 4p
same "junqi board 2p" /dev/null junqi board --board 2p
same "junqi reach" /dev/null junqi reach --board 4p --from S44
same "junqi play" /dev/null junqi play --players 4 --seed 7 --ai heuristic,random,heuristic,random
for case in tests/bracket/cases/0[1-5]_*.board; do
    same "bracket resolve $case" /dev/null bracket resolve "$case"
done
for case in tests/pig/cases/0.in tests/pig/cases/hack1.in; do
    same "pig $case" "$case" pig
done
same "bad input: a missing board file" /dev/null bracket resolve no-such-file.board
same "bad input: an unknown subcommand" /dev/null junqi fly
# An arena through real engine processes: the .exe starts itself as both engines.
out=$("$run" "$windows" junqi arena --engine "bracket-war junqi engine --ai heuristic" \
    --engine "bracket-war junqi engine --ai random" --games 2 --ms 200 2>&1 | tr -d '\r')
grep -q "^elo 1 vs 2" <<<"$out" || { echo "windows-cli: the arena under Wine: $out" >&2; exit 1; }
checked=$((checked + 1))
echo "windows-cli: $checked commands gave the same output under Wine as on Linux"
