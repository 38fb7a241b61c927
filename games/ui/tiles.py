"""Title-screen tile art for each game, drawn in code (no image files, no copied artwork).

尊みバースト: hearts and sparkles bursting; 富士山地下99階: the mountain over its floors;
サバトのマジョたち: the moon over moth, crow, book and cup; キューマス: the 3×3 field
with sword, shield and castle; スーマの森: a forest at dusk.  Each picture is made once
per (game, size, dimmed) and kept in a small bounded cache.
"""
from __future__ import annotations

import math

import pygame

from games.core.bounded import BytesLRU, pixel_bytes
from games.ui import ornament

CACHE_BYTES = 2 * 2**20  # five 326x170 tiles are 1.1 MiB; dimmed copies of unplayable ones fit too
_cache = BytesLRU(CACHE_BYTES, pixel_bytes)


def tile_art(game_id: str, size: tuple[int, int], dimmed: bool = False) -> pygame.Surface:
    """The picture at the top of a game's title tile (rounded top corners)."""
    key = (game_id, size, dimmed)
    img = _cache.get(key)
    if img is not None:
        return img
    paint = PAINTERS.get(game_id, _generic)
    img = ornament.supersampled(size, lambda s, k: _framed(s, k, paint))
    if dimmed:  # not playable yet: the same picture, darker and greyer
        img.fill((110, 110, 120), special_flags=pygame.BLEND_RGB_MULT)
    return _cache.put(key, img)


def _framed(s: pygame.Surface, k: int, paint) -> None:
    paint(s, k)
    mask = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_top_left_radius=16 * k,
                     border_top_right_radius=16 * k)
    s.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)


def _toutomi(s: pygame.Surface, k: int) -> None:
    r = s.get_rect()
    ornament.vertical_gradient(s, r, (150, 50, 110), (70, 20, 60))
    step = 34 * k
    for j, y in enumerate(range(0, r.height + step, step)):
        for x in range((step // 2) * (j % 2), r.width + step, step):
            ornament.heart(s, (x, y), 7 * k, (176, 72, 136))
    c = (r.centerx, int(r.height * 0.52))
    for i in range(16):  # the burst: rays from the heart
        a = i * math.pi / 8
        pygame.draw.line(
            s, (255, 214, 140), c, (c[0] + math.cos(a) * r.width * 0.42, c[1] + math.sin(a) * r.width * 0.42), 2 * k
        )
    for i, (dx, tilt) in enumerate(((-0.2, 14), (0.0, 0), (0.2, -14))):  # a fan of three cards
        card = pygame.Surface((46 * k, 64 * k), pygame.SRCALPHA)
        pygame.draw.rect(card, (252, 246, 236), card.get_rect(), border_radius=6 * k)
        pygame.draw.rect(
            card,
            [(70, 120, 200), (220, 130, 40), (205, 60, 90)][i],
            card.get_rect().inflate(-8 * k, -8 * k),
            border_radius=4 * k,
        )
        rot = pygame.transform.rotate(card, tilt)
        s.blit(rot, rot.get_rect(center=(c[0] + dx * r.width, c[1] - 6 * k)))
    ornament.heart(s, (c[0], c[1] + 14 * k), 34 * k, (240, 90, 140))
    ornament.heart(s, (c[0] - 8 * k, c[1] + 6 * k), 10 * k, (255, 170, 200))
    for fx, fy, rr in ((0.16, 0.2, 12), (0.84, 0.24, 10), (0.12, 0.78, 8), (0.88, 0.8, 13), (0.5, 0.1, 7)):
        ornament.sparkle(s, (r.width * fx, r.height * fy), rr * k, (255, 240, 200))


def _fuji(s: pygame.Surface, k: int) -> None:
    r = s.get_rect()
    ornament.vertical_gradient(s, r, (70, 110, 190), (170, 190, 230))
    pygame.draw.circle(s, (250, 200, 110), (int(r.width * 0.8), int(r.height * 0.2)), 18 * k)
    hill = pygame.Rect(0, 0, int(r.width * 1.05), int(r.height * 0.5))
    hill.midbottom = (r.centerx, int(r.height * 0.58))
    ornament.mountain(s, hill, (70, 80, 140), (245, 248, 252))
    under = pygame.Rect(0, hill.bottom, r.width, r.height - hill.bottom)
    ornament.vertical_gradient(s, under, (124, 88, 56), (56, 36, 24))
    rows = 4
    for i in range(rows):  # the winding path down the floors
        y = under.top + under.height * (i + 0.6) / (rows + 0.4)
        pygame.draw.line(s, (226, 204, 160), (r.width * 0.12, y), (r.width * 0.88, y), 6 * k)
        x = r.width * (0.88 if i % 2 == 0 else 0.12)
        if i < rows - 1:
            pygame.draw.line(s, (226, 204, 160), (x, y), (x, y + under.height / (rows + 0.4)), 6 * k)
        for j in range(5):
            pygame.draw.circle(s, (250, 240, 220), (int(r.width * (0.2 + 0.15 * j)), int(y)), 4 * k)
    ornament.torii(s, pygame.Rect(int(r.width * 0.08), int(r.height * 0.4), 34 * k, 30 * k), (200, 50, 40))
    pygame.draw.circle(s, (250, 200, 60), (int(r.width * 0.12), int(r.height * 0.93)), 9 * k)


def _brujas(s: pygame.Surface, k: int) -> None:
    r = s.get_rect()
    ornament.vertical_gradient(s, r, (30, 22, 60), (70, 44, 100))
    ornament.dots(s, r, (150, 140, 200), 26 * k, k)
    moon = (r.centerx, int(r.height * 0.36))
    pygame.draw.circle(s, (250, 228, 160), moon, 40 * k)
    pygame.draw.circle(s, (40, 30, 72), (moon[0] + 18 * k, moon[1] - 10 * k), 34 * k)
    motifs = [(ornament.moth, (214, 64, 70)), (ornament.crow, (70, 110, 220)), (ornament.book, (236, 190, 50)),
              (ornament.cup, (70, 170, 90))]
    for i, (motif, col) in enumerate(motifs):
        x = r.width * (0.14 + 0.24 * i)
        motif(s, (x, r.height * 0.78), 24 * k, col)


def _qumasu(s: pygame.Surface, k: int) -> None:
    r = s.get_rect()
    ornament.vertical_gradient(s, r, (54, 70, 92), (30, 40, 54))
    cell = int(r.height * 0.24)
    grid = pygame.Rect(0, 0, cell * 3 + 8 * k, cell * 3 + 8 * k)
    grid.center = (r.centerx, int(r.height * 0.56))
    colours = [(120, 60, 60), (120, 60, 60), (120, 60, 60), (70, 96, 80), (70, 96, 80), (70, 96, 80),
               (60, 80, 130), (60, 80, 130), (60, 80, 130)]
    for i in range(9):
        cr = pygame.Rect(grid.left + (i % 3) * (cell + 4 * k), grid.top + (i // 3) * (cell + 4 * k), cell, cell)
        pygame.draw.rect(s, colours[i], cr, border_radius=6 * k)
    ornament.castle(s, pygame.Rect(grid.right + 6 * k, grid.top - 4 * k, 44 * k, 44 * k), (200, 190, 170), (40, 40, 50))
    ornament.castle(s, pygame.Rect(grid.left - 50 * k, grid.bottom - 42 * k, 44 * k, 44 * k), (200, 190, 170),
                    (40, 40, 50))
    c1 = (grid.left + cell * 1.5 + 4 * k, grid.top + cell * 0.5)
    ornament.sword(s, c1, cell * 0.38, (230, 230, 240), (200, 160, 60))
    c2 = (grid.left + cell * 1.5 + 4 * k, grid.top + cell * 2.5 + 8 * k)
    ornament.shield(s, c2, cell * 0.36, (220, 200, 150), (120, 90, 50))
    ornament.spell_swirl(s, (grid.left + cell * 2.5 + 8 * k, grid.top + cell * 1.5 + 4 * k), cell * 0.32,
                         (220, 190, 255), 2 * k)


def _suma(s: pygame.Surface, k: int) -> None:
    r = s.get_rect()
    ornament.vertical_gradient(s, r, (236, 170, 120), (120, 80, 110))
    pygame.draw.circle(s, (255, 226, 160), (int(r.width * 0.7), int(r.height * 0.4)), 26 * k)
    layers = [((70, 96, 80), 0.62, 30), ((46, 76, 58), 0.74, 38), ((28, 52, 40), 0.88, 46)]
    for col, fy, size in layers:
        y = r.height * fy
        pygame.draw.rect(s, col, (0, y + size * k * 0.5, r.width, r.height))
        for i in range(-1, 8):
            x = r.width * (i / 6.5) + (size * k * 0.3 if fy > 0.7 else 0)
            ornament.tree(s, (x, y), size * k * (0.9 + 0.2 * ((i * 7) % 3) / 2), col)
    for fx, fy in ((0.2, 0.2), (0.36, 0.12), (0.86, 0.16)):
        ornament.sparkle(s, (r.width * fx, r.height * fy), 6 * k, (255, 246, 220))


def _generic(s: pygame.Surface, k: int) -> None:
    r = s.get_rect()
    ornament.vertical_gradient(s, r, (60, 72, 90), (34, 40, 52))
    ornament.seigaiha(s, r, (90, 104, 124), 18 * k, k)


PAINTERS = {"toutomi": _toutomi, "fuji99": _fuji, "brujas": _brujas, "qumasu": _qumasu, "suma": _suma}
