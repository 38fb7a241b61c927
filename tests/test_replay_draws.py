"""A replay draws exactly what a live table draws for the same state (issue 27, item 1).

The real replay scene is driven with posted keys and clicks (step forward and back, the
scrubber, the last move, play paused in the middle of a move, open hands); once the table
stands still, what its view drew in the frame (``TableView.drew``: every card id or back
with its rect, every line of text with its rect — Toutomi's total, "Field: 4", "3 in hand"
among them; games/ui/drawn.py) must equal what a fresh table, built from the state after
the same k actions and never animated, draws.  Toutomi's replay used to draw the cards of
a move where they left from (the replay never ran the table's motion clock): a field
counted 4 over no card, the total stuck at 0, a Wild still in the hand.
"""
from __future__ import annotations

from collections import Counter

import pygame
import pytest

from games import registry
from games.app.replay import ReplayScene
from games.app.title import TitleScene
from games.core.record import GameRecord
from games.ui import drawn, theme
from games.ui.table import Interaction, TableContext
from tests.test_app_replay import played
from tests.ui_driver import Driver, button

GAMES = ("toutomi", "fuji99", "brujas", "qumasu", "suma")


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(drawn, "ENABLED", True)
    return tmp_path


def _key(d: Driver, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    d.step()


_button = button  # tests/ui_driver.py


def settle(d: Driver, scene: ReplayScene, limit: int = 400) -> None:
    """Frames until the table stands still (travel, counts, moments, a view's own flights),
    at most ``limit`` (6.7 s: what still moves then is checked as it is drawn)."""
    for _ in range(limit):
        d.step()
        if not scene.table.motion.busy() and not scene.table.update(0.0):
            break
    d.step()  # a frame drawn at rest


def fresh_draw(scene: ReplayScene, record: GameRecord) -> tuple[list, object]:
    """What a table built anew from the state after ``scene.k`` actions draws."""
    rules = registry.rules(record.game)
    state = record.replay(rules, upto=scene.k)
    assert state == scene.state
    old = scene.ctx
    ctx = TableContext(rules, old.lang, list(old.names), list(old.bots), dict(old.options))
    ctx.log, ctx.log_scroll = list(old.log), old.log_scroll  # the log is the scene's, not the state's
    ctl_cls, view_cls = registry.ui_classes(record.game)
    controller = ctl_cls(ctx)
    table = view_cls(ctx, controller)
    viewer = scene.viewer()
    view = rules.view(state, viewer)
    controller.reset_local(view)
    table.rebuild(view, viewer, [])
    table.caught_up(scene.table)  # a view's own clock (Fuji's ring pulses): time, not state
    surf = pygame.Surface((theme.W, theme.H))
    surf.fill(theme.FELT)
    table.draw(surf, Interaction(t=scene.ix.t, mouse=scene.ix.mouse))
    return table.drew, table, surf


def _zone_of(table, rect: tuple) -> str:
    centre = pygame.Rect(rect).center
    for z in reversed(table.zones):
        if z.rect.collidepoint(centre):
            return z.id
    return "table"


def summary(notes: list, table) -> dict:
    """Per zone: the cards drawn (ids, None for a back, with a count) and the texts."""
    out: dict = {}
    for kind, what, rect in notes:
        zone = out.setdefault(_zone_of(table, rect), {"cards": Counter(), "text": Counter()})
        zone["cards" if kind == "card" else "text"][what] += 1
    return out


def pixels_differ(a: pygame.Surface, b: pygame.Surface) -> list:
    """The boxes where two table pictures differ (none: the same pixels)."""
    if pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB"):
        return []
    diff = a.copy()
    diff.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    back = b.copy()
    back.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    diff.blit(back, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    mask = pygame.mask.from_threshold(diff, (0, 0, 0), (1, 1, 1, 255))
    mask.invert()
    return mask.get_bounding_rects()[:8]


def check(scene: ReplayScene, record: GameRecord, how: str) -> None:
    got = scene.table.drew
    assert got is not None, "the replay's table was not drawn"
    want, table, picture = fresh_draw(scene, record)
    if Counter(got) == Counter(want):
        boxes = pixels_differ(scene.table_shot, picture)  # kept panels too ("3 in hand")
        assert not boxes, f"{record.game} replay at move {scene.k} ({how}): same draw log, other pixels in {boxes}"
        return
    g, w = summary(got, table), summary(want, table)
    diff = {z: (g.get(z), w.get(z)) for z in set(g) | set(w) if g.get(z) != w.get(z)}
    missing = list((Counter(want) - Counter(got)).elements())[:12]
    extra = list((Counter(got) - Counter(want)).elements())[:12]
    raise AssertionError(f"{record.game} replay at move {scene.k} ({how}) draws another table than a fresh one:\n"
                         f"per zone (replay, fresh): {diff}\nmissing: {missing}\nextra: {extra}")


def open_replay(game: str, seed: int, lang: str) -> tuple[Driver, ReplayScene, GameRecord]:
    s = played(game, seed, moves=60, players=3 if game != "qumasu" else 2)
    record = GameRecord.from_json(s.record.to_json())
    d = Driver(lang)
    d.app.push(TitleScene(d.app))
    scene = ReplayScene(d.app, record)
    draw = scene.table.draw

    def shoot(surf: pygame.Surface, ix: Interaction) -> None:  # the frame's table, before the bar
        draw(surf, ix)
        scene.table_shot = surf.copy()
    scene.table.draw = shoot
    d.app.push(scene)
    d.step()
    return d, scene, record


@pytest.mark.parametrize("game", GAMES)
def test_replay_draws_what_a_fresh_table_draws_at_every_step(game):
    d, scene, record = open_replay(game, 11, "en")
    d.click(_button(scene, "play").rect.center)  # pause
    assert not scene.playing
    settle(d, scene)
    check(scene, record, "opened")
    for i in range(6):  # forward, one move at a time, each one animated
        _key(d, pygame.K_RIGHT)
        settle(d, scene)
        check(scene, record, f"forward {i + 1}")
    for i in range(2):
        d.click(_button(scene, "back").rect.center)
        settle(d, scene)
        check(scene, record, f"back {i + 1}")
    bar = scene.scrubber()
    for frac in (0.37, 0.8, 0.55):
        d.click((bar.left + int(bar.width * frac), bar.centery))
        settle(d, scene)
        check(scene, record, f"scrubbed to {frac}")
    _key(d, pygame.K_RIGHT)
    _key(d, pygame.K_RIGHT)  # two steps in a row, the second before the first has landed
    settle(d, scene)
    check(scene, record, "two quick steps")
    _key(d, pygame.K_END)
    settle(d, scene)
    assert scene.k == scene.n
    check(scene, record, "at the end")


@pytest.mark.parametrize("game", GAMES)
def test_replay_paused_in_the_middle_of_a_move_comes_to_rest_on_that_move(game):
    d, scene, record = open_replay(game, 12, "ja")
    for _ in range(3):  # play, then pause while a move is landing
        k = scene.k
        for _ in range(1200):
            d.step()
            if scene.k > k:
                break
        d.step(2)
        d.click(_button(scene, "play").rect.center)
        assert not scene.playing
        settle(d, scene)
        check(scene, record, "paused mid-move")
        d.click(_button(scene, "play").rect.center)
    d.click(_button(scene, "hands").rect.center)  # open hands: the acting seat's view
    d.click(_button(scene, "play").rect.center)
    _key(d, pygame.K_LEFT)
    settle(d, scene)
    check(scene, record, "open hands, one back")
    _key(d, pygame.K_RIGHT)
    settle(d, scene)
    check(scene, record, "open hands, one forward")
