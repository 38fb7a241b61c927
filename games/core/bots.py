"""Bots: every seat can be one.  A bot decides from its seat's *view* only.

``choose(view, legal, rng)`` gets the seat's view (secrets of others removed), the legal
actions (which reveal nothing beyond the seat's own knowledge) and a seeded generator.

Every game offers the same levels (``LEVELS``): ``easy``, ``normal`` and ``strong`` for
people, ``random`` for tests and measurements (docs/bots.md has the measured ladder).

- BOTS-1 Levels, not bot names, are the ids a save holds: ``easy``/``normal``/``strong``
  mean the same thing in every game, and a game may swap the bot behind a level without
  breaking old saves.  The ids saved before (``sampler``, ``tengu``, ...) stay readable:
  ``BotTable`` resolves them through its ``aliases`` (``sampler`` -> ``strong``), and
  ``canonical`` gives the level id to store.
- BOTS-2 A level below the strongest is a good bot that *slips* (``Slips``): with a fixed
  probability a decision is a plausible mistake instead of the bot's choice.  A slip is
  never a blind random action when the bot can name its second thoughts: it prefers the
  bot's ``alternatives`` (its runner-up moves) and falls back on any legal action.  People
  misjudge in the same way: they play a reasonable but worse move, not nonsense.  A level
  may allow blunders too (``plausible = False``: any legal move), as a beginner makes them.  The slip
  is drawn from the decision's seeded generator, so the game stays a function of its seed.
- BOTS-3 A bot may say why it played a move: ``decide`` returns the action and a reason
  key (i18n, ja + en) or None; ``choose`` stays the one method a bot must write.  A bot
  names how it decides once (``why``: ``app.reason_rule``, ``app.reason_sampled``,
  ``app.reason_planned``) and may set ``self.reason`` in ``choose`` for a particular move;
  a forced move says so, and a slip says nothing (it is not the bot's judgement).
- BOTS-4 A reason is an i18n key or a ``(key, params)`` pair.  A move the bot chose (not a
  slip, not forced) is explained by the game's own words when it has them
  (``GameRules.explain``, the game's ``reasons`` module: "keeps the total at 6: the next
  player must burst"); the bot's ``why`` is the fallback.  ``explain`` works from the mover's
  view alone, so the same line serves hints, the demo's narration and a replay's log.
"""
from __future__ import annotations

import random
from typing import Any

from games.core.engine import Action, GameRules

LEVELS = ("easy", "normal", "strong")  # offered to people, weakest first
Reason = str | tuple[str, dict] | None  # an i18n key, or a key and its params (BOTS-4)


def reason_parts(reason: Reason) -> tuple[str, dict] | None:
    """``(key, params)`` of a reason (render it with the rules' ``event_text``), or None."""
    if reason is None:
        return None
    return (reason, {}) if isinstance(reason, str) else (reason[0], dict(reason[1]))


class Bot:
    """Base class; subclasses override ``choose``."""

    name = "random"
    why: str | None = None  # i18n key: how this bot decides (BOTS-3)

    def __init__(self, rules: GameRules, seat: int) -> None:
        self.rules = rules
        self.seat = seat
        self.reason: Reason = None  # set by ``choose`` when it can say why (BOTS-3, 4)

    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action:
        raise NotImplementedError

    def decide(self, view: dict, legal: list[Action], rng: random.Random) -> tuple[Action, Reason]:
        """The move and, when the bot knows it, why: an i18n key or ``(key, params)`` (BOTS-3, 4)."""
        self.reason = self.why
        action = self.choose(view, legal, rng)
        if len(legal) == 1:
            self.reason = "app.reason_only_move"
        elif self.reason is not None:
            self.reason = self.rules.explain(view, action) or self.reason
        return action, self.reason

    def alternatives(self, view: dict, legal: list[Action], rng: random.Random) -> list[Action]:
        """Moves the bot would consider second best (for ``Slips``); none by default."""
        return []


class RandomBot(Bot):
    """Picks uniformly among legal actions: the baseline every real bot must beat."""

    name = "random"

    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action:
        return rng.choice(legal)


class Slips(Bot):
    """A bot that plays ``base``'s move except for a share ``rate`` of slips (BOTS-2).

    Subclass with ``base`` and ``rate`` set, e.g. ``class Easy(Slips): base = GreedyBot;
    rate = 0.3``.
    """

    base: type[Bot] = RandomBot
    rate = 0.0
    plausible = True  # False: a slip is any legal move, even one the bot would call a blunder

    def __init__(self, rules: GameRules, seat: int) -> None:
        super().__init__(rules, seat)
        self.inner = self.base(rules, seat)

    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) > 1 and rng.random() < self.rate:
            others = [a for a in self.inner.alternatives(view, legal, rng) if a in legal] if self.plausible else []
            self.reason = None  # a slip is no judgement to explain (BOTS-3)
            return rng.choice(others or legal)
        self.inner.reason = self.inner.why
        action = self.inner.choose(view, legal, rng)
        self.reason = self.inner.reason
        return action


class BotTable(dict):
    """A game's bots by level id, ``random`` first and ``strong`` last; old ids by alias (BOTS-1)."""

    def __init__(self, bots: dict[str, type[Bot]], aliases: dict[str, str] | None = None) -> None:
        missing = {"random", *LEVELS} - set(bots)
        if missing:
            raise TypeError(f"a game's bots need every level: {sorted(missing)} missing")
        super().__init__(bots)
        self.aliases = dict(aliases or {})

    def __missing__(self, key: str) -> type[Bot]:
        if key in self.aliases:
            return self[self.aliases[key]]
        raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, key) or key in self.aliases

    def canonical(self, kind: str) -> str:
        """The level id for ``kind`` (a level id, or an id saved before the levels)."""
        return self.aliases.get(kind, kind)


def bot_move(rules: GameRules, bot: Bot, state: Any, rng: random.Random) -> Action:
    """Ask ``bot`` for a move in ``state`` showing it only its own view."""
    seat = rules.current_player(state)
    return bot.choose(rules.view(state, seat), rules.legal_actions(state), rng)
