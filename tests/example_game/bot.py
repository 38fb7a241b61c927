"""Take the Pot bots: "random" first, strongest last (they see only a seat's view)."""
from __future__ import annotations

import random

from games.core.bots import Bot, RandomBot
from games.core.engine import Action
from tests.example_game.data import data


class Greedy(Bot):
    """Takes the stock when offered (a surprise card), else the highest pot card; plays its
    lowest card unless one beats every card already in the pot."""

    name = "greedy"

    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action:
        rank = {a: data().cards[a.args[0]].rank for a in legal if a.args[0] in data().cards}
        if legal[0].kind == "take":
            stock = [a for a in legal if a.args[0] == "stock"]
            return stock[0] if stock else max(legal, key=rank.get)
        best = max((data().cards[c].rank for _, c in view["pot"]), default=0)
        winning = [a for a in legal if rank[a] > best]
        return min(winning, key=rank.get) if winning else min(legal, key=rank.get)


BOTS = {"random": RandomBot, "greedy": Greedy}
