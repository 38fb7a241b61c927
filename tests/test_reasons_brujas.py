"""BRUJAS DEL SABADO: why a move is good (games/brujas/reasons.py, BOTS-4), in one public line.

Scenarios are positions (games/brujas/position.py) named after the rule the reason teaches.
Witches: red beside the 5, blue the 3, yellow the 2, green the 1.
"""
from __future__ import annotations

from functools import partial

import pytest

from games.brujas import position
from games.brujas.bot import BOTS
from games.brujas.rules import RULES
from games.core.rng import rng_for
from tests import reasons_checks as checks
from tests.test_brujas_rules import ALL_IDS, act, make

why = partial(checks.why, RULES)
text = partial(checks.why_text, RULES)


FOUR = [["g3a", "b1a"], ["g4a", "y3a", "g2a"], ["g5a", "r3a", "g4b"], ["b2a", "y1a"]]


# --- the lead, following, who is winning -----------------------------------------------------
def test_r2_1_the_leader_says_what_the_next_player_must_match():
    s = make(FOUR)
    assert why(s, "play g3a") == ("brujas_why.lead", {"card": "g3a", "colour": "green", "number": 3})
    assert text(s, "play g3a") == "Leads green 3: the next player must match green or 3 if they can"
    assert text(s, "play g3a", "ja") == "緑3から開始：次の人は出せれば緑か3を出す"


def test_r2_3_a_colour_lead_set_by_a_higher_card_is_winning():
    s = act(make(FOUR), "play g3a")
    assert why(s, "play g4a")[0] == "brujas_why.sets_colour_win"
    assert why(s, "play g2a")[0] == "brujas_why.sets_colour"
    assert text(s, "play g2a") == "Plays green 2: a green lead, so only green can win now"


def test_r2_3_r2_6_a_number_lead_is_won_by_the_higher_witch():
    s = act(make(FOUR), "play g3a")
    assert why(s, "play y3a") == ("brujas_why.sets_number_win", {"card": "y3a", "colour": "yellow", "number": 3})
    s = act(s, "play y3a")
    assert why(s, "play r3a") == ("brujas_why.beats_number", {"card": "r3a", "colour": "red", "other": "yellow",
                                                              "number": 3, "seat": 2})
    assert text(s, "play r3a") == "Plays red 3 over yellow 3: the red witch stands higher"


def test_r2_5_the_higher_number_of_the_lead_colour_beats():
    s = act(make(FOUR), "play g3a", "play g4a")
    assert why(s, "play g5a") == ("brujas_why.beats_colour", {"card": "g5a", "colour": "green", "other": "green",
                                                              "number": 4, "seat": 2})
    assert text(s, "play g5a", "ja") == "緑5が緑4を上回る：緑は大きい数字が勝つ"


def test_r2_7_the_later_identical_card_wins():
    s = act(make(FOUR), "play g3a", "play g4a")
    assert why(s, "play g4b")[0] == "brujas_why.beats_identical"


def test_r2_5_a_lower_card_of_the_lead_colour_stays_under():
    s = act(make(FOUR), "play g3a", "play g2a")
    assert why(s, "play g5a")[0] == "brujas_why.beats_colour"
    s = act(make(FOUR), "play g3a", "play g4a")
    assert why(s, "play r3a")[0] == "brujas_why.off_colour"  # holds green: illegal, but still explained
    s = act(make([["g3a", "b1a"], ["g5a", "y3a"], ["g4a", "r1a"]]), "play g3a", "play g5a")
    assert why(s, "play g4a") == ("brujas_why.under_colour", {"card": "g4a", "colour": "green", "other": "green",
                                                              "number": 5})


def test_r2_4_a_card_that_cannot_follow_cannot_win():
    s = act(make([["g3a", "b1a"], ["g4a", "y2a"], ["r1a", "b5a"]]), "play g3a", "play g4a")
    assert why(s, "play b5a") == ("brujas_why.off_colour", {"card": "b5a", "colour": "green"})
    assert text(s, "play b5a") == "Cannot follow green: discards blue 5, which cannot win"


def test_r2_8_the_last_card_that_wins_takes_the_trick_and_picks_first():
    s = act(make([["g3a", "b1a"], ["g4a", "y2a"], ["g5a", "b5a"]]), "play g3a", "play g4a")
    assert why(s, "play g5a")[0] == "brujas_why.wins_colour"
    assert text(s, "play g5a") == "Plays green 5 over green 4: Chika wins the trick and picks first"


# --- the witch, R-3.2 the draft, R-4 the scores ------------------------------------------
def test_r3_1_the_witch_move_that_raises_the_winners_witch_points():
    s = act(make([["y5a"], ["y1a"], ["y2a"]], captured=[["y3a", "y4a"], ["r1a"], ["b1a"]]),
            "play y5a", "play y1a", "play y2a")
    assert why(s, "witch up") == ("brujas_why.witch_gain", {"seat": 0, "before": 2, "after": 3, "colour": "yellow",
                                                            "direction": "up", "score": 3, "other": "blue"})
    assert text(s, "witch up", "ja") == "黄の魔女を上へ（3点）：Aoiの魔女点2→3"
    assert why(s, "witch down")[0] == "brujas_why.witch_plain"


def test_r3_1_the_witch_move_that_costs_the_leading_rival():
    s = act(make([["b5a"], ["b1a"], ["b2a"]], captured=[["g1a"], ["r1a", "r2a"], ["y1a"]]),
            "play b5a", "play b1a", "play b2a")
    key, params = why(s, "witch up")  # blue up past red: red (the rival's colour) drops to 3
    assert key == "brujas_why.witch_hurt" and (params["seat"], params["before"], params["after"]) == (1, 5, 3)


def test_r4_2_a_pick_that_wins_the_colour_majority():
    s = act(make([["g5a"], ["g1a"], ["g2a"]], captured=[["b1a"], ["r1a"], ["b2a"]]),
            "play g5a", "play g1a", "play g2a", "witch up")
    assert why(s, "take g5a") == ("brujas_why.take_majority", {"card": "g5a", "colour": "green", "count": 1})


def test_r4_2_a_pick_that_ties_for_the_majority_shares_it():
    s = act(make([["g5a"], ["g4a"], ["g2a"]], captured=[["b1a"], ["g1a"], ["b2a"]]),
            "play g5a", "play g4a", "play g2a", "witch up")
    assert why(s, "take g5a") == ("brujas_why.take_majority_tie", {"card": "g5a", "colour": "green", "count": 1})


def test_r4_2_a_pick_that_widens_a_majority_already_held():
    s = act(make([["g5a"], ["g4a"], ["g3a"]], captured=[["r1a", "r2a", "r3a", "g1a", "g1b"], ["b1a"], ["b2a"]]),
            "play g5a", "play g4a", "play g3a", "witch up")
    assert why(s, "take g4a") == ("brujas_why.take_secure", {"card": "g4a", "colour": "green", "count": 3,
                                                             "other": 0})


def test_r4_1_a_pick_of_the_colour_the_witch_points_come_from():
    s = act(make([["y5a"], ["y1a"], ["y2a"]], captured=[["y3a", "y4a"], ["r1a"], ["b1a", "b2a"]]),
            "play y5a", "play y1a", "play y2a", "witch up")
    assert why(s, "take y1a") == ("brujas_why.take_colour", {"card": "y1a", "colour": "yellow"})


def test_r4_2_a_pick_that_keeps_a_majority_from_the_next_picker():
    s = act(make([["g5a"], ["g4a"], ["g3a"]], captured=[["r1a", "r2a", "r3a", "g1a", "g1b"], ["g2a"], ["b1a"]]),
            "play g5a", "play g4a", "play g3a", "witch up")
    assert why(s, "take g4a") == ("brujas_why.take_deny", {"card": "g4a", "seat": 1, "points": 2})
    assert text(s, "take g4a") == "Takes green 4 before Ben can: it would give them 2 points"


def test_bots_4_the_strong_bot_says_why_in_the_games_words():
    s = act(make([["g3a", "b1a"], ["g4a", "y2a"], ["g5a", "g1a"]]), "play g3a", "play g4a")
    view = RULES.view(s, 2)
    action, reason = BOTS["strong"](RULES, 2).decide(view, RULES.legal_actions(s), rng_for(1, "strong"))
    assert str(action) == "play g5a" and reason == RULES.explain(view, action)
    assert reason[0] == "brujas_why.wins_colour"


# --- what the reason may read and show ----------------------------------------------------------
def _states(players: int, seed: int, steps: int):
    return checks.random_states(RULES, players, seed, steps)


def _reshuffled(s, seed: int):
    """The same table for the mover: the other hands (and the box) dealt anew."""
    t = s.clone()
    t.hands = [list(h) for h in s.hands]
    t.box = checks.redeal(t.hands, t.box, RULES.current_player(s), rng_for(seed, "deal"), RULES.order.__getitem__)
    return position.load(position.dump(t))


def test_the_reason_reads_only_the_movers_view():
    pairs = ((s, _reshuffled(s, seed * 100 + i))
             for seed in range(6) for i, s in enumerate(_states(3 + seed % 3, seed, 40)))
    changed = checks.check_same_reasons(RULES, pairs, RULES.current_player, spectator_as_seat=True)
    assert changed > 150  # the others' cards really were different


def test_the_reason_never_names_a_card_secret_to_the_others():
    states = (s for seed in range(12) for s in _states(3 + seed % 3, seed, 90))
    checks.check_no_leaks(RULES, states, ALL_IDS, checks.card_name(RULES, "label"), position.dump, more_than=1000)


def test_every_reason_key_is_in_ja_and_en():
    checks.check_catalog("brujas", more_than=20)


GENERIC = {"brujas_why.play_plain", "brujas_why.take_plain"}  # nothing more to say (BRUJAS-REASONS-2)
STRONG_GENERIC_MAX = 0.12  # measured: 15 of 363 (4.1%, 3 seats), 22 of 364 (6.0%, 5 seats) Strong moves


@pytest.mark.parametrize("players", [RULES.min_players, RULES.max_players])
def test_playouts_of_every_level_give_reasons_that_render(players):
    checks.check_playouts(RULES, BOTS, players, seed=60, cap=200, generic=GENERIC, generic_max=STRONG_GENERIC_MAX,
                          more_than=60)
