"""Fuji 99: the cube reveal shows each cube's true colour from its first frame (issue 9.5)."""
from __future__ import annotations

import pygame
import pytest

from games.app.play import PlayScene
from games.app.session import SeatSetup, Session
from games.core.engine import Action
from games.core.rng import rng_for
from games.fuji99.ui.art import CUBE_STYLE
from games.fuji99.ui.layout import BAG, REVEAL_STEP
from games.ui import motion
from tests.ui_driver import Driver

pytestmark = pytest.mark.usefixtures("data_dir")  # a private user data folder (conftest.py)


def test_revealed_cubes_show_their_true_colour_on_every_frame():
    checked = 0
    for seed in range(120):
        d = Driver("en")
        s = Session.start("fuji99", [SeatSetup("A"), SeatSetup("B")], seed, {"start_player": 0})
        rng = rng_for(seed, "reveal")
        for _ in range(seed * 7):  # somewhere in the game, often with cards in hand (yellow cubes pay them)
            s.apply(rng.choice(s.rules.legal_actions(s.state)))
        while not s.over and s.rules.view(s.state, None).get("stage") != "draw":
            s.apply(rng.choice(s.rules.legal_actions(s.state)))
        if s.over:
            continue
        scene = PlayScene(d.app, s)  # animations on (not instant)
        scene.unlocked = s.current
        d.app.replace(scene)
        d.step()
        scene.submit(Action.of("draw", s.rules.legal_actions(s.state)[0].args[0]))
        a = scene.table.active("reveal")
        if not a or a["mode"] != "tray" or "red" not in a["order"] or "yellow" not in a["order"] \
                or not any(p.id.startswith("yellow:") for p in scene.table.pieces):
            continue  # wanted: a draw whose yellow cubes can pay a card (they become pieces)
        order = a["order"]
        slots = scene.table.tray_slots(len(order))
        bodies = {CUBE_STYLE[k][0]: k for k in ("clear", "yellow", "red")}
        while scene.table.active("reveal"):
            d.step()
            a = scene.table.active("reveal")
            if not a:
                break
            shown = int(a["t"] / REVEAL_STEP) + 1
            flying = None  # the newest cube on its way from the bag (issue 15): where it is drawn now
            if shown <= len(slots):
                u = motion.ease_out((a["t"] - (shown - 1) * REVEAL_STEP) / REVEAL_STEP)
                flying = motion.lerp_rect(pygame.Rect(BAG.centerx - 22, BAG.centery - 22, 44, 44), slots[shown - 1], u)
            for i, r in enumerate(slots):
                probe = (r.left + r.width // 8 + 2, r.centery + r.height // 4)
                if flying is not None and i != shown - 1 and flying.inflate(4, 4).collidepoint(probe):
                    continue  # the flying cube passes over this slot this frame
                px = tuple(d.app.surface.get_at(probe))[:3]
                seen = bodies.get(px)
                want = order[i] if i < shown else None
                if i == shown - 1:  # the newest cube is still flying out of the bag (issue 15): its slot may
                    allowed = (None, want)  # be empty, but never shows a colour other than its own
                else:
                    allowed = (want,)
                assert seen in allowed, f"seed {seed}: slot {i} shows {seen} at t={a['t']:.2f}, should be {want}"
        checked += 1
        if checked >= 2:
            return
    assert checked, "no draw with yellow and red cubes found"
