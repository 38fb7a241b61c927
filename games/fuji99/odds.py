"""Exact odds for the risk helper and the bots: pure functions of public information.

Red bust (R-2.2): drawing N cubes from a bag is hypergeometric; the reds already on the
sheet and the active 落石 cards count towards the limit.

Crisis (R-2.8): the chance that the discover step (R-2.7) takes the hand's crisis total to
the limit.  The deck's *contents* are public (every card not in a hand, not held as a
落石 and not in the discard pile), only its order is hidden; the discard pile is
reshuffled only when the deck runs out (R-2.7, FUJI99-RULES-6).  Two numbers are offered:

- ``next_card_crisis``: the plain chance that the next card drawn (from the deck, or from
  the reshuffled discard pile if the deck is empty) is a non-immediate card whose value
  reaches the limit.
- ``crisis_distribution``: the exact distribution (in floating point) of what the discover step adds to the
  hand, following 道連れ chains (R-4.2: everybody draws, then the drawer draws again),
  落石 leaving at once (D-2) and reshuffles in the middle of a chain.  The view's
  ``crisis`` figure comes from this one.

Cards are given as *tokens*: ``("n", value)`` for a card that stays in hand,
``("rock",)`` for 落石 and ``("company",)`` for 道連れ.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb

Token = tuple
# top-level crisis answers kept (each well under 4 KB: < 0.25 MiB in all); a game's hits are among
# its own ~45 answers, so 64 hit as often as 256 did, which filled over hours (games/app/memory.py APP-MEMORY-17)
RESULTS_KEPT = 64
ROCK: Token = ("rock",)
COMPANY: Token = ("company",)


def normal(value: int) -> Token:
    """The token of a card that stays in hand with crisis ``value``."""
    return ("n", value)


# --- red bust -----------------------------------------------------------------------------
def at_least(total: int, good: int, n: int, k: int) -> Fraction:
    """P(X >= k) for X ~ Hypergeometric(total cubes, good cubes, n drawn)."""
    n = max(0, min(n, total))
    if k <= 0:
        return Fraction(1)
    hits = sum(comb(good, j) * comb(total - good, n - j) for j in range(k, min(good, n) + 1))
    return Fraction(hits, comb(total, n))


def bust_chance(bag: Sequence[int], reds_counted: int, n: int, red_limit: int = 3) -> Fraction:
    """Chance that drawing ``n`` cubes (capped at the bag) gives a red bust.

    ``bag`` is (clear, yellow, red); ``reds_counted`` = reds on the sheet + active 落石 reds.
    """
    need = red_limit - reds_counted
    return at_least(sum(bag), bag[2], n, need)


def bust_table(bag: Sequence[int], reds_counted: int, red_limit: int = 3) -> list[float]:
    """``bust_chance`` for every N from 0 to the bag size (index = N)."""
    return [float(bust_chance(bag, reds_counted, n, red_limit)) for n in range(sum(bag) + 1)]


# --- crisis ---------------------------------------------------------------------------------
def next_card_crisis(hand_total: int, deck: Iterable[Token], discard: Iterable[Token],
                     limit: int = 7) -> Fraction:
    """Chance that the next card drawn takes the hand to ``limit`` (immediates add nothing)."""
    if hand_total >= limit:
        return Fraction(1)
    pool = list(deck) or list(discard)
    if not pool:
        return Fraction(0)
    hits = sum(1 for t in pool if t[0] == "n" and hand_total + t[1] >= limit)
    return Fraction(hits, len(pool))


def crisis_distribution(deck: Iterable[Token], discard: Iterable[Token], players: int,
                        rock_discarded: bool) -> dict[int, float]:
    """Exact distribution of the crisis value the discover step adds to the drawer's hand.

    ``rock_discarded``: a drawn 落石 goes to the discard pile (1st place is tied, R-4.3)
    instead of to the leader, so it can come back in a reshuffle during a 道連れ chain.
    """
    return dict(_distribution(_bag(deck), _bag(discard), players, rock_discarded))


@lru_cache(maxsize=RESULTS_KEPT)
def _distribution(deck: tuple, discard: tuple, players: int, rock_discarded: bool) -> tuple:
    """The top-level answer, cached: a few hundred bytes of key and result per entry, so
    ``RESULTS_KEPT`` entries stay under a quarter of a megabyte however long the table runs."""
    return _dist(deck, discard, (0,), players, rock_discarded, {})


def _deep_enough(deck: tuple, tasks: tuple, players: int) -> bool:
    """The deck holds every card ``tasks`` can still draw: one per draw task and
    ``players`` more for each 道連れ in the deck (FUJI99-ODDS-1)."""
    size = sum(n for _, n in deck)
    return size > 0 and size >= sum(1 for t in tasks if t != "d") + players * dict(deck).get(COMPANY, 0)


def _deep_deck(deck: tuple, tasks: tuple, players: int) -> tuple:
    """The exact distribution while no reshuffle can happen (FUJI99-ODDS-1).

    FUJI99-ODDS-1 (perf, issue 31): while the deck holds every card the rest of the step
    can draw, the discard pile and where 落石 goes no longer matter, and the cards come in
    a uniformly random order: which draws are 道連れ (and so which draws are seat 0's)
    does not depend on the order of the other cards.  So seat 0 draws ``k`` of them
    (``_seat0_draws``), a uniformly random ``k`` of the deck's other cards, and adds their
    crisis values (落石 adds nothing): counted, not searched card by card.  The search
    (``_dist``) cost up to 17 ms per new deck, in the frame where a person's move landed;
    it now runs only until the deck is deep enough (around a reshuffle)."""
    companies = dict(deck).get(COMPANY, 0)
    others = [(0 if tok == ROCK else tok[1], n) for tok, n in deck if tok != COMPANY]
    total = sum(n for _, n in others)
    out: Counter = Counter()
    for k, pk in _seat0_draws(companies, total, tasks, players, {}).items():
        ways = comb(total, k)
        for added, w in _sums(others, k).items():
            out[added] += pk * w / ways
    return tuple(sorted(out.items()))


def _seat0_draws(companies: int, others: int, tasks: tuple, players: int, memo: dict) -> dict[int, float]:
    """How many non-道連れ cards seat 0 draws while ``tasks`` run (as in ``_dist_step``)."""
    key = (companies, others, tasks)
    if key in memo:
        return memo[key]
    if not tasks:
        return {0: 1.0}
    task, rest = tasks[0], tasks[1:]
    if task == "d":
        return _seat0_draws(companies, others, rest, players, memo)
    size = companies + others
    out: Counter = Counter()
    if companies:
        chain = tuple((task + k) % players for k in range(1, players)) + (task, "d") + rest
        for k, p in _seat0_draws(companies - 1, others, chain, players, memo).items():
            out[k] += p * companies / size
    if others:
        mine = 1 if task == 0 else 0
        for k, p in _seat0_draws(companies, others - 1, rest, players, memo).items():
            out[k + mine] += p * others / size
    memo[key] = dict(out)
    return memo[key]


def _sums(values: list[tuple[int, int]], k: int) -> dict[int, int]:
    """Ways to pick ``k`` of the cards (``(value, count)`` kinds), by the sum of their values."""
    ways: dict[tuple[int, int], int] = {(0, 0): 1}  # (cards picked, sum) -> ways
    for value, n in values:
        nxt: Counter = Counter()
        for (picked, total), w in ways.items():
            for j in range(min(n, k - picked) + 1):
                nxt[(picked + j, total + j * value)] += w * comb(n, j)
        ways = nxt
    return {total: w for (picked, total), w in ways.items() if picked == k}


def crisis_chance(hand_total: int, deck: Iterable[Token], discard: Iterable[Token], players: int,
                  rock_discarded: bool, limit: int = 7) -> float:
    """Chance that the crisis check after the discover step fails (R-2.8)."""
    if hand_total >= limit:
        return 1.0
    dist = crisis_distribution(deck, discard, players, rock_discarded)
    return min(1.0, sum(p for added, p in dist.items() if hand_total + added >= limit))


def crisis_table(deck: Iterable[Token], discard: Iterable[Token], players: int,
                 rock_discarded: bool, limit: int = 7) -> list[float]:
    """``crisis_chance`` for every hand total from 0 to ``limit`` (index = total)."""
    dist = crisis_distribution(deck, discard, players, rock_discarded)
    return [1.0 if t >= limit else min(1.0, sum(p for a, p in dist.items() if t + a >= limit))
            for t in range(limit + 1)]


def _bag(tokens: Iterable[Token]) -> tuple:
    return tuple(sorted(Counter(tokens).items()))


def _take(bag: tuple, i: int) -> tuple:
    tok, n = bag[i]
    return bag[:i] + ((tok, n - 1),) + bag[i + 1:] if n > 1 else bag[:i] + bag[i + 1:]


def _put(bag: tuple, tok: Token) -> tuple:
    c = Counter(dict(bag))
    c[tok] += 1
    return tuple(sorted(c.items()))


def _dist(deck: tuple, discard: tuple, tasks: tuple, players: int, rock_out: bool, memo: dict) -> tuple:
    """Distribution of value added to seat 0 while ``tasks`` run (seats relative to 0).

    A task is a seat offset that draws one card, or ``"d"``: a resolved 道連れ is discarded.
    ``memo`` holds the sub-results of one top-level question and is dropped after it, so
    nothing here outlives the call (a process-wide cache of sub-results grew to ~146 MiB in
    a day-long demo).
    """
    key = (deck, discard, tasks)
    found = memo.get(key)
    if found is not None:
        return found
    if tasks and _deep_enough(deck, tasks, players):
        found = _deep_deck(deck, tasks, players)
    else:
        found = _dist_step(deck, discard, tasks, players, rock_out, memo)
    memo[key] = found
    return found


def _dist_step(deck: tuple, discard: tuple, tasks: tuple, players: int, rock_out: bool, memo: dict) -> tuple:
    """One step of ``_dist``: resolve the first task over every card the deck may show."""
    if not tasks:
        return ((0, 1.0),)
    task, rest = tasks[0], tasks[1:]
    if task == "d":
        return _dist(deck, _put(discard, COMPANY), rest, players, rock_out, memo)
    if not deck:
        if not discard:  # nothing left anywhere: the draw is skipped (FUJI99-RULES-7)
            return _dist(deck, discard, rest, players, rock_out, memo)
        return _dist(discard, (), tasks, players, rock_out, memo)  # reshuffled
    size = sum(n for _, n in deck)
    out: Counter = Counter()
    for i, (tok, n) in enumerate(deck):
        deck2, discard2, rest2, gain = _take(deck, i), discard, rest, 0
        if tok == COMPANY:
            order = tuple((task + k) % players for k in range(1, players))
            rest2 = order + (task, "d") + rest
        elif tok == ROCK:
            if rock_out:
                discard2 = _put(discard, ROCK)
        elif task == 0:
            gain = tok[1]
        for added, p in _dist(deck2, discard2, rest2, players, rock_out, memo):
            out[added + gain] += p * n / size
    return tuple(sorted(out.items()))
