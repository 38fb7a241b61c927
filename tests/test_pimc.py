"""The generic search bot of tools/pimc.py (issue 33.2): it decides from its seat's view.

Its samples are built from the table with the seat's unseen cards lifted out (TOOLS-PIMC-1):
two tables that look the same to the seat give the same samples, and no sample keeps a
hidden card where it really is more often than chance."""
from __future__ import annotations

import random

import pytest

from games import registry
from games.core.simulate import simulate
from tools.pimc import determinise, masked, search_bot

GAMES = registry.playable_ids()


def _midgame(game: str, seed: int = 3, moves: int = 12):
    rules = registry.rules(game)
    s = rules.new_game(rules.min_players, seed, rules.default_options())
    rng = random.Random(seed)
    for _ in range(moves):
        if rules.current_player(s) is None:
            break
        s = rules.apply(s, rng.choice(rules.legal_actions(s)))
    return rules, s


def _hidden_places(game: str, s, seat: int) -> list:
    """(field path) of every hidden card, in a fixed order."""
    return sorted(registry.rules(game).secret_ids(s, seat))


def _seen(rules, s, seat) -> dict:
    """The seat's view but for the last action's events (a sample starts without them)."""
    return {k: v for k, v in rules.view(s, seat).items() if k != "events"}


@pytest.mark.parametrize("game", GAMES)
def test_the_skeleton_holds_no_card_the_seat_has_not_seen(game):
    rules, s = _midgame(game)
    seat = rules.current_player(s)
    hidden = set(_hidden_places(game, s, seat))
    skeleton, groups = masked(rules, game, s, seat)
    assert hidden and sorted(c for _, cards in groups for c in cards) == sorted(hidden)
    text = repr(vars(skeleton))
    assert not [c for c in hidden if f"'{c}'" in text]
    assert skeleton.rng is None


@pytest.mark.parametrize("game", GAMES)
def test_tables_that_look_the_same_to_the_seat_give_the_same_samples(game):
    rules, s = _midgame(game)
    seat = rules.current_player(s)
    twin = rules.new_game(rules.min_players, 3, rules.default_options())  # same moves, but...
    rng = random.Random(3)
    for _ in range(12):
        if rules.current_player(twin) is None:
            break
        twin = rules.apply(twin, rng.choice(rules.legal_actions(twin)))
    a = masked(rules, game, s, seat)
    # ...its hidden cards dealt differently: lift and re-deal them at random first
    b = masked(rules, game, determinise(*masked(rules, game, twin, seat), random.Random(99)), seat)
    for k in range(3):
        x, y = determinise(*a, random.Random(k)), determinise(*b, random.Random(k))
        assert _seen(rules, x, seat) == _seen(rules, y, seat) == _seen(rules, s, seat)  # consistent with the view
        assert rules.view(x, None) == rules.view(y, None)
        assert [str(m) for m in rules.legal_actions(x)] == [str(m) for m in rules.legal_actions(s)]


@pytest.mark.parametrize("game", GAMES)
def test_the_search_bot_plays_whole_games_on_a_small_budget(game):
    rules = registry.rules(game)
    players = rules.min_players
    r = simulate(game, 1, 4, players, ["search"] + ["random"] * (players - 1),
                 extra_bots={"search": search_bot(game, 0.002)}, keep_records=True)
    assert r.records[0] and sum(r.wins_by_seat) == pytest.approx(1.0)
