"""Qumasu, issue 27: what a player sees after a mulligan, while dragging, in the flower
picker and on the results screen, driven through the real scenes."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from games.app.play import PlayScene  # noqa: E402
from games.app.session import SeatSetup, Session  # noqa: E402
from games.qumasu.rules import RULES  # noqa: E402
from games.ui import cards  # noqa: E402
from tests.ui_driver import Driver  # noqa: E402


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))


def _scene(driver, seed=3, first=0, options=None):
    opts = {**RULES.default_options(), "start_player": first, **(options or {})}
    session = Session.start("qumasu", [SeatSetup("Aoi"), SeatSetup("Hinata")], seed, opts)
    scene = PlayScene(driver.app, session, instant=True)
    driver.app.replace(scene)
    driver.step(2)
    return session, scene


def _lift(driver, scene):
    if scene.curtain_for() is not None:
        driver.click(scene.curtain_button().center)


@pytest.mark.parametrize("first", [0, 1])
def test_dx7_the_new_hand_is_shown_to_its_owner_after_a_mulligan_and_to_nobody_else(first):
    cards.DRAW_LOG.enabled = True  # (before the first frame: the kept layer logs its faces)
    try:
        driver = Driver("en")
        session, scene = _scene(driver, first=first)
        _lift(driver, scene)
        old = list(session.state.hands[first])
        driver.click(scene.table.zone("mulligan").rect.center)
        new = list(session.state.hands[first])
        assert session.record.actions == ["mulligan"] and new != old
        assert scene.curtain_for() is None, "the device stays with the person who took the mulligan"
        driver.step(2)
        assert set(new) <= set(cards.DRAW_LOG.frame), "the new hand is drawn face up for its owner"
        assert scene.table.zone("mulligan") is None and scene.table.zone("keep") is not None
        driver.click(scene.table.zone("keep").rect.center)
        assert session.record.actions == ["mulligan", "keep"]
        other = 1 - first
        assert scene.curtain_for() == other
        driver.step(2)
        assert not set(new) & set(cards.DRAW_LOG.frame), "behind the curtain nothing of the hand shows"
        _lift(driver, scene)
        driver.step(2)
        assert not set(new) & set(cards.DRAW_LOG.frame), "the other person never sees it"
        assert scene.table.zone("mulligan") is not None  # their own decision, both choices
    finally:
        cards.DRAW_LOG.enabled = False
