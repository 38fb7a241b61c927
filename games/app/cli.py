"""Command line: the app, the store demo, headless helpers for tests, CI and benchmarks.

    python main.py                          # the app (title screen)
    python main.py --demo --fullscreen      # store demo: bots play until touched
    python main.py --game toutomi --players 4 --bots 2 --seed 7 --lang en
    python main.py --frames 120 --screenshot shot.png   # exit after 120 frames, save PNG
    python main.py --replay ~/.local/share/japanese-game-table/last_game.json
    python main.py --simulate toutomi --games 400 --seed 1 --players 2
    python main.py --benchmark
"""
from __future__ import annotations

import argparse
import sys

from games import __version__


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="main.py", description="A desktop table for five Japanese indie tabletop games.")
    p.add_argument("--demo", action="store_true", help="store demo: bot games in a loop under 'touch to play'")
    p.add_argument("--fullscreen", action="store_true", help="start fullscreen (F11 toggles)")
    p.add_argument("--windowed", action="store_true", help="start in a window whatever the settings say")
    p.add_argument("--frames", type=int, help="exit cleanly after N frames")
    p.add_argument("--screenshot", metavar="PATH", help="save the last frame as PNG")
    p.add_argument("--game", help="start this game directly (toutomi, fuji99, brujas, ...)")
    p.add_argument("--players", type=int, help="number of players (--game, --simulate)")
    p.add_argument("--bots", type=int, default=0, help="with --game: how many seats are bots (the last ones)")
    p.add_argument("--seed", type=int, help="game seed")
    p.add_argument("--lang", choices=["ja", "en"], help="language for this run")
    p.add_argument("--replay", metavar="PATH", help="watch a saved game (a save, autosave or last_game.json)")
    p.add_argument("--simulate", metavar="ID", help="play bot games without a window and print statistics")
    p.add_argument("--games", type=int, default=100, help="with --simulate: number of games")
    p.add_argument("--lineup", help="with --simulate: comma-separated bot per seat, e.g. best,random")
    p.add_argument("--benchmark", action="store_true", help="print the performance figures")
    p.add_argument("--version", action="version", version=f"japanese-game-table {__version__}")
    p.add_argument("--install-desktop", action="store_true",
                   help="Linux: put the table (this command) in your applications menu")
    p.add_argument("--uninstall-desktop", action="store_true", help="Linux: take it out of the menu")
    return p.parse_args(argv)


def run_simulation(args: argparse.Namespace) -> int:
    from games import registry
    from games.core.simulate import simulate
    if args.simulate not in registry.playable_ids():
        print(f"unknown or unplayable game: {args.simulate} (playable: {', '.join(registry.playable_ids())})")
        return 2
    lineup = args.lineup.split(",") if args.lineup else None
    players = args.players or (len(lineup) if lineup else None)
    res = simulate(args.simulate, args.games, args.seed or 0, players, lineup, timed=True)
    print(res.report())
    return 0


def run_app(args: argparse.Namespace) -> int:
    from games.app.app import App
    fullscreen = True if args.fullscreen else (False if args.windowed or args.frames else None)
    app = App(fullscreen=fullscreen, demo=args.demo)
    if args.lang:
        app.settings.lang = args.lang
    if args.game:
        scene = direct_game(app, args)
        if scene is None:
            return 2
        app.open("title")
        app.push(scene)
    elif args.replay:
        scene = replay_scene(app, args.replay)
        if scene is None:
            return 2
        app.open("title")
        app.push(scene)
    elif args.demo:
        from games.app.demo import start_demo
        start_demo(app)
    else:
        app.open("title")
    app.run(max_frames=args.frames, screenshot=args.screenshot)
    return 0


def replay_scene(app, path: str):
    from games.app.session import Session
    from games.core.record import RecordError, load_record
    try:
        return app.make("play", Session.replay(load_record(path)), replay=True)
    except RecordError as err:
        print(f"{path}: {app.tr(err.key, **err.params)}", file=sys.stderr)
        return None


def direct_game(app, args):
    from games import registry
    from games.app.session import SeatSetup, Session
    from games.core.rng import new_seed
    if args.game not in registry.playable_ids():
        print(f"unknown or unplayable game: {args.game} (playable: {', '.join(registry.playable_ids())})")
        return None
    rules = registry.rules(args.game)
    players = args.players or rules.min_players
    if not rules.min_players <= players <= rules.max_players:
        print(f"{args.game} takes {rules.min_players}-{rules.max_players} players")
        return None
    bots = max(0, min(args.bots, players))
    best = list(registry.bots(args.game))[-1]
    names = app.tr("app.default_names").split(",")
    seats = [SeatSetup(names[i % len(names)].strip(), best if i >= players - bots else None)
             for i in range(players)]
    seed = args.seed if args.seed is not None else new_seed()
    session = Session.start(args.game, seats, seed, rules.default_options())
    app.demo_enabled = False
    return app.make("play", session)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    if args.install_desktop or args.uninstall_desktop:
        from games.app.desktop import install, uninstall
        return install() if args.install_desktop else uninstall()
    if args.simulate:
        return run_simulation(args)
    if args.benchmark:
        from games.app.benchmark import run_benchmark
        return run_benchmark()
    try:
        return run_app(args)
    except Exception as exc:  # last resort: a readable message, never a raw traceback loop
        from games.core.data import DataError
        if isinstance(exc, DataError):
            print(f"Data file problem: {exc}", file=sys.stderr)
            return 3
        raise
