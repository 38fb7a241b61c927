"""Toutomi's side of the engine contract: card ids, views, secrets, reasons, i18n, overlay."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_toutomi_rules import DATA, LIMIT, do, keys, make, reason

from games.core.data import DATA_DIR, load_yaml
from games.core.engine import Action, IllegalAction
from games.core.i18n import catalog
from games.core.rng import rng_for
from games.toutomi.rules import RULES

# --- contract: views, ids, i18n, actions --------------------------------------------------

def test_card_info_for_physical_and_face_ids():
    assert RULES.card_info("n7-2") == {"id": "n7-2", "face": "n7", "deck": "toutomi",
                                       "kind": "number", "value": 7, "points": None,
                                       "name": {"ja": "7", "en": "7"}}
    assert RULES.card_info("newworld-1")["kind"] == "new_world"
    assert RULES.card_info("newworld-1")["points"] == 4
    assert RULES.card_info("wild")["kind"] == "wild"
    ids = DATA.toutomi_ids() + DATA.situation_ids()
    assert len(set(ids)) == len(ids) and not any(" " in c for c in ids)


def test_view_schema_is_json_and_complete():
    s = RULES.new_game(3, 11, {})
    v = RULES.view(s, 0)
    assert json.loads(json.dumps(v)) == v
    assert set(v) == {
        "game", "viewer", "players", "options", "short", "limit", "hand_size", "total", "direction",
        "turn_seat", "previous", "scorer_if_burst", "attacked", "plays_left",
        "next_turn", "pending", "hand_counts", "hand", "field", "wild_as", "deck_count",
        "situation_deck_count", "situation_counts", "situation", "revealed_situations",
        "removed", "points", "point_counts", "round", "turn", "last_round", "over",
        "winners", "end_reason", "events"}
    assert v["limit"] == LIMIT and v["deck_count"] == len(s.deck)
    assert v["next_turn"] == {"seat": (s.turn_seat + 1) % 3, "attacked": False, "base": s.turn_seat,
                              "steps": 1}


def test_secret_ids_cover_other_hands_situations_and_decks():
    s = make([["n1-1"], ["n2-1"]], situations=[["sit1-1"], ["sit2-1"]])
    sec = RULES.secret_ids(s, 0)
    assert {"n2-1", "sit2-1"} <= sec and not {"n1-1", "sit1-1"} & sec
    assert set(s.deck) <= sec and set(s.situation_deck) <= sec
    assert {"n1-1", "n2-1", "sit1-1", "sit2-1"} <= RULES.secret_ids(s, None)


def test_actions_round_trip_and_apply_never_mutates():
    s = RULES.new_game(4, 2, {})
    for a in RULES.legal_actions(s):
        assert Action.parse(str(a)) == a
    before = s.clone()
    RULES.apply(s, RULES.legal_actions(s)[0])
    assert s == before


def test_needs_privacy_and_turn_owner():
    s = RULES.new_game(2, 2, {})
    assert RULES.needs_privacy(s) and RULES.turn_owner(s) == s.turn_seat


def _code_keys() -> set[str]:
    root = Path(__file__).resolve().parents[1] / "games" / "toutomi"
    found = set()
    for name in ("rules.py", "seen.py"):
        found |= set(re.findall(r'"(toutomi\.[a-z_]+)"', (root / name).read_text()))
    found |= {f"toutomi.finish_{k}_first" for k in ("wild", "target", "dump")}
    found |= {f"toutomi.no_{k}_pending" for k in ("wild", "target", "dump")}
    found |= {f"toutomi.game_end_{k}" for k in ("situation", "deck")}
    return found


def test_every_key_the_rules_use_is_translated():
    cat = catalog()
    missing = sorted(k for k in _code_keys() if k not in cat)
    assert not missing
    # and the keys seen in real games too
    seen = set()
    for seed in range(30):
        s = RULES.new_game(2 + seed % 5, seed, {"short": bool(seed % 2)})
        rng = rng_for(seed, "t")
        while not s.over:
            s = RULES.apply(s, rng.choice(RULES.legal_actions(s)))
            seen |= set(keys(s))
        o = RULES.outcome(s)
        seen |= {k for b in o.breakdown for k in b} | ({o.tiebreak} - {None})
    assert not sorted(k for k in seen if k not in cat)


def test_rules_overlay_has_sections_in_both_languages():
    doc = load_yaml(DATA_DIR / "rules" / "toutomi.yaml")
    assert 5 <= len(doc["sections"]) <= 9
    for sec in doc["sections"]:
        for part in ("title", "body"):
            assert sec[part]["ja"].strip() and sec[part]["en"].strip()


REASONS = [
    # (state, action, reason key)
    (lambda: make([["n1-1"], ["n2-1"]]), "fly", "toutomi.unknown_action"),
    (lambda: make([["n1-1"], ["n2-1"]]), "target x", "toutomi.bad_args"),
    (lambda: make([["n1-1"], ["n2-1"]]), "declare 3", "toutomi.bad_args"),
    (lambda: make([["n1-1"], ["n2-1"]]), "play n2-1", "toutomi.not_in_hand"),
    (lambda: make([["n1-1"], ["n2-1"]]), "play queen-1", "toutomi.unknown_card"),
    (lambda: make([["n1-1"], ["n2-1"]]), "wild skip", "toutomi.no_wild_pending"),
    (lambda: make([["n1-1"], ["n2-1"]]), "target 1", "toutomi.no_target_pending"),
    (lambda: make([["n1-1"], ["n2-1"]]), "dump n1-1", "toutomi.no_dump_pending"),
    (lambda: make([["n1-1"], ["n2-1"]]), "dump_done", "toutomi.no_dump_pending"),
    (lambda: make([["n1-1"], ["n2-1"]]), "pass", "toutomi.pass_not_allowed"),
    (lambda: make([["n1-1"], ["n2-1"]]), "declare", "toutomi.declare_short_only"),
    (lambda: make([["n1-1"], ["n2-1"]], short=True), "declare", "toutomi.declare_has_card"),
    (lambda: make([["n1-1"], ["n2-1"]]), "kuma kuma-1", "toutomi.kuma_not_yours"),
    (lambda: make([["n1-1"], ["n2-1"]], situations=[["sit2-1"], []]), "kuma sit2-1",
     "toutomi.not_kuma"),
    (lambda: make([["trump-1", "n1-1"], ["n2-1"]], total=5), "play trump-1",
     "toutomi.trump_needs_total"),
    (lambda: make([["trump-1", "n1-1"], ["n2-1"]], total=LIMIT, situation_deck=[]),
     "play trump-1", "toutomi.trump_no_situation"),
    (lambda: make([["n7-1", "n0-1"], ["n2-1"]], total=3, short=True), "play n7-1",
     "toutomi.short_keep_total"),
    (lambda: make([["n7-1", "n6-1"], ["n2-1"]], total=3, short=True), "play n7-1",
     "toutomi.short_must_declare"),
    (lambda: do(make([["wild-1", "n1-1"], ["n2-1"]]), "play wild-1"), "play n1-1",
     "toutomi.finish_wild_first"),
    (lambda: do(make([["wild-1", "n1-1"], ["n2-1"]]), "play wild-1"), "wild trump",
     "toutomi.unknown_effect"),
    (lambda: do(make([["attack-1", "n1-1"], ["n2-1"]]), "play attack-1"), "dump_done",
     "toutomi.finish_target_first"),
    (lambda: do(make([["attack-1", "n1-1"], ["n2-1"]]), "play attack-1"), "target 0",
     "toutomi.attack_self"),
    (lambda: do(make([["attack-1", "n1-1"], ["n2-1"]]), "play attack-1"), "target -1",
     "toutomi.no_such_seat"),
    (lambda: do(make([["summon-1", "n1-1"], ["n2-1"]]), "play summon-1"), "wild skip",
     "toutomi.finish_dump_first"),
    (lambda: do(make([["summon-1", "n1-1"], ["n2-1"]]), "play summon-1"), "dump n2-1",
     "toutomi.not_in_hand"),
]


@pytest.mark.parametrize("build,text,key", REASONS, ids=[r[2] + ":" + r[1] for r in REASONS])
def test_every_illegal_action_has_a_specific_translated_reason(build, text, key):
    err = reason(build(), text)
    assert err.key == key
    assert key in catalog()
    with pytest.raises(IllegalAction):
        RULES.apply(build(), Action.parse(text))
