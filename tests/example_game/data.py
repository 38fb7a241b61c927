"""Take the Pot's card list: tests/example_game/cards.yaml -> validated ``ExampleData``."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from games.core.data import Checker, load_yaml

DATA_FILE = Path(__file__).with_name("cards.yaml")


@dataclass(frozen=True)
class Card:
    id: str
    rank: int
    points: int


@dataclass(frozen=True)
class ExampleData:
    hand_size: int
    cards: dict[str, Card]

    def ids(self) -> list[str]:
        return list(self.cards)


def load(path: Path = DATA_FILE) -> ExampleData:
    """The card list, validated (a readable DataError names the card and the field)."""
    c = Checker(path)
    root = c.known(load_yaml(path), None, ("hand_size", "cards"))
    cards: dict[str, Card] = {}
    for i, raw in enumerate(c.list(root, "cards", None, 4)):
        where = f"card #{i + 1}"
        c.known(raw, where, ("id", "rank", "points"))
        card = Card(c.str(raw, "id", where), c.int(raw, "rank", where, 1, 12), c.int(raw, "points", where, 0, 3))
        if card.id in cards or any(o.rank == card.rank for o in cards.values()):
            raise c.fail(where, "id", f"expected a unique id and rank, got {card.id!r}")
        cards[card.id] = card
    return ExampleData(c.int(root, "hand_size", None, 1, 3), cards)


@lru_cache(maxsize=1)
def data() -> ExampleData:
    """Loaded once, on first use (never at import)."""
    return load()
