"""Positions: a game state written as a short readable text, and built back from one.

Every game has ``games/<id>/position.py`` with ``dump(state) -> str`` and
``load(text) -> State``.  The text is YAML (read with ``yaml.safe_load`` only): the zones by
card ids, the counters, ``turn_seat`` and ``pending``.  A state built from a text is
validated before anyone plays from it: every card of the game is in exactly one zone, counts
and seats are in range.  A bad position raises ``PositionError`` whose message names the field
and the problem, so a test, a tutorial file or a person editing one learns what is wrong.

This module holds what the five games share: parsing, field access with reasons, and the
card-conservation check.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import yaml

from games.core.pending import Pending


class PositionError(ValueError):
    """A position text that does not describe a legal state; the message says why."""


def parse(text: str, game: str) -> dict:
    """The YAML mapping of a position text; its ``game`` must be ``game``."""
    try:
        raw = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise PositionError(f"not YAML: {exc}") from None
    if not isinstance(raw, dict):
        raise PositionError("a position is a mapping of fields")
    if raw.get("game") != game:
        raise PositionError(f"game: expected {game!r}, got {raw.get('game')!r}")
    return raw


def write(fields: dict) -> str:
    """A position text: the fields in the order given, lists of cards on one line."""
    return yaml.safe_dump(fields, sort_keys=False, allow_unicode=True, width=100,
                          default_flow_style=None)


class Fields:
    """Reads a parsed position with reasons: ``f.int("turn", lo=0)``, ``f.seat("turn_seat")``."""

    def __init__(self, raw: dict, players: int | None = None) -> None:
        self.raw = raw
        self.players = players

    def get(self, name: str, default: Any = ...) -> Any:
        if name not in self.raw:
            if default is ...:
                raise PositionError(f"{name}: missing")
            return default
        return self.raw[name]

    def int(self, name: str, default: Any = ..., lo: int | None = None, hi: int | None = None) -> int:
        value = self.get(name, default)
        if not isinstance(value, int) or isinstance(value, bool):
            raise PositionError(f"{name}: expected a whole number, got {value!r}")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise PositionError(f"{name}: {value} is out of range {lo}..{hi}")
        return value

    def bool(self, name: str, default: Any = ...) -> bool:
        value = self.get(name, default)
        if not isinstance(value, bool):
            raise PositionError(f"{name}: expected true or false, got {value!r}")
        return value

    def seat(self, name: str, default: Any = ..., allow_none: bool = False) -> int | None:
        value = self.get(name, default)
        if value is None and allow_none:
            return None
        assert self.players is not None, "Fields(players=...) is needed to check seats"
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < self.players:
            raise PositionError(f"{name}: {value!r} is not a seat (0..{self.players - 1})")
        return value

    def cards(self, name: str, default: Any = ...) -> list[str]:
        value = self.get(name, default)
        if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
            raise PositionError(f"{name}: expected a list of card ids")
        return list(value)

    def per_seat(self, name: str, default: Any = ...) -> list:
        value = self.get(name, default)
        if not isinstance(value, list) or (self.players is not None and len(value) != self.players):
            raise PositionError(f"{name}: expected one entry per seat ({self.players})")
        return list(value)

    def pending(self, name: str = "pending") -> Pending | None:
        try:
            p = Pending.from_plain(self.get(name, None))
        except (ValueError, TypeError) as exc:
            raise PositionError(str(exc)) from None
        if p is not None and self.players is not None and not 0 <= p.seat < self.players:
            raise PositionError(f"{name}.seat: {p.seat} is not a seat")
        return p


def check_conserved(zones: Iterable[tuple[str, Iterable[str]]], every_card: Iterable[str]) -> None:
    """Every card of the game lies in exactly one zone: none twice, none missing, none foreign.

    ``zones`` are (name, card ids) pairs; the error names the card and the zones.
    """
    where: dict[str, str] = {}
    for zone, cards in zones:
        for card in cards:
            if card in where:
                raise PositionError(f"card {card} is in two zones: {where[card]} and {zone}")
            where[card] = zone
    wanted = Counter(every_card)
    for card in where:
        if card not in wanted:
            raise PositionError(f"card {card} ({where[card]}) is not a card of this game")
    missing = [c for c in wanted if c not in where]
    if missing:
        raise PositionError(f"card {missing[0]} is in no zone ({len(missing)} missing)")
