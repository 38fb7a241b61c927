"""Property tests (hypothesis): records replay exactly and action text round-trips."""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from games import registry
from games.core.engine import Action
from games.core.record import GameRecord

GAMES = registry.ruled_ids()


@settings(max_examples=60, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**9), picks=st.lists(st.integers(0, 10**6), max_size=120))
def test_any_line_of_play_replays_from_its_json_record(game, seed, picks):
    rules = registry.rules(game)
    players = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
    state = rules.new_game(players, seed, rules.default_options())
    rec = GameRecord(game, players, seed, rules.default_options(), [], [])
    for p in picks:
        if rules.current_player(state) is None:
            break
        legal = rules.legal_actions(state)
        action = legal[p % len(legal)]
        state = rules.apply(state, action)
        rec.actions.append(str(action))
    assert GameRecord.from_json(rec.to_json()).replay(rules) == state


word = st.text(
    alphabet=st.characters(min_codepoint=33, max_codepoint=0x30FF, blacklist_categories=("Zs", "Zl", "Zp", "Cc")),
    min_size=1,
    max_size=8,
).filter(lambda w: not re.fullmatch(r"-?[0-9]+", w) and not any(c.isspace() for c in w))


@given(kind=word, args=st.lists(st.one_of(st.integers(-999, 999), word), max_size=4))
def test_action_text_form_round_trips(kind, args):
    a = Action.of(kind, *args)
    assert Action.parse(str(a)) == a
