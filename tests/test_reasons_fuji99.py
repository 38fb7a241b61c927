"""Fuji 99: why a move is good (games/fuji99/reasons.py, BOTS-4), in one public line.

Scenarios are positions (tests/fuji99_scenario.py, games/fuji99/position.py); cube draws are
forced with the ``force`` fixture of tests/test_fuji99_rules.py.
"""
from __future__ import annotations

from functools import partial

import pytest

from games.core.rng import rng_for
from games.fuji99 import position
from games.fuji99.bot import BOTS, TenguBot
from games.fuji99.reasons import pct
from games.fuji99.rules import RULES
from tests import reasons_checks as checks
from tests import test_fuji99_rules as fuji99_rules
from tests.fuji99_scenario import ABILITY, DECIDE, GIVE, scenario, stage
from tests.test_fuji99_rules import play

force = fuji99_rules.force  # the fixture that queues the cube draws

DATA = RULES.data


why = partial(checks.why, RULES)
text = partial(checks.why_text, RULES)


def odds(s) -> dict:
    return RULES.view(s, s.turn_seat)["odds"]


# --- how many cubes, and the bust odds ----------------------------------------------
def test_r2_1_a_draw_says_its_bust_chance_and_the_next_cubes():
    s = scenario(RULES, 2, sheet_reds=1)
    table = odds(s)["bust_by_n"]
    assert why(s, "draw 6") == ("fuji99_why.draw", {"n": 6, "risk": pct(table[6]), "more": pct(table[7])})
    assert text(s, "draw 6") == f"Draws 6: {pct(table[6])}% chance of a red bust ({pct(table[7])}% with one more cube)"


def test_r2_2_no_bust_possible_is_said_only_when_there_is_none():
    s = scenario(RULES, 2, bags={0: [6, 4, 2]})  # two reds in the bag, none counted: three bust
    assert why(s, "draw 5")[0] == "fuji99_why.draw_safe"
    s = scenario(RULES, 2, sheet_reds=1)  # one counted, two in the bag
    assert why(s, "draw 5")[0] == "fuji99_why.draw"


def test_r2_1_drawing_the_whole_bag_and_r2_5_enough_to_reach_99():
    s = scenario(RULES, 2, sheet_reds=1)
    top = len(odds(s)["bust_by_n"]) - 1
    assert why(s, f"draw {top}")[0] == "fuji99_why.draw_all"
    s = scenario(RULES, 2, positions=[92, 10])
    assert why(s, "draw 7")[:1] == ("fuji99_why.draw_goal",)
    assert why(s, "draw 6")[0] == "fuji99_why.draw"


def test_fuji99_reasons_4_a_certain_bust_is_said_as_such():
    s = scenario(RULES, 2, bags={0: [3, 2, 1]}, sheet_reds=2)  # five cubes that are not red
    assert odds(s)["bust_by_n"][5] < 1 and odds(s)["bust_by_n"][6] == 1
    assert why(s, "draw 6")[0] == "fuji99_why.draw_all"
    s = scenario(RULES, 2, bags={0: [2, 2, 1]}, sheet_reds=2)  # four cubes that are not red
    assert odds(s)["bust_by_n"][5] == 1
    assert why(s, "draw 5") == ("fuji99_why.draw_doomed", {"n": 5})


def test_pct_never_rounds_a_chance_to_none_or_certain():
    assert [pct(p) for p in (0, 0.001, 0.5, 0.999, 1)] == ["0", "<1", "50", ">99", "100"]


# --- using a card, paid with yellow cubes ------------------------------------------------
def test_r2_6_a_card_says_its_steps_and_its_cost(force):
    force("yyccc")
    s = play(scenario(RULES, 2, hands={0: ["big-advance-1", "purify-1"]}), "draw 5")
    assert stage(s) == ABILITY
    assert why(s, "use big-advance-1") == ("fuji99_why.use_advance", {"card": "big-advance-1", "steps": 7, "cost": 2})
    assert text(s, "use big-advance-1", "ja") == "大前進：黄色2個で7マス進む"


def test_r2_5_a_card_that_reaches_99(force):
    force("yyycc")
    s = play(scenario(RULES, 2, positions=[85, 0], hands={0: ["shortcut-1"]}), "draw 5")
    assert why(s, "use shortcut-1") == ("fuji99_why.use_goal", {"card": "shortcut-1", "goal": 99})


def test_r4_purify_takes_a_red_off_the_sheet(force):
    force("ycccc")
    s = play(scenario(RULES, 2, sheet_reds=2, hands={0: ["purify-1"]}), "draw 5")
    assert why(s, "use purify-1") == ("fuji99_why.use_purify", {"card": "purify-1", "before": 2, "after": 1})


def test_r2_8_a_card_used_to_lower_the_crisis_sum(force):
    force("ycccc")
    s = play(scenario(RULES, 2, hands={0: ["strong-legs-1", "chase-1", "advance-1"]}), "draw 5")
    key, params = why(s, "use strong-legs-1")
    assert key == "fuji99_why.use_relief" and (params["before"], params["after"]) == (6, 5)


# --- the Fuji card and the crisis ---------------------------------------------------
def test_r2_8_discover_says_the_crisis_chance(force):
    force("ycccc")
    s = play(scenario(RULES, 2, hands={0: ["advance-1", "chase-1"]}), "draw 5")
    key, params = why(s, "discover")
    assert key == "fuji99_why.discover_keep" and params["crisis"] == pct(odds(s)["crisis"])
    assert float(odds(s)["crisis"]) > 0


def test_r2_8_a_tiny_crisis_chance_is_never_said_to_be_none(force):
    force("ycccc")
    s = play(scenario(RULES, 2, hands={0: ["advance-1"]}), "draw 5", "use advance-1")
    assert stage(s) == ABILITY and 0 < odds(s)["crisis"] < 0.005  # 道連れ chains
    assert why(s, "discover") == ("fuji99_why.discover", {"crisis": "<1", "total": 0, "limit": 7})


# --- go again or stop ----------------------------------------------------------------------
def test_r2_9_stop_banks_the_steps_and_says_what_going_on_risks(force):
    force("ccccr")
    s = play(scenario(RULES, 2, positions=[10, 0], sheet_reds=1, top=["advance-1"]), "draw 5")
    assert stage(s) == DECIDE
    key, params = why(s, "stop")
    assert key == "fuji99_why.stop" and params["steps"] == 5 and params["to"] == 15
    assert params["risk"] == pct(odds(s)["bust_by_n"][5])
    assert why(s, "again")[0] == "fuji99_why.again"


def test_r2_9_going_again_at_high_risk_is_the_race_when_a_rival_is_near_99(force):
    force("ccccr")
    s = play(scenario(RULES, 2, positions=[10, 80], sheet_reds=1, top=["advance-1"]), "draw 5")
    key, params = why(s, "again")
    assert key == "fuji99_why.again_race" and params["target"] == 1 and params["left"] == 19
    assert "Ben" in text(s, "again")


def test_r2_9_stop_for_the_crisis(force):
    force("ccccc")
    s = play(scenario(RULES, 2, hands={0: ["chase-1", "advance-1"]}, top=["purify-1"]), "draw 5")
    assert stage(s) == DECIDE and RULES.view(s, 0)["seats"][0]["hand_total"] == 6
    assert why(s, "stop")[0] == "fuji99_why.stop_crisis"


def test_fuji99_rules_5_the_clear_cube_goes_to_the_cheapest_card(force):
    force("ccccc")
    s = play(scenario(RULES, 2, hands={0: ["shortcut-1", "advance-1"]}, top=["purify-1"], pagoda=1),
             "draw 5", "stop")
    assert stage(s) == GIVE
    assert why(s, "give advance-1") == ("fuji99_why.give_cheap", {"card": "advance-1", "cost": 1})
    assert why(s, "give shortcut-1") == ("fuji99_why.give", {"card": "shortcut-1"})


def test_bots_4_the_strong_bot_says_why_in_the_games_words(force):
    force("ccccr")
    s = play(scenario(RULES, 2, positions=[10, 0], sheet_reds=1, top=["advance-1"]), "draw 5")
    view = RULES.view(s, 0)
    action, reason = BOTS["strong"](RULES, 0).decide(view, RULES.legal_actions(s), rng_for(1, "strong"))
    assert reason == RULES.explain(view, action) and reason[0] in ("fuji99_why.stop", "fuji99_why.again")


# --- what the reason may read and show ----------------------------------------------------------
def _states(players: int, seed: int, steps: int):
    bot = TenguBot(RULES, 0)

    def choose(s, legal, rng):
        return rng.choice(legal) if rng.random() < 0.5 else bot.choose(RULES.view(s, s.turn_seat), legal, rng)
    return checks.random_states(RULES, players, seed, steps, choose=choose)


def _reordered(s, seed: int):
    other = s.clone()
    other.deck = rng_for(seed, "order").sample(s.deck, len(s.deck))
    return position.load(position.dump(other))


def test_the_reason_reads_only_the_movers_view():
    """Nothing is hidden in Fuji 99 but the deck's order: another order changes no reason."""
    pairs = ((s, _reordered(s, seed)) for seed in range(4) for s in _states(2 + seed % 3, seed, 60))
    checks.check_same_reasons(RULES, pairs, lambda s: s.turn_seat, spectator_as_seat=True)


def test_the_reason_never_names_a_card_secret_to_the_others():
    states = (s for seed in range(8) for s in _states(2 + seed % 3, seed, 80))
    checks.check_no_leaks(RULES, states, list(DATA.kind_of), checks.card_name(RULES, "name"), position.dump,
                          more_than=500, moves=8)


def test_every_reason_key_is_in_ja_and_en():
    checks.check_catalog("fuji99", more_than=15)


GENERIC = {"fuji99_why.use_plain"}  # a card used with nothing more to say (FUJI99-REASONS-2)
STRONG_GENERIC_MAX = 0.02  # measured: 0 of 335 (2 seats) and 0 of 502 (4 seats) Strong moves with a choice


@pytest.mark.parametrize("players", [RULES.min_players, RULES.max_players])
def test_playouts_of_every_level_give_reasons_that_render(players):
    checks.check_playouts(RULES, BOTS, players, seed=50, cap=300, generic=GENERIC, generic_max=STRONG_GENERIC_MAX,
                          more_than=100)
