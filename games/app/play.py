"""The play screen: one scene for every game, driving its controller and view.

It owns the session (state + record), asks bots in a worker thread, autosaves after every
action, runs drag and drop (see games/ui/table.py) and shows the pass-and-play curtain:
when a person must decide with secret information and someone else used the device
last, a full curtain "Pass to <name>" hides the table until that person confirms.
"""
from __future__ import annotations

import functools
import os
from typing import Any, Iterator

import pygame

from games import registry
from games.app.app import App, Scene
from games.app import demo_overlay
from games.app import ahead as ahead_mod
from games.app import gamelog
from games.app.ahead import WAIT_FRAMES, Ahead
from games.app.demo import DEMO_DELAY, next_demo
from games.app.session import BotTurn, Session
from games.app.storage import BOT_DELAY, finish_game, write_slot
from games.core.engine import Action, IllegalAction
from games.ui import cards, logbox, motion, text, theme, widgets
from games.ui.table import Interaction, TableContext, UiCommand

TOP = theme.TOP_BAR
BANNER_LINES = 2  # announcements per action shown over the table (the log keeps them all)
DEMO_WINNER_SECONDS = 6.0  # the demo's winner moment before the next game
DRAG_THRESHOLD = 8
KEEP_LAYER = os.environ.get("TABLE_KEEP_LAYER", "1") != "0"  # 0: paint every frame (pixel tests)


class PlayScene(Scene):
    def __init__(self, app: App, session: Session, demo: bool = False, instant: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.game_id = session.record.game
        self.demo = demo
        self.instant = instant
        lang = app.settings.lang
        self.ctx = TableContext(session.rules, lang, session.names, session.bot_names,
                                session.record.options)
        ctl_cls, view_cls = registry.ui_classes(self.game_id)
        self.controller = ctl_cls(self.ctx)
        self.table = view_cls(self.ctx, self.controller)
        self.motion = self.table.motion
        self.configure_motion()
        self.ix = Interaction()
        self.unlocked: int | None = None  # the person whose curtain was lifted last
        self.bot_turn: BotTurn | None = None
        self.press: tuple[str, tuple[int, int], tuple[int, int]] | None = None  # piece, start, offset
        self.snap: tuple[str, tuple[int, int], float] | None = None  # piece, from, start time
        self.reason: tuple[str, float] | None = None
        self.banner: list[tuple[str, float]] = []
        self.finished_at: float | None = None
        self.skipped_press = False
        self.t = 0.0
        self.down_zone: str | None = None  # the zone a press began on (a click needs both ends there)
        self.warming: Iterator[None] | None = None  # the next landing's text, measured a line a frame
        self.ahead: Ahead | None = None  # the next landing's table, painted a few steps a frame (ahead.py)
        self.log_marks: list[int] = []  # log lines each applied action added (undo removes them)
        self.kept: tuple[tuple, tuple] | None = None  # (layer key, faces on it) of the kept layer
        self.table_moving = False  # the view's own animation runs: paint every frame
        self.log_seat = gamelog.log_viewer(session.bots)  # whose log (gamelog.py DX-30)
        if session.record.actions:  # Continue: the whole log, rebuilt from the record
            chunks = gamelog.per_action(session.rules, session.record, self.log_seat, lang, session.names)
            self.ctx.log = gamelog.flat(chunks)
            self.log_marks = [len(c) for c in chunks][-200:]
        self.undo_button = widgets.Button(pygame.Rect(theme.W - 530, 12, 190, 52), self.tr("saves.undo"),
                                          self.undo, size=26, key="undo")
        self.buttons = [
            self.undo_button,
            widgets.Button(pygame.Rect(theme.W - 330, 12, 150, 52), self.tr("app.rules"),
                           self.open_rules, size=26, key="rules"),
            widgets.Button(pygame.Rect(theme.W - 170, 12, 150, 52), self.tr("app.menu"),
                           self.open_pause, size=26, key="menu"),
        ]
        self.refresh(initial=True)
        # the heavy painting when the scene is built, not in the frame a card first shows
        self.prerendered = self.table.prerender()
        if KEEP_LAYER and not instant and any(b is not None for b in session.bots):
            app.table_layer_ahead()  # bots' moves are painted ahead into it (ahead.py): made now
        if lang == "ja":
            text.warm_wrapping()

    # --- who sees what ---------------------------------------------------------------
    @property
    def humans(self) -> list[int]:
        return [i for i, b in enumerate(self.session.bots) if b is None]

    def curtain_for(self, state: Any = None) -> int | None:
        """The seat the device must be passed to before anything private is drawn (in
        ``state``, by default the game's current state)."""
        rules, state = self.session.rules, self.session.state if state is None else state
        cur = rules.current_player(state)
        humans = self.humans
        if cur is None or cur not in humans or len(humans) < 2:
            return None
        if not rules.needs_privacy(state):
            return None
        return None if self.unlocked == cur else cur

    def viewer(self, state: Any = None) -> int | None:
        """Whose view is drawn: the only person, or the person behind a lifted curtain.

        In the store demo nobody plays, so the acting bot's hand is shown face up.
        """
        rules, state = self.session.rules, self.session.state if state is None else state
        if self.demo:
            return rules.turn_owner(state)
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        cur = rules.current_player(state)
        if cur in humans and self.curtain_for(state) is None and rules.needs_privacy(state):
            return cur
        return None

    def legal_for(self, state: Any) -> list:
        """The legal actions the table shows in ``state``: a person's turn outside the demo."""
        s = self.session
        cur = s.rules.current_player(state)
        if cur is None or s.bots[cur] is not None or self.demo:
            return []
        return s.rules.legal_actions(state)

    def refresh(self, initial: bool = False, prepared: tuple | None = None, turn: BotTurn | None = None) -> None:
        """Rebuild the table after a state change; start a bot if it is a bot's turn.

        ``prepared``: ``ahead.prepare``'s results for this state (used when the viewer
        is still the one they were made for); ``turn``: the bot's turn that made this
        state, whose table may have been painted ahead (games/app/ahead.py)."""
        s = self.session
        viewer = self.viewer()
        if prepared is not None and prepared[0] != viewer:
            prepared = None
        ahead, self.ahead = self.ahead, None
        adopt = (ahead is not None and ahead.done and turn is not None and ahead.turn is turn
                 and prepared is not None and self.curtain_for() is None)
        view = prepared[1] if prepared else s.rules.view(s.state, viewer)
        if adopt:
            ahead_mod.adopt(self, ahead)
        else:
            if ahead is not None:
                ahead.discard()
            self.controller.reset_local(view)
            self.table.rebuild(view, viewer, self.legal_for(s.state))
        if not initial:
            if not adopt:
                self.table.on_events(view.get("events", []))
                if self.app.settings.reduced_motion:
                    self.table.skip_animations()
            lines = prepared[2] if prepared else self.log_lines(s.state, viewer, view)
            # over the table: what was played and what it did; the routine lines stay in the log
            self.banner = (self.banner + [(line, self.t) for line in lines[:BANNER_LINES]])[-4:]
            if not adopt:  # (the adopted table's log has them)
                self.ctx.log.extend(lines)
                gamelog.keep(self.ctx.log)
            self.log_marks = (self.log_marks + [len(lines)])[-200:]
        self.ix.selected = None
        self.ix.glowing = self.glowing_for(None)
        if self.bot_turn is not None:
            self.bot_turn.cancel()
        self.bot_turn = self.warming = None
        if s.is_bot_turn():
            delay = 0.0 if self.instant else BOT_DELAY.get(self.app.settings.bot_speed, 0.8)
            if self.demo:
                delay = DEMO_DELAY.get(self.app.settings.demo_pace, 2.0)
            self.bot_turn = BotTurn(s, delay, functools.partial(ahead_mod.prepare, self))
        if s.over and self.finished_at is None:
            self.finished_at = self.t
            if not self.demo:
                self.motion.moment(self.winner_moment())

    def winner_moment(self) -> motion.Moment:
        """Who won, before the table of scores (the results screen has the breakdown)."""
        out = self.session.rules.outcome(self.session.state)
        names = "・".join(self.ctx.seat_name(w) for w in out.winners) if self.ctx.lang == "ja" else \
            " & ".join(self.ctx.seat_name(w) for w in out.winners)
        key = "motion.winner_shared" if len(out.winners) > 1 else "motion.winner"
        lines = [self.tr("motion.score_line", rank=out.ranking.index(seat) + 1, name=self.ctx.seat_name(seat),
                         score=out.scores[seat]) for seat in out.ranking[:4]]
        return motion.Moment(self.tr(key, names=names), ("   ".join(lines),), backdrop=motion.confetti, kind="winner",
                             duration=2.2)

    def configure_motion(self) -> None:
        """Durations follow the bot-speed setting; reduced motion draws end states at once."""
        self.motion.configure(self.app.settings.bot_speed, self.app.settings.reduced_motion)
        self.motion.moments_on = not self.instant  # instant (headless tests): nothing may catch a click
        self.motion.skip_hint = self.tr("motion.skip_hint")

    def log_lines(self, state: Any, viewer: int | None, view: dict) -> list[str]:
        """The log lines of the action that made ``state`` (``view``: ``viewer``'s view of
        it), written for the log's reader (games/app/gamelog.py DX-30)."""
        lang, names = self.app.settings.lang, self.ctx.names
        if viewer == self.log_seat:
            return gamelog.view_lines(self.session.rules, view, lang, names)
        return gamelog.lines_after(self.session.rules, state, self.log_seat, lang, names)

    def event_text(self, key: str, params: dict) -> str:
        return self.session.rules.event_text(key, params, self.app.settings.lang, self.ctx.names)

    # --- acting ------------------------------------------------------------------------
    def submit(self, action: Action, turn: BotTurn | None = None) -> bool:
        """Apply an action if legal, else show why; returns True when applied.

        ``turn``: the bot's turn that chose it; its move, applied and prepared by the bot
        worker (from this very state), is swapped in instead of worked out here."""
        ready = turn is not None and turn.after is not None and turn.state is self.session.state
        err = None if ready else self.session.check(action)
        if err is not None:
            self.show_reason(self.event_text(err.key, err.params))
            return False
        acting = self.session.current
        self.session.apply(action, turn.after if ready else None)
        if acting is not None and self.session.bots[acting] is None and acting != self.unlocked:
            self.unlocked = None  # someone else used the device: curtain before secrets
        self.app.sounds.play("play")
        self.autosave()
        self.refresh(prepared=turn.prepared if ready else None, turn=turn if ready else None)
        return True

    def autosave(self) -> None:
        """The game's own slot after every action; a finished game moves to the history."""
        if self.demo:
            return
        try:
            if self.session.over:
                finish_game(self.session)
            else:
                write_slot(self.session)
        except OSError:
            self.app.toast(self.tr("app.autosave_failed"))

    # --- undo (Board Game Arena policy: GameRules.commits) -------------------------------
    def may_undo(self) -> bool:
        """The person to act may take back an action, and it is they who see the table."""
        s = self.session
        return (not self.demo and s.can_undo() and self.curtain_for() is None
                and self.bot_turn is None and not self.ix.dragging)

    def undo(self) -> None:
        """Take back the person's last action: it leaves the state, the record, the save and the log."""
        if not self.may_undo() or not self.session.undo():
            return
        added = self.log_marks.pop() if self.log_marks else 0
        if added:
            del self.ctx.log[-added:]
        self.banner = [(self.tr("saves.undone", name=self.ctx.seat_name(self.session.current)), self.t)]
        self.press = self.snap = None
        self.autosave()
        self.refresh(initial=True)

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
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN):
            self.motion.skip_moment()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
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

    # --- frame -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.t += dt
        self.ix.t = self.t
        self.configure_motion()
        self.motion.tick(dt)
        held = self.motion.moment_now() is not None  # the table stands still under a moment
        self.table_moving = self.table.update(0.0 if held else dt / self.motion.speed)
        animating = self.table_moving or self.motion.busy()
        if self.snap and self.t - self.snap[2] > 0.22:
            self.snap = None
            self.ix.hidden = self.ix.dragging
        bt = self.bot_turn
        thought = bt is not None and bt.done.is_set() and bt.prepared is not None
        if thought:
            ahead_mod.start(self, bt)
        ahead = self.ahead
        if bt and (self.instant or not animating) and bt.ready() and (ahead is None or ahead.done
                                                                     or ahead.waited >= WAIT_FRAMES):
            self.bot_turn = self.warming = None
            if bt.error is not None:  # logged by BotTurn; the people at the table hear it too
                self.app.toast(self.tr("saves.bot_failed", name=self.ctx.seat_name(bt.bot_seat)))
            self.submit(bt.result, bt)
        elif thought:  # thought out, not due yet: its text, then its table, a piece a frame
            if self.warming is None:
                self.warming = ahead_mod.landing_text(self, bt.prepared)
            if next(self.warming, StopIteration) is StopIteration and ahead is not None:
                ahead.step(self)
                if bt.ready() and not animating:  # only frames in which the move could land
                    ahead.waited += 1
        if self.session.over and self.finished_at is not None:
            if self.instant or self.demo:
                wait = 0.0 if self.instant else DEMO_WINNER_SECONDS
            elif self.motion.queue:
                return  # the winner moment first (a click skips it)
            else:
                wait = 0.3 if self.motion.shown[-1:] == ["winner"] else 1.6
            if self.t - self.finished_at >= wait:
                self.finish()

    def finish(self) -> None:
        self.finished_at = None
        if self.demo:
            next_demo(self.app, self.session)
            return
        self.app.open("results", self.session)

    def draw(self, surf: pygame.Surface) -> None:
        if self.curtain_for() is not None:
            surf.fill(theme.FELT)
            self.kept = None  # nothing painted for the last person is shown to the next
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
        self.draw_top_bar(surf)
        self.draw_messages(surf)
        self.draw_undo_hint(surf)
        self.motion.draw_moment(surf, TOP)
        if self.demo:
            self.draw_demo_overlay(surf)

    def draw_table(self, surf: pygame.Surface) -> None:
        """The table from the kept layer while nothing it shows has changed, else painted
        into the layer first (DX-2 of games/ui/table.py); flights and what follows the
        pointer are drawn over it every frame."""
        table, ix = self.table, self.ix
        table.prepare(ix)
        layer, mine = self.app.table_layer(self)
        still = table.still(self.table_moving)
        kept = self.kept if mine and KEEP_LAYER and still else None
        reuse = kept is not None and kept[0] == table.layer_key(ix) and self.motion.keepable()
        landed = self.motion.landed() + table.settled() if reuse else []
        if reuse and not landed:
            surf.blit(layer, (0, 0))
            if cards.DRAW_LOG.enabled:  # the faces on the kept layer are shown again
                cards.DRAW_LOG.frame.extend(kept[1])
            self.motion.replay(surf)
        elif not (still and KEEP_LAYER):  # the view animates by itself: painted on the screen, never kept
            surf.fill(theme.FELT)
            table.paint_layer(surf, ix)
            self.kept = None
            self.motion.fly_over(surf)
        else:  # painted into the layer: all of it, or only where flown cards landed
            layer.set_clip(landed[0].unionall(landed[1:]) if landed else None)
            layer.fill(theme.FELT)
            n = len(cards.DRAW_LOG.frame)
            table.paint_layer(layer, ix)
            layer.set_clip(None)
            self.kept = (table.layer_key(ix), tuple(cards.DRAW_LOG.frame[n:]))
            surf.blit(layer, (0, 0))
            self.motion.fly_over(surf)
        table.draw_over(surf, ix)

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
        left, right = 330, self.undo_button.rect.left - 20  # between the game's title and the buttons
        size = text.fit_size(status, 30, right - left, True)
        text.draw(surf, status, ((left + right) // 2, TOP // 2), size, theme.INK, True, "center")
        self.undo_button.enabled = self.may_undo()
        for b in self.buttons:
            b.draw(surf, self.ix.mouse)

    def draw_undo_hint(self, surf: pygame.Surface) -> None:
        """Hovering Undo says what it can and cannot take back."""
        if self.demo or not self.undo_button.rect.collidepoint(self.ix.mouse):
            return
        lines = text.wrap(self.tr("saves.undo_hint"), 24, 620)[:3]
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
        if refused:
            self.draw_note(surf, self.reason[0], rzone, rzone.top, 30, (90, 24, 24), theme.DANGER)
        if refused and rzone.colliderect(zone):
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

    # --- overlays ----------------------------------------------------------------------
    def open_rules(self) -> None:
        self.app.open("rules", self.game_id)

    def open_pause(self) -> None:
        self.app.open("pause", self)

    def on_resume(self) -> None:
        if self.ahead is not None:
            self.ahead.discard()
        self.kept = self.ahead = None  # settings may have changed under the menu
        self.ix.glowing, self.ix.selected, self.ix.dragging, self.press = set(), None, None, None
