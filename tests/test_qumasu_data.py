"""Qumasu data file: the real file loads, and every kind of mistake gives one clear message."""
from __future__ import annotations

from functools import partial

from games.qumasu import data as qdata
from tests.data_checks import refused

GOOD = qdata.DATA_FILE.read_text(encoding="utf-8")
_fails = partial(refused, qdata.load, "qumasu.yaml", good=GOOD)


def test_real_file_loads_15_card_decks():
    d = qdata.data()
    assert d.decks and all(len(deck.face_ids()) == d.deck_size == 15 for deck in d.decks)
    std = d.deck("standard")
    units = [f for f in std.face_ids() if d.faces[f].kind == "unit"]
    assert len(units) == 11 and len(std.face_ids()) - len(units) == 4
    assert [f.type for f in d.flowers] == ["power", "untap", "draw"]


def test_syntax_error(tmp_path):
    _fails(tmp_path, GOOD + "\n  - {id: x, kind: [unit\n", "YAML syntax error", "line")


def test_missing_field(tmp_path):
    _fails(tmp_path, GOOD.replace("cost: 3, power: 5,", "power: 5,"), "card 'dragon'", "field 'cost'",
           "missing")


def test_wrong_type(tmp_path):
    _fails(tmp_path, GOOD.replace("cost: 1, power: 4", "cost: 1, power: four"), "card 'guardian'",
           "field 'power'", "whole number")


def test_unknown_effect(tmp_path):
    _fails(tmp_path, GOOD.replace("type: destroy", "type: explode"), "card 'thunder'",
           "effect.type", "unknown effect")


def test_impossible_count(tmp_path):
    _fails(tmp_path, GOOD.replace("soldier: 3, warrior: 2", "soldier: -1, warrior: 2"),
           "deck 'standard'", "soldier", "whole number")


def test_impossible_cost(tmp_path):
    _fails(tmp_path, GOOD.replace("cost: 3, power: 5", "cost: 4, power: 5"), "card 'dragon'",
           "field 'cost'", "from 0 to 3")


def test_deck_not_15_cards(tmp_path):
    _fails(tmp_path, GOOD.replace("soldier: 3, warrior: 2", "soldier: 2, warrior: 2"),
           "deck 'standard'", "field 'cards'", "14 cards", "exactly 15")


def test_arrow_not_fbrl(tmp_path):
    _fails(tmp_path, GOOD.replace("arrows: [F, L, R]", "arrows: [F, X, R]"), "card 'warrior'",
           "field 'arrows'", "'X'")


def test_unknown_card_in_deck(tmp_path):
    _fails(tmp_path, GOOD.replace("dragon: 1,\n            enhance: 2, thunder: 1, warp: 1}\n  - id: vanguard",
                                  "drake: 1,\n            enhance: 2, thunder: 1, warp: 1}\n  - id: vanguard"),
           "deck 'standard'", "drake")


def test_unknown_forward_limit(tmp_path):
    _fails(tmp_path, GOOD.replace("forward_limit: combined", "forward_limit: both"),
           "field 'forward_limit'")
