"""尊みバースト card art: number cards, action cards, situation cards and the back.

Drawn here in code (no image files): a cream card with a coloured panel, a faint lattice
of 尊み hearts, sparkles that grow with the value (7 is the limit, so 6 and 7 shine
brightest), value pips as little hearts, and for action cards their glyph.  Words are put
on at full size after the supersampled shapes, never below ``text.MIN_SIZE``; a card too
small for its name shows only its big glyph or number.
"""
from __future__ import annotations

import pygame

from games.core.i18n import text_of
from games.ui import cards, ornament, text, theme

ICONS = {"reverse": "⇄", "skip": "⇒", "summon": "◎", "attack": "×", "wild": "★", "trump": "♥",
         "kuma_wild": "クマ", "new_world": "★"}
VALUE_COLOURS = [(70, 120, 200), (60, 150, 90), (60, 150, 90), (60, 150, 90), (220, 130, 40),
                 (220, 130, 40), (205, 60, 90), (205, 60, 90)]
CREAM = (252, 246, 236)
ACTION_BG = (232, 220, 248)
ACTION_INK = (92, 58, 146)
SITUATION_BG = (250, 228, 160)
SITUATION_INK = (130, 92, 30)
HEART_PINK = (236, 96, 140)
BACK_BG = (104, 36, 84)
BACK_LINE = (160, 70, 130)
BACK_GOLD = (250, 206, 120)


def value_colour(value: int) -> tuple[int, int, int]:
    return VALUE_COLOURS[max(0, min(7, value))]


def _radius(w: int) -> int:
    return max(6, w // 12)


def _number_layer(size: tuple[int, int], value: int) -> pygame.Surface:
    """Shapes of a number card: panel, heart lattice, sparkles, pips."""
    w, h = size
    col = value_colour(value)

    def paint(s: pygame.Surface, k: int) -> None:
        r = s.get_rect()
        pygame.draw.rect(s, CREAM, r, border_radius=_radius(w) * k)
        panel = r.inflate(-w * k // 7, -h * k // 7)
        ornament.vertical_gradient(s, panel, ornament.mix(col, (255, 255, 255), 0.25),
                                   ornament.mix(col, (0, 0, 0), 0.12))
        lattice = pygame.Surface(panel.size, pygame.SRCALPHA)
        step = max(10, w // 5) * k
        for j, y in enumerate(range(step // 2, panel.height, step)):
            for x in range((step // 2) * (j % 2), panel.width + step, step):
                ornament.heart(lattice, (x, y), step * 0.22, (255, 255, 255, 46))
        s.blit(lattice, panel.topleft)
        ornament.clip_round(s, _radius(w) * k)
        pygame.draw.rect(s, ornament.mix(col, (255, 255, 255), 0.6), panel, 2 * k, border_radius=8 * k)
        spots = [(0.84, 0.12), (0.14, 0.62), (0.86, 0.56), (0.5, 0.08)]
        for i in range(max(0, min(7, value)) // 2 + 1):  # sparkles: more as the value nears 7
            fx, fy = spots[i % len(spots)]
            ornament.sparkle(s, (panel.left + panel.width * fx, panel.top + panel.height * fy),
                             w * k * (0.04 + 0.008 * value), (255, 250, 220))
        n = max(0, value)
        pip = w * k * 0.045
        x0 = r.centerx - (n - 1) * pip * 1.25
        for i in range(n):
            ornament.heart(s, (x0 + i * pip * 2.5, panel.bottom - pip * 2.2), pip, (255, 255, 255))
        pygame.draw.rect(s, (70, 60, 70), r, 3 * k, border_radius=_radius(w) * k)
    return ornament.supersampled(size, paint)


def _plain_layer(size: tuple[int, int], bg, line, motif: str) -> pygame.Surface:
    """Shapes of an action or situation card: pattern, frame and a motif behind the glyph."""
    w, h = size

    def paint(s: pygame.Surface, k: int) -> None:
        r = s.get_rect()
        pygame.draw.rect(s, bg, r, border_radius=_radius(w) * k)
        if motif == "sparkle":
            ornament.dots(s, r, ornament.mix(bg, line, 0.18), max(8, w // 8) * k, k * max(1, w // 60))
        else:
            ornament.diagonal_lines(s, r, ornament.mix(bg, line, 0.15), max(8, w // 9) * k, k)
        ornament.clip_round(s, _radius(w) * k)
        c = (r.centerx, int(r.height * 0.42))
        pygame.draw.circle(s, ornament.mix(bg, (255, 255, 255), 0.6), c, int(w * k * 0.34))
        pygame.draw.circle(s, ornament.mix(bg, line, 0.45), c, int(w * k * 0.34), 2 * k)
        if motif == "heart":
            ornament.heart(s, c, w * k * 0.24, ornament.mix(HEART_PINK, bg, 0.35))
        for dx, dy in ((-0.36, -0.3), (0.36, -0.3), (-0.38, 0.1), (0.38, 0.1)):
            ornament.sparkle(s, (c[0] + dx * w * k, c[1] + dy * w * k), w * k * 0.05, ornament.mix(line, bg, 0.3))
        if w >= 60:
            ornament.frame(s, r.inflate(-w * k // 14, -w * k // 14), ornament.mix(bg, line, 0.5), max(1, k),
                           _radius(w) * k)
        pygame.draw.rect(s, line, r, 3 * k, border_radius=_radius(w) * k)
    return ornament.supersampled(size, paint)


def face(info: dict, size: tuple[int, int], lang: str) -> pygame.Surface:
    """A card face from ``rules.card_info``: number, action or situation card."""
    w, h = size
    kind = info["kind"]
    if info["deck"] == "toutomi" and kind == "number":
        val = info["value"]
        surf = _number_layer(size, val)
        text.draw(surf, str(val), (w // 2 + 2, h // 2 + 3), int(h * 0.5),
                  ornament.mix(value_colour(val), (0, 0, 0), 0.45), True, "center")
        text.draw(surf, str(val), (w // 2, h // 2), int(h * 0.5), theme.INK, True, "center")
        corner = int(h * 0.13)
        if corner >= text.MIN_SIZE:
            text.draw(surf, str(val), (w // 10, h // 30), corner, theme.INK_DARK, True)
        return surf
    situation = info["deck"] != "toutomi"
    if situation:
        surf = _plain_layer(size, SITUATION_BG, SITUATION_INK, "heart")
        big = str(info["points"]) if kind == "points" else ICONS.get(kind, "?")
        ink = SITUATION_INK
    else:
        surf = _plain_layer(size, ACTION_BG, ACTION_INK, "sparkle")
        big = ICONS.get(kind, "?")
        ink = ACTION_INK
    name = text_of(info["name"], lang)
    bs = text.fit_size(big, int(h * 0.36), w - 16, True, text.MIN_SIZE)
    text.draw(surf, big, (w // 2, int(h * 0.42)), bs, theme.INK_DARK, True, "center")
    ns = text.fit_size(name, int(h * 0.12), w - 12, True, text.MIN_SIZE)
    if int(h * 0.12) >= text.MIN_SIZE and text.font(ns, True).size(name)[0] <= w - 8:
        text.draw(surf, name, (w // 2, int(h * 0.83)), ns, ink, True, "center")
    return surf


def back(size: tuple[int, int]) -> pygame.Surface:
    """The 尊み back: a heart lattice on plum, a gold frame, a heart medallion with 尊."""
    w, h = size

    def paint(s: pygame.Surface, k: int) -> None:
        r = s.get_rect()
        pygame.draw.rect(s, BACK_BG, r, border_radius=_radius(w) * k)
        step = max(8, w // 4) * k
        for j, y in enumerate(range(0, r.height + step, step)):
            for x in range((step // 2) * (j % 2), r.width + step, step):
                ornament.heart(s, (x, y), step * 0.2, BACK_LINE)
                ornament.sparkle(s, (x + step // 2, y + step // 2), step * 0.12, (190, 110, 160))
        ornament.clip_round(s, _radius(w) * k)
        inset = max(3, w // 12) * k
        ornament.frame(s, r.inflate(-inset, -inset), BACK_GOLD, max(1, w // 50) * k, _radius(w) * k, w >= 60)
        c = r.center
        rad = int(min(w, h) * k * 0.3)
        pygame.draw.circle(s, (70, 20, 56), c, rad)
        pygame.draw.circle(s, BACK_GOLD, c, rad, max(1, w // 60) * k)
        ornament.heart(s, (c[0], c[1] + rad * 0.05), rad * 0.62, HEART_PINK)
        pygame.draw.rect(s, (40, 14, 34), r, 2 * k, border_radius=_radius(w) * k)
    surf = ornament.supersampled(size, paint)
    fs = int(min(w, h) * 0.24)
    if fs >= text.MIN_SIZE:
        text.draw(surf, "尊", (w // 2, h // 2), fs, (255, 246, 236), True, "center")
    return surf


def painter(rules, lang: str) -> cards.CardPainter:
    """The table's painter: faces and backs cached per size (bounded by bytes)."""
    return cards.CardPainter(lambda cid, size: face(rules.card_info(cid), size, lang), back=back)
