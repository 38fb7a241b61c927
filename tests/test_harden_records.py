"""Issue 12: saves, settings and names that crashed or hung the table are refused or cleaned.

Every example from the reliability run has a test here; the hypothesis tests at the end
fuzz the record and settings formats ("loads or is refused with a message, never raises").
"""
from __future__ import annotations

import json
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.app import storage
from games.app.session import Session
from games.core.i18n import tr
from games.core.record import GameRecord, RecordError, load_record
from games.core.safe_text import NAME_MAX, allowed_in_name, clean_name, clean_text

pytestmark = [pytest.mark.timeout(120), pytest.mark.usefixtures("data_dir")]  # data_dir: conftest.py
FUZZ_EXAMPLES = {"records": 300, "raw": 200, "settings": 200}


def _base(**changes) -> dict:
    rec = {"format": 1, "game": "toutomi", "players": 2, "seed": 5, "options": {"short": False},
           "seats": [{"name": "Aki", "bot": None}, {"name": "Ben", "bot": "random"}], "actions": []}
    rec.update(changes)
    return rec


def _refused(text: str) -> RecordError:
    """The one check (from_json + validate, as Continue/Play again/replay use it) refuses it."""
    with pytest.raises(RecordError) as err:
        Session.from_record(GameRecord.from_json(text))
    msg = tr(err.value.key, "en", **err.value.params)
    assert msg and err.value.key.startswith("record.") and msg != err.value.key
    return err.value


# --- records that crashed -----------------------------------------------------------------
def test_seed_infinity_nan_or_fraction_is_refused():
    for seed in ("Infinity", "-Infinity", "NaN", "1.5", "1e400", "true", '"7"', "-1", str(2**70)):
        assert _refused(json.dumps(_base()).replace('"seed": 5', f'"seed": {seed}')).key == "record.corrupt"


@pytest.mark.parametrize("bot", [["random"], {"name": "random"}, 7, "no-such-bot"])
def test_seat_bot_as_list_mapping_number_or_unknown_is_refused(bot):
    rec = _base()
    rec["seats"][1]["bot"] = bot
    assert _refused(json.dumps(rec)).key in ("record.corrupt", "record.unknown_bot")


def test_deeply_nested_record_is_refused_quickly():
    for nested in ("[" * 100_000 + "]" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000):
        t0 = time.perf_counter()
        text = json.dumps(_base()).replace('"options": {"short": false}', f'"options": {{"x": {nested}}}')
        assert _refused(text).key == "record.corrupt"
        assert time.perf_counter() - t0 < 2


@pytest.mark.parametrize("seats", [
    [{"name": "Aki", "bot": None}],  # fewer seats than players
    [{"name": "A", "bot": None}, {"name": "B", "bot": None}, {"name": "C", "bot": None}],  # more
    "Aki,Ben",  # not a list
])
def test_seats_that_do_not_match_players_are_refused(seats):
    err = _refused(json.dumps(_base(seats=seats)))
    assert err.key in ("record.seats", "record.corrupt")


def test_empty_seats_mean_people_named_p1_p2_and_play_again_works(data_dir):
    """The third variant: seats left out; the record is normalised, so Play again has seats."""
    from games.app.results import ResultsScene
    from tests.ui_driver import Driver
    session = Session.from_record(GameRecord.from_json(json.dumps(_base(seats=[]))))
    assert session.names == ["P1", "P2"] and session.bot_names == [None, None]
    session.state = session.rules.play_until_end(session.state, lambda s, legal: legal[0])
    d = Driver("en")
    d.app.replace(ResultsScene(d.app, session))
    d.step()
    d.app.top.play_again()
    assert d.app.top.session.record.players == 2 and d.app.top.session.names == ["P1", "P2"]


def test_every_entry_point_goes_through_the_one_check(data_dir, capsys):
    """Continue (title), Watch replay / Play again (results) and --replay refuse the same file."""
    from games.app import cli
    from games.app.title import TitleScene
    from tests.ui_driver import Driver
    bad = json.dumps(_base(seed=float("inf")))
    path = data_dir / "bad.json"
    path.write_text(bad)
    assert cli.main(["--replay", str(path), "--frames", "1"]) == 2
    assert "--replay" in capsys.readouterr().err
    storage.autosave_path().write_text(bad)
    d = Driver("en")
    d.app.replace(TitleScene(d.app))
    d.step(2)
    assert not d.app.top.saves  # refused, set aside, said (start-up housekeeping)
    assert (data_dir / "autosave.json.broken").exists() and d.app.toasts


def test_replay_refuses_fifo_and_devices(tmp_path):
    import os
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for path in (fifo, "/dev/zero", tmp_path):
        t0 = time.perf_counter()
        with pytest.raises(RecordError) as err:
            load_record(path)
        assert err.value.key in ("record.not_a_file", "record.unreadable")
        assert time.perf_counter() - t0 < 2


def test_oversized_record_file_is_refused(tmp_path):
    path = tmp_path / "big.json"
    path.write_text(json.dumps(_base(actions=["play n1-1"] * 600_000)))
    with pytest.raises(RecordError) as err:
        load_record(path)
    assert err.value.key == "record.too_large"


# --- names --------------------------------------------------------------------------------
@pytest.mark.parametrize("raw,expected", [
    ("A\x00ki", "Aki"), ("x\ud800y", "x?y"), ("\u200b", "P1"), ("\u200b\u200d\ufeff", "P1"),
    ("\u202eevil", "evil"), ("  Sora  ", "Sora"), ("tab\tname", "tabname"), ("", "P1"), (None, "P1"),
    (["A"], "P1"), ("あ" * 100, "あ" * NAME_MAX),
])
def test_names_are_cleaned_trimmed_and_fall_back(raw, expected):
    assert clean_name(raw, "P1") == expected


def test_megabyte_name_in_a_save_loads_and_draws_quickly(data_dir):
    from games.app.play import PlayScene
    from tests.ui_driver import Driver
    rec = _base()
    rec["seats"][0]["name"] = "A" * 2**20
    rec["seats"][1]["name"] = "\x00\ud800\u200b"
    t0 = time.perf_counter()
    session = Session.from_record(GameRecord.from_json(json.dumps(rec)))
    assert session.names == ["A" * NAME_MAX, "?"]
    d = Driver("en")
    d.app.replace(PlayScene(d.app, session, instant=True))
    d.step(5)
    assert time.perf_counter() - t0 < 10


def test_drawing_any_text_never_raises():
    import pygame

    from games.ui import text
    pygame.init()
    for raw in ("a\x00b", "\ud800", "\u200b", "x" * 2**20, "\x00", "\n\r\x1b[31m"):
        text.render(raw, 20)
        text.wrap(raw[:5000], 20, 300)
        text.fit_size(raw, 20, 300)


def test_name_field_refuses_what_would_be_removed(data_dir):
    from games.app.setup import SetupScene
    from tests.ui_driver import Driver
    d = Driver("en")
    scene = SetupScene(d.app, "toutomi")
    d.app.replace(scene)
    scene.names[0] = ""
    scene.focus = "name:0"
    scene.type_text("A\x00\ud800\u200bき")
    assert scene.names[0] == "Aき" and d.app.toasts
    assert all(allowed_in_name(c) for c in "Aき ") and not any(allowed_in_name(c) for c in "\x00\ud800\u200b\t")
    d.step(2)


@pytest.mark.parametrize("typed,seed", [("①②③", 123), ("４２", 42), ("²", 2), ("12a3", 123)])
def test_seed_field_takes_digits_people_mean(data_dir, typed, seed):
    from games.app.play import PlayScene
    from games.app.setup import SetupScene
    from tests.ui_driver import Driver
    d = Driver("en")
    scene = SetupScene(d.app, "toutomi")
    d.app.replace(scene)
    scene.seed_text = ""
    scene.focus = "seed"
    scene.type_text(typed)
    assert scene.seed_text == str(seed)
    scene.start_game()
    assert isinstance(d.app.top, PlayScene) and d.app.top.session.record.seed == seed


# --- settings -----------------------------------------------------------------------------
@pytest.mark.parametrize("content", ['{"lang": ' * 100_000 + '"en"' + "}" * 100_000,
                                     "[" * 100_000 + "]" * 100_000, '{"lang": "en", "x": "' + "y" * 200_000 + '"}',
                                     '{"demo_games": [["a"]]}', '{"staff_pin": 1234}', '{"demo_idle_seconds": 1e999}'])
def test_deep_huge_or_mistyped_settings_fall_back_with_a_message(data_dir, content):
    (data_dir / "settings.json").write_text(content)
    s, msg = storage.Settings.load()
    assert msg == "app.settings_reset" and s == storage.Settings()
    assert (data_dir / "settings.json.broken").exists()


# --- fuzz ---------------------------------------------------------------------------------
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=8), kids, max_size=4),
                    max_leaves=12)
FIELDS = ("format", "game", "players", "seed", "options", "seats", "actions")


NAMES = st.text(max_size=30) | st.sampled_from(["\x00", "\ud800", "\u200b", "A" * 5000, "あおい", " "]) | JSON
BOTS = st.sampled_from([None, None, "random", "nobody", ["random"], {"bot": "random"}, 3])


def _playout(game: str, players: int, seed: int, moves: int) -> list[str]:
    """The first ``moves`` actions of a real game (so many fuzzed records are valid)."""
    from games import registry
    rules = registry.rules(game)
    state = rules.new_game(players, seed, rules.default_options())
    out = []
    for _ in range(moves):
        if rules.current_player(state) is None:
            break
        action = rules.legal_actions(state)[seed % len(rules.legal_actions(state))]
        state = rules.apply(state, action)
        out.append(str(action))
    return out


@st.composite
def records(draw) -> str:
    """Records near the real format: a real game's moves, odd names and bots, a few fields broken."""
    from games import registry
    game = draw(st.sampled_from(registry.playable_ids() * 3 + ["suma", "chess"]))
    known = game in registry.playable_ids()
    lo, hi = (registry.rules(game).min_players, registry.rules(game).max_players) if known else (2, 4)
    players = draw(st.integers(lo, hi) | st.integers(0, 20))
    seed = draw(st.integers(0, 10**6))
    actions = _playout(game, players, seed, draw(st.integers(0, 12))) if known and lo <= players <= hi else []
    if actions and draw(st.integers(0, 4)) == 0:
        actions[draw(st.integers(0, len(actions) - 1))] = draw(st.sampled_from(["play", "x 1", "target 9", ""]))
    seats = draw(st.lists(st.fixed_dictionaries({"name": NAMES, "bot": BOTS}), min_size=players, max_size=players)
                 | st.lists(st.fixed_dictionaries({"name": NAMES, "bot": BOTS}), max_size=6))
    rec = {"format": 1, "game": game, "players": players, "seed": seed, "options": {}, "seats": seats,
           "actions": actions}
    for key in draw(st.lists(st.sampled_from(FIELDS), max_size=2, unique=True)):
        if draw(st.booleans()):
            rec.pop(key)
        else:
            rec[key] = draw(JSON)
    return json.dumps(rec, allow_nan=True)


_DRIVER: list = []
LOADED = {"records": 0}


def _show(session: Session) -> None:
    """A record that loads must also draw: the real table scene, one frame."""
    from games.app.play import PlayScene
    from tests.ui_driver import Driver
    if not _DRIVER:
        _DRIVER.append(Driver("en"))
    d = _DRIVER[0]
    d.app.replace(PlayScene(d.app, session, instant=True))
    d.step(1)


def _loads_or_refused(text: str) -> None:
    try:
        session = Session.from_record(GameRecord.from_json(text))
    except RecordError as err:
        assert tr(err.key, "en", **err.params) != err.key
        return
    assert all(isinstance(n, str) and 0 < len(n) <= NAME_MAX and clean_text(n) == n for n in session.names)
    LOADED["records"] += 1
    _show(session)


@settings(max_examples=FUZZ_EXAMPLES["records"], deadline=None, suppress_health_check=list(HealthCheck))
@given(records())
def test_fuzz_records_load_or_are_refused_never_raise(text):
    _loads_or_refused(text)


@settings(max_examples=FUZZ_EXAMPLES["raw"], deadline=None, suppress_health_check=list(HealthCheck))
@given(st.text(max_size=200) | JSON.map(json.dumps))
def test_fuzz_raw_text_loads_or_is_refused(text):
    _loads_or_refused(text)


@settings(max_examples=FUZZ_EXAMPLES["settings"], deadline=None, suppress_health_check=list(HealthCheck))
@given(st.dictionaries(st.sampled_from(["lang", "fullscreen", "bot_speed", "sound", "demo_idle_seconds", "staff_pin",
                                        "demo_games", "demo_langs", "demo_pace", "visitor_game_minutes", "other"]),
                       JSON, max_size=5) | JSON)
def test_fuzz_settings_load_or_reset_never_raise(raw):
    import os
    from pathlib import Path
    path = Path(os.environ["TABLE_DATA_DIR"]) / "settings.json"
    path.write_text(json.dumps(raw, allow_nan=True))
    s, msg = storage.Settings.load()
    assert msg in (None, "app.settings_reset")
    s.validate()  # whatever was loaded is valid
