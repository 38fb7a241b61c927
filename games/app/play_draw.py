"""The play screen's drawing: the table (from the kept layer while nothing it shows
changed, games/ui/table.py and docs/architecture.md), what flies and follows the pointer
over it, the top bar, the announcements, the reason for a refused move and the curtain.
"""
from __future__ import annotations

import pygame

from games import registry
from games.app import demo_overlay, hint
from games.ui import cards, text, theme, tips, widgets

TOP = theme.TOP_BAR
BANNER_LINES = 2  # announcements per action shown over the table (the log keeps them all)


class DrawMixin:
    """What the play screen draws each frame (mixed into ``PlayScene``)."""

    def draw(self, surf: pygame.Surface) -> None:
        if self.curtain_for() is not None:
            surf.fill(theme.FELT)
            self.kept = self.tip_box = None  # nothing painted for the last person is shown to the next
            self.draw_curtain(surf)
            self.draw_top_bar(surf)
            self.motion.draw_moment(surf, TOP)  # public news: everyone sees it, curtain or not
            return
        if self.snap:
            self.ix.hidden = self.snap[0]
        self.draw_table(surf)
        with self.motion.active():  # a dropped card travels on from where it was let go
            self.draw_floating(surf)
        self.motion.flush(surf)
        hint.draw(self, surf)  # the hinted move outlined (games/app/hint.py)
        self.draw_top_bar(surf)
        self.draw_messages(surf)
        self.draw_undo_hint(surf)
        self.motion.draw_moment(surf, TOP)
        if self.demo:
            self.draw_demo_overlay(surf)
        else:
            self.draw_tip(surf)

    def draw_table(self, surf: pygame.Surface) -> None:
        """The table from the kept layer while nothing it shows has changed, else painted
        into the layer first (TABLE-2 of games/ui/table.py); what moves the table itself
        (``draw_under``), flights and what follows the pointer are drawn over it every frame."""
        table, ix = self.table, self.ix
        table.prepare(ix)
        layer, mine = self.app.table_layer(self)
        still = table.still(self.table_moving, ix)
        kept = self.kept if mine and self.keep_layer and still else None
        reuse = kept is not None and kept[0] == table.layer_key(ix) and self.motion.keepable()
        landed = self.motion.landed() + table.settled() if reuse else []
        if reuse and not landed:
            surf.blit(layer, (0, 0))
            if cards.DRAW_LOG.enabled:  # the faces on the kept layer are shown again
                cards.DRAW_LOG.frame.extend(kept[1])
            table.draw_under(surf, ix)
            self.motion.replay(surf)
        elif not (still and self.keep_layer):  # the view animates by itself: painted on the screen, never kept
            surf.fill(theme.FELT)
            table.paint_layer(surf, ix)
            self.kept = None
            table.draw_under(surf, ix)
            self.motion.fly_over(surf)
        else:  # painted into the layer: all of it, or only where flown cards landed
            layer.set_clip(landed[0].unionall(landed[1:]) if landed else None)
            layer.fill(theme.FELT)
            n = len(cards.DRAW_LOG.frame)
            table.paint_layer(layer, ix)
            layer.set_clip(None)
            self.kept = (table.layer_key(ix), tuple(cards.DRAW_LOG.frame[n:]))
            surf.blit(layer, (0, 0))
            table.draw_under(surf, ix)
            self.motion.fly_over(surf)
        with tips.noting([]) as self.over_tips:  # what is drawn over the kept table says what it means too
            table.draw_over(surf, ix)

    def draw_tip(self, surf: pygame.Surface) -> None:
        """What the thing under the resting pointer (or a long press) means (games/ui/tips.py TIPS-3,
        TIPS-4): never while a piece is pressed or dragged, nor over a moment."""
        self.tip_box = None
        if self.ix.dragging or self.motion.moment_now() is not None:
            return
        shown = self.tip_pointer.tip(self.table.tips + self.over_tips, self.t)
        if shown is None or (self.press and not shown[2]):
            return
        tip, pointer, touch = shown
        if touch:
            self.press = self.down_zone = None  # a long press neither drags nor clicks
        words = tips.text_of(self.session.rules, tip, self.app.settings.lang, self.ctx.names)
        self.tip_box = (tip, tips.draw(surf, words, tip, pointer, touch, TOP))

    def draw_floating(self, surf: pygame.Surface) -> None:
        """The dragged piece follows the pointer; a refused one flies back."""
        if self.ix.dragging and self.press:
            p = self.table.piece(self.ix.dragging)
            if p:
                r = p.rect.copy()
                r.topleft = (self.ix.mouse[0] - self.press[2][0], self.ix.mouse[1] - self.press[2][1])
                p.paint(surf, r)
        elif self.snap:
            p = self.table.piece(self.snap[0])
            if p:
                k = min(1.0, (self.t - self.snap[2]) / 0.22)
                fx, fy = self.snap[1]
                r = p.rect.copy()
                r.center = (int(fx + (p.rect.centerx - fx) * k), int(fy + (p.rect.centery - fy) * k))
                p.paint(surf, r)

    def draw_top_bar(self, surf: pygame.Surface) -> None:
        bar = pygame.Rect(0, 0, theme.W, TOP)
        pygame.draw.rect(surf, theme.BG, bar)
        info = registry.info(self.game_id)
        text.draw(surf, info.title[self.app.settings.lang], (24, TOP // 2), 32, theme.ACCENT, True, "midleft")
        status = self.table.status_line()
        if self.bot_turn and self.session.current is not None:
            status = self.tr("app.bot_thinking", name=self.ctx.seat_name(self.session.current))
        (left, right), size = self.status_room(), self.status_size(status)
        text.draw(surf, status, ((left + right) // 2, TOP // 2), size, theme.INK, True, "center")
        self.undo_button.enabled = self.may_undo()
        hint.update_button(self)
        for b in self.buttons:
            b.draw(surf, self.ix.mouse)

    def status_room(self) -> tuple[int, int]:
        """The top bar's room for the status line: between the title and the buttons."""
        return 330, (self.hint_button or self.undo_button).rect.left - 20

    def status_size(self, status: str) -> int:
        left, right = self.status_room()
        return text.fit_size(status, 30, right - left, True)

    def draw_undo_hint(self, surf: pygame.Surface) -> None:
        """Hovering Undo says what it can and cannot take back; hovering Hint, what it shows."""
        over = [k for b, k in ((self.undo_button, "saves.undo_hint"), (self.hint_button, "app_hint.tip"))
                if b is not None and b.rect.collidepoint(self.ix.mouse)]
        if self.demo or not over:
            return
        lines = text.wrap(self.tr(over[0]), 24, 620)[:3]
        box = pygame.Rect(0, 0, 660, 34 * len(lines) + 20)
        box.topright = (theme.W - 20, TOP + 8)
        widgets.panel(surf, box, (18, 22, 30), 10, theme.INK_DIM, 2)
        for i, line in enumerate(lines):
            text.draw(surf, line, (box.left + 20, box.top + 10 + 34 * i), 24, theme.INK)

    def draw_messages(self, surf: pygame.Surface) -> None:
        """The latest announcements and the reason for a refused move, each inside the
        zone the game keeps for them (wrapped by phrase; the reason wins a shared zone)."""
        zone, rzone = self.table.announce_zone(), self.table.reason_zone()
        refused = self.reason is not None and self.t - self.reason[1] < 3.5
        hinted = None if refused else hint.line(self)  # the hint's why (games/app/hint.py APP-HINT-5)
        if refused:
            self.draw_note(surf, self.reason[0], rzone, rzone.top, 30, (90, 24, 24), theme.DANGER)
        elif hinted:
            self.draw_note(surf, hinted, rzone, rzone.top, 28, (18, 22, 30), hint.GLOW)
        if (refused or hinted) and rzone.colliderect(zone):
            return
        recent = [m for m, t0 in self.banner if self.t - t0 < 4.0][-2:]
        y = zone.top
        for msg in reversed(recent):  # the newest first; an older one only if it still fits
            bottom = self.draw_note(surf, msg, zone, y, 28, (18, 22, 30), None)
            if bottom is None:
                break
            y = bottom + 10

    def draw_note(self, surf: pygame.Surface, msg: str, zone: pygame.Rect, top: int, size: int,
                  bg, border) -> int | None:
        """One message box at ``top`` inside ``zone``; None when it would not fit there."""
        s, lines = text.fit_lines(msg, size, zone.width - 36, zone.bottom - top - 14, True)
        step = int(s * 1.2)
        height = step * len(lines) + 14
        if top + height > zone.bottom + 4 and top > zone.top:
            return None
        width = max(text.render(ln, s, theme.INK, True).get_width() for ln in lines) + 36
        box = pygame.Rect(0, top, min(zone.width, width), height)
        box.centerx = zone.centerx
        pygame.draw.rect(surf, bg, box, border_radius=10)
        if border:
            pygame.draw.rect(surf, border, box, 3, border_radius=10)
        for i, ln in enumerate(lines):
            text.draw(surf, ln, (box.centerx, box.top + 7 + i * step + step // 2), s, theme.INK, True, "center")
        return box.bottom

    def curtain_button(self) -> pygame.Rect:
        return pygame.Rect(theme.W // 2 - 360, theme.H // 2 + 60, 720, 110)

    def draw_curtain(self, surf: pygame.Surface) -> None:
        seat = self.curtain_for()
        surf.fill((16, 18, 26))
        name = self.ctx.seat_name(seat)
        widgets.seat_badge(surf, seat, (theme.W // 2, theme.H // 2 - 200), 90)
        text.draw(surf, self.tr("app.pass_to", name=name), (theme.W // 2, theme.H // 2 - 90), 64,
                  theme.INK, True, "center")
        text.draw(surf, self.tr("app.pass_hint"), (theme.W // 2, theme.H // 2 - 10), 30,
                  theme.INK_DIM, False, "center")
        widgets.Button(self.curtain_button(), self.tr("app.i_am", name=name), primary=True,
                       size=36).draw(surf, self.ix.mouse)

    def draw_demo_overlay(self, surf: pygame.Surface) -> None:
        """The attract loop's layer (games/app/demo_overlay.py)."""
        demo_overlay.draw(self, surf)

    def demo_why(self, out) -> list[str]:
        """How the demo's game was won, wrapped for its winner moment (cached)."""
        return demo_overlay.why(self, out)
