"""The Fuji 99 table: the mountain board in the middle, the current player on the right.

Left: the other players at a glance (pawn, bag, cards) and the log. Middle: Mt Fuji and the track of floors 0–99
winding down inside it (static layer, cached), with pawns, the black movement token, the yellow cubes on 20/50 and
the pagoda. Right: deck and discard, then whoever's turn it is — bag, draw tray, risk helper, sheet, Fuji cards and
the buttons of the step. Nothing is secret, so no curtain; the right side always shows the current player, so a
bot's draw can be watched cube by cube.

Animations (``update`` returns True while they run, bots wait): the draw revealed cube by cube, the token
sliding along the path, a shake and red flash for busts.
"""
from __future__ import annotations

import math

import pygame

from games.fuji99.ui import art, board, notes
from games.fuji99.ui.layout import (
    ACT,
    BAG,
    CARD,
    DECK,
    DISCARD,
    HAND,
    LEFT,
    MINI,
    OVERLAY,
    REVEAL_STEP,
    TIP_CARD,
    TRAY_CUBE,
    TRAY_RISK,
    TRAY_WIDE,
)
from games.fuji99.ui.moments import Moments
from games.fuji99.ui.panels import Panels
from games.ui import cards, text, theme, widgets
from games.ui.table import Interaction, TableView, part


def ease(u: float) -> float:
    u = max(0.0, min(1.0, u))
    return u * u * (3 - 2 * u)


def grid(area: pygame.Rect, n: int, size: int, gap: int = 8) -> list[pygame.Rect]:
    """``n`` squares in centred rows inside ``area``, as big as fits (at most ``size``)."""
    while size > 14:
        per_row = max(1, (area.width + gap) // (size + gap))
        rows = -(-n // per_row)
        if rows * (size + gap) - gap <= area.height:
            break
        size -= 4
        gap = max(4, size // 5)
    per_row = max(1, (area.width + gap) // (size + gap))
    out = []
    for k in range(n):
        row, col = divmod(k, per_row)
        in_row = min(per_row, n - row * per_row)
        x0 = area.centerx - (in_row * (size + gap) - gap) // 2
        out.append(pygame.Rect(x0 + col * (size + gap), area.top + row * (size + gap), size, size))
    return out


class Table(Moments, Panels, TableView):
    card_size = CARD
    banner_y = 88
    banner_rect = pygame.Rect(680, 90, 462, 132)  # the sky over the mountain, clear of counts

    def __init__(self, ctx, controller) -> None:
        super().__init__(ctx, controller)
        info, lang = ctx.rules.card_info, ctx.lang  # the painter is shared with forks: not this view (TABLE-3)
        self.painter = cards.CardPainter(lambda cid, size: art.card_face(info(cid), size, lang), back=art.back,
                                         art_key=cards.info_key(info))
        self._board: pygame.Surface | None = None
        self._img: dict = {}
        self.anims: list[dict] = []
        self.card_spots: list[tuple[pygame.Rect, str]] = []
        self.other_rects: dict[int, pygame.Rect] = {}
        self.hand_rects: dict[str, pygame.Rect] = {}
        self.cur: int | None = None
        self._tray_reveal: dict | None = None  # the draw the tray showed being revealed (painted last)
        self._counted: list = []  # (seat, where) of the floors the panels count up (painted last)
        self._head_line: int | None = None  # the seat whose pawn/token line the head shows

    # --- cached art ------------------------------------------------------------------------
    def faces(self) -> list:
        """The board's kept layer; faces in a hand, in another seat's panel and on the
        discard pile; the backs.
        - FUJI99-UI-VIEW-2 (perf): the faces at the size of a card's tooltip too (11 arts, 1.5 MiB):
          the first hover over a card painted its face in that frame (2-4 ms)."""
        ids = self.ctx.rules.data.card_ids
        return [self.board_layer, (self.painter, ids, [CARD, MINI, DISCARD.size, TIP_CARD], [DECK.size, MINI, CARD])]

    def cube(self, kind: str, size: int) -> pygame.Surface:
        key = ("cube", kind, size)
        if key not in self._img:
            letter = "?" if kind == "blind" else self.ctx.tr(f"fuji99_ui.cube_letter_{kind}")
            self._img[key] = art.cube(kind, size, letter)
        return self._img[key]

    def pawn(self, seat: int, size: int, current: bool = False) -> pygame.Surface:
        key = ("pawn", self.cidx(seat), size, current)
        if key not in self._img:
            self._img[key] = art.pawn(self.cidx(seat), size, current)
        return self._img[key]

    def image(self, key: str, make) -> pygame.Surface:
        if key not in self._img:
            self._img[key] = make()
        return self._img[key]

    def board_layer(self) -> pygame.Surface:
        """The board laid on the felt once, kept opaque in the screen's format: the frame
        copies it instead of blending 850,000 pixels (the play scene fills the canvas with
        the felt just before, so the pixels are the same; it replaces the translucent
        layer, so it costs no more memory: 852x995 x 4 B = 3.2 MiB)."""
        if self._board is None:
            art_layer = board.render(self.ctx.lang, self.ctx.tr).convert_alpha()
            layer = pygame.Surface(art_layer.get_size()).convert()
            layer.fill(theme.FELT)
            layer.blit(art_layer, (0, 0))
            self._board = layer
        return self._board

    # --- small helpers ---------------------------------------------------------------------
    def cidx(self, seat: int) -> int:
        seats = self.view.get("seats") or []
        colour = seats[seat]["colour"] if 0 <= seat < len(seats) else ""
        return art.colour_index(colour, seat)

    def rgb(self, seat: int) -> tuple:
        return art.seat_rgb(self.cidx(seat))

    def badge(self, surf: pygame.Surface, seat: int, pos: tuple[int, int], size: int) -> None:
        widgets.seat_badge(surf, self.cidx(seat), pos, size)

    def risk_on(self) -> bool:
        opt = self.ctx.options.get("risk_helper")
        if opt is None:
            opt = (self.view.get("options") or {}).get("risk_helper", True)
        return bool(opt)

    @property
    def tray_rect(self) -> pygame.Rect:
        return TRAY_RISK if self.risk_on() else TRAY_WIDE

    def floor(self, n: int) -> str:
        return self.ctx.tr("fuji99_ui.floor_short", n=n)

    # --- layout ----------------------------------------------------------------------------
    def build(self) -> None:
        v = self.view
        self.cur = v["turn_seat"] if v.get("turn_seat") is not None else (v["winners"] or [None])[0]
        n = v["players"]
        start = self.cur if self.cur is not None else 0
        others = [(start + k) % n for k in range(1, n)]
        h = 214
        self.other_rects = {seat: pygame.Rect(LEFT.left, LEFT.top + i * (h + 10), LEFT.width, h)
                            for i, seat in enumerate(others)}
        self.card_spots = []
        for seat, r in self.other_rects.items():
            for i, c in enumerate(v["seats"][seat]["hand"]):
                self.card_spots.append((self.mini_rect(r, i), c["id"]))
        if v["discard"]:
            self.card_spots.append((DISCARD, v["discard"][-1]))
        self.hand_rects = {}
        if self.cur is None:
            return
        me = v["seats"][self.cur]
        hand = me["hand"]
        gap = 12
        x0 = HAND.left + (HAND.width - (len(hand) * (CARD[0] + gap) - gap)) // 2
        for i, c in enumerate(hand):
            self.hand_rects[c["id"]] = pygame.Rect(x0 + i * (CARD[0] + gap), HAND.top + 44, *CARD)
            self.card_spots.append((self.hand_rects[c["id"]], c["id"]))
        if self.legal:
            self.build_controls(v, me)

    def build_controls(self, v: dict, me: dict) -> None:
        phase = v["stage"]
        tray = self.tray_rect
        if phase == "draw":
            self.add_zone("bag", BAG)
            self.add_zone("tray", tray)
            self.add_zone("minus", pygame.Rect(tray.left + 12, tray.bottom - 64, 70, 52))
            self.add_zone("plus", pygame.Rect(tray.right - 82, tray.bottom - 64, 70, 52))
            self.add_zone("draw", ACT.inflate(-120, -40), radius=16)
            bag_cube = pygame.Rect(BAG.left + 50, BAG.top + 40, 44, 44)
            self.add_piece("bagcube", bag_cube, self._cube_painter("blind"))
            for k, r in enumerate(self.tray_slots(self.controller.n(v))):
                self.add_piece(f"traycube:{k}", r, self._cube_painter("blind"))
        elif phase == "ability":
            self.add_zone("hand", HAND)
            self.add_zone("use", pygame.Rect(ACT.left + 10, ACT.top + 10, 400, ACT.height - 20), radius=16)
            self.add_zone("discover", pygame.Rect(ACT.left + 430, ACT.top + 30, 308, ACT.height - 60), radius=16)
            for cid, r in self.hand_rects.items():
                self.add_zone(f"pay:{cid}", r)
            self.add_piece("deck", DECK, lambda s, r: self.painter.draw(s, None, r, False))
            for k, (kind, r) in enumerate(self.tray_cubes(v)):
                if kind == "yellow":
                    self.add_piece(f"yellow:{k}", r, self._cube_painter("yellow"))
            for cid, r in self.hand_rects.items():
                self.add_piece(f"card:{cid}", r, self._card_painter(cid, cid not in v["usable"]))
        elif phase == "decide":
            half = (ACT.width - 44) // 2
            self.add_zone("again", pygame.Rect(ACT.left + 12, ACT.top + 12, half, ACT.height - 24), radius=18)
            self.add_zone("stop", pygame.Rect(ACT.right - 12 - half, ACT.top + 12, half, ACT.height - 24), radius=18)
        elif phase == "give":
            for cid in v["give"]:
                if cid in self.hand_rects:
                    self.add_zone(f"give:{cid}", self.hand_rects[cid])
            self.add_piece("pagodacube", pygame.Rect(ACT.left + 40, ACT.top + 60, 56, 56), self._cube_painter("clear"))

    def _cube_painter(self, kind: str):
        return lambda surf, rect: surf.blit(self.cube(kind, rect.width), rect)

    def _card_painter(self, cid: str, dim: bool):
        return lambda surf, rect: self.paint_card(surf, cid, rect, dim)

    def mini_rect(self, panel: pygame.Rect, i: int) -> pygame.Rect:
        return pygame.Rect(panel.left + 12 + i * (MINI[0] + 3), panel.top + 98, *MINI)

    def tray_slots(self, n: int) -> list[pygame.Rect]:
        """Where ``n`` cubes lie in the draw tray (smaller cubes when the bag is big)."""
        tray = self.tray_rect
        area = pygame.Rect(tray.left + 12, tray.top + 44, tray.width - 24, tray.height - 44 - 72)
        return grid(area, n, TRAY_CUBE)

    def tray_cubes(self, v: dict) -> list[tuple[str, pygame.Rect]]:
        """The cubes of this draw still in front of the player (clear, then yellow)."""
        t = v["tray"]
        kinds = ["clear"] * t["clear"] + ["yellow"] * t["yellow"] + ["red"] * t["red"]
        return list(zip(kinds, self.tray_slots(len(kinds)), strict=True))

    # --- animations ------------------------------------------------------------------------
    def on_events(self, events: list) -> None:
        v = self.view
        last_order: list = []
        for key, params in events:
            if key == "fuji99.drew":
                order = list(params.get("order") or [])
                tray = v.get("turn_seat") == params["seat"] and v.get("stage") in ("ability", "decide", "give")
                last_order = [] if tray else order
                self.anims.append({"kind": "reveal", "t": 0.0, "dur": REVEAL_STEP * len(order) + 0.35,
                                   "order": order, "seat": params["seat"], "mode": "tray" if tray else "overlay"})
            elif key in ("fuji99.moved", "fuji99.effect_advance"):
                a, b = params["from"], params["to"]
                self.anims.append({"kind": "slide", "t": 0.0, "dur": min(0.9, 0.2 + 0.03 * abs(b - a)),
                                   "from": a, "to": b})
            elif key in ("fuji99.red_bust", "fuji99.crisis_bust"):
                seat = params["seat"]
                pos = v["seats"][seat]["position"]
                told = self.motion.moments_on and not self.motion.reduced  # a moment said it already
                self.anims.append({"kind": "bust", "t": 0.0, "dur": 0.9 if told else 1.5, "seat": seat,
                                   "what": "red" if key == "fuji99.red_bust" else "crisis",
                                   "from": pos + params.get("lost", 0), "to": pos, "order": last_order,
                                   "total": params.get("total", params.get("reds", 0))})
            elif key == "fuji99.stopped":
                self.anims.append({"kind": "pawn", "t": 0.0, "dur": 0.35, "seat": params["seat"],
                                   "from": params["from"], "to": params["to"]})
            elif key == "fuji99.reached_goal":
                self.anims.append({"kind": "goal", "t": 0.0, "dur": 1.4, "seat": params["seat"]})
        del self.anims[:-12]
        self.fuji_moments(events)

    def skip_animations(self) -> None:
        super().skip_animations()
        self.anims.clear()

    def update(self, dt: float) -> bool:
        self.clock += dt
        while self.anims:
            a = self.anims[0]
            a["t"] += dt
            if a["t"] < a["dur"]:
                break
            dt = a["t"] - a["dur"]
            self.anims.pop(0)
            if dt <= 0:
                break
        return bool(self.anims)

    def progress(self, a: dict) -> float:
        return max(0.0, min(1.0, a["t"] / a["dur"]))

    def token_at(self) -> float:
        if self.anims:
            a = self.anims[0]
            p = self.progress(a)
            if a["kind"] == "slide":
                return a["from"] + (a["to"] - a["from"]) * ease(p)
            if a["kind"] == "bust":
                return a["from"] if p < 0.4 else a["from"] + (a["to"] - a["from"]) * ease((p - 0.4) / 0.5)
            for b in self.anims[1:]:
                if b["kind"] in ("slide", "bust"):
                    return b["from"]
        return self.view.get("token", 0)

    def pawn_at(self, seat: int) -> float:
        for i, a in enumerate(self.anims):
            if a["kind"] == "pawn" and a["seat"] == seat:
                return a["from"] + (a["to"] - a["from"]) * (ease(self.progress(a)) if i == 0 else 0)
        return self.view["seats"][seat]["position"]

    def active(self, kind: str) -> dict | None:
        return self.anims[0] if self.anims and self.anims[0]["kind"] == kind else None

    def shake(self) -> tuple[int, int]:
        a = self.active("bust")
        if a and self.progress(a) < 0.4:
            k = 1 - self.progress(a) / 0.4
            return int(math.sin(a["t"] * 70) * 9 * k), int(math.cos(a["t"] * 55) * 4 * k)
        return 0, 0

    # --- drawing ---------------------------------------------------------------------------
    def parts(self, ix: Interaction) -> list:
        self._tray_reveal = None
        self._counted, self._head_line = [], None
        *right, last = self.right_parts(ix)
        return [self.paint_board, *self.left_parts(), *right, part(last, lambda surf: self.paint_placed(surf, ix))]

    def paint_placed(self, surf: pygame.Surface, ix: Interaction) -> None:
        """The pieces in place."""
        a = self.active("reveal")
        if a and a["mode"] == "tray":  # the draw is still being revealed cube by cube in the tray:
            for p in self.pieces:      # this draw's yellow cubes appear in their own slots, not early
                if p.id != ix.hidden and not p.id.startswith("yellow:"):
                    p.paint(surf, p.rect)
        else:
            self.paint_pieces(surf, ix)

    fork_ended = {"anims": []}  # its reveals, walks and slides end before the next move lands
    animates_over = True  # reveals and walks: what they change is in ``paint_key`` or drawn over

    def paint_board(self, surf: pygame.Surface) -> None:
        v = self.view
        surf.blit(self.board_layer(), board.RECT)
        for sp in v["spaces"]:  # yellow cubes waiting on 20 and 50
            x, y = board.center(sp["space"])
            k = sp["yellow"]
            for i in range(k):
                surf.blit(self.cube("yellow", 20), (x - (k * 22) // 2 + i * 22, y + board.RADIUS + 6))
        pg = board.PAGODA
        tag = pygame.Rect(0, 0, 96, 34)
        tag.midleft = (pg.right + 2, pg.centery + 8)
        pygame.draw.rect(surf, (24, 28, 40), tag, border_radius=8)
        surf.blit(self.cube("clear", 24), (tag.left + 6, tag.top + 5))
        text.draw(surf, str(v["pagoda"]), (tag.left + 38, tag.centery), 24, theme.INK, True, "midleft")
        notes.board_notes(self)

    def shaken(self) -> bool:
        """The board shakes (the first 40% of a bust): ``draw_under`` moves it on the kept
        table; afterwards the token slides back over it."""
        a = self.active("bust")
        return a is not None and self.progress(a) < 0.4

    def draw_under(self, surf: pygame.Surface, ix: Interaction) -> None:
        # FUJI99-UI-VIEW-1 (perf): a shaking board moves on the kept table (under what flies, its
        # pawns and token on it), not painted with the whole table each frame (1.9-3.5 ms, for a
        # third of a second at every bust): its area and a margin as wide as the shake (9 and 4
        # px, felt: the panels lie 10 px off) are scrolled in place; the same pixels.
        if self.shaken():
            clip, (dx, dy) = surf.get_clip(), self.shake()
            surf.set_clip(board.RECT.inflate(18, 8).clip(clip))
            surf.scroll(dx, dy)
            surf.set_clip(clip)
            self.paint_movers(surf, dx, dy)

    def paint_movers(self, surf: pygame.Surface, dx: int = 0, dy: int = 0) -> None:
        """The current pawn's pulsing ring, the pawns (grouped per floor), then the token."""
        groups: dict[int, list[int]] = {}
        for seat in range(self.view["players"]):
            groups.setdefault(int(round(self.pawn_at(seat))), []).append(seat)
        self.paint_ring(surf, dx, dy)
        for _floor, seats in groups.items():
            self.paint_pawns(surf, seats, dx, dy)
        self.paint_token(surf, dx, dy)

    def paint_ring(self, surf: pygame.Surface, dx: int = 0, dy: int = 0) -> bool:
        """The current pawn's pulsing ring; True when there is one."""
        if self.cur is None or self.view.get("winners"):
            return False
        x, y = board.point(self.pawn_at(self.cur))
        rad = board.RADIUS + 6 + int(3 * math.sin(self.clock * 5))
        pygame.draw.circle(surf, self.rgb(self.cur), (x + dx, y + dy), rad, 5)
        return True

    def paint_pawns(self, surf: pygame.Surface, seats: list[int], dx: int = 0, dy: int = 0) -> None:
        """The pawns of ``seats``, all on one floor."""
        offs = board.occupant_offsets(len(seats))
        for seat, (ox, oy) in zip(seats, offs, strict=True):
            x, y = board.point(self.pawn_at(seat))
            img = self.pawn(seat, 30, seat == self.cur)
            surf.blit(img, img.get_rect(center=(x + ox + dx, y + oy + dy - 6)))

    def paint_token(self, surf: pygame.Surface, dx: int = 0, dy: int = 0) -> None:
        if not self.view.get("winners"):
            x, y = board.point(self.token_at())
            tok = self.image("token", lambda: art.token(30))
            surf.blit(tok, tok.get_rect(center=(x + dx, y - board.RADIUS - 4 + dy)))

    def draw_over(self, surf: pygame.Surface, ix: Interaction) -> None:
        """Over the (kept) table every frame (TABLE-2 of games/ui/table.py): the pulsing ring,
        the pawns and the token as they walk and slide, a draw revealed over the board, the
        legal targets, the card under the pointer."""
        if not self.shaken():  # (else drawn with the board: ``draw_under``)
            self.paint_movers(surf)
        self.paint_bust_flash(surf)
        self.paint_tray_flight(surf)
        self.paint_moving_text(surf)
        self.paint_overlay(surf)
        super().draw_over(surf, ix)
        self.paint_tooltip(surf, ix)

    def paint_key(self, ix: Interaction) -> tuple:
        """A draw revealed in the tray is left out of the table (drawn over it, as are a
        reveal over the board and a shake: ``draw_under``)."""
        a = self.active("reveal")
        return (a is not None and a["mode"] == "tray",)

    def paint_bust_flash(self, surf: pygame.Surface) -> None:
        """A bust reddens the board, fading out with the bust: the red veil blended in
        place (two fills, no 3.2 MiB veil blitted with alpha; the same colours within one
        level).  It was lost in issue 13's first frames pass (left after a ``return``)."""
        a = self.active("bust")
        k = int(120 * (1 - self.progress(a))) if a else 0
        if k > 0:
            area = board.RECT.clip(surf.get_rect())
            surf.fill((255 - k,) * 3, area, special_flags=pygame.BLEND_RGB_MULT)
            surf.fill((220 * k // 255, 30 * k // 255, 30 * k // 255), area, special_flags=pygame.BLEND_RGB_ADD)

    def overlay_rect(self, a: dict) -> pygame.Rect:
        """The announcement box over the board, away from the pawn and token it is about."""
        floors = [self.token_at()] + [b[k] for b in self.anims if b["kind"] == "bust" for k in ("from", "to")]
        if a.get("seat") is not None:
            floors.append(self.pawn_at(a["seat"]))
        ys = [board.point(f)[1] for f in floors]
        box = OVERLAY.copy()
        if any(box.top - 40 <= y <= box.bottom + 40 for y in ys):
            low = OVERLAY.move(0, 300)
            box = low if not any(low.top - 40 <= y <= low.bottom + 40 for y in ys) else OVERLAY.move(0, -140)
        return box

    def paint_overlay(self, surf: pygame.Surface) -> None:
        """A draw revealed on the board (when the turn already ended) and bust banners."""
        a = self.anims[0] if self.anims else None
        if a is None or a["kind"] not in ("reveal", "bust", "goal"):
            return
        if a["kind"] == "reveal" and a["mode"] != "overlay":
            return
        box = self.overlay_rect(a)
        pygame.draw.rect(surf, (16, 18, 26), box, border_radius=18)
        pygame.draw.rect(surf, self.rgb(a["seat"]), box, 4, border_radius=18)
        self.badge(surf, a["seat"], (box.left + 40, box.top + 38), 44)
        name = self.ctx.seat_name(a["seat"])
        if a["kind"] == "goal":
            msg = self.ctx.tr("fuji99_ui.goal_big", name=name)
            text.draw(surf, msg, box.center, text.fit_size(msg, 56, box.width - 60, True), theme.ACCENT, True, "center")
            return
        head = self.ctx.tr("fuji99_ui.drew_of", name=name)
        text.draw(surf, head, (box.left + 72, box.top + 38), 30, theme.INK, True, "midleft")
        order = a["order"]
        shown = order[: int(a["t"] / REVEAL_STEP) + 1] if a["kind"] == "reveal" else order
        area = pygame.Rect(box.left + 24, box.top + 72, box.width - 48, 104)
        for kind, r in zip(shown, grid(area, len(order), 44), strict=False):
            surf.blit(self.cube(kind, r.width), r)
        if a["kind"] == "bust":
            key = "fuji99_ui.bust_red" if a["what"] == "red" else "fuji99_ui.bust_crisis"
            msg = self.ctx.tr(key, n=a["total"])
            text.draw(surf, msg, (box.centerx, box.bottom - 62), 54, (255, 96, 86), True, "center")
            lost = a["from"] - a["to"]
            if lost > 0:
                text.draw(surf, self.ctx.tr("fuji99_ui.bust_back", n=lost), (box.centerx, box.bottom - 20), 24,
                          theme.INK, True, "center")

    def paint_card(self, surf: pygame.Surface, cid: str, rect: pygame.Rect, dim: bool = False) -> None:
        """A hand card with the clear cubes lying on it."""
        self.painter.draw(surf, cid, rect, True, dim=dim)
        if self.cur is None:
            return
        clear = next((c["clear"] for c in self.view["seats"][self.cur]["hand"] if c["id"] == cid), 0)
        x0 = rect.centerx - (clear * 24 + 2) // 2
        for i in range(clear):  # the clear cubes lying on the card
            surf.blit(self.cube("clear", 26), (x0 + i * 24, rect.bottom - 24))

    def status_line(self) -> str:
        v = self.view
        seat = v.get("turn_seat")
        if seat is None:
            w = (v.get("winners") or [None])[0]
            if w is None:
                return self.ctx.tr("app.game_over")
            return self.ctx.tr("fuji99_ui.status_over", sym=art.seat_symbol(self.cidx(w)), name=self.ctx.seat_name(w))
        phase = v.get("stage", "draw")
        if phase == "ability" and not v.get("usable"):  # after the last usable card (rules FUJI99-RULES-4)
            phase = "ability_draw"
        return self.ctx.tr(f"fuji99_ui.status_{phase}", sym=art.seat_symbol(self.cidx(seat)),
                           name=self.ctx.seat_name(seat), lo=(v.get("draw_range") or [0, 0])[0],
                           hi=(v.get("draw_range") or [0, 0])[1])
