"""Suma positions (games/suma/position.py): round trips from real games, bad positions refused."""
from __future__ import annotations

import random

import pytest
import yaml

from games.core.position import PositionError
from games.suma import position
from games.suma.rules import RULES
from tests.suma_helpers import CARD, setup, started, step


def _playout_states(players: int, seed: int):
    s = RULES.new_game(players, seed, {})
    rng = random.Random(seed)
    while True:
        yield s
        if RULES.current_player(s) is None:
            return
        legal = RULES.legal_actions(s)
        s = RULES.apply(s, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("players", [2, 4, 7])
def test_dump_then_load_is_the_same_state_with_the_same_legal_actions(players):
    kinds = set()
    for n, s in enumerate(_playout_states(players, 40 + players)):
        if n % 3 and RULES.current_player(s) is not None:
            continue
        back = position.load(position.dump(s))
        s = s.clone()
        s.events = []
        assert back == s
        assert RULES.legal_actions(back) == RULES.legal_actions(s)
        assert RULES.current_player(back) == RULES.current_player(s)
        kinds.add(step(s))
    assert {"start", "turn", "over"} <= kinds, kinds


def test_every_pending_kind_round_trips():
    """The kinds a random game rarely reaches, from many short games."""
    kinds = set()
    for seed in range(25):
        for s in _playout_states(3, seed):
            if s.pending is not None and s.pending.kind not in kinds:
                back = position.load(position.dump(s))
                assert back.pending == s.pending and RULES.legal_actions(back) == RULES.legal_actions(s)
                kinds.add(s.pending.kind)
    assert {"start", "summon", "cross", "effect", "mark"} <= kinds, kinds


def _bad(**changes) -> str:
    raw = yaml.safe_load(position.dump(started()))
    for k, v in changes.items():
        raw[k] = v(raw[k]) if callable(v) else v
    with pytest.raises(PositionError) as err:
        position.load(position.write(raw))
    return str(err.value)


def test_a_card_in_two_zones_is_refused():
    s = started()
    card = s.decks["red"][-1]
    raw = yaml.safe_load(position.dump(s))
    raw["hands"][0].append(card)
    with pytest.raises(PositionError, match=f"card {card} is in two zones"):
        position.load(position.write(raw))


def test_a_missing_card_is_refused():
    card = started().decks["red"][0]
    assert f"card {card} is in no zone" in _bad(decks=lambda d: {**d, "red": d["red"][1:]})


def test_a_foreign_card_is_refused():
    assert "x99 (hands[1]) is not a card of this game" in _bad(hands=lambda h: [h[0], ["x99"]])


def test_a_negative_count_is_refused():
    assert "stock.circle: -1 is not a count" in _bad(stock=lambda st: {**st, "circle": -1})
    assert "supply[0]" in _bad(supply=[-1, 3])


def test_items_must_be_conserved():
    assert "stock.circle: map + warehouse + excluded" in _bad(stock=lambda st: {**st, "circle": st["circle"] - 1})


def test_a_seat_out_of_range_is_refused():
    assert "turn_seat: 2 is not a seat" in _bad(turn_seat=2)
    assert "pending.seat: 5 is not a seat" in _bad(pending={"kind": "mark", "seat": 5, "count": 3})
    assert "squares.4: 3 is not a seat" in _bad(squares={4: 3})


def test_a_malformed_pending_is_refused():
    assert "pending.kind: 'wild'" in _bad(pending={"kind": "wild", "seat": 0})
    assert "pending.card: cross needs a card" in _bad(pending={"kind": "cross", "seat": 0, "count": 1})
    assert "pending.seat: a summon choice is the turn seat's" in _bad(pending={"kind": "summon", "seat": 1})
    assert "pending: unknown field" in _bad(pending={"kind": "summon", "seat": 0, "colour": "red"})


def test_pieces_bingo_cells_and_the_map_are_checked():
    assert "supply[1]: supply + reserve + track + squares" in _bad(squares={4: 1})
    assert "cards[0]" in _bad(cards=lambda c: [c[0][:24], c[1]])
    assert "marked[1]: FREE cells are always marked" in _bad(marked=[[12], []])
    assert "board.a1: 'star' may not lie there" in _bad(board={"a1": "star"})


def test_setup_builds_positions_through_load():
    s = setup(board={"d4": "square", "c1": "circle"}, stock=lambda st: {**st, "circle": st["circle"] - 1})
    assert s.board[7 * 0 + 2] == "circle" and s.cards[1] == CARD
    with pytest.raises(PositionError, match="stock.circle"):
        setup(board={"d4": "square", "c1": "circle"})
