"""Toutomi bots: legal, view-only, sensible in key spots, and clearly stronger than random."""
from __future__ import annotations

import json
import random

from test_toutomi_rules import make

from games.core.engine import Action
from games.core.rng import rng_for
from games.core.simulate import simulate
from games.toutomi.bot import BOTS, GreedyBot, SamplerBot, sample_state
from games.toutomi.rules import RULES

LIMIT = RULES.data.burst_limit


def _choose(bot_cls, s, seed=1) -> str:
    seat = RULES.current_player(s)
    view = json.loads(json.dumps(RULES.view(s, seat)))  # a plain dict: nothing but the view
    return str(bot_cls(RULES, seat).choose(view, RULES.legal_actions(s), random.Random(seed)))


def test_bot_table_lists_random_first_and_the_strongest_last():
    assert list(BOTS) == ["random", "easy", "normal", "strong"]


def test_bots_always_choose_a_legal_action_in_every_variant():
    for seed in range(12):
        players, short = 2 + seed % 5, bool(seed % 2)
        s = RULES.new_game(players, seed, {"short": short})
        bots = [(SamplerBot if seat == 0 else GreedyBot)(RULES, seat) for seat in range(players)]
        rng = rng_for(seed, "bot-test")
        steps = 0
        while not s.over and steps < 60:
            seat = RULES.current_player(s)
            legal = RULES.legal_actions(s)
            a = bots[seat].choose(RULES.view(s, seat), legal, rng)
            assert a in legal
            s = RULES.apply(s, a)
            steps += 1


def test_sampled_worlds_agree_with_the_view():
    s = RULES.new_game(4, 5, {})
    rng = rng_for(5, "walk")
    for _ in range(40):
        seat = s.turn_seat
        w = sample_state(RULES, RULES.view(s, seat), random.Random(3))
        assert w.hands[seat] == s.hands[seat] and w.field == s.field and w.total == s.total
        assert [len(h) for h in w.hands] == [len(h) for h in s.hands]
        assert len(w.deck) == len(s.deck) and RULES.inventory(w) == RULES.inventory(s)
        assert RULES.legal_actions(w) == RULES.legal_actions(s)
        s = RULES.apply(s, rng.choice(RULES.legal_actions(s)))


def test_bots_play_trump_at_the_limit():
    s = make([["n3-1", "trump-1", "n0-1"], ["n2-1", "n2-2", "n2-3"]], total=LIMIT, previous=1)
    for bot in (GreedyBot, SamplerBot):
        assert _choose(bot, s) == "play trump-1"


def test_bots_avoid_a_burst_that_scores_for_someone_else():
    s = make([["n6-1", "n5-1", "n0-1"], ["n2-1", "n2-2", "n2-3"], ["n3-1", "n3-2", "n3-3"]],
             total=4, previous=2)
    for bot in (GreedyBot, SamplerBot):
        assert _choose(bot, s) == "play n0-1"


def test_bots_push_the_total_up_for_the_next_player():
    s = make([["n1-1", "n3-1", "skip-1"], ["n2-1", "n2-2", "n2-3"], ["n3-2", "n3-3", "n4-1"]],
             total=4, previous=2)
    assert _choose(GreedyBot, s) == "play n3-1"


def test_bots_do_not_burst_when_it_scores_for_the_opponent():
    """TOUTOMI-RULES-2 with two players: even after my own Skip, my burst scores for the other player."""
    s = make([["n7-1", "n1-1", "n1-2"], ["n2-1", "n2-2", "n2-3"]], total=3, previous=1)
    for bot in (GreedyBot, SamplerBot):
        assert _choose(bot, s) != "play n7-1"


def test_short_variant_bot_declares_only_when_it_must():
    s = make([["n6-1", "n5-1", "n7-1"], ["n2-1"]], short=True, total=4, previous=1)
    for bot in (GreedyBot, SamplerBot):
        assert _choose(bot, s) == "declare"


def test_pending_choices_are_answered():
    s = RULES.apply(make([["wild-1", "n1-1", "n1-2"], ["n2-1"], ["n3-1"]], total=6),
                    Action.of("play", "wild-1"))
    for bot in (GreedyBot, SamplerBot):
        assert _choose(bot, s).startswith("wild ")
    s = RULES.apply(s, Action.of("wild", "attack"))
    for bot in (GreedyBot, SamplerBot):
        assert _choose(bot, s) in ("target 1", "target 2")


def test_greedy_beats_random_heads_up():
    r = simulate("toutomi", 100, seed=3, players=2, lineup=["greedy", "random"])
    assert r.wins_by_bot["greedy"] / r.games >= 0.65


def test_sampler_beats_random_heads_up_and_decides_fast():
    r = simulate("toutomi", 12, seed=4, players=2, lineup=["sampler", "random"], timed=True)
    assert r.wins_by_bot["sampler"] / r.games >= 0.65
    times = sorted(r.cpu_by_bot["sampler"])  # CPU time: the machine may be shared, the bot's cost is not
    assert times[int(len(times) * 0.95)] < 0.3


def test_sampler_keeps_the_greedy_choice_unless_rollouts_show_a_clear_gain(monkeypatch):
    """Noise in the rollouts never overturns the rule of thumb; a clear gain does."""
    s = make([["n1-1", "n3-1", "skip-1"], ["n2-1", "n2-2", "n2-3"], ["n3-2", "n3-3", "n4-1"]],
             total=4, previous=2)
    assert _choose(GreedyBot, s) == "play n3-1"
    monkeypatch.setattr(SamplerBot, "_rollout", lambda self, w, a, rng: 0.0)
    assert _choose(SamplerBot, s) == "play n3-1"
    from games.toutomi import bot as tb
    tiny = tb.PRIOR_MARGIN / 2
    monkeypatch.setattr(SamplerBot, "_rollout", lambda self, w, a, rng: tiny if a.args[0] == "n1-1" else 0.0)
    assert _choose(SamplerBot, s) == "play n3-1"
    clear = tb.PRIOR_MARGIN * 2
    monkeypatch.setattr(SamplerBot, "_rollout", lambda self, w, a, rng: clear if a.args[0] == "n1-1" else 0.0)
    assert _choose(SamplerBot, s) == "play n1-1"
