"""Procedural ornaments for card faces, backs and title tiles (made here, no copied art).

Shapes are drawn on a layer at twice the size and smoothly scaled down
(``supersampled``), which gives soft, anti-aliased edges without any image file.  Text is
never drawn on such a layer (it would shrink below what the text audit measures): faces
put their words on afterwards, at full size.  Every function draws in place; callers
cache the results (CardPainter, the title's tile cache), so none of this runs per frame.
"""
from __future__ import annotations

import math
from collections.abc import Callable

import pygame

RGB = tuple


def supersampled(size: tuple[int, int], paint: Callable[[pygame.Surface, int], None],
                 k: int = 2) -> pygame.Surface:
    """``paint(layer, k)`` on a k× transparent layer, scaled down smoothly to ``size``."""
    w, h = max(1, size[0]), max(1, size[1])
    layer = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    paint(layer, k)
    return pygame.transform.smoothscale(layer, (w, h))


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``a`` moved towards ``b`` by ``t`` (0..1)."""
    return tuple(int(x + (y - x) * t) for x, y in zip(a[:3], b[:3], strict=True))


def vertical_gradient(surf: pygame.Surface, rect: pygame.Rect, top: RGB, bottom: RGB) -> None:
    """Fill ``rect`` from ``top`` to ``bottom`` colour (a 2-pixel strip, scaled: fast)."""
    if rect.width <= 0 or rect.height <= 0:
        return
    strip = pygame.Surface((1, 2))
    strip.set_at((0, 0), top[:3])
    strip.set_at((0, 1), bottom[:3])
    surf.blit(pygame.transform.smoothscale(strip, (max(1, rect.width), max(2, rect.height))), rect.topleft)


def rounded_mask(size: tuple[int, int], radius: int) -> pygame.Surface:
    """White rounded rectangle: multiply a painted layer by it to clip to a card's shape."""
    m = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(m, (255, 255, 255, 255), m.get_rect(), border_radius=radius)
    return m


def clip_round(layer: pygame.Surface, radius: int) -> pygame.Surface:
    layer.blit(rounded_mask(layer.get_size(), radius), (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return layer


# --- patterns ----------------------------------------------------------------------------
def diagonal_lines(surf: pygame.Surface, rect: pygame.Rect, colour, step: int, width: int = 1) -> None:
    for x in range(rect.left - rect.height, rect.right, step):
        pygame.draw.line(surf, colour, (x, rect.bottom), (x + rect.height, rect.top), width)


def dots(surf: pygame.Surface, rect: pygame.Rect, colour, step: int, r: int) -> None:
    for j, y in enumerate(range(rect.top + step // 2, rect.bottom, step)):
        for x in range(rect.left + step // 2 + (step // 2 if j % 2 else 0), rect.right, step):
            pygame.draw.circle(surf, colour, (x, y), r)


def seigaiha(surf: pygame.Surface, rect: pygame.Rect, colour, r: int, width: int = 1) -> None:
    """Overlapping wave arcs (青海波), a traditional pattern."""
    for j, y in enumerate(range(rect.top, rect.bottom + r, r // 2)):
        off = r if j % 2 else 0
        for x in range(rect.left - r + off, rect.right + r, 2 * r):
            for k in range(3):
                pygame.draw.circle(surf, colour, (x, y), r - k * r // 3, width, draw_top_left=True,
                                   draw_top_right=True)


def frame(surf: pygame.Surface, rect: pygame.Rect, colour, width: int, radius: int,
          corner_dots: bool = True) -> None:
    """A double frame line with small dots at the corners."""
    pygame.draw.rect(surf, colour, rect, width, border_radius=radius)
    inner = rect.inflate(-4 * width, -4 * width)
    if inner.width > 8 and inner.height > 8:
        pygame.draw.rect(surf, colour, inner, max(1, width // 2), border_radius=max(2, radius - 2 * width))
    if corner_dots:
        d = max(2, width)
        for cx, cy in (inner.topleft, inner.topright, inner.bottomleft, inner.bottomright):
            pygame.draw.circle(surf, colour, (cx + (d * 2 if cx == inner.left else -d * 2),
                                              cy + (d * 2 if cy == inner.top else -d * 2)), d)


# --- motifs ------------------------------------------------------------------------------
def heart(surf: pygame.Surface, c: tuple[float, float], r: float, colour) -> None:
    """A heart (尊み) of half-width ``r``."""
    x, y = c
    lobe = r * 0.52
    pygame.draw.circle(surf, colour, (int(x - r * 0.48), int(y - r * 0.2)), int(lobe))
    pygame.draw.circle(surf, colour, (int(x + r * 0.48), int(y - r * 0.2)), int(lobe))
    pygame.draw.polygon(surf, colour, [(x - r * 0.98, y - r * 0.05), (x + r * 0.98, y - r * 0.05),
                                       (x, y + r * 0.95)])


def sparkle(surf: pygame.Surface, c: tuple[float, float], r: float, colour) -> None:
    """A four-pointed sparkle."""
    x, y = c
    q = r * 0.22
    pygame.draw.polygon(surf, colour, [(x, y - r), (x + q, y - q), (x + r, y), (x + q, y + q),
                                       (x, y + r), (x - q, y + q), (x - r, y), (x - q, y - q)])


def star(surf: pygame.Surface, c: tuple[float, float], r: float, colour, points: int = 5) -> None:
    x, y = c
    pts = []
    for i in range(points * 2):
        a = -math.pi / 2 + i * math.pi / points
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    pygame.draw.polygon(surf, colour, pts)


def mountain(surf: pygame.Surface, rect: pygame.Rect, body, snow) -> None:
    """Mount Fuji: a wide cone with a flat top and a jagged snow cap."""
    x0, r_, t, b = rect.left, rect.right, rect.top, rect.bottom
    w = rect.width
    top_l, top_r = x0 + w * 0.42, x0 + w * 0.58
    pygame.draw.polygon(surf, body, [(x0, b), (top_l, t), (top_r, t), (r_, b)])
    sy = t + rect.height * 0.32
    sl = top_l - (top_l - x0) * 0.32
    sr = top_r + (r_ - top_r) * 0.32
    cap = [(top_l, t), (top_r, t), (sr, sy)]
    teeth = 5
    for i in range(1, teeth + 1):
        x = sr - (sr - sl) * i / teeth
        y = sy if i % 2 == 0 else sy - rect.height * 0.1
        cap.append((x, y))
    cap.append((sl, sy))
    pygame.draw.polygon(surf, snow, cap)


def floors(surf: pygame.Surface, rect: pygame.Rect, colour, n: int, width: int = 2) -> None:
    """Strata under the mountain: the floors going down to 99."""
    for i in range(1, n + 1):
        y = rect.top + rect.height * i / (n + 1)
        inset = rect.width * 0.04 * i
        pygame.draw.line(surf, colour, (rect.left + inset, y), (rect.right - inset, y), width)


def torii(surf: pygame.Surface, rect: pygame.Rect, colour) -> None:
    w, h = rect.width, rect.height
    x0, t = rect.left, rect.top
    pygame.draw.rect(surf, colour, (x0, t, w, h * 0.14))
    pygame.draw.rect(surf, colour, (x0 + w * 0.1, t + h * 0.3, w * 0.8, h * 0.1))
    pygame.draw.rect(surf, colour, (x0 + w * 0.18, t, w * 0.13, h))
    pygame.draw.rect(surf, colour, (x0 + w * 0.69, t, w * 0.13, h))


def moth(surf: pygame.Surface, c: tuple[float, float], r: float, colour, eye=None) -> None:
    """A moth (蛾): four wings, a body and feathered antennae."""
    x, y = c
    for sx in (-1, 1):
        pygame.draw.polygon(surf, colour, [(x, y - r * 0.25), (x + sx * r, y - r * 0.75),
                                           (x + sx * r * 0.9, y + r * 0.05), (x, y + r * 0.1)])
        pygame.draw.polygon(surf, colour, [(x, y), (x + sx * r * 0.75, y + r * 0.25),
                                           (x + sx * r * 0.45, y + r * 0.8), (x, y + r * 0.35)])
        if eye is not None:
            pygame.draw.circle(surf, eye, (int(x + sx * r * 0.55), int(y - r * 0.3)), max(1, int(r * 0.14)))
        pygame.draw.line(surf, colour, (x, y - r * 0.45), (x + sx * r * 0.35, y - r * 0.95), max(1, int(r / 14)))
    pygame.draw.ellipse(surf, colour, (x - r * 0.11, y - r * 0.5, r * 0.22, r * 1.15))


def crow(surf: pygame.Surface, c: tuple[float, float], r: float, colour, eye=None) -> None:
    """A crow (烏) in profile: body, head, beak, tail and a folded wing."""
    x, y = c
    pygame.draw.ellipse(surf, colour, (x - r * 0.75, y - r * 0.35, r * 1.3, r * 0.8))
    pygame.draw.circle(surf, colour, (int(x + r * 0.5), int(y - r * 0.4)), int(r * 0.32))
    pygame.draw.polygon(surf, colour, [(x + r * 0.75, y - r * 0.52), (x + r * 1.1, y - r * 0.38),
                                       (x + r * 0.75, y - r * 0.28)])
    pygame.draw.polygon(surf, colour, [(x - r * 0.6, y), (x - r * 1.1, y + r * 0.35),
                                       (x - r * 1.0, y + r * 0.55), (x - r * 0.45, y + r * 0.3)])
    pygame.draw.line(surf, colour, (x, y + r * 0.35), (x - r * 0.05, y + r * 0.8), max(1, int(r / 10)))
    pygame.draw.line(surf, colour, (x + r * 0.2, y + r * 0.35), (x + r * 0.25, y + r * 0.8), max(1, int(r / 10)))
    if eye is not None:
        pygame.draw.circle(surf, eye, (int(x + r * 0.58), int(y - r * 0.46)), max(1, int(r * 0.07)))


def book(surf: pygame.Surface, c: tuple[float, float], r: float, colour, page=None) -> None:
    """An open book (本) with a few text lines."""
    x, y = c
    page = page or colour
    for sx in (-1, 1):
        pts = [(x, y - r * 0.45), (x + sx * r * 0.95, y - r * 0.6), (x + sx * r * 0.95, y + r * 0.45),
               (x, y + r * 0.6)]
        pygame.draw.polygon(surf, colour, pts)
        for k in range(4):
            yy = y - r * 0.32 + k * r * 0.2
            pygame.draw.line(surf, page, (x + sx * r * 0.15, yy), (x + sx * r * 0.75, yy - r * 0.1),
                             max(1, int(r / 16)))
    pygame.draw.line(surf, page, (x, y - r * 0.45), (x, y + r * 0.6), max(1, int(r / 12)))


def cup(surf: pygame.Surface, c: tuple[float, float], r: float, colour, rim=None) -> None:
    """A wine cup (盃): bowl, stem, foot."""
    x, y = c
    pygame.draw.polygon(surf, colour, [(x - r * 0.7, y - r * 0.75), (x + r * 0.7, y - r * 0.75),
                                       (x + r * 0.5, y - r * 0.15), (x, y + r * 0.05),
                                       (x - r * 0.5, y - r * 0.15)])
    pygame.draw.rect(surf, colour, (x - r * 0.09, y, r * 0.18, r * 0.6))
    pygame.draw.ellipse(surf, colour, (x - r * 0.5, y + r * 0.5, r, r * 0.3))
    if rim is not None:
        pygame.draw.line(surf, rim, (x - r * 0.55, y - r * 0.6), (x + r * 0.55, y - r * 0.6), max(1, int(r / 10)))


def tree(surf: pygame.Surface, c: tuple[float, float], r: float, colour, trunk=None) -> None:
    """A conifer of three tiers (スーマの森)."""
    x, y = c
    for k in range(3):
        top = y - r + k * r * 0.45
        half = r * (0.4 + 0.17 * k)
        pygame.draw.polygon(surf, colour, [(x, top), (x + half, top + r * 0.6), (x - half, top + r * 0.6)])
    pygame.draw.rect(surf, trunk or colour, (x - r * 0.1, y + r * 0.5, r * 0.2, r * 0.35))


def sword(surf: pygame.Surface, c: tuple[float, float], r: float, colour, hilt=None) -> None:
    x, y = c
    pygame.draw.polygon(surf, colour, [(x, y - r), (x + r * 0.12, y - r * 0.8), (x + r * 0.12, y + r * 0.35),
                                       (x - r * 0.12, y + r * 0.35), (x - r * 0.12, y - r * 0.8)])
    hilt = hilt or colour
    pygame.draw.rect(surf, hilt, (x - r * 0.4, y + r * 0.35, r * 0.8, r * 0.14))
    pygame.draw.rect(surf, hilt, (x - r * 0.08, y + r * 0.49, r * 0.16, r * 0.38))
    pygame.draw.circle(surf, hilt, (int(x), int(y + r * 0.92)), max(1, int(r * 0.1)))


def shield(surf: pygame.Surface, c: tuple[float, float], r: float, colour, boss=None) -> None:
    x, y = c
    pygame.draw.polygon(surf, colour, [(x - r * 0.75, y - r * 0.8), (x + r * 0.75, y - r * 0.8),
                                       (x + r * 0.7, y + r * 0.1), (x, y + r * 0.95), (x - r * 0.7, y + r * 0.1)])
    if boss is not None:
        pygame.draw.line(surf, boss, (x, y - r * 0.7), (x, y + r * 0.8), max(1, int(r / 8)))
        pygame.draw.line(surf, boss, (x - r * 0.65, y - r * 0.2), (x + r * 0.65, y - r * 0.2), max(1, int(r / 8)))


def castle(surf: pygame.Surface, rect: pygame.Rect, colour, window=None) -> None:
    """A keep with two towers and battlements."""
    x0, t, w, h = rect.left, rect.top, rect.width, rect.height
    pygame.draw.rect(surf, colour, (x0 + w * 0.2, t + h * 0.35, w * 0.6, h * 0.65))
    for tx in (x0, x0 + w * 0.72):
        pygame.draw.rect(surf, colour, (tx, t + h * 0.15, w * 0.28, h * 0.85))
        for k in range(3):
            pygame.draw.rect(surf, colour, (tx + k * w * 0.1, t + h * 0.05, w * 0.07, h * 0.12))
    for k in range(4):
        pygame.draw.rect(surf, colour, (x0 + w * 0.25 + k * w * 0.14, t + h * 0.27, w * 0.08, h * 0.1))
    if window is not None:
        pygame.draw.ellipse(surf, window, (x0 + w * 0.42, t + h * 0.6, w * 0.16, h * 0.5))
        pygame.draw.rect(surf, window, (x0 + w * 0.42, t + h * 0.75, w * 0.16, h * 0.25))


def spell_swirl(surf: pygame.Surface, c: tuple[float, float], r: float, colour, width: int = 2) -> None:
    """A spiral with sparkles: a spell."""
    x, y = c
    pts = []
    for i in range(60):
        a = i * 0.32
        rr = r * i / 60
        pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    pygame.draw.lines(surf, colour, False, pts, width)
    sparkle(surf, (x + r * 0.7, y - r * 0.7), r * 0.25, colour)


SEAT_SHAPES = ["circle", "triangle", "square", "diamond", "star", "down", "spade"]


def seat_shape(surf: pygame.Surface, idx: int, c: tuple[float, float], r: float, colour) -> None:
    """The seat's symbol (● ▲ ■ ◆ ★ ▼ ♠) drawn as a shape: crisp at any size, no font."""
    x, y = c
    shape = SEAT_SHAPES[idx % len(SEAT_SHAPES)]
    if shape == "circle":
        pygame.draw.circle(surf, colour, (int(x), int(y)), int(r * 0.8))
    elif shape == "triangle":
        pygame.draw.polygon(
            surf, colour, [(x, y - r * 0.85), (x + r * 0.85, y + r * 0.65), (x - r * 0.85, y + r * 0.65)]
        )
    elif shape == "square":
        pygame.draw.rect(surf, colour, (x - r * 0.68, y - r * 0.68, r * 1.36, r * 1.36))
    elif shape == "diamond":
        pygame.draw.polygon(surf, colour, [(x, y - r * 0.9), (x + r * 0.8, y), (x, y + r * 0.9), (x - r * 0.8, y)])
    elif shape == "star":
        star(surf, (x, y + r * 0.05), r * 0.95, colour)
    elif shape == "down":
        pygame.draw.polygon(
            surf, colour, [(x, y + r * 0.85), (x + r * 0.85, y - r * 0.65), (x - r * 0.85, y - r * 0.65)]
        )
    else:  # spade: a heart pointing up, with a stem
        for sx in (-1, 1):
            pygame.draw.circle(surf, colour, (int(x + sx * r * 0.42), int(y + r * 0.12)), int(r * 0.45))
        pygame.draw.polygon(
            surf, colour, [(x - r * 0.86, y + r * 0.05), (x + r * 0.86, y + r * 0.05), (x, y - r * 0.9)]
        )
        pygame.draw.polygon(surf, colour, [(x, y + r * 0.2), (x + r * 0.3, y + r * 0.9), (x - r * 0.3, y + r * 0.9)])
