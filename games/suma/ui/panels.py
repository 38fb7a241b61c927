"""Suma table painting: map, warehouse, score track, decks and market, player panels,
bingo cards, the acting player's band, the prompt and the round summary.

Mixed into Table (needs ``view``, ``viewer``, ``legal``, ``ctx``, ``painter``, ``jobs``).
Other seats' hand cards are drawn job side up only (their suma side is never drawn).
"""
from __future__ import annotations

import pygame

from games.suma import bingo
from games.suma.ui import art, notes
from games.suma.ui import layout as L
from games.ui import text, theme, tips, widgets

MIN = 20  # smallest text on the 1920 canvas: 14 px at 1366×768


def fit(label: str, size: int, width: int, bold: bool = True) -> int:
    return text.fit_size(label, size, width, bold, MIN)


class Panels:
    """Painting helpers of the Suma Table."""

    # --- map ------------------------------------------------------------------------------
    def paint_map(self, surf: pygame.Surface, lit: dict) -> None:
        d = self.data
        widgets.panel(surf, L.MAP_FRAME, theme.FELT_DARK, 14)
        notes.map_cells(self)
        big, mark = L.CELL * 3 // 5, L.CELL // 2  # an item, a cell's own symbol
        for i, item in enumerate(self.view["board"]):
            r = L.map_rect(i, d.size)
            code = d.map[i // d.size][i % d.size]
            base = (64, 104, 72) if code != "start" else (120, 96, 52)
            pygame.draw.rect(surf, base, r.inflate(-4, -4), border_radius=8)
            if i in lit:
                pygame.draw.rect(surf, theme.GLOW, r.inflate(-4, -4), 4, border_radius=8)
            if code == "start":
                text.draw(surf, "START", (r.centerx, r.top + 11), 20, theme.INK, False, "center")
            elif code != "plain" and item is None:
                art.draw_item(surf, code, r.center, mark, True, (150, 180, 150))
            if item is not None:
                on_start = code == "start"
                art.draw_item(surf, item, (r.centerx, r.centery + (8 if on_start else 0)), big - (8 if on_start else 0))

    # --- warehouse and score track ------------------------------------------------------------
    def paint_warehouse(self, surf: pygame.Surface) -> None:
        d, v = self.data, self.view
        for k, (kind, squares) in enumerate(d.warehouse):
            f = L.frame_rect(k)
            widgets.panel(surf, f, theme.PANEL, 12)
            n = v["stock"][kind]
            text.draw(surf, f"×{n}", (f.left + 84, f.top + 26), 30, theme.INK, True, "midleft")
            tips.note(f, "suma_tips.frame_any" if d.item(kind).anywhere else "suma_tips.frame_own", kind=kind, n=n)
            rule = self.ctx.tr("suma_ui.goes_anywhere" if d.item(kind).anywhere else "suma_ui.goes_own",
                               sym=d.item(kind).symbol)
            y = f.top + 52
            for line in text.wrap(rule, 20, f.width - 92, False)[:2]:
                text.draw(surf, line, (f.left + 84, y), 20, theme.INK_DIM, False, "midleft")
                y += 22
            out = v["excluded"][kind]
            if out:
                tag = self.ctx.tr("suma_ui.excluded", n=out)
                text.draw(surf, tag, (f.right - 10, f.top + 26), 20, theme.DANGER, False, "midright")
                tips.note((f.right - 90, f.top + 8, 86, 36), "suma_tips.excluded", kind=kind, n=out)
            base = sum(len(sq) for _, sq in d.warehouse[:k])
            for j, (num, r) in enumerate(zip(squares, L.square_rects(k, len(squares)), strict=True)):
                who = v["squares"][base + j]
                tips.note(r, "suma_tips.square" if who is None else "suma_tips.square_taken", number=num, kind=kind,
                          seat=who)
                pygame.draw.rect(surf, theme.FELT_DARK, r, border_radius=8)
                pygame.draw.rect(surf, theme.INK_DIM, r, 2, border_radius=8)
                if who is None:
                    text.draw(surf, str(num), r.center, 26, theme.INK, True, "center")
                else:
                    widgets.seat_badge(surf, who, r.center, r.width - 14)
                    text.draw(surf, str(num), (r.right - 3, r.bottom), 20, theme.INK, True, "bottomright")

    def paint_track(self, surf: pygame.Surface) -> None:
        v = self.view
        for n in range(self.data.track_squares):
            r = L.track_rect(n, self.data.track_squares)
            pygame.draw.rect(surf, theme.PANEL, r, border_radius=8)
            text.draw(surf, str(n), (r.left + 5, r.top + 2), 20, theme.INK_DIM, True, "topleft")
            here = [p for p in range(v["players"]) if v["totals"][p] % 10 == n]
            for j, p in enumerate(here):
                widgets.seat_badge(surf, p, (r.left + 12 + (j % 4) * 12, r.top + 38 + (j // 4) * 18), 18)
        r0 = L.track_rect(0, self.data.track_squares)
        k = 0
        for p in range(v["players"]):  # tens pieces on the 0 square: small discs in seat colours
            for _ in range(v["track"][p] - 1):
                pygame.draw.circle(
                    surf, theme.SEAT_COLOURS[p % 7], (r0.right - 7 - (k % 3) * 9, r0.top + 8 + (k // 3) * 9), 4
                )
                k += 1
        notes.track(self)

    # --- decks and market ----------------------------------------------------------------------
    def paint_market(self, surf: pygame.Surface) -> None:
        v, d = self.view, self.data
        for row, col in enumerate(d.colour_ids()):
            y = L.MARKET_Y + row * L.MARKET_ROW
            name = art.colour_name(d, col, self.ctx.lang)
            text.draw(surf, name, (20, y + 20), fit(name, 24, 70), art.CARD_COLOURS[col], True, "midleft")
            deck = v["decks"][col]
            text.draw(surf, self.ctx.tr("suma_ui.deck_n", n=deck["count"]), (20, y + 60), 20, theme.INK_DIM,
                      False, "midleft")
            r = L.deck_rect(row)
            tips.note((16, y, r.left - 18, L.MARKET_ROW - 8), "suma_tips.deck", colour=col, n=deck["count"])
            if deck["top"]:
                notes.job(r, d, deck["top"])
            for slot, cid in enumerate(v["market"][col]):
                if cid:
                    notes.card(L.market_rect(row, slot), d, cid)
            if deck["top"] and f"deck:{col}" != getattr(self, "_hidden", None):
                self.jobs.draw(surf, col, deck["top"], r)
            elif not deck["top"]:
                pygame.draw.rect(surf, theme.FELT_DARK, r, 2, border_radius=8)

    # --- bingo cards ---------------------------------------------------------------------------
    def paint_bingo(self, surf: pygame.Surface, seat: int, area: pygame.Rect, cell: int, size: int,
                    glow: set) -> None:
        v = self.view
        numbers, marked = v["cards"][seat], v["marked"][seat]
        pygame.draw.rect(surf, (236, 232, 218), area.inflate(4, 4), border_radius=6)
        notes.bingo_cells(self, seat, area, cell)
        for i, n in enumerate(numbers):
            r = L.bingo_cell(area, i, cell)
            on = marked >> i & 1
            pygame.draw.rect(surf, (252, 222, 150) if on else (250, 248, 240), r.inflate(-2, -2), border_radius=4)
            label = "F" if n == bingo.FREE else str(n)
            text.draw(surf, label, r.center, size, (150, 60, 50) if on else theme.INK_DARK, cell > 30, "center")
            if on and n != bingo.FREE:
                pygame.draw.line(surf, (200, 50, 40), r.inflate(-6, -6).topleft, r.inflate(-6, -6).bottomright, 3)
            if i in glow:
                pygame.draw.rect(surf, theme.GLOW, r.inflate(2, 2), 3, border_radius=5)
        size5 = self.data.bingo_size
        for li in bingo.completed_lines(marked, size5):
            a, b = _line_ends(li, size5)
            pa, pb = L.bingo_cell(area, a, cell).center, L.bingo_cell(area, b, cell).center
            pygame.draw.line(surf, (40, 120, 220), pa, pb, max(3, cell // 8))

    # --- player panels --------------------------------------------------------------------------
    def paint_panel(self, surf: pygame.Surface, seat: int, area: pygame.Rect) -> None:
        v, d = self.view, self.data
        acting = v["current"] == seat
        widgets.panel(surf, area, (40, 96, 78) if acting else theme.PANEL, 12,
                      theme.ACCENT if acting else theme.SEAT_COLOURS[seat % 7], 4 if acting else 2)
        tips.note(area, "suma_tips.panel", seat=seat)
        widgets.seat_badge(surf, seat, (area.left + 22, area.top + 22), 30)
        name = self.ctx.seat_name(seat)
        text.draw(surf, name, (area.left + 42, area.top + 22), fit(name, 24, 112), theme.INK, True, "midleft")
        score = self.ctx.tr("suma_ui.points", n=v["totals"][seat])
        text.draw(surf, score, (area.left + 10, area.top + 52), 24, theme.ACCENT, True, "midleft")
        line = self.ctx.tr("suma_ui.bingos_n", n=v["bingos"][seat])
        text.draw(surf, line, (area.left + 10, area.top + 80), 20, theme.INK, False, "midleft")
        tips.note((area.left + 4, area.top + 38, 150, 28), "suma_tips.points", seat=seat, n=v["totals"][seat])
        tips.note((area.left + 4, area.top + 68, 150, 26), "suma_tips.bingos", seat=seat, n=v["bingos"][seat])
        tips.note((area.left + 4, area.top + 96, 150, 24), "suma_tips.supply", seat=seat, n=v["supply"][seat])
        for k in range(v["supply"][seat]):
            widgets.seat_badge(surf, seat, (area.left + 18 + k * 24, area.top + 108), 20)
        glow = self.bingo_glow if seat == v["current"] else set()
        card = L.small_bingo(area)
        self.paint_bingo(surf, seat, card, L.SMALL_CELL, 20, glow)
        for cid, r in zip(v["jobs"][seat], L.panel_jobs(area, len(v["jobs"][seat])), strict=True):
            self.paint_mini(surf, cid, r)
            notes.job_card(r, d, cid)
        for h, r in zip(v["hands"][seat], L.panel_hand(area, len(v["hands"][seat])), strict=True):
            pygame.draw.rect(surf, art.CARD_COLOURS[h["colour"]], r, border_radius=6)
            notes.job(r, d, h["job"])
            label = art._compact_from_job(d, h["job"])
            text.draw(surf, label, r.center, fit(label, 22, r.width - 6), theme.INK, True, "center")

    def paint_mini(self, surf: pygame.Surface, cid: str, r: pygame.Rect) -> None:
        """A job card in front of a player: colour, number, compact effect (all public)."""
        c = self.data.card(cid)
        pygame.draw.rect(surf, art.CARD_COLOURS[c.colour], r, border_radius=8)
        pygame.draw.rect(surf, (20, 20, 26), r, 2, border_radius=8)
        text.draw(surf, str(c.number), (r.centerx, r.top + 16), 24, theme.INK, True, "center")
        for j, part in enumerate(art.compact(self.data, cid).split(" ")):
            text.draw(surf, part, (r.centerx, r.top + 50 + j * 26), fit(part, 22, r.width - 4), theme.INK, True,
                      "center")

    # --- the acting player's band -----------------------------------------------------------------
    def paint_band(self, surf: pygame.Surface, seat: int) -> None:
        v = self.view
        widgets.panel(surf, L.BAND, (30, 64, 52), 14, theme.SEAT_COLOURS[seat % 7], 3)
        self.paint_bingo(surf, seat, L.BIG_BINGO, L.BIG_CELL, 26, self.bingo_glow if seat == v["current"] else set())
        who = self.ctx.tr("suma_ui.hand_of", name=self.ctx.seat_name(seat), n=len(v["hands"][seat]))
        text.draw(surf, who, (L.HAND_X, L.HAND_Y - 14), fit(who, 22, 400), theme.INK, True, "midleft")
        jobs = self.ctx.tr("suma_ui.jobs_of", n=len(v["jobs"][seat]), limit=self.data.limits["jobs"])
        text.draw(surf, jobs, (L.JOBS_X, L.HAND_Y - 14), 22, theme.INK, True, "midleft")
        tips.note((L.JOBS_X, L.HAND_Y - 30, 400, 32), "suma_tips.jobs_count", seat=seat, n=len(v["jobs"][seat]),
                  limit=self.data.limits["jobs"])
        tips.note((L.HAND_X, L.HAND_Y - 30, 400, 32), "suma_tips.hand_count", seat=seat, n=len(v["hands"][seat]),
                  limit=self.data.limits["hand"])
        for cid, r in zip(v["jobs"][seat], L.job_rects(len(v["jobs"][seat])), strict=True):
            self.paint_job_card(surf, cid, r)
            notes.job_card(r, self.data, cid)
        for h, r in zip(v["hands"][seat], L.hand_rects(len(v["hands"][seat])), strict=True):
            if h["card"]:
                notes.card(r, self.data, h["card"])
            else:
                notes.job(r, self.data, h["job"])
        if seat != self.viewer:  # someone else's pieces: shown, not draggable
            for k in range(v["supply"][seat]):
                widgets.seat_badge(surf, seat, (L.PAWN.centerx - 30 + k * 30, L.PAWN.centery), 26)
        sup = self.ctx.tr("suma_ui.supply_n", n=v["supply"][seat])
        tips.note((L.PAWN.centerx - 75, L.PAWN.top - 40, 150, L.PAWN.height + 40), "suma_tips.supply", seat=seat,
                  n=v["supply"][seat])
        tips.note((L.PAWN.centerx - 75, L.PAWN.bottom + 26, 150, 30), "suma_tips.reserve", seat=seat,
                  n=v["reserve"][seat])
        text.draw(surf, sup, (L.PAWN.centerx, L.PAWN.top - 24), fit(sup, 22, L.PAWN_LABEL_W), theme.INK, True,
                  "center")
        res = self.ctx.tr("suma_ui.reserve_n", n=v["reserve"][seat])
        text.draw(surf, res, (L.PAWN.centerx, L.PAWN.bottom + 40), fit(res, 20, L.PAWN_LABEL_W, False),
                  theme.INK_DIM, False, "center")

    def paint_job_card(self, surf: pygame.Surface, cid: str, r: pygame.Rect) -> None:
        c = self.data.card(cid)
        pygame.draw.rect(surf, (0, 0, 0), r.move(3, 4), border_radius=8)
        pygame.draw.rect(surf, art.CARD_COLOURS[c.colour], r, border_radius=8)
        label = art.timing_name(self.data, c.colour, self.ctx.lang)
        text.draw(surf, f"{c.number}", (r.left + 8, r.top + 18), 28, theme.INK, True, "midleft")
        text.draw(surf, label, (r.centerx, r.bottom - 16), fit(label, 20, r.width - 8), theme.INK, True, "center")
        for j, part in enumerate(art.compact(self.data, cid).split(" ")):
            text.draw(surf, part, (r.centerx, r.top + 66 + j * 30), fit(part, 26, r.width - 8), theme.INK, True,
                      "center")

    # --- prompt and round summary -----------------------------------------------------------------
    def paint_prompt(self, surf: pygame.Surface, message: str, note: bool = False) -> None:
        """What to do now; while a card is hovered or dragged, where it fits instead."""
        widgets.panel(surf, L.PROMPT.inflate(8, 8), theme.PANEL, 12, theme.ACCENT if note else None, 3)
        y, size = L.PROMPT.top, 26 if note else 22
        for line in text.wrap(message, size, L.PROMPT.width - 12, note)[:4]:
            text.draw(surf, line, (L.PROMPT.left + 6, y), size, theme.ACCENT if note else theme.INK, note)
            y += size + 5

    def paint_summary(self, surf: pygame.Surface, h: dict) -> None:
        widgets.veil(surf, (8, 10, 16, 200))  # in place: no 8 MiB layer per frame
        box = L.SUMMARY
        widgets.panel(surf, box, (28, 34, 46), 20, theme.ACCENT, 3)
        title = self.ctx.tr("suma_ui.summary_title", round=h["round"])
        text.draw(surf, title, (box.centerx, box.top + 44), 40, theme.ACCENT, True, "center")
        why = self.round_end_why(h.get("reason"), h.get("ended_by"))
        if why:
            text.draw(surf, why, (box.centerx, box.top + 86), fit(why, 26, box.width - 60, False), theme.INK, False,
                      "center")
        heads = ["suma_ui.col_bingos", "suma_ui.col_stars", "suma_ui.col_points", "suma_ui.col_total",
                 "suma_ui.col_pieces"]
        xs = [box.left + 520 + k * 146 for k in range(len(heads))]
        for key, x in zip(heads, xs, strict=True):
            label = self.ctx.tr(key)
            text.draw(surf, label, (x, box.top + 130), fit(label, 24, 140), theme.INK_DIM, True, "midleft")
        notes.summary(self, h, xs, heads)
        n = len(h["points"])
        step = min(L.SUMMARY_ROW_STEP, (box.height - 240) // max(1, n))
        for p in range(n):
            y = box.top + L.SUMMARY_ROW_TOP + p * step
            widgets.seat_badge(surf, p, (box.left + 60, y), 36)
            name = self.ctx.seat_name(p)
            text.draw(surf, name, (box.left + 90, y), fit(name, 30, 400), theme.INK, True, "midleft")
            vals = [h["bingos"][p], h["stars"][p], h["points"][p], h["total"][p], h["pieces"][p]]
            for val, x in zip(vals, xs, strict=True):
                text.draw(surf, str(val), (x + 20, y), 30, theme.INK, True, "midleft")
        hint = self.ctx.tr("suma_ui.summary_hint")
        text.draw(surf, hint, (box.centerx, L.SUMMARY_BUTTON.top - 26), 24, theme.INK_DIM, False, "center")
        widgets.Button(L.SUMMARY_BUTTON, self.ctx.tr("suma_ui.summary_go"), primary=True).draw(surf, (0, 0))


def _line_ends(li: int, size: int) -> tuple[int, int]:
    """First and last cell of line ``li`` (rows, columns, then the two diagonals)."""
    if li < size:
        return li * size, li * size + size - 1
    if li < 2 * size:
        c = li - size
        return c, (size - 1) * size + c
    return (0, size * size - 1) if li == 2 * size else (size - 1, (size - 1) * size)


