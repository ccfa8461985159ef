#!/usr/bin/env python3
"""Draws the art of the two texture packs (our own, generated here):

- `default`: clean geometric strokes, white with a dark outline, tinted in the players'
  colours by the game; a light board.
- `JoKing`: a hand-inked look — wobbly doubled marker strokes, jester bells on the tips,
  a parchment board with gold-framed mirrors and frosted glass.

Writes assets/packs/<pack>/pack.ron and the PNGs it names. Needs Pillow:
    pip install pillow && python3 scripts/make_packs.py
"""
import math
import pathlib
import random

from PIL import Image, ImageDraw, ImageFilter

ROOT = pathlib.Path(__file__).resolve().parent.parent
S = 128  # image size
KINDS = ["angle", "paren", "e", "brace", "square", "circle", "star", "cross"]


def canvas():
    return Image.new("RGBA", (S, S), (0, 0, 0, 0))


# Each piece is a list of strokes (polylines in unit coordinates, facing right).
def arc(cx, cy, r, a0, a1, n=24):
    return [(cx + r * math.cos(math.radians(a0 + (a1 - a0) * i / n)), cy + r * math.sin(math.radians(a0 + (a1 - a0) * i / n))) for i in range(n + 1)]


def strokes(kind):
    if kind == "angle":
        return [[(0.3, 0.18), (0.74, 0.5), (0.3, 0.82)]]
    if kind == "paren":
        return [arc(0.28, 0.5, 0.38, -62, 62)]
    if kind == "e":
        return [[(0.72, 0.2), (0.3, 0.2), (0.3, 0.8), (0.72, 0.8)], [(0.3, 0.5), (0.68, 0.5)]]
    if kind == "brace":
        return [[(0.3, 0.16), (0.4, 0.18), (0.45, 0.25), (0.45, 0.42), (0.52, 0.48), (0.7, 0.5),
                 (0.52, 0.52), (0.45, 0.58), (0.45, 0.75), (0.4, 0.82), (0.3, 0.84)]]
    if kind == "square":
        return [[(0.34, 0.18), (0.68, 0.18), (0.68, 0.82), (0.34, 0.82)]]
    if kind == "circle":
        return [arc(0.5, 0.5, 0.3, 0, 360, 48)]
    if kind == "star":
        return [[(0.5, 0.2), (0.5, 0.8)], [(0.24, 0.35), (0.76, 0.65)], [(0.24, 0.65), (0.76, 0.35)]]
    if kind == "cross":
        return [[(0.25, 0.25), (0.75, 0.75)], [(0.25, 0.75), (0.75, 0.25)]]
    raise ValueError(kind)


def px(points, jitter=0.0, rng=None):
    out = []
    for x, y in points:
        if jitter:
            x += rng.uniform(-jitter, jitter)
            y += rng.uniform(-jitter, jitter)
        out.append((x * S, y * S))
    return out


def draw_default_piece(kind):
    img = canvas()
    d = ImageDraw.Draw(img)
    for line in strokes(kind):
        d.line(px(line), fill=(30, 30, 36, 255), width=22, joint="curve")
    for line in strokes(kind):
        d.line(px(line), fill=(255, 255, 255, 255), width=14, joint="curve")
    for line in strokes(kind):
        for p in (px(line)[0], px(line)[-1]):
            d.ellipse([p[0] - 7, p[1] - 7, p[0] + 7, p[1] + 7], fill=(255, 255, 255, 255))
    return img


def draw_joking_piece(kind, seed):
    rng = random.Random(seed)
    img = canvas()
    d = ImageDraw.Draw(img)
    # A wobbly ink shadow, then two offset marker passes.
    for line in strokes(kind):
        d.line([(x + 5, y + 6) for x, y in px(line, 0.015, rng)], fill=(20, 10, 30, 150), width=18, joint="curve")
    for width, colour, jit in ((20, (25, 12, 40, 255), 0.012), (12, (255, 255, 255, 255), 0.018), (6, (255, 255, 255, 255), 0.02)):
        for line in strokes(kind):
            d.line(px(line, jit, rng), fill=colour, width=width, joint="curve")
    # Jester bells on the stroke tips.
    for line in strokes(kind):
        if line[0] == line[-1]:
            continue
        for p in (px(line)[0], px(line)[-1]):
            d.ellipse([p[0] - 9, p[1] - 9, p[0] + 9, p[1] + 9], fill=(25, 12, 40, 255))
            d.ellipse([p[0] - 6, p[1] - 6, p[0] + 6, p[1] + 6], fill=(255, 236, 140, 255))
    return img.rotate(rng.uniform(-4, 4), resample=Image.BICUBIC)


def cell(pack):
    img = Image.new("RGBA", (S, S), (255, 255, 255, 255))
    d = ImageDraw.Draw(img)
    if pack == "default":
        d.rectangle([0, 0, S - 1, S - 1], fill=(246, 245, 240, 255))
        d.rectangle([0, 0, S - 1, S - 1], outline=(200, 198, 190, 255), width=3)
    else:
        rng = random.Random(3)
        d.rectangle([0, 0, S - 1, S - 1], fill=(242, 226, 190, 255))
        for _ in range(900):
            x, y = rng.randrange(S), rng.randrange(S)
            g = rng.randrange(200, 235)
            d.point((x, y), fill=(g, g - 20, g - 60, 255))
        d.rectangle([0, 0, S - 1, S - 1], outline=(120, 80, 40, 255), width=4)
        img = img.filter(ImageFilter.SMOOTH)
    return img


def mirror(pack, slash):
    img = canvas()
    d = ImageDraw.Draw(img)
    a, b = ((12, S - 12), (S - 12, 12)) if slash else ((12, 12), (S - 12, S - 12))
    if pack == "default":
        d.line([a, b], fill=(60, 90, 120, 255), width=18)
        d.line([a, b], fill=(150, 205, 240, 255), width=10)
    else:
        d.line([a, b], fill=(110, 70, 10, 255), width=22)
        d.line([a, b], fill=(235, 190, 60, 255), width=14)
        d.line([a, b], fill=(250, 250, 255, 255), width=5)
    return img


def glass(pack, h, v):
    img = canvas()
    d = ImageDraw.Draw(img)
    fill = (70, 180, 200, 235) if pack == "default" else (190, 230, 255, 220)
    edge = (30, 100, 120, 255) if pack == "default" else (90, 120, 200, 255)
    if h:
        d.rounded_rectangle([8, S / 2 - 11, S - 8, S / 2 + 11], radius=6, fill=fill, outline=edge, width=3)
    if v:
        d.rounded_rectangle([S / 2 - 11, 8, S / 2 + 11, S - 8], radius=6, fill=fill, outline=edge, width=3)
    if pack == "JoKing":
        for x, y in ((40, 40), (88, 88), (88, 40), (40, 88)):
            d.line([(x - 5, y), (x + 5, y)], fill=(255, 255, 255, 200), width=2)
            d.line([(x, y - 5), (x, y + 5)], fill=(255, 255, 255, 200), width=2)
    return img


def logo(pack):
    img = Image.new("RGBA", (512, 128), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    shapes = ["angle", "paren", "e", "brace", "square", "circle", "star", "cross"]
    colours = [(220, 60, 60), (60, 110, 230), (50, 160, 80), (235, 160, 30)] * 2
    for i, k in enumerate(shapes):
        piece = draw_default_piece(k) if pack == "default" else draw_joking_piece(k, i)
        tint = Image.new("RGBA", piece.size, colours[i] + (255,))
        coloured = Image.composite(Image.blend(piece, tint, 0.55), piece, piece.split()[3])
        img.alpha_composite(coloured.resize((64, 64)), (i * 64, 32))
    return img


JW, JH = 160, 104  # a 军棋 piece tile


def junqi_tile(pack, back):
    """A 军棋 piece: the face (ivory, the game writes the rank on it in the owner's colour)
    or the back (light, tinted in the owner's colour by the game)."""
    img = Image.new("RGBA", (JW, JH), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    if pack == "default":
        d.rounded_rectangle([3, 5, JW - 3, JH - 1], radius=14, fill=(90, 80, 60, 110))
        face = (255, 255, 255, 255) if back else (252, 248, 236, 255)
        d.rounded_rectangle([2, 2, JW - 5, JH - 6], radius=14, fill=face, outline=(70, 64, 52, 255), width=4)
        d.rounded_rectangle([12, 11, JW - 15, JH - 16], radius=9, outline=(200, 192, 170, 255), width=2)
        if back:
            stripes = Image.new("RGBA", (JW, JH), (0, 0, 0, 0))
            sd = ImageDraw.Draw(stripes)
            for x in range(-JH, JW, 14):
                sd.line([(x, JH - 18), (x + JH - 30, 12)], fill=(215, 215, 215, 255), width=3)
            mask = Image.new("L", (JW, JH), 0)
            ImageDraw.Draw(mask).rounded_rectangle([12, 11, JW - 15, JH - 16], radius=9, fill=255)
            img = Image.composite(stripes, img, mask)
    else:
        rng = random.Random(11 if back else 7)
        face = (250, 250, 250, 255) if back else (246, 232, 196, 255)
        d.rounded_rectangle([4, 6, JW - 2, JH - 1], radius=10, fill=(40, 20, 10, 130))
        d.rounded_rectangle([2, 2, JW - 6, JH - 7], radius=10, fill=face)
        for _ in range(500 if not back else 0):
            x, y = rng.randrange(6, JW - 8), rng.randrange(6, JH - 10)
            g = rng.randrange(205, 240)
            d.point((x, y), fill=(g, g - 22, g - 62, 255))
        # A hand-inked doubled border.
        for k in range(2):
            pts = [(6 + rng.uniform(-2, 2), 6 + rng.uniform(-2, 2)), (JW - 10 + rng.uniform(-2, 2), 6 + rng.uniform(-2, 2)),
                   (JW - 10 + rng.uniform(-2, 2), JH - 11 + rng.uniform(-2, 2)), (6 + rng.uniform(-2, 2), JH - 11 + rng.uniform(-2, 2))]
            d.line(pts + [pts[0]], fill=(45, 22, 12, 255), width=4 - k, joint="curve")
        if back:
            # Jester diamonds.
            for cx in range(26, JW - 16, 34):
                for cy in (30, 66):
                    d.polygon([(cx, cy - 12), (cx + 10, cy), (cx, cy + 12), (cx - 10, cy)], fill=(200, 200, 200, 255), outline=(120, 120, 120, 255))
        img = img.filter(ImageFilter.SMOOTH)
    return img


def junqi_wood(pack):
    """The 军棋 board's surface: wood grain (the game draws roads and stations over it)."""
    w, h = 512, 512
    base = (222, 206, 160) if pack == "default" else (184, 132, 97)
    img = Image.new("RGBA", (w, h), base + (255,))
    d = ImageDraw.Draw(img)
    rng = random.Random(5 if pack == "default" else 9)
    for y in range(0, h, 3):
        shade = rng.randrange(-14, 10)
        wobble = rng.uniform(0.5, 2.5)
        pts = [(x, y + wobble * math.sin(x / rng.uniform(30, 70))) for x in range(0, w + 16, 16)]
        col = tuple(max(0, min(255, c + shade)) for c in base) + (255,)
        d.line(pts, fill=col, width=2)
    for _ in range(6):
        cx, cy = rng.randrange(w), rng.randrange(h)
        for r in range(4, 26, 4):
            d.ellipse([cx - r * 2, cy - r, cx + r * 2, cy + r], outline=tuple(max(0, c - 30) for c in base) + (255,), width=1)
    return img.filter(ImageFilter.SMOOTH_MORE)


PACK_NAMES = {"default": ("默认", "Default"), "JoKing": ("JoKing", "JoKing")}


JUNQI_BOARD = {
    "default": ("pale wood", "(0.87, 0.81, 0.63)"),
    "JoKing": ("dark cherry wood", "(0.72, 0.52, 0.38)"),
}

SEATS = {
    "default": ("red, blue, green, amber",
                "[(0.86, 0.22, 0.22), (0.22, 0.42, 0.90), (0.20, 0.62, 0.30), (0.92, 0.62, 0.10)]"),
    "JoKing": ("crimson, teal, violet, dark gold",
               "[(0.78, 0.10, 0.24), (0.05, 0.60, 0.62), (0.55, 0.30, 0.80), (0.72, 0.45, 0.02)]"),
}


def write_pack(pack):
    base = ROOT / "assets/packs" / pack
    for sub in ("pieces", "board", "ui", "junqi"):
        (base / sub).mkdir(parents=True, exist_ok=True)
    for i, k in enumerate(KINDS):
        img = draw_default_piece(k) if pack == "default" else draw_joking_piece(k, i)
        img.save(base / f"pieces/{k}.png")
    cell(pack).save(base / "board/cell.png")
    mirror(pack, True).save(base / "board/mirror_slash.png")
    mirror(pack, False).save(base / "board/mirror_backslash.png")
    glass(pack, True, False).save(base / "board/glass_horizontal.png")
    glass(pack, False, True).save(base / "board/glass_vertical.png")
    glass(pack, True, True).save(base / "board/glass_cross.png")
    logo(pack).save(base / "ui/logo.png")
    junqi_tile(pack, False).save(base / "junqi/face.png")
    junqi_tile(pack, True).save(base / "junqi/back.png")
    junqi_wood(pack).save(base / "junqi/wood.png")
    zh, en = PACK_NAMES[pack]
    background = "(0.16, 0.17, 0.20)" if pack == "default" else "(0.20, 0.12, 0.10)"
    seats = SEATS[pack]
    wood = JUNQI_BOARD[pack]
    pieces = "\n".join(f'        "{k}": "pieces/{k}.png",' for k in KINDS)
    (base / "pack.ron").write_text(f"""// Texture pack `{pack}` (generated by scripts/make_packs.py).
// Piece images are drawn facing right, white on transparent; the game tints them in the
// owner's colour and turns them to the piece's facing. A missing image falls back to the
// default pack; a kind without an image is drawn as its glyph.
(
    name: (zh: "{zh}", en: "{en}"),
    background: {background},
    // Seat colours of players 1–4: {seats[0]}.
    seats: {seats[1]},
    // The 军棋 board: {wood[0]}.
    junqi_board: {wood[1]},
    // 军棋 art: a piece's face (the rank is written on it) and back (tinted in the owner's
    // colour), and the board's surface.
    junqi: (
        face: "junqi/face.png",
        back: "junqi/back.png",
        wood: "junqi/wood.png",
    ),
    board: (
        cell: "board/cell.png",
        mirror_slash: "board/mirror_slash.png",
        mirror_backslash: "board/mirror_backslash.png",
        glass_horizontal: "board/glass_horizontal.png",
        glass_vertical: "board/glass_vertical.png",
        glass_cross: "board/glass_cross.png",
    ),
    pieces: {{
{pieces}
    }},
    ui: (
        logo: "ui/logo.png",
    ),
)
""", encoding="utf-8")


for name in PACK_NAMES:
    write_pack(name)
