"""Drive the real scenes headless with posted mouse events (used by the UI tests).

``Driver`` owns an App on the dummy video driver; ``perform(action)`` finds the gesture
that means ``action`` in the current table (a piece dragged onto a zone, or a zone
clicked) and posts the mouse events for it, exactly as a person would do it.
"""
from __future__ import annotations

import pygame

from games.app.app import App
from games.app.bench_frames import gesture_for
from games.app.play import PlayScene
from games.core.engine import Action
from games.ui import cards


class Driver:
    def __init__(self, lang: str = "en") -> None:
        self.app = App(fullscreen=False)
        self.app.settings.lang = lang
        self.app.sounds.enabled = False
        pygame.event.clear()

    def step(self, frames: int = 1) -> None:
        for _ in range(frames):
            self.app.step(1 / 60)

    def post(self, kind: int, pos: tuple[int, int], **extra) -> None:
        if kind == pygame.MOUSEMOTION:
            pygame.event.post(pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        else:
            pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
        self.step()

    def click(self, pos: tuple[int, int]) -> None:
        self.post(pygame.MOUSEBUTTONDOWN, pos)
        self.post(pygame.MOUSEBUTTONUP, pos)

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 4) -> None:
        self.post(pygame.MOUSEBUTTONDOWN, start)
        for k in range(1, steps + 1):
            p = (start[0] + (end[0] - start[0]) * k // steps, start[1] + (end[1] - start[1]) * k // steps)
            self.post(pygame.MOUSEMOTION, p)
        self.post(pygame.MOUSEBUTTONUP, end)

    @property
    def scene(self):
        return self.app.top

    def gesture_for(self, scene: PlayScene, action: Action):
        """(piece_id | None, zone_id) whose gesture means ``action``, else None."""
        return gesture_for(scene, action)

    def point_and_play(self, scene: PlayScene, rng, before_landing=None) -> int:
        """One of a person's moves, chosen by ``rng``, played by pointer as a person would:
        the piece taken (or the pointer moved to the button) and rested on its target until
        its table is painted ahead (games/app/foresee.py; or refused), then dropped or
        clicked there.  ``before_landing()`` runs just before the release.  Returns the move
        number that landed; fails the test when the gesture lands nothing."""
        import time
        session = scene.session
        gestures = [g for a in session.rules.legal_actions(session.state) if (g := self.gesture_for(scene, a))]
        piece, zone = rng.choice(gestures)
        target = scene.table.zone(zone).rect.center
        if piece is None:
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(0, 0, 0)))
        else:
            start = scene.table.piece(piece).rect.center
            self.post(pygame.MOUSEBUTTONDOWN, start)
            self.post(pygame.MOUSEMOTION, (start[0] + 20, start[1]))
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0)))
        for _ in range(600):  # the pointer rests on the target until its table is painted (or refused)
            self.step()
            fs = scene.__dict__.get("foresight")
            if (scene.ahead is not None and scene.ahead.done) or (fs and fs.done.is_set() and fs.after is None):
                break
            time.sleep(0.001)  # (the bot worker works the move out meanwhile)
        if before_landing is not None:
            before_landing()
        n = len(session.record.actions)
        if piece is None:
            self.click(target)
        else:
            self.post(pygame.MOUSEBUTTONUP, target)
        assert len(session.record.actions) == n + 1, "the gesture did not land its move"
        return n + 1

    def perform(self, action: Action, use_drag: bool = True) -> None:
        """Do ``action`` through the mouse; fails the test if no gesture means it."""
        scene = self.scene
        found = self.gesture_for(scene, action)
        assert found is not None, f"no gesture for {action} in {scene.game_id}"
        piece, zone = found
        zrect = scene.table.zone(zone).rect
        if piece is None:
            self.click(zrect.center)
            return
        prect = scene.table.piece(piece).rect
        if use_drag:
            self.drag(prect.center, zrect.center)
        else:  # click the piece, then click the target
            self.click(prect.center)
            self.click(zrect.center)


def button(scene, key: str):
    """The scene's button with ``key`` (title, setup, saves, replay controls)."""
    return next(b for b in scene.buttons if b.key == key)


def face_up_this_frame() -> list[str]:
    return list(cards.DRAW_LOG.frame)


def play_through(driver: Driver, session, seed: int, check_secrets: bool = True,
                 max_moves: int = 3000, perform=None, after_move=None) -> dict:
    """Play ``session`` to the results screen by mouse, choosing random legal actions.

    Every gesture must apply exactly the intended action.  With ``check_secrets``, no
    frame may draw face up a card of ``secret_ids(state, allowed)``, where ``allowed`` is
    the seat whose curtain the test lifted last (or the only person).  ``perform(driver,
    scene, action, rng)`` replaces the generic gesture finder (e.g. Fuji's +/− cubes).
    Returns counters: moves, curtains, private (decisions showing secrets), public.
    """
    import pytest

    from games.app.results import ResultsScene
    from games.core.rng import rng_for
    scene = PlayScene(driver.app, session, instant=True)
    driver.app.replace(scene)
    rng = rng_for(seed, "ui-test")
    rules = session.rules
    humans = [i for i, s in enumerate(session.record.seats) if s["bot"] is None]
    allowed = humans[0] if len(humans) == 1 else None
    counts = {"moves": 0, "curtains": 0, "private": 0, "public": 0, "public_spectator": 0}
    cards.DRAW_LOG.enabled = True
    try:
        for _ in range(max_moves * 4):
            driver.step()
            if check_secrets:
                leaked = set(cards.DRAW_LOG.frame) & rules.secret_ids(session.state, allowed)
                assert not leaked, f"frame drew {sorted(leaked)} face up while {allowed} holds the device"
            if isinstance(driver.scene, ResultsScene):
                return counts
            if driver.scene is not scene or session.over or session.is_bot_turn():
                continue
            if scene.curtain_for() is not None:
                assert rules.needs_privacy(session.state), "a curtain before a public decision"
                assert not cards.DRAW_LOG.frame, "nothing face up behind the curtain"
                allowed = scene.curtain_for()
                counts["curtains"] += 1
                driver.click(scene.curtain_button().center)
                continue
            private, spectator = rules.needs_privacy(session.state), scene.table.viewer is None
            action = rng.choice(rules.legal_actions(session.state))
            before = len(session.record.actions)
            if perform:
                perform(driver, scene, action, rng)
            else:
                driver.perform(action, use_drag=rng.random() < 0.7)
            assert len(session.record.actions) > before, f"gesture for {action} did not apply"
            assert session.record.actions[before] == str(action)
            counts["moves"] += 1
            counts["private" if private else "public"] += 1
            counts["public_spectator"] += (not private) and spectator
            if after_move:
                after_move(scene)
        pytest.fail("the game did not reach the results screen")
    finally:
        cards.DRAW_LOG.enabled = False
    return counts
