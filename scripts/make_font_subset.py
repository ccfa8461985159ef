#!/usr/bin/env python3
"""Makes assets/fonts/NotoSansSC-Subset.otf: Noto Sans CJK SC (SIL OFL 1.1) cut down to the
characters the game shows — every non-ASCII character in src/, content/ and the locale files,
printable ASCII, common CJK punctuation, the 3,755 most common Chinese characters (GB2312
level 1) for the names players type, and every symbol the source font has in the blocks a
modder picks a piece's glyph from (brackets, arrows, shapes, CJK and full-width punctuation). Rerun after adding Chinese text (a test checks the coverage).

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
# Unicode blocks whose every character the source font has goes in: a mod kind's glyph is
# usually a bracket or a symbol from one of these (the game draws a glyph the font lacks
# from the kind's name instead, and the settings screen says so).
SYMBOL_BLOCKS = [
    (0x00A0, 0x00FF),  # Latin-1 supplement: ° ½ ×
    (0x0370, 0x03FF),  # Greek
    (0x2000, 0x206F),  # general punctuation: • ‖
    (0x2100, 0x214F),  # letterlike symbols
    (0x2190, 0x21FF),  # arrows
    (0x2200, 0x22FF),  # mathematical operators
    (0x2300, 0x23FF),  # miscellaneous technical: 〈 〉
    (0x2460, 0x24FF),  # enclosed alphanumerics
    (0x2500, 0x259F),  # box drawing, block elements
    (0x25A0, 0x25FF),  # geometric shapes
    (0x2600, 0x27BF),  # miscellaneous symbols, dingbats
    (0x27C0, 0x27EF),  # mathematical symbols A (the source font has none today)
    (0x2980, 0x29FF),  # mathematical symbols B
    (0x2E00, 0x2E7F),  # supplemental punctuation
    (0x3000, 0x303F),  # CJK symbols and punctuation: 〔 〕 〖 〗 〘 〙 〚 〛
    (0xFE30, 0xFE4F),  # CJK compatibility forms: ︵ ︶ ﹁ ﹂
    (0xFF00, 0xFFEF),  # full-width forms: ［ ］ ｛ ｝ ｟ ｠
]


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
    has = font.getBestCmap()
    chars = wanted_chars() | {
        chr(c) for lo, hi in SYMBOL_BLOCKS for c in range(lo, hi + 1) if c in has
    }
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
