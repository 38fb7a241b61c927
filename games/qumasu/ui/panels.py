"""Qumasu side panels and overlays: players, cost areas, info and choices, log, the flower
picker, the graveyard browser, the expected combat result while dragging, announcements."""
from __future__ import annotations

import pygame

from games.core.i18n import text_of
from games.qumasu.ui import art, fonts, notes
from games.qumasu.ui import layout as L
from games.ui import logbox, text, theme, tips, widgets
from games.ui.table import Interaction

FLASH_KEYS = ("qumasu.combat", "qumasu.castle_hit", "qumasu.deck_out", "qumasu.destroyed", "qumasu.win")
FLASH_SECONDS = 1.8
FRESH_SECONDS = 4.0  # log lines this new are highlighted (the table's announcement strip)
GLOW_OUT = 7  # how far widgets.glow reaches outside a glowing zone (4 + 3 px at its widest)
PICK_GREYED_W = 300  # a flower effect that cannot be chosen: its button, then why


def acting_seat(v: dict) -> int | None:
    """The seat that acts now (rules.current_player), as the view tells it."""
    if v.get("over"):
        return None
    pending = v.get("pending")
    return pending["seat"] if pending else v.get("turn_seat")


class Panels:
    """Mixed into Table (needs ``view``, ``viewer``, ``legal``, ``ctx``, ``painter``...)."""

    def paint_player(self, surf: pygame.Surface, seat: int, area: pygame.Rect) -> None:
        v = self.view
        current = acting_seat(v) == seat
        widgets.panel(surf, area, (40, 96, 78) if current else theme.PANEL, 14,
                      theme.ACCENT if current else art.rim(seat), 4 if current else 2)
        widgets.seat_badge(surf, seat, (area.left + 30, area.top + 30), 36)
        name = self.ctx.seat_name(seat)
        text.draw(surf, name, (area.left + 56, area.top + 30), fonts.fit(name, 30, 300, True), theme.INK,
                  True, "midleft")
        deck = self.ctx.tr("qumasu_ui.deck_name",
                           name=text_of(self.ctx.rules.data.deck(v["decks"][seat]).name, self.ctx.lang))
        text.draw(surf, deck, (area.right - 16, area.top + 30), 20, theme.INK_DIM, False, "midright")
        top = area.top + (140 if seat != self.bottom else 66)
        pile = pygame.Rect(area.left + 24, top, 90, 124)
        self.painter.draw(surf, None, pile, False)
        text.draw(surf, self.ctx.tr("qumasu_ui.deck", n=v["deck_counts"][seat]), (pile.centerx, pile.bottom + 4), 20,
                  theme.INK, True, "midtop")
        tips.note(pile.inflate(20, 34).move(0, 14), "qumasu_tips.deck", seat=seat, n=v["deck_counts"][seat])
        grave = self.grave_rect(area)
        cards = v["graves"][seat]
        if cards:
            self.painter.draw(surf, cards[-1], grave, True)
        else:
            pygame.draw.rect(surf, theme.FELT_DARK, grave, border_radius=10)
        pygame.draw.rect(surf, theme.INK_DIM, grave, 2, border_radius=10)
        text.draw(surf, self.ctx.tr("qumasu_ui.grave", n=len(cards)), (grave.centerx, grave.bottom + 4), 20,
                  theme.INK, True, "midtop")
        if cards:
            tips.note(grave.inflate(20, 34).move(0, 14), "qumasu_tips.grave", seat=seat, n=len(cards), card=cards[-1])
        else:
            tips.note(grave.inflate(20, 34).move(0, 14), "qumasu_tips.grave_empty", seat=seat)
        n = v["hand_counts"][seat]
        if seat != self.bottom:
            for k in range(n):
                self.painter.draw(surf, None, pygame.Rect(area.left + 24 + k * 30, area.top + 62, 56, 78), False)
            text.draw(surf, self.ctx.tr("qumasu_ui.hand_count", n=n), (area.left + 40 + max(n, 1) * 30 + 40,
                                                                        area.top + 100), 22, theme.INK, True, "midleft")
            tips.note((area.left + 20, area.top + 58, max(n, 1) * 30 + 160, 86), "qumasu_tips.hand_backs", seat=seat,
                      n=n)
        elif self.viewer not in (0, 1):  # a spectator (replay, game over): backs right of the graveyard
            step = min(30, 130 // max(1, n - 1))
            for k in range(n):
                self.painter.draw(surf, None, pygame.Rect(area.left + 440 + k * step, area.top + 66, 56, 78), False)
            text.draw(surf, self.ctx.tr("qumasu_ui.hand_count", n=n), (area.left + 440, area.top + 160), 22,
                      theme.INK, True, "topleft")
            tips.note((area.left + 436, area.top + 62, 190, 126), "qumasu_tips.hand_backs", seat=seat, n=n)
        mull = v["mulligans"][seat]
        if mull is not None and v.get("turn", 0) <= 2:
            tag = self.ctx.tr("qumasu_ui.took_mulligan" if mull else "qumasu_ui.kept_hand")
            spectator_row = seat == self.bottom and self.viewer not in (0, 1)  # backs are there
            text.draw(surf, tag, (area.left + 430, area.top + 210 if spectator_row else grave.centery), 20,
                      theme.INK_DIM, False, "midleft")

    def paint_costs(self, surf: pygame.Surface, seat: int, area: pygame.Rect) -> None:
        v = self.view
        widgets.panel(surf, area, theme.FELT_DARK, 14, art.rim(seat), 2)
        costs = v["costs"][seat]
        title = self.ctx.tr("qumasu_ui.cost_area", n=v["untapped"][seat], total=len(costs))
        text.draw(surf, title, (area.left + 16, area.top + 20), 22, theme.INK, True, "midleft")
        tips.note(area, "qumasu_tips.cost_area", seat=seat, n=v["untapped"][seat], total=len(costs))
        for k, rect in enumerate(L.cost_rects(area, len(costs))):
            notes.cost(art.cost_card(surf, rect, costs[k][0], costs[k][1], self.ctx.lang), costs[k][0], costs[k][1])
        if seat == self.bottom and self.acting and any(a.kind == "flower" for a in self.legal):
            fonts.draw_lines(surf, self.ctx.tr("qumasu_ui.flower_hint"), self.flower_hint_rect(), 20, theme.ACCENT)

    def flower_hint_rect(self) -> pygame.Rect:
        """Left of the first cost card's glow (its zone is 15 px wider each side and the glow
        reaches 7 px further out), so no glyph of the hint is ever drawn under the glow."""
        area = L.OWN_COST
        right = L.cost_rects(area, 1)[0].left - 15 - GLOW_OUT - 8
        return pygame.Rect(area.left + 16, area.top + 44, right - area.left - 16, area.height - 50)

    def paint_log(self, surf: pygame.Surface) -> None:
        logbox.draw_log(surf, self.ctx, L.LOG, self.ctx.tr("qumasu_ui.log"))

    def paint_info(self, surf: pygame.Surface, ix: Interaction) -> None:
        v = self.view
        widgets.panel(surf, L.INFO, theme.PANEL, 14)
        pending = v.get("pending") or {}
        kind = pending.get("kind")
        mine = self.acting
        if kind and mine:
            card = pending.get("card")
            name = text_of(self.ctx.rules.card_info(card)["name"], self.ctx.lang) if card else ""
            redrawn = kind == "mulligan" and v["mulligans"][self.viewer]  # rules QUMASU-RULES-7
            prompt = self.ctx.tr("qumasu_ui.prompt_new_hand" if redrawn else f"qumasu_ui.prompt_{kind}", card=name)
        elif mine:
            prompt = self.ctx.tr("qumasu_ui.prompt_main")
        else:
            prompt = self.ctx.tr("qumasu_ui.prompt_wait", name=self.ctx.seat_name(acting_seat(v)))
        fonts.draw_lines(surf, prompt, L.INFO.inflate(-40, -30), 24, theme.INK)
        if not mine:  # the other side is acting (a bot, the demo): narrate it here, large
            self.paint_narration(surf, pygame.Rect(L.INFO.left + 20, L.INFO.top + 70, L.INFO.width - 40, 220))
        if v.get("turn", 0) >= 1 and not kind:
            flags = [("qumasu_ui.flag_move", v["moved"]), ("qumasu_ui.flag_attack", v["attacked"]),
                     ("qumasu_ui.flag_flower", v["flowered"])]
            for k, (key, used) in enumerate(flags):
                label = self.ctx.tr("qumasu_ui.flag_line", flag=self.ctx.tr(key),
                                    state=self.ctx.tr("qumasu_ui.used" if used else "qumasu_ui.ready"))
                text.draw(surf, label, (L.INFO.left + 24 + k * 205, L.INFO.bottom - 30), 20,
                          theme.INK_DIM if used else theme.OK, True, "midleft")
                tips.note((L.INFO.left + 16 + k * 205, L.INFO.bottom - 50, 200, 40),
                          f"{key.replace('_ui.', '_tips.')}_{'used' if used else 'ready'}")
        for z in self.zones:
            if z.id in ("keep", "mulligan", "use", "skip", "end"):
                widgets.Button(z.rect, self.ctx.tr(f"qumasu_ui.button_{z.id}"), primary=z.id in ("keep", "use", "end"),
                               size=32).draw(surf, ix.mouse)

    def fresh_lines(self) -> list[str]:
        """The log lines of the latest events while they are new (FRESH_SECONDS)."""
        n, t0 = self.fresh
        if not n or self.clock - t0 >= FRESH_SECONDS:
            return []
        return [ln for ln in self.ctx.log[-n:] if ln]

    def paint_narration(self, surf: pygame.Surface, box: pygame.Rect) -> None:
        """The newest announcements, newest last, in large type (at most what fits ``box``)."""
        parts: list[str] = []
        for line in self.fresh_lines()[-3:]:
            parts += list(fonts.wrapped(line, 28, box.width, True))
        y = box.bottom - 36 * len(parts[-6:])
        for part in parts[-6:]:
            text.draw(surf, part, (box.left, y), 28, theme.ACCENT, True)
            y += 36

    def paint_hand_label(self, surf: pygame.Surface) -> None:
        for p in self.pieces:  # the own hand's cards, painted next (``paint_pieces``)
            if p.id.startswith("hand:"):
                notes.card(self.ctx.rules, p.rect, p.id[5:])
        if self.viewer in (0, 1) and self.view.get("hand") is not None:
            n = len(self.view["hand"])
            text.draw(surf, self.ctx.tr("qumasu_ui.your_hand", n=n), (380, L.HAND_Y + 40), 24, theme.INK_DIM,
                      True, "midright")

    # --- while dragging: what would happen ---------------------------------------------
    def paint_expected(self, surf: pygame.Surface, ix: Interaction) -> None:
        piece = ix.dragging or ix.selected
        if not piece or not piece.startswith(("unit:", "hand:")):
            return
        v = self.view
        if piece.startswith("hand:"):
            card = piece[5:]
            cost = self.ctx.rules.card_info(card)["cost"]
            label = self.ctx.tr("qumasu_ui.cost_hint", need=cost, have=v["untapped"][self.bottom])
            self._tag(surf, (L.INFO.centerx, L.INFO.bottom - 96), label, theme.ACCENT, 30)
            return
        att = v["board"][_index(piece[5:])]
        hover = self.zone_at(ix.mouse)
        self.badge_rect = None
        for zid in ix.glowing:
            label, colour, rect = self._expected(v, att, zid)
            if label:
                self._tag(surf, (rect.centerx, rect.top + 4), label, colour)
                if hover is not None and hover.id == zid:  # never hidden under the dragged card:
                    if ix.dragging == piece:  # beside it (drawn over the table, issue 27)
                        self.badge_rect = self._beside(surf, self.drag_rect(ix), label, colour)
                    else:  # a selected unit: in the info panel
                        self._tag(surf, (L.INFO.centerx, L.INFO.bottom - 96), label, colour, 30)

    def drag_rect(self, ix: Interaction) -> pygame.Rect:
        """Where the dragged card is drawn (the play scene draws it over the table, after
        ``draw_over``): at the pointer, offset as it was taken.  Without the press's offset,
        every place the card could be (a badge beside that is beside the card too)."""
        home = next((p.rect for p in self.pieces if p.id == ix.dragging), pygame.Rect(0, 0, L.CELL, L.CELL))
        if self.grab is not None and self.grab[0] == ix.dragging:
            return home.move(ix.mouse[0] - self.grab[1][0] - home.x, ix.mouse[1] - self.grab[1][1] - home.y)
        return pygame.Rect(ix.mouse[0] - home.width, ix.mouse[1] - home.height, 2 * home.width, 2 * home.height)

    def _beside(self, surf: pygame.Surface, card: pygame.Rect, label: str, colour) -> pygame.Rect:
        """The expected result beside the dragged card, right of it (left near the edge)."""
        img = text.render(label, 30, theme.INK_DARK, True)
        box = img.get_rect().inflate(24, 14)
        box.midleft = (card.right + 14, card.centery)
        if box.right > theme.W - 8:
            box.midright = (card.left - 14, card.centery)
        box.clamp_ip(pygame.Rect(0, 80, theme.W, theme.H - 80))
        pygame.draw.rect(surf, colour, box, border_radius=12)
        pygame.draw.rect(surf, theme.INK_DARK, box, 2, border_radius=12)
        surf.blit(img, img.get_rect(center=box.center))
        return box

    def _expected(self, v: dict, att: dict | None, zid: str):
        """(text, colour, rect) of what an attack on zone ``zid`` would do, else (None, ..)."""
        if zid == "castle":
            left = v["castle_counts"][1 - self.bottom]
            key = "qumasu_ui.expect_castle_win" if left == 0 else "qumasu_ui.expect_castle"
            return self.ctx.tr(key, n=left), theme.ACCENT, L.ENEMY_CASTLE.move(0, L.ENEMY_CASTLE.height - 8)
        if not zid.startswith("cell:") or att is None:
            return None, None, None
        dfn = v["board"][_index(zid[5:])]
        if dfn is None or dfn["owner"] == self.bottom:
            return None, None, None
        res = "win" if att["power"] > dfn["power"] else "lose" if att["power"] < dfn["power"] else "both"
        colour = {"win": theme.OK, "lose": theme.DANGER, "both": theme.ACCENT}[res]
        return (self.ctx.tr(f"qumasu_ui.expect_{res}", a=att["power"], d=dfn["power"]), colour,
                self.cell_rect(_index(zid[5:])))

    def _tag(self, surf: pygame.Surface, pos, label: str, colour, size: int = 24) -> None:
        img = text.render(label, size, theme.INK_DARK, True)
        box = img.get_rect(center=pos).inflate(18, 10)
        pygame.draw.rect(surf, colour, box, border_radius=10)
        pygame.draw.rect(surf, theme.INK_DARK, box, 2, border_radius=10)
        surf.blit(img, img.get_rect(center=box.center))

    # --- overlays ----------------------------------------------------------------------
    def paint_overlays(self, surf: pygame.Surface, ix: Interaction) -> None:
        if self.controller.local.get("picker") is not None and self.zone("pick:cancel"):
            widgets.panel(surf, L.PICKER, (34, 30, 50), 16, art.FLOWER, 4)
            text.draw(surf, self.ctx.tr("qumasu_ui.picker_title"), (L.PICKER.centerx, L.PICKER.top + 34), 26,
                      theme.INK, True, "center")
            for i, fl in enumerate(self.ctx.rules.data.flowers):
                tips.note(self.pick_rect(i), f"qumasu_tips.pick_{fl.type}", n=fl.amount)
                if self.zone(f"pick:{fl.id}") is not None:
                    widgets.Button(self.pick_rect(i), text_of(fl.name, self.ctx.lang), primary=True,
                                   size=28).draw(surf, ix.mouse)
                else:
                    self.paint_greyed_pick(surf, ix, i, fl)
            widgets.Button(self.pick_rect(3), self.ctx.tr("qumasu_ui.cancel"), size=28).draw(surf, ix.mouse)
        if self.controller.local.get("browse") is not None:
            self.paint_browse(surf, self.controller.local["browse"])
        if self.flash and self.clock - self.flash[1] < FLASH_SECONDS:
            msg = self.flash[0]
            size = fonts.fit(msg, 40, 1100, True)
            img = text.render(msg, size, theme.INK, True)
            box = img.get_rect(center=(960, 470)).inflate(60, 40)
            pygame.draw.rect(surf, (20, 16, 24), box, border_radius=18)
            pygame.draw.rect(surf, theme.ACCENT, box, 4, border_radius=18)
            surf.blit(img, img.get_rect(center=box.center))

    def paint_greyed_pick(self, surf: pygame.Surface, ix: Interaction, i: int, fl) -> None:
        """A flower effect that cannot be chosen now: a narrower dimmed button and, beside it,
        why (the rules' reason, ``flower_why`` of the view)."""
        full = self.pick_rect(i)
        button = pygame.Rect(full.left, full.top, PICK_GREYED_W, full.height)
        widgets.Button(button, text_of(fl.name, self.ctx.lang), size=28, enabled=False).draw(surf, ix.mouse)
        key = (self.view.get("flower_why") or {}).get(fl.id) or "core.illegal"
        box = pygame.Rect(button.right + 16, full.top, full.right - button.right - 16, full.height)
        size, lines = text.fit_lines(self.ctx.tr(key), 22, box.width, box.height)
        y = box.centery - len(lines) * int(size * 1.2) // 2
        for line in lines:
            text.draw(surf, line, (box.left, y), size, theme.INK, False)
            y += int(size * 1.2)

    def paint_browse(self, surf: pygame.Surface, seat: int) -> None:
        widgets.veil(surf, (8, 10, 16, 190), pygame.Rect(0, 76, theme.W, theme.H - 76))  # in place
        widgets.panel(surf, L.BROWSE, (30, 36, 48), 18, art.rim(seat), 4)
        cards = self.view["graves"][seat]
        tips.note((0, 76, theme.W, theme.H - 76), "qumasu_tips.browse", seat=seat, n=len(cards))
        title = self.ctx.tr("qumasu_ui.grave_of", name=self.ctx.seat_name(seat), n=len(cards))
        text.draw(surf, title, (L.BROWSE.left + 30, L.BROWSE.top + 34), 30, theme.INK, True, "midleft")
        text.draw(surf, self.ctx.tr("qumasu_ui.click_to_close"), (L.BROWSE.right - 30, L.BROWSE.top + 34), 22,
                  theme.INK_DIM, False, "midright")
        for k, card in enumerate(cards):
            r = pygame.Rect(L.BROWSE.left + 30 + (k % 10) * 128, L.BROWSE.top + 80 + (k // 10) * 196, 118, 166)
            self.painter.draw(surf, card, r, True)
            notes.card(self.ctx.rules, r, card)

    # --- events and status ---------------------------------------------------------------
    def on_events(self, events: list) -> None:
        self.fresh = (len(events), self.clock)  # the play scene logs one line per event next
        lines = [self.ctx.rules.event_text(k, p, self.ctx.lang, self.ctx.names) for k, p in events if k in FLASH_KEYS]
        if lines:
            self.flash = (lines[-1], self.clock)

    def update(self, dt: float) -> bool:
        self.clock += dt
        return (bool(self.flash) and self.clock - self.flash[1] < FLASH_SECONDS) or \
            self.clock - self.fresh[1] < FRESH_SECONDS + 0.1

    def status_line(self) -> str:
        v = self.view
        if v.get("winners"):
            return self.ctx.tr("app.game_over")
        current = acting_seat(v)
        name = self.ctx.seat_name(current)
        kind = (v.get("pending") or {}).get("kind")
        if kind == "mulligan":  # (after the mulligan: its new hand, rules QUMASU-RULES-7)
            redrawn = v["mulligans"][current] if current in (0, 1) else False
            return self.ctx.tr("qumasu_ui.status_new_hand" if redrawn else "qumasu_ui.status_mulligan", name=name)
        return self.ctx.tr("qumasu_ui.status_turn", name=name, turn=v.get("turn", 0))


def _index(cell: str) -> int:
    return (int(cell[1]) - 1) * 3 + "abc".index(cell[0])
