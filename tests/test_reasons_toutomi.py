"""Toutomi: why a move is good (games/toutomi/reasons.py, BOTS-4), in one public line.

Scenarios are positions (games/toutomi/position.py) named after the rule the reason teaches.
"""
from __future__ import annotations

from functools import partial

import pytest

from games.core.engine import Action
from games.core.pending import Pending
from games.core.rng import rng_for
from games.toutomi import position
from games.toutomi.bot import BOTS
from games.toutomi.data import WILD_EFFECTS
from games.toutomi.rules import RULES
from games.toutomi.state import State
from tests import reasons_checks as checks

DATA = RULES.data


def table(hands: dict, *, players: int = 3, total: int = 0, turn: int = 0, previous: int | None = None,
          short: bool = False, plays_left: int = 1, situations: dict | None = None,
          pending: Pending | None = None, seed: int = 3) -> State:
    """A new game rearranged: ``hands`` {seat: card ids} (the rest of the hand as dealt), the
    total, whose turn, situation cards held; validated by position.load."""
    s = RULES.new_game(players, seed, {"short": True} if short else {})
    for seat, cards in hands.items():
        for card in cards:
            _swap_into(s, seat, card, cards)
    for seat, cards in (situations or {}).items():
        s.situation_deck = [c for c in s.situation_deck if c not in cards]
        s.situations[seat] = list(cards)
    s.total, s.turn_seat, s.next_base, s.previous = total, turn, turn, previous
    s.plays_left, s.attacked, s.pending = plays_left, plays_left > 1, pending
    s.events = []
    return position.load(position.dump(s))


def _swap_into(s: State, seat: int, card: str, keep: list) -> None:
    if card in s.hands[seat]:
        return
    out = next(c for c in s.hands[seat] if c not in keep)
    zone = s.deck if card in s.deck else next(h for h in s.hands if card in h)
    zone[zone.index(card)] = out
    s.hands[seat][s.hands[seat].index(out)] = card


why = partial(checks.why, RULES)
text = partial(checks.why_text, RULES)


# --- the total and the next player (R-2.2 to) -----------------------------------------
def test_r2_2_total_6_leaves_the_next_player_room_for_only_1():
    s = table({0: ["n5-1", "n1-1", "n2-1"]}, total=1)
    key, params = why(s, "play n5-1")
    assert key == "toutomi_why.squeeze"
    assert params == {"total": 6, "target": 1, "room": 1, "seat": 0}
    assert text(s, "play n5-1") == "Total 6: Ben has room for only 1; a burst scores for Aoi"
    assert text(s, "play n5-1", "ja") == "合計6：Benの余裕は1だけ。バーストならAoiの得点に"


def test_r2_2_a_low_total_is_safe():
    s = table({0: ["n2-1", "n1-1", "n3-1"]}, total=1)
    assert why(s, "play n2-1") == ("toutomi_why.safe", {"card": "n2", "total": 3, "limit": 7})


def test_r2_2_total_exactly_7_bursts_any_number_but_7_0_and_minus_1():
    s = table({0: ["n3-1", "n1-1", "n2-1"]}, total=4)
    assert why(s, "play n3-1")[0] == "toutomi_why.at_limit"
    assert "7" in text(s, "play n3-1") and "Ben" in text(s, "play n3-1")


def test_r2_3_equal_number_keeps_the_total():
    s = table({0: ["n3-1", "n1-1", "n2-1"]}, total=3)
    assert why(s, "play n3-1") == ("toutomi_why.equal", {"card": "n3", "total": 3, "target": 1, "room": 4, "seat": 0})
    s = table({0: ["n6-1", "n1-1", "n2-1"]}, total=6)
    assert why(s, "play n6-1")[0] == "toutomi_why.equal_squeeze"


def test_r2_4_zero_and_minus_one_never_raise_the_total():
    s = table({0: ["n0-1", "m1-1", "n2-1"]}, total=5)
    assert why(s, "play n0-1")[0] == "toutomi_why.zero_squeeze"
    assert why(s, "play m1-1") == ("toutomi_why.minus", {"card": "m1", "total": 4, "target": 1, "room": 3,
                                                          "seat": 0})


# --- the burst (R-4) --------------------------------------------------------------------------
def test_r4_1_a_burst_with_no_card_under_the_limit_says_so_and_who_scores():
    s = table({0: ["n3-1", "n4-1", "n5-1"]}, total=6, previous=2)
    assert why(s, "play n3-1") == ("toutomi_why.burst_forced", {"total": 9, "limit": 7, "scorer": 2})
    assert text(s, "play n3-1") == "Bursts at 9: no card in hand stayed within 7; Chika scores"


def test_r4_2_a_burst_chosen_over_a_safe_card_names_the_scorer_and_the_next_round():
    s = table({0: ["n3-1", "n0-1", "n5-1"]}, total=6, previous=2)
    assert why(s, "play n3-1") == ("toutomi_why.burst_chosen", {"total": 9, "scorer": 2, "seat": 0})
    seen = RULES.explain(RULES.view(s, None), Action.parse("play n3-1"))  # a spectator: no hand
    assert seen == ("toutomi_why.burst", {"total": 9, "scorer": 2, "seat": 0})


# --- special cards (R-3) ----------------------------------------------------------------------
def test_r3_6_trump_at_exactly_7_takes_a_situation_card():
    s = table({0: ["trump-1", "n1-1", "n2-1"]}, total=7)
    assert why(s, "play trump-1") == ("toutomi_why.trump", {"limit": 7})


def test_r3_2_skip_names_who_misses_the_turn_and_who_faces_the_total():
    s = table({0: ["skip-1", "n1-1", "n2-1"]}, total=6)
    assert why(s, "play skip-1") == ("toutomi_why.skip", {"card": "skip", "target": 1, "next": 2, "total": 6})
    assert text(s, "play skip-1") == "Skip: Ben misses a turn; Chika faces total 6"


def test_d3_skip_or_reverse_with_two_players_plays_again():
    s = table({0: ["reverse-1", "skip-1", "n2-1"]}, players=2, total=6)
    for card in ("reverse-1", "skip-1"):
        assert why(s, f"play {card}")[0] == "toutomi_why.skip_again"


def test_r3_1_reverse_turns_the_total_to_the_other_neighbour():
    s = table({0: ["reverse-1", "n1-1", "n2-1"]}, players=4, total=5)
    assert why(s, "play reverse-1") == ("toutomi_why.reverse", {"card": "reverse", "target": 1, "next": 3,
                                                                 "total": 5})


def test_r3_4_attack_target_the_leader_who_must_play_two_cards():
    s = table({0: ["attack-1", "n1-1", "n2-1"]}, players=3, total=6, situations={2: ["sit1-1"]},
              pending=Pending("target", 0, "attack-1", (1, 2)))
    assert why(s, "target 2") == ("toutomi_why.target_leader", {"count": 1, "target": 2, "total": 6, "seat": 0})
    assert why(s, "target 1")[0] == "toutomi_why.target"


def test_r3_4_the_first_of_two_cards_on_an_attacked_turn_leaves_room_for_the_second():
    s = table({0: ["n2-1", "n1-1", "n3-1"]}, total=3, plays_left=2)
    assert why(s, "play n2-1") == ("toutomi_why.first_of_two", {"card": "n2", "total": 5, "room": 2})


def test_r3_3_summon_lays_down_a_card_that_would_burst():
    s = table({0: ["n5-1", "n1-1", "n2-1"]}, total=6, pending=Pending("dump", 0, "summon-1"))
    assert why(s, "dump n5-1") == ("toutomi_why.dump_burst", {"card": "n5", "total": 6})
    assert why(s, "dump n1-1") == ("toutomi_why.dump", {"card": "n1"})
    assert why(s, "dump_done") == ("toutomi_why.dump_none", {})


@pytest.mark.parametrize("effect", WILD_EFFECTS)
def test_r3_5_a_wild_is_explained_by_what_it_becomes(effect):
    s = table({0: ["wild-1", "n1-1", "n2-1"]}, players=3, total=5, pending=Pending("wild", 0, "wild-1",
                                                                                      WILD_EFFECTS))
    key, params = why(s, f"wild {effect}")
    assert key == f"toutomi_why.{effect}" and params["card"] == effect


def test_r5_3_kuma_wild_and_r6_2_declare():
    s = table({0: ["n1-1", "n2-1", "n3-1"]}, total=6, situations={0: ["kuma-1"]})
    assert why(s, "kuma kuma-1") == ("toutomi_why.kuma", {"total": 6})
    s = table({0: ["n3-1", "n4-1", "n5-1"]}, total=6, previous=2, short=True)
    assert why(s, "declare")[0] == "toutomi_why.declare"


def test_r6_2_short_game_squeeze_names_who_takes_the_field():
    s = table({0: ["n5-1", "n1-1", "n2-1"]}, total=1, short=True)
    assert why(s, "play n5-1")[0] == "toutomi_why.squeeze_short"
    s = table({0: ["n7-1", "n0-1", "n2-1"]}, total=7, short=True)  # no burst in the short game
    assert why(s, "play n7-1")[0] == why(s, "play n0-1")[0] == "toutomi_why.hold_limit_short"
    assert "burst" not in text(s, "play n7-1")


def test_bots_4_the_strong_bot_says_why_in_the_games_words():
    s = table({0: ["trump-1", "n1-1", "n2-1"]}, total=7)
    view, legal = RULES.view(s, 0), RULES.legal_actions(s)
    action, reason = BOTS["strong"](RULES, 0).decide(view, legal, rng_for(1, "strong"))
    assert str(action) == "play trump-1" and reason == ("toutomi_why.trump", {"limit": 7})
    s = table({0: ["n5-1", "n1-1", "n2-1"]}, total=1)
    action, reason = BOTS["strong"](RULES, 0).decide(RULES.view(s, 0), RULES.legal_actions(s), rng_for(2, "s"))
    assert reason == RULES.explain(RULES.view(s, 0), action) and reason[0].startswith("toutomi_why.")


# --- what the reason may read and show ----------------------------------------------------------
def _states(players: int, seed: int, steps: int):
    return checks.random_states(RULES, players, seed, steps, {"short": seed % 3 == 0})


def _reshuffled(s: State, seed: int) -> State:
    """The same table for the mover: the other hands and situation cards dealt anew."""
    me, t = s.turn_seat, s.clone()
    t.hands, t.situations = [list(h) for h in s.hands], [list(p) for p in s.situations]
    rng = rng_for(seed, "deal")
    t.deck = checks.redeal(t.hands, t.deck, me, rng)
    t.situation_deck = checks.redeal(t.situations, t.situation_deck, me, rng)
    return position.load(position.dump(t))


def test_the_reason_reads_only_the_movers_view():
    pairs = ((s, _reshuffled(s, seed * 100 + i))
             for seed in range(12) for i, s in enumerate(_states(2 + seed % 5, seed, 60)))
    changed = checks.check_same_reasons(RULES, pairs, lambda s: s.turn_seat, spectator_as_seat=False)
    assert changed > 100  # the others' cards really were different


_name = checks.card_name(RULES, "name")


def _wild_effects(after: State, lang: str) -> set:
    """What a Wild became is public (TOUTOMI-RULES-10): on the field, in the choice it asks
    next (an Attack's target, a Summon's cards) and in the events of the move that chose it
    (also when the field went back into the deck at once)."""
    seen = RULES.view(after, None)
    effects = {e for _, e in after.wild_as}
    effects |= {"target": {"attack"}, "dump": {"summon"}}.get((seen["pending"] or {}).get("kind"), set())
    for key, _ in seen["events"]:
        kind = key.split(".")[1]
        effects |= {"reverse"} if kind == "reverse_as_skip" else {kind} & set(WILD_EFFECTS)
    return {_name(effect, lang) for effect in effects}


def _number(name: str) -> bool:
    return name.lstrip("-").isdigit()  # "7", "-1": the text's totals are numbers too


def test_the_reason_never_names_a_card_secret_to_the_others():
    states = (s for seed in range(16) for s in _states(2 + seed % 5, seed, 80))
    checks.check_no_leaks(RULES, states, DATA.toutomi_ids() + DATA.situation_ids(), _name, position.dump,
                          more_than=1000, skip=_number, shown=_wild_effects)


def test_every_reason_key_is_in_ja_and_en():
    checks.check_catalog("toutomi", more_than=30)


GENERIC: set[str] = set()  # every Toutomi move has its own line (TOUTOMI-REASONS-1)
STRONG_GENERIC_MAX = 0.02  # measured: 0 of 584 (2 seats) and 0 of 521 (6 seats) Strong moves with a choice


@pytest.mark.parametrize("players", [RULES.min_players, RULES.max_players])
def test_playouts_of_every_level_give_reasons_that_render(players):
    checks.check_playouts(RULES, BOTS, players, seed=40, cap=140, generic=GENERIC, generic_max=STRONG_GENERIC_MAX,
                          more_than=60)
