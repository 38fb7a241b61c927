"""The one cache every long-lived memo uses: least recently used first out, bounded by bytes.

The table runs all day in a shop, so a cache whose keys can be new with play time (text,
names, numbers, sizes, seeds) must keep at most a fixed number of bytes, not of entries:
an entry's size depends on what it holds (a short label or a whole rules paragraph, a
badge or a card face).  ``BytesLRU`` keeps ``max_bytes`` by the caller's own measure of
an entry (``size_of(key, value)``: a surface's pixels, a string's and its lines' bytes),
and drops the least recently used entries when a new one takes it over.  The newest entry
always stays, even alone over the budget: the caller is about to use it.

Pure Python (no pygame): text, tiles, card painters and the games' own caches share it,
so there is one eviction rule to read and to test (tests/test_bounded.py), and two
measures: ``pixel_bytes`` for pictures and ``entry_bytes`` (``deep_bytes``) for text memos
(``sys.getsizeof``: CPython's own count, 1 byte a Latin
character and 2 a Japanese one, plus each object's header; an object two entries share,
such as the one space string, is counted in each: an upper bound).
"""
from __future__ import annotations

import sys
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from typing import Any

_MISSING = object()


class BytesLRU:
    """A mapping of at most ``max_bytes`` (by ``size_of``), least recently used first out."""

    __slots__ = ("max_bytes", "size_of", "bytes", "_items")

    def __init__(self, max_bytes: int, size_of: Callable[[Hashable, Any], int]) -> None:
        self.max_bytes = max_bytes
        self.size_of = size_of  # must give the same figure for an entry every time it is asked
        self.bytes = 0  # what the entries kept now take, by size_of
        self._items: OrderedDict = OrderedDict()

    def get(self, key: Hashable, default: Any = None) -> Any:
        """The value of ``key`` (now the most recently used), or ``default``."""
        found = self._items.get(key, _MISSING)
        if found is _MISSING:
            return default
        self._items.move_to_end(key)
        return found

    def put(self, key: Hashable, value: Any) -> Any:
        """Keep ``value`` under ``key`` (replacing any), drop the least recently used while
        over the budget; returns ``value``."""
        old = self._items.pop(key, _MISSING)
        if old is not _MISSING:
            self.bytes -= self.size_of(key, old)
        self._items[key] = value
        self.bytes += self.size_of(key, value)
        while self.bytes > self.max_bytes and len(self._items) > 1:
            self.bytes -= self.size_of(*self._items.popitem(last=False))
        return value

    def peek(self, key: Hashable, default: Any = None) -> Any:
        """The value of ``key`` without counting it as a use (the order stays)."""
        return self._items.get(key, default)

    def pop(self, key: Hashable, default: Any = None) -> Any:
        """Remove ``key`` and return its value (``default`` if it is not kept)."""
        found = self._items.pop(key, _MISSING)
        if found is _MISSING:
            return default
        self.bytes -= self.size_of(key, found)
        return found

    def fits(self, nbytes: int) -> bool:
        """True when ``nbytes`` more would not take the cache over its budget."""
        return self.bytes + nbytes <= self.max_bytes

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0

    def __contains__(self, key: Hashable) -> bool:  # a look, not a use: the order stays
        return key in self._items

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator:
        return iter(self._items)

    def values(self):
        return self._items.values()


def deep_bytes(x: Any) -> int:
    """Bytes of a string, a number or a tuple of them (nested tuples too), headers included."""
    if type(x) is tuple:
        return sys.getsizeof(x) + sum(deep_bytes(i) for i in x)
    return sys.getsizeof(x)


def entry_bytes(key: Any, value: Any) -> int:
    """The measure of a text memo's entry: its key's and its answer's ``deep_bytes``."""
    return deep_bytes(key) + deep_bytes(value)


def pixel_bytes(key: Any, surface: Any) -> int:
    """The measure of a cache of pictures: a surface's pixel bytes (width x height x bytes
    a pixel; duck-typed, so this module needs no pygame)."""
    return surface.get_width() * surface.get_height() * surface.get_bytesize()
