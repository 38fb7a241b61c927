"""Bot-vs-bot games without a window: ``python main.py --simulate ID --games N``.

Seats rotate through the bot line-up game by game so no bot keeps the start advantage;
wins are shared fractions (a 2-way tie gives each 0.5).  Also used by the benchmark.

- SIMULATE-1 Every win share is printed with its 95% Wilson interval (``wilson``), counting
  a shared win as its fraction: a share is "clearly" above the fair share (1 / seats) only
  when the whole interval is.  A bot filling several seats gets its per-seat share and
  interval over all its seat-games.
- SIMULATE-2 A bot that is a measuring tool and needs the table to build its samples
  (tools/pimc.py) says so with a ``see_table(state)`` method, called before it decides; the
  bots people play against never have one and get their view only.
"""
from __future__ import annotations

import math
import time
from collections import defaultdict
from dataclasses import dataclass, field

from games.core import lookup
from games.core.bots import bot_move
from games.core.rng import rng_for


@dataclass
class SimResult:
    game: str
    games: int
    players: int
    lineup: list[str]
    wins_by_seat: list[float]
    wins_by_bot: dict[str, float]
    mean_turns: float
    seconds: float
    decision_times: list[float] = field(default_factory=list)
    times_by_bot: dict[str, list[float]] = field(default_factory=dict)  # wall seconds
    cpu_by_bot: dict[str, list[float]] = field(default_factory=dict)  # thread CPU seconds
    records: list[list[str]] = field(default_factory=list)  # each game's actions (keep_records)
    forced_by_bot: dict[str, int] = field(default_factory=dict)  # timed decisions with one legal move

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else float("inf")

    def report(self) -> str:
        lines = [f"{self.game}: {self.games} games, {self.players} players, line-up {', '.join(self.lineup)}"]
        lines.append("wins by seat: " + ", ".join(f"seat {i + 1}: {w:g}" for i, w in enumerate(self.wins_by_seat)))
        for name in sorted(set(self.lineup)):
            w, per = self.wins_by_bot.get(name, 0.0), self.lineup.count(name)
            lo, hi = wilson(w, self.games * per)
            lines.append(f"wins by bot {name}: {w:g} ({100 * w / self.games:.1f}% of games; "
                         f"{100 * w / self.games / per:.1f}% per seat, 95% interval "
                         f"{100 * lo:.1f}-{100 * hi:.1f}%; fair {100 / self.players:.1f}%)")
        for name, ts in sorted(self.times_by_bot.items()):
            lines.append(f"decision time {name}: wall {_stats(ts)}; CPU {_stats(self.cpu_by_bot.get(name, []))} "
                         f"({len(ts)} decisions)")
        lines.append(f"mean turns: {self.mean_turns:.1f}")
        lines.append(f"games per second: {self.games_per_second:.1f}")
        return "\n".join(lines)


def wilson(wins: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a share ``wins / n`` (SIMULATE-1)."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


def _stats(ts: list[float]) -> str:
    """Median and p95 in ms: the figures the bot budgets are stated in."""
    if not ts:
        return "-"
    ts = sorted(ts)
    return f"median {1000 * ts[len(ts) // 2]:.1f} ms, p95 {1000 * ts[int(0.95 * (len(ts) - 1))]:.1f} ms"


def simulate(game_id: str, games: int, seed: int, players: int | None = None,
             lineup: list[str] | None = None, options: dict | None = None,
             timed: bool = False, extra_bots: dict | None = None, keep_records: bool = False) -> SimResult:
    """Play ``games`` bot games; ``lineup`` names a bot per seat (default: best vs random)."""
    rules = lookup.rules_of(game_id)
    bots = dict(lookup.bots_of(game_id))
    bots.update(extra_bots or {})
    players = players or rules.min_players
    if lineup is None:
        best = list(bots)[-1]
        lineup = [best] + ["random"] * (players - 1)
    if len(lineup) != players:
        raise ValueError(f"line-up names {len(lineup)} bots for {players} players")
    wins_seat = [0.0] * players
    wins_bot: dict[str, float] = defaultdict(float)
    turns = 0
    times: list[float] = []
    by_bot: dict[str, list[float]] = defaultdict(list)
    cpu_bot: dict[str, list[float]] = defaultdict(list)
    records: list[list[str]] = []
    forced: dict[str, int] = defaultdict(int)
    start = time.perf_counter()
    for g in range(games):
        shift = g % players
        names = lineup[shift:] + lineup[:shift]
        gseed = seed * 100003 + g
        opts = dict(options if options is not None else rules.default_options())
        state = rules.new_game(players, gseed, opts)
        seat_bots = [(bots[n] if n in bots else lookup.bots_of(game_id)[n])(rules, i) for i, n in enumerate(names)]
        step = 0
        if keep_records:
            records.append([])
        while (seat := rules.current_player(state)) is not None:
            rng = rng_for(gseed, "bot", step)
            t0 = time.perf_counter() if timed else 0.0
            c0 = time.thread_time() if timed else 0.0
            bot = seat_bots[seat]
            if hasattr(bot, "see_table"):  # a measuring tool only (SIMULATE-2)
                bot.see_table(state)
            action = bot_move(rules, bot, state, rng)
            if timed:
                times.append(time.perf_counter() - t0)
                by_bot[names[seat]].append(times[-1])
                cpu_bot[names[seat]].append(time.thread_time() - c0)
                forced[names[seat]] += len(rules.legal_actions(state)) == 1
            state = rules.apply(state, action)
            if keep_records:
                records[-1].append(str(action))
            step += 1
        turns += step
        winners = rules.outcome(state).winners
        for w in winners:
            wins_seat[w] += 1 / len(winners)
            wins_bot[names[w]] += 1 / len(winners)
    return SimResult(game_id, games, players, list(lineup), wins_seat, dict(wins_bot),
                     turns / max(games, 1), time.perf_counter() - start, times,
                     dict(by_bot), dict(cpu_bot), records, dict(forced))
