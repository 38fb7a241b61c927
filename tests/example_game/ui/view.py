"""Take the Pot's table: seats on top, the pot in the middle, the own hand below.

It follows the drawing contract at the top of games/ui/table.py: ``build`` lays out pieces
and zones from the view dict, ``parts`` paints them (three plain paint functions: the shared
code paints them in one frame, or one a step when it paints a bot's move ahead), ``faces``
names the card faces to paint when the scene is built, ``status_line`` says whose turn it
is.  Cards are drawn through a ``CardPainter``, so the draw log sees every face drawn; each
card and counter says what it means where it is painted (``tips.note``: the play scene shows
it under a resting pointer, tests/test_tips.py checks every table has them).
Nothing here keeps layers, forks or paints ahead: that is shared code.
"""
from __future__ import annotations

import pygame

from games.ui import cards, text, theme, tips, widgets
from games.ui.table import Interaction, TableView, part
from tests.example_game.data import data

POT = pygame.Rect(560, 330, 800, 300)
STOCK = pygame.Rect(1420, 400, 150, 210)
HAND_Y = 800


def _face(card: str, size: tuple[int, int]) -> pygame.Surface:
    surf = cards.blank_card(size)
    text.draw(surf, card[1:], (size[0] // 2, size[1] // 2 - 24), 48, theme.INK_DARK, True, "center")
    return surf


class Table(TableView):
    card_size = (120, 170)

    def __init__(self, ctx, controller) -> None:
        super().__init__(ctx, controller)
        self.painter = cards.CardPainter(_face)

    def build(self) -> None:
        v, (cw, ch) = self.view, self.card_size
        self.add_zone("pot", POT)
        hand = v.get("hand") or []
        x0 = 960 - (len(hand) * (cw + 20) - 20) // 2
        for i, card in enumerate(hand):
            self.add_piece(f"hand:{card}", pygame.Rect(x0 + i * (cw + 20), HAND_Y, cw, ch), self._card(card))
        pending = v.get("pending") or {}
        if pending.get("kind") == "take" and pending.get("seat") == self.viewer:
            for card, rect in self._pot_rects():
                self.add_zone(f"take:{card}", rect)
            if "stock" in pending.get("offers", []):
                self.add_zone("take:stock", STOCK)

    def _pot_rects(self) -> list[tuple[str, pygame.Rect]]:
        cw, ch = self.card_size
        pot = self.view["pot"]
        x0 = POT.centerx - (len(pot) * (cw + 20) - 20) // 2
        return [(c, pygame.Rect(x0 + i * (cw + 20), POT.top + 50, cw, ch)) for i, (_, c) in enumerate(pot)]

    def _card(self, card: str):
        return lambda surf, rect: self.painter.draw(surf, card, rect, True)

    def faces(self) -> list:
        """Every face at hand size (the pot shows them at the same size); the stock's back."""
        return [(self.painter, data().ids(), [self.card_size], [STOCK.size, (70, 100)])]

    def parts(self, ix: Interaction) -> list:
        return [self.paint_seats, self.paint_pot, part(self.paint_stock, lambda surf: self.paint_hand(surf, ix))]

    def paint_pot(self, surf: pygame.Surface) -> None:
        v = self.view
        widgets.panel(surf, POT, theme.FELT_DARK)
        text.draw(surf, self.ctx.tr("example.pot"), (POT.centerx, POT.top + 12), 26, theme.INK_DIM, True, "center")
        tips.note(POT, "example.tip_pot", n=len(v["pot"]))
        for card, rect in self._pot_rects():
            self.painter.draw(surf, card, rect, True)
            self.card_tip(rect, card)
        pending = v.get("pending") or {}
        if pending.get("kind") == "take" and pending.get("seat") == self.viewer:
            text.draw(surf, self.ctx.tr("example.pick"), (POT.centerx, POT.bottom - 34), 26, theme.ACCENT, True,
                      "center")

    def paint_stock(self, surf: pygame.Surface) -> None:
        v = self.view
        if v["stock_count"]:
            self.painter.draw(surf, None, STOCK, False)
        tips.note(STOCK.inflate(0, 80).move(0, 40), "example.tip_stock", n=v["stock_count"])  # (and its count)
        text.draw(surf, f"{self.ctx.tr('example.stock')} {v['stock_count']}", (STOCK.centerx, STOCK.bottom + 26),
                  24, theme.INK_DIM, False, "center")

    def paint_hand(self, surf: pygame.Surface, ix: Interaction) -> None:
        if self.viewer is not None:
            text.draw(surf, self.ctx.tr("example.your_hand"), (960, HAND_Y - 34), 26, theme.INK_DIM, True, "center")
        for p in self.pieces:
            self.card_tip(p.rect, p.id[5:])
        self.paint_pieces(surf, ix)

    def card_tip(self, rect: pygame.Rect, card: str) -> None:
        """A face-up card: its rank and the points it scores (a face-down one says only whose it is)."""
        info = self.ctx.rules.card_info(card)
        tips.note(rect, "example.tip_card", card=card, points=info["points"])

    def paint_seats(self, surf: pygame.Surface) -> None:
        """Each seat: its name, points, and its hand as card backs (never faces)."""
        v = self.view
        n = v["players"]
        for seat in range(n):
            r = pygame.Rect(40 + seat * (1840 // n), 110, 1840 // n - 30, 180)
            widgets.panel(surf, r, theme.PANEL_LIGHT if seat == v["turn_seat"] else theme.PANEL)
            label = f"{self.ctx.seat_name(seat)}  {v['scores'][seat]}"
            text.draw(surf, label, (r.x + 16, r.y + 12), 26, theme.INK, True)
            tips.note(r, "example.tip_seat", seat=seat, n=v["scores"][seat])
            held = v["hand_counts"][seat]
            for k in range(held):
                self.painter.draw(surf, None, pygame.Rect(r.x + 16 + k * 60, r.y + 60, 70, 100), False)
            tips.note((r.x + 12, r.y + 56, 60 * max(held, 1) + 18, 108), "example.tip_backs", seat=seat, n=held)

    def status_line(self) -> str:
        v = self.view
        pending = v.get("pending")
        if v["over"]:
            return ""
        key = "example.status_take" if pending else "example.status_play"
        return self.ctx.tr(key, seat=self.ctx.seat_name(pending["seat"] if pending else v["turn_seat"]))
