"""``python main.py --benchmark``: performance figures that hold on a busy shared machine.

Every figure is a median over repeats with its spread (min–max), in CPU time next to wall
time, beside a floor measured in the same run (README "Benchmark" says how to read it):

- start-up: ``main.py --frames 1`` (the title's first frame) against a bare pygame window,
  in turns A B A B, CPU time and peak memory (VmHWM) of each child process, both read right
  after the first ``display.flip`` (shutting down is not start-up);
- frames: the blit floor, each game's busiest screen and its move-landing frames
  (games/app/bench_frames.py);
- engine: random playouts, actions per CPU second (RLCard's raw UNO loop beside it when
  ``RLCARD_PYTHON`` names a Python with rlcard installed: a yardstick, not a dependency);
- bots: decision time of each game's strongest bot, forced moves (one legal action) left out.

``--benchmark --soak MINUTES`` runs the real store demo instead (games/app/soak.py).
"""
from __future__ import annotations

import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
REPEATS = 5  # start-up runs of each kind
FRAME_REPEATS = 3  # batches of frames per screen
FRAMES = 240  # frames per batch
FRAME_BUDGET_MS = 1000 / 60
LIMITS = {"frame_p99_vs_floor": 1.5, "own_move_p99_vs_floor": 2.0, "startup_cpu_vs_bare": 2.0,
          "startup_rss_mib": 50.0, "game_start_cpu_vs_bare": 2.5, "save_on_disk_ms": 200.0,
          "bot_p95_ms": 100.0, "bot_max_ms": 250.0}  # bot_*: Strong's CPU per decision (issue 33.4)
SAVE_MOVES = 120  # moves autosaved in the save rows
PERSON_LANDINGS = 100  # a person's own moves timed per game, solo and pass-and-play (issue 31)
PERSON_SECONDS = 120.0  # at most this long for each of those
BOT_SECONDS = 3.0  # CPU seconds of Strong's play measured per game and seat count

REPORT_CHILD = ("import os, runpy, sys, time\n"
                "def report():\n"
                "    hwm = [l for l in open('/proc/self/status') if l.startswith('VmHWM')]\n"
                "    print('BENCH', time.process_time(), hwm[0].split()[1] if hwm else -1, flush=True)\n")
# The table opens one of three windows (games/app/app.py App._open_display): the canvas
# itself where the screen shows it 1:1 (headless, or fullscreen on a 1920x1080 screen),
# else a plain window it scales the canvas into itself where SDL scales in software
# (Linux: "stretched", games/ui/stretch.py), else SDL's SCALED window (Windows, macOS).
# Each title start is measured beside a bare pygame window opened with the same size and
# flags as the table's window of that kind (the stretched table's own canvas is not in it).
WINDOW_FLAGS = {"canvas": "0 if pygame.display.get_driver() in ('dummy', 'offscreen') else pygame.FULLSCREEN",
                "stretched": "pygame.RESIZABLE",
                "scaled": "pygame.SCALED | pygame.RESIZABLE"}
WINDOW_ROWS = (("canvas", "1:1 window (fullscreen 1920x1080, headless)"),
               ("stretched", "stretched window (any other screen where SDL scales in software: Linux)"),
               ("scaled", "SCALED window (where SDL scales on a GPU: Windows, macOS; "
                          "measured here with SDL's software renderer)"))


def bare_child(kind: str) -> str:
    """A bare pygame app: init, the window the table would open, one flip."""
    from games.app.app import display_hints  # the table's SDL settings (app.py APP-APP-1)
    hints = "".join(f"os.environ.setdefault({k!r}, {v!r})\n" for k, v in display_hints(dict(os.environ)).items())
    return REPORT_CHILD + hints + ("import pygame\npygame.init()\n"
                           f"pygame.display.set_mode((1920, 1080), {WINDOW_FLAGS[kind]})\n"
                           "pygame.display.flip()\nreport()\npygame.quit()\n")


def title_child(kind: str, argv: tuple[str, ...] = ()) -> str:
    """``python -m games --frames 1`` (the same start as main.py; ``argv`` more options, e.g.
    ``--game``), measured right after the first flip, the table told which window to open
    (``App._window_kind``)."""
    return REPORT_CHILD + (
        f"sys.argv = {['games', *argv, '--frames', '1']!r}\nsys.path.insert(0, os.getcwd())\n"
        "import pygame\n_flip = pygame.display.flip\n"
        "def flip():\n    _flip()\n    if pygame.display.flip is flip:\n"
        "        pygame.display.flip = _flip\n        report()\n"
        "pygame.display.flip = flip\n"
        "from games.app.app import App\n"
        f"App._window_kind = staticmethod(lambda full: {kind!r})\n"
        "try:\n    runpy.run_module('games', run_name='__main__', alter_sys=True)\nexcept SystemExit:\n"
        "    pass\n"
    )


def private_dir() -> str:
    """This run's own data folder (``mkdtemp``, mode 0700): never a fixed shared /tmp path."""
    if not os.environ.get("TABLE_BENCH_DIR"):
        os.environ["TABLE_BENCH_DIR"] = tempfile.mkdtemp(prefix="table-bench-")
    return os.environ["TABLE_BENCH_DIR"]


def pct(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank); nan for no values."""
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, max(0, math.ceil(q / 100 * len(values)) - 1))]


def spread(values: list[float], fmt: str = "{:.2f}") -> str:
    """``median (min–max)`` of repeated figures."""
    if not values:
        return "n/a"
    med = statistics.median(values)
    return f"{fmt.format(med)} ({fmt.format(min(values))}–{fmt.format(max(values))})"


# --- start-up -------------------------------------------------------------------------------
def child_run(code: str, env: dict) -> tuple[float, float, float]:
    """(CPU s, wall s, peak MiB) of one child process, read by the child itself."""
    w0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    wall = time.perf_counter() - w0
    line = next((ln for ln in out.stdout.splitlines() if ln.startswith("BENCH")), None)
    if line is None:
        raise RuntimeError(f"benchmark child failed: {out.stderr[-800:]}")
    _, cpu, kb = line.split()
    return float(cpu), wall, int(kb) / 1024


def startup(repeats: int = REPEATS, kind: str = "canvas") -> dict[str, list[tuple[float, float, float]]]:
    """Bare window and title first frame, in turns (A B A B ...), for one kind of window."""
    env = dict(os.environ, SDL_AUDIODRIVER="dummy",
               SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"),
               TABLE_DATA_DIR=private_dir())
    # Both start as an installed table does: with compiled bytecode (pip and PyInstaller
    # ship .pyc; a checkout writes __pycache__ on its first start).  A shell that sets
    # PYTHONDONTWRITEBYTECODE would make every title start compile ~150 modules anew.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["TABLE_CACHE_DIR"] = os.path.join(private_dir(), "install-cache")  # the install's own (APP-STORAGE-1)
    children = {"bare": bare_child(kind), "title": title_child(kind)}
    if kind == "canvas":  # a new user's first start, the first start after an install, each game
        children["first start"] = children["after install"] = children["title"]
        from games import registry
        for g in registry.playable_ids():
            children[f"--game {g}"] = title_child(kind, ("--game", g, "--bots", "1"))
    runs: dict[str, list] = {name: [] for name in children}
    for code in children.values():
        child_run(code, env)  # warm the disk cache, the .pyc files and the install's cache
    for _ in range(repeats):
        for name, code in children.items():
            runs[name].append(child_run(code, _fresh(env, name)))
    return runs


def _fresh(env: dict, name: str) -> dict:
    """A first start's own new user folder (and, after an install, an empty install cache)."""
    if name not in ("first start", "after install"):
        return env
    out = dict(env, TABLE_DATA_DIR=tempfile.mkdtemp(dir=private_dir()))
    if name == "after install":
        out["TABLE_CACHE_DIR"] = tempfile.mkdtemp(dir=private_dir())
    return out


def startup_rows(label: str, runs: dict[str, list[tuple[float, float, float]]]) -> None:
    """Bare window, title first frame and the verdicts, for one kind of window."""
    bare, title = runs["bare"], runs["title"]
    cpu_ratio = [t[0] / b[0] for b, t in zip(bare, title, strict=True)]
    rss = [t[2] for t in title]
    print(f"  {label}")
    print(
        f"    bare window          CPU {spread([b[0] for b in bare], '{:.3f}')} s  "
        f"wall {spread([b[1] for b in bare], '{:.3f}')} s  "
        f"peak {spread([b[2] for b in bare], '{:.1f}')} MiB"
    )
    print(
        f"    title, first frame   CPU {spread([t[0] for t in title], '{:.3f}')} s  "
        f"wall {spread([t[1] for t in title], '{:.3f}')} s  "
        f"peak {spread(rss, '{:.1f}')} MiB"
    )
    print(
        f"    title / bare CPU     {spread(cpu_ratio)}x "
        f"[{'ok' if statistics.median(cpu_ratio) <= LIMITS['startup_cpu_vs_bare'] else 'OVER'}"
        f" <= {LIMITS['startup_cpu_vs_bare']}x]   start-up RSS "
        f"[{'ok' if statistics.median(rss) <= LIMITS['startup_rss_mib'] else 'OVER'}"
        f" <= {LIMITS['startup_rss_mib']:g} MiB]"
    )
    labels = {"first start": ("title, a new user's first start", LIMITS["startup_cpu_vs_bare"]),
              "after install": ("title, first start after an install (nothing remembered)", None)}
    for name in runs:
        if name in ("bare", "title"):
            continue
        label, limit = labels.get(name, (f"{name} (its first frame)", LIMITS["game_start_cpu_vs_bare"]))
        ratio = [t[0] / b[0] for b, t in zip(bare, runs[name], strict=True)]
        verdict = "" if limit is None else \
            f" [{'ok' if statistics.median(ratio) <= limit else 'OVER'} <= {limit}x]"
        print(f"    {label:<58} CPU {spread([t[0] for t in runs[name]], '{:.3f}')} s = {spread(ratio)}x bare"
              f"{verdict}  wall {spread([t[1] for t in runs[name]], '{:.3f}')} s")


# --- engine and bots ------------------------------------------------------------------------
def playout_rate(game_id: str, players: int, seconds: float) -> float:
    """Random playouts through the public API: actions per CPU second."""
    import random

    from games import registry
    rules = registry.rules(game_id)
    opts = rules.default_options()
    actions, seed, t0 = 0, 0, time.process_time()
    while time.process_time() - t0 < seconds:
        rng = random.Random(seed)
        s = rules.new_game(players, seed, opts)
        while rules.current_player(s) is not None:
            s = rules.apply(s, rng.choice(rules.legal_actions(s)))
            actions += 1
        seed += 1
    return actions / (time.process_time() - t0)


RLCARD_LOOP = ("import random, sys, time\nimport rlcard\n"
               "game = rlcard.make('uno', config={'seed': 0}).game\nrng = random.Random(0)\n"
               "n, t0 = 0, time.process_time()\n"
               "while time.process_time() - t0 < float(sys.argv[1]):\n"
               "    game.init_game()\n"
               "    while not game.is_over():\n"
               "        game.step(rng.choice(game.get_legal_actions()))\n        n += 1\n"
               "print(n / (time.process_time() - t0))\n")


def rlcard_rate(seconds: float) -> float | None:
    """RLCard's raw UNO loop in its own interpreter (``RLCARD_PYTHON``), or None."""
    python = os.environ.get("RLCARD_PYTHON")
    if not python:
        return None
    out = subprocess.run([python, "-c", RLCARD_LOOP, str(seconds)], capture_output=True, text=True,
                         timeout=120)
    try:
        return float(out.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        print(f"(RLCard run failed: {out.stderr[-300:]})")
        return None


def engine_section(games: list[str], rounds: int = 3, seconds: float = 2.0) -> None:
    """Playouts of every game in turns with RLCard's raw UNO loop, round after round.

    RLCard runs in each round next to the games (not all before them), so a change in the
    machine's load hits both; each game's ratio to RLCard is taken within its round.
    """
    from games import registry
    players = {g: min(4, registry.rules(g).max_players) for g in games}
    rates: dict[str, list[float]] = {g: [] for g in games}
    rl: list[float | None] = []
    for _ in range(rounds):
        if os.environ.get("RLCARD_PYTHON"):
            rl.append(rlcard_rate(seconds))
        for g in games:
            rates[g].append(playout_rate(g, players[g], seconds))
    print(f"\nEngine: random playouts, actions per CPU second (median of {rounds} x {seconds:g} s "
          f"in turns with RLCard, spread)")
    for g in games:
        vs = [r / u for r, u in zip(rates[g], rl, strict=False) if u]
        rel = f"  = {spread(vs)}x RLCard" if vs else ""
        if vs and g == ENGINE_YARDSTICK_GAME:
            rel += f" [{'ok' if statistics.median(vs) >= 1.0 else 'OVER'} >= 1.0x]"
        print(f"  {g:<8} {players[g]} players  {spread(rates[g], '{:,.0f}')}{rel}")
    got = [r for r in rl if r]
    print(f"  RLCard UNO raw loop  {spread(got, '{:,.0f}')}" if got else
          "  (set RLCARD_PYTHON to a Python with rlcard installed to measure its raw UNO loop beside these)")


ENGINE_YARDSTICK_GAME = "toutomi"  # issue 13: at least as many actions/s as RLCard's UNO


def bot_decisions(game_id: str, seconds: float, players: int | None = None) -> list[float]:
    """CPU ms of the strongest bot's decisions with a real choice (forced moves left out)."""
    from games import registry
    from games.core.bots import bot_move
    rules = registry.rules(game_id)
    best = list(registry.bots(game_id))[-1]
    players = players or min(max(4, rules.min_players), rules.max_players)
    times: list[float] = []
    end, g = time.process_time() + seconds, 0
    while time.process_time() < end:
        s = rules.new_game(players, 500 + g, rules.default_options())
        bots = [registry.bots(game_id)[best](rules, i) for i in range(players)]
        step = 0
        while (seat := rules.current_player(s)) is not None and time.process_time() < end:
            rng = rng_for_bot(500 + g, step)
            forced = len(rules.legal_actions(s)) == 1
            c0 = time.thread_time()
            a = bot_move(rules, bots[seat], s, rng)
            if not forced:
                times.append((time.thread_time() - c0) * 1000)
            s = rules.apply(s, a)
            step += 1
        g += 1
    return times


def bot_row(game_id: str, players: int, times: list[float]) -> str:
    """One decision-time row of Strong, with its verdicts against the limits (issue 33.4)."""
    p95, worst = (pct(times, 95), max(times)) if times else (float("nan"), float("nan"))
    ok95, okmax = p95 <= LIMITS["bot_p95_ms"], worst <= LIMITS["bot_max_ms"]
    return (f"  {game_id:<8} {players} seats  n={len(times):<5} p50 {pct(times, 50) if times else float('nan'):.2f}  "
            f"p95 {p95:.2f} [{'ok' if ok95 else 'OVER'} <= {LIMITS['bot_p95_ms']:g}]  "
            f"max {worst:.2f} [{'ok' if okmax else 'OVER'} <= {LIMITS['bot_max_ms']:g}]")


def bots_section(games: list[str]) -> None:
    from games import registry
    print(f"\nBots: Strong's decisions at every seat count, CPU ms (forced moves left out; "
          f"{BOT_SECONDS:g} s of play each)")
    for g in games:
        rules = registry.rules(g)
        for n in range(rules.min_players, rules.max_players + 1):
            print(bot_row(g, n, bot_decisions(g, BOT_SECONDS, n)), flush=True)


def rng_for_bot(seed: int, step: int):
    from games.core.rng import rng_for
    return rng_for(seed, "bot", step)


# --- saves ----------------------------------------------------------------------------------
def save_timings(game_id: str, moves: int = SAVE_MOVES, pace: float = 0.05) -> dict[str, list[float]]:
    """A game's moves autosaved as in play (ms): the hand-over in the move's frame (CPU and
    wall of the calling thread), the writer thread's write with its fsync (wall and CPU),
    the time until the move is on disk, and the same save written at once (as before)."""
    import random

    from games import registry
    from games.app import storage, writer
    from games.app.session import SeatSetup, Session
    rules = registry.rules(game_id)
    seats = [SeatSetup(f"P{i + 1}", None) for i in range(rules.max_players)]
    out: dict[str, list[float]] = {k: [] for k in ("frame cpu", "frame wall", "at once cpu", "at once wall")}
    writer.flush()
    writer.WRITER.timings.clear()
    seed = 0
    while len(out["frame cpu"]) < moves:
        s, rng = Session.start(game_id, seats, 900 + seed, rules.default_options()), random.Random(seed)
        seed += 1
        while not s.over and len(out["frame cpu"]) < moves:
            s.apply(rng.choice(s.rules.legal_actions(s.state)))
            c0, w0 = time.thread_time(), time.perf_counter()
            storage.autosave(s)
            out["frame cpu"].append((time.thread_time() - c0) * 1000)
            out["frame wall"].append((time.perf_counter() - w0) * 1000)
            time.sleep(pace)  # the next move comes later (a bot's pace): no two saves coalesce
            writer.flush()
            c0, w0 = time.thread_time(), time.perf_counter()
            storage.write_slot(s)  # the same save in the frame itself, as before the writer
            out["at once cpu"].append((time.thread_time() - c0) * 1000)
            out["at once wall"].append((time.perf_counter() - w0) * 1000)
        storage.delete_slot(s.slot)
    timings = list(writer.WRITER.timings)
    out["on disk"] = [t[0] * 1000 for t in timings]
    out["writer wall"] = [t[1] * 1000 for t in timings]
    out["writer cpu"] = [t[2] * 1000 for t in timings]
    return out


def save_rows(game_id: str, t: dict[str, list[float]]) -> None:
    def row(key: str) -> str:
        v = t[key]
        return f"p50 {pct(v, 50):.2f}  p99 {pct(v, 99):.2f}  max {max(v):.2f}"
    late = pct(t["on disk"], 100) <= LIMITS["save_on_disk_ms"]
    print(f"\nSaves: {len(t['frame cpu'])} moves of a {game_id} game autosaved (ms; in the drawing thread "
          f"only the hand-over, games/app/writer.py)")
    print(f"  in the move's frame        CPU {row('frame cpu')}   wall {row('frame wall')}")
    print(f"  on the writer thread       CPU {row('writer cpu')}   wall {row('writer wall')} (write + fsync)")
    print(f"  on disk after the move     wall {row('on disk')} [{'ok' if late else 'OVER'} <= "
          f"{LIMITS['save_on_disk_ms']:g}]")
    print(f"  written in the frame (old) CPU {row('at once cpu')}   wall {row('at once wall')} (for comparison)")


# --- the report -----------------------------------------------------------------------------
def frame_row(label: str, batches: list[tuple[list[float], list[float]]], floor_p99: float,
              limit: float = LIMITS["frame_p99_vs_floor"]) -> str:
    """One table row: CPU p50/p99/max (median over batches, spread), wall p99, verdicts
    (p99 at most ``limit`` x the floor's)."""
    p50 = [statistics.median(c) for c, _ in batches if c]
    p99 = [pct(c, 99) for c, _ in batches if c]
    worst = [max(c) for c, _ in batches if c]
    wall = [pct(w, 99) for _, w in batches if w]
    ok99 = p99 and statistics.median(p99) <= limit * floor_p99
    okmax = worst and max(worst) <= FRAME_BUDGET_MS
    ratio = statistics.median(p99) / floor_p99 if p99 and floor_p99 else float("nan")
    return (f"  {label:<26} CPU p50 {spread(p50)}  p99 {spread(p99)} = {ratio:.2f}x floor "
            f"[{'ok' if ok99 else 'OVER'}]  max {max(worst) if worst else float('nan'):.2f} "
            f"[{'ok' if okmax else 'OVER'}]  wall p99 {spread(wall)} ms")


def frames_section(games: list[str]) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from games.app import bench_frames as bf
    from games.app.app import App
    app = App(fullscreen=False)
    app.sounds.enabled = False
    floor = [bf.blit_floor(app, FRAMES) for _ in range(FRAME_REPEATS)]
    measured = []
    for g in games:  # a floor batch before every batch of a game: the floor follows the machine's load
        busy, drag, busy_first = [], True, []
        for _r in range(FRAME_REPEATS):
            floor.append(bf.blit_floor(app, FRAMES))
            timing, dragging = bf.busy_frames(app, g, FRAMES, busy_first)
            busy.append(timing)
            drag = drag and dragging
        floor.append(bf.blit_floor(app, FRAMES))
        moving = bf.moving_frames(app, g, FRAMES)
        built: list = []
        land, rest = bf.landing_frames(app, g, seconds=20.0, landings=24, built=built)
        floor.append(bf.blit_floor(app, FRAMES))
        own = [bf.person_landings(app, g, everyone, PERSON_LANDINGS, PERSON_SECONDS) for everyone in (False, True)]
        floor.append(bf.blit_floor(app, FRAMES))
        over = bf.overlay_frames(app, g, FRAMES)
        measured.append((g, busy, drag, busy_first, moving, land, rest, built, own, over))
    summary = bf.suma_summary_frames(app, FRAMES) if "suma" in games else None
    floor_p99 = statistics.median(pct(c, 99) for c, _ in floor)
    print(f"\nFrames at 1920x1080, ms per frame (median of {FRAME_REPEATS} batches, spread; the floor: "
          f"{len(floor)} batches taken between the games'); limits: p99 <= {LIMITS['frame_p99_vs_floor']}x "
          f"floor, max <= {FRAME_BUDGET_MS:.1f}")
    print(frame_row("blit floor (bg + 60 cards)", floor, floor_p99))
    own_limit = LIMITS["own_move_p99_vs_floor"]
    for g, busy, drag, busy_first, moving, land, rest, built, own, over in measured:
        print(frame_row(f"{g} busiest{'' if drag else ' (no drag)'}", busy, floor_p99))
        print(frame_row(f"{g} busiest, moving ({len(moving[0])})", [moving], floor_p99) if moving[0] else
              f"  {g + ' busiest, moving':<26} nothing moves after a move lands (no frames to time)")
        print(frame_row(f"{g} move lands ({len(land[0])})", [land], floor_p99))
        print(frame_row(f"{g} own move, solo ({len(own[0][0])})", [own[0]], floor_p99, own_limit))
        print(frame_row(f"{g} own move, pass+play ({len(own[1][0])})", [own[1]], floor_p99, own_limit))
        print(frame_row(f"{g} pause, rules open", [over], floor_p99))
        print(frame_row(f"{g} bots thinking", [rest], floor_p99))
        print(f"  {g + ' scene built':<26} CPU {spread([b for b, _ in built])} ms, then its first frame "
              f"{spread([f for _, f in built])} ms; busiest screen's first frame {spread(busy_first)} ms "
              f"(screen changes, paid once, apart from the steady frames above; built at once here, in the "
              f"app's loop a few ms a frame: building.py)")
    if summary is not None:
        print(frame_row("suma round summary (7)", [summary], floor_p99))
    print(f"  (own move: the frame in which a person's drop or click lands, p99 <= {own_limit:g}x floor)")
    import pygame
    pygame.quit()


def run_benchmark() -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["TABLE_DATA_DIR"] = private_dir()  # never the real user folder
    from games import registry
    games = registry.playable_ids()
    print(f"benchmark: {', '.join(games)}; python {sys.version.split()[0]}, {os.cpu_count()} CPUs, "
          f"load {os.getloadavg()[0]:.1f}")
    print(f"\nStart-up (median of {REPEATS} runs in turns, spread; compiled bytecode, as installed)")
    from games.ui import stretch
    for kind, label in WINDOW_ROWS:
        if kind != "stretched" or stretch.available():
            startup_rows(label, startup(kind=kind))
    frames_section(games)
    save_rows("brujas" if "brujas" in games else games[0], save_timings("brujas" if "brujas" in games else games[0]))
    engine_section(games)
    bots_section(games)
    print("\nMemory over time: main.py --benchmark --soak 30 (the store demo, RSS each minute)")
    return 0

