"""Issue 31 item 1: a person's own move lands on a table painted ahead while they point at it
(games/app/foresee.py APP-FORESEE-1), and that table is the one the landing frame painted
itself before.  Behaviour only: which table the landing frame shows, never its time.
"""
from __future__ import annotations

import hashlib
import random

import pygame
import pytest
from ui_driver import Driver

from games import registry
from games.app import ahead as ahead_mod
from games.app import foresee, play
from games.app.session import SeatSetup, Session

LARGEST = {"toutomi": 6, "fuji99": 4, "brujas": 5, "qumasu": 2, "suma": 7}


def person_moves(monkeypatch, game_id: str, humans: int, moves: int, on: bool = True) -> tuple[dict, int]:
    """A game at its largest seat count played by mouse: each move dragged onto (or the
    pointer rested on) its zone until its table is painted ahead, then dropped (clicked).  Returns the
    table layer shown in each landing frame of a person's move, by move number, and how
    many of them adopted a foreseen table."""
    monkeypatch.setattr(play, "KEEP_LAYER", True)
    monkeypatch.setitem(play.BOT_DELAY, "fast", 0.0)  # bots' moves wait for frames, not for the clock
    if not on:
        monkeypatch.setattr(foresee, "tick", lambda scene: None)
    adopted = []
    original_adopt = ahead_mod.adopt

    def adopt(scene, ahead):
        adopted.append(isinstance(ahead.turn, foresee.Foresight))
        original_adopt(scene, ahead)
    monkeypatch.setattr(ahead_mod, "adopt", adopt)
    layers: dict = {}  # move number -> the first kept table layer shown after it
    draw_table = play.PlayScene.draw_table

    def note_layer(scene, surf):
        draw_table(scene, surf)
        n = len(scene.session.record.actions)
        if n not in layers and scene.kept is not None:
            layer, _ = scene.app.table_layer(scene)
            layers[n] = (hashlib.sha1(pygame.image.tobytes(layer, "RGB")).hexdigest(), layer.copy())
    monkeypatch.setattr(play.PlayScene, "draw_table", note_layer)
    driver = Driver()
    driver.app.settings.bot_speed = "fast"
    rules = registry.rules(game_id)
    seats = [SeatSetup(f"P{i}", None if i < humans else "random") for i in range(LARGEST[game_id])]
    session = Session.start(game_id, seats, 5, rules.default_options())
    scene = driver.app.goto("play", session)
    rng = random.Random(7)
    shown: dict = {}
    for _ in range(3000):
        driver.step()
        if len(shown) >= moves or session.over:
            break
        if session.is_bot_turn() or scene.motion.busy():
            continue
        if scene.curtain_for() is not None:
            driver.click(scene.curtain_button().center)
            continue
        shown[driver.point_and_play(scene, rng)] = None
    driver.step(30)
    monkeypatch.undo()
    return {n: layers.get(n) for n in shown}, sum(adopted)


@pytest.mark.parametrize("game_id", sorted(LARGEST))
def test_a_persons_move_lands_on_its_table_painted_ahead(monkeypatch, tmp_path, game_id):
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    shown, adopted = person_moves(monkeypatch, game_id, humans=1, moves=5)
    assert len(shown) == 5 and adopted >= 4, (len(shown), adopted)


@pytest.mark.parametrize("game_id", ["toutomi", "brujas", "suma"])
def test_a_persons_move_painted_ahead_shows_what_painting_it_showed(monkeypatch, tmp_path, game_id):
    """The same game played twice by the same pointer: each of a person's moves lands on the
    very table it landed on when its landing frame painted it itself."""
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    painted, none = person_moves(monkeypatch, game_id, humans=1, moves=5, on=False)
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path / "b"))
    ahead, adopted = person_moves(monkeypatch, game_id, humans=1, moves=5)
    assert none == 0 and adopted >= 4 and set(ahead) == set(painted)
    assert sum(v is not None for v in painted.values()) >= 4
    for n in sorted(painted):
        if painted[n] is not None and (ahead[n] is None or painted[n][0] != ahead[n][0]):
            pygame.image.save(painted[n][1], str(tmp_path / "painted.png"))
            pygame.image.save(ahead[n][1], str(tmp_path / "ahead.png"))
            pytest.fail(f"{game_id}: move {n} landed on another table when painted ahead; see {tmp_path}")


def test_pass_and_play_moves_are_worked_out_ahead(monkeypatch, tmp_path):
    """Every seat a person: each move's rules work is done ahead (the view swapped in)."""
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    taken = []
    original = foresee.take

    def take(scene, action):
        fs = original(scene, action)
        taken.append(fs is not None)
        return fs
    monkeypatch.setattr(foresee, "take", take)
    shown, _ = person_moves(monkeypatch, "brujas", humans=5, moves=5)
    assert len(shown) == 5 and sum(taken) >= 4, taken
