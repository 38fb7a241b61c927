"""Fuji 99 positions (games/fuji99/position.py): round trips and refused positions."""
from __future__ import annotations

import pytest
import yaml

from games.core.position import PositionError, write
from games.core.rng import rng_for
from games.fuji99 import position
from games.fuji99.rules import RULES
from tests.fuji99_scenario import scenario
from tests.playouts import every_state
from tests.test_fuji99_rules import force, play  # noqa: F401 (force is a fixture)


def playout(players: int, seed: int):
    """Every state of one random game."""
    return list(every_state(RULES, players, seed, rng_for(seed, "position")))


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3), (2, 86)])
def test_positions_round_trip_on_random_playouts(players, seed):
    kinds = set()
    for s in playout(players, seed):
        text = position.dump(s)
        back = position.load(text)
        kinds.add(s.pending.kind if s.pending else "over")
        s.events = []
        assert back == s
        assert RULES.legal_actions(back) == RULES.legal_actions(s)
        assert RULES.current_player(back) == RULES.current_player(s)
        assert position.dump(back) == text
    assert {"draw", "decide", "over"} <= kinds


def test_a_loaded_position_plays_on_like_the_game_it_came_from():
    """The random stream is derived again from seed, options and counter: same draws."""
    states = playout(3, 5)
    mid = states[len(states) // 2]
    rng = rng_for(7, "on")
    a, b = mid, position.load(position.dump(mid))
    for _ in range(30):
        if RULES.current_player(a) is None:
            break
        act = rng.choice(RULES.legal_actions(a))
        a, b = RULES.apply(a, act), RULES.apply(b, act)
        assert position.dump(a) == position.dump(b)


def test_the_give_step_round_trips_with_the_cubes_still_due(force):  # noqa: F811
    force("ccccc")
    s = scenario(RULES, hands={0: ["big-advance-1", "shortcut-1"]}, top=["falling-rock-1"], pagoda=2)
    s = play(s, "draw 5", "stop")
    assert s.pending.kind == "give" and dict(s.pending.more) == {"big-advance-1": 2, "shortcut-1": 3}
    back = position.load(position.dump(s))
    assert back.pending == s.pending and RULES.legal_actions(back) == RULES.legal_actions(s)


def _edited(change) -> str:
    raw = yaml.safe_load(position.dump(scenario(RULES, 3, hands={1: ["advance-1"]})))
    change(raw)
    return write(raw)


@pytest.mark.parametrize("change, reason", [
    (lambda r: r["hands"][0].append("advance-1"), "card advance-1 is in two zones: hands.0. and hands.1."),
    (lambda r: r["deck"].remove("purify-1"), "card purify-1 is in no zone"),
    (lambda r: r["discard"].append("dragon-1"), r"card dragon-1 \(discard\) is not a card of this game"),
    (lambda r: r["bags"][1].__setitem__(2, -1), "bags: -1 is out of range"),
    (lambda r: r.__setitem__("pagoda", -3), "pagoda: -3 is out of range"),
    (lambda r: r.__setitem__("turn_seat", 3), "turn_seat: 3 is not a seat"),
    (lambda r: r.__setitem__("start_player", -1), "start_player: -1 is not a seat"),
    (lambda r: r["pending"].__setitem__("seat", 5), "pending.seat: 5 is not a seat"),
    (lambda r: r["pending"].__setitem__("seat", 1), "pending.seat: 1 is not the turn's seat 0"),
    (lambda r: r["pending"].__setitem__("kind", "dance"), "pending.kind: 'dance' is not one of"),
    (lambda r: r.__setitem__("pending", None), "pending: a game in progress waits for a step"),
    (lambda r: r["pending"].update(kind="give", more=[["purify-1", 1]]), "give needs .card in hand"),
    (lambda r: r.__setitem__("over", True), "over: a finished game has winners"),
    (lambda r: r["positions"].__setitem__(2, 100), "positions: 100 is out of range 0..99"),
    (lambda r: r["bags"][0].__setitem__(2, 40), "red cubes: .* on the table, the game has 9"),
    (lambda r: r["card_clear"].update({"purify-1": 1}), "card_clear: purify-1 is in no hand"),
    (lambda r: r["bonuses"][0].append(30), r"bonuses\[0\]: \[30\] are not distinct yellow spaces"),
    (lambda r: r["hands"].pop(), r"hands: expected one entry per seat \(3\)"),
    (lambda r: r.__setitem__("game", "suma"), "game: expected 'fuji99'"),
])
def test_a_bad_position_is_refused_with_its_reason(change, reason):
    with pytest.raises(PositionError, match=reason):
        position.load(_edited(change))


def test_the_unchanged_position_of_the_bad_cases_loads():
    """The refusals above come from their one change, not from the position they edit."""
    assert position.load(_edited(lambda r: None)).hands[1] == ["advance-1"]
