"""The first window fits the usable desktop; the title's footer keys do what it says."""
from __future__ import annotations

import json
import sys

import pygame
import pytest

from games.app import storage
from games.app.overlays import QuitConfirm, RulesList, RulesOverlay
from games.app.title import TitleScene
from games.ui.window import first_window, largest_16_9, saved_window_fits
from tests.ui_driver import Driver

pytestmark = pytest.mark.usefixtures("data_dir")  # a private user data folder (conftest.py)


def test_largest_16_9_fits_and_keeps_the_ratio():
    for avail in [(1920, 1040), (1366, 728), (1280, 800), (3840, 2100), (2560, 1080)]:
        w, h = largest_16_9(*avail)
        assert w <= avail[0] and h <= avail[1]
        assert w * 9 == h * 16
        assert w + 16 > avail[0] or h + 9 > avail[1]  # no larger 16:9 step fits


def test_first_window_on_a_full_hd_desktop_leaves_room_for_taskbar_and_title_bar():
    usable = (0, 0, 1920, 1040)  # a 40 px taskbar
    (w, h), (x, y) = first_window(usable, (30, 1, 1, 1))
    assert (w, h) != (1920, 1080)
    assert y - 30 >= 0 and y + h + 1 <= 1040  # the title bar and the bottom edge are on screen
    assert x - 1 >= 0 and x + w + 1 <= 1920
    assert w * 9 == h * 16 and w >= 1760  # still as large as fits


def test_first_window_on_a_1366_laptop_with_a_side_dock():
    usable = (64, 27, 1302, 741)  # a dock on the left, a top bar
    (w, h), (x, y) = first_window(usable, (37, 0, 0, 0))
    assert x >= 64 and x + w <= 1366 and y - 37 >= 27 and y + h <= 768
    assert w * 9 == h * 16


def test_remembered_window_is_used_only_while_it_is_on_the_desktop():
    usable = (0, 0, 1920, 1040)
    assert saved_window_fits([100, 80, 1280, 720], usable)
    assert not saved_window_fits([2000, 80, 1280, 720], usable)  # on a screen unplugged since
    assert not saved_window_fits([0, 0, 3000, 1700], usable)
    assert not saved_window_fits([], usable)
    assert not saved_window_fits([1, 2, "x", 4], usable)


def test_window_place_is_saved_in_settings_and_a_strange_value_is_forgotten(data_dir):
    s = storage.Settings()
    s.window = [10, 20, 1280, 720]
    s.save()
    loaded, msg = storage.Settings.load()
    assert msg is None and loaded.window == [10, 20, 1280, 720]
    raw = json.loads((data_dir / "settings.json").read_text())
    raw["window"] = ["left", 2]
    (data_dir / "settings.json").write_text(json.dumps(raw))
    loaded, msg = storage.Settings.load()
    assert msg is None and loaded.window == [] and loaded.lang == s.lang


def key(d: Driver, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    d.step()


def test_app_1_linux_windows_use_sdls_software_paths_unless_the_environment_says_otherwise():
    """app.py APP-APP-1: on Linux no OpenGL for the window (llvmpipe on GPU-less machines cost
    ~3x the CPU and 100 MB); linear scaling everywhere; a value already set wins."""
    from games.app.app import display_hints
    env: dict = {}
    assert display_hints(env, "linux") == {"SDL_RENDER_SCALE_QUALITY": "linear",
                                           "SDL_FRAMEBUFFER_ACCELERATION": "0",
                                           "SDL_RENDER_DRIVER": "software"} == env
    env = {"SDL_RENDER_DRIVER": "opengl"}
    assert display_hints(env, "linux")["SDL_RENDER_DRIVER"] == "opengl"
    env = {}
    assert display_hints(env, "win32") == {"SDL_RENDER_SCALE_QUALITY": "linear"} == env


def test_the_benchmarks_bare_window_gets_the_tables_sdl_settings():
    from games.app.benchmark import bare_child
    code = bare_child("scaled")
    keys = ["SDL_RENDER_SCALE_QUALITY"] + (["SDL_FRAMEBUFFER_ACCELERATION", "SDL_RENDER_DRIVER"]
                                           if sys.platform.startswith("linux") else [])
    assert all(f"os.environ.setdefault({key!r}" in code for key in keys)


def test_title_f1_opens_the_rules_list_and_a_game_s_rules():
    d = Driver("en")
    d.app.push(TitleScene(d.app))
    d.step()
    key(d, pygame.K_F1)
    assert isinstance(d.scene, RulesList)
    fuji = next(b for b in d.scene.buttons if b.key == "rules:fuji99")
    d.click(fuji.rect.center)
    assert isinstance(d.scene, RulesOverlay) and d.scene.game_id == "fuji99"
    key(d, pygame.K_ESCAPE)
    assert isinstance(d.scene, RulesList)
    key(d, pygame.K_ESCAPE)
    assert isinstance(d.scene, TitleScene)


def test_title_esc_asks_before_quitting():
    d = Driver("ja")
    d.app.push(TitleScene(d.app))
    d.step()
    key(d, pygame.K_ESCAPE)
    assert isinstance(d.scene, QuitConfirm) and d.app.running
    d.click(next(b for b in d.scene.buttons if b.key == "quit_no").rect.center)
    assert isinstance(d.scene, TitleScene) and d.app.running
    key(d, pygame.K_ESCAPE)
    d.click(next(b for b in d.scene.buttons if b.key == "quit_yes").rect.center)
    assert not d.app.running


def test_title_footer_promises_what_the_keys_do():
    from games.core.i18n import tr
    for lang in ("ja", "en"):
        footer = tr("app.title_keys", lang)
        assert tr("app.quit", lang) in footer or "quit" in footer


def test_kiosk_title_esc_neither_quits_nor_asks():
    from tests.test_kiosk import kiosk
    d, _ = kiosk()
    d.app.goto("title")
    d.step()
    key(d, pygame.K_ESCAPE)
    assert isinstance(d.scene, TitleScene) and d.app.running
    assert d.app.tr("kiosk.title_keys") != d.app.tr("app.title_keys")  # the visitor footer


def test_settings_and_pause_stand_clear_of_the_screen_beneath():
    """Under the overlay's title and buttons the card is solid: what is beneath never shows."""
    from games.app.overlays import PauseMenu
    from games.app.play import PlayScene
    from games.app.session import SeatSetup, Session
    from games.app.settings_scene import SettingsScene
    d = Driver("en")
    samples = []
    for under in ("title", "play"):
        if under == "title":
            d.app.replace(TitleScene(d.app))
        else:
            s = Session.start("fuji99", [SeatSetup("A"), SeatSetup("B")], 3, {"start_player": 0})
            d.app.replace(PlayScene(d.app, s, instant=True))
        for make in (lambda: SettingsScene(d.app), lambda: PauseMenu(d.app, d.app.stack[0])):
            d.app.push(make())
            d.step()
            top = d.app.top
            left = min(b.rect.left for b in top.buttons) - 40
            pts = [(left, y) for y in range(180, max(b.rect.bottom for b in top.buttons), 37)]
            samples.append([tuple(d.app.surface.get_at(p))[:3] for p in pts])
            d.app.pop()
    assert samples[0] == samples[2] and samples[1] == samples[3]
    assert all(c == (30, 36, 48) for row in samples for c in row)
