"""Fuji 99 scenario tests for the cards (R-4.x), D-2, D-3 and the code's decisions (FUJI99-RULES-n)."""
from __future__ import annotations

from games.core.rng import Stream
from games.fuji99.rules import RULES
from tests.fuji99_scenario import ABILITY, DECIDE, GIVE, scenario, stage
from tests.test_fuji99_rules import FULL, event, force, keys, legal, play, refused  # noqa: F401

DATA = RULES.data

ROCKS = ["falling-rock-1", "falling-rock-2", "falling-rock-3"]


# --- R-4.1 -------------------------------------------------------------------------------------------
def test_r4_1_an_effect_that_cannot_happen_still_uses_the_card(force):
    force("ycccc")
    s = play(scenario(RULES, hands={0: ["purify-1"]}, top=["advance-1"]), "draw 5", "use purify-1")
    assert event(s, "fuji99.effect_none") == {"seat": 0, "card": "purify-1"}
    assert s.discard == ["purify-1"] and s.used_yellows[0] == 1


# --- 道連れ ------------------------------------------------------------------------------------------
def test_r4_2_company_everyone_draws_then_the_drawer(force):
    force("ccccc")
    s = play(scenario(RULES, 3, top=["company-1", "advance-1", "advance-2", "purify-1"]), "draw 5")
    drawn = [(e.params["seat"], e.params["card"]) for e in s.events if e.key == "fuji99.card_drawn"]
    assert drawn == [(0, "company-1"), (1, "advance-1"), (2, "advance-2"), (0, "purify-1")]
    assert event(s, "fuji99.company") == {"seat": 0, "card": "company-1"}
    assert s.hands == [["purify-1"], ["advance-1"], ["advance-2"]] and s.discard == ["company-1"]
    assert stage(s) == DECIDE


def test_r4_2_company_can_push_another_hand_past_seven(force):
    force("ccccc", "ccccc")
    s = scenario(RULES, hands={1: ["blessing-1", "advance-2"]}, top=["company-1", "big-advance-1", "purify-1"])
    s = play(s, "draw 5")
    assert s.hands[1] == ["blessing-1", "advance-2", "big-advance-1"]  # 8: no crisis outside their turn
    s = play(s, "stop", "draw 5")
    assert event(s, "fuji99.crisis_bust")["seat"] == 1


def test_fuji99_rules_16_a_second_company_chains(force):
    force("ccccc")
    s = play(scenario(RULES, top=["company-1", "company-2", "advance-1", "advance-2", "purify-1"]), "draw 5")
    assert s.hands == [["advance-1", "purify-1"], ["advance-2"]]
    assert s.discard == ["company-2", "company-1"] and RULES.inventory(s) == FULL


def test_fuji99_rules_6_reshuffle_in_the_middle_of_a_company_chain(force):
    force("ccccc")
    others = [c for c in DATA.card_ids if c not in ("company-1", "advance-1", "purify-1", "purify-2")]
    s = scenario(RULES, hands={1: others}, top=["company-1", "advance-1"], discard=["purify-1", "purify-2"])
    s = play(s, "draw 5")
    assert event(s, "fuji99.deck_reshuffled") == {"count": 2}  # the company is not in it
    assert s.hands[0][0] in ("purify-1", "purify-2") and s.discard == ["company-1"] and len(s.deck) == 1


def test_fuji99_rules_7_nothing_left_to_draw_skips_the_draw(force):
    force("ccccc")
    s = play(scenario(RULES, hands={1: list(DATA.card_ids)}), "draw 5")
    assert event(s, "fuji99.deck_empty") == {"seat": 0} and stage(s) == DECIDE


# --- 落石 ---------------------------------------------------------------------------------------------
def test_r4_3_falling_rock_goes_to_the_strict_leader(force):
    force("ccccc")
    s = play(scenario(RULES, 3, positions=[10, 30, 20], top=["falling-rock-1"]), "draw 5")
    assert event(s, "fuji99.rock_falls") == {"seat": 0, "target": 1, "card": "falling-rock-1"}
    assert s.rocks_waiting == [[], ["falling-rock-1"], []] and s.hands[0] == []
    view = RULES.view(s, 2)
    assert view["seats"][1]["rocks_waiting"] == 1


def test_r4_3_rock_counts_as_a_red_in_the_next_turn_then_is_discarded(force):
    force("ccccc", "rrccc")
    s = scenario(RULES, turn_seat=1, rocks_waiting={0: ["falling-rock-2"]}, top=["advance-1"])
    s = play(s, "draw 5", "stop")
    assert event(s, "fuji99.rocks_active") == {"seat": 0, "count": 1, "reds": 1}
    assert RULES.view(s, 0)["odds"]["reds_counted"] == 1
    s = play(s, "draw 5")
    assert event(s, "fuji99.red_bust")["reds"] == 3
    assert event(s, "fuji99.rocks_discarded") == {"seat": 0, "count": 1}
    assert s.rocks_active[0] == [] and "falling-rock-2" in s.discard


def test_r4_3_three_rocks_alone_are_a_bust(force):
    force("ccccc", "ccccc")
    s = play(scenario(RULES, turn_seat=1, rocks_waiting={0: ROCKS}, top=["advance-1"]), "draw 5", "stop")
    s = play(s, "draw 5")
    assert event(s, "fuji99.red_bust") == {"seat": 0, "reds": 3, "lost": 0}
    assert sorted(s.discard) == ROCKS


def test_r4_3_purify_cannot_return_a_rock(force):
    force("ycccc")
    s = scenario(RULES, rocks_active={0: ["falling-rock-1"]}, sheet_reds=1, hands={0: ["purify-1"]},
                 top=["advance-1"])
    s = play(s, "draw 5", "use purify-1")
    assert s.sheet_reds[0] == 0 and s.rocks_active[0] == ["falling-rock-1"]
    assert RULES.view(s, 0)["seats"][0]["reds_counted"] == 1


def test_d3_tie_for_first_discards_the_rock(force):
    force("ccccc")
    s = play(scenario(RULES, 3, positions=[0, 20, 20], top=["falling-rock-1"]), "draw 5")
    assert event(s, "fuji99.rock_missed") == {"seat": 0, "card": "falling-rock-1"}
    assert s.discard == ["falling-rock-1"] and s.rocks_waiting == [[], [], []]


def test_fuji99_rules_12_fuji99_rules_3_the_token_leads_and_its_rock_waits_for_the_next_turn(force):
    force("ccccc", "rrccc")
    s = play(scenario(RULES, 3, positions=[28, 30, 0], top=["falling-rock-1", "advance-1"]), "draw 5")
    assert event(s, "fuji99.rock_falls")["target"] == 0 and s.rocks_waiting[0] == ["falling-rock-1"]
    s = play(s, "again", "draw 5")  # 2 reds, the rock does not count yet
    assert "fuji99.red_bust" not in keys(s) and s.sheet_reds[0] == 2


# --- 追走 / 猛追 ----------------------------------------------------------------------------------------
def test_r4_4_pursuit_moves_to_the_player_one_rank_above(force):
    force("yyccc")
    s = play(scenario(RULES, 3, positions=[10, 40, 25], hands={0: ["pursuit-1"]}, top=["advance-1"]),
             "draw 5", "use pursuit-1")
    assert event(s, "fuji99.effect_advance") == {"seat": 0, "card": "pursuit-1", "steps": 10, "from": 15, "to": 25}
    assert s.token == 25


def test_r4_4_chase_then_advances_five(force):
    force("yyccc")
    s = play(scenario(RULES, 3, positions=[10, 40, 25], hands={0: ["chase-1"]}, top=["advance-1"]),
             "draw 5", "use chase-1")
    steps = [e.params["steps"] for e in s.events if e.key == "fuji99.effect_advance"]
    assert steps == [10, 5] and s.token == 30


def test_r4_4_first_place_gets_nothing_not_even_five(force):
    force("yyccc")
    s = play(scenario(RULES, 3, positions=[50, 40, 25], hands={0: ["chase-1"]}, top=["advance-1"]),
             "draw 5", "use chase-1")
    assert event(s, "fuji99.effect_none") == {"seat": 0, "card": "chase-1"} and s.token == 55
    assert "fuji99.effect_advance" not in keys(s)


def test_fuji99_rules_1_a_pawn_level_with_the_token_is_not_above(force):
    force("yyccc", "yyccc")
    s = play(scenario(RULES, 3, positions=[10, 15, 30], hands={0: ["pursuit-1"]}, top=["advance-1"]),
             "draw 5", "use pursuit-1")
    assert s.token == 30  # 15 is level with the token, 30 is the next pawn ahead
    s = play(scenario(RULES, 3, positions=[10, 15, 0], hands={0: ["pursuit-1"]}, top=["advance-1"]),
             "draw 5", "use pursuit-1")
    assert "fuji99.effect_none" in keys(s) and s.token == 15  # tied 1st: nobody above


def test_fuji99_rules_2_two_players_advance_ten_even_when_leading(force):
    force("yyccc", "yyccc")
    s = play(scenario(RULES, positions=[50, 10], hands={0: ["pursuit-1"]}, top=["advance-1"]),
             "draw 5", "use pursuit-1")
    assert s.token == 65
    s = play(scenario(RULES, positions=[50, 10], hands={0: ["chase-2"]}, top=["advance-1"]),
             "draw 5", "use chase-2")
    assert [e.params["steps"] for e in s.events if e.key == "fuji99.effect_advance"] == [10, 5]
    assert s.token == 70


# --- R-4.5 / R-4.6 ------------------------------------------------------------------------------------------------
def test_r4_5_clear_path_counts_only_the_latest_draw(force):
    force("ccccc", "yccyy")
    s = scenario(RULES, hands={0: ["clear-path-1"]}, top=["advance-1", "advance-2"])
    s = play(s, "draw 5", "again", "draw 5", "use clear-path-1")
    assert event(s, "fuji99.effect_advance")["steps"] == 2 and s.token == 12


def test_r4_6_fuji99_rules_14_strong_legs_can_be_used_and_does_nothing_else(force):
    force("ccccc")
    s = scenario(RULES, hands={0: ["strong-legs-1"]}, card_clear={"strong-legs-1": 1}, top=["advance-1"])
    s = play(s, "draw 5")
    assert s.token == 8 and stage(s) == ABILITY and legal(s) == ["use strong-legs-1", "discover"]
    s = play(s, "use strong-legs-1")
    assert "fuji99.effect_none" in keys(s) and s.token == 8 and s.bags[0][0] == 2
    s = play(s, "discover")
    assert s.hands[0] == ["advance-1"]


# --- D-2 ------------------------------------------------------------------------------------------------------------
def test_d2_immediate_cards_never_count_towards_a_crisis(force):
    force("ccccc")
    s = play(scenario(RULES, positions=[0, 50], hands={0: ["blessing-1", "advance-1"]},
                      top=["falling-rock-1"]), "draw 5")
    assert "fuji99.crisis_bust" not in keys(s) and s.hands[0] == ["blessing-1", "advance-1"]
    assert stage(s) == DECIDE


# --- other decisions ----------------------------------------------------------------------------------------------
def test_fuji99_rules_4_no_payable_card_skips_the_ability_step(force):
    force("ccccc")
    s = play(scenario(RULES, hands={0: ["advance-1"]}, top=["purify-1"]), "draw 5")
    assert stage(s) == DECIDE and "fuji99.card_drawn" in keys(s)
    assert refused(s, "use advance-1").key == "fuji99.use_outside_ability"


def test_r2_6_r2_7_fuji99_rules_4_the_last_payable_card_used_waits_for_the_discover_step(force):
    """The Fuji card is drawn by its own action after a use, even when nothing more can be
    paid: the use can be taken back until that random draw (issue 27)."""
    force("ycccc")
    s = play(scenario(RULES, hands={0: ["advance-1"]}, top=["purify-1"]), "draw 5")
    deck = list(s.deck)
    s = play(s, "use advance-1")
    assert stage(s) == ABILITY and legal(s) == ["discover"] and s.tray[1] == 0
    assert s.deck == deck and s.hands[0] == [] and "fuji99.card_drawn" not in keys(s)
    s = play(s, "discover")
    assert event(s, "fuji99.card_drawn")["card"] == "purify-1" and stage(s) == DECIDE


def test_fuji99_rules_19_an_older_records_use_then_again_replays_with_the_discover_between(force):
    """Records made when the last payable card's use drew the Fuji card in the same action."""
    force("ycccc", "ycccc")
    start = play(scenario(RULES, hands={0: ["advance-1"]}, top=["purify-1"]), "draw 5", "use advance-1")
    assert "again" not in legal(start)  # never offered: people and bots see the draw as a step
    old = play(start, "again")  # as an older record has it
    new = play(start, "discover", "again")
    assert {k: v for k, v in vars(old).items() if k != "events"} == \
        {k: v for k, v in vars(new).items() if k != "events"}
    assert keys(old)[:1] == ["fuji99.card_drawn"] and keys(old)[-1] == keys(new)[-1]


def test_fuji99_rules_19_an_action_illegal_after_the_discover_is_still_refused(force):
    force("ycccc")
    s = play(scenario(RULES, hands={0: ["advance-1"]}, card_clear={"advance-1": 0}, top=["purify-1"]),
             "draw 5", "use advance-1")
    assert refused(s, "draw 5").key == "fuji99.not_draw_step"  # after the discover: the decide step
    assert refused(s, "give advance-1").key == "fuji99.give_outside_step"


def test_fuji99_rules_5_one_card_left_takes_the_last_cubes_by_itself(force):
    force("ccccc")
    s = play(scenario(RULES, hands={0: ["shortcut-1"]}, top=["falling-rock-1"], pagoda=2), "draw 5", "stop")
    assert "fuji99.pagoda_short" in keys(s) and stage(s) != GIVE
    assert s.card_clear == {"shortcut-1": 2} and s.pagoda == 0 and s.turn_seat == 1


def test_fuji99_rules_8_more_than_the_bag_is_refused_not_capped():
    s = scenario(RULES, bags={0: "ccccccyyyyrrr"})
    assert refused(s, "draw 20").params == {"n": 20, "bag": 13}


def test_fuji99_rules_9_red_bust_returns_paid_yellows_too(force):
    force("yyccc", "rrrcc")
    s = scenario(RULES, hands={0: ["advance-1", "advance-2"]}, top=["purify-1"])
    s = play(s, "draw 5", "use advance-1", "use advance-2", "again", "draw 5")
    assert "fuji99.red_bust" in keys(s) and s.used_yellows[0] == 0
    assert s.bags[0] == [6, 4, 3] and s.token == 0 and RULES.inventory(s) == FULL


def test_fuji99_rules_10_options_colours_stories_start_player():
    s = RULES.new_game(3, 8, {"colours": ["orange", "blue", "green"], "stories": ["nope", "snow"],
                              "start_player": 7})
    assert s.colours == ["orange", "blue", "green"]
    assert s.stories[1] == "snow" and s.stories[0] == Stream.for_game(8).choice(
        [x.id for x in DATA.stories], "story", 0
    )
    assert s.stories[2] in [x.id for x in DATA.stories]
    assert s.turn_seat == Stream.for_game(8).randrange(3, "start")
    assert RULES.new_game(2, 8, {"colours": ["blue", "blue"]}).colours == ["blue", "green"]


def test_fuji99_rules_11_winner_on_99_others_ranked_by_floor(force):
    force("ccccc")
    s = play(scenario(RULES, 4, turn_seat=2, positions=[40, 70, 96, 70]), "draw 5")
    out = RULES.outcome(s)
    assert out.winners == (2,) and out.scores == (40, 70, 99, 70) and out.ranking == (2, 1, 3, 0)
    assert out.breakdown[2]["fuji99.bd_position"] == 99 and out.tiebreak is None


def test_fuji99_rules_13_purified_red_goes_back_into_the_bag(force):
    force("yrccc")
    s = play(scenario(RULES, sheet_reds=1, hands={0: ["purify-1"]}, top=["advance-1"]), "draw 5", "use purify-1")
    assert s.sheet_reds[0] == 1 and s.bags[0][2] == 2  # one of the two reds came back
    s = play(s, "again")
    assert s.bags[0] == [6, 3, 2] and RULES.view(s, 0)["odds"]["reds_counted"] == 1  # 1 yellow paid


def test_fuji99_rules_15_card_moves_collect_yellow_spaces(force):
    force("ycccc")
    s = play(scenario(RULES, positions=[12, 0], hands={0: ["advance-1"]}, top=["purify-1"]),
             "draw 5", "use advance-1")
    assert event(s, "fuji99.yellow_taken") == {"seat": 0, "space": 20} and s.token == 20
