"""Take the Pot positions: ``dump(state) -> str`` and ``load(text) -> State`` (games/core/position.py)."""
from __future__ import annotations

from games.core import position as pos
from games.core.position import PositionError
from games.core.rng import Stream
from tests.example_game.data import data
from tests.example_game.state import State


def dump(s: State) -> str:
    return pos.write({
        "game": "example", "players": s.players, "seed": s.seed, "options": dict(s.options),
        "hands": [list(h) for h in s.hands], "stock": list(s.stock),
        "pot": [[p, c] for p, c in s.pot], "won": [list(w) for w in s.won],
        "turn_seat": s.turn_seat, "pending": s.pending.to_plain() if s.pending else None,
        "round": s.round, "turn": s.turn, "over": s.over, "winners": list(s.winners),
        "end_reason": s.end_reason,
    })


def load(text: str) -> State:
    """A validated state: every card in one zone, seats and counters in range."""
    raw = pos.parse(text, "example")
    players = pos.Fields(raw).int("players", lo=2, hi=4)
    f = pos.Fields(raw, players)
    hands = [tuple(_cards(h, f"hands[{i}]")) for i, h in enumerate(f.per_seat("hands"))]
    won = [tuple(_cards(w, f"won[{i}]")) for i, w in enumerate(f.per_seat("won"))]
    pot = tuple(_pot_entry(e, players) for e in f.get("pot", []))
    stock = tuple(f.cards("stock"))
    pos.check_conserved([*((f"hands[{i}]", h) for i, h in enumerate(hands)), ("stock", stock),
                         ("pot", [c for _, c in pot]), *((f"won[{i}]", w) for i, w in enumerate(won))],
                        data().ids())
    options = f.get("options", {})
    if not isinstance(options, dict):
        raise PositionError("options: expected a mapping")
    seed = f.int("seed")
    return State(players, seed, options, hands, stock, pot, won, f.seat("turn_seat"), f.pending(),
                 f.int("round", 1, lo=1), f.int("turn", 1, lo=1), f.bool("over", False),
                 tuple(f.get("winners", [])), f.get("end_reason", None), [], Stream.for_game(seed, options))


def _cards(value: object, name: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise PositionError(f"{name}: expected a list of card ids")
    return value


def _pot_entry(entry: object, players: int) -> tuple[int, str]:
    if (not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[0], int)
            or not 0 <= entry[0] < players or not isinstance(entry[1], str)):
        raise PositionError(f"pot: expected [seat, card] entries, got {entry!r}")
    return entry[0], entry[1]
