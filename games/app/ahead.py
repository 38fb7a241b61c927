"""A bot's move landing: what the landing frame will show, worked out in the bot worker
(``prepare``), its announcements measured (``landing_text``) and its table painted ahead
(``Ahead``, TABLE-3 of games/ui/table.py) while the move waits, then adopted (``adopt``).

A bot's move is chosen and applied by the bot worker (games/app/session.py); the play
scene then waits for the move's time (the bot speed) and for the table to stand still.
Meanwhile (as soon as the move is thought out and no moment is queued) an ``Ahead``
lays the next state out on a fork of the table (its own copy of the layout, the
log, the seat panels and the motion state, as the table will be when what moves now has
landed; the card painters and other caches are shared) and paints it, steps of
``paint_steps`` within a small time budget a frame, into the app's second table layer.
The frame in which the move lands adopts the fork and its layer: it swaps them in and
shows the layer (one copy) instead of painting the whole table.

Nothing here changes what is shown: the fork is built with the same calls ``refresh``
makes (``reset_local``, ``rebuild``, ``on_events``, the reduced-motion skip) on the
same view, and the layer is only used when its key (``TableView.layer_key``) still
matches the frame's pointer state; otherwise the landing frame paints as before.  What
it started (travel, counts, moments) starts when it is adopted (``caught_up``).
tests/test_kept_layer.py proves both: each adopted landing equals a fresh paint, and
the same demo game shows the same table at each landing with and without painting ahead.
Secrecy: the fork is painted for the viewer the landing frame will have, never behind a
curtain; its faces are written to the draw log when its layer is shown, not before.

- APP-AHEAD-1 (perf, issue 31): the landing frame still rendered what it draws over the
  adopted layer (the new status line, Fuji 99's revealed draw and bust banner, Toutomi's
  total), a third of its cost: ``rehearse`` draws that once ahead, as the last step of the
  paint, on a one-pixel canvas with the fork's motion forked, no face logged and no tip
  kept, so its texts and pictures are in the caches (tests/test_landing_ready.py: no such
  text is rendered on landing; rehearsing changes nothing the table holds but image caches).
- APP-AHEAD-2 (perf, issue 31): a table painted ahead is ``stale`` when the pointer has since
  moved onto or off a button it draws (or the log was scrolled): its key would not match
  and the landing frame would paint the whole table.  ``step`` paints it again for the
  pointer as it is (before and after its steps), so a person who passed over one button
  and clicks another still lands on a table painted ahead.
"""
from __future__ import annotations

import copy
import time
from collections.abc import Iterator
from typing import Any

import pygame

from games.app import gamelog
from games.app.play_draw import BANNER_LINES
from games.ui import cards, text, theme, tips
from games.ui.table import Interaction

WAIT_FRAMES = 30  # a due move waits at most this many frames (0.5 s) for its table
STEP_BUDGET = 0.0004  # seconds of the frame: another step starts in the same frame only below this
FRAME_END = object()  # a step that ends the frame's share (the next one is a frame's share by itself)


class Ahead:
    """One bot turn's table, painted ahead a few steps a frame (``step``)."""

    def __init__(self, scene: Any, turn: Any) -> None:
        self.turn = turn
        self.result: tuple | None = None  # (table, controller, ctx, layer key, faces) when painted
        self.waited = 0  # frames the due move has waited for it
        self.fork: Any = None  # the table being laid out and painted
        self.ix: Interaction | None = None  # the pointer it is painted for
        self._steps: Iterator[None] | None = self._paint(scene)

    @property
    def done(self) -> bool:
        return self.result is not None

    def discard(self) -> None:
        """Not adopted (the table changed, a person acted, a menu opened): let it go now."""
        self._steps = None
        if self.fork is not None:
            self.fork.retire()
            self.fork = None

    def stale(self, scene: Any) -> bool:
        """Painted for a pointer that has moved onto (or off) a button the table draws, or a
        log scrolled since: the landing frame's key would not match (APP-AHEAD-2)."""
        if self.result is None or (scene.ix.mouse == self.ix.mouse
                                   and scene.ctx.log_scroll == self.result[2].log_scroll):
            return False
        table, ctx, key = self.result[0], self.result[2], self.result[3]
        ix = copy.copy(self.ix)
        ix.mouse = scene.ix.mouse
        scroll, ctx.log_scroll = ctx.log_scroll, scene.ctx.log_scroll
        try:
            return table.layer_key(ix) != key
        finally:
            ctx.log_scroll = scroll

    def step(self, scene: Any) -> None:
        """The frame's share: steps (a part of the layout or of the paint, most 0.1–0.3 ms)
        while the frame has spent less than ``STEP_BUDGET`` on them; the last one leaves
        ``result``."""
        self.repaint_if_stale(scene)
        start = time.perf_counter()  # the frame's time (thread_time ticks 15.6 ms on Windows)
        while self._steps is not None:
            got = next(self._steps, StopIteration)
            if got is StopIteration:
                self._steps = None
            elif got is FRAME_END or time.perf_counter() - start >= STEP_BUDGET:
                break
        self.repaint_if_stale(scene)  # (the pointer may have moved while it was painted)

    def repaint_if_stale(self, scene: Any) -> None:
        """Painted, but ``stale``: painted again for the pointer as it is now (one resting
        on the move's button after passing over another), so the landing frame still only
        swaps it in."""
        if self.result is not None and self.stale(scene):
            self.discard()
            self.result, self._steps = None, self._paint(scene)

    def _paint(self, scene: Any) -> Iterator[None]:
        viewer, view, lines = self.turn.prepared
        after = self.turn.after[0]
        ctx = copy.copy(scene.ctx)
        ctx.log = gamelog.keep(scene.ctx.log + lines)
        ctx.watched = ctx.seat_name(viewer) if ctx.spectator else ""  # the demo's seat on view (TABLE-5)
        controller = copy.copy(scene.controller)
        controller.ctx, controller.local = ctx, dict(scene.controller.local)
        table = self.fork = scene.table.fork(ctx, controller)
        controller.reset_local(view)
        table.rebuild(view, viewer, scene.legal_for(after))
        table.on_events(view.get("events", []))
        if scene.app.settings.reduced_motion:
            table.skip_animations()
        ix = Interaction(t=scene.ix.t, mouse=scene.ix.mouse)
        ix.glowing = scene.glowing_for(None, table, controller)
        self.ix = ix
        yield
        layer = scene.app.table_layer_ahead()
        layer.set_clip(None)
        layer.fill(theme.FELT)
        yield
        table.prepare(ix)
        faces: list[str] = []
        for _ in table.paint_layer_steps(layer, ix, faces):
            yield
        yield FRAME_END  # the rehearsal, a frame's share by itself
        rehearse(scene, table, ix)
        yield FRAME_END
        self.result = (table, controller, ctx, table.layer_key(ix), tuple(faces))


def rehearse(scene: Any, table: Any, ix: Interaction) -> None:
    """What the landing frame draws over the adopted table, drawn once ahead where nobody
    sees it (APP-AHEAD-1): its texts rendered, measured and wrapped (the status line, a draw
    revealed over the board, a bust's banner), its images scaled, so that frame finds them
    in the caches.  On a throwaway canvas, with the table's motion forked (its numbers at
    their ends, nothing it starts kept), no face written to the draw log, no tip kept."""
    status = table.status_line()
    text.render(status, scene.status_size(status), theme.INK, True)
    live = table.motion
    table.motion = live.fork()
    try:
        with cards.DRAW_LOG.into([]), tips.noting([]):
            table.draw_over(_scratch(), ix)
    finally:
        table.motion = live


def _scratch() -> pygame.Surface:
    """The canvas ``rehearse`` draws on: one pixel (drawing is clipped; what is rendered,
    measured and scaled for it lands in the caches all the same)."""
    if not _SCRATCH:
        _SCRATCH.append(pygame.Surface((1, 1)))
    return _SCRATCH[0]


_SCRATCH: list[pygame.Surface] = []


def start(scene: Any, bt: Any) -> None:
    """Start painting the coming move's table when it may be: the move thought out and
    applied from the state on the table, no moment queued (travel and counts may still
    run: the fork has them ended; a view's own animation only if it says its fork
    can), the scene on top, and the landing frame showing the same viewer's table (no
    curtain in between)."""
    if (scene.ahead is not None or scene.instant or not scene.keep_layer or bt.after is None
            or scene.motion.queue or (scene.table_moving and not scene.table.forks_while_moving)
            or bt.state is not scene.session.state or scene.app.top is not scene):
        return
    after = bt.after[0]
    if scene.curtain_for(after) is not None or scene.viewer(after) != bt.prepared[0]:
        return
    scene.ahead = Ahead(scene, bt)


def adopt(scene: Any, ahead: Ahead) -> None:
    """The table painted ahead for this move replaces the live one, with its layer."""
    table, controller, ctx, key, faces = ahead.result
    ctx.log_scroll = scene.ctx.log_scroll  # scrolled while it was painted: the key tells
    table.motion.caught_up(scene.motion)
    table.caught_up(scene.table)
    live, ahead.fork = scene.table, None
    scene.table, scene.controller, scene.ctx, scene.motion = table, controller, ctx, table.motion
    live.retire()
    scene.app.adopt_table_layer(scene)
    scene.kept = (key, faces)


def prepare(scene: Any, after: Any, turn: Any = None) -> tuple:
    """In the bot worker, once the bot's move is applied: what the landing frame will
    show (whose view, that view, its log lines with the bot's reason where the log says
    why, their phrases found), so that frame only swaps them in.  The same rules calls as
    the scene's ``refresh``, on the state it will get."""
    rules = scene.session.rules
    viewer = scene.viewer(after)
    view = rules.view(after, viewer)
    lines = scene.log_lines(after, viewer, view) + scene.reason_lines(turn, after)
    for line in lines:
        text.prime(line)
    cur = rules.current_player(after)
    if cur is not None and scene.session.bots[cur] is None and not scene.demo:
        rules.legal_actions(after)  # kept on the state: the landing frame finds it
    return viewer, view, lines


def landing_text(scene: Any, prepared: tuple) -> Iterator[None]:
    """Measure and render the coming move's announcements (drawn over the table every
    frame), one per frame while the move waits for its time, so the landing frame finds
    them made: only caches are filled (the calls ``draw_note`` makes).  Its log lines are
    wrapped and rendered by the table painted ahead."""
    lines = prepared[2]
    zone = scene.table.announce_zone()
    y = zone.top
    for msg in reversed(([m for m, _ in scene.banner] + lines[:BANNER_LINES])[-2:]):
        room = zone.bottom - y - 14
        yield from text.fit_lines_ahead(msg, 28, zone.width - 36, room, True)  # a size a frame
        s, wrapped = text.fit_lines(msg, 28, zone.width - 36, room, True)
        for ln in wrapped:
            text.render(ln, s, theme.INK, True)
            yield
        y += int(s * 1.2) * len(wrapped) + 14 + 10
