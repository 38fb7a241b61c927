"""The rule steps of a trick and of scoring, as pure functions on card ids.

Shared by the rules engine and by the bot's fast rollouts, so both obey exactly the
same rules.  ``keys`` maps a card id to its ``(colour, number)``; a lead is ``None``,
``("colour", colour_id)`` or ``("number", n)``; ``witches`` lists the colours from the
one beside the highest score card down.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

Lead = tuple  # ("colour", str) | ("number", int)
Keys = Mapping[str, tuple]


def requirement(first: str | None, lead: Lead | None, keys: Keys):
    """What the next card must match (R-2.2 / R-2.4): a predicate, or None if anything goes."""
    if first is None:
        return None  # the leader plays any card
    if lead is None:
        fc, fn = keys[first]
        return lambda c: keys[c][0] == fc or keys[c][1] == fn
    kind, value = lead
    index = 0 if kind == "colour" else 1
    return lambda c: keys[c][index] == value


def playable(hand: Sequence[str], first: str | None, lead: Lead | None, keys: Keys) -> list[str]:
    """The cards of ``hand`` that may be played: those that follow, or all if none does."""
    if first is None:
        return list(hand)
    if lead is None:
        fc, fn = keys[first]
        ok = [c for c in hand if keys[c][0] == fc or keys[c][1] == fn]
    elif lead[0] == "colour":
        ok = [c for c in hand if keys[c][0] == lead[1]]
    else:
        ok = [c for c in hand if keys[c][1] == lead[1]]
    return ok or list(hand)


def lead_set_by(first: str, card: str, keys: Keys) -> Lead | None:
    """R-2.3: a card matching the 1st in exactly one attribute sets the lead to it."""
    fc, fn = keys[first]
    c, n = keys[card]
    if c == fc and n != fn:
        return ("colour", c)
    if n == fn and c != fc:
        return ("number", n)
    return None  # identical card, or a card that could not follow


def followed(cards: Sequence[str], keys: Keys) -> list[bool]:
    """For each card of a trick in play order: did it follow (R-2.2 / R-2.4)?"""
    out, lead = [], None
    for i, card in enumerate(cards):
        rule = requirement(cards[0] if i else None, lead, keys)
        out.append(rule is None or rule(card))
        if i and lead is None:
            lead = lead_set_by(cards[0], card, keys)
    return out


def winning_index(cards: Sequence[str], lead: Lead | None, witches: Sequence[str],
                  keys: Keys) -> int:
    """Index in play order of the card that wins (so far), R-2.4 to R-2.8.

    Only cards matching the lead compete, so a card that could not follow never wins
    (R-2.4).  Ties between identical cards go to the later one (R-2.7): ``>=``.
    """
    if lead is None:  # the 1st card, or the latest card identical to it
        first = keys[cards[0]]
        best = 0
        for i in range(1, len(cards)):
            if keys[cards[i]] == first:
                best = i
        return best
    kind, value = lead
    best, best_rank = -1, None
    for i, card in enumerate(cards):
        colour, number = keys[card]
        if kind == "colour":
            if colour != value:
                continue
            rank = number  # highest number
        else:
            if number != value:
                continue
            rank = -witches.index(colour)  # witch beside the highest score card
        if best_rank is None or rank >= best_rank:
            best, best_rank = i, rank
    return best


def witch_directions(witches: Sequence[str], colour: str) -> list[str]:
    """R-3.1: the legal moves of a witch; the ends can move one way only."""
    i = witches.index(colour)
    out = []
    if i > 0:
        out.append("up")
    if i < len(witches) - 1:
        out.append("down")
    return out


def move_witch(witches: list[str], colour: str, direction: str) -> tuple[int, int]:
    """Swap the witch with its neighbour in place; returns (from, to) positions."""
    i = witches.index(colour)
    j = i - 1 if direction == "up" else i + 1
    witches[i], witches[j] = witches[j], witches[i]
    return i, j


def favourite_colour(pile: Sequence[str], witches: Sequence[str], keys: Keys) -> str | None:
    """R-4.1: the colour captured most; a tie goes to the colour whose witch is higher."""
    if not pile:
        return None  # D-3
    counts: dict[str, int] = {}
    for card in pile:
        colour = keys[card][0]
        counts[colour] = counts.get(colour, 0) + 1
    return max(counts, key=lambda c: (counts[c], -witches.index(c)))


def witch_points(pile: Sequence[str], witches: Sequence[str], score_cards: Sequence[int],
                 keys: Keys) -> int:
    """R-4.1: the score card beside the witch of the favourite colour (D-3: none → 0)."""
    colour = favourite_colour(pile, witches, keys)
    return 0 if colour is None else score_cards[witches.index(colour)]


def kind_counts(piles: Sequence[Sequence[str]], kinds: Sequence, attr: int, keys: Keys) -> list[list[int]]:
    """Per seat, how many captured cards of each kind (``attr`` 0: colour, 1: number)."""
    index = {k: i for i, k in enumerate(kinds)}
    out = []
    for pile in piles:
        row = [0] * len(kinds)
        for card in pile:
            row[index[keys[card][attr]]] += 1
        out.append(row)
    return out


def majority_leaders(counts: Sequence[Sequence[int]]) -> list[list[bool]]:
    """Per seat and kind: does the seat hold the most (ties share; BRUJAS-RULES-7: none of nobody's kind)."""
    best = [max(row[i] for row in counts) for i in range(len(counts[0]))] if counts else []
    return [[c > 0 and c == best[i] for i, c in enumerate(row)] for row in counts]


def majority_points(piles: Sequence[Sequence[str]], kinds: Sequence, attr: int, points: int,
                    keys: Keys) -> list[int]:
    """R-4.2: per kind of prank (D-1: per colour; ``attr`` picks colour 0 or number 1), every
    player with the most cards of that kind scores ``points``.

    BRUJAS-RULES-7: a kind nobody has captured yet scores nobody.
    """
    leaders = majority_leaders(kind_counts(piles, kinds, attr, keys))
    return [points * sum(row) for row in leaders]
