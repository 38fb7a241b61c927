"""Toutomi positions (games/toutomi/position.py): round trips and refusals with reasons."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from games.core.position import PositionError
from games.toutomi import position
from games.toutomi.rules import RULES


def test_dump_then_load_gives_the_same_state_and_legal_actions_in_random_games():
    seen_pending = set()
    for seed in range(30):
        rng, s = random.Random(seed), RULES.new_game(2 + seed % 5, seed, {"short": bool(seed % 2)})
        while True:
            back = position.load(position.dump(s))
            assert back == replace(s, events=[]), seed
            assert RULES.legal_actions(back) == RULES.legal_actions(s)
            assert RULES.view(back, 0) == {**RULES.view(s, 0), "events": []}
            if s.pending:
                seen_pending.add(s.pending.kind)
            if s.over:
                break
            s = RULES.apply(s, rng.choice(RULES.legal_actions(s)))
    assert seen_pending == {"wild", "target", "dump"}


def _base() -> str:
    return position.dump(RULES.new_game(3, 5, {}))


def _swap(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


def _first_hand_card(text: str) -> str:
    return RULES.new_game(3, 5, {}).hands[0][0]


@pytest.mark.parametrize("change, reason", [
    (lambda t: _swap(t, "field: []", f"field: [{_first_hand_card(t)}]"), "in two zones"),
    (lambda t: _swap(t, f"[{_first_hand_card(t)}, ", "["), "in no zone"),
    (lambda t: _swap(t, "field: []", "field: [n99-1]"), "not a card of this game"),
    (lambda t: _swap(t, "turn: 1", "turn: -1"), "turn: -1 is out of range"),
    (lambda t: _swap(t, "shuffles: 2", "shuffles: -2"), "shuffles: -2 is out of range"),
    (lambda t: _swap(t, "turn_seat: ", "turn_seat: 7\nx: "), "turn_seat: 7 is not a seat"),
    (lambda t: _swap(t, "pending: null", "pending: {kind: target, seat: 0, card: attack-1, offers: [0, 1]}"),
     "pending"),
    (lambda t: _swap(t, "pending: null", "pending: {kind: bloom, seat: 0}"), "pending.kind"),
    (lambda t: _swap(t, "game: toutomi", "game: fuji99"), "game: expected 'toutomi'"),
    (lambda t: _swap(t, "over: false", "over: true"), "end_reason"),
])
def test_a_bad_position_is_refused_with_its_reason(change, reason):
    text = _base()
    position.load(text)  # the untouched position is fine
    with pytest.raises(PositionError, match=reason):
        position.load(change(text))


def test_a_hand_larger_than_a_hand_holds_is_refused():
    s = RULES.new_game(2, 3, {})
    s.hands[0] = s.hands[0] + [s.deck.pop()]
    with pytest.raises(PositionError, match=r"hands\[0\]: 4 cards"):
        position.load(position.dump(s))
