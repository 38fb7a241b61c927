"""Issue 30 item 3 for Brujas: every card, counter and symbol the table draws says what it
means (TIPS-1 of games/ui/tips.py; the notes in games/brujas/ui): the witches and score cards,
the lead, the trick's cards and tags, the hands (a hidden one only by its size), the piles by
colour and number with their ★ majorities, and the scores, in ja and en, at 3 and 5 seats,
for the player and for a spectator, through whole random games."""
from __future__ import annotations

import pygame
import pytest

from games import registry
from games.brujas.ui.panels import LEFT, ROW_STEP, witch_rect
from games.ui import theme, tips
from games.ui.table import Interaction
from tests.tips_checker import NAMES, catalogue_problems, check_whole_game, draw_table, playout_states

RULES = registry.rules("brujas")


pytestmark = pytest.mark.usefixtures("noting")


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("players", [3, 5])
def test_every_card_and_counter_of_a_whole_game_has_a_tip(lang, players):
    check_whole_game("brujas", players, seed=players, every=5, lang=lang)


def test_a_witch_says_what_she_is_worth_and_a_hidden_hand_only_its_size():
    s = playout_states("brujas", 4, seed=2, every=11)[2]
    _, noted, table = draw_table("brujas", s, 4, None, "en")
    top = RULES.view(s, None)["witches"][0]
    tip = tips.at(noted, witch_rect(0).center)
    assert tip.key == "brujas_tips.witch" and dict(tip.params) == {"colour": top["colour"], "n": 5}
    text = RULES.event_text(tip.key, dict(tip.params), "en", NAMES)
    assert text.startswith("The ") and "beside the 5 card" in text
    score = tips.at(noted, (LEFT.left + 60, witch_rect(1).top + ROW_STEP // 2))
    assert RULES.event_text(score.key, dict(score.params), "en", NAMES).startswith("Score card 3:")
    hidden = [t for t in noted if t.key == "brujas_tips.hand_hidden"]
    assert len(hidden) == 1 and set(dict(hidden[0].params)) == {"seat", "n"}


def test_a_kept_seat_panel_keeps_its_tips():
    """BRUJAS-UI-PANELS-1: a panel copied from its cache still notes its tips, where it lies."""
    s = playout_states("brujas", 3, seed=4, every=13)[3]
    _, first, table = draw_table("brujas", s, 3, 0, "en")
    table.draw(pygame.Surface((theme.W, theme.H)), Interaction(t=0.0, mouse=(0, 0)))  # every panel from the cache now
    again = table.tips
    panel_tips = sorted((t.rect, t.key) for t in first if t.rect[0] >= table.panels[0].left)
    assert panel_tips and panel_tips == sorted((t.rect, t.key) for t in again if t.rect[0] >= table.panels[0].left)
    stars = [t for t in again if t.key.endswith("_lead")]
    assert all(table.panels[0].left <= t.rect[0] < table.panels[0].right for t in stars)


def test_every_tip_text_is_in_both_languages():
    assert catalogue_problems("brujas") == []
