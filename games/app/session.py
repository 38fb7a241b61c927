"""A game in progress: the rules, the current state, its JSON record and the bots.

Kept free of pygame so the same object serves the play scene, the CLI and tests.  Every
applied action is appended to the record, which is autosaved atomically by the scene.

Undo (Board Game Arena policy, see ``GameRules.commits``): the session keeps the states
before each action the acting person may still take back — their own actions since the
last random draw, reveal or other seat's action.  Undone actions leave the record, so
the autosave and any replay never see them.  Bots never undo.

Decisions beyond the issue (APP-SESSION-n):
- APP-SESSION-1 Showing one's *own* card by one's own choice (a card played from hand) does not
  commit: the BGA rule guards against learning hidden things, and the actor learned
  nothing (``GameRules.commits``).
- APP-SESSION-2 Undo is offered only while the decision is still the same person's: the action
  that hands the turn to another seat cannot be taken back, even before that seat acts
  (the next person may already hold the device behind the curtain).
- APP-SESSION-3 At most ``UNDO_KEPT`` states are kept for one turn (bounded memory); after a
  Continue the turn's undo states are rebuilt by replaying the record.
- APP-SESSION-4 (perf) One long-lived bot worker thinks for every bot (a queue; no thread per
  turn).  It also applies the chosen move and the play scene prepares the landing there
  (the viewer's view, the log lines); the landing frame swaps those in only if they were
  made from the very state it holds, for the viewer it draws (else it works them out).
  A turn left behind (undo, a new table) is cancelled if it has not started.
"""
from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games import registry
from games.core.engine import Action, GameRules, IllegalAction
from games.core.record import RULE_ERRORS, GameRecord, RecordError
from games.core.rng import rng_for
from games.core.safe_text import clean_text


@dataclass
class SeatSetup:
    name: str
    bot: str | None = None  # None: a person


log = logging.getLogger(__name__)
UNDO_KEPT = 200  # states kept for undo (one turn's actions; bounded all the same)


@dataclass
class Session:
    rules: GameRules
    record: GameRecord
    state: Any = None
    bots: list = field(default_factory=list)
    slot: str | None = None  # the autosave slot of this game (games/app/storage.py)
    undo_states: list = field(default_factory=list)  # states before each undoable action
    undo_seat: int | None = None  # whose actions ``undo_states`` are

    @classmethod
    def start(cls, game_id: str, seats: list[SeatSetup], seed: int, options: dict) -> Session:
        rec = GameRecord(game_id, len(seats), seed, dict(options),
                         [{"name": s.name, "bot": s.bot} for s in seats], [])
        return cls.from_record(rec)

    @classmethod
    def from_record(cls, rec: GameRecord) -> Session:
        """Rebuild a game from its record (continue, replay, play again).

        The record goes through ``GameRecord.validate`` first: a bad one raises
        RecordError (with a translatable key) and is never half-used.
        """
        rec = rec.validate(registry.playable)
        rules = registry.rules(rec.game)
        state = rec.replay(rules, upto=0)  # checks players and options, deals
        kinds = registry.bots(rec.game)
        bots = [kinds[seat["bot"]](rules, i) if seat["bot"] else None for i, seat in enumerate(rec.seats)]
        actions, rec.actions = list(rec.actions), []
        session = cls(rules, rec, state, bots)
        for i, text in enumerate(actions):  # replayed through apply: undo works after Continue
            try:
                session.apply(Action.parse(text))
            except (IllegalAction, *RULE_ERRORS) as exc:
                rec.actions = actions
                raise RecordError("record.bad_action", index=i + 1, action=clean_text(text, 40)) from exc
        return session

    @property
    def names(self) -> list[str]:
        out = []
        for i in range(self.record.players):
            seat = self.record.seats[i] if i < len(self.record.seats) else {}
            out.append(str(seat.get("name") or f"P{i + 1}") if isinstance(seat, dict) else f"P{i + 1}")
        return out

    @property
    def bot_names(self) -> list[str | None]:
        return [b.name if b else None for b in self.bots]

    @property
    def current(self) -> int | None:
        return self.rules.current_player(self.state)

    @property
    def over(self) -> bool:
        return self.current is None

    def is_bot_turn(self) -> bool:
        cur = self.current
        return cur is not None and self.bots[cur] is not None

    def apply(self, action: Action, prepared: tuple[Any, bool] | None = None) -> None:
        """Apply a legal action (raises IllegalAction otherwise) and record it.

        ``prepared``: ``rules.apply_tracked(self.state, action)`` already worked out off the
        frame (a bot's move, by the bot worker), swapped in as it is.
        """
        before, actor = self.state, self.current
        self.state, undoable = prepared or self.rules.apply_tracked(before, action)
        self.record.actions.append(str(action))
        if actor is None or self.bots[actor] is not None or not undoable:
            self.undo_states, self.undo_seat = [], None  # a commit point: nothing before it comes back
            return
        if self.undo_seat != actor:
            self.undo_states, self.undo_seat = [], actor  # another seat acted in between
        self.undo_states.append(before)
        del self.undo_states[:-UNDO_KEPT]

    def can_undo(self) -> bool:
        """True when the person to act may take back their last action (BGA policy)."""
        cur = self.current
        return bool(self.undo_states) and cur is not None and cur == self.undo_seat \
            and self.bots[cur] is None

    def undo(self) -> bool:
        """Take back the acting person's last action; it leaves the record too."""
        if not self.can_undo():
            return False
        self.state = self.undo_states.pop()
        self.record.actions.pop()
        return True

    def check(self, action: Action) -> IllegalAction | None:
        try:
            self.rules.check(self.state, action)
            return None
        except IllegalAction as err:
            return err


class BotWorker:
    """One long-lived thread that thinks for every bot, one turn at a time (a queue).

    No thread is started per turn, and the turn's rules work (the bot's view, the legal
    moves, applying the chosen move) is done here too, so the frame in which a move
    lands only swaps in prepared results.  Bots still see only their seat's view.
    """

    def __init__(self) -> None:
        self.jobs: queue.SimpleQueue = queue.SimpleQueue()
        self.thread: threading.Thread | None = None
        self.lock = threading.Lock()

    def submit(self, turn: BotTurn) -> None:
        with self.lock:
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._run, name="bot-worker", daemon=True)
                self.thread.start()
        self.jobs.put(turn)

    def _run(self) -> None:
        while True:
            turn = self.jobs.get()
            turn.work()
            del turn  # waiting for the next job must not keep this one's scene alive


WORKER = BotWorker()


class BotTurn:
    """A bot's turn, thought out by the bot worker, so the window never freezes.

    ``prepare(state_after, turn)`` (optional) runs in the worker after the move is applied:
    the play scene works out there what the landing frame will show (view, log lines, and
    the bot's ``reason`` where it explains moves).
    """

    def __init__(self, session: Session, delay: float,
                 prepare: Callable[[Any, Any], Any] | None = None, now: bool = True) -> None:
        seat = session.current
        self.rules, self.state = session.rules, session.state
        self.rng = rng_for(session.record.seed, "bot", len(session.record.actions))
        self.bot = session.bots[seat]
        self.bot_seat = seat
        self.due = time.monotonic() + delay
        self.prepare = prepare
        self.view: dict | None = None
        self.legal: list = []
        self.result: Action | None = None
        self.reason: Any = None  # why the bot chose it, when it can say (BOTS-3, 4: ``Bot.decide``)
        self.after: tuple[Any, bool] | None = None  # (state after the move, undoable)
        self.prepared: Any = None
        self.error: BaseException | None = None
        self.cancelled = False
        self.done = threading.Event()
        self.submitted = False
        if now:
            self.submit()

    def submit(self) -> None:
        """Hand the turn to the bot worker (``now`` False: the caller does, later)."""
        if not self.submitted:
            self.submitted = True
            WORKER.submit(self)

    def work(self) -> None:
        """In the worker: the bot's choice from its seat's view, then the move applied."""
        if self.cancelled:
            self.done.set()
            return
        try:
            self.view = self.rules.view(self.state, self.bot_seat)
            self.legal = self.rules.legal_actions(self.state)
            decide = getattr(self.bot, "decide", None)  # a scripted bot (tutorial) only chooses
            if decide is None:
                self.result = self.bot.choose(self.view, self.legal, self.rng)
            else:
                self.result, self.reason = decide(self.view, self.legal, self.rng)
        except Exception as exc:  # a broken bot must not kill the app: fall back, and say so
            log.error("bot %s (seat %s) failed; it plays its first legal move", self.bot.name,
                      self.bot_seat, exc_info=exc)
            self.error = exc
            self.result = self.legal[0] if self.legal else None
        try:
            if self.result is not None and not self.cancelled:
                self.after = self.rules.apply_tracked(self.state, self.result)
                if self.prepare is not None:
                    self.prepared = self.prepare(self.after[0], self)
        except Exception:  # an illegal choice: the scene checks it again and says why
            self.after = self.prepared = None
        self.prepare = None  # the scene's method: a finished turn no longer holds the scene
        self.done.set()

    def cancel(self) -> None:
        """Not wanted any more (the table changed): skipped if not started yet."""
        self.cancelled = True

    def ready(self) -> bool:
        return self.done.is_set() and time.monotonic() >= self.due
