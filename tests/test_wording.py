"""Wording (issue 15.4): plurals agree with their numbers; Fuji's score column says what it is."""
from __future__ import annotations

from games.core.i18n import plural_en, tr


def test_one_step_is_singular_and_many_are_plural():
    assert tr("fuji99.effect_advance", "en", card="Clear Path", steps=1, **{"from": 3, "to": 4}) == \
        "Clear Path: 1 step (3 → 4)."
    assert tr("fuji99.effect_advance", "en", card="Advance", steps=3, **{"from": 3, "to": 6}) == \
        "Advance: 3 steps (3 → 6)."


def test_optional_plural_marks_resolve():
    assert plural_en("loses 1 card(s).") == "loses 1 card."
    assert plural_en("loses 3 card(s).") == "loses 3 cards."
    assert plural_en("4 clear cube(s) placed") == "4 clear cubes placed"
    assert plural_en("to floor 21 steps") == "to floor 21 steps"  # 21 is not 1
    assert plural_en("B1 steps") == "B1 steps"  # a floor name, not a count


def test_japanese_text_is_untouched():
    assert tr("fuji99.effect_advance", "ja", card="前進", steps=1, **{"from": 3, "to": 4}).startswith("「前進」")


def test_fuji_results_name_the_score_column():
    assert tr("fuji99.score_column", "en") != tr("app.total", "en")
    assert tr("fuji99.score_column", "ja") != tr("app.total", "ja")
