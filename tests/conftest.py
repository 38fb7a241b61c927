"""Shared test set-up: headless SDL, repo root on sys.path."""
import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Tests never touch the real user folder: everything (and every child process they start, e.g.
# `main.py --version`, which logs) gets a private folder unless a test points it elsewhere.
os.environ["TABLE_DATA_DIR"] = tempfile.mkdtemp(prefix="table-tests-")
# A fresh table follows the system's language (games/app/syslang.py): the suite's fresh tables
# are Japanese whatever this machine's locale (the first-start tests set their own).
os.environ["LANGUAGE"] = "ja_JP"
atexit.register(shutil.rmtree, os.environ["TABLE_DATA_DIR"], True)
# ... and share no install cache with anything outside the suite (a test that wants one names it)
os.environ.pop("TABLE_CACHE_DIR", None)
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


import pytest  # noqa: E402


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """A private user data folder for one test (files use it with ``pytestmark``)."""
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def app(tmp_path, monkeypatch):
    """A headless App with its own data folder and no sound (a file may define its own)."""
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    from games.app.app import App
    a = App(fullscreen=False)
    a.sounds.enabled = False
    yield a
    import pygame
    pygame.quit()


@pytest.fixture
def noting(monkeypatch, app):
    """The draw noted (games/ui/drawn.py), in a window (the tables convert their surfaces):
    the tips tests (tests/tips_checker.py) use it with ``pytestmark``."""
    from games.ui import drawn
    monkeypatch.setattr(drawn, "ENABLED", True)
