"""The Brujas bots: view-only decisions, a rollout model identical to the rules, voids."""
from __future__ import annotations

import copy
import json
import textwrap

import yaml

from games.brujas import position, sim
from games.brujas.bot import BOTS, SageBot, _tables, apply_action
from games.brujas.rules import RULES
from games.brujas.state import State
from games.core.bots import bot_move
from games.core.engine import Action
from games.core.position import write
from games.core.rng import rng_for

T = _tables()


def table(text: str) -> State:
    """A position from its YAML text; the cards it places nowhere are in the box."""
    raw = {"game": "brujas", **yaml.safe_load(textwrap.dedent(text))}
    placed = {c for zone in ("hands", "captured") for row in raw[zone] for c in row}
    placed.update(raw.get("table", []))
    raw["box"] = [c for c in T.ids if c not in placed]
    raw["hands"] = [sorted(h, key=T.index.__getitem__) for h in raw["hands"]]
    return position.load(write(raw))


def world_of(s: State) -> sim.World:
    """The sim world of a full state (every hand known), built through a view."""
    seat = RULES.current_player(s) if RULES.current_player(s) is not None else 0
    w = sim.sample_world(T, RULES.view(s, seat), rng_for(0, "w"), sim.voids(T, RULES.view(s, seat)),
                         sim.unseen_cards(T, RULES.view(s, seat)))
    w.hands = [[T.index[c] for c in h] for h in s.hands]
    return w


def same(w: sim.World, s: State) -> None:
    assert [T.colours[c] for c in w.witches] == s.witches
    assert sorted(T.ids[c] for c in w.table) == sorted(s.table)
    assert [sorted(T.ids[c] for c in h) for h in w.hands] == [sorted(h) for h in s.hands]
    assert w.phase == (sim.OVER if s.over else sim.PHASE_CODES[s.pending.kind if s.pending else None])
    if not s.over:
        assert w.to_act == RULES.current_player(s)
    assert w.lead == T.lead_of(RULES.view(s, None)["lead"])
    for seat, pile in enumerate(s.captured):
        assert sum(w.capc[seat]) == len(pile)


def test_bots_are_listed_strongest_last():
    assert list(BOTS) == ["random", "easy", "normal", "strong"]


def test_rollout_model_follows_the_rules_step_by_step():
    for seed in range(25):
        players = 3 + seed % 3
        s = RULES.new_game(players, seed, {})
        w = world_of(s)
        rng = rng_for(seed, "model")
        while RULES.current_player(s) is not None:
            legal = RULES.legal_actions(s)
            if s.pending is None:
                assert sorted(T.ids[c] for c in sim.legal_plays(T, w)) == sorted(a.args[0] for a in legal)
            if s.pending and s.pending.kind == "witch":
                assert [("up" if u else "down") for u in sim.witch_moves(T, w)] == [a.args[0] for a in legal]
            a = rng.choice(legal)
            s = RULES.apply(s, a)
            apply_action(T, w, a)
            same(w, s)
        assert sim.scores(T, w) == list(RULES.outcome(s).scores)


def test_voids_are_inferred_from_failures_to_follow():
    s = table("""
        players: 3
        hands: [[g3a, r1a], [b5a, g4a], [y3a, r2a]]
        captured: [[], [], []]
        witches: [red, blue, yellow, green]
        leader: 0
        turn_seat: 0
    """)
    s = RULES.apply(s, Action.parse("play g3a"))
    s = RULES.apply(s, Action.parse("play g4a"))  # sets green
    s = RULES.apply(s, Action.parse("play y3a"))  # seat 2 had no green
    void = sim.voids(T, RULES.view(s, 0))
    green = T.colours.index("green")
    assert void[2] == ({green}, set()) and void[1] == (set(), set())


def test_normal_deals_the_unseen_cards_blind_while_strong_reads_voids(monkeypatch):
    """BRUJAS-BOT-1: Normal samples worlds without the voids the public history shows."""
    s = table("""
        players: 3
        hands: [[g3a, r1a, b1a], [b5a, g4a, y1a], [y3a, r2a, b2a]]
        captured: [[], [], []]
        witches: [red, blue, yellow, green]
        leader: 0
        turn_seat: 0
    """)
    for a in ("play g3a", "play g4a", "play y3a"):  # seat 2 fails to follow green
        s = RULES.apply(s, Action.parse(a))
    while len(RULES.legal_actions(s)) < 2:
        s = RULES.apply(s, RULES.legal_actions(s)[0])
    seat = RULES.current_player(s)
    seen: list = []
    real = sim.sample_world
    monkeypatch.setattr(sim, "sample_world", lambda t, v, r, void, u: seen.append(void) or real(t, v, r, void, u))
    green = T.colours.index("green")
    for level, voids_read in (("strong", True), ("normal", False)):
        seen.clear()
        BOTS[level](RULES, seat).choose(RULES.view(s, seat), RULES.legal_actions(s), rng_for(2, seat))
        assert seen and all((green in void[2][0]) == voids_read for void in seen)


def test_sampled_worlds_respect_voids_and_hand_counts():
    rng = rng_for(3, "t")
    for seed in range(20):
        s = RULES.new_game(4, seed, {})
        while RULES.current_player(s) is not None and len(s.history) < 5:
            s = RULES.apply(s, rng.choice(RULES.legal_actions(s)))
        seat = s.turn_seat
        view = RULES.view(s, seat)
        void = sim.voids(T, view)
        w = sim.sample_world(T, view, rng, void, sim.unseen_cards(T, view))
        assert [len(h) for h in w.hands] == view["hand_counts"]
        assert w.hands[seat] == [T.index[c] for c in view["hand"]]
        for other, hand in enumerate(w.hands):
            for c in hand:
                assert T.col[c] not in void[other][0] and T.num[c] not in void[other][1]
        assert not {T.ids[c] for h in w.hands for c in h} & {c for p in s.captured for c in p}


def test_sage_decides_from_a_json_view_and_is_deterministic():
    s = RULES.new_game(4, 8, {})
    bot = SageBot(RULES, s.turn_seat)
    while RULES.current_player(s) is not None and len(s.history) < 3:
        seat = RULES.current_player(s)
        bot.seat = seat
        view = json.loads(json.dumps(RULES.view(s, seat)))
        legal = RULES.legal_actions(s)
        a1 = bot.choose(copy.deepcopy(view), legal, rng_for(1, len(s.history), seat))
        a2 = bot.choose(view, legal, rng_for(1, len(s.history), seat))
        assert a1 == a2 and a1 in legal
        s = RULES.apply(s, a1)


class QuickSage(SageBot):
    budget = 30  # the same code with fewer rollouts, to keep the test quick


def test_sage_plays_whole_games_at_every_player_count():
    for players in (3, 4, 5):
        s = RULES.new_game(players, players, {})
        bots = [QuickSage(RULES, i) for i in range(players)]
        step = 0
        while RULES.current_player(s) is not None:
            s = RULES.apply(s, bot_move(RULES, bots[RULES.current_player(s)], s, rng_for(0, step)))
            step += 1
        assert RULES.outcome(s).winners


def test_sage_takes_the_card_that_wins_it_a_majority_and_the_game():
    # last trick decided: seat 0 picks between yellow 5 (a share of the yellow majority: a sole
    # win) and a green 1 (green stays seat 2's: a tie with seat 1)
    s = table("""
        players: 3
        hands: [[], [], []]
        captured: [[r5a, r2a, r3a], [b5a, b1a, y2a], [g2a, g3a]]
        witches: [red, blue, yellow, green]
        leader: 0
        trick: [[0, y5a], [1, g1a], [2, g1b]]
        table: [y5a, g1a, g1b]
        trick_winner: 0
        winning_card: y5a
        witch_move: [yellow, 3, 2]
        turn_seat: 0
        pending: {kind: pick, seat: 0, card: y5a}
    """)
    view = RULES.view(s, 0)
    choice = SageBot(RULES, 0).choose(view, RULES.legal_actions(s), rng_for(0, "x"))
    assert choice == Action.parse("take y5a")
