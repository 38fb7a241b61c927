"""Bots: every seat can be one.  A bot decides from its seat's *view* only.

``choose(view, legal, rng)`` gets the seat's view (secrets of others removed), the legal
actions (which reveal nothing beyond the seat's own knowledge) and a seeded generator.
"""
from __future__ import annotations

import random
from typing import Any

from games.core.engine import Action, GameRules


class Bot:
    """Base class; subclasses override ``choose``."""

    name = "random"

    def __init__(self, rules: GameRules, seat: int) -> None:
        self.rules = rules
        self.seat = seat

    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    """Picks uniformly among legal actions: the baseline every real bot must beat."""

    name = "random"

    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action:
        return rng.choice(legal)


def bot_move(rules: GameRules, bot: Bot, state: Any, rng: random.Random) -> Action:
    """Ask ``bot`` for a move in ``state`` showing it only its own view."""
    seat = rules.current_player(state)
    return bot.choose(rules.view(state, seat), rules.legal_actions(state), rng)
