"""A placed item says its motive (SUMA-REASONS-5): the market card it meets or brings within
an item, when that card's crosses reach the mover's own card; else the summon conditions it
brings nearer and the group it joins; a lead's near round end first.  Positions are built
with games/suma/position.py (tests/suma_helpers.py)."""
from __future__ import annotations

from reasons_checks import playout, render
from suma_helpers import FREE_BIT, D, give, put, setup

from games.core.engine import Action
from games.suma import forest, patterns
from games.suma.rules import RULES
from games.suma.state import cell_index


def bits(*cells: int) -> int:
    return FREE_BIT | sum(1 << i for i in cells)


def to_market(s, *cards: str) -> None:
    """Put ``cards`` on the market, each in place of a market card of its colour (that one
    goes to the bottom of its deck), every market card known to all as in a game."""
    for card in cards:
        colour = D.card(card).colour
        deck, row = s.decks[colour], s.market[colour]
        if card in row:
            continue
        old = next(c for c in row if c and c not in cards)
        deck.remove(card)
        deck.insert(0, old)
        row[row.index(old)] = card
        s.known.discard(old)
        s.known.add(card)


def why(s, text: str, seat: int = 0) -> tuple[str, dict, dict]:
    a = Action.parse(text)
    assert a in RULES.legal_actions(s), text
    key, params = RULES.explain(RULES.view(s, seat), a)
    return key, params, render(RULES, key, params, s.players)


def test_r2_2_an_item_that_makes_a_market_card_summonable_says_the_row_it_can_complete():
    s = setup(kind="square")
    to_market(s, "r3")  # 〇☆ x1, number 3: on cells 3 (row 1) and 16 of the seat's card
    put(s, f1="star")
    s.marked[0] = bits(0, 1, 2, 4)
    key, params, text = why(s, "place circle e1")
    assert key == "suma_why.place_ready_row" and params["card"] == "r3" and params["line"] == 1
    assert text["en"] == "Places 〇 on e1: meets the condition of Red 3 on the market, whose 3 ×1 can complete row 1"
    assert text["ja"].startswith("e1に〇を置く：場の赤 3の条件がそろい")
    s.marked[0] = bits()  # no line: the cells it crosses
    key, params, text = why(s, "place circle e1")
    assert key == "suma_why.place_ready" and params["cells"] == 1
    assert text["en"].endswith("Red 3 on the market, whose 3 crosses 1 cell")


def test_r2_2_an_item_that_leaves_a_market_card_one_short_says_what_it_lacks():
    s = setup(kind="square")
    to_market(s, "g5")  # △△/〇. x2, number 5: on cells 5 (row 2) and 18
    put(s, a2="triangle")  # △ on a1 next: △△ on a1-b1 wants 〇 on a2... turned, the best lacks one
    s.marked[0] = bits(6, 7, 8, 9)
    key, params, text = why(s, "place triangle a1")
    assert key == "suma_why.place_near_row" and params["card"] == "g5" and params["miss"] == 1, (key, params)
    assert "Green 5 on the market lacks only 1 item now, its 5 ×2 can complete row 2" in text["en"]


def test_r2_2_a_market_card_that_crosses_nothing_on_the_movers_card_is_not_the_motive():
    s = setup(kind="square")
    to_market(s, "r3")
    put(s, f1="star")
    s.cards[0] = [0 if n == 3 else n for n in s.cards[0]]  # no 3 on seat 0's card
    key, params, _ = why(s, "place circle e1")
    motives = ("suma_why.place_ready", "suma_why.place_near", "suma_why.place_shapes", "suma_why.place_group")
    assert key.startswith(motives) and params.get("card") != "r3", (key, params)
    s.cards[1] = list(s.cards[0])  # the other seat's card never counts for the mover either
    assert why(s, "place circle e1")[:2] == (key, params)


def _lacks(card: str, board: list, red: dict) -> int:
    """Items the card's condition lacks over the placements items can still complete: every
    unmet cell empty and taking its kind (R-2.2), or forgiven by the reductions (R-3.3)."""
    best = 99
    for _, cells in patterns.placements(D.card(card).pattern, D.size):
        unmet = [(i, k) for i, k in cells if board[i] != k]
        stuck = [k for i, k in unmet if board[i] is not None or not forest.kind_fits(D, i, k)]
        kinds = {k for _, k in unmet}
        if sum(max(0, stuck.count(k) - red.get(k, 0)) for k in kinds) > red.get("any", 0):
            continue
        over = sum(max(0, sum(1 for _, x in unmet if x == k) - red.get(k, 0)) for k in kinds)
        best = min(best, max(0, over - red.get("any", 0)))
    return best


def _nearer_by_missing(s, seat: int, cell: str, kind: str) -> int:
    """The conditions one item nearer, counted by ``_lacks`` before and after."""
    red = patterns.reductions(D, s.jobs[seat])
    held = {c for j in s.jobs for c in j}
    after = list(s.board)
    after[cell_index(cell, D.size)] = kind
    return sum(1 for c in D.cards if c not in held and _lacks(c, after, red) < _lacks(c, s.board, red))


def no_market_help(s, seat: int = 0) -> None:
    """No market card's number left on the seat's bingo card (its crosses reach nothing)."""
    for c in [c for m in s.market.values() for c in m if c]:
        s.cards[seat] = [-1 if n == D.card(c).number else n for n in s.cards[seat]]


def test_r2_2_an_item_joining_a_group_says_how_many_conditions_it_brings_nearer():
    s = setup(kind="square")  # START (d4) holds □
    no_market_help(s)
    key, params, text = why(s, "place square c4")
    assert key == "suma_why.place_group" and params["group"] == 2
    assert params["shapes"] == _nearer_by_missing(s, 0, "c4", "square") > 0
    n = params["shapes"]
    assert text["en"] == f"Places □ on c4: 2 □ in a group bring {n} summon condition{'s' * (n > 1)} one item nearer"
    key, params, text = why(s, "place circle d3")
    assert key == "suma_why.place_shapes" and params["shapes"] == _nearer_by_missing(s, 0, "d3", "circle") > 0
    assert text["ja"] == f"d3に〇を置く：{params['shapes']}枚の呼出条件があと1個近づく"


def test_r3_3_the_conditions_brought_nearer_count_the_movers_reductions_and_not_job_cards():
    s = setup(kind="square")
    no_market_help(s)
    plain = why(s, "place square c4")[1]["shapes"]
    give(s, 0, "b11", to="jobs")  # conditions −2 of any kind: many are met already, none nearer
    give(s, 1, "g9", to="jobs")  # a job card is no condition to come nearer
    after = why(s, "place square c4")[1]
    assert after.get("shapes", 0) == _nearer_by_missing(s, 0, "c4", "square") < plain


def test_r4_1_a_lead_says_a_full_map_ends_the_round_while_it_leads():
    s = setup(kind="square")
    empty = [i for i, x in enumerate(s.board) if x is None]
    cells = {}
    for i in empty[4:]:
        code = D.map[i // D.size][i % D.size]
        cells[f"{'abcdefg'[i % D.size]}{i // D.size + 1}"] = "circle" if code in ("plain", "start") else code
    put(s, **cells)
    left = [i for i, x in enumerate(s.board) if x is None]
    assert len(left) == 4
    act = next(a for a in RULES.legal_actions(s) if a.kind == "place")
    s.totals = [6, 1]
    key, params, text = why(s, str(act))
    assert key == "suma_why.place_fill_lead" and params["left"] == 3 and params["lead"] == 5
    assert text["en"].endswith("3 empty cells left, and a full map ends the round while it leads by 5")
    s.totals = [1, 6]
    assert why(s, str(act))[0] == "suma_why.place_fill"


def test_strong_place_reasons_say_what_the_item_then_does():
    """Over Strong games: a market card said to be met is met after the item, one said to
    lack n items lacks n, and the conditions said to come nearer are as many."""
    seen: dict[str, int] = {}

    def visit(s, seat, action, key, params):
        kind = key.partition(".")[2]
        if action.kind != "place" or s.pending is not None:
            return
        after = RULES.apply(s, action)
        red = patterns.reductions(D, s.jobs[seat])
        if kind.startswith(("place_ready", "place_near")):
            lacks = _lacks(params["card"], after.board, red)
            assert lacks == params["miss"] == (0 if kind.startswith("place_ready") else 1), (key, params)
            assert params["card"] in [c for m in s.market.values() for c in m]
        elif kind in ("place_group", "place_shapes"):
            assert params["shapes"] == _nearer_by_missing(s, seat, action.args[1], action.args[0])
        else:
            return
        seen[kind[:10]] = seen.get(kind[:10], 0) + 1

    playout("suma", "strong", 3, 2, seed=41, visit=visit)
    assert len(seen) >= 3 and sum(seen.values()) > 20, seen
