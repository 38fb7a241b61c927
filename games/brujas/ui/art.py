"""Brujas card art: prank card faces, witch cards, score cards and colour chips.

Everything is drawn from ``RULES.card_info`` and ``data/brujas.yaml`` (colours, glyphs,
letters, animals, witch names), so the colour is never the only signal: every card and
chip also shows its colour's glyph (◆ ● ▲ ■) and letter.  Surfaces are made once and
cached (card faces by CardPainter, chips and score cards here).
"""
from __future__ import annotations

import pygame

from games.core.i18n import text_of
from games.ui import cards, text, theme

CARD_BORDER = (70, 60, 80)
WITCH_BG = (38, 32, 58)
SCORE_GOLD = (236, 204, 120)


def ink_on(rgb) -> tuple[int, int, int]:
    """Dark or light text, whichever reads better on ``rgb``."""
    r, g, b = rgb
    return theme.INK_DARK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else (252, 250, 244)


def shade(rgb, k: float) -> tuple[int, int, int]:
    return tuple(max(0, min(255, int(c * k))) for c in rgb)


class Art:
    """Card faces and small chips of one table (language fixed for the scene)."""

    def __init__(self, rules, lang: str) -> None:
        self.rules = rules
        self.lang = lang
        self.colours = {c.id: c for c in rules.data.colours}
        self.witch_names = {w.colour: text_of(w.name, lang) for w in rules.data.witches}
        self._chips: dict[tuple, pygame.Surface] = {}
        self._scores: dict[tuple, pygame.Surface] = {}
        self.painter = cards.CardPainter(self.prank_face, "魔")
        self.witch_painter = cards.CardPainter(self.witch_face)

    # --- names ---------------------------------------------------------------------------
    def colour_name(self, colour: str) -> str:
        return text_of(self.colours[colour].name, self.lang)

    def animal(self, colour: str) -> str:
        return text_of(self.colours[colour].animal, self.lang)

    def mark(self, colour: str) -> str:
        """Glyph and upper-case letter of a colour, e.g. "■G"."""
        c = self.colours[colour]
        return f"{c.glyph}{c.letter.upper()}"

    def rgb(self, colour: str) -> tuple[int, int, int]:
        return tuple(self.colours[colour].rgb)

    # --- prank cards (through CardPainter) ------------------------------------------------
    def prank_face(self, card_id: str, size: tuple[int, int]) -> pygame.Surface:
        info = self.rules.card_info(card_id)
        w, h = size
        rgb = tuple(info["rgb"])
        ink = ink_on(rgb)
        surf = cards.blank_card(size, theme.CARD_FACE, CARD_BORDER)
        pad = max(3, w // 16)
        inner = surf.get_rect().inflate(-2 * pad, -2 * pad)
        pygame.draw.rect(surf, rgb, inner, border_radius=max(4, w // 14))
        num, glyph, letter = str(info["number"]), info["glyph"], info["letter"]
        if w >= 80:
            pygame.draw.rect(surf, shade(rgb, 0.8), inner.inflate(-w // 5, -h // 4), 2,
                             border_radius=w // 8)
            text.draw(surf, num, (w // 2, int(h * 0.46)), int(h * 0.42), ink, True, "center")
            corner = int(h * 0.13)
            text.draw(surf, num, (inner.left + 6, inner.top + 2), corner, ink, True)
            text.draw(surf, glyph, (inner.left + 6 + corner // 8, inner.top + 4 + corner), int(corner * 0.8),
                      ink, False)
            pill = pygame.Rect(0, 0, int(w * 0.5), int(h * 0.14))
            pill.midbottom = (w // 2, inner.bottom - 6)
            pygame.draw.rect(surf, theme.CARD_FACE, pill, border_radius=pill.height // 2)
            label = f"{glyph} {letter}"
            text.draw(surf, label, pill.center, text.fit_size(label, int(pill.height * 0.8), pill.width - 8, True),
                      shade(rgb, 0.75) if ink != theme.INK_DARK else theme.INK_DARK, True, "center")
        else:  # a small card in a captured pile: number in the corner, glyph below
            text.draw(surf, num, (inner.left + 2, inner.top - 1), max(11, min(19, int(h * 0.42))), ink, True)
            text.draw(surf, glyph, (inner.right - 1, inner.bottom), max(9, int(h * 0.3)), ink, False,
                      "bottomright")
        return surf

    # --- witch cards (public tokens; drawn through their own painter) ---------------------
    def witch_face(self, witch_id: str, size: tuple[int, int]) -> pygame.Surface:
        colour = witch_id.split(":", 1)[1]
        w, h = size
        rgb = self.rgb(colour)
        ink = ink_on(rgb)
        surf = cards.blank_card(size, WITCH_BG, shade(rgb, 1.1))
        band = pygame.Rect(4, 4, int(h * 0.86), h - 8)
        pygame.draw.rect(surf, rgb, band, border_radius=10)
        c = self.colours[colour]
        text.draw(surf, c.glyph, (band.centerx, band.centery - h // 9), int(h * 0.42), ink, False, "center")
        text.draw(surf, c.letter.upper(), (band.centerx, band.bottom - 4), int(h * 0.24), ink, True,
                  "midbottom")
        x = band.right + 14
        name = self.witch_names.get(colour, colour)
        text.draw(surf, name, (x, int(h * 0.3)), text.fit_size(name, int(h * 0.27), w - x - 10, True),
                  theme.INK, True, "midleft")
        line = f"{self.colour_name(colour)} · {self.animal(colour)}" if self.lang == "en" else \
            f"{self.colour_name(colour)}・{self.animal(colour)}"
        text.draw(surf, line, (x, int(h * 0.66)), text.fit_size(line, int(h * 0.22), w - x - 10, False),
                  (225, 220, 240), False, "midleft")
        return surf

    def draw_witch(self, surf: pygame.Surface, colour: str, rect: pygame.Rect) -> None:
        self.witch_painter.draw(surf, f"witch:{colour}", rect, True)

    # --- score cards and chips --------------------------------------------------------------
    def score_card(self, value: int, size: tuple[int, int], unit: str) -> pygame.Surface:
        key = (value, size, unit)
        if key not in self._scores:
            w, h = size
            s = cards.blank_card(size, SCORE_GOLD, (150, 110, 40))
            text.draw(s, str(value), (w // 2, int(h * 0.42)), int(h * 0.55), theme.INK_DARK, True, "center")
            text.draw(s, unit, (w // 2, int(h * 0.84)), int(h * 0.16), (90, 64, 20), True, "center")
            self._scores[key] = s.convert_alpha()
        return self._scores[key]

    def chip(self, colour: str | None, height: int = 22) -> pygame.Surface:
        """A rounded colour chip with glyph and letter ("—" for no colour)."""
        key = (colour, height)
        if key not in self._chips:
            label = self.mark(colour) if colour else "—"
            rgb = self.rgb(colour) if colour else (90, 94, 104)
            img = text.render(label, int(height * 0.72), ink_on(rgb), True)
            s = pygame.Surface((img.get_width() + height // 2 + 6, height), pygame.SRCALPHA)
            pygame.draw.rect(s, rgb, s.get_rect(), border_radius=height // 2)
            s.blit(img, img.get_rect(center=s.get_rect().center))
            self._chips[key] = s.convert_alpha()
        return self._chips[key]
