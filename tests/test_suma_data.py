"""Suma data file: the real file loads, every pattern fits the map, and every kind of
mistake gives one clear message naming the file, the card and the field."""
from __future__ import annotations

from functools import partial

from games.suma import data as sdata
from games.suma import forest, patterns
from tests.data_checks import refused, written_and_loaded

GOOD = sdata.DATA_FILE.read_text(encoding="utf-8")
_load = partial(written_and_loaded, sdata.load, "suma.yaml")
_fails = partial(refused, sdata.load, "suma.yaml", good=GOOD)


def test_real_file_loads_the_reconstructed_components():
    d = sdata.data()
    assert len(d.cards) == 36 and d.size == 7
    assert {i.kind: i.count for i in d.items} == {"circle": 45, "triangle": 10, "square": 10, "star": 10}
    codes = [c for row in d.map for c in row]
    assert (codes.count("plain"), codes.count("triangle"), codes.count("square"),
            codes.count("star"), codes.count("start")) == (27, 6, 9, 6, 1)
    assert [sq for _, sq in d.warehouse] == [(0, 1, 2), (3, 4, 5), (6, 7, 8), (9, 10, 11)]
    assert (d.bingo_size, d.free_centre, d.pool_copies) == (5, True, 3)
    assert d.excluded_items_return is False and d.start_item_kinds == ("triangle", "square", "star")
    for col in ("red", "blue", "green"):
        assert sorted(c.number for c in d.cards.values() if c.colour == col) == list(range(12))
    assert d.card("r7").effect == (sdata.Part("remove", 1), sdata.Part("place", 1, "circle"))
    assert d.card("b10").effect == (sdata.Part("reduce", 1, "star"), sdata.Part("reduce", 1, "triangle"))


def test_every_pattern_fits_the_map_somewhere_without_start():
    d = sdata.data()
    start = forest.start_index(d)
    for card in d.cards.values():
        ok = False
        for _, cells in patterns.placements(card.pattern, d.size):
            if start not in [i for i, _ in cells] and all(forest.kind_fits(d, i, k) for i, k in cells):
                ok = True
                break
        assert ok, f"{card.id} cannot be laid on the map without START"


def test_syntax_error(tmp_path):
    _fails(tmp_path, GOOD + "\n  - {number: [1\n", "YAML syntax error", "line")


def test_missing_field(tmp_path):
    _fails(tmp_path, GOOD.replace('{number: 5, count: 2, pattern: "△△〇"', '{number: 5, pattern: "△△〇"', 1),
           "card 'b5'", "field 'count'", "missing")


def test_wrong_type(tmp_path):
    _fails(
        tmp_path,
        GOOD.replace("{number: 9, count: 3, pattern: \"〇〇〇〇\"", "{number: 9, count: three, pattern: \"〇〇〇〇\""),
        "card 'b9'",
        "field 'count'",
        "whole number",
    )


def test_unknown_item_kind_in_pattern(tmp_path):
    _fails(
        tmp_path,
        GOOD.replace('pattern: "□〇□", effect: [{type: achieve', 'pattern: "□X□", effect: [{type: achieve', 1),
        "card 'r8'",
        "field 'pattern'",
        "unknown item kind 'X'",
    )


def test_pattern_row_of_wrong_width(tmp_path):
    _fails(tmp_path, GOOD.replace('pattern: "△△/〇."', 'pattern: "△△/〇"', 1),
           "card 'r5'", "field 'pattern'", "same width")


def test_unknown_effect(tmp_path):
    _fails(tmp_path, GOOD.replace("effect: [{type: score, n: 5}]", "effect: [{type: explode, n: 5}]"),
           "card 'g11'", "effect.type", "unknown effect 'explode'")


def test_effect_of_the_wrong_timing(tmp_path):
    _fails(tmp_path, GOOD.replace("effect: [{type: score, n: 5}]", "effect: [{type: remove, n: 5}]"),
           "card 'g11'", "effect.type", "timing end")


def test_card_count_not_36(tmp_path):
    text = GOOD.replace('    - {number: 11, count: 3, pattern: ".□./□□□", effect: [{type: score, n: 5}]}\n', "")
    _fails(tmp_path, text, "cards", "35 cards", "exactly 36")


def test_card_listed_twice(tmp_path):
    _fails(tmp_path, GOOD.replace("{number: 4, count: 1, pattern: \"〇〇\", effect: [{type: score",
                                  "{number: 3, count: 1, pattern: \"〇〇\", effect: [{type: score"),
           "card 'g3'", "listed twice")


def test_map_not_square(tmp_path):
    _fails(tmp_path, GOOD.replace('  - "☆☆···△△"\n', '  - "☆☆···△△"\n  - "·······"\n'),
           "map row", "must be square")


def test_map_row_too_short(tmp_path):
    _fails(tmp_path, GOOD.replace('"···□···"', '"···□··"'), "map row 3", "must be square")


def test_map_unknown_cell(tmp_path):
    _fails(tmp_path, GOOD.replace('"···□···"', '"···X···"'), "map row 3", "unknown cell 'X'")


def test_warehouse_number_twice_in_a_frame(tmp_path):
    _fails(tmp_path, GOOD.replace("squares: [3, 4, 5]", "squares: [3, 4, 4]"), "warehouse frame #2",
           "field 'squares'", "twice in one frame")


def test_d14_every_number_in_every_frame_is_a_one_line_edit(tmp_path):
    text = GOOD
    for old in ("[0, 1, 2]", "[3, 4, 5]", "[6, 7, 8]", "[9, 10, 11]"):
        text = text.replace(f"squares: {old}", "squares: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]")
    d = _load(tmp_path, text)
    assert len(d.squares) == 48 and d.squares[12] == ("triangle", 0)


def test_unknown_start_item_kind(tmp_path):
    _fails(tmp_path, GOOD.replace("start_item_kinds: [triangle, square, star]",
                                  "start_item_kinds: [triangle, moon]"), "start_item_kinds", "'moon'")


def test_unknown_place_kind(tmp_path):
    _fails(tmp_path, GOOD.replace("{type: place, kind: star, n: 1}", "{type: place, kind: moon, n: 1}"),
           "card 'r3'", "effect", "field 'kind'", "'moon'")


def test_bingo_pool_too_small(tmp_path):
    _fails(tmp_path, GOOD.replace("pool_copies: 3", "pool_copies: 1"), "bingo", "field 'pool_copies'")


def test_misspelt_field(tmp_path):
    _fails(tmp_path, GOOD.replace('{number: 4, count: 1, pattern: "〇〇", effect: [{type: remove',
                                  '{number: 4, cuont: 1, pattern: "〇〇", effect: [{type: remove'),
           "red card #5", "cuont", "did you mean 'count'")
