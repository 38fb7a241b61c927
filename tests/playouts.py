"""Random games for the tests: every state of one game played to its end by random legal moves."""
from __future__ import annotations


def every_state(rules, players: int, seed: int, rng, options: dict | None = None):
    """Every state of one game (``rules.new_game(players, seed, options)``), the start first,
    each next one by a legal action ``rng`` chose, until nobody is to act."""
    s = rules.new_game(players, seed, options)
    yield s
    while rules.current_player(s) is not None:
        s = rules.apply(s, rng.choice(rules.legal_actions(s)))
        yield s
