"""Pictures of the store demo's guided segments (issue 30.4), ja and en, for a look by eye.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python tools/guided_screens.py OUT_DIR [WIDTHxHEIGHT]

For every demo game: its guided segment's first frame (the how-to-win line) and the
table after a few bot moves (a reason in the caption strip), saved at the canvas size
(1920×1080) or scaled to the size given (as a window of that size shows it).
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def shoot(out: Path, lang: str, size: tuple[int, int] | None) -> None:
    import pygame

    from games.app.app import App
    from games.app.demo import demo_games, start_demo
    app = App(fullscreen=False, demo=True)
    app.sounds.enabled = False
    app.settings.lang = app.settings.demo_langs = lang
    app.settings.staff_pin = "2468"

    def save(name: str) -> None:
        app.draw()
        shot = app.surface if size is None else pygame.transform.smoothscale(app.surface, size)
        pygame.image.save(shot, str(out / f"{name}-{lang}.png"))

    for i, game in enumerate(demo_games(app.settings)):
        start_demo(app, i)
        app.top.seconds = 0.0  # past the how-to card
        app.step(0.05)
        scene = app.top
        app.step(0.05)
        save(f"guided_{game}_goal")
        for _ in range(6):  # a few moves, each landing when due
            for _ in range(400):
                turn = scene.bot_turn
                if turn is not None:
                    turn.due = 0
                    turn.done.wait(10)
                app.step(0.05)
                if turn is not None and scene.bot_turn is not turn and scene.caption is not None:
                    break
        for _ in range(60):
            app.step(0.05)  # the last move at rest
        scene.kept = None
        save(f"guided_{game}_why")


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "guided-screens")
    size = tuple(int(v) for v in sys.argv[2].split("x")) if len(sys.argv) > 2 else None
    out.mkdir(parents=True, exist_ok=True)
    for lang in ("ja", "en"):
        os.environ["TABLE_DATA_DIR"] = tempfile.mkdtemp(prefix="table-guided-screens-")
        shoot(out, lang, size)
    return 0


if __name__ == "__main__":
    sys.exit(main())
