"""Seeded randomness: never the global ``random``.

Every random event derives its own generator from the game's seed and a salt (usually a
step counter), so a game is a pure function of (seed, actions) and replays exactly.
"""
from __future__ import annotations

import random


def rng_for(seed: int | str, *salt: object) -> random.Random:
    """A private generator for one random event (string seeds hash deterministically)."""
    return random.Random(":".join([str(seed), *(str(s) for s in salt)]))


def shuffled(items: list, seed: int | str, *salt: object) -> list:
    """A shuffled copy of ``items``."""
    out = list(items)
    rng_for(seed, *salt).shuffle(out)
    return out


def new_seed(source: random.Random | None = None) -> int:
    """A fresh 6-digit seed for the setup screen (readable, easy to type)."""
    return (source or random.SystemRandom()).randrange(100000, 999999)
