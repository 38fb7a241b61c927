"""``main.py --benchmark --soak MINUTES``: the real store demo for a while, its memory each minute.

The demo runs as its own process (``main.py --demo``: every playable game in rotation,
how-to cards, bots at the fastest demo pace, both languages alternating), exactly as a
shop runs it.  This process only reads the child's ``/proc/<pid>/status`` every
``SAMPLE_SECONDS``: resident memory now (VmRSS) and at its peak (VmHWM).  Memory saws up
and down with every game (a sample taken once a minute lands anywhere on that saw), so
each minute is printed as the mean of its samples with their min-max, beside the peak,
and the games the demo started in that minute (from its log), so a bump can be put down
to the game that was on the table.
After the warm-up (the first ``WARMUP_MINUTES``: fonts, card faces and caches fill) a flat
line is the goal: the slope is a least-squares fit of the later minute means, and the
growth is the last minute's mean minus the mean of the minute that ends the warm-up.
The same fit over each minute's lowest sample (the level memory falls back to between
moves and games) is printed beside it: a leak lifts that floor too, while a game's
bigger table lifts only its own minutes.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WARMUP_MINUTES = 5.0
SAMPLE_SECONDS = 5.0  # twelve samples a minute
PEAK_LIMIT_MB = 120.0  # issue 13: peak RSS over 30 minutes
GROWTH_LIMIT_MB = 2.0  # issue 13: growth after the warm-up, per 25 minutes
MIB_MB = 2**20 / 1e6  # the limits are in MB (10^6 bytes), /proc counts KiB: judged in MB, the stricter


def read_status(pid: int) -> dict[str, float]:
    """VmRSS and VmHWM of a process in MiB (empty when it is gone)."""
    out: dict[str, float] = {}
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith(("VmRSS", "VmHWM")):
                    out[line.split(":")[0]] = int(line.split()[1]) / 1024
    except OSError:
        pass
    return out


def slope_per_hour(samples: list[tuple[float, float]]) -> float:
    """Least-squares slope of (minutes, MiB) samples, in MiB per hour."""
    if len(samples) < 2:
        return 0.0
    n = len(samples)
    mx = sum(t for t, _ in samples) / n
    my = sum(m for _, m in samples) / n
    den = sum((t - mx) ** 2 for t, _ in samples)
    return 60 * sum((t - mx) * (m - my) for t, m in samples) / den if den else 0.0


def new_games(log_path: Path, seen: int) -> tuple[list[str], int]:
    """The games the demo started after byte ``seen`` of its log ("demo: fuji99 (en)")."""
    try:
        with open(log_path, "rb") as fh:
            fh.seek(seen)
            chunk = fh.read()
    except OSError:
        return [], seen
    games = [line.split("demo: ", 1)[1].strip() for line in chunk.decode("utf-8", "replace").splitlines()
             if "demo: " in line]
    return games, seen + len(chunk)


def played_actions(log_path: Path, seen: int) -> tuple[int, int, int]:
    """(games, actions) the demo finished after byte ``seen`` of its log ("demo played:
    fuji99, 212 actions", games/app/play.py), and the byte read up to."""
    try:
        with open(log_path, "rb") as fh:
            fh.seek(seen)
            chunk = fh.read()
    except OSError:
        return 0, 0, seen
    counts = [int(line.rsplit(", ", 1)[1].split()[0]) for line in chunk.decode("utf-8", "replace").splitlines()
              if "demo played: " in line]
    return len(counts), sum(counts), seen + len(chunk)


def demo_env(folder: str) -> dict[str, str]:
    """A private data folder whose settings ask for the fastest demo in both languages."""
    Path(folder, "settings.json").write_text(json.dumps(
        {"demo_pace": "fast", "bot_speed": "fast", "demo_langs": "both", "sound": False,
         "staff_pin": "2468"}), encoding="utf-8")
    return dict(os.environ, TABLE_DATA_DIR=folder, SDL_AUDIODRIVER="dummy",
                SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "dummy"))


def run_soak(minutes: float, every: float = 60.0, sample: float = SAMPLE_SECONDS) -> int:
    """Run the demo ``minutes`` long, print RSS every ``every`` seconds and the verdict."""
    with tempfile.TemporaryDirectory(prefix="table-soak-") as folder:
        errors = open(Path(folder, "stderr.txt"), "w+b")  # a file: a pipe could fill and stall it
        child = subprocess.Popen([sys.executable, "-m", "games", "--demo", "--windowed"],
                                 env=demo_env(folder), cwd=ROOT, stdout=subprocess.DEVNULL, stderr=errors)
        samples: list[tuple[float, float]] = []
        floors: list[tuple[float, float]] = []
        log_path, log_seen, played_seen = Path(folder, "logs", "table.log"), 0, 0
        peak = 0.0
        t0 = time.monotonic()
        print(f"soak: store demo (all games, fastest pace), {minutes:g} min, pid {child.pid}", flush=True)
        print("minute   RSS MiB: mean (min-max of its samples)   peak MiB   games/actions played   games started",
              flush=True)
        per = max(1, round(every / sample))
        try:
            for k in range(1, int(minutes * 60 // every) + 1):
                got = []
                for j in range(1, per + 1):
                    time.sleep(max(0.0, t0 + (k - 1) * every + j * every / per - time.monotonic()))
                    if child.poll() is not None:
                        errors.seek(0)
                        err = errors.read().decode(errors="replace")[-2000:]
                        print(f"the demo stopped (exit {child.returncode}) after "
                              f"{(time.monotonic() - t0) / 60:.1f} min\n{err}")
                        return 1
                    st = read_status(child.pid)
                    if st:
                        got.append(st["VmRSS"])
                        peak = max(peak, st["VmHWM"])
                if got:
                    elapsed = (time.monotonic() - t0) / 60
                    mean = sum(got) / len(got)
                    samples.append((elapsed, mean))
                    floors.append((elapsed, min(got)))
                    started, log_seen = new_games(log_path, log_seen)
                    games, actions, played_seen = played_actions(log_path, played_seen)
                    print(f"{elapsed:6.1f} {mean:9.1f} ({min(got):.1f}-{max(got):.1f}) {peak:12.1f}   "
                          f"{games:3d} / {actions:5d}   {', '.join(started)}", flush=True)
        finally:
            child.terminate()
            try:
                child.wait(10)
            except subprocess.TimeoutExpired:
                child.kill()
            errors.close()
    return report(samples, peak, floors)


def report(samples: list[tuple[float, float]], peak: float,
           floors: list[tuple[float, float]] | None = None) -> int:
    """The verdict lines: peak, slope and growth after the warm-up."""
    late = [s for s in samples if s[0] >= WARMUP_MINUTES - 1e-6]
    if not late:
        late = samples[len(samples) // 2:]
    growth = late[-1][1] - late[0][1] if late else 0.0
    span = late[-1][0] - late[0][0] if len(late) > 1 else 0.0
    slope = slope_per_hour(late)
    per25 = slope * 25 / 60
    print(f"peak RSS {peak:.1f} MiB = {peak * MIB_MB:.1f} MB (limit {PEAK_LIMIT_MB:g} MB) "
          f"[{'ok' if peak * MIB_MB <= PEAK_LIMIT_MB else 'OVER'}]")
    print(f"after the {WARMUP_MINUTES:g}-min warm-up (minute means): {growth:+.1f} MiB over {span:.1f} min, "
          f"slope {slope:+.2f} MiB/h = {per25:+.2f} MiB = {per25 * MIB_MB:+.2f} MB per 25 min "
          f"(limit {GROWTH_LIMIT_MB:g} MB) [{'ok' if per25 * MIB_MB <= GROWTH_LIMIT_MB else 'OVER'}]")
    low = [s for s in floors or [] if s[0] >= WARMUP_MINUTES - 1e-6]
    if len(low) > 1:
        floor25 = slope_per_hour(low) * 25 / 60
        print(f"  the same fit over each minute's lowest sample: {low[-1][1] - low[0][1]:+.1f} MiB, "
              f"slope {floor25:+.2f} MiB = {floor25 * MIB_MB:+.2f} MB per 25 min (shown to tell a leak "
              f"from the saw; the verdict above is the one that counts)")
    return 0
