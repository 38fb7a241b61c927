"""Small widgets drawn on the virtual canvas: buttons, panels, badges, glow."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pygame

from games.core.bounded import BytesLRU, pixel_bytes
from games.ui import ornament, text, theme


def panel(surf: pygame.Surface, rect: pygame.Rect, colour=theme.PANEL, radius: int = 14,
          border: tuple | None = None, width: int = 2) -> None:
    pygame.draw.rect(surf, colour, rect, border_radius=radius)
    if border:
        pygame.draw.rect(surf, border, rect, width, border_radius=radius)


def veil(surf: pygame.Surface, colour: tuple[int, int, int, int], rect: pygame.Rect | None = None) -> None:
    """Dim ``rect`` (default: all) as a translucent ``colour`` layer would (within 1 level),
    without making that layer: a full-screen SRCALPHA surface is 8 MiB a frame and 10x slower."""
    r, g, b, a = colour
    keep = 255 - a
    area = rect or surf.get_rect()
    surf.fill((keep, keep, keep), area, special_flags=pygame.BLEND_RGB_MULT)
    surf.fill((r * a // 255, g * a // 255, b * a // 255), area, special_flags=pygame.BLEND_RGB_ADD)


def glow(surf: pygame.Surface, rect: pygame.Rect, t: float, colour=theme.GLOW,
         radius: int = 14) -> None:
    """A pulsing outline for legal targets (thickness pulses, so not colour alone)."""
    import math
    w = 4 + int(3 * (1 + math.sin(t * 6)) / 2)
    pygame.draw.rect(surf, colour, rect.inflate(w * 2, w * 2), w, border_radius=radius + w)


# (seat colour, size) -> badge: layout sizes (18-90 px: 1.3-32 KiB each; a pawn's size in
# flight may pass through others), bounded by bytes: ~100 of the common 30-40 px ones
BADGES_BYTES = 512 * 1024
_badges = BytesLRU(BADGES_BYTES, pixel_bytes)


def _badge(seat: int, size: int) -> pygame.Surface:
    key = (seat % len(theme.SEAT_COLOURS), size)
    img = _badges.get(key)
    if img is None:
        col = theme.SEAT_COLOURS[key[0]]

        def paint(layer: pygame.Surface, k: int) -> None:
            c = (size * k // 2, size * k // 2)
            pygame.draw.circle(layer, col, c, size * k // 2)
            pygame.draw.circle(layer, theme.INK_DARK, c, size * k // 2, 2 * k)
            ornament.seat_shape(layer, seat, c, size * k * 0.3, theme.INK_DARK)
        img = _badges.put(key, ornament.supersampled((size, size), paint))
    return img


def seat_badge(surf: pygame.Surface, seat: int, pos: tuple[int, int], size: int = 30) -> pygame.Rect:
    """A seat's colour disc with its symbol drawn as a shape (colour is never the only signal)."""
    img = _badge(seat, size)
    rect = img.get_rect(center=pos)
    surf.blit(img, rect)
    return rect


# While a table paints into a kept layer (games/ui/table.py), the buttons it draws note
# their rects here: the layer is painted again when the pointer enters or leaves one.
_HOVER: list[list[pygame.Rect]] = []


@contextmanager
def noting_hover(rects: list[pygame.Rect]) -> Iterator[list[pygame.Rect]]:
    """Buttons drawn inside the block add their rects to ``rects``."""
    _HOVER.append(rects)
    try:
        yield rects
    finally:
        _HOVER.pop()


@dataclass
class Button:
    """A clickable button; ``label`` is already translated text."""

    rect: pygame.Rect
    label: str
    on_click: Callable[[], None] | None = None
    enabled: bool = True
    primary: bool = False
    size: int = 30
    key: str = ""  # stable id for tests

    def draw(self, surf: pygame.Surface, mouse: tuple[int, int]) -> None:
        hover = self.enabled and self.rect.collidepoint(mouse)
        if _HOVER and self.enabled:
            _HOVER[-1].append(self.rect)
        if not self.enabled:
            bg, fg = (52, 56, 64), (120, 124, 130)
        elif self.primary:
            bg, fg = ((255, 212, 100) if hover else theme.ACCENT), theme.INK_DARK
        else:
            bg, fg = (theme.PANEL_LIGHT if hover else theme.PANEL), theme.INK
        panel(surf, self.rect, bg, 12, theme.INK_DIM if hover else None)
        text.draw_fitted(surf, self.label, self.rect.inflate(-20, -6), self.size, fg, True)

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def click(self) -> None:
        if self.enabled and self.on_click:
            self.on_click()


def button_column(labels: list[tuple[str, Callable[[], None], str]], center_x: int, top: int,
                  width: int = 520, height: int = 76, gap: int = 18) -> list[Button]:
    """Buttons stacked vertically: ``labels`` = [(text, callback, key), ...]."""
    out = []
    for i, (label, cb, key) in enumerate(labels):
        rect = pygame.Rect(0, 0, width, height)
        rect.midtop = (center_x, top + i * (height + gap))
        out.append(Button(rect, label, cb, key=key, primary=(i == 0)))
    return out


def message_box(surf: pygame.Surface, title: str, message: str, rim) -> None:
    """The centred box of a message or a question: title and wrapped text (buttons drawn by the overlay)."""
    box = pygame.Rect(360, 300, theme.W - 720, 500)
    panel(surf, box, theme.PANEL, 18, rim, 3)
    text.draw(surf, title, (box.centerx, box.top + 60), 42, theme.INK, True, "center")
    text.draw_wrapped(surf, message, box.inflate(-100, -260).move(0, 10), 30, theme.INK)
