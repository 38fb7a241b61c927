"""Where things are on the 1920×1080 Qumasu table (pure geometry, no drawing)."""
from __future__ import annotations

import pygame

CELL, GAP = 176, 10
BOARD_X, BOARD_Y = 686, 192
ENEMY_CASTLE = pygame.Rect(686, 86, 548, 96)
OWN_CASTLE = pygame.Rect(686, 754, 548, 76)
HAND_Y, HAND_W, HAND_H = 846, 140, 196
OPP_PANEL = pygame.Rect(24, 86, 640, 300)
OWN_PANEL = pygame.Rect(24, 594, 640, 236)
LOG = pygame.Rect(24, 396, 640, 188)
OPP_COST = pygame.Rect(1256, 86, 640, 170)
INFO = pygame.Rect(1256, 268, 640, 360)
OWN_COST = pygame.Rect(1256, 640, 640, 190)
END_BUTTON = pygame.Rect(1560, 900, 320, 110)
COST_W, COST_H = 96, 130
PICKER = pygame.Rect(1256, 268, 640, 360)
BROWSE = pygame.Rect(300, 150, 1320, 700)


def cell_rect(idx: int, bottom_seat: int) -> pygame.Rect:
    """Screen rect of board cell ``idx`` seen with ``bottom_seat``'s own area at the bottom."""
    col, row = idx % 3, idx // 3
    if bottom_seat == 0:
        sc, sr = col, 2 - row
    else:
        sc, sr = 2 - col, row
    return pygame.Rect(BOARD_X + sc * (CELL + GAP), BOARD_Y + sr * (CELL + GAP), CELL, CELL)


def hand_rects(n: int) -> list[pygame.Rect]:
    """Own hand cards centred under the board; they overlap when there are many."""
    if n == 0:
        return []
    span = 1000
    step = min(HAND_W + 16, (span - HAND_W) // max(1, n - 1)) if n > 1 else 0
    x0 = 960 - (step * (n - 1) + HAND_W) // 2
    return [pygame.Rect(x0 + i * step, HAND_Y, HAND_W, HAND_H) for i in range(n)]


def cost_rects(area: pygame.Rect, n: int) -> list[pygame.Rect]:
    return [pygame.Rect(area.left + 190 + i * (COST_H + 16), area.top + 40, COST_W, COST_H) for i in range(n)]
