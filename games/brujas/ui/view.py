"""The Brujas table: witch column (left), trick (centre), hand (bottom), players (right).

Draws only from a seat's view dict.  Pieces and zones (see games/brujas/ui/controller.py):

* play:  ``hand:<card>`` pieces (the acting viewer's hand) → the ``trick`` zone;
* witch: the ``witch:<colour>`` piece of the winning colour → ``witch:up`` / ``witch:down``
  zones on the neighbouring rows (only the legal directions exist, so only they glow);
* draft: ``trick:<card>`` pieces in the centre → ``pile:<seat>`` zones (every panel; only
  the picker's pile is a legal target).

The witch move and the draft show only public information, so they work for a spectator
view too (several people at one device: no curtain, no hand drawn).

Decisions (issue 13, memory):
- BRUJAS-UI-VIEW-1 (perf): ``fit`` and ``wrapped`` keep no memo of their own (it held every log line
  of the game, up to 4000 answers, cleared when full): ``text.fit_size`` and ``text.wrap``
  keep theirs in the text module's memo, bounded by bytes (games/ui/text.py
  ``MEASURE_BYTES``), so a frame's call is the same look-up (as Qumasu's, fonts.py QUMASU-UI-FONTS-1).
- BRUJAS-UI-VIEW-2 (perf): a card another seat plays starts its flight at that seat's panel as small
  as the cards in its pile (``pile_card``), not at a size of its own (60x84): the faces
  painted ahead for that size held 0.4 MiB for the first tenth of a second of a flight.
- BRUJAS-UI-VIEW-3 (perf): the witches sliding in a swap fly over the kept table (``fly``) like
  cards: when they stop, only their column is painted again (``landing_areas``), not the whole
  table (3.4-5 ms in that frame).
"""
from __future__ import annotations

import pygame

from games.brujas.ui import notes
from games.brujas.ui.art import BIG_W, Art
from games.brujas.ui.moments import SWAP_WITCH, TRICK_CARD, Moments
from games.brujas.ui.panels import LEFT, Panels, panel_rects, witch_rect  # noqa: F401 (LEFT: re-exported for tests)
from games.brujas.ui.steps import step_of
from games.ui import logbox, text, theme, tips, widgets
from games.ui.table import Interaction, TableView, part

TRICK = pygame.Rect(432, 90, 1022, 480)
INFO = pygame.Rect(16, 662, 404, 54)
LOG = pygame.Rect(16, 726, 404, 342)
SLOT = (150, 210)
SLOT_Y = 220
HAND_CARD = (130, 182)
HAND_Y = 862
HAND_AREA = pygame.Rect(440, 760, 1006, 310)
RAISE = 30
ANIM_TIME = 0.32


class Table(Moments, Panels, TableView):
    card_size = HAND_CARD
    banner_y = 584
    banner_rect = pygame.Rect(440, 580, 1006, 150)  # between the trick and the hand

    def __init__(self, ctx, controller) -> None:
        super().__init__(ctx, controller)
        self.art = Art(ctx.rules, ctx.lang)
        self.colour_ids = list(ctx.rules.data.colour_ids)
        self._keys = {c.id: (c.colour, c.number) for c in ctx.rules.data.cards}
        self._order = {c.id: c.index for c in ctx.rules.data.cards}
        self._veils: dict[tuple, pygame.Surface] = {}
        self._panel_cache: dict[int, tuple] = {}
        self.panels: list[pygame.Rect] = []
        self.slots: list[pygame.Rect] = []
        self.sorted_piles: list[dict] = []
        self.hand_rects: list[tuple[str, pygame.Rect, bool]] = []
        self.anims: list[dict] = []  # cards flying (``fly``): {"card", "from", "to", "t0"}
        self.witch_anim: dict | None = None
        self._old_slots: dict[str, pygame.Rect] = {}
        self._old_hand: dict[str, pygame.Rect] = {}
        self._old_witches: dict[str, int] = {}
        self.mouse = (TRICK.centerx, TRICK.centery)  # a card played by a drop flies on from there

    # --- helpers ------------------------------------------------------------------------------
    def card_colour(self, card: str) -> str:
        return self._keys[card][0]

    def fit(self, label: str, size: int, width: int, bold: bool = False) -> int:
        return text.fit_size(label, size, width, bold)  # measured once, kept in text's memo (BRUJAS-UI-VIEW-1)

    def ease(self, anim: dict) -> float:
        k = max(0.0, min(1.0, (self.clock - anim["t0"]) / ANIM_TIME))
        return 1 - (1 - k) * (1 - k)

    def acting_here(self) -> bool:
        """A person decides at this device now (the legal list is only given to them)."""
        return bool(self.legal) and self.view.get("turn_seat") is not None

    def faces(self) -> list:
        """Faces in a hand, in the trick, in a captured pile (where a card another seat plays
        also starts its flight), in the trick moment; backs; the witches in their column
        and in the swap moment."""
        ids = [c.id for c in self.ctx.rules.data.cards]
        witches = [f"witch:{c}" for c in self.colour_ids]
        return [(self.art.painter, ids, [HAND_CARD, SLOT, self.pile_card(), TRICK_CARD], [(100, 140), (18, 26)]),
                (self.art.witch_painter, witches, [witch_rect(0).size, SWAP_WITCH], ())]

    # --- layout ---------------------------------------------------------------------------------
    def rebuild(self, view: dict, viewer: int | None, legal: list) -> None:
        self._old_slots = {c: r for c, r in getattr(self, "_slot_cards", {}).items()}
        self._old_hand = {c: r for c, r, _ in self.hand_rects}
        self._old_witches = {w["colour"]: w["position"] for w in self.view.get("witches", [])}
        super().rebuild(view, viewer, legal)

    def build(self) -> None:
        v = self.view
        n = v["players"]
        self.panels = panel_rects(n)
        total_w = n * SLOT[0] + (n - 1) * 40
        x0 = TRICK.centerx - total_w // 2
        self.slots = [pygame.Rect(x0 + i * (SLOT[0] + 40), SLOT_Y, *SLOT) for i in range(n)]
        self._slot_cards = {card: self.slots[i] for i, (_, card) in enumerate(v["trick"])}
        self.sorted_piles = []
        for pile in v["captured"]:
            groups: dict[str, list] = {}
            for card in sorted(pile, key=self._order.__getitem__):
                groups.setdefault(self.card_colour(card), []).append(card)
            self.sorted_piles.append(groups)
        self.build_hand()
        if not self.acting_here():
            return
        phase = step_of(v)
        if phase == "play":
            self.add_zone("trick", TRICK, 18)
        elif phase == "witch":
            colour = self.card_colour(v["winning_card"])
            pos = v["witch_order"].index(colour)
            self.add_piece(f"witch:{colour}", witch_rect(pos),
                           lambda surf, rect, c=colour: self.art.draw_witch(surf, c, rect))
            for d in v.get("witch_directions", []):
                self.add_zone(f"witch:{d}", witch_rect(pos - 1 if d == "up" else pos + 1), 12)
        elif phase == "pick":
            for seat, r in enumerate(self.panels):
                self.add_zone(f"pile:{seat}", r, 14)
            table = set(v["table"])
            for i, (_, card) in enumerate(v["trick"]):
                if card in table:
                    self.add_piece(f"trick:{card}", self.slots[i], self._card_painter(card))

    def build_hand(self) -> None:
        v = self.view
        self.hand_rects = []
        hand = v.get("hand")
        if self.viewer is None or hand is None:
            return
        legal = set(v.get("legal") or [])
        acting = step_of(v) == "play" and v.get("turn_seat") == self.viewer and self.acting_here()
        cw, ch = HAND_CARD
        n = len(hand)
        step = min(cw + 12, (HAND_AREA.width - 20 - cw) / max(1, n - 1))
        x0 = HAND_AREA.centerx - int(step * (n - 1) + cw) // 2
        for i, card in enumerate(hand):
            ok = card in legal
            rect = pygame.Rect(x0 + int(i * step), HAND_Y - (RAISE if acting and ok else 0), cw, ch)
            self.hand_rects.append((card, rect, ok or not acting))
        if acting:  # playable cards last: drawn on top of their neighbours and picked first
            for card, rect, ok in sorted(self.hand_rects, key=lambda h: h[2]):
                self.add_piece(f"hand:{card}", rect, self._card_painter(card, dim=not ok))

    def _card_painter(self, card: str, dim: bool = False):
        return lambda surf, rect: self.art.painter.draw(surf, card, rect, True, dim)

    # --- events and animation ---------------------------------------------------------------
    def on_events(self, events: list) -> None:
        """Start the animations of the last action (the scene announces the events)."""
        for key, params in events:
            self.animate(key, params)
        self.brujas_moments(events)

    def skip_animations(self) -> None:
        super().skip_animations()
        self.anims, self.flying, self.witch_anim = [], set(), None

    def animate(self, key: str, params: dict) -> None:
        v = self.view
        if key == "brujas.card_played":
            card, seat = params["card"], params["seat"]
            i = next((k for k, (_, c) in enumerate(v["trick"]) if c == card), None)
            if i is None:
                return
            if card in self._old_hand:
                start = self._old_hand[card].copy()
                start.center = self.mouse
            else:
                start = pygame.Rect(0, 0, *self.pile_card())  # as small as in its pile (BRUJAS-UI-VIEW-2)
                start.center = self.panels[seat].center
            self.start_fly(card, start, self.slots[i])
        elif key == "brujas.card_drafted":
            card, seat = params["card"], params["seat"]
            start = self._old_slots.get(card) or self._slot_cards.get(card)
            if start is not None:
                self.start_fly(card, start, self.pile_target(seat, card))
        elif key == "brujas.witch_moved" and self._old_witches:
            self.witch_anim = {"from": dict(self._old_witches), "t0": self.clock}
            for w in v["witches"]:  # over the kept table; only their column is painted once they stop
                self.fly(f"witch:{w['colour']}", witch_rect(w["position"]))

    def start_fly(self, card: str, start: pygame.Rect, end: pygame.Rect) -> None:
        self.anims.append({"card": card, "from": pygame.Rect(start), "to": pygame.Rect(end),
                           "t0": self.clock})
        self.fly(card, end)

    def update(self, dt: float) -> bool:
        self.clock += dt
        if self.anims:
            self.anims = [a for a in self.anims if self.clock - a["t0"] < ANIM_TIME]
        if self.witch_anim and self.clock - self.witch_anim["t0"] >= ANIM_TIME:
            self.witch_anim = None
        if self.flying:
            sliding = self.witch_anim["from"] if self.witch_anim else ()
            self.flying = {a["card"] for a in self.anims} | {f"witch:{c}" for c in sliding}
        return bool(self.anims or self.witch_anim)

    # --- drawing --------------------------------------------------------------------------------
    def paint_static(self, surf: pygame.Surface) -> None:
        """The parts of the table that never change (witch column, info and log boxes, the
        trick's frame), painted on the felt the scene has filled the layer with: rounded
        panels, a few kept text lines and score cards, 0.13 ms (CPU, median) against 0.08
        ms to copy them from kept surfaces, which held 3.3 MiB for it (APP-MEMORY-13 of
        games/app/memory.py)."""
        self.paint_static_left(surf)
        widgets.panel(surf, INFO, (30, 40, 48), 12)
        widgets.panel(surf, LOG, (30, 40, 48), 14)
        text.draw(surf, self.ctx.tr("brujas_ui.log_title"), (LOG.left + 16, LOG.top + 20), 22, theme.INK_DIM, True,
                  "midleft")
        widgets.panel(surf, TRICK, theme.FELT_DARK, 20, theme.INK_DIM, 2)

    def parts(self, ix: Interaction) -> list:
        piece_ids = {p.id for p in self.pieces}
        return [lambda surf: self.paint_left(surf, ix, piece_ids), part(self.paint_info, self.paint_log),
                part(lambda surf: self.paint_trick(surf, piece_ids), lambda surf: notes.trick(self, TRICK)),
                *self.panel_parts(),
                lambda surf: self.paint_bottom(surf, ix, piece_ids)]

    def paint_left(self, surf: pygame.Surface, ix: Interaction, piece_ids: set) -> None:
        self.paint_static(surf)  # the rest is the scene's plain felt
        self.paint_witches(surf, ix.hidden if ix.hidden and ix.hidden.startswith("witch:") else
                           (next((p for p in piece_ids if p.startswith("witch:")), None)))

    def paint_bottom(self, surf: pygame.Surface, ix: Interaction, piece_ids: set) -> None:
        """The hand, the pieces in place, the witch to move and its targets."""
        self.paint_hand(surf, piece_ids)
        self.paint_pieces(surf, ix)
        if step_of(self.view) == "witch" and self.acting_here():
            for p in self.pieces:
                if p.id.startswith("witch:") and p.id != ix.hidden:
                    pygame.draw.rect(surf, theme.ACCENT, p.rect.inflate(8, 8), 3, border_radius=14)
            self.paint_witch_targets(surf)

    fork_ended = {"anims": [], "flying": set(), "witch_anim": None}  # flights and a witch swap end first
    clock_stamps = ("anims", "witch_anim")  # flights and a witch swap a fork started start when it lands
    animates_over = True  # cards in flight and witches sliding in a swap are drawn over the kept table

    def landing_areas(self) -> list[pygame.Rect]:
        """The trick, the hand, the seat panels (a panel shows its pile with a landed card),
        the witch column (BRUJAS-UI-VIEW-3)."""
        return [TRICK, HAND_AREA, *self.panels, LEFT]

    def draw_over(self, surf: pygame.Surface, ix: Interaction) -> None:
        if self.witch_anim:
            self.paint_witches(surf, None, sliding=True)
        for a in self.anims:
            k = self.ease(a)
            f, t = a["from"], a["to"]
            rect = pygame.Rect(int(f.x + (t.x - f.x) * k), int(f.y + (t.y - f.y) * k),
                               int(f.w + (t.w - f.w) * k), int(f.h + (t.h - f.h) * k))
            # the art of the end with the same face (full or small), scaled: never painted
            # anew at every passing size
            base = f.size if (rect.w >= BIG_W) == (f.w >= BIG_W) else t.size
            self.art.painter.draw(surf, a["card"], rect, True, base=base, track=False)
        super().draw_over(surf, ix)

    def paint_info(self, surf: pygame.Surface) -> None:
        v = self.view
        played = min(v["tricks_played"] + 1, v["tricks_total"])
        line = self.ctx.tr("brujas.tricks_count", played=played, total=v["tricks_total"])
        text.draw(surf, line, (INFO.left + 16, INFO.centery), 24, theme.INK, True, "midleft")
        tips.note(INFO, "brujas_tips.tricks", n=played, total=v["tricks_total"])
        if v.get("box_count"):
            tips.note((INFO.right - 260, INFO.top, 260, INFO.height), "brujas_tips.box", n=v["box_count"])
            note = self.ctx.tr("brujas_ui.box_short", n=v["box_count"])
            text.draw(surf, note, (INFO.right - 14, INFO.centery), self.fit(note, 20, 250), theme.INK_DIM,
                      False, "midright")

    def paint_log(self, surf: pygame.Surface) -> None:
        logbox.draw_log(surf, self.ctx, LOG, self.ctx.tr("brujas_ui.log_title"))
        tips.note(LOG, "brujas_tips.log")

    def wrapped(self, line: str, size: int, width: int) -> list[str]:
        return text.wrap(line, size, width)[:3]  # measured once, kept in text's memo (BRUJAS-UI-VIEW-1)

    def lead_line(self) -> str:
        return self.ctx.rules.lead_text(self.view.get("lead"), self.ctx.lang)

    def trick_header(self) -> str:
        """The lead; between two tricks (the last one's cards may still be flying to the
        captured piles) who leads the next, not "Lead not set yet" (issue 30)."""
        v = self.view
        if not v["trick"] and step_of(v) == "play":
            return self.ctx.tr("brujas_trick.next_leads", name=self.ctx.seat_name(v["leader"]))
        return self.lead_line()

    def paint_trick(self, surf: pygame.Surface, piece_ids: set) -> None:
        v = self.view
        tr = self.ctx.tr
        lead = v.get("lead")
        line = self.trick_header()
        img = text.render(line, 40, theme.ACCENT, True)
        rect = img.get_rect(center=(TRICK.centerx, TRICK.top + 40))
        if lead and lead["kind"] == "colour":
            chip = self.art.chip(lead["value"], 34)
            rect.centerx -= (chip.get_width() + 14) // 2
            surf.blit(chip, (rect.right + 14, rect.centery - 17))
        surf.blit(img, rect)
        trick = v["trick"]
        if trick and not lead and step_of(v) == "play":
            first = trick[0][1]
            colour, number = self._keys[first]
            hint = tr("brujas_ui.follow_first", colour=self.art.colour_name(colour),
                      mark=self.art.mark(colour), number=number)
            text.draw(surf, hint, (TRICK.centerx, TRICK.top + 84), 24, theme.INK, False, "center")
        winning = v.get("winning")
        cannot = set(v.get("cannot_win") or [])
        table = set(v["table"]) if step_of(v) == "pick" else None
        n = v["players"]
        for i, slot in enumerate(self.slots):
            seat = (v["leader"] + i) % n
            if i < len(trick):
                seat, card = trick[i]
                shown = table is None or card in table
                if shown and (card in self.flying or f"trick:{card}" in piece_ids):
                    pygame.draw.rect(surf, (36, 70, 58), slot, 2, border_radius=12)
                elif shown:
                    self.art.painter.draw(surf, card, slot, True, dim=card in cannot)
                else:
                    pygame.draw.rect(surf, (36, 70, 58), slot, 2, border_radius=12)
                    taker = next((s for s, p in enumerate(v["captured"]) if card in p), None)
                    if taker is not None:
                        text.draw(surf, tr("brujas_ui.taken_by", name=self.ctx.seat_name(taker)), slot.center,
                                  self.fit(tr("brujas_ui.taken_by", name=self.ctx.seat_name(taker)), 22,
                                           SLOT[0] - 10), theme.INK_DIM, True, "center")
                if card in self.flying:
                    pass
                elif winning and winning[1] == card and shown:
                    pygame.draw.rect(surf, theme.ACCENT, slot.inflate(14, 14), 5, border_radius=16)
                    tag = tr("brujas_ui.winner" if step_of(v) != "play" else "brujas_ui.winning")
                    self.tag(surf, tag, (slot.centerx, slot.top - 18), theme.ACCENT, theme.INK_DARK)
                elif card in cannot and shown:
                    self.tag(surf, tr("brujas_ui.cannot_win"), (slot.centerx, slot.top - 18), (70, 74, 84),
                             theme.INK)
            else:
                pygame.draw.rect(surf, (40, 86, 70), slot, 2, border_radius=12)
                if step_of(v) == "play" and i == len(trick):
                    text.draw(surf, "?", slot.center, 60, (70, 120, 100), True, "center")
            y = slot.bottom + 24
            label = f"{i + 1}. {self.ctx.seat_name(seat)}"
            size = self.fit(label, 22, SLOT[0] - 30, True)
            img = text.render(label, size, theme.INK if i < len(trick) else theme.INK_DIM, True)
            widgets.seat_badge(surf, seat, (slot.centerx - img.get_width() // 2 - 4, y), 22)
            surf.blit(img, img.get_rect(midleft=(slot.centerx - img.get_width() // 2 + 12, y)))
        hint = self.trick_hint()
        if hint:
            text.draw(surf, hint, (TRICK.centerx, TRICK.bottom - 34), self.fit(hint, 26, TRICK.width - 40, True),
                      theme.GLOW if self.acting_here() else theme.INK_DIM, True, "center")

    def tag(self, surf: pygame.Surface, label: str, center: tuple[int, int], bg, fg) -> None:
        img = text.render(label, 20, fg, True)
        box = img.get_rect(center=center).inflate(18, 6)
        pygame.draw.rect(surf, bg, box, border_radius=box.height // 2)
        surf.blit(img, img.get_rect(center=center))

    def trick_hint(self) -> str:
        v = self.view
        tr = self.ctx.tr
        cur = v.get("turn_seat")
        name = self.ctx.seat_name(cur)
        acting = self.acting_here()
        if step_of(v) == "play":
            if acting and self.viewer == cur:
                return tr("brujas_ui.hint_play")
            return tr("brujas_ui.hint_play_wait", name=name)
        if step_of(v) == "witch":
            colour = self.art.colour_name(self.card_colour(v["winning_card"]))
            return tr("brujas_ui.hint_witch" if acting else "brujas_ui.hint_witch_wait", name=name, colour=colour)
        if step_of(v) == "pick":
            order = v.get("draft_order") or []
            nxt = " → ".join(self.ctx.seat_name(s) for s in order[1:])
            key = "brujas_ui.hint_draft" if acting else "brujas_ui.hint_draft_wait"
            return tr(key + ("" if nxt else "_last"), name=name, next=nxt)
        return tr("app.game_over")

    def paint_hand(self, surf: pygame.Surface, piece_ids: set) -> None:
        v = self.view
        tr = self.ctx.tr
        if self.viewer is not None and v.get("hand") is not None:
            acting = any(p.startswith("hand:") for p in piece_ids)
            label = tr("brujas_ui.your_hand_play" if acting else "brujas_ui.your_hand",
                       name=self.ctx.seat_name(self.viewer))
            text.draw(surf, label, (HAND_AREA.centerx, HAND_AREA.top + 48), self.fit(label, 24, 900, True),
                      theme.INK_DIM, True, "center")
            for card, rect, ok in sorted(self.hand_rects, key=lambda h: h[2]):  # as they lie: playable on top
                tips.note(rect, "brujas_tips.hand_card" + ("" if not acting else "_play" if ok else "_blocked"),
                          card=card)
            for card, rect, ok in self.hand_rects:
                if f"hand:{card}" not in piece_ids and card not in self.flying:
                    self.art.painter.draw(surf, card, rect, True, dim=not ok)
            return
        seat = v.get("turn_seat")
        if seat is None:
            return
        n = v["hand_counts"][seat]
        label = tr("brujas_ui.hand_hidden", name=self.ctx.seat_name(seat), n=n)
        text.draw(surf, label, (HAND_AREA.centerx, HAND_AREA.top + 48), self.fit(label, 24, 900, True),
                  theme.INK_DIM, True, "center")
        step = min(60, 700 // max(1, n))
        x0 = HAND_AREA.centerx - (step * (n - 1) + 100) // 2
        tips.note((x0, HAND_Y + 20, step * max(0, n - 1) + 100, 140), "brujas_tips.hand_hidden", seat=seat, n=n)
        for i in range(n):
            self.art.painter.draw(surf, None, pygame.Rect(x0 + i * step, HAND_Y + 20, 100, 140), False)

    # --- top bar --------------------------------------------------------------------------------
    def status_line(self) -> str:
        v = self.view
        tr = self.ctx.tr
        if not v or step_of(v) == "over":
            return tr("app.game_over")
        name = self.ctx.seat_name(v.get("turn_seat"))
        if step_of(v) == "play":
            return tr("brujas_ui.status_play", name=name, lead=self.lead_line())
        if step_of(v) == "witch":
            colour = self.art.colour_name(self.card_colour(v["winning_card"]))
            dirs = v.get("witch_directions") or []
            if len(dirs) == 1:
                return tr("brujas_ui.status_witch_one", name=name, colour=colour,
                          direction=tr(f"brujas.direction_{dirs[0]}"))
            return tr("brujas_ui.status_witch", name=name, colour=colour)
        return tr("brujas_ui.status_draft", name=name, n=len(v.get("draft_left") or v["table"]))

