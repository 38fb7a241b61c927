"""What the store demo's memory is made of: the demo in this process, its caches each interval.

    SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy python tools/soak_probe.py MINUTES [EVERY_S]
        [--trace] [--seed N] [--mmap BYTES] [--arenas N]

Runs the real store demo (fastest pace, both languages, every game) like the soak, but
in this process, so it can print beside the resident size (VmRSS) what the C allocator
holds (glibc ``mallinfo2``: bytes in use, free bytes kept in the heap, mapped blocks)
and the byte totals of the bounded caches: rendered text, measured text (wraps, fits and
paragraphs' pieces), moment bands, title tiles, the painters of the views made since the
last screen change (older ones are frozen by memory.release, out of the collector's lists).
RSS far above "in use" is heap fragmentation; "in use" climbing while the caches stay level is a leak; a cache
climbing to its bound is a cache filling.  ``--trace`` adds tracemalloc's top growth of
Python objects between the first game of the second cycle and the end.
"""
from __future__ import annotations

import ctypes
import gc
import json
import os
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


class MallInfo2(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
                 "fordblks", "keepcost")]


def mallinfo() -> dict[str, float]:
    """glibc's heap figures in MiB (empty elsewhere)."""
    try:
        lib = ctypes.CDLL(None)
        fn = lib.mallinfo2
    except (OSError, AttributeError):
        return {}
    fn.restype = MallInfo2
    m = fn()
    mib = 2**20
    return {"heap": m.arena / mib, "used": m.uordblks / mib, "free": m.fordblks / mib, "mmap": m.hblkhd / mib}


def status() -> dict[str, float]:
    """VmRSS and its anonymous and file-backed parts, in MiB."""
    out = {}
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith(("VmRSS", "RssAnon", "RssFile")):
                out[line.split(":")[0]] = int(line.split()[1]) / 1024
    return out


def cache_bytes() -> dict[str, float]:
    """Byte totals (MiB) of the bounded caches, and how many views and painters are alive."""
    from games.ui import cards, motion, text, tiles
    mib = 2**20
    out = {"text": text._cache.bytes / mib,
           "measured": (text._measures.bytes + text._pieces.bytes) / mib,
           "bands": sum(s.get_width() * s.get_height() * 4 for s in motion._SURFS.values()) / mib,
           "tiles": tiles._cache.bytes / mib}
    painters = [o for o in gc.get_objects() if isinstance(o, cards.CardPainter)]
    out["painters"] = sum(p.cached_bytes for p in painters) / mib
    out["n_painters"] = len(painters)
    from games.ui.table import TableView
    out["n_views"] = sum(1 for o in gc.get_objects() if isinstance(o, TableView))
    fuji = sys.modules.get("games.fuji99.bot")
    out["plans"] = fuji.turn_plan.cache_info().currsize if fuji else 0
    # the app freezes what survives each screen change (memory.release): those are not in
    # get_objects (so painters and views are counted only when made since), but are counted here
    out["objects"] = len(gc.get_objects()) + gc.get_freeze_count()
    return out


def main() -> int:
    minutes = float(sys.argv[1]) if len(sys.argv) > 1 else 12.0
    every = float(sys.argv[2]) if len(sys.argv) > 2 and not sys.argv[2].startswith("-") else 30.0
    trace = "--trace" in sys.argv
    folder = tempfile.mkdtemp(prefix="table-probe-")
    Path(folder, "settings.json").write_text(json.dumps(
        {"demo_pace": "fast", "bot_speed": "fast", "demo_langs": "both", "sound": False}), encoding="utf-8")
    os.environ["TABLE_DATA_DIR"] = folder
    if trace:
        tracemalloc.start(8)

    from games.app import demo
    from games.app.app import App
    from games.app.demo import start_demo
    if "--mmap" in sys.argv:  # try another pinned mmap threshold (bytes)
        from games.app import memory
        memory.MMAP_THRESHOLD = int(sys.argv[sys.argv.index("--mmap") + 1])
    if "--arenas" in sys.argv:  # try another cap on glibc's arenas
        from games.app import memory
        memory.ARENAS = int(sys.argv[sys.argv.index("--arenas") + 1])
    if "--seed" in sys.argv:  # the same deals each run (compare a change with its before)
        import itertools
        demo.new_seed = itertools.count(int(sys.argv[sys.argv.index("--seed") + 1])).__next__
    app = App(fullscreen=False, demo=True)
    start_demo(app)
    t0 = time.monotonic()
    next_print = 0.0
    snap = None
    last_game = None
    print(
        "  min    RSS   anon  file  pyblks   heap   used   free   mmap |"
        "  text  meas.  bands tiles painters (n) views plans objects game",
        flush=True,
    )
    while app.running and app.top and time.monotonic() - t0 < minutes * 60:
        dt = app.clock.tick(60) / 1000.0
        app.step(min(dt, 0.1))
        app.present()
        app.after_frame()
        game = f"{getattr(app.top, 'game_id', None)}/{app.settings.lang}"
        el = time.monotonic() - t0
        if el >= next_print or (game != last_game and getattr(app.top, "game_id", None)):
            if trace and snap is None and el > 11.5 * 60:
                gc.collect()
                snap = tracemalloc.take_snapshot()
            m, c, st = mallinfo(), cache_bytes(), status()
            print(
                f"{el / 60:5.1f} {st['VmRSS']:6.1f} {st['RssAnon']:6.1f} {st['RssFile']:5.1f} "
                f"{sys.getallocatedblocks() / 1e3:6.0f}k {m.get('heap', 0):6.1f} {m.get('used', 0):6.1f} "
                f"{m.get('free', 0):6.1f} {m.get('mmap', 0):6.1f} | "
                f"{c['text']:5.1f} {c['measured']:5.2f} {c['bands']:5.1f} "
                f"{c['tiles']:5.1f} {c['painters']:6.1f} ({c['n_painters']}) {c['n_views']:3d} "
                f"{c['plans']:5d} {c['objects']:7d}  {game}",
                flush=True,
            )
            if el >= next_print:
                next_print += every
            last_game = game
    if trace and snap is not None:
        gc.collect()
        for stat in tracemalloc.take_snapshot().compare_to(snap, "traceback")[:12]:
            print(stat)
            for line in stat.traceback.format()[-6:]:
                print("   ", line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
