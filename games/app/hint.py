"""The Hint button and the H key: the strongest bot's move for the person to act, outlined
on the table with one line of why (issue 30 item 2).

A hint is worked out by the bot worker (games/app/session.py ``WORKER``), never in the
frame (the strongest bot takes 30-250 ms): the game's ``strong`` bot decides (``decide``,
BOTS-3, 4) from the acting person's own view (``rules.view(state, seat)``) and the legal
moves, with a generator seeded by the game's seed and the move number.  The move is
outlined as a tutorial step's move is (games/app/tutorial_draw.py ``gestures`` and
``draw_marks``), and its reason, rendered by the rules' ``event_text``, is written in the
place the game keeps for messages (``line``, drawn by play_draw.py ``draw_messages``).

Decisions beyond the issue (APP-HINT-n):
- APP-HINT-1 A hint belongs to the position it was worked out for (the very state on the
  table): any move, an undo or a bot's move clears it; a step inside one move that changes
  no state (Fuji 99's + / - cubes) keeps it, and the outline moves on to the next gesture.
  A press while a hint is being worked out does nothing more; a press while it shows
  hides it and the next shows it again (the button is lit while it shows).
- APP-HINT-2 A hint is offered only when a person acts at an open table: not on a bot's
  turn, not behind the pass-and-play curtain, not once the game is over, not in the demo.
  A tutorial has no Hint button: its step already outlines the move it asks for, and the
  strongest bot's move would be refused there.
- APP-HINT-3 In the store demo a visitor's table shows the Hint button only when staff
  switched on ``visitor_hints`` (staff menu, saved with the kiosk settings, off by
  default); the setting is read when the table is built.  The desktop app always has it.
- APP-HINT-4 The same position gives the same hint: the generator is ``rng_for(seed,
  "hint", moves)`` (its own salt, apart from the bots' ``"bot"``).  A hint is not a move:
  the record, the save and undo never see it.
- APP-HINT-5 The hint's line takes the game's message zone: the reason for a refused move
  wins over it, and it wins over the last move's announcements (the log keeps them).  While
  the bot thinks for longer than ``THINKING_SHOWN`` the line says so.
"""
from __future__ import annotations

import logging
import random
import threading
from typing import Any

import pygame

from games import registry
from games.app import tutorial_draw
from games.app.session import WORKER
from games.core.bots import Bot, reason_parts
from games.core.engine import Action, GameRules
from games.core.rng import rng_for
from games.ui import theme, widgets

log = logging.getLogger(__name__)
GLOW = tutorial_draw.GLOW  # the hint's outline and its line's border: the tutorial's highlight
THINKING_SHOWN = 0.3  # seconds of thinking before the line says the hint is coming
BUTTON = pygame.Rect(theme.W - 700, 12, 160, 52)  # left of Undo in the top bar


def hint_rng(seed: int | str, moves: int) -> random.Random:
    """The generator of the hint for the position after ``moves`` moves (APP-HINT-4)."""
    return rng_for(seed, "hint", moves)


def decide(rules: GameRules, bot: Bot, state: Any, seat: int, rng: random.Random) -> tuple[Action, Any]:
    """The bot's move and reason for ``seat`` in ``state``, from that seat's view only."""
    return bot.decide(rules.view(state, seat), rules.legal_actions(state), rng)


class Hint:
    """One hint, for one position: ``action`` and ``reason`` once ``done`` is set."""

    def __init__(self, scene: Any) -> None:
        s = scene.session
        self.rules, self.state, self.seat = s.rules, s.state, s.current
        self.bot = registry.bots(scene.game_id)["strong"](s.rules, self.seat)
        self.rng = hint_rng(s.record.seed, len(s.record.actions))
        self.asked = scene.t
        self.action: Action | None = None
        self.reason: Any = None
        self.found: tuple[tuple, list] | None = None  # (key, marks) of the outline
        self.hidden = False  # hidden again by the button (APP-HINT-1)
        self.cancelled = False
        self.done = threading.Event()
        WORKER.submit(self)

    def work(self) -> None:
        """In the bot worker: the strongest bot's move from the person's own view."""
        try:
            if not self.cancelled:
                self.action, self.reason = decide(self.rules, self.bot, self.state, self.seat, self.rng)
        except Exception as exc:  # a broken bot gives no hint; the game goes on
            log.error("hint for seat %s failed", self.seat, exc_info=exc)
            self.action = None
        self.done.set()

    def cancel(self) -> None:
        self.cancelled = True


def allowed(scene: Any) -> bool:
    """This table offers hints at all (APP-HINT-2, 3)."""
    if scene.demo or getattr(scene, "runner", None) is not None:
        return False
    return not scene.app.kiosk or scene.app.settings.visitor_hints


def install(scene: Any) -> None:
    """The Hint button in the top bar, left of Undo, where the table offers hints."""
    scene.hint = None
    scene.hint_button = None
    if allowed(scene):
        scene.hint_button = widgets.Button(BUTTON.copy(), scene.tr("app_hint.button"), lambda: ask(scene),
                                           size=26, key="hint")
        scene.buttons.insert(0, scene.hint_button)


def available(scene: Any) -> bool:
    """A person acts now at an open table (APP-HINT-2)."""
    s = scene.session
    cur = s.current
    return (scene.hint_button is not None and cur is not None and s.bots[cur] is None
            and scene.bot_turn is None and scene.curtain_for() is None)


def current(scene: Any) -> Hint | None:
    """The hint asked for the position on the table, if any (an older one is dropped)."""
    h = scene.hint
    if h is not None and (h.state is not scene.session.state or not available(scene)):
        h.cancel()
        h = scene.hint = None
    return h


def ask(scene: Any) -> None:
    """The Hint button or H: work out the hint for this position once; shown, hide it;
    hidden, show it again (APP-HINT-1)."""
    if not available(scene):
        return
    h = current(scene)
    if h is None:
        scene.hint = Hint(scene)
    elif h.done.is_set():
        h.hidden = not h.hidden


def shown(scene: Any) -> Hint | None:
    """The hint to show now: worked out, for this position, not hidden."""
    h = current(scene)
    return h if h is not None and h.done.is_set() and h.action is not None and not h.hidden else None


def line(scene: Any) -> str | None:
    """The hint's line of why, or that it is coming, or None."""
    h = current(scene)
    if h is not None and not h.done.is_set():
        return scene.tr("app_hint.thinking") if scene.t - h.asked >= THINKING_SHOWN else None
    h = shown(scene)
    if h is None:
        return None
    parts = reason_parts(h.reason)
    why = scene.event_text(*parts) if parts else scene.tr("app_hint.no_reason")
    return scene.tr("app_hint.line", why=why)


def update_button(scene: Any) -> None:
    """The button is live when a hint may be asked and none is on its way; lit while one shows."""
    b = scene.hint_button
    if b is not None:
        h = current(scene)
        b.enabled = available(scene) and (h is None or h.done.is_set())
        b.primary = shown(scene) is not None


def marks(scene: Any, h: Hint) -> list:
    """(piece rect or None, target rect) of the hinted move's next gesture on this table."""
    key = (scene.table.generation, scene.ix.selected)
    if h.found is None or h.found[0] != key:
        found = tutorial_draw.gestures(scene, h.action)
        out = []
        if found is not None:
            piece, target = found
            p = scene.table.piece(piece) if piece else None
            out.append((p.rect.copy() if p else None, target))
        h.found = (key, out)
    return h.found[1]


def draw(scene: Any, surf: pygame.Surface) -> None:
    """The hinted move outlined over the table (not while a piece is dragged or flies home)."""
    h = shown(scene)
    if h is None or scene.ix.dragging or scene.snap is not None:
        return
    tutorial_draw.draw_marks(surf, marks(scene, h), scene.t, scene.app.settings.reduced_motion)
