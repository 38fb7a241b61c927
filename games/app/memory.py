"""Flat memory all day: the C allocator told to give freed memory back, at quiet moments.

The table runs for hours in a shop.  Python frees objects at once, but glibc keeps freed
blocks for reuse: one arena per bot thread (a new thread every bot move) and a heap
whose mmap threshold creeps up after large surfaces are freed, so resident memory
ratchets up with every fragment.  ``tune_allocator`` caps the arenas at two and pins the
mmap threshold (large surfaces and text renderings are then mapped and unmapped whole);
``release`` runs a full collection and ``malloc_trim`` when a screen changes (a new game,
the title), never during a frame.  Elsewhere (macOS, Windows, musl) both do nothing.

The app calls ``release`` after the flip of the frame in which the screen changed
(``App.replace`` sets ``release_due``, ``App.after_frame`` runs it): a game usually ends
from inside its own scene's code, and while that code runs the old scene, its view and
its painters cannot be freed yet; after the flip they can, and no frame's time pays.

What may stay resident, by bytes (the soak's peak is the sum plus the interpreter,
pygame/SDL and the window's buffers), each bound written beside its cache; every cache
whose keys can be new with play time is a ``BytesLRU`` (games/core/bounded.py, APP-MEMORY-19):
- rendered text 8 MiB (games/ui/text.py CACHE_BYTES), measured text 384 KiB
  (MEASURE_BYTES), paragraphs' pieces 256 KiB (PIECES_BYTES, APP-MEMORY-18);
- dimming veils 2 MiB (games/ui/cards.py VEILS_BYTES), seat badges 0.5 MiB
  (games/ui/widgets.py BADGES_BYTES);
- font faces: 6 per weight plus one measuring face each (~0.4-0.9 MiB a face);
- title tiles 2 MiB (games/ui/tiles.py), the moment band canvas 4.1 MiB (games/ui/motion.py;
  a moment's title pop-in buffers, <= 2 MiB, live with the moment);
- the game on screen: card painters 8 MiB each (games/ui/cards.py, one or two per view)
  and its view's layers (while a bot's move is painted ahead, its fork's seat panels
  too: twice those at most); all of it goes at the next screen change;
- the table layers: two canvas-sized surfaces, 8 MiB each, made once per app (the kept
  table, and the bot's coming move painted ahead: games/ui/table.py TABLE-2, TABLE-3);
- Fuji 99's odds < 0.25 MiB and turn plans <= 0.1 MiB (games/fuji99/odds.py, bot.py; APP-MEMORY-17);
  Suma's pattern tables < 2 MiB (games/suma/patterns.py; the store demo builds them, with
  every game's table code, when it starts: games/app/demo.py APP-DEMO-16).

What the demo's memory is made of, minute by minute (the bounded caches, the C heap's
used/free/mapped bytes, Python's blocks and objects): ``tools/soak_probe.py``.  Its
figures (seeded demo, 24 min, issue 13): the caches are
full within the first minute; Python's objects stop growing after the first rotation of
games (~11 min); what still creeps, ~1.5 MiB a rotation between games, is the C heap's
free space left in partly used pages (its top rises at each Brujas game, used bytes do
not) and a few thousand Python blocks.  Those blocks (~+7 K a rotation) were bounded
caches still filling long after the first minute, which a soak cannot tell from a leak:
the paragraphs' pieces memo (64 K characters, filled at ~1 K a minute) and Fuji 99's
turn plans and crisis odds (~50 each a Fuji game toward 2048 and 256): APP-MEMORY-17, APP-MEMORY-18.
A probe per game start (same seed; tracemalloc and ``gc`` type counts diffed between a
game's visits) found no other Python growth between rotations but the games' action
tables (a few dozen Actions a rotation, bounded by the move set) and Qumasu's wrap and
fit memos (games/qumasu/ui/fonts.py, 512 each, filling over hours; gone, APP-MEMORY-19).  A 16 KiB mmap
threshold kept the heap's top lower (16 vs 21 MiB) but not RSS (the same at every game
start), so APP-MEMORY-14 stays.  A 75-minute seeded probe of the final tree: the heap's top steps
once more when the demo shows a game in its second language for the first time (the first
Japanese Fuji 99 game, 18.4 -> 21.3 MiB, 17 minutes in: every (game, language) pair has
been shown ~22 minutes in), then stays at 21.0-21.6 MiB; RSS between games 85.4-86.6 MiB
from 16 to 71 minutes; a game starts at the same level each cycle (within 0.5 MiB).

Decisions (issue 13, memory and start-up):
- APP-MEMORY-8 (perf): the old screen is freed after the flip, not inside ``App.replace`` (see
  above): two games' views never stay alive together.
- APP-MEMORY-9 (perf): font faces are shared: ``FONT_FACES`` per weight, a new size re-sizes the
  least recently used face (``Font.point_size``: the same pixels as a new Font) and
  ``fit_size`` tries sizes on one measuring face (games/ui/text.py).
- APP-MEMORY-10 (perf): the window is the canvas itself where the screen shows it 1:1 (fullscreen
  on a 1920x1080 screen, headless); every other window scales the canvas: by the table
  itself where SDL would scale in software (Linux: games/ui/stretch.py STRETCH-1, 8 MiB less
  than SCALED's texture), else SDL's SCALED window (App._open_display).
- APP-MEMORY-11 (perf): translucent veils are drawn in place (widgets.veil: multiply then add,
  within one colour level of the alpha blend) instead of a screen-sized layer a frame.
- APP-MEMORY-12 (perf): the title's tile pictures are remembered between starts with the code's
  fingerprint (games/app/title_art.py, like the check's verdict, APP-STARTUP-4 of startup.py).
- APP-MEMORY-13 (perf): Brujas paints its unchanging table (witch column, info and log boxes, the
  trick's frame: rounded panels, a few kept text lines, score cards) on the felt each time
  it paints the table, 0.13 ms (CPU, median) against 0.08 ms to copy them, and keeps no
  layer for it: first a 1920x1080 layer (7.9 MiB), then four surfaces the size of those
  areas (3.3 MiB), which made a Brujas game the demo's highest minutes (the soak's saw,
  ~9 MiB over the other games, read by its slope as growth when a Brujas game fell at
  the end of the window); the same pixels (tests/test_memory.py).  A card another seat
  plays starts as small as its pile's cards (games/brujas/ui/view.py BRUJAS-UI-VIEW-2): 0.4 MiB of
  faces less.
- APP-MEMORY-14 (perf): the mmap threshold is pinned at 32 KiB, not glibc's starting 128 KiB: card
  faces (a 130x182 face is 92 KiB), text lines and layer pieces that the heap's free holes
  cannot take are mapped on their own and given back whole when a game's view goes,
  instead of extending the heap, whose top then stays (tests/test_memory.py).
  tools/soak_probe.py, the same seeded demo run side by
  side for 24 min: the heap's top stays at 18-21 MiB instead of growing 22 -> 32 MiB, and
  RSS is 1.5-2.5 MiB lower in the second cycle (Brujas 82.5 vs 84.0 MiB, Qumasu 77.9 vs
  80.4, Suma 78.1 vs 80.1); bot playouts of every game take the same CPU time.  Its cost,
  measured by the lead (CPU, same machine, 128 vs 32 KiB): building a play scene, which
  paints every face ahead, takes longer, each new mapping being zeroed and faulted in
  (Qumasu 24 -> 60 ms, Brujas ~66-94 -> ~85-120 ms; paid once at a screen change); move
  and steady frames showed no difference beyond run-to-run noise.
- APP-MEMORY-15 (perf): Suma's pattern tables (games/suma/patterns.py, kept for each pattern seen,
  bounded by the 64 patterns of a data file) share one tuple per (index, kind) cell and per
  row of kinds: they grew the first Suma games by 2.4 MiB (two seeded bot games,
  tracemalloc), now 1.85 MiB.  The soak saw that growth as a step after the warm-up.
- APP-MEMORY-17 (perf): Fuji 99's bot caches keep 64 answers (turn plans were 2048, <= 3 MiB;
  crisis odds 256, < 1 MiB).  A Fuji game adds ~50 new plans and ~45 odds, so the old
  bounds filled over hours of demo (~0.15 MiB a rotation, read by the soak as growth); a
  game's hits are almost all among its own answers: twelve seeded 3-seat tengu games hit
  159 plans and 494 odds with 64 kept, 167 and 501 with the old bounds, 149 and 485 with
  32; the same bot CPU time (0.75 vs 0.73 s, noise).  Full within three Fuji games.
- APP-MEMORY-18 (perf): the memo of paragraphs' wrapping pieces keeps 16 K characters, not 64 K
  (games/ui/text.py PIECES_CHARS).  Every log line with new names or numbers is a new
  paragraph, so the 64 K memo was still filling ~1 K characters a minute 7 minutes into
  the demo (tools-style probe, seeded), ~0.5 MiB more over its first ~45 minutes, which
  the soak reads as growth (~12.6 B a character: every i18n and rules paragraph, 94 K
  characters, took 1.13 MiB).  A paragraph's pieces are asked again while it is on the
  screen (a fit tries sizes, the log wraps a line once), so a few hundred recent ones are
  plenty; the coming move's lines are found in the bot worker (``prime``) either way.
  (Counted in bytes since APP-MEMORY-19: PIECES_BYTES, 256 KiB, ~15 K characters.)
- APP-MEMORY-19 (perf): one cache helper, ``BytesLRU`` (games/core/bounded.py): least recently used
  first out within a byte budget, by the cache's own measure of an entry (a surface's
  pixels; a text memo's strings and tuples by ``sys.getsizeof``).  Rendered text, title
  tiles, card painters and Suma's job sides had each written the same eviction loop; the
  memos of measured text and of paragraphs' pieces counted characters (now 384 KiB and
  256 KiB, about what they held); dimming veils and seat badges were cleared at 16 and 96
  entries of any size (a card or pawn in flight passes through many sizes: now 2 MiB and
  0.5 MiB).  Two memos in front of the text module's own were dropped, not bounded: Qumasu's
  fit and wrap (lru_cache of 512 each, fonts.py QUMASU-UI-FONTS-1) and the Brujas table's (every log line
  of a game, up to 4000: games/brujas/ui/view.py BRUJAS-UI-VIEW-1); a frame's call is the same look-up
  in the text memo.  What stays bounded by count is bounded by a fixed domain (a game id,
  a data file's patterns, a seat, a layout size, a bot call's states) and says so with its
  bytes beside it; audit and figures: issue 13 item 2 (tests/test_bounded.py).
- APP-MEMORY-20 (perf): the title's first frame draws its texts as the last start did
  (games/app/title_text.py APP-TITLE-TEXT-1, beside APP-MEMORY-12's tiles): no font face is opened before it
  (~10 faces, ~4.5 MiB with their glyph caches, ~7 ms CPU); the first hover or the next
  screen opens the faces it needs, as any new text did.  Start-up peak (benchmark,
  median of 5): 1:1 42.0 -> 36.9 MiB, SCALED 58.0 -> 52.9; title/bare CPU 1.70 -> 1.55.
"""
from __future__ import annotations

import ctypes
import gc
import sys

M_TRIM_THRESHOLD, M_MMAP_THRESHOLD, M_ARENA_MAX = -1, -3, -8
MMAP_THRESHOLD = 32 * 1024  # pinned (glibc would creep it up to 32 MiB); APP-MEMORY-14: card faces are mapped whole
TRIM_THRESHOLD = 1024 * 1024  # free heap tops above 1 MiB go back to the system
ARENAS = 2  # the main thread and one shared by every bot thread

_libc = None


def _glibc():
    """The C library if it is glibc (mallopt and malloc_trim exist), else None."""
    global _libc
    if _libc is None:
        _libc = False
        if sys.platform.startswith("linux"):
            try:
                # the process's own symbols (libc among them): find_library would run ldconfig
                lib = ctypes.CDLL(None)
                if hasattr(lib, "mallopt") and hasattr(lib, "malloc_trim"):
                    _libc = lib
            except OSError:
                pass
    return _libc or None


def tune_allocator() -> bool:
    """Cap the arenas and pin the thresholds (before threads start); True when applied."""
    lib = _glibc()
    if lib is None:
        return False
    ok = lib.mallopt(M_ARENA_MAX, ARENAS) == 1
    ok &= lib.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD) == 1
    ok &= lib.mallopt(M_TRIM_THRESHOLD, TRIM_THRESHOLD) == 1
    return bool(ok)


def release() -> None:
    """Collect cycles (old scenes, views, bots) and hand free memory back to the system.

    What survives is then frozen (``gc.freeze``): the collector's full passes during play
    no longer walk every long-lived object (catalogues, the new screen, Suma's pattern
    tables), which took 9 ms inside a frame (a gen-2 pass in a Suma game).  Objects made
    later are collected as before; what was frozen and becomes cyclic garbage waits for
    the next screen change, which unfreezes, collects everything and freezes again."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    lib = _glibc()
    if lib is not None:
        lib.malloc_trim(0)
