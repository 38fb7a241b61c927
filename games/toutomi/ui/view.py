"""The Toutomi table: seats on top, field with the big total in the middle, own hand below.

Draws only from a seat's view dict: other seats' hands are card backs with a count.  Every
card, counter and badge says what it means as it is painted (``tips.note``, games/ui/tips.py;
texts in data/i18n/toutomi_tips.yaml).
"""
from __future__ import annotations

import pygame

from games.toutomi.ui import art
from games.toutomi.ui.moments import BACK_SIZE, DECK, SITUATION_DECK, SPILL_SIZE, Moments
from games.ui import cards, logbox, text, theme, tips, widgets
from games.ui.table import Interaction, TableView, part

FIELD = pygame.Rect(640, 390, 620, 300)
TOTAL = pygame.Rect(1290, 390, 300, 300)
LOG = pygame.Rect(1480, 740, 420, 320)
OWN = pygame.Rect(20, 740, 440, 320)
HAND_Y = 848
SITUATION_SIZE = (76, 106)  # a situation card in the own area


class Table(Moments, TableView):
    card_size = (150, 210)
    banner_y = 698
    banner_rect = pygame.Rect(480, 694, 980, 118)  # between the field and the hand

    def __init__(self, ctx, controller) -> None:
        super().__init__(ctx, controller)
        info = ctx.rules.card_info
        lang = ctx.lang  # the painter is shared with forks: it must not hold this view (TABLE-3)
        self.painter = cards.CardPainter(lambda cid, size: art.face(info(cid), size, lang), back=art.back,
                                         art_key=lambda cid: info(cid)["face"])
        self._seat_layers: dict[int, tuple] = {}  # seat -> (key, layer): see seat_layer

    # --- card art (games/toutomi/ui/art.py) ------------------------------------------------
    def faces(self) -> list:
        """Toutomi's faces in hand and field, in a burst's spill, situation cards; backs."""
        data, p = self.ctx.rules.data, self.painter
        return [(p, data.toutomi_ids(), [self.card_size, SPILL_SIZE], [DECK.size, (110, 154), BACK_SIZE]),
                (p, data.situation_ids(), [SITUATION_SIZE], ())]

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
            rect = pygame.Rect(OWN.left + 16 + (i % 5) * 84, OWN.top + 110 + (i // 5) * 100, *SITUATION_SIZE)
            kind = self.ctx.rules.card_info(card)["kind"]
            self.add_piece(f"kuma:{card}" if kind == "kuma_wild" else f"sit:{card}", rect,
                           self._painter(card), draggable=(kind == "kuma_wild"))
        self.build_buttons()

    def build_buttons(self) -> None:
        pending = self.view.get("pending") or {}
        kinds = {a.kind for a in self.legal}
        if pending.get("kind") == "wild" and "wild" in kinds:  # a column at the field's right,
            for i, eff in enumerate(pending.get("offers") or []):  # clear of the Wild itself
                self.add_zone(f"wild:{eff}", pygame.Rect(FIELD.right - 214, FIELD.top + 48 + i * 60, 200, 54))
        for key in ("dump_done", "declare", "pass"):
            if key in kinds:
                self.add_zone(key, pygame.Rect(1170, 880, 270, 80))

    def _painter(self, card: str):
        return lambda surf, rect: self.painter.draw(surf, card, rect, True)

    # --- drawing --------------------------------------------------------------------------
    def parts(self, ix: Interaction) -> list:
        seats = [lambda surf, seat=seat, rect=rect: self.paint_seat(surf, seat, rect)
                 for seat, rect in self.seat_rects.items()]
        return [*seats, part(self.paint_decks, self.paint_total), self.paint_field, self.paint_log,
                lambda surf: self.paint_hand_area(surf, ix)]

    def paint_hand_area(self, surf: pygame.Surface, ix: Interaction) -> None:
        """The own hand's caption (or another's hand as backs), the pieces and the buttons."""
        v = self.view
        if self.viewer is not None:
            text.draw(surf, self.ctx.tr("toutomi_ui.your_hand"), (860, HAND_Y - 22), 26, theme.INK_DIM, True, "center")
        elif v.get("turn_seat") is not None:
            n = v["hand_counts"][v["turn_seat"]]
            for i in range(n):
                self.painter.draw(surf, None, pygame.Rect(700 + i * 120, HAND_Y + 20, 110, 154), False)
            text.draw(surf, self.ctx.tr("toutomi_ui.hand_hidden"), (860, HAND_Y - 22), 26, theme.INK_DIM, True,
                      "center")
            tips.note((700, HAND_Y + 20, 120 * max(n, 1) - 10, 154), "toutomi_tips.hand_backs", seat=v["turn_seat"],
                      n=n)
        for p in self.pieces:
            if p.id != ix.hidden:
                self.card_tip(p.rect, p.id.partition(":")[2])
        self.paint_pieces(surf, ix)
        self.paint_buttons(surf, ix)

    def paint_seat(self, surf: pygame.Surface, seat: int, r: pygame.Rect) -> None:
        """A seat's panel from its cached layer (``seat_layer``); another seat's hand backs are
        drawn live over it, so they still travel when dealt or played."""
        surf.blit(self.seat_layer(seat, r.size), r)
        v = self.view
        n = v["situation_counts"][seat] if not v["short"] else v["point_counts"][seat]
        tips.note(r, "toutomi_tips.seat_short" if v["short"] else "toutomi_tips.seat", seat=seat, n=n)
        if v.get("scorer_if_burst") == seat and v.get("turn_seat") != seat:
            tips.note((r.left + 8, r.bottom - 40, r.width - 16, 36), "toutomi_tips.tag_scorer", seat=seat)
        elif v.get("turn_seat") == seat and v.get("attacked"):
            tips.note((r.left + 8, r.bottom - 40, r.width - 16, 36), "toutomi_tips.tag_attacked", seat=seat,
                      n=v.get("plays_left", 0))
        if seat != self.viewer:
            count = v["hand_counts"][seat]
            for i in range(count):
                self.painter.draw(surf, None, self.back_rect(seat, i), False, key=f"back:{seat}:{i}")
            tips.note(self.back_rect(seat, 0).union(self.back_rect(seat, max(count - 1, 0))).inflate(8, 8),
                      "toutomi_tips.hand_backs", seat=seat, n=count)

    def card_tip(self, rect, card: str) -> None:
        """What a face-up card does (its name and effect in words)."""
        info = self.ctx.rules.card_info(card)
        kind, value = info["kind"], info["value"]
        if kind == "number":
            kind = "zero" if value == 0 else "minus" if value < 0 else "number"
        tips.note(rect, f"toutomi_tips.card_{kind}", card=card, value=value, points=info["points"] or 0,
                  limit=self.view["limit"])

    def seat_layer(self, seat: int, size: tuple[int, int]) -> pygame.Surface:
        """The panel of ``seat`` without its hand's backs, painted on the felt (opaque: copied,
        not blended) and kept until what it shows changes: one surface per seat (at most
        5 x 340x220 + 440x320 x 4 B = 2.0 MiB; a fork painting the next move ahead has its own
        dict for a while: twice that at most)."""
        v = self.view
        tr = self.ctx.tr
        current = v.get("turn_seat") == seat
        count = None if seat == self.viewer else v["hand_counts"][seat]
        line = tr("toutomi_ui.situation_count", n=v["situation_counts"][seat]) if not v["short"] else \
            tr("toutomi_ui.point_count", n=v["point_counts"][seat])
        tags = []
        if current and v.get("attacked"):
            tags.append(tr("toutomi_ui.tag_attacked", n=v.get("plays_left", 0)))
        if v.get("scorer_if_burst") == seat and not current:
            tags.append(tr("toutomi_ui.tag_scores_on_burst"))
        key = (size, current, self.ctx.seat_name(seat), count,
               None if count is None else tr("toutomi_ui.hand_count", n=count), line,
               tr("toutomi_ui.tag_turn") if current else None, tuple(tags))
        hit = self._seat_layers.get(seat)
        if hit is not None and hit[0] == key:
            return hit[1]
        img = pygame.Surface(size).convert()  # new, never repainted in place: a fork may share the old one
        img.fill(theme.FELT)
        self.paint_seat_layer(img, seat, img.get_rect(), key)
        self._seat_layers[seat] = (key, img)
        return img

    def paint_seat_layer(self, surf: pygame.Surface, seat: int, r: pygame.Rect, key: tuple) -> None:
        """Everything of a seat's panel but the hand's backs, from its cache ``key``."""
        _, current, name, n, count, line, turn, tags = key
        widgets.panel(surf, r, (40, 96, 78) if current else theme.FELT_DARK, 14,
                      theme.ACCENT if current else theme.INK_DIM, 5 if current else 1)
        widgets.seat_badge(surf, seat, (r.left + 30, r.top + 32), 36)
        text.draw(surf, name, (r.left + 56, r.top + 32), text.fit_size(name, 30, r.width - 70, True),
                  theme.INK, True, "midleft")
        y = r.top + 70
        if n is not None:
            text.draw(surf, count, (r.left + 16 + max(n, 1) * 34 + 30, y + 34), 24, theme.INK, False, "midleft")
            y += 80
        text.draw(surf, line, (r.left + 16, y + 12), 24, theme.INK, False, "midleft")
        if turn:
            text.draw(surf, turn, (r.right - 14, r.top + 32), 24, theme.ACCENT, True, "midright")
        for i, tag in enumerate(tags):
            text.draw(surf, tag, (r.left + 16, r.bottom - 22 - 30 * (len(tags) - 1 - i)),
                      text.fit_size(tag, 24, r.width - 30, True), theme.ACCENT, True, "midleft")

    def paint_decks(self, surf: pygame.Surface) -> None:
        v = self.view
        self.painter.draw(surf, None, DECK, False)
        text.draw(surf, self.ctx.tr("toutomi_ui.deck", n=v["deck_count"]), (155, 640), 26, theme.INK, True, "center")
        tips.note(DECK.inflate(40, 0).union((DECK.left - 20, 620, DECK.width + 40, 44)), "toutomi_tips.deck",
                  n=v["deck_count"])
        if not v["short"]:
            rect = SITUATION_DECK
            tips.note(rect.inflate(40, 0).union((rect.left - 20, 620, rect.width + 40, 44)),
                      "toutomi_tips.situation_deck", n=v["situation_deck_count"])
            pygame.draw.rect(surf, (0, 0, 0), rect.move(4, 6), border_radius=10)
            pygame.draw.rect(surf, (200, 160, 70), rect, border_radius=10)
            pygame.draw.rect(surf, (120, 90, 30), rect, 3, border_radius=10)
            text.draw(surf, str(v["situation_deck_count"]), rect.center, 64, theme.INK_DARK, True, "center")
            text.draw(surf, self.ctx.tr("toutomi_ui.situation_deck"), (395, 640), 22, theme.INK, True, "center")

    def paint_field(self, surf: pygame.Surface) -> None:
        v = self.view
        widgets.panel(surf, FIELD, theme.FELT_DARK, 18, theme.INK_DIM, 2)
        tips.note(FIELD, "toutomi_tips.field", n=len(v["field"]))
        text.draw(surf, self.ctx.tr("toutomi_ui.field", n=len(v["field"])), (FIELD.left + 20, FIELD.top + 24),
                  26, theme.INK_DIM, True, "midleft")
        picking = any(z.id.startswith("wild:") for z in self.zones)
        shown = v["field"][-3:] if picking else v["field"][-5:]  # room for the Wild picker
        wild_as = v.get("wild_as") or {}  # what each Wild became: the rules say (rules TOUTOMI-RULES-10)
        for i, card in enumerate(shown):
            rect = pygame.Rect(FIELD.left + 40 + i * 105, FIELD.top + 56, 150, 210)
            self.painter.draw(surf, card, rect, True)
            self.card_tip(rect, card)  # (the next card's tip is over its covered part: noted later)
            if card in wild_as:
                self.paint_wild_as(surf, rect, wild_as[card])

    def paint_wild_as(self, surf: pygame.Surface, rect: pygame.Rect, effect: str) -> None:
        """A ribbon on a Wild on the field: what it was played as."""
        label = "= " + self.ctx.tr(f"toutomi_ui.effect_{effect}")
        band = pygame.Rect(rect.left - 4, rect.top + int(rect.height * 0.74), rect.width + 8, 44)
        tips.note(band, "toutomi_tips.wild_as", as_key=f"toutomi_ui.effect_{effect}")
        pygame.draw.rect(surf, theme.ACCENT, band, border_radius=8)
        pygame.draw.rect(surf, theme.INK_DARK, band, 2, border_radius=8)
        text.draw(surf, label, band.center, text.fit_size(label, 26, band.width - 10, True), theme.INK_DARK, True,
                  "center")

    def draw_over(self, surf: pygame.Surface, ix: Interaction) -> None:
        """The total, counting up over the kept table (TABLE-2 of games/ui/table.py)."""
        v = self.view
        total = v["total"]
        shown = self.motion.count("total", total, down=False)  # counts up; a new round's 0 at once
        text.draw(surf, str(shown), (TOTAL.centerx, TOTAL.centery + 4), 150,
                  theme.ACCENT if total >= v["limit"] - 1 else theme.INK, True, "center")
        super().draw_over(surf, ix)

    def paint_total(self, surf: pygame.Surface) -> None:
        v = self.view
        total, limit = v["total"], v["limit"]
        near = total >= limit - 1
        widgets.panel(surf, TOTAL, (60, 30, 40) if near else theme.PANEL, 24, theme.ACCENT, 3)
        tips.note(TOTAL, "toutomi_tips.total", total=total, limit=limit)
        tips.note((TOTAL.left + 20, TOTAL.bottom - 56, TOTAL.width - 40, 44), "toutomi_tips.limit", limit=limit)
        text.draw(surf, self.ctx.tr("toutomi_ui.total"), (TOTAL.centerx, TOTAL.top + 34), 28, theme.INK_DIM, True,
                  "center")
        text.draw(surf, self.ctx.tr("toutomi_ui.limit", limit=limit), (TOTAL.centerx, TOTAL.bottom - 34), 30,
                  theme.INK, True, "center")
        arrow = "→" if v["direction"] == 1 else "←"
        label = self.ctx.tr("toutomi_ui.clockwise" if v["direction"] == 1 else "toutomi_ui.counterclockwise")
        line = arrow + " " + label
        text.draw(surf, line, (1620, 440), text.fit_size(line, 30, theme.W - 1636, True), theme.INK, True, "midleft")
        tips.note((1610, 418, theme.W - 1620, 44), "toutomi_tips.direction_" + ("cw" if v["direction"] == 1 else "ccw"))
        nxt = v.get("next_turn")
        if nxt:
            text.draw(surf, self.ctx.tr("toutomi_ui.next", name=self.ctx.seat_name(nxt["seat"])),
                      (1620, 490), 26, theme.INK_DIM, False, "midleft")
            tips.note((1610, 470, theme.W - 1620, 40), "toutomi_tips.next", seat=nxt["seat"])
        text.draw(surf, self.ctx.tr("toutomi_ui.round", n=v["round"]), (1620, 540), 26, theme.INK_DIM, False, "midleft")
        tips.note((1610, 520, theme.W - 1620, 40), "toutomi_tips.round", n=v["round"])

    def paint_log(self, surf: pygame.Surface) -> None:
        logbox.draw_log(surf, self.ctx, LOG, self.ctx.tr("toutomi_ui.log"))

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
            if z.id.startswith("wild:"):
                tips.note(z.rect, "toutomi_tips.button_wild", as_key=f"toutomi_ui.effect_{z.id[5:]}")
            else:
                tips.note(z.rect, "toutomi_tips.button_" + z.id)
        pending = self.view.get("pending") or {}
        if pending.get("kind") and self.viewer == self.view.get("turn_seat"):
            hint = self.ctx.tr(f"toutomi_ui.pending_{pending['kind']}")
            text.draw(surf, hint, (FIELD.right - 16, FIELD.top + 24), text.fit_size(hint, 26, FIELD.width - 200, True),
                      theme.ACCENT, True, "midright")

    def status_line(self) -> str:
        v = self.view
        if v.get("over"):
            return self.ctx.tr("app.game_over")
        name = self.ctx.seat_name(v.get("turn_seat"))
        pending = (v.get("pending") or {}).get("kind")
        key = f"toutomi_ui.status_{pending}" if pending else (
            "toutomi_ui.status_attacked" if v.get("attacked") else "toutomi_ui.status_play")
        return self.ctx.tr(key, name=name, n=v.get("plays_left", 0))
