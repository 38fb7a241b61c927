"""Take the Pot bots: "random" first, strongest last (they see only a seat's view)."""
from __future__ import annotations

import random

from games.core.bots import Bot, RandomBot
from games.core.engine import Action
from tests.example_game.data import data


class Greedy(Bot):
    """Scores a pot card worth 2 or more (or any, when the stock is empty), else takes the
    stock; plays the lowest card that wins the pot so far, else its lowest card."""

    name = "greedy"

    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action:
        cards = data().cards
        if legal[0].kind == "take":
            pot = [a for a in legal if a.args[0] != "stock"]
            best = max(pot, key=lambda a: (cards[a.args[0]].points, cards[a.args[0]].rank))
            if cards[best.args[0]].points >= 2 or len(pot) == len(legal):
                return best
            return next(a for a in legal if a.args[0] == "stock")
        rank = {a: cards[a.args[0]].rank for a in legal}
        top = max((cards[c].rank for _, c in view["pot"]), default=0)
        winning = [a for a in legal if rank[a] > top]
        return min(winning or legal, key=rank.get)


BOTS = {"random": RandomBot, "greedy": Greedy}
