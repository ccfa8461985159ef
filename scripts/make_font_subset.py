#!/usr/bin/env python3
"""Makes assets/fonts/NotoSansSC-Subset.otf: Noto Sans CJK SC (SIL OFL 1.1) cut down to the
characters the game shows — every non-ASCII character in src/, content/ and the locale files,
printable ASCII, common CJK punctuation, and the 3,755 most common Chinese characters (GB2312
level 1) for the names players type. Rerun after adding Chinese text (a test checks the coverage).

Needs Debian's fonts-noto-cjk and PyPI's fonttools:
    apt-get install fonts-noto-cjk && pip install fonttools
    python3 scripts/make_font_subset.py
"""
import pathlib
import sys

from fontTools import subset
from fontTools.ttLib import TTCollection

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
OUT = ROOT / "assets/fonts/NotoSansSC-Subset.otf"
EXTRA = "，。！？：；、（）《》【】「」“”‘’…—·～ＯＸ"


def common_hanzi():
    """GB2312 level 1: the 3,755 most common Chinese characters, so that names players
    type (profiles, layouts, seeds) render too."""
    out = set()
    for hi in range(0xB0, 0xD8):
        for lo in range(0xA1, 0xFF):
            try:
                out.add(bytes([hi, lo]).decode("gb2312"))
            except UnicodeDecodeError:
                pass
    return out


def wanted_chars():
    chars = {chr(c) for c in range(0x20, 0x7F)} | set(EXTRA) | common_hanzi()
    for pattern in ("src/**/*.rs", "content/**/*.ron", "assets/**/*.ron", "assets/locales/**/*.ftl"):
        for path in ROOT.glob(pattern):
            chars |= {ch for ch in path.read_text(encoding="utf-8") if ord(ch) > 0x7F}
    return chars


def main():
    collection = TTCollection(SOURCE)
    font = next(f for f in collection.fonts if f["name"].getDebugName(4) == "Noto Sans CJK SC")
    chars = wanted_chars()
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    sub = subset.Subsetter(options)
    sub.populate(unicodes=[ord(c) for c in chars])
    sub.subset(font)
    font.save(str(OUT))
    print(f"{OUT.relative_to(ROOT)}: {len(chars)} characters, {OUT.stat().st_size} bytes", file=sys.stderr)


main()
