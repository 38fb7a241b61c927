"""``python main.py --benchmark``: the performance figures (a benchmark, not a test).

Start-up to the first frame, frame time p50/p99 at 1920×1080 on each game's busiest
screen (most players, mid-game, a card being dragged), random playouts per second, bot
decision time p50/p95 of each game's strongest bot, and the peak memory of a long demo.
Targets on a 2-core machine: first frame < 1 s, p99 frame < 8 ms, bot p95 < 300 ms,
memory < 200 MB.
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def private_dir() -> str:
    """This run's own data folder (``mkdtemp``, mode 0700): never a fixed shared /tmp path."""
    if not os.environ.get("TABLE_BENCH_DIR"):
        os.environ["TABLE_BENCH_DIR"] = tempfile.mkdtemp(prefix="table-bench-")
    return os.environ["TABLE_BENCH_DIR"]


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(q / 100 * len(values)))]


def startup_seconds(runs: int = 3) -> float:
    env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
               SDL_AUDIODRIVER="dummy", TABLE_DATA_DIR=private_dir())
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, str(ROOT / "main.py"), "--frames", "1"], env=env,
                       capture_output=True, check=True)
        best = min(best, time.perf_counter() - t0)
    return best


def busy_frame_times(game_id: str, frames: int = 300) -> list[float]:
    """Frame times of a max-player mid-game table with a piece being dragged."""
    import pygame
    from games import registry
    from games.app.app import App
    from games.app.session import SeatSetup, Session
    from games.core.rng import rng_for
    rules = registry.rules(game_id)
    n = rules.max_players
    seats = [SeatSetup(f"Player {i + 1}") for i in range(n)]
    session = Session.start(game_id, seats, 2024, rules.default_options())
    rng = rng_for(2024, "bench")
    for _ in range(60):  # mid-game
        legal = rules.legal_actions(session.state)
        if session.over or len(legal) < 2:
            break
        session.apply(rng.choice(legal))
    app = App(fullscreen=False)
    app.sounds.enabled = False
    scene = app.make("play", session, instant=True)
    scene.unlocked = session.current
    scene.refresh(initial=True)
    app.push(scene)
    piece = next((p for p in scene.table.pieces if p.draggable), None)
    if piece:  # a drag in progress: the piece follows the pointer, legal targets glow
        scene.press = (piece.id, piece.rect.center, (10, 10))
        scene.ix.dragging = scene.ix.hidden = piece.id
        scene.ix.glowing = scene.glowing_for(piece.id)
    times = []
    for i in range(frames):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(600 + i % 400, 500), rel=(1, 0), buttons=(1, 0, 0)))
        t0 = time.perf_counter()
        app.step(1 / 60)
        pygame.display.flip()
        times.append(time.perf_counter() - t0)
    pygame.quit()
    return times[10:]


def playouts_per_second(game_id: str, seconds: float = 3.0) -> float:
    from games import registry
    from games.core.rng import rng_for
    rules = registry.rules(game_id)
    done, t0, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - t0 < seconds:
        players = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
        rng = rng_for(seed, "bench")
        rules.play_until_end(rules.new_game(players, seed, rules.default_options()),
                             lambda s, legal: rng.choice(legal))
        done += 1
        seed += 1
    return done / (time.perf_counter() - t0)


def bot_times(game_id: str, games: int = 20) -> list[float]:
    from games import registry
    from games.core.simulate import simulate
    rules = registry.rules(game_id)
    best = list(registry.bots(game_id))[-1]
    players = min(4, rules.max_players)
    res = simulate(game_id, games, 7, players, [best] * players, timed=True)
    return res.decision_times


def demo_peak_mb(frames: int = 6000) -> float:
    """Peak resident memory of a real ``--demo`` run, read by the demo process itself.

    (The child's own VmHWM: ``getrusage`` would also count the benchmark process's pages
    that the child shares between fork and exec.)
    """
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TABLE_DATA_DIR=private_dir())
    code = ("import runpy, sys\n"
            f"sys.argv = ['main.py', '--demo', '--frames', '{frames}']\n"
            "try:\n    runpy.run_path(sys.argv[0], run_name='__main__')\nexcept SystemExit:\n    pass\n"
            "hwm = [l for l in open('/proc/self/status') if l.startswith('VmHWM')]\n"
            "print('PEAK_KB', hwm[0].split()[1] if hwm else -1)\n")
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout
    kb = next((int(line.split()[1]) for line in out.splitlines() if line.startswith("PEAK_KB")), -1)
    return kb / 1024


def run_benchmark() -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["TABLE_DATA_DIR"] = private_dir()
    from games import registry
    print(f"start-up to first frame: {startup_seconds():.2f} s (target < 1 s)")
    for g in registry.playable_ids():
        ft = [t * 1000 for t in busy_frame_times(g)]
        print(f"{g}: frame p50 {statistics.median(ft):.2f} ms, p99 {pct(ft, 99):.2f} ms at 1920x1080 (target p99 < 8 ms)")
    for g in registry.playable_ids():
        print(f"{g}: {playouts_per_second(g):.1f} random playouts/s")
    for g in registry.playable_ids():
        bt = [t * 1000 for t in bot_times(g)]
        print(f"{g}: bot decision p50 {pct(bt, 50):.2f} ms, p95 {pct(bt, 95):.2f} ms (target p95 < 300 ms)")
    print(f"peak memory over a {6000}-frame demo: {demo_peak_mb():.0f} MB (target < 200 MB)")
    return 0
