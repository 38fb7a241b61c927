"""Qumasu bots: dealt states agree with the view; the planner wins; decisions are quick."""
from __future__ import annotations

import random
from collections import Counter

from games.core.rng import rng_for
from games.core.simulate import simulate
from games.qumasu.bot import BOTS, determinize
from games.qumasu.rules import RULES


def _midgame(seed=5, steps=60):
    s = RULES.new_game(2, seed, {})
    r = rng_for(seed, "mid")
    for _ in range(steps):
        if RULES.current_player(s) is None:
            break
        s = RULES.apply(s, r.choice(RULES.legal_actions(s)))
    return s


def test_determinize_agrees_with_the_view_and_uses_only_it():
    s = _midgame()
    seat = RULES.current_player(s)
    v = RULES.view(s, seat)
    d = determinize(RULES, v, random.Random(1))
    assert d.hands[seat] == s.hands[seat] and d.board == s.board and d.graves == s.graves
    assert [len(h) for h in d.hands] == [len(h) for h in s.hands]
    assert [len(c) for c in d.castles] == [len(c) for c in s.castles]
    assert [len(x) for x in d.decks] == [len(x) for x in s.decks]
    assert RULES.inventory(d) == RULES.inventory(s)
    assert RULES.legal_actions(d) == RULES.legal_actions(s)
    # a different deal of the unseen cards: the bot cannot have read them from the state
    d2 = determinize(RULES, v, random.Random(2))
    assert Counter(d2.hands[1 - seat] + d2.decks[1 - seat] + d2.castles[1 - seat]) == \
        Counter(s.hands[1 - seat] + s.decks[1 - seat] + s.castles[1 - seat])


def test_bots_listed_random_first_strongest_last():
    assert list(BOTS) == ["random", "easy", "normal", "strong"]


def test_general_beats_random_and_decides_quickly():
    r = simulate("qumasu", 16, 3, lineup=["general", "random"], timed=True)
    assert r.wins_by_bot.get("general", 0) >= 13
    times = sorted(r.cpu_by_bot["general"])  # CPU time: the machine may be shared, the bot's cost is not
    assert times[int(0.95 * len(times))] < 0.1
