"""Seeded randomness: never the global ``random``.

Every random event draws from the game's *stream*: a key derived once per game from its
seed (``Stream.for_game``), plus the event's salt (usually a step counter).  The bytes of
an event are ``shake_128(key | salt)``: counter-based, like Philox or JAX's threefry keys,
so an event costs a hash instead of seeding a Mersenne Twister (a 624-word state),
a state stays a plain value (the stream is immutable and shared by clones),
and a game is a pure function of (seed, options, actions) that replays exactly on any
machine (integers are read little-endian).

Records of format 1 were dealt by ``random.Random("<seed>:<salt>")`` per event; a state
made for such a record (``LEGACY_RNG`` in its options, set by ``GameRecord.replay``) gets a
legacy stream that makes exactly those calls, so old saves and replays stay valid.

RNG-6 (perf, issue 13) ``Stream.shuffled`` sorts the items themselves with a key function
that yields the 64-bit keys in turn (``partial(next, iter(keys))``), instead of sorting
the indices by key and picking the items: the same order (sorting is stable, and CPython's
``list.sort`` computes every key once, in list order, before any comparison), about a
third less work per shuffle; Toutomi shuffles ~20 times a game.
``tests/test_engine_fast_path.py`` checks it against the index sort on many sizes.

RNG-7 (perf, issue 29) The bytes hashed for an event are built with less work, the same
bytes: the stream keeps ``key + b"|"`` (``prefix``, made once) and a salt of up to four parts
is written by one ``%`` format (``"%s:%s" % salt`` is ``":".join(map(str, salt))``: ``%s`` is
``str``).  About 0.2-0.3 us less a shuffle; Toutomi random playouts +0.9% (8 alternating runs,
same session).  The rest of a shuffle is SHAKE-128 itself (OpenSSL's; the built-in ``_sha3``
is slower) and the sort by 64-bit keys: 30-bit keys sort a third faster, but no exact tie
test costs less than it saves, and decorated tuples, an index sort or a key-to-item dict are
all slower than RNG-6's key function (measured in playouts, where a sort of ~34 random keys
costs ~2.5 us with its branch mispredictions, twice what a repeated micro-benchmark says).
"""
from __future__ import annotations

import random
import struct
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import partial
from typing import Any

LEGACY_RNG = "legacy_rng"  # option set in memory when replaying a format-1 record

# Counts random events while an action is applied under ``counting_draws`` (the undo policy
# needs to know whether an action drew on chance).  Per thread/context: bots thinking in
# their own thread never touch the count of the game being played.
_DRAWS: ContextVar[list[int] | None] = ContextVar("rng_draws", default=None)


def _count_draw() -> None:
    box = _DRAWS.get()
    if box is not None:
        box[0] += 1


def rng_for(seed: int | str, *salt: object) -> random.Random:
    """A private generator for one event (bots, tests, format-1 deals); string-seeded."""
    _count_draw()
    return random.Random(":".join([str(seed), *(str(s) for s in salt)]))


@contextmanager
def counting_draws() -> Iterator[list[int]]:
    """``with counting_draws() as n:`` — ``n[0]`` is how many random events happened inside."""
    box = [0]
    token = _DRAWS.set(box)
    try:
        yield box
    finally:
        _DRAWS.reset(token)


def shuffled(items: list, seed: int | str, *salt: object) -> list:
    """A shuffled copy of ``items`` (format-1 style; new rules code uses a Stream)."""
    out = list(items)
    rng_for(seed, *salt).shuffle(out)
    return out


def new_seed(source: random.Random | None = None) -> int:
    """A fresh 6-digit seed for the setup screen (readable, easy to type)."""
    return (source or random.SystemRandom()).randrange(100000, 999999)


def _salt(salt: tuple) -> bytes:
    return ":".join(map(str, salt)).encode()


# ``_SALT_TEXT[len(salt)] % salt`` is ``":".join(map(str, salt))`` in one call (RNG-7)
_SALT_TEXT = ("", "%s", "%s:%s", "%s:%s:%s", "%s:%s:%s:%s")


_UNPACK: dict = {}  # n -> unpacker of n 64-bit words; n <= 512 kept: < 512 x ~0.2 KB = 100 KB
_UNPACK_MAX = 512


def _unpacker(n: int):
    """``struct.Struct("<nQ").unpack``, remembered for the small sizes games shuffle."""
    unpack = struct.Struct(f"<{n}Q").unpack
    if n <= _UNPACK_MAX:
        _UNPACK[n] = unpack
    return unpack


def _hashlib():
    """hashlib on first use: it loads OpenSSL, which the title screen does not need."""
    import hashlib
    return hashlib


def _shake(data: bytes):
    """SHAKE-128 of ``data`` (bound to hashlib's on first call)."""
    global _shake
    _shake = _hashlib().shake_128
    return _shake(data)


@dataclass(frozen=True)
class Stream:
    """A game's random events: ``key`` derived once from the seed (None: format-1 deals)."""

    seed: int | str
    key: bytes | None
    prefix: bytes = field(init=False, repr=False, compare=False)  # key + b"|": what every event hashes first

    def __post_init__(self) -> None:
        object.__setattr__(self, "prefix", b"" if self.key is None else self.key + b"|")

    @classmethod
    def for_game(cls, seed: int | str, options: dict | None = None) -> Stream:
        if options and options.get(LEGACY_RNG):
            return cls(seed, None)
        return cls(seed, _hashlib().blake2b(str(seed).encode(), digest_size=16,
                                            person=b"table-rng-2").digest())

    def words(self, n: int, *salt: object) -> tuple[int, ...]:
        """``n`` uniform 64-bit integers for the event named by ``salt``."""
        data = _shake(b"%b|%b" % (self.key, ":".join(map(str, salt)).encode())).digest(8 * n)
        unpack = _UNPACK.get(n) or _unpacker(n)
        return unpack(data)

    def shuffled(self, items: Sequence, *salt: object) -> list:
        """A uniformly shuffled copy (sorted by one random 64-bit key per item, ties stable)."""
        if self.key is None:  # (rng_for counts the draw for the undo policy)
            out = list(items)
            rng_for(self.seed, *salt).shuffle(out)
            return out
        box = _DRAWS.get()  # _count_draw, inlined (a shuffle is a hot path): undo never crosses it
        if box is not None:
            box[0] += 1
        n = len(items)
        if n < 2:
            return list(items)
        text = _SALT_TEXT[len(salt)] % salt if len(salt) < 5 else ":".join(map(str, salt))
        data = _shake(self.prefix + text.encode()).digest(8 * n)  # RNG-7
        keys = (_UNPACK.get(n) or _unpacker(n))(data)  # words(n, *salt), inlined
        # The items sorted by their keys, ties in order (list.sort is stable): the key
        # function hands out keys[0], keys[1], ... as sort asks for the items' keys, which
        # it does once each, first to last, before comparing (RNG-6).
        return sorted(items, key=partial(next, iter(keys)))

    def randrange(self, n: int, *salt: object) -> int:
        """A uniform integer in [0, n) (128 random bits: the bias is below 2**-100)."""
        if self.key is None:
            return rng_for(self.seed, *salt).randrange(n)
        _count_draw()
        hi, lo = self.words(2, *salt)
        return ((hi << 64) | lo) % n

    def choice(self, seq: Sequence, *salt: object) -> Any:
        if self.key is None:
            return rng_for(self.seed, *salt).choice(seq)
        return seq[self.randrange(len(seq), *salt)]

    def sample(self, pool: Sequence, k: int, *salt: object) -> list:
        """``k`` distinct items in random order."""
        if self.key is None:
            return rng_for(self.seed, *salt).sample(pool, k)
        return self.shuffled(pool, *salt)[:k]
