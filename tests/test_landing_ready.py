"""Issue 31 item 1: the frame in which a move lands finds its work done.

APP-AHEAD-1 (games/app/ahead.py ``rehearse``): what that frame draws over the adopted table
(the status line, a draw revealed over the board, a bust's banner, a counting total) is
drawn once ahead where nobody sees it, so its texts are in the caches; it changes nothing
the table will show.  APP-AHEAD-2 (``Ahead.stale``): a table painted ahead for a pointer
that has since moved onto or off a button is painted again, so the landing frame still
only swaps it in.  CARDS-1 (games/ui/cards.py ``_blit``): a card drawn between sizes uses
its art already made at that very size rather than scaling.  Behaviour only, never time.
"""
from __future__ import annotations

import copy
import time

import pygame
import pytest
from ui_driver import Driver

from games import registry
from games.app import ahead as ahead_mod
from games.app import foresee, play
from games.app.demo import demo_session
from games.app.session import SeatSetup, Session
from games.ui import cards, text

MOTION_STATE = ("_drawn", "_frame", "_moves", "_expect", "_counts", "_flights", "_kept", "queue", "now", "clock")


class Renders:
    """Every line of text the font renders (a cache miss of ``text.render``) while ``on``."""

    def __init__(self, monkeypatch) -> None:
        self.on, self.lines = False, []
        real = text.font
        log = self

        class Spy:
            def __init__(self, face):
                self.face = face

            def render(self, line, *args):
                if log.on:
                    log.lines.append(line)
                return self.face.render(line, *args)

            def __getattr__(self, name):
                return getattr(self.face, name)
        monkeypatch.setattr(text, "font", lambda *a, **k: Spy(real(*a, **k)))


@pytest.mark.parametrize("game_id", ["fuji99", "toutomi"])
def test_app_ahead_1_a_the_landing_frame_renders_no_text_drawn_over_the_table(monkeypatch, tmp_path, game_id):
    """Pass-and-play at four seats, moves worked out and painted ahead: in each landing frame
    that adopted its table, neither the table's own drawing over it (``draw_over``: Fuji's
    revealed draw and bust banner, Toutomi's total) nor the new status line renders a text."""
    import random
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(play, "KEEP_LAYER", True)
    renders = Renders(monkeypatch)
    adopted = []
    real_adopt = ahead_mod.adopt
    monkeypatch.setattr(ahead_mod, "adopt", lambda scene, a: (adopted.append(a), real_adopt(scene, a)))
    over: list = []
    driver = Driver()
    rules = registry.rules(game_id)
    seats = [SeatSetup(f"P{i}", None) for i in range(4)]
    session = Session.start(game_id, seats, 5, rules.default_options())
    scene = driver.app.goto("play", session)
    view_class = type(scene.table)
    real_over = view_class.draw_over

    def draw_over(table, surf, ix):
        renders.on, before = True, len(renders.lines)
        try:
            real_over(table, surf, ix)
        finally:
            over.extend(renders.lines[before:])
    monkeypatch.setattr(view_class, "draw_over", draw_over)
    rng = random.Random(3)
    checked = 0
    for _ in range(2000):
        if checked >= 12 or session.over:
            break
        driver.step()
        renders.on = False
        if scene.motion.busy():
            continue
        if scene.curtain_for() is not None:
            driver.click(scene.curtain_button().center)
            continue
        n_adopted = len(adopted)
        over.clear()
        renders.lines.clear()

        def landing():  # only the landing frame's renders are kept from here on
            renders.lines.clear()
            over.clear()
        driver.point_and_play(scene, rng, landing)
        if len(adopted) > n_adopted and scene.curtain_for() is None:
            checked += 1
            status = scene.table.status_line()
            assert over == [], f"{game_id}: the landing frame rendered {over} over the table"
            assert status not in renders.lines, f"{game_id}: the status line {status!r} was rendered on landing"
    assert checked >= 6, checked


def test_app_ahead_1_b_rehearsing_changes_nothing_the_table_shows(monkeypatch, tmp_path):
    """Every rehearsal in a demo game of each of the five games leaves the table's state,
    its motion layer and the frame's draw log as they were."""
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(play, "KEEP_LAYER", True)
    real = ahead_mod.rehearse
    seen: dict = {}

    def state(table):
        own = {k: (copy.copy(v) if isinstance(v, (list, dict, set)) else v) for k, v in vars(table).items()}
        mo = {k: (copy.copy(v) if isinstance(v, (list, dict, set)) else v) for k, v in
              ((k, getattr(table.motion, k)) for k in MOTION_STATE)}
        return own, mo, table.motion

    def same(a, b) -> bool:
        """Equal, or an image cache that only gained pictures (what rehearsing is for)."""
        if a == b:
            return True
        return (isinstance(a, dict) and isinstance(b, dict) and all(k in b and b[k] is v for k, v in a.items())
                and all(isinstance(b[k], pygame.Surface) for k in set(b) - set(a)))

    def rehearse(scene, table, ix):
        before, log = state(table), list(cards.DRAW_LOG.frame)
        real(scene, table, ix)
        after = state(table)
        changed = [k for k in before[0] if not same(before[0][k], after[0].get(k))]
        changed += [k for k in before[1] if not same(before[1][k], after[1].get(k))]
        assert not changed and after[2] is before[2] and set(after[0]) == set(before[0]), \
            f"{scene.game_id}: rehearsing changed the table: {changed}"
        assert cards.DRAW_LOG.frame == log, f"{scene.game_id}: rehearsing wrote faces to the draw log"
        seen[scene.game_id] = seen.get(scene.game_id, 0) + 1
    monkeypatch.setattr(ahead_mod, "rehearse", rehearse)
    driver = Driver()
    driver.app.settings.demo_pace = "fast"
    for game_id in ("toutomi", "fuji99", "brujas", "qumasu", "suma"):
        scene = driver.app.goto("play", demo_session(game_id, seed=21, lang="en"), demo=True)
        end = time.monotonic() + 20
        while time.monotonic() < end and seen.get(game_id, 0) < 6 and driver.app.top is scene:
            driver.step()
            time.sleep(0.002)
    assert all(seen.get(g, 0) >= 4 for g in ("toutomi", "fuji99", "brujas", "qumasu", "suma")), seen


def test_app_ahead_2_a_table_painted_ahead_is_painted_again_for_a_pointer_on_another_button(monkeypatch, tmp_path):
    """A person rests the pointer on Fuji 99's draw button until its table is painted ahead,
    then moves onto another button: the table is painted again for that pointer (its key is
    the one the landing frame will have); a pointer moved a pixel within the same button
    keeps it."""
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(play, "KEEP_LAYER", True)
    driver = Driver()
    rules = registry.rules("fuji99")
    session = Session.start("fuji99", [SeatSetup("A", None), SeatSetup("B", None)], 5, rules.default_options())
    scene = driver.app.goto("play", session)
    driver.step(5)
    action = next(a for a in rules.legal_actions(session.state) if driver.gesture_for(scene, a))
    piece, zone = driver.gesture_for(scene, action)
    assert piece is None  # (a click: the pointer rests on the button)
    target = scene.table.zone(zone).rect.center

    def rest(pos) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        for _ in range(600):
            driver.step()
            if scene.ahead is not None and scene.ahead.done:
                return
            time.sleep(0.001)
        pytest.fail("the move's table was never painted ahead")
    rest(target)
    painted = scene.ahead
    assert isinstance(painted.turn, foresee.Foresight)
    fork = painted.result[0]
    others = [r for r in fork._hover_rects if not r.collidepoint(target)]
    assert others, "the table draws no other button"
    moved = (target[0] + 1, target[1])
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=moved, rel=(1, 0), buttons=(0, 0, 0)))
    scene.ix.mouse = moved
    assert not painted.stale(scene)  # the same buttons under the pointer: the same key
    scene.ix.mouse = others[0].center
    assert painted.stale(scene)
    painted.step(scene)
    assert not painted.done and painted.ix.mouse == others[0].center  # painted again for it
    for _ in range(600):
        painted.step(scene)
        if painted.done:
            break
    assert painted.done and painted.result[3] == painted.result[0].layer_key(painted.ix)
    assert not painted.stale(scene)


def test_cards_1_a_card_between_sizes_uses_its_art_made_at_that_size(monkeypatch):
    """A card flying from a size whose art is already made starts with that art (no
    scaling, nothing painted anew); at a size never made, the art is scaled, not painted."""
    made = []

    def face(card_id, size):
        made.append(size)
        s = pygame.Surface(size, pygame.SRCALPHA)
        s.fill((200, 10 + size[0] % 200, 30, 255))
        return s
    pygame.display.init()
    pygame.display.set_mode((4, 4))
    painter = cards.CardPainter(face)
    small = painter.face("c", (50, 70))
    canvas = pygame.Surface((400, 400), pygame.SRCALPHA)
    scaled = []
    real = pygame.transform.smoothscale
    monkeypatch.setattr(pygame.transform, "smoothscale", lambda *a: scaled.append(a[1]) or real(*a))
    painter._blit(canvas, "c", pygame.Rect(10, 10, 50, 70), True, False, (100, 140))
    assert scaled == [] and canvas.get_at((30, 40)) == small.get_at((20, 30))
    painter._blit(canvas, "c", pygame.Rect(100, 100, 60, 84), True, False, (100, 140))
    assert scaled == [(60, 84)] and made == [(50, 70), (100, 140)]
