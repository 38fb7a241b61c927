"""Every cache that can meet new keys with play time is bounded by bytes (issue 13):
the one helper (games/core/bounded.py) and the caches that use it."""
from __future__ import annotations

import gc
import random
import tracemalloc

import pygame
import pytest

from games.core.bounded import BytesLRU, deep_bytes


def test_a_bytes_lru_never_keeps_more_than_its_budget_and_drops_the_least_recently_used():
    cache = BytesLRU(1000, lambda key, value: len(value))
    rng = random.Random(3)
    for i in range(2000):
        cache.put(i, "x" * rng.randint(1, 300))
        assert cache.bytes <= 1000
        assert cache.bytes == sum(len(v) for v in cache.values())
    kept = list(cache)
    assert kept == sorted(kept) and kept[-1] == 1999  # oldest first out
    first = kept[0]
    cache.get(first)  # a use: now the most recently used
    cache.put("new", "y" * 300)
    assert first in cache and kept[1] not in cache


def test_a_bytes_lru_keeps_the_newest_entry_even_alone_over_its_budget_and_counts_replacements():
    cache = BytesLRU(100, lambda key, value: len(value))
    cache.put("a", "x" * 60)
    cache.put("a", "x" * 30)  # replaced, not counted twice
    assert cache.bytes == 30 and len(cache) == 1
    assert cache.get("missing", 7) == 7 and not cache.fits(71) and cache.fits(70)
    cache.put("big", "x" * 500)
    assert list(cache) == ["big"] and cache.bytes == 500
    cache.clear()
    assert cache.bytes == 0 and len(cache) == 0


def test_a_bytes_lru_peek_keeps_the_order_and_pop_gives_its_bytes_back():
    lru = BytesLRU(30, lambda key, value: len(value))
    lru.put("a", "x" * 10)
    lru.put("b", "y" * 10)
    assert lru.peek("a") == "x" * 10  # a look: "a" stays the least recently used
    lru.put("c", "z" * 15)  # 35 > 30: the oldest goes
    assert "a" not in lru and "b" in lru and lru.bytes == 25
    assert lru.pop("b") == "y" * 10 and lru.bytes == 15 and lru.pop("b", "gone") == "gone"


def test_deep_bytes_counts_strings_and_nested_tuples():
    import sys
    lines = ("ab", ("c", 3))
    assert deep_bytes(lines) == (sys.getsizeof(lines) + sys.getsizeof("ab") + sys.getsizeof(lines[1])
                                 + sys.getsizeof("c") + sys.getsizeof(3))
    assert deep_bytes("日本") > deep_bytes("ab")  # two bytes a character


@pytest.fixture
def fonts_ready():
    pygame.font.init()
    from games.ui import text
    text.reset()
    yield text
    text.reset()


def test_qumasus_measuring_keeps_no_more_than_the_text_memos_byte_budgets(fonts_ready, monkeypatch):
    """Qumasu's fit and wrap (games/qumasu/ui/fonts.py QUMASU-UI-FONTS-1) kept 512 answers each of any
    length; many distinct long labels (names and numbers change all day) now leave at most
    the text module's byte budgets behind, here made small so anything else kept shows."""
    text = fonts_ready
    from games.qumasu.ui import fonts
    monkeypatch.setattr(text._measures, "max_bytes", 64 * 1024)
    monkeypatch.setattr(text._pieces, "max_bytes", 64 * 1024)
    fonts.wrapped("warm up", 24, 600)
    fonts.fit("warm up", 24, 600, True)
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        for i in range(1200):
            label = f"Aoi {i} played the castle card at row {i % 3}, column {i % 7}: " + "moves " * 45
            assert fonts.wrapped(label, 24, 600) == tuple(text.wrap(label, 24, 600))
            fonts.fit(label, 30, 2000, True)
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0] - base
    finally:
        tracemalloc.stop()
    assert text._measures.bytes <= 64 * 1024 and text._pieces.bytes <= 64 * 1024
    assert kept < 256 * 1024, kept  # 2 x 64 KiB by the memos' measure, plus the dicts' own tables


def test_rendered_text_holds_its_byte_budget(fonts_ready, monkeypatch):
    text = fonts_ready
    monkeypatch.setattr(text._cache, "max_bytes", 256 * 1024)
    for i in range(400):
        text.render(f"line {i} " * 6, 28)
        assert text._cache.bytes <= 256 * 1024
    assert text._cache.bytes == sum(s.get_width() * s.get_height() * s.get_bytesize() for s in text._cache.values())


def test_a_brujas_table_keeps_no_memo_of_its_own_that_grows_with_the_log(tmp_path, monkeypatch):
    """games/brujas/ui/view.py BRUJAS-UI-VIEW-1: every log line the table wraps or fits used to stay in
    the view's own memo (up to 4000 answers a game); now the text module's bounded memo
    holds them and the view's own containers do not grow with new lines."""
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    from games.app.play import PlayScene
    from games.app.session import SeatSetup, Session
    from games.ui import text
    from tests.ui_driver import Driver
    driver = Driver("en")
    session = Session.start("brujas", [SeatSetup("Aoi"), SeatSetup("Bo", "sage"), SeatSetup("Cy", "sage")], 3, {})
    driver.app.replace(PlayScene(driver.app, session))
    driver.step(3)
    view = driver.scene.table

    def held() -> int:
        return sum(len(v) for v in vars(view).values() if isinstance(v, (dict, list, set)))
    before = held()
    for i in range(300):
        view.wrapped(f"Bo played the {i}th card of the crow, and the moth follows", 22, 300)
        view.fit(f"Cy leads with {i}", 34, 200, True)
    assert held() == before
    assert text._measures.bytes <= text.MEASURE_BYTES


def test_dimming_veils_and_seat_badges_hold_their_byte_budgets_at_any_sizes(app):
    """A dimmed card in flight or a pawn's badge passes through many sizes: kept by bytes
    (cards.VEILS_BYTES 2 MiB, widgets.BADGES_BYTES 512 KiB), not by a count of any size."""
    from games.ui import cards, widgets

    def held(cache) -> int:
        return sum(s.get_width() * s.get_height() * 4 for s in cache.values())
    for w in range(100, 400, 7):
        cards._veil((w, w * 4 // 3))
        assert held(cards._veils) <= 2 * 2**20
    surf = pygame.Surface((400, 400))
    for size in range(20, 200, 3):
        widgets.seat_badge(surf, size % 5, (200, 200), size)
        assert held(widgets._badges) <= 512 * 1024
