"""Render the undo, save and replay screens to PNG in ja and en: ``python tools/saves_screens.py [out]``.

The Continue list (several unfinished games), the history list, the play screen with the
Undo button lit, and the replay controls (hidden and open hands, end of an unfinished record).
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["TABLE_DATA_DIR"] = tempfile.mkdtemp(prefix="table-saves-screens-")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from games import registry  # noqa: E402
from games.app import storage  # noqa: E402
from games.app.app import App  # noqa: E402
from games.app.play import PlayScene  # noqa: E402
from games.app.replay import ReplayScene  # noqa: E402
from games.app.saves import SavesScene  # noqa: E402
from games.app.session import SeatSetup, Session  # noqa: E402
from games.app.title import TitleScene  # noqa: E402
from games.core.rng import rng_for  # noqa: E402

NAMES = ["あおい", "Hinata", "そら", "Rin"]


def shot(app: App, path: Path, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(1 / 60)
    pygame.image.save(app.surface, str(path))
    print(path)


def played(game: str, players: int, moves: int | None, seed: int, bots: int = 0) -> Session:
    best = list(registry.bots(game))[-1]
    seats = [SeatSetup(NAMES[i], best if i >= players - bots else None) for i in range(players)]
    s = Session.start(game, seats, seed, {**registry.rules(game).default_options(), "start_player": 0})
    rng = rng_for(seed, "screens")
    while not s.over and (moves is None or len(s.record.actions) < moves):
        s.apply(rng.choice(s.rules.legal_actions(s.state)))
    return s


def undo_scene(app: App) -> PlayScene:
    """Fuji 99 right after *Go again*: the Undo button is lit."""
    for seed in range(50):
        s = played("fuji99", 2, 0, seed, bots=1)
        rng = rng_for(seed, "undo-shot")
        for _ in range(400):
            if s.over or s.current != 0 and s.is_bot_turn():
                if s.over:
                    break
                s.apply(rng.choice(s.rules.legal_actions(s.state)))
                continue
            again = [a for a in s.rules.legal_actions(s.state) if a.kind == "again"]
            if again and len(s.record.actions) > 20:
                scene = PlayScene(app, s, instant=True)
                scene.submit(again[0])
                return scene
            s.apply(rng.choice(s.rules.legal_actions(s.state)))
    raise SystemExit("no Go again found")


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "screens")
    out.mkdir(parents=True, exist_ok=True)
    for i, (game, players, moves) in enumerate([("toutomi", 4, 23), ("fuji99", 2, 41), ("brujas", 3, 17),
                                                ("qumasu", 2, 30)]):
        storage.write_slot(played(game, players, moves, 10 + i))
    for i, game in enumerate(["toutomi", "brujas"]):
        storage.finish_game(played(game, 3, None, 20 + i))
    record = played("toutomi", 3, 40, 31).record
    for lang in ("ja", "en"):
        app = App(fullscreen=False)
        app.settings.lang = lang
        app.push(TitleScene(app))
        shot(app, out / f"saves_title_{lang}.png")
        app.push(SavesScene(app, "unfinished"))
        shot(app, out / f"saves_continue_{lang}.png")
        app.replace(SavesScene(app, "finished"))
        shot(app, out / f"saves_history_{lang}.png")
        scene = undo_scene(app)
        app.replace(scene)
        scene.ix.mouse = scene.undo_button.rect.center
        shot(app, out / f"undo_button_{lang}.png")
        replay = ReplayScene(app, record)
        app.replace(replay)
        replay.toggle()
        replay.seek(17)
        shot(app, out / f"replay_controls_{lang}.png")
        replay.toggle_hands()
        shot(app, out / f"replay_open_hands_{lang}.png")
        replay.seek(replay.n)
        shot(app, out / f"replay_end_{lang}.png")
        pygame.quit()


if __name__ == "__main__":
    main()
