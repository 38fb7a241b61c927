"""The risk helper's odds against brute-force enumeration of every possible draw."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations

import pytest

from games.core.engine import Action
from games.fuji99 import odds
from games.fuji99.odds import COMPANY, ROCK, normal
from games.fuji99.rules import RULES
from tests.fuji99_scenario import ABILITY, scenario, stage


# --- red bust: every subset of labelled cubes is one equally likely draw ---------------------------
def brute_bust(bag, reds_counted, n, limit=3) -> Fraction:
    cubes = ["c"] * bag[0] + ["y"] * bag[1] + ["r"] * bag[2]
    n = min(n, len(cubes))
    draws = list(combinations(range(len(cubes)), n))
    busts = sum(1 for d in draws if reds_counted + sum(cubes[i] == "r" for i in d) >= limit)
    return Fraction(busts, len(draws))


@pytest.mark.parametrize("bag", [(6, 4, 3), (6, 4, 2), (6, 3, 1), (9, 5, 3), (2, 1, 3), (0, 0, 3), (6, 0, 0)])
@pytest.mark.parametrize("reds_counted", [0, 1, 2, 3])
def test_bust_chance_matches_enumeration(bag, reds_counted):
    for n in range(sum(bag) + 1):
        assert odds.bust_chance(bag, reds_counted, n) == brute_bust(bag, reds_counted, n), (bag, reds_counted, n)
    table = odds.bust_table(bag, reds_counted)
    assert len(table) == sum(bag) + 1 and table == sorted(table)  # more cubes, more risk


def test_bust_chance_respects_another_red_limit():
    assert odds.bust_chance((5, 0, 4), 0, 6, red_limit=4) == brute_bust((5, 0, 4), 0, 6, limit=4)


# --- crisis: the next card alone ----------------------------------------------------------------------
def test_next_card_crisis_matches_enumeration():
    deck = [normal(1), normal(1), normal(2), normal(4), normal(5), ROCK, COMPANY]
    for total in range(9):
        want = Fraction(sum(1 for t in deck if t[0] == "n" and total + t[1] >= 7), len(deck))
        assert odds.next_card_crisis(total, deck, [], 7) == (1 if total >= 7 else want)
    assert odds.next_card_crisis(5, [], [normal(2), normal(1)]) == Fraction(1, 2)  # reshuffle
    assert odds.next_card_crisis(5, [], []) == 0


# --- crisis: the whole discover step, enumerated choice by choice -------------------------------------
class _NeedChoice(Exception):
    pass


def _run(prefix, deck, discard, players, rock_out):
    """Play the discover step (R-2.7, R-4.2, R-4.3) with the draws picked by ``prefix``."""
    picks, sizes, hand = iter(prefix), [], [0]
    deck, discard = list(deck), list(discard)

    def draw(seat):
        nonlocal deck, discard
        if not deck:
            if not discard:
                return
            deck, discard = discard, []
        try:
            i = next(picks)
        except StopIteration:
            raise _NeedChoice(len(deck)) from None
        sizes.append(len(deck))
        card = deck.pop(i)
        if card == COMPANY:
            for k in range(1, players):
                draw((seat + k) % players)
            draw(seat)
            discard.append(card)
        elif card == ROCK:
            if rock_out:
                discard.append(card)
        elif seat == 0:
            hand[0] += card[1]

    draw(0)
    return hand[0], sizes


def brute_distribution(deck, discard, players, rock_out) -> dict:
    out: Counter = Counter()
    stack = [()]
    while stack:
        prefix = stack.pop()
        try:
            added, sizes = _run(prefix, deck, discard, players, rock_out)
        except _NeedChoice as need:
            stack.extend(prefix + (i,) for i in range(need.args[0]))
            continue
        p = Fraction(1)
        for n in sizes:
            p /= n
        out[added] += p
    return dict(out)


CASES = [
    ([normal(1), normal(2), normal(4), ROCK], [], 2, False),
    ([COMPANY, normal(1), normal(2), normal(5), ROCK], [], 2, False),
    ([COMPANY, normal(1), normal(2), normal(5), ROCK], [], 3, True),
    ([COMPANY, COMPANY, normal(1), normal(4), ROCK, normal(2)], [], 3, False),
    ([COMPANY, normal(2)], [normal(1), normal(5), ROCK], 2, True),  # reshuffle mid-chain
    ([COMPANY, COMPANY], [normal(4), ROCK], 4, True),
    ([], [COMPANY, normal(3), normal(1), ROCK], 3, False),  # the deck is empty: reshuffle first
    ([COMPANY, ROCK, ROCK], [], 4, True),  # cards run out: draws are skipped
]


@pytest.mark.parametrize("deck,discard,players,rock_out", CASES)
def test_crisis_distribution_matches_enumeration(deck, discard, players, rock_out):
    got = odds.crisis_distribution(deck, discard, players, rock_out)
    want = brute_distribution(deck, discard, players, rock_out)
    assert set(got) == set(want)
    for added, p in want.items():
        assert got[added] == pytest.approx(float(p), abs=1e-12)
    assert sum(got.values()) == pytest.approx(1.0, abs=1e-12)
    for total in range(8):
        exact = sum((p for a, p in want.items() if total + a >= 7), Fraction(0))
        assert odds.crisis_chance(total, deck, discard, players, rock_out) == pytest.approx(float(exact), abs=1e-12)
    table = odds.crisis_table(deck, discard, players, rock_out)
    assert len(table) == 8 and table[7] == 1.0


# --- the view's numbers against the engine itself ------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3])
def test_fuji99_rules_17_view_crisis_chance_matches_every_deck_order_through_the_engine(players, monkeypatch):
    from games.fuji99 import turn
    monkeypatch.setattr(turn, "sample_cubes", lambda s, n: ["clear"] * n)
    deck = ["company-1", "falling-rock-1", "purify-1", "clear-path-1", "chase-1", "blessing-1"]
    hand = ["strong-legs-1", "big-advance-1", "advance-1"]  # value 4; strong legs keeps the step open
    others = [c for c in RULES.data.card_ids if c not in deck + hand]
    positions = [0, 40] + [10] * (players - 2)  # seat 1 leads: rocks go to them
    s = scenario(RULES, players, positions=positions, hands={0: hand, 1: others}, top=deck)
    s = RULES.apply(s, Action.parse("draw 5"))
    assert stage(s) == ABILITY and sorted(s.deck) == sorted(deck)
    view = RULES.view(s, 1)["odds"]
    busts = total = 0
    for order in permutations(deck):
        trial = s.clone()
        trial.deck = list(order)
        after = RULES.apply(trial, Action.parse("discover"))
        busts += any(e.key == "fuji99.crisis_bust" for e in after.events)
        total += 1
    assert view["hand_total"] == 4
    assert view["crisis"] == pytest.approx(busts / total, abs=1e-12)
    assert view["crisis_next_card"] == pytest.approx(2 / 6)  # chase and blessing


def test_view_bust_chances_count_sheet_reds_and_active_rocks(monkeypatch):
    s = scenario(RULES, sheet_reds=1, rocks_active={0: ["falling-rock-1"]})
    view = RULES.view(s, 1)["odds"]
    assert view["reds_counted"] == 2 and view["bag"] == {"clear": 6, "yellow": 4, "red": 2}
    assert view["bust_by_n"] == [float(brute_bust((6, 4, 2), 2, n)) for n in range(13)]


def test_fuji99_rules_17_view_bust_chances_mid_turn_are_for_the_bag_after_again(monkeypatch):
    from games.fuji99 import turn
    monkeypatch.setattr(turn, "sample_cubes", lambda s, n: ["clear", "red", "yellow", "clear", "clear"])
    s = RULES.apply(scenario(RULES, top=["advance-1"]), Action.parse("draw 5"))
    view = RULES.view(s, 0)["odds"]
    assert view["bag"] == {"clear": 6, "yellow": 4, "red": 2} and view["reds_counted"] == 1
    assert view["bust_by_n"][5] == float(brute_bust((6, 4, 2), 1, 5))


# --- FUJI99-ODDS-1: counting where no reshuffle can happen, the same numbers as the search --------------
def _deck_tokens(s):
    from games.fuji99.seen import _token_of
    d = RULES.data
    return [_token_of(d, c) for c in s.deck], [_token_of(d, c) for c in s.discard]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r2_8_crisis_odds_by_counting_equal_the_card_by_card_search_in_played_games(players, monkeypatch):
    import random
    searched, counted, states = [], [], []
    for seed in range(2):
        s, rng = RULES.new_game(players, seed, RULES.default_options()), random.Random(seed)
        while RULES.current_player(s) is not None:
            states.append(_deck_tokens(s))
            s = RULES.apply(s, rng.choice(RULES.legal_actions(s)))
    for deck, discard in states:
        odds._distribution.cache_clear()
        counted.append(odds.crisis_distribution(deck, discard, players, rock_discarded=len(deck) % 2 == 0))
    deep = sum(odds._deep_enough(odds._bag(deck), (0,), players) for deck, _ in states)
    monkeypatch.setattr(odds, "_deep_enough", lambda deck, tasks, players: False)  # the search alone
    for deck, discard in states:
        odds._distribution.cache_clear()
        searched.append(odds.crisis_distribution(deck, discard, players, rock_discarded=len(deck) % 2 == 0))
    odds._distribution.cache_clear()
    assert deep > len(states) // 2  # most turns are counted
    for got, want in zip(counted, searched, strict=True):
        assert set(got) == set(want)
        for added, p in want.items():
            assert got[added] == pytest.approx(p, abs=1e-12)
