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

- TOOLS-BOT-TABLE-2 A row is played in chunks of 10 games per seat (the seats rotate within
  each; chunk ``c`` uses seed ``1000 * seed + c``) and saved after each chunk, so a run cut
  short keeps what it reached and the next run carries on; the table says how many games a
  row reached.  Its CPU p95 is the largest p95 of its chunks (an upper bound), its max the max.
- TOOLS-BOT-TABLE-1 Equal CPU: the search bot's budget per decision is Strong's mean CPU per
  decision with a real choice (forced moves cost neither bot anything) in the Strong-vs-Normal
  row of the same game and seat count, measured in the same run (thread CPU time, so the
  machine's load does not change it); the row shows both bots' measured means side by side.
"""
from __future__ import annotations

import argparse
import json
import os
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


def run_row(game: str, players: int, cand: str, opp: str, target: int, seed: int,
            budget: float | None = None, row: dict | None = None, save=None,
            part: tuple[int, int] | None = None) -> dict:
    """One head-to-head row: ``cand`` in one seat, ``opp`` in the others, played in chunks of
    10 games per seat (seats rotate within a chunk) and saved after each (TOOLS-BOT-TABLE-2)."""
    if row and row.get("search_budget_ms") is not None:
        budget = row["search_budget_ms"] / 1000  # a row carried on keeps its budget
    extra = {"search": search_bot(game, budget or 0.0)} if opp == "search" else None
    row = row or {"game": game, "players": players, "bot": cand, "against": opp, "target": target, "seed": seed,
                  "games": 0, "chunks": 0, "wins": 0.0, "fair": 1 / players, "seconds": 0.0,
                  "search_budget_ms": round(1000 * budget, 3) if budget is not None else None,
                  "cpu": {"mine": [0.0, 0, 0, 0.0, 0.0], "theirs": [0.0, 0, 0, 0.0, 0.0]}}
    chunk, whole = 10 * players, target
    if part:
        row["part"] = f"{part[0]}/{part[1]}"
        target = -(-target // part[1] // chunk) * chunk  # this part's share, whole chunks
    while row["games"] < target and _reached(game, players, cand, opp, seed) < whole:
        start = time.perf_counter()
        c = row["chunks"] + (100 * (part[0] + 1) if part else 0)  # parts' chunks never meet
        r = simulate(game, chunk, seed * 1000 + c, players, [cand] + [opp] * (players - 1),
                     timed=True, extra_bots=extra)
        row["games"] += chunk
        row["chunks"] += 1
        row["wins"] += r.wins_by_bot.get(cand, 0.0)
        row["seconds"] = round(row["seconds"] + time.perf_counter() - start, 1)
        for who, name in (("mine", cand), ("theirs", opp)):
            ts, acc = r.cpu_by_bot.get(name, []), row["cpu"][who]  # [sum s, n, forced, p95 ms, max ms]
            acc[0] += sum(ts)
            acc[1] += len(ts)
            acc[2] += r.forced_by_bot.get(name, 0)
            acc[3], acc[4] = max(acc[3], _ms(ts, 0.95)), max(acc[4], _ms(ts, 1.0))
        _figures(row)
        if save:
            save(row)
    return row


def _reached(game: str, players: int, cand: str, opp: str, seed: int) -> int:
    """Games the row has reached over all its pieces (other processes' included)."""
    return max([r["games"] for r in _found(game) if (r["players"], r["bot"], r["against"], r["seed"])
                == (players, cand, opp, seed)], default=0)


def _figures(row: dict) -> None:
    """The share, its interval and the CPU figures from the row's running sums."""
    lo, hi = wilson(row["wins"], row["games"])
    mine, theirs = row["cpu"]["mine"], row["cpu"]["theirs"]
    row.update(share=row["wins"] / row["games"], low=lo, high=hi, clearly=lo > row["fair"],
               cpu_mean_ms=round(1000 * mine[0] / max(1, mine[1]), 3),
               # per decision with a real choice: the search bot's budget (TOOLS-BOT-TABLE-1)
               cpu_choice_ms=round(1000 * mine[0] / max(1, mine[1] - mine[2]), 3),
               against_cpu_mean_ms=round(1000 * theirs[0] / max(1, theirs[1]), 3),
               against_cpu_choice_ms=round(1000 * theirs[0] / max(1, theirs[1] - theirs[2]), 3),
               cpu_p95_ms=mine[3], cpu_max_ms=mine[4])


def measure(game: str, games: int, seed: int, sizes: tuple[int, ...] | None = None,
            only: list[tuple[str, str]] | None = None, part: tuple[int, int] | None = None) -> list[dict]:
    """Every row of one game (or ``only`` these), written to its results file as it goes."""
    name = "" if sizes is None or set(sizes) == set(SIZES[game]) else "_" + "_".join(map(str, sizes))
    name += "".join(f"_{c}-{o}" for c, o in only or [])
    name += f"_part{part[0]}of{part[1]}" if part else ""
    path = OUT / f"bots_{game}{name}.json"
    rows = [r for r in _found(game, part or False) if r["seed"] == seed]
    out = [r for r in rows if r["players"] in (sizes or SIZES[game])
           and (not only or (r["bot"], r["against"]) in only)]

    def save(row: dict) -> None:
        if row not in out:
            out.append(row)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")  # atomic: other processes read these files meanwhile
        tmp.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
        os.replace(tmp, path)

    for players in sizes or SIZES[game]:
        budget = _budget(game, players, seed)
        for cand, opp in LADDER if players == SIZES[game][0] else LADDER[:-1]:
            if only and (cand, opp) not in only:
                continue
            if opp == "search":
                budget = _budget(game, players, seed, wait=True)
            done = [r for r in out if (r["players"], r["bot"], r["against"]) == (players, cand, opp)]
            row = done[0] if done else None
            if row is None or "chunks" in row:
                row = run_row(game, players, cand, opp, games, seed, budget if opp == "search" else None,
                              row, save, part)
            if (cand, opp) == ("strong", "normal"):
                budget = row.get("cpu_choice_ms", row["cpu_mean_ms"]) / 1000
            print(_line(row), flush=True)
    return out


def _budget(game: str, players: int, seed: int, wait: bool = False) -> float | None:
    """Strong's CPU per real choice in its row against Normal (TOOLS-BOT-TABLE-1); with
    ``wait``, waits until another process has played at least 60 games of that row."""
    while True:
        rows = [r for r in _found(game) if (r["players"], r["bot"], r["against"], r["seed"])
                == (players, "strong", "normal", seed) and r["games"] >= 60]
        if rows or not wait:
            return rows[0].get("cpu_choice_ms", rows[0]["cpu_mean_ms"]) / 1000 if rows else None
        time.sleep(30)


def _load(path: Path) -> list[dict]:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):  # gone, or being written by a run of before atomic writes
        return []


def _found(game: str, part: tuple[int, int] | bool | None = None) -> list[dict]:
    """The game's rows from every results file (``--players``, ``--row`` and ``--part`` runs
    write their own): the furthest version of each row, or of each part of it (``part``:
    that part only; False: no part; None: the whole row, its parts added up)."""
    best: dict = {}
    for path in sorted(OUT.glob(f"bots_{game}*.json")):
        for r in _load(path):
            here = r.get("part")
            if part is False and here or isinstance(part, tuple) and here != f"{part[0]}/{part[1]}":
                continue
            key = (r["players"], r["bot"], r["against"], r["seed"], here)
            if key not in best or r["games"] > best[key]["games"]:
                best[key] = r
    if part is not None:
        return list(best.values())
    whole: dict = {}
    for (*key, _), r in sorted(best.items(), key=lambda kv: str(kv[0])):
        whole[tuple(key)] = _add(whole[tuple(key)], r) if tuple(key) in whole else r
    return list(whole.values())


def _add(a: dict, b: dict) -> dict:
    """Two disjoint pieces of one row as one (their games have different seeds)."""
    if "cpu" not in a or "cpu" not in b:
        return a if a["games"] >= b["games"] else b
    out = {**a, "part": None, "cpu": {}}
    for k in ("games", "chunks", "wins", "seconds"):
        out[k] = a[k] + b[k]
    for who in ("mine", "theirs"):
        x, y = a["cpu"][who], b["cpu"][who]
        out["cpu"][who] = [x[0] + y[0], x[1] + y[1], x[2] + y[2], max(x[3], y[3]), max(x[4], y[4])]
    _figures(out)
    return out


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
    p.add_argument("--row", action="append", help="only this row, e.g. strong,normal (repeatable)")
    p.add_argument("--part", help="K/M: this process plays the K-th of M shares of the rows' games")
    p.add_argument("--render", action="store_true", help="only write the table from the results files")
    args = p.parse_args(argv)
    if not args.render:
        for game in args.game or SIZES:
            sizes = tuple(n for n in SIZES[game] if not args.players or n in args.players)
            only = [tuple(r.split(",")) for r in args.row] if args.row else None
            part = tuple(map(int, args.part.split("/"))) if args.part else None
            measure(game, args.games, args.seed, sizes, only, part)
    write_doc()
    return 0


if __name__ == "__main__":
    sys.exit(main())
