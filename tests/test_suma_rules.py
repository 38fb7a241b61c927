"""Suma no Mori: a scenario test per rule of docs/rules/suma.md (R-1 .. R-3)."""
from __future__ import annotations

import pytest

from games.suma import bingo, patterns
from games.suma.data import Card
from games.suma.rules import RULES
from tests.suma_helpers import CARD, FREE_BIT, D, give, legal, marked, new, play, put, reason, started, step


def test_r1_1_items_in_the_warehouse_cards_and_four_pieces():
    s = new(4)
    assert s.stock == {"circle": 45, "triangle": 10, "square": 10, "star": 10}
    for p in range(4):
        nums = [n for n in s.cards[p] if n != bingo.FREE]
        assert len(s.cards[p]) == 25 and s.cards[p][12] == bingo.FREE and len(nums) == 24
        assert max(nums.count(n) for n in range(12)) <= 3
        assert s.marked[p] == FREE_BIT
        assert s.supply[p] + s.track[p] + s.reserve[p] == 5 and s.supply[p] + s.track[p] == 4


def test_r1_2_three_decks_job_side_up_and_a_market_of_six():
    s = new(3)
    assert all(len(s.market[c]) == 2 and None not in s.market[c] for c in ("red", "blue", "green"))
    assert all(len(s.decks[c]) == 10 for c in s.decks)
    assert all(D.card(x).colour == c for c in s.market for x in s.market[c] + s.decks[c])
    v = RULES.view(s, 0)
    assert v["decks"]["red"]["top"].startswith("job:red:") and v["market"] == s.market
    assert not set(v["market"]["red"]) & RULES.secret_ids(s, 0)


def test_r1_3_start_player_chosen_or_random():
    assert new(5, start=3).turn_seat == 3
    seats = {RULES.new_game(5, seed, {"start_player": -1}).turn_seat for seed in range(30)}
    assert len(seats) > 2


def test_r1_4_start_player_puts_a_special_item_on_start():
    s = new(2, start=1)
    assert step(s) == "start" and RULES.current_player(s) == 1
    assert legal(s) == {"start triangle", "start square", "start star"}
    s = play(s, "start star")
    assert s.board[24] == "star" and s.stock["star"] == 9 and step(s) == "turn" and s.turn_seat == 1


def test_r1_5_one_piece_on_score_zero_three_in_supply():
    s = new(2)
    assert s.track == [1, 1] and s.supply == [3, 3] and s.totals == [0, 0]
    assert RULES.view(s, 1)["supply"] == [3, 3]


def test_r2_1_take_only_with_two_or_fewer_cards_and_refill_the_market():
    s = started()
    top = s.decks["blue"][-1]
    taken = s.market["blue"][0]
    s2 = play(s, f"take {taken}")
    assert taken in s2.hands[0] and s2.market["blue"][0] == top and len(s2.decks["blue"]) == 9
    s3 = play(s, "draw green")
    assert s3.hands[0] == [s.decks["green"][-1]]
    full = s.clone()
    give(full, 0, "r0", "r1", "r2")
    assert not any(a.startswith(("take", "draw")) for a in legal(full))
    assert reason(full, "draw red") == "suma.hand_full"


def test_r2_2_place_on_an_empty_cell_sharing_a_side_with_an_item():
    s = started()  # □ on START d4
    circles = {a for a in legal(s) if a.startswith("place circle")}
    assert circles == {"place circle d3", "place circle d5", "place circle c4", "place circle e4"}
    assert {a for a in legal(s) if a.startswith("place square")} == {
        "place square d3", "place square d5", "place square c4", "place square e4"}
    assert not any(a.startswith("place triangle") for a in legal(s))
    assert reason(s, "place circle c3") == "suma.not_adjacent"  # a corner does not count
    put(s, c3="circle")  # an isolated item still counts
    assert "place triangle b1" not in legal(s) and "place circle c2" in legal(s)
    assert reason(s, "place star c2") == "suma.wrong_cell_kind"
    assert reason(s, "place circle d4") == "suma.cell_taken"
    s2 = play(s, "place circle c2")
    assert s2.board[9] == "circle" and s2.stock["circle"] == 43 and s2.turn_seat == 1


def test_r2_3_summon_one_card_at_a_time_then_done():
    s = started()
    put(s, c1="circle", d1="circle", e1="circle", c2="circle")
    give(s, 0, "r4", "g4")  # both 〇〇
    assert {"summon r4", "summon g4"} <= legal(s)
    s = play(s, "summon g4")  # one cross of 4: cell 4 or 17 is chosen; no immediate effect
    assert s.jobs[0] == ["g4"] and step(s) == "cross" and legal(s) == {"mark 4", "mark 17"}
    s = play(s, "mark 17")
    assert step(s) == "summon" and s.turn_seat == 0 and set(marked(s, 0)) == {12, 17}
    assert legal(s) == {"summon r4", "done"}
    s = play(s, "done")
    assert s.turn_seat == 1 and s.hands[0] == ["r4"]


def test_r2_3_an_effect_placed_earlier_in_the_action_already_counts():
    s = started()
    put(s, c1="circle", d1="circle", e1="circle")
    give(s, 0, "r0", "b9")  # b9 needs 〇〇〇〇 in a row
    assert "summon b9" not in legal(s)
    s = play(s, "summon r0")  # crosses both 0s, 1 wasted, then place 2 〇
    assert step(s) == "effect"
    s = play(s, "place circle f1")
    assert step(s) == "effect"
    s = play(s, "place circle c2")
    assert step(s) == "summon" and "summon b9" in legal(s)


def test_r2_4_a_fourth_job_card_returns_one_of_the_others():
    s = started()
    put(s, c1="circle", d1="circle")
    give(s, 0, "b0", "g3", "r2", to="jobs")
    give(s, 0, "g4")
    s = play(s, "summon g4")
    assert step(s) == "return" and legal(s) == {"return b0", "return g3", "return r2"}
    assert reason(s, "return g4") == "suma.keep_new_card"
    s = play(s, "return b0")
    assert s.jobs[0] == ["g3", "r2", "g4"] and s.decks["blue"][0] == "b0"
    assert "circle" not in patterns.reductions(D, s.jobs[0])  # its permanent effect ends


def test_r2_5_privilege_piece_excludes_three_items_and_everyone_marks():
    s = started(3)
    s.cards[1] = [7 if i == 3 else 0 for i in range(25)]
    s.marked[1] = FREE_BIT
    s = play(s, "privilege 7")  # number 7 at cells 7 and 20 of seat 0: a choice
    assert s.squares[7] == 0 and s.supply[0] == 2
    assert s.stock["square"] == 6 and s.excluded["square"] == 3  # 10 - 1 (START) - 3
    assert step(s) == "mark" and RULES.current_player(s) == 0
    assert 3 in marked(s, 1)  # one cell only: marked at once
    s = play(s, "mark 20")
    assert RULES.current_player(s) == 2 and not RULES.needs_privacy(s)
    s = play(s, "mark 7")
    assert 20 in marked(s, 0) and 7 in marked(s, 2) and s.turn_seat == 1 and step(s) == "turn"


def test_r2_5_privilege_allowed_with_fewer_items_left():
    s = started()
    s.excluded["star"], s.stock["star"] = 9, 1
    s = play(s, "privilege 10", "mark 10")
    assert s.stock["star"] == 0 and s.excluded["star"] == 10


def test_r2_6_rotations_count_mirrors_do_not():
    card = D.card("r6")  # □□/〇. is chiral
    assert patterns.rotate(card.pattern, 1) == (("circle", "square"), (None, "square"))
    board = [None] * 49
    for i, kind in ((22, "circle"), (23, "square"), (30, "square")):  # b4 〇, c4 □, c5 □: turned 90°
        board[i] = kind
    fit = patterns.find(card, board, 7, {})
    assert fit is not None and fit[0] == 1
    mirror = [None] * 49
    for i, kind in ((29, "circle"), (23, "square"), (30, "square")):  # b5 〇, c4 □, c5 □: mirrored
        mirror[i] = kind
    assert patterns.find(card, mirror, 7, {}) is None
    assert len(patterns.rotations(card.pattern)) == 4


def test_r2_6_items_are_not_used_up_and_the_rotation_is_announced():
    s = started()
    put(s, c1="circle", d1="circle")
    give(s, 0, "g4", "r4")
    s = play(s, "summon g4")
    ev = [e for e in s.events if e.key == "suma.summoned"][0]
    s = play(s, "mark 4")
    assert s.board[2] == "circle" and "summon r4" in legal(s)
    assert ev.params["rotation"] in (0, 90, 180, 270)


def test_r3_1_place_and_remove_in_the_order_the_holder_chooses():
    s = started()
    put(s, a1="star", b1="star", a2="circle")  # ☆☆/〇.
    s.board[0] = s.board[1] = "star"
    give(s, 0, "r7")
    s = play(s, "summon r7")
    acts = legal(s)
    assert any(a.startswith("place circle") for a in acts) and any(a.startswith("remove") for a in acts)
    s = play(s, "place circle a3")
    assert not any(a.startswith("place") for a in legal(s))
    s = play(s, "remove d4")  # START's item too (D-10): back to the warehouse
    assert s.board[24] is None and s.stock["square"] == 10 and s.turn_seat == 1


def test_r3_1_effects_apply_as_far_as_they_can():
    s = started()
    put(s, c1="circle", d1="circle", e1="circle")
    s.excluded["circle"] += s.stock["circle"] - 1
    s.stock["circle"] = 1
    give(s, 0, "r0")
    s = play(s, "summon r0", "place circle f1")
    assert any(e.key == "suma.effect_stopped" for e in s.events) and s.turn_seat == 1


def test_r3_2_permanent_while_held_end_effects_at_both_round_ends():
    s = started()
    give(s, 0, "b9", to="jobs")
    assert patterns.reductions(D, s.jobs[0]) == {"any": 1}
    give(s, 0, "g11", to="jobs")
    s.supply = [0, 0]
    s = play(s, "place circle d3")  # every supply empty: the round ends
    assert s.round == 2 and s.history[0]["stars"][0] == 5
    s = play(s, "start star")
    s.supply = [0, 0]
    s = play(s, "place circle d3")
    assert s.over and s.history[1]["stars"][0] == 5


def test_r3_3_reductions_add_up_and_an_ignored_pattern_is_always_met():
    s = started()
    give(s, 0, "b0", "b11", to="jobs")  # −1 〇, −2 any
    give(s, 0, "r0")  # 〇〇〇 on an empty map
    s.board = [None] * 49
    assert "summon r0" in legal(s)
    red = patterns.reductions(D, ["b10", "b5"])
    assert red == {"star": 1, "triangle": 2}


def test_r3_4_achieve_marks_a_cell_of_your_own_card_only():
    s = started()
    put(s, b4="square", c5="square", d5="square", c4="square")
    give(s, 0, "r11")  # .□./□□□ : crosses 11 (cells 11, 24), achieve 1 and place 1 〇
    s = play(s, "summon r11")
    assert {11, 24} <= set(marked(s, 0))
    s = play(s, "mark 0")
    assert 0 in marked(s, 0) and 0 not in marked(s, 1)


# --- R-4 round end, R-5 between rounds and the end ---------------------------------------


def _all_lines(s, seat: int) -> None:
    s.marked[seat] = (1 << 25) - 1


def test_r4_1_round_ends_when_every_supply_is_empty():
    s = started()
    s.supply = [1, 0]
    s = play(s, "privilege 0", "mark 0", "mark 13")
    assert s.round == 2 and s.history[0]["ended_by"] == 0
    assert any(e.key == "suma.round_end" and e.params["reason"] == "supply" for e in s.events)


def test_r4_1_round_ends_with_twelve_bingos_only_at_the_end_of_the_turn():
    s = started()
    s.marked[0] = ((1 << 25) - 1) & ~(1 << 4) & ~(1 << 17)  # all but the two 4s
    put(s, c1="circle", d1="circle")
    give(s, 0, "r4", "g4")
    s = play(s, "summon g4")  # crosses: 4 twice -> 12 bingos, but the action goes on
    assert step(s) == "cross"
    s = play(s, "mark 4")
    assert s.round == 1 and step(s) == "summon" and bingo.count(s.marked[0], 5) < 12
    s = play(s, "summon r4")  # last 4 (cell 17): 12 bingos; remove 1 item follows
    assert s.round == 1 and step(s) == "effect"
    s = play(s, "remove c1")
    assert s.round == 2 and s.history[0]["bingos"][0] == 12


def test_r4_1_round_ends_when_the_map_is_full():
    s = started()
    for i in range(49):
        if s.board[i] is None and i != 48:
            s.board[i] = "circle"
    s = play(s, "place triangle g7")
    assert s.round == 2


def test_r4_1_round_ends_when_no_item_can_be_placed():
    s = started()
    for k in ("circle", "triangle", "star"):
        s.excluded[k] += s.stock[k]
        s.stock[k] = 0
    s = play(s, "place square c4")  # the last reachable □ cells remain, so not yet
    assert s.round == 1
    s = play(s, "place square b4", "place square c5", "place square d3", "place square d5")
    assert s.round == 1
    s = play(s, "place square e4", "place square f4", "place square e5")
    assert s.round == 1
    s = play(s, "place square d6")
    assert s.round == 2 and any(e.params.get("reason") == "no_placement" for e in s.events)


def test_r4_2_end_effects_then_two_points_per_bingo_plus_stars():
    s = started(3, start=1)
    give(s, 0, "g10", to="jobs")  # achieve 2 cells at round end
    give(s, 2, "g6", "g9", to="jobs")  # achieve 1, ★4
    s.marked[2] = ((1 << 5) - 1) | FREE_BIT  # top row: 1 bingo
    s.supply = [0, 1, 0]
    s = play(s, "privilege 5")  # seat 1 ends the round; seat 2 chooses first
    s = play(s, "mark 5") if step(s) == "mark" else s
    while step(s) == "mark":
        s = play(s, f"mark {sorted(RULES.legal_actions(s))[0].args[0]}")
    assert step(s) == "endfx" and RULES.current_player(s) == 2 and not RULES.needs_privacy(s)
    s = play(s, "mark 24")
    assert RULES.current_player(s) == 0
    s = play(s, "mark 0", "mark 6")
    h = s.history[0]
    assert h["stars"] == [0, 0, 4] and h["points"][2] == 2 * h["bingos"][2] + 4
    assert s.round == 2


def test_r4_3_total_capped_at_49_and_pieces_on_the_track():
    s = started()
    s.totals = [45, 8]
    _all_lines(s, 0)
    s = play(s, "place circle d3")
    h = s.history[0]
    assert h["bingos"][0] == 12 and s.totals[0] == 49 and h["lost"][0] == 45 + 24 - 49
    assert s.track[0] == 5 and s.reserve[0] == 0 and s.supply[0] == 0


def test_r5_1_round_two_setup():
    s = started(3)
    put(s, c4="circle", c3="circle")
    give(s, 1, "r3")
    give(s, 2, "b3", to="jobs")
    s = play(s, "privilege 9", "mark 22", "mark 9", "mark 9")  # a piece on 9, 3 ☆ out
    _all_lines(s, 2)
    s = play(s, "place circle b3")  # seat 1 ends the round
    assert s.round == 2 and step(s) == "start" and s.turn_seat == 2
    assert all(x is None for x in s.board) and s.excluded["star"] == 3 and s.stock["star"] == 7
    assert s.hands[1] == ["r3"] and s.jobs[2] == ["b3"] and s.history[0]["round"] == 1
    assert s.marked == [FREE_BIT] * 3 and s.cards[1] != CARD
    assert s.squares[9] is None and s.supply[0] >= 1
    s = play(s, "start triangle")
    assert s.board[24] == "triangle" and s.turn_seat == 2


def test_r5_2_most_points_then_bingos_then_fewer_cards_then_shared():
    s = started()
    s.over, s.pending, s.round = True, None, 2
    s.history = [{"round": 1, "bingos": [2, 1], "points": [4, 2], "lost": [0, 0]},
                 {"round": 2, "bingos": [1, 1], "points": [2, 2], "lost": [0, 0]}]
    s.totals = [6, 6]
    o = RULES.outcome(s)
    assert o.winners == (0,) and o.tiebreak == "suma.tb_bingos"
    s.history[0]["bingos"] = [1, 1]
    give(s, 1, "r1")
    assert RULES.outcome(s).winners == (0,) and RULES.outcome(s).tiebreak == "suma.tb_hand"
    s.hands[1] = []
    o = RULES.outcome(s)
    assert o.winners == (0, 1) and o.tiebreak == "suma.tb_shared"
    s.totals = [7, 6]
    assert RULES.outcome(s).winners == (0,) and RULES.outcome(s).tiebreak is None


def test_r5_3_same_rules_for_two_to_seven_players():
    for n in range(2, 8):
        s = new(n)
        assert len(s.cards) == n and s.supply == [3] * n
    for n in (1, 8):
        with pytest.raises(ValueError):
            new(n)


# --- decisions --------------------------------------------------------------------------


def test_d1_fifth_piece_waits_in_reserve_for_the_score_track():
    s = started()
    s.totals = [38, 0]
    s = play(s, "privilege 0", "mark 0", "mark 0")  # the piece on 0 comes home at round end
    _all_lines(s, 1)
    s = play(s, "place circle d3")
    assert s.track[0] == 4 and s.supply[0] == 0 and s.reserve[0] == 1  # supply first
    s = started()
    s.totals = [48, 0]
    _all_lines(s, 1)
    s = play(s, "place circle d3")
    assert s.track[0] == 5 and s.supply[0] == 0 and s.reserve[0] == 0  # then the reserve


def test_d2_pieces_return_each_round_excluded_items_do_not():
    s = started()
    _all_lines(s, 1)
    s = play(s, "privilege 3", "mark 3")
    assert s.round == 2 and s.supply[0] == 3 and s.squares[3] is None
    assert s.excluded["triangle"] == 3 and s.stock["triangle"] == 7


def test_d3_choices_in_turn_order_and_the_auto_mark_rule():
    assert bingo.auto_cell([0, 24], FREE_BIT | 0b11110, 5) == 0  # completes the top row
    assert bingo.auto_cell([0, 24], FREE_BIT | (1 << 23), 5) == 24  # in a partly marked line
    assert bingo.auto_cell([3, 9], FREE_BIT, 5) == 3  # ties: first in reading order
    s = started(3, start=1)
    s = play(s, "privilege 2")
    assert step(s) == "mark" and (s.pending.seat, *s.pending.more) == (1, 2, 0)


def test_d4_order_job_return_crosses_effect():
    s = started()
    put(s, c1="circle", d1="circle", e1="circle")
    give(s, 0, "b1", "b2", "b3", to="jobs")
    give(s, 0, "r0")
    s = play(s, "summon r0")
    assert step(s) == "return" and marked(s, 0) == [12]
    s = play(s, "return b2")
    assert step(s) == "effect" and set(marked(s, 0)) == {0, 12, 13}


def test_d5_a_pattern_cell_asks_for_exactly_its_kind():
    s = started()
    put(s, f1="circle", g1="star")
    give(s, 0, "r3")  # 〇☆
    assert "summon r3" in legal(s)
    s.board[5] = "triangle"  # a △ item on the 〇 pattern cell does not count
    assert "summon r3" not in legal(s)


def test_d6_blank_cells_may_lie_off_the_map():
    card = Card("x", "red", 0, 1, ((None, "circle"),), (), "immediate")
    board = [None] * 49
    board[0] = "circle"  # a1: the blank lies left of the map
    assert patterns.find(card, board, 7, {}) is not None


def test_d7_privilege_number_must_be_unmarked_on_own_card():
    s = started()
    s.marked[0] |= (1 << 6) | (1 << 19)  # both 6s marked
    assert "privilege 6" not in legal(s) and reason(s, "privilege 6") == "suma.number_not_on_card"
    s2 = play(s, "privilege 5", "mark 5", "mark 5")
    assert reason(s2.clone(), "privilege 5") in ("suma.square_taken", "suma.number_not_on_card")


def test_d8_start_item_a_circle_when_no_special_left_and_any_item_later():
    s = new()
    for k in ("triangle", "square", "star"):
        s.excluded[k], s.stock[k] = s.stock[k], 0
    assert legal(s) == {"start circle"}
    s = started()
    put(s, c4="circle", d4=None)
    assert "place triangle d4" in legal(s) and "place star d4" in legal(s)


def test_d9_market_gap_stays_until_a_card_returns():
    s = started()
    blue = list(s.decks["blue"])
    for c in blue:
        give(s, 1, c, to="jobs")
    gap = s.market["blue"][1]
    s = play(s, f"take {gap}")
    assert s.market["blue"][1] is None
    put(s, c1="circle", d1="circle")
    give(s, 1, "g4")
    s.jobs[1] = s.jobs[1][:3]
    s = play(s, "summon g4")
    returned = s.jobs[1][0]
    s = play(s, f"return {returned}")
    assert s.market["blue"][1] == returned and not s.decks["blue"]


def test_d10_removed_items_return_to_the_warehouse():
    s = started()
    put(s, c1="circle", d1="circle", c2="circle", d2="circle")
    give(s, 0, "r9")  # 〇〇/〇〇: remove 2 items
    s = play(s, "summon r9", "remove c1", "remove d4")
    assert s.stock["circle"] == 42 and s.stock["square"] == 10 and s.excluded["circle"] == 0


def test_d11_removals_leaving_the_map_empty_end_the_round():
    s = started()
    s.board = [None] * 49
    s.stock["square"] += 1
    put(s, d4="circle", d3="circle")
    give(s, 0, "r9")
    s.jobs[0] = ["b11", "b0"]  # −2 any, −1 〇: 〇〇/〇〇 met with two items
    s = play(s, "summon r9", "remove d4", "remove d3")
    assert s.round == 2 and s.history[0]["ended_by"] == 0


def test_d12_a_summoned_card_is_shown_to_everyone():
    s = started()
    put(s, c1="circle", d1="circle")
    give(s, 0, "g4")
    assert "g4" in RULES.secret_ids(s, 1)
    assert RULES.view(s, 1)["hands"][0][0]["card"] is None
    s = play(s, "summon g4")
    assert "g4" not in RULES.secret_ids(s, 1) and RULES.view(s, 1)["jobs"][0] == ["g4"]


def test_d13_no_supply_at_round_two_ends_it_after_its_first_turn():
    s = started()
    s.supply, s.reserve = [0, 0], [0, 0]
    s.track = [5, 5]
    s = play(s, "place circle d3")
    assert s.round == 2 and s.supply == [0, 0]
    s = play(s, "start star", "place circle d3")
    assert s.over


def test_d14_warehouse_squares_come_from_the_data():
    assert D.squares[:4] == (("circle", 0), ("circle", 1), ("circle", 2), ("triangle", 3))
    s = started()
    s = play(s, "privilege 4", "mark 4")
    assert s.excluded["triangle"] == 3


def test_d15_random_playouts_terminate_and_progress():
    from games.core.rng import rng_for
    for seed in range(12):
        s = new(2 + seed % 6, seed)
        r = rng_for(seed, "d15")
        for _ in range(5000):
            if RULES.current_player(s) is None:
                break
            s = RULES.apply(s, r.choice(RULES.legal_actions(s)))
        assert s.over and len(s.history) == 2
