"""Brujas table parts drawn from the view dict: the witch column and the player panels.

A mixin of ``games.brujas.ui.view.Table`` (it uses the view's ``art``, ``view`` and layout).
Every player's panel shows their captured pile sorted by colour (the cards themselves,
face up: piles are public) with counts by colour and by number, their hand as card backs
with a count, and the live score preview (witch points + majority points = total).

- BRUJAS-UI-PANELS-1 A seat panel's tooltip notes (TIPS-1 of games/ui/tips.py) are taken
  while its cached picture is painted and kept with it; each blit notes them again, moved
  to the panel's place, so a kept panel still says what its counts and stars mean.
"""
from __future__ import annotations

import pygame

from games.brujas.ui.steps import step_of
from games.ui import cards, text, theme, tips, widgets

LEFT = pygame.Rect(16, 90, 404, 560)
ROW_Y0, ROW_STEP, ROW_H = 146, 124, 114
SCORE_X, SCORE_W = 28, 78
WITCH_X, WITCH_W = 114, 252
FANS_X = 378
RIGHT = pygame.Rect(1466, 90, 438, 978)
PANEL_GAP = 10
MAJORITY_BG = (255, 208, 96)
COMPACT = 220  # panels lower than this (4-5 players) use a tighter layout


def witch_rect(position: int) -> pygame.Rect:
    return pygame.Rect(WITCH_X, ROW_Y0 + position * ROW_STEP, WITCH_W, ROW_H)


def score_rect(position: int) -> pygame.Rect:
    return pygame.Rect(SCORE_X, ROW_Y0 + position * ROW_STEP, SCORE_W, ROW_H)


def panel_rects(players: int) -> list[pygame.Rect]:
    h = (RIGHT.height - PANEL_GAP * (players - 1)) // players
    return [pygame.Rect(RIGHT.left, RIGHT.top + i * (h + PANEL_GAP), RIGHT.width, h)
            for i in range(players)]


def fan_rects(n: int, x: int, y: int, width: int, cw: int, ch: int, max_h: int) -> list[pygame.Rect]:
    """Rects of ``n`` small cards fanned in ``width`` so each number corner stays readable:
    a crowded group wraps into overlapping rows (smaller cards if ``max_h`` is short)."""
    min_step = 17
    for rows in range(1, 5):
        h = min(ch, int(max_h / (1 + 0.45 * (rows - 1))))
        w = min(cw, int(h * 0.72))
        per_row = -(-n // rows)
        if per_row <= 1 or (width - w) / (per_row - 1) >= min_step or rows == 4:
            break
    step = min(max(w * 0.5, min_step + 2), (width - w) / max(1, per_row - 1))
    dy = int(h * 0.45)
    return [pygame.Rect(x + int((i % per_row) * step), y + (i // per_row) * dy, w, h) for i in range(n)]


class Panels:
    """Drawing of the witch column and the player panels."""

    # --- witch column -----------------------------------------------------------------------
    def paint_static_left(self, surf: pygame.Surface) -> None:
        """The witch column's frame, title and score cards."""
        widgets.panel(surf, LEFT, theme.FELT_DARK, 16, theme.INK_DIM, 1)
        tips.note(LEFT, "brujas_tips.witches")
        text.draw(surf, self.ctx.tr("brujas_ui.witches_title"), (LEFT.left + 18, LEFT.top + 26), 24,
                  theme.INK_DIM, True, "midleft")
        unit = self.ctx.tr("brujas_ui.score_unit")
        for i, value in enumerate(self.ctx.rules.data.score_cards):
            surf.blit(self.art.score_card(value, (SCORE_W, ROW_H), unit), score_rect(i))
            tips.note(score_rect(i), "brujas_tips.score_card", n=value)

    def witch_y(self, colour: str, position: int) -> int:
        """Top of a witch card, sliding while the swap animation runs."""
        anim = self.witch_anim
        if anim and colour in anim["from"]:
            k = self.ease(anim)
            y0 = ROW_Y0 + anim["from"][colour] * ROW_STEP
            y1 = ROW_Y0 + position * ROW_STEP
            return int(y0 + (y1 - y0) * k)
        return ROW_Y0 + position * ROW_STEP

    def paint_witches(self, surf: pygame.Surface, hidden: str | None, sliding: bool = False) -> None:
        """The witches in their column; those sliding in a swap only with ``sliding`` (they
        are drawn over the kept table, every frame: ``Table.draw_over``)."""
        v = self.view
        scores = v["scores"]
        moving = self.witch_anim["from"] if self.witch_anim else {}
        for w in v["witches"]:
            colour, pos = w["colour"], w["position"]
            if (colour in moving) != sliding:
                continue
            if hidden == f"witch:{colour}":
                pygame.draw.rect(surf, (20, 44, 36), witch_rect(pos), border_radius=12)
                continue
            rect = witch_rect(pos)
            rect.top = self.witch_y(colour, pos)
            self.art.draw_witch(surf, colour, rect)
            tips.note(rect, "brujas_tips.witch", colour=colour, n=w["score"])
            fans = [s for s, sc in enumerate(scores) if sc.get("colour") == colour]
            if fans:
                tips.note((FANS_X - 12, rect.top + 4, 48, 26 * ((len(fans) + 1) // 2)), "brujas_tips.fans",
                          colour=colour, n=w["score"])
            for k, seat in enumerate(fans):  # who would score this witch if the game ended now
                widgets.seat_badge(surf, seat, (FANS_X + (k % 2) * 24, rect.top + 16 + (k // 2) * 26), 22)
            if step_of(v) in ("witch", "pick") and v.get("winning_card") and \
                    self.card_colour(v["winning_card"]) == colour and step_of(v) == "witch":
                pygame.draw.rect(surf, theme.ACCENT, rect.inflate(8, 8), 3, border_radius=14)

    def paint_witch_targets(self, surf: pygame.Surface) -> None:
        """Mark the rows the winner's witch may move to (only legal directions have zones).

        A veil over the target witch's text with the direction; her glyph, letter and
        colour band stay visible, and so does the score card she would move to.
        """
        for z in self.zones:
            if z.id.startswith("witch:"):
                label = self.ctx.tr(f"brujas_ui.move_{z.id[6:]}")
                area = z.rect.copy()
                area.left += int(area.height * 0.86) + 8
                area.width = z.rect.right - area.left
                veil = self._veils.get(area.size)
                if veil is None:
                    veil = pygame.Surface(area.size, pygame.SRCALPHA)
                    pygame.draw.rect(veil, (12, 18, 26, 215), veil.get_rect(), border_radius=10)
                    self._veils[area.size] = veil
                surf.blit(veil, area)
                text.draw(surf, label, area.center, self.fit(label, 34, area.width - 16, True), theme.GLOW,
                          True, "center")
                tips.note(z.rect, f"brujas_tips.move_{z.id[6:]}", n=self.score_at(z.rect))

    # --- player panels ----------------------------------------------------------------------
    def panel_parts(self) -> list:
        """The seat panels, a part each (the table painted ahead, TABLE-3 of games/ui/table.py)."""
        best = tuple(tuple(row) for row in self.view["majority_leads"])  # who leads each kind
        return [lambda surf, seat=seat, r=r: self.blit_panel(surf, seat, r, best) for seat, r in enumerate(self.panels)]

    def blit_panel(self, surf: pygame.Surface, seat: int, r: pygame.Rect, best: tuple) -> None:
        """A seat's panel.  Each panel is cached until what it shows changes; its face-up (public) pile
        cards are still written to the draw log every frame, as if drawn again.  A panel
        is painted on the felt it lies on (the scene fills the canvas with it first), so
        the frame copies it rather than blending it: the same pixels, one surface per seat
        (together the right column, 438x978 x 4 B = 1.6 MiB, as before)."""
        v = self.view
        pile = tuple(c for c in v["captured"][seat] if c not in self.flying)
        key = (seat, r.size, pile, v["hand_counts"][seat], tuple(sorted(v["scores"][seat].items())),
               v.get("turn_seat") == seat, seat == self.viewer, tuple(self.panel_tags(seat)), best, r.topleft)
        cached = self._panel_cache.get(seat)
        if cached is None or cached[0] != key:
            img = pygame.Surface(r.size)  # opaque (the display's format), on the felt: a copy, not a blend
            img.fill(theme.FELT)
            noted: list = []  # its tips, kept with it (BRUJAS-UI-PANELS-1)
            with tips.noting(noted):
                self.paint_panel(img, seat, img.get_rect(), best)
            cached = (key, img, pile, tips.moved(noted, r.topleft))  # (a card starting to travel: unseen)
            self._panel_cache[seat] = cached
        else:
            for card in cached[2]:
                cards.DRAW_LOG.face_up(card)
        surf.blit(cached[1], r)
        tips.note_all(cached[3])

    def score_at(self, rect: pygame.Rect) -> int:
        """The score card beside a row of the witch column."""
        cards_ = self.ctx.rules.data.score_cards
        return cards_[max(0, min(len(cards_) - 1, (rect.top - ROW_Y0 + ROW_STEP // 2) // ROW_STEP))]

    def paint_panel(self, surf: pygame.Surface, seat: int, r: pygame.Rect, best: tuple) -> None:
        v = self.view
        tr = self.ctx.tr
        current = v.get("turn_seat") == seat
        mine = seat == self.viewer
        widgets.panel(surf, r, (44, 104, 84) if current else ((34, 70, 58) if mine else theme.FELT_DARK), 14,
                      theme.ACCENT if current else theme.INK_DIM, 4 if current else 1)
        # header: badge, name, tags, hand as card backs with a count
        hy = r.top + (20 if r.height < COMPACT else 24)
        tips.note(r, "brujas_tips.panel", seat=seat)
        widgets.seat_badge(surf, seat, (r.left + 24, hy), 30)
        name = self.ctx.seat_name(seat) + (tr("brujas_ui.you_suffix") if mine else "")
        n = v["hand_counts"][seat]
        backs_w = 18 + 6 * max(0, min(n, 4) - 1)
        count = tr("brujas_ui.hand_count", n=n)
        count_w = text.render(count, 20, theme.INK).get_width()
        tags = self.panel_tags(seat)
        tag_text = "  ".join(tags)
        tag_w = text.render(tag_text, 20, theme.ACCENT, True).get_width() + 12 if tags else 0
        name_w = r.width - 58 - backs_w - count_w - tag_w - 24
        text.draw(surf, name, (r.left + 46, hy), self.fit(name, 26, max(60, name_w), True),
                  theme.INK, True, "midleft")
        x = r.right - 12 - count_w
        text.draw(surf, count, (x, hy), 20, theme.INK, False, "midleft")
        x -= 8 + backs_w
        for i in range(min(n, 4)):
            self.art.painter.draw(surf, None, pygame.Rect(x + i * 6, hy - 13, 18, 26), False)
        tips.note((x - 4, hy - 16, r.right - x, 32), "brujas_tips.hand_count", seat=seat, n=n)
        if tags:
            text.draw(surf, tag_text, (x - 10, hy), 20, theme.ACCENT, True, "midright")
            tips.note((x - 14 - tag_w, hy - 16, tag_w + 8, 32), "brujas_tips.tag_" + self.tag_kind(seat), seat=seat)
        by_colour = v.get("majority_by") == "colour"
        self.paint_pile(surf, seat, r, best[seat] if by_colour else None)
        self.paint_numbers(surf, seat, r, None if by_colour else best[seat])
        self.paint_score(surf, seat, r)

    def tag_kind(self, seat: int) -> str:
        """Which of ``panel_tags`` a seat shows (for its tip)."""
        v = self.view
        if v.get("turn_seat") == seat:
            return "pick" if step_of(v) == "pick" else "turn"
        return "winner" if v.get("trick_winner") == seat else "leader"

    def panel_tags(self, seat: int) -> list[str]:
        v = self.view
        tags = []
        if v.get("turn_seat") == seat:
            tags.append(self.ctx.tr("brujas_ui.tag_" + {"pick": "pick"}.get(step_of(v), "turn")))
        elif v.get("trick_winner") == seat:
            tags.append(self.ctx.tr("brujas_ui.tag_winner"))
        elif v.get("leader") == seat and step_of(v) == "play" and v.get("turn_seat") != seat:
            tags.append(self.ctx.tr("brujas_ui.tag_leader"))
        return tags

    def pile_geometry(self, r: pygame.Rect) -> tuple[int, int, int, int]:
        """(group width, card width, card height, top of the cards) of a panel."""
        gw = (r.width - 24) // 4
        top = r.top + (62 if r.height < COMPACT else 74)
        ch = max(34, min(90, self.pile_bottom(r) - top))
        return gw, int(ch * 0.72), ch, top

    def pile_card(self) -> tuple[int, int]:
        """The size of a card in a captured pile (every panel of a table has the same size)."""
        _, cw, ch, _ = self.pile_geometry(panel_rects(len(self.ctx.names))[0])
        return cw, ch

    @staticmethod
    def pile_bottom(r: pygame.Rect) -> int:
        return r.bottom - (68 if r.height < COMPACT else 76)

    def pile_target(self, seat: int, card: str) -> pygame.Rect:
        """Where a card lands in a seat's pile (for the draft animation)."""
        r = self.panels[seat]
        gw, cw, ch, top = self.pile_geometry(r)
        k = self.colour_ids.index(self.card_colour(card))
        return pygame.Rect(r.left + 12 + k * gw + 8, top, cw, ch)

    def paint_pile(self, surf: pygame.Surface, seat: int, r: pygame.Rect, leads: tuple | None) -> None:
        """The captured cards by colour; ``leads`` marks the colours whose majority the seat
        holds (R-4.2, D-1: a gold tile and ★), None when majority goes by number."""
        v = self.view
        gw, cw, ch, top = self.pile_geometry(r)
        counts = v["captured_by_colour"][seat]
        groups = self.sorted_piles[seat]
        for k, colour in enumerate(self.colour_ids):
            gx = r.left + 12 + k * gw
            chip = self.art.chip(colour, 22)
            lead = bool(leads and leads[k])
            if lead:
                pygame.draw.rect(surf, MAJORITY_BG, (gx + 1, top - 31, gw - 6, 28), border_radius=7)
            surf.blit(chip, (gx + 4, top - 28))
            label = f"×{counts.get(colour, 0)}" + (" ★" if lead else "")
            text.draw(surf, label, (gx + 10 + chip.get_width(), top - 17), 20,
                      theme.INK_DARK if lead else theme.INK, True, "midleft")
            tips.note((gx, top - 32, gw - 4, 30), "brujas_tips.pile_colour" + ("_lead" if lead else ""), seat=seat,
                      colour=colour, n=counts.get(colour, 0), points=self.ctx.rules.data.majority_points)
            tips.note((gx, top, gw - 4, self.pile_bottom(r) - top), "brujas_tips.pile_cards", seat=seat,
                      colour=colour, n=counts.get(colour, 0))
            pile = [c for c in groups.get(colour, []) if c not in self.flying]
            if not pile:
                pygame.draw.rect(surf, (60, 80, 72), (gx + 6, top, cw, ch), 1, border_radius=6)
                continue
            for card, rect in zip(
                pile, fan_rects(len(pile), gx + 6, top, gw - 12, cw, ch, self.pile_bottom(r) - top), strict=True
            ):
                self.art.painter.draw(surf, card, rect, True)

    def paint_numbers(self, surf: pygame.Surface, seat: int, r: pygame.Rect, leads: tuple | None) -> None:
        """Captured cards per number; ``leads`` marks number majorities when majority goes by
        number (the data's alternative), None otherwise (the row is then plain information)."""
        v = self.view
        row = v["captured_by_number"][seat]
        y = r.bottom - (50 if r.height < COMPACT else 56)
        tw = (r.width - 24) // len(v["numbers"])
        for i, number in enumerate(v["numbers"]):
            x = r.left + 12 + i * tw
            lead = bool(leads and leads[i])
            tile = pygame.Rect(x + 2, y - 14, tw - 6, 28)
            pygame.draw.rect(surf, MAJORITY_BG if lead else (26, 44, 38), tile, border_radius=7)
            box = pygame.Rect(tile.left + 2, tile.top + 2, 22, 24)
            pygame.draw.rect(surf, theme.CARD_FACE, box, border_radius=4)
            text.draw(surf, str(number), box.center, 20, theme.INK_DARK, True, "center")
            label = f"×{row[i]}" + (" ★" if lead else "")
            text.draw(surf, label, (box.right + 3, tile.centery), 20,
                      theme.INK_DARK if lead else theme.INK, True, "midleft")
            key = "pile_number_lead" if lead else "pile_number" if leads is not None else "pile_number_info"
            tips.note(tile, "brujas_tips." + key, seat=seat, number=number, n=row[i],
                      points=self.ctx.rules.data.majority_points)

    def paint_score(self, surf: pygame.Surface, seat: int, r: pygame.Rect) -> None:
        sc = self.view["scores"][seat]
        y = r.bottom - (19 if r.height < COMPACT else 22)
        chip = self.art.chip(sc.get("colour"), 24)
        surf.blit(chip, (r.left + 12, y - 12))
        line = self.ctx.tr("brujas_ui.score_line", w=sc["witch"], m=sc["majority"], t=sc["total"])
        x = r.left + 20 + chip.get_width()
        text.draw(surf, line, (x, y), self.fit(line, 22, r.right - 12 - x, True), theme.INK, True, "midleft")
        key = "brujas_tips.score" if sc.get("colour") else "brujas_tips.score_none"
        tips.note((r.left + 8, y - 16, r.width - 16, 32), key, seat=seat, colour=sc.get("colour") or "", w=sc["witch"],
                  m=sc["majority"], t=sc["total"])
