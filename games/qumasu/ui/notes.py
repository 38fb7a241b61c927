"""What each thing on the Qumasu table means (games/ui/tips.py), noted as it is painted:
cards in hand, in a graveyard and on the board, their arrows, power and "new" tag, castles,
decks, cost cards (seed or flower, tapped or not) and the turn's flags.  Texts in
data/i18n/qumasu_tips.yaml.
"""
from __future__ import annotations

import pygame

from games.ui import tips

ARROW_DIRS = {"F": (0, -1), "B": (0, 1), "L": (-1, 0), "R": (1, 0)}


def card(rules, rect, card_id: str) -> None:
    """A face-up card: its name, kind, cost, power and effect."""
    info = rules.card_info(card_id)
    effect = rules.data.face_of(card_id).effect
    kind = "unit" if info["kind"] == "unit" else "spell"
    if effect is None:
        tips.note(rect, f"qumasu_tips.card_{kind}", card=card_id, cost=info["cost"], power=info["power"] or 0)
        return
    tips.note(rect, f"qumasu_tips.card_{kind}_effect", card=card_id, cost=info["cost"], power=info["power"] or 0,
              n=effect.amount, max=effect.max_power, does_key=f"qumasu_ui.eff_{effect.type}_{effect.timing}")


def unit(rules, rect: pygame.Rect, cell: dict, up: bool, badge: pygame.Rect) -> None:
    """A unit on the board: the card, its power ``badge``, then each arrow (over its edge) on top."""
    info_effect = rules.data.face_of(cell["card"]).effect
    params = {"card": cell["card"], "seat": cell["owner"], "power": cell["power"]}
    if info_effect is None:
        tips.note(rect, "qumasu_tips.unit", **params)
    else:
        tips.note(rect, "qumasu_tips.unit_effect", **params, n=info_effect.amount, max=info_effect.max_power,
                  does_key=f"qumasu_ui.eff_{info_effect.type}_{info_effect.timing}")
    base, now = cell["base"], cell["power"]
    key = "qumasu_tips.power" if now == base else "qumasu_tips.power_up" if now > base else "qumasu_tips.power_down"
    tips.note(badge.inflate(6, 6), key, base=base, now=now)
    outer = rect.inflate(12, 12)
    for a in cell["arrows"]:
        dx, dy = ARROW_DIRS[a]
        if not up:
            dx, dy = -dx, -dy
        centre = (outer.centerx + dx * (outer.width // 2 - 12), outer.centery + dy * (outer.height // 2 - 12))
        tips.note(pygame.Rect(centre[0] - 16, centre[1] - 16, 32, 32), f"qumasu_tips.arrow_{a}")


def cost(rect: pygame.Rect, flower: bool, tapped: bool) -> None:
    """A cost card: a seed or a flower, untapped (upright) or tapped (sideways)."""
    tips.note(rect, f"qumasu_tips.cost_{'flower' if flower else 'seed'}{'_tapped' if tapped else ''}")
