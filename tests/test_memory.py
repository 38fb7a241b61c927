"""Flat memory and a light start (issue 13): bounded faces and bands, veils without layers,
the old screen freed at the next frame, the 1:1 window, the soak's verdicts."""
from __future__ import annotations

import gc
import weakref

import pygame

from games.app import soak
from games.ui import motion, text, theme, widgets


def test_headless_window_is_the_canvas_itself_without_scaled_buffers(app):
    assert not app.scaled
    assert app.surface.get_size() == (theme.W, theme.H)
    assert not app.surface.get_flags() & pygame.SCALED


def test_a_veil_dims_like_a_translucent_layer_within_one_level(app):
    base = pygame.Surface((64, 48))
    for i in range(64):
        pygame.draw.line(base, (i * 4, 255 - i * 4, (i * 37) % 256), (i, 0), (i, 47))
    for colour in ((8, 10, 16, 190), (20, 20, 30, 130), (8, 10, 16, 215), (0, 0, 0, 255)):
        layered, in_place = base.copy(), base.copy()
        layer = pygame.Surface(base.get_size(), pygame.SRCALPHA)
        layer.fill(colour)
        layered.blit(layer, (0, 0))
        widgets.veil(in_place, colour)
        worst = max(abs(a - b) for a, b in zip(pygame.image.tobytes(layered, "RGB"),
                                               pygame.image.tobytes(in_place, "RGB"), strict=True))
        assert worst <= 1, colour
    part = base.copy()
    widgets.veil(part, (8, 10, 16, 190), pygame.Rect(0, 0, 32, 48))
    assert part.get_at((40, 10)) == base.get_at((40, 10)) and part.get_at((10, 10)) != base.get_at((10, 10))


def test_font_faces_are_bounded_and_a_resized_face_draws_like_a_new_one(app):
    text.reset()
    for size in range(14, 90, 3):
        text.font(size, True).render("尊みバースト Burst", True, (255, 255, 255))
        text.font(size, False).size("場の数字")
    for bold in (False, True):
        assert sum(1 for _, b in text._fonts if b == bold) <= text.FONT_FACES
    reused = text.font(40, True)  # the face re-sized from another size
    fresh = pygame.font.Font(str(text.FONT_FILES[True]), 40)
    a, b = reused.render("イロハ 99階", True, (250, 240, 230)), fresh.render("イロハ 99階", True, (250, 240, 230))
    assert a.get_size() == b.get_size() and pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def test_fit_size_trials_never_evict_a_drawing_face(app):
    text.reset()
    sizes = (text.MIN_SIZE, text.MIN_SIZE + 2, text.MIN_SIZE + 4)  # (no face is made below MIN_SIZE)
    kept = [text.font(s, True) for s in sizes]
    text.fit_size("サバトのマジョたち Brujas del Sábado", 60, 200, True)
    assert [k for k in text._fonts] == [(s, True) for s in sizes]
    assert kept[0] is text.font(sizes[0], True)


def test_moment_bands_are_bounded_by_bytes(app):
    motion._SURFS.clear()
    for i in range(12):
        motion._band((theme.W, 300 + i), (255, 100, 100))
    held = sum(s.get_width() * s.get_height() * 4 for s in motion._SURFS.values())
    assert 0 < held <= motion.BANDS_BYTES
    motion._SURFS.clear()


def test_the_old_screen_is_freed_at_the_next_frame(app, monkeypatch):
    """A demo game ends from inside its own scene's update: it cannot be freed during that
    call, so the collection and trim run at the next frame's start (memory.py APP-MEMORY-8)."""
    from games.app.demo import demo_session
    app.goto("play", demo_session("toutomi", seed=3), demo=True)
    app.step(1 / 60)
    gc.disable()  # only the app's own release may collect here
    try:
        scene = app.top
        old, painter = weakref.ref(scene), weakref.ref(scene.table.painter)
        turn = scene.bot_turn
        # as next_demo does: from inside the scene's own method, which holds the scene
        monkeypatch.setattr(type(scene), "update", lambda self, dt: self.app.goto("title"))
        del scene
        app.step(1 / 60)
        assert app.release_due
        if turn is not None and turn.submitted:  # the bot worker finishes (or skips) the old game's last
            assert turn.done.wait(10)  # turn (one not handed over yet, APP-PLAY-1, is not in the worker)
        del turn
        app.after_frame()  # what the loop does after the flip
        assert not app.release_due
        assert old() is None and painter() is None
    finally:
        gc.enable()


def test_soak_verdicts_are_judged_in_megabytes(capsys):
    soak.report([(5.0, 100.0), (10.0, 100.0), (30.0, 100.0)], 113.0)  # 113 MiB = 118.5 MB
    out = capsys.readouterr().out
    assert "118.5 MB" in out and "[ok]" in out.splitlines()[0]
    soak.report([(5.0, 100.0), (30.0, 103.0)], 115.0)  # 115 MiB = 120.6 MB; +3 MiB per 25 min
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith("[OVER]") and lines[1].endswith("[OVER]")


def _fresh_title_art(monkeypatch, stamp):
    from games.app import startup, title_art
    monkeypatch.setattr(startup, "_stamp", stamp)
    monkeypatch.setattr(title_art, "_loaded", False)
    monkeypatch.setattr(title_art, "_remembered", {})
    monkeypatch.setattr(title_art, "_painted", {})
    return title_art


def test_title_tiles_come_back_only_for_the_same_code_and_an_intact_file(app, monkeypatch, tmp_path):
    from games.ui import tiles
    art = _fresh_title_art(monkeypatch, "stamp-1")
    first = {g: art.tile(g, (326, 170), False) for g in ("toutomi", "suma")}
    art.save_if_painted()
    path = tmp_path / art.FILE
    assert path.is_file() and path.stat().st_size <= art.ART_BYTES

    painted = []
    real = tiles.tile_art
    monkeypatch.setattr(tiles, "tile_art", lambda *a, **k: painted.append(a[0]) or real(*a, **k))
    art = _fresh_title_art(monkeypatch, "stamp-1")
    for g, img in first.items():
        back = art.tile(g, (326, 170), False)
        assert pygame.image.tobytes(back, "RGBA") == pygame.image.tobytes(img, "RGBA")
    assert painted == []  # read back, not painted

    art = _fresh_title_art(monkeypatch, "stamp-2")  # an edited file: another fingerprint
    art.tile("toutomi", (326, 170), False)
    assert painted == ["toutomi"]

    path.write_bytes(path.read_bytes()[:-7])  # a torn file is ignored, never half-used
    art = _fresh_title_art(monkeypatch, "stamp-1")
    art.tile("suma", (326, 170), False)
    assert painted == ["toutomi", "suma"]


def test_soak_names_the_games_the_demo_started_and_fits_the_floor(tmp_path, capsys):
    log = tmp_path / "table.log"
    log.write_text("12:00 INFO table: start\n12:01 INFO table: demo: toutomi (ja)\n", encoding="utf-8")
    games, seen = soak.new_games(log, 0)
    assert games == ["toutomi (ja)"]
    with open(log, "a", encoding="utf-8") as fh:
        fh.write("12:05 INFO table: demo: fuji99 (en)\n")
    assert soak.new_games(log, seen)[0] == ["fuji99 (en)"]  # only what came after
    assert soak.new_games(tmp_path / "missing.log", 0) == ([], 0)
    means = [(5.0, 100.0), (15.0, 110.0), (30.0, 100.0)]
    soak.report(means, 112.0, [(5.0, 90.0), (15.0, 90.0), (30.0, 96.0)])
    last = capsys.readouterr().out.splitlines()[-1]
    assert "lowest sample: +6.0 MiB" in last


def test_demo_logs_each_game_it_starts(caplog):
    import logging

    from games.app.demo import start_demo
    from tests.test_kiosk import kiosk
    d, _ = kiosk()
    with caplog.at_level(logging.INFO, logger="table"):
        start_demo(d.app, 1, howto=False)
    assert any(r.getMessage().startswith("demo: fuji99 (") for r in caplog.records)


def _surface_bytes(obj, seen: set) -> int:
    """Bytes of the pixels of every surface reachable from ``obj`` through containers and
    instance attributes (each surface counted once)."""
    if id(obj) in seen:
        return 0
    seen.add(id(obj))
    if isinstance(obj, pygame.Surface):
        return obj.get_width() * obj.get_height() * obj.get_bytesize()
    if isinstance(obj, dict):
        return sum(_surface_bytes(v, seen) for v in list(obj.values()))
    if isinstance(obj, (list, tuple, set, frozenset)):
        return sum(_surface_bytes(v, seen) for v in list(obj))
    if isinstance(obj, (type, str, bytes, int, float)) or obj is None:
        return 0
    total = _surface_bytes(vars(obj), seen) if hasattr(obj, "__dict__") else 0
    slots = [n for k in type(obj).__mro__ for n in getattr(k, "__slots__", ()) if isinstance(n, str)]
    return total + sum(_surface_bytes(getattr(obj, n), seen) for n in slots if hasattr(obj, n))


def test_brujas_paints_its_unchanging_parts_on_the_felt_and_keeps_no_layer_for_them(app):
    """APP-MEMORY-13: the witch column, info and log boxes and the trick's frame are painted on the
    felt each time the table is painted, not kept (they held 3.3 MiB as area-sized surfaces,
    7.9 MiB as a screen-sized layer before that); the table shows the same pixels as it did
    with those areas copied from a layer painted once."""
    from games.app import bench_frames as bf
    from games.brujas.ui.view import INFO, LEFT, LOG, TRICK
    for lang in ("ja", "en"):
        app.settings.lang = lang
        scene = bf.busiest_screen(app, "brujas")
        view = scene.table
        kept = pygame.Surface((theme.W, theme.H)).convert()  # the old layer, painted once
        kept.fill(theme.FELT)
        view.paint_static(kept)

        def paint(static, view=view, scene=scene) -> bytes:  # (bound: called in this iteration)
            surf = pygame.Surface((theme.W, theme.H)).convert()
            surf.fill(theme.FELT)
            view.paint_static = static
            try:
                with scene.motion.active(), widgets.noting_hover([]):
                    scene.motion.begin_frame()
                    view.paint(surf, scene.ix)
            finally:
                del view.paint_static
            return pygame.image.tobytes(surf, "RGB")
        old = paint(lambda surf, kept=kept: [surf.blit(kept, area, area) for area in (LEFT, INFO, LOG, TRICK)])
        assert paint(type(view).paint_static.__get__(view)) == old, lang
        held = _surface_bytes(view, set())
        painters = view.art.painter.cached_bytes + view.art.witch_painter.cached_bytes
        panels = sum(r.width * r.height * 4 for r in view.panels)
        assert held >= painters + panels  # (all of them are found)
        assert held - painters - panels < 2**20, (lang, held, painters, panels)  # was 3.3 MiB more


def test_allocator_helpers_do_nothing_where_the_c_library_is_not_glibc(monkeypatch):
    """macOS, Windows, musl: no mallopt/malloc_trim, so tuning reports False and release only
    collects (APP-MEMORY-14's threshold and the trim are glibc-only)."""
    from games.app import memory
    monkeypatch.setattr(memory, "_libc", False)  # probed already: not glibc
    assert memory._glibc() is None
    assert memory.tune_allocator() is False
    memory.release()  # no error, nothing called
    monkeypatch.setattr(memory.sys, "platform", "darwin")
    monkeypatch.setattr(memory, "_libc", None)  # probe again, as on another system
    assert memory._glibc() is None and memory.tune_allocator() is False


def test_the_pinned_mmap_threshold_never_grows_the_heap_for_card_faces(app):
    """APP-MEMORY-14: with the app's allocator settings, card faces the heap's holes cannot take are
    mapped on their own (given back whole when their view goes): the heap never grows for
    them.  With glibc's own 128 KiB start they would extend the heap, and its top stays."""
    import ctypes

    import pytest

    from games.app import memory
    lib = memory._glibc()
    if lib is None or not hasattr(lib, "mallinfo2"):
        pytest.skip("glibc only")

    class Info(ctypes.Structure):
        _fields_ = [(n, ctypes.c_size_t) for n in ("arena", "ordblks", "smblks", "hblks", "hblkhd",
                                                    "usmblks", "fsmblks", "uordblks", "fordblks", "keepcost")]
    lib.mallinfo2.restype = Info
    face = 130 * 182 * 4  # a Brujas hand card, 92 KiB

    def heap_growth_and_mapped() -> tuple[int, int]:
        memory.release()
        before = lib.mallinfo2()
        faces = [pygame.Surface((130, 182), pygame.SRCALPHA)  # every hole filled, 2 MiB more
                 for _ in range((before.fordblks + 2 * 2**20) // face + 1)]
        after = lib.mallinfo2()
        del faces
        return after.arena - before.arena, after.hblks - before.hblks
    grown, mapped = heap_growth_and_mapped()
    try:
        lib.mallopt(memory.M_MMAP_THRESHOLD, 128 * 1024)  # glibc's own start
        grown_default, mapped_default = heap_growth_and_mapped()
    finally:
        assert memory.tune_allocator()  # the App's settings back
    assert grown == 0 and mapped >= 2 * 2**20 // face, (grown, mapped)
    assert grown_default >= 2 * 2**20 and mapped_default == 0, (grown_default, mapped_default)


def test_suma_placements_share_their_cells_and_match_the_plain_ones():
    """Suma's pattern tables (kept for every pattern seen) reuse one tuple per (index, kind)
    cell and per row of kinds: the same placements as computed plainly, in less memory."""
    from games.suma import patterns
    from games.suma.data import data
    d = data()
    cards = d.cards.values() if isinstance(d.cards, dict) else d.cards
    pattern = max((c.pattern for c in cards if c.pattern), key=lambda p: sum(1 for row in p for k in row if k))
    got = patterns.placements(pattern, d.size)
    plain = []
    for q, cells in patterns.rotations(pattern):
        h, w = max(r for r, _, _ in cells) + 1, max(c for _, c, _ in cells) + 1
        plain += [(q, tuple(((t + r) * d.size + lf + c, k) for r, c, k in cells))
                  for t in range(d.size - h + 1) for lf in range(d.size - w + 1)]
    assert list(got) == plain
    first = {cell: cell for _, cells in got for cell in cells}
    assert all(cell is first[cell] for _, cells in got for cell in cells)  # one tuple per cell
    rows = [kinds for _, _, _, kinds in patterns._exact(pattern, d.size)]
    assert all(k is rows[0] for k in rows if k == rows[0])


def test_release_freezes_survivors_and_the_next_release_collects_what_they_left():
    """memory.release (every screen change): the survivors are frozen, so the collector's
    passes during play skip them; a frozen cycle dropped later is freed at the next one."""
    import gc
    import weakref

    from games.app import memory

    class Node:
        pass
    a, b = Node(), Node()
    a.other, b.other = b, a  # a cycle alive at the screen change
    gone = weakref.ref(a)
    memory.release()
    try:
        assert gc.get_freeze_count() > 0
        del a, b
        gc.collect()
        assert gone() is not None  # frozen: left for the next screen change
        memory.release()
        assert gone() is None
    finally:
        gc.unfreeze()


def test_the_demo_builds_each_games_first_visit_once_when_it_starts(monkeypatch):
    """APP-DEMO-16: the kiosk's first demo start imports every demo game's table code and builds
    the tables its rules keep (all of Suma's pattern tables); a later start builds nothing."""
    import sys

    from games import registry
    from games.app import demo
    from games.suma import patterns
    from games.suma.data import data
    from tests.test_kiosk import kiosk
    d, _ = kiosk()
    patterns._exact.cache_clear()
    suma = type(registry.rules("suma"))
    calls, real = [], suma.prepare
    monkeypatch.setattr(suma, "prepare", lambda self: (calls.append(1), real(self))[1])
    demo.start_demo(d.app, 0)
    assert patterns._exact.cache_info().currsize == len({c.pattern for c in data().cards.values()})
    assert all(f"games.{g}.ui.view" in sys.modules for g in demo.demo_games(d.app.settings))
    demo.start_demo(d.app, 1)
    assert calls == [1]


def test_the_desktop_start_builds_no_game_ahead():
    """APP-DEMO-16 is the demo's: the title (benchmarked start-up) imports no game's table code
    and builds no pattern table."""
    import subprocess
    import sys
    from pathlib import Path
    code = ("import sys; from games.app.app import App; a = App(fullscreen=False); a.open('title'); "
            "a.run(max_frames=2); p = sys.modules.get('games.suma.patterns'); "
            "print(sorted(m for m in sys.modules if '.ui.' in m and m.split('.')[1] in "
            "('toutomi', 'fuji99', 'brujas', 'qumasu', 'suma')), p._exact.cache_info().currsize if p else 0)")
    out = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parents[1],
                         capture_output=True, text=True, timeout=60)
    assert out.stdout.split() == ["[]", "0"], out.stdout + out.stderr


def test_the_memo_of_paragraph_pieces_stays_near_its_stated_bytes():
    """APP-MEMORY-18: however many paragraphs are wrapped, the pieces memo keeps at most
    ``PIECES_BYTES`` (0.25 MiB by games/core/bounded.py's measure; it is full in the demo's first minutes)."""
    import tracemalloc

    from games.core.bounded import deep_bytes
    from games.core.data import DATA_DIR, load_yaml
    paras: list[str] = []

    def walk(x):
        if isinstance(x, str):
            paras.extend(p for p in x.split("\n") if p)
        elif isinstance(x, (dict, list)):
            for v in (x.values() if isinstance(x, dict) else x):
                walk(v)
    for path in sorted((DATA_DIR / "i18n").glob("*.yaml")) + sorted((DATA_DIR / "rules").glob("*.yaml")):
        walk(load_yaml(path))
    text.reset()
    text._parser()
    gc.collect()
    tracemalloc.start()
    try:
        for p in dict.fromkeys(paras):
            text._pieces_of(p)
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert sum(deep_bytes(p) + deep_bytes(text._pieces_of(p)) for p in dict.fromkeys(paras)) \
        > 3 * text.PIECES_BYTES  # the memo was overfilled
    assert text._pieces.bytes <= text.PIECES_BYTES
    assert kept < 0.3 * 2**20, kept
    text.reset()
