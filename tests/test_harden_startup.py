"""Issue 17: every start and every command-line option either works or says why.

Broken data files are found before the first frame (the window stays, the broken game's
tile says why, the rest works); each command-line mistake is one line and exit code 2.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.timeout(180)


def _run(args: list[str], cwd: Path = ROOT, data_dir: Path | None = None, timeout: float = 90):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    if data_dir is not None:
        env["TABLE_DATA_DIR"] = str(data_dir)
    return subprocess.run([sys.executable, "main.py", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout, stdin=subprocess.DEVNULL)


@pytest.fixture
def copy_of_table(tmp_path) -> Path:
    """A copy of the program to break files in (the real data/ is never touched)."""
    dest = tmp_path / "table"
    dest.mkdir()
    for part in ("main.py", "games", "data", "sprites"):
        src = ROOT / part
        if src.is_dir():
            shutil.copytree(src, dest / part, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(src, dest / part)
    return dest


@pytest.mark.parametrize("game,old,new", [
    ("toutomi", "burst_limit: 7 ", "burst_limit: seven "),
    ("fuji99", "goal: 99", "goal: 10000000"),
    ("brujas", "majority_points: 2", "majority_points: [2"),
])
def test_broken_game_file_keeps_the_table_and_says_why_on_its_tile(copy_of_table, tmp_path, game, old, new):
    path = copy_of_table / "data" / f"{game}.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    shot = tmp_path / "title.png"
    res = _run(["--frames", "3", "--screenshot", str(shot), "--lang", "en"], copy_of_table, tmp_path / "user")
    assert res.returncode == 0, res.stderr
    assert f"data/{game}.yaml" in res.stderr  # logged
    assert shot.is_file()
    res = _run(["--game", game, "--frames", "1"], copy_of_table, tmp_path / "user")
    assert res.returncode == 2 and f"{game} cannot start: data/{game}.yaml" in res.stderr
    assert len(res.stderr.strip().splitlines()) <= 2


def test_broken_game_in_the_app_shows_message_and_tile(monkeypatch, tmp_path):
    """In-process: the start-up report marks the game, the title shows it, other games start."""
    from games import registry
    from games.app import startup
    from games.core.data import DataError
    from games.toutomi import data as tdata
    from tests.ui_driver import Driver
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))

    def broken(path=None):
        raise DataError("data/toutomi.yaml", "card 'n1'", "count", "expected a whole number from 0 to 40, got 'x'")
    monkeypatch.setattr(tdata, "load", broken)
    try:
        report = startup.check_all()
        assert set(report.broken_games) == {"toutomi"} and "card 'n1'" in report.broken_games["toutomi"]
        assert "toutomi" not in registry.playable_ids() and "fuji99" in registry.playable_ids()
        d = Driver("en")
        d.app.startup, d.app.startup_shown = report, False
        d.app.goto("title")
        assert type(d.app.top).__name__ == "MessageBox" and "Toutomi" in d.app.top.message
        d.app.pop()
        tile = next(r for g, r in d.app.top.tiles if g.id == "toutomi")
        d.click(tile.center)
        assert type(d.app.top).__name__ == "MessageBox" and "card 'n1'" in d.app.top.message
        d.app.pop()
        fuji = next(r for g, r in d.app.top.tiles if g.id == "fuji99")
        d.click(fuji.center)
        assert type(d.app.top).__name__ == "SetupScene"
    finally:
        registry._problems.clear()
        startup._report = None


@pytest.mark.parametrize(
    "old,new", [("players: [2, 6]", "players: [two, 6]"), ("minutes: [10, 20]", "minutes: [10, null]")]
)
def test_broken_games_yaml_shows_a_message_instead_of_a_traceback(copy_of_table, tmp_path, old, new):
    path = copy_of_table / "data" / "games.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    res = _run(["--frames", "3", "--lang", "en"], copy_of_table, tmp_path / "user")
    assert res.returncode == 0 and "data/games.yaml: game 'toutomi'" in res.stderr
    assert "Traceback" not in res.stderr


def test_missing_i18n_file_is_reported_and_shows_words_not_keys(copy_of_table, tmp_path):
    (copy_of_table / "data" / "i18n" / "app.yaml").unlink()
    res = _run(["--frames", "2", "--lang", "en"], copy_of_table, tmp_path / "user")
    assert res.returncode == 0 and "data/i18n/app.yaml: missing" in res.stderr
    from games.core.i18n import _from_key
    assert _from_key("app.play_again") == "Play again"


def test_missing_game_catalogue_marks_only_that_game(copy_of_table, tmp_path):
    (copy_of_table / "data" / "i18n" / "fuji99.yaml").unlink()
    res = _run(["--game", "fuji99", "--frames", "1"], copy_of_table, tmp_path / "user")
    assert res.returncode == 2 and "fuji99 cannot start: data/i18n/fuji99.yaml: missing" in res.stderr
    res = _run(["--game", "toutomi", "--frames", "2"], copy_of_table, tmp_path / "user")
    assert res.returncode == 0, res.stderr


def test_translation_with_a_width_field_does_not_crash_the_title(copy_of_table, tmp_path):
    path = copy_of_table / "data" / "i18n" / "app.yaml"
    text = path.read_text(encoding="utf-8").replace('en: "{lo}–{hi} players"', 'en: "{lo:>999999999}–{hi} players"')
    path.write_text(text, encoding="utf-8")
    res = _run(["--frames", "3", "--lang", "en"], copy_of_table, tmp_path / "user")
    assert res.returncode == 0 and "players_range" in res.stderr


@pytest.mark.parametrize("args,needle", [
    (["--screenshot", "/no/such/folder/x.png", "--frames", "1"], "does not exist"),
    (["--screenshot", "{tmp}", "--frames", "1"], "is a folder"),
    (["--simulate", "toutomi", "--players", "1"], "takes 2-6 players"),
    (["--simulate", "toutomi", "--players", "99"], "from 1 to 16"),
    (["--simulate", "toutomi", "--lineup", ","], "bot names separated by commas"),
    (["--simulate", "brujas", "--lineup", "sage,random"], "takes 3-5 players, got 2"),
    (["--simulate", "toutomi", "--lineup", "best,nobody"], "unknown bot 'nobody'"),
    (["--game", "toutomi", "--players", "0"], "from 1 to 16, got 0"),
    (["--game", "toutomi", "--bots", "-3"], "from 0 to 16"),
    (["--game", "toutomi", "--bots", "99"], "from 0 to 16"),
    (["--game", "toutomi", "--players", "2", "--bots", "3"], "more than the 2 players"),
    (["--game", ""], "must not be empty"),
    (["--game", "chess"], "unknown or unplayable game: chess"),
    (["--replay", ""], "must not be empty"),
    (["--game", "toutomi", "--replay", "x.json"], "--game and --replay cannot be used together"),
    (["--simulate", "toutomi", "--games", "-1"], "from 1 to 1000000, got -1"),
    (["--replay", "/dev/zero"], "not a regular file"),
    (["--replay", "{fifo}"], "not a regular file"),
    (["--frames", "0"], "from 1 to"),
    (["--seed", "-5", "--game", "toutomi"], "from 0 to"),
    (["--fullscreen", "--windowed"], "cannot be used together"),
    (["--screenshot", "x.png"], "--screenshot needs --frames"),
    (["--lineup", "random,random"], "--lineup needs --simulate"),
])
def test_command_line_mistakes_are_one_line_and_exit_2(tmp_path, args, needle):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    args = [a.replace("{tmp}", str(tmp_path)).replace("{fifo}", str(fifo)) for a in args]
    res = _run(args + ["--lang", "en"], data_dir=tmp_path / "user", timeout=60)
    assert res.returncode == 2, (res.returncode, res.stderr)
    lines = [ln for ln in res.stderr.splitlines() if "ALSA" not in ln and ln.strip()]
    assert len(lines) == 1 and needle in lines[0] and lines[0].startswith("main.py: error:"), lines
    assert "Traceback" not in res.stderr


def test_command_line_accepts_what_people_mean(tmp_path):
    from games.app.cli import parse
    args = parse(["--game", "toutomi", "--players", "３", "--seed", "①"])
    assert (args.players, args.seed, args.bots, args.games) == (3, 1, 0, 100)
    args = parse(["--simulate", "toutomi", "--lineup", "best,random", "--games", "2"])
    assert args.lineup == ["strong", "random"]


def test_benchmark_uses_a_private_temp_folder(monkeypatch):
    from games.app import benchmark
    monkeypatch.delenv("TABLE_BENCH_DIR", raising=False)
    first = benchmark.private_dir()
    try:
        assert Path(first).is_dir() and Path(first).name.startswith("table-bench-")
        assert oct(Path(first).stat().st_mode & 0o777) == "0o700"
        assert benchmark.private_dir() == first and first != "/tmp/table-bench"
    finally:
        shutil.rmtree(first, ignore_errors=True)


def test_unchanged_files_skip_the_check_but_an_edited_file_is_still_reported(copy_of_table, tmp_path):
    """The clean verdict is remembered (APP-STARTUP-4 perf); a same-size edit with the old mtime is caught."""
    user = tmp_path / "user"
    res = _run(["--frames", "1", "--lang", "en"], copy_of_table, user)
    assert res.returncode == 0, res.stderr
    assert (user / "startup_check.json").is_file()
    probe = ("import runpy, sys\nsys.argv = ['main.py', '--frames', '1']\nsys.path.insert(0, '.')\n"
             "try:\n    runpy.run_path('main.py', run_name='__main__')\nexcept SystemExit:\n    pass\n"
             "print('YAML', 'yaml' in sys.modules)\n")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TABLE_DATA_DIR=str(user))
    out = subprocess.run([sys.executable, "-c", probe], cwd=copy_of_table, env=env, capture_output=True,
                         text=True, timeout=90, stdin=subprocess.DEVNULL)
    assert "YAML False" in out.stdout, out.stdout + out.stderr  # unchanged: parsed files come back as JSON
    path = copy_of_table / "data" / "toutomi.yaml"
    before = path.stat()
    text = path.read_text(encoding="utf-8")
    assert "burst_limit: 7 " in text
    path.write_text(text.replace("burst_limit: 7 ", "burst_limit: x "), encoding="utf-8")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert path.stat().st_size == before.st_size and path.stat().st_mtime_ns == before.st_mtime_ns
    res = _run(["--frames", "1", "--lang", "en"], copy_of_table, user)
    assert res.returncode == 0 and "data/toutomi.yaml" in res.stderr, res.stderr
    res = _run(["--game", "toutomi", "--frames", "1"], copy_of_table, user)
    assert res.returncode == 2 and "toutomi cannot start: data/toutomi.yaml" in res.stderr


def test_start_up_check_runs_once_per_change_of_files(monkeypatch, tmp_path):
    """report(): full check on the first start, skipped while nothing changed, never remembered
    when it found a problem."""
    from games.app import startup
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    calls = []
    real = startup.check_all
    found: list[str] = []

    def counted():
        calls.append(1)
        rep = real()
        rep.problems.extend(found)
        return rep
    monkeypatch.setattr(startup, "check_all", counted)
    stamp = ["a"]
    monkeypatch.setattr(startup, "fingerprint", lambda: stamp[0])
    try:
        for expected in (1, 1, 1):
            startup._report = None
            assert startup.report().problems == [] and len(calls) == expected
        stamp[0] = "b"  # a file changed
        startup._report = None
        startup.report()
        assert len(calls) == 2
        found.append("data/x.yaml: broken")
        stamp[0] = "c"
        for expected in (3, 4):  # a verdict with problems is checked again on every start
            startup._report = None
            assert startup.report().problems and len(calls) == expected
        (tmp_path / startup.VERDICT_FILE).write_text("{not json", encoding="utf-8")
        found.clear()
        startup._report = None
        startup.report()
        assert len(calls) == 5  # an unreadable verdict file means: check
    finally:
        startup._report = None
