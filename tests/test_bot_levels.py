"""Issue 33: Easy, Normal and Strong in every game, under stable ids, deterministic.

The strength ladder itself is measured by tools/bot_table.py (docs/bots.md): hundreds of
games per row, too long for the suite; here the ids, old saves, the interval and the
determinism under load."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from games import registry
from games.app.session import SeatSetup, Session
from games.core.bots import LEVELS, BotTable, Slips, reason_parts
from games.core.record import GameRecord
from games.core.simulate import simulate, wilson

GAMES = registry.playable_ids()
OLD_IDS = {"toutomi": {"greedy": "normal", "sampler": "strong"}, "fuji99": {"draw5": "easy", "tengu": "strong"},
           "brujas": {"sage": "strong"}, "qumasu": {"greedy": "easy", "general": "strong"},
           "suma": {"forester": "strong"}}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_offers_easy_normal_strong_and_random_for_tests(game):
    bots = registry.bots(game)
    assert list(bots) == ["random", *LEVELS]  # weakest first, strongest last
    assert all(isinstance(bots[k], type) for k in LEVELS)


@pytest.mark.parametrize("game", GAMES)
def test_old_bot_ids_name_their_level(game):
    bots = registry.bots(game)
    assert isinstance(bots, BotTable)
    for old, level in OLD_IDS[game].items():
        assert old in bots and bots[old] is bots[level] and bots.canonical(old) == level
    with pytest.raises(KeyError):
        bots["nobody"]


@pytest.mark.parametrize("game", GAMES)
def test_a_save_with_an_old_bot_id_still_loads_and_plays(game, data_dir):
    rules = registry.rules(game)
    old = next(iter(OLD_IDS[game]))
    players = rules.min_players
    seats = [SeatSetup("Aoi")] + [SeatSetup(f"B{i}", "random") for i in range(1, players)]
    session = Session.start(game, seats, 5, {"start_player": 0})
    rec = GameRecord.from_json(session.record.to_json())
    rec.seats[1]["bot"] = old  # as a save from before the levels had it
    again = Session.from_record(GameRecord.from_json(rec.to_json()))
    assert type(again.bots[1]) is registry.bots(game)[OLD_IDS[game][old]]


def test_wilson_interval_matches_the_textbook_values():
    lo, hi = wilson(50, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.4038, 0.5962)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and round(hi, 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_slip_is_drawn_from_the_decisions_generator():
    import random

    class Always(Slips):
        rate = 1.0

    bot = Always(registry.rules("toutomi"), 0)
    legal = ["a", "b", "c", "d"]
    picks = {bot.choose({}, legal, random.Random(s)) for s in range(40)}
    assert picks == set(legal)
    assert bot.choose({}, legal, random.Random(3)) == bot.choose({}, legal, random.Random(3))


def _busy(n: int) -> list[subprocess.Popen]:
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(n)]


# (game, seats, games): the strong bot against normal, a few games each
RUNS = [("qumasu", 2, 3), ("toutomi", 2, 1), ("brujas", 3, 1), ("fuji99", 2, 2), ("suma", 2, 1)]


def test_the_same_simulation_replays_exactly_with_the_cpu_busy():
    """Issue 33.3: a bot's choice depends on seed, view and level only, never on the clock
    or the machine's load (Qumasu's general used to stop thinking after 60 ms of wall time)."""
    quiet = {g: simulate(g, n, 11, p, ["strong", "normal"] + ["normal"] * (p - 2), keep_records=True).records
             for g, p, n in RUNS}
    hogs = _busy(2 * (os.cpu_count() or 2))
    try:
        busy = {g: simulate(g, n, 11, p, ["strong", "normal"] + ["normal"] * (p - 2), keep_records=True).records
                for g, p, n in RUNS}
    finally:
        for h in hogs:
            h.kill()
            h.wait()
    for g, _, n in RUNS:
        assert len(quiet[g]) == n and all(quiet[g])
        assert busy[g] == quiet[g], f"{g}: the busy run played differently"


def test_benchmark_times_strong_at_every_seat_count_against_the_limits(capsys, monkeypatch):
    """Issue 33.4: a decision-time row per game and seat count, each with its verdicts."""
    from games.app import benchmark
    monkeypatch.setattr(benchmark, "BOT_SECONDS", 0.05)
    benchmark.bots_section(GAMES)
    out = capsys.readouterr().out
    for g in GAMES:
        rules = registry.rules(g)
        for n in range(rules.min_players, rules.max_players + 1):
            assert f"{g:<8} {n} seats" in out
    assert out.count("<= 100]") == out.count("<= 250]") == sum(
        registry.rules(g).max_players - registry.rules(g).min_players + 1 for g in GAMES)
    assert "OVER" not in out, out


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_setup_offers_the_three_levels_and_recalls_old_ids_as_levels(lang, data_dir):
    from games.app.title import TitleScene
    from games.core.i18n import tr
    from tests.ui_driver import Driver
    d = Driver(lang)
    d.app.push(TitleScene(d.app))
    d.app.open("setup", "toutomi")
    d.step()
    scene = d.scene
    assert scene.bot_kinds == ["strong", "normal", "easy"]  # strongest first, random not offered
    for kind in scene.bot_kinds:
        name, how = scene.kind_label(kind).split(" — ")
        assert name == tr(f"app.bot_{kind}", lang) and how
    scene.recall({"kinds": [None, "sampler", "greedy", "random"]})  # remembered before the levels
    assert scene.kinds[:3] == [None, "strong", "normal"] and scene.kinds[3] != "random"


@pytest.mark.parametrize("game", GAMES)
def test_every_level_can_say_why_in_both_languages(game):
    """BOTS-3: ``decide`` gives the move and an i18n key (ja + en) or None (a slip)."""
    import random

    from games.core.i18n import has, tr
    rules, bots = registry.rules(game), registry.bots(game)
    s = rules.new_game(rules.min_players, 8, rules.default_options())
    seats = {lv: [bots[lv](rules, i) for i in range(rules.min_players)] for lv in LEVELS}
    said = set()
    for step in range(40):
        seat = rules.current_player(s)
        if seat is None:
            break
        level = LEVELS[step % 3]
        legal = rules.legal_actions(s)
        action, why = seats[level][seat].decide(rules.view(s, seat), legal, random.Random(step))
        assert action in legal
        said.add(None if why is None else reason_parts(why)[0])  # an i18n key (BOTS-4)
        s = rules.apply(s, action)
    keys = said - {None}
    assert keys and all(has(k) and tr(k, "ja") != tr(k, "en") for k in keys), said
