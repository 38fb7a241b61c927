"""Qumasu card art: unit and spell faces, arrows, power badges, cost cards (seed / flower).

Faces are drawn in the card's own frame (F arrow up); on the board the arrows and the
current power are painted on top in screen orientation, so one cached face serves both
seats.
"""
from __future__ import annotations

import pygame

from games.core.i18n import text_of, tr
from games.ui import ornament, text, theme

UNIT_BG = (246, 238, 220)
SPELL_BG = (226, 214, 244)
OWNER_RIM = [theme.SEAT_COLOURS[0], theme.SEAT_COLOURS[1]]  # the seats' colours everywhere
SEED = (150, 120, 70)
FLOWER = (236, 130, 170)
GLYPHS = {"soldier": "剣", "warrior": "斧", "knight": "盾", "saint": "聖", "guardian": "守",
          "archer": "弓", "dragon": "竜", "enhance": "力", "thunder": "雷", "warp": "転"}


def rim(seat: int) -> tuple:
    return OWNER_RIM[seat % 2]


def effect_text(info: dict, effect, lang: str) -> str:
    """A short line describing a card's effect (from its data)."""
    if effect is None:
        return ""
    key = f"qumasu_ui.eff_{effect.type}_{effect.timing}"
    return tr(key, lang, n=effect.amount, max=effect.max_power)


def face(rules, card_id: str, size: tuple[int, int], lang: str) -> pygame.Surface:
    """A card face: cost (top left), name, glyph, power (bottom left) or effect text."""
    info = rules.card_info(card_id)
    f = rules.data.face_of(card_id)
    w, h = size
    unit = info["kind"] == "unit"
    owner = int(card_id[0]) if card_id[:1].isdigit() else 0
    surf = ornament.supersampled(size, lambda s, k: _face_layer(s, k, unit, rim(owner)))
    r = max(15, w // 9)
    pygame.draw.circle(surf, (60, 90, 160), (r + 6, r + 6), r)
    pygame.draw.circle(surf, (230, 236, 250), (r + 6, r + 6), r, 2)
    text.draw(surf, str(info["cost"]), (r + 6, r + 6), max(text.MIN_SIZE, int(r * 1.4)), theme.INK, True, "center")
    name = text_of(info["name"], lang)
    eff = effect_text(info, f.effect, lang)
    beside = w - 2 * r - 18  # the name beside the cost, or on its own row under it
    if text.font(text.MIN_SIZE, True).size(name)[0] <= beside:
        ns = text.fit_size(name, max(text.MIN_SIZE, h // 9), beside, True)
        # below the tip of an F arrow painted at the top edge (hand cards), never under it
        ny = r + 6 + (max(8, w // 14) // 2 + 2 if unit and w != h and "F" in info["arrows"] else 0)
        text.draw(surf, name, (w // 2 + r // 2 + 4, ny), ns, theme.INK_DARK, True, "center")
        top = 2 * r + 8
    elif h >= 150 and text.font(text.MIN_SIZE, True).size(name)[0] <= w - 14:
        text.draw(surf, name, (w // 2, 2 * r + 20), text.MIN_SIZE, theme.INK_DARK, True, "center")
        top = 2 * r + 36
    else:
        top = 2 * r + 8  # too small a card for its name: the glyph says which card it is
    with_text = bool(eff) and h >= 150
    glyph = GLYPHS.get(f.id, name[:1])
    gy = int(h * 0.34) if with_text else int(h * 0.5)
    gs = int(h * (0.16 if with_text else 0.28))
    if with_text:
        y0, gy, room = _text_room(eff, w, h, unit, top, gy, gs)
        gs = gs if room >= gs else 0  # no room left above the effect text: its name says which card
    if gs:
        text.draw(surf, glyph, (w // 2, max(gy, top + gs // 2)), gs, (120, 100, 80) if unit else (90, 60, 140),
                  True, "center")
    if unit and w != h:  # board tiles (square) get screen-oriented arrows painted on top
        draw_arrows(surf, surf.get_rect(), info["arrows"], up=True, colour=(200, 70, 40), size=max(8, w // 14))
        pr = max(15, w // 8)
        pygame.draw.circle(surf, (180, 50, 40), (pr + 6, h - pr - 6), pr)
        text.draw(surf, str(info["power"]), (pr + 6, h - pr - 6), max(text.MIN_SIZE, int(pr * 1.4)), theme.INK,
                  True, "center")
    if with_text:
        side = _SIDE[unit]
        text.draw_wrapped(surf, eff, pygame.Rect(side, y0, w - 2 * side, h - y0), text.MIN_SIZE,
                          theme.INK_DARK, False, _GAP)
    return surf


_GAP = 1.15  # the effect text's line gap
_SIDE = {True: 18, False: 10}  # clear of a unit's side arrows


def _text_room(eff: str, w: int, h: int, unit: bool, top: int, gy: int, gs: int) -> tuple[int, int, int]:
    """Where the effect text starts, and the glyph's centre and size above it.

    QUMASU-UI-ART-1: every line of the effect is shown above a unit's power badge (a third
    line such as "+1" ran over it at the 21-px minimum text size): when the lines do not fit
    under the glyph they start higher, and the glyph is left out if the room above them is
    less than its size (the card's name says which card it is)."""
    bottom = h - 2 * max(15, w // 8) - 10 if unit else h - 8  # units: above the power
    lines = len(text.wrap(eff, text.MIN_SIZE, w - 2 * _SIDE[unit]))
    y0 = max(gy + gs // 2 + 4, top)
    need = lines * int(text.MIN_SIZE * _GAP)
    if y0 + need > bottom:
        y0 = max(top, bottom - need)
        return y0, gy, y0 - top - 4
    return y0, gy, gs


def _face_layer(s: pygame.Surface, k: int, unit: bool, rim_rgb) -> None:
    """Paper, a faint crest (units: crossed sword and shield; spells: a swirl), the owner's rim."""
    r = s.get_rect()
    w = r.width // k
    rad = max(6, w // 12) * k
    bg = UNIT_BG if unit else SPELL_BG
    ornament.vertical_gradient(s, r, ornament.mix(bg, (255, 255, 255), 0.4), bg)
    ornament.diagonal_lines(s, r, ornament.mix(bg, (0, 0, 0), 0.05), max(8, w // 10) * k, k)
    c = (r.centerx, int(r.height * 0.55))
    if unit:
        ornament.shield(s, c, r.width * 0.34, ornament.mix(bg, (150, 120, 80), 0.18))
        ornament.sword(s, c, r.width * 0.42, ornament.mix(bg, (150, 120, 80), 0.28))
    else:
        ornament.spell_swirl(s, c, r.width * 0.34, ornament.mix(bg, (120, 80, 180), 0.3), 2 * k)
    ornament.clip_round(s, rad)
    ornament.frame(s, r.inflate(-max(4, w // 16) * k, -max(4, w // 16) * k), ornament.mix(bg, rim_rgb, 0.6), k, rad)
    pygame.draw.rect(s, rim_rgb, r, max(3, w // 30) * k, border_radius=rad)


def back(size: tuple[int, int]) -> pygame.Surface:
    """The Qumasu back: the 3×3 field in a frame, a castle over it."""
    w, h = size

    def paint(s: pygame.Surface, k: int) -> None:
        r = s.get_rect()
        rad = max(6, w // 12) * k
        ornament.vertical_gradient(s, r, (58, 62, 110), (32, 34, 70))
        ornament.clip_round(s, rad)
        cell = int(min(r.width, r.height) * 0.16)
        gx, gy = r.centerx - cell * 3 // 2 - k, int(r.height * 0.58) - cell * 3 // 2
        for i in range(9):
            pygame.draw.rect(s, (86, 92, 150), (gx + (i % 3) * (cell + k), gy + (i // 3) * (cell + k), cell, cell),
                             border_radius=2 * k)
        tower = pygame.Rect(0, 0, int(r.width * 0.5), int(r.height * 0.22))
        tower.midbottom = (r.centerx, gy - 2 * k)
        ornament.castle(s, tower, (206, 190, 150), (32, 34, 70))
        ornament.frame(s, r.inflate(-max(3, w // 12) * k, -max(3, w // 12) * k), (206, 190, 150),
                       max(1, w // 60) * k, rad, w >= 60)
        pygame.draw.rect(s, (20, 20, 40), r, 2 * k, border_radius=rad)
    return ornament.supersampled(size, paint)


def draw_arrows(surf: pygame.Surface, rect: pygame.Rect, arrows, up: bool, colour=(220, 60, 40),
                size: int = 0) -> None:
    """Triangles at the edges of ``rect``: F points up (``up``) or down, L/R follow."""
    s = size or max(8, rect.width // 10)
    cx, cy = rect.center
    dirs = {"F": (0, -1), "B": (0, 1), "L": (-1, 0), "R": (1, 0)}
    for a in arrows:
        dx, dy = dirs[a]
        if not up:
            dx, dy = -dx, -dy
        tip = (cx + dx * (rect.width // 2 - 3), cy + dy * (rect.height // 2 - 3))
        base = (tip[0] - dx * s, tip[1] - dy * s)
        pts = [tip, (base[0] + dy * s, base[1] + dx * s), (base[0] - dy * s, base[1] - dx * s)]
        pygame.draw.polygon(surf, colour, pts)
        pygame.draw.polygon(surf, theme.INK_DARK, pts, 2)


def power_badge(surf: pygame.Surface, rect: pygame.Rect, base: int, now: int) -> pygame.Rect:
    """Current power with its modifier: "3 → 4" (green up, red down) or just "3"; returns its box."""
    label = str(now) if now == base else f"{base} → {now}"
    colour = theme.INK if now == base else ((110, 230, 120) if now > base else theme.DANGER)
    img = text.render(label, 30, colour, True)
    box = img.get_rect(bottomleft=(rect.left + 4, rect.bottom - 4)).inflate(18, 8)
    box.width = max(box.width, 50)
    box.bottomleft = (rect.left + 2, rect.bottom - 2)
    pygame.draw.rect(surf, (30, 20, 20), box, border_radius=10)
    pygame.draw.rect(surf, colour, box, 2, border_radius=10)
    surf.blit(img, img.get_rect(center=box.center))
    return box


def cost_card(surf: pygame.Surface, rect: pygame.Rect, flower: bool, tapped: bool, lang: str) -> pygame.Rect:
    """A seed or flower cost card; a tapped one is drawn sideways inside ``rect``'s slot."""
    w, h = rect.size
    if tapped:
        r = pygame.Rect(0, 0, h, w)
        r.center = rect.center
    else:
        r = rect
    pygame.draw.rect(surf, (0, 0, 0), r.move(3, 5), border_radius=10)
    colour = FLOWER if flower else SEED
    if tapped:
        colour = tuple(int(c * 0.7) for c in colour)
    pygame.draw.rect(surf, colour, r, border_radius=10)
    pygame.draw.rect(surf, theme.INK_DARK, r, 3, border_radius=10)
    label = tr("qumasu_ui.flower" if flower else "qumasu_ui.seed", lang)
    cx, cy = r.centerx, r.centery - 14
    if flower:
        for dx, dy in ((0, -9), (9, 0), (0, 9), (-9, 0)):
            pygame.draw.circle(surf, (255, 235, 245), (cx + dx, cy + dy), 8)
        pygame.draw.circle(surf, theme.ACCENT, (cx, cy), 6)
    else:
        pygame.draw.ellipse(surf, (90, 60, 30), pygame.Rect(cx - 9, cy - 12, 18, 24))
    text.draw(surf, label, (r.centerx, r.centery + 22), text.fit_size(label, 20, r.width - 8, True),
              theme.INK_DARK, True, "center")
    return r
