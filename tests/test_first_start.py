"""A new user's first start on an unchanged install (games/app/storage.py APP-STORAGE-1).

What the start-up works out from the installed files alone (the check's verdict and
parsed data, the title's tile pictures and texts) is kept beside the install too, so a
second person's first start neither checks nor paints again; a run with its own folder
and no ``TABLE_CACHE_DIR`` shares nothing.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FILES = ("startup_check.json", "title_tiles.bin", "title_text.bin")
pytestmark = pytest.mark.timeout(180)


def _first_start(user: Path, cache: str) -> None:
    env = dict(os.environ, TABLE_DATA_DIR=str(user), TABLE_CACHE_DIR=cache, SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([sys.executable, "main.py", "--frames", "2", "--lang", "en"], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-800:]


def _kept(folder: Path) -> set[str]:
    return {name for name in FILES if (folder / name).is_file()}


def test_app_storage_1_a_second_users_first_start_finds_the_installs_check_and_title(tmp_path):
    cache = tmp_path / "install-cache"
    _first_start(tmp_path / "first", str(cache))
    assert _kept(cache) == set(FILES) and _kept(tmp_path / "first") == set(FILES)
    before = {name: (cache / name).stat().st_mtime_ns for name in FILES}
    _first_start(tmp_path / "second", str(cache))
    assert _kept(tmp_path / "second") == set()  # nothing checked, painted or written again
    assert {name: (cache / name).stat().st_mtime_ns for name in FILES} == before
    _first_start(tmp_path / "own", "")  # no shared cache: a first start of its own
    assert _kept(tmp_path / "own") == set(FILES)
