#!/usr/bin/env bash
# Whole-process time of `bracket-war pig` against the statement's C++ solution (g++ -O2)
# on the 16 judge cases. The C++ is taken from ../shared/seeds at run time (not kept in the
# repo). Needs g++ and hyperfine (`apt-get install hyperfine`).
set -euo pipefail
cd "$(dirname "$0")/.."
seed=../shared/seeds/pig-country-kill.txt
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sed -n '/^#include <iostream>/,$p' "$seed" > "$work/pig.cpp"
g++ -O2 -o "$work/pig-cpp" "$work/pig.cpp"
bin=${BIN:-target/release/bracket-war}
[[ -x $bin ]] || cargo build --release
cat > "$work/all.sh" <<SH
for f in tests/pig/cases/*.in; do "\$@" < "\$f" > /dev/null; done
SH
echo "C++ solution vs ours on the expected answers:"
for f in tests/pig/cases/*.in; do
    a=${f%.in}.ans
    cpp=$(diff -qbB <("$work/pig-cpp" < "$f") "$a" >/dev/null && echo ok || echo WRONG)
    ours=$(diff -qbB <("$bin" pig "$f") "$a" >/dev/null && echo ok || echo WRONG)
    printf '  %-28s C++ %-5s ours %s\n' "$(basename "$f")" "$cpp" "$ours"
done
hyperfine -N --warmup 3 \
    -n "C++ (g++ -O2), 16 cases" "bash $work/all.sh $work/pig-cpp" \
    -n "bracket-war pig, 16 cases" "bash $work/all.sh $bin pig"
