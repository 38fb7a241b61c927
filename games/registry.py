"""The one place games are registered: ``data/games.yaml`` plus a package per game.

A game package ``games/<id>/`` provides ``rules.py`` (``RULES``: a GameRules instance),
``bot.py`` (``BOTS``: name -> Bot class, "random" first), ``controller.py``
(``Controller``) and ``view.py`` (``View``).  A listed game whose package lacks one of
these is shown on the title screen as not yet playable (and is not tested as a game).
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from games.core.data import DATA_DIR, Checker, load_yaml
from games.core.engine import GameRules


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: dict
    players: tuple[int, int]
    minutes: tuple[int, int]

    @property
    def playable(self) -> bool:
        return _has_package(self.id)


PARTS = ("rules.py", "bot.py", "controller.py", "view.py")


@lru_cache(maxsize=None)
def _has_package(game_id: str) -> bool:
    """Playable once its folder has rules, bot, controller and view."""
    folder = Path(__file__).resolve().parent / game_id
    return all((folder / part).is_file() for part in PARTS)


@lru_cache(maxsize=1)
def catalog() -> tuple[GameInfo, ...]:
    path = DATA_DIR / "games.yaml"
    c = Checker(path)
    out = []
    for i, g in enumerate(c.list(c.mapping(load_yaml(path), None), "games", None, 1)):
        where = f"game #{i + 1}"
        gid = c.str(g, "id", where)
        pl = c.list(g, "players", where, 2)
        mn = c.list(g, "minutes", where, 2)
        out.append(GameInfo(gid, c.text(g, "title", where), (int(pl[0]), int(pl[1])),
                            (int(mn[0]), int(mn[1]))))
    return tuple(out)


def info(game_id: str) -> GameInfo:
    for g in catalog():
        if g.id == game_id:
            return g
    raise KeyError(game_id)


def playable_ids() -> list[str]:
    return [g.id for g in catalog() if g.playable]


def ruled_ids() -> list[str]:
    """Games whose rules exist (tested headless even before their table is drawn)."""
    folder = Path(__file__).resolve().parent
    return [g.id for g in catalog() if (folder / g.id / "rules.py").is_file()]


@lru_cache(maxsize=None)
def rules(game_id: str) -> GameRules:
    return importlib.import_module(f"games.{game_id}.rules").RULES


def bots(game_id: str) -> dict:
    return importlib.import_module(f"games.{game_id}.bot").BOTS


def ui_classes(game_id: str) -> tuple[type, type]:
    """(Controller, View) classes of a game; imports pygame, so only the app calls it."""
    ctl = importlib.import_module(f"games.{game_id}.controller").Controller
    view = importlib.import_module(f"games.{game_id}.view").View
    return ctl, view
