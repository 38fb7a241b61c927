"""Fuji 99 bots: they decide from the seat's view only, and the strongest wins its races."""
from __future__ import annotations

import json

from games.core.engine import Action
from games.core.rng import rng_for
from games.core.simulate import simulate
from games.fuji99.bot import BOTS, TenguBot, turn_plan
from games.fuji99.rules import RULES
from tests.fuji99_scenario import scenario
from tests.test_fuji99_rules import force  # noqa: F401


def test_line_up_strongest_last():
    assert list(BOTS) == ["random", "easy", "normal", "strong"]


def test_tengu_plays_whole_games_from_json_views():
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        s = RULES.new_game(players, seed)
        bots = [TenguBot(RULES, i) for i in range(players)]
        step = 0
        while (seat := RULES.current_player(s)) is not None:
            view = json.loads(json.dumps(RULES.view(s, seat)))
            legal = RULES.legal_actions(s)
            action = bots[seat].choose(view, legal, rng_for(seed, "bot", step))
            assert action in legal
            s = RULES.apply(s, action)
            step += 1
        assert RULES.outcome(s).winners


def test_tengu_takes_the_win_and_stops_on_a_good_lead(force):
    bot, rng = TenguBot(RULES, 0), rng_for(1, "t")
    s = scenario(RULES, positions=[92, 10], top=["advance-1"])
    assert bot.choose(RULES.view(s, 0), RULES.legal_actions(s), rng) == Action.parse("draw 7")
    force("ccccr", "rcccc")
    s = RULES.apply(RULES.apply(scenario(RULES, top=["advance-1"]), Action.parse("draw 5")),
                    Action.parse("again"))
    s = RULES.apply(s, Action.parse("draw 5"))  # 10 steps made, 2 reds on the sheet
    assert bot.choose(RULES.view(s, 0), RULES.legal_actions(s), rng) == Action.parse("stop")


def test_turn_plan_prefers_a_moderate_first_draw():
    plan = turn_plan(10, 3, 0, 3, 5, 0, 99, 0, 0.1, 2.0, 0.0)
    best = max(plan, key=plan.get)
    assert 5 <= best <= 9 and plan[13] == 0.0  # 13 cubes: every red, a sure bust


def test_tengu_beats_random_and_easy():
    vs_random = simulate("fuji99", 40, seed=7, players=2, lineup=["tengu", "random"], timed=True)
    vs_easy = simulate("fuji99", 40, seed=7, players=2, lineup=["tengu", "easy"])  # Easy replaced draw5
    assert vs_random.wins_by_bot.get("tengu", 0) >= 32
    assert vs_easy.wins_by_bot.get("tengu", 0) >= 28
    times = sorted(vs_random.decision_times)
    assert times[int(len(times) * 0.95)] < 0.05


def test_the_bots_caches_are_full_within_three_games_and_stay_at_their_bound():
    """Memory APP-MEMORY-17: a 3-seat game asks ~50 new turn plans and ~45 crisis answers, so the
    64 kept of each are full after three games (a kiosk's level stops rising) and never
    pass the bound, while a game's own repeats still hit."""
    import random

    from games.fuji99 import bot, odds
    bot.turn_plan.cache_clear()
    odds._distribution.cache_clear()
    for seed in (2000, 2001, 2002):
        s = RULES.new_game(3, seed, RULES.default_options())
        seats, rng = {}, random.Random(seed)
        while RULES.current_player(s) is not None:
            cur = RULES.current_player(s)
            legal = RULES.legal_actions(s)
            a = legal[0] if len(legal) == 1 else seats.setdefault(cur, TenguBot(RULES, cur)).choose(
                RULES.view(s, cur), legal, rng)
            s = RULES.apply(s, a)
    plans, answers = bot.turn_plan.cache_info(), odds._distribution.cache_info()
    assert plans.currsize == bot.TURN_PLANS_KEPT == 64 and answers.currsize == odds.RESULTS_KEPT == 64
    assert plans.hits >= 0.2 * plans.misses and answers.hits >= 0.8 * answers.misses, (plans, answers)
