"""Random-playout invariants for every registered game (OpenSpiel's random_sim_test).

Across many seeds and every player count: legal actions apply, illegal ones are refused,
``apply`` never changes its input, conserved components stay conserved, views hide the
secrets of other seats, the JSON record replays to an equal state, and the game ends.
"""
from __future__ import annotations

import copy
import json
import os

import pytest

from games import registry
from games.core.engine import Action, IllegalAction
from games.core.record import GameRecord
from games.core.rng import rng_for

SEEDS = int(os.environ.get("PLAYOUT_SEEDS", "200"))
STEP_CAP = 20_000
DEEP_CHECK_EVERY = 7  # purity and view checks are costly: every 7th step plus the first


def _strings(obj) -> set[str]:
    """Every string (and dict key) inside a JSON-able view."""
    out: set[str] = set()
    stack = [obj]
    while stack:
        o = stack.pop()
        if isinstance(o, str):
            out.add(o)
        elif isinstance(o, dict):
            out.update(str(k) for k in o)
            stack.extend(o.values())
        elif isinstance(o, (list, tuple, set)):
            stack.extend(o)
    return out


def _options(rules, seed):
    """Alternate through the boolean variants so every variant gets played."""
    opts = rules.default_options()
    for i, spec in enumerate(rules.option_specs()):
        if spec.kind == "bool":
            opts[spec.key] = bool((seed >> i) & 1)
    return opts


def playout(game_id: str, seed: int) -> None:
    rules = registry.rules(game_id)
    players = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
    options = _options(rules, seed)
    state = rules.new_game(players, seed, options)
    start_inventory = rules.inventory(state)
    record = GameRecord(game_id, players, seed, options, [], [])
    rng = rng_for(seed, "playout")
    earlier_legal: list[Action] = []
    for step in range(STEP_CAP):
        if rules.current_player(state) is None:
            break
        legal = rules.legal_actions(state)
        assert legal, f"{game_id} seed {seed} step {step}: no legal action"
        assert legal == rules.legal_actions(state), "legal actions must be deterministic"
        assert len(set(legal)) == len(legal), "legal actions must be distinct"
        # illegal actions are refused with a reason
        with pytest.raises(IllegalAction):
            rules.apply(state, Action.of("no-such-move", 99))
        stale = [a for a in earlier_legal if a not in legal]
        if stale:
            with pytest.raises(IllegalAction) as err:
                rules.check(state, stale[0])
            assert err.value.key
        action = rng.choice(legal)
        deep = step % DEEP_CHECK_EVERY == 0
        before = copy.deepcopy(state) if deep else None
        new = rules.apply(state, action)
        if deep:
            assert state == before, f"apply mutated its input at step {step} ({action})"
            for seat in [None, *range(players)]:
                view = rules.view(new, seat)
                leaked = _strings(json.loads(json.dumps(view))) & rules.secret_ids(new, seat)
                assert not leaked, f"view of seat {seat} leaks {sorted(leaked)[:5]}"
        assert rules.inventory(new) == start_inventory, f"components not conserved after {action}"
        record.actions.append(str(action))
        assert Action.parse(str(action)) == action
        earlier_legal = legal
        state = new
    else:
        pytest.fail(f"{game_id} seed {seed}: no end within {STEP_CAP} steps")
    outcome = rules.outcome(state)
    assert outcome is not None and outcome.winners
    assert sorted(outcome.ranking) == list(range(players))
    replayed = GameRecord.from_json(record.to_json()).replay(rules)
    assert replayed == state, "the JSON record must replay to an equal state"


@pytest.mark.parametrize("game_id", registry.ruled_ids())
def test_random_playouts_keep_every_invariant(game_id):
    for seed in range(SEEDS):
        playout(game_id, seed)
