"""The tutorial mode of the play screen: a guided first game on the real table.

``TutorialScene`` is the play scene (games/app/play.py) started from a tutorial's position
(data/tutorials/<game>.yaml, games/core/tutorial.py) with one person and scripted bots.
The person moves with the same drag or click as in a real game; the panel shows one
instruction at a time and, after each move, why it mattered; the piece to move and its
target are highlighted (games/app/tutorial_draw.py).  A move other than the one asked for
is refused kindly, with the hint again.  The bots' moves come from the script and wait
until the person has read the step before (Next).  The end offers a real game with the
same seats (the bots become the game's strongest bot) or the title.

Decisions beyond the issue (APP-TUTORIAL_SCENE-n):
- APP-TUTORIAL_SCENE-1 A tutorial is never saved and has no Undo: it starts from its
  position, not from a seed, and the script could not follow a move taken back.
- APP-TUTORIAL_SCENE-2 The seats are named as a real game's defaults (the person is the
  first default name, the bots the next ones), so the texts can name the bots and the
  real game at the end keeps the same names.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import pygame

from games import registry
from games.app import ahead as ahead_mod
from games.app import tutorial_draw
from games.app.app import App
from games.app.play import PlayScene
from games.app.session import BotTurn, SeatSetup, Session
from games.app.storage import BOT_DELAY
from games.core import tutorial
from games.core.engine import Action
from games.core.record import GameRecord
from games.ui import widgets


class ScriptBot:
    """A bot seat of a tutorial: it plays the move the script names."""

    name = "script"

    def __init__(self, runner: tutorial.Runner) -> None:
        self.runner = runner

    def choose(self, view: dict, legal: list, rng: Any) -> Action:
        want = self.runner.bot_action()
        return next((a for a in legal if a == want), want)


@dataclass
class TutorialSession(Session):
    """A session whose bots move only when the script says so, and which the runner follows."""

    runner: tutorial.Runner | None = None

    def is_bot_turn(self) -> bool:
        return super().is_bot_turn() and self.runner.bot_due()

    def apply(self, action: Action, prepared: tuple[Any, bool] | None = None) -> None:
        super().apply(action, prepared)
        self.runner.moved(action)

    def can_undo(self) -> bool:
        return False


def seat_names(app: App, count: int) -> list[str]:
    names = [n.strip() for n in app.tr("app.default_names").split(",")]
    return [names[i % len(names)] for i in range(count)]


def make_session(app: App, game_id: str) -> TutorialSession:
    """The tutorial's session at its first step (raises DataError for a broken file)."""
    t = tutorial.load(game_id)
    state = t.start_state()
    names = seat_names(app, len(t.seats))
    seats = [{"name": names[i], "bot": None if kind == "person" else "script"} for i, kind in enumerate(t.seats)]
    record = GameRecord(game_id, len(seats), state.seed, dict(state.options), seats, [])
    runner = tutorial.Runner(t)
    bots = [None if kind == "person" else ScriptBot(runner) for kind in t.seats]
    return TutorialSession(registry.rules(game_id), record, state, bots, runner=runner)


class TutorialScene(PlayScene):
    def __init__(self, app: App, game_id: str, instant: bool = False) -> None:
        session = make_session(app, game_id)
        self.runner = session.runner
        self.found: tuple[tuple, list] | None = None  # (key, marks) of the highlight
        super().__init__(app, session, instant=instant)
        self.buttons = [b for b in self.buttons if b.key != "undo"]
        _, next_rect, real_rect, title_rect = tutorial_draw.layout(tutorial_draw.panel_rect(self))
        self.next_button = widgets.Button(next_rect, self.tr("tutorial.next"), self.next_step, primary=True,
                                          size=28, key="next")
        self.real_button = widgets.Button(real_rect, self.tr("tutorial.play_real"), self.play_real,
                                          primary=True, size=26, key="play_real")
        self.title_button = widgets.Button(title_rect, self.tr("tutorial.to_title"), self.to_title, size=26,
                                           key="to_title")

    # --- the script --------------------------------------------------------------------
    def panel_buttons(self) -> list[widgets.Button]:
        if self.runner.done:
            return [self.real_button, self.title_button]
        return [self.next_button] if self.runner.waiting else []

    def next_step(self) -> None:
        """Past the note or the why: the next step (a bot's move starts now)."""
        if self.runner.done or not self.runner.waiting:
            return
        self.runner.next()
        self.reason = None
        self.ix.glowing = self.glowing_for(None)
        if self.bot_turn is None and self.session.is_bot_turn():
            delay = 0.0 if self.instant else BOT_DELAY.get(self.app.settings.bot_speed, 0.8)
            self.bot_turn = BotTurn(self.session, delay, functools.partial(ahead_mod.prepare, self))

    def play_real(self) -> None:
        """A real game with the same seats: the same names, the bots the strongest."""
        game = self.game_id
        best = list(registry.bots(game))[-1]
        seats = [SeatSetup(s["name"], best if s["bot"] else None) for s in self.session.record.seats]
        rules = registry.rules(game)
        from games.core.rng import new_seed
        session = Session.start(game, seats, new_seed(), rules.default_options())
        self.app.goto("play", session)

    def to_title(self) -> None:
        self.app.goto("title")

    # --- the play scene, in tutorial mode ------------------------------------------------
    def trusted(self, action: Action) -> Action | None:
        """The move the step asks for; any other is refused kindly, with the hint again."""
        if self.runner.waiting:
            return None
        if self.runner.person_turn() and not self.runner.accepts(action):
            self.show_reason(self.tr("tutorial.not_this") + " " + self.runner.hint(self.ctx.lang))
            return None
        return super().trusted(action)

    def autosave(self) -> None:
        """Never saved (APP-TUTORIAL_SCENE-1)."""

    def may_undo(self) -> bool:
        return False

    def finish(self) -> None:
        """The end panel stays on the table (TUTORIAL-2 of games/core/tutorial.py)."""
        self.finished_at = None

    def handle(self, event: pygame.event.Event) -> None:
        waiting = self.runner.waiting
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            if not self.motion.skip_moment() and waiting:
                self.next_step()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.panel_buttons():
                if b.hit(event.pos):
                    self.ix.mouse = event.pos
                    b.click()
                    return
            if waiting and not any(b.hit(event.pos) for b in self.buttons):
                self.ix.mouse = event.pos
                self.motion.skip_moment()
                return  # the table waits for Next
        if event.type == pygame.MOUSEBUTTONUP and waiting and not self.ix.dragging:
            self.press = None
            return
        super().handle(event)

    def marks(self) -> list:
        key = (self.runner.index, self.runner.waiting, self.table.generation, self.session.current)
        if self.found is None or self.found[0] != key:
            self.found = (key, tutorial_draw.marks(self))
        return self.found[1]

    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        if self.motion.moment_now() is not None:
            return  # the game's own moment says what happened; the panel follows it
        if not self.ix.dragging and self.snap is None:
            tutorial_draw.draw_marks(surf, self.marks(), self.t, self.app.settings.reduced_motion)
        tutorial_draw.draw_panel(surf, self)


def start(app: App, game_id: str) -> bool:
    """Open the tutorial of ``game_id``; a missing or broken one is said in one message."""
    from games.core.data import DataError
    why = tutorial.problem(game_id)
    if why is None:
        try:
            app.replace(TutorialScene(app, game_id))
            return True
        except DataError as err:
            tutorial.note_problem(game_id, str(err))
            why = str(err)
    app.open("message", app.tr("tutorial.cannot_start"), why[:300])
    return False

