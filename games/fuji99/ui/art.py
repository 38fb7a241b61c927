"""Component art of Fuji 99: cubes, pawns, the movement token, Fuji card faces, the bag.

Every function returns a new Surface; the view caches them (``Art``), so a frame only
blits.  Colour is never the only signal: cubes carry a letter (透/黄/赤, C/Y/R), pawns
their seat symbol, cards their value, cost and a short effect glyph.
"""
from __future__ import annotations

import pygame

from games.core.i18n import text_of, tr
from games.ui import ornament, text, theme

CUBE_STYLE = {  # body, top face, border, letter colour
    "clear": ((206, 226, 236), (236, 246, 250), (96, 130, 150), (40, 70, 90)),
    "yellow": ((246, 196, 40), (255, 228, 120), (150, 104, 10), theme.INK_DARK),
    "red": ((206, 48, 48), (240, 104, 96), (110, 20, 20), (255, 244, 240)),
    "blind": ((84, 88, 104), (118, 124, 142), (40, 42, 52), (230, 232, 240)),
}
COLOUR_ORDER = ["blue", "green", "purple", "orange"]  # = theme.SEAT_COLOURS / SEAT_SYMBOLS
TIMING_STYLE = {  # card background, border
    "use": ((250, 244, 226), (150, 120, 70)),
    "continuous": ((220, 240, 212), (70, 130, 70)),
    "immediate": ((248, 220, 214), (170, 70, 60)),
}


def colour_index(colour: str, seat: int) -> int:
    """Index into theme.SEAT_COLOURS / SEAT_SYMBOLS for a seat's colour name."""
    return COLOUR_ORDER.index(colour) if colour in COLOUR_ORDER else seat % len(COLOUR_ORDER)


def seat_rgb(idx: int) -> tuple:
    return theme.SEAT_COLOURS[idx % len(theme.SEAT_COLOURS)]


def seat_symbol(idx: int) -> str:
    return theme.SEAT_SYMBOLS[idx % len(theme.SEAT_SYMBOLS)]


def cube(kind: str, size: int, letter: str) -> pygame.Surface:
    """A cube seen slightly from above, with its letter on the front face."""
    body, top, border, ink = CUBE_STYLE[kind]
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    r = max(3, size // 6)
    front = pygame.Rect(0, size // 6, size, size - size // 6)
    pygame.draw.rect(s, body, front, border_radius=r)
    pygame.draw.rect(s, top, pygame.Rect(0, 0, size, size // 3 + 2), border_top_left_radius=r,
                     border_top_right_radius=r)
    pygame.draw.rect(s, border, pygame.Rect(0, 0, size, size), max(1, size // 14), border_radius=r)
    if kind == "clear":  # a clear cube: hollow look, thick rim
        pygame.draw.rect(s, border, pygame.Rect(3, 3, size - 6, size - 6), max(1, size // 16), border_radius=r)
    fs = int(size * 0.56)
    if fs >= text.MIN_SIZE:
        text.draw(s, letter, (size // 2, size // 2 + size // 12), fs, ink, True, "center")
    else:  # too small for a readable letter: a mark drawn as a shape (colour is never alone)
        _small_mark(s, kind, size, ink)
    return s


def _small_mark(s: pygame.Surface, kind: str, size: int, ink) -> None:
    """Clear: a ring; yellow: a dot; red: a cross; blind: a bar."""
    c = (size // 2, size // 2 + size // 12)
    q = max(2, size // 5)
    if kind == "clear":
        pygame.draw.circle(s, ink, c, q + 1, max(1, size // 12))
    elif kind == "yellow":
        pygame.draw.circle(s, ink, c, q)
    elif kind == "red":
        width = max(2, size // 9)
        pygame.draw.line(s, ink, (c[0] - q, c[1] - q), (c[0] + q, c[1] + q), width)
        pygame.draw.line(s, ink, (c[0] - q, c[1] + q), (c[0] + q, c[1] - q), width)
    else:
        pygame.draw.line(s, ink, (c[0] - q, c[1]), (c[0] + q, c[1]), max(2, size // 9))


def pawn(idx: int, size: int, current: bool = False) -> pygame.Surface:
    """A player's pawn: a rounded cone in the seat colour with the seat symbol."""
    col = seat_rgb(idx)
    w, h = size, int(size * 1.25)
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    body = [(w * 0.5, h * 0.18), (w * 0.92, h * 0.92), (w * 0.08, h * 0.92)]
    pygame.draw.ellipse(s, (0, 0, 0, 90), pygame.Rect(2, h - h // 6, w - 4, h // 6))
    pygame.draw.polygon(s, col, body)
    pygame.draw.polygon(s, theme.INK_DARK, body, 2)
    head = (w // 2, int(h * 0.32))
    pygame.draw.circle(s, col, head, int(w * 0.32))
    pygame.draw.circle(s, theme.INK if current else theme.INK_DARK, head, int(w * 0.32), 3 if current else 2)
    ornament.seat_shape(s, idx, head, w * 0.17, theme.INK_DARK)
    return s


def token(size: int) -> pygame.Surface:
    """The shared black movement token: a black disc with a white ring and ▼."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (size // 2, size // 2)
    pygame.draw.circle(s, (12, 12, 14), c, size // 2)
    pygame.draw.circle(s, (245, 245, 245), c, size // 2, max(2, size // 10))
    q = size * 0.2  # ▼ drawn as a shape: crisp at any size
    pygame.draw.polygon(s, (245, 245, 245), [(c[0] - q, c[1] - q * 0.7), (c[0] + q, c[1] - q * 0.7), (c[0], c[1] + q)])
    return s


def sack(w: int, h: int) -> pygame.Surface:
    """The cloth bag the cubes are drawn from."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    cloth, dark = (150, 104, 62), (92, 60, 34)
    body = pygame.Rect(w * 0.08, h * 0.28, w * 0.84, h * 0.7)
    pygame.draw.ellipse(s, cloth, body)
    neck = [(w * 0.3, h * 0.34), (w * 0.7, h * 0.34), (w * 0.8, h * 0.12), (w * 0.2, h * 0.12)]
    pygame.draw.polygon(s, cloth, neck)
    pygame.draw.ellipse(s, dark, body, 3)
    pygame.draw.line(s, dark, (w * 0.28, h * 0.32), (w * 0.72, h * 0.32), 5)  # the cord
    pygame.draw.ellipse(s, (60, 40, 24), pygame.Rect(w * 0.2, h * 0.06, w * 0.6, h * 0.12))
    return s


def glyph(info: dict, lang: str) -> str:
    """A short effect glyph for a card face (the full text is in the tooltip)."""
    parts = []
    for e in info["effects"]:
        params = {k: v for k, v in e.items() if k != "type"}
        key = e["type"] + ("_then" if params.get("then_steps") else "")
        parts.append(tr(f"fuji99_ui.glyph_{key}", lang, **params))
    return " ".join(parts)


def _card_layer(size: tuple[int, int], bg, border, mini: bool) -> pygame.Surface:
    """The shapes of a Fuji card: paper, a faint mountain over its floors, a double frame."""
    w, h = size

    def paint(s: pygame.Surface, k: int) -> None:
        r = s.get_rect()
        rad = max(6, w // 12) * k
        ornament.vertical_gradient(s, r, ornament.mix(bg, (255, 255, 255), 0.35), bg)
        hill = pygame.Rect(0, 0, int(r.width * 0.9), int(r.height * (0.42 if mini else 0.3)))
        hill.midbottom = (r.centerx, int(r.height * (0.62 if mini else 0.5)))
        ornament.mountain(s, hill, ornament.mix(bg, border, 0.22), ornament.mix(bg, (255, 255, 255), 0.7))
        under = pygame.Rect(r.left, hill.bottom, r.width, r.height - hill.bottom)
        pygame.draw.rect(s, ornament.mix(bg, (120, 90, 60), 0.12), under)
        ornament.floors(s, under, ornament.mix(bg, (120, 90, 60), 0.3), 3 if mini else 5, k)
        ornament.clip_round(s, rad)
        if not mini:
            ornament.frame(s, r.inflate(-w * k // 14, -w * k // 14), ornament.mix(bg, border, 0.55), k, rad)
        pygame.draw.rect(s, border, r, 3 * k, border_radius=rad)
    return ornament.supersampled(size, paint)


def card_face(info: dict, size: tuple[int, int], lang: str) -> pygame.Surface:
    """A Fuji card face: cost (top left), crisis value (top right), glyph, name, timing, ④."""
    w, h = size
    bg, border = TIMING_STYLE.get(info["timing"], TIMING_STYLE["use"])
    name = text_of(info["name"], lang)
    if w < 90:  # a small card (other players' panels, the deck's discard): its value, big
        surf = _card_layer(size, bg, border, True)
        vc = (w // 2, int(h * 0.4))
        pygame.draw.circle(surf, (150, 40, 40), vc, int(w * 0.34))
        pygame.draw.circle(surf, (250, 240, 230), vc, int(w * 0.34), max(1, w // 30))
        text.draw(surf, str(info["value"]), vc, max(text.MIN_SIZE, int(w * 0.46)), (255, 250, 240), True, "center")
        g = glyph(info, lang)
        if h >= 80 and text.font(text.MIN_SIZE, True).size(g)[0] <= w - 6:
            text.draw(surf, g, (w // 2, int(h * 0.8)), text.MIN_SIZE, border, True, "center")
        return surf
    surf = _card_layer(size, bg, border, False)
    m = max(5, w // 16)
    vr = max(12, int(w * 0.17))
    vc = (w - vr - m, vr + m)
    pygame.draw.circle(surf, (150, 40, 40), vc, vr)
    pygame.draw.circle(surf, (250, 240, 230), vc, vr, max(1, w // 60))
    text.draw(surf, str(info["value"]), vc, max(text.MIN_SIZE, int(vr * 1.35)), (255, 250, 240), True, "center")
    if info["cost"] is not None:  # cost in yellow cubes: a yellow cube with the count
        cs = max(36, int(w * 0.3))  # the count on it stays readable (>= text.MIN_SIZE)
        c = cube("yellow", cs, str(info["cost"]))
        surf.blit(c, (m, m))
    g = glyph(info, lang)
    gs = text.fit_size(g, max(text.MIN_SIZE, int(h * 0.14)), w - 2 * m, True, text.MIN_SIZE)
    text.draw(surf, g, (w // 2, int(h * 0.35)), gs, border, True, "center")
    lines = text.wrap(name, text.MIN_SIZE + 2, w - 2 * m, True)[:2]
    y = int(h * 0.54) - (len(lines) - 1) * 11
    for ln in lines:
        text.draw(surf, ln, (w // 2, y), text.MIN_SIZE + 2, theme.INK_DARK, True, "center")
        y += 22
    timing = tr(info["timing_key"], lang)
    text.draw(surf, timing, (w // 2, int(h * 0.75)), text.fit_size(timing, text.MIN_SIZE, w - 2 * m, False,
              text.MIN_SIZE), border, False, "center")
    # ④: clear cubes put on the card when its owner stops
    k = info["clear"]
    cy = h - m - int(h * 0.045)
    pygame.draw.line(surf, border, (m, cy - int(h * 0.065)), (w - m, cy - int(h * 0.065)), 1)
    if k:
        d = int(h * 0.07)
        x0 = w // 2 - (k * (d + 3) - 3) // 2
        for i in range(k):
            r = pygame.Rect(x0 + i * (d + 3), cy - d // 2, d, d)
            pygame.draw.rect(surf, CUBE_STYLE["clear"][0], r, border_radius=3)
            pygame.draw.rect(surf, CUBE_STYLE["clear"][2], r, 2, border_radius=3)
    else:
        pygame.draw.line(surf, border, (w // 2 - 8, cy), (w // 2 + 8, cy), 2)
    return surf


def back(size: tuple[int, int]) -> pygame.Surface:
    """The Fuji card back: night-blue sky, the mountain, floors going down, a gold frame."""
    w, h = size

    def paint(s: pygame.Surface, k: int) -> None:
        r = s.get_rect()
        rad = max(6, w // 12) * k
        ornament.vertical_gradient(s, r, (40, 50, 110), (90, 70, 130))
        hill = pygame.Rect(0, 0, int(r.width * 1.1), int(r.height * 0.36))
        hill.midbottom = (r.centerx, int(r.height * 0.56))
        ornament.mountain(s, hill, (96, 108, 180), (236, 240, 250))
        pygame.draw.circle(s, (246, 180, 90), (int(r.width * 0.72), int(r.height * 0.2)), int(r.width * 0.1))
        under = pygame.Rect(0, hill.bottom, r.width, r.height - hill.bottom)
        ornament.vertical_gradient(s, under, (110, 78, 52), (60, 40, 28))
        ornament.floors(s, under, (150, 110, 70), 6, k)
        ornament.clip_round(s, rad)
        ornament.frame(s, r.inflate(-max(3, w // 12) * k, -max(3, w // 12) * k), (226, 196, 120),
                       max(1, w // 60) * k, rad, w >= 60)
        pygame.draw.rect(s, (24, 24, 50), r, 2 * k, border_radius=rad)
    return ornament.supersampled(size, paint)


def pagoda(w: int, h: int) -> pygame.Surface:
    """五重塔: five roofs on a red frame."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    roof, wall = (58, 52, 60), (190, 60, 40)
    pygame.draw.line(s, (200, 170, 60), (w // 2, 0), (w // 2, h // 7), 3)  # the finial
    floor_h = (h - h // 7) // 5
    for i in range(5):
        y = h // 7 + i * floor_h
        half = int(w * (0.26 + 0.05 * i))
        pygame.draw.rect(s, wall, pygame.Rect(w // 2 - half // 2, y + floor_h // 3, half, floor_h * 2 // 3))
        pygame.draw.polygon(s, roof, [(w // 2 - half, y + floor_h // 2), (w // 2 + half, y + floor_h // 2),
                                      (w // 2 + half // 2, y), (w // 2 - half // 2, y)])
    return s
