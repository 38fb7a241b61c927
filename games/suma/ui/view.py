"""The Suma table for up to seven players at 1920×1080 (see layout.py for the regions).

Draws only from a seat's view dict.  The acting (or viewing) player's hand is face up in
the bottom band; everybody else's hand cards show their job side only.  While a hand card
is hovered or dragged the map lights the cells its condition uses (with the rotation), or
says how many items it still lacks.  Between rounds a summary stays up until clicked.
"""
from __future__ import annotations

import pygame

from games.suma import patterns
from games.suma.state import cell_name, step
from games.suma.ui import art, notes
from games.suma.ui import layout as L
from games.suma.ui.panels import Panels, fit
from games.ui import cards, logbox, motion, text, theme, tips, widgets
from games.ui.table import Interaction, TableView, part

SUMMARY_SECONDS = 12.0
FLASH_SECONDS = 1.6
CHOOSING = ("cross", "effect", "mark", "endfx")
HOVER_W, HOVER_SIZE, HOVER_STEP = 280, 22, 28  # the hover card's text box: width, text size, line step


class Table(Panels, TableView):
    card_size = (L.HAND_W, L.HAND_H)
    clock_stamps = ("summary_since", "flash")  # a round summary or bingo flash a fork opened opens when it lands
    # SUMA-UI-VIEW-1 (perf, issue 31): the round summary (bots wait while it is up: ``update``
    # says True, its only "animation") is painted into the kept layer over the table (``parts``),
    # once: it used to be drawn over a table painted anew each frame for its 12 s.  Its button's
    # glow lies under its opaque panel, so it is not drawn over it (the same pixels).
    animates_over = True

    def __init__(self, ctx, controller) -> None:
        super().__init__(ctx, controller)
        self.data = ctx.rules.data
        data, lang = self.data, ctx.lang  # the painter is shared with forks: not this view (TABLE-3)
        self.painter = cards.CardPainter(lambda cid, size: art.suma_face(data, cid, size, lang), "S")
        self.jobs = art.JobPainter(self.data, ctx.lang)
        self.summary_seen: int | None = None
        self.summary_open = False
        self.summary_since = 0.0
        self.bingo_glow: set = set()
        self._panels: dict = {}  # seat -> (content key, surface): at most one per seat
        self.flash: tuple[str, float] | None = None
        self.hover_drawn: tuple | None = None  # the last hover card: (card, text box, line rects)

    def announce_zone(self) -> pygame.Rect:
        """Under the map; while a round summary is up, inside it under its rows (it covers the map)."""
        return L.SUMMARY_NOTES if self.summary_open else L.ANNOUNCE

    def reason_zone(self) -> pygame.Rect:
        return self.announce_zone()

    def faces(self) -> list:
        """The 36 faces at hand size and at market size."""
        return [(self.painter, list(self.data.cards), [(L.HAND_W, L.HAND_H), L.CARD_S], ())]

    # --- who is shown ------------------------------------------------------------------------
    @property
    def band_seat(self) -> int:
        v = self.view
        if v["pending"] and v["pending"]["kind"] in ("mark", "endfx") and v["current"] is not None:
            return v["current"]
        if self.viewer is not None:
            return self.viewer
        return v["turn_seat"]

    # --- layout --------------------------------------------------------------------------------
    def build(self) -> None:
        v, d = self.view, self.data
        self._summary_state()
        self._bingo_moment()
        if self.summary_open:
            self.add_zone("summary:close", L.SUMMARY_BUTTON, 12)
            return
        acting = bool(self.legal)
        ph = step(v["pending"] and v["pending"]["kind"], v["over"])
        for i in range(d.size * d.size):
            self.add_zone(f"cell:{cell_name(i, d.size)}", L.map_rect(i, d.size).inflate(-4, -4), 8)
        for k, (kind, _squares) in enumerate(d.warehouse):
            if v["stock"][kind] > 0:
                self.add_piece(f"item:{kind}", L.item_rect(k), self._item_painter(kind),
                               draggable=acting and ph in ("turn", "effect", "start"))
        base = 0
        for k, (_, squares) in enumerate(d.warehouse):
            for j, r in enumerate(L.square_rects(k, len(squares))):
                self.add_zone(f"square:{base + j}", r, 8)
            base += len(squares)
        self._build_market(acting and ph == "turn")
        self._build_band(acting, ph)
        self.add_zone("summon", L.SUMMON)
        self._build_buttons(acting, ph)

    def _build_market(self, can_take: bool) -> None:
        v = self.view
        for row, col in enumerate(self.data.colour_ids()):
            if v["decks"][col]["count"]:
                top = v["decks"][col]["top"]
                self.add_piece(f"deck:{col}", L.deck_rect(row),
                               lambda s, r, c=col, t=top: self.jobs.draw(s, c, t, r), draggable=can_take)
            for slot, cid in enumerate(v["market"][col]):
                if cid:
                    self.add_piece(f"market:{cid}", L.market_rect(row, slot), self._face_painter(cid),
                                   draggable=can_take)

    def _build_band(self, acting: bool, ph: str) -> None:
        v = self.view
        seat = self.band_seat
        own = seat == self.viewer
        if own:
            self.add_zone("hand", L.HAND_ZONE)
        for k, (h, r) in enumerate(zip(v["hands"][seat], L.hand_rects(len(v["hands"][seat])), strict=True)):
            if own:
                self.add_piece(f"hand:{h['card']}", r, self._face_painter(h["card"]),
                               draggable=acting and ph in ("turn", "summon"))
            elif h["card"]:  # known to everybody (taken from the market, D-12)
                self.add_piece(f"known:{h['card']}", r, self._face_painter(h["card"]), draggable=False)
            else:
                self.add_piece(f"back:{seat}:{k}", r,
                               lambda s, rr, c=h["colour"], j=h["job"]: self.jobs.draw(s, c, j, rr), draggable=False)
        if own and v["supply"][seat] > 0:
            self.add_piece("pawn", L.PAWN, lambda s, r: widgets.seat_badge(s, seat, r.center, r.width),
                           draggable=acting and ph == "turn")
        if acting and ph == "return":
            for cid, r in zip(v["jobs"][seat], L.job_rects(len(v["jobs"][seat])), strict=True):
                if cid != v["pending"]["card"]:
                    self.add_zone(f"return:{cid}", r, 8)
        self.bingo_glow = set()
        cur = v["current"]
        if acting and ph in CHOOSING and cur is not None:
            self.bingo_glow = {a.args[0] for a in self.legal if a.kind == "mark"}
            areas = [(L.small_bingo(L.panel_rect(cur, v["players"])), L.SMALL_CELL)]
            if seat == cur:
                areas.append((L.BIG_BINGO, L.BIG_CELL))
            for area, cell in areas:
                for i in range(len(v["cards"][cur])):
                    self.add_zone(f"bingo:{cur}:{i}", L.bingo_cell(area, i, cell), 4)

    def _build_buttons(self, acting: bool, ph: str) -> None:
        if not acting:
            return
        kinds = [a for a in self.legal if a.kind in ("done", "start")]
        for k, a in enumerate(kinds):
            self.add_zone("done" if a.kind == "done" else f"start:{a.args[0]}", L.button_rect(k), 10)
        if ph in CHOOSING and any(a.kind == "mark" for a in self.legal):
            self.add_zone("auto", L.button_rect(len(kinds)).inflate(60, 0).move(30, 0), 10)

    def _summary_state(self) -> None:
        hist = self.view["history"]
        if self.summary_seen is None:
            self.summary_seen = len(hist)
        if self.controller.local.pop("close_summary", False):
            self.summary_seen = len(hist)
        was = self.summary_open
        self.summary_open = len(hist) > self.summary_seen and not self.view["over"]
        if self.summary_open and not was:
            self.summary_since = self.clock

    def _bingo_moment(self) -> None:
        """A new bingo line is a big moment everybody sees (1.6 s over the map)."""
        now = list(self.view["bingos"])
        before = getattr(self, "_bingos", None)
        self._bingos = now
        if before is None or len(before) != len(now) or self.view["round"] != getattr(self, "_round", None):
            self._round = self.view["round"]
            return
        gained = [(p, now[p] - before[p]) for p in range(len(now)) if now[p] > before[p]]
        if gained:
            p, n = gained[0]
            self.flash = (self.ctx.tr("suma_ui.bingo_moment", name=self.ctx.seat_name(p), n=now[p]), self.clock)

    def _item_painter(self, kind: str):
        return lambda surf, rect: art.draw_item(surf, kind, rect.center, rect.width - 8)

    def _face_painter(self, cid: str):
        return lambda surf, rect: self.painter.draw(surf, cid, rect, True)

    # --- frame -----------------------------------------------------------------------------------
    def on_events(self, events: list) -> None:
        """A round's end is a moment everybody sees, with the R-4.1 reason (SUMA-RULES-8)."""
        for key, p in events:
            if key == "suma.round_end":
                self.motion.moment(motion.Moment(self.ctx.tr("suma_ui.round_over", round=p["round"]),
                                                 (self.round_end_why(p.get("reason"), p.get("seat")),),
                                                 theme.ACCENT, None, 2.4, "round_end"))

    def round_end_why(self, reason: str | None, seat: int | None) -> str:
        """Why the round ended and after whose turn, in the table's language."""
        if reason is None:
            return ""
        why = self.ctx.tr(f"suma.end_{reason}")
        return self.ctx.tr("suma_ui.round_over_why", reason=why, name=self.ctx.seat_name(seat))

    def update(self, dt: float) -> bool:
        self.clock += dt
        if self.summary_open and self.clock - self.summary_since > SUMMARY_SECONDS:
            self.controller.local["close_summary"] = True
            self.rebuild(self.view, self.viewer, self.legal)
        return self.summary_open

    def status_line(self) -> str:
        v = self.view
        if v["over"]:
            return self.ctx.tr("suma_ui.status_over")
        ph = step(v["pending"] and v["pending"]["kind"], v["over"])
        return self.ctx.tr("suma_ui.status", round=v["round"], name=self.ctx.seat_name(v["current"]),
                           what=self.ctx.tr(f"suma_ui.phase_{ph}"))

    def piece_at(self, pos):
        """With a piece selected, a click on a zone it can go to targets that zone."""
        sel = self.selected
        if sel:
            for z in self.zones:
                if z.rect.collidepoint(pos) and self.controller.action_for(self.view, sel, z.id) is not None:
                    return None
        return super().piece_at(pos)

    def paint_key(self, ix: Interaction) -> tuple:
        return (self._hover_id(ix.mouse),)  # the cells the hovered card would fill (preview)

    def draw_over(self, surf: pygame.Surface, ix: Interaction) -> None:
        if not self.summary_open:  # (the summary is in the layer: ``parts``)
            super().draw_over(surf, ix)
            self.paint_flash(surf)
            self.paint_hover(surf, ix)

    def parts(self, ix: Interaction) -> list:
        n = self.view["players"]
        self._hidden = ix.hidden
        lit, note = self.preview(ix)
        return [part(self.paint_warehouse, self.paint_track), self.paint_market,
                part(lambda surf: self.paint_map(surf, lit), self.paint_log),
                *(lambda surf, seat=seat: self.blit_panel(surf, seat, L.panel_rect(seat, n)) for seat in range(n)),
                lambda surf: self.paint_band(surf, self.band_seat),
                part(self.paint_summon_zone, lambda surf: self.paint_prompt(surf, note or self.prompt(), bool(note)),
                     self.paint_buttons),
                lambda surf: self.paint_pieces(surf, ix),
                *([lambda surf: self.paint_summary(surf, self.view["history"][-1])] if self.summary_open else [])]

    def blit_panel(self, surf: pygame.Surface, seat: int, area: pygame.Rect) -> None:
        """Player panels are painted once per change (one cached surface per seat), on the
        felt the scene fills the canvas with first: the same pixels, copied rather than
        blended each frame."""
        v = self.view
        glow = frozenset(self.bingo_glow) if seat == v["current"] else frozenset()
        key = (area.size, v["current"] == seat, glow, v["totals"][seat], v["bingos"][seat], v["supply"][seat],
               tuple(v["cards"][seat]), v["marked"][seat], tuple(v["jobs"][seat]),
               tuple(h["job"] for h in v["hands"][seat]), self.ctx.seat_name(seat), area.topleft)
        hit = self._panels.get(seat)
        if hit is None or hit[0] != key:
            img = pygame.Surface(area.size).convert()  # opaque, on the felt it lies on: copied, not blended
            img.fill(theme.FELT)
            noted: list = []  # its tips, kept with it and noted again at each blit (SUMA-UI-NOTES-1)
            with tips.noting(noted):
                self.paint_panel(img, seat, pygame.Rect((0, 0), area.size))
            hit = self._panels[seat] = (key, img, tips.moved(noted, area.topleft))
        surf.blit(hit[1], area)
        tips.note_all(hit[2])

    # --- summon preview ------------------------------------------------------------------------------
    def preview(self, ix: Interaction) -> tuple[dict, str | None]:
        """Cells lit by the hovered/dragged card's condition, and a note (rotation or lack)."""
        pid = ix.dragging or ix.selected or self._hover_id(ix.mouse)
        if not pid or not pid.startswith(("hand:", "market:")):
            return {}, None
        cid = pid.split(":", 1)[1]
        seat = self.band_seat if pid.startswith("hand:") else (self.viewer if self.viewer is not None else
                                                               self.view["turn_seat"])
        red = patterns.reductions(self.data, self.view["jobs"][seat])
        card = self.data.card(cid)
        found = patterns.find(card, self.view["board"], self.data.size, red)
        if found is None:
            lack = patterns.missing(card, self.view["board"], self.data.size, red)
            return {}, self.ctx.tr("suma_ui.fit_no", n=lack)
        q, cells = found
        return {i: k for i, k in cells}, self.ctx.tr("suma_ui.fit_yes", deg=q * 90)

    def _hover_id(self, pos) -> str | None:
        p = self.piece_at(pos)
        return p.id if p else None

    def paint_log(self, surf: pygame.Surface) -> None:
        """Every event line of the game (the play scene fills ``ctx.log`` from the rules'
        ``event_text``, as for the other games), right of the map, as wide as the player
        panels leave it (SUMA-UI-LAYOUT-1)."""
        box = L.log_rect(self.view["players"])
        logbox.draw_log(surf, self.ctx, box, self.ctx.tr("suma_ui.log"))
        tips.note(box, "suma_tips.log")

    def paint_summon_zone(self, surf: pygame.Surface) -> None:
        r = L.SUMMON
        tips.note(r, "suma_tips.summon_zone")
        pygame.draw.rect(surf, (38, 58, 74), r, border_radius=14)
        pygame.draw.rect(surf, theme.INK_DIM, r, 3, border_radius=14)
        label = self.ctx.tr("suma_ui.summon_zone")
        y = r.top + 14
        for line in text.wrap(label, 24, r.width - 20, True)[:3]:
            text.draw(surf, line, (r.centerx, y), 24, theme.INK, True, "midtop")
            y += 30

    def paint_buttons(self, surf: pygame.Surface) -> None:
        for z in self.zones:
            if z.id in ("done", "auto") or z.id.startswith("start:"):
                widgets.panel(surf, z.rect, theme.ACCENT if z.id != "auto" else theme.PANEL_LIGHT, 10)
                tips.note(z.rect, f"suma_tips.button_{z.id.split(':')[0]}", kind=z.id[6:])
                if z.id in ("done", "auto"):
                    label = self.ctx.tr(f"suma_ui.button_{z.id}")
                    text.draw(surf, label, z.rect.center, fit(label, 26, z.rect.width - 10),
                              theme.INK_DARK if z.id == "done" else theme.INK, True, "center")
                else:
                    art.draw_item(surf, z.id[6:], z.rect.center, 40)

    def paint_flash(self, surf: pygame.Surface) -> None:
        if not self.flash or self.clock - self.flash[1] > FLASH_SECONDS:
            return
        msg = self.flash[0]
        size = fit(msg, 64, 7 * L.CELL - 40)
        img = text.render(msg, size, theme.INK_DARK, True)
        box = img.get_rect(center=(L.MAP_X + 7 * L.CELL // 2, L.MAP_Y + 7 * L.CELL // 2)).inflate(60, 40)
        widgets.panel(surf, box, theme.ACCENT, 18, theme.INK_DARK, 4)
        surf.blit(img, img.get_rect(center=box.center))

    def paint_hover(self, surf: pygame.Surface, ix: Interaction) -> None:
        """A large card (suma side and job text) under the pointer for public or own cards.

        The text box under the card grows with its wrapped lines (every line shown), and
        card and box are kept on the canvas together; ``hover_drawn`` keeps the card, the box and
        each line with its rect, of the last one painted (tests)."""
        self.hover_drawn = None
        if ix.dragging:
            return
        pid = self._hover_id(ix.mouse)
        if not pid or not pid.startswith(("hand:", "market:", "known:")):
            return
        cid = pid.split(":", 1)[1]
        c = self.data.card(cid)
        head = f"{art.colour_name(self.data, c.colour, self.ctx.lang)} {c.number}・" \
               f"{art.timing_name(self.data, c.colour, self.ctx.lang)}"
        body = text.wrap(art.effect_text(self.data, cid, self.ctx.lang), HOVER_SIZE, HOVER_W - 20, False)
        card = pygame.Rect(0, 0, 200, 280)
        box = pygame.Rect(0, 0, HOVER_W, 44 + HOVER_STEP * len(body) + 8)
        both = pygame.Rect(0, 0, HOVER_W, card.height + 6 + box.height)
        both.bottomleft = (ix.mouse[0] - 16, ix.mouse[1] - 10 + 6 + box.height)
        both.clamp_ip(pygame.Rect(0, 76, theme.W, theme.H - 76))
        card.midtop = both.midtop
        box.midbottom = both.midbottom
        self.painter.draw(surf, cid, card, True)
        notes.card(card, self.data, cid)
        widgets.panel(surf, box, (24, 28, 36), 10, theme.INK_DIM, 2)
        drawn = [(head, text.draw(surf, head, (box.left + 10, box.top + 8), HOVER_SIZE, theme.ACCENT, True))]
        for k, line in enumerate(body):
            drawn.append((line, text.draw(surf, line, (box.left + 10, box.top + 40 + HOVER_STEP * k), HOVER_SIZE,
                                          theme.INK, False)))
        self.hover_drawn = (card, box, drawn)

    # --- prompt -----------------------------------------------------------------------------------------
    def prompt(self) -> str:
        v = self.view
        ph, pend = step(v["pending"] and v["pending"]["kind"], v["over"]), v["pending"]
        name = self.ctx.seat_name(v["current"])
        if not self.legal:
            return self.ctx.tr("suma_ui.prompt_wait", name=name)
        if ph == "cross":
            c = self.data.card(pend["card"])
            done = c.count - pend["count"]
            return self.ctx.tr("suma_ui.prompt_cross", number=c.number, done=done, count=c.count)
        if ph == "effect":
            return self.ctx.tr("suma_ui.prompt_effect", parts=art.compact_parts(self.data, pend["more"]))
        if ph == "mark":
            return self.ctx.tr("suma_ui.prompt_mark", name=name, number=pend["count"])
        if ph == "endfx":
            return self.ctx.tr("suma_ui.prompt_endfx", name=name, n=pend["count"])
        return self.ctx.tr(f"suma_ui.prompt_{ph}", name=name)

