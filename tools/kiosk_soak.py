"""A shop's day, faster: the real kiosk for hours, with a visitor who comes and walks away.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy nice -n 10 python tools/kiosk_soak.py MINUTES
        [--visit-every SECONDS] [--sample SECONDS] [--log FILE]

The kiosk runs in this process exactly as ``main.py --demo`` starts it (the default rotation
at the default pace, both languages in turn, a staff PIN already set), in a private data
folder.  Every ``--visit-every`` seconds (default 240, jittered ±30 %) a visitor touches the
demo, taps a game's tile, taps "Me against bots" and plays a few moves through the mouse
(posted events, tests/ui_driver.py), then walks away: the idle countdown (30 s + 10 s here)
must bring the demo back and leave no save behind.  Printed: resident memory (VmRSS, and
VmHWM at its peak) every ``--sample`` seconds, every demo game's start and end with its
length (from the table's log), every visit, and at the end the verdict: peak, the slope and
growth after the warm-up (games/app/soak.py's fit), how long each game was shown, saves left
behind, and errors logged.
"""
from __future__ import annotations

import json
import logging
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

IDLE_SECONDS = 30  # the visitor "walks away": countdown after 30 s, the demo at 40 s
MOVES_PER_VISIT = 6
PLAY_SECONDS = 45.0  # the longest a visitor plays before walking away


class Rotation(logging.Handler):
    """Keeps the demo's "demo: …" / "demo end: …" lines and counts errors."""

    def __init__(self, t0: float) -> None:
        super().__init__(logging.INFO)
        self.t0, self.lines, self.errors, self.ends = t0, [], 0, []

    def emit(self, record: logging.LogRecord) -> None:
        msg = record.getMessage()
        if record.levelno >= logging.ERROR:
            self.errors += 1
            self.lines.append(f"ERROR {msg}")
        elif msg.startswith(("demo: ", "demo end: ")):
            self.lines.append(f"{(time.monotonic() - self.t0) / 60:6.1f} min  {msg}")
            if msg.startswith("demo end: "):
                parts = msg.split()
                self.ends.append((parts[2], float(parts[4]), "jumped" in msg))


def rss() -> tuple[float, float]:
    out = {}
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith(("VmRSS", "VmHWM")):
                out[line.split(":")[0]] = int(line.split()[1]) / 1024
    return out.get("VmRSS", 0.0), out.get("VmHWM", 0.0)


def visit(d, rng: random.Random) -> str:
    """One visitor: touch, a tile, "Me against bots", a few moves; returns what they played."""
    from games.app.play import PlayScene
    from games.app.title import TitleScene
    app = d.app
    d.click((960, 600))  # touches the demo
    d.step(20)
    if not isinstance(app.top, TitleScene):
        return f"touch did not reach the title ({type(app.top).__name__})"
    game, rect = rng.choice(app.top.tiles)
    d.click(rect.center)
    d.step(20)
    solo = next((b for b in app.top.buttons if b.key == "people_1"), None)
    if solo is None:
        return f"no one-tap choice for {game.id}"
    d.click(solo.rect.center)
    made, until = 0, time.monotonic() + PLAY_SECONDS
    while time.monotonic() < until:  # a while of play, the visitor's moves through the mouse
        app.clock.tick(60)
        d.step()
        scene = app.top
        if not isinstance(scene, PlayScene) or made >= MOVES_PER_VISIT:
            break
        s = scene.session
        if s.current is not None and s.bots[s.current] is None and scene.bot_turn is None:
            legal = s.rules.legal_actions(s.state)
            try:
                d.perform(rng.choice(legal))
                made += 1
            except AssertionError:
                d.click((960, 540))
    return f"{game.id}: {made} moves"


def run(minutes: float, every: float, sample: float) -> int:
    folder = tempfile.mkdtemp(prefix="table-kiosk-soak-")
    Path(folder, "settings.json").write_text(json.dumps(
        {"demo_langs": "both", "sound": False, "staff_pin": "2468", "demo_idle_seconds": IDLE_SECONDS}),
        encoding="utf-8")
    os.environ["TABLE_DATA_DIR"] = folder
    from games.app import kiosk, soak
    from games.app.app import App
    from tests.ui_driver import Driver
    t0 = time.monotonic()
    rot = Rotation(t0)
    logging.getLogger("table").addHandler(rot)
    logging.getLogger("table").setLevel(logging.INFO)
    app = App(fullscreen=False, demo=True)
    app.sounds.enabled = False
    d = Driver.__new__(Driver)
    d.app = app
    kiosk.start(app)
    rng = random.Random(32)
    next_visit, next_sample, shown = every * rng.uniform(0.7, 1.3), 0.0, 0
    samples, peak, visits, left_behind = [], 0.0, 0, 0
    saves = Path(folder, "saves")
    print(f"kiosk soak: {minutes:g} min, a visitor about every {every:g} s, data in {folder}", flush=True)
    while app.running and time.monotonic() - t0 < minutes * 60:
        app.step(min(app.clock.tick(60) / 1000.0, 0.1))
        app.present()
        app.after_frame()
        el = time.monotonic() - t0
        for line in rot.lines[shown:]:
            print(line, flush=True)
        shown = len(rot.lines)
        if el >= next_visit and getattr(app.top, "demo", False):
            visits += 1
            what = visit(d, rng)
            print(f"{el / 60:6.1f} min  visitor {visits}: {what}; walks away", flush=True)
            next_visit = el + every * rng.uniform(0.7, 1.3)
        if el >= next_sample:
            now, hwm = rss()
            peak = max(peak, hwm)
            samples.append((el / 60, now))
            kept = len(list(saves.glob("*.json"))) if saves.is_dir() else 0
            if getattr(app.top, "demo", False) and kept:
                left_behind += 1
            print(f"{el / 60:6.1f} min  RSS {now:6.1f} MiB  peak {hwm:6.1f}  saves {kept}  "
                  f"screen {type(app.top).__name__}", flush=True)
            next_sample += sample
    return verdict(soak, samples, peak, rot, visits, left_behind, saves, minutes)


def verdict(soak, samples, peak, rot, visits, left_behind, saves, minutes) -> int:
    print(f"--- {minutes:g} min, {visits} visits, {rot.errors} errors logged")
    soak.report(samples, peak, samples)
    per: dict[str, list[float]] = {}
    for game, secs, _ in rot.ends:
        per.setdefault(game, []).append(secs)
    for game, secs in sorted(per.items()):
        print(f"  {game:8s} shown {len(secs):3d} times, {min(secs):4.0f}-{max(secs):4.0f} s "
              f"(mean {sum(secs) / len(secs):4.0f} s)")
    print(f"  jumped to the end: {sum(1 for *_, j in rot.ends if j)} of {len(rot.ends)} games")
    kept = len(list(saves.glob("*.json"))) if saves.is_dir() else 0
    print(f"  saves left at the end: {kept}; samples in the demo with a save kept: {left_behind}")
    return 0 if rot.errors == 0 and kept == 0 and left_behind == 0 else 1


def main() -> int:
    args = sys.argv[1:]

    def opt(name: str, default: float) -> float:
        return float(args[args.index(name) + 1]) if name in args else default

    minutes = float(args[0]) if args and not args[0].startswith("-") else 120.0
    return run(minutes, opt("--visit-every", 240.0), opt("--sample", 30.0))


if __name__ == "__main__":
    sys.exit(main())
