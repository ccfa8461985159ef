#!/usr/bin/env bash
# Installs what the game needs to build, then starts it (arguments go to the game).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
exec cargo run --release --bin bracket-war-window -- "$@"
