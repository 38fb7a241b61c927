"""The one place games are registered: ``data/games.yaml`` plus a package per game.

Every game folder has one shape (the README's "Layout" section)::

    games/<id>/__init__.py   what the game is (one line)
              data.py        data/<id>.yaml -> validated frozen dataclasses
              state.py       the State dataclass
              rules.py       RULES: the GameRules subclass (+ pure modules per rule area)
              seen.py        what a seat may see: view(), secret_ids(), inventory()
              bot.py         BOTS: name -> Bot class, "random" first, strongest last
              ui/            everything that imports pygame: controller.py (Controller),
                             view.py (View), art/layout/panel modules

A game is found by that shape: a listed game whose folder has all of ``SHAPE`` is
playable; one with only ``rules.py`` is tested headless but shown as not yet playable.
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


SHAPE = ("__init__.py", "data.py", "state.py", "rules.py", "seen.py", "bot.py",
         "ui/__init__.py", "ui/controller.py", "ui/view.py")


@lru_cache(maxsize=None)
def _has_package(game_id: str) -> bool:
    """Playable once its folder has the whole shape."""
    folder = Path(__file__).resolve().parent / game_id
    return all((folder / part).is_file() for part in SHAPE)


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
    ctl = importlib.import_module(f"games.{game_id}.ui.controller").Controller
    view = importlib.import_module(f"games.{game_id}.ui.view").View
    return ctl, view
