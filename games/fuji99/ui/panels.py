"""The panels of the Fuji 99 table (a mixin of games/fuji99/ui/view.py's Table).

Left: compact panels of the other players and the log.  Right: deck and discard, then the
current player's header, bag, draw tray, risk helper, sheet, Fuji cards and the buttons of
the step.  Everything reads ``self.view`` only; text goes through the cached text module.
"""
from __future__ import annotations

import pygame

from games.core.i18n import text_of
from games.fuji99.ui import art, notes
from games.fuji99.ui.layout import ACT, BAG, DECK, DISCARD, HAND, HEAD, LEFT, REVEAL_STEP, RISK, SHEET, SUPPLY, TIP_CARD
from games.ui import logbox, motion, text, theme, tips, widgets
from games.ui.table import Interaction, part


def pct(p: float) -> str:
    """A chance as a whole percentage; never shows 0 % or 100 % for a mere possibility."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    return f"{min(99, max(1, round(p * 100)))}%"


def risk_colour(p: float) -> tuple:
    return theme.OK if p < 0.15 else theme.ACCENT if p < 0.4 else theme.DANGER


class Panels:
    # --- left column ---------------------------------------------------------------------
    def left_parts(self) -> list:
        """The other seats and the log, a part each (TABLE-3 of games/ui/table.py)."""
        return [*(lambda surf, seat=seat, r=r: self.paint_other(surf, seat, r) for seat, r in self.other_rects.items()),
                self.paint_legend_log]

    def paint_legend_log(self, surf: pygame.Surface) -> None:
        top = max([r.bottom for r in self.other_rects.values()], default=LEFT.top) + 10
        legend = pygame.Rect(LEFT.left + 6, LEFT.bottom - 60, LEFT.width - 12, 60)  # what "B12" means
        text.draw_fitted(surf, self.ctx.tr("fuji99_ui.floor_legend"), legend, 20, theme.INK_DIM)
        tips.note(legend, "fuji99_tips.legend")
        log = pygame.Rect(LEFT.left, top, LEFT.width, legend.top - 6 - top)
        if log.height > 80:
            self.paint_log(surf, log)

    def paint_other(self, surf: pygame.Surface, seat: int, r: pygame.Rect) -> None:
        v = self.view
        s = v["seats"][seat]
        tr = self.ctx.tr
        widgets.panel(surf, r, theme.FELT_DARK, 14, self.rgb(seat), 3)
        tips.note(r, "fuji99_tips.other", seat=seat)
        self.badge(surf, seat, (r.left + 26, r.top + 28), 36)
        tips.note((r.right - 100, r.top + 8, 96, 40), "fuji99_tips.floor", seat=seat, n=s["position"])
        name = self.ctx.seat_name(seat)
        text.draw(surf, name, (r.left + 50, r.top + 28), text.fit_size(name, 26, 130, True), theme.INK, True, "midleft")
        self._counted.append((seat, (r.right - 12, r.top + 28)))  # its floor counts up over the table
        x = r.left + 12
        for kind in ("clear", "yellow", "red"):
            surf.blit(self.cube(kind, 26), (x, r.top + 56))
            text.draw(surf, str(s["bag"][kind]), (x + 32, r.top + 69), 24, theme.INK, True, "midleft")
            tips.note((x - 2, r.top + 52, 70, 34), f"fuji99_tips.bag_{kind}", seat=seat, n=s["bag"][kind])
            x += 72
        text.draw(surf, tr("fuji99_ui.bag_short"), (r.right - 12, r.top + 69), 20, theme.INK_DIM, False, "midright")
        tips.note((x - 2, r.top + 52, r.right - x - 2, 34), "fuji99_tips.bag", seat=seat, n=s["bag_total"])
        for i, c in enumerate(s["hand"]):
            rect = self.mini_rect(r, i)
            self.painter.draw(surf, c["id"], rect, True)
            notes.card(self, rect, c["id"])
            notes.cubes_on((rect.left, rect.bottom, rect.width, 22), c["clear"])
            if c["clear"]:  # clear cubes lying on the card: a cube and the count below it
                surf.blit(self.cube("clear", 18), (rect.left, rect.bottom + 2))
                text.draw(surf, str(c["clear"]), (rect.left + 20, rect.bottom + 11), 20, theme.INK, True, "midleft")
        if not s["hand"]:
            text.draw(surf, tr("fuji99_ui.hand_empty"), (r.left + 14, r.top + 126), 20, theme.INK_DIM, False, "midleft")
        lim = v["rules"]["crisis_limit"]
        line = tr("fuji99_ui.other_hand", total=s["hand_total"], limit=lim)
        text.draw(surf, line, (r.left + 12, r.bottom - 26), 21, theme.DANGER if s["hand_total"] >= lim - 2
                  else theme.INK, True, "midleft")
        tips.note((r.left + 6, r.bottom - 42, 110, 32), "fuji99_tips.hand_value", seat=seat, n=s["hand_total"],
                  limit=lim)
        tags = []
        if s["rocks_waiting"]:
            tags.append(tr("fuji99_ui.rock_tag", n=s["rocks_waiting"]))
        if s["bonuses"]:
            tags.append(tr("fuji99_ui.bonus_tag", spaces="・".join(str(b) for b in s["bonuses"])))
        if tags:
            msg = "  ".join(tags)
            text.draw(surf, msg, (r.right - 10, r.bottom - 26), text.fit_size(msg, 20, 150, True), theme.ACCENT,
                      True, "midright")
            both = "both" if len(tags) == 2 else "rock" if s["rocks_waiting"] else "bonus"
            tips.note((r.right - 162, r.bottom - 42, 156, 32), f"fuji99_tips.tags_{both}", seat=seat,
                      n=s["rocks_waiting"], spaces="・".join(str(b) for b in s["bonuses"]))

    def paint_log(self, surf: pygame.Surface, box: pygame.Rect) -> None:
        logbox.draw_log(surf, self.ctx, box, self.ctx.tr("fuji99_ui.log"))
        tips.note(box, "fuji99_tips.log")

    # --- right column ----------------------------------------------------------------------
    def right_parts(self, ix: Interaction) -> list:
        """The acting seat's side, in parts (TABLE-3 of games/ui/table.py)."""
        if self.cur is None:
            return [self.paint_supply]
        return [part(self.paint_supply, self.paint_head), part(self.paint_bag, lambda surf: self.paint_tray(surf, ix)),
                self.paint_risk_sheet,
                part(lambda surf: self.paint_hand(surf, ix), lambda surf: self.paint_act(surf, ix))]

    def paint_risk_sheet(self, surf: pygame.Surface) -> None:
        if self.risk_on():
            self.paint_risk(surf)
        self.paint_sheet(surf)

    def paint_supply(self, surf: pygame.Surface) -> None:
        v = self.view
        tr = self.ctx.tr
        widgets.panel(surf, SUPPLY, (30, 40, 48), 14)
        tips.note((DECK.left - 6, DECK.top, 300, DECK.height), "fuji99_tips.deck", n=v["deck"])
        tips.note((DISCARD.left - 6, DISCARD.top, 200, DISCARD.height), "fuji99_tips.discard", n=len(v["discard"]))
        if v["discard"]:
            notes.card(self, DISCARD, v["discard"][-1])
        tips.note((SUPPLY.right - 250, SUPPLY.top + 8, 246, 48), "fuji99_tips.turn", n=v["turn"])
        tips.note((SUPPLY.right - 250, SUPPLY.top + 58, 246, 48), "fuji99_tips.limits",
                  reds=v["rules"]["red_limit"], crisis=v["rules"]["crisis_limit"])
        if not self.piece("deck"):
            self.painter.draw(surf, None, DECK, False)
        text.draw(surf, tr("fuji99_ui.deck_n", n=v["deck"]), (DECK.right + 14, DECK.centery - 14), 26, theme.INK,
                  True, "midleft")
        if self.piece("deck"):
            text.draw(surf, tr("fuji99_ui.deck_drag"), (DECK.right + 14, DECK.centery + 18), 20, theme.INK_DIM,
                      False, "midleft")
        if v["discard"]:
            self.painter.draw(surf, v["discard"][-1], DISCARD, True)
        else:
            pygame.draw.rect(surf, theme.INK_DIM, DISCARD, 2, border_radius=8)
        text.draw(surf, tr("fuji99_ui.discard_n", n=len(v["discard"])), (DISCARD.right + 14, DISCARD.centery - 14),
                  26, theme.INK, True, "midleft")
        text.draw(surf, tr("fuji99_ui.turn_n", n=v["turn"]), (SUPPLY.right - 20, SUPPLY.centery - 14), 24,
                  theme.INK_DIM, True, "midright")
        rules = v["rules"]
        text.draw(surf, tr("fuji99_ui.limits", reds=rules["red_limit"], crisis=rules["crisis_limit"]),
                  (SUPPLY.right - 20, SUPPLY.centery + 18), 20, theme.INK_DIM, False, "midright")

    def paint_head(self, surf: pygame.Surface) -> None:
        v = self.view
        seat = self.cur
        col = self.rgb(seat)
        widgets.panel(surf, HEAD, (40, 50, 62), 14, col, 5)
        tips.note(HEAD, "fuji99_tips.head", seat=seat)
        self.badge(surf, seat, (HEAD.left + 40, HEAD.centery), 52)
        name = self.ctx.seat_name(seat)
        key = "fuji99_ui.turn_of" if v.get("turn_seat") is not None else "fuji99_ui.winner_is"
        head = self.ctx.tr(key, name=name)
        size = text.fit_size(head, 36, 330, True)
        text.draw(surf, head, (HEAD.left + 76, HEAD.centery), size, col, True, "midleft")
        if v.get("turn_seat") is None:
            return
        self._head_line = seat  # follows the sliding token: drawn over the table (paint_moving_text)
        s = v["seats"][seat]
        tips.note((HEAD.right - 340, HEAD.top, 340, HEAD.height), "fuji99_tips.pawn_token", seat=seat,
                  pawn=s["position"], token=v["token"], gain=v["token"] - s["position"])

    def paint_moving_text(self, surf: pygame.Surface) -> None:
        """What counts or follows a sliding token, every frame over the (kept) table: the
        other seats' floors and the current seat's pawn/token line."""
        v = self.view
        for seat, pos in self._counted:
            fl = self.floor(self.motion.count(f"floor:{seat}", v["seats"][seat]["position"]))
            text.draw(surf, fl, pos, 30, theme.ACCENT, True, "midright")
        if self._head_line is not None:
            s = v["seats"][self._head_line]
            busting = any(a["kind"] == "bust" for a in self.anims)  # then the token is someone else's
            token = v["token"] if busting else int(round(self.token_at()))  # follows the sliding token
            line = self.ctx.tr("fuji99_ui.pawn_token", pawn=s["position"], token=token, gain=token - s["position"])
            text.draw(surf, line, (HEAD.right - 18, HEAD.centery), text.fit_size(line, 26, 330, True),
                      theme.INK, True, "midright")

    def paint_bag(self, surf: pygame.Surface) -> None:
        v = self.view
        s = v["seats"][self.cur]
        widgets.panel(surf, BAG, theme.PANEL, 14)
        tips.note(BAG, "fuji99_tips.bag", seat=self.cur, n=s["bag_total"])
        text.draw(surf, self.ctx.tr("fuji99_ui.bag_title", n=s["bag_total"]), (BAG.left + 14, BAG.top + 20), 22,
                  theme.INK_DIM, True, "midleft")
        sack = self.image("sack", lambda: art.sack(140, 150))
        surf.blit(sack, (BAG.left + 2, BAG.top + 36))
        for i, kind in enumerate(("clear", "yellow", "red")):
            y = BAG.top + 62 + i * 44
            surf.blit(self.cube(kind, 32), (BAG.left + 146, y))
            text.draw(surf, str(s["bag"][kind]), (BAG.left + 186, y + 16), 30, theme.INK, True, "midleft")
            tips.note((BAG.left + 142, y - 4, 90, 40), f"fuji99_tips.bag_{kind}", seat=self.cur, n=s["bag"][kind])
        if self.piece("bagcube"):
            msg = self.ctx.tr("fuji99_ui.bag_hint")
            text.draw_fitted(surf, msg, pygame.Rect(BAG.left + 8, BAG.top + 194, BAG.width - 16, 62), 20,
                             theme.ACCENT, True)

    def paint_tray(self, surf: pygame.Surface, ix: Interaction) -> None:
        v = self.view
        tray = self.tray_rect
        phase = v["stage"]
        tr = self.ctx.tr
        widgets.panel(surf, tray, (34, 44, 40), 14, theme.INK_DIM, 2)
        if phase == "draw":
            n = self.controller.n(v)
            tips.note(tray, "fuji99_tips.tray_draw", lo=v["draw_range"][0], hi=v["draw_range"][1], n=n)
            text.draw(surf, tr("fuji99_ui.tray_title"), (tray.left + 14, tray.top + 20), 22, theme.INK_DIM, True,
                      "midleft")
            if not self.legal:  # someone else (a bot) is choosing
                return
            text.draw(surf, str(n), (tray.centerx, tray.bottom - 38), 52, theme.ACCENT, True, "center")
            lo, hi = v["draw_range"]
            text.draw(surf, tr("fuji99_ui.range", lo=lo, hi=hi), (tray.right - 14, tray.top + 20), 20,
                      theme.INK_DIM, False, "midright")
            for zid, label in (("minus", "−"), ("plus", "+")):
                z = self.zone(zid)
                if z:
                    a = self.controller.action_for(v, None, zid)
                    widgets.Button(z.rect, label, enabled=a is not None, size=40).draw(surf, ix.mouse)
                    tips.note(z.rect, f"fuji99_tips.{zid}")
            return
        text.draw(surf, tr("fuji99_ui.tray_drawn"), (tray.left + 14, tray.top + 20), 22, theme.INK_DIM, True,
                  "midleft")
        t = v["tray"]
        tips.note(tray, "fuji99_tips.tray_drawn", clear=t["clear"], yellow=t["yellow"], red=t["red"])
        a = self.active("reveal")
        if a and a["mode"] == "tray":  # its cubes are drawn over the kept table (paint_tray_flight)
            self._tray_reveal = a
            return
        for k, (kind, r) in enumerate(self.tray_cubes(v)):
            if not self.piece(f"yellow:{k}"):
                surf.blit(self.cube(kind, r.width), r)
        last = v["last_draw"]
        if last["seat"] == self.cur:
            line = tr("fuji99_ui.last_draw", n=len(last["order"]), clear=last["clear"], yellow=last["yellow"],
                      red=last["red"])
            text.draw(surf, line, (tray.centerx, tray.bottom - 24), text.fit_size(line, 20, tray.width - 20),
                      theme.INK, False, "center")

    def paint_risk(self, surf: pygame.Surface) -> None:
        v = self.view
        odds = v.get("odds")
        tr = self.ctx.tr
        widgets.panel(surf, RISK, (48, 38, 46), 14, (120, 90, 110), 2)
        tips.note(RISK, "fuji99_tips.risk")
        text.draw(surf, tr("fuji99_ui.risk_title"), (RISK.left + 14, RISK.top + 20), 22, theme.INK_DIM, True, "midleft")
        if not odds:
            return
        table = odds["bust_by_n"]
        if v["stage"] == "draw":
            n = self.controller.n(v)
            sub = tr("fuji99_ui.risk_bust_n", n=n)
        else:
            n = min(v["rules"]["min_draw"], len(table) - 1)
            sub = tr("fuji99_ui.risk_bust_again", n=n)
        p = table[max(0, min(n, len(table) - 1))]
        tips.note((RISK.left, RISK.top + 36, RISK.width, 108), "fuji99_tips.risk_bust", n=n, pct=pct(p))
        tips.note((RISK.left, RISK.top + 146, RISK.width, 112), "fuji99_tips.risk_crisis", pct=pct(odds["crisis"]),
                  limit=v["rules"]["crisis_limit"])
        text.draw(surf, tr("fuji99_ui.risk_bust"), (RISK.left + 14, RISK.top + 50), 20, theme.INK, True, "midleft")
        text.draw(surf, pct(p), (RISK.centerx, RISK.top + 92), 50, risk_colour(p), True, "center")
        text.draw(surf, sub, (RISK.centerx, RISK.top + 128), text.fit_size(sub, 20, RISK.width - 12), theme.INK_DIM,
                  False, "center")
        c = odds["crisis"]
        text.draw(surf, tr("fuji99_ui.risk_crisis", limit=v["rules"]["crisis_limit"]), (RISK.left + 14, RISK.top + 160),
                  20, theme.INK, True, "midleft")
        text.draw(surf, pct(c), (RISK.centerx, RISK.top + 202), 50, risk_colour(c), True, "center")
        sub2 = tr("fuji99_ui.risk_crisis_sub")
        text.draw(surf, sub2, (RISK.centerx, RISK.top + 240), text.fit_size(sub2, 20, RISK.width - 12), theme.INK_DIM,
                  False, "center")

    def paint_sheet(self, surf: pygame.Surface) -> None:
        v = self.view
        s = v["seats"][self.cur]
        tr = self.ctx.tr
        widgets.panel(surf, SHEET, theme.PANEL, 14)
        limit = v["rules"]["red_limit"]
        reds = s["sheet_reds"]
        a = self.active("reveal")
        if a and a["mode"] == "tray":  # the reds of this draw are still being revealed in the tray
            reds = max(0, reds - a["order"].count("red"))
        counted = reds + s["rock_reds"]
        label = tr("fuji99_ui.reds_label", n=counted, limit=limit)
        tips.note((SHEET.left, SHEET.top, 128 + limit * 50, SHEET.height),
                  "fuji99_tips.reds_rock" if s["rock_reds"] else "fuji99_tips.reds", n=counted, limit=limit,
                  rocks=s["rock_reds"])
        text.draw(surf, label, (SHEET.left + 14, SHEET.centery), 24,
                  theme.DANGER if counted >= limit - 1 else theme.INK, True, "midleft")
        x = SHEET.left + 128
        for i in range(limit):
            slot = pygame.Rect(x + i * 50, SHEET.centery - 22, 44, 44)
            if i < reds:
                surf.blit(self.cube("red", 44), slot)
            elif i < reds + s["rock_reds"]:
                pygame.draw.rect(surf, (110, 100, 96), slot, border_radius=8)
                text.draw(surf, tr("fuji99_ui.rock_short"), slot.center, 20, theme.INK, True, "center")
            else:
                pygame.draw.rect(surf, (90, 60, 60), slot, 2, border_radius=8)
        right = SHEET.right - 14
        notes = []
        if s["rocks_waiting"]:
            notes.append((tr("fuji99_ui.rock_next", n=s["rocks_waiting"]), theme.ACCENT))
        if s["move_bonus"]:
            notes.append((tr("fuji99_ui.move_bonus", n=s["move_bonus"]), theme.OK))
        for i, (msg, col) in enumerate(notes):  # one or two short notes on the right
            y = SHEET.centery + (0 if len(notes) == 1 else (-15 if i == 0 else 15))
            right_edge = text.draw(surf, msg, (SHEET.right - 14, y), 20, col, True, "midright")
            rock = col == theme.ACCENT
            tips.note(right_edge.inflate(8, 4), "fuji99_tips.rock_next" if rock else "fuji99_tips.move_bonus",
                      n=s["rocks_waiting"] if rock else s["move_bonus"])
            right = min(right, right_edge.left)
        x = SHEET.left + 128 + limit * 50 + 16
        used = tr("fuji99_ui.used_label")
        tips.note((x - 6, SHEET.top, right - x + 6, SHEET.height), "fuji99_tips.used_yellow", n=s["used_yellows"])
        x = text.draw(surf, used, (x, SHEET.centery), 22, theme.INK, True, "midleft").right + 10
        k = s["used_yellows"]
        step = min(36, (right - 20 - x - 32) // max(1, k - 1)) if k > 1 else 36
        if step < 18:  # no room for a row of cubes: one cube and the count
            surf.blit(self.cube("yellow", 32), (x, SHEET.centery - 16))
            text.draw(surf, f"×{k}", (x + 38, SHEET.centery), 24, theme.INK, True, "midleft")
            return
        for i in range(k):
            surf.blit(self.cube("yellow", 32), (x + i * step, SHEET.centery - 16))

    def paint_hand(self, surf: pygame.Surface, ix: Interaction) -> None:
        v = self.view
        s = v["seats"][self.cur]
        lim = v["rules"]["crisis_limit"]
        widgets.panel(surf, HAND, (36, 46, 58), 14)
        title = self.ctx.tr("fuji99_ui.hand_title", total=s["hand_total"], limit=lim)
        tips.note((HAND.left, HAND.top, HAND.width, 40), "fuji99_tips.hand_value", seat=self.cur, n=s["hand_total"],
                  limit=lim)
        text.draw(surf, title, (HAND.left + 14, HAND.top + 20), 22,
                  theme.DANGER if s["hand_total"] >= lim - 2 else theme.INK_DIM, True, "midleft")
        if v["stage"] == "ability" and self.legal and v.get("usable"):
            text.draw(surf, self.ctx.tr("fuji99_ui.hand_hint"), (HAND.right - 14, HAND.top + 20), 20, theme.ACCENT,
                      True, "midright")
        if not s["hand"]:
            text.draw(surf, self.ctx.tr("fuji99_ui.hand_empty"), HAND.center, 26, theme.INK_DIM, False, "center")
        for c in s["hand"]:
            cid = c["id"]
            r = self.hand_rects[cid]
            notes.card(self, r, cid)
            notes.cubes_on((r.left, r.bottom - 26, r.width, 26), c["clear"])
            if v["give"].get(cid):
                tips.note((r.left, r.bottom, r.width, 24), "fuji99_tips.give_due", n=v["give"][cid])
            if self.piece(f"card:{cid}"):
                continue
            self.paint_card(surf, cid, self.hand_rects[cid])
            due = v["give"].get(cid)
            if due:
                r = self.hand_rects[cid]
                tag = self.ctx.tr("fuji99_ui.give_due", n=due)
                text.draw(surf, tag, (r.centerx, r.bottom + 1), 20, theme.ACCENT, True, "midtop")

    def paint_act(self, surf: pygame.Surface, ix: Interaction) -> None:
        v = self.view
        tr = self.ctx.tr
        phase = v["stage"]
        widgets.panel(surf, ACT, (30, 40, 48), 16)
        if not self.legal:
            if v.get("turn_seat") is not None:
                msg = tr(f"fuji99.phase_{phase}")
                text.draw(surf, msg, ACT.center, 30, theme.INK_DIM, True, "center")
            return
        if phase == "draw":
            z = self.zone("draw")
            n = self.controller.n(v)
            widgets.Button(z.rect, tr("fuji99.action_draw", n=n), primary=True, size=48).draw(surf, ix.mouse)
        elif phase == "ability":
            z = self.zone("use")
            pygame.draw.rect(surf, (50, 64, 56), z.rect, border_radius=16)
            self.dashed(surf, z.rect, theme.ACCENT)
            text.draw(surf, tr("fuji99_ui.use_zone"), (z.rect.centerx, z.rect.centery - 20), 30, theme.ACCENT, True,
                      "center")
            sub = tr("fuji99_ui.use_zone_sub")
            text.draw(surf, sub, (z.rect.centerx, z.rect.centery + 24), text.fit_size(sub, 20, z.rect.width - 20),
                      theme.INK, False, "center")
            tips.note(z.rect, "fuji99_tips.use_zone")
            d = self.zone("discover")
            tips.note(d.rect, "fuji99_tips.discover")
            widgets.Button(d.rect, tr("fuji99.action_discover"), primary=not v.get("usable"),  # the only step left
                           size=30).draw(surf, ix.mouse)
        elif phase == "decide":
            odds = v.get("odds") or {}
            table = odds.get("bust_by_n") or [0]
            n = min(v["rules"]["min_draw"], len(table) - 1)
            again = tr("fuji99_ui.again_sub", pct=pct(table[n]), n=n) if self.risk_on() else \
                tr("fuji99_ui.again_sub_plain")
            for zid, sub in (("again", again),
                             ("stop", tr("fuji99_ui.stop_sub", to=v["token"]))):
                z = self.zone(zid)
                widgets.Button(z.rect, " ", primary=(zid == "stop"), size=44).draw(surf, ix.mouse)
                tips.note(z.rect, f"fuji99_tips.act_{zid}", n=n, pct=pct(table[n]), to=v["token"])
                ink = theme.INK_DARK if zid == "stop" else theme.INK
                text.draw(surf, tr(f"fuji99.action_{zid}"), (z.rect.centerx, z.rect.centery - 22), 50, ink, True,
                          "center")
                text.draw(surf, sub, (z.rect.centerx, z.rect.centery + 36), text.fit_size(sub, 22, z.rect.width - 20),
                          ink, False, "center")
        elif phase == "give":
            left = sum(v["give"].values())
            msg = tr("fuji99_ui.give_hint", n=min(left, v["pagoda"]))
            text.draw_wrapped(surf, msg, pygame.Rect(ACT.left + 120, ACT.top + 30, ACT.width - 150, ACT.height - 40),
                              24, theme.ACCENT, True)

    def paint_tray_flight(self, surf: pygame.Surface) -> None:
        """A draw being revealed in the tray, over the kept table (which shows the empty
        tray meanwhile: no step of the reveal repaints the table): the cubes revealed so
        far in their slots, the newest coming out of the bag into its own."""
        a = self._tray_reveal  # set when the tray was painted with a draw being revealed
        if a is None:
            return
        shown = a["order"][: int(a["t"] / REVEAL_STEP) + 1]
        slots = self.tray_slots(len(a["order"]))
        for kind, r in list(zip(shown, slots, strict=False))[:-1]:
            surf.blit(self.cube(kind, r.width), r)
        k = len(shown) - 1
        if 0 <= k < len(slots):
            u = motion.ease_out((a["t"] - k * REVEAL_STEP) / REVEAL_STEP)
            r = motion.lerp_rect(pygame.Rect(BAG.centerx - 22, BAG.centery - 22, 44, 44), slots[k], u)
            surf.blit(self.cube(shown[k], r.width), r)

    @staticmethod
    def dashed(surf: pygame.Surface, rect: pygame.Rect, colour, dash: int = 18) -> None:
        r = rect.inflate(-8, -8)
        for x in range(r.left, r.right, dash * 2):
            pygame.draw.line(surf, colour, (x, r.top), (min(x + dash, r.right), r.top), 3)
            pygame.draw.line(surf, colour, (x, r.bottom), (min(x + dash, r.right), r.bottom), 3)
        for y in range(r.top, r.bottom, dash * 2):
            pygame.draw.line(surf, colour, (r.left, y), (r.left, min(y + dash, r.bottom)), 3)
            pygame.draw.line(surf, colour, (r.right, y), (r.right, min(y + dash, r.bottom)), 3)

    # --- card details on hover ---------------------------------------------------------------
    def paint_tooltip(self, surf: pygame.Surface, ix: Interaction) -> None:
        if ix.dragging:
            return
        spot = next(((r, cid) for r, cid in reversed(self.card_spots) if r.collidepoint(ix.mouse)), None)
        if spot is None:
            return
        rect, cid = spot
        info = self.ctx.rules.card_info(cid)
        lang = self.ctx.lang
        box = pygame.Rect(0, 0, 520, 250)
        box.midbottom = (rect.centerx, rect.top - 10)
        if box.top < 90:
            box.midtop = (rect.centerx, rect.bottom + 10)
        box.clamp_ip(pygame.Rect(0, 80, theme.W, theme.H - 80))
        widgets.panel(surf, box, (20, 24, 34), 14, theme.ACCENT, 2)
        self.painter.draw(surf, cid, pygame.Rect((box.left + 14, box.top + 14), TIP_CARD), True)
        notes.card(self, (box.left + 14, box.top + 14, *TIP_CARD), cid)
        x = box.left + 188
        text.draw(surf, text_of(info["name"], lang), (x, box.top + 18), 30, theme.ACCENT, True)
        if info["cost"] is None:
            stats = self.ctx.tr("fuji99_ui.tip_stats_immediate", value=info["value"])
        else:
            stats = self.ctx.tr("fuji99_ui.tip_stats", cost=info["cost"], value=info["value"], clear=info["clear"])
        used = text.draw_wrapped(surf, stats, pygame.Rect(x, box.top + 62, box.right - x - 14, 60), 20, theme.INK_DIM)
        body = " ".join(self.ctx.tr(t["key"], **t["params"]) for t in info["text"])
        text.draw_wrapped(surf, body, pygame.Rect(x, box.top + 70 + used, box.right - x - 14, 160), 22, theme.INK)
