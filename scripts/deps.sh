#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages Bevy needs to build (and, with --test, to run the
# real-window smoke test under Xvfb and the Windows build under Wine). Does nothing for packages already installed.
set -euo pipefail

packages=(pkg-config libudev-dev libwayland-dev libxkbcommon-dev libx11-dev libasound2-dev)
if [[ "${1:-}" == "--test" ]]; then
    packages+=(xvfb xauth mesa-vulkan-drivers libvulkan1)
    # The real-window tests: X11 input (xdotool), screenshots (ImageMagick's import), and
    # a faster linker for the test programs (mold).
    packages+=(xdotool imagemagick mold)
    # Windows from Linux: MinGW-w64 links the .exe files, Wine runs them, zip packs them.
    packages+=(gcc-mingw-w64-x86-64 wine64 zip)
    # The macOS check: clang compiles ring's C for arm64 macOS (scripts/macos-check).
    packages+=(clang)
    # The server's tests against PostgreSQL (scripts/test.sh starts a throwaway cluster).
    packages+=(postgresql)
fi

missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

if ! command -v apt-get >/dev/null; then
    echo "deps.sh: please install: ${missing[*]} (no apt-get on this system)" >&2
    exit 1
fi
sudo=""
[[ $(id -u) -ne 0 ]] && sudo="sudo"
echo "deps.sh: installing ${missing[*]}" >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
