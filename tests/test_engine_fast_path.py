"""The engine's trusted fast path, the random streams and format-1 records (issue 13).

``apply`` skips re-deriving the legal actions only for the very objects ``legal_actions``
returned for that state; anything else (a person's click, a save, a replay) is checked in
full.  Format-1 records, dealt with one string-seeded Random per event, still replay.
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from games import registry
from games.core.engine import Action, Event, IllegalAction
from games.core.record import FORMAT, GameRecord
from games.core.rng import LEGACY_RNG, Stream, rng_for

FIXTURE = Path(__file__).parent / "data" / "format1_games.json"
FIXTURE_2 = Path(__file__).parent / "data" / "format2_games.json"


def _counting_check(rules, monkeypatch) -> list:
    calls = []
    original = type(rules).check

    def check(self, s, a):
        calls.append(a)
        return original(self, s, a)
    monkeypatch.setattr(type(rules), "check", check)
    return calls


@pytest.mark.parametrize("game_id", registry.ruled_ids())
def test_actions_from_legal_actions_skip_the_check_others_are_checked(game_id, monkeypatch):
    rules = registry.rules(game_id)
    s = rules.new_game(rules.min_players, 3, rules.default_options())
    calls = _counting_check(rules, monkeypatch)
    legal = rules.legal_actions(s)
    rules.apply(s, legal[0])
    assert calls == []  # trusted: the rules made this object for this state
    typed = Action.parse(str(legal[0]))  # equal, but from a person / a save / a replay
    rules.apply(s, typed)
    assert calls == [typed]


@pytest.mark.parametrize("game_id", registry.ruled_ids())
def test_a_stale_action_from_an_earlier_state_is_refused(game_id):
    rules = registry.rules(game_id)
    rng = rng_for(5, "stale")
    s = rules.new_game(rules.min_players, 5, rules.default_options())
    for _ in range(40):
        legal = rules.legal_actions(s)
        s2 = rules.apply(s, rng.choice(legal))
        if rules.current_player(s2) is None:
            break
        rules.legal_actions(s2)
        stale = [a for a in legal if a not in rules.legal_actions(s2)]
        for a in stale[:2]:  # the very objects of the earlier list: not trusted in s2
            with pytest.raises(IllegalAction):
                rules.apply(s2, a)
        s = s2


def test_a_clone_never_carries_the_remembered_legal_actions():
    rules = registry.rules("brujas")  # its clone started from copy.copy
    s = rules.new_game(3, 1, rules.default_options())
    rules.legal_actions(s)
    assert "_legal" in s.__dict__ and "_legal" not in s.clone().__dict__
    assert "_legal" not in rules.apply(s, rules.legal_actions(s)[0]).__dict__


@pytest.mark.parametrize("game_id", ["toutomi", "fuji99", "brujas", "qumasu"])
def test_format_1_records_replay_to_the_game_they_recorded(game_id):
    """Recorded with the code before issue 13 (string-seeded deals): same game, same scores."""
    case = json.loads(FIXTURE.read_text(encoding="utf-8"))[game_id]
    rec = GameRecord.from_json(json.dumps(case["record"]))
    assert rec.format == 1
    rules = registry.rules(game_id)
    state = rec.replay(rules)
    out = rules.outcome(state)
    assert out is not None and list(out.scores) == case["scores"] and list(out.winners) == case["winners"]
    assert json.loads(rec.to_json())["format"] == 1  # saved again, it stays format 1
    fresh = GameRecord(rec.game, rec.players, rec.seed, rec.options, rec.seats, [])
    assert fresh.format == FORMAT == 2
    assert fresh.replay(rules) != GameRecord.from_json(rec.to_json()).replay(rules, upto=0), \
        "format 2 deals with the new streams, so the format decides the deal"


@pytest.mark.parametrize("game_id", registry.ruled_ids())
def test_format_2_records_replay_to_the_game_they_recorded(game_id):
    """Recorded by main a68d5ae, before the engine's speed work: every change since must
    consume the game's random stream exactly as it did (same deals, same draws)."""
    case = json.loads(FIXTURE_2.read_text(encoding="utf-8"))[game_id]
    rec = GameRecord.from_json(json.dumps(case["record"]))
    assert rec.format == 2
    rules = registry.rules(game_id)
    state = rec.replay(rules)  # every action checked in full, as for any save
    out = rules.outcome(state)
    assert out is not None and list(out.scores) == case["scores"] and list(out.winners) == case["winners"]


def test_unknown_record_formats_are_refused():
    from games.core.record import RecordError
    for bad in (0, 3, True, "2", None):
        text = json.dumps({"format": bad, "game": "toutomi", "players": 2, "seed": 1, "actions": []})
        with pytest.raises(RecordError):
            GameRecord.from_json(text)


def test_streams_are_deterministic_independent_and_uniform():
    a, b = Stream.for_game(7), Stream.for_game(7)
    assert a == b and a.shuffled(range(20), "x", 1) == b.shuffled(list(range(20)), "x", 1)
    assert a.shuffled(range(20), "x", 1) != a.shuffled(range(20), "x", 2)
    assert a.shuffled(range(20), "x", 1) != Stream.for_game(8).shuffled(range(20), "x", 1)
    counts = Counter(tuple(a.shuffled("abc", "u", i)) for i in range(6000))
    assert len(counts) == 6 and min(counts.values()) > 850  # 1000 expected each
    draws = Counter(a.randrange(5, "r", i) for i in range(5000))
    assert sorted(draws) == [0, 1, 2, 3, 4] and min(draws.values()) > 850
    sample = a.sample(list(range(10)), 4, "s")
    assert len(set(sample)) == 4 and set(sample) <= set(range(10))


def test_rng_6_a_shuffle_is_the_items_ordered_by_their_keys_ties_kept_in_order(monkeypatch):
    """rng RNG-6: ``shuffled`` gives exactly the order of the 64-bit keys ``words`` draws
    (sorting the indices by key, ties by index), for any size, with equal items too."""
    s = Stream.for_game(2026)
    for n in (2, 3, 7, 34, 43, 63, 100, 300):
        for salt in range(12):
            items = [f"c{i % 5}" for i in range(n)]  # repeated values: only keys decide
            keys = s.words(n, "shuffle", salt)
            expected = [items[i] for i in sorted(range(n), key=lambda i: (keys[i], i))]
            assert s.shuffled(items, "shuffle", salt) == expected
            assert s.shuffled(tuple(range(n)), "shuffle", salt) == sorted(range(n), key=lambda i: (keys[i], i))
    import games.core.rng as rng_mod  # force ties: five words that repeat
    monkeypatch.setitem(rng_mod._UNPACK, 5, lambda data: (5, 3, 5, 3, 1))
    assert Stream(1, b"k").shuffled("abcde", "t") == ["e", "b", "d", "a", "c"]


def test_rng_7_a_shuffle_hashes_the_same_bytes_for_every_shape_of_salt():
    """rng RNG-7: the salt written by one ``%`` format after the stream's kept prefix gives
    the bytes ``words`` hashes (``key | ":".join(map(str, salt))``), for any length and type."""
    import hashlib
    import struct
    s = Stream.for_game("RNG-7")
    salts = [(), ("deal",), ("shuffle", 3), (7,), ("a", -1, True), (("x", 1), None, 2.5, "b"),
             ("a", 1, "b", 2, "c"), tuple(range(9))]
    for salt in salts:
        for n in (2, 34):
            keys = s.words(n, *salt)
            data = hashlib.shake_128(s.key + b"|" + ":".join(map(str, salt)).encode()).digest(8 * n)
            assert keys == struct.unpack(f"<{n}Q", data)
            assert s.shuffled(list(range(n)), *salt) == sorted(range(n), key=lambda i: (keys[i], i))
    assert Stream("RNG-7", s.key) == s and Stream("RNG-7", s.key).prefix == s.key + b"|"


def test_legacy_streams_make_exactly_the_format_1_calls():
    old = Stream.for_game(42, {LEGACY_RNG: True})
    ref = list(range(30))
    rng_for(42, "shuffle", 3).shuffle(ref)
    assert old.shuffled(range(30), "shuffle", 3) == ref
    assert old.randrange(9, "start") == rng_for(42, "start").randrange(9)
    assert old.choice("abcdef", "story", 1) == rng_for(42, "story", 1).choice("abcdef")
    assert old.sample(list(range(20)), 5, "draw", 2) == rng_for(42, "draw", 2).sample(list(range(20)), 5)


def test_events_are_immutable_values():
    e = Event("k", {"seat": 1}, {"seat": 1}, (1,))
    with pytest.raises(AttributeError):
        e.key = "other"  # type: ignore[misc]
    assert e == Event("k", {"seat": 1}, {"seat": 1}, (1,)) and e.seen_by(0) == Event("k", {"seat": 1})
    assert e.seen_by(1) is e
