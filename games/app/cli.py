"""Command line: the app, the store demo, headless helpers for tests, CI and benchmarks.

    python main.py                          # the app (title screen)
    python main.py --demo --fullscreen      # store demo: bots play until touched
    python main.py --game toutomi --players 4 --bots 2 --seed 7 --lang en
    python main.py --frames 120 --screenshot shot.png   # exit after 120 frames, save PNG
    python main.py --replay ~/.local/share/japanese-game-table/last_game.json
    python main.py --simulate toutomi --games 400 --seed 1 --players 2
    python main.py --benchmark
    python main.py --benchmark --soak 30       # the store demo's memory, minute by minute

APP-CLI-7 (harden): `--lineup best,...` means the strongest bot (the README always said so).

Every option is checked here by argparse types and ranges (README: "Command line"); a
mistake prints one line ``main.py: error: ...`` and exits with code 2.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # one line of error, nothing else
MAX_FRAMES = 10_000_000  # ~46 hours at 60 fps
MAX_SEED = 2**63 - 1
MAX_GAMES = 1_000_000
MAX_SEATS = 16

from games import __version__  # noqa: E402 (after PYGAME_HIDE_SUPPORT_PROMPT is set)


class Parser(argparse.ArgumentParser):
    """argparse that reports a bad option in one line (``main.py: error: ...``), exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")


def ranged(lo: int, hi: int):
    """An argparse type: a whole number from ``lo`` to ``hi`` (NFKC: ２ is 2)."""
    def parse_int(text: str) -> int:
        import unicodedata
        norm = unicodedata.normalize("NFKC", text).strip()
        try:
            val = int(norm, 10)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number from {lo} to {hi}, got {text!r}") from None
        if not lo <= val <= hi:
            raise argparse.ArgumentTypeError(f"expected a whole number from {lo} to {hi}, got {val}")
        return val
    parse_int.__name__ = f"number {lo}-{hi}"
    return parse_int


def nonempty(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("must not be empty")
    return text


def screenshot_path(text: str) -> str:
    """A PNG path whose folder exists and which is not itself a folder."""
    path = Path(nonempty(text))
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a folder; give a file name such as {path / 'shot.png'}")
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"the folder {path.parent} does not exist")
    if not os.access(path.parent, os.W_OK):
        raise argparse.ArgumentTypeError(f"the folder {path.parent} cannot be written")
    return text


def lineup_names(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",")]
    if not names or any(not n for n in names):
        raise argparse.ArgumentTypeError(f"expected bot names separated by commas, got {text!r}")
    return names


def build_parser() -> Parser:
    p = Parser(prog="main.py", description="A desktop table for five Japanese indie tabletop games.")
    p.add_argument("--demo", action="store_true", help="store demo: bot games in a loop under 'touch to play'")
    p.add_argument("--fullscreen", action="store_true", help="start fullscreen (F11 toggles)")
    p.add_argument("--windowed", action="store_true", help="start in a window whatever the settings say")
    p.add_argument("--frames", type=ranged(1, MAX_FRAMES), help=f"exit cleanly after N frames (1-{MAX_FRAMES})")
    p.add_argument("--screenshot", metavar="PATH", type=screenshot_path,
                   help="with --frames: save the last frame as PNG (the folder must exist)")
    p.add_argument("--game", type=nonempty, help="start this game directly (toutomi, fuji99, brujas, ...)")
    p.add_argument("--tutorial", metavar="GAME", type=nonempty,
                   help="play the guided first game of GAME (toutomi, fuji99, brujas, qumasu, suma)")
    p.add_argument("--players", type=ranged(1, MAX_SEATS),
                   help="number of players (--game, --simulate); within the game's range")
    p.add_argument("--bots", type=ranged(0, MAX_SEATS),
                   help="with --game: how many seats are bots, the last ones (0 to --players)")
    p.add_argument("--seed", type=ranged(0, MAX_SEED), help=f"game seed (0-{MAX_SEED})")
    p.add_argument("--lang", choices=["ja", "en"], help="language for this run")
    p.add_argument("--replay", metavar="PATH", type=nonempty,
                   help="watch a saved game (a save, autosave or last_game.json; a regular file under 4 MB)")
    p.add_argument(
        "--simulate", metavar="ID", type=nonempty, help="play bot games without a window and print statistics"
    )
    p.add_argument(
        "--games", type=ranged(1, MAX_GAMES), help=f"with --simulate: number of games (1-{MAX_GAMES}, default 100)"
    )
    p.add_argument("--lineup", type=lineup_names,
                   help="with --simulate: comma-separated bot per seat, e.g. best,random ('best' = the strongest)")
    p.add_argument("--benchmark", action="store_true", help="print the performance figures")
    p.add_argument("--soak", type=ranged(1, 24 * 60), metavar="MINUTES",
                   help="with --benchmark: run the store demo MINUTES long (1-1440) and print its memory each minute")
    p.add_argument("--version", action="version", version=f"japanese-game-table {__version__}")
    p.add_argument("--install-desktop", action="store_true",
                   help="Linux: put the table (this command) in your applications menu")
    p.add_argument("--uninstall-desktop", action="store_true", help="Linux: take it out of the menu")
    return p


# options that only make sense together with another one, and pairs that exclude each other
NEEDS = {
    "screenshot": "frames",
    "soak": ("benchmark",),
    "bots": ("game",),
    "lineup": ("simulate",),
    "games": ("simulate",),
    "players": ("game", "simulate"),
}
MODES = ("game", "replay", "simulate", "benchmark", "demo", "tutorial")


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    """Parse and validate the command line; any mistake exits 2 with one line of error."""
    p = build_parser()
    args = p.parse_args(argv)
    given = [m for m in MODES if getattr(args, m)]
    if len(given) > 1:
        p.error(f"--{given[0]} and --{given[1]} cannot be used together")
    if args.fullscreen and args.windowed:
        p.error("--fullscreen and --windowed cannot be used together")
    for opt, needs in NEEDS.items():
        needs = (needs,) if isinstance(needs, str) else needs
        if getattr(args, opt) is not None and not any(getattr(args, n) for n in needs):
            p.error(f"--{opt} needs " + " or ".join(f"--{n}" for n in needs))
    if args.game or args.simulate:
        _check_game_options(p, args)
    if args.tutorial:
        _check_tutorial(p, args.tutorial)
    if args.games is None:
        args.games = 100
    if args.bots is None:
        args.bots = 0
    return args


def _check_game_options(p: Parser, args: argparse.Namespace) -> None:
    """The game exists and can start; players, bots and line-up fit it."""
    from games import registry
    from games.app.startup import report
    report()  # a game whose data is broken is refused here with the reason
    gid = args.game or args.simulate
    playable = registry.playable_ids()
    if gid not in playable:
        why = registry.problem(gid)
        p.error(f"{gid} cannot start: {why}" if why else
                f"unknown or unplayable game: {gid} (playable: {', '.join(playable)})")
    rules = registry.rules(gid)
    lo, hi = rules.min_players, rules.max_players
    if args.lineup:
        table = registry.bots(gid)
        kinds, canon = list(table), getattr(table, "canonical", str)  # old bot ids name their level
        args.lineup = [kinds[-1] if n == "best" else canon(n) for n in args.lineup]
        unknown = [n for n in args.lineup if n not in kinds]
        if unknown:
            p.error(f"unknown bot {unknown[0]!r} for {gid} (bots: best, {', '.join(kinds)})")
        if args.players is not None and args.players != len(args.lineup):
            p.error(f"--lineup names {len(args.lineup)} bots but --players is {args.players}")
    players = args.players if args.players is not None else (len(args.lineup) if args.lineup else None)
    if players is not None and not lo <= players <= hi:
        p.error(f"{gid} takes {lo}-{hi} players, got {players}")
    if args.bots is not None and args.bots > (players or lo):
        p.error(f"--bots {args.bots} is more than the {players or lo} players")


def _check_tutorial(p: Parser, game: str) -> None:
    """The game can start and its tutorial is there and sound (else one line, exit 2)."""
    from games import registry
    from games.app.startup import report
    from games.core import tutorial
    report()
    if game not in registry.playable_ids():
        why = registry.problem(game)
        p.error(f"{game} cannot start: {why}" if why else
                f"unknown or unplayable game: {game} (playable: {', '.join(registry.playable_ids())})")
    why = tutorial.problem(game) or tutorial.check_file(game)
    if why:
        p.error(f"--tutorial {game}: {why}")


def run_simulation(args: argparse.Namespace) -> int:
    from games.core.simulate import simulate
    lineup = args.lineup or None
    players = args.players or (len(lineup) if lineup else None)
    res = simulate(args.simulate, args.games, args.seed or 0, players, lineup, timed=True)
    print(res.report())
    return 0


def run_app(args: argparse.Namespace) -> int:
    from games.app.app import App
    record = load_replay(args.replay, args.lang) if args.replay else None
    if args.replay and record is None:
        return 2
    fullscreen = True if args.fullscreen else (False if args.windowed or args.frames else None)
    app = App(fullscreen=fullscreen, demo=args.demo)
    if args.lang:
        app.settings.lang = args.lang
    app.stepped_builds = True  # no frame waits for a whole scene build (building.py APP-BUILDING-1)
    if args.game:
        session = direct_session(app, args)
        app.open("title")
        from games.app.building import Building, swap_top
        Building.start(app, "play", (session,), {}, lambda scene: swap_top(app, scene), cover=True)
    elif args.tutorial:
        app.demo_enabled = False
        app.open("title")
        from games.app.tutorial_scene import TutorialScene
        app.push(TutorialScene(app, args.tutorial))
    elif args.replay:
        scene = replay_scene(app, record)
        if scene is None:
            return 2
        app.open("title")
        app.push(scene)
    elif args.demo:
        from games.app import kiosk
        kiosk.start(app)  # the demo, or first the staff's own PIN (kiosk.py APP-KIOSK-4)
    else:
        app.open("title")
    app.run(max_frames=args.frames, screenshot=args.screenshot)
    return 0


def load_replay(path: str, lang: str | None):
    """The checked record of ``--replay`` (before any window opens), or None after one line."""
    from games import registry
    from games.app.storage import Settings
    from games.core.i18n import tr
    from games.core.record import RecordError, load_record
    try:
        return load_record(path).validate(registry.playable)
    except RecordError as err:
        lang = lang or Settings.load()[0].lang
        print(f"main.py: error: --replay {path}: {tr(err.key, lang, **err.params)}", file=sys.stderr)
        return None


def replay_scene(app, source):
    """The replay of ``source``: a checked record (``load_replay``'s) or a file's path.

    APP-CLI-8 (harden, issue 28): ``--replay`` hands over the record it read before the window
    opened and the file is not read again: start-up may have set a damaged save aside
    meanwhile (games/app/housekeeping.py), and the replay must still show how far it goes
    and name the move that cannot be applied, wherever the file was."""
    from games import registry
    from games.core.record import GameRecord, RecordError, load_record
    try:
        record = source if isinstance(source, GameRecord) else load_record(source).validate(registry.playable)
        scene = app.make("replay", record)
    except RecordError as err:
        print(f"{source if isinstance(source, str) else '--replay'}: {app.tr(err.key, **err.params)}",
              file=sys.stderr)
        return None
    if scene.stop_reason:  # shown in the replay; said in the log too
        print(f"--replay: {scene.stop_reason}", file=sys.stderr)
    return scene


def direct_game(app, args):
    return app.make("play", direct_session(app, args))


def direct_session(app, args):
    from games import registry
    from games.app.session import SeatSetup, Session
    from games.core.rng import new_seed
    rules = registry.rules(args.game)
    players = args.players or rules.min_players
    bots = max(0, min(args.bots, players))
    best = list(registry.bots(args.game))[-1]
    names = app.tr("app.default_names").split(",")
    seats = [SeatSetup(names[i % len(names)].strip(), best if i >= players - bots else None)
             for i in range(players)]
    seed = args.seed if args.seed is not None else new_seed()
    session = Session.start(args.game, seats, seed, rules.default_options())
    app.demo_enabled = False
    return session


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    if args.install_desktop or args.uninstall_desktop:
        from games.app.desktop import install, uninstall
        return install() if args.install_desktop else uninstall()
    if args.simulate:
        return run_simulation(args)
    if args.benchmark:
        import shutil

        from games.app.benchmark import private_dir, run_benchmark
        try:
            if args.soak:
                from games.app.soak import run_soak
                return run_soak(args.soak)
            return run_benchmark()  # in its own private temp folder, removed afterwards
        finally:
            shutil.rmtree(private_dir(), ignore_errors=True)
    try:
        return run_app(args)
    except Exception as exc:  # last resort: a readable message, never a raw traceback loop
        from games.core.data import DataError
        if isinstance(exc, DataError):
            print(f"Data file problem: {exc}", file=sys.stderr)
            return 3
        raise
