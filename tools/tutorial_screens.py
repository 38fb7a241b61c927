"""Render every step of each guided first game to PNG, headless, in ja and en:
``python tools/tutorial_screens.py [out_dir] [game…]``.

Each step's screen is saved when the table has settled (the bots' moves landed, the
travel and moments over): ``<game>_<lang>_<nn>.png`` with the instruction,
``<game>_<lang>_<nn>w.png`` with its why, ``<game>_<lang>_end.png`` the end; each also as
seen on a 1366×768 screen (``*_1366.png``).  The moves are submitted as the highlighted
gesture would make them.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TABLE_DATA_DIR", "/tmp/table-screens")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.app.app import App  # noqa: E402
from games.app.tutorial_scene import TutorialScene  # noqa: E402
from games.core import tutorial  # noqa: E402
from tools.screens import shot  # noqa: E402

GAMES = ("toutomi", "fuji99", "brujas", "qumasu", "suma")


def settle(app: App, scene: TutorialScene, most: int = 600) -> None:
    """Frames until nothing moves and no bot is thinking (at most ``most``)."""
    for _ in range(most):
        app.step(1 / 60)
        busy = scene.motion.busy() or scene.motion.moment_now() is not None or scene.motion.queue
        if not busy and scene.bot_turn is None and not scene.table_moving:
            return


def render(app: App, game: str, lang: str, out: Path) -> int:
    """Every step's screen of ``game`` in ``lang``; returns how many were saved."""
    app.settings.lang = lang
    app.settings.bot_speed = "fast"
    scene = TutorialScene(app, game)
    app.replace(scene)
    runner, saved = scene.runner, 0
    for _ in range(200):
        settle(app, scene)
        if runner.done:
            shot(app, out / f"{game}_{lang}_end.png")
            return saved + 1
        if runner.waiting or runner.person_turn():
            shot(app, out / f"{game}_{lang}_{runner.index + 1:02d}{'w' if runner.showing_why else ''}.png")
            saved += 1
        if runner.waiting:
            scene.next_step()
        elif runner.person_turn():
            step = runner.step
            scene.submit(step.actions[0] if step.actions else scene.session.rules.legal_actions(
                scene.session.state)[0])
    raise SystemExit(f"{game}: the tutorial did not end")


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else Path("tutorial_screens")
    out.mkdir(parents=True, exist_ok=True)
    games = [g for g in (argv[1:] or GAMES) if tutorial.exists(g)]
    app = App(fullscreen=False)
    app.sounds.enabled = False
    for game in games:
        for lang in ("ja", "en"):
            print(game, lang, render(app, game, lang, out), "screens")


if __name__ == "__main__":
    main(sys.argv[1:])
