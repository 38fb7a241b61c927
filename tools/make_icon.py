"""Draw the app icon with pygame and write every format the builds need (run once, commit).

    python tools/make_icon.py

Writes sprites/icon/table-{64,256}.png (the window icon, the Linux menu icon; shipped with
the package) and packaging/icon.ico (Windows) and packaging/icon.icns (macOS) for
tools/build_app.py. ICO and ICNS simply hold PNG images, so no image library is needed.
The picture: a green card table with three fanned cards in the seats' colours.
"""
from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from games.ui import theme  # noqa: E402

BIG = 1024  # drawn once at this size, then scaled down smoothly
ICO_SIZES = (16, 32, 48, 64, 128, 256)
ICNS_TYPES = {b"icp4": 16, b"icp5": 32, b"ic07": 128, b"ic08": 256, b"ic09": 512, b"ic10": 1024}


def _card(size: tuple[int, int], colour: tuple[int, int, int], mark: str) -> pygame.Surface:
    """One card face: cream, a coloured border and the seat's symbol."""
    w, h = size
    card = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(card, theme.CARD_FACE, card.get_rect(), border_radius=w // 9)
    pygame.draw.rect(card, colour, card.get_rect(), w // 16, border_radius=w // 9)
    font = pygame.font.Font(str(ROOT / "sprites" / "fonts" / "NotoSansJP-Bold.otf"), int(h * 0.42))
    glyph = font.render(mark, True, colour)
    card.blit(glyph, glyph.get_rect(center=(w // 2, h // 2)))
    return card


def draw() -> pygame.Surface:
    """The icon at BIG×BIG, transparent corners."""
    s = pygame.Surface((BIG, BIG), pygame.SRCALPHA)
    pygame.draw.rect(s, theme.BG, s.get_rect().inflate(-40, -40), border_radius=200)
    pygame.draw.ellipse(s, theme.FELT_DARK, pygame.Rect(92, 300, 840, 560))
    pygame.draw.ellipse(s, theme.FELT, pygame.Rect(112, 316, 800, 520))
    pygame.draw.ellipse(s, theme.ACCENT, pygame.Rect(92, 300, 840, 560), 14)
    for angle, colour, mark, dx in ((24, theme.SEAT_COLOURS[0], "●", -190),
                                    (0, theme.SEAT_COLOURS[3], "◆", 0),
                                    (-24, theme.SEAT_COLOURS[4], "★", 190)):
        card = pygame.transform.rotozoom(_card((300, 430), colour, mark), angle, 1.0)
        shadow = pygame.Surface(card.get_size(), pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 90), special_flags=0)
        shadow.blit(card, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        centre = (BIG // 2 + dx, 470 + abs(dx) // 6)
        s.blit(shadow, shadow.get_rect(center=(centre[0] + 14, centre[1] + 18)))
        s.blit(card, card.get_rect(center=centre))
    return s


def png_bytes(surf: pygame.Surface, size: int) -> bytes:
    out = io.BytesIO()
    pygame.image.save(pygame.transform.smoothscale(surf, (size, size)), out, "png")
    return out.getvalue()


def ico(images: dict[int, bytes]) -> bytes:
    """A Windows .ico whose entries are PNG images (Windows Vista and later)."""
    head = struct.pack("<HHH", 0, 1, len(images))
    offset = 6 + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in images.items():
        side = 0 if size >= 256 else size  # 0 means 256 in an ICO directory
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return head + entries + blobs


def icns(images: dict[bytes, bytes]) -> bytes:
    """A macOS .icns whose entries are PNG images."""
    body = b"".join(kind + struct.pack(">I", 8 + len(data)) + data for kind, data in images.items())
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> None:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    big = draw()
    icon_dir, pack_dir = ROOT / "sprites" / "icon", ROOT / "packaging"
    icon_dir.mkdir(parents=True, exist_ok=True)
    pack_dir.mkdir(parents=True, exist_ok=True)
    for size in (64, 256):
        (icon_dir / f"table-{size}.png").write_bytes(png_bytes(big, size))
    (pack_dir / "icon.ico").write_bytes(ico({n: png_bytes(big, n) for n in ICO_SIZES}))
    (pack_dir / "icon.icns").write_bytes(icns({k: png_bytes(big, n) for k, n in ICNS_TYPES.items()}))
    pygame.quit()
    print(f"wrote {icon_dir}/table-64.png, table-256.png, {pack_dir}/icon.ico, icon.icns")


if __name__ == "__main__":
    main()
