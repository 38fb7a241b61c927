"""Toutomi through the real scenes: drag and drop, curtains, secrecy frame by frame."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from games.app.play import PlayScene  # noqa: E402
from games.app.results import ResultsScene  # noqa: E402
from games.app.session import SeatSetup, Session  # noqa: E402
from tests.ui_driver import Driver, play_through  # noqa: E402

pytestmark = pytest.mark.usefixtures("data_dir")  # a private user data folder (conftest.py)


def test_four_players_two_humans_two_bots_reach_results_by_drag_and_drop():
    driver = Driver("en")
    seats = [SeatSetup("Aoi"), SeatSetup("Bo"), SeatSetup("Cy", "random"), SeatSetup("Di", "random")]
    best = list(__import__("games.registry", fromlist=["bots"]).bots("toutomi"))[-1]
    seats[2].bot = seats[3].bot = best
    session = Session.start("toutomi", seats, 11, {"short": False})
    counts = play_through(driver, session, 11, check_secrets=True)
    assert counts["moves"] > 20 and counts["curtains"] > 0, counts
    assert isinstance(driver.scene, ResultsScene)


def test_all_human_game_never_draws_another_seats_card_face_up():
    driver = Driver("ja")
    seats = [SeatSetup(n) for n in ("あ", "い", "う")]
    session = Session.start("toutomi", seats, 5, {"short": True})
    play_through(driver, session, 5, check_secrets=True)


def test_illegal_drop_snaps_back_with_the_reason():
    from games.core.engine import Action
    driver = Driver("en")
    seats = [SeatSetup("Aoi"), SeatSetup("Bo", "random")]
    for seed in range(500):  # a deal where the first hand holds a Trump (R-3.6: needs total 7)
        session = Session.start("toutomi", seats, seed, {"short": False, "start_player": 0})
        hand = session.rules.view(session.state, 0)["hand"]
        illegal = [c for c in hand if Action.of("play", c) not in session.rules.legal_actions(session.state)]
        if illegal:
            break
    scene = PlayScene(driver.app, session, instant=True)
    driver.app.replace(scene)
    driver.step(2)
    card = illegal[0]
    before = list(session.record.actions)
    driver.drag(scene.table.piece(f"hand:{card}").rect.center, scene.table.zone("field").rect.center)
    assert session.record.actions == before
    assert scene.reason is not None and "7" in scene.reason[0]  # the translated reason names the total
