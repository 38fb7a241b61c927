"""Compact scenario states for the Fuji 99 tests, built as positions (games/fuji99/position.py).

``scenario(RULES, players=3, turn_seat=1, positions=[10, 30, 5], hands={1: ["advance-1"]},
top=["falling-rock-1"])`` starts a real game, rearranges it and builds the result with
``position.load``, so every card is in exactly one zone and the counts are checked.
"""
from __future__ import annotations

from games.core.pending import Pending
from games.fuji99 import position
from games.fuji99.data import CUBES
from games.fuji99.state import ABILITY, DECIDE, DRAW, GIVE, State  # noqa: F401 (tests import them here)

OVER = "over"  # what ``stage`` answers once the game is over


def stage(s: State) -> str:
    """The turn step the state waits for (its pending kind), or "over"."""
    return s.pending.kind if s.pending else OVER


def scenario(rules, players: int = 2, turn_seat: int = 0, *, seed: int = 1,
             positions: list[int] | None = None, token: int | None = None,
             bags: dict | None = None, sheet_reds: int = 0,
             hands: dict | None = None, card_clear: dict | None = None,
             top: list[str] | None = None, discard: list[str] | None = None,
             rocks_waiting: dict | None = None, rocks_active: dict | None = None,
             bonuses: dict | None = None, pagoda: int | None = None,
             options: dict | None = None) -> State:
    """A game in the draw step of ``turn_seat``'s turn, arranged as asked.

    bags: seat -> "ccccyyrr"-style string or [clear, yellow, red]: what is in the bag now
    (extra clear cubes come from / go to the pagoda; changing yellow or red breaks the
    inventory).  sheet_reds: reds on ``turn_seat``'s sheet, taken from their bag unless the
    bag is given.  top: the next cards drawn, first first.
    """
    d, current = rules.data, turn_seat
    s = rules.new_game(players, seed, {"start_player": current, **(options or {})})
    s.events = []
    s.positions = list(positions) if positions else [0] * players
    s.token = s.positions[current] if token is None else token
    for seat, spec in (bags or {}).items():
        counts = [spec.count(c[0]) for c in CUBES] if isinstance(spec, str) else list(spec)
        s.pagoda -= counts[0] - s.bags[seat][0]
        s.bags[seat] = counts
    if sheet_reds:
        if current not in (bags or {}):
            s.bags[current][2] -= sheet_reds  # otherwise the given bag is what is left
        s.sheet_reds[current] = sheet_reds
    placed: list[str] = []
    for seat, cards in (hands or {}).items():
        s.hands[seat] = list(cards)
        placed += cards
    for seat, cards in (rocks_waiting or {}).items():
        s.rocks_waiting[seat] = list(cards)
        placed += cards
    for seat, cards in (rocks_active or {}).items():
        s.rocks_active[seat] = list(cards)
        placed += cards
    s.discard = list(discard or [])
    placed += s.discard + list(top or [])
    if len(set(placed)) != len(placed) or any(c not in d.kind_of for c in placed):
        raise ValueError(f"cards placed twice or unknown: {placed}")
    rest = [c for c in s.deck if c not in placed]
    s.deck = rest + list(reversed(top or []))
    for card, k in (card_clear or {}).items():
        s.card_clear[card] = k
        s.pagoda -= k
    for seat, spaces in (bonuses or {}).items():
        for space in spaces:
            s.bonuses[seat].append(space)
            s.space_stock[d.yellow_spaces.index(space)] -= 1
            s.bags[seat][1] += 1
    if pagoda is not None:
        s.pagoda = pagoda  # spare clear cubes stay in the box (tests that change it skip the inventory)
    s.pending = Pending(DRAW, current)
    return position.load(position.dump(s), d)
