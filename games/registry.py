"""The one place games are registered: ``data/games.yaml`` plus a package per game.

Every game folder has one shape (the README's "Layout" section)::

    games/<id>/__init__.py   what the game is (one line)
              data.py        data/<id>.yaml -> validated frozen dataclasses
              state.py       the State dataclass
              rules.py       RULES: the GameRules subclass (+ pure modules per rule area)
              seen.py        what a seat may see: view(), secret_ids(), inventory()
              bot.py         BOTS: name -> Bot class, "random" first, strongest last
              ui/            everything that imports pygame: controller.py (Controller),
                             view.py (Table), art/layout/panel modules

A game is found by that shape: a listed game whose folder has all of ``SHAPE`` is
playable; one with only ``rules.py`` is tested headless but shown as not yet playable.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from games.core import lookup
from games.core.data import DATA_DIR, Checker, DataError, load_yaml
from games.core.engine import GameRules


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: dict
    players: tuple[int, int]
    minutes: tuple[int, int]

    @property
    def playable(self) -> bool:
        """Built (the whole folder shape) and its data passed the start-up check."""
        return _has_package(self.id) and self.id not in _problems


SHAPE = ("__init__.py", "data.py", "state.py", "rules.py", "seen.py", "bot.py",
         "ui/__init__.py", "ui/controller.py", "ui/view.py")


@cache  # one bool per game id of games.yaml: a fixed domain of a few bytes each
def _has_package(game_id: str) -> bool:
    """Playable once its folder has the whole shape."""
    folder = Path(__file__).resolve().parent / game_id
    return all((folder / part).is_file() for part in SHAPE)


GAME_FIELDS = ("id", "title", "players", "minutes")
MAX_SEATS = 16  # seats a table can show; games.yaml player ranges stay within it


@lru_cache(maxsize=1)
def catalog() -> tuple[GameInfo, ...]:
    """data/games.yaml, validated (one readable DataError for any mistake)."""
    return load_catalog(DATA_DIR / "games.yaml")


def load_catalog(path: Path) -> tuple[GameInfo, ...]:
    """A games.yaml file: ids, titles, player and minute ranges (bounds: 1-16 players, 1-600 min)."""
    c = Checker(path)
    root = c.known(load_yaml(path), None, ("games",))
    out = []
    for i, g in enumerate(c.list(root, "games", None, 1)):
        where = f"game #{i + 1}"
        c.known(g, where, GAME_FIELDS)
        gid = c.str(g, "id", where)
        if not gid.isascii() or not gid.isidentifier() or any(o.id == gid for o in out):
            raise c.fail(where, "id", f"expected a unique id of letters, digits and _, got {gid!r}")
        where = f"game '{gid}'"
        out.append(GameInfo(gid, c.text(g, "title", where), _pair(c, g, "players", where, MAX_SEATS),
                            _pair(c, g, "minutes", where, 600)))
    return tuple(out)


def _pair(c: Checker, g: dict, key: str, where: str, hi: int) -> tuple[int, int]:
    """A ``[low, high]`` range of whole numbers, low <= high."""
    raw = c.list(g, key, where, 2)
    if len(raw) != 2:
        raise c.fail(where, key, f"expected [low, high], got {len(raw)} items")
    lo = c.whole(raw[0], where, key, 1, hi)
    return lo, c.whole(raw[1], where, key, lo, hi)


_problems: dict[str, str] = {}  # game id -> why it cannot start (filled by note_problem)


def note_problem(game_id: str, message: str) -> None:
    """Mark a game as unable to start (the start-up check found its data broken)."""
    _problems[game_id] = message


def problem(game_id: str) -> str | None:
    """Why ``game_id`` cannot start, or None (see games/app/startup.py)."""
    return _problems.get(game_id)


def info(game_id: str) -> GameInfo:
    for g in catalog():
        if g.id == game_id:
            return g
    raise KeyError(game_id)


def playable_ids() -> list[str]:
    """Games that can be started now: the whole shape, and no data problem found."""
    try:
        return [g.id for g in catalog() if g.playable]
    except DataError:
        return []  # games.yaml is broken: the start-up check shows why


def ruled_ids() -> list[str]:
    """Games whose rules exist (tested headless even before their table is drawn)."""
    folder = Path(__file__).resolve().parent
    return [g.id for g in catalog() if (folder / g.id / "rules.py").is_file()]


def rules(game_id: str) -> GameRules:
    """The game's one shared rules object (games/core/lookup.py)."""
    return lookup.rules_of(game_id)


def bots(game_id: str) -> dict:
    return lookup.bots_of(game_id)


def playable(game_id: str) -> bool:
    """The game can start now: listed, its whole shape there, no data problem found
    (what ``GameRecord.validate`` asks the app side, games/core/record.py)."""
    return game_id in playable_ids() and not problem(game_id)


def ui_classes(game_id: str) -> tuple[type, type]:
    """(Controller, Table) classes of a game; imports pygame, so only the app calls it."""
    ctl = importlib.import_module(f"games.{game_id}.ui.controller").Controller
    table = importlib.import_module(f"games.{game_id}.ui.view").Table
    return ctl, table
