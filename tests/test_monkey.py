"""A seeded monkey through the real scenes of every game (issue 12).

For each playable game a seeded stream of random clicks, drags, keys and typed text (odd
characters included) goes through the real app: title, setup, table, overlays, results,
mixed with some legal gestures so games move on.  For a bounded number of events it
asserts that no exception escapes a frame and that the autosave on disk always replays
to exactly the state on screen.  ``MONKEY_EVENTS`` sets the events per game.
"""
from __future__ import annotations

import os
import random

import pygame
import pytest
from ui_driver import Driver

from games import registry
from games.app import storage, writer
from games.app.play import PlayScene
from games.app.session import SeatSetup, Session
from games.core.record import load_record

EVENTS = int(os.environ.get("MONKEY_EVENTS", "300"))
KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_F1, pygame.K_SPACE,
        pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_a, pygame.K_1, pygame.K_PLUS,
        pygame.K_MINUS, pygame.K_DELETE, pygame.K_F11)
TEXTS = ("a", "Z", "7", "①", "２", "²", "あ", "漢", "\x00", "\ud800", "\u200b", "\u202e", "\t", "😀", "x" * 40, "é")
COUNTS: dict[str, int] = {}


def _play_scene(app) -> PlayScene | None:
    """The game being played (also beneath an overlay), unless it is a replay or the demo."""
    for scene in reversed(app.stack):
        if isinstance(scene, PlayScene) and not scene.demo:  # (replays are their own scene)
            return scene
    return None


def _check_autosave(app, checked: dict) -> None:
    """The file on disk replays to the state on screen (checked when the record moved)."""
    scene = _play_scene(app)
    if scene is None:
        return
    s = scene.session
    key = (id(s), len(s.record.actions))
    if not s.record.actions or checked.get("last") == key:
        return
    checked["last"] = key
    writer.flush()  # the save is written by the writer thread within one write (games/app/writer.py)
    path = storage.last_game_path() if s.over else storage.slot_path(s.slot or "none")  # the game's own slot
    assert path.exists(), f"no {path.name} after move {len(s.record.actions)}"
    rec = load_record(path)
    assert rec.actions == s.record.actions, "the autosave lags the screen"
    assert rec.validate().replay(s.rules) == s.state, "the autosave does not replay to the state on screen"
    checked["replays"] = checked.get("replays", 0) + 1


def _smart(d: Driver, rng: random.Random, game_id: str) -> bool:
    """A purposeful gesture now and then, so the monkey also reaches later game states."""
    top = d.app.top
    name = type(top).__name__
    if name == "TitleScene":
        tiles = [r for g, r in top.tiles if g.id == game_id]
        if tiles:
            d.click(tiles[0].center)
            return True
    elif name == "SetupScene":
        rect = next(r for r, cid, _ in top.controls if cid == "start_game")
        d.click(rect.center)
        return True
    elif isinstance(top, PlayScene) and not top.session.over and not top.session.is_bot_turn():
        if top.curtain_for() is not None:
            d.click(top.curtain_button().center)
            return True
        legal = top.session.rules.legal_actions(top.session.state)
        action = rng.choice(legal)
        if d.gesture_for(top, action) is not None:
            d.perform(action, use_drag=rng.random() < 0.6)
            return True
    return False


def _random_event(d: Driver, rng: random.Random) -> None:
    pos = (rng.randrange(0, 1920), rng.randrange(0, 1080))
    roll = rng.random()
    if roll < 0.45:
        d.click(pos)
    elif roll < 0.65:
        d.drag(pos, (rng.randrange(0, 1920), rng.randrange(0, 1080)), steps=rng.randint(1, 5))
    elif roll < 0.85:
        key = rng.choice(KEYS)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
        d.step()
    elif roll < 0.95:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=rng.choice(TEXTS)))
        d.step()
    else:
        d.post(pygame.MOUSEMOTION, pos)
        d.step(rng.randint(1, 20))  # let time pass: bots move, animations end


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game_id", registry.playable_ids())
def test_monkey_never_raises_and_the_autosave_matches_the_screen(tmp_path, monkeypatch, game_id):
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    rng = random.Random(f"monkey:{game_id}")
    d = Driver(rng.choice(["en", "ja"]))
    d.app.settings.bot_speed = "fast"
    rules = registry.rules(game_id)
    kinds = list(registry.bots(game_id))
    players = rules.min_players + (1 if rules.max_players > rules.min_players else 0)
    seats = [SeatSetup(f"P{i + 1}", None if i < 2 else kinds[0]) for i in range(players)]
    d.app.replace(PlayScene(d.app, Session.start(game_id, seats, rng.randrange(10**6), rules.default_options()),
                            instant=True))
    checked: dict = {}
    events = 0
    try:
        for _ in range(EVENTS):
            if not d.app.running or not d.app.stack:  # Quit was clicked: the person starts it again
                d.app.running = True
                d.app.goto("title")
            if rng.random() < 0.3 and _smart(d, rng, game_id):
                pass
            else:
                _random_event(d, rng)
            events += 1
            _check_autosave(d.app, checked)
    finally:
        if d.app.settings.fullscreen:  # F11 was pressed: the next test's window starts windowed
            d.app.set_fullscreen(False)
    COUNTS[game_id] = events
    assert events == EVENTS and checked.get("replays", 0) >= 1, checked
