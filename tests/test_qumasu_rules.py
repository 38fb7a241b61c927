"""Qumasu scenario tests, one or more per rule of docs/rules/qumasu.md (R-n, D-n)."""
from __future__ import annotations

import pytest

from games.core.engine import Action, IllegalAction
from games.core.position import write
from games.qumasu import board as B
from games.qumasu import position
from games.qumasu.rules import RULES

A = Action.of


def started(seed=1, first=0, decks=None):
    s = RULES.new_game(2, seed, {"start_player": first, "decks": decks or ["standard", "standard"]})
    s = RULES.apply(s, A("keep"))
    return RULES.apply(s, A("keep"))


def table(seat=0, turn=5, board=None, hands=None, costs=3, flowers=0, castles=(3, 3)):
    """A main-phase position: ``board`` {cell: card id}, ``hands`` per seat, untapped costs."""
    d = RULES.data
    hands, board = hands or [[], []], board or {}
    zones: dict = {"hands": [], "castles": [], "deck": []}
    for p in (0, 1):
        ids = [f"{p}-{f}-{k}" for f, n in d.deck("standard").cards for k in range(1, n + 1)]
        used = set(hands[p]) | {c for c in board.values() if c[0] == str(p)}
        rest = [c for c in ids if c not in used]
        zones["hands"].append(list(hands[p]))
        zones["castles"].append(rest[:castles[p]])
        zones["deck"].append(rest[castles[p]:])
    cost_cards = ["flower" if k < flowers else "seed" for k in range(costs)]
    return position.load(write({"game": "qumasu", "seed": 7, "decks": ["standard", "standard"],
                                "first": 0, "turn_seat": seat, "turn": turn, "board": board,
                                **zones, "costs": [cost_cards, cost_cards]}))


def legal(s):
    return {str(a) for a in RULES.legal_actions(s)}


def refused(s, text):
    with pytest.raises(IllegalAction) as err:
        RULES.apply(s, Action.parse(text))
    return err.value.key.split(".", 1)[1]


# --- battlefield ------------------------------------------------------------------------
def test_r0_1_at_most_two_cards_per_column_move():
    s = table(board={"b1": "0-knight-1", "b3": "0-soldier-1", "a2": "0-warrior-1"})
    assert refused(s, "move a2 b2") == "column_full"
    s.board[B.index("b3")] = None
    assert "move a2 b2" in legal(s)


def test_r0_1_summon_into_full_column_refused():
    s = table(board={"b2": "0-knight-1", "b3": "0-warrior-1"}, hands=[["0-soldier-2"], []])
    assert refused(s, "summon 0-soldier-2 b1") == "column_full"


def test_r0_2_two_cards_outside_own_area_combined():
    s = table(board={"a2": "0-knight-1", "c3": "0-warrior-1", "b1": "0-soldier-1"},
              hands=[["0-soldier-2"], []])
    assert refused(s, "summon 0-soldier-2 b2") == "forward_full"
    s.entered = []
    assert refused(s, "move b1 b2") == "forward_full"


def test_d1_per_area_reading_is_a_data_flag():
    from dataclasses import replace

    from games.qumasu.rules import Rules
    rules = Rules(replace(RULES.data, forward_limit="per_area"))
    s = table(board={"a2": "0-knight-1", "c3": "0-warrior-1", "b1": "0-soldier-1"},
              hands=[["0-soldier-2"], []])
    assert A("summon", "0-soldier-2", "b2") in rules.legal_actions(s)


def test_r0_3_limits_bind_effects_warp():
    s = table(board={"a1": "0-soldier-1", "a2": "0-knight-1", "b3": "0-warrior-1"},
              hands=[["0-warp-1"], []])
    s = RULES.apply(s, A("cast", "0-warp-1", "b3"))
    cells = {str(a) for a in RULES.legal_actions(s)}
    assert cells == {"target b1", "target c1"}  # a1 taken; column a full anyway


def test_r0_4_arrows_are_relative_to_the_owner():
    assert B.reach(0, B.index("b1"), "F") == B.index("b2")
    assert B.reach(1, B.index("b3"), "F") == B.index("b2")
    assert B.reach(0, B.index("b2"), "L") == B.index("a2")
    assert B.reach(1, B.index("b2"), "L") == B.index("c2")
    assert B.reach(0, B.index("b3"), "F") is None
    assert B.reaches_castle(0, B.index("b3"), ["F"]) and not B.reaches_castle(0, B.index("b2"), ["F"])


def test_r0_4_nothing_moves_into_a_castle():
    s = table(board={"b3": "0-soldier-1"})
    assert not any(a.startswith("move b3") for a in legal(s))


# --- setup ---------------------------------------------------------------------------------
def test_r1_1_fifteen_card_decks_and_no_cost_cards_yet():
    s = RULES.new_game(2, 3, {"start_player": 1})
    assert s.first == 1 and all(len(s.decks[p]) + len(s.hands[p]) == 15 for p in (0, 1))
    assert s.costs == [[], []]


def test_r1_2_mulligan_first_player_first_once_each():
    s = RULES.new_game(2, 3, {"start_player": 1})
    assert RULES.current_player(s) == 1 and legal(s) == {"keep", "mulligan"}
    hand = list(s.hands[1])
    s = RULES.apply(s, A("mulligan"))
    assert len(s.hands[1]) == 3 and s.mulligans[1] is True and RULES.current_player(s) == 0
    assert sorted(s.hands[1] + s.decks[1]) == sorted(hand + [c for c in s.decks[1] + s.hands[1] if c not in hand])
    s = RULES.apply(s, A("keep"))
    assert s.mulligans == [False, True] and s.pending is None


def test_qumasu_rules_7_after_a_mulligan_its_owner_keeps_the_new_hand_before_the_decision_passes():
    """R-1.2 once each, first player first; QUMASU-RULES-7: the new hand stays with its owner to look at."""
    s = RULES.new_game(2, 3, {"start_player": 1, **RULES.default_options()})
    assert RULES.default_options()["mulligan_look"] is True
    s = RULES.apply(s, A("mulligan"))
    assert RULES.current_player(s) == 1 and legal(s) == {"keep"} and s.mulligans[1] is True
    assert refused(s, "mulligan") == "mulligan_once"
    assert len(RULES.view(s, 1)["hand"]) == 3 and RULES.view(s, 0)["hand_counts"][1] == 3
    s = RULES.apply(s, A("keep"))
    assert RULES.current_player(s) == 0 and legal(s) == {"keep", "mulligan"}
    s = RULES.apply(s, A("mulligan"))
    assert legal(s) == {"keep"}
    s = RULES.apply(s, A("keep"))
    assert s.mulligans == [True, True] and s.pending is None and s.turn == 1
    assert [e.key for e in s.events].count("qumasu.mulligan") == 0  # logged once, at the mulligan


def test_r1_3_castles_deck_nine_hand_three():
    s = started(first=0)
    assert [len(c) for c in s.castles] == [3, 3]
    assert len(s.decks[1]) == 9 and len(s.hands[1]) == 3
    assert len(s.decks[0]) == 9 and len(s.hands[0]) == 3  # no draw on the first turn


# --- win and loss ----------------------------------------------------------------------------
def test_r2_1_castle_attack_with_no_castle_cards_wins():
    s = table(board={"b3": "0-soldier-1"}, castles=(3, 0))
    s = RULES.apply(s, A("attack", "b3", "castle"))
    assert s.winners == (0,) and s.end_reason == "castle" and RULES.current_player(s) is None
    assert RULES.outcome(s).winners == (0,)


def test_r2_0_nothing_else_resolves_after_a_win():
    s = table(board={"b3": "0-soldier-1"}, castles=(3, 0))
    s = RULES.apply(s, A("attack", "b3", "castle"))
    assert RULES.legal_actions(s) == []


def test_r2_2_deck_out_reshuffles_graveyard_and_takes_a_castle_card():
    s = table(hands=[[], []])
    s.decks[1] = s.decks[1][-1:]
    s.graves[1] = ["1-soldier-1", "1-soldier-2"]
    s = RULES.apply(s, A("end"))  # seat 1 draws its last card: deck out
    assert sorted(s.decks[1]) == ["1-soldier-1", "1-soldier-2"] and s.graves[1] == []
    assert len(s.castles[1]) == 2 and len(s.hands[1]) == 2
    assert any(e.key == "qumasu.deck_out" for e in s.events)


def test_r2_2_deck_out_without_castle_cards_loses():
    s = table(castles=(3, 0))
    s.decks[1] = s.decks[1][-1:]
    s = RULES.apply(s, A("end"))
    assert s.winners == (0,) and s.end_reason == "deckout"


def test_r2_2_deck_out_on_the_other_players_turn_via_effect():
    s = table(flowers=1, hands=[[], []], castles=(0, 3))
    s.decks[0] = s.decks[0][-1:]
    s = RULES.apply(s, A("flower", 0, "draw"))
    assert s.winners == (1,)


def test_d7_empty_graveyard_gives_empty_deck_and_draw_runs_procedure_first():
    s = table(hands=[[], []])
    s.decks[1] = s.decks[1][-1:]
    s = RULES.apply(s, A("end"))
    assert s.decks[1] == [] and len(s.castles[1]) == 2  # reshuffle of an empty graveyard
    s = RULES.apply(s, A("end"))
    s = RULES.apply(s, A("end"))  # seat 1 must draw from an empty deck: again first
    assert len(s.castles[1]) == 1 and s.deckouts[1] == 2


def test_d7_each_draw_from_an_empty_deck_runs_the_procedure_again():
    from games.qumasu import turn
    s = table(hands=[[], []], castles=(3, 3))
    s.decks[0] = []
    assert turn.draw(RULES, s, 0, 2)  # two draws, empty graveyard: two deck outs, no card drawn
    assert s.deckouts[0] == 2 and len(s.castles[0]) == 1 and len(s.hands[0]) == 2
    assert not turn.draw(RULES, s, 0, 2) and s.winners == (1,)  # third deck out: castle left 0 → fourth loses
    assert s.deckouts[0] == 4


# --- turn --------------------------------------------------------------------------------------
def test_r3_1_draw_except_first_players_first_turn():
    s = started(first=1)
    assert len(s.hands[1]) == 3 and s.turn == 1
    s = RULES.apply(s, A("end"))
    assert len(s.hands[0]) == 4


def test_r3_2_growth_and_bloom_turns():
    s = started(first=0)
    sizes = []
    for _ in range(6):
        sizes.append((s.turn_seat, len(s.costs[s.turn_seat]),
                      sum(1 for c in s.costs[s.turn_seat] if c[0])))
        s = RULES.apply(s, A("end"))
    assert sizes == [(0, 1, 0), (1, 2, 0), (0, 3, 0), (1, 3, 1), (0, 3, 2), (1, 3, 3)]


def test_r3_3_untap_all_at_start():
    s = table(hands=[["0-dragon-1"], []])
    s = RULES.apply(s, A("summon", "0-dragon-1", "b1"))
    assert all(c[1] for c in s.costs[0])
    s = RULES.apply(RULES.apply(s, A("end")), A("end"))
    assert not any(c[1] for c in s.costs[0])


def test_r4_1_cost_must_be_payable():
    s = table(costs=1, hands=[["0-dragon-1"], []])
    assert refused(s, "summon 0-dragon-1 b1") == "no_cost"


def test_r4_2_summon_own_area_or_adjacent_engagement_not_enemy():
    s = table(hands=[["0-soldier-1", "0-soldier-2"], []])
    assert refused(s, "summon 0-soldier-1 b2") == "not_adjacent"
    assert refused(s, "summon 0-soldier-1 b3") == "summon_enemy_area"
    s = RULES.apply(s, A("summon", "0-soldier-1", "b1"))
    assert "summon 0-soldier-2 b2" in legal(s)  # adjacent to a unit summoned this turn


def test_r4_2_on_enter_effect_is_optional():
    s = table(hands=[["0-archer-1"], []])
    s = RULES.apply(s, A("summon", "0-archer-1", "a1"))
    assert legal(s) == {"use", "skip"}
    used = RULES.apply(s, A("use"))
    assert len(used.hands[0]) == 1
    skipped = RULES.apply(s, A("skip"))
    assert skipped.hands[0] == [] and skipped.pending is None


def test_r4_3_spell_goes_to_graveyard_then_resolves():
    s = table(board={"b1": "0-soldier-1", "b2": "1-soldier-1"}, hands=[["0-thunder-1"], []])
    s = RULES.apply(s, A("cast", "0-thunder-1", "b2"))
    assert s.board[B.index("b2")] is None and "0-thunder-1" in s.graves[0]
    assert "1-soldier-1" in s.graves[1]


def test_r4_3_thunder_only_on_power_two_or_less():
    s = table(board={"b2": "1-knight-1"}, hands=[["0-thunder-1"], []])
    assert refused(s, "cast 0-thunder-1 b2") == "power_too_high"


def test_r4_4_one_move_per_turn_not_entered_this_turn():
    s = table(board={"a1": "0-knight-1", "c1": "0-knight-2"}, hands=[["0-soldier-1"], []])
    s = RULES.apply(s, A("summon", "0-soldier-1", "b1"))
    assert refused(s, "move b1 b2") == "entered_this_turn"
    s = RULES.apply(s, A("move", "a1", "a2"))
    assert refused(s, "move c1 c2") == "already_moved"


def test_r4_4_move_only_along_arrows():
    s = table(board={"b1": "0-soldier-1"})
    assert refused(s, "move b1 a1") == "no_arrow_L"
    assert refused(s, "move b1 c2") == "not_one_step"


def test_r4_5_combat_lower_falls_equal_both_fall():
    s = table(board={"b2": "0-knight-1", "b3": "1-soldier-1"})
    w = RULES.apply(s, A("attack", "b2", "b3"))
    assert w.board[B.index("b2")] == "0-knight-1" and w.board[B.index("b3")] is None
    s = table(board={"b2": "0-knight-1", "b3": "1-knight-1"})
    both = RULES.apply(s, A("attack", "b2", "b3"))
    assert both.board[B.index("b2")] is None and both.board[B.index("b3")] is None
    s = table(board={"b2": "0-soldier-1", "b3": "1-knight-1"})
    lost = RULES.apply(s, A("attack", "b2", "b3"))
    assert lost.board[B.index("b2")] is None and lost.board[B.index("b3")] == "1-knight-1"
    assert refused(lost, "attack b2 b3") == "no_unit_there"


def test_r4_5_one_attack_and_move_plus_attack_same_unit():
    s = table(board={"b2": "0-knight-1", "a3": "1-soldier-1", "c2": "1-soldier-2"})
    s = RULES.apply(s, A("move", "b2", "b3"))
    s = RULES.apply(s, A("attack", "b3", "castle"))
    assert len(s.castles[1]) == 2 and len(s.hands[1]) == 1
    assert refused(s, "attack b3 castle") == "already_attacked"


def test_r4_6_castle_attack_needs_forward_arrow_and_enemy_area():
    s = table(board={"b3": "0-guardian-1", "a2": "0-soldier-1"})
    assert refused(s, "attack b3 castle") == "no_forward_arrow"
    assert refused(s, "attack a2 castle") == "not_in_enemy_area"


def test_r4_6_castle_card_seen_only_by_defender():
    s = table(board={"b3": "0-soldier-1"})
    s = RULES.apply(s, A("attack", "b3", "castle"))
    taken = s.hands[1][0]
    assert taken not in str(RULES.view(s, 0)) and taken in str(RULES.view(s, 1)["hand"])


def test_r4_7_flower_once_choice_flips_to_seed_keeps_orientation():
    s = table(flowers=2, hands=[["0-soldier-1"], []], board={"a1": "0-knight-1"})
    s.costs[0][0][1] = True  # a tapped flower may be used
    s = RULES.apply(s, A("flower", 0, "draw"))
    assert s.costs[0][0] == [False, True] and len(s.hands[0]) == 2
    assert refused(s, "flower 1 draw") == "flower_used"
    s = table(flowers=1, board={"a1": "0-knight-1"})
    s = RULES.apply(s, A("flower", 0, "power"))
    s = RULES.apply(s, A("target", "a1"))
    assert RULES.view(s, 0)["board"][0]["power"] == 4


def test_r5_1_this_turn_effects_end():
    s = table(board={"a1": "0-knight-1"}, hands=[["0-enhance-1"], []])
    s = RULES.apply(s, A("cast", "0-enhance-1", "a1"))
    assert RULES.view(s, 0)["board"][0]["power"] == 5
    s = RULES.apply(s, A("end"))
    assert RULES.view(s, 0)["board"][0]["power"] == 3


def test_r5_1_game_ends_within_bound():
    from games.core.rng import rng_for
    for seed in range(20):
        s = RULES.new_game(2, seed, {})
        r = rng_for(seed, "t")
        s = RULES.play_until_end(s, lambda st, lg, r=r: r.choice(lg), max_steps=5000)
        assert s.turn <= 2 * 49 + 1


# --- decisions -------------------------------------------------------------------------------
def test_d3_survivor_stays_in_place():
    s = table(board={"b2": "0-dragon-1", "b3": "1-soldier-1"})
    s = RULES.apply(s, A("attack", "b2", "b3"))
    assert s.board[B.index("b2")] == "0-dragon-1" and s.board[B.index("b3")] is None


def test_d5_blind_take_is_seeded():
    s = table(board={"b3": "0-soldier-1"})
    a = RULES.apply(s, A("attack", "b3", "castle"))
    b = RULES.apply(s, A("attack", "b3", "castle"))
    assert a.hands[1] == b.hands[1]


def test_d6_mulligan_is_public_hand_is_not():
    s = RULES.new_game(2, 3, {"start_player": 0})
    s = RULES.apply(s, A("mulligan"))
    v1 = RULES.view(s, 1)
    assert v1["mulligans"][0] is True and v1["hand"] != s.hands[0]


def test_d8_saint_continuous_bonus_and_d10_power_never_below_zero():
    s = table(board={"b1": "0-saint-1", "b2": "0-soldier-1", "a2": "1-soldier-1"})
    v = RULES.view(s, 0)
    assert v["board"][B.index("b2")]["power"] == 3 and v["board"][B.index("a2")]["power"] == 2


def test_d9_tapped_flower_usable_payment_automatic():
    s = table(flowers=3, hands=[["0-soldier-1"], []])
    s = RULES.apply(s, A("summon", "0-soldier-1", "a1"))
    assert sum(1 for c in s.costs[0] if c[1]) == 1
    assert "flower 0 draw" in legal(s)


def test_d10_warp_is_not_the_move_and_not_entered():
    s = table(board={"b2": "0-knight-1"}, hands=[["0-warp-1"], []])
    s = RULES.apply(RULES.apply(s, A("cast", "0-warp-1", "b2")), A("target", "a1"))
    assert s.board[B.index("a1")] == "0-knight-1" and not s.moved
    assert "move a1 a2" in legal(s)


def test_commits_draws_and_reveals_but_not_board_play():
    s = table(board={"b3": "0-soldier-1", "a1": "0-knight-1"}, hands=[["0-enhance-1"], []])
    for act, want in ((A("move", "a1", "a2"), False), (A("cast", "0-enhance-1", "a1"), False),
                      (A("attack", "b3", "castle"), True), (A("end"), True)):
        after = RULES.apply(s, act)
        assert RULES.commits(s, act, after) is want, act


def test_d2_two_growth_steps_flip_at_most_two_seeds_per_turn():
    s = table(turn=8, costs=3, flowers=0)
    s.turn_seat = 1
    s = RULES.apply(s, A("end"))  # seat 0's turn 9 begins: two growth steps, both flips
    assert sum(1 for c in s.costs[0] if c[0]) == 2


def test_d4_no_hand_limit():
    hand = ["0-soldier-1", "0-soldier-2", "0-soldier-3", "0-warrior-1", "0-warrior-2", "0-knight-1",
            "0-knight-2", "0-enhance-1"]
    s = table(hands=[hand, []])
    s = RULES.apply(RULES.apply(s, A("end")), A("end"))
    assert len(s.hands[0]) == len(hand) + 1


# --- issue 27: rulebook behaviours no test held ------------------------------------------
def test_r4_5_a_unit_summoned_this_turn_cannot_attack():
    """R-4.5: "A unit that entered this turn cannot attack" (R-4.4 only tested the move)."""
    s = table(board={"b1": "0-soldier-1", "b3": "1-soldier-1"}, hands=[["0-knight-1"], []])
    s = RULES.apply(s, A("summon", "0-knight-1", "b2"))  # its F arrow reaches the enemy on b3
    assert refused(s, "attack b2 b3") == "entered_this_turn"
    assert not {a for a in legal(s) if a.startswith("attack b2")}
    nxt = RULES.apply(RULES.apply(s, A("end")), A("end"))  # a turn later it may
    assert "attack b2 b3" in legal(nxt)


def test_r4_2_a_cell_touching_an_own_unit_only_diagonally_is_not_offered():
    """R-4.2 / D-3: the engagement cell must be orthogonally adjacent to one of your units."""
    s = table(board={"a1": "0-soldier-1"}, hands=[["0-soldier-2"], []])
    assert "summon 0-soldier-2 a2" in legal(s)  # orthogonal: offered
    assert "summon 0-soldier-2 b2" not in legal(s)  # diagonal only: not offered
    assert refused(s, "summon 0-soldier-2 b2") == "not_adjacent"
    s = table(seat=1, board={"c3": "1-soldier-1"}, hands=[[], ["1-soldier-2"]])
    assert "summon 1-soldier-2 c2" in legal(s) and "summon 1-soldier-2 b2" not in legal(s)


@pytest.mark.parametrize("tapped", [False, True])
def test_r4_7_using_a_flower_keeps_its_orientation(tapped):
    """R-4.7 / D-9: the used flower turns to its seed side; tapped stays tapped, untapped untapped."""
    for effect, extra in (("draw", ()), ("untap", ()), ("power", ("a1",))):
        s = table(flowers=3, board={"a1": "0-knight-1"})
        s.costs[0][0] = [False, True]  # a tapped seed: what "untap" untaps
        s.costs[0][1][1] = tapped
        s = RULES.apply(s, A("flower", 1, effect))
        if extra:
            s = RULES.apply(s, A("target", *extra))
        assert s.costs[0][1] == [False, tapped], effect
        assert s.costs[0][2] == [True, False], effect  # the other flower is untouched
