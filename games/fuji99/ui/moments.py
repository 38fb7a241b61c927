"""Fuji 99's moments (games/ui/motion.py): a red bust, a crisis, reaching floor 99.

Mixed into the Table.  A moment waits (in table time) until the draw that caused it has
been revealed cube by cube, then the table stands still under it; the token slides back
afterwards.  Durations follow the bot-speed setting through ``motion.speed``.
"""
from __future__ import annotations

import pygame

from games.core.i18n import text_of
from games.fuji99.ui.layout import DECK, REVEAL_STEP
from games.ui import motion

RED = (255, 86, 80)
GOLD = (255, 208, 90)


class Moments:
    """``fuji_moments(events)`` after the view's own animations were queued."""

    def fuji_moments(self, events: list) -> None:
        tr, name = self.ctx.tr, self.ctx.seat_name
        wait, order = 0.0, []
        for key, p in events:
            if key == "fuji99.card_drawn" and isinstance(p.get("card"), str):
                self.motion.expect(p["card"], DECK, False, wait)  # from the deck, turning over
            if key == "fuji99.drew":
                order = list(p.get("order") or [])
                wait += REVEAL_STEP * len(order) + 0.35
            elif key == "fuji99.red_bust":
                lost = p.get("lost", 0)
                lines = (tr("motion.fuji_lost" if lost else "motion.fuji_lost_none", name=name(p["seat"]), n=lost),)
                self.motion.moment(motion.Moment(tr("motion.fuji_red_title", n=p.get("reds", 0)), lines, RED,
                                                 self._cubes_painter(order), 1.6, "red_bust", 80,
                                                 delay=wait * self.motion.speed))
            elif key == "fuji99.crisis_bust":
                lines = (tr("motion.fuji_crisis_lost", name=name(p["seat"]), n=p.get("cards", 0)),)
                self.motion.moment(motion.Moment(tr("motion.fuji_crisis_title", n=p.get("total", 0)), lines, RED,
                                                 None, 1.6, "crisis", delay=wait * self.motion.speed))
            elif key == "fuji99.reached_goal":
                self.motion.moment(motion.Moment(tr("fuji99_ui.goal_big", name=name(p["seat"])),
                                                 self._story_line(p.get("story")), GOLD, None, 1.8, "goal",
                                                 delay=(wait + 0.6) * self.motion.speed))

    def _story_line(self, story: str | None) -> tuple[str, ...]:
        if not story:
            return ()
        try:
            title = text_of(self.ctx.rules.story(story)["title"], self.ctx.lang)
        except (KeyError, ValueError):
            return ()
        return (self.ctx.tr("motion.fuji_goal_line", story=title),)

    def _cubes_painter(self, order: list):
        """The cubes of the draw in a row, the reds raised and pulsing."""
        def paint(surf: pygame.Surface, band: pygame.Rect, u: float) -> None:
            size, gap = 52, 10
            x0 = band.centerx - (len(order) * (size + gap) - gap) // 2
            for i, kind in enumerate(order):
                lift = 10 if kind == "red" else 0
                r = pygame.Rect(x0 + i * (size + gap), band.top + 14 - lift, size, size)
                surf.blit(self.cube(kind, size), r)
                if kind == "red" and int(u * 8) % 2 == 0:
                    pygame.draw.rect(surf, RED, r.inflate(8, 8), 3, border_radius=8)
        return paint
