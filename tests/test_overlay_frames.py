"""Issue 31 item 3: no overlay repaints the table under it every frame.

Counted in paint calls, never in time: an overlay over a game (pause, rules, settings)
shows the kept backdrop (games/app/backdrop.py APP-BACKDROP-1) and draws only itself after
its first frame; Suma's round summary is painted into the kept table layer once
(games/suma/ui/view.py SUMA-UI-VIEW-1).  Both show the same pixels as drawing everything.
"""
from __future__ import annotations

import random

import pygame
import pytest
from ui_driver import Driver

from games import registry
from games.app import backdrop, play
from games.app.session import SeatSetup, Session


def counting(monkeypatch, cls, name: str) -> list:
    calls: list = []
    original = getattr(cls, name)

    def wrapped(self, *args, **kwargs):
        calls.append(self)
        return original(self, *args, **kwargs)
    monkeypatch.setattr(cls, name, wrapped)
    return calls


def a_game(driver: Driver, game_id: str = "toutomi"):
    rules = registry.rules(game_id)
    seats = [SeatSetup(f"P{i}", None if i == 0 else "random") for i in range(rules.min_players)]
    session = Session.start(game_id, seats, 3, rules.default_options())
    scene = driver.app.goto("play", session)
    driver.step(3)
    return scene


@pytest.mark.parametrize("opener", ["open_pause", "open_rules", "settings"])
def test_an_overlay_draws_the_game_beneath_once(monkeypatch, opener):
    driver = Driver()
    scene = a_game(driver)
    draws = counting(monkeypatch, play.PlayScene, "draw")
    if opener == "settings":
        scene.open_pause()
        driver.app.open("settings")
    else:
        getattr(scene, opener)()
    driver.step(1)
    first = pygame.image.tobytes(driver.app.surface, "RGB")
    assert len(draws) == 1
    for k in range(30):  # the pointer moves over the overlay's buttons
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(400 + 30 * k, 300 + 10 * k), rel=(30, 10),
                                             buttons=(0, 0, 0)))
        driver.step(1)
    assert len(draws) == 1, "the game beneath was drawn again under the overlay"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 1070), rel=(0, 0), buttons=(0, 0, 0)))
    driver.step(1)
    kept = pygame.image.tobytes(driver.app.surface, "RGB")
    monkeypatch.setattr(backdrop, "beneath", lambda app, scenes: (app.__dict__.pop("_backdrop", None), scenes)[1])
    # (everything drawn and veiled, as before)
    driver.step(1)
    assert pygame.image.tobytes(driver.app.surface, "RGB") == kept
    assert len(draws) == 2
    assert first  # (the first frame drew it)


def test_the_backdrop_follows_the_stack_and_the_settings(monkeypatch):
    driver = Driver()
    scene = a_game(driver)
    draws = counting(monkeypatch, play.PlayScene, "draw")
    scene.open_pause()
    driver.step(2)
    assert len(draws) == 1
    driver.app.open("rules", scene.game_id)  # another overlay on top: drawn again once
    driver.step(2)
    assert len(draws) == 2
    driver.app.pop()  # back to the pause menu: drawn again once
    driver.step(2)
    assert len(draws) == 3
    driver.app.settings.lang = "ja"  # a setting changed: drawn again once
    driver.step(2)
    assert len(draws) == 4
    driver.app.pop()  # no overlay: the backdrop is let go, the table drawn every frame
    driver.step(2)
    assert len(draws) == 6
    assert driver.app.__dict__["_backdrop"].surface is None


def summary_scene(driver: Driver, players: int = 7):
    rules = registry.rules("suma")
    seats = [SeatSetup(f"P{i}", None if i == 0 else "random") for i in range(players)]
    session = Session.start("suma", seats, 6, {"start_player": 0})
    rng = random.Random(1)
    while session.state.round < 2 and not session.over:
        session.apply(rng.choice(rules.legal_actions(session.state)))
    assert session.state.round == 2
    scene = driver.app.goto("play", session)
    scene.table.summary_seen = 0
    scene.table.rebuild(scene.table.view, scene.table.viewer, scene.table.legal)
    assert scene.table.summary_open
    return scene


def test_suma_round_summary_is_painted_into_the_kept_layer_once(monkeypatch):
    driver = Driver()
    scene = summary_scene(driver)
    parts = counting(monkeypatch, type(scene.table), "parts")
    driver.step(1)
    assert len(parts) == 1
    for k in range(60):  # a second of the summary, the pointer moving over it
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(600 + 4 * k, 400), rel=(4, 0),
                                             buttons=(0, 0, 0)))
        driver.step(1)
    assert scene.table.summary_open and scene.table_moving  # still up, bots still wait for it
    assert len(parts) == 1, "the table under the summary was painted again"
    kept = pygame.image.tobytes(driver.app.surface, "RGB")
    monkeypatch.setattr(play, "KEEP_LAYER", False)  # painted every frame, as before
    driver.step(1)
    assert pygame.image.tobytes(driver.app.surface, "RGB") == kept
    close = scene.table.zone("summary:close")
    driver.click(close.rect.center)
    assert not scene.table.summary_open
