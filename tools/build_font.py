"""Rebuild the bundled font subsets from Debian's fonts-noto-cjk (maintainers only).

    apt-get install fonts-noto-cjk && pip install fonttools
    python tools/build_font.py

Keeps ASCII/Latin-1, punctuation, arrows and shapes, kana, JIS level-1 kanji and every
character found in data/ (so edited card names stay covered).  The app never runs this;
tests check that the bundled font covers data/ and the UI strings.
"""
from __future__ import annotations

import sys
from pathlib import Path

from fontTools.subset import Options, Subsetter
from fontTools.ttLib import TTCollection

ROOT = Path(__file__).resolve().parents[1]
SRC = Path("/usr/share/fonts/opentype/noto")
OUT = ROOT / "sprites" / "fonts"


def jis_level1() -> set[str]:
    chars = set()
    for row in range(0xB0, 0xD0):
        for cell in range(0xA1, 0xFF):
            try:
                chars.add(bytes([row, cell]).decode("euc_jp"))
            except UnicodeDecodeError:
                pass
    return chars


def wanted() -> set[str]:
    chars = {chr(c) for c in range(0x20, 0x7F)} | {chr(c) for c in range(0xA0, 0x180)}
    ranges = [(0x2000, 0x206F), (0x2100, 0x21FF), (0x2200, 0x22FF), (0x2460, 0x24FF),
              (0x2500, 0x25FF), (0x2600, 0x26FF), (0x3000, 0x30FF), (0xFF00, 0xFFEF)]
    for lo, hi in ranges:
        chars |= {chr(c) for c in range(lo, hi + 1)}
    chars |= jis_level1()
    for pattern in ("data/**/*.yaml", "games/**/*.py"):
        for path in ROOT.glob(pattern):
            chars |= set(path.read_text(encoding="utf-8"))
    return {c for c in chars if c.isprintable() or c == " "}


def build(src_name: str, out_name: str, chars: set[str]) -> None:
    coll = TTCollection(str(SRC / src_name))
    font = next(f for f in coll.fonts if "Noto Sans CJK JP" in f["name"].getDebugName(1))
    opts = Options()
    opts.layout_features = ["kern", "palt", "vert"]
    opts.name_IDs = ["*"]
    opts.notdef_outline = True
    sub = Subsetter(opts)
    sub.populate(unicodes=[ord(c) for c in chars])
    sub.subset(font)
    font.save(str(OUT / out_name))
    print(out_name, (OUT / out_name).stat().st_size // 1024, "KiB")


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    chars = wanted()
    build("NotoSansCJK-Regular.ttc", "NotoSansJP-Regular.otf", chars)
    build("NotoSansCJK-Bold.ttc", "NotoSansJP-Bold.otf", chars)
    sys.exit(0)
