"""Pictures for the Qumasu rules overlay: the battlefield areas, drawn like the table."""
from __future__ import annotations

import pygame

from games.core.i18n import tr
from games.qumasu.ui import art, fonts
from games.ui import text, theme

ROW_TINTS = ((96, 52, 52), (58, 78, 66), (44, 70, 96))  # enemy, engagement, own (as on the table)
ROW_KEYS = ("qumasu_ui.enemy_area", "qumasu_ui.engagement", "qumasu_ui.own_area")


def paint(name: str, surf: pygame.Surface, rect: pygame.Rect, lang: str) -> None:
    """Draw picture ``name`` inside ``rect`` (unknown names draw nothing)."""
    if name == "battlefield":
        _battlefield(surf, rect, lang)


def _battlefield(surf: pygame.Surface, rect: pygame.Rect, lang: str) -> None:
    """Enemy castle, the 3×3 grid by rows, own castle, the cost area and an arrow example."""
    cell, gap, bar = 82, 6, 44
    grid_w = 3 * cell + 2 * gap
    x0, y0 = rect.left + 10, rect.top
    lx = x0 + grid_w + 18
    label_w = rect.right - 320 - lx  # the cost area keeps the right 310 px
    castle_top = pygame.Rect(x0, y0, grid_w, bar)
    _castle(surf, castle_top, (70, 40, 40))
    _label(surf, tr("qumasu_ui.pic_enemy_castle", lang), None, lx, castle_top.centery, label_w)
    gy = castle_top.bottom + 8
    for row in range(3):
        for col in range(3):
            r = pygame.Rect(x0 + col * (cell + gap), gy + row * (cell + gap), cell, cell)
            pygame.draw.rect(surf, ROW_TINTS[row], r, border_radius=8)
            pygame.draw.rect(surf, theme.INK_DIM, r, 1, border_radius=8)
        _label(surf, tr(ROW_KEYS[row], lang), tr(f"qumasu_ui.pic_row{row}", lang), lx,
               gy + row * (cell + gap) + cell // 2, label_w)
    castle_own = pygame.Rect(x0, gy + 3 * (cell + gap) + 2, grid_w, bar)
    _castle(surf, castle_own, (40, 50, 74))
    _label(surf, tr("qumasu_ui.pic_own_castle", lang), None, lx, castle_own.centery, label_w)
    # an example unit on the own row, its arrows pointing at the cells it reaches
    unit = pygame.Rect(x0 + cell + gap, gy + 2 * (cell + gap), cell, cell).inflate(-10, -10)
    pygame.draw.rect(surf, art.UNIT_BG, unit, border_radius=8)
    pygame.draw.rect(surf, art.rim(0), unit, 3, border_radius=8)
    text.draw(surf, "剣", unit.center, 40, (120, 100, 80), True, "center")
    art.draw_arrows(surf, unit.inflate(14, 14), ("F", "L", "R"), True, (255, 200, 40), size=10)
    _costs(surf, pygame.Rect(rect.right - 306, gy + 20, 300, 212), lang)


def _label(surf: pygame.Surface, title: str, note: str | None, x: int, cy: int, width: int) -> None:
    """``← title`` with an optional wrapped note under it, kept inside ``width``."""
    head = "← " + title
    text.draw(surf, head, (x, cy - (14 if note else 0)), fonts.fit(head, 22, width, True), theme.INK, True,
              "midleft")
    if note:
        fonts.draw_lines(surf, note, pygame.Rect(x + 28, cy, width - 28, 44), 20, theme.INK_DIM, gap=1.1)


def _castle(surf: pygame.Surface, r: pygame.Rect, colour) -> None:
    pygame.draw.rect(surf, colour, r, border_radius=8)
    for k in range(3):
        back = pygame.Rect(r.left + 10 + k * 22, r.top + 6, 26, r.height - 12)
        pygame.draw.rect(surf, (70, 60, 120), back, border_radius=4)
        pygame.draw.rect(surf, theme.INK_DARK, back, 1, border_radius=4)


def _costs(surf: pygame.Surface, r: pygame.Rect, lang: str) -> None:
    """The cost area: a seed, a flower, and a tapped (sideways) card."""
    pygame.draw.rect(surf, theme.FELT_DARK, r, border_radius=10)
    title = tr("qumasu_ui.pic_costs", lang)
    text.draw(surf, title, (r.left + 12, r.top + 18), fonts.fit(title, 20, r.width - 24, True), theme.INK, True,
              "midleft")
    for k, (flower, tapped) in enumerate(((False, False), (True, False), (False, True))):
        slot = pygame.Rect(r.left + 12 + k * 88, r.top + 44, 72, 100)
        art.cost_card(surf, slot, flower, tapped, lang)
    note = tr("qumasu_ui.pic_tapped", lang)
    fonts.draw_lines(surf, note, pygame.Rect(r.left + 12, r.top + 152, r.width - 24, 56), 20, theme.INK_DIM,
                     gap=1.15)
