"""Suma through the real scenes: drag and drop, bingo clicks, curtains, the round summary,
results after two rounds, and the draw log proving no other hand's suma side is drawn."""
from __future__ import annotations

import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from games.app.play import PlayScene  # noqa: E402
from games.app.results import ResultsScene  # noqa: E402
from games.app.session import SeatSetup, Session  # noqa: E402
from games.core.engine import Action  # noqa: E402
from tests.suma_helpers import step  # noqa: E402
from tests.ui_driver import Driver, play_through  # noqa: E402


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))


SUMMARIES = []


def perform(driver, scene, action, rng):
    """Close the round summary first (a click), then the gesture for ``action``."""
    if scene.table.zone("summary:close") is not None:
        SUMMARIES.append(scene.table.view["round"])
        driver.click(scene.table.zone("summary:close").rect.center)
    assert scene.table.zone("summary:close") is None
    driver.perform(action, use_drag=rng.random() < 0.7)


def _rounds_seen(session):
    return [h["round"] for h in session.state.history]


def test_three_people_play_both_rounds_to_results_with_curtains_and_no_secret_drawn():
    SUMMARIES.clear()
    driver = Driver("ja")
    session = Session.start("suma", [SeatSetup("Aoi"), SeatSetup("Hinata"), SeatSetup("Sora")], 8,
                            {"start_player": 0})
    counts = play_through(driver, session, 8, check_secrets=True, perform=perform, max_moves=2500)
    assert isinstance(driver.scene, ResultsScene)
    assert _rounds_seen(session) == [1, 2] and SUMMARIES == [2]
    assert counts["curtains"] > 10 and counts["moves"] > 40, counts
    assert driver.scene.extra is not None and "49" in driver.scene.extra[1]


def test_seven_seats_people_and_bots_mixed_play_to_results():
    SUMMARIES.clear()
    driver = Driver("en")
    seats = [SeatSetup("Aoi"), SeatSetup("Bot1", "forester"), SeatSetup("Hinata"), SeatSetup("Bot2", "random"),
             SeatSetup("Sora"), SeatSetup("Bot3", "forester"), SeatSetup("Ren", "forester")]
    session = Session.start("suma", seats, 12, {"start_player": 1})
    counts = play_through(driver, session, 12, check_secrets=True, perform=perform, max_moves=2500)
    assert isinstance(driver.scene, ResultsScene) and _rounds_seen(session) == [1, 2]
    assert counts["curtains"] > 5, counts


def _scene(driver, players=3, seed=3):
    session = Session.start("suma", [SeatSetup(f"P{i}") for i in range(players)], seed, {"start_player": 0})
    scene = PlayScene(driver.app, session, instant=True)
    driver.app.replace(scene)
    driver.step(2)
    if scene.curtain_for() is not None:
        driver.click(scene.curtain_button().center)
    return session, scene


def test_start_item_by_drag_onto_start_and_a_wrong_cell_is_refused_with_the_reason():
    driver = Driver("en")
    session, scene = _scene(driver)
    star = scene.table.piece("item:star").rect.center
    driver.drag(star, scene.table.zone("cell:a1").rect.center)
    assert session.record.actions == [] and "START" in scene.reason[0]
    driver.step(20)
    driver.drag(scene.table.piece("item:star").rect.center, scene.table.zone("cell:d4").rect.center)
    assert session.record.actions == ["start star"]
    driver.step(2)
    if scene.curtain_for() is not None:
        driver.click(scene.curtain_button().center)
    driver.drag(scene.table.piece("item:triangle").rect.center, scene.table.zone("cell:d3").rect.center)
    assert session.record.actions == ["start star"] and "own symbol" in scene.reason[0]


def test_item_drag_glows_only_legal_cells():
    driver = Driver("en")
    session, scene = _scene(driver)
    driver.perform(Action.parse("start square"))
    driver.step(2)
    if scene.curtain_for() is not None:
        driver.click(scene.curtain_button().center)
    driver.click(scene.table.piece("item:circle").rect.center)
    cells = {z for z in scene.ix.glowing if z.startswith("cell:")}
    assert cells == {"cell:d3", "cell:d5", "cell:c4", "cell:e4"}


def test_privilege_by_dragging_a_piece_then_others_click_their_cells_without_curtain():
    driver = Driver("en")
    session, scene = _scene(driver, players=3, seed=4)
    driver.perform(Action.parse("start square"))
    driver.step(2)
    if scene.curtain_for() is not None:
        driver.click(scene.curtain_button().center)
    sq = next(a for a in session.rules.legal_actions(session.state) if a.kind == "privilege")
    driver.drag(scene.table.piece("pawn").rect.center, scene.table.zone(f"square:{sq.args[0]}").rect.center)
    assert session.record.actions[-1] == str(sq)
    while step(session.state) == "mark":
        assert scene.curtain_for() is None  # bingo cards are public
        cur = session.current
        legal = session.rules.legal_actions(session.state)
        glowing = {z for z in scene.ix.glowing if z.startswith(f"bingo:{cur}:")}
        assert glowing == {f"bingo:{cur}:{a.args[0]}" for a in legal}
        driver.click(scene.table.zone(f"bingo:{cur}:{legal[0].args[0]}").rect.center)
    assert step(session.state) == "turn"


def test_summon_drag_lights_the_matched_cells():
    driver = Driver("en")
    session, scene = _scene(driver, players=2, seed=3)
    state = session.state.clone()
    state.pending = None
    for name in ("c1", "d1"):
        state.board[(int(name[1]) - 1) * 7 + "abcdefg".index(name[0])] = "circle"
        state.stock["circle"] -= 1
    for dk in state.decks.values():
        if "g4" in dk:
            dk.remove("g4")
    for m in state.market.values():
        if "g4" in m:
            m[m.index("g4")] = None
    state.hands[0] = ["g4"]
    session.state = state
    scene.refresh(initial=True)
    pid = "hand:g4"
    piece = scene.table.piece(pid)
    scene.press = (pid, piece.rect.center, (10, 10))
    scene.ix.dragging = pid
    lit, note = scene.table.preview(scene.ix)
    assert set(lit) == {2, 3} and "0°" in note


def test_auto_pick_marks_the_d3_cell():
    driver = Driver("en")
    session, scene = _scene(driver, players=3, seed=4)
    driver.perform(Action.parse("start square"))
    driver.step(2)
    if scene.curtain_for() is not None:
        driver.click(scene.curtain_button().center)
    for a in session.rules.legal_actions(session.state):
        if a.kind != "privilege":
            continue
        n = session.rules.data.squares[a.args[0]][1]
        if sum(1 for x in session.state.cards[0] if x == n) >= 2:
            break
    else:
        pytest.skip("no number with a choice in this deal")
    driver.perform(a)
    assert step(session.state) == "mark" and session.current == 0
    from games.suma import bingo
    cells = bingo.unmarked_of(session.state.cards[0], session.state.marked[0], n)
    want = bingo.auto_cell(cells, session.state.marked[0], 5)
    driver.click(scene.table.zone("auto").rect.center)
    assert session.record.actions[-1] == f"mark {want}"


def test_draw_log_shows_own_hand_never_another_hands_suma_side():
    from games.ui import cards
    driver = Driver("en")
    session, scene = _scene(driver, players=3, seed=5)
    for text in ("start star", "draw red", "draw blue", "draw green", "draw red"):
        session.apply(Action.parse(text))  # seats 0, 1, 2 each hold unseen deck cards
    scene.unlocked = None
    scene.refresh()
    assert scene.curtain_for() == 1
    cards.DRAW_LOG.enabled = True
    try:
        driver.step(2)
        assert not cards.DRAW_LOG.frame  # nothing face up behind the curtain
        driver.click(scene.curtain_button().center)
        hover = scene.table.piece(f"hand:{session.state.hands[1][0]}").rect.center
        driver.post(__import__("pygame").MOUSEMOTION, hover)  # the big preview of a hovered card
        driver.step(2)
        drawn = set(cards.DRAW_LOG.frame)
    finally:
        cards.DRAW_LOG.enabled = False
    assert set(session.state.hands[1]) <= drawn
    others = set(session.state.hands[0] + session.state.hands[2]) - session.state.known
    assert others and not (drawn & others)


def test_unmet_summon_snaps_back_with_the_reason_and_hover_says_what_is_missing():
    driver = Driver("en")
    session, scene = _scene(driver, players=2, seed=3)
    driver.perform(Action.parse("start square"))
    driver.step(2)
    state = session.state.clone()
    for dk in state.decks.values():
        if "b9" in dk:
            dk.remove("b9")
    for m in state.market.values():
        if "b9" in m:
            m[m.index("b9")] = None
    state.hands[state.turn_seat] = ["b9"]  # 〇〇〇〇: nothing on the map yet
    session.state = state
    scene.unlocked = session.current
    scene.refresh(initial=True)
    card = scene.table.piece("hand:b9").rect.center
    driver.post(__import__("pygame").MOUSEMOTION, card)
    lit, note = scene.table.preview(scene.ix)
    assert not lit and "4 missing" in note
    before = list(session.record.actions)
    driver.drag(card, scene.table.zone("summon").rect.center)
    assert session.record.actions == before and "Blue 9" in scene.reason[0] and "not met" in scene.reason[0]


def test_rules_pictures_rotation_adjacency_and_bingo_draw_something():
    """Each picture named in data/rules/suma.yaml paints real shapes (not text art) in its area."""
    import pygame

    from games.app.overlays import PICTURE_H, rules_pictures
    from games.suma.ui import pictures
    Driver("en")  # pygame and the bundled fonts up, as in the app
    names = {p for p in rules_pictures("suma") if p}
    assert names == {"rotation", "adjacency", "bingo"}
    area = pygame.Rect(0, 0, 1060, PICTURE_H)
    for lang in ("ja", "en"):
        for name in names:
            surf = pygame.Surface(area.size)
            surf.fill((0, 0, 0))
            pictures.paint(name, surf, area, lang)
            colours = {tuple(surf.get_at((x, y)))[:3]
                       for x in range(0, area.width, 7) for y in range(0, area.height, 7)}
            assert len(colours) > 8, name  # shapes in several colours, not a blank area
    blank = pygame.Surface(area.size, pygame.SRCALPHA)
    pictures.paint("no such picture", blank, area, "en")
    assert blank.get_bounding_rect().width == 0
    # bingo: the completed second row is struck through in the accent colour
    surf = pygame.Surface(area.size)
    pictures.paint("bingo", surf, area, "en")
    assert tuple(surf.get_at((10 + 68 + 6 + 34, 10 + 68 + 6 + 34)))[:3] == pictures.theme.ACCENT
    # adjacency: a cell sharing a side with the disc glows, the diagonal one does not
    surf = pygame.Surface(area.size)
    pictures.paint("adjacency", surf, area, "en")
    step = 68 + 6
    assert tuple(surf.get_at((10 + 0 * step + 34, 10 + 2 * step + 34)))[:3] == pictures.LEGAL  # left of the disc
    assert tuple(surf.get_at((10 + 0 * step + 34, 10 + 3 * step + 34)))[:3] != pictures.LEGAL  # diagonal
