"""data/fuji99.yaml: the shipped file, one broken copy per kind of mistake, and edits that
change the game without touching code."""
from __future__ import annotations

import copy
import re

import pytest
import yaml

from games.core.data import DATA_DIR, DataError, load_yaml
from games.core.engine import Action
from games.core.i18n import catalog
from games.fuji99 import data as game_data
from games.fuji99.rules import RULES, Rules

DATA = RULES.data

RAW = load_yaml(game_data.DATA_FILE)


def broken(tmp_path, change) -> str:
    """Write a changed copy of the data file and return the loader's error message."""
    raw = copy.deepcopy(RAW)
    change(raw)
    path = tmp_path / "fuji99.yaml"
    path.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    with pytest.raises(DataError) as err:
        game_data.load(path)
    assert str(path.name) in str(err.value)
    return str(err.value)


def card(raw, kind_id) -> dict:
    return next(c for c in raw["cards"] if c["id"] == kind_id)


# --- the shipped data --------------------------------------------------------------------------
def test_components_match_the_rulebook():
    assert DATA.goal == 99 and DATA.crisis_limit == 7 and DATA.red_limit == 3 and DATA.min_draw == 5
    assert DATA.bag == (6, 4, 3) and DATA.components == (64, 24, 12)
    assert DATA.yellow_spaces == (20, 50) and DATA.yellow_per_player == 1
    assert (DATA.min_players, DATA.max_players) == (2, 4)
    assert DATA.colours == ("blue", "green", "purple", "orange")


def test_twenty_two_fuji_cards_six_of_value_one():
    assert len(DATA.card_ids) == 22 and len(set(DATA.card_ids)) == 22
    assert sum(k.copies for k in DATA.kinds if k.value == 1) == 6
    assert all(" " not in c and re.match(r"^[a-z-]+-\d+$", c) for c in DATA.card_ids)
    table = {k.id: (k.value, k.copies, k.cost, k.clear, k.timing) for k in DATA.kinds}
    assert table == {
        "advance": (1, 2, 1, 1, "use"), "purify": (1, 2, 1, 1, "use"),
        "strong-legs": (1, 2, 0, 1, "continuous"), "clear-path": (2, 2, 1, 1, "use"),
        "big-advance": (2, 2, 2, 2, "use"), "pursuit": (2, 2, 2, 1, "use"),
        "falling-rock": (3, 3, None, 0, "immediate"), "company": (3, 2, None, 0, "immediate"),
        "chase": (4, 2, 2, 2, "use"), "shortcut": (4, 1, 3, 3, "use"), "blessing": (5, 2, 3, 3, "use")}


def test_card_info_has_what_a_card_face_needs():
    for cid in DATA.card_ids:
        info = RULES.card_info(cid)
        assert set(info) >= {"id", "kind", "name", "cost", "value", "clear", "timing", "effects", "text"}
        assert info["name"]["ja"] and info["name"]["en"]
        for line in info["text"]:
            assert line["key"] in catalog(), line["key"]
    assert RULES.card_info("chase-1")["text"] == [{"key": "fuji99.eff_advance_to_rank_above_then",
                                                   "params": {"two_players_steps": 10, "then_steps": 5}}]
    assert RULES.card_info("blessing")["kind"] == "blessing"
    with pytest.raises(KeyError):
        RULES.card_info("banana-1")


def test_ten_original_story_books():
    assert len(DATA.stories) == 10 and len({s.id for s in DATA.stories}) == 10
    for st in DATA.stories:
        ja = re.sub(r"「[^」]*」", "「」", st.story["ja"]).count("。")  # sentences outside quotes
        en = len(re.findall(r"[.!?](\s|$)", re.sub(r'"[^"]*"', '""', st.story["en"])))
        assert 4 <= ja <= 8 and 4 <= en <= 8, (st.id, ja, en)
        assert "\n" not in st.cover["ja"] and "\n" not in st.cover["en"]
    shown = RULES.stories()
    assert [s["id"] for s in shown] == [s.id for s in DATA.stories] and "story" not in shown[0]
    assert RULES.story("onsen")["story"]["en"].startswith("When you opened")


def test_rules_overlay_has_five_to_nine_sections_in_both_languages():
    raw = load_yaml(DATA_DIR / "rules" / "fuji99.yaml")
    assert 5 <= len(raw["sections"]) <= 9
    for sec in raw["sections"]:
        for part in ("title", "body"):
            assert sec[part]["ja"].strip() and sec[part]["en"].strip()


# --- one broken copy per kind of mistake ---------------------------------------------------------------
def test_yaml_syntax_error_names_the_line(tmp_path):
    path = tmp_path / "fuji99.yaml"
    path.write_text("goal: 99\ncards: [\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"fuji99.yaml: YAML syntax error at line"):
        game_data.load(path)


def test_missing_field(tmp_path):
    msg = broken(tmp_path, lambda r: card(r, "advance").pop("value"))
    assert "card 'advance': field 'value': missing" in msg
    msg = broken(tmp_path, lambda r: card(r, "big-advance").pop("cost"))
    assert "card 'big-advance': field 'cost': missing" in msg
    assert "field 'goal': missing" in broken(tmp_path, lambda r: r.pop("goal"))


def test_wrong_type(tmp_path):
    msg = broken(tmp_path, lambda r: card(r, "shortcut").update(copies="one"))
    assert "card 'shortcut': field 'copies': expected a whole number from 1 to 20, got 'one'" in msg
    assert "field 'red'" in broken(tmp_path, lambda r: r["bag"].update(red="3"))
    assert "field 'name.en'" in broken(tmp_path, lambda r: card(r, "chase")["name"].pop("en"))


def test_fewer_than_one_copy(tmp_path):
    msg = broken(tmp_path, lambda r: card(r, "purify").update(copies=0))
    assert "card 'purify': field 'copies'" in msg


def test_unknown_effect_type(tmp_path):
    msg = broken(tmp_path, lambda r: card(r, "advance")["effects"][0].update(type="teleport"))
    assert "card 'advance': field 'type': unknown value 'teleport'" in msg


def test_missing_or_unknown_effect_parameter(tmp_path):
    msg = broken(tmp_path, lambda r: card(r, "advance")["effects"][0].pop("steps"))
    assert "card 'advance' effects[0]: field 'steps': missing" in msg
    msg = broken(tmp_path, lambda r: card(r, "advance")["effects"][0].update(speed=2))
    assert "card 'advance': field 'effects[0].speed': unknown parameter" in msg


def test_effect_that_does_not_fit_the_timing(tmp_path):
    msg = broken(tmp_path, lambda r: card(r, "advance")["effects"].append({"type": "move_bonus", "steps": 3}))
    assert "card 'advance': field 'effects[1].type': 'move_bonus' needs timing continuous" in msg
    assert "field 'timing': unknown value 'sometimes'" in broken(
        tmp_path, lambda r: card(r, "advance").update(timing="sometimes"))
    assert "exactly one effect" in broken(
        tmp_path, lambda r: card(r, "company")["effects"].append({"type": "falling_rock", "reds": 1}))


def test_immediate_card_with_a_cost(tmp_path):
    msg = broken(tmp_path, lambda r: card(r, "company").update(cost=1))
    assert "card 'company': field 'cost': an immediate card is never paid for" in msg


def test_bags_bigger_than_the_box(tmp_path):
    msg = broken(tmp_path, lambda r: r["bag"].update(clear=17))
    assert "components: field 'clear': 64 cubes cannot fill 4 bags" in msg
    msg = broken(tmp_path, lambda r: r.update(yellow_per_player=2))
    assert "components: field 'yellow'" in msg


def test_duplicate_or_malformed_ids(tmp_path):
    msg = broken(tmp_path, lambda r: card(r, "chase").update(id="pursuit"))
    assert "card 'pursuit': field 'id': used by two cards" in msg
    assert "field 'id'" in broken(tmp_path, lambda r: card(r, "chase").update(id="chase 2"))
    assert "field 'id'" in broken(tmp_path, lambda r: card(r, "chase").update(id="chase2"))
    assert "two stories share an id" in broken(tmp_path, lambda r: r["stories"][1].update(id="lantern"))


def test_yellow_space_off_the_track(tmp_path):
    assert "field 'yellow_spaces'" in broken(tmp_path, lambda r: r.update(yellow_spaces=[20, 120]))
    assert "increasing order" in broken(tmp_path, lambda r: r.update(yellow_spaces=[50, 20]))


def test_story_without_japanese_text(tmp_path):
    msg = broken(tmp_path, lambda r: r["stories"][3]["story"].pop("ja"))
    assert "story 'dragon': field 'story.ja': missing text" in msg


def test_too_few_colours(tmp_path):
    assert "field 'colours'" in broken(tmp_path, lambda r: r.update(colours=["blue", "green"]))


# --- the data drives the game ------------------------------------------------------------------------------
def edited(tmp_path, change) -> Rules:
    raw = copy.deepcopy(RAW)
    change(raw)
    path = tmp_path / "fuji99.yaml"
    path.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    return Rules(game_data.load(path))


def test_editing_the_yaml_changes_the_game(tmp_path, monkeypatch):
    from games.fuji99 import turn
    from tests.fuji99_scenario import scenario
    monkeypatch.setattr(turn, "sample_cubes", lambda s, n: ["yellow"] + ["clear"] * (n - 1))

    def change(r):
        card(r, "advance")["effects"][0]["steps"] = 4
        r.update(min_draw=3, goal=60, bag={"clear": 8, "yellow": 4, "red": 3}, yellow_spaces=[10])
    rules = edited(tmp_path, change)
    s = rules.new_game(2, 1, {"start_player": 0})
    assert s.bags[0] == [8, 4, 3] and s.pagoda == 64 - 16 and s.space_stock == [2]
    assert [str(a) for a in rules.legal_actions(s)][0] == "draw 3"
    s = scenario(rules, hands={0: ["advance-1"]}, top=["purify-1"])
    s = rules.apply(rules.apply(s, Action.parse("draw 3")), Action.parse("use advance-1"))
    assert s.token == 7 and rules.view(s, 0)["rules"]["goal"] == 60
    assert rules.inventory(s) == {"clear": 64, "yellow": 24, "red": 12, "fuji_cards": 22}


def test_more_copies_make_more_cards(tmp_path):
    rules = edited(tmp_path, lambda r: card(r, "shortcut").update(copies=3))
    assert len(rules.data.card_ids) == 24 and "shortcut-3" in rules.data.card_ids
    assert rules.inventory(rules.new_game(3, 2))["fuji_cards"] == 24
