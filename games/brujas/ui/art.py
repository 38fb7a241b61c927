"""Brujas card art: prank card faces, witch cards, score cards and colour chips.

Everything is drawn from ``RULES.card_info`` and ``data/brujas.yaml`` (colours, glyphs,
letters, animals, witch names), so the colour is never the only signal: every card and
chip also shows its colour's glyph (◆ ● ▲ ■) and letter.  Surfaces are made once and
cached (card faces by CardPainter, chips and score cards here).
"""
from __future__ import annotations

import pygame

from games.core.i18n import text_of
from games.ui import cards, ornament, text, theme

CARD_BORDER = (70, 60, 80)
WITCH_BG = (38, 32, 58)
SCORE_GOLD = (236, 204, 120)
MOTIFS = {"red": ornament.moth, "blue": ornament.crow, "yellow": ornament.book, "green": ornament.cup}
GLYPH_SHAPES = {"●": 0, "▲": 1, "■": 2, "◆": 3}  # ornament.seat_shape indices
BACK_BG = (44, 30, 70)
BIG_W = 80  # a prank card this wide or wider shows the full face (else the small pile face)


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
        self.painter = cards.CardPainter(self.prank_face, back=self.back, art_key=cards.info_key(rules.card_info))
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
        """Number, colour glyph and letter, and the colour's creature: moth, crow, book, cup."""
        info = self.rules.card_info(card_id)
        w, h = size
        rgb = tuple(info["rgb"])
        ink = ink_on(rgb)
        colour = info.get("colour") or self._colour_of(rgb)
        num, glyph, letter = str(info["number"]), info["glyph"], info["letter"]
        big = w >= BIG_W
        surf = ornament.supersampled(size, lambda layer, k: self._prank_layer(layer, k, rgb, colour, big))
        pad = max(3, w // 16)
        inner = surf.get_rect().inflate(-2 * pad, -2 * pad)
        if big:
            text.draw(surf, num, (w // 2 + 2, int(h * 0.40) + 3), int(h * 0.40), shade(rgb, 0.55), True, "center")
            text.draw(surf, num, (w // 2, int(h * 0.40)), int(h * 0.40), ink, True, "center")
            corner = max(text.MIN_SIZE, int(h * 0.13))
            text.draw(surf, num, (inner.left + 6, inner.top + 2), corner, ink, True)
            pill = pygame.Rect(0, 0, int(w * 0.56), max(26, int(h * 0.15)))
            pill.midbottom = (w // 2, inner.bottom - 6)
            pygame.draw.rect(surf, theme.CARD_FACE, pill, border_radius=pill.height // 2)
            r = pill.height * 0.32
            mark = ornament.supersampled((int(2 * r) + 2, int(2 * r) + 2), lambda layer, k: ornament.seat_shape(
                layer, GLYPH_SHAPES.get(glyph, 0), (layer.get_width() / 2, layer.get_height() / 2), r * k,
                shade(rgb, 0.8)))
            fs = max(text.MIN_SIZE, int(pill.height * 0.78))
            label = text.render(letter.upper(), fs, shade(rgb, 0.7), True)
            x = pill.centerx - (mark.get_width() + 6 + label.get_width()) // 2
            surf.blit(mark, mark.get_rect(midleft=(x, pill.centery)))
            surf.blit(label, label.get_rect(midleft=(x + mark.get_width() + 6, pill.centery)))
        else:  # a small card in a captured pile: the number, the glyph drawn as a shape
            text.draw(surf, num, (inner.left + 2, inner.top - 2), max(text.MIN_SIZE, min(26, int(h * 0.45))), ink, True)
        return surf

    def _colour_of(self, rgb) -> str:
        return next((c.id for c in self.colours.values() if tuple(c.rgb) == tuple(rgb)), "")

    def _prank_layer(self, s: pygame.Surface, k: int, rgb, colour: str, big: bool) -> None:
        """Shapes of a prank card: a colour panel, a lattice of the colour's creature, frame."""
        r = s.get_rect()
        w = r.width // k
        rad = max(6, w // 12) * k
        pygame.draw.rect(s, theme.CARD_FACE, r, border_radius=rad)
        inner = r.inflate(-2 * max(3, w // 16) * k, -2 * max(3, w // 16) * k)
        ornament.vertical_gradient(s, inner, shade(rgb, 1.12), shade(rgb, 0.86))
        motif = MOTIFS.get(colour)
        faint = shade(rgb, 0.78) if ink_on(rgb) != theme.INK_DARK else shade(rgb, 0.9)
        if motif and big:
            lattice = pygame.Surface(inner.size, pygame.SRCALPHA)
            step = max(14, w // 3) * k
            for j, y in enumerate(range(step // 2, inner.height, step)):
                for x in range((step // 2) * (j % 2), inner.width + step, step):
                    motif(lattice, (x, y), step * 0.26, faint)
            s.blit(lattice, inner.topleft)
            corner = (inner.right - inner.width * 0.2, inner.top + inner.width * 0.2)  # the suit's creature
            pygame.draw.circle(s, shade(rgb, 1.18), corner, int(inner.width * 0.17))
            motif(s, corner, inner.width * 0.12, ink_on(rgb) if ink_on(rgb) == theme.INK_DARK else (250, 246, 236),
                  rgb)
            ornament.frame(s, inner.inflate(-w * k // 12, -w * k // 12), shade(rgb, 1.25), k, rad)
        elif not big:
            ornament.seat_shape(s, GLYPH_SHAPES.get(self.colours[colour].glyph if colour else "", 0),
                                (inner.right - inner.width * 0.28, inner.bottom - inner.height * 0.22),
                                inner.width * 0.22, ink_on(rgb))
        ornament.clip_round(s, rad)
        pygame.draw.rect(s, CARD_BORDER, r, 2 * k, border_radius=rad)

    def back(self, size: tuple[int, int]) -> pygame.Surface:
        """The sabbath back: a night sky, a crescent moon and the four creatures around it."""
        w, h = size
        rgbs = {c: self.rgb(c) for c in self.colours}

        def paint(s: pygame.Surface, k: int) -> None:
            r = s.get_rect()
            rad = max(6, w // 12) * k
            ornament.vertical_gradient(s, r, (60, 40, 96), (24, 16, 44))
            ornament.dots(s, r, (120, 104, 170), max(8, w // 6) * k, max(1, k * w // 90))
            ornament.clip_round(s, rad)
            c = r.center
            moon = int(min(r.width, r.height) * 0.24)
            pygame.draw.circle(s, (250, 226, 150), c, moon)
            pygame.draw.circle(s, (40, 28, 70), (c[0] + moon // 2, c[1] - moon // 4), int(moon * 0.85))
            if w >= 60:
                for (colour, motif), (fx, fy) in zip(
                    MOTIFS.items(), ((0.25, 0.2), (0.75, 0.2), (0.25, 0.8), (0.75, 0.8)), strict=True
                ):
                    if colour in rgbs:
                        motif(s, (r.width * fx, r.height * fy), r.width * 0.12, rgbs[colour])
            ornament.frame(s, r.inflate(-max(3, w // 12) * k, -max(3, w // 12) * k), (200, 176, 120),
                           max(1, w // 60) * k, rad, w >= 60)
            pygame.draw.rect(s, (20, 14, 36), r, 2 * k, border_radius=rad)
        return ornament.supersampled(size, paint)

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
        x = band.right + 10  # (issue 27.7: "purple·moth" fits at 21 px, text.py TEXT-27)
        name = self.witch_names.get(colour, colour)
        text.draw(
            surf,
            name,
            (x, int(h * 0.3)),
            text.fit_size(name, max(text.MIN_SIZE, int(h * 0.27)), w - x - 6, True),
            theme.INK,
            True,
            "midleft",
        )
        line = f"{self.colour_name(colour)}·{self.animal(colour)}" if self.lang == "en" else \
            f"{self.colour_name(colour)}・{self.animal(colour)}"
        text.draw(
            surf,
            line,
            (x, int(h * 0.66)),
            text.fit_size(line, max(text.MIN_SIZE, int(h * 0.22)), w - x - 6, False),
            (225, 220, 240),
            False,
            "midleft",
        )
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
            text.draw(s, unit, (w // 2, int(h * 0.84)), max(text.MIN_SIZE, int(h * 0.16)), (90, 64, 20), True, "center")
            self._scores[key] = s.convert_alpha()
        return self._scores[key]

    def chip(self, colour: str | None, height: int = 22) -> pygame.Surface:
        """A rounded colour chip: its glyph drawn as a shape, then its letter ("—": none).

        The letter never falls below ``text.MIN_SIZE``; the chip grows to hold it."""
        key = (colour, height)
        if key not in self._chips:
            rgb = self.rgb(colour) if colour else (90, 94, 104)
            ink = ink_on(rgb)
            fs = max(text.MIN_SIZE, int(height * 0.72))
            h = max(height, fs + 4)
            img = text.render(self.colours[colour].letter.upper() if colour else "—", fs, ink, True)
            mark = h * 0.3 if colour else 0
            w = int(img.get_width() + 2 * mark + h // 2 + (4 if colour else 0))

            def paint(layer: pygame.Surface, k: int) -> None:
                pygame.draw.rect(layer, rgb, layer.get_rect(), border_radius=h * k // 2)
                if colour:
                    ornament.seat_shape(layer, GLYPH_SHAPES.get(self.colours[colour].glyph, 0),
                                        ((h // 4 + mark) * k, h * k / 2), mark * k, ink)
            s = ornament.supersampled((w, h), paint)
            s.blit(img, img.get_rect(midright=(w - h // 4, h // 2)))
            self._chips[key] = s.convert_alpha()
        return self._chips[key]
