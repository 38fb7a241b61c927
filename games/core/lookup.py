"""A game's rules and bots by its id, found by the one shape every game folder has
(games/<id>/rules.py ``RULES``, games/<id>/bot.py ``BOTS``).

Which games exist and may start is the registry's business (games/registry.py, which
builds on this); the core needs only the modules, so nothing in games/core imports the
registry.
"""
from __future__ import annotations

import importlib
from functools import cache
from typing import Any


@cache  # one shared rules object per game id (five): a fixed domain
def rules_of(game_id: str) -> Any:
    """The game's ``GameRules`` (games/<id>/rules.py ``RULES``)."""
    return importlib.import_module(f"games.{game_id}.rules").RULES


def bots_of(game_id: str) -> dict:
    """The game's bots by name (games/<id>/bot.py ``BOTS``), "random" first, strongest last."""
    return importlib.import_module(f"games.{game_id}.bot").BOTS


def has_rules(game_id: str) -> bool:
    """The game's rules can be loaded (its folder and rules module exist)."""
    try:
        rules_of(game_id)
    except ImportError:
        return False
    return True
