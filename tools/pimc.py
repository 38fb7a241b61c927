"""A generic search bot for measuring the project's bots: Perfect-Information Monte Carlo.

It is what a general game framework gives for free, knowing nothing of the game: for every
legal action it deals the cards its seat has not seen at random (a *determinised* state),
plays the action and then random moves to the end of the game, and keeps the action that
won most often.  It decides from its seat's view and the legal actions only:

- TOOLS-PIMC-1 The determinised state is built from the table with everything the seat may
  not see taken out (``masked``): the cards the game's ``seen.secret_ids`` names for that
  seat are lifted out of their places (which are public: a hand's size, a deck's height)
  and the game's random stream is dropped.  Each sample re-deals the sorted lifted cards
  into the same places in a random order and gives the game a fresh random stream, so two
  tables that look the same to the seat give the same samples (tests/test_pimc.py).  No
  inference (voids, what a seat passed on) is drawn from the history: the framework kind.
  A card's back is public where the game shows it (Suma: its colour and job side, ``BACKS``),
  so a card is re-dealt only into a place that held a card with the same back.
- TOOLS-PIMC-2 It thinks for a fixed CPU time per decision (``budget`` seconds of its own
  thread's CPU, ``time.thread_time``), so that it can be compared at equal cost with a
  level whose mean CPU per decision was measured in the same run (tools/bot_table.py).
  Being a measuring tool, it may depend on the machine; the levels never do.
- TOOLS-PIMC-3 Playouts stop after ``PLAYOUT_CAP`` moves and then count as a draw (1 / seats);
  a playout the budget cuts short counts for nothing, so the bot never spends more than its
  budget (a Suma playout to the end costs 11-16 ms of CPU: on a budget below that the search
  bot learns nothing and picks at random, which is what equal CPU means there).
"""
from __future__ import annotations

import copy
import random
import time
from functools import partial

from games.core.bots import Bot
from games.core.engine import LEGAL_SLOT, Action
from games.core.rng import Stream

PLAYOUT_CAP = 400  # moves per playout, then a draw (TOOLS-PIMC-3)


def _suma_back(rules, card: str) -> tuple:
    from games.suma.data import job_key
    return rules.data.card(card).colour, job_key(rules.data, card)


BACKS = {"suma": _suma_back}  # games whose card backs differ (TOOLS-PIMC-1)


def _places(obj, hidden: set[str], out: list) -> None:
    """Every (container, key) in ``obj``'s lists and dicts that holds a hidden card id."""
    items = obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(obj, list) else ()
    for key, val in items:
        if isinstance(val, str):
            if val in hidden:
                out.append((obj, key))
        elif isinstance(val, (list, dict)):
            _places(val, hidden, out)


def masked(rules, game_id: str, state, seat: int):
    """(skeleton, groups): the table with the seat's unseen cards lifted out, and per card back
    the places and the sorted cards lifted from them (TOOLS-PIMC-1)."""
    hidden = rules.secret_ids(state, seat)  # the game's seen.secret_ids, through the rules
    s = copy.deepcopy(state)
    s.__dict__.pop(LEGAL_SLOT, None)
    s.rng = None
    if hasattr(s, "events"):
        s.events = []  # the last action's events: some are private
    places: list = []
    for name, val in list(vars(s).items()):
        if isinstance(val, tuple) and any(isinstance(x, (str, list)) for x in val):
            val = [list(x) if isinstance(x, tuple) else x for x in val]  # writable places
            setattr(s, name, val)
        if isinstance(val, (list, dict)):
            _places(val, hidden, places)
    back = BACKS.get(game_id)
    groups: dict = {}
    for c, k in places:
        groups.setdefault(back(rules, c[k]) if back else None, []).append((c, k))
    out = []
    for key in sorted(groups, key=repr):
        where = groups[key]
        out.append((where, sorted(c[k] for c, k in where)))
        for c, k in where:
            c[k] = "?"
    return s, out


def determinise(skeleton, groups, rng: random.Random):
    """One dealing of the lifted cards into their places, with a fresh random stream."""
    for where, cards in groups:
        deal = list(cards)
        rng.shuffle(deal)
        for (c, k), card in zip(where, deal, strict=True):
            c[k] = card
    s = copy.deepcopy(skeleton)
    for where, _ in groups:
        for c, k in where:
            c[k] = "?"
    s.seed = rng.randrange(1 << 62)
    s.rng = Stream.for_game(s.seed, s.options)
    return s


class SearchBot(Bot):
    """PIMC with random playouts at a fixed CPU budget per decision (module docstring)."""

    name = "search"

    def __init__(self, rules, seat: int, budget: float = 0.01, game_id: str = "") -> None:
        super().__init__(rules, seat)
        self.budget = budget
        self.game_id = game_id
        self.table = None

    def see_table(self, state) -> None:
        """Called by the simulation before each decision (games/core/simulate.py SIMULATE-2)."""
        self.table = masked(self.rules, self.game_id, state, self.seat)

    def choose(self, view: dict, legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1 or self.table is None:
            return legal[0] if len(legal) == 1 else rng.choice(legal)
        end = time.thread_time() + self.budget
        wins, plays = [0.0] * len(legal), [0] * len(legal)
        i = 0
        while time.thread_time() < end:
            s = determinise(*self.table, rng)
            won = self._playout(self.rules.apply(s, legal[i]), rng, end)
            if won is not None:
                wins[i] += won
                plays[i] += 1
            i = (i + 1) % len(legal)
        tried = [j for j in range(len(legal)) if plays[j]]
        if not tried:
            return rng.choice(legal)
        return legal[max(tried, key=lambda j: (wins[j] / plays[j], -j))]

    def _playout(self, s, rng: random.Random, end: float) -> float | None:
        """The seat's win share at the end of a random playout; None when time ran out."""
        rules = self.rules
        for _ in range(PLAYOUT_CAP):
            if time.thread_time() > end:
                return None
            if rules.current_player(s) is None:
                winners = rules.outcome(s).winners
                return 1 / len(winners) if self.seat in winners else 0.0
            s = rules.apply(s, rng.choice(rules.legal_actions(s)))
        return 1 / s.players


def search_bot(game_id: str, budget: float):
    """A bot factory for ``simulate(extra_bots=...)``: the search bot at ``budget`` s CPU."""
    return partial(SearchBot, budget=budget, game_id=game_id)
