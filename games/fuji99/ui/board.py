"""The Fuji 99 board: Mt Fuji above ground and a track of floors 0–99 winding down inside.

Geometry is a serpentine: ten rows of ten spaces, row r holding floors 10r..10r+9, even
rows left to right, odd rows right to left, joined by half circles.  ``point(f)`` gives
the canvas position of any (fractional) floor, so the token can slide along the path.
The static layer (sky, mountain, strata, path, numbered spaces) is rendered once.
"""
from __future__ import annotations

import math

import pygame

from games.fuji99.ui import art
from games.ui import text

RECT = pygame.Rect(300, 80, 852, 995)  # the board on the canvas
GROUND = 246  # canvas y of the mountain's foot
ROW_Y0, ROW_DY = 306, 81
X0, X1 = 372, 1090
RADIUS = 22  # a space
PAGODA = pygame.Rect(476, 92, 96, 150)  # on the mountain's left flank


def row_y(r: int) -> float:
    return ROW_Y0 + r * ROW_DY


def center(n: int) -> tuple[int, int]:
    """Canvas centre of floor ``n`` (0..99)."""
    n = max(0, min(99, n))
    r, k = divmod(n, 10)
    x = X0 + (X1 - X0) * (k if r % 2 == 0 else 9 - k) / 9
    return int(round(x)), int(round(row_y(r)))


def point(f: float) -> tuple[int, int]:
    """Canvas position at fractional floor ``f`` along the path (arcs between rows)."""
    f = max(0.0, min(99.0, f))
    k = int(math.floor(f))
    u = f - k
    if k >= 99 or u == 0:
        return center(k)
    if (k + 1) % 10:  # same row: straight
        (ax, ay), (bx, by) = center(k), center(k + 1)
        return int(ax + (bx - ax) * u), int(ay + (by - ay) * u)
    r = k // 10
    y0, y1 = row_y(r), row_y(r + 1)
    cy, rad = (y0 + y1) / 2, (y1 - y0) / 2
    theta = -math.pi / 2 + math.pi * u
    if r % 2 == 0:  # the row ends on the right: bulge right
        return int(X1 + rad * math.cos(theta)), int(cy + rad * math.sin(theta))
    return int(X0 - rad * math.cos(theta)), int(cy + rad * math.sin(theta))


def _strata(surf: pygame.Surface) -> None:
    top, bottom = GROUND - RECT.top, RECT.height
    for y in range(top, bottom):
        k = (y - top) / max(1, bottom - top)
        col = (int(128 - 84 * k), int(92 - 64 * k), int(62 - 40 * k))
        pygame.draw.line(surf, col, (0, y), (RECT.width, y))
    for i in range(1, 12):  # wavy strata lines
        y0 = top + i * (bottom - top) / 12
        pts = [(x, y0 + 6 * math.sin(x / 70 + i * 1.7)) for x in range(0, RECT.width + 20, 20)]
        pygame.draw.lines(surf, (0, 0, 0, 40), False, pts, 2)


def _sky_and_mountain(surf: pygame.Surface) -> None:
    g = GROUND - RECT.top
    for y in range(g):
        k = y / max(1, g)
        pygame.draw.line(surf, (int(70 + 90 * k), int(120 + 80 * k), int(190 + 40 * k)), (0, y), (RECT.width, y))
    ox = -RECT.left
    peak_l, peak_r, top = 676 + ox, 744 + ox, 96 - RECT.top
    mountain = [(430 + ox, g), (peak_l, top), (peak_r, top), (1000 + ox, g)]
    pygame.draw.polygon(surf, (70, 86, 128), mountain)
    snow = [(peak_l, top), (peak_r, top), (786 + ox, top + 52), (760 + ox, top + 44), (740 + ox, top + 60),
            (712 + ox, top + 42), (690 + ox, top + 58), (664 + ox, top + 40), (634 + ox, top + 52)]
    pygame.draw.polygon(surf, (244, 246, 250), snow)
    pygame.draw.rect(surf, (86, 120, 70), pygame.Rect(0, g - 8, RECT.width, 12))  # grass at the foot


def _torii(surf: pygame.Surface, cx: int, base: int) -> None:
    red = (214, 54, 40)
    pygame.draw.rect(surf, red, pygame.Rect(cx - 26, base - 58, 7, 58))
    pygame.draw.rect(surf, red, pygame.Rect(cx + 19, base - 58, 7, 58))
    pygame.draw.rect(surf, (30, 30, 30), pygame.Rect(cx - 38, base - 66, 76, 8), border_radius=3)
    pygame.draw.rect(surf, red, pygame.Rect(cx - 32, base - 50, 64, 6))


def render(lang: str, tr) -> pygame.Surface:
    """The static board layer (RECT.size), drawn once per table."""
    surf = pygame.Surface(RECT.size, pygame.SRCALPHA)
    _sky_and_mountain(surf)
    _strata(surf)
    ox, oy = -RECT.left, -RECT.top
    pygame.draw.rect(surf, (30, 22, 18), surf.get_rect(), 3, border_radius=6)
    # the path
    pts = [point(i / 6) for i in range(0, 99 * 6 + 1)]
    pts = [(x + ox, y + oy) for x, y in pts]
    pygame.draw.lines(surf, (70, 52, 38), False, pts, 40)
    pygame.draw.lines(surf, (196, 168, 124), False, pts, 32)
    for x, y in pts[::3]:
        pygame.draw.circle(surf, (196, 168, 124), (x, y), 16)
    # the torii at the entrance, above floor 0
    cx, cy = center(0)
    _torii(surf, cx + ox, GROUND + oy + 4)
    text.draw(surf, tr("fuji99_ui.board_start"), (cx + ox + 44, GROUND + oy - 22), 20, (30, 30, 36), True, "midleft")
    for n in range(100):
        x, y = center(n)
        x, y = x + ox, y + oy
        special = n in (20, 50)
        fill = (250, 214, 90) if special else (255, 206, 90) if n == 99 else (236, 226, 204)
        edge = (150, 104, 10) if special else (60, 44, 30)
        if n == 99:
            for k in range(3):
                pygame.draw.circle(surf, (255, 220, 120, 70), (x, y), RADIUS + 18 - k * 5)
        pygame.draw.circle(surf, fill, (x, y), RADIUS + (4 if n == 99 else 0))
        pygame.draw.circle(surf, edge, (x, y), RADIUS + (4 if n == 99 else 0), 4 if special or n % 10 == 0 else 2)
        bold = n % 10 == 0 or special or n == 99
        text.draw(surf, str(n), (x, y), 22 if bold else 20, (40, 30, 24) if bold else (90, 76, 62), bold, "center")
    gx, gy = center(99)
    text.draw(surf, tr("fuji99_ui.board_goal"), (gx + ox, gy + oy - RADIUS - 6), 20, (255, 226, 140), True, "midbottom")
    # the pagoda's place
    pg = art.pagoda(PAGODA.width - 20, PAGODA.height - 36)
    surf.blit(pg, (PAGODA.left + ox + 10, PAGODA.top + oy))
    text.draw(surf, tr("fuji99_ui.pagoda_name"), (PAGODA.centerx + ox, PAGODA.bottom + oy - 14), 20,
              (30, 30, 36), True, "center")
    return surf


def occupant_offsets(m: int) -> list[tuple[int, int]]:
    """Where up to four pawns stand on one space."""
    return {1: [(0, 0)], 2: [(-11, 0), (11, 0)], 3: [(-13, -4), (13, -4), (0, 8)],
            4: [(-13, -7), (13, -7), (-13, 9), (13, 9)]}.get(m, [(0, 0)] * m)
