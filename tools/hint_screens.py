"""Render a hinted table of every game to PNG, headless, in ja and en:
``python tools/hint_screens.py [out_dir]`` (games/app/hint.py).

Each game is played a few moves into a game (seed 3) to a person's turn; H is pressed and
the frame is saved once the hint shows (the 1920×1080 canvas, and ``*_1366.png`` as it
looks on a 1366×768 screen), then once more with the pointer on the Hint button.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TABLE_DATA_DIR", "/tmp/table-screens")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from games import registry  # noqa: E402
from games.app.app import App  # noqa: E402
from games.app.play import PlayScene  # noqa: E402
from games.app.session import SeatSetup, Session  # noqa: E402
from games.core.rng import rng_for  # noqa: E402
from games.ui import theme  # noqa: E402

MOVES = {"toutomi": 5, "fuji99": 3, "brujas": 7, "qumasu": 6, "suma": 5}


def person_turn(game_id: str, moves: int) -> Session:
    """Seat 0 a person, the others bots, ``moves`` random moves in, at the person's turn."""
    rules = registry.rules(game_id)
    seats = [SeatSetup("Aoi")] + [SeatSetup(f"Bot {i}", "strong") for i in range(1, rules.min_players)]
    s = Session.start(game_id, seats, 3, rules.default_options())
    rng = rng_for(3, "hint-screens")
    while not s.over and (moves > 0 or s.current != 0):
        s.apply(rng.choice(rules.legal_actions(s.state)))
        moves -= 1
    return s


def shot(app: App, path: Path) -> None:
    app.step(1 / 60)
    pygame.image.save(app.surface, str(path))
    pygame.image.save(pygame.transform.smoothscale(app.surface, (1366, 768)),
                      str(path.with_name(path.stem + "_1366.png")))
    print(path)


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    app = App(fullscreen=False)
    app.settings.reduced_motion = True  # the outline stands still
    for lang in ("ja", "en"):
        app.settings.lang = lang
        for game_id in registry.playable_ids():
            scene = PlayScene(app, person_turn(game_id, MOVES.get(game_id, 4)), instant=True)
            app.replace(scene)
            app.step(1 / 60)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
            app.step(1 / 60)
            if scene.hint is not None:
                scene.hint.done.wait(30)
            scene.ix.mouse = (theme.W // 2, theme.H - 10)
            shot(app, out / f"hint_{game_id}_{lang}.png")
            scene.ix.mouse = scene.hint_button.rect.center
            shot(app, out / f"hint_button_{game_id}_{lang}.png")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/table-screens/hint"))
