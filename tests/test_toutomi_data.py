"""data/toutomi.yaml: the shipped file loads, the rules follow the data, and each kind of
mistake in a broken copy stops with one readable message naming file, card and field."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from games.core.data import DataError
from games.core.engine import Action
from games.toutomi.data import DATA_FILE, load
from games.toutomi.rules import Rules

ROOT = Path(__file__).resolve().parents[1]


def test_shipped_file_matches_the_spec_components():
    d = load()
    assert d.burst_limit == 7 and d.hand_size == 3
    assert len(d.toutomi_ids()) == 43 and len(d.situation_ids()) == 20
    numbers = [d.face_of(c).value for c in d.toutomi_ids() if d.face_of(c).kind == "number"]
    assert len(numbers) == 31 and sorted(set(numbers)) == [-1, 0, 1, 2, 3, 4, 5, 6, 7]
    kinds = [d.face_of(c).kind for c in d.situation_ids()]
    assert kinds.count("points") == 14 and kinds.count("new_world") == 3
    assert kinds.count("kuma_wild") == 3


def _raw() -> dict:
    return yaml.safe_load(DATA_FILE.read_text(encoding="utf-8"))


def _broken(tmp_path, change) -> str:
    raw = _raw()
    change(raw)
    path = tmp_path / "toutomi.yaml"
    path.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load(path)
    assert "toutomi.yaml" in str(err.value)
    return str(err.value)


def _card(raw, deck, fid) -> dict:
    return next(c for c in raw[deck] if c["id"] == fid)


def test_yaml_syntax_error(tmp_path):
    path = tmp_path / "toutomi.yaml"
    path.write_text("burst_limit: 7\ntoutomi_deck: [\n  {id: n1,\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"toutomi\.yaml: YAML syntax error at line \d+"):
        load(path)


def test_missing_field(tmp_path):
    msg = _broken(tmp_path, lambda r: _card(r, "toutomi_deck", "skip").pop("count"))
    assert msg.endswith("card 'skip': field 'count': missing")


def test_wrong_type(tmp_path):
    msg = _broken(tmp_path, lambda r: _card(r, "toutomi_deck", "skip").update(count="two"))
    assert "card 'skip': field 'count': expected a whole number from 0 to 40, got 'two'" in msg


def test_unknown_card_kind(tmp_path):
    msg = _broken(tmp_path, lambda r: _card(r, "toutomi_deck", "wild").update(kind="teleport"))
    assert "card 'wild': field 'kind': unknown value 'teleport'" in msg


def test_negative_count(tmp_path):
    msg = _broken(tmp_path, lambda r: _card(r, "situation_deck", "sit1").update(count=-2))
    assert "card 'sit1': field 'count': expected a whole number from 0 to 40, got -2" in msg


def test_deck_too_small_to_deal_six_hands(tmp_path):
    def shrink(raw):
        raw["toutomi_deck"] = raw["toutomi_deck"][:3]
    msg = _broken(tmp_path, shrink)
    assert "toutomi_deck: field 'count': the deck (standard) has 12 cards; 6 players need 18" in msg


def test_short_variant_deck_too_small_without_trump(tmp_path):
    def trumps(raw):
        raw["toutomi_deck"] = raw["toutomi_deck"][:2] + [_card(raw, "toutomi_deck", "trump")]
        _card(raw, "toutomi_deck", "trump")["count"] = 20
    msg = _broken(tmp_path, trumps)
    assert "the deck (short variant, without trump) has 8 cards" in msg


def test_empty_situation_deck(tmp_path):
    def empty(raw):
        for c in raw["situation_deck"]:
            c["count"] = 0
    assert "situation_deck: field 'count': the situation deck has no cards" in _broken(tmp_path, empty)


def test_duplicate_card_id(tmp_path):
    msg = _broken(tmp_path, lambda r: _card(r, "situation_deck", "kuma").update(id="skip"))
    assert "card 'skip': field 'id': is used by another card" in msg


def test_card_id_with_space(tmp_path):
    msg = _broken(tmp_path, lambda r: _card(r, "toutomi_deck", "n1").update(id="n 1"))
    assert "card 'n 1': field 'id': expected lower-case letters" in msg


def test_number_card_without_value(tmp_path):
    msg = _broken(tmp_path, lambda r: _card(r, "toutomi_deck", "n3").pop("value"))
    assert msg.endswith("card 'n3': field 'value': missing")


def test_value_on_a_special_card(tmp_path):
    msg = _broken(tmp_path, lambda r: _card(r, "toutomi_deck", "skip").update(value=3))
    assert "card 'skip': field 'value': a skip card has no value" in msg


def test_missing_name_language(tmp_path):
    msg = _broken(tmp_path, lambda r: _card(r, "situation_deck", "newworld")["name"].pop("ja"))
    assert "card 'newworld': field 'name.ja': missing text" in msg


def test_missing_or_bad_burst_limit(tmp_path):
    assert "field 'burst_limit': missing" in _broken(tmp_path, lambda r: r.pop("burst_limit"))
    msg = _broken(tmp_path, lambda r: r.update(burst_limit=0))
    assert "field 'burst_limit': expected a whole number from 1 to 99, got 0" in msg


def test_not_a_mapping(tmp_path):
    path = tmp_path / "toutomi.yaml"
    path.write_text("- just\n- a list\n", encoding="utf-8")
    with pytest.raises(DataError, match="expected a mapping"):
        load(path)


def test_rules_follow_the_data_limit_and_values(tmp_path):
    """No literal 7 in the rules: another limit and a card above it (R-4.4) just work."""
    raw = _raw()
    raw["burst_limit"] = 9
    _card(raw, "toutomi_deck", "n7").update(value=10)
    path = tmp_path / "toutomi.yaml"
    path.write_text(yaml.safe_dump(raw, allow_unicode=True), encoding="utf-8")
    rules = Rules(load(path))
    s = rules.new_game(3, 1, {"start_player": 1})
    s.hands[1] = ["n7-1", "n1-1", "trump-1"]
    s.total = 9
    assert [str(a) for a in rules.legal_actions(s)][-1] == "play trump-1"
    s.total = 0
    s2 = rules.apply(s, Action.of("play", "n7-1"))
    burst = [e.params for e in s2.events if e.key == "toutomi.burst"]
    assert burst == [{"seat": 1, "scorer": 0, "total": 10}]  # the seat before in order


def test_rules_and_bot_import_without_pygame():
    code = ("import sys; sys.modules['pygame'] = None\n"
            "import games.toutomi.rules, games.toutomi.bot\n"
            "print(games.toutomi.rules.RULES.game_id)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         check=False)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "toutomi"
