"""Pictures for the Suma rules overlay: rotation, where items go, and bingo, drawn like the table."""
from __future__ import annotations

import pygame

from games.core.i18n import tr
from games.suma.ui import art
from games.ui import text, theme

PATTERN = (("square", "square"), ("circle", None))  # the card "□□ / 〇・" of the rules text
CELL_BG = (60, 70, 64)  # an empty map cell (as the pattern cells on the table)
LEGAL = theme.GLOW
CROSS = theme.DANGER
MARKED = (248, 206, 196)  # a crossed bingo cell


def paint(name: str, surf: pygame.Surface, rect: pygame.Rect, lang: str) -> None:
    """Draw picture ``name`` inside ``rect`` (unknown names draw nothing)."""
    painter = {"rotation": _rotation, "adjacency": _adjacency, "bingo": _bingo}.get(name)
    if painter:
        painter(surf, rect, lang)


def _rotate(pattern: tuple) -> tuple:
    """The pattern turned 90° clockwise."""
    rows = len(pattern)
    return tuple(tuple(pattern[rows - 1 - r][c] for r in range(rows)) for c in range(len(pattern[0])))


def _rotation(surf: pygame.Surface, rect: pygame.Rect, lang: str) -> None:
    """One pattern at 0°, 90°, 180°, 270° and its mirror image crossed out."""
    size = min(200, (rect.width - 240) // 5)  # four turns and the mirror fit the width
    step = size + 45
    y = rect.top + 80
    text.draw(surf, tr("suma_ui.pic_turns", lang), (rect.left + 10, rect.top + 20), 24, theme.INK, True, "midleft")
    pattern = PATTERN
    for k in range(4):
        area = pygame.Rect(rect.left + 10 + k * step, y, size, size)
        pygame.draw.rect(surf, theme.FELT_DARK, area.inflate(16, 16), border_radius=10)
        art.draw_pattern(surf, pattern, area)
        text.draw(surf, f"{k * 90}°", (area.centerx, area.bottom + 34), 26, theme.OK, True, "center")
        pattern = _rotate(pattern)
    mirror = tuple(tuple(reversed(row)) for row in PATTERN)
    area = pygame.Rect(rect.left + 10 + 4 * step + 40, y, size, size)
    pygame.draw.rect(surf, theme.FELT_DARK, area.inflate(16, 16), border_radius=10)
    art.draw_pattern(surf, mirror, area)
    pygame.draw.line(surf, CROSS, area.topleft, area.bottomright, 8)
    pygame.draw.line(surf, CROSS, area.topright, area.bottomleft, 8)
    text.draw(surf, tr("suma_ui.pic_mirror", lang), (area.centerx, area.bottom + 34),
              text.fit_size(tr("suma_ui.pic_mirror", lang), 24, size + 60, True), CROSS, True, "center")


def _adjacency(surf: pygame.Surface, rect: pygame.Rect, lang: str) -> None:
    """A 5×5 map piece with two items: edge neighbours glow as legal, diagonals do not."""
    cell, gap = 68, 6
    x0, y0 = rect.left + 10, rect.top + 10
    items = {(2, 1): "circle", (1, 3): "triangle"}
    legal = {(r + dr, c + dc) for (r, c) in items for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    diag = {(r + dr, c + dc) for (r, c) in items for dr in (-1, 1) for dc in (-1, 1)}
    for r in range(5):
        for c in range(5):
            cr = pygame.Rect(x0 + c * (cell + gap), y0 + r * (cell + gap), cell, cell)
            pygame.draw.rect(surf, CELL_BG, cr, border_radius=6)
            if (r, c) in items:
                art.draw_item(surf, items[(r, c)], cr.center, int(cell * 0.72))
            elif (r, c) in legal:
                pygame.draw.rect(surf, LEGAL, cr, 4, border_radius=6)
                pygame.draw.circle(surf, LEGAL, cr.center, 8)
            elif (r, c) in diag:
                pygame.draw.line(surf, theme.INK_DIM, cr.inflate(-36, -36).topleft, cr.inflate(-36, -36).bottomright, 3)
                pygame.draw.line(surf, theme.INK_DIM, cr.inflate(-36, -36).topright, cr.inflate(-36, -36).bottomleft, 3)
    lx = x0 + 5 * (cell + gap) + 40
    rows = (("suma_ui.pic_legal", LEGAL, "legal"), ("suma_ui.pic_diagonal", theme.INK_DIM, "diag"),
            ("suma_ui.pic_isolated", theme.INK, "item"))
    for k, (key, colour, kind) in enumerate(rows):
        cy = rect.top + 70 + k * 90
        mark = pygame.Rect(lx, cy - 25, 50, 50)
        pygame.draw.rect(surf, CELL_BG, mark, border_radius=6)
        if kind == "legal":
            pygame.draw.rect(surf, LEGAL, mark, 4, border_radius=6)
            pygame.draw.circle(surf, LEGAL, mark.center, 7)
        elif kind == "diag":
            pygame.draw.line(surf, theme.INK_DIM, mark.inflate(-28, -28).topleft, mark.inflate(-28, -28).bottomright, 3)
            pygame.draw.line(surf, theme.INK_DIM, mark.inflate(-28, -28).topright, mark.inflate(-28, -28).bottomleft, 3)
        else:
            art.draw_item(surf, "triangle", mark.center, 36)
        label = tr(key, lang)
        width = rect.right - (lx + 70) - 10
        text.draw(surf, label, (lx + 70, cy), text.fit_size(label, 26, width, True), colour, True, "midleft")


def _bingo(surf: pygame.Surface, rect: pygame.Rect, lang: str) -> None:
    """A 5×5 bingo card: FREE centre, some crossed cells, one full row struck through."""
    cell, gap = 68, 6
    x0, y0 = rect.left + 10, rect.top + 10
    crossed = {(1, c) for c in range(5)} | {(0, 0), (3, 1), (2, 3), (4, 4)}
    numbers = ((3, 11, 6, 0, 9), (5, 1, 10, 4, 7), (7, 2, 0, 8, 1), (9, 4, 11, 5, 3),
               (2, 10, 8, 6, 0))  # as on a real card: the numbers 0..11, some twice (pool_copies)
    for r in range(5):
        for c in range(5):
            cr = pygame.Rect(x0 + c * (cell + gap), y0 + r * (cell + gap), cell, cell)
            marked = (r, c) in crossed or (r, c) == (2, 2)
            pygame.draw.rect(surf, MARKED if marked else theme.CARD_FACE, cr, border_radius=6)
            if (r, c) == (2, 2):
                text.draw(surf, "FREE", cr.center, 20, theme.INK_DARK, True, "center")
                continue
            if marked:  # a red stamp ring, the number still readable inside it
                pygame.draw.circle(surf, CROSS, cr.center, cell // 2 - 5, 4)
            text.draw(surf, str(numbers[r][c]), cr.center, 26, theme.INK_DARK, True, "center")
    row_y = y0 + 1 * (cell + gap) + cell // 2
    pygame.draw.line(surf, theme.ACCENT, (x0 - 6, row_y), (x0 + 5 * (cell + gap), row_y), 7)
    lx = x0 + 5 * (cell + gap) + 40
    width = rect.right - lx - 10
    for k, (key, colour) in enumerate((("suma_ui.pic_bingo", theme.ACCENT), ("suma_ui.pic_free", theme.INK))):
        label = "← " + tr(key, lang)
        cy = row_y if k == 0 else y0 + 2 * (cell + gap) + cell // 2
        text.draw(surf, label, (lx, cy), text.fit_size(label, 26, width, True), colour, True, "midleft")
