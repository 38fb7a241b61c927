"""Where things are on the 1920×1080 Suma table (pure geometry, no drawing).

Left column: the warehouse (four frames with numbered squares), the score track, the
three decks with their market cards.  Centre: the 7×7 forest map with the game's log on
its right, under the map the announcements' own zone (ANNOUNCE: nothing else is there),
under that the summon zone, the prompt and the buttons.  Right column: one panel per
player (up to seven).  Bottom band: the acting (or viewing) player's large bingo card,
hand, job cards (room for four, while one is chosen to go back) and privilege pieces.

- SUMA-UI-LAYOUT-1 The log takes the width the player panels leave (``log_rect``): a panel
  holds the same things at any table size, in one row when the panels are low (6-7 seats:
  620 px wide, the log 228 px), in two rows when they are 190 px high (5 seats: 510 px, the
  log 338 px) and as a 2×2 block when they are 234 px high (2-4 seats: 320 px, the log
  528 px).  The log stays where it always was, right of the map, and only grows; seven
  panels of one row fill the column, so at 6-7 seats it keeps its old width.
"""
from __future__ import annotations

import pygame

TOP = 88
CELL = 60
MAP_X, MAP_Y = 614, 96
MAP_FRAME = pygame.Rect(MAP_X - 10, MAP_Y - 6, 7 * CELL + 20, 7 * CELL + 12)
LOG_H = 536  # down to the prompt
ANNOUNCE = pygame.Rect(MAP_FRAME.left, MAP_FRAME.bottom + 6, MAP_FRAME.width, 624 - MAP_FRAME.bottom - 6)
FRAME_W, FRAME_H = 284, 140
WAREHOUSE = pygame.Rect(16, TOP, 580, 2 * FRAME_H + 8)
TRACK = pygame.Rect(16, 384, 580, 72)
MARKET_Y, MARKET_ROW = 466, 116
CARD_S = (80, 108)
BELOW = pygame.Rect(604, 624, 676, 186)
SUMMON = pygame.Rect(612, 632, 250, 170)
PROMPT = pygame.Rect(872, 632, 400, 110)
BUTTONS_Y = 750
BAND = pygame.Rect(16, 818, 1264, 254)
BIG_CELL = 46
BIG_BINGO = pygame.Rect(28, 834, 5 * BIG_CELL, 5 * BIG_CELL)
HAND_X, HAND_Y, HAND_W, HAND_H = 300, 858, 128, 184
JOBS_X, JOB_W, JOB_H, JOB_GAP = 724, 94, 160, 6
PAWN = pygame.Rect(1172, 900, 64, 64)
PAWN_LABEL_W = 150  # "特権コマ3" / "予備1" centred over and under PAWN, right of a 4th job card
PANELS = pygame.Rect(1290, TOP, 620, 984)  # the column the panels lie in, right-aligned (SUMA-UI-LAYOUT-1)
SMALL_CELL = 26
PANEL_ROW, PANEL_ROWS, PANEL_BLOCK = 620, 510, 320  # a panel's width: one row, two rows, 2×2 (SUMA-UI-LAYOUT-1)
PANEL_JOBS_X = 300  # one row / two rows: the job cards right of the small bingo card
PANEL_HAND_X = 508  # one row: the hand's job sides right of the job cards
PANEL_LOW = 140  # two rows and 2×2: the second row's top


def map_rect(i: int, size: int = 7) -> pygame.Rect:
    return pygame.Rect(MAP_X + (i % size) * CELL, MAP_Y + (i // size) * CELL, CELL, CELL)


def frame_rect(k: int) -> pygame.Rect:
    return pygame.Rect(WAREHOUSE.left + (k % 2) * (FRAME_W + 12), WAREHOUSE.top + (k // 2) * (FRAME_H + 8),
                       FRAME_W, FRAME_H)


def item_rect(k: int) -> pygame.Rect:
    f = frame_rect(k)
    return pygame.Rect(f.left + 10, f.top + 10, 64, 64)


def square_rects(k: int, n: int) -> list[pygame.Rect]:
    """The numbered squares of frame ``k`` (a long frame shrinks its squares to fit)."""
    f = frame_rect(k)
    w = min(60, (f.width - 20) // max(1, n) - 6)
    return [pygame.Rect(f.left + 10 + j * (w + 6), f.bottom - w - 8, w, w) for j in range(n)]


def track_rect(n: int, squares: int = 10) -> pygame.Rect:
    w = TRACK.width // squares
    return pygame.Rect(TRACK.left + n * w, TRACK.top, w - 4, TRACK.height)


def deck_rect(row: int) -> pygame.Rect:
    return pygame.Rect(96, MARKET_Y + row * MARKET_ROW, *CARD_S)


def market_rect(row: int, slot: int) -> pygame.Rect:
    return pygame.Rect(210 + slot * (CARD_S[0] + 12), MARKET_Y + row * MARKET_ROW, *CARD_S)


def hand_rects(n: int) -> list[pygame.Rect]:
    return [pygame.Rect(HAND_X + i * (HAND_W + 12), HAND_Y, HAND_W, HAND_H) for i in range(n)]


HAND_ZONE = pygame.Rect(HAND_X - 10, HAND_Y - 30, 3 * (HAND_W + 12) + 8, HAND_H + 36)


def job_rects(n: int) -> list[pygame.Rect]:
    return [pygame.Rect(JOBS_X + i * (JOB_W + JOB_GAP), HAND_Y + 12, JOB_W, JOB_H) for i in range(n)]


def panel_rect(k: int, players: int) -> pygame.Rect:
    h = min(240, PANELS.height // players)
    w = PANEL_BLOCK if h - 6 >= 230 else PANEL_ROWS if h - 6 >= 180 else PANEL_ROW
    return pygame.Rect(PANELS.right - w, PANELS.top + k * h, w, h - 6)


def log_rect(players: int) -> pygame.Rect:
    """The log, right of the map up to the player panels (SUMA-UI-LAYOUT-1)."""
    left = MAP_FRAME.right + 8
    return pygame.Rect(left, TOP, panel_rect(0, players).left - 10 - left, LOG_H)


def panel_jobs(panel: pygame.Rect, n: int) -> list[pygame.Rect]:
    """A panel's job cards (a fourth, while one goes back, squeezed in beside them)."""
    if panel.width == PANEL_BLOCK:
        x, y, room, h = panel.left + 10, panel.top + PANEL_LOW - 4, 204, panel.height - PANEL_LOW - 2
    else:
        x, y, room = panel.left + PANEL_JOBS_X, panel.top + 6, min(PANEL_HAND_X, panel.width) - PANEL_JOBS_X
        h = min(124, panel.height - 12) if panel.width == PANEL_ROW else 124
    step = min(68, room // max(1, n))
    return [pygame.Rect(x + k * step, y, step - 4, h) for k in range(n)]


def panel_hand(panel: pygame.Rect, n: int) -> list[pygame.Rect]:
    """A panel's hand cards (their job sides)."""
    if panel.width == PANEL_BLOCK:
        return [pygame.Rect(panel.left + 214, panel.top + PANEL_LOW - 4 + k * 32, 100, 30) for k in range(n)]
    if panel.width == PANEL_ROWS:
        return [pygame.Rect(panel.left + 10 + k * 112, panel.top + PANEL_LOW + 4, 106, 36) for k in range(n)]
    return [pygame.Rect(panel.left + PANEL_HAND_X, panel.top + 6 + k * 40, 106, 36) for k in range(n)]


def small_bingo(panel: pygame.Rect) -> pygame.Rect:
    return pygame.Rect(panel.left + 158, panel.top + 3, 5 * SMALL_CELL, 5 * SMALL_CELL)


def bingo_cell(card: pygame.Rect, i: int, cell: int, size: int = 5) -> pygame.Rect:
    return pygame.Rect(card.left + (i % size) * cell, card.top + (i // size) * cell, cell, cell)


def button_rect(k: int) -> pygame.Rect:
    return pygame.Rect(PROMPT.left + k * 134, BUTTONS_Y, 126, 56)


SUMMARY = pygame.Rect(330, 150, 1260, 800)
SUMMARY_BUTTON = pygame.Rect(810, 850, 300, 76)
SUMMARY_ROW_TOP, SUMMARY_ROW_STEP = 180, 62  # the summary's player rows (box-relative), up to seven
SUMMARY_NOTES = pygame.Rect(SUMMARY.left + 20, SUMMARY.top + 580, SUMMARY.width - 40, 78)  # under the 7th row
