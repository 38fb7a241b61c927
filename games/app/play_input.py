"""The play screen's pointer and keys: drag and drop, click-select-then-target, the
buttons, Escape, Ctrl+Z and H (a hint, games/app/hint.py) (the gestures of
games/ui/table.py, alike for every game).

A gesture becomes an action through the game's controller (``action_for``); the scene's
``submit`` (games/app/play.py) checks and applies it.
"""
from __future__ import annotations

from typing import Any

import pygame

from games.app import hint
from games.core.engine import IllegalAction
from games.ui import logbox
from games.ui.table import UiCommand

DRAG_THRESHOLD = 8


class PointerMixin:
    """What the pointer and the keys do on the play screen (mixed into ``PlayScene``)."""

    def show_reason(self, message: str) -> None:
        self.reason = (message, self.t)
        self.app.sounds.play("illegal")

    def gesture(self, piece: str | None, zone: str) -> None:
        result = self.controller.action_for(self.table.view, piece, zone)
        if isinstance(result, IllegalAction):  # the controller knows why (e.g. not your pile)
            self.show_reason(self.event_text(result.key, result.params))
            if piece is not None:
                self.start_snap(piece)
            return
        if isinstance(result, UiCommand):
            action = self.controller.on_command(self.table.view, result)
            if action is not None:
                self.submit(action)
            else:
                self.table.rebuild(self.table.view, self.table.viewer, self.table.legal)
            return
        if result is None:
            if piece is not None:
                home = self.table.piece(piece)
                if not (home and home.rect.collidepoint(self.ix.mouse)):  # dropped back home: no scolding
                    self.show_reason(self.tr("app.cannot_drop_here"))
                self.start_snap(piece)
            return
        if not self.submit(result) and piece is not None:
            self.start_snap(piece)

    def glowing_for(self, piece: str | None, table: Any = None, controller: Any = None) -> set:
        table, controller = table or self.table, controller or self.controller
        out = set()
        legal = set(table.legal)
        for z in table.zones:
            a = controller.action_for(table.view, piece, z.id)
            if isinstance(a, UiCommand) or (a is not None and a in legal):
                out.add(z.id)
        return out

    def start_snap(self, piece: str) -> None:
        self.snap = (piece, self.ix.mouse, self.t)

    # --- events ------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.demo:
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.FINGERDOWN):
                self.app.goto("title")
            return
        if self.tip_pointer.handle(event, self.t, self.app.stretch):  # a long press's release (TIPS-3)
            self.press = self.down_zone = None
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN):
            self.motion.skip_moment()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h and not event.mod & pygame.KMOD_CTRL:
            hint.ask(self)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.ix.selected:
                self.ix.selected = None
                self.ix.glowing = set()
            else:
                self.open_pause()
            return
        if event.type == pygame.MOUSEMOTION:
            self.ix.mouse = event.pos
            if self.press and not self.ix.dragging:
                pid, start, _ = self.press
                if abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]) > DRAG_THRESHOLD:
                    self.ix.dragging = pid
                    self.ix.hidden = pid
                    self.ix.glowing = self.glowing_for(pid)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.ix.mouse = event.pos
            self.mouse_down(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.ix.mouse = event.pos
            self.mouse_up(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            logbox.scroll(self.ctx, self.ix.mouse, event.y)

    def mouse_down(self, pos) -> None:
        self.down_zone = None
        for b in self.buttons:
            if b.hit(pos):
                b.click()
                return
        if self.motion.skip_moment():  # a click skips the moment (and only that)
            self.skipped_press = True
            return
        self.table.skip_animations()  # travel lands at once: never in the way of a move
        if self.curtain_for() is not None:
            if self.curtain_button().collidepoint(pos):
                self.unlocked = self.session.current
                self.refresh(initial=True)  # the events were announced (and logged) already
            return
        if self.session.over or self.session.is_bot_turn():
            return
        piece = self.table.piece_at(pos)
        if piece and piece.draggable and not self.snap:  # (a refused piece still flying home: buttons work)
            self.press = (piece.id, pos, (pos[0] - piece.rect.x, pos[1] - piece.rect.y))
            return
        zone = self.table.zone_at(pos)
        self.down_zone = zone.id if zone else None

    def mouse_up(self, pos) -> None:
        """Release: a drop, a piece selected, or a click — only on the zone the press began on."""
        down_zone, self.down_zone = self.down_zone, None
        if self.skipped_press:  # the release of the click that skipped a moment
            self.skipped_press = False
            return
        if self.curtain_for() is not None or self.session.over:
            self.press = None
            return
        zone = self.table.zone_at(pos)
        if self.ix.dragging:
            pid = self.ix.dragging
            self.ix.dragging = None
            self.ix.hidden = None
            self.press = None
            self.ix.glowing = self.glowing_for(None)
            if zone and not self.drop_is_only_a_click(pid, zone.id):
                self.gesture(pid, zone.id)
            else:
                if zone:
                    self.show_reason(self.tr("app.cannot_drop_here"))
                self.start_snap(pid)
            return
        if self.press:  # a click on a piece: select it (or unselect)
            pid = self.press[0]
            self.press = None
            if self.ix.selected == pid:
                self.ix.selected, self.ix.glowing = None, self.glowing_for(None)
            else:
                self.ix.selected = pid
                self.ix.glowing = self.glowing_for(pid)
            return
        if zone and zone.id == down_zone:  # a press elsewhere released here is no click
            sel = self.ix.selected
            self.ix.selected, self.ix.glowing = None, self.glowing_for(None)
            self.gesture(sel, zone.id)

    def drop_is_only_a_click(self, piece: str, zone: str) -> bool:
        """A piece dropped on a button that ignores pieces: no legal target, not a click."""
        meant = self.controller.action_for(self.table.view, piece, zone)
        return isinstance(meant, UiCommand) and meant == self.controller.action_for(self.table.view, None, zone)
