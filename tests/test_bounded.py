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


def test_rendered_text_holds_its_byte_budget(fonts_ready, monkeypatch):
    text = fonts_ready
    monkeypatch.setattr(text._cache, "max_bytes", 256 * 1024)
    for i in range(400):
        text.render(f"line {i} " * 6, 28)
        assert text._cache.bytes <= 256 * 1024
    assert text._cache.bytes == sum(s.get_width() * s.get_height() * s.get_bytesize() for s in text._cache.values())
