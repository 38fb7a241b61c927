"""Pictures of the kiosk's shop screens (issue 32), ja and en, for a look by eye.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python tools/kiosk_screens.py OUT_DIR

The first start's PIN, the keypad waiting after wrong PINs, the staff menu (visitor counts,
clearing), the one-tap choice, the demo table as a spectator sees it, a demo game's result
after it jumped to the end, and the ring of a held staff corner.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def shoot(out: Path, lang: str) -> None:
    import pygame

    from games.app import visitors
    from games.app.app import App
    from games.app.demo import DEMO_SEGMENT_SECONDS, demo_games, start_demo
    app = App(fullscreen=False, demo=True)
    app.sounds.enabled = False
    app.settings.lang = app.settings.demo_langs = lang

    def save(name: str) -> None:
        app.draw()
        pygame.image.save(app.surface, str(out / f"{name}-{lang}.png"))

    app.goto("staff_pin", mode="first")
    save("first_pin")
    app.settings.staff_pin = "2468"
    app.goto("title")
    app.open("staff_pin")
    app.top.typed = "1"
    app.top.submit()
    save("pin_wait")
    for game, n in (("toutomi", 3), ("suma", 1)):
        for _ in range(n):
            visitors.count(game, "started")
        visitors.count(game, "finished")
    app.goto("title")
    app.open("staff")
    save("staff_menu")
    app.goto("title")
    app.open("games.app.quickstart:QuickStart", "toutomi")
    save("quick_start")
    for i, game in enumerate(demo_games(app.settings)):
        start_demo(app, i, howto=False)
        play = app.top
        for _ in range(6):
            s = play.session.state
            if play.session.rules.current_player(s) is not None:
                play.session.state = play.session.rules.apply(s, play.session.rules.legal_actions(s)[0])
                play.refresh()
        play.kept = None
        save(f"demo_{game}")
    start_demo(app, 4, howto=False)
    play = app.top
    app.step(DEMO_SEGMENT_SECONDS + 1)
    play.fast_forward.done.wait(30)
    app.step(0.1)
    save("demo_jumped")
    app.guard.hold_since = app.guard.now() - 3.0
    save("corner_hold")


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "kiosk-screens")
    out.mkdir(parents=True, exist_ok=True)
    for lang in ("ja", "en"):
        os.environ["TABLE_DATA_DIR"] = tempfile.mkdtemp(prefix="table-kiosk-screens-")
        shoot(out, lang)
    return 0


if __name__ == "__main__":
    sys.exit(main())
