"""Issue 12/17: each bad data file from the reliability run is refused with one message.

Every example below used to hang the loader or the first shuffle, make a game that never
ends, or end in a traceback; now each is one DataError naming the file and the field.
"""
from __future__ import annotations

import time

import pytest

from games import registry
from games.brujas import data as brujas_data
from games.core import i18n
from games.core.data import DATA_DIR, DataError
from games.fuji99 import data as fuji_data
from games.qumasu import data as qumasu_data
from games.toutomi import data as toutomi_data

pytestmark = pytest.mark.timeout(60)


def _edit(tmp_path, name: str, old: str, new: str, count: int = 1):
    return _edited(tmp_path, name, [(old, new, count)])


def _edited(tmp_path, name: str, edits: list[tuple[str, str, int]]):
    """A copy of the data file ``name`` with each (old, new, count) replaced in turn (count -1:
    every one), each ``old`` found first."""
    text = (DATA_DIR / name).read_text(encoding="utf-8")
    for old, new, count in edits:
        assert old in text, old
        text = text.replace(old, new, count)
    path = tmp_path / name.split("/")[-1]
    path.write_text(text, encoding="utf-8")
    return path


def _refused(loader, path, pattern: str) -> str:
    t0 = time.perf_counter()
    with pytest.raises(DataError, match=pattern) as err:
        loader(path)
    assert time.perf_counter() - t0 < 2, "no hang"
    assert "\n" not in str(err.value)
    return str(err.value)


def _case(name: str, loader, file: str, pattern: str, *edits: tuple[str, str, int]):
    return pytest.param(loader, file, list(edits), pattern, id=name)


REFUSED = [  # (what the file says, the loader, the file, the message, the edits)
    _case("toutomi_burst_limit_of_a_billion_is_refused", toutomi_data.load, "toutomi.yaml",
          r"field 'burst_limit': expected a whole number from 1 to 99",
          ("burst_limit: 7 ", "burst_limit: 1000000000 ", 1)),
    _case("toutomi_burst_limit_no_deck_could_pass_is_refused", toutomi_data.load, "toutomi.yaml",
          r"field 'burst_limit': 99 cannot be passed: .* add up to 28",
          ("burst_limit: 7 ", "burst_limit: 99 ", 1), ("count: 4,", "count: 1,", -1)),
    _case("toutomi_card_value_minus_a_billion_is_refused", toutomi_data.load, "toutomi.yaml",
          r"card 'm1': field 'value': expected a whole number from -20 to 99",
          ("value: -1,", "value: -1000000000,", 1)),
    _case("toutomi_negative_cards_outweighing_positive_ones_is_refused", toutomi_data.load, "toutomi.yaml",
          r"the number cards add up to -\d+",
          ("{id: m1, kind: number, value: -1, count: 1,", "{id: m1, kind: number, value: -20, count: 40,", 1)),
    _case("fuji_goal_of_ten_million_is_refused", fuji_data.load, "fuji99.yaml",
          r"field 'goal': expected a whole number from 10 to 999", ("goal: 99", "goal: 10000000", 1)),
    _case("fuji_min_draw_above_the_bag_is_refused", fuji_data.load, "fuji99.yaml",
          r"field 'min_draw': 14 cubes cannot be drawn from a bag of 13", ("min_draw: 5", "min_draw: 14", 1)),
    _case("fuji_red_limit_of_a_billion_is_refused", fuji_data.load, "fuji99.yaml",
          r"field 'red_limit': expected a whole number from 1 to 20", ("red_limit: 3", "red_limit: 1000000000", 1)),
    _case("fuji_bag_that_always_busts_is_refused", fuji_data.load, "fuji99.yaml",
          r"field 'red_limit': every draw of 5 cubes holds 3 red",
          ("bag: {clear: 6, yellow: 4, red: 3}", "bag: {clear: 1, yellow: 1, red: 6}", 1),
          ("red: 12}", "red: 24}", -1)),
    _case("qumasu_deck_that_can_never_reach_the_castle_is_refused", qumasu_data.load, "qumasu.yaml",
          r"no unit with a forward arrow", ("arrows: [F]", "arrows: [L]", -1),
          ("arrows: [F, L, R]", "arrows: [L, R]", -1),
          ("arrows: [F, B]", "arrows: [B]", -1), ("arrows: [F, B, L, R]", "arrows: [B, L, R]", -1)),
    _case("games_yaml_players_as_words_is_refused", registry.load_catalog, "games.yaml",
          r"games\.yaml: game 'toutomi': field 'players': expected a whole number from 1 to 16, got 'two'",
          ("players: [2, 6]", "players: [two, 6]", 1)),
    _case("games_yaml_null_minutes_is_refused", registry.load_catalog, "games.yaml",
          r"games\.yaml: game 'toutomi': field 'minutes': expected a whole number from 10 to 600, got None",
          ("minutes: [10, 20]", "minutes: [10, null]", 1)),
    _case("i18n_field_only_in_one_language_is_refused", i18n.load_catalog, "i18n/app.yaml", r"\{oops\} is only in one",
          ('en: "{lo}–{hi} players"', 'en: "{lo}–{hi} players ({oops})"', 1)),
    _case("duplicate_yaml_key_is_an_error", toutomi_data.load, "toutomi.yaml",
          r"toutomi\.yaml: YAML syntax error at line \d+.*the key 'hand_size' is written twice",
          ("hand_size: 3 ", "hand_size: 3\nhand_size: 4 ", 1)),
    _case("misspelt_optional_field_is_refused", brujas_data.load, "brujas.yaml",
          r"field 'majorty_by': unknown field \(did you mean 'majority_by'\?\)",
          ("majority_by: colour", "majorty_by: colour", 1)),
]


@pytest.mark.parametrize("loader,name,edits,pattern", REFUSED)
def test_refused(tmp_path, loader, name, edits, pattern):
    """Each bad file of the table is refused with its one message."""
    _refused(loader, _edited(tmp_path, name, edits), pattern)


@pytest.mark.parametrize("huge", [10**5, 10**9])
def test_huge_card_counts_are_refused_not_hung(tmp_path, huge):
    _refused(toutomi_data.load, _edit(tmp_path, "toutomi.yaml", "{id: n1, kind: number, value: 1, count: 4,",
                                      f"{{id: n1, kind: number, value: 1, count: {huge},"),
             r"toutomi\.yaml: card 'n1': field 'count': expected a whole number from 0 to 40")
    _refused(fuji_data.load, _edit(tmp_path, "fuji99.yaml", "copies: 2", f"copies: {huge}"),
             r"fuji99\.yaml: card 'advance': field 'copies': expected a whole number from 1 to 20")
    _refused(brujas_data.load, _edit(tmp_path, "brujas.yaml", "{colour: red, number: 1, copies: 2}",
                                     f"{{colour: red, number: 1, copies: {huge}}}"),
             r"brujas\.yaml: card #1 \(red 1\): field 'copies': expected a whole number from 1 to 26")


def test_toutomi_deck_without_number_cards_is_refused(tmp_path):
    text = (DATA_DIR / "toutomi.yaml").read_text(encoding="utf-8")
    lines = [ln for ln in text.splitlines() if "kind: number" not in ln]
    lines = [ln.replace("count: 2,", "count: 9,") for ln in lines]  # still enough cards to deal
    path = tmp_path / "toutomi.yaml"
    path.write_text("\n".join(lines), encoding="utf-8")
    _refused(toutomi_data.load, path, r"no number card above 0")


@pytest.mark.parametrize("field", ["{0}", "{}", "{name.upper}", "{name[0]}", "{lo:>999999999}", "{lo!r}",
                                   "{lo:.99999f}"])
def test_i18n_format_fields_other_than_plain_names_are_refused(tmp_path, field):
    path = _edit(tmp_path, "i18n/app.yaml", 'en: "{lo}–{hi} players"', f'en: "{field}–{{hi}} players"')
    _refused(i18n.load_catalog, path, r"app\.yaml: string 'players_range'")


def test_width_field_never_reaches_format(monkeypatch, tmp_path):
    """``{lo:>999999999}`` segfaulted the title: a broken catalogue is left out, tr stays small."""
    path = _edit(tmp_path, "i18n/app.yaml", 'en: "{lo}–{hi} players"', 'en: "{lo:>999999999}–{hi} players"')
    (tmp_path / "core.yaml").write_text((DATA_DIR / "i18n/core.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(i18n, "I18N_DIR", tmp_path)
    i18n.catalog.cache_clear()
    try:
        assert any("players_range" in p for p in i18n.problems())
        out = i18n.tr("app.players_range", "en", lo=2, hi=6)
        assert len(out) < 100 and out == "Players range"  # readable words, not a raw key
        assert i18n.tr("core.game_over", "en") != "core.game_over"  # the other catalogues still work
    finally:
        monkeypatch.undo()
        i18n.catalog.cache_clear()
    assert path.exists()


def test_shipped_files_pass_every_check():
    assert i18n.problems() == []
    for loader in (toutomi_data.load, fuji_data.load, brujas_data.load, qumasu_data.load):
        loader()
    assert registry.load_catalog(DATA_DIR / "games.yaml") == registry.catalog()


def test_translations_have_only_fields_the_code_passes():
    """Every literal ``tr("key", a=...)`` call passes each {field} its text has (issue 17.2)."""
    import ast
    import string
    from pathlib import Path
    cat = i18n.catalog()
    missing, calls = [], 0
    for path in (Path(__file__).resolve().parents[1] / "games").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) == "tr"
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                continue
            if any(k.arg is None for k in node.keywords):
                continue  # tr(key, **params): the fields come from an event, checked by the games' tests
            key, calls = node.args[0].value, calls + 1
            entry = cat.get(key) or i18n.BUILT_IN.get(key)
            assert entry is not None, f"{path.name}:{node.lineno}: no text for {key}"
            need = {n for lang in ("ja", "en") for _, n, _, _ in string.Formatter().parse(entry[lang]) if n}
            if need - {k.arg for k in node.keywords}:
                missing.append(f"{path.name}:{node.lineno} {key} needs {sorted(need)}")
    assert calls > 100 and not missing, missing
