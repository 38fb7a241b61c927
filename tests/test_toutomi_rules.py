"""Scenario tests for Toutomi, one per rule (R-x.y), decision (D-n) and extra decision (TOUTOMI-RULES-n).

States are built from a compact literal with ``make``: hands, total, deck top first, etc.
"""
from __future__ import annotations

import json

import pytest

from games.core.engine import Action, IllegalAction
from games.core.pending import Pending
from games.core.position import write
from games.core.rng import Stream
from games.toutomi import position
from games.toutomi.data import WILD_EFFECTS
from games.toutomi.data import data as toutomi_data
from games.toutomi.rules import RULES
from games.toutomi.state import State

DATA = toutomi_data()
LIMIT = DATA.burst_limit


def make(hands, *, total=0, owner=0, deck=(), field=(), situations=None, situation_deck=None,
         short=False, previous=None, direction=1, plays_left=1, attacked=False, seed=1,
         points=None) -> State:
    """A state from a literal, built and checked by games/toutomi/position.py: ``deck`` lists
    the top cards first; the other 尊み cards lie under them; ``situation_deck`` (top first)
    defaults to every situation card not held; the situation cards neither held nor listed are
    out of the game (``removed``), so every card lies in one zone."""
    players = len(hands)
    points = [list(p) for p in points] if points else [[] for _ in range(players)]
    used = {c for h in hands for c in h} | set(field) | set(deck) | {c for p in points for c in p}
    rest = [c for c in DATA.toutomi_ids(with_trump=not short) if c not in used]
    situations = [list(p) for p in situations] if situations else [[] for _ in range(players)]
    held = {c for p in situations for c in p}
    unheld = [] if short else [c for c in DATA.situation_ids() if c not in held]
    if situation_deck is None:
        situation_deck = unheld
    return position.load(write({
        "game": "toutomi", "players": players, "seed": seed, "options": {"short": True} if short else {},
        "deck": rest + list(reversed(deck)), "situation_deck": list(reversed(situation_deck)),
        "hands": [list(h) for h in hands], "field": list(field), "situations": situations,
        "removed": [c for c in unheld if c not in situation_deck],
        "points": points, "total": total, "direction": direction, "turn_seat": owner,
        "next_base": owner, "previous": previous, "plays_left": plays_left, "attacked": attacked,
    }))


def do(s: State, *texts: str) -> State:
    for t in texts:
        s = RULES.apply(s, Action.parse(t))
    return s


def legal(s: State) -> list[str]:
    return [str(a) for a in RULES.legal_actions(s)]


def reason(s: State, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        RULES.check(s, Action.parse(text))
    return err.value


def keys(s: State) -> list[str]:
    return [e.key for e in s.events]


def event(s: State, key: str) -> dict:
    found = [e.params for e in s.events if e.key == key]
    assert found, f"no event {key} in {keys(s)}"
    return found[-1]


# --- setup (R-1) ------------------------------------------------------------------------

def test_r1_1_decks_shuffled_separately_and_seeded():
    a = RULES.new_game(4, 42, {})
    assert a == RULES.new_game(4, 42, {})
    b = RULES.new_game(4, 43, {})
    assert a.deck != b.deck
    order = Stream.for_game(42).shuffled(DATA.toutomi_ids(), "shuffle", 0)
    dealt = [c for h in a.hands for c in h]
    assert sorted(a.deck + dealt) == sorted(DATA.toutomi_ids())
    assert a.deck == order[:len(a.deck)]
    sits = Stream.for_game(42).shuffled(DATA.situation_ids(), "shuffle", 1)
    assert a.situation_deck == sits and a.shuffles == 2


def test_r1_2_three_cards_each_and_hands_secret():
    s = RULES.new_game(5, 7, {})
    assert [len(h) for h in s.hands] == [DATA.hand_size] * 5
    v = RULES.view(s, 1)
    text = json.dumps(v)
    assert v["hand"] == s.hands[1]
    for seat in (0, 2, 3, 4):
        assert all(f'"{c}"' not in text for c in s.hands[seat])
    assert RULES.view(s, None)["hand"] is None
    assert set(s.hands[0]) <= RULES.secret_ids(s, 1)
    assert not set(s.hands[1]) & RULES.secret_ids(s, 1)


def test_r1_3_field_empty_total_zero():
    s = RULES.new_game(3, 1, {})
    assert s.field == [] and s.total == 0 and RULES.view(s, 0)["total"] == 0


def test_r1_4_start_player_option_and_seeded_random():
    assert RULES.current_player(RULES.new_game(4, 9, {"start_player": 2})) == 2
    expected = Stream.for_game(9).randrange(4, "start")
    for opt in ({}, {"start_player": -1}, {"start_player": None}):
        assert RULES.current_player(RULES.new_game(4, 9, opt)) == expected


def test_toutomi_rules_9_invalid_start_player_counts_as_random():
    assert RULES.current_player(RULES.new_game(3, 9, {"start_player": 7})) == \
        Stream.for_game(9).randrange(3, "start")


# --- a turn (R-2) -------------------------------------------------------------------------

def test_r2_1_play_exactly_one_card_no_pass():
    s = make([["n3-1", "n4-1", "skip-1"], ["n1-1", "n1-2", "n1-3"]])
    assert legal(s) == ["play n3-1", "play n4-1", "play skip-1"]
    assert reason(s, "pass").key == "toutomi.pass_not_allowed"
    assert reason(s, "play n1-1").key == "toutomi.not_in_hand"
    assert reason(s, "play zz-1").key == "toutomi.unknown_card"
    assert reason(s, "fly 3").key == "toutomi.unknown_action"
    assert reason(s, "play").key == "toutomi.bad_args"
    s2 = do(s, "play n3-1")
    assert s2.field == ["n3-1"] and RULES.current_player(s2) == 1


def test_r2_2_number_adds_value_and_announces_total():
    s = do(make([["n3-1", "n4-1", "n5-1"], ["n1-1"]], total=2), "play n3-1")
    assert s.total == 5
    assert event(s, "toutomi.played") == {"seat": 0, "card": "n3", "total": 5, "before": 2}
    assert RULES.view(s, 1)["total"] == 5


def test_r2_3_equal_number_keeps_total():
    s = do(make([["n5-1", "n4-1", "n1-1"], ["n1-2"]], total=5), "play n5-1")
    assert s.total == 5
    assert event(s, "toutomi.equal_number") == {"seat": 0, "total": 5}
    s = do(make([["n7-1", "n4-1", "n1-1"], ["n1-2"]], total=7), "play n7-1")
    assert s.total == 7 and "toutomi.burst" not in keys(s)


def test_r2_4_zero_and_minus_one_never_raise_the_total():
    s = do(make([["n0-1", "m1-1", "n1-1"], ["n1-2", "n2-1", "n2-2"]], total=4), "play n0-1")
    assert s.total == 4
    s = do(make([["n0-1", "m1-1", "n1-1"], ["n1-2", "n2-1", "n2-2"]], total=4), "play m1-1")
    assert s.total == 3


def test_d1_total_may_go_negative_and_equal_rule_applies():
    s = do(make([["m1-1", "n1-1", "n1-2"], ["n2-1"]], total=0), "play m1-1")
    assert s.total == -1
    s = do(make([["m1-1", "n1-1", "n1-2"], ["n2-1"]], total=-1), "play m1-1")
    assert s.total == -1 and event(s, "toutomi.equal_number")["total"] == -1
    s = do(make([["n3-1", "n1-1", "n1-2"], ["n2-1"]], total=-1), "play n3-1")
    assert s.total == 2


def test_r2_5_special_cards_never_change_the_total():
    for card, extra in (("reverse-1", ()), ("skip-1", ()), ("summon-1", ("dump_done",)),
                        ("attack-1", ("target 1",)), ("wild-1", ("wild skip",))):
        s = do(make([[card, "n1-1", "n1-2"], ["n2-1"], ["n2-2"]], total=6), f"play {card}", *extra)
        assert s.total == 6, card


def test_r2_6_refill_to_three_after_the_turn():
    s = do(make([["n3-1", "n4-1", "n5-1"], ["n1-1", "n1-2", "n1-3"]], deck=["n6-1", "n6-2"]),
           "play n3-1")
    assert s.hands[0] == ["n4-1", "n5-1", "n6-1"]
    assert event(s, "toutomi.drew") == {"seat": 0, "cards": ["n6-1"], "count": 1}
    assert RULES.view(s, 1)["events"][-2:] == [["toutomi.drew", {"seat": 0, "count": 1}],
                                              ["toutomi.turn", {"seat": 1, "plays": 1}]]


def test_r2_6_d2_empty_deck_recycles_field_and_keeps_total():
    s = make([["n3-1", "n4-1", "n5-1"], ["n1-1", "n1-2", "n1-3"]], total=2,
             field=["n0-1", "m1-1"])
    s.deck = []
    s2 = do(s, "play n3-1")
    assert s2.total == 5 and s2.field == []
    assert len(s2.hands[0]) == 3 and len(s2.deck) == 2
    assert sorted(s2.deck + s2.hands[0][2:]) == sorted(["n0-1", "m1-1", "n3-1"])
    assert event(s2, "toutomi.reshuffle") == {"cards": 3}


def test_r2_7_turns_go_clockwise():
    s = make([["n1-1", "n1-2", "n1-3"], ["n1-4", "n2-1", "n2-2"], ["n2-3", "n2-4", "n3-1"]])
    s = do(s, "play n1-1")
    assert RULES.current_player(s) == 1
    s = do(s, "play n2-1")
    assert RULES.current_player(s) == 2 and s.previous == 1
    s = do(s, "play n2-3")
    assert RULES.current_player(s) == 0


# --- special cards (R-3) ------------------------------------------------------------------

def _three(first):
    return make([[first, "n1-1", "n1-2"], ["n2-1", "n2-2", "n2-3"], ["n3-1", "n3-2", "n3-3"],
                 ["n4-1", "n4-2", "n4-3"]])


def test_r3_1_reverse_changes_direction():
    s = do(_three("reverse-1"), "play reverse-1")
    assert s.direction == -1 and RULES.current_player(s) == 3
    assert event(s, "toutomi.reverse") == {"seat": 0, "direction": -1}
    s = do(s, "play n4-1")
    assert RULES.current_player(s) == 2


def test_d3_reverse_with_two_players_acts_as_skip():
    s = do(make([["reverse-1", "n1-1", "n1-2"], ["n2-1", "n2-2", "n2-3"]]), "play reverse-1")
    assert s.direction == 1 and RULES.current_player(s) == 0
    assert event(s, "toutomi.reverse_as_skip") == {"seat": 0, "target": 1}


def test_r3_2_skip_next_player_loses_turn():
    s = do(_three("skip-1"), "play skip-1")
    assert RULES.current_player(s) == 2 and s.previous == 0
    assert event(s, "toutomi.skip") == {"seat": 0, "target": 1}


def test_r3_3_summon_puts_cards_on_field_and_draws_as_many():
    s = make([["summon-1", "n6-1", "n7-1"], ["n2-1", "n2-2", "n2-3"]], total=3,
             deck=["n1-1", "n1-2", "n1-3"])
    s = do(s, "play summon-1")
    assert s.pending == Pending("dump", 0, "summon-1", (), 0)
    assert legal(s) == ["dump n6-1", "dump n7-1", "dump_done"]
    assert reason(s, "play n6-1").key == "toutomi.finish_dump_first"
    assert RULES.view(s, 0)["pending"] == {"kind": "dump", "seat": 0, "card": "summon-1",
                                           "offers": [], "count": 0, "more": []}
    assert RULES.view(s, 1)["pending"] == RULES.view(s, 0)["pending"]  # the hand stays secret
    s = do(s, "dump n6-1")
    assert s.total == 3 and s.field == ["summon-1", "n6-1"] and s.hands[0] == ["n7-1"]
    s = do(s, "dump_done")
    assert s.hands[0] == ["n7-1", "n1-1", "n1-2"]  # 1 at once for the dumped, 1 at the turn end
    assert event(s, "toutomi.summon_drew") == {"seat": 0, "count": 1}
    assert RULES.current_player(s) == 1 and s.total == 3


def test_r3_3_summon_without_dumping():
    s = do(make([["summon-1", "n6-1", "n7-1"], ["n2-1"]]), "play summon-1", "dump_done")
    assert s.hands[0][:2] == ["n6-1", "n7-1"] and RULES.current_player(s) == 1
    assert reason(s, "dump_done").key == "toutomi.no_dump_pending"
    assert reason(s, "dump n2-1").key == "toutomi.no_dump_pending"


def test_toutomi_rules_5_summon_dumping_whole_hand_draws_at_once():
    s = make([["summon-1", "n6-1", "n7-1"], ["n2-1"]], deck=["n1-1", "n1-2", "n1-3"])
    s = do(s, "play summon-1", "dump n6-1")
    assert s.pending is not None
    s = do(s, "dump n7-1")  # the hand is empty: the draw happens by itself
    assert s.pending is None and RULES.current_player(s) == 1
    assert s.hands[0] == ["n1-1", "n1-2", "n1-3"]
    # with an empty hand right after the Summon there is nothing to choose
    s = make([["n1-1", "summon-1"], ["n2-1"]], attacked=True, plays_left=2)
    s = do(s, "play n1-1", "play summon-1")
    assert s.pending is None and RULES.current_player(s) == 1


def test_r3_4_attack_named_player_plays_two_cards_without_refill():
    s = do(_three("attack-1"), "play attack-1")
    assert s.pending == Pending("target", 0, "attack-1", (1, 2, 3))
    assert legal(s) == ["target 1", "target 2", "target 3"]
    assert reason(s, "target 0").key == "toutomi.attack_self"
    assert reason(s, "target 4").key == "toutomi.no_such_seat"
    assert reason(s, "play n1-1").key == "toutomi.finish_target_first"
    s = do(s, "target 2")
    assert event(s, "toutomi.attack") == {"seat": 0, "target": 2}
    assert RULES.current_player(s) == 2 and s.plays_left == 2 and s.attacked
    assert "toutomi.turn_attacked" in keys(s)
    s = do(s, "play n3-1")
    assert RULES.current_player(s) == 2 and len(s.hands[2]) == 2  # no refill in between
    s = do(s, "play n3-2")
    assert len(s.hands[2]) == 3 and s.previous == 2
    assert RULES.current_player(s) == 3  # order continues from the attacked player


def test_r3_4_turn_moving_card_does_not_end_attacked_turn_and_max_two():
    s = make([["n1-1", "n1-2", "n1-3"], ["attack-2", "skip-1", "n2-1"], ["n3-1", "n3-2", "n3-3"]],
             owner=1, attacked=True, plays_left=2, previous=0)
    s = do(s, "play attack-2", "target 0")
    assert RULES.current_player(s) == 1 and s.plays_left == 1  # still their turn
    s = do(s, "play n2-1")
    assert RULES.current_player(s) == 0 and s.plays_left == 2  # never more than 2
    s = make([["n1-1", "n1-2", "n1-3"], ["skip-1", "n2-1", "n2-2"], ["n3-1", "n3-2", "n3-3"]],
             owner=1, attacked=True, plays_left=2)
    s = do(s, "play skip-1")
    assert RULES.current_player(s) == 1
    s = do(s, "play n2-1")
    assert RULES.current_player(s) == 0  # seat 2 was skipped


def test_r3_4_kuma_wild_may_be_used_on_attacked_turn():
    s = make([["n1-1", "n1-2", "n1-3"], ["n2-1", "n2-2", "n2-3"]], owner=1, attacked=True,
             plays_left=2, situations=[[], ["kuma-1"]])
    s = do(s, "kuma kuma-1", "wild summon", "dump_done")
    assert RULES.current_player(s) == 1 and s.plays_left == 1 and s.removed == ["kuma-1"]


def test_r3_5_wild_acts_as_the_chosen_special():
    s = do(_three("wild-1"), "play wild-1")
    assert legal(s) == ["wild reverse", "wild skip", "wild summon", "wild attack"]
    assert RULES.view(s, 2)["pending"] == {"kind": "wild", "seat": 0, "card": "wild-1",
                                           "offers": ["reverse", "skip", "summon", "attack"],
                                           "count": 0, "more": []}
    assert reason(s, "wild trump").key == "toutomi.unknown_effect"
    assert reason(s, "play n1-1").key == "toutomi.finish_wild_first"
    assert reason(_three("wild-1"), "wild skip").key == "toutomi.no_wild_pending"
    assert do(s, "wild reverse").direction == -1
    assert RULES.current_player(do(s, "wild skip")) == 2
    assert do(s, "wild summon").pending == Pending("dump", 0, "wild-1", (), 0)
    s2 = do(s, "wild attack")
    assert s2.pending == Pending("target", 0, "wild-1", (1, 2, 3))
    assert RULES.current_player(do(s2, "target 3")) == 3


def test_r3_6_trump_only_at_exactly_the_limit_and_takes_situation_card():
    s = make([["trump-1", "n1-1", "n1-2"], ["n2-1", "n2-2", "n2-3"]], total=5,
             situation_deck=["sit2-1", "sit1-1", "sit1-2"])
    assert "play trump-1" not in legal(s)
    err = reason(s, "play trump-1")
    assert err.key == "toutomi.trump_needs_total" and err.params == {"total": 5, "limit": LIMIT}
    s = make([["trump-1", "n1-1", "n1-2"], ["n2-1", "n2-2", "n2-3"]], total=LIMIT,
             situation_deck=["sit2-1", "sit1-1", "sit1-2"])
    s2 = do(s, "play trump-1")
    assert s2.situations[0] == ["sit2-1"] and s2.total == LIMIT and not s2.over
    assert RULES.current_player(s2) == 1 and s2.round == 1  # the round goes on
    assert "toutomi.trump" in keys(s2)


def test_toutomi_rules_7_trump_not_playable_with_empty_situation_deck_and_last_card_ends_game():
    s = make([["trump-1", "n1-1", "n1-2"], ["n2-1"]], total=LIMIT, situation_deck=[])
    assert "play trump-1" not in legal(s)
    assert reason(s, "play trump-1").key == "toutomi.trump_no_situation"
    s = make([["trump-1", "n1-1", "n1-2"], ["n2-1"]], total=LIMIT, situation_deck=["sit1-1"])
    s = do(s, "play trump-1")
    assert s.over and RULES.current_player(s) is None and s.end_reason == "situation"
    assert "toutomi.game_end_situation" in keys(s)


# --- burst (R-4) --------------------------------------------------------------------------

def _burst_state(**kw):
    return make([["n1-1", "n1-2", "n1-3"], ["n6-1", "n2-1", "n3-1"], ["n4-1", "n4-2", "n4-3"]],
                total=5, owner=1, previous=0, situation_deck=["sit2-1", "sit1-1"], **kw)


def test_r4_1_burst_puts_the_rest_of_the_hand_onto_the_field():
    s = do(_burst_state(), "play n6-1")
    assert event(s, "toutomi.burst") == {"seat": 1, "scorer": 0, "total": 11}
    assert s.last_round == {"kind": "burst", "seat": 1, "scorer": 0, "total": 11, "round": 1,
                            "card": "n6", "dropped": ["n2", "n3"]}
    before = _burst_state()
    pool = before.deck + before.field + ["n6-1", "n2-1", "n3-1"]  # the hand went to the field
    pool = Stream.for_game(before.seed).shuffled(pool, "shuffle", 0)
    assert s.hands[1] == pool[-1:-4:-1]  # the buster refilled from the reshuffled deck


def test_r4_2_player_before_the_buster_takes_a_situation_card_secretly():
    s = do(_burst_state(), "play n6-1")
    assert s.situations == [["sit2-1"], [], []]
    assert event(s, "toutomi.situation_taken") == {"seat": 0, "card": "sit2-1"}
    assert ["toutomi.situation_taken", {"seat": 0}] in RULES.view(s, 1)["events"]
    assert ["toutomi.situation_taken", {"seat": 0, "card": "sit2-1"}] in RULES.view(s, 0)["events"]
    assert RULES.view(s, 1)["situation_counts"] == [1, 0, 0]
    assert "sit2-1" in RULES.secret_ids(s, 1) and "sit2-1" not in json.dumps(RULES.view(s, 1))


def test_r4_2_previous_turn_follows_the_actual_history():
    # Skip: seat 0 skips seat 1; seat 2 bursts -> seat 0 (who played before) scores
    s = make([["skip-1", "n1-1", "n1-2"], ["n2-1", "n2-2", "n2-3"], ["n7-1", "n7-2", "n7-3"]],
             total=3, situation_deck=["sit1-1", "sit1-2"])
    s = do(s, "play skip-1", "play n7-1")
    assert event(s, "toutomi.burst")["scorer"] == 0
    # Attack: seat 0 attacks seat 2, who bursts on the 2nd card -> seat 0 scores
    s = make([["attack-1", "n1-1", "n1-2"], ["n2-1", "n2-2", "n2-3"], ["n4-1", "n7-1", "n7-2"]],
             total=1, situation_deck=["sit1-1", "sit1-2"])
    s = do(s, "play attack-1", "target 2", "play n4-1", "play n7-1")
    assert event(s, "toutomi.burst") == {"seat": 2, "scorer": 0, "total": 12}
    # Reverse: seat 0 reverses, seat 3 bursts -> seat 0 scores
    s = make([["reverse-1", "n1-1", "n1-2"], ["n2-1"], ["n3-1"], ["n7-1", "n7-2", "n7-3"]],
             total=3, previous=1, situation_deck=["sit1-1", "sit1-2"])
    s = do(s, "play reverse-1", "play n7-1")
    assert event(s, "toutomi.burst") == {"seat": 3, "scorer": 0, "total": 10}


def test_toutomi_rules_2_after_own_skip_the_burst_still_scores_for_the_other_player():
    s = make([["skip-1", "n7-1", "n1-2"], ["n2-1", "n2-2", "n2-3"]], total=3, previous=1,
             situation_deck=["sit1-1", "sit1-2"], deck=["n1-3"])
    s = do(s, "play skip-1")
    assert RULES.current_player(s) == 0 and s.previous == 1
    assert RULES.view(s, 0)["scorer_if_burst"] == 1
    s = do(s, "play n7-1")
    assert event(s, "toutomi.burst") == {"seat": 0, "scorer": 1, "total": 10}
    assert s.situations[1] == ["sit1-1"] and s.situations[0] == []


def test_toutomi_rules_2_two_turns_in_a_row_at_a_rounds_start_score_for_the_seat_before():
    s = make([["skip-1", "n7-1", "n1-2"], ["n2-1", "n2-2", "n2-3"]], total=3,
             situation_deck=["sit1-1", "sit1-2"], deck=["n1-3"])
    assert s.previous is None
    s = do(s, "play skip-1")
    assert RULES.current_player(s) == 0 and s.previous is None
    s = do(s, "play n7-1")
    assert event(s, "toutomi.burst")["scorer"] == 1  # the seat before in turn order


def test_r4_3_new_round_reshuffles_refills_and_buster_starts():
    s = do(_burst_state(), "play n6-1")
    assert s.total == 0 and s.field == [] and s.round == 2 and s.previous is None
    assert [len(h) for h in s.hands] == [3, 3, 3]
    assert RULES.current_player(s) == 1 and s.plays_left == 1
    assert RULES.inventory(s)["toutomi_cards"] == len(DATA.toutomi_ids())
    assert event(s, "toutomi.new_round") == {"seat": 1, "round": 2}
    assert s.shuffles == 1  # one shuffle of field + deck


def test_r4_4_burst_on_first_play_of_a_round_scores_seat_before_in_turn_order():
    s = make([["n1-1", "n1-2", "n1-3"], ["n2-1", "n2-2", "n2-3"], ["n7-1", "n7-2", "n7-3"]],
             total=2, owner=2, previous=None, situation_deck=["sit1-1", "sit1-2"])
    assert RULES.view(s, 2)["scorer_if_burst"] == 1
    assert event(do(s, "play n7-1"), "toutomi.burst")["scorer"] == 1
    s.direction = -1
    assert event(do(s, "play n7-1"), "toutomi.burst")["scorer"] == 0


def test_r4_4_standard_deck_cannot_burst_on_first_play():
    s = RULES.new_game(3, 5, {})
    for a in RULES.legal_actions(s):
        if a.kind == "play":
            assert "toutomi.burst" not in keys(RULES.apply(s, a))


def test_toutomi_rules_4_burst_on_attacked_turn_drops_the_second_play():
    s = make([["n1-1", "n1-2", "n1-3"], ["n7-1", "skip-1", "n1-4"], ["n3-1", "n3-2", "n3-3"]],
             total=3, owner=1, attacked=True, plays_left=2, previous=0,
             situation_deck=["sit1-1", "sit1-2"], direction=-1)
    s = do(s, "play n7-1")
    assert RULES.current_player(s) == 1 and s.plays_left == 1 and not s.attacked
    assert s.direction == -1 and s.next_steps == 1 and not s.next_attacked


# --- situation cards and the end (R-5) ----------------------------------------------------

def _ended(situations):
    s = make([["n1-1"], ["n2-1"], ["n3-1"]][:len(situations)], situations=situations,
             situation_deck=[])
    s.over, s.end_reason = True, "situation"
    return RULES.outcome(s)


def test_r5_1_one_and_two_point_cards():
    o = _ended([["sit1-1", "sit2-1"], ["sit2-2", "sit2-3"], ["sit1-2"]])
    assert o.scores == (3, 4, 1) and o.winners == (1,) and o.ranking == (1, 0, 2)
    assert o.breakdown[0] == {"toutomi.bd_points": 3, "toutomi.bd_new_world": 0}


def test_r5_2_new_world_scores_only_with_fewest_situation_cards():
    o = _ended([["newworld-1"], ["sit1-1", "sit1-2"], ["sit2-1", "sit2-2"]])
    assert o.scores == (4, 2, 4)
    assert o.breakdown[0] == {"toutomi.bd_points": 0, "toutomi.bd_new_world": 4}
    o = _ended([["newworld-1", "sit1-3"], ["sit1-1"], ["sit2-1", "sit2-2", "sit1-2"]])
    assert o.scores == (1, 1, 5)


def test_d4_fewest_includes_ties():
    o = _ended([["newworld-1"], ["newworld-2"], ["sit2-1"]])
    assert o.scores == (4, 4, 2) and o.winners == (0, 1) and o.tiebreak == "toutomi.tiebreak_shared"


def test_r5_3_kuma_wild_used_instead_of_a_hand_card_then_removed():
    s = make([["n1-1", "n1-2", "n1-3"], ["n2-1", "n2-2", "n2-3"], ["n3-1", "n3-2", "n3-3"]],
             total=4, situations=[["kuma-1", "sit1-1"], [], []])
    assert legal(s)[-1:] == ["kuma kuma-1"]
    assert reason(s, "kuma sit1-1").key == "toutomi.not_kuma"
    assert reason(s, "kuma kuma-2").key == "toutomi.kuma_not_yours"
    s = do(s, "kuma kuma-1")
    assert s.pending == Pending("wild", 0, "kuma-1", WILD_EFFECTS) and s.removed == ["kuma-1"]
    assert s.situations[0] == ["sit1-1"] and s.hands[0] == ["n1-1", "n1-2", "n1-3"]
    assert event(s, "toutomi.kuma") == {"seat": 0, "card": "kuma-1"}
    assert RULES.view(s, 1)["removed"] == ["kuma-1"]
    s = do(s, "wild attack", "target 2")
    assert s.total == 4 and RULES.current_player(s) == 2 and s.plays_left == 2


def test_r5_3_removed_kuma_counts_for_nothing_and_unused_scores_zero():
    # seat 0 used a Kuma (removed): it holds 1 card, so its New World counts as fewest
    s = make([["n1-1"], ["n2-1"]], situations=[["newworld-1"], ["sit1-1", "kuma-2"]],
             situation_deck=[])
    s.removed = ["kuma-1"]
    s.over = True
    o = RULES.outcome(s)
    assert o.scores == (4, 1)
    assert o.breakdown[1] == {"toutomi.bd_points": 1, "toutomi.bd_new_world": 0}


def test_r5_4_game_ends_when_situation_deck_is_empty_and_tiebreak_by_count():
    s = make([["n1-1", "n1-2", "n1-3"], ["n6-1", "n2-1", "n3-1"]], total=5, owner=1, previous=0,
             situations=[["sit1-1"], ["sit2-1"]], situation_deck=["sit1-2"])
    s = do(s, "play n6-1")
    assert s.over and RULES.current_player(s) is None and RULES.legal_actions(s) == []
    assert "toutomi.game_end_situation" in keys(s)
    o = RULES.outcome(s)
    assert o.scores == (2, 2) and o.winners == (0,) and o.tiebreak == "toutomi.tiebreak_cards"
    assert RULES.view(s, 1)["revealed_situations"] == [["sit1-1", "sit1-2"], ["sit2-1"]]
    assert reason(s, "play n1-1").key == "core.game_over"
    assert RULES.outcome(make([["n1-1"], ["n2-1"]])) is None


# --- short variant (R-6) --------------------------------------------------------------------

def test_r6_1_short_variant_has_no_situation_cards_and_no_trump():
    s = RULES.new_game(4, 3, {"short": True})
    assert s.situation_deck == [] and s.short
    every = s.deck + [c for h in s.hands for c in h]
    assert not any(DATA.face_of(c).kind == "trump" for c in every)
    assert RULES.inventory(s) == {"toutomi_cards": len(DATA.toutomi_ids(with_trump=False)),
                                  "situation": 0}
    assert RULES.option_specs()[0].key == "short" and RULES.default_options() == {"short": False}


def test_d5_short_variant_deck_is_the_deck_minus_trump():
    s = RULES.new_game(2, 3, {"short": True})
    assert len(s.deck) + 6 == len(DATA.toutomi_ids()) - sum(
        f.count for f in DATA.toutomi if f.kind == "trump")


def test_r6_2_declare_when_no_card_keeps_the_total_within_the_limit():
    s = make([["n1-1", "n1-2", "n1-3"], ["n2-1", "n2-2", "n2-3"], ["n6-1", "n5-1", "n7-1"]],
             short=True, total=4, owner=2, previous=1, field=["n3-1", "n1-4"])
    assert legal(s) == ["declare"]
    err = reason(s, "play n6-1")
    assert err.key == "toutomi.short_must_declare" and err.params["new_total"] == 10
    s2 = do(s, "declare")
    assert s2.points[1] == ["n3-1", "n1-4"] and s2.field == [] and s2.total == 0
    assert event(s2, "toutomi.declare") == {"seat": 2, "scorer": 1, "cards": 2}
    assert RULES.current_player(s2) == 2 and s2.round == 2 and s2.hands[2] == ["n6-1", "n5-1", "n7-1"]
    assert RULES.view(s2, 0)["points"][1] == ["n3-1", "n1-4"]
    assert "n3-1" not in s2.deck  # field cards do not return to the deck


def test_r6_2_a_card_that_would_burst_cannot_be_played_in_short_variant():
    s = make([["n1-1", "n1-2", "n1-3"], ["n2-1"], ["n6-1", "n5-1", "n0-1"]], short=True,
             total=4, owner=2)
    assert legal(s) == ["play n0-1"]
    err = reason(s, "play n6-1")
    assert err.key == "toutomi.short_keep_total"
    assert err.params == {"total": 4, "new_total": 10, "limit": LIMIT}
    assert reason(s, "declare").key == "toutomi.declare_has_card"
    assert reason(make([["n1-1"], ["n2-1"]]), "declare").key == "toutomi.declare_short_only"


def test_r6_2_special_and_equal_cards_keep_the_total():
    s = make([["n6-1", "skip-1", "n7-1"], ["n2-1"]], short=True, total=7)
    assert legal(s) == ["play skip-1", "play n7-1"]


def test_r6_3_game_ends_when_a_refill_cannot_be_completed():
    s = make([["n1-1", "n1-2", "n1-3"], ["n2-1", "n2-2", "n2-3"]], short=True,
             points=[["n3-1", "n3-2"], ["n4-1"]])
    s.deck = []
    s = do(s, "play n1-1")
    assert s.over and s.end_reason == "deck" and "toutomi.game_end_deck" in keys(s)
    o = RULES.outcome(s)
    assert o.scores == (2, 1) and o.winners == (0,)
    assert o.breakdown == ({"toutomi.bd_point_cards": 2}, {"toutomi.bd_point_cards": 1})


def test_r6_3_ties_share_the_win():
    s = make([["n1-1"], ["n2-1"], ["n3-1"]], short=True, points=[["n3-2"], ["n4-1"], []])
    s.over = True
    o = RULES.outcome(s)
    assert o.winners == (0, 1) and o.ranking == (0, 1, 2) and o.tiebreak is None


def test_toutomi_rules_6_short_refill_draws_what_is_left_then_ends():
    s = make([["n1-1", "n1-2", "n1-3"], ["n2-1", "n2-2", "n2-3"]], short=True)
    s.deck = ["n5-1"]
    s = do(s, "play n1-1", )
    assert not s.over and s.deck == []
    s = do(s, "play n2-1")
    assert s.over and s.hands[1] == ["n2-2", "n2-3"]


# --- extra decisions ------------------------------------------------------------------------

def test_toutomi_rules_1_pass_only_when_nothing_can_be_played():
    s = make([["n1-1", "n1-2", "n1-3"], ["trump-1", "trump-2"]], owner=1, total=3,
             attacked=True, plays_left=1, deck=["n5-1"])
    assert legal(s) == ["pass"]
    s2 = do(s, "pass")
    assert "toutomi.passed" in keys(s2) and RULES.current_player(s2) == 0
    assert s2.hands[1] == ["trump-1", "trump-2", "n5-1"]
    s.situations[1] = ["kuma-1"]
    assert legal(s) == ["kuma kuma-1"]


def test_toutomi_rules_3_skip_after_attack_cancels_the_attacked_turn():
    s = make([["n1-1", "n1-2", "n1-3"], ["attack-1", "skip-1", "n2-1"], ["n3-1"], ["n4-1"]],
             owner=1, attacked=True, plays_left=2)
    s = do(s, "play attack-1", "target 3")
    s = do(s, "play skip-1")
    assert event(s, "toutomi.skip")["target"] == 3
    assert RULES.current_player(s) == 0 and s.plays_left == 1 and not s.attacked


def test_toutomi_rules_3_skip_then_reverse_counts_in_the_final_direction():
    s = make([["n1-1"], ["skip-1", "reverse-1", "n2-1"], ["n3-1"], ["n4-1"]],
             owner=1, attacked=True, plays_left=2)
    s = do(s, "play skip-1", "play reverse-1")
    assert RULES.current_player(s) == 3  # two places counter-clockwise from seat 1


def test_toutomi_rules_3_attack_then_reverse_keeps_the_target():
    s = make([["n1-1"], ["attack-1", "reverse-1", "n2-1"], ["n3-1"], ["n4-1", "n4-2", "n4-3"]],
             owner=1, attacked=True, plays_left=2)
    s = do(s, "play attack-1", "target 3", "play reverse-1")
    assert RULES.current_player(s) == 3 and s.plays_left == 2 and s.direction == -1
    s = do(s, "play n4-1", "play n4-2")
    assert RULES.current_player(s) == 2


def test_toutomi_rules_8_events_name_faces_and_views_never_leak_moved_cards():
    s = do(_burst_state(), "play n6-1")
    for seat in (None, 0, 1, 2):
        v = RULES.view(s, seat)
        text = json.dumps(v)
        assert not any(f'"{c}"' in text for c in RULES.secret_ids(s, seat))
    assert event(s, "toutomi.played")["card"] == "n6"


def test_clone_and_successor_copy_every_field_and_share_no_changed_list():
    """State.successor (games/core/state_copy.py): no field may be forgotten."""
    from dataclasses import fields
    s = RULES.new_game(4, 11, {})
    for _ in range(12):
        s = RULES.apply(s, RULES.legal_actions(s)[0])
    names = {f.name for f in fields(State)}
    succ, clone = s.successor(), s.clone()
    assert set(vars(succ)) == names and succ.events == []
    assert clone == s and set(vars(clone)) == names
    assert clone.deck is not s.deck and clone.field is not s.field and clone.hands is not s.hands


def test_r3_6_the_legal_list_is_the_full_one_in_random_games():
    """legal_actions (one set of barred cards) must give exactly what
    checking each card by R-2.1, R-3.6 and R-5.3 gives."""
    import random
    at_limit = 0
    for seed in range(150):
        rng, s = random.Random(seed), RULES.new_game(4, seed, {})
        while RULES.current_player(s) is not None:
            quick = RULES.legal_actions(s)
            assert quick == _legal_card_by_card(s), (seed, s.total, s.hands[s.turn_seat])
            at_limit += s.total == LIMIT and not s.pending
            s = RULES.apply(s, rng.choice(quick))
    assert at_limit > 100  # the limit case was met often


def _legal_card_by_card(s: State) -> list:
    """The long game's legal list derived card by card from the rules' words (R-2.1, R-3.6,
    R-5.3, TOUTOMI-RULES-1, TOUTOMI-RULES-7), independent of ``legal.legal_actions``."""
    if s.pending:
        return RULES.legal_actions(s)
    out = [Action.of("play", c) for c in s.hands[s.turn_seat]
           if DATA.face_of(c).kind != "trump" or (s.total == LIMIT and s.situation_deck)]
    out += [Action.of("kuma", c) for c in s.situations[s.turn_seat] if DATA.face_of(c).kind == "kuma_wild"]
    return out or [Action.of("pass")]
