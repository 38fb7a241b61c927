"""What a frame costs while a moment shows or waits (issue 13.3): the table under a moment
is kept, not painted each frame (Fuji's shaken board too), and a moment's art is made
ahead (piece by piece) so its frames only blit; the pixels stay those of painting it."""
from __future__ import annotations

import pygame
import pytest

from games import registry
from games.app import play
from games.app.play import PlayScene
from games.app.session import SeatSetup, Session
from games.core.rng import rng_for
from tests.test_kept_layer import LayerChecker
from tests.ui_driver import Driver


@pytest.fixture
def checker(monkeypatch, tmp_path):
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(play, "KEEP_LAYER", True)
    return LayerChecker(monkeypatch, tmp_path)


def before(game: str, players: int, event: str, seed: int) -> tuple[Session, object]:
    """A session (seat 0 a person, bots elsewhere) just before seat 0's action that has ``event``."""
    rules = registry.rules(game)
    bot = list(registry.bots(game))[0]
    for k in range(40):
        seats = [SeatSetup("Aoi")] + [SeatSetup(f"Bot {i}", bot) for i in range(1, players)]
        s = Session.start(game, seats, seed + k, {**rules.default_options(), "start_player": 0})
        rng = rng_for(seed + k, "moment-frames")
        for _ in range(4000):
            if s.over:
                break
            legal = rules.legal_actions(s.state)
            for a in legal if s.current == 0 else []:
                if any(key == event for key, _ in rules.view(rules.apply(s.state, a), None).get("events", [])):
                    return s, a
            s.apply(rng.choice(legal))
    raise AssertionError(f"no {event} found")


@pytest.mark.parametrize("speed", ["fast", "normal", "slow"])
@pytest.mark.parametrize("event", ["fuji99.red_bust", "fuji99.crisis_bust"])
def test_fuji_bust_under_its_moment_is_kept_not_painted_every_frame(checker, monkeypatch, event, speed):
    """The board shakes (the table painted each frame) only while the table's clock runs:
    under the moment it stands still, so one paint is kept; the kept layer equals a fresh
    paint at every such frame (the checker).  Every bot speed: the moment's length and the
    shake's follow it."""
    session, action = before("fuji99", 3, event, 3)
    driver = Driver("en")
    driver.app.settings.bot_speed = speed
    scene = PlayScene(driver.app, session)  # motion and moments on
    driver.app.replace(scene)
    scene.unlocked = session.current
    scene.refresh(initial=True)
    driver.step(2)
    scene.bot_turn = None
    scene.submit(action)
    table = scene.table
    while table.anims and table.anims[0]["kind"] != "bust":  # the reveal over, the moment due (as
        table.anims.pop(0)  # the demo often has it): the board shakes under the moment
    scene.motion.finish()
    shown = painted = 0
    shaken = False
    for _ in range(400):
        scene.bot_turn = None
        n = checker.painted
        driver.step()
        m = scene.motion.moment_now()
        if m is not None and m.t0 is not None and m.kind in ("red_bust", "crisis"):
            shown += 1
            painted += checker.painted - n
            shaken = shaken or scene.table.shaken()
        elif shown:
            break
    assert shown >= 20, shown
    assert painted <= 1, painted  # painted once (or kept from before), then kept under the moment
    assert checker.kept >= shown - 1  # and each kept frame equals a fresh paint (the checker)
    assert shaken  # (the case that was painted every frame)
