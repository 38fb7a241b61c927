"""Pictures of tables with a tip shown (games/ui/tips.py), ja and en, for a look by eye.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python tools/tip_screens.py OUT_DIR [GAME ...]

Each game is played at random to the middle (one person, bots), then the pointer rests on
one thing of each kind the table explains (a card, a back, a counter, a badge...) and the
frame is saved: ``<game>_<lang>_<k>_<tip key>.png`` (1920×1080).
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
GAMES = ("toutomi", "fuji99", "brujas", "qumasu", "suma")


def play_scene(game: str, lang: str, seed: int = 5, moves: int = 30):
    from games import registry
    from games.app.play import PlayScene
    from games.app.session import SeatSetup, Session
    from games.core.rng import rng_for
    from tests.ui_driver import Driver
    driver = Driver(lang)
    rules = registry.rules(game)
    bot = list(registry.bots(game))[0]
    seats = [SeatSetup("Aoi")] + [SeatSetup(name, bot) for name in ("Bo", "Chika")][:max(1, rules.min_players - 1)]
    session = Session.start(game, seats, seed, {**rules.default_options(), "start_player": 0})
    rng = rng_for(seed, "tip-screens")
    while not session.over and (len(session.record.actions) < moves or session.current != 0):
        session.apply(rng.choice(rules.legal_actions(session.state)))
        if len(session.record.actions) > 10 * moves:
            break
    scene = PlayScene(driver.app, session, instant=True)
    driver.app.replace(scene)
    driver.step(5)
    return driver, scene


def shoot(out: Path, game: str, lang: str) -> None:
    import pygame

    from games.ui import tips
    driver, scene = play_scene(game, lang)
    kinds: dict[str, tips.Tip] = {}
    for tip in scene.table.tips:  # one of each kind, the topmost where it is
        x, y, w, h = tip.rect
        if tips.at(scene.table.tips, (x + w // 2, y + h // 2)) is tip:
            kinds.setdefault(tip.key, tip)
    for k, (key, tip) in enumerate(sorted(kinds.items())):
        x, y, w, h = tip.rect
        driver.post(pygame.MOUSEMOTION, (5, theme_h() - 5))
        driver.post(pygame.MOUSEMOTION, (x + w // 2, y + h // 2))
        driver.step(30)
        path = out / f"{game}_{lang}_{k:02d}_{key.split('.')[-1]}.png"
        pygame.image.save(driver.app.surface, str(path))
        print(path, scene.tip_box[1] if scene.tip_box else "(no tip drawn)")


def theme_h() -> int:
    from games.ui import theme
    return theme.H


def main() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("TABLE_DATA_DIR", tempfile.mkdtemp(prefix="tip-screens-"))
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "tip-screens")
    out.mkdir(parents=True, exist_ok=True)
    for game in sys.argv[2:] or GAMES:
        for lang in ("ja", "en"):
            shoot(out, game, lang)


if __name__ == "__main__":
    main()
