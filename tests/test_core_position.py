"""The shared pieces of positions (games/core/position.py) and the pending choice (pending.py)."""
import copy

import pytest

from games.core.pending import Pending
from games.core.position import Fields, PositionError, check_conserved, parse, write


def test_pending_round_trips_through_its_plain_form_and_stays_hashable():
    p = Pending("target", 1, "a5", (0, 2), 3, (("x", 1),))
    back = Pending.from_plain(parse(write({"game": "g", "pending": p.to_plain()}), "g")["pending"])
    assert back == p and hash(back) == hash(p)
    assert Pending.from_plain(None) is None
    assert p.seen() == {"kind": "target", "seat": 1, "card": "a5", "offers": [0, 2],
                        "count": 3, "more": [["x", 1]]}


def test_pending_1_is_an_immutable_value_equal_by_its_fields():
    """pending PENDING-1: a slotted class, not a frozen dataclass, with the dataclass's value
    semantics: equal and hashed by its six fields, read-only, copied deeply as itself."""
    p = Pending("dump", 2, "summon-1", (), 1)
    q = Pending(kind="dump", seat=2, card="summon-1", count=1)
    assert p == q and hash(p) == hash(q) and p != Pending("dump", 2, "summon-1", (), 2)
    assert p != ("dump", 2, "summon-1", (), 1, ()) and copy.deepcopy(p) == p
    assert repr(p) == "Pending(kind='dump', seat=2, card='summon-1', offers=(), count=1, more=())"
    assert (p.kind, p.seat, p.card, p.offers, p.count, p.more) == ("dump", 2, "summon-1", (), 1, ())
    for name in ("kind", "seat", "card", "offers", "count", "more"):
        with pytest.raises(AttributeError):
            setattr(p, name, 0)


@pytest.mark.parametrize("raw, words", [
    ({"kind": "x"}, "needs kind and seat"),
    ({"kind": "x", "seat": 0, "colour": 1}, "unknown field colour"),
    ({"kind": "x", "seat": 0, "offers": 3}, "offers and more are lists"),
])
def test_a_bad_pending_is_refused_with_its_reason(raw, words):
    with pytest.raises(ValueError, match=words):
        Pending.from_plain(raw)


def test_conservation_names_the_card_in_two_zones_the_missing_and_the_foreign():
    check_conserved([("deck", ["a", "b"]), ("hand", ["c"])], ["a", "b", "c"])
    with pytest.raises(PositionError, match="card b is in two zones: deck and hand"):
        check_conserved([("deck", ["a", "b"]), ("hand", ["b", "c"])], ["a", "b", "c"])
    with pytest.raises(PositionError, match="card c is in no zone"):
        check_conserved([("deck", ["a", "b"])], ["a", "b", "c"])
    with pytest.raises(PositionError, match="card z .* is not a card of this game"):
        check_conserved([("deck", ["a", "b", "c", "z"])], ["a", "b", "c"])


def test_fields_give_reasons_for_wrong_types_ranges_seats_and_games():
    f = Fields({"turn": -1, "turn_seat": 4, "hands": [[], []], "over": "no"}, players=3)
    with pytest.raises(PositionError, match="turn: -1 is out of range 0"):
        f.int("turn", lo=0)
    with pytest.raises(PositionError, match="turn_seat: 4 is not a seat"):
        f.seat("turn_seat")
    with pytest.raises(PositionError, match="one entry per seat"):
        f.per_seat("hands")
    with pytest.raises(PositionError, match="over: expected true or false"):
        f.bool("over")
    with pytest.raises(PositionError, match="round: missing"):
        f.int("round")
    with pytest.raises(PositionError, match="game: expected 'fuji99'"):
        parse("game: suma\n", "fuji99")
    with pytest.raises(PositionError, match="not YAML"):
        parse("a: [", "suma")
