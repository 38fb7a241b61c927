"""Qumasu card art: unit and spell faces, arrows, power badges, cost cards (seed / flower).

Faces are drawn in the card's own frame (F arrow up); on the board the arrows and the
current power are painted on top in screen orientation, so one cached face serves both
seats.
"""
from __future__ import annotations

import pygame

from games.core.i18n import text_of, tr
from games.ui import cards, text, theme

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
    surf = cards.blank_card(size, UNIT_BG if unit else SPELL_BG, rim(owner))
    pygame.draw.rect(surf, rim(owner), surf.get_rect(), max(3, w // 30), border_radius=max(6, w // 12))
    r = max(12, w // 9)
    pygame.draw.circle(surf, (60, 90, 160), (r + 6, r + 6), r)
    text.draw(surf, str(info["cost"]), (r + 6, r + 6), int(r * 1.4), theme.INK, True, "center")
    name = text_of(info["name"], lang)
    ns = text.fit_size(name, max(14, h // 9), w - 2 * r - 18, True, minimum=12)
    # below the tip of an F arrow painted at the top edge (hand cards), never under it
    ny = r + 6 + (max(8, w // 14) // 2 + 2 if unit and w != h and "F" in info["arrows"] else 0)
    text.draw(surf, name, (w // 2 + r // 2 + 4, ny), ns, theme.INK_DARK, True, "center")
    glyph = GLYPHS.get(f.id, name[:1])
    text.draw(surf, glyph, (w // 2, int(h * 0.47)), int(h * 0.28), (120, 100, 80) if unit else (90, 60, 140),
              True, "center")
    if unit and w != h:  # board tiles (square) get screen-oriented arrows painted on top
        draw_arrows(surf, surf.get_rect(), info["arrows"], up=True, colour=(200, 70, 40), size=max(8, w // 14))
        pr = max(14, w // 8)
        pygame.draw.circle(surf, (180, 50, 40), (pr + 6, h - pr - 6), pr)
        text.draw(surf, str(info["power"]), (pr + 6, h - pr - 6), int(pr * 1.4), theme.INK, True, "center")
    eff = effect_text(info, f.effect, lang)
    if eff and h >= 150:
        box = pygame.Rect(10, int(h * 0.66), w - 20, int(h * 0.30))
        if unit:
            top = int(h * 0.62)  # under the glyph, above a B arrow's tip at the bottom edge
            box = pygame.Rect(2 * max(14, w // 8) + 14, top, w - 2 * max(14, w // 8) - 20, int(h * 0.92) - top)
        text.draw_wrapped(surf, eff, box, max(14, h // 14), theme.INK_DARK, False, 1.2)
    return surf


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


def power_badge(surf: pygame.Surface, rect: pygame.Rect, base: int, now: int) -> None:
    """Current power with its modifier: "3 → 4" (green up, red down) or just "3"."""
    label = str(now) if now == base else f"{base} → {now}"
    colour = theme.INK if now == base else ((110, 230, 120) if now > base else theme.DANGER)
    img = text.render(label, 30, colour, True)
    box = img.get_rect(bottomleft=(rect.left + 4, rect.bottom - 4)).inflate(18, 8)
    box.width = max(box.width, 50)
    box.bottomleft = (rect.left + 2, rect.bottom - 2)
    pygame.draw.rect(surf, (30, 20, 20), box, border_radius=10)
    pygame.draw.rect(surf, colour, box, 2, border_radius=10)
    surf.blit(img, img.get_rect(center=box.center))


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
