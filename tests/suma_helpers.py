"""Small builders for Suma scenario tests: states from compact literals."""
from __future__ import annotations

import pytest
import yaml

from games.core.engine import Action, IllegalAction
from games.suma import position
from games.suma.rules import RULES
from games.suma.state import cell_index
from games.suma.state import step as state_step

D = RULES.data
FREE_BIT = 1 << 12
# number k sits at cells k and k + 13 (centre FREE): every number twice
CARD = [-1 if i == 12 else (i if i < 12 else i - 1) % 12 for i in range(25)]


def new(players: int = 2, seed: int = 3, start: int = 0):
    return RULES.new_game(players, seed, {"start_player": start})


def setup(players: int = 2, seed: int = 3, start: int = 0, kind: str = "square", **fields):
    """A position past R-1.4 (START holds ``kind``) with the bingo ``CARD`` at every seat.

    ``fields`` replace fields of its position text (a value, or a function of the old
    value: ``stock=lambda st: {**st, "circle": st["circle"] - 1}``); the result is built by
    ``position.load``, so a position that breaks conservation is refused with its reason.
    """
    s = RULES.apply(new(players, seed, start), Action.of("start", kind))
    raw = yaml.safe_load(position.dump(s))
    raw["cards"], raw["marked"] = [list(CARD)] * players, [[12]] * players
    for name, value in fields.items():
        raw[name] = value(raw[name]) if callable(value) else value
    return position.load(position.write(raw))


def started(players: int = 2, seed: int = 3, start: int = 0, kind: str = "square"):
    """A game past R-1.4 with fixed bingo cards and empty hands (cards in their decks)."""
    return setup(players, seed, start, kind)


def put(s, **cells) -> None:
    """Put items on named cells (``put(s, c1="circle")``), taken from the warehouse."""
    for name, kind in cells.items():
        i = cell_index(name, D.size)
        if s.board[i] is not None:
            s.stock[s.board[i]] += 1
        s.board[i] = kind
        if kind is not None:
            s.stock[kind] -= 1


def give(s, seat: int, *cards: str, to: str = "hands") -> None:
    """Move cards from wherever they are into a seat's hand (or job cards)."""
    for card in cards:
        for dk in s.decks.values():
            if card in dk:
                dk.remove(card)
        for m in s.market.values():
            if card in m:
                m[m.index(card)] = None
        for zone in (s.hands, s.jobs):
            for h in zone:
                if card in h:
                    h.remove(card)
        getattr(s, to)[seat].append(card)


def play(s, *texts: str):
    for t in texts:
        s = RULES.apply(s, Action.parse(t))
    return s


def legal(s) -> set[str]:
    return {str(a) for a in RULES.legal_actions(s)}


def reason(s, text: str) -> str:
    with pytest.raises(IllegalAction) as err:
        RULES.apply(s, Action.parse(text))
    return err.value.key


def marked(s, seat: int) -> list[int]:
    return [i for i in range(25) if s.marked[seat] >> i & 1]


def step(x) -> str:
    """A state's or a view's step: its pending kind, ``turn`` or ``over`` (state.step)."""
    if isinstance(x, dict):
        return state_step(x["pending"] and x["pending"]["kind"], x["over"])
    return state_step(x.pending and x.pending.kind, x.over)
