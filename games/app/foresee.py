"""A person's own move, worked out and its table painted ahead while they point at it.

APP-FORESEE-1 (perf, issue 31): the frame in which a person's move landed did all the
move's work itself (the rules' apply and view, the log lines, the table laid out and
painted anew): 5–8x the blit floor.  While a piece is dragged (or selected) over a zone,
or the pointer rests on a button, the legal action that a release or a click there would
make is known: the bot worker (games/app/session.py) applies it to the state on the
table and works out what the landing frame will show (``ahead.prepare``, as for a bot's
move); then its table is painted ahead into the second layer a few steps a frame
(``ahead.Ahead``).  When that very action is submitted from the same state, ``submit``
takes it as a bot's prepared turn: the state and the view are swapped in and the painted
table adopted (games/app/ahead.py says why that shows what painting would).  Any other
action, a changed state, or a table not painted yet: the move lands as before.  Nothing
is foreseen in instant mode, behind a curtain, in the demo, or without the kept layer.
"""
from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

from games.app import ahead as ahead_mod
from games.app.session import WORKER
from games.core.engine import Action


class Foresight:
    """One foreseen action from one state: ``state``, ``result`` (the action), ``after``
    and ``prepared`` as a ``BotTurn`` has them once its worker is done."""

    def __init__(self, scene: Any, action: Action) -> None:
        self.scene: Any = scene
        self.rules, self.state, self.result = scene.session.rules, scene.session.state, action
        self.after: tuple[Any, bool] | None = None
        self.prepared: Any = None
        self.text: Iterator[None] | None = None  # ``ahead.landing_text`` for it, a step a frame
        self.cancelled = False
        self.done = threading.Event()
        WORKER.submit(self)

    def work(self) -> None:
        """In the bot worker: the action applied and the landing frame's view worked out."""
        scene, self.scene = self.scene, None  # a finished job holds no scene
        try:
            if not self.cancelled:
                after = self.rules.apply_tracked(self.state, self.result)
                self.prepared = ahead_mod.prepare(scene, after[0])
                self.after = after
        except Exception:  # an action the rules refuse after all: it lands (or is refused) as before
            self.after = self.prepared = None
        self.done.set()

    def cancel(self) -> None:
        self.cancelled = True


def likely(scene: Any) -> Action | None:
    """The legal action a release or a click at the pointer would make now, else None."""
    table, ix = scene.table, scene.ix
    zone = table.zone_at(ix.mouse)
    if zone is None:
        return None
    piece = ix.dragging or ix.selected
    action = scene.controller.action_for(table.view, piece, zone.id)
    if not isinstance(action, Action) or action not in table.legal:
        return None
    return next(x for x in table.legal if x == action)  # the rules' own object (trusted by apply)


def wanted(scene: Any) -> bool:
    """A person's move may be foreseen now (see the module note)."""
    s = scene.session
    cur = s.current
    return (not scene.instant and not scene.demo and scene.keep_layer and cur is not None
            and s.bots[cur] is None and scene.bot_turn is None and scene.app.top is scene
            and scene.curtain_for() is None and bool(scene.table.legal))


def tick(scene: Any) -> None:
    """Each frame of a person's turn: foresee the action at the pointer, start painting
    its table once it is worked out, and paint a few steps of it."""
    fs: Foresight | None = scene.__dict__.get("foresight")
    action = likely(scene) if wanted(scene) else None
    if fs is not None and (action is None or fs.result != action or fs.state is not scene.session.state):
        fs.cancel()
        if scene.ahead is not None and scene.ahead.turn is fs:
            scene.ahead.discard()
            scene.ahead = None
        fs = scene.foresight = None
    if action is None:
        return
    if fs is None:
        scene.foresight = Foresight(scene, action)
        return
    if not fs.done.is_set() or fs.after is None:
        return
    if fs.text is None:  # its announcements measured and rendered first, a line a frame (as a bot's)
        fs.text = ahead_mod.landing_text(scene, fs.prepared)
    if next(fs.text, StopIteration) is not StopIteration:
        return
    if scene.ahead is None:
        start(scene, fs)
    elif scene.ahead.turn is fs:
        scene.ahead.step(scene)


def start(scene: Any, fs: Foresight) -> None:
    """Paint the foreseen move's table ahead when the landing frame will show that table
    to the same viewer (no curtain in between; as ``ahead.start`` for a bot's move)."""
    after = fs.after[0]
    if (scene.motion.queue or (scene.table_moving and not scene.table.forks_while_moving)
            or scene.curtain_for(after) is not None or scene.viewer(after) != fs.prepared[0]):
        return
    scene.ahead = ahead_mod.Ahead(scene, fs)


def take(scene: Any, action: Action) -> Foresight | None:
    """The foresight worked out for ``action`` from the state on the table, if any."""
    fs: Foresight | None = scene.__dict__.get("foresight")
    scene.foresight = None
    if fs is None or not fs.done.is_set() or fs.after is None or fs.state is not scene.session.state:
        return None
    return fs if fs.result == action else None
