"""Issue 28 (items 3, 5, 7): no file hangs, floods or crashes the start, and saves say what is wrong.

Data files, the start-up verdict and the logs are opened only as regular files of a bounded
size, without blocking (games/core/regular.py); YAML aliases are bounded (games/core/data.py
DATA-1); a log that cannot be written is skipped with one warning (games/app/launch.py APP-LAUNCH-1).
Every start here runs in a subprocess with a timeout: a hang fails the test, never the suite.
"""
from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = [pytest.mark.timeout(240), pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX files")]
HEADLESS = dict(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")


def _run(args: list[str], cwd: Path, user: Path, timeout: float = 60) -> subprocess.CompletedProcess:
    env = dict(os.environ, TABLE_DATA_DIR=str(user), **HEADLESS)
    return subprocess.run([sys.executable, "main.py", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL)


@pytest.fixture
def table(tmp_path) -> Path:
    """A copy of the program whose data/ may be broken (the real one is never touched)."""
    dest = tmp_path / "table"
    for part in ("games", "data", "sprites"):
        shutil.copytree(ROOT / part, dest / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "main.py", dest)
    return dest


def alias_bomb(levels: int = 8) -> str:
    """"Billion laughs": nine lists of nine aliases each, 9**levels strings once written out."""
    lines = ['lol0: &lol0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, levels + 1):
        lines.append(f"lol{i}: &lol{i} [" + ", ".join([f"*lol{i - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def _refused_and_others_play(table: Path, user: Path, game: str, needle: str) -> None:
    """The start is quick and clean, says why ``game`` cannot start; another game plays."""
    t0 = time.monotonic()
    res = _run(["--frames", "3", "--lang", "en"], table, user)
    assert res.returncode == 0, res.stderr
    assert time.monotonic() - t0 < 30
    assert f"data/{game}.yaml" in res.stderr and needle in res.stderr, res.stderr
    log = (user / "logs" / "table.log").read_text(encoding="utf-8")
    assert "Traceback" not in res.stderr and "Traceback" not in log and "RuntimeError" not in log
    res = _run(["--game", game, "--frames", "1"], table, user)
    assert res.returncode == 2 and f"{game} cannot start: data/{game}.yaml" in res.stderr and needle in res.stderr
    other = "toutomi" if game != "toutomi" else "fuji99"
    assert _run(["--game", other, "--frames", "2"], table, user).returncode == 0


# --- data files ---------------------------------------------------------------------------

def test_alias_bomb_is_refused_at_once_with_the_file_named(tmp_path):
    from games.core.data import DataError, load_yaml
    path = tmp_path / "qumasu.yaml"
    path.write_text(alias_bomb() + (ROOT / "data" / "qumasu.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    t0 = time.monotonic()
    with pytest.raises(DataError, match="alias bomb") as err:
        load_yaml(path)
    assert time.monotonic() - t0 < 2 and str(path) in str(err.value)
    path.write_text("a: &a [1, *a]\n", encoding="utf-8")  # a list that holds itself
    with pytest.raises(DataError, match="refers to the list or mapping it is inside of"):
        load_yaml(path)
    path.write_text("a: &a [1, 2]\nb: [*a, *a]\n", encoding="utf-8")  # a few aliases are fine
    assert load_yaml(path) == {"a": [1, 2], "b": [[1, 2], [1, 2]]}


def test_alias_bomb_in_front_of_a_game_file_refuses_that_game_only(table, tmp_path):
    path = table / "data" / "qumasu.yaml"
    path.write_text(alias_bomb() + path.read_text(encoding="utf-8"), encoding="utf-8")
    _refused_and_others_play(table, tmp_path / "user", "qumasu", "alias bomb")


def test_fifo_in_place_of_a_data_file_is_a_sentence_not_a_hang(table, tmp_path):
    path = table / "data" / "qumasu.yaml"
    path.unlink()
    os.mkfifo(path)
    _refused_and_others_play(table, tmp_path / "user", "qumasu", "is not a regular file but a named pipe (FIFO)")


def test_link_to_dev_zero_is_refused_without_reading_it(table, tmp_path):
    path = table / "data" / "suma.yaml"
    path.unlink()
    path.symlink_to("/dev/zero")
    _refused_and_others_play(table, tmp_path / "user", "suma", "is not a regular file but a device")


def test_symlink_loop_is_named_without_a_traceback(table, tmp_path):
    path = table / "data" / "brujas.yaml"
    path.unlink()
    path.symlink_to(path.name)  # a link to itself
    _refused_and_others_play(table, tmp_path / "user", "brujas", "leads back to itself")


def test_huge_data_file_is_refused_and_a_huge_stray_is_never_read(table, tmp_path, monkeypatch):
    """Sparse files: 2 GB each on paper, no disk used."""
    game = table / "data" / "toutomi.yaml"
    with open(game, "r+b") as fh:
        fh.truncate(2 * 2**30)
    stray = table / "data" / "notes.yaml"
    with open(stray, "wb") as fh:
        fh.truncate(2 * 2**30)
    _refused_and_others_play(table, tmp_path / "user", "toutomi", "is larger than 2 MB")
    # in process: the fingerprint of every start never opens either file
    from games.app import startup
    from games.core import data
    monkeypatch.setattr(data, "DATA_DIR", table / "data")
    opened: list[str] = []
    real_os_open, real_open = os.open, open

    def spy_os_open(path, *args, **kwargs):
        opened.append(str(path))
        return real_os_open(path, *args, **kwargs)

    def spy_open(path, *args, **kwargs):
        opened.append(str(path))
        return real_open(path, *args, **kwargs)
    t0 = time.monotonic()
    with monkeypatch.context() as m:
        m.setattr(os, "open", spy_os_open)
        m.setattr("builtins.open", spy_open)
        stamp = startup.fingerprint()
    assert stamp is not None and time.monotonic() - t0 < 5
    assert str(game) not in opened and str(stray) not in opened
    assert any(p.endswith("fuji99.yaml") for p in opened)  # the files the games load are read


def test_special_files_in_data_give_a_stable_fingerprint_without_opening_them(tmp_path, monkeypatch):
    from games.app import startup
    from games.core import data
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "games.yaml").write_text("games: []\n", encoding="utf-8")
    os.mkfifo(folder / "pipe.yaml")
    (folder / "zero.yaml").symlink_to("/dev/zero")
    (folder / "loop.yaml").symlink_to("loop.yaml")
    monkeypatch.setattr(data, "DATA_DIR", folder)
    first = startup.fingerprint()
    assert first is not None and first == startup.fingerprint()
    (folder / "games.yaml").write_text("games: [x]\n", encoding="utf-8")
    assert startup.fingerprint() != first


def test_a_fifo_as_the_start_up_verdict_does_not_hang(tmp_path):
    user = tmp_path / "user"
    user.mkdir()
    os.mkfifo(user / "startup_check.json")
    res = _run(["--frames", "2"], ROOT, user)
    assert res.returncode == 0, res.stderr


# --- logs ---------------------------------------------------------------------------------

@pytest.mark.parametrize("which", ["table.log", "crash.log"])
def test_a_fifo_log_is_skipped_with_one_warning(tmp_path, which):
    logs = tmp_path / "user" / "logs"
    logs.mkdir(parents=True)
    os.mkfifo(logs / which)
    res = _run(["--frames", "5"], ROOT, tmp_path / "user")
    assert res.returncode == 0, res.stderr
    assert res.stderr.count(f"The log {logs / which} cannot be written") == 1, res.stderr
    assert f"ログ {logs / which} に書き込めないため" in res.stderr
    assert "Logging error" not in res.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_log_on_dev_full_is_skipped_with_one_warning_not_a_flood(tmp_path):
    logs = tmp_path / "user" / "logs"
    logs.mkdir(parents=True)
    (logs / "table.log").symlink_to("/dev/full")
    res = _run(["--frames", "5", "--game", "toutomi", "--players", "2", "--bots", "2"], ROOT, tmp_path / "user")
    assert res.returncode == 0, res.stderr
    assert "Logging error" not in res.stderr and len(res.stderr.splitlines()) <= 4, res.stderr
    assert res.stderr.count("cannot be written") == 1


def test_a_full_disk_turns_the_log_off_after_one_warning(tmp_path, monkeypatch, capfd):
    """A regular log whose writes start failing (ENOSPC): one warning, then silence."""
    from games.app import launch
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(launch, "_record_hard_crashes", lambda path: None)
    monkeypatch.setattr(launch, "_warned", set(), raising=False)
    path = launch.start_log([])
    try:
        handler = next(h for h in launch.log.handlers if isinstance(h, launch.RotatingLog))

        class Full:
            def write(self, s):
                raise OSError(28, "No space left on device")

            def flush(self):
                pass

            def close(self):
                pass

            def tell(self):
                return 0
        handler.stream = Full()
        for i in range(200):
            launch.log.info("line %d", i)
            print(f"stderr line {i}", file=sys.stderr)
    finally:
        launch.stop_log()
    err = capfd.readouterr().err
    assert "Logging error" not in err and err.count(f"The log {path} cannot be written (No space left") == 1
    assert handler.broken and "stderr line 199" in err  # the terminal still gets every line


# --- saves (items 5, 7) ----------------------------------------------------------------------

def _damaged_save(folder: Path) -> Path:
    """An unfinished Toutomi save whose 6th move is one the rules refuse (a repeated play)."""
    from games import registry
    from games.app.session import SeatSetup, Session
    from games.core.rng import rng_for
    rules = registry.rules("toutomi")
    s = Session.start("toutomi", [SeatSetup("A"), SeatSetup("B")], 5, {"start_player": 0})
    rng = rng_for(5, "harden28")
    while len(s.record.actions) < 10:
        s.apply(rng.choice(rules.legal_actions(s.state)))
    data = json.loads(s.record.to_json())
    data["actions"][5] = data["actions"][4]
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "20250101-000000-000000000-toutomi.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_replay_of_a_damaged_save_names_the_bad_move_wherever_the_file_is(tmp_path, monkeypatch, capsys):
    """Inside saves/ start-up sets the file aside before the replay opens: the replay still
    shows the record read before, stopping at the move that cannot be applied."""
    from games.app import cli
    from games.app.app import App
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path / "user"))
    shown: list[tuple[int, str]] = []
    real_run = App.run

    def run(self, *args, **kwargs):
        shown.append((self.top.n, self.top.stop_reason))
        return real_run(self, *args, **kwargs)
    monkeypatch.setattr(App, "run", run)
    for folder in (tmp_path / "elsewhere", tmp_path / "user" / "saves"):
        path = inside = _damaged_save(folder)
        assert cli.main(["--replay", str(path), "--frames", "2", "--lang", "en"]) == 0, capsys.readouterr().err
    assert inside.with_name(inside.name + ".broken").exists()  # start-up still set it aside
    assert shown[0] == shown[1] and shown[0][0] == 5
    assert shown[0][1].startswith("Move 6 (") and "cannot be applied" in shown[0][1]
    err = capsys.readouterr().err
    assert "cannot be read" not in err and err.count("--replay: Move 6 (") == 2


def test_a_save_with_a_utf8_bom_is_read_and_continues(tmp_path, monkeypatch):
    """Editors add a byte order mark; the save, the history and --replay read it as before."""
    from games.app import storage
    from games.app.session import Session
    from games.core.record import GameRecord, load_record
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path / "user"))
    path = _damaged_save(tmp_path / "user" / "saves")
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:5]
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(data).encode("utf-8"))
    rec = load_record(path)
    assert rec.actions == data["actions"] and rec.game == "toutomi"
    assert GameRecord.from_json("\ufeff" + json.dumps(data)).actions == data["actions"]
    from games.app import housekeeping
    assert housekeeping.run() == [] and path.exists()  # start-up keeps it
    (save,) = storage.unfinished_games()[0]  # listed in Continue, not set aside
    assert Session.from_record(save.record).record.actions == data["actions"]


def test_an_unknown_option_in_a_save_is_named_in_the_log_and_ignored(tmp_path, caplog):
    from games.core.record import GameRecord
    path = _damaged_save(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["actions"] = data["actions"][:5]
    data["options"].update({"short": True, "turbo_mode": 3, "start_player": 0})
    with caplog.at_level(logging.WARNING, logger="table"):
        rec = GameRecord.from_json(json.dumps(data)).validate()
    assert rec.options == {"short": True, "start_player": 0}
    assert "'turbo_mode'" in caplog.text and "ignored" in caplog.text and "'short'" not in caplog.text
    for game, key in (("fuji99", "stories"), ("fuji99", "colours"), ("qumasu", "decks")):
        from games import registry
        assert key in registry.rules(game).option_keys()  # the seats' own choices are kept


def test_every_option_a_new_game_gets_is_one_its_saves_keep():
    """A default option the game does not list in option_keys would be dropped from its own
    saves on Continue (the merge of Qumasu's mulligan_look with the unknown-option check)."""
    from games import registry
    for gid in registry.ruled_ids():
        rules = registry.rules(gid)
        assert set(rules.default_options()) <= rules.option_keys(), gid
