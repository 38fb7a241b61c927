"""A game in progress: the rules, the current state, its JSON record and the bots.

Kept free of pygame so the same object serves the play scene, the CLI and tests.  Every
applied action is appended to the record, which is autosaved atomically by the scene.
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any

from games import registry
from games.core.engine import Action, GameRules, IllegalAction
from games.core.record import GameRecord
from games.core.rng import rng_for


@dataclass
class SeatSetup:
    name: str
    bot: str | None = None  # None: a person


@dataclass
class Session:
    rules: GameRules
    record: GameRecord
    state: Any = None
    bots: list = field(default_factory=list)

    @classmethod
    def start(cls, game_id: str, seats: list[SeatSetup], seed: int, options: dict) -> "Session":
        rec = GameRecord(game_id, len(seats), seed, dict(options),
                         [{"name": s.name, "bot": s.bot} for s in seats], [])
        return cls.from_record(rec)

    @classmethod
    def from_record(cls, rec: GameRecord) -> "Session":
        """Rebuild a game from its record (continue, replay, play again).

        The record goes through ``GameRecord.validate`` first: a bad one raises
        RecordError (with a translatable key) and is never half-used.
        """
        rec = rec.validate()
        rules = registry.rules(rec.game)
        state = rec.replay(rules)
        kinds = registry.bots(rec.game)
        bots = [kinds[seat["bot"]](rules, i) if seat["bot"] else None for i, seat in enumerate(rec.seats)]
        return cls(rules, rec, state, bots)

    @classmethod
    def replay(cls, rec: GameRecord) -> "Session":
        """A session that re-plays ``rec`` move by move (every seat follows the record)."""
        rec = rec.validate()
        rec.replay(registry.rules(rec.game))  # the whole record must be valid first
        empty = GameRecord(rec.game, rec.players, rec.seed, dict(rec.options), list(rec.seats), [])
        session = cls.from_record(empty)
        session.bots = [ReplayBot(list(rec.actions), session) for _ in range(rec.players)]
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

    def apply(self, action: Action) -> None:
        """Apply a legal action (raises IllegalAction otherwise) and record it."""
        self.state = self.rules.apply(self.state, action)
        self.record.actions.append(str(action))

    def check(self, action: Action) -> IllegalAction | None:
        try:
            self.rules.check(self.state, action)
            return None
        except IllegalAction as err:
            return err


class ReplayBot:
    """Plays the recorded move (replays reuse the paced bot machinery)."""

    name = "replay"

    def __init__(self, script: list[str], session: Session) -> None:
        self.script = script
        self.session = session

    def choose(self, view: dict, legal: list[Action], rng: Any) -> Action:
        return Action.parse(self.script[len(self.session.record.actions)])


class BotTurn:
    """A bot thinking in a worker thread, so the window never freezes."""

    def __init__(self, session: Session, delay: float) -> None:
        seat = session.current
        rules, state = session.rules, session.state
        self.view = rules.view(state, seat)
        self.legal = rules.legal_actions(state)
        self.rng = rng_for(session.record.seed, "bot", len(session.record.actions))
        self.bot = session.bots[seat]
        self.due = time.monotonic() + delay
        self.result: Action | None = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._work, daemon=True)
        self.thread.start()

    def _work(self) -> None:
        try:
            self.result = self.bot.choose(self.view, self.legal, self.rng)
        except BaseException as exc:  # a broken bot must not kill the app: fall back
            self.error = exc
            self.result = self.legal[0]

    def ready(self) -> bool:
        return not self.thread.is_alive() and time.monotonic() >= self.due
