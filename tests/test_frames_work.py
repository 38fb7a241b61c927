"""Issue 13, item 3: the work that keeps frames cheap does what it says (not a timing test).

Card faces are painted when the play scene is built (copies share their art) and never
again when a move lands or a card flies; one bot worker thinks for every bot; a move the
worker applied and prepared lands exactly as one applied on the frame would.
"""
from __future__ import annotations

import threading
import time

import pytest

from games import registry
from games.app import bench_frames as bf
from games.app.session import SeatSetup, Session
from games.ui import cards


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    from games.app import demo
    for pace in list(demo.DEMO_DELAY):  # the demo's bots move as soon as they have thought
        monkeypatch.setitem(demo.DEMO_DELAY, pace, 0.0)
    from games.app.app import App
    a = App(fullscreen=False)
    a.sounds.enabled = False
    yield a
    import pygame
    pygame.quit()


def count_paintings(monkeypatch) -> list:
    """Every card art painted from now on (cache misses of every CardPainter)."""
    painted: list = []
    real = cards.CardPainter._cached

    def cached(self, key, make):
        if key not in self._cache:
            painted.append(key)
        return real(self, key, make)
    monkeypatch.setattr(cards.CardPainter, "_cached", cached)
    return painted


def bot_table(app, game_id: str):
    rules = registry.rules(game_id)
    best = list(registry.bots(game_id))[-1]
    seats = [SeatSetup(f"Bot {i + 1}", best) for i in range(rules.max_players)]
    session = Session.start(game_id, seats, 77, rules.default_options())
    return app.goto("play", session, demo=True, instant=True)


@pytest.mark.parametrize("game_id", registry.playable_ids())
def test_faces_are_painted_when_the_scene_is_built_not_when_moves_land(app, game_id, monkeypatch):
    scene = bot_table(app, game_id)
    assert 0 < scene.prerendered <= cards.PAINTER_BYTES * 2
    painted = count_paintings(monkeypatch)
    landed, end = 0, time.monotonic() + 60
    while landed < 12 and time.monotonic() < end and app.top is scene:
        n = len(scene.session.record.actions)
        app.step(1 / 60)
        landed += len(scene.session.record.actions) != n
    assert landed >= 6, "moves landed"
    faces = [k for k in painted if k[0] != "__back__"]
    assert not faces, f"card faces painted after the scene was built: {faces[:5]}"


def test_copies_share_their_art(app):
    scene = bot_table(app, "toutomi")
    painter = scene.table.painter
    a = painter.face("n7-1", (150, 210))
    assert painter.face("n7-2", (150, 210)) is a  # one face for the four 7s
    assert painter.face("n6-1", (150, 210)) is not a


def test_a_flight_scales_its_art_and_never_paints_passing_sizes(app, monkeypatch):
    """Brujas' own flights (hand -> trick -> pile) once painted every size they passed."""
    painted = count_paintings(monkeypatch)
    bf.busy_frames(app, "brujas", 30)  # the last 40 moves' cards fly in its first frames
    scene_sizes = {k[1] for k in painted}
    assert len(scene_sizes) <= 10, f"faces painted at passing sizes: {sorted(scene_sizes)}"


def test_one_bot_worker_thinks_for_every_bot(app):
    before = {t.ident for t in threading.enumerate()}
    scene = bot_table(app, "brujas")
    end = time.monotonic() + 30
    while len(scene.session.record.actions) < 10 and time.monotonic() < end:
        app.step(1 / 60)
    new = [t for t in threading.enumerate() if t.ident not in before]
    assert len(scene.session.record.actions) >= 10
    assert all(t.name == "bot-worker" for t in new) and len(new) <= 1


@pytest.mark.parametrize("game_id", registry.playable_ids())
def test_a_prepared_landing_is_the_same_game(app, game_id):
    """The worker applies the bot's move; the record replays to the very same state."""
    scene = bot_table(app, game_id)
    end = time.monotonic() + 60
    while len(scene.session.record.actions) < 10 and time.monotonic() < end and app.top is scene:
        app.step(1 / 60)
    rec = scene.session.record
    replayed = Session.from_record(type(rec).from_json(rec.to_json()))
    rules = scene.session.rules
    for seat in [None, *range(rec.players)]:
        assert rules.view(replayed.state, seat) == rules.view(scene.session.state, seat)
