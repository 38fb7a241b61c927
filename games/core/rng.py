"""Seeded randomness: never the global ``random``.

Every random event derives its own generator from the game's seed and a salt (usually a
step counter), so a game is a pure function of (seed, actions) and replays exactly.
"""
from __future__ import annotations

import random
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

# Counts random events while an action is applied under ``counting_draws`` (the undo policy
# needs to know whether an action drew on chance).  Per thread/context: bots thinking in
# their own thread never touch the count of the game being played.
_DRAWS: ContextVar[list[int] | None] = ContextVar("rng_draws", default=None)


def rng_for(seed: int | str, *salt: object) -> random.Random:
    """A private generator for one random event (string seeds hash deterministically)."""
    box = _DRAWS.get()
    if box is not None:
        box[0] += 1
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
    """A shuffled copy of ``items``."""
    out = list(items)
    rng_for(seed, *salt).shuffle(out)
    return out


def new_seed(source: random.Random | None = None) -> int:
    """A fresh 6-digit seed for the setup screen (readable, easy to type)."""
    return (source or random.SystemRandom()).randrange(100000, 999999)
