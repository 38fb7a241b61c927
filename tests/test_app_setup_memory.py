"""The setup screen remembers names, seat kinds, players and options per game."""
from __future__ import annotations

import pygame
import pytest

from games.app import storage
from games.app.play import PlayScene
from games.app.setup import SetupScene
from games.app.title import TitleScene
from tests.ui_driver import Driver

pytestmark = pytest.mark.usefixtures("data_dir")  # a private user data folder (conftest.py)


def controls(scene) -> dict:
    return {cid: r for r, cid, _ in scene.controls}


def test_names_kinds_and_options_come_back_in_the_next_setup_of_that_game(data_dir):
    d = Driver("en")
    d.app.push(TitleScene(d.app))
    d.app.open("setup", "toutomi")
    d.step()
    setup = d.scene
    d.click(controls(setup)["players-"].center)
    d.click(controls(setup)["name:0"].center)
    for _ in range(12):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode=""))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="みか"))
    d.step()
    d.click(controls(setup)["kind:1"].center)  # strong bot -> the next kind
    d.click(controls(setup)["opt:short"].center)
    chosen = (setup.players, setup.names[0], setup.kinds[1], setup.options["short"])
    d.click(controls(setup)["start_game"].center)
    assert isinstance(d.scene, PlayScene)
    again = SetupScene(d.app, "toutomi")
    assert (again.players, again.names[0], again.kinds[1], again.options["short"]) == chosen
    assert chosen[1] == "みか"
    other = SetupScene(d.app, "fuji99")
    assert other.names[0] != "みか"  # per game


@pytest.mark.parametrize("content", ["{oops", "[1]", '{"toutomi": {"players": 99, "names": "x", "kinds": ["nobot"],'
                                     ' "options": {"short": "yes"}}}'])
def test_a_damaged_memory_gives_the_defaults(data_dir, content):
    storage.setup_memory_path().write_text(content)
    d = Driver("en")
    fresh = SetupScene(d.app, "toutomi")
    assert fresh.players == 4 and fresh.options["short"] is False and fresh.kinds[1] is not None
    assert fresh.names[0] == "Aoi"


def test_story_books_and_the_start_player_come_back_too(data_dir):
    d = Driver("ja")
    setup = SetupScene(d.app, "fuji99")
    d.app.push(setup)
    d.step()
    d.click(controls(setup)["choice:0"].center)
    d.click(controls(setup)["start"].center)
    chosen = (setup.seat_choice[0], setup.start_player)
    assert chosen[0] is not None and chosen[1] == 0
    setup.really_start()
    again = SetupScene(d.app, "fuji99")
    assert (again.seat_choice[0], again.start_player) == chosen
