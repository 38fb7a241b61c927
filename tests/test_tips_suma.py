"""Issue 30 item 3 for Suma: every card, counter and symbol the table draws says what it
means (TIPS-1 of games/ui/tips.py; the notes in games/suma/ui): the map's cells and items,
the warehouse and its numbered squares, the score track and its pieces, the decks, the
market, the job sides ("⊕〇2", "−*2", "◎1", "★3"), the bingo cards cell by cell, the panels
and the round summary, in ja and en, at 2 and 7 seats, for the player and a spectator."""
from __future__ import annotations

import pygame
import pytest

from games import registry
from games.suma.ui import layout as L
from games.ui import theme, tips
from games.ui.table import Interaction
from tests.tips_checker import (
    NAMES,
    bad_texts,
    catalogue_problems,
    check_whole_game,
    draw_table,
    playout_states,
    uncovered,
)

RULES = registry.rules("suma")


pytestmark = pytest.mark.usefixtures("noting")


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("players", [2, 7])
def test_every_card_and_counter_of_a_whole_game_has_a_tip(lang, players):
    check_whole_game("suma", players, seed=players, every=6, lang=lang)


def text_at(noted: list, pos, lang: str = "en") -> str:
    tip = tips.at(noted, pos)
    return RULES.event_text(tip.key, dict(tip.params), lang, NAMES)


def test_job_sides_say_their_symbols_in_words():
    s = playout_states("suma", 3, seed=5, every=1)[0]
    d = RULES.data
    _, noted, table = draw_table("suma", s, 3, 0, "en")
    from games.suma.ui.notes import job_tip
    assert job_tip(d, "job:blue:reduce-any2") == ("suma_tips.job_permanent_reduce_any", {"kind": "＊", "n": 2})
    assert job_tip(d, "job:red:remove1+place-circle1")[0] == "suma_tips.job_immediate_remove_place"
    key, params = job_tip(d, "job:red:place-circle2")
    assert RULES.event_text(key, params, "en", NAMES) == "⊕〇2 (now): when it becomes a job card, place 2 〇."
    assert RULES.event_text(key, params, "ja", NAMES).startswith("⊕〇2（即時）")
    top = table.view["decks"]["green"]["top"]
    assert text_at(noted, L.deck_rect(2).center) == RULES.event_text(*job_tip(d, top), "en", NAMES)


def test_the_round_summary_says_what_each_number_is():
    states = playout_states("suma", 3, seed=3, every=1, limit=600)
    k = next(i for i, s in enumerate(states) if RULES.view(s, None)["history"])
    before, after = states[k - 1], states[k]
    _, _, table = draw_table("suma", before, 3, None, "ja")
    table.rebuild(RULES.view(after, None), None, [])
    assert table.summary_open
    table.draw(pygame.Surface((theme.W, theme.H)), Interaction(t=0.0, mouse=(0, 0)))
    noted = table.tips
    assert uncovered(table.drew, noted) == [] and bad_texts("suma", noted) == []
    h = table.view["history"][-1]
    points = (L.SUMMARY.left + 520 + 2 * 146 + 30, L.SUMMARY.top + L.SUMMARY_ROW_TOP)  # first row, "Points"
    assert text_at(noted, points) == f"{NAMES[0]}: {h['points'][0]} points this round."
    heads = [t.key for t in noted if t.key.endswith("_head")]
    assert len(heads) == 5


def test_a_kept_panel_keeps_its_tips_and_a_bingo_cell_its_number():
    s = playout_states("suma", 4, seed=6, every=20)[2]
    _, first, table = draw_table("suma", s, 4, 1, "en")
    table.draw(pygame.Surface((theme.W, theme.H)), Interaction(t=0.0, mouse=(0, 0)))
    again = table.tips
    right = [sorted((t.rect, t.key) for t in lst if t.rect[0] >= L.PANELS.left) for lst in (first, again)]
    assert right[0] and right[0] == right[1]
    card = L.small_bingo(L.panel_rect(2, 4))
    n = table.view["cards"][2][0]
    assert text_at(again, L.bingo_cell(card, 0, L.SMALL_CELL).center).startswith(f"{n}: marked")


def test_every_tip_text_is_in_both_languages():
    assert catalogue_problems("suma") == []


def test_the_hover_card_has_the_card_tip():
    s = next(s for s in playout_states("suma", 2, seed=8, every=3)
             if s.pending is None and s.hands[RULES.current_player(s)])
    seat = RULES.current_player(s)
    cid = s.hands[seat][0]
    at = L.hand_rects(len(s.hands[seat]))[0].center
    drew, noted, _ = draw_table("suma", s, 2, seat, "en", mouse=at)
    shown = [r for k, w, r in drew if k == "card" and w == cid]
    assert len(shown) == 2  # the hand card and the big hover card
    assert uncovered(drew, noted) == []
    tip = tips.at(noted, pygame.Rect(shown[1]).center)
    assert tip.key == "suma_tips.card" and dict(tip.params)["card"] == cid
