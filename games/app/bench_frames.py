"""Frame timings for ``main.py --benchmark``: the blit floor, busiest screens, landing frames.

Every frame is timed twice: CPU time of the drawing thread (``time.thread_time``: what
the frame itself costs, whatever bots or other programs do) and wall time
(``perf_counter``: what a person would see on this machine right now).

- **Blit floor**: a 1080p background plus 60 card blits and a flip, the least a busy
  table frame can cost; measured in the same run, so ratios hold on a busy machine.
- **Busiest screen**: the most players, a late game (a long log), announcements showing,
  a card being dragged with its legal targets glowing.  A game may provide its own
  (``GameController.busiest_screen(app) -> PlayScene``); otherwise a
  random game is driven to a late state where seat 0 (the only person) must act.
- **Landing frames**: the store demo at its fastest pace, the strongest bots thinking in
  the bot worker; the frames in which a move lands (the table rebuilt, the log and
  announcements updated) are kept.
- **Scene built**: the CPU time of building that play scene (the table, its card faces
  painted ahead) and of its first frame, apart from the steady frames but reported beside
  them: a scene switch is paid once, where a screen changes.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame

from games import registry
from games.app.session import SeatSetup, Session
from games.core.rng import rng_for
from games.ui import theme

Timing = tuple[list[float], list[float]]  # (cpu ms, wall ms) per frame
BUILDS = 3  # the demo's play scene is built this many times (a median of the switch cost)


def timed_frames(app: Any, frames: int, before: Callable[[int], None] | None = None) -> Timing:
    """CPU and wall milliseconds of ``frames`` app frames (``before(i)`` runs untimed)."""
    cpu: list[float] = []
    wall: list[float] = []
    for i in range(frames):
        if before:
            before(i)
        c0, w0 = time.thread_time(), time.perf_counter()
        app.step(1 / 60)
        app.present()
        cpu.append((time.thread_time() - c0) * 1000)
        wall.append((time.perf_counter() - w0) * 1000)
        app.after_frame()  # as the app's loop does after its flip (a changed screen is freed)
    return cpu, wall


def blit_floor(app: Any, frames: int) -> Timing:
    """A 1080p background and 60 cards (convert_alpha, 150x210) blitted, then a flip."""
    surf = app.surface
    bg = pygame.Surface((theme.W, theme.H)).convert()
    bg.fill(theme.FELT)
    card = pygame.Surface((150, 210), pygame.SRCALPHA)
    pygame.draw.rect(card, (240, 236, 220), card.get_rect(), border_radius=12)
    card = card.convert_alpha()
    cpu: list[float] = []
    wall: list[float] = []
    for i in range(frames):
        c0, w0 = time.thread_time(), time.perf_counter()
        pygame.event.pump()
        surf.blit(bg, (0, 0))
        for k in range(60):
            surf.blit(card, (60 + (k % 12) * 150 + i % 7, 100 + (k // 12) * 180))
        app.present()
        cpu.append((time.thread_time() - c0) * 1000)
        wall.append((time.perf_counter() - w0) * 1000)
    return cpu, wall


def late_session(game_id: str, seed: int = 2024) -> tuple[Session, list]:
    """A max-player session at the start and the actions to a late turn of seat 0 (a person)."""
    rules = registry.rules(game_id)
    n = rules.max_players
    seats = [SeatSetup(f"Player {i + 1}", None if i == 0 else "random") for i in range(n)]
    rng = rng_for(seed, "bench")
    s = rules.new_game(n, seed, rules.default_options())
    actions, turns_of_0 = [], []
    while rules.current_player(s) is not None and len(actions) < 5000:
        legal = rules.legal_actions(s)
        if rules.current_player(s) == 0 and len(legal) > 1:
            turns_of_0.append(len(actions))
        a = rng.choice(legal)
        actions.append(a)
        s = rules.apply(s, a)
    cut = turns_of_0[int(len(turns_of_0) * 0.75)] if turns_of_0 else 0
    return Session.start(game_id, seats, seed, rules.default_options()), actions[:cut]


def generic_busiest_screen(app: Any, game_id: str) -> Any:
    """The play scene of a late game: the log filled by the last 40 moves, seat 0 to act."""
    session, actions = late_session(game_id)
    for a in actions[:-40]:
        session.apply(a)
    scene = app.make("play", session, instant=True)
    app.push(scene)
    for a in actions[-40:]:  # through the scene, so the log and announcements fill as in play
        scene.submit(a)
    scene.bot_turn = None
    return scene


def busiest_screen(app: Any, game_id: str) -> Any:
    """The game's own builder (``GameController.busiest_screen``), else the generic late game."""
    ctl_cls, _ = registry.ui_classes(game_id)
    return ctl_cls.busiest_screen(app) or generic_busiest_screen(app, game_id)


def start_drag(scene: Any) -> bool:
    """Pick up the first draggable piece (its legal targets glow), as a person would: a
    press on it (which, as in play, lands the table's animations at once), then a move."""
    piece = next((p for p in scene.table.pieces if p.draggable), None)
    if piece is None:
        return False
    x, y = piece.rect.center
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1))
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 20, y - 20), rel=(20, -20), buttons=(1, 0, 0)))
    return scene.ix.dragging == piece.id


def busy_frames(app: Any, game_id: str, frames: int, first: list | None = None) -> tuple[Timing, bool]:
    """Frames of the busiest screen with a drag in progress and the announcements showing.

    The screen's first frame (what was not painted ahead when the scene was built) is a
    scene switch: timed apart, into ``first`` (CPU ms), and reported beside the scene's
    build cost; ``frames`` steady frames follow it."""
    scene = busiest_screen(app, game_id)
    dragging = start_drag(scene)
    shown = list(scene.banner)

    def before(i: int) -> None:
        scene.banner = [(m, scene.t) for m, _ in shown]  # keep the announcements up
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(500 + (i * 7) % 900, 560),
                                             rel=(7, 0), buttons=(1, 0, 0)))
    opening = timed_frames(app, 1, before)[0][0]
    if first is not None:
        first.append(opening)
    timing = timed_frames(app, frames, lambda i: before(i + 1))
    app.stack.clear()
    return timing, dragging


def landing_frames(app: Any, game_id: str, seconds: float, landings: int,
                   built: list | None = None) -> tuple[Timing, Timing]:
    """The store demo at its fastest: (frames where a move landed, all other frames).

    ``built`` (a list) receives (CPU ms building the scene, CPU ms of its first frame)
    for each of ``BUILDS`` builds of the same scene (the last one is played)."""
    from games.app.demo import demo_session
    app.settings.demo_pace = "fast"
    session = demo_session(game_id, seed=77, lang=app.settings.lang)
    rules = registry.rules(game_id)
    session_players = session.record.players
    if session_players < rules.max_players:  # the busiest table: every seat filled
        best = list(registry.bots(game_id))[-1]
        seats = [SeatSetup(f"Bot {i + 1}", best) for i in range(rules.max_players)]
        session = Session.start(game_id, seats, 77, rules.default_options())
    record = session.record
    for _ in range(BUILDS):
        c0 = time.thread_time()
        scene = app.goto("play", Session.from_record(record) if _ < BUILDS - 1 else session, demo=True)
        c1 = time.thread_time()
        first = timed_frames(app, 1)[0][0]
        if built is not None:
            built.append(((c1 - c0) * 1000, first))
    land: Timing = ([], [])
    rest: Timing = ([], [])
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and len(land[0]) < landings and app.top is scene:
        n = len(session.record.actions)
        cpu, wall = timed_frames(app, 1)
        out = land if len(session.record.actions) != n else rest
        out[0].extend(cpu)
        out[1].extend(wall)
        time.sleep(max(0.0, 1 / 60 - wall[0] / 1000))  # a 60 Hz loop: bots think between frames
    app.stack.clear()
    return land, rest


# --- a person's own move and overlays (issue 31) ---------------------------------------------
PERSON_WAIT = 90  # frames the pointer rests on its target at most (1.5 s) before letting go


def gesture_for(scene: Any, action: Any) -> tuple[str | None, str] | None:
    """(piece id or None, zone id) whose gesture means ``action`` on the scene's table
    (a piece dropped on a zone, or a zone clicked), else None (tests/ui_driver.py too)."""
    view, ctl, table = scene.table.view, scene.controller, scene.table
    for z in table.zones:
        if ctl.action_for(view, None, z.id) == action:
            return None, z.id
    for p in table.pieces:
        if not p.draggable:
            continue
        for z in table.zones:
            if ctl.action_for(view, p.id, z.id) == action:
                return p.id, z.id
    return None


def point_at(app: Any, scene: Any, piece: str | None, target: tuple[int, int]) -> None:
    """A person takes the piece (or moves to the button) and rests the pointer on the
    target, at 60 Hz, until the move's table is painted ahead (or PERSON_WAIT frames)."""
    def post(kind: int, pos: tuple[int, int], held: bool) -> None:
        if kind == pygame.MOUSEMOTION:
            pygame.event.post(pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(int(held), 0, 0)))
        else:
            pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    if piece is not None:
        start = scene.table.piece(piece).rect.center
        post(pygame.MOUSEBUTTONDOWN, start, True)
        timed_frames(app, 1)
        post(pygame.MOUSEMOTION, (start[0] + 20, start[1]), True)
        timed_frames(app, 1)
    for _ in range(PERSON_WAIT):
        post(pygame.MOUSEMOTION, target, piece is not None)
        w0 = time.perf_counter()
        timed_frames(app, 1)
        fs = scene.__dict__.get("foresight")
        if (scene.ahead is not None and scene.ahead.done) or (fs is not None and fs.done.is_set() and fs.after is None):
            return
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - w0)))


def person_landings(app: Any, game_id: str, everyone: bool, landings: int, seconds: float,
                    seed: int = 11) -> Timing:
    """The frames in which a person's own move lands, dragged (or clicked) by the pointer as
    a person would, at the game's largest seat count: one person against random bots
    (``everyone`` False), or pass-and-play (every seat a person, the curtain lifted)."""
    from games.app import play
    rules = registry.rules(game_id)
    seats = [SeatSetup(f"Player {i + 1}", None if everyone or i == 0 else "random")
             for i in range(rules.max_players)]
    session = Session.start(game_id, seats, seed, rules.default_options())
    app.settings.bot_speed = "fast"
    delay, play.BOT_DELAY["fast"] = play.BOT_DELAY["fast"], 0.0  # bots wait for the table, not the clock
    scene = app.goto("play", session)
    rng = rng_for(seed, "bench-person")
    land: Timing = ([], [])
    end = time.perf_counter() + seconds
    try:
        while len(land[0]) < landings and time.perf_counter() < end and app.top is scene:
            if session.over:
                session = Session.start(game_id, seats, seed + len(land[0]), rules.default_options())
                scene = app.goto("play", session)
            timed_frames(app, 1)
            if session.is_bot_turn() or scene.motion.busy() or session.over:
                continue
            if scene.curtain_for() is not None:
                scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.curtain_button().center, button=1))
                continue
            legal = list(rules.legal_actions(session.state))
            rng.shuffle(legal)
            found = next((g for a in legal if (g := gesture_for(scene, a))), None)
            if found is None:
                break
            piece, zone = found
            target = scene.table.zone(zone).rect.center
            point_at(app, scene, piece, target)
            if piece is None:
                pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=target, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1))
            n = len(session.record.actions)
            cpu, wall = timed_frames(app, 1)
            if len(session.record.actions) > n:
                land[0].extend(cpu)
                land[1].extend(wall)
    finally:
        play.BOT_DELAY["fast"] = delay
        app.stack.clear()
    return land


def overlay_frames(app: Any, game_id: str, frames: int) -> Timing:
    """Frames of the pause menu, then of the rules, open over the game's busiest screen
    (the pointer moving over the overlay's buttons)."""
    scene = busiest_screen(app, game_id)
    cpu: list[float] = []
    wall: list[float] = []
    for opener in (scene.open_pause, lambda: app.open("rules", game_id)):
        opener()
        c, w = timed_frames(app, frames // 2, lambda i: pygame.event.post(pygame.event.Event(
            pygame.MOUSEMOTION, pos=(600 + (i * 11) % 700, 400 + (i * 7) % 300), rel=(1, 1), buttons=(0, 0, 0))))
        cpu += c[1:]  # (its first frame draws the game beneath once: a screen change)
        wall += w[1:]
    app.stack.clear()
    return cpu, wall


def suma_summary_frames(app: Any, frames: int) -> Timing:
    """Frames of Suma's round summary at seven seats (it stays up to 12 s between rounds)."""
    import random
    rules = registry.rules("suma")
    seats = [SeatSetup(f"Player {i + 1}", None if i == 0 else "random") for i in range(7)]
    session = Session.start("suma", seats, 6, rules.default_options())
    rng = random.Random(1)
    while session.state.round < 2 and not session.over:
        session.apply(rng.choice(rules.legal_actions(session.state)))
    scene = app.goto("play", session)
    scene.table.summary_seen = 0
    scene.table.rebuild(scene.table.view, scene.table.viewer, scene.table.legal)
    timed_frames(app, 1)  # (the summary painted into the table layer: once, when it opens)
    timing = timed_frames(app, frames, lambda i: pygame.event.post(pygame.event.Event(
        pygame.MOUSEMOTION, pos=(500 + (i * 13) % 900, 500), rel=(1, 0), buttons=(0, 0, 0))))
    app.stack.clear()
    return timing


def moving_frames(app: Any, game_id: str, frames: int, seed: int = 5) -> Timing:
    """The busiest screen while its animations run (travel, counts, a view's own): random
    legal moves land on it one after another and the frames after each landing frame are
    timed while anything still moves, the pointer hovering over the table (no press,
    which would land them at once).  The screen's own last 40 moves were fed to it at
    once (``generic_busiest_screen``): what they set moving (in Brujas 42 cards in flight
    together, which play never shows: bots wait for the table, a press lands it) lands
    first, and the screen's first frame (a scene switch) is not timed."""
    scene = busiest_screen(app, game_id)
    rules, session = scene.session.rules, scene.session
    scene.table.skip_animations()
    timed_frames(app, 1)
    rng = rng_for(seed, "bench-moving")
    cpu: list[float] = []
    wall: list[float] = []

    def hover(_: int) -> None:
        i = len(cpu)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(300 + (i * 37) % 1300, 300 + (i * 23) % 600),
                                             rel=(1, 1), buttons=(0, 0, 0)))
    for _ in range(frames):  # (a move a round at least: ends when enough frames were timed)
        if len(cpu) >= frames or session.over:
            break
        scene.submit(rng.choice(rules.legal_actions(session.state)))
        if scene.bot_turn is not None:
            scene.bot_turn.cancel()
            scene.bot_turn = None
        timed_frames(app, 1)  # the landing frame (timed in its own rows)
        for _ in range(60):
            if not (scene.table_moving or scene.motion.busy()) or len(cpu) >= frames:
                break
            c, w = timed_frames(app, 1, hover)
            cpu += c
            wall += w
    app.stack.clear()
    return cpu, wall
