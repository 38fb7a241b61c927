"""One copy mechanism (games/core/state_copy.py, issue 29 item 4): every game's ``successor``
and ``clone`` come from ``copier``, which copies the declared fields to their depth, starts
``events`` empty and never carries the remembered legal list (engine ``LEGAL_SLOT``).
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field, fields

import pytest

from games import registry
from games.core.engine import LEGAL_SLOT, IllegalAction
from games.core.rng import rng_for
from games.core.state_copy import copier

COPIED_GAMES = ["toutomi", "fuji99", "brujas", "qumasu"]  # Suma moves onto copier separately


@dataclass
class _Toy:
    flat: list
    rows: list
    grid: list
    shared: list
    events: list = field(default_factory=list)


def test_copier_copies_each_declared_field_to_its_depth_and_shares_the_rest():
    s = _Toy([1], [[1], [2]], [[[1, 0]], [[2, 0]]], [9], events=["e"])
    copy = copier(_Toy, ("flat", ("rows", 2), ("grid", 3)))(s)
    copy.flat.append(2)
    copy.rows[0].append(3)
    copy.grid[1][0][1] = 1
    assert (s.flat, s.rows, s.grid) == ([1], [[1], [2]], [[[1, 0]], [[2, 0]]])
    assert copy.shared is s.shared and copy.events == [] and s.events == ["e"]
    kept = copier(_Toy, ("flat",), fresh=())(s)
    assert kept.events is s.events and kept.rows is s.rows


def test_state_copy_3_one_list_copy_copies_that_list_empties_events_and_drops_the_legal_list():
    s = _Toy([1], [[1]], [[[1]]], [9], events=["e"])
    setattr(s, LEGAL_SLOT, ["remembered"])
    one = copier(_Toy, ("flat",))
    assert one.__qualname__.startswith("_one_list_copy")  # STATE-COPY-3's copy, no loop
    copy = one(s)
    assert set(vars(copy)) == {f.name for f in fields(_Toy)}
    assert copy.flat == [1] and copy.flat is not s.flat and copy.events == [] and s.events == ["e"]
    assert copy.rows is s.rows and copy.grid is s.grid and copy.shared is s.shared
    assert vars(copy) == vars(copier(_Toy, ("flat", ("rows", 1)))(s)) | {"rows": s.rows}


def test_state_copy_4_the_one_list_copy_drops_the_legal_list_wherever_it_was_set():
    """STATE-COPY-4: the remembered list is taken off as the last key (``popitem``); set before
    another attribute, it is still dropped, and the other key and the order are kept."""
    one = copier(_Toy, ("flat",))
    s = _Toy([1], [[1]], [[[1]]], [9], events=["e"])
    setattr(s, LEGAL_SLOT, ["remembered"])
    assert list(vars(one(s))) == [f.name for f in fields(_Toy)]
    s.extra = "set after the legal list"
    copy = one(s)
    assert list(vars(copy)) == [*(f.name for f in fields(_Toy)), "extra"] and copy.extra == s.extra
    assert LEGAL_SLOT in vars(s) and copy.flat == s.flat and copy.flat is not s.flat


def test_copier_refuses_unknown_fields_and_depths():
    with pytest.raises(TypeError, match="no field nope"):
        copier(_Toy, ("nope",))
    with pytest.raises(ValueError, match="depth 4"):
        copier(_Toy, (("grid", 4),))


def _states(game_id: str, seed: int = 7, steps: int = 30):
    rules = registry.rules(game_id)
    rng = rng_for(seed, "copy")
    s = rules.new_game(min(4, rules.max_players), seed, rules.default_options())
    for _ in range(steps):
        if rules.current_player(s) is None:
            return
        yield rules, s
        s = rules.apply(s, rng.choice(rules.legal_actions(s)))


def _distinct_to(a, b, depth: int) -> bool:
    """``a`` and ``b`` are different objects down to ``depth`` (lists of lists of ...)."""
    if a is b and depth > 0 and isinstance(a, (list, dict)):
        return False
    if depth <= 1 or isinstance(a, dict):
        return True
    return all(_distinct_to(x, y, depth - 1) for x, y in zip(a, b, strict=True))


@pytest.mark.parametrize("game_id", COPIED_GAMES)
def test_successor_and_clone_copy_every_field_and_every_declared_list_to_its_depth(game_id):
    state_module = importlib.import_module(f"games.{game_id}.state")
    assert state_module.successor.__module__ == "games.core.state_copy"
    assert state_module.clone.__module__ == "games.core.state_copy"
    for rules, s in _states(game_id):
        rules.legal_actions(s)
        assert LEGAL_SLOT in vars(s)  # the parent remembers its legal list
        names = {f.name for f in fields(s)}
        succ, clone = s.successor(), s.clone()
        assert set(vars(succ)) == names and set(vars(clone)) == names  # no legal list, no field lost
        assert succ.events == [] and clone == s
        for item in type(s).COPIED:
            name, depth = (item, 1) if isinstance(item, str) else item
            assert _distinct_to(getattr(succ, name), getattr(s, name), depth), name
            assert _distinct_to(getattr(clone, name), getattr(s, name), depth), name


@pytest.mark.parametrize("game_id", COPIED_GAMES)
def test_an_action_remembered_for_the_parent_is_checked_again_in_the_successor(game_id):
    """The successor starts without the parent's legal list: an action object made for the
    parent and illegal now is refused, even before anyone asks the successor's legal list
    (Qumasu's own copy used to carry the parent's list, so such an action went unchecked)."""
    refused = 0
    for rules, s in _states(game_id, seed=3, steps=60):
        legal = rules.legal_actions(s)
        s2 = rules.apply(s, legal[-1])
        if rules.current_player(s2) is None:
            break
        now = rules.legal_actions(s2.clone())
        for a in [a for a in legal if a not in now][:2]:
            with pytest.raises(IllegalAction):
                rules.apply(s2, a)
            refused += 1
    assert refused > 5
