"""Motion through the real play scene: a click skips a moment, reduced motion animates
nothing, and with motion on no secret card is ever drawn face up (draw log)."""
import pygame
import pytest

from games import registry
from games.app.play import PlayScene
from games.app.results import ResultsScene
from games.app.session import SeatSetup, Session
from games.core.rng import rng_for
from games.ui import cards
from tests.ui_driver import Driver

EMPTY_SPOT = (60, 1000)  # bottom left corner of the felt: no piece, no zone, no button


pytestmark = pytest.mark.usefixtures("data_dir")  # a private user data folder (conftest.py)


def before_a_burst(seed: int = 1):
    """A Toutomi game (Aoi a person, a random bot) where Aoi's next play bursts."""
    rules = registry.rules("toutomi")
    for k in range(50):
        s = Session.start("toutomi", [SeatSetup("Aoi"), SeatSetup("Bo", "random")], seed + k,
                          {"short": False, "start_player": 0})
        rng = rng_for(seed + k, "motion-test")
        for _ in range(400):
            if s.over:
                break
            legal = rules.legal_actions(s.state)
            if s.current == 0:
                for a in legal:
                    events = rules.apply(s.state, a).events
                    if any(e.key == "toutomi.burst" for e in events) and not rules.apply(s.state, a).over:
                        return s, a
            s.apply(rng.choice(legal))
    raise AssertionError("no burst found")


def until_moment(driver: Driver, scene: PlayScene, frames: int = 90):
    """Step until a moment shows (the burst waits for the busting card to land)."""
    for _ in range(frames):
        m = scene.motion.moment_now()
        if m is not None and m.t0 is not None:
            return m
        driver.step()
    return None


def start(driver: Driver, session) -> PlayScene:
    scene = PlayScene(driver.app, session)  # not instant: motion and moments on
    driver.app.replace(scene)
    driver.step(2)
    return scene


def test_a_click_skips_the_burst_moment_at_once_and_does_nothing_else():
    driver = Driver("en")
    session, action = before_a_burst()
    scene = start(driver, session)
    driver.perform(action)
    assert session.record.actions[-1] == str(action)
    mo = scene.motion
    shown = until_moment(driver, scene)
    assert shown is not None and shown.kind == "burst" and shown.t0 is not None
    table_time = mo.now
    driver.step(20)
    assert mo.moment_now() is shown and mo.now == table_time  # the table waits under the moment
    moves = len(session.record.actions)
    driver.post(pygame.MOUSEBUTTONDOWN, EMPTY_SPOT)
    assert mo.moment_now() is None  # gone in the frame of the click
    driver.post(pygame.MOUSEBUTTONUP, EMPTY_SPOT)
    assert len(session.record.actions) == moves and "burst" in mo.shown
    driver.step()
    assert mo.now > table_time  # the table moves on (the new round's cards are dealt)


def test_space_skips_a_moment_too():
    driver = Driver("ja")
    session, action = before_a_burst(7)
    scene = start(driver, session)
    driver.perform(action, use_drag=False)
    assert until_moment(driver, scene) is not None
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    driver.step()
    assert scene.motion.moment_now() is None


def test_reduced_motion_applies_no_animation():
    driver = Driver("en")
    driver.app.settings.reduced_motion = True
    session, action = before_a_burst()
    scene = start(driver, session)
    mo = scene.motion
    driver.perform(action)
    assert session.record.actions[-1] == str(action)
    for _ in range(10):
        driver.step()
        assert not mo.queue and not mo.busy() and not mo._moves
        for p in scene.table.pieces:  # every card is drawn where the layout puts it
            if p.id.startswith("hand:"):
                assert mo._frame[p.id[5:]][0] == p.rect
    assert "burst" not in mo.shown
    assert scene.table.motion.count("total", session.state.total) == session.state.total


def test_reduced_motion_is_a_saved_setting_with_a_button(data_dir):
    from games.app import storage
    from games.app.settings_scene import SettingsScene
    driver = Driver("ja")
    driver.app.replace(SettingsScene(driver.app))
    driver.step()
    button = next(b for b in driver.scene.buttons if b.key == "reduced_motion")
    assert "動きを減らす" in button.label
    driver.click(button.rect.center)
    assert driver.app.settings.reduced_motion
    assert storage.Settings.load()[0].reduced_motion is True


def before_the_end():
    """A Toutomi game where the person's next action ends the game, and that action."""
    rules = registry.rules("toutomi")
    for seed in range(1, 60):
        s = Session.start("toutomi", [SeatSetup("Aoi"), SeatSetup("Bo", "random")], seed,
                          {"short": False, "start_player": 0})
        rng = rng_for(seed, "motion-end")
        while not s.over:
            legal = rules.legal_actions(s.state)
            ending = [a for a in legal if rules.apply(s.state, a).over]
            if ending and s.current == 0:
                return s, ending[0]
            going_on = [a for a in legal if a not in ending]
            if not going_on:
                break
            s.apply(rng.choice(going_on))
    raise AssertionError("no ending found")


def test_winner_moment_before_the_results_and_a_click_skips_it():
    driver = Driver("en")
    session, action = before_the_end()
    scene = start(driver, session)
    driver.perform(action)
    assert session.over
    driver.step(10)
    assert isinstance(driver.scene, PlayScene) and "winner" in scene.motion.shown
    for _ in range(4):  # a game moment (a burst) may come first: each click skips one
        if not scene.motion.queue:
            break
        driver.click(EMPTY_SPOT)
    assert not scene.motion.queue
    driver.step(30)
    assert isinstance(driver.scene, ResultsScene)


def test_with_motion_on_no_secret_card_is_drawn_face_up_in_pass_and_play():
    """Three people at one device, animations and moments on, 80 moves by mouse."""
    driver = Driver("en")
    rules = registry.rules("toutomi")
    session = Session.start("toutomi", [SeatSetup(n) for n in ("A", "B", "C")], 5, {"start_player": 0})
    scene = start(driver, session)
    rng = rng_for(5, "motion-secrets")
    allowed, moves, travelled, moments = None, 0, 0, 0
    cards.DRAW_LOG.enabled = True
    try:
        for _ in range(8000):
            driver.step()
            leaked = set(cards.DRAW_LOG.frame) & rules.secret_ids(session.state, allowed)
            assert not leaked, f"drew {sorted(leaked)} face up while {allowed} holds the device"
            travelled += bool(scene.motion._moves)
            if moves >= 80 or session.over or driver.scene is not scene:
                break
            if scene.motion.moment_now() is not None:
                moments += 1
                driver.click(EMPTY_SPOT)
                continue
            if scene.curtain_for() is not None:
                allowed = scene.curtain_for()
                driver.click(scene.curtain_button().center)
                continue
            if scene.motion.queue or (scene.motion.busy() and rng.random() < 0.7):
                continue  # a moment is on its way; mostly let the cards land, sometimes act mid-flight
            before = len(session.record.actions)
            driver.perform(rng.choice(rules.legal_actions(session.state)), use_drag=rng.random() < 0.7)
            assert len(session.record.actions) == before + 1
            moves += 1
    finally:
        cards.DRAW_LOG.enabled = False
    assert moves >= 40 and travelled > 0 and moments > 0


@pytest.mark.parametrize("reduced", [False, True])
def test_fuji_cube_reveal_is_skipped_by_a_click_and_absent_in_reduced_motion(reduced):
    from tests.test_fuji99_ui import center
    driver = Driver("en")
    driver.app.settings.reduced_motion = reduced
    session = Session.start("fuji99", [SeatSetup("Aoi"), SeatSetup("Bo", "tengu")], 4, {"start_player": 0})
    scene = start(driver, session)
    driver.click(center(scene, "draw"))
    assert session.record.actions == ["draw 5"]
    table = scene.table
    if reduced:
        assert not table.anims and not scene.motion.busy()
        return
    assert any(a["kind"] == "reveal" for a in table.anims)
    driver.post(pygame.MOUSEBUTTONDOWN, EMPTY_SPOT)
    assert not table.anims  # every cube out of the bag at once
    driver.post(pygame.MOUSEBUTTONUP, EMPTY_SPOT)
    assert session.record.actions == ["draw 5"]
