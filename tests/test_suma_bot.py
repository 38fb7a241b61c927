"""Suma bots: view-only decisions, strength against random, quick decisions, terminating games."""
from __future__ import annotations

import copy
import random

from games.core.bots import bot_move
from games.core.rng import rng_for
from games.core.simulate import simulate
from games.suma.bot import BOTS, Forester
from games.suma.rules import RULES


def _midgame(players=3, seed=5, steps=40):
    s = RULES.new_game(players, seed, {})
    r = rng_for(seed, "mid")
    for _ in range(steps):
        s = RULES.apply(s, r.choice(RULES.legal_actions(s)))
    return s


def test_bots_listed_random_first_strongest_last():
    assert list(BOTS) == ["random", "easy", "normal", "strong"]


def test_forester_decides_from_its_view_only():
    s = _midgame()
    seat = RULES.current_player(s)
    bot = Forester(RULES, seat)
    view = RULES.view(s, seat)
    legal = RULES.legal_actions(s)
    a = bot.choose(copy.deepcopy(view), legal, random.Random(1))
    assert a in legal
    # the same view with other seats' hidden cards swapped gives the same decision
    s2 = s.clone()
    other = (seat + 1) % s.players
    unseen = [c for c in s2.decks["red"] if c not in s2.known]
    hidden = [c for c in s2.hands[other] if c not in s2.known and s2.hands[other]]
    if unseen and hidden:
        i = s2.hands[other].index(hidden[0])
        j = s2.decks["red"].index(unseen[0])
        s2.hands[other][i], s2.decks["red"][j] = s2.decks["red"][j], s2.hands[other][i]
    v2 = RULES.view(s2, seat)
    assert bot.choose(v2, RULES.legal_actions(s2), random.Random(1)) == a
    assert not (set(map(str, view.values())) & RULES.secret_ids(s, seat))


def test_forester_beats_random_heads_up_and_decides_quickly():
    r = simulate("suma", 16, 2, 2, ["forester", "random"], timed=True)
    assert r.wins_by_bot.get("forester", 0) >= 13
    times = sorted(r.decision_times)
    assert times[int(0.95 * len(times))] < 0.1


def test_forester_wins_most_four_player_games_against_random():
    r = simulate("suma", 8, 3, 4, ["forester", "random", "random", "random"])
    assert r.wins_by_bot.get("forester", 0) >= 5


def test_d15_forester_tables_terminate():
    for players in (2, 7):
        s = RULES.new_game(players, 11, {})
        bots = [Forester(RULES, p) for p in range(players)]
        for step in range(6000):
            seat = RULES.current_player(s)
            if seat is None:
                break
            s = RULES.apply(s, bot_move(RULES, bots[seat], s, rng_for(11, step)))
        assert s.over
