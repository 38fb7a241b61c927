"""Announcements keep to their own zone; the Wild shows what it became (issue 15.4)."""
from __future__ import annotations

import pygame
import pytest

from games import registry
from games.app.play import PlayScene
from games.app.session import SeatSetup, Session
from games.core.engine import Action
from games.core.rng import rng_for
from tests.ui_driver import Driver

pytestmark = pytest.mark.usefixtures("data_dir")  # a private user data folder (conftest.py)


def _scene(d: Driver, game_id: str, players: int, seed: int) -> PlayScene:
    rules = registry.rules(game_id)
    seats = [SeatSetup(n) for n in ["Aoi", "Hinata", "Sora", "Rin"][:players]]
    s = Session.start(game_id, seats, seed, {**rules.default_options(), "start_player": 0})
    scene = PlayScene(d.app, s, instant=True)
    d.app.replace(scene)
    return scene


def _unlocked_turns(scene: PlayScene, rng, turns: int):
    """Up to ``turns`` turns of the scene's game played on by random legal actions, each first
    shown to the seat to act (no curtain, the table refreshed) for the caller to look at."""
    for _ in range(turns):
        s = scene.session
        if s.over:
            return
        scene.unlocked = s.current
        scene.refresh()
        yield
        scene.submit(rng.choice(s.rules.legal_actions(s.state)))


def _wild_in_hand(scene: PlayScene) -> Action | None:
    s = scene.session
    return next((a for a in s.rules.legal_actions(s.state) if a.kind == "play"
                 and s.rules.card_info(a.args[0])["kind"] == "wild"), None)


def test_r3_5_wild_picker_leaves_the_wild_visible_and_the_field_shows_its_meaning():
    d = Driver("en")
    for seed in range(40):
        scene = _scene(d, "toutomi", 3, seed)
        for _ in _unlocked_turns(scene, rng_for(seed, "wild"), 80):
            play = _wild_in_hand(scene)
            if play is not None:
                break
        if play is not None:
            break
    assert play is not None, "no Wild dealt in 40 seeds"
    card = play.args[0]
    scene.submit(play)
    scene.unlocked = scene.session.current
    scene.refresh()
    d.step()
    pickers = [z.rect for z in scene.table.zones if z.id.startswith("wild:")]
    assert len(pickers) == 4
    field = scene.table.view["field"]
    shown = field[-3:]
    from games.toutomi.ui.view import FIELD
    wild_rect = pygame.Rect(FIELD.left + 40 + shown.index(card) * 105, FIELD.top + 56, 150, 210)
    assert not any(p.colliderect(wild_rect) for p in pickers), "the picker covers the Wild"
    d.perform(Action.of("wild", "reverse"))
    assert scene.table.view["wild_as"].get(card) == "reverse"
    d.step()


@pytest.mark.parametrize("game_id", ["toutomi", "fuji99", "brujas", "qumasu"])
def test_announcement_zone_is_clear_of_controls_and_counts(game_id):
    """The zone holds no zone (control) or piece of the table at any step of a game."""
    d = Driver("en")
    rules = registry.rules(game_id)
    scene = _scene(d, game_id, rules.max_players, 3)
    zone = scene.table.announce_zone()
    for _ in _unlocked_turns(scene, rng_for(3, "zones"), 120):
        for z in scene.table.zones:
            assert not z.rect.colliderect(zone), f"{z.id} under the announcements"
        for p in scene.table.pieces:
            assert not p.rect.colliderect(zone), f"{p.id} under the announcements"
    assert zone.top >= 76 and zone.bottom <= 1080


def test_long_log_scrolls_with_the_wheel_and_stays_in_range():
    d = Driver("ja")
    scene = _scene(d, "toutomi", 2, 4)
    scene.unlocked = scene.session.current
    scene.ctx.log[:] = [f"{i}番目の出来事：Aoiがカードを1枚出しました。場の合計は{i}です。" for i in range(60)]
    d.step()
    rect = scene.ctx.log_rect
    assert rect is not None and scene.ctx.log_scroll == 0
    d.post(pygame.MOUSEMOTION, rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2))
    d.step()
    assert scene.ctx.log_scroll == 6
    for _ in range(200):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=5))
    d.step(2)
    top = scene.ctx.log_scroll
    assert 0 < top < 60 * 4  # clamped to the oldest line
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1000))
    d.step(2)
    assert scene.ctx.log_scroll == 0
