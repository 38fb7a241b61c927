"""Store demo (attract mode): a how-to card, a guided segment, then a narrated bot game, for each game in turn.

The loop shows, for every game the staff chose (``Settings.demo_games``; empty = every
playable game), a "how to play" card, a guided segment that says why each move is made
(games/app/demo_guided.py) and then a game between the strongest bots with the acting
hand face up and each action announced.  The language may alternate between
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

Decisions (issue 32, a short rotation of all five games):
- APP-DEMO-17: a demo game is shown for ``DEMO_SEGMENT_SECONDS`` at the demo's pace, then
  the rest is played at once by the same bots in the bot worker (``FastForward``, never on
  the drawing frame; under a second of CPU for any game) and the result shows.  With the
  14-second how-to card and the 6-second winner moment every game takes at most about
  three minutes, so a passer-by sees all five within a quarter of an hour (Suma alone ran
  over 11 minutes, Toutomi about 6).  The segment is the longer of the scene's time and
  the wall clock's, so a PC too busy for 10 frames a second (the frame time is capped at
  0.1 s) still jumps on time.
- APP-DEMO-18: the rotation goes on where it was when a visitor leaves (``start_demo``
  without an index takes the next game), so every game is shown equally often however
  often visitors interrupt it; each game's start and end (and whether it jumped) are
  logged ("demo: …", "demo end: …") for the soak.

Decisions (issue 30.4, a demo that teaches):
- APP-DEMO-19: the demo watches from one fixed side where the table would turn with its
  viewer: Qumasu's board puts the viewer's side at the bottom, so following the acting
  seat flipped the board every turn; it is watched from the first seat (``FIXED_SIDE``),
  whose hand is face up (the other's is its backs, as for a player).  The card games keep
  showing the acting hand (TABLE-5): the guided segment's reasons talk about that hand.
- APP-DEMO-20: each game's visit is the how-to card, then a guided segment
  (``GUIDED_SECONDS`` = 75 s of demo time, 60 s at least when its game ends sooner; its
  moves ``GUIDED_DELAY`` apart, about 4 s a move, so a passer-by reads each reason),
  then the game from its deal.  The segment comes out of the game's shown part
  (``demo_segment``: ``DEMO_SEGMENT_SECONDS`` less the segment), so a visit still takes
  about three minutes (APP-DEMO-17) and all five games a quarter of an hour.
  ``start_demo(howto=False)`` goes straight to the game (the staff's tests and pictures).
- APP-DEMO-21: a caption tells only what the table on show lets a spectator see: the
  reason goes through the log's secrecy check (games/app/gamelog.py APP-GAMELOG-37) with
  the seat on view as its reader; a reason that would name something hidden is replaced
  by the bot's own line ("Dealt the unseen cards many ways; this won most"), so every
  move still has its caption.  The reason line the log gets (the demo explains, APP-GAMELOG-35)
  is not repeated over the table: the caption says it.
"""
from __future__ import annotations

import importlib
import logging
import threading
import time
from typing import Any

from games import registry
from games.app.session import WORKER, SeatSetup, Session
from games.core import tutorial
from games.core.data import load_yaml
from games.core.i18n import tr
from games.core.record import GameRecord
from games.core.rng import new_seed, rng_for

App = Any  # a games.app.app.App (not imported: the app imports the kiosk, which starts the demo)

log = logging.getLogger("table")
DEMO_DELAY = {"slow": 3.2, "normal": 2.0, "fast": 0.6}  # seconds per bot move in the demo
DEMO_SEGMENT_SECONDS = 150.0  # a demo game's shown part before it jumps to the end (APP-DEMO-17)
GUIDED_SECONDS = 75.0  # the guided segment (APP-DEMO-20), at least GUIDED_MIN_SECONDS
GUIDED_MIN_SECONDS = 60.0
GUIDED_DELAY = {"slow": 5.0, "normal": 4.0, "fast": 3.0}  # seconds per move in the guided segment
GUIDED_SCENE = "games.app.demo_guided:GuidedScene"
FIXED_SIDE = {"qumasu": 0}  # games watched from one seat in the demo (APP-DEMO-19)
FAST_FORWARD_MOVES = 5000  # a game longer than this is not waited for: the next one starts


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


def demo_viewer(game_id: str, rules: Any, state: Any) -> int | None:
    """The seat the demo shows: the acting one (TABLE-5), or a fixed side (APP-DEMO-19)."""
    return FIXED_SIDE.get(game_id, rules.turn_owner(state))


def guided_session(game_id: str, lang: str = "ja") -> Session | None:
    """The guided segment's game: the strongest bots from the game's tutorial position
    (data/tutorials/<game>.yaml), or None when the game has none (APP-DEMO-20)."""
    if not tutorial.exists(game_id):
        return None
    try:
        raw = load_yaml(tutorial.path_of(game_id))
        state = importlib.import_module(f"games.{game_id}.position").load(raw["position"])
    except Exception as exc:  # a broken file is refused at start-up; the demo goes on without it
        log.error("demo: no guided segment for %s", game_id, exc_info=exc)
        return None
    rules = registry.rules(game_id)
    best = list(registry.bots(game_id))[-1]
    names = demo_names(lang, state.players)
    record = GameRecord(game_id, state.players, state.seed, dict(state.options),
                        [{"name": n, "bot": best} for n in names], [])
    return Session(rules, record, state, [registry.bots(game_id)[best](rules, i) for i in range(state.players)])


def after_howto(app: App, session: Session) -> None:
    """The how-to card's time is up: the guided segment, then ``session`` (APP-DEMO-20)."""
    guided = guided_session(session.record.game, app.settings.lang) if getattr(app, "demo_guided", True) else None
    if guided is None:
        app.goto("play", session, demo=True)
    else:
        app.goto(GUIDED_SCENE, guided, then=session)  # (by name: built in steps, PlayScene.build_steps)


def after_guided(app: App, scene: Any) -> None:
    """The guided segment ends: the game from its deal, for the rest of the shown part."""
    shown = max(scene.t, time.monotonic() - scene.shown_since)
    log.info("demo guided: %s after %.0f s", scene.game_id, shown)
    app.demo_segment = max(GUIDED_MIN_SECONDS, DEMO_SEGMENT_SECONDS - shown)
    app.goto("play", scene.then, demo=True)


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


def start_demo(app: App, index: int | None = None, howto: bool = True) -> None:
    """The demo's next game (``index``: that one; by default the one after the last, APP-DEMO-18);
    with ``howto`` its how-to card and guided segment first (APP-DEMO-20)."""
    games = demo_games(app.settings)
    warm_up(app)
    app.demo_enabled = True
    if index is None:
        index = getattr(app, "demo_index", -1) + 1
    app.demo_index = index % len(games)
    app.demo_started = time.monotonic()
    app.demo_segment = DEMO_SEGMENT_SECONDS
    app.demo_guided = howto
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


def next_demo(app: App, finished: Session, jumped: bool = False) -> None:
    shown = time.monotonic() - getattr(app, "demo_started", time.monotonic())
    log.info("demo end: %s after %.0f s%s", finished.record.game, shown, " (jumped to the end)" if jumped else "")
    start_demo(app, getattr(app, "demo_index", 0) + 1)


class FastForward:
    """The rest of a demo game, played by its own bots in the bot worker (APP-DEMO-17)."""

    def __init__(self, session: Session) -> None:
        self.rules, self.state, self.bots = session.rules, session.state, list(session.bots)
        self.seed, self.moves = session.record.seed, len(session.record.actions)
        self.final: Any = None  # the finished state (None: it could not be finished)
        self.cancelled = False
        self.done = threading.Event()
        WORKER.submit(self)

    def work(self) -> None:
        rules, state = self.rules, self.state
        try:
            for n in range(self.moves, self.moves + FAST_FORWARD_MOVES):
                cur = rules.current_player(state)
                if cur is None or self.cancelled:
                    break
                legal = rules.legal_actions(state)
                state = rules.apply(state, self.bots[cur].choose(rules.view(state, cur), legal,
                                                                 rng_for(self.seed, "bot", n)))
            self.final = state if rules.current_player(state) is None else None
        except Exception as exc:  # a broken bot must not stop the demo: the next game starts
            log.error("demo fast-forward failed", exc_info=exc)
        self.state = self.bots = None  # done: holds only the final state
        self.done.set()

    def cancel(self) -> None:
        self.cancelled = True


def past_segment(scene: Any) -> None:
    """Each frame of a demo game: after its segment it jumps to the end (APP-DEMO-17)."""
    ff = scene.fast_forward
    if ff is None:
        shown = max(scene.t, time.monotonic() - scene.shown_since)  # frames may lag on a busy PC
        if getattr(scene, "guided", False):
            if shown >= GUIDED_SECONDS:  # the guided segment's time is up (APP-DEMO-20)
                after_guided(scene.app, scene)
            return
        limit = getattr(scene.app, "demo_segment", DEMO_SEGMENT_SECONDS)
        if shown >= limit and not scene.session.over and not scene.jumped:
            if scene.bot_turn is not None:
                scene.bot_turn.cancel()
                scene.bot_turn = scene.warming = None
            scene.fast_forward = FastForward(scene.session)
        return
    if not ff.done.is_set():
        return
    scene.fast_forward, scene.jumped = None, True
    if ff.final is None:
        next_demo(scene.app, scene.session, True)
        return
    scene.session.state = ff.final
    scene.refresh(initial=True)
