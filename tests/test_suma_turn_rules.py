"""Suma no Mori: the three rulebook behaviours of issue 27 item 11, one test per rule id.

Each was checked by breaking the engine on purpose (games/suma/moves.py ``legal``):
offering only the cards held before the turn in a return, dropping the supply check of
``privilege_squares``, and adding ``done`` to the turn phase; each test then fails.
"""
from __future__ import annotations

from games.core.rng import rng_for
from games.suma.rules import RULES
from tests.suma_helpers import give, legal, marked, play, put, started, step


def _playouts(players: int, seeds: range, steps: int = 400):
    """States of seeded random games (every phase a real game reaches)."""
    for seed in seeds:
        s = RULES.new_game(players, seed, {"start_player": 0})
        rng = rng_for(seed, "suma-turn-rules")
        for _ in range(steps):
            if s.over:
                break
            yield s
            s = RULES.apply(s, rng.choice(RULES.legal_actions(s)))


def test_r2_4_a_card_placed_earlier_this_turn_may_be_returned_the_new_one_not():
    """R-2.4 / rulebook: "２枚目以降は、手番中に配置したカードも山札に戻せます"."""
    s = started()
    put(s, c1="circle", d1="circle", c2="circle")
    give(s, 0, "g3", "r2", to="jobs")
    give(s, 0, "g4", "g0")  # 〇〇 and 〇〇/〇.: both fit, neither has an immediate effect
    s = play(s, "summon g4", "mark 17")  # the 3rd job card, placed this turn
    assert step(s) == "summon" and s.jobs[0] == ["g3", "r2", "g4"] and 17 in marked(s, 0)
    s = play(s, "summon g0")  # the 4th: one of the other three goes back
    assert step(s) == "return"
    assert legal(s) == {"return g3", "return r2", "return g4"}  # g4 (earlier this turn) included
    s = play(s, "return g4")
    assert s.jobs[0] == ["g3", "r2", "g0"] and s.decks["green"][0] == "g4"


def test_r2_4_the_return_offers_every_other_job_card_in_real_games():
    """Whatever the turn did before, the return lists exactly the job cards but the new one."""
    seen = 0
    for s in _playouts(3, range(12)):
        if step(s) == "return":
            seat, new = s.turn_seat, s.pending.card
            assert legal(s) == {f"return {c}" for c in s.jobs[seat] if c != new}
            seen += 1
    assert seen, "no return step reached"


def test_r2_5_no_privilege_for_a_player_whose_supply_is_empty():
    s = started()
    assert any(a.startswith("privilege") for a in legal(s))  # squares and numbers allow one
    s.supply[0] = 0
    assert not any(a.startswith("privilege") for a in legal(s))
    checked = 0
    for st in _playouts(2, range(10)):
        if step(st) == "turn" and st.supply[st.turn_seat] == 0:
            assert not any(a.kind == "privilege" for a in RULES.legal_actions(st))
            checked += 1
    assert checked, "no turn with an empty supply reached"


def test_r2_no_pass_or_done_in_the_turn_phase_even_when_only_placing_is_left():
    """R-2: exactly one of four actions, no pass; a player who can only place must place."""
    s = started()
    give(s, 0, "b9", "g9", "r9")  # a full hand (no take) of 〇〇〇〇 patterns: none fits
    s.supply[0] = 0  # no privilege
    acts = RULES.legal_actions(s)
    assert acts and {a.kind for a in acts} == {"place"}
    for st in _playouts(3, range(8)):
        if step(st) == "turn":
            assert "done" not in {a.kind for a in RULES.legal_actions(st)}
