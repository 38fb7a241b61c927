"""Issue 30 item 3 for Fuji 99: every card, counter and symbol the table draws says what it
means (TIPS-1 of games/ui/tips.py; the notes in games/fuji99/ui): the board's floors, the
pawns and the token, the bags by colour, the draw, the odds, the sheet and every Fuji card,
in ja and en, at 2 and 4 seats, through a whole random game and in each step of a turn."""
from __future__ import annotations

import pygame
import pytest

from games import registry
from games.core.engine import Action
from games.ui import tips
from tests.fuji99_scenario import scenario
from tests.test_fuji99_rules import force  # noqa: F401 (a fixture)
from tests.tips_checker import NAMES, catalogue_problems, draw_table, playout_states, problems, uncovered

RULES = registry.rules("fuji99")


pytestmark = pytest.mark.usefixtures("noting")


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("players", [2, 4])
def test_every_card_and_counter_of_a_whole_game_has_a_tip(lang, players):
    seen_stages = set()
    for s in playout_states("fuji99", players, seed=players + 3, every=7):
        seen_stages.add(s.pending.kind if s.pending else "over")
        assert problems("fuji99", s, players, RULES.current_player(s), lang) == []
    assert {"draw", "ability", "decide", "over"} <= seen_stages


def test_the_give_step_and_falling_rocks_have_tips(force):  # noqa: F811
    force("ccccc")
    s = scenario(RULES, 3, hands={0: ["big-advance-1", "shortcut-1"]}, top=["falling-rock-1"], pagoda=2,
                 rocks_waiting={1: ["falling-rock-2"]}, bonuses={2: [20]}, positions=[10, 30, 25])
    for text in ("draw 5", "stop"):
        s = RULES.apply(s, Action.parse(text))
    assert s.pending.kind == "give"
    for lang in ("ja", "en"):
        assert problems("fuji99", s, 3, 0, lang) == []


def test_a_hand_card_tip_names_the_card_and_says_what_it_does():
    s = scenario(RULES, 2, hands={0: ["advance-1", "strong-legs-1"]})
    _, noted, table = draw_table("fuji99", s, 2, 0, "en")
    texts = {}
    for cid in ("advance-1", "strong-legs-1"):
        tip = tips.at(noted, table.hand_rects[cid].center)
        texts[cid] = RULES.event_text(tip.key, dict(tip.params), "en", NAMES)
    assert texts["advance-1"] == "Advance: costs 1 yellow. Advance 3."
    assert texts["strong-legs-1"].startswith("Strong Legs: continuous.")
    ja = RULES.event_text(tip.key, dict(tip.params), "ja", NAMES)
    assert ja.startswith("健脚：持続")


def test_the_floor_under_a_pawn_and_the_risk_say_their_numbers():
    s = scenario(RULES, 2, positions=[12, 40])
    _, noted, table = draw_table("fuji99", s, 2, 0, "en")
    from games.fuji99.ui import board
    from games.fuji99.ui.layout import RISK
    x, y = board.center(57)
    space = tips.at(noted, (x, y + 12))  # under the pawns' and token's own tips
    assert RULES.event_text(space.key, dict(space.params), "en", NAMES) == "Floor B57: 57 floors below ground."
    risk = tips.at(noted, (RISK.centerx, RISK.top + 92))
    assert risk.key == "fuji99_tips.risk_bust" and dict(risk.params)["n"] == 5


def test_every_tip_text_is_in_both_languages():
    assert catalogue_problems("fuji99") == []


def test_the_hover_card_over_a_hand_card_has_its_tip_too():
    s = scenario(RULES, 2, hands={0: ["chase-1"]})
    _, _, table = draw_table("fuji99", s, 2, 0, "ja")
    drew, noted, _ = draw_table("fuji99", s, 2, 0, "ja", mouse=table.hand_rects["chase-1"].center)
    shown = [r for k, w, r in drew if k == "card" and w == "chase-1"]
    assert len(shown) == 2  # the card and its hover card
    assert uncovered(drew, noted) == []
    assert tips.at(noted, pygame.Rect(shown[1]).center).key == "fuji99_tips.card_chase"
