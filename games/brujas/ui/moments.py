"""Brujas' moments (games/ui/motion.py): a trick won and a witch swap.

Mixed into the Table.  The trick moment waits until the last card has landed in the trick;
the swap moment shows first, then the witches cross on the table.  Cards already travel
(hand → trick → pile) with the view's own flying cards, which follow the bot speed and a
click like everything else (``skip_animations``).
"""
from __future__ import annotations

import pygame

from games.ui import motion, text, theme

TRICK_TIME = 0.32  # the view's card flight (ANIM_TIME)
TRICK_CARD = (104, 146)  # the winning card in the trick moment
SWAP_WITCH = (92, 122)  # a witch crossing in the swap moment


class Moments:
    """``brujas_moments(events)`` from ``on_events``."""

    def brujas_moments(self, events: list) -> None:
        tr, ctx = self.ctx.tr, self.ctx
        for key, p in events:
            line = ctx.rules.event_text(key, p, ctx.lang, ctx.names)
            if key == "brujas.trick_won":
                self.motion.moment(motion.Moment(
                    tr("motion.brujas_trick", seat=ctx.seat_name(p["seat"])), (line,), theme.ACCENT,
                    self._card_painter_for(p["card"]), 1.2, "trick", 160, delay=TRICK_TIME * self.motion.speed))
            elif key == "brujas.witch_moved" and p.get("other"):
                self.motion.moment(motion.Moment(
                    tr("motion.brujas_swap"), (line,), (200, 150, 255),
                    self._swap_painter(p["colour"], p["other"], p["direction"], (p["from_score"], p["to_score"])),
                    1.2, "swap", 170))

    def _card_painter_for(self, card: str):
        def paint(surf: pygame.Surface, band: pygame.Rect, u: float) -> None:
            rect = pygame.Rect(0, 0, *TRICK_CARD)
            rect.center = (band.centerx, band.top + 76)
            pygame.draw.rect(surf, theme.ACCENT, rect.inflate(14, 14), 5, border_radius=16)
            self.art.painter.draw(surf, card, rect, True, track=False)
        return paint

    def _swap_painter(self, colour: str, other: str, direction: str, scores: tuple[int, int]):
        """The moved witch and its neighbour cross places; the score under each place.

        Left is the higher score card (the top of the column), right the lower one.
        """
        high, low = max(scores), min(scores)

        def paint(surf: pygame.Surface, band: pygame.Rect, u: float) -> None:
            k = motion.ease_out(min(1.0, max(0.0, (u - 0.15) / 0.5)))
            left, right = band.centerx - 170, band.centerx + 170
            moved_from, moved_to = (right, left) if direction == "up" else (left, right)
            for x, score in ((left, high), (right, low)):
                text.draw(surf, self.ctx.tr("motion.brujas_points", n=score), (x, band.top + 146), 26,
                          theme.ACCENT, True, "center")
            for c, a, b, lift in ((other, moved_to, moved_from, 26), (colour, moved_from, moved_to, -26)):
                r = pygame.Rect(0, 0, *SWAP_WITCH)
                r.center = (int(motion.lerp(a, b, k)), int(band.top + 64 + lift * (1 - abs(2 * k - 1))))
                self.art.draw_witch(surf, c, r)
        return paint
