"""Settings and saves: round trips, atomic writes, and broken files never crash the app."""
from __future__ import annotations

import json

import pytest

from games.app import storage
from games.app.session import SeatSetup, Session
from games.core.engine import Action
from games.core.record import GameRecord, RecordError, atomic_write_text, load_record

pytestmark = pytest.mark.usefixtures("data_dir")  # a private user data folder (conftest.py)


def test_settings_default_then_round_trip(data_dir):
    s, msg = storage.Settings.load()
    assert msg is None and s.lang == "ja" and s.bot_speed == "normal"
    s.lang, s.sound, s.bot_speed, s.fullscreen = "en", False, "fast", True
    s.save()
    again, msg = storage.Settings.load()
    assert msg is None and (again.lang, again.sound, again.bot_speed, again.fullscreen) == ("en", False, "fast", True)


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", '{"lang": "fr"}', '{"bot_speed": 3}',
                                     '{"sound": "yes"}', "\xff\xfe", '{"demo_idle_seconds": -1}'])
def test_broken_settings_fall_back_to_defaults_once_with_a_message(data_dir, content):
    path = data_dir / "settings.json"
    path.write_bytes(content.encode("utf-8", "surrogateescape") if isinstance(content, str) else content)
    s, msg = storage.Settings.load()
    assert msg == "app.settings_reset" and s == storage.Settings()
    assert not path.exists() and (data_dir / "settings.json.broken").exists()
    s2, msg2 = storage.Settings.load()  # no crash loop: the next start is clean
    assert msg2 is None and s2 == storage.Settings()


def test_atomic_write_replaces_whole_file_and_leaves_no_temp(tmp_path):
    path = tmp_path / "sub" / "f.json"
    atomic_write_text(path, "one")
    atomic_write_text(path, "two")
    assert path.read_text() == "two"
    assert [p.name for p in path.parent.iterdir()] == ["f.json"]


def _session(seed=4) -> Session:
    seats = [SeatSetup("A"), SeatSetup("B", "random")]
    return Session.start("toutomi", seats, seed, {"short": False, "start_player": 0})


def test_record_is_the_save_and_replays_to_the_same_state(data_dir):
    s = _session()
    for _ in range(12):
        s.apply(s.rules.legal_actions(s.state)[0])
    storage.write_slot(s)
    (save,), broken = storage.unfinished_games()
    assert not broken and save.record.actions == s.record.actions and save.slot == s.slot
    again = Session.from_record(save.record)
    assert again.state == s.state and again.names == ["A", "B"] and again.bot_names == [None, "random"]
    raw = json.loads(storage.slot_path(s.slot).read_text())
    assert set(raw) == {"format", "game", "players", "seed", "options", "seats", "actions"}


def test_one_slot_per_unfinished_game_and_finished_ones_go_to_history(data_dir):
    first, second = _session(1), _session(2)
    for s in (first, second):
        s.apply(s.rules.legal_actions(s.state)[0])
        storage.write_slot(s)
    assert first.slot != second.slot
    assert {g.slot for g in storage.unfinished_games()[0]} == {first.slot, second.slot}
    storage.finish_game(first)  # (the record need not be over for the file work)
    assert [g.slot for g in storage.unfinished_games()[0]] == [second.slot]
    (done,) = storage.finished_games()
    assert done.record.actions == first.record.actions
    assert load_record(storage.last_game_path()).actions == first.record.actions


def test_history_keeps_the_last_fifty(data_dir):
    s = _session()
    for i in range(storage.HISTORY_KEPT + 5):
        s.record.seed = i
        storage.write_history_text(s.record.to_json(), "toutomi")
    kept = storage.finished_games()
    assert len(kept) == storage.HISTORY_KEPT
    assert min(g.record.seed for g in kept) == 5  # the five oldest left first


@pytest.mark.parametrize("content,key", [
    ('{"format": 1, "game": "toutomi", "players": 2, "seed": 1, "act', "record.corrupt"),
    ("[1, 2, 3]", "record.foreign"),
    ('{"hello": "world"}', "record.foreign"),
    ('{"format": 99, "game": "toutomi", "players": 2, "seed": 1, "actions": []}', "record.format"),
    ('{"format": 1, "game": "toutomi", "players": "two", "seed": 1, "actions": []}', "record.corrupt"),
])
def test_corrupt_truncated_or_foreign_saves_raise_a_readable_error(tmp_path, content, key):
    path = tmp_path / "save.json"
    path.write_text(content)
    with pytest.raises(RecordError) as err:
        load_record(path)
    assert err.value.key == key


def test_save_with_an_impossible_move_or_unknown_game_is_refused():
    rec = GameRecord("toutomi", 2, 1, {}, [], ["play no-such-card"])
    with pytest.raises(RecordError) as err:
        Session.from_record(rec)
    assert err.value.key == "record.bad_action"
    with pytest.raises(RecordError) as err:
        Session.from_record(GameRecord("chess", 2, 1, {}, [], []))
    assert err.value.key == "record.unknown_game"
    with pytest.raises(RecordError) as err:
        Session.from_record(GameRecord("toutomi", 9, 1, {}, [], []))
    assert err.value.key == "record.players"


def test_broken_slot_is_set_aside_and_reported(data_dir):
    storage.saves_dir().mkdir()
    storage.slot_path("x").write_text("{{{")
    games, broken = storage.unfinished_games()
    assert games == [] and [err.key for _, err in broken] == ["record.corrupt"]
    assert storage.unfinished_games() == ([], [])  # set aside: no loop
    assert (storage.saves_dir() / "x.json.broken").exists()


def test_action_text_round_trip():
    for a in [Action.of("play", "n7-2"), Action.of("target", 3), Action.of("draw", 12), Action.of("witch", "up"),
              Action.of("dump_done"), Action.of("x", -1)]:
        assert Action.parse(str(a)) == a


def test_tests_never_use_the_real_user_folder():
    """conftest gives the whole test run (and its child processes) a private data folder."""
    import os
    import tempfile
    folder = os.environ.get("TABLE_DATA_DIR", "")
    assert folder and os.path.realpath(folder).startswith(os.path.realpath(tempfile.gettempdir()))
