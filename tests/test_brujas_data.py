"""data/brujas.yaml validation: each kind of mistake stops with file, entry and field named."""
from __future__ import annotations

import pytest
import yaml

from games.brujas import data as game_data
from games.brujas.rules import Rules
from games.brujas.state import State
from games.core.data import DataError

REAL = game_data.DATA_FILE.read_text(encoding="utf-8")


def raw() -> dict:
    return yaml.safe_load(REAL)


def broken(tmp_path, data: dict | str):
    path = tmp_path / "brujas.yaml"
    path.write_text(data if isinstance(data, str) else yaml.safe_dump(data, allow_unicode=True),
                    encoding="utf-8")
    with pytest.raises(DataError) as err:
        game_data.load(path)
    return str(err.value)


def test_the_real_file_loads_40_cards_4_witches_and_deal_sizes():
    d = game_data.load(game_data.DATA_FILE)
    assert len(d.cards) == 40 and len(d.witches) == 4
    assert d.score_cards == (5, 3, 2, 1) and d.majority_points == 2
    assert d.deal == ((3, 13), (4, 10), (5, 8))
    assert d.numbers == (1, 2, 3, 4, 5)
    assert {c.id for c in d.cards if c.colour == "green" and c.number == 3} == {"g3a", "g3b"}


def test_yaml_syntax_error_names_file_and_line(tmp_path):
    msg = broken(tmp_path, REAL.replace("score_cards: [5, 3, 2, 1]", "score_cards: [5, 3, 2, 1"))
    assert "brujas.yaml" in msg and "YAML syntax error" in msg and "line" in msg


def test_missing_field(tmp_path):
    d = raw()
    del d["cards"][7]["copies"]
    msg = broken(tmp_path, d)
    assert "card #8 (blue 3)" in msg and "field 'copies'" in msg and "missing" in msg


def test_missing_text_language(tmp_path):
    d = raw()
    del d["colours"][3]["animal"]["ja"]
    msg = broken(tmp_path, d)
    assert "colour 'green'" in msg and "field 'animal.ja'" in msg


def test_wrong_type(tmp_path):
    d = raw()
    d["cards"][0]["number"] = "one"
    msg = broken(tmp_path, d)
    assert "card #1" in msg and "field 'number'" in msg and "'one'" in msg


def test_unknown_colour(tmp_path):
    d = raw()
    d["cards"][4]["colour"] = "purple"
    msg = broken(tmp_path, d)
    assert "card #5" in msg and "field 'colour'" in msg and "purple" in msg


def test_unknown_witch_colour(tmp_path):
    d = raw()
    d["witches"][1]["colour"] = "black"
    msg = broken(tmp_path, d)
    assert "witch #2" in msg and "field 'colour'" in msg


def test_colour_without_witch(tmp_path):
    d = raw()
    del d["witches"][2]
    d["score_cards"] = [5, 3, 1]
    msg = broken(tmp_path, d)
    assert "colour 'yellow'" in msg and "field 'witches'" in msg


def test_duplicate_card_entry(tmp_path):
    d = raw()
    d["cards"][1] = dict(d["cards"][0])
    msg = broken(tmp_path, d)
    assert "card #2 (red 1)" in msg and "listed twice" in msg


def test_duplicate_colour_letter(tmp_path):
    d = raw()
    d["colours"][1]["letter"] = "r"
    msg = broken(tmp_path, d)
    assert "colour 'blue'" in msg and "field 'letter'" in msg


def test_score_cards_not_four(tmp_path):
    d = raw()
    d["score_cards"] = [5, 3, 2]
    msg = broken(tmp_path, d)
    assert "field 'score_cards'" in msg and "expected 4 score cards" in msg


def test_score_cards_not_high_to_low(tmp_path):
    d = raw()
    d["score_cards"] = [5, 2, 3, 1]
    msg = broken(tmp_path, d)
    assert "score card #3" in msg and "high to low" in msg


def test_deck_too_small_for_the_deal(tmp_path):
    d = raw()
    d["cards"][0]["copies"] = 1
    d["cards"][1]["copies"] = 1  # 38 cards cannot give 3 hands of 13
    msg = broken(tmp_path, d)
    assert "deal for 3 players" in msg and "field '3'" in msg and "the deck has 38" in msg


def test_deal_that_leaves_too_many_cards(tmp_path):
    d = raw()
    d["deal"][5] = 7  # 5 cards left: everyone could get another
    msg = broken(tmp_path, d)
    assert "deal for 5 players" in msg and "undealt" in msg


def test_deal_size_of_wrong_type(tmp_path):
    d = raw()
    d["deal"][3] = "thirteen"
    msg = broken(tmp_path, d)
    assert "deal for 3 players" in msg and "field '3'" in msg


def test_non_consecutive_player_counts(tmp_path):
    d = raw()
    del d["deal"][4]
    msg = broken(tmp_path, d)
    assert "consecutive" in msg


def test_negative_majority_points(tmp_path):
    d = raw()
    d["majority_points"] = -2
    msg = broken(tmp_path, d)
    assert "field 'majority_points'" in msg


def test_rules_read_values_from_the_data(tmp_path):
    d = raw()
    d["majority_points"] = 3
    d["score_cards"] = [8, 4, 2, 0]
    path = tmp_path / "brujas.yaml"
    path.write_text(yaml.safe_dump(d, allow_unicode=True), encoding="utf-8")
    rules = Rules(game_data.load(path))
    s = State(3, 0, [[], [], []], [], ["red", "blue", "yellow", "green"],
              [["r1a"], ["b2a"], []], leader=0, over=True)
    assert rules.score_parts(s) == [(8, 3), (4, 3), (0, 0)]


def test_majority_by_must_be_colour_or_number(tmp_path):
    path = tmp_path / "brujas.yaml"
    path.write_text(REAL.replace("majority_by: colour", "majority_by: animal"), encoding="utf-8")
    with pytest.raises(DataError) as err:
        game_data.load(path)
    msg = str(err.value)
    assert "brujas.yaml" in msg and "field 'majority_by'" in msg and "colour, number" in msg


def test_majority_defaults_to_colour_d1():
    assert game_data.load(game_data.DATA_FILE).majority_by == "colour"
