"""The real thing, from a clean copy of the checkout in a temp folder (marked slow):
``pip install .`` into a fresh venv, and the PyInstaller one-folder build by the README's
command. Each installed or built table is started from another folder, headless, with
``--version``, ``--frames 5 --screenshot`` and a direct game (its modules are imported by
name at run time, the easiest thing for a bundle to lose).

Time on the 2-core machine: pip install ~10-20 s, build ~30-60 s (pip's cache warm).
Deselect with ``-m "not slow"``.
"""
from __future__ import annotations

import os
import shlex
import shutil
import struct
import subprocess
import sys
import time
import venv
import zipfile
from pathlib import Path

import pytest

import games

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.slow
IGNORED = shutil.ignore_patterns(".git", ".venv", "build", "dist", "__pycache__", ".pytest_cache",
                                 ".hypothesis", "screens", "*.pyc")


def clean_copy(dest: Path) -> Path:
    """The checkout's own files only (tracked or new, never ignored ones)."""
    try:
        listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT,
                                capture_output=True, check=True).stdout.decode().split("\0")
    except (OSError, subprocess.CalledProcessError):
        shutil.copytree(ROOT, dest, ignore=IGNORED)
        return dest
    for rel in filter(None, listed):
        src = ROOT / rel
        if src.is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)
    return dest


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", data[16:24])


def run_table(command: list[str], tmp_path: Path, *args: str, **extra: str) -> subprocess.CompletedProcess:
    """Start an installed/built table from an unrelated folder, headless, own user folder."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir(exist_ok=True)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", TABLE_DATA_DIR=str(tmp_path / "user"), **extra)
    return subprocess.run([*command, *args], cwd=elsewhere, env=env, capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=300)


def check_started_table(command: list[str], tmp_path: Path) -> None:
    out = run_table(command, tmp_path, "--version")
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == f"japanese-game-table {games.__version__}"
    shot = tmp_path / "x.png"
    out = run_table(command, tmp_path, "--frames", "5", "--screenshot", str(shot))
    assert out.returncode == 0, out.stderr
    assert png_size(shot) == (1920, 1080)
    game = tmp_path / "game.png"
    out = run_table(command, tmp_path, "--game", "toutomi", "--players", "3", "--bots", "3",
                    "--seed", "7", "--frames", "20", "--screenshot", str(game))
    assert out.returncode == 0, out.stderr
    assert png_size(game) == (1920, 1080)
    log = (tmp_path / "user" / "logs" / "table.log").read_text(encoding="utf-8")
    assert log.count(f"start {games.__version__}") == 3
    if sys.platform.startswith("linux"):
        check_menu_entry(command, tmp_path)


def check_menu_entry(command: list[str], tmp_path: Path) -> None:
    """--install-desktop writes an entry whose Exec line starts this same table."""
    xdg = tmp_path / "xdg"
    out = run_table(command, tmp_path, "--install-desktop", XDG_DATA_HOME=str(xdg))
    assert out.returncode == 0, out.stderr
    fields = dict(line.split("=", 1) for line in
                  (xdg / "applications" / "japanese-game-table.desktop").read_text().splitlines()[1:])
    assert Path(fields["Icon"]).is_file()
    started = subprocess.run([*shlex.split(fields["Exec"]), "--version"], cwd=fields.get("Path", tmp_path),
                             capture_output=True, text=True, timeout=120)
    assert started.stdout.strip() == f"japanese-game-table {games.__version__}", started.stderr


def check_wheel_licences(python: Path, tmp_path: Path) -> None:
    """The installed package carries LICENSE, NOTICE, the font's OFL and the third-party index."""
    code = ("import importlib.metadata as m, games.core.resources as r\n"
            "d = m.distribution('japanese-game-table')\n"
            "print(d.metadata['License-Expression'])\n"
            "print(sorted(d.metadata.get_all('License-File')))\n"
            "print(r.assets_root() / 'licenses')\n")
    expr, files, folder = subprocess.run([str(python), "-c", code], cwd=tmp_path, capture_output=True, text=True,
                                         check=True).stdout.splitlines()
    assert expr == "MIT AND OFL-1.1"
    assert files == str(sorted(["LICENSE", "NOTICE", "sprites/fonts/OFL.txt"]))
    for source in (ROOT / "LICENSE", ROOT / "NOTICE", ROOT / "licenses" / "THIRD-PARTY.md"):
        assert (Path(folder) / source.name).read_bytes() == source.read_bytes()


def test_pip_install_in_a_fresh_venv_gives_a_working_command(tmp_path):
    src = clean_copy(tmp_path / "src")
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    bindir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    t0 = time.perf_counter()
    subprocess.run([str(bindir / "python"), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                    str(src)], check=True, timeout=600)
    print(f"pip install . took {time.perf_counter() - t0:.0f} s")
    shutil.rmtree(src)  # the installed command must not need the checkout
    where = subprocess.run([str(bindir / "python"), "-c", "import games, games.core.resources as r;"
                            "print(games.__file__); print(r.assets_root())"], cwd=tmp_path,
                           capture_output=True, text=True, check=True).stdout.split()
    assert all(str(env_dir) in w for w in where), where
    check_wheel_licences(bindir / "python", tmp_path)
    command = bindir / ("japanese-game-table.exe" if os.name == "nt" else "japanese-game-table")
    check_started_table([str(command)], tmp_path)


def test_pyinstaller_one_folder_build_runs_and_stays_small(tmp_path):
    src = clean_copy(tmp_path / "src")
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "tools/build_app.py", "--zip"], cwd=src, capture_output=True, text=True,
                         timeout=1200)
    seconds = time.perf_counter() - t0
    assert out.returncode == 0, out.stdout + out.stderr
    print(out.stdout, f"whole build (venv + PyInstaller) {seconds:.0f} s")
    app_dir = src / "dist" / "japanese-game-table"
    sys.path.insert(0, str(src / "tools"))
    try:
        import build_app
    finally:
        sys.path.remove(str(src / "tools"))
    assert build_app.check(app_dir) == []
    assert build_app.folder_mb(app_dir) < 80
    check_app_licences(build_app, app_dir)
    check_started_table([str(build_app.executable(src / "dist"))], tmp_path)


def check_app_licences(build_app, app_dir: Path) -> None:
    """Every shared library of the real build is covered by a licence file in licenses/; what
    the table never uses is not shipped; the zip holds the same folder."""
    licences = build_app.licences
    assert licences.uncovered(app_dir) == []
    libs = [p for p in app_dir.rglob("*") if p.is_file() and licences.is_library(p.name)]
    assert len(libs) > 40  # the check saw the real libraries (pygame_ce.libs, lib-dynload, ...)
    shipped = {p.relative_to(app_dir / "licenses").as_posix() for p in (app_dir / "licenses").rglob("*")}
    for rel in ("japanese-game-table/LICENSE", "japanese-game-table/NOTICE", "python/LICENSE.txt",
                "pygame-ce/LGPL.txt", "pyinstaller/COPYING.txt", "sdl2/LICENSE.sdl2.txt", "budoux/LICENSE"):
        assert rel in shipped, rel
    index = (app_dir / "licenses" / "THIRD-PARTY.txt").read_text(encoding="utf-8")
    assert "pygame-ce 2." in index and "SDL2 — Zlib" in index
    names = " ".join(p.name.lower() for p in app_dir.rglob("*"))
    for gone in ("libcrypto", "libssl", "libbz2", "liblzma", "_hashlib", "freesansbold"):
        assert gone not in names, gone
    archive = build_app.zip_name(app_dir.parent)
    with zipfile.ZipFile(archive) as zf:
        listed = set(zf.namelist())
    top = "JapaneseGameTable.app/Contents/Resources/" if sys.platform == "darwin" else "japanese-game-table/"
    assert top + "licenses/THIRD-PARTY.txt" in listed
