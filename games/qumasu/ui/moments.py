"""Qumasu's motion (games/ui/motion.py): units travel (hand → cell, cell → cell) and the
moments of a combat and a castle hit.

Mixed into the Table before ``Panels``.  A unit is drawn at ``self.motion.place(card, rect)``
with its badges, so the whole unit moves; cards in hands travel by themselves.
"""
from __future__ import annotations

import pygame

from games.qumasu.ui import layout as L
from games.ui import motion, theme

CASTLE_RED = (255, 110, 90)


class Moments:
    """Moments after the panels' own flash line (``Panels.on_events``)."""

    def unit_rect(self, surf: pygame.Surface, cell: dict, rect: pygame.Rect) -> pygame.Rect | None:
        """Where a unit is drawn this frame; None while it travels (from where it was drawn
        last, turning over on the way): then the motion layer draws it over the table
        (``unit_flight``), so a kept layer of the table stays right (TABLE-2 of table.py)."""
        placed = self.motion.place(cell["card"], rect, True,
                                   lambda target, p, c=cell, size=rect.size: self.unit_flight(target, c, size, p))
        if placed.moving:
            return None
        if not placed.face:
            self.painter.draw(surf, None, placed.rect, False)
            return None
        return placed.rect

    def on_events(self, events: list) -> None:
        super().on_events(events)
        ctx = self.ctx
        for key, p in events:
            if key == "qumasu.summon" and p.get("seat") != self.viewer:  # from the hidden hand, turning over
                panel = L.OPP_PANEL if p.get("seat") != self.bottom else L.OWN_PANEL
                self.motion.expect(p["card"], pygame.Rect(panel.left + 24, panel.top + 62, 56, 78), False)
            if key == "qumasu.combat":
                line = ctx.rules.event_text(key, p, ctx.lang, ctx.names)
                self.motion.moment(motion.Moment(ctx.tr("motion.qumasu_combat"), (line,), theme.ACCENT, None,
                                                 1.1, "combat", delay=motion.TRAVEL * self.motion.speed))
            elif key == "qumasu.castle_hit":
                if isinstance(p.get("taken"), str):  # own castle card: flies to the hand, turning over
                    self.motion.expect(p["taken"], L.OWN_CASTLE.inflate(-400, 0), False)
                lines = (ctx.rules.event_text(key, p, ctx.lang, ctx.names),)
                self.motion.moment(motion.Moment(ctx.tr("motion.qumasu_castle"), lines, CASTLE_RED, None, 1.4,
                                                 "castle", delay=motion.TRAVEL * self.motion.speed))
