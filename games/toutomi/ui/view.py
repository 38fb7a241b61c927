"""The Toutomi table: seats on top, field with the big total in the middle, own hand below.

Draws only from a seat's view dict: other seats' hands are card backs with a count.
"""
from __future__ import annotations

import pygame

from games.core.i18n import text_of
from games.ui import cards, text, theme, widgets
from games.toutomi.ui.moments import DECK, SITUATION_DECK, MotionMixin
from games.ui.table import Interaction, TableView

FIELD = pygame.Rect(640, 390, 620, 300)
TOTAL = pygame.Rect(1290, 390, 300, 300)
LOG = pygame.Rect(1480, 740, 420, 320)
OWN = pygame.Rect(20, 740, 440, 320)
HAND_Y = 848
ICONS = {"reverse": "⇄", "skip": "⇒", "summon": "◎", "attack": "×", "wild": "★", "trump": "♥",
         "kuma_wild": "クマ", "new_world": "★"}
VALUE_COLOURS = [(70, 120, 200), (60, 150, 90), (60, 150, 90), (60, 150, 90), (220, 130, 40),
                 (220, 130, 40), (205, 60, 90), (205, 60, 90)]


class View(MotionMixin, TableView):
    card_size = (150, 210)
    banner_y = 698

    def __init__(self, ctx, controller) -> None:
        super().__init__(ctx, controller)
        self.painter = cards.CardPainter(self.face, "尊")

    # --- card art -------------------------------------------------------------------------
    def face(self, card_id: str, size: tuple[int, int]) -> pygame.Surface:
        info = self.ctx.rules.card_info(card_id)
        lang = self.ctx.lang
        w, h = size
        kind = info["kind"]
        if info["deck"] != "toutomi":
            surf = cards.blank_card(size, (250, 226, 150), (150, 110, 40))
            big = str(info["points"]) if kind == "points" else ICONS.get(kind, "?")
        elif kind == "number":
            surf = cards.blank_card(size)
            val = info["value"]
            colour = VALUE_COLOURS[max(0, min(7, val))]
            pygame.draw.rect(surf, colour, surf.get_rect().inflate(-w // 6, -h // 6), 0, border_radius=10)
            text.draw(surf, str(val), (w // 2, h // 2), int(h * 0.5), theme.INK, True, "center")
            text.draw(surf, str(val), (w // 10, h // 30), int(h * 0.13), theme.INK_DARK, True)
            return surf
        else:
            surf = cards.blank_card(size, (226, 214, 244), (90, 60, 140))
            big = ICONS.get(kind, "?")
        name = text_of(info["name"], lang)
        text.draw(surf, big, (w // 2, int(h * 0.42)), text.fit_size(big, int(h * 0.36), w - 16, True),
                  theme.INK_DARK, True, "center")
        text.draw(surf, name, (w // 2, int(h * 0.82)), text.fit_size(name, int(h * 0.12), w - 12, True),
                  theme.INK_DARK, True, "center")
        return surf

    # --- layout ---------------------------------------------------------------------------
    def seats_on_top(self) -> list[int]:
        n = self.view["players"]
        me = self.viewer
        start = 0 if me is None else me + 1
        return [(start + k) % n for k in range(n) if me is None or (start + k) % n != me]

    def build(self) -> None:
        v = self.view
        top = self.seats_on_top()
        width = min(340, (theme.W - 40) // max(1, len(top)) - 20)
        x0 = (theme.W - (len(top) * (width + 20) - 20)) // 2
        self.seat_rects = {}
        for k, seat in enumerate(top):
            r = pygame.Rect(x0 + k * (width + 20), 150, width, 220)
            self.seat_rects[seat] = r
            self.add_zone(f"seat:{seat}", r)
        if self.viewer is not None:
            self.seat_rects[self.viewer] = OWN
            self.add_zone(f"seat:{self.viewer}", self.seat_rects[self.viewer])
        self.add_zone("field", FIELD)
        hand = v.get("hand") or []
        cw, ch = self.card_size
        hx = 860 - (len(hand) * (cw + 24) - 24) // 2
        for i, card in enumerate(hand):
            self.add_piece(f"hand:{card}", pygame.Rect(hx + i * (cw + 24), HAND_Y, cw, ch), self._painter(card))
        own = v.get("situation") or []
        for i, card in enumerate(own):
            rect = pygame.Rect(OWN.left + 16 + (i % 5) * 84, OWN.top + 110 + (i // 5) * 100, 76, 106)
            kind = self.ctx.rules.card_info(card)["kind"]
            self.add_piece(f"kuma:{card}" if kind == "kuma_wild" else f"sit:{card}", rect,
                           self._painter(card), draggable=(kind == "kuma_wild"))
        self.build_buttons()

    def build_buttons(self) -> None:
        pending = self.view.get("pending") or {}
        kinds = {a.kind for a in self.legal}
        if pending.get("kind") == "wild" and "wild" in kinds:
            for i, eff in enumerate(pending.get("options") or []):
                self.add_zone(f"wild:{eff}", pygame.Rect(FIELD.left + 14 + i * 150, FIELD.bottom - 150, 140, 70))
        for key in ("dump_done", "declare", "pass"):
            if key in kinds:
                self.add_zone(key, pygame.Rect(1170, 880, 270, 80))

    def _painter(self, card: str):
        return lambda surf, rect: self.painter.draw(surf, card, rect, True)

    # --- drawing --------------------------------------------------------------------------
    def paint(self, surf: pygame.Surface, ix: Interaction) -> None:
        v = self.view
        for seat, rect in self.seat_rects.items():
            self.paint_seat(surf, seat, rect)
        self.paint_decks(surf)
        self.paint_field(surf)
        self.paint_total(surf)
        self.paint_log(surf)
        if self.viewer is not None:
            text.draw(surf, self.ctx.tr("toutomi_ui.your_hand"), (860, HAND_Y - 22), 26, theme.INK_DIM, True, "center")
        elif v.get("current") is not None:
            n = v["hand_counts"][v["current"]]
            for i in range(n):
                self.painter.draw(surf, None, pygame.Rect(700 + i * 120, HAND_Y + 20, 110, 154), False)
            text.draw(surf, self.ctx.tr("toutomi_ui.hand_hidden"), (860, HAND_Y - 22), 26, theme.INK_DIM, True, "center")
        self.paint_pieces(surf, ix)
        self.paint_buttons(surf, ix)

    def paint_seat(self, surf: pygame.Surface, seat: int, r: pygame.Rect) -> None:
        v = self.view
        current = v.get("current") == seat
        widgets.panel(surf, r, (40, 96, 78) if current else theme.FELT_DARK, 14,
                      theme.ACCENT if current else theme.INK_DIM, 5 if current else 1)
        widgets.seat_badge(surf, seat, (r.left + 30, r.top + 32), 36)
        name = self.ctx.seat_name(seat)
        text.draw(surf, name, (r.left + 56, r.top + 32), text.fit_size(name, 30, r.width - 70, True),
                  theme.INK, True, "midleft")
        y = r.top + 70
        if seat != self.viewer:
            n = v["hand_counts"][seat]
            for i in range(n):
                self.painter.draw(surf, None, self.back_rect(seat, i), False, key=f"back:{seat}:{i}")
            text.draw(surf, self.ctx.tr("toutomi_ui.hand_count", n=n), (r.left + 16 + max(n, 1) * 34 + 30, y + 34),
                      24, theme.INK, False, "midleft")
            y += 80
        sit = v["situation_counts"][seat]
        line = self.ctx.tr("toutomi_ui.situation_count", n=sit) if not v["short"] else \
            self.ctx.tr("toutomi_ui.point_count", n=v["point_counts"][seat])
        text.draw(surf, line, (r.left + 16, y + 12), 24, theme.INK, False, "midleft")
        if current:
            text.draw(surf, self.ctx.tr("toutomi_ui.tag_turn"), (r.right - 14, r.top + 32), 24, theme.ACCENT,
                      True, "midright")
        tags = []
        if current:
            if v.get("attacked"):
                tags.append(self.ctx.tr("toutomi_ui.tag_attacked", n=v.get("plays_left", 0)))
        if v.get("scorer_if_burst") == seat and not current:
            tags.append(self.ctx.tr("toutomi_ui.tag_scores_on_burst"))
        for i, tag in enumerate(tags):
            text.draw(surf, tag, (r.left + 16, r.bottom - 22 - 30 * (len(tags) - 1 - i)),
                      text.fit_size(tag, 24, r.width - 30, True), theme.ACCENT, True, "midleft")

    def paint_decks(self, surf: pygame.Surface) -> None:
        v = self.view
        self.painter.draw(surf, None, DECK, False)
        text.draw(surf, self.ctx.tr("toutomi_ui.deck", n=v["deck_count"]), (155, 640), 26, theme.INK, True, "center")
        if not v["short"]:
            rect = SITUATION_DECK
            pygame.draw.rect(surf, (0, 0, 0), rect.move(4, 6), border_radius=10)
            pygame.draw.rect(surf, (200, 160, 70), rect, border_radius=10)
            pygame.draw.rect(surf, (120, 90, 30), rect, 3, border_radius=10)
            text.draw(surf, str(v["situation_deck_count"]), rect.center, 64, theme.INK_DARK, True, "center")
            text.draw(surf, self.ctx.tr("toutomi_ui.situation_deck"), (395, 640), 22, theme.INK, True, "center")

    def paint_field(self, surf: pygame.Surface) -> None:
        v = self.view
        widgets.panel(surf, FIELD, theme.FELT_DARK, 18, theme.INK_DIM, 2)
        text.draw(surf, self.ctx.tr("toutomi_ui.field", n=len(v["field"])), (FIELD.left + 20, FIELD.top + 24),
                  26, theme.INK_DIM, True, "midleft")
        shown = v["field"][-5:]
        for i, card in enumerate(shown):
            rect = pygame.Rect(FIELD.left + 40 + i * 105, FIELD.top + 56, 150, 210)
            self.painter.draw(surf, card, rect, True)

    def paint_total(self, surf: pygame.Surface) -> None:
        v = self.view
        total, limit = v["total"], v["limit"]
        near = total >= limit - 1
        widgets.panel(surf, TOTAL, (60, 30, 40) if near else theme.PANEL, 24, theme.ACCENT, 3)
        text.draw(surf, self.ctx.tr("toutomi_ui.total"), (TOTAL.centerx, TOTAL.top + 34), 28, theme.INK_DIM, True, "center")
        text.draw(surf, str(self.motion.count("total", total, down=False)), (TOTAL.centerx, TOTAL.centery + 4), 150, theme.ACCENT if near else theme.INK,
                  True, "center")
        text.draw(surf, self.ctx.tr("toutomi_ui.limit", limit=limit), (TOTAL.centerx, TOTAL.bottom - 34), 30,
                  theme.INK, True, "center")
        arrow = "→" if v["direction"] == 1 else "←"
        label = self.ctx.tr("toutomi_ui.clockwise" if v["direction"] == 1 else "toutomi_ui.counterclockwise")
        text.draw(surf, arrow + " " + label, (1620, 440), 30, theme.INK, True, "midleft")
        nxt = v.get("next_turn")
        if nxt:
            text.draw(surf, self.ctx.tr("toutomi_ui.next", name=self.ctx.seat_name(nxt["seat"])),
                      (1620, 490), 26, theme.INK_DIM, False, "midleft")
        text.draw(surf, self.ctx.tr("toutomi_ui.round", n=v["round"]), (1620, 540), 26, theme.INK_DIM, False, "midleft")

    def paint_log(self, surf: pygame.Surface) -> None:
        widgets.panel(surf, LOG, (30, 40, 48), 14)
        text.draw(surf, self.ctx.tr("toutomi_ui.log"), (LOG.left + 16, LOG.top + 22), 22, theme.INK_DIM, True, "midleft")
        y = LOG.top + 48
        for line in self.ctx_log()[-6:]:
            for part in text.wrap(line, 21, LOG.width - 28)[:2]:
                text.draw(surf, part, (LOG.left + 14, y), 21, theme.INK)
                y += 28
            if y > LOG.bottom - 30:
                break

    def ctx_log(self) -> list[str]:
        return self.ctx.log

    def paint_buttons(self, surf: pygame.Surface, ix: Interaction) -> None:
        for z in self.zones:
            if z.id.startswith("wild:"):
                label = self.ctx.tr(f"toutomi_ui.effect_{z.id[5:]}")
            elif z.id in ("dump_done", "declare", "pass"):
                label = self.ctx.tr(f"toutomi_ui.button_{z.id}")
            else:
                continue
            widgets.Button(z.rect, label, primary=True, size=28).draw(surf, ix.mouse)
        pending = self.view.get("pending") or {}
        if pending.get("kind") and self.viewer == self.view.get("current"):
            hint = self.ctx.tr(f"toutomi_ui.pending_{pending['kind']}")
            text.draw(surf, hint, (FIELD.centerx, FIELD.bottom - 26), 26, theme.ACCENT, True, "center")

    def status_line(self) -> str:
        v = self.view
        if v.get("over"):
            return self.ctx.tr("app.game_over")
        name = self.ctx.seat_name(v.get("current"))
        pending = (v.get("pending") or {}).get("kind")
        key = f"toutomi_ui.status_{pending}" if pending else (
            "toutomi_ui.status_attacked" if v.get("attacked") else "toutomi_ui.status_play")
        return self.ctx.tr(key, name=name, n=v.get("plays_left", 0))
