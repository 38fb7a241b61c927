"""The Qumasu table: the 3×3 battlefield from the acting person's side, castles with counts,
cost areas (tapped cards sideways), hands, decks, graveyards, and the choice panels.

Draws only from a seat's view dict; the other hand and every castle card are backs.  Every
card, symbol and counter says what it means as it is painted (games/qumasu/ui/notes.py).
"""
from __future__ import annotations

import pygame

from games.qumasu.ui import art, fonts, notes
from games.qumasu.ui import layout as L
from games.qumasu.ui.moments import Moments
from games.qumasu.ui.panels import FRESH_SECONDS, Panels, acting_seat
from games.ui import cards, text, theme, tips, widgets
from games.ui.table import Interaction, TableView, part

NO_GLOW = ("grave:", "browse:")
GRAVE = (90, 124)  # a grave's top card (and a deck's back)


class Table(Moments, Panels, TableView):
    card_size = (L.HAND_W, L.HAND_H)
    banner_y = 88
    banner_rect = pygame.Rect(24, 912, 430, 158)  # under the own panel, left of the hand
    reason_y = 836
    no_glow = NO_GLOW
    animates_over = True  # busy only while the newest lines are highlighted (paint_key) or a flash shows (draw_over)
    fork_ended = {"flash": None}  # a flash ends before the next move lands (the newest lines' highlight
    # is the coming move's: on_events)
    clock_stamps = ("fresh", "flash")  # the newest lines' highlight and a flash a fork started start when it lands

    def __init__(self, ctx, controller) -> None:
        super().__init__(ctx, controller)
        self.painter = cards.CardPainter(lambda cid, size: art.face(ctx.rules, cid, size, ctx.lang), back=art.back,
                                         art_key=lambda cid: (cid.split("-", 1)[0], ctx.rules.data.face_of(cid).id))
        self.flash: tuple[str, float] | None = None
        self.fresh: tuple[int, float] = (0, -99.0)  # (log lines, clock) of the latest events
        self.grab: tuple[str, tuple[int, int]] | None = None  # (piece, pointer offset) of the last press
        self.badge_rect: pygame.Rect | None = None  # where the dragged unit's expected result was drawn

    # --- geometry ---------------------------------------------------------------------
    @property
    def bottom(self) -> int:
        if self.viewer in (0, 1):
            return self.viewer
        return self.view.get("turn_seat", 0) or 0

    def cell_rect(self, idx: int) -> pygame.Rect:
        return L.cell_rect(idx, self.bottom)

    @property
    def acting(self) -> bool:
        return bool(self.legal) and self.viewer == acting_seat(self.view)

    # --- layout -----------------------------------------------------------------------------
    def build(self) -> None:
        v = self.view
        me = self.bottom
        pending = (v.get("pending") or {}).get("kind")
        free = self.acting and pending is None
        for i, cell in enumerate(v["board"]):
            rect = self.cell_rect(i)
            self.add_zone(f"cell:{_name(i)}", rect, 10)
            if cell is not None:
                own = cell["owner"] == me
                self.add_piece(f"unit:{_name(i)}" if own else f"foe:{_name(i)}", rect,
                               self._unit_painter(cell), draggable=own and free)
        self.add_zone("castle", L.ENEMY_CASTLE)
        for k, rect in enumerate(L.hand_rects(len(v.get("hand") or [])) if self.viewer in (0, 1) else []):
            card = v["hand"][k]
            self.add_piece(f"hand:{card}", rect, self._card_painter(card), draggable=free)
        legal_flowers = {a.args[0] for a in self.legal if a.kind == "flower"}
        for k, rect in enumerate(L.cost_rects(L.OWN_COST, len(v["costs"][me]))):
            if k in legal_flowers and free:
                self.add_zone(f"flower:{k}", rect.inflate(30, 0), 10)
        for seat, area in ((1 - me, L.OPP_PANEL), (me, L.OWN_PANEL)):
            self.add_zone(f"grave:{seat}", self.grave_rect(area))
        self.build_buttons(pending)
        if self.controller.local.get("picker") is not None and free:
            for i, fl in enumerate(self.ctx.rules.data.flowers):
                if ("flower", self.controller.local["picker"], fl.id) in {(a.kind, *a.args) for a in self.legal}:
                    self.add_zone(f"pick:{fl.id}", self.pick_rect(i))
            self.add_zone("pick:cancel", self.pick_rect(3))
        if self.controller.local.get("browse") is not None:
            self.add_zone("browse:close", pygame.Rect(0, 76, theme.W, theme.H - 76))

    def build_buttons(self, pending: str | None) -> None:
        kinds = {a.kind for a in self.legal} if self.acting else set()
        if pending == "mulligan" and "keep" in kinds:
            self.add_zone("keep", pygame.Rect(L.INFO.left + 30, L.INFO.bottom - 120, 280, 90))
            if "mulligan" in kinds:  # (after the mulligan: its new hand is kept, rules QUMASU-RULES-7)
                self.add_zone("mulligan", pygame.Rect(L.INFO.right - 310, L.INFO.bottom - 120, 280, 90))
        elif pending == "on_enter" and "use" in kinds:
            self.add_zone("use", pygame.Rect(L.INFO.left + 30, L.INFO.bottom - 120, 280, 90))
            self.add_zone("skip", pygame.Rect(L.INFO.right - 310, L.INFO.bottom - 120, 280, 90))
        if "end" in kinds:
            self.add_zone("end", L.END_BUTTON)

    def faces(self) -> list:
        """Each seat's deck (its rim colour) in the hand, on the board, on the grave; backs."""
        ids = [f"{seat}-{face}-1" for seat, deck in enumerate(self.view.get("decks") or [])
               for face, _ in self.ctx.rules.data.deck(deck).cards]
        return [(self.painter, ids, [(L.HAND_W, L.HAND_H), (L.CELL, L.CELL), GRAVE], [GRAVE, (56, 78)])]

    def grave_rect(self, area: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(area.left + 300, area.top + (140 if area is L.OPP_PANEL else 66), *GRAVE)

    def pick_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(L.PICKER.left + 30, L.PICKER.top + 70 + i * 70, L.PICKER.width - 60, 60)

    def _unit_painter(self, cell: dict):
        return lambda surf, rect: self.paint_unit(surf, rect, cell)

    def _card_painter(self, card: str):
        return lambda surf, rect: self.painter.draw(surf, card, rect, True)

    # --- drawing ------------------------------------------------------------------------------
    def piece_at(self, pos):
        """With a hand card selected, a click on a cell targets it (even over own units)."""
        if (self.selected or "").startswith("hand:") and any(
                z.id.startswith("cell:") and z.rect.collidepoint(pos) for z in self.zones):
            return None
        piece = super().piece_at(pos)
        if piece is not None:  # (asked on the press only) where the card was taken: drag_rect
            self.grab = (piece.id, (pos[0] - piece.rect.x, pos[1] - piece.rect.y))
        return piece

    def paint_key(self, ix: Interaction) -> tuple:
        n, t0 = self.fresh
        return (bool(n) and self.clock - t0 < FRESH_SECONDS,)

    def draw_over(self, surf: pygame.Surface, ix: Interaction) -> None:
        super().draw_over(surf, ix)
        self.paint_expected(surf, ix)  # follows the pointer: drawn every frame
        self.paint_overlays(surf, ix)

    def parts(self, ix: Interaction) -> list:
        me = self.bottom
        return [self.paint_board,
                part(lambda surf: self.paint_castle(surf, 1 - me, L.ENEMY_CASTLE),
                     lambda surf: self.paint_castle(surf, me, L.OWN_CASTLE)),
                lambda surf: self.paint_player(surf, 1 - me, L.OPP_PANEL),
                lambda surf: self.paint_player(surf, me, L.OWN_PANEL),
                part(lambda surf: self.paint_costs(surf, 1 - me, L.OPP_COST),
                     lambda surf: self.paint_costs(surf, me, L.OWN_COST)),
                self.paint_log,
                part(lambda surf: self.paint_info(surf, ix), self.paint_hand_label),
                lambda surf: self.paint_pieces(surf, ix)]

    def paint_board(self, surf: pygame.Surface) -> None:
        me = self.bottom
        frame = pygame.Rect(L.BOARD_X - 14, L.BOARD_Y - 10, 3 * L.CELL + 2 * L.GAP + 28, 3 * (L.CELL + L.GAP) + 10)
        widgets.panel(surf, frame, theme.FELT_DARK, 16)
        for i in range(9):
            r = self.cell_rect(i)
            row = i // 3
            tint = (44, 70, 96) if row == (0 if me == 0 else 2) else (96, 52, 52) if row == (2 if me == 0 else 0) \
                else (58, 78, 66)
            pygame.draw.rect(surf, tint, r, border_radius=10)
            pygame.draw.rect(surf, theme.INK_DIM, r, 1, border_radius=10)
            text.draw(surf, _name(i), (r.right - 8, r.top + 2), 20, theme.INK_DIM, False, "topright")
            area = ("own", "engagement", "enemy")[abs(row - (0 if me == 0 else 2))]
            tips.note(r, f"qumasu_tips.cell_{area}", cell=_name(i), seat=me)
            if self.view["board"][i] is None:
                key = ("qumasu_ui.own_area", "qumasu_ui.engagement", "qumasu_ui.enemy_area")[
                    abs(row - (0 if me == 0 else 2))
                ]
                text.draw(surf, self.ctx.tr(key), r.center, 22, theme.INK_DIM, True, "center")

    def paint_unit(self, surf: pygame.Surface, rect: pygame.Rect, cell: dict) -> None:
        laid_out = rect.size  # the art's size; a unit in flight is that art, scaled
        rect = self.unit_rect(surf, cell, rect)
        if rect is not None:
            self.draw_unit(surf, rect, cell, laid_out)

    def unit_flight(self, surf: pygame.Surface, cell: dict, laid_out: tuple[int, int], placed) -> None:
        """A unit in flight, over the table: its back while it turns over, else all of it."""
        if not placed.face:
            self.painter.draw(surf, None, placed.rect, False)
        else:
            self.draw_unit(surf, placed.rect, cell, laid_out)

    def draw_unit(self, surf: pygame.Surface, rect: pygame.Rect, cell: dict, laid_out: tuple[int, int]) -> None:
        self.painter.draw(surf, cell["card"], rect, True, base=laid_out)
        # screen-oriented arrows over the printed ones: F points away from the owner
        up = cell["owner"] == self.bottom
        art.draw_arrows(surf, rect.inflate(12, 12), cell["arrows"], up, (255, 200, 40), size=14)
        badge = art.power_badge(surf, rect, cell["base"], cell["power"])
        widgets.seat_badge(surf, cell["owner"], (rect.right - 20, rect.bottom - 20), 28)  # not colour alone
        notes.unit(self.ctx.rules, rect, cell, up, badge)
        if cell["entered"]:
            tag = self.ctx.tr("qumasu_ui.entered")
            img = text.render(tag, 20, theme.INK_DARK, True)
            box = img.get_rect(topright=(rect.right - 8, rect.top + 50)).inflate(10, 4)  # under the name
            pygame.draw.rect(surf, theme.ACCENT, box, border_radius=8)
            surf.blit(img, img.get_rect(center=box.center))
            tips.note(box.inflate(8, 8), "qumasu_tips.entered")

    def paint_castle(self, surf: pygame.Surface, seat: int, area: pygame.Rect) -> None:
        n = self.view["castle_counts"][seat]
        enemy = seat != self.bottom
        widgets.panel(surf, area, (70, 40, 40) if enemy else (40, 50, 74), 14, art.rim(seat), 3)
        tips.note(area, "qumasu_tips.castle", seat=seat, n=n)
        h = area.height - 16
        for k in range(n):
            self.painter.draw(surf, None, pygame.Rect(area.left + 14 + k * 46, area.top + 8, int(h * 0.7), h), False)
        if n:  # the castle cards themselves
            tips.note((area.left + 10, area.top + 4, (n - 1) * 46 + int(h * 0.7) + 8, h + 8), "qumasu_tips.castle",
                      seat=seat, n=n)
        key = "qumasu_ui.enemy_castle" if enemy else "qumasu_ui.own_castle"
        label = self.ctx.tr(key, name=self.ctx.seat_name(seat), n=n)
        x = area.left + 30 + max(n, 1) * 46 + int(h * 0.7)
        text.draw(surf, label, (x, area.centery), fonts.fit(label, 26, area.right - x - 10, True),
                  theme.DANGER if n == 0 and self.view.get("turn", 0) >= 1 else theme.INK, True, "midleft")


def _name(idx: int) -> str:
    return f"{'abc'[idx % 3]}{idx // 3 + 1}"


