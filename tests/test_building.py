"""A play scene built in steps before it is shown (games/app/building.py APP-BUILDING-1).

In the app's own loop a game's scene (39-115 ms to build, its faces painted ahead) is
built a few milliseconds a frame while the screen before it stays; the scene that is
then shown is the one an at-once build makes, down to its first frame's pixels.
"""
from __future__ import annotations

import pygame
import pytest
from ui_driver import Driver

from games import registry
from games.app import building as building_mod
from games.app.building import Building
from games.app.play import PlayScene
from games.app.session import SeatSetup, Session
from games.app.setup import SetupScene
from games.ui import cards

pytestmark = pytest.mark.usefixtures("data_dir")


def _session(game: str) -> Session:
    rules = registry.rules(game)
    seats = [SeatSetup(f"P{i + 1}", None) for i in range(rules.min_players)]
    return Session.start(game, seats, 11, rules.default_options())


def _first_frame(d: Driver) -> bytes:
    d.step()
    return pygame.image.tobytes(d.app.surface, "RGB")


@pytest.mark.parametrize("game", ["toutomi", "brujas"])
def test_a_game_built_in_steps_shows_what_an_at_once_build_shows(game, monkeypatch):
    at_once = Driver("en")
    at_once.app.goto("play", _session(game))
    want = _first_frame(at_once)
    want_bytes = at_once.scene.prerendered

    d = Driver("en")
    d.app.stepped_builds = True
    d.app.goto("title")
    d.step()
    monkeypatch.setattr(building_mod, "STEP_SECONDS", 0.0)  # one step a frame: the count does not depend on speed
    assert d.app.goto("play", _session(game)) is None  # not built in this frame
    building = d.app.top
    assert isinstance(building, Building) and building.overlay  # the title stays beneath
    frames = 0
    while isinstance(d.app.top, Building):
        d.post(pygame.MOUSEBUTTONDOWN, (10, 10))  # input waits for the new screen
        frames += 1
        assert frames < 2000
    assert frames > 20 and building.frames == frames - 1  # a step a frame; shown in a frame of its own
    assert isinstance(d.scene, PlayScene) and len(d.app.stack) == 1
    assert d.scene.prerendered == want_bytes > 0
    assert pygame.image.tobytes(d.app.surface, "RGB") == want


def test_setup_start_builds_in_steps_and_then_plays():
    d = Driver("ja")
    d.app.stepped_builds = True
    d.app.goto("setup", "suma")
    assert isinstance(d.scene, SetupScene)
    d.click(next(r for r, cid, _ in d.scene.controls if cid == "start_game").center)
    assert isinstance(d.app.top, Building)
    for _ in range(2000):
        if not isinstance(d.app.top, Building):
            break
        d.step()
    play = d.scene
    assert isinstance(play, PlayScene) and not isinstance(play, Building)
    s = play.session
    if s.bots[s.current] is None:  # a person's move through the real scene works as ever
        assert play.submit(s.rules.legal_actions(s.state)[0])


def test_faces_are_only_listed_inside_queued_prerender():
    d = Driver("en")
    s = _session("toutomi")
    with cards.queued_prerender() as queue:
        scene = PlayScene(d.app, s)
    assert queue and scene.prerendered == 0
    painted = 0
    steps = cards.paint_queued(queue)
    try:
        while True:
            next(steps)
            painted += 1
    except StopIteration as done:
        assert done.value > 0
    assert painted > 10  # one face a step


def test_app_play_1_a_bot_thinks_from_the_scenes_second_frame(monkeypatch):
    """A game whose first move is a bot's: nothing is handed to the bot worker while the
    scene is built or during its first frame (APP-PLAY-1), then the turn is; instant mode
    (tests, tools) hands it over at once."""
    from games.app import session as session_mod
    handed = []
    monkeypatch.setattr(session_mod.WORKER, "submit", lambda job: handed.append(job))
    rules = registry.rules("toutomi")
    seats = [SeatSetup("Bot", "random"), SeatSetup("You", None)]
    d = Driver("en")
    scene = d.app.goto("play", Session.start("toutomi", seats, 11, {**rules.default_options(), "start_player": 0}))
    assert scene.session.is_bot_turn() and scene.bot_turn is not None
    assert handed == []
    d.step()
    assert handed == [] and not scene.bot_turn.submitted
    d.step()
    assert handed == [scene.bot_turn] and scene.bot_turn.submitted
    d.step()
    assert handed == [scene.bot_turn]  # handed over once
    instant = PlayScene(d.app, Session.start("toutomi", seats, 12, {**rules.default_options(), "start_player": 0}),
                        instant=True)
    assert handed[-1] is instant.bot_turn
