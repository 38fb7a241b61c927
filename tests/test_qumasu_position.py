"""Qumasu positions (issue 29 item 2): dump -> load round-trips, bad positions are refused."""
from __future__ import annotations

import random

import pytest

from games.core.position import PositionError
from games.qumasu import position
from games.qumasu.rules import RULES
from tests.playouts import every_state

START = """
game: qumasu
seed: 7
decks: [standard, standard]
first: 0
turn_seat: 0
turn: 5
board: {b1: 0-knight-1, b3: 1-soldier-1}
hands: [[0-warp-1], [1-knight-1]]
castles: [[0-saint-1, 0-knight-2], [1-saint-1]]
deck:
- [0-soldier-1, 0-soldier-2, 0-soldier-3, 0-warrior-1, 0-warrior-2, 0-archer-1, 0-guardian-1,
   0-dragon-1, 0-enhance-1, 0-enhance-2, 0-thunder-1]
- [1-soldier-2, 1-soldier-3, 1-warrior-1, 1-warrior-2, 1-archer-1, 1-guardian-1, 1-dragon-1,
   1-enhance-1, 1-enhance-2, 1-thunder-1, 1-warp-1, 1-knight-2]
costs: [[seed, seed, flower], [seed, seed, seed]]
"""


def playout_states(seed: int):
    return every_state(RULES, 2, seed, random.Random(seed), {**RULES.default_options(), "start_player": seed % 2})


@pytest.mark.parametrize("seed", range(6))
def test_round_trip_on_random_playouts(seed):
    for s in playout_states(seed):
        back = position.load(position.dump(s))
        s.events = []
        assert back == s
        assert RULES.legal_actions(back) == RULES.legal_actions(s)
        assert RULES.current_player(back) == RULES.current_player(s)
        assert position.dump(back) == position.dump(s)


def test_a_hand_written_position_plays():
    s = position.load(START)
    assert s.board[1] == "0-knight-1" and s.costs[0] == [[False, False], [False, False], [True, False]]
    assert {"cast 0-warp-1 b1", "move b1 b2", "end"} <= {str(a) for a in RULES.legal_actions(s)}
    assert position.load(position.dump(s)) == s


def refused(text: str, old: str, new: str) -> str:
    assert old in text, old
    with pytest.raises(PositionError) as err:
        position.load(text.replace(old, new, 1))
    return str(err.value)


def test_a_card_in_two_zones_is_refused():
    why = refused(START, "hands: [[0-warp-1]", "hands: [[0-warp-1, 0-knight-1]")
    assert "0-knight-1" in why and "two zones" in why


def test_a_missing_card_is_refused():
    why = refused(START, "castles: [[0-saint-1, 0-knight-2]", "castles: [[0-saint-1]")
    assert "0-knight-2" in why and "no zone" in why


def test_a_foreign_card_is_refused():
    why = refused(START, "hands: [[0-warp-1]", "hands: [[0-warp-1, 0-phoenix-1]")
    assert "0-phoenix-1" in why and "not a card of this game" in why


def test_a_card_on_the_wrong_side_is_refused():
    why = refused(START, "hands: [[0-warp-1], [1-knight-1]]", "hands: [[0-warp-1, 1-knight-1], []]")
    assert why == "hands[0]: card 1-knight-1 belongs to the other seat"


def test_a_negative_count_is_refused():
    assert refused(START, "turn: 5", "turn: -1") == "turn: -1 is out of range 0..None"
    assert "deckouts" in refused(START + "deckouts: [0, -2]\n", "game", "game")


def test_too_many_cost_cards_or_castle_cards_are_refused():
    assert "costs[1]" in refused(START, "[seed, seed, seed]]", "[seed, seed, seed, seed]]")
    assert "costs[0]" in refused(START, "[[seed, seed, flower]", "[[seed, seed, bud]")


def test_a_seat_out_of_range_is_refused():
    assert refused(START, "turn_seat: 0", "turn_seat: 2") == "turn_seat: 2 is not a seat (0..1)"
    assert "first" in refused(START, "first: 0", "first: -1")
    assert "winners" in refused(START + "winners: [3]\nend_reason: castle\n", "game", "game")


def test_a_badly_formed_pending_choice_is_refused():
    assert "pending.seat" in refused(START, "turn: 5", "turn: 5\npending: {kind: mulligan, seat: 5}")
    assert "pending.kind" in refused(START, "turn: 5", "turn: 5\npending: {kind: dance, seat: 0}")
    assert "before turn 1" in refused(START, "turn: 5", "turn: 5\npending: {kind: mulligan, seat: 0}")
    assert "warp" in refused(START, "turn: 5", "turn: 5\npending: {kind: warp, seat: 0, card: 0-warp-1}")
    assert "turn seat" in refused(START, "turn: 5", "turn: 5\npending: {kind: bloom, seat: 1, more: [power]}")


def test_other_games_and_unknown_decks_are_refused():
    assert "game" in refused(START, "game: qumasu", "game: suma")
    assert "decks" in refused(START, "decks: [standard, standard]", "decks: [standard, nope]")
