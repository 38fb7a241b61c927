"""The measured table of docs/bots.md: ``python tools/bot_table.py --games 400``.

For every game, at 2 seats (Brujas: 3) and at its usual table size, it plays the ladder of
levels head to head — one seat of the higher level against the lower level in every other
seat, seats rotating game by game (games/core/simulate.py) — and then, at the smaller size,
Strong against the generic search bot (tools/pimc.py) at equal CPU per decision:

  easy vs random, normal vs easy, strong vs normal, strong vs search

Each row's share is the one-seat bot's wins (a shared win counts its fraction) with the
95% Wilson interval; "clearly" means the whole interval is above the fair share 1 / seats.
Results go to docs/measured/bots_<game>.json (one file per game and, with ``--players``, per
seat count, so separate processes can measure at once: ``--game brujas --players 4``);
``--render`` (also done after every run) writes the table between the markers in docs/bots.md.

- TOOLS-BOT-TABLE-1 Equal CPU: the search bot's budget per decision is Strong's mean CPU per
  decision with a real choice (forced moves cost neither bot anything) in the Strong-vs-Normal
  row of the same game and seat count, measured in the same run (thread CPU time, so the
  machine's load does not change it); the row shows both bots' measured means side by side.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from games.core.simulate import simulate, wilson  # noqa: E402
from tools.pimc import search_bot  # noqa: E402

SIZES = {"toutomi": (2, 4), "fuji99": (2, 4), "brujas": (3, 4), "qumasu": (2,), "suma": (2, 4)}
LADDER = (("easy", "random"), ("normal", "easy"), ("strong", "normal"), ("strong", "search"))
OUT = ROOT / "docs" / "measured"
DOC = ROOT / "docs" / "bots.md"
BEGIN, END = "<!-- bot-table: tools/bot_table.py -->", "<!-- /bot-table -->"


def _ms(ts: list[float], q: float) -> float:
    ts = sorted(ts)
    return round(1000 * ts[min(len(ts) - 1, int(q * (len(ts) - 1)))], 2) if ts else 0.0


def run_row(game: str, players: int, cand: str, opp: str, games: int, seed: int,
            budget: float | None = None) -> dict:
    """One head-to-head row: ``cand`` in one seat, ``opp`` in the others."""
    extra = {"search": search_bot(game, budget or 0.0)} if opp == "search" else None
    start = time.perf_counter()
    r = simulate(game, games, seed, players, [cand] + [opp] * (players - 1), timed=True, extra_bots=extra)
    wins = r.wins_by_bot.get(cand, 0.0)
    lo, hi = wilson(wins, games)
    mine, theirs = r.cpu_by_bot.get(cand, []), r.cpu_by_bot.get(opp, [])
    return {
        "game": game, "players": players, "bot": cand, "against": opp, "games": games, "seed": seed,
        "wins": wins, "share": wins / games, "low": lo, "high": hi, "fair": 1 / players,
        "clearly": lo > 1 / players,
        "cpu_mean_ms": round(1000 * statistics.fmean(mine), 3) if mine else 0.0,
        # per decision with a real choice: the search bot's budget (TOOLS-BOT-TABLE-1)
        "cpu_choice_ms": round(1000 * sum(mine) / max(1, len(mine) - r.forced_by_bot.get(cand, 0)), 3),
        "against_cpu_choice_ms": round(1000 * sum(theirs) / max(1, len(theirs) - r.forced_by_bot.get(opp, 0)), 3),
        "cpu_p95_ms": _ms(mine, 0.95), "cpu_max_ms": _ms(mine, 1.0),
        "against_cpu_mean_ms": round(1000 * statistics.fmean(theirs), 3) if theirs else 0.0,
        "search_budget_ms": round(1000 * budget, 3) if budget is not None else None,
        "seconds": round(time.perf_counter() - start, 1),
    }


def measure(game: str, games: int, seed: int, sizes: tuple[int, ...] | None = None) -> list[dict]:
    """Every row of one game, written to its results file as it goes."""
    path = OUT / (f"bots_{game}.json" if sizes is None or set(sizes) == set(SIZES[game])
                  else f"bots_{game}_{'_'.join(map(str, sizes))}.json")
    rows = [r for r in _found(game) if r["games"] == games and r["seed"] == seed]
    for players in sizes or SIZES[game]:
        budget = None
        for cand, opp in LADDER if players == SIZES[game][0] else LADDER[:-1]:
            done = [r for r in rows if (r["players"], r["bot"], r["against"]) == (players, cand, opp)]
            row = done[0] if done else run_row(game, players, cand, opp, games, seed,
                                               budget if opp == "search" else None)
            if (cand, opp) == ("strong", "normal"):
                budget = row.get("cpu_choice_ms", row["cpu_mean_ms"]) / 1000
            if not done:
                rows.append(row)
                path.parent.mkdir(parents=True, exist_ok=True)
                mine = [r for r in rows if r["players"] in (sizes or SIZES[game])]
                path.write_text(json.dumps(mine, indent=1) + "\n", encoding="utf-8")
            print(_line(row), flush=True)
    return rows


def _load(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else []


def _found(game: str) -> list[dict]:
    """The game's rows from every results file (``--players`` runs write their own file)."""
    rows, seen = [], set()
    for path in sorted(OUT.glob(f"bots_{game}*.json")):
        for r in _load(path):
            key = (r["players"], r["bot"], r["against"], r["games"], r["seed"])
            if key not in seen:
                seen.add(key)
                rows.append(r)
    return rows


def _line(r: dict) -> str:
    cost = (f"CPU per choice {r.get('cpu_choice_ms', r['cpu_mean_ms']):.2f} ms, search "
            f"{r.get('against_cpu_choice_ms', r['against_cpu_mean_ms']):.2f} ms"
            if r["against"] == "search" else
            f"CPU p95 {r['cpu_p95_ms']:.1f} ms, max {r['cpu_max_ms']:.1f} ms")
    return (f"| {r['game']} | {r['players']} | {r['bot']} vs {r['against']} | {r['games']} | "
            f"{100 * r['share']:.1f}% [{100 * r['low']:.1f}–{100 * r['high']:.1f}] | {100 * r['fair']:.1f}% | "
            f"{'yes' if r['clearly'] else '**no**'} | {cost} |")


def render() -> str:
    """The table for docs/bots.md from every results file."""
    head = ["| game | seats | head to head (1 seat vs the rest) | games | share [95% interval] | fair | "
            "clearly above | cost of the one-seat bot |", "|---|---|---|---|---|---|---|---|"]
    rows = []
    for game in SIZES:
        order = {(n, c, o): i for i, (n, (c, o)) in enumerate((n, lo) for n in SIZES[game] for lo in LADDER)}
        order = {k: v for k, v in order.items() if k[2] != "search" or k[0] == SIZES[game][0]}
        found = [r for r in _found(game) if (r["players"], r["bot"], r["against"]) in order]
        rows += [_line(r) for r in sorted(found, key=lambda r: order[(r["players"], r["bot"], r["against"])])]
    return "\n".join(head + rows)


def write_doc() -> None:
    text = DOC.read_text(encoding="utf-8")
    a, b = text.index(BEGIN) + len(BEGIN), text.index(END)
    DOC.write_text(text[:a] + "\n" + render() + "\n" + text[b:], encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=400)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--game", action="append", choices=sorted(SIZES), help="only these games (repeatable)")
    p.add_argument("--players", type=int, action="append", help="only these seat counts")
    p.add_argument("--render", action="store_true", help="only write the table from the results files")
    args = p.parse_args(argv)
    if not args.render:
        for game in args.game or SIZES:
            sizes = tuple(n for n in SIZES[game] if not args.players or n in args.players)
            measure(game, args.games, args.seed, sizes)
    write_doc()
    return 0


if __name__ == "__main__":
    sys.exit(main())
