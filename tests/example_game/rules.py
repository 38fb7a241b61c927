"""Take the Pot's rules (docs/adding-a-game.md): every rule step one small function.

EX-1 Seats play one card each, in turn, face up into the pot.  EX-2 When every seat has
played, the highest rank wins the trick: a ``take`` pending choice lets the winner score one
pot card, or take the stock's top card into the hand (a longer stay in the game); the rest
of the pot goes face down under the stock.  EX-3 The
winner leads the next trick.  EX-4 The game ends when the seat to play has no card; most
points wins, ties share.
"""
from __future__ import annotations

from games.core.engine import (
    Action,
    Event,
    GameRules,
    IllegalAction,
    rank_by,
)
from games.core.pending import Pending
from games.core.rng import Stream
from tests.example_game import seen
from tests.example_game.data import data
from tests.example_game.state import State


class Rules(GameRules):
    game_id = "example"
    min_players = 2
    max_players = 4

    def card_info(self, card: str) -> dict:
        c = data().cards[card]
        return {"name": {"ja": str(c.rank), "en": str(c.rank)}, "rank": c.rank, "points": c.points}

    def new_game(self, players: int, seed: int, options: dict | None = None) -> State:
        options = dict(options or {})
        rng = Stream.for_game(seed, options)
        deck = rng.shuffled(data().ids(), "deal")
        n = data().hand_size
        hands = [tuple(deck[i * n:(i + 1) * n]) for i in range(players)]
        start = options.get("start_player", -1)
        seat = start if isinstance(start, int) and 0 <= start < players else rng.randrange(players, "start")
        return State(players, seed, options, hands, tuple(deck[players * n:]), won=[()] * players,
                     turn_seat=seat, rng=rng)

    def current_player(self, s: State) -> int | None:
        return None if s.over else (s.pending.seat if s.pending else s.turn_seat)

    def turn_owner(self, s: State) -> int | None:
        return None if s.over else s.turn_seat

    def legal_actions(self, s: State) -> list[Action]:
        if s.over:
            return []
        if s.pending:
            return [Action.of("take", o) for o in s.pending.offers]
        return [Action.of("play", c) for c in sorted(s.hands[s.turn_seat], key=_rank)]

    def explain_illegal(self, s: State, a: Action) -> IllegalAction:
        if s.pending and a.kind != "take":
            return IllegalAction("example.must_take")
        if a.kind == "play" and a.args and a.args[0] not in s.hands[s.turn_seat]:
            return IllegalAction("example.not_in_hand")
        return IllegalAction("core.illegal")

    def _apply(self, s: State, a: Action) -> None:
        if a.kind == "play":
            _play(s, a.args[0])
        else:
            _take(s, a.args[0])

    seen = seen  # the game's seen.py: view, outcome, secret_ids, inventory (GameRules)

    def scores(self, s: State) -> list[int]:
        return [sum(data().cards[c].points for c in pile) for pile in s.won]


def _rank(card: str) -> int:
    return data().cards[card].rank


def _play(s: State, card: str) -> None:
    """EX-1: the card leaves the hand for the pot; EX-2 once every seat has played."""
    seat = s.turn_seat
    s.hands[seat] = tuple(c for c in s.hands[seat] if c != card)
    s.pot = (*s.pot, (seat, card))
    s.events.append(Event("example.played", {"seat": seat, "card": card}, None, None))
    if len(s.pot) == s.players:
        winner = max(s.pot, key=lambda sc: _rank(sc[1]))[0]
        offers = tuple(c for _, c in s.pot) + (("stock",) if s.stock else ())
        s.pending = Pending("take", winner, offers=offers)
        s.events.append(Event("example.won", {"seat": winner}, None, None))
    else:
        _next_turn(s, (seat + 1) % s.players)


def _take(s: State, choice: str) -> None:
    """EX-2: a pot card scored, or the stock's top card into the hand; the rest of the pot
    goes face down under the stock.  EX-3: the winner leads."""
    seat = s.pending.seat
    pot = [c for _, c in s.pot]
    if choice == "stock":
        card, s.stock = s.stock[0], s.stock[1:]
        s.hands[seat] = (*s.hands[seat], card)
        s.stock = (*s.stock, *pot)
        s.events.append(Event("example.took_stock", {"seat": seat, "card": card}, {"seat": seat}, (seat,)))
    else:
        pot.remove(choice)
        s.won[seat] = (*s.won[seat], choice)
        s.stock = (*s.stock, *pot)
        s.events.append(Event("example.took", {"seat": seat, "card": choice}, None, None))
    s.pot, s.pending = (), None
    s.round += 1
    _next_turn(s, seat)


def _next_turn(s: State, seat: int) -> None:
    """EX-4: the seat to play has no card: the game is over."""
    s.turn_seat = seat
    if not s.hands[seat]:
        s.over, s.end_reason = True, "empty"
        s.winners = rank_by((p,) for p in RULES.scores(s))[1]
        s.events.append(Event("example.over", {"seat": seat}, None, None))
        return
    s.turn += 1


RULES = Rules()
