"""Store demo (attract mode): bot games of every playable game in rotation.

A "touch to play" overlay sits on top; any key or click returns to the title, and after
the configured idle time on the title the demo starts again.
"""
from __future__ import annotations

from games import registry
from games.app.app import App
from games.app.session import SeatSetup, Session
from games.core.rng import new_seed


def demo_session(game_id: str, seed: int | None = None) -> Session:
    rules = registry.rules(game_id)
    best = list(registry.bots(game_id))[-1]
    players = min(max(3, rules.min_players), rules.max_players)
    seats = [SeatSetup(f"Bot {i + 1}", best) for i in range(players)]
    return Session.start(game_id, seats, seed if seed is not None else new_seed(), rules.default_options())


def start_demo(app: App, index: int = 0) -> None:
    games = registry.playable_ids()
    app.demo_enabled = True
    app.demo_index = index % len(games)
    app.goto("play", demo_session(games[app.demo_index]), demo=True)


def next_demo(app: App, finished: Session) -> None:
    start_demo(app, getattr(app, "demo_index", 0) + 1)
