"""No text on any screen is smaller than 14 px on a 1366×768 screen (issues 15.4, 27.7).

The canvas (1920×1080) is scaled down to the window.  The window the table really opens
first on a 1366×768, 1280×800 or 1920×1080 desktop is worked out by the app's own
``first_window`` (1280×720 on the two small ones: scale 2/3), and fullscreen covers the
screen; 14 screen px in the smallest of them is ``NEEDED`` canvas px.  ``text.AUDIT``
records the smallest font size rendered; this walks every scene and every game's table
through whole random games (each seat's own view, every pending choice it meets), in
Japanese and English.
"""
from __future__ import annotations

import math

import pygame
import pytest

from games import registry
from games.app.howto import HowToScene
from games.app.overlays import MessageBox, PauseMenu, QuitConfirm, RulesList, RulesOverlay
from games.app.play import PlayScene
from games.app.results import ResultsScene
from games.app.session import SeatSetup, Session
from games.app.settings_scene import SettingsScene
from games.app.setup import SetupScene
from games.app.title import TitleScene
from games.core.rng import rng_for
from games.ui import text
from games.ui.window import TITLE_BAR_GUESS, first_window
from tests.ui_driver import Driver

SCREENS = ((1366, 768), (1280, 800), (1920, 1080))


def _scales() -> dict[str, float]:
    """Screen px per canvas px: each desktop's first window (as ``App.fit_window`` opens
    it, decorations as guessed before it shows) and its fullscreen."""
    out = {}
    for w, h in SCREENS:
        (ww, wh), _ = first_window((0, 0, w, h), (TITLE_BAR_GUESS, 0, 0, 0))
        out[f"{w}x{h} window {ww}x{wh}"] = min(ww / 1920, wh / 1080)
        out[f"{w}x{h} fullscreen"] = min(w / 1920, h / 1080)
    return out


NEEDED = max(math.ceil(14 / scale - 1e-9) for scale in _scales().values())  # canvas px

MAX_STEPS = 600  # a whole random game (4-player Fuji 99 ~180 steps, 7-player Suma ~300)


pytestmark = pytest.mark.usefixtures("data_dir")  # a private user data folder (conftest.py)


class Audit:
    """Draws a frame and keeps every screen whose smallest text is too small."""

    def __init__(self, d: Driver) -> None:
        self.d = d
        self.small: dict[str, dict[str, int]] = {}

    def frame(self, name: str) -> None:
        text.AUDIT.reset()
        self.d.step()
        if text.AUDIT.below:
            self.small.setdefault(name, {}).update(text.AUDIT.below)
        if text.AUDIT.smallest is not None and text.AUDIT.smallest < NEEDED:
            self.small.setdefault(name, {})[text.AUDIT.sample] = text.AUDIT.smallest

    def check(self) -> None:
        assert not self.small, "text below {} px: {}".format(NEEDED, "; ".join(
            f"{k}: " + ", ".join(f"{t!r} {n} px" for t, n in list(v.items())[:12])
            for k, v in sorted(self.small.items())))


def _session(game_id: str, players: int, seed: int) -> Session:
    rules = registry.rules(game_id)
    names = ["Aoi", "Hinata", "Sora", "Rin", "Kaede", "Yu", "Mio"]
    seats = [SeatSetup(names[i]) for i in range(players)]
    return Session.start(game_id, seats, seed, {**rules.default_options(), "start_player": 0})


def _play_through(a: Audit, game_id: str, players: int, seed: int, lang: str) -> Session:
    """A whole random game, each step drawn from the acting seat's side."""
    d = a.d
    s = _session(game_id, players, seed)
    scene = PlayScene(d.app, s, instant=True)
    d.app.replace(scene)
    a.frame(f"{game_id}/{lang}/curtain")
    rng = rng_for(seed, "audit")
    for step in range(MAX_STEPS):
        if s.over:
            break
        scene.unlocked = s.current
        scene.refresh()
        a.frame(f"{game_id}/{lang}/table")
        action = rng.choice(s.rules.legal_actions(s.state))
        if not scene.submit(action):
            raise AssertionError(f"legal {action} refused")
        if step == 3:
            scene.show_reason("—")
            a.frame(f"{game_id}/{lang}/table+reason")
    a.frame(f"{game_id}/{lang}/table-end")
    return s


def test_the_real_first_windows_need_21px_and_the_text_module_never_draws_smaller():
    pygame.font.init()
    scales = _scales()
    assert round(min(scales.values()), 4) == round(1280 / 1920, 4), scales  # 1280×720 on 1366×768
    assert NEEDED == 21 and text.MIN_SIZE >= NEEDED
    text.AUDIT.reset()
    img = text.render("Hinata's castle — castle cards: 3", 20)  # a layout made for the old 20
    assert text.AUDIT.smallest >= NEEDED and img.get_height() >= text.font(NEEDED).get_linesize() - 2
    assert text.wrap("a b c d e f g", 20, 10_000) == ["a b c d e f g"]
    assert text.font(16).size("Deck") == text.font(NEEDED).size("Deck")  # measured as drawn


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_app_screens_text_at_least_14px_at_1366(lang):
    d = Driver(lang)
    a = Audit(d)
    d.app.replace(TitleScene(d.app))
    a.frame("title")
    for name, make in [("settings", lambda: SettingsScene(d.app)), ("rules_list", lambda: RulesList(d.app)),
                       ("quit", lambda: QuitConfirm(d.app)),
                       ("message", lambda: MessageBox(d.app, "Title", "A message " * 8)),
                       ("staff_pin", lambda: d.app.make("staff_pin")), ("staff", lambda: d.app.make("staff")),
                       ("first_pin", lambda: d.app.make("staff_pin", mode="first")),
                       ("quick_start", lambda: d.app.make("games.app.quickstart:QuickStart", "brujas"))]:
        d.app.push(make())
        a.frame(name)
        d.app.pop()
    for game_id in registry.playable_ids():
        d.app.replace(SetupScene(d.app, game_id, seed=5))
        a.frame(f"{game_id}/setup")
        d.app.push(RulesOverlay(d.app, game_id))
        a.frame(f"{game_id}/rules")
        d.app.pop()
        d.app.replace(HowToScene(d.app, _session(game_id, registry.rules(game_id).min_players, 3)))
        a.frame(f"{game_id}/howto")
    a.check()


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("game_id", registry.playable_ids())
def test_game_screens_text_at_least_14px_at_1366(game_id, lang):
    d = Driver(lang)
    a = Audit(d)
    rules = registry.rules(game_id)
    for players, seed in {(rules.min_players, 11), (rules.max_players, 12)}:
        s = _play_through(a, game_id, players, seed, lang)
        d.app.push(PauseMenu(d.app, d.scene))
        a.frame(f"{game_id}/{lang}/pause")
        d.app.replace(ResultsScene(d.app, s))
        a.frame(f"{game_id}/{lang}/results {players}p")
    a.check()
