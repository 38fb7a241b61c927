"""The play screen: one scene for every game, driving its controller and table.

It owns the session (state + record), asks bots in a worker thread, autosaves after every
action, and shows the pass-and-play curtain: when a person must decide with secret
information and someone else used the device last, a full curtain "Pass to <name>" hides
the table until that person confirms.  Split by responsibility:

* games/app/play.py (here): who sees what (curtain, viewer), a new state on the table
  (``refresh``), a move applied (``submit``: checked once, against the legal actions the
  table was built with), autosave, undo, bot scheduling in ``update``;
* games/app/play_input.py: the pointer and the keys (drag and drop, clicks, buttons);
* games/app/play_draw.py: the frame (the kept table layer, what flies over it, the top
  bar, announcements, the curtain);
* games/app/ahead.py: a bot's move worked out in the worker and its table painted ahead.

docs/architecture.md follows a move through these files.
"""
from __future__ import annotations

import functools
import os
import time
from collections.abc import Generator, Iterator
from typing import Any

import pygame

from games import registry
from games.app import ahead as ahead_mod
from games.app import foresee, gamelog, hint, storage, writer
from games.app.ahead import WAIT_FRAMES, Ahead
from games.app.app import App, Scene
from games.app.demo import DEMO_DELAY, demo_viewer, next_demo, past_segment
from games.app.demo import log as shop_log
from games.app.play_draw import BANNER_LINES, TOP, DrawMixin
from games.app.play_input import DRAG_THRESHOLD, PointerMixin
from games.app.session import BotTurn, Session
from games.app.storage import BOT_DELAY
from games.core.bots import Bot
from games.core.engine import Action
from games.ui import cards, moment_art, motion, text, theme, tips, widgets
from games.ui.table import Interaction, TableContext

__all__ = ["PlayScene", "BANNER_LINES", "TOP", "DRAG_THRESHOLD", "KEEP_LAYER", "BOT_DELAY"]

DEMO_WINNER_SECONDS = 6.0  # the demo's winner moment before the next game
KEEP_LAYER = os.environ.get("TABLE_KEEP_LAYER", "1") != "0"  # 0: paint every frame (pixel tests)


class PlayScene(PointerMixin, DrawMixin, Scene):
    @property
    def keep_layer(self) -> bool:
        """The painted table is kept and shown again (``TABLE_KEEP_LAYER``, TABLE-2 of table.py)."""
        return KEEP_LAYER

    def __init__(self, app: App, session: Session, demo: bool = False, instant: bool = False) -> None:
        super().__init__(app)
        self.session = session
        self.game_id = session.record.game
        self.demo = demo
        self.instant = instant
        self.fast_forward: Any = None  # the demo game's rest, played in the worker (demo.py APP-DEMO-17)
        self.shown_since = time.monotonic()  # the wall clock's start of a demo game (APP-DEMO-17)
        self.jumped = False
        lang = app.settings.lang
        self.ctx = TableContext(session.rules, lang, session.names, session.bot_names,
                                session.record.options, spectator=demo)  # the demo: nobody plays (TABLE-5)
        ctl_cls, table_cls = registry.ui_classes(self.game_id)
        self.controller = ctl_cls(self.ctx)
        self.table = table_cls(self.ctx, self.controller)
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
        self.frames = 0  # frames updated (a bot's thinking waits for the second: APP-PLAY-1)
        self.down_zone: str | None = None  # the zone a press began on (a click needs both ends there)
        self.warming: Iterator[None] | None = None  # the next landing's text, measured a line a frame
        self.ahead: Ahead | None = None  # the next landing's table, painted a few steps a frame (ahead.py)
        self.log_marks: list[int] = []  # log lines each applied action added (undo removes them)
        self.kept: tuple[tuple, tuple] | None = None  # (layer key, faces on it) of the kept layer
        self.table_moving = False  # the view's own animation runs: paint every frame
        self.tip_pointer = tips.Pointer()  # when a tip shows (games/ui/tips.py TIPS-3)
        self.over_tips: list[tips.Tip] = []  # tips noted over the kept table this frame (``draw_over``)
        self.tip_box: tuple | None = None  # the tip shown in the last frame and where (tests, tools)
        self.log_seat = gamelog.log_viewer(session.bots)  # whose log (gamelog.py APP-GAMELOG-30)
        self.moved_by: Any = None  # the bot's turn whose move lands now (its reason: reason_lines)
        if session.record.actions:  # Continue: the whole log, rebuilt from the record
            bots = [type(b) if isinstance(b, Bot) else None for b in session.bots] if self.explains() else None
            chunks = gamelog.per_action(session.rules, session.record, self.log_seat, lang, session.names,
                                        bots=bots)
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
        hint.install(self)  # the Hint button and H (games/app/hint.py)
        self.refresh(initial=True)
        if not PlayScene.building:
            for _ in self.paint_ahead():
                pass

    def paint_ahead(self) -> Iterator[None]:
        """The heavy painting when the scene is built, not in the frame a card first shows
        (in steps: ``build_steps``)."""
        self.prerendered = self.table.prerender()
        yield
        moment_art.band_canvas()  # a moment's band canvas, made once a process (MOMENT-ART-1)
        writer.WRITER.start()  # the save writer's thread (APP-WRITER-4)
        yield
        if KEEP_LAYER and not self.instant and any(b is not None for b in self.session.bots):
            self.app.table_layer_ahead()  # bots' moves are painted ahead into it (ahead.py): made now
            yield
        if self.ctx.lang == "ja":
            text.warm_wrapping()

    building = False  # True while build_steps makes the scene (its painting comes in steps)

    @classmethod
    def build_steps(cls, app: App, session: Session, **kwargs: Any) -> Generator[None, None, PlayScene]:
        """The scene built in steps before it is shown (games/app/building.py APP-BUILDING-1):
        the table's modules, the scene, its own painting with the faces only listed, the
        faces painted one a step, the table's parts a part a step, its first frame;
        returns the scene."""
        registry.ui_classes(session.record.game)
        yield
        PlayScene.building = True
        try:
            scene = cls(app, session, **kwargs)
        finally:
            PlayScene.building = False
        yield
        painting = scene.paint_ahead()
        with cards.queued_prerender() as queue:
            next(painting)
        yield
        yield from painting
        scene.prerendered = yield from cards.paint_queued(queue)
        if scene.curtain_for() is None:  # its panels and texts made a part a step (never shown)
            yield from scene.table.paint_layer_steps(app.table_layer_ahead(), scene.ix, faces=[])
        with cards.DRAW_LOG.into([]):  # its first frame, drawn once where the next frame overwrites it
            scene.draw(app.surface)
        return scene

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

        In the store demo nobody plays, so the acting bot's hand is shown face up (from
        one fixed side where the table would turn, demo.py APP-DEMO-19).
        """
        rules, state = self.session.rules, self.session.state if state is None else state
        if self.demo:
            return demo_viewer(self.game_id, rules, state)
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
        if self.demo:
            self.ctx.watched = self.ctx.seat_name(viewer)  # whose cards the demo shows (TABLE-5)
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
            lines = prepared[2] if prepared else (self.log_lines(s.state, viewer, view)
                                                  + self.reason_lines(self.moved_by, s.state))
            # over the table: what was played and what it did; the routine lines stay in the log
            self.banner = (self.banner + [(line, self.t) for line in lines[:BANNER_LINES]])[-4:]
            self.landed(self.moved_by, lines)
            if not adopt:  # (the adopted table's log has them)
                self.ctx.log.extend(lines)
                gamelog.keep(self.ctx.log)
            self.log_marks = (self.log_marks + [len(lines)])[-200:]
        self.moved_by = None
        self.ix.selected = None
        self.ix.glowing = self.glowing_for(None)
        if self.bot_turn is not None:
            self.bot_turn.cancel()
        self.bot_turn = self.warming = None
        if s.is_bot_turn():
            delay = 0.0 if self.instant else BOT_DELAY.get(self.app.settings.bot_speed, 0.8)
            if self.demo:
                delay = self.demo_delay()
            # APP-PLAY-1 (perf, issue 31): a bot thinks from the scene's second frame on, so
            # its thinking never shares the machine with the scene's first frame (a start
            # straight into a game, a screen change); its move waits for its time anyway.
            # Instant mode (tests, tools) hands it over at once, as before.
            self.bot_turn = BotTurn(s, delay, functools.partial(ahead_mod.prepare, self),
                                    now=self.instant or self.frames > 1)
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

    def demo_delay(self) -> float:
        """Seconds before a demo bot's move lands (the staff's pace)."""
        return DEMO_DELAY.get(self.app.settings.demo_pace, 2.0)

    def landed(self, turn: Any, lines: list[str]) -> None:
        """A move landed (``turn``: the bot's, or None) with these log lines (a hook: the demo's captions)."""

    def reason_lines(self, turn: Any, after: Any) -> list[str]:
        """The bot's reason under its move's lines, where the log says why and as its reader
        may read it (games/app/gamelog.py APP-GAMELOG-35..37); also in the bot worker."""
        s = self.session
        if not isinstance(getattr(turn, "bot", None), Bot) or turn.view is None or not self.explains():
            return []  # (a person's move worked out ahead, a tutorial's scripted one)
        told = gamelog.log_reason(s.rules, turn.state, turn.result, after, type(turn.bot), self.log_seat,
                                  turn.view, turn.legal)
        return gamelog.reason_line(s.rules, told, self.app.settings.lang, self.ctx.names)

    def explains(self) -> bool:
        """The log says why bots moved (APP-GAMELOG-35)."""
        return gamelog.explains(self.app.settings.explain_bots, self.session.bots, self.demo)

    def configure_motion(self) -> None:
        """Durations follow the bot-speed setting; reduced motion draws end states at once."""
        self.motion.configure(self.app.settings.bot_speed, self.app.settings.reduced_motion)
        self.motion.moments_on = not self.instant  # instant (headless tests): nothing may catch a click
        self.motion.skip_hint = self.tr("motion.skip_hint")

    def log_lines(self, state: Any, viewer: int | None, view: dict) -> list[str]:
        """The log lines of the action that made ``state`` (``view``: ``viewer``'s view of
        it), written for the log's reader (games/app/gamelog.py APP-GAMELOG-30)."""
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
        turn = turn or foresee.take(self, action)  # a person's move worked out ahead (APP-FORESEE-1)
        ready = turn is not None and turn.after is not None and turn.state is self.session.state
        if not ready:
            action = self.trusted(action)
            if action is None:
                return False
        acting = self.session.current
        self.moved_by = turn
        self.session.apply(action, turn.after if ready else None)
        if acting is not None and self.session.bots[acting] is None and acting != self.unlocked:
            self.unlocked = None  # someone else used the device: curtain before secrets
        self.app.sounds.play("play")
        self.autosave()
        self.refresh(prepared=turn.prepared if ready else None, turn=turn if ready else None)
        return True

    def trusted(self, action: Action) -> Action | None:
        """The very object ``legal_actions`` gave for this state that equals ``action`` (so
        ``apply`` trusts it and does not check it again, games/core/engine.py), or None
        with the reason shown.  The list is the one the table was built with: the rules
        remember it on the state, so it is worked out once per state."""
        over = self.session.current is None
        for x in () if over else self.session.rules.legal_actions(self.session.state):
            if x == action:
                return x
        err = self.session.check(action)  # only a refused move is checked in full: for its reason
        if err is None:  # a form the rules still accept (an older record's, fuji99 rules FUJI99-RULES-19)
            return action
        self.show_reason(self.event_text(err.key, err.params))
        return None

    def autosave(self) -> None:
        """The game's own slot after every action; a finished game moves to the history.
        Written by the writer thread (games/app/writer.py): a failure is said on a later frame."""
        if not self.demo:
            storage.autosave(self.session)

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

    # --- frame -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.t += dt
        self.ix.t = self.t
        self.frames += 1
        if self.bot_turn is not None and self.frames > 1:
            self.bot_turn.submit()  # (APP-PLAY-1)
        if self.demo:
            past_segment(self)
            if self.app.top is not self:
                return
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
        if bt is None:
            foresee.tick(self)  # the move a person points at, worked out and painted ahead
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
        if self.demo:  # the shop's log: the soak counts what the demo played (games/app/soak.py)
            shop_log.info("demo played: %s, %d actions", self.game_id, len(self.session.record.actions))
            next_demo(self.app, self.session, self.jumped)
            return
        self.app.open("results", self.session)
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
