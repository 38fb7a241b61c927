"""Toutomi's motion (games/ui/motion.py): cards dealt from the deck, cards played by others,
situation cards taken, and the moments — 尊みバースト and 尊すぎ!.

Mixed into the Table (needs ``view``, ``viewer``, ``ctx``, ``painter``, ``motion`` and
``seat_rects``).  Own cards travel by themselves (keyed by id); other seats' hands are
backs keyed ``back:<seat>:<i>``, so cards dealt to them fly from the deck as backs.
"""
from __future__ import annotations

import math

import pygame

from games.ui import cards, motion, text, theme

DECK = pygame.Rect(90, 420, 130, 182)
SITUATION_DECK = pygame.Rect(330, 420, 130, 182)
BURST_RED = (255, 84, 96)
SPILL_SIZE = (96, 134)  # the busting hand spilled in the burst moment
BACK_SIZE = (48, 68)  # another seat's hand card


class Moments:
    """``on_events`` starts travel and moments; the table state itself is already new."""

    def back_rect(self, seat: int, i: int) -> pygame.Rect:
        """Where another seat's i-th hand card (a back) lies in its panel."""
        r = self.seat_rects.get(seat)
        if r is None:
            return DECK
        return pygame.Rect(r.left + 16 + i * 34, r.top + 70, *BACK_SIZE)

    def on_events(self, events: list) -> None:
        v = self.view
        played = [p for k, p in events if k in ("toutomi.played", "toutomi.dumped")]
        field = v.get("field") or []
        if len(field) >= len(played):  # (a burst or 尊すぎ! emptied the field)
            for p, card in zip(played, field[len(field) - len(played):], strict=True):
                if p["seat"] != self.viewer:  # own cards travel from the hand by themselves
                    self.motion.expect(card, self.back_rect(p["seat"], max(0, v["hand_counts"][p["seat"]])))
        moment = any(k in ("toutomi.burst", "toutomi.declare") for k, _ in events)
        delay = motion.TRAVEL + 0.02 if moment else 0.0  # deals start once the moment is over
        for key, params in events:
            if key == "toutomi.drew":
                delay = self.deal(params, delay)
            elif key == "toutomi.situation_taken" and params.get("card") and params["seat"] == self.viewer:
                self.motion.expect(params["card"], SITUATION_DECK, False, delay)
            elif key == "toutomi.burst":
                self.burst_moment(params)
            elif key == "toutomi.declare":
                self.declare_moment(params)

    def deal(self, params: dict, delay: float) -> float:
        """Cards drawn fly from the deck, one after another; returns the next delay."""
        seat, v = params["seat"], self.view
        cards = params.get("cards")
        if seat == self.viewer and cards:
            for card in cards:
                self.motion.expect(card, DECK, False, delay)
                delay += motion.STAGGER
            return delay
        n, count = v["hand_counts"][seat], params.get("count", 0)
        for i in range(max(0, n - count), n):
            self.motion.expect(f"back:{seat}:{i}", DECK, False, delay)
            delay += motion.STAGGER
        return delay

    # --- moments --------------------------------------------------------------------------
    def burst_moment(self, params: dict) -> None:
        """The total flashes past the limit, the buster's hand spills, who scores and why."""
        tr, name = self.ctx.tr, self.ctx.seat_name
        last = self.view.get("last_round") or {}
        spilled = [last.get("card")] + list(last.get("dropped") or []) if last.get("card") else []
        lines = (tr("motion.toutomi_burst_total", total=params["total"], limit=self.view["limit"]),
                 tr("motion.toutomi_burst_spill", seat=name(params["seat"])),
                 tr("motion.toutomi_burst_scorer", scorer=name(params["scorer"])))
        total = str(params["total"])

        def paint(surf: pygame.Surface, band: pygame.Rect, u: float) -> None:
            flash = BURST_RED if int(u * 10) % 2 == 0 else theme.ACCENT
            for side in (-1, 1):  # the total, flashing at both ends of the title
                text.draw(surf, total, (band.centerx + side * 780, band.top - 85), 150, flash, True, "center")
            self.paint_spill(surf, band, spilled, u)

        self.motion.moment(motion.Moment(tr("motion.toutomi_burst"), lines, BURST_RED, paint, 2.0, "burst",
                                         content=170 if spilled else 0,  # after the card has landed
                                         delay=motion.TRAVEL * self.motion.speed))

    def paint_spill(self, surf: pygame.Surface, band: pygame.Rect, spilled: list, u: float) -> None:
        """The busting card, then the hand falling out of it in a fan."""
        if not spilled:
            return
        size = SPILL_SIZE
        n = len(spilled)
        spread = motion.ease_out(min(1.0, u / 0.35))
        for i, card in enumerate(spilled):
            k = i - (n - 1) / 2
            x = band.centerx + k * 124 * spread
            y = band.top + 40 + 30 * spread + abs(k) * 12 * spread
            rect = pygame.Rect(0, 0, *size)
            rect.center = (int(x), int(y))
            tilt = k * 7 * spread
            cards.DRAW_LOG.face_up(card)  # public now (face ids), logged like every face drawn
            img = self.painter.face(card, size)
            if abs(tilt) > 0.5:
                img = pygame.transform.rotate(img, -tilt)
            surf.blit(img, img.get_rect(center=rect.center))
            if i == 0 and math.sin(u * 40) > 0:  # the card that burst glows
                pygame.draw.rect(surf, BURST_RED, rect.inflate(10, 10), 4, border_radius=12)

    def declare_moment(self, params: dict) -> None:
        tr = self.ctx.tr
        line = tr("motion.toutomi_declare_scorer", scorer=self.ctx.seat_name(params["scorer"]), n=params["cards"])
        self.motion.moment(motion.Moment(tr("motion.toutomi_declare"), (line,), theme.ACCENT, None, 1.6, "declare"))
