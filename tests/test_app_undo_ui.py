"""Undo and misfires through the real play scene (posted mouse and key events).

* the Undo button and Ctrl+Z take back the person's own action: it leaves the state, the
  record, the autosave slot and the log; they are off for bots, after a draw, and behind
  a pass-and-play curtain;
* a press that starts on something that cannot be dragged (or on empty felt), or a drag
  that ends on no legal target, never triggers the button under the release point — for
  every game's buttons (Fuji's Go again, Toutomi's seats and Done, Qumasu's End...);
* lifting a curtain does not repeat the last turn in the log.
"""
from __future__ import annotations

import pygame
import pytest

from games import registry
from games.app import storage
from games.app.play import PlayScene
from games.app.session import SeatSetup, Session
from games.core.engine import Action
from games.core.rng import rng_for
from games.ui.table import UiCommand
from tests.ui_driver import Driver

PLAYERS = {"toutomi": 3, "fuji99": 2, "brujas": 3, "qumasu": 2}


pytestmark = pytest.mark.usefixtures("data_dir")  # a private user data folder (conftest.py)


def _button(scene, key):
    return next(b for b in scene.buttons if b.key == key)


def table(game: str, seed: int, humans: int | None = None) -> tuple[Driver, Session, PlayScene]:
    n = PLAYERS[game]
    humans = n if humans is None else humans
    best = list(registry.bots(game))[-1]
    seats = [SeatSetup(f"P{i}", None if i < humans else best) for i in range(n)]
    d = Driver("en")
    s = Session.start(game, seats, seed, {**registry.rules(game).default_options(), "start_player": 0})
    scene = PlayScene(d.app, s, instant=True)
    d.app.replace(scene)
    d.step()
    return d, s, scene


def lift(d: Driver, scene: PlayScene) -> None:
    if scene.curtain_for() is not None:
        d.click(scene.curtain_button().center)


def advance_until(d, s, scene, want, seed, steps=600) -> bool:
    """Random legal actions (applied through the scene) until ``want(scene)`` holds."""
    rng = rng_for(seed, "advance")
    for _ in range(steps):
        lift(d, scene)
        if s.over:
            return False
        if s.is_bot_turn() or scene.bot_turn:
            d.step()
            continue
        if want(scene):
            return True
        scene.submit(rng.choice(s.rules.legal_actions(s.state)))
        d.step()
    return False


# --- undo ----------------------------------------------------------------------------------
def test_fuji_go_again_taken_back_by_the_button_and_by_ctrl_z(data_dir):
    d, s, scene = table("fuji99", 4, humans=1)
    def decide(sc):
        return sc.table.view.get("stage") == "decide" and sc.session.current == 0
    assert advance_until(d, s, scene, decide, 4)
    d.step()
    assert not _button(scene, "undo").enabled  # the cubes were just drawn: nothing to take back
    before, record, log = s.state, list(s.record.actions), list(scene.ctx.log)
    d.perform(Action.of("again"))
    assert s.record.actions == record + ["again"] and len(scene.ctx.log) > len(log)
    d.step()
    assert _button(scene, "undo").enabled
    d.click(_button(scene, "undo").rect.center)
    assert s.state == before and s.record.actions == record and scene.ctx.log == log
    (save,) = storage.unfinished_games()[0]
    assert save.record.actions == record  # the autosave forgot it too
    d.perform(Action.of("again"))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL, unicode="z"))
    d.step()
    assert s.state == before and s.record.actions == record


def _last_use(sc):
    """The use of the only card the person to act can pay for, else None."""
    s = sc.session
    if s.current != 0 or s.is_bot_turn():
        return None
    uses = [a for a in s.rules.legal_actions(s.state) if a.kind == "use"]
    return uses[0] if len(uses) == 1 else None


def test_fuji_r2_6_r2_7_the_last_usable_card_taken_back_by_the_button(data_dir):
    """Undo stays lit after the use of the last card that could be paid for: the Fuji card
    is drawn by its own step (discover), so the use can be taken back until then."""
    d, s, scene = table("fuji99", 6, humans=1)
    assert advance_until(d, s, scene, lambda sc: _last_use(sc) is not None, 6, steps=3000)
    d.step()
    use = _last_use(scene)
    before, record = s.state, list(s.record.actions)
    d.perform(use)
    d.step()
    assert s.record.actions == record + [str(use)] and s.state.pending.kind == "ability"
    assert _button(scene, "undo").enabled, "the use of the last usable card can be taken back"
    d.click(_button(scene, "undo").rect.center)
    assert s.state == before and s.record.actions == record
    d.perform(use)
    d.perform(Action.of("discover"))  # the Fuji card drawn: from now on the turn is committed
    d.step()
    assert s.record.actions[-2:] == [str(use), "discover"] and not _button(scene, "undo").enabled


def test_undo_is_off_behind_a_curtain_and_for_the_next_person(data_dir):
    d, s, scene = table("toutomi", 2)
    def attack(sc):
        return sc.session.current is not None and any(
            a.kind == "play" and sc.session.rules.apply_tracked(sc.session.state, a)[1]
            and sc.session.rules.current_player(sc.session.rules.apply(sc.session.state, a)) == sc.session.current
            for a in sc.session.rules.legal_actions(sc.session.state))
    assert advance_until(d, s, scene, attack, 2)
    a = next(
        a
        for a in s.rules.legal_actions(s.state)
        if a.kind == "play"
        and s.rules.apply_tracked(s.state, a)[1]
        and s.rules.current_player(s.rules.apply(s.state, a)) == s.current
    )
    before = s.state
    d.perform(a)
    d.step()
    assert _button(scene, "undo").enabled
    d.click(_button(scene, "undo").rect.center)
    assert s.state == before
    d.perform(a)  # again, then its follow-up choices until the turn passes to the next person
    actor = s.current
    while s.current == actor:
        d.perform(s.rules.legal_actions(s.state)[0])
    d.step()
    assert scene.curtain_for() is not None and not _button(scene, "undo").enabled
    lift(d, scene)
    d.step()
    assert not _button(scene, "undo").enabled and not s.can_undo()


def test_lifting_a_curtain_does_not_repeat_the_last_turn_in_the_log(data_dir):
    for game in ("toutomi", "brujas"):
        d, s, scene = table(game, 1)
        rng = rng_for(1, "log")
        for _ in range(12):
            lift(d, scene)
            before = list(scene.ctx.log)
            scene.submit(rng.choice(s.rules.legal_actions(s.state)))
            d.step()
            added = scene.ctx.log[len(before):] if len(before) < 40 else None
            lift(d, scene)
            d.step()
            if added is not None:
                assert scene.ctx.log[len(before):] == added, f"{game}: a lifted curtain repeated the log"


def _random_turns(d: Driver, s: Session, scene: PlayScene, rng, turns: int = 300):
    """The turns of a game played on by random legal actions (through the scene, curtains
    lifted) until it is over: the caller acts at each one and may stop there."""
    for _ in range(turns):
        lift(d, scene)
        if s.over:
            return
        yield
        scene.submit(rng.choice(s.rules.legal_actions(s.state)))
        d.step()


# --- misfires --------------------------------------------------------------------------------
def _clickable(scene) -> list:
    """Zones whose plain click means a legal action (the game's buttons) right now."""
    legal = set(scene.table.legal)
    out = []
    for z in scene.table.zones:
        a = scene.controller.action_for(scene.table.view, None, z.id)
        if isinstance(a, Action) and a in legal:
            out.append(z)
    return out


def _press_points(scene, zone) -> list[tuple[int, int]]:
    """Points outside ``zone``: on non-draggable pieces first, then on bare felt."""
    pts = [p.rect.center for p in scene.table.pieces if not p.draggable and not zone.rect.collidepoint(p.rect.center)]
    for y in range(120, 1060, 60):
        for x in range(20, 1900, 60):
            if scene.table.piece_at((x, y)) is None and scene.table.zone_at((x, y)) is None:
                pts.append((x, y))
                if len(pts) > 3:
                    return pts
    return pts


def _select_a_piece(d: Driver, scene) -> list:
    """Click-select a draggable piece that has legal targets; those targets."""
    legal = set(scene.table.legal)
    for p in [p for p in scene.table.pieces if p.draggable]:
        targets = [z for z in scene.table.zones
                   if scene.controller.action_for(scene.table.view, p.id, z.id) in legal]
        if targets:
            d.click(p.rect.center)
            assert scene.ix.selected == p.id
            return targets
    return []


def _drag(d: Driver, start, end) -> None:
    d.post(pygame.MOUSEBUTTONDOWN, start)
    for k in range(1, 6):
        d.post(pygame.MOUSEMOTION, (start[0] + (end[0] - start[0]) * k // 5, start[1] + (end[1] - start[1]) * k // 5))
    d.post(pygame.MOUSEBUTTONUP, end)


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_press_elsewhere_released_on_a_button_never_clicks_it(game):
    d, s, scene = table(game, 3)
    checked = 0
    for _ in _random_turns(d, s, scene, rng_for(3, "misfire")):
        zones = _clickable(scene)
        if not zones:  # no buttons (Brujas): a selected card's targets act on a click instead
            zones = _select_a_piece(d, scene)
        for zone in zones[:3]:
            for start in _press_points(scene, zone)[:2]:
                record, local = list(s.record.actions), dict(scene.controller.local)
                _drag(d, start, zone.rect.center)
                assert s.record.actions == record, f"{game}: press at {start} released on {zone.id} clicked it"
                assert scene.controller.local == local
                checked += 1
        if checked >= 6:
            break
    assert checked >= 3, f"{game}: no button found to test"


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_drag_ending_on_no_legal_target_never_triggers_the_button(game):
    d, s, scene = table(game, 7)
    checked = 0
    for _ in _random_turns(d, s, scene, rng_for(7, "drop")):
        legal = set(scene.table.legal)
        for piece in [p for p in scene.table.pieces if p.draggable][:4]:
            for zone in scene.table.zones:
                meant = scene.controller.action_for(scene.table.view, piece.id, zone.id)
                click = scene.controller.action_for(scene.table.view, None, zone.id)
                if (isinstance(meant, Action) and meant in legal) or (isinstance(meant, UiCommand) and meant != click):
                    continue  # a real target for this piece
                if zone.rect.collidepoint(piece.rect.center) or scene.table.piece_at(zone.rect.center) is not None:
                    continue
                record, local = list(s.record.actions), dict(scene.controller.local)
                _drag(d, piece.rect.center, zone.rect.center)
                d.step(20)  # let the refused piece snap back
                assert s.record.actions == record, f"{game}: {piece.id} dropped on {zone.id} acted"
                assert scene.controller.local == local, f"{game}: {piece.id} dropped on {zone.id} clicked it"
                checked += 1
                break
        if checked >= 4:
            break
    assert checked >= 2, f"{game}: no drag to test"


def test_fuji_hand_card_pressed_and_released_on_go_again_does_not_go_again():
    """The exact slip of issue 9: press on a hand card, slide onto Go again, release."""
    d, s, scene = table("fuji99", 11, humans=1)
    def decide(sc):
        return sc.table.view.get("stage") == "decide" and sc.session.current == 0 \
            and sc.table.hand_rects
    assert advance_until(d, s, scene, decide, 11)
    again = scene.table.zone("again")
    cards = list(getattr(scene.table, "hand_rects", {}).values())
    start = cards[0].center if cards else (again.rect.left - 300, again.rect.centery)
    record = list(s.record.actions)
    _drag(d, start, again.rect.center)
    assert s.record.actions == record
    d.click(again.rect.center)  # a real click still works
    assert s.record.actions == record + ["again"]


def test_qumasu_card_dropped_on_a_graveyard_snaps_back_without_opening_it():
    """A graveyard is a button (click: browse it) that takes no pieces."""
    d, s, scene = table("qumasu", 5)
    def has_hand(sc):
        return any(p.draggable and p.id.startswith("hand:") for p in sc.table.pieces) \
            and sc.table.zone(f"grave:{sc.session.current}") is not None
    assert advance_until(d, s, scene, has_hand, 5)
    piece = next(p for p in scene.table.pieces if p.draggable and p.id.startswith("hand:"))
    grave = scene.table.zone(f"grave:{s.current}")
    record = list(s.record.actions)
    _drag(d, piece.rect.center, grave.rect.center)
    assert s.record.actions == record and scene.controller.local.get("browse") is None
    d.step(20)  # the card flies home
    d.click(grave.rect.center)  # a click still opens it
    assert scene.controller.local.get("browse") == s.current


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_undo_button_through_the_scene_for_every_game(game, data_dir):
    d, s, scene = table(game, 13)
    assert advance_until(d, s, scene, lambda sc: sc.may_undo(), 13, steps=1500), f"{game}: nothing to undo"
    d.step()
    before, record = s.undo_states[-1], s.record.actions[:-1]
    assert _button(scene, "undo").enabled
    d.click(_button(scene, "undo").rect.center)
    assert s.state == before and s.record.actions == record
    (save,) = storage.unfinished_games()[0]
    assert save.record.actions == record
