"""Fuji 99 through the real scenes: every move made by mouse gestures, to the results."""
from __future__ import annotations

import os
import re

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from games.app.play import PlayScene  # noqa: E402
from games.app.results import ResultsScene  # noqa: E402
from games.app.session import SeatSetup, Session  # noqa: E402
from games.core.engine import Action  # noqa: E402
from games.core.i18n import text_of  # noqa: E402
from games.core.rng import rng_for  # noqa: E402
from games.fuji99.ui.controller import Controller  # noqa: E402
from games.fuji99.ui.layout import TRAY_RISK, TRAY_WIDE  # noqa: E402
from tests.fuji99_scenario import stage
from tests.ui_driver import Driver  # noqa: E402
from tests.ui_driver import play_through as shared_play_through

CARD_ID = re.compile(r"[a-z]+(-[a-z]+)?-\d")


pytestmark = pytest.mark.usefixtures("data_dir")  # a private user data folder (conftest.py)


def _shown(driver: Driver, session: Session, instant: bool = True) -> PlayScene:
    """The play scene of ``session`` in the driver's app, its first frames drawn."""
    scene = PlayScene(driver.app, session, instant=instant)
    driver.app.replace(scene)
    driver.step(2)
    return scene


def center(scene, zone=None, piece=None):
    if piece is not None:
        return scene.table.piece(piece).rect.center
    return scene.table.zone(zone).rect.center


def set_n(driver: Driver, scene: PlayScene, target: int, rng) -> None:
    """Choose how many cubes to draw as a person would: drag cubes or press +/−."""
    ctl = scene.controller
    while ctl.n(scene.table.view) != target:
        n = ctl.n(scene.table.view)
        if n < target:
            if rng.random() < 0.6:
                driver.drag(center(scene, piece="bagcube"), center(scene, "tray"))
            else:
                driver.click(center(scene, "plus"))
            assert ctl.n(scene.table.view) == n + 1, "a cube dropped on the tray (or +) adds one"
        else:
            if rng.random() < 0.6:
                last = f"traycube:{n - 1}"
                driver.drag(center(scene, piece=last), center(scene, "bag"))
            else:
                driver.click(center(scene, "minus"))
            assert ctl.n(scene.table.view) == n - 1, "a cube dragged back to the bag (or −) removes one"


def perform(driver: Driver, scene: PlayScene, action: Action, rng) -> None:
    """Do ``action`` by the gestures a person would use (several kinds, chosen at random)."""
    kind = action.kind
    r = rng.random()
    if kind == "draw":
        set_n(driver, scene, action.args[0], rng)
        driver.click(center(scene, "draw"))
    elif kind == "use":
        card = action.args[0]
        yellows = [p.id for p in scene.table.pieces if p.id.startswith("yellow:")]
        if r < 0.45:
            driver.drag(center(scene, piece=f"card:{card}"), center(scene, "use"))
        elif r < 0.7 or not yellows:  # click-select, then click the target
            driver.click(center(scene, piece=f"card:{card}"))
            assert scene.ix.selected == f"card:{card}" and "use" in scene.ix.glowing
            driver.click(center(scene, "use"))
        else:  # pay: drag a yellow cube of this draw onto the card
            driver.drag(center(scene, piece=yellows[0]), center(scene, f"pay:{card}"))
    elif kind == "discover":
        if r < 0.6:
            driver.click(center(scene, "discover"))
        else:
            driver.drag(center(scene, piece="deck"), center(scene, "hand"))
    elif kind in ("again", "stop"):
        assert {"again", "stop"} <= scene.ix.glowing
        driver.click(center(scene, kind))
    elif kind == "give":
        zone = f"give:{action.args[0]}"
        if r < 0.5:
            driver.click(center(scene, zone))
        else:
            driver.drag(center(scene, piece="pagodacube"), center(scene, zone))
    else:
        raise AssertionError(f"unexpected action {action}")


def no_card_ids_announced(scene) -> None:
    for line, _ in scene.banner:  # announcements name cards, never their ids
        assert not CARD_ID.search(line), line


def play_through(driver: Driver, session: Session, seed: int) -> int:
    """Play to the results by mouse with Fuji's own gestures; never a curtain here."""
    counts = shared_play_through(driver, session, seed, check_secrets=True, max_moves=1500,
                                 perform=perform, after_move=no_card_ids_announced)
    assert counts["curtains"] == 0, "nothing is secret in Fuji 99: never a curtain"
    return counts["moves"]


def test_one_person_two_bots_play_to_the_winners_story_by_mouse():
    driver = Driver("en")
    seats = [SeatSetup("Aoi"), SeatSetup("Bo", "tengu"), SeatSetup("Cy", "tengu")]
    session = Session.start("fuji99", seats, 11, {"start_player": 0})
    moves = play_through(driver, session, 11)
    assert moves > 5, moves
    results = driver.scene
    assert isinstance(results, ResultsScene)
    heading, body = results.extra  # the winner's story book, told in full
    story = session.rules.story(session.rules.view(session.state, None)["winner_story"])
    assert text_of(story["title"], "en") in heading and body == text_of(story["story"], "en")


def test_two_people_play_a_whole_game_in_japanese():
    driver = Driver("ja")
    seats = [SeatSetup("あおい"), SeatSetup("ひなた")]
    session = Session.start("fuji99", seats, 5, {"start_player": 1, "risk_helper": False})
    play_through(driver, session, 5)
    assert isinstance(driver.scene, ResultsScene)


def test_four_players_two_people_two_bots_reach_results():
    driver = Driver("en")
    seats = [SeatSetup("Aoi"), SeatSetup("Bo", "tengu"), SeatSetup("Cy"), SeatSetup("Di", "draw5")]
    session = Session.start("fuji99", seats, 21, {})
    assert play_through(driver, session, 21) > 5
    assert isinstance(driver.scene, ResultsScene)


def _find(pred, seats, options, seeds=range(300)):
    """A session (random play from a seed) whose state satisfies ``pred``."""
    for seed in seeds:
        session = Session.start("fuji99", seats, seed, options)
        rng = rng_for(seed, "find")
        for _ in range(400):
            if session.over:
                break
            if pred(session):
                return session
            session.apply(rng.choice(session.rules.legal_actions(session.state)))
    raise AssertionError("no such state found")


def test_pagoda_short_choice_by_click_and_by_dragging_the_clear_cube():
    seats = [SeatSetup(n) for n in ("A", "B", "C", "D")]
    session = _find(lambda ss: stage(ss.state) == "give", seats, {}, seeds=(86, 117))  # 3 and 2 choices (format 2)
    driver = Driver("ja")
    scene = _shown(driver, session)
    k = 0
    while stage(session.state) == "give":
        legal = session.rules.legal_actions(session.state)
        assert {f"give:{a.args[0]}" for a in legal} <= scene.ix.glowing
        action = legal[-1]
        before = len(session.record.actions)
        if k % 2 == 0:
            driver.click(center(scene, f"give:{action.args[0]}"))
        else:
            driver.drag(center(scene, piece="pagodacube"), center(scene, f"give:{action.args[0]}"))
        assert session.record.actions[before] == str(action)
        k += 1


def test_card_too_dear_for_this_draw_snaps_back_with_the_reason():
    seats = [SeatSetup("Aoi"), SeatSetup("Bo")]

    def dear(session):
        s = session.state
        if stage(s) != "ability":
            return False
        view = session.rules.view(s, s.turn_seat)
        return any(c["id"] not in view["usable"] and session.rules.card_info(c["id"])["cost"]
                   for c in view["seats"][s.turn_seat]["hand"])
    session = _find(dear, seats, {})
    driver = Driver("en")
    scene = _shown(driver, session)
    view = scene.table.view
    card = next(c["id"] for c in view["seats"][view["turn_seat"]]["hand"]
                if c["id"] not in view["usable"] and session.rules.card_info(c["id"])["cost"])
    before = list(session.record.actions)
    assert "use" not in scene.glowing_for(f"card:{card}"), "only legal drops glow"
    driver.drag(center(scene, piece=f"card:{card}"), center(scene, "use"))
    assert session.record.actions == before
    assert scene.snap is not None and scene.snap[0] == f"card:{card}"
    assert scene.reason is not None and "yellow" in scene.reason[0]  # the rules' translated reason
    assert not CARD_ID.search(scene.reason[0])
    driver.step(20)
    assert scene.snap is None  # back in the hand


def test_bag_cube_beyond_the_bag_snaps_back_and_plus_stops_at_the_bag_size():
    driver = Driver("en")
    session = Session.start("fuji99", [SeatSetup("Aoi"), SeatSetup("Bo")], 3, {"start_player": 0})
    scene = _shown(driver, session)
    lo, hi = scene.table.view["draw_range"]
    assert scene.controller.n(scene.table.view) == lo == 5
    assert "minus" not in scene.ix.glowing and "plus" in scene.ix.glowing
    for _ in range(hi - lo + 3):
        driver.click(center(scene, "plus"))
    assert scene.controller.n(scene.table.view) == hi
    assert "plus" not in scene.ix.glowing
    driver.drag(center(scene, piece="bagcube"), center(scene, "tray"))
    assert scene.snap is not None and scene.reason is not None
    assert scene.controller.n(scene.table.view) == hi and session.record.actions == []
    driver.click(center(scene, "draw"))
    assert session.record.actions == [f"draw {hi}"]


def test_risk_helper_follows_n_and_can_be_switched_off():
    driver = Driver("en")
    session = Session.start("fuji99", [SeatSetup("Aoi"), SeatSetup("Bo")], 8, {"start_player": 0})
    scene = _shown(driver, session)
    assert scene.table.risk_on() and scene.table.zone("tray").rect == TRAY_RISK
    from games.fuji99.ui.panels import pct
    odds = scene.table.view["odds"]["bust_by_n"]
    assert pct(odds[5]) != pct(odds[13])  # the number shown changes with N
    off = Session.start("fuji99", [SeatSetup("Aoi"), SeatSetup("Bo")], 8, {"start_player": 0, "risk_helper": False})
    scene2 = _shown(driver, off)
    assert not scene2.table.risk_on() and scene2.table.zone("tray").rect == TRAY_WIDE


def test_story_choice_on_setup_reaches_the_rules_and_results_panel_tells_it():
    from tests.test_app_scenes import open_setup
    rules = __import__("games.registry", fromlist=["rules"]).rules("fuji99")
    choices = Controller.seat_option_choices(rules, "ja")
    assert len(choices) == len(rules.stories())
    for sid, label in choices:  # the title only; never the story itself
        st = rules.story(sid)
        assert text_of(st["title"], "ja") in label and text_of(st["story"], "ja") not in label
    driver = Driver("en")
    setup, rect = open_setup(driver, "fuji99")
    driver.click(rect["choice:0"].center)
    driver.click(rect["choice:0"].center)
    rect = {cid: r for r, cid, _ in setup.controls}
    driver.click(rect["start_game"].center)
    play = driver.scene
    assert isinstance(play, PlayScene)
    stories = play.session.record.options["stories"]
    assert stories[0] == choices[1][0] and all(s is None for s in stories[1:])
    assert play.session.state.stories[0] == choices[1][0]
    final = {"winner_story": choices[1][0]}
    heading, body = Controller.results_panel(rules, final, None, "ja")
    assert text_of(rules.story(choices[1][0])["title"], "ja") in heading
    assert body == text_of(rules.story(choices[1][0])["story"], "ja")


def test_a_draw_is_revealed_cube_by_cube_and_bots_wait_for_it():
    driver = Driver("en")
    session = Session.start("fuji99", [SeatSetup("Aoi"), SeatSetup("Bo", "tengu")], 4, {"start_player": 0})
    scene = _shown(driver, session, instant=False)
    set_n(driver, scene, 7, rng_for(0, "n"))
    driver.click(center(scene, "draw"))
    assert session.record.actions == ["draw 7"]
    table = scene.table
    reveal = next(a for a in table.anims if a["kind"] == "reveal")
    assert len(reveal["order"]) == 7 and reveal["dur"] >= 7 * 0.12
    assert table.update(0.0)  # an animation runs: bots wait for it
    for _ in range(600):
        if not table.update(1 / 60):
            break
    assert not table.anims and table.token_at() == table.view["token"]


def test_a_bust_reddens_the_board_and_fades_with_it():
    """A bust's red veil over the board (drawn over the table while the bust runs): full
    strength at its start, less as it goes, none once it is over; the rest of the table
    is untouched."""
    import pygame

    from games.fuji99.ui import board
    driver = Driver()
    seats = [SeatSetup("You", None), SeatSetup("Bot", "tengu")]
    session = Session.start("fuji99", seats, 3, {})
    scene = PlayScene(driver.app, session, instant=True)
    driver.app.replace(scene)
    table = scene.table
    grey = pygame.Surface((1920, 1080))
    shades = []
    for t in (0.0, 0.45, 0.9):
        table.anims = [{"kind": "bust", "t": t, "dur": 0.9, "seat": 0, "what": "red", "from": 0, "to": 0,
                        "order": [], "total": 3}]
        surf = grey.copy()
        surf.fill((100, 100, 100))
        table.draw_over(surf, scene.ix)
        shades.append(surf.get_at((board.RECT.right - 30, board.RECT.bottom - 30))[:3])
        assert surf.get_at((board.RECT.right + 20, board.RECT.centery))[:3] == (100, 100, 100)
    (r0, g0, _), (r1, g1, _), end = shades
    assert r0 > r1 > 100 > g1 > g0 and end == (100, 100, 100)
