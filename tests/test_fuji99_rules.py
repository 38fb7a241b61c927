"""Fuji 99 scenario tests for set-up and the turn (R-1.x, R-2.x, D-1): one per rule.

Cube draws are forced with the ``force`` fixture ("ccyyr": clear, clear, yellow, yellow,
red, in draw order); Fuji cards are stacked with ``scenario(top=[...])``.
"""
from __future__ import annotations

import json

import pytest

from games.core.engine import Action, IllegalAction
from games.core.rng import Stream
from games.fuji99 import turn
from games.fuji99.rules import RULES
from tests.fuji99_scenario import ABILITY, DECIDE, DRAW, GIVE, OVER, scenario, stage

DATA = RULES.data

FULL = {"clear": 64, "yellow": 24, "red": 12, "fuji_cards": 22}


@pytest.fixture
def force(monkeypatch):
    """Queue the next cube draws: ``force("ccccr", "rrccc")``."""
    queue: list[str] = []

    def fake(s, n):
        order = queue.pop(0)
        assert len(order) == n, f"forced draw has {len(order)} cubes, the action drew {n}"
        return [{"c": "clear", "y": "yellow", "r": "red"}[ch] for ch in order]

    monkeypatch.setattr(turn, "sample_cubes", fake)
    return lambda *orders: queue.extend(orders)


def play(s, *texts):
    for text in texts:
        s = RULES.apply(s, Action.parse(text))
    return s


def keys(s) -> list[str]:
    return [e.key for e in s.events]


def event(s, key) -> dict:
    found = [e.params for e in s.events if e.key == key]
    assert found, f"no {key} in {keys(s)}"
    return found[0]


def refused(s, text) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        RULES.apply(s, Action.parse(text))
    return err.value


def legal(s) -> list[str]:
    return [str(a) for a in RULES.legal_actions(s)]


# --- R-1 set-up -------------------------------------------------------------------------------
def test_r1_1_colours_follow_seat_order():
    assert RULES.new_game(4, 1).colours == ["blue", "green", "purple", "orange"]
    assert RULES.new_game(2, 1).colours == ["blue", "green"]
    view = RULES.view(RULES.new_game(3, 1), 0)
    assert [p["colour"] for p in view["seats"]] == ["blue", "green", "purple"]


def test_r1_1_stories_picked_per_seat_may_repeat_and_stay_closed():
    s = RULES.new_game(3, 5, {"stories": ["onsen", "onsen", "dragon"]})
    assert s.stories == ["onsen", "onsen", "dragon"]
    view = json.dumps(RULES.view(s, 1), ensure_ascii=False)
    assert all(RULES.story(i)["story"]["ja"] not in view and RULES.story(i)["story"]["en"] not in view
               for i in ("onsen", "dragon"))
    assert [p["story"] for p in RULES.view(s, 1)["seats"]] == ["onsen", "onsen", "dragon"]


def test_r1_2_bags_pagoda_and_yellow_spaces():
    for players in (2, 3, 4):
        s = RULES.new_game(players, 9)
        assert s.bags == [[6, 4, 3]] * players
        assert s.pagoda == 64 - 6 * players
        assert s.space_stock == [players, players]
        assert RULES.inventory(s) == FULL


def test_r1_3_fuji_cards_shuffled_face_down():
    a, b = RULES.new_game(2, 1), RULES.new_game(2, 2)
    assert sorted(a.deck) == sorted(DATA.card_ids) and len(a.deck) == 22
    assert a.deck != b.deck and a.discard == []
    view = RULES.view(a, 0)
    assert view["deck"] == 22 and view["discard"] == []
    assert RULES.secret_ids(a, 0) == set(a.deck)


def test_r1_4_start_player_chosen_or_random_then_clockwise(force):
    assert RULES.new_game(3, 4, {"start_player": 2}).turn_seat == 2
    for missing in ({}, {"start_player": -1}, {"start_player": None}):
        assert RULES.new_game(3, 4, missing).turn_seat == Stream.for_game(4).randrange(3, "start")
    force("ccccc")
    s = play(scenario(RULES, 3, turn_seat=2, top=["advance-1"]), "draw 5", "stop")
    assert s.turn_seat == 0 and event(s, "fuji99.turn_start") == {"seat": 0, "turn": 2}


# --- draw ---------------------------------------------------------------------------------
def test_r2_1_draw_at_least_five_and_at_most_the_bag():
    s = RULES.new_game(2, 3, {"start_player": 0})
    assert legal(s) == [f"draw {n}" for n in range(5, 14)]
    err = refused(s, "draw 4")
    assert (err.key, err.params) == ("fuji99.draw_too_few", {"min": 5, "n": 4})
    err = refused(s, "draw 14")
    assert (err.key, err.params) == ("fuji99.draw_more_than_bag", {"n": 14, "bag": 13})
    assert refused(s, "draw").key == "fuji99.draw_needs_number"


def test_r2_1_a_bag_under_five_is_drawn_whole():
    s = scenario(RULES, bags={0: "ccc"})
    assert legal(s) == ["draw 3"]
    assert refused(s, "draw 5").key == "fuji99.draw_more_than_bag"


def test_r2_1_draw_only_in_the_draw_step(force):
    force("ccccc")
    s = play(scenario(RULES, top=["advance-1"]), "draw 5")
    assert stage(s) == DECIDE
    err = refused(s, "draw 5")
    assert (err.key, err.params) == ("fuji99.not_draw_step", {"phase": "decide"})


def test_r2_1_drawn_cubes_leave_the_bag_in_a_seeded_order():
    s = RULES.new_game(2, 11, {"start_player": 0})
    s1, s2 = RULES.apply(s, Action.parse("draw 6")), RULES.apply(s, Action.parse("draw 6"))
    assert s1 == s2
    drew = event(s1, "fuji99.drew")
    assert len(drew["order"]) == 6 and drew["clear"] + drew["yellow"] + drew["red"] == 6
    assert s1.last_order == drew["order"]


# --- threat -------------------------------------------------------------------------------
def test_r2_2_three_reds_bust(force):
    force("ccccr", "rrccc")
    s = scenario(RULES, positions=[10, 0], hands={0: ["shortcut-1"]}, top=["advance-1"])
    s = play(s, "draw 5", "again")
    assert s.token == 15 and s.sheet_reds[0] == 1
    s = play(s, "draw 5")
    assert event(s, "fuji99.red_bust") == {"seat": 0, "reds": 3, "lost": 5}
    assert s.positions[0] == 10 and s.turn_seat == 1 and s.token == 0
    assert "fuji99.card_drawn" not in keys(s)  # the turn ended at the threat step


def test_r2_2_two_reds_are_not_a_bust(force):
    force("crrcc")
    s = play(scenario(RULES, top=["advance-1"]), "draw 5")
    assert "fuji99.red_bust" not in keys(s)
    assert s.sheet_reds[0] == 2 and s.token == 5 and stage(s) == DECIDE


# --- move -----------------------------------------------------------------------------------
def test_r2_3_move_counts_every_cube_plus_strong_legs(force):
    force("ccyrr")
    s = scenario(RULES, hands={0: ["strong-legs-1", "strong-legs-2"]}, top=["advance-1"])
    s = play(s, "draw 5")
    assert event(s, "fuji99.moved") == {"seat": 0, "steps": 11, "bonus": 6, "from": 0, "to": 11}
    assert s.token == 11 and s.sheet_reds[0] == 2 and s.tray == [2, 1, 0]


# --- yellow spaces ------------------------------------------------------------------------------
def test_r2_4_passing_20_gives_a_yellow_cube_kept_after_a_bust(force):
    force("ccccc", "rrrcc")
    s = play(scenario(RULES, positions=[17, 0], top=["advance-1"]), "draw 5")
    assert event(s, "fuji99.yellow_taken") == {"seat": 0, "space": 20}
    assert s.bags[0][1] == 5 and s.space_stock == [1, 2] and s.bonuses[0] == [20]
    s = play(s, "again", "draw 5")
    assert "fuji99.red_bust" in keys(s)
    assert s.bags[0] == [6, 5, 3] and s.bonuses[0] == [20] and s.positions[0] == 17
    assert RULES.inventory(s) == FULL


def test_r2_4_each_space_once_per_player(force):
    force("ccccc")
    s = play(scenario(RULES, positions=[18, 0], bonuses={0: [20]}, top=["advance-1"]), "draw 5")
    assert "fuji99.yellow_taken" not in keys(s) and s.bags[0][1] == 5


def test_r2_4_landing_on_50_and_passing_both_spaces(force):
    force("ccccc")
    s = play(scenario(RULES, positions=[45, 0], top=["advance-1"]), "draw 5")
    assert event(s, "fuji99.yellow_taken") == {"seat": 0, "space": 50}
    force("c" * 36)
    s = play(scenario(RULES, positions=[15, 0], bags={0: [40, 0, 0]}, top=["advance-1"]), "draw 36")
    assert [e.params["space"] for e in s.events if e.key == "fuji99.yellow_taken"] == [20, 50]


# --- reaching 99 -------------------------------------------------------------------------------------
def test_r2_5_reaching_99_wins_at_once(force):
    force("ccccc")
    s = play(scenario(RULES, positions=[95, 50], top=["falling-rock-1"],
                      options={"stories": ["map", "echo"]}), "draw 5")
    assert stage(s) == OVER and RULES.current_player(s) is None and s.token == 99
    assert keys(s)[-1] == "fuji99.reached_goal"
    assert "fuji99.card_drawn" not in keys(s)  # nothing else is resolved
    out = RULES.outcome(s)
    assert out.winners == (0,) and out.scores == (99, 50) and out.ranking == (0, 1)
    view = RULES.view(s, 1)
    assert view["winners"] == [0] and view["winner_story"] == "map" and view["odds"] is None
    assert RULES.legal_actions(s) == []


def test_r2_5_reaching_99_by_a_card(force):
    force("yyccc")
    s = play(scenario(RULES, positions=[92, 0], hands={0: ["big-advance-1"]}, top=["advance-1"]),
             "draw 5", "use big-advance-1")
    assert s.winners == (0,) and s.positions[0] == 99 and "fuji99.card_drawn" not in keys(s)


# --- ability -----------------------------------------------------------------------------------------
def test_r2_6_use_pays_yellow_from_this_draw(force):
    force("ycccc")
    s = scenario(RULES, hands={0: ["advance-1"]}, card_clear={"advance-1": 2}, top=["purify-1"])
    s = play(s, "draw 5")
    assert stage(s) == ABILITY and legal(s) == ["use advance-1", "discover"]
    s = play(s, "use advance-1")
    assert event(s, "fuji99.card_used") == {"seat": 0, "card": "advance-1", "cost": 1, "clear": 2}
    assert s.tray[1] == 0 and s.used_yellows[0] == 1 and s.bags[0][0] == 6 - 4 + 2
    assert s.discard == ["advance-1"] and s.token == 8 and "advance-1" not in s.card_clear
    assert s.hands[0] == [] and stage(s) == ABILITY and legal(s) == ["discover"]  # FUJI99-RULES-4: the draw waits
    s = play(s, "discover")
    assert s.hands[0] == ["purify-1"] and stage(s) == DECIDE


def test_r2_6_not_enough_yellow_cubes(force):
    force("ycccc")
    s = play(scenario(RULES, hands={0: ["big-advance-1", "advance-1"]}, top=["purify-1"]), "draw 5")
    assert legal(s) == ["use advance-1", "discover"]
    err = refused(s, "use big-advance-1")
    assert (err.key, err.params) == ("fuji99.not_enough_yellow",
                                      {"card": "big-advance-1", "needs": 2, "has": 1})


def test_r2_6_cards_only_in_the_ability_step_and_from_hand(force):
    s = scenario(RULES, hands={0: ["advance-1"]}, top=["purify-1"])
    err = refused(s, "use advance-1")
    assert (err.key, err.params) == ("fuji99.use_outside_ability", {"phase": "draw"})
    force("yyccc")
    s = play(s, "draw 5")
    assert refused(s, "use shortcut-1").params == {"card": "shortcut-1"}
    assert refused(s, "use shortcut-1").key == "fuji99.card_not_in_hand"
    assert refused(s, "use banana-1").key == "fuji99.unknown_card"
    assert refused(s, "use").key == "fuji99.card_needed"


def test_r2_6_several_cards_each_once(force):
    force("yyccc")
    s = play(scenario(RULES, hands={0: ["advance-1", "advance-2"]}, top=["purify-1"]),
             "draw 5", "use advance-1")
    assert stage(s) == ABILITY and legal(s) == ["use advance-2", "discover"]
    assert refused(s, "use advance-1").key == "fuji99.card_not_in_hand"
    s = play(s, "use advance-2")
    assert s.token == 11 and s.used_yellows[0] == 2 and stage(s) == ABILITY and legal(s) == ["discover"]
    assert stage(play(s, "discover")) == DECIDE


# --- discover -----------------------------------------------------------------------------------------
def test_r2_7_discover_draws_the_top_card_face_up(force):
    force("ycccc")
    s = play(scenario(RULES, hands={0: ["strong-legs-1"]}, top=["big-advance-2"]), "draw 5")
    assert stage(s) == ABILITY and "discover" in legal(s)
    s = play(s, "discover")
    assert event(s, "fuji99.card_drawn") == {"seat": 0, "card": "big-advance-2", "why": "discover"}
    assert s.hands[0] == ["strong-legs-1", "big-advance-2"] and stage(s) == DECIDE
    assert RULES.view(s, 1)["seats"][0]["hand"][1] == {"id": "big-advance-2", "clear": 0}
    assert refused(s, "discover").key == "fuji99.discover_outside_ability"


def test_r2_7_empty_deck_reshuffles_the_discard_pile(force):
    force("ccccc")
    rest = [c for c in DATA.card_ids if c not in ("advance-1", "advance-2")]
    s = scenario(RULES, hands={1: ["advance-1", "advance-2"]}, discard=rest)
    assert s.deck == []
    s = play(s, "draw 5")
    assert event(s, "fuji99.deck_reshuffled") == {"count": 20}
    assert len(s.deck) + len(s.hands[0]) + len(s.discard) + len(s.rocks_waiting[0]) == 20


# --- crisis ---------------------------------------------------------------------------------------------
def test_r2_8_crisis_bust_discards_the_hand_and_its_cubes(force):
    force("ccccc")
    s = scenario(RULES, positions=[30, 0], hands={0: ["shortcut-1", "purify-1"]},
                 card_clear={"shortcut-1": 3}, top=["big-advance-1"])
    pagoda = s.pagoda
    s = play(s, "draw 5")
    assert event(s, "fuji99.crisis_bust") == {"seat": 0, "total": 7, "cards": 3, "cubes": 3, "lost": 5}
    assert s.hands[0] == [] and s.card_clear == {} and s.pagoda == pagoda + 3
    assert s.discard == ["shortcut-1", "purify-1", "big-advance-1"]
    assert s.positions[0] == 30 and s.turn_seat == 1
    assert RULES.inventory(s) == FULL


def test_r2_8_judged_even_if_the_hand_was_seven_at_the_start(force):
    force("ccccc")
    s = play(scenario(RULES, hands={0: ["blessing-1", "big-advance-1"]}, top=["falling-rock-1"]), "draw 5")
    assert event(s, "fuji99.crisis_bust")["total"] == 7


def test_r2_8_using_cards_first_can_avoid_the_crisis(force):
    force("yyccc")
    s = play(scenario(RULES, hands={0: ["blessing-1", "big-advance-1"]}, top=["falling-rock-1"]),
             "draw 5", "use big-advance-1", "discover")
    assert "fuji99.crisis_bust" not in keys(s) and stage(s) == DECIDE and s.token == 12


# --- decide -----------------------------------------------------------------------------------------------
def test_r2_9_again_keeps_sheet_reds_and_paid_yellows(force):
    force("yrccc")
    s = play(scenario(RULES, hands={0: ["advance-1"]}, top=["purify-1"]), "draw 5", "use advance-1")
    s = play(s, "again")
    assert stage(s) == DRAW and s.tray == [0, 0, 0] and s.token == 8
    assert s.sheet_reds[0] == 1 and s.used_yellows[0] == 1 and s.bags[0] == [6, 3, 2]
    assert legal(s)[-1] == "draw 11"
    assert refused(s, "stop").key == "fuji99.decide_outside_step"


def test_r2_9_stop_puts_clear_cubes_on_cards_and_moves_the_pawn(force):
    force("ccccc")
    s = scenario(RULES, positions=[3, 0], hands={0: ["big-advance-1", "advance-1"]},
                 card_clear={"advance-1": 1}, top=["purify-1"])
    pagoda = s.pagoda
    s = play(s, "draw 5", "stop")
    assert s.card_clear == {"big-advance-1": 2, "advance-1": 2, "purify-1": 1}
    assert s.pagoda == pagoda - 4 and s.positions[0] == 8 and s.turn_seat == 1
    assert event(s, "fuji99.stopped") == {"seat": 0, "from": 3, "to": 8}
    assert RULES.inventory(s) == FULL


def test_r2_9_pagoda_short_the_player_chooses(force):
    force("ccccc")
    s = scenario(RULES, hands={0: ["big-advance-1", "shortcut-1"]}, top=["falling-rock-1"], pagoda=2)
    s = play(s, "draw 5", "stop")
    assert event(s, "fuji99.pagoda_short") == {"seat": 0, "available": 2, "needed": 5}
    assert stage(s) == GIVE and legal(s) == ["give big-advance-1", "give shortcut-1"]
    assert RULES.view(s, 0)["give"] == {"big-advance-1": 2, "shortcut-1": 3}
    assert refused(s, "give advance-1").key == "fuji99.card_not_in_hand"
    s = play(s, "give shortcut-1")
    assert stage(s) == GIVE and s.pagoda == 1
    s = play(s, "give shortcut-1")
    assert s.card_clear == {"shortcut-1": 2} and s.pagoda == 0
    assert s.positions[0] == 5 and s.turn_seat == 1
    assert refused(s, "give shortcut-1").key == "fuji99.give_outside_step"


def test_r2_9_empty_pagoda_places_nothing(force):
    force("ccccc")
    s = play(scenario(RULES, hands={0: ["big-advance-1"]}, top=["advance-1"], pagoda=0), "draw 5", "stop")
    assert s.card_clear == {} and s.positions[0] == 5 and s.turn_seat == 1


# --- end of turn ---------------------------------------------------------------------------------------------
def test_r2_10_every_cube_returns_to_the_bag_at_the_end_of_a_turn(force):
    force("yrccc", "ycccc")
    s = scenario(RULES, hands={0: ["advance-1", "purify-1"]}, card_clear={"advance-1": 1},
                 top=["big-advance-1", "advance-2"])
    s = play(s, "draw 5", "use advance-1", "again", "draw 5", "use purify-1", "stop")
    assert s.card_clear == {"big-advance-1": 2, "advance-2": 1}
    assert s.bags[0] == [7, 4, 3] and s.sheet_reds[0] == 0 and s.used_yellows[0] == 0
    assert s.tray == [0, 0, 0] and RULES.inventory(s) == FULL


# --- D-1 --------------------------------------------------------------------------------------------------------------
def test_d1_red_bust_keeps_the_hand_and_its_cubes(force):
    force("rrrcc")
    s = scenario(RULES, hands={0: ["shortcut-1", "advance-1"]}, card_clear={"shortcut-1": 3})
    s = play(s, "draw 5")
    assert "fuji99.red_bust" in keys(s)
    assert s.hands[0] == ["shortcut-1", "advance-1"] and s.card_clear == {"shortcut-1": 3}
    assert s.bags[0] == [6, 4, 3] and RULES.inventory(s) == FULL
