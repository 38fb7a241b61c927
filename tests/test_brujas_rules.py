"""Scenario tests for BRUJAS DEL SABADO, one per rule (R-x.y), decision (D-n, BRUJAS-RULES-n)."""
from __future__ import annotations

import json

import pytest

from games.brujas import position
from games.brujas.rules import RULES
from games.brujas.state import State
from games.core.engine import Action, IllegalAction
from games.core.i18n import catalog
from games.core.position import write

WITCHES = ["red", "blue", "yellow", "green"]  # red beside 5, blue 3, yellow 2, green 1
ALL_IDS = [c.id for c in RULES.data.cards]


def make(hands, witches=WITCHES, leader=0, captured=None) -> State:
    """A position at the start of a trick: given hands, witch order, leader and piles (the
    rest of the deck in the box)."""
    captured = [list(p) for p in captured] if captured else [[] for _ in hands]
    used = {c for h in hands for c in h} | {c for p in captured for c in p}
    return position.load(write({
        "game": "brujas", "players": len(hands), "witches": list(witches), "leader": leader,
        "turn_seat": leader, "hands": [sorted(h, key=RULES.order.__getitem__) for h in hands],
        "box": [c for c in ALL_IDS if c not in used], "captured": captured}))


def act(s, *texts):
    for text in texts:
        s = RULES.apply(s, Action.parse(text))
    return s


def legal(s):
    return [str(a) for a in RULES.legal_actions(s)]


def reason(s, text):
    with pytest.raises(IllegalAction) as err:
        RULES.apply(s, Action.parse(text))
    return err.value.key, err.value.params


def events(s):
    return [(e.key, e.params) for e in s.events]


# --- R-1 setup --------------------------------------------------------------------------
@pytest.mark.parametrize("players,size", [(3, 13), (4, 10), (5, 8)])
def test_r1_1_deal_sizes_by_player_count(players, size):
    s = RULES.new_game(players, 11, {})
    assert [len(h) for h in s.hands] == [size] * players
    dealt = [c for h in s.hands for c in h] + s.box
    assert sorted(dealt) == sorted(ALL_IDS)
    assert RULES.inventory(s) == {"cards": 40}


def test_r1_1_three_player_leftover_card():
    s = RULES.new_game(3, 5, {})
    assert len(s.box) == 1
    leftover = s.box[0]
    for seat in (None, 0, 1, 2):
        assert leftover in RULES.secret_ids(s, seat)
        assert leftover not in json.dumps(RULES.view(s, seat))
        assert RULES.view(s, seat)["box_count"] == 1
    s = RULES.play_until_end(s, lambda st, lg: lg[0])
    assert leftover in s.box and all(leftover not in p for p in s.captured)
    assert sum(map(len, s.captured)) == 39


def test_r1_1_hands_are_secret():
    s = RULES.new_game(4, 3, {})
    for seat in range(4):
        v = RULES.view(s, seat)
        assert v["hand"] == s.hands[seat]
        text = json.dumps(v)
        for other in range(4):
            if other != seat:
                assert not any(f'"{c}"' in text for c in s.hands[other])
    spectator = RULES.view(s, None)
    assert spectator["hand"] is None and spectator["legal"] == []
    assert RULES.secret_ids(s, None) == set(ALL_IDS)


def test_r1_2_witches_in_random_order_beside_5_3_2_1():
    orders = {tuple(RULES.new_game(4, seed, {}).witches) for seed in range(30)}
    assert len(orders) > 5
    assert all(sorted(o) == sorted(WITCHES) for o in orders)
    v = RULES.view(RULES.new_game(4, 1, {}), 0)
    assert [w["score"] for w in v["witches"]] == [5, 3, 2, 1]


def test_r1_3_start_player_option_random_and_clockwise():
    assert RULES.new_game(4, 9, {"start_player": 2}).turn_seat == 2
    starts = {RULES.new_game(4, seed, {"start_player": -1}).turn_seat for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    assert RULES.new_game(4, 9, {}).turn_seat == RULES.new_game(4, 9, {"start_player": None}).turn_seat
    with pytest.raises(ValueError):
        RULES.new_game(4, 9, {"start_player": 4})
    s = RULES.new_game(4, 9, {"start_player": 3})
    s = RULES.apply(s, RULES.legal_actions(s)[0])
    assert RULES.current_player(s) == 0


# --- R-2 a trick ------------------------------------------------------------------------
def test_r2_1_leader_plays_any_card():
    s = make([["g3a", "y1a", "r5b"], ["b1a", "b2a", "b3a"], ["b4a", "b5a", "y2a"]])
    assert legal(s) == ["play r5b", "play y1a", "play g3a"]
    assert RULES.legal_cards(s) == ["r5b", "y1a", "g3a"]


def test_r2_2_must_match_first_colour_or_number():
    s = make([["g3a"], ["g4a", "y3a", "r2a"], ["b1a"]])
    s = act(s, "play g3a")
    assert legal(s) == ["play y3a", "play g4a"]
    assert reason(s, "play r2a") == ("brujas.must_match_first", {"colour": "green", "number": 3})


def test_r2_2_identical_card_is_allowed_and_binds_the_next_player_to_the_first_card():
    """BRUJAS-RULES-3: an identical card follows, does not set the lead; the 3rd is still bound."""
    s = make([["g3a"], ["g3b", "r2a"], ["g5a", "y3a", "b1a"]])
    s = act(s, "play g3a")
    assert legal(s) == ["play g3b"]
    s = act(s, "play g3b")
    assert s.lead is None
    assert legal(s) == ["play y3a", "play g5a"]
    assert reason(s, "play b1a")[0] == "brujas.must_match_first"


def test_r2_2_any_card_when_nothing_matches_the_first_card():
    s = make([["g3a"], ["r2a", "b5a"], ["y1a"]])
    s = act(s, "play g3a")
    assert legal(s) == ["play r2a", "play b5a"]
    s = act(s, "play b5a")
    assert s.lead is None and RULES.view(s, 2)["cannot_win"] == ["b5a"]
    assert ("brujas.card_played", {"seat": 1, "card": "b5a", "followed": False, "sets_lead": False}) in events(s)


def test_r2_3_same_colour_sets_a_colour_lead():
    s = act(make([["g3a"], ["g4a"], ["b1a"]]), "play g3a", "play g4a")
    assert s.lead == ("colour", "green")
    assert ("brujas.lead_set", {"seat": 1, "kind": "colour", "value": "green"}) in events(s)
    assert RULES.view(s, 2)["lead"] == {"kind": "colour", "value": "green"}


def test_r2_3_same_number_sets_a_number_lead():
    s = act(make([["g3a"], ["y3a"], ["b1a"]]), "play g3a", "play y3a")
    assert s.lead == ("number", 3)
    assert RULES.view(s, 2)["lead"] == {"kind": "number", "value": 3}


def test_r2_3_identical_or_unmatched_cards_do_not_set_the_lead_a_later_card_does():
    s = make([["g3a"], ["r1a"], ["g3b"], ["b3a"]])
    s = act(s, "play g3a", "play r1a")
    assert s.lead is None and RULES.view(s, 2)["lead"] is None
    s = act(s, "play g3b")
    assert s.lead is None
    s = act(s, "play b3a")
    assert s.lead == ("number", 3)
    assert [e for e in events(s) if e[0] == "brujas.card_played"][0][1]["sets_lead"] is True


def test_r2_4_follow_the_lead_colour():
    s = make([["g3a"], ["g4a"], ["g1a", "y3a", "b2a"], ["r1a"]])
    s = act(s, "play g3a", "play g4a")
    assert legal(s) == ["play g1a"]  # y3a matches the 1st card's number but the lead is green
    assert reason(s, "play y3a") == ("brujas.must_follow_colour", {"colour": "green"})


def test_r2_4_follow_the_lead_number():
    s = make([["g3a"], ["y3a"], ["g1a", "r3a", "b2a"], ["r1a"]])
    s = act(s, "play g3a", "play y3a")
    assert legal(s) == ["play r3a"]
    assert reason(s, "play g1a") == ("brujas.must_follow_number", {"number": 3})


def test_r2_4_a_card_that_cannot_follow_cannot_win():
    """BRUJAS-RULES-1: the void player's card matches neither attribute and cannot win."""
    s = make([["g1a"], ["g2a"], ["r5a", "b5a"]])
    s = act(s, "play g1a", "play g2a")
    assert legal(s) == ["play r5a", "play b5a"]
    s = act(s, "play r5a")
    assert RULES.view(s, 0)["cannot_win"] == ["r5a"]
    assert s.trick_winner == 1 and s.winning_card == "g2a"
    assert ("brujas.card_played", {"seat": 2, "card": "r5a", "followed": False, "sets_lead": False}) in events(s)


def test_r2_5_colour_lead_highest_number_wins():
    s = make([["y2a"], ["y1a"], ["y5a"], ["r5a"]], leader=0)
    s = act(s, "play y2a", "play y1a", "play y5a", "play r5a")
    assert s.lead == ("colour", "yellow")
    assert (s.trick_winner, s.winning_card) == (2, "y5a")
    assert ("brujas.trick_won", {"seat": 2, "card": "y5a", "kind": "colour", "value": "yellow"}) in events(s)


def test_r2_6_number_lead_best_witch_colour_wins():
    # witches: blue beside 5, green 3, red 2, yellow 1
    s = make([["r4a"], ["y4a"], ["g4a"], ["b1a"]], witches=["blue", "green", "red", "yellow"])
    s = act(s, "play r4a", "play y4a", "play g4a", "play b1a")
    assert s.lead == ("number", 4)
    assert (s.trick_winner, s.winning_card) == (2, "g4a")


def test_r2_7_identical_winning_cards_the_later_wins_colour_lead():
    """BRUJAS-RULES-2 with a colour lead."""
    s = make([["b2a"], ["b5a"], ["b5b"], ["b1a"]])
    s = act(s, "play b2a", "play b5a", "play b5b", "play b1a")
    assert (s.trick_winner, s.winning_card) == (2, "b5b")


def test_r2_7_identical_winning_cards_the_later_wins_number_lead():
    """BRUJAS-RULES-2 with a number lead."""
    s = make([["y2a"], ["r2a"], ["r2b"], ["b3a"]])  # red beside 5
    s = act(s, "play y2a", "play r2a", "play r2b", "play b3a")
    assert s.lead == ("number", 2)
    assert (s.trick_winner, s.winning_card) == (2, "r2b")


def test_r2_8_lead_never_set_first_card_wins():
    s = make([["g3a"], ["r1a"], ["b5a"]])
    s = act(s, "play g3a", "play r1a", "play b5a")
    assert s.lead is None
    assert (s.trick_winner, s.winning_card) == (0, "g3a")
    assert ("brujas.trick_won", {"seat": 0, "card": "g3a", "kind": None, "value": None}) in events(s)


def test_r2_8_lead_never_set_latest_identical_card_wins():
    s = make([["g3a"], ["g3b"], ["b5a"]])
    s = act(s, "play g3a", "play g3b", "play b5a")
    assert s.lead is None
    assert (s.trick_winner, s.winning_card) == (1, "g3b")


def test_brujas_rules_1_cards_of_the_lead_played_before_it_was_set_compete():
    # 1st green 3, 2nd green 3 (no lead), 3rd yellow 3 sets "3"; green above yellow
    s = make([["g3a"], ["g3b"], ["y3a"], ["b1a"]], witches=["green", "yellow", "red", "blue"])
    s = act(s, "play g3a", "play g3b", "play y3a", "play b1a")
    assert s.lead == ("number", 3)
    assert (s.trick_winner, s.winning_card) == (1, "g3b")
    s = make([["g3a"], ["g3b"], ["y3a"], ["b1a"]], witches=["yellow", "green", "red", "blue"])
    s = act(s, "play g3a", "play g3b", "play y3a", "play b1a")
    assert (s.trick_winner, s.winning_card) == (2, "y3a")


def test_worked_example_green_3_led_green_4_or_yellow_3():
    """The rulebook's example: 2nd may play green 4 or yellow 3, which set different leads."""
    start = act(make([["g3a"], ["g4a", "y3a", "r2a"], ["g5a", "y3b", "b3a"], ["g1a"]]), "play g3a")
    assert legal(start) == ["play y3a", "play g4a"]
    assert reason(start, "play r2a")[0] == "brujas.must_match_first"
    green = act(start, "play g4a")
    assert green.lead == ("colour", "green")
    assert RULES.lead_text(RULES.view(green, 2)["lead"], "en") == "Lead: green"
    assert legal(green) == ["play g5a"]  # only green may be played (and win)
    green = act(green, "play g5a", "play g1a")
    assert green.winning_card == "g5a"
    three = act(start, "play y3a")
    assert three.lead == ("number", 3)
    assert RULES.lead_text(RULES.view(three, 2)["lead"], "en") == "Lead: 3"
    assert legal(three) == ["play b3a", "play y3b"]  # only 3s
    three = act(three, "play b3a", "play g1a")  # red, blue, yellow, green from the top
    assert (three.trick_winner, three.winning_card) == (2, "b3a")
    assert RULES.lead_text(None, "en") == "Lead not set yet"


# --- R-3 after the trick -------------------------------------------------------------------
def _won_by_yellow(witches):
    s = make([["y5a", "r1a"], ["y1a", "r2a"], ["y2a", "r3a"]], witches=witches)
    return act(s, "play y5a", "play y1a", "play y2a")


def test_r3_1_winner_moves_the_witch_up_or_down():
    s = _won_by_yellow(["red", "yellow", "blue", "green"])
    assert s.pending.kind == "witch" and RULES.current_player(s) == 0
    assert legal(s) == ["witch up", "witch down"]
    up = act(s, "witch up")
    assert up.witches == ["yellow", "red", "blue", "green"]
    assert ("brujas.witch_moved", {"seat": 0, "colour": "yellow", "direction": "up",
                                   "from_score": 3, "to_score": 5, "other": "red"}) in events(up)
    down = act(s, "witch down")
    assert down.witches == ["red", "blue", "yellow", "green"]


def test_r3_1_forced_witch_move_at_the_ends():
    top = _won_by_yellow(["yellow", "red", "blue", "green"])
    assert legal(top) == ["witch down"]
    assert reason(top, "witch up") == ("brujas.witch_at_top", {"colour": "yellow", "score": 5})
    bottom = _won_by_yellow(["red", "blue", "green", "yellow"])
    assert legal(bottom) == ["witch up"]
    assert reason(bottom, "witch down") == ("brujas.witch_at_bottom", {"colour": "yellow", "score": 1})
    assert reason(bottom, "witch sideways")[0] == "brujas.bad_direction"


def test_r3_1_the_move_is_compulsory_before_the_draft():
    s = _won_by_yellow(WITCHES)
    assert reason(s, "take y5a") == ("brujas.now_witch", {"seat": 0})
    assert reason(s, "play r1a") == ("brujas.now_witch", {"seat": 0})
    assert not RULES.needs_privacy(s)


def test_r3_2_draft_from_the_winner_clockwise():
    s = make([["b1a", "r1a"], ["b2a", "r2a"], ["b5a", "r3a"], ["b3a", "r4a"]])
    s = act(s, "play b1a", "play b2a", "play b5a", "play b3a", "witch up")
    assert s.pending.kind == "pick" and RULES.current_player(s) == 2 and RULES.turn_owner(s) == 2
    assert not RULES.needs_privacy(s)
    assert legal(s) == ["take b1a", "take b2a", "take b3a", "take b5a"]
    v = RULES.view(s, 0)
    assert v["draft_order"] == [2, 3, 0, 1] and sorted(v["draft_left"]) == ["b1a", "b2a", "b3a", "b5a"]
    s = act(s, "take b5a")
    assert s.captured[2] == ["b5a"] and RULES.current_player(s) == 3
    assert reason(s, "take b5a") == ("brujas.not_on_table", {"card": "b5a"})
    with pytest.raises(IllegalAction) as err:
        RULES.check_seat(s, 1, Action.parse("take b1a"))
    assert err.value.key == "brujas.not_your_pick" and err.value.params == {"seat": 3}
    RULES.check_seat(s, 3, Action.parse("take b1a"))
    s = act(s, "take b1a", "take b3a")
    # BRUJAS-RULES-5: the last card goes to the last picker automatically
    assert s.captured == [["b3a"], ["b2a"], ["b5a"], ["b1a"]]
    assert ("brujas.card_drafted", {"seat": 1, "card": "b2a", "auto": True}) in events(s)
    assert RULES.view(s, 1)["captured"][1] == ["b2a"]


def test_r3_3_winner_leads_next_trick_and_empty_hands_end_the_game():
    s = make([["b1a", "r1a"], ["b2a", "r2a"], ["b5a", "r3a"]])
    s = act(s, "play b1a", "play b2a", "play b5a", "witch down", "take b5a", "take b1a")
    assert s.pending is None and not s.over and s.leader == 2 and RULES.current_player(s) == 2
    assert RULES.needs_privacy(s)
    s = act(s, "play r3a", "play r1a", "play r2a")
    assert RULES.outcome(s) is None and s.pending.kind == "witch"  # BRUJAS-RULES-6: the last move still happens
    s = act(s, "witch down", "take r3a", "take r1a")
    assert s.over and RULES.current_player(s) is None
    assert RULES.outcome(s) is not None
    assert events(s)[-1][0] == "brujas.game_end"
    assert reason(s, "play r1a")[0] == "core.game_over"
    v = RULES.view(s, 0)
    assert v["over"] and v["tricks_played"] == 2 and v["last_trick"]["winner"] == 2


# --- R-4 scoring --------------------------------------------------------------------------
def _over(captured, witches=WITCHES):
    s = make([[] for _ in captured], witches=witches, captured=captured)
    s.over = True
    return s


def test_r4_1_witch_points_of_the_most_captured_colour():
    s = _over([["b1a", "b2a", "r1b"], ["y1a", "g2a", "g3a"], ["r2a", "r3a", "g1a"]])
    assert [w for w, _ in RULES.score_parts(s)] == [3, 1, 5]


def test_r4_1_tie_between_colours_goes_to_the_higher_witch():
    # two yellow, two green: green beside 3 beats yellow beside 1
    s = _over([["y1a", "y2a", "g4a", "g5a"], ["r1a"], []], witches=["red", "green", "blue", "yellow"])
    assert RULES.score_parts(s)[0][0] == 3
    assert RULES.view(s, 0)["scores"][0]["colour"] == "green"


def test_d3_no_captured_cards_scores_zero_witch_points():
    s = _over([[], ["r1a"], []])
    assert RULES.score_parts(s)[0] == (0, 0)
    assert RULES.view(s, 0)["scores"][0]["colour"] is None


def test_r4_2_majority_ties_all_score():
    # red: seats 0 and 2 tie with one each; blue: seat 0; yellow, green: seat 1
    s = _over([["r1a", "b1a"], ["y1a", "g1a"], ["r2a"]])
    assert [m for _, m in RULES.score_parts(s)] == [4, 4, 2]


def test_r4_2_brujas_rules_7_a_kind_nobody_captured_scores_nobody():
    s = _over([["r1a"], [], []])  # blue, yellow and green: nobody holds any
    assert [m for _, m in RULES.score_parts(s)] == [2, 0, 0]


def test_d1_majorities_are_counted_by_colour_not_number():
    s = _over([["r1a", "r2a", "r3a"], ["b3a", "y3a"], []])
    # seat 1 holds the most 3s, but kinds are colours: red is seat 0's; blue, yellow seat 1's
    assert [m for _, m in RULES.score_parts(s)] == [2, 4, 0]
    assert RULES.view(s, None)["majority_leads"] == [
        [True, False, False, False], [False, True, True, False], [False, False, False, False]]


def test_d1_majority_by_number_is_the_data_alternative(tmp_path):
    from games.brujas.data import DATA_FILE, load
    from games.brujas.rules import Rules
    path = tmp_path / "brujas.yaml"
    path.write_text(DATA_FILE.read_text(encoding="utf-8").replace("majority_by: colour", "majority_by: number"),
                    encoding="utf-8")
    rules = Rules(load(path))
    s = _over([["r1a", "r2a", "r3a"], ["b3a", "y3a"], []])
    # by number: seat 0 wins the 1s and 2s, seat 1 the 3s
    assert [m for _, m in rules.score_parts(s)] == [4, 2, 0]
    assert rules.view(s, None)["majority_by"] == "number"


def test_r4_3_highest_total_wins_with_breakdown():
    s = _over([["r1a", "r2a"], ["g1b"], []])  # red beside 5, green beside 1
    out = RULES.outcome(s)
    assert out.scores == (5 + 2, 1 + 2, 0)  # red is seat 0's majority, green seat 1's
    assert out.winners == (0,) and out.ranking == (0, 1, 2)
    assert out.breakdown[0] == {"brujas.witch_points": 5, "brujas.majority_points": 2}
    assert out.tiebreak is None


def test_d2_tied_players_share_the_win():
    s = _over([["r1a"], ["r1b"], ["g2a"]])
    out = RULES.outcome(s)
    assert out.scores == (7, 7, 3)
    assert out.winners == (0, 1)


def test_score_preview_in_the_view():
    s = make([["b1a"], ["b2a"], ["b3a"]], captured=[["r1a", "r2a"], ["g1a"], []])
    assert RULES.view(s, None)["scores"] == [
        {"witch": 5, "majority": 2, "total": 7, "colour": "red"},  # the red majority
        {"witch": 1, "majority": 2, "total": 3, "colour": "green"},  # the green majority
        {"witch": 0, "majority": 0, "total": 0, "colour": None}]


# --- contract -----------------------------------------------------------------------------
def test_view_schema_and_json():
    s = RULES.new_game(4, 21, {"start_player": 0})
    s = act(s, str(RULES.legal_actions(s)[0]))
    v = RULES.view(s, 1)
    assert json.loads(json.dumps(v)) == v
    keys = {"game", "viewer", "players", "turn_seat", "pending", "round", "turn", "over",
            "winners", "end_reason", "options", "leader", "trick", "table", "lead",
            "cannot_win",
            "winning", "witches", "witch_order", "witch_directions", "hand_counts", "hand",
            "legal", "captured", "captured_by_colour", "numbers", "captured_by_number",
            "scores", "tricks_played", "tricks_left", "tricks_total", "trick_winner",
            "winning_card", "draft_left", "draft_order", "last_trick", "history", "box_count",
            "events", "outcome", "majority_by", "majority_leads"}
    assert set(v) == keys
    assert v["legal"] == RULES.legal_cards(s) and v["turn_seat"] == 1
    assert v["winning"] == v["trick"][0]
    assert v["events"][0][0] == "brujas.card_played"
    assert RULES.view(s, 2)["legal"] == []


def test_card_ids_are_unique_and_described_by_card_info():
    assert len(set(ALL_IDS)) == 40 and all(" " not in c for c in ALL_IDS)
    info = RULES.card_info("g3b")
    assert (info["colour"], info["number"], info["copy"]) == ("green", 3, 2)
    assert info["label"] == {"ja": "緑3", "en": "green 3"} and info["letter"] == "G"
    assert info["animal"]["en"] == "cup"


def test_actions_round_trip_through_text():
    for text in ("play g3a", "witch up", "witch down", "take r5b"):
        assert str(Action.parse(text)) == text


def test_unknown_and_malformed_actions_have_reasons():
    s = make([["g3a"], ["g4a"], ["b1a"]])
    assert reason(s, "dance 3")[0] == "brujas.unknown_action"
    assert reason(s, "play")[0] == "brujas.bad_action"
    assert reason(s, "play g4a") == ("brujas.not_in_hand", {"card": "g4a"})
    assert reason(s, "take g3a") == ("brujas.now_play", {"seat": 0})
    assert reason(s, "witch up") == ("brujas.now_play", {"seat": 0})


def test_every_reason_and_event_key_is_translated():
    keys = set(catalog())
    used = ["unknown_action", "bad_action", "now_play", "now_witch", "now_draft", "not_in_hand",
            "must_match_first", "must_follow_colour", "must_follow_number", "witch_at_top",
            "witch_at_bottom", "bad_direction", "not_on_table", "not_your_pick", "card_played",
            "card_played_off", "lead_set_colour", "lead_set_number", "trick_won_colour",
            "trick_won_number", "trick_won_none", "witch_moved", "card_drafted",
            "card_drafted_auto", "game_end", "lead_none", "lead_colour", "lead_number",
            "witch_points", "majority_points", "phase_play", "phase_witch", "phase_draft",
            "phase_over", "direction_up", "direction_down"]
    assert {f"brujas.{k}" for k in used} <= keys
    s = RULES.new_game(3, 4, {})
    while RULES.current_player(s) is not None:
        s = RULES.apply(s, RULES.legal_actions(s)[-1])
        for e in s.events:
            for lang in ("ja", "en"):
                text = RULES.text(e.key, e.params, lang, ["A", "B", "C"])
                assert "{" not in text and not text.startswith("brujas."), text


def test_same_seed_options_and_actions_give_equal_states():
    a = RULES.new_game(5, 77, {})
    b = RULES.new_game(5, 77, {})
    assert a == b
    pick = lambda st, lg: lg[len(lg) // 2]  # noqa: E731
    assert RULES.play_until_end(a, pick) == RULES.play_until_end(b, pick)


def test_clone_is_independent():
    s = RULES.new_game(4, 2, {})
    c = s.clone()
    c.hands[0].pop()
    c.witches.reverse()
    assert len(s.hands[0]) == 10 and c != s


def test_r2_4_in_random_games_a_card_that_did_not_follow_never_wins():
    from games.core.rng import rng_for
    for seed in range(30):
        s = RULES.new_game(3 + seed % 3, seed, {})
        rng = rng_for(seed, "r24")
        while RULES.current_player(s) is not None:
            s = RULES.apply(s, rng.choice(RULES.legal_actions(s)))
            if s.pending and s.pending.kind == "witch":
                view = RULES.view(s, None)
                assert s.winning_card not in view["cannot_win"]
                played = [e.params for e in s.events if e.key == "brujas.card_played"]
                assert not played[-1]["followed"] or played[-1]["card"] not in view["cannot_win"]


def test_r3_2_captured_piles_are_public_with_counts():
    s = make([["b1a"], ["b2a"], ["r2b"]], captured=[["r1a", "g1a", "g2a"], [], ["y5a"]])
    for seat in (None, 0, 1, 2):
        v = RULES.view(s, seat)
        assert v["captured"] == [["r1a", "g1a", "g2a"], [], ["y5a"]]
        assert v["captured_by_colour"][0] == {"red": 1, "blue": 0, "yellow": 0, "green": 2}
        assert v["captured_by_number"][0] == [2, 1, 0, 0, 0] and v["numbers"] == [1, 2, 3, 4, 5]
        assert v["captured_by_number"][2] == [0, 0, 0, 0, 1]
