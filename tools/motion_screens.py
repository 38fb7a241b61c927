"""Render mid-move frames and every moment to PNG, headless, ja and en, 1920×1080 and
1366×768: ``python tools/motion_screens.py [out_dir] [game ...]``.

For looking at the motion layer (games/ui/motion.py) frame by frame: a game is played
(seeded) up to the action that triggers what we want to see, that action goes through
the real play scene, and frames are saved a few steps in.  The 1366×768 files are the
1920×1080 canvas scaled down the way SCALED shows it on such a screen.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("TABLE_DATA_DIR", "/tmp/table-motion-screens")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from games import registry  # noqa: E402
from games.app.app import App  # noqa: E402
from games.app.play import PlayScene  # noqa: E402
from games.app.session import SeatSetup, Session  # noqa: E402
from games.core.record import GameRecord  # noqa: E402
from games.core.rng import rng_for  # noqa: E402

NAMES = ["Aoi", "Hinata", "Sora", "Rin", "Kaede"]
FRAME = 1 / 60


def save(app: App, path: Path) -> None:
    """The canvas at 1920×1080 and as a 1366×768 screen shows it."""
    pygame.image.save(app.surface, str(path.with_suffix(".png")))
    small = pygame.transform.smoothscale(app.surface, (1366, 768))
    pygame.image.save(small, str(path.with_name(path.stem + "_1366.png")))
    print(path)


def find(game: str, players: int, humans: int, want: Callable[[list], bool], seed: int,
         max_moves: int = 4000, seat: int | None = None, options: dict | None = None
         ) -> tuple[Session, object] | None:
    """A session just before an action whose events satisfy ``want``, and that action."""
    rules = registry.rules(game)
    for k in range(40):
        seats = [SeatSetup(NAMES[i], None if i < humans else list(registry.bots(game))[0])
                 for i in range(players)]
        s = Session.start(game, seats, seed + k, {**rules.default_options(), "start_player": 0, **(options or {})})
        rng = rng_for(seed + k, "motion-screens")
        for _ in range(max_moves):
            if s.over:
                break
            legal = rules.legal_actions(s.state)
            for a in legal if seat is None or s.current == seat else []:
                if want(rules.view(rules.apply(s.state, a), None).get("events", [])):
                    return s, a
            s.apply(rng.choice(legal))
    return None


def play_and_shoot(app: App, found, out: Path, name: str, frames: list[int], viewer_unlock: bool = True,
                   skip_moment: bool = False) -> PlayScene | None:
    """Apply the found action through the play scene and save the frames asked for."""
    if found is None:
        print("not found:", name)
        return None
    session, action = Session.from_record(GameRecord.from_json(found[0].record.to_json())), found[1]
    scene = PlayScene(app, session)
    app.replace(scene)
    if viewer_unlock:
        scene.unlocked = session.current
        scene.refresh(initial=True)
    scene.ix.mouse = (960, 420)  # where a person's drop would be (views may start a flight there)
    app.step(FRAME)
    app.step(FRAME)
    scene.bot_turn = None
    scene.submit(action)
    scene.bot_turn = None
    if skip_moment:
        while scene.motion.skip_moment():
            pass
    done = 0
    for f in frames:  # an int: frames after the action; "m<k>": k frames into the next moment
        if isinstance(f, str):  # "m<k>": the next moment; "w<k>": the winner's (others skipped)
            for _ in range(900):
                m = scene.motion.moment_now()
                if m is not None and m.t0 is not None and f[0] == "w" and m.kind != "winner":
                    scene.motion.skip_moment()
                elif m is not None and m.t0 is not None:
                    break
                app.step(FRAME)
                scene.bot_turn = None
            target = int(f[1:])
            for _ in range(target):
                app.step(FRAME)
                scene.bot_turn = None
            save(app, out / f"{name}_{f}")
            continue
        while done < f:
            app.step(FRAME)
            scene.bot_turn = None  # hold the bots: we look at this one action
            done += 1
        save(app, out / f"{name}_f{f:03d}")
    return scene


def ends(key: str) -> Callable[[list], bool]:
    return lambda events: any(k == key for k, _ in events)


def toutomi(app: App, out: Path, lang: str) -> None:
    found = find("toutomi", 3, 1, ends("toutomi.burst"), 11)
    play_and_shoot(app, found, out, f"toutomi_burst_{lang}", [6, 40, 100])
    play_and_shoot(app, found, out, f"toutomi_after_burst_{lang}", [4, 10], skip_moment=True)
    plain_play = lambda ev: ends("toutomi.played")(ev) and not ends("toutomi.burst")(ev)  # noqa: E731
    play_and_shoot(app, find("toutomi", 3, 1, plain_play, 5), out, f"toutomi_play_{lang}", [5, 12])
    play_and_shoot(app, find("toutomi", 3, 1, plain_play, 5, seat=1), out, f"toutomi_botplay_{lang}", [6, 12])
    found = find("toutomi", 3, 1, ends("toutomi.declare"), 5, options={"short": True})
    play_and_shoot(app, found, out, f"toutomi_declare_{lang}", ["m40"])
    play_and_shoot(app, find("toutomi", 3, 1, ends("toutomi.game_end_situation"), 5, 20000), out,
                   f"toutomi_winner_{lang}", ["m30", "w40"])


def fuji99(app: App, out: Path, lang: str) -> None:
    play_and_shoot(app, find("fuji99", 3, 1, ends("fuji99.drew"), 3), out, f"fuji99_draw_{lang}", [20, 50])
    play_and_shoot(app, find("fuji99", 3, 1, ends("fuji99.red_bust"), 3), out, f"fuji99_redbust_{lang}",
                   [30, "m40"])
    play_and_shoot(app, find("fuji99", 3, 1, ends("fuji99.crisis_bust"), 3), out, f"fuji99_crisis_{lang}",
                   [40, "m40"])
    play_and_shoot(app, find("fuji99", 2, 1, ends("fuji99.reached_goal"), 3, 20000), out, f"fuji99_goal_{lang}",
                   [60, "m40", "w60"])


def brujas(app: App, out: Path, lang: str) -> None:
    found = find("brujas", 3, 1, ends("brujas.card_played"), 2)
    play_and_shoot(app, found, out, f"brujas_play_{lang}", [6])
    play_and_shoot(app, find("brujas", 3, 1, ends("brujas.trick_won"), 2), out, f"brujas_trick_{lang}", [8, "m40"])
    play_and_shoot(app, find("brujas", 3, 1, ends("brujas.witch_moved"), 2), out, f"brujas_swap_{lang}",
                   ["m20", "m40"])
    play_and_shoot(app, find("brujas", 3, 1, ends("brujas.card_drafted"), 2), out, f"brujas_draft_{lang}", [6])
    play_and_shoot(app, find("brujas", 3, 1, ends("brujas.game_end"), 2, 20000), out, f"brujas_winner_{lang}",
                   ["w50"])


def qumasu(app: App, out: Path, lang: str) -> None:
    play_and_shoot(app, find("qumasu", 2, 1, ends("qumasu.summon"), 4), out, f"qumasu_summon_{lang}", [6])
    play_and_shoot(app, find("qumasu", 2, 1, ends("qumasu.move"), 4), out, f"qumasu_move_{lang}", [6])
    play_and_shoot(app, find("qumasu", 2, 1, ends("qumasu.combat"), 4), out, f"qumasu_combat_{lang}", ["m30"])
    play_and_shoot(app, find("qumasu", 2, 1, ends("qumasu.castle_hit"), 4), out, f"qumasu_castle_{lang}", ["m30"])
    play_and_shoot(app, find("qumasu", 2, 1, ends("qumasu.win"), 4, 20000), out, f"qumasu_winner_{lang}",
                   ["m40", "w60"])


SHOTS = {"toutomi": toutomi, "fuji99": fuji99, "brujas": brujas, "qumasu": qumasu}


def main() -> None:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "motion_screens")
    out.mkdir(parents=True, exist_ok=True)
    only = sys.argv[2:] or list(SHOTS)
    for lang in ("ja", "en"):
        app = App(fullscreen=False)
        app.settings.lang = lang
        app.settings.reduced_motion = False
        app.sounds.enabled = False
        for g in only:
            SHOTS[g](app, out, lang)
        pygame.quit()


if __name__ == "__main__":
    main()
