"""Packaging without building: one place finds data/ and sprites/, version, pyproject, log
file, fatal start-up errors, the Linux menu entry and the icon files.

The real installs and builds (pip install . in a fresh venv, PyInstaller) are in
tests/test_packaging_build.py, marked slow.
"""
from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

import games
from games.app import cli, desktop, launch
from games.core import resources

ROOT = Path(__file__).resolve().parents[1]
HEADLESS = dict(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")

try:
    import tomllib
except ImportError:  # Python 3.10
    tomllib = None


def pyproject() -> dict:
    if tomllib is None:
        pytest.skip("tomllib needs Python 3.11")
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


# --- where data/ and sprites/ are -------------------------------------------------------

def test_checkout_finds_data_and_sprites_beside_games():
    assert resources.assets_root() == ROOT
    assert resources.data_path("games.yaml").is_file()
    assert resources.sprite_path("fonts", "OFL.txt").is_file()


def test_installed_layout_prefers_the_copy_inside_the_package(tmp_path):
    pkg = tmp_path / "site-packages" / "games"
    (pkg / "_assets" / "data").mkdir(parents=True)
    assert resources.find_root(pkg) == pkg / "_assets"
    bare = tmp_path / "checkout" / "games"
    bare.mkdir(parents=True)
    assert resources.find_root(bare) == tmp_path / "checkout"


def test_only_resources_py_builds_paths_to_data_or_sprites():
    """Every data/ and sprites/ path goes through games/core/resources.py, never __file__ or cwd."""
    pattern = re.compile(r"""["'](data|sprites)["']|/\s*["'](data|sprites)/""")
    offenders = []
    for path in sorted((ROOT / "games").rglob("*.py")):
        if path.name == "resources.py" and path.parent.name == "core":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#")[0]
            if pattern.search(code) and ("__file__" in code or "Path(" in code or "/" in code):
                offenders.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not offenders, "resolve through games.core.resources:\n" + "\n".join(offenders)


# --- version, pyproject ------------------------------------------------------------------

def test_version_flag_prints_the_package_version(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.parse(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"japanese-game-table {games.__version__}"
    assert re.fullmatch(r"\d+\.\d+\.\d+", games.__version__)


def test_main_py_and_python_m_games_are_the_same_start(tmp_path):
    for args in (["main.py", "--version"], ["-m", "games", "--version"]):
        out = _run(args, tmp_path)
        assert out.returncode == 0 and out.stdout.strip() == f"japanese-game-table {games.__version__}"


def test_pyproject_entry_point_data_and_version_source():
    meta = pyproject()
    project = meta["project"]
    assert project["name"] == "japanese-game-table" and "version" in project["dynamic"]
    assert meta["tool"]["hatch"]["version"]["path"] == "games/__init__.py"
    assert project["license"] and project["requires-python"]
    target = project["gui-scripts"]["japanese-game-table"]
    module, func = target.split(":")
    assert module == launch.__name__ and callable(getattr(launch, func))
    included = meta["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert included == {"data": "games/_assets/data", "sprites": "games/_assets/sprites",
                        "LICENSE": "games/_assets/licenses/LICENSE", "NOTICE": "games/_assets/licenses/NOTICE",
                        "licenses/THIRD-PARTY.md": "games/_assets/licenses/THIRD-PARTY.md"}
    assert resources.BUNDLED.relative_to(ROOT).as_posix() == "games/_assets"


def test_pyproject_dependencies_are_requirements_txt():
    reqs = [ln.strip() for ln in (ROOT / "requirements.txt").read_text().splitlines()
            if ln.strip() and not ln.startswith("#")]
    assert sorted(pyproject()["project"]["dependencies"], key=str.lower) == sorted(reqs, key=str.lower), \
        "a new run-time dependency goes into requirements.txt AND pyproject.toml [project] dependencies"


# --- log file ----------------------------------------------------------------------------

@pytest.fixture
def start_log(tmp_path, monkeypatch):
    """Starts the log inside the test (pytest swaps sys.stderr back between phases)."""
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(launch, "_record_hard_crashes", lambda path: None)  # keep pytest's own
    yield launch.start_log
    launch.stop_log()


def test_stderr_also_goes_to_the_log_file_in_the_user_data_folder(start_log, tmp_path):
    logged = start_log()
    assert logged == tmp_path / "logs" / "table.log"
    print("Data file problem: data/x.yaml: card 'a': broken", file=sys.stderr)
    sys.stderr.write("partial ")
    sys.stderr.write("line\n")
    text = logged.read_text(encoding="utf-8")
    assert f"start {games.__version__}" in text
    assert "Data file problem: data/x.yaml: card 'a': broken" in text
    assert "partial line" in text
    assert list(sys.stderr.tail)[-1] == "partial line"


def test_log_rotates_and_stays_bounded(start_log):
    logged = start_log()
    line = "x" * 200
    for _ in range(4 * launch.LOG_BYTES // 200):
        print(line, file=sys.stderr)
    files = sorted(logged.parent.glob("table.log*"))
    assert [f.name for f in files] == ["table.log", "table.log.1", "table.log.2"]
    assert all(f.stat().st_size <= launch.LOG_BYTES + 400 for f in files)


def test_unwritable_log_folder_still_starts(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("TABLE_DATA_DIR", str(blocker))
    before = sys.stderr
    assert launch.start_log() is None
    assert sys.stderr is before


# --- fatal start-up errors ---------------------------------------------------------------

def _run(args: list[str], tmp_path: Path, cwd: Path = ROOT, **env) -> subprocess.CompletedProcess:
    full = dict(os.environ, TABLE_DATA_DIR=str(tmp_path / "user"), **HEADLESS, **env)
    return subprocess.run([sys.executable, *args], cwd=cwd, env=full, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=120)


def test_crash_at_start_is_logged_and_reported_headless_without_hanging(tmp_path):
    code = ("import games.app.cli as c\n"
            "def boom(argv): raise RuntimeError('simulated start-up failure')\n"
            "c.main = boom\n"
            "from games.app.launch import run\n"
            "raise SystemExit(run([]))\n")
    out = _run(["-c", code], tmp_path)
    assert out.returncode == 1
    assert "RuntimeError: simulated start-up failure" in out.stderr  # the traceback, as before
    log = (tmp_path / "user" / "logs" / "table.log").read_text(encoding="utf-8")
    assert "Traceback" in log and "simulated start-up failure" in log
    assert "fatal: RuntimeError: simulated start-up failure" in log
    assert "message window (not shown: headless" in log
    assert launch.CRASHED in log and f"Log / ログ: {tmp_path / 'user' / 'logs' / 'table.log'}" in log


def _copy_table(tmp_path: Path) -> Path:
    copy = tmp_path / "app"
    for part in ("games", "data", "sprites"):
        shutil.copytree(ROOT / part, copy / part, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "main.py", copy)
    return copy


def test_missing_font_file_is_a_fatal_start_reported_with_the_log(tmp_path):
    copy = _copy_table(tmp_path)
    (copy / "sprites" / "fonts" / "NotoSansJP-Regular.otf").unlink()
    out = _run(["main.py", "--frames", "2"], tmp_path, cwd=copy)
    assert out.returncode == 1 and "NotoSansJP-Regular.otf" in out.stderr
    log = (tmp_path / "user" / "logs" / "table.log").read_text(encoding="utf-8")
    assert re.search(r"fatal: FileNotFoundError: .*NotoSansJP-Regular\.otf", log)
    assert "message window (not shown: headless" in log and launch.CRASHED in log


def test_refused_option_started_without_terminal_is_reported(tmp_path):
    out = _run(["main.py", "--game", "nosuch"], tmp_path)
    assert out.returncode == 2 and "nosuch" in out.stderr
    log = (tmp_path / "user" / "logs" / "table.log").read_text(encoding="utf-8")
    assert re.search(r"fatal: .*error: .*nosuch", log) and launch.HEADLINE in log


def test_broken_data_file_starts_the_table_and_is_in_the_log(tmp_path):
    copy = _copy_table(tmp_path)
    (copy / "data" / "games.yaml").write_text("games: [oops\n", encoding="utf-8")
    out = _run(["main.py", "--frames", "2"], tmp_path, cwd=copy)
    assert out.returncode == 0  # the title says why (games/app/startup.py); nothing fatal
    log = (tmp_path / "user" / "logs" / "table.log").read_text(encoding="utf-8")
    assert re.search(r"ERROR table: .*data/games\.yaml: YAML syntax error", log)
    assert "fatal:" not in log
    assert "data/games.yaml: YAML syntax error" in out.stderr  # still said on a terminal too
    assert "INFO" not in out.stderr and out.stderr.count("data/games.yaml: YAML") == 1


def test_message_window_uses_pygame_first(monkeypatch):
    import pygame
    seen = []
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    monkeypatch.delenv("TABLE_NO_DIALOG", raising=False)
    monkeypatch.setattr(pygame.display, "message_box", lambda *a, **k: seen.append((a, k)) or 0)
    assert launch.show_message("T", "boom") == "pygame"
    assert seen == [(("T", "boom"), {"message_type": "error"})]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the Linux dialog tools")
def test_message_window_falls_back_to_a_system_dialog(monkeypatch, tmp_path):
    import pygame
    record = tmp_path / "args.txt"
    fake = tmp_path / "bin" / "zenity"
    fake.parent.mkdir()
    fake.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > "{record}"\n')
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", str(fake.parent))
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    monkeypatch.delenv("TABLE_NO_DIALOG", raising=False)

    def no_box(*a, **k):
        raise pygame.error("No message system available")
    monkeypatch.setattr(pygame.display, "message_box", no_box)
    assert launch.show_message("Title", "data/games.yaml: broken") == "zenity"
    assert record.read_text().splitlines() == ["--error", "--title", "Title", "--text",
                                               "data/games.yaml: broken"]


def test_no_window_at_all_when_headless(monkeypatch):
    import pygame
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    monkeypatch.setenv("TABLE_NO_DIALOG", "1")
    monkeypatch.setattr(pygame.display, "message_box", lambda *a, **k: pytest.fail("window opened"))
    assert launch.show_message("T", "m") == "none"


# --- Linux menu entry and icon -----------------------------------------------------------

def test_committed_desktop_file_is_the_generated_entry():
    committed = (ROOT / "packaging" / "japanese-game-table.desktop").read_text(encoding="utf-8")
    assert committed == desktop.entry(["japanese-game-table"], "japanese-game-table")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux menus")
def test_install_desktop_puts_this_table_in_the_menu_and_uninstall_removes_it(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert cli.main(["--install-desktop"]) == 0
    entry = tmp_path / "applications" / "japanese-game-table.desktop"
    icon = tmp_path / "icons" / "hicolor" / "256x256" / "apps" / "japanese-game-table.png"
    assert icon.read_bytes() == resources.sprite_path("icon", "table-256.png").read_bytes()
    text = entry.read_text(encoding="utf-8")
    exec_line = next(ln for ln in text.splitlines() if ln.startswith("Exec="))
    assert exec_line.endswith(" -m games") and str(Path(sys.executable).absolute()) in exec_line
    assert f"Icon={icon}" in text and f"Path={ROOT}" in text and "Terminal=false" in text
    if shutil.which("desktop-file-validate"):
        subprocess.run(["desktop-file-validate", str(entry)], check=True)
    assert cli.main(["--uninstall-desktop"]) == 0
    assert not entry.exists() and not icon.exists()


def test_exec_arguments_with_spaces_and_quotes_follow_the_desktop_entry_spec(tmp_path):
    text = desktop.entry(['/opt/my table/run"x', "a\\b", "-m"], "i")
    # quoting rule: \" and \\ inside quotes; then every backslash doubled (string escapes)
    assert 'Exec="/opt/my table/run\\\\"x" "a\\\\\\\\b" -m\n' in text
    if shutil.which("desktop-file-validate"):
        (tmp_path / "x.desktop").write_text(text, encoding="utf-8")
        subprocess.run(["desktop-file-validate", str(tmp_path / "x.desktop")], check=True)


def _unescape_string(value: str) -> str:
    """The Desktop Entry spec's string escapes undone, as a reader does first."""
    out, i = [], 0
    while i < len(value):
        if value[i] == "\\" and i + 1 < len(value):
            out.append({"s": " ", "n": "\n", "t": "\t", "r": "\r", "\\": "\\"}[value[i + 1]])
            i += 2
        else:
            out.append(value[i])
            i += 1
    return "".join(out)


def _exec_arguments(value: str) -> list[str]:
    """An Exec value read back by the spec's rules: string escapes, quoting, then ``%%``."""
    text, args, cur, i = _unescape_string(value), [], None, 0
    while i < len(text):
        c = text[i]
        if c == " ":
            if cur is not None:
                args.append(cur)
            cur, i = None, i + 1
        elif c == '"':
            cur, i = cur or "", i + 1
            while text[i] != '"':
                assert text[i] != "\\" or text[i + 1] in '"`$\\', "only these may be escaped in quotes"
                i += text[i] == "\\"
                cur, i = cur + text[i], i + 1
            i += 1
        else:
            assert c not in '"`$\\\'><~|&;*?#()\t', f"reserved {c!r} outside quotes"
            cur, i = (cur or "") + c, i + 1
    if cur is not None:
        args.append(cur)
    return [a.replace("%%", "%") for a in args]


def test_exec_path_and_icon_with_every_reserved_character_read_back_as_written(tmp_path):
    """Issue 28: quotes, backquotes, dollars, backslashes, percents, spaces and Japanese in
    the table's folder are written by the spec's rules and read back unchanged."""
    odd = '/opt/卓 a"b`c$HOME\\d 100%x;(e)#~|&<>?*'
    command = [odd + "/python3", "-m", "games", "%f"]
    folder, icon = Path(" " + odd), odd + "\\icon.png"
    text = desktop.entry(command, icon, folder)
    values = dict(ln.split("=", 1) for ln in text.splitlines()[1:])
    assert _exec_arguments(values["Exec"]) == command
    assert _unescape_string(values["Path"]) == str(folder) and _unescape_string(values["Icon"]) == icon
    assert "%f" not in values["Exec"].replace("%%", "")  # a literal %, never a field code
    if shutil.which("desktop-file-validate"):
        (tmp_path / "x.desktop").write_text(text, encoding="utf-8")
        out = subprocess.run(["desktop-file-validate", str(tmp_path / "x.desktop")], capture_output=True, text=True)
        assert out.returncode == 0 and "error" not in out.stdout, out.stdout


@pytest.mark.parametrize("bad", ["\n", "\r", "\t", "\x1b", "\x7f", "\udcff"])
def test_a_control_character_in_a_path_is_refused(bad):
    with pytest.raises(desktop.Refused):
        desktop.entry(["/opt/x/python", "-m", "games"], "i", Path(f"/opt/a{bad}Exec=sh -c x"))
    with pytest.raises(desktop.Refused):
        desktop.entry([f"/opt/a{bad}b/python"], "i")
    with pytest.raises(desktop.Refused):
        desktop.entry(["python"], f"/icons/a{bad}b.png")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux menus")
def test_install_desktop_refuses_a_folder_with_a_newline_and_says_why(tmp_path, monkeypatch, capsys):
    """A zip's top folder may carry a newline: no second ``Exec=`` line is ever written."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    folder = tmp_path / 'table\nExec=sh -c "touch /tmp/owned"'
    monkeypatch.setattr(desktop, "current_command", lambda: ([sys.executable, "-m", "games"], folder))
    assert cli.main(["--install-desktop"]) == 2
    err = capsys.readouterr().err
    assert "メニューに追加できません" in err and "Cannot add the table to the menu" in err and "newline" in err
    assert not (tmp_path / "share" / "applications").exists() and not desktop.desktop_path().exists()


def test_icon_files_hold_png_images_of_the_right_sizes():
    import pygame
    for size in (64, 256):
        img = pygame.image.load(str(resources.sprite_path("icon", f"table-{size}.png")))
        assert img.get_size() == (size, size)
    data = (ROOT / "packaging" / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind, count) == (0, 1, 6)
    for i in range(count):
        w, h, _, _, _, _, length, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i:22 + 16 * i])
        assert data[offset:offset + 8] == b"\x89PNG\r\n\x1a\n" and offset + length <= len(data)
    icns = (ROOT / "packaging" / "icon.icns").read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    assert b"ic10" in icns and b"ic07" in icns


# --- the PyInstaller folder check (the build itself: tests/test_packaging_build.py) -------

def test_build_check_catches_what_must_not_ship_and_missing_data(tmp_path):
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import build_app
    finally:
        sys.path.remove(str(ROOT / "tools"))
    app = tmp_path / "japanese-game-table"
    internal = app / "_internal"
    (internal / "games" / "_assets" / "data").mkdir(parents=True)
    (internal / "games" / "_assets" / "data" / "games.yaml").write_text("games: []\n")
    (internal / "libSDL2-2.0.so.0").write_bytes(b"\0" * 1000)
    (app / "licenses" / "sdl2").mkdir(parents=True)
    (app / "licenses" / "sdl2" / "LICENSE.sdl2.txt").write_text("zlib licence")
    (app / "licenses" / "THIRD-PARTY.txt").write_text("SDL2 — Zlib")
    assert build_app.check(app) == []
    (internal / "pygame" / "tests").mkdir(parents=True)
    (internal / "pygame" / "tests" / "x.py").write_text("")
    (internal / "libportmidi-8a3ff27a.so.2.0.7").write_bytes(b"\0")
    (internal / "pygame" / "freesansbold.ttf").write_bytes(b"\0")
    (internal / "games" / "_assets" / "data" / "games.yaml").unlink()
    problems = build_app.check(app)
    assert any("pygame/freesansbold.ttf" in p for p in problems)
    assert any("pygame/tests" in p for p in problems)
    assert any("libportmidi" in p for p in problems)
    assert any("data/ is missing" in p for p in problems)
    assert build_app.keep_binary("libSDL2_mixer-2.0.so.0") and not build_app.keep_binary("pypm.so")


def test_a_hard_crash_leaves_its_stack_in_crash_log(tmp_path):
    code = ("from games.app.launch import start_log\n"
            "start_log([])\n"
            "import faulthandler\n"
            "faulthandler._sigsegv()\n")
    out = _run(["-c", code], tmp_path)
    assert out.returncode != 0
    crash = (tmp_path / "user" / "logs" / "crash.log").read_text(encoding="utf-8")
    assert "Fatal Python error: Segmentation fault" in crash and "<string>" in crash
