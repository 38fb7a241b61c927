"""What each seat sees is written once per game, in its ``seen.py``, and handed on once, by
the engine (issue 29 item 4): ``GameRules.view``, ``outcome``, ``secret_ids`` and ``inventory``
call the module named by the rules class's ``seen``; no game repeats the four delegations.
"""
from __future__ import annotations

import importlib

import pytest

from games import registry
from games.core.engine import GameRules
from games.core.rng import rng_for
from tests.example_game import seen as example_seen
from tests.example_game.rules import RULES as EXAMPLE

FOUR = ("view", "outcome", "secret_ids", "inventory")
GAMES = [(g, f"games.{g}.seen") for g in registry.ruled_ids()] + [("example", example_seen.__name__)]


def _rules(game_id: str) -> GameRules:
    return EXAMPLE if game_id == "example" else registry.rules(game_id)


@pytest.mark.parametrize(("game_id", "seen_name"), GAMES)
def test_the_engine_hands_the_four_questions_to_the_games_seen_module(game_id, seen_name):
    rules, seen = _rules(game_id), importlib.import_module(seen_name)
    assert type(rules).seen is seen
    assert [m for m in FOUR if m in vars(type(rules))] == []  # none delegated again by the game
    rng, s = rng_for(2, "seen"), rules.new_game(rules.min_players, 2, rules.default_options())
    for _ in range(400):
        for seat in (None, *range(rules.min_players)):
            assert rules.view(s, seat) == seen.view(rules, s, seat)
            assert rules.secret_ids(s, seat) == seen.secret_ids(rules, s, seat)
        assert rules.inventory(s) == seen.inventory(rules, s)
        if rules.current_player(s) is None:
            break
        s = rules.apply(s, rng.choice(rules.legal_actions(s)))
    assert rules.outcome(s) is not None and rules.outcome(s) == seen.outcome(rules, s)


def test_a_game_without_a_seen_module_says_what_is_missing():
    class Bare(GameRules):
        game_id, min_players, max_players = "bare", 2, 2

        def new_game(self, players, seed, options=None): ...
        def current_player(self, s): return None
        def legal_actions(self, s): return []

    with pytest.raises(NotImplementedError, match="no seen module"):
        Bare().view(object(), 0)
    with pytest.raises(NotImplementedError, match="no seen module"):
        Bare().outcome(object())
    assert Bare().secret_ids(object(), 0) == set() and Bare().inventory(object()) == {}
