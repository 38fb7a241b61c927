"""Suma pictures: item tokens (shape + colour), patterns, the suma side and the job side.

Shapes are drawn, not typed, so the kinds read by shape as well as colour.  Card faces
are painted once per size and cached by the view's CardPainter (suma sides) or the
job-side cache here (bounded).
"""
from __future__ import annotations

import math

import pygame

from games.core.bounded import BytesLRU, pixel_bytes
from games.core.i18n import text_of, tr
from games.ui import cards, text, theme

ITEM_COLOURS = {"circle": (238, 236, 226), "triangle": (245, 150, 60), "square": (90, 150, 240),
                "star": (250, 212, 60)}
CARD_COLOURS = {"red": (196, 64, 60), "blue": (52, 104, 196), "green": (56, 150, 84)}
COMPACT = {"place": "⊕{kind}{n}", "remove": "⊖{n}", "reduce": "−{kind}{n}", "achieve": "◎{n}", "score": "★{n}"}


def draw_item(surf: pygame.Surface, kind: str | None, center: tuple[int, int], size: int,
              outline_only: bool = False, colour=None) -> None:
    """An item token: 〇 disc, △ triangle, □ square, ☆ star."""
    if kind is None:
        return
    col = colour or ITEM_COLOURS.get(kind, theme.INK)
    x, y = center
    r = size // 2
    w = 3 if outline_only else 0
    if kind == "circle" or kind not in ITEM_COLOURS:
        pygame.draw.circle(surf, col, center, r, w)
        if not outline_only:
            pygame.draw.circle(surf, theme.INK_DARK, center, r, 2)
        return
    if kind == "triangle":
        pts = [(x, y - r), (x + r, y + int(r * 0.8)), (x - r, y + int(r * 0.8))]
    elif kind == "square":
        pts = [(x - int(r * 0.85), y - int(r * 0.85)), (x + int(r * 0.85), y - int(r * 0.85)),
               (x + int(r * 0.85), y + int(r * 0.85)), (x - int(r * 0.85), y + int(r * 0.85))]
    else:
        pts = []
        for k in range(10):
            rad = r if k % 2 == 0 else r * 0.45
            a = -math.pi / 2 + k * math.pi / 5
            pts.append((x + rad * math.cos(a), y + rad * math.sin(a)))
    pygame.draw.polygon(surf, col, pts, w)
    if not outline_only:
        pygame.draw.polygon(surf, theme.INK_DARK, pts, 2)


def draw_pattern(surf: pygame.Surface, pattern: tuple, area: pygame.Rect, line=(90, 90, 100)) -> None:
    """A summon condition: item tokens on a small grid, blanks as empty dotted cells."""
    rows, cols = len(pattern), len(pattern[0])
    cell = min(area.width // cols, area.height // rows)
    x0 = area.centerx - cols * cell // 2
    y0 = area.centery - rows * cell // 2
    for r, row in enumerate(pattern):
        for c, kind in enumerate(row):
            rect = pygame.Rect(x0 + c * cell, y0 + r * cell, cell, cell)
            if kind is None:
                pygame.draw.rect(surf, line, rect.inflate(-6, -6), 1, border_radius=3)
            else:
                pygame.draw.rect(surf, (60, 70, 64), rect.inflate(-2, -2), border_radius=4)
                draw_item(surf, kind, rect.center, int(cell * 0.72))


def effect_text(data, card_id: str, lang: str) -> str:
    """The job effect in words (``place 2 〇, remove 1``)."""
    c = data.card(card_id)
    parts = []
    for p in c.effect:
        kind = "＊" if p.kind == "any" else (data.item(p.kind).symbol if p.kind else "")
        key = "suma_ui.fx_reduce_any" if p.kind == "any" else f"suma_ui.fx_{p.type}"
        parts.append(tr(key, lang, kind=kind, n=p.n))
    sep = "、" if lang == "ja" else ", "
    text_ = sep.join(parts)
    if len(parts) > 1 and c.timing == "immediate":
        text_ += tr("suma_ui.fx_any_order", lang)
    return text_


def compact(data, card_id: str) -> str:
    """The job effect in symbols for small cards (``⊕〇2``, ``−＊1``, ``★3``)."""
    out = []
    for p in data.card(card_id).effect:
        kind = "＊" if p.kind == "any" else (data.item(p.kind).symbol if p.kind else "")
        out.append(COMPACT[p.type].format(kind=kind, n=p.n))
    return " ".join(out)


def compact_parts(data, parts: list) -> str:
    """Remaining effect parts ``[[type, kind, n], ...]`` in symbols."""
    out = []
    for ptype, kind, n in parts:
        if n > 0:
            sym = "＊" if kind == "any" else (data.item(kind).symbol if kind else "")
            out.append(COMPACT[ptype].format(kind=sym, n=n))
    return " ".join(out)


def timing_name(data, colour: str, lang: str) -> str:
    timing = next(t for c, t, _ in data.colours if c == colour)
    return tr(f"suma_ui.timing_{timing}", lang)


def colour_name(data, colour: str, lang: str) -> str:
    return next(text_of(n, lang) for c, _, n in data.colours if c == colour)


def suma_face(data, card_id: str, size: tuple[int, int], lang: str) -> pygame.Surface:
    """The suma side: number, count, pattern; a job strip under it when there is room."""
    c = data.card(card_id)
    w, h = size
    surf = cards.blank_card(size, theme.CARD_FACE, CARD_COLOURS[c.colour])
    band = pygame.Rect(0, 0, w, max(30, h // 5))
    pygame.draw.rect(surf, CARD_COLOURS[c.colour], band, border_top_left_radius=max(6, w // 12),
                     border_top_right_radius=max(6, w // 12))
    num = max(22, min(40, h // 6))
    text.draw(surf, str(c.number), (8, band.centery), num, theme.INK, True, "midleft")
    text.draw(surf, f"×{c.count}", (w - 8, band.centery), max(20, num - 8), theme.INK, True, "midright")
    strip = h >= 170
    bottom = h - (64 if strip else 6)
    draw_pattern(surf, c.pattern, pygame.Rect(6, band.bottom + 6, w - 12, bottom - band.bottom - 8))
    if strip:
        box = pygame.Rect(4, h - 62, w - 8, 58)
        pygame.draw.rect(surf, (232, 226, 210), box, border_radius=6)
        text.draw(surf, compact(data, card_id), box.center, 22, theme.INK_DARK, True, "center")
    return surf


JOB_BYTES = 4 * 2**20  # job sides kept: ~58 at the table size (112x160); least recently used go first


class JobPainter:
    """Job sides (public): colour, timing and the compact effect; cached, bounded by bytes."""

    def __init__(self, data, lang: str, max_bytes: int = JOB_BYTES) -> None:
        self.data, self.lang = data, lang
        self._cache = BytesLRU(max_bytes, pixel_bytes)

    def surface(self, colour: str, job: str, card: str | None, size: tuple[int, int]) -> pygame.Surface:
        key = (colour, job, card, size)
        img = self._cache.get(key)
        if img is None:
            img = self._cache.put(key, self._make(colour, job, card, size).convert_alpha())
        return img

    def _make(self, colour: str, job: str, card: str | None, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        surf = cards.blank_card(size, CARD_COLOURS[colour], (30, 30, 36))
        label = timing_name(self.data, colour, self.lang)
        text.draw(surf, label, (w // 2, 16), text.fit_size(label, 22, w - 8, True, 20), theme.INK, True, "center")
        fx = _compact_from_job(self.data, job)
        lines = fx.split(" ")
        y = h // 2 - (len(lines) - 1) * 13 + 6
        for ln in lines:
            text.draw(surf, ln, (w // 2, y), text.fit_size(ln, 26, w - 8, True, 20), theme.INK, True, "center")
            y += 26
        return surf

    def draw(self, surf: pygame.Surface, colour: str, job: str, rect: pygame.Rect, card: str | None = None) -> None:
        pygame.draw.rect(surf, (0, 0, 0), rect.move(3, 4), border_radius=8)
        surf.blit(self.surface(colour, job, None, rect.size), rect)


def _compact_from_job(data, job: str) -> str:
    """The compact effect of a public job key (``job:red:place-circle2``)."""
    out = []
    for part in job.split(":", 2)[2].split("+"):
        head = part.rstrip("0123456789")
        n = part[len(head):]
        ptype, _, kind = head.partition("-")
        sym = "＊" if kind == "any" else (data.item(kind).symbol if kind else "")
        out.append(COMPACT[ptype].format(kind=sym, n=n))
    return " ".join(out)
