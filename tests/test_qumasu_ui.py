"""Qumasu through the real scenes: drag and drop, the flower picker, curtains, secrecy."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from games.app.play import PlayScene  # noqa: E402
from games.app.results import ResultsScene  # noqa: E402
from games.app.session import SeatSetup, Session  # noqa: E402
from tests.ui_driver import Driver, play_through  # noqa: E402

pytestmark = pytest.mark.usefixtures("data_dir")  # a private user data folder (conftest.py)


def perform(driver, scene, action, rng):
    """The flower takes two clicks (the flower card, then the effect in the picker)."""
    if action.kind == "flower":
        driver.click(scene.table.zone(f"flower:{action.args[0]}").rect.center)
        driver.click(scene.table.zone(f"pick:{action.args[1]}").rect.center)
        return
    driver.perform(action, use_drag=rng.random() < 0.7)


def test_two_people_play_to_results_with_curtains_and_no_secret_drawn():
    driver = Driver("ja")
    session = Session.start("qumasu", [SeatSetup("Aoi"), SeatSetup("Hinata")], 21,
                            {"start_player": 0, "decks": ["standard", "vanguard"]})
    counts = play_through(driver, session, 21, check_secrets=True, perform=perform)
    assert isinstance(driver.scene, ResultsScene)
    assert counts["moves"] > 30 and counts["curtains"] > 10, counts
    assert driver.scene.extra is not None  # how the game was won


def test_person_vs_bot_plays_to_results():
    driver = Driver("en")
    session = Session.start("qumasu", [SeatSetup("Aoi"), SeatSetup("Bot", "general")], 4, {"start_player": 1})
    counts = play_through(driver, session, 4, check_secrets=True, perform=perform)
    assert isinstance(driver.scene, ResultsScene) and counts["moves"] > 10


def _scene(driver, seed=3, first=0, options=None):
    """A two-person game's play scene (``options`` beside the first seat), its first frames drawn."""
    opts = {**(options or {}), "start_player": first}
    session = Session.start("qumasu", [SeatSetup("Aoi"), SeatSetup("Hinata")], seed, opts)
    scene = PlayScene(driver.app, session, instant=True)
    driver.app.replace(scene)
    driver.step(2)
    return session, scene


def _lift(driver, scene):
    if scene.curtain_for() is not None:
        driver.click(scene.curtain_button().center)


def _keep_both_hands(driver, scene):
    """Both seats keep their first hands (each behind its curtain); the first turn's curtain lifted."""
    for _ in range(2):
        _lift(driver, scene)
        driver.click(scene.table.zone("keep").rect.center)
    _lift(driver, scene)


def test_curtain_between_the_two_mulligans():
    driver = Driver("en")
    session, scene = _scene(driver)
    assert scene.curtain_for() == 0
    _lift(driver, scene)
    driver.click(scene.table.zone("keep").rect.center)
    assert session.record.actions == ["keep"] and scene.curtain_for() == 1
    _lift(driver, scene)
    assert scene.table.zone("mulligan") is not None


def test_illegal_drop_snaps_back_with_the_precise_reason():
    driver = Driver("en")
    session, scene = _scene(driver)
    _keep_both_hands(driver, scene)
    unit = next(c for c in scene.table.view["hand"] if session.rules.card_info(c)["kind"] == "unit")
    before = list(session.record.actions)
    driver.drag(scene.table.piece(f"hand:{unit}").rect.center, scene.table.zone("cell:b2").rect.center)
    assert session.record.actions == before
    assert scene.reason is not None and "next to one of your units" in scene.reason[0]
    driver.step(20)  # the refused card flies home first
    driver.drag(scene.table.piece(f"hand:{unit}").rect.center, scene.table.zone("cell:b3").rect.center)
    assert "enemy area" in scene.reason[0]


def test_summon_cells_glow_while_dragging_and_click_then_target_works():
    driver = Driver("en")
    session, scene = _scene(driver)
    _keep_both_hands(driver, scene)
    unit = next(c for c in scene.table.view["hand"] if session.rules.card_info(c)["kind"] == "unit"
                and session.rules.card_info(c)["cost"] == 1)
    driver.click(scene.table.piece(f"hand:{unit}").rect.center)
    assert scene.ix.glowing >= {"cell:a1", "cell:b1", "cell:c1"}
    assert not {"cell:a2", "cell:b3"} & scene.ix.glowing
    driver.click(scene.table.zone("cell:b1").rect.center)
    assert session.record.actions[-1] == f"summon {unit} b1"


def test_graveyard_browser_opens_and_closes():
    driver = Driver("en")
    session, scene = _scene(driver)
    _lift(driver, scene)
    driver.click(scene.table.zone("grave:1").rect.center)
    assert scene.controller.local["browse"] == 1
    driver.click((960, 540))
    assert scene.controller.local["browse"] is None
    assert session.record.actions == []


def test_rules_overlay_shows_the_battlefield_picture():
    from games.app.overlays import RulesOverlay, rules_pictures
    from games.qumasu.ui.pictures import ROW_TINTS
    assert "battlefield" in rules_pictures("qumasu")
    driver = Driver("ja")
    overlay = RulesOverlay(driver.app, "qumasu")
    overlay.index = rules_pictures("qumasu").index("battlefield")
    driver.app.push(overlay)
    driver.step(2)
    body_left, pic_top = overlay.box.left + 490, overlay.box.top + 110 + 64
    grid_top = pic_top + 44 + 8  # under the enemy castle bar
    for row in range(3):  # enemy, engagement and own rows in the table's colours
        pixel = driver.app.surface.get_at((body_left + 10 + 41, grid_top + row * 88 + 20))
        assert tuple(pixel)[:3] == ROW_TINTS[row]


def test_autosave_continue_and_replay_of_a_qumasu_game(tmp_path):
    from games.app import storage
    from games.app.saves import SavesScene
    from games.app.title import TitleScene
    driver = Driver("en")
    s = Session.start("qumasu", [SeatSetup("Aoi", "general"), SeatSetup("Hinata", "random")], 31,
                      {"start_player": 0, "decks": ["standard", "vanguard"]})
    driver.app.replace(PlayScene(driver.app, s, instant=True))
    saved_midway = False
    for _ in range(20000):
        driver.step()
        if not saved_midway and len(s.record.actions) >= 25:
            saved_midway = any(g.record.game == "qumasu" and g.record.actions == s.record.actions
                               for g in storage.unfinished_games()[0])
        if isinstance(driver.scene, ResultsScene):
            break
    assert isinstance(driver.scene, ResultsScene) and saved_midway  # autosaved after its moves
    # the replay of the finished game reaches the same end
    from games.app.replay import ReplayScene
    driver.click(next(b for b in driver.scene.buttons if b.key == "replay").rect.center)
    replay = driver.scene
    assert isinstance(replay, ReplayScene) and replay.n == len(s.record.actions)
    driver.click(next(b for b in replay.buttons if b.key == "last").rect.center)
    assert replay.state == s.state
    # Continue: a half-played game resumes exactly where it was
    s2 = Session.start("qumasu", [SeatSetup("Aoi"), SeatSetup("Hinata", "random")], 32, {"start_player": 0})
    for _ in range(20):
        s2.apply(s2.rules.legal_actions(s2.state)[0])
    storage.write_slot(s2)
    driver.app.replace(TitleScene(driver.app))
    driver.step()
    driver.click(next(b for b in driver.scene.buttons if b.key == "continue").rect.center)
    assert isinstance(driver.scene, SavesScene)
    driver.click(next(b for b in driver.scene.buttons if b.key == f"open:{s2.slot}").rect.center)
    assert isinstance(driver.scene, PlayScene) and driver.scene.session.state == s2.state
