"""Issue 31: the busiest screens while they move keep the painted table (TABLE-2 of
games/ui/table.py) and draw only what moves over it (not a timing test: paint calls counted).

- Brujas (BRUJAS-UI-VIEW-3): witches sliding in a swap are drawn over the kept table like its
  flying cards; when they stop, only their column is painted again, not the whole table.
- Fuji 99 (FUJI99-UI-VIEW-1): a bust's shaking board moves on the kept table (``draw_under``):
  nothing after the landing frame paints the whole table; a draw revealed over the board
  leaves the table's key as it is (only a draw revealed in the tray is left out of the
  painted table).  FUJI99-UI-VIEW-2: a card's tooltip paints no face when hovered.
- The benchmark's *busiest, moving* row times its own moves only: what the busiest screen's
  setup set moving has ended before its first move.
"""
from __future__ import annotations

import pygame
import pytest

from games import registry
from games.app import bench_frames as bf
from games.app.play import PlayScene
from games.app.session import SeatSetup, Session
from games.brujas.ui.panels import LEFT
from games.core.rng import rng_for
from games.ui import theme
from games.ui.table import TableView
from tests.test_frames_work import count_paintings

FULL = pygame.Rect(0, 0, theme.W, theme.H)


pytestmark = pytest.mark.usefixtures("data_dir")  # a private user data folder (conftest.py)


def count_paints(monkeypatch) -> list[pygame.Rect]:
    """Every paint of the table from now on, as the area it painted (the surface's clip)."""
    paints: list[pygame.Rect] = []
    real = TableView.paint_layer

    def paint_layer(self, layer, ix):
        paints.append(layer.get_clip())
        return real(self, layer, ix)
    monkeypatch.setattr(TableView, "paint_layer", paint_layer)
    return paints


def just_before(game_id: str, players: int, want, seed: int) -> tuple[Session, object]:
    """A session (seat 0 a person, the others bots) just before a random game's first action
    whose events satisfy ``want``, and that action."""
    rules = registry.rules(game_id)
    bot = list(registry.bots(game_id))[0]
    for k in range(40):
        seats = [SeatSetup(f"P{i}", None if i == 0 else bot) for i in range(players)]
        s = Session.start(game_id, seats, seed + k, rules.default_options())
        rng = rng_for(seed + k, "moving-frames")
        while not s.over:
            legal = rules.legal_actions(s.state)
            for a in legal:
                if want(rules.view(rules.apply(s.state, a), None).get("events", [])):
                    return s, a
            s.apply(rng.choice(legal))
    raise AssertionError(f"no {game_id} game reached the action wanted")


def landed(app, session: Session, action) -> PlayScene:
    """The play scene (travel on, no moments, bots held) after ``action`` landed and its frame drew."""
    scene = PlayScene(app, session, instant=True)
    app.replace(scene)
    scene.unlocked = session.current
    scene.refresh(initial=True)
    for _ in range(3):
        app.step(1 / 60)
        scene.bot_turn = None
    scene.submit(action)
    scene.bot_turn = None
    app.step(1 / 60)  # the landing frame: the new table is painted
    scene.bot_turn = None
    return scene


def frames_while_moving(app, scene: PlayScene, most: int = 240) -> int:
    """Frames until the table's animations have ended (the pointer moving over the table)."""
    n = 0
    while n < most and (scene.table_moving or scene.motion.busy()):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(400 + 3 * n, 600), rel=(3, 0),
                                             buttons=(0, 0, 0)))
        app.step(1 / 60)
        scene.bot_turn = None
        n += 1
    return n


def swap(events) -> bool:
    return any(k == "brujas.witch_moved" and p.get("other") for k, p in events)


def test_brujas_witches_slide_over_the_kept_table_and_only_their_column_is_painted_again(app, monkeypatch):
    session, action = just_before("brujas", 5, swap, 3)
    scene = landed(app, session, action)
    assert scene.table.witch_anim is not None and scene.table_moving, "the witches slide"
    paints = count_paints(monkeypatch)
    frames = frames_while_moving(app, scene)
    assert frames >= 5 and scene.table.witch_anim is None
    assert paints, "the column is painted once the witches stop"
    column = LEFT.inflate(48, 48)  # (with the margin a landed piece's shadow is painted again with)
    assert all(column.contains(r) for r in paints), f"painted beyond the witch column: {paints}"
    app.step(1 / 60)
    assert len(paints) == 1  # and the table is kept after it


def bust(events) -> bool:
    return any(k == "fuji99.red_bust" for k, _ in events)


def test_fuji_a_bust_shakes_the_board_over_the_kept_table(app, monkeypatch):
    session, action = just_before("fuji99", 4, bust, 7)
    scene = landed(app, session, action)
    paints = count_paints(monkeypatch)
    shaken = 0
    for _ in range(240):
        if not (scene.table_moving or scene.motion.busy()):
            break
        shaken += scene.table.shaken()
        app.step(1 / 60)
        scene.bot_turn = None
    assert shaken >= 5, "the board shook"
    assert not any(r == FULL for r in paints), f"the whole table was painted while it moved: {paints}"
    assert len(paints) <= 2, paints  # where a card landed, at most


def test_fuji_a_draw_revealed_over_the_board_keeps_the_table_key(app):
    """A bust's draw is revealed over the board (the turn has passed on): the reveal is drawn
    over the table, so the table's key (and its kept layer) stays as it is when the reveal
    starts and ends; only a draw revealed in the tray is left out of the painted table."""
    session, action = just_before("fuji99", 4, bust, 7)
    scene = landed(app, session, action)
    assert scene.table.active("reveal") and scene.table.active("reveal")["mode"] == "overlay"
    revealing = scene.table.paint_key(scene.ix)
    scene.table.anims.clear()
    assert scene.table.paint_key(scene.ix) == revealing


def test_fuji_a_card_tooltip_paints_no_face(app, monkeypatch):
    rules = registry.rules("fuji99")
    session = Session.start("fuji99", [SeatSetup(f"P{i}") for i in range(4)], 5, rules.default_options())
    rng = rng_for(5, "tooltip")
    while len(rules.view(session.state, None)["seats"][session.current]["hand"]) < 2 and not session.over:
        session.apply(rng.choice(rules.legal_actions(session.state)))
    scene = app.goto("play", session, instant=True)
    scene.unlocked = session.current
    scene.refresh(initial=True)
    app.step(1 / 60)
    painted = count_paintings(monkeypatch)
    spots = scene.table.card_spots
    assert len(spots) >= 2
    for rect, _cid in spots:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(1, 1), buttons=(0, 0, 0)))
        app.step(1 / 60)
    assert not [k for k in painted if k[0] != "__back__"], f"faces painted on hover: {painted}"


@pytest.mark.parametrize("game_id", ["brujas", "fuji99"])
def test_the_moving_row_times_its_own_moves_only(app, monkeypatch, game_id):
    """The busiest screen's last 40 moves were fed to it at once: what they set moving (in
    Brujas 42 cards flying together) ends before the row's first move lands."""
    firsts: list[bool] = []
    real = bf.busiest_screen

    def busiest(app_, gid):
        scene = real(app_, gid)
        submit = scene.submit

        def first_submit(action, turn=None):
            if not firsts:
                firsts.append(scene.table.update(0.0) or scene.motion.busy())
            return submit(action, turn)
        scene.submit = first_submit
        return scene
    monkeypatch.setattr(bf, "busiest_screen", busiest)
    cpu, _wall = bf.moving_frames(app, game_id, 20)
    assert cpu and firsts == [False], "the setup's animations still ran when the first move landed"
