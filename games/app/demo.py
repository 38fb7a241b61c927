"""Store demo (attract mode): a how-to card, then a narrated bot game, for each game in turn.

The loop shows, for every game the staff chose (``Settings.demo_games``; empty = every
playable game), a "how to play" card and then a game between the strongest bots with
the acting hand face up and each action announced.  The language may alternate between
Japanese and English (``demo_langs``) and the pace is a staff setting (``demo_pace``).
Any touch returns to the title; idle screens come back here (games/app/kiosk.py).

Decisions (issue 13, flat memory all day):
- APP-DEMO-16 (perf): when the demo first starts, ``warm_up`` builds what each game's first
  visit would otherwise build and then keep all day: its modules (rules, bots, table
  code) and the tables its rules keep (``GameRules.prepare``: Suma's pattern tables).  A
  kiosk is on all day, so its memory level is the same from the first minute instead of
  climbing through the first round of games (Suma, the last, came ~10 min in, after the
  soak's warm-up); the shop pays ~0.06 s of CPU and ~2.7 MiB once, under the first how-to
  card.  The desktop start (title) does not run it.
"""
from __future__ import annotations

import logging
from typing import Any

from games import registry
from games.app.session import SeatSetup, Session
from games.core.i18n import tr
from games.core.rng import new_seed

App = Any  # a games.app.app.App (not imported: the app imports the kiosk, which starts the demo)

log = logging.getLogger("table")
DEMO_DELAY = {"slow": 3.2, "normal": 2.0, "fast": 0.6}  # seconds per bot move in the demo


def demo_games(settings) -> list[str]:
    """The games of the loop: the staff's choice among the playable ones, in title order."""
    playable = registry.playable_ids()
    chosen = [g for g in playable if g in (settings.demo_games or playable)]
    return chosen or playable


def demo_names(lang: str, players: int) -> list[str]:
    """Friendly seat names in the demo's language (never "Bot 1" inside a Japanese UI)."""
    names = [n.strip() for n in tr("app.default_names", lang).split(",") if n.strip()] or ["P"]
    return [names[i % len(names)] for i in range(players)]


def demo_session(game_id: str, seed: int | None = None, lang: str = "ja") -> Session:
    rules = registry.rules(game_id)
    best = list(registry.bots(game_id))[-1]
    players = min(max(3, rules.min_players), rules.max_players)
    seats = [SeatSetup(name, best) for name in demo_names(lang, players)]
    return Session.start(game_id, seats, seed if seed is not None else new_seed(), rules.default_options())


def demo_lang(settings, index: int) -> str:
    """The language of the index-th demo game: fixed, or alternating ja/en."""
    mode = getattr(settings, "demo_langs", "current")
    if mode == "both":
        return ("ja", "en")[index % 2]
    return mode if mode in ("ja", "en") else settings.lang


def warm_up(app: App) -> None:
    """Once per run, at the demo's first start: every demo game's modules and kept tables (APP-DEMO-16)."""
    if app.demo_warm:
        return
    app.demo_warm = True
    for game_id in demo_games(app.settings):
        registry.rules(game_id).prepare()
        registry.bots(game_id)
        registry.ui_classes(game_id)


def start_demo(app: App, index: int = 0, howto: bool = True) -> None:
    games = demo_games(app.settings)
    warm_up(app)
    app.demo_enabled = True
    app.demo_index = index % len(games)
    # alternate by games shown, not by index: with an odd number of games each game is
    # shown in both languages in turn (by index the first game would always be Japanese)
    app.demo_shown = getattr(app, "demo_shown", -1) + 1
    lang = demo_lang(app.settings, app.demo_shown)
    app.settings.lang = lang  # shown only; the staff menu's choice is what is saved
    session = demo_session(games[app.demo_index], lang=lang)
    log.info("demo: %s (%s)", games[app.demo_index], lang)  # the shop's log; the soak reads it
    if howto:
        app.goto("howto", session)
    else:
        app.goto("play", session, demo=True)


def next_demo(app: App, finished: Session) -> None:
    start_demo(app, getattr(app, "demo_index", 0) + 1)
