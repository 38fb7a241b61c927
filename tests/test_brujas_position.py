"""Brujas positions (issue 29 item 2): dump/load round trips, and bad positions refused with
a reason naming the field."""
from __future__ import annotations

import pytest

from games.brujas import position
from games.brujas.rules import RULES
from games.core.position import PositionError
from games.core.rng import rng_for
from tests.playouts import every_state

WITCHES = "[red, blue, yellow, green]"


def playout_states(seed: int):
    """Every state of a random game (3-5 players)."""
    return every_state(RULES, 3 + seed % 3, seed, rng_for(seed, "positions"), {"start_player": seed % 3})


@pytest.mark.parametrize("seed", range(6))
def test_dump_then_load_gives_the_same_state_and_legal_actions(seed):
    kinds = set()
    for s in playout_states(seed):
        back = position.load(position.dump(s))
        back.events = s.events  # events are not part of a position
        assert back == s
        assert RULES.legal_actions(back) == RULES.legal_actions(s)
        assert RULES.current_player(back) == RULES.current_player(s)
        assert position.dump(back) == position.dump(s)
        kinds.add("over" if s.over else s.pending.kind if s.pending else "play")
    assert kinds == {"play", "witch", "pick", "over"}


def test_a_loaded_position_plays_on_like_the_original():
    states = list(playout_states(7))
    s = states[len(states) // 2]
    back = position.load(position.dump(s))
    def pick(st, lg):
        return lg[-1]
    assert RULES.play_until_end(back, pick).captured == RULES.play_until_end(s, pick).captured


def start_text(**changes: str) -> str:
    """A 3-player position at the start of the game, with some lines replaced."""
    s = RULES.new_game(3, 5, {"start_player": 0})
    lines = position.dump(s).splitlines()
    out = []
    for line in lines:
        key = line.split(":", 1)[0]
        out.append(f"{key}: {changes.pop(key)}" if key in changes else line)
    return "\n".join(out + [f"{k}: {v}" for k, v in changes.items()])


def refused(text: str) -> str:
    with pytest.raises(PositionError) as err:
        position.load(text)
    return str(err.value)


def test_the_start_text_itself_loads():
    assert position.load(start_text()).players == 3


def test_a_card_in_two_zones_is_refused():
    s = RULES.new_game(3, 5, {"start_player": 0})
    card = s.hands[1][0]
    assert "is in two zones" in refused(start_text(box=f"[{s.box[0]}, {card}]"))


def test_a_missing_card_is_refused():
    assert "is in no zone" in refused(start_text(box="[]"))


def test_a_foreign_card_is_refused():
    s = RULES.new_game(3, 5, {"start_player": 0})
    assert "not a card of this game" in refused(start_text(box=f"[{s.box[0]}, x9z]"))


def test_negative_or_out_of_range_counts_are_refused():
    assert refused(start_text(turn="-1")).startswith("turn:")
    assert refused(start_text(round="2")).startswith("round:")
    assert refused(start_text(players="9")).startswith("players:")


def test_a_seat_out_of_range_is_refused():
    assert refused(start_text(turn_seat="3")).startswith("turn_seat:")
    assert refused(start_text(leader="-1")).startswith("leader:")


def test_a_turn_seat_the_rules_would_not_have_is_refused():
    assert refused(start_text(turn_seat="1")).startswith("turn_seat:")


def test_a_malformed_or_impossible_pending_choice_is_refused():
    assert "pending" in refused(start_text(pending="{kind: witch}"))
    assert "pending" in refused(start_text(pending="{kind: witch, seat: 0, card: r1a}"))
    assert "pending.seat" in refused(start_text(pending="{kind: pick, seat: 5}"))


def test_witch_order_and_lead_are_checked():
    assert refused(start_text(witches="[red, red, yellow, green]")).startswith("witches:")
    assert refused(start_text(lead="[colour, purple]")).startswith("lead:")


def _mid_trick():
    """A state after two cards of the first trick."""
    s = RULES.new_game(3, 5, {"start_player": 0})
    for _ in range(2):
        s = RULES.apply(s, RULES.legal_actions(s)[0])
    return s


def test_a_lead_or_trick_winner_the_trick_does_not_give_is_refused():
    text = position.dump(_mid_trick())
    wrong = "lead: [number, 9]" if "lead: null" not in text else "lead: [number, 1]"
    line = next(x for x in text.splitlines() if x.startswith("lead:"))
    assert refused(text.replace(line, wrong)).startswith("lead:")
    assert refused(text.replace("trick_winner: null", "trick_winner: 1")).startswith("trick_winner:")


def test_a_hand_larger_than_the_deal_is_refused():
    s = RULES.new_game(3, 5, {"start_player": 0})
    moved = s.hands[1][0]
    hand = sorted(s.hands[0] + [moved], key=RULES.order.__getitem__)
    text = position.dump(s)
    text = text.replace(f"- [{', '.join(s.hands[1])}]", f"- [{', '.join(s.hands[1][1:])}]")
    text = text.replace(f"- [{', '.join(s.hands[0])}]", f"- [{', '.join(hand)}]")
    assert refused(text).startswith("hands[0]: 14 cards")


def test_hands_out_of_deck_order_are_refused():
    s = RULES.new_game(3, 5, {"start_player": 0})
    text = position.dump(s).replace(f"- [{', '.join(s.hands[0])}]",
                                    f"- [{', '.join(reversed(s.hands[0]))}]")
    assert refused(text) == "hands: cards must be listed in deck order"


def test_another_game_or_not_yaml_is_refused():
    assert refused("game: toutomi\nplayers: 3").startswith("game:")
    assert refused("game: [brujas").startswith("not YAML")


def test_the_view_carries_the_common_keys_of_the_vocabulary():
    """docs/vocabulary.md: turn_seat, pending (Pending.seen()), over, winners, end_reason."""
    seen = set()
    for s in playout_states(11):
        v = RULES.view(s, 0)
        assert v["viewer"] == 0 and v["round"] == 1 and v["turn"] == s.turn
        if s.pending is not None:
            assert v["pending"] == s.pending.seen() and v["turn_seat"] == s.pending.seat
            if s.pending.kind == "witch":
                assert v["pending"]["offers"] == v["witch_directions"]
            seen.add(s.pending.kind)
        elif not s.over:
            assert v["pending"] is None and v["turn_seat"] == s.turn_seat and not v["over"]
    assert v["over"] and v["turn_seat"] is None and v["end_reason"] == "tricks"
    assert v["winners"] == list(RULES.outcome(s).winners) == list(s.winners)
    assert seen == {"witch", "pick"}
