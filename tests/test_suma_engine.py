"""Suma's engine speed-ups keep the rules' answers (issue 31 item 6): the board survey
(forest SUMA-FOREST-1), pattern matching by rotation masks (patterns SUMA-PATTERNS-1) and
the state copied by the shared copier with copy on write (state.py ``COPIED``)."""
from __future__ import annotations

import copy
import random

from games.core.engine import Action
from games.suma import forest, moves, patterns, position
from games.suma.rules import RULES
from games.suma.state import cell_name
from tests.suma_helpers import D, legal, put, started


def test_suma_forest_1_a_board_changed_in_place_gets_a_new_survey():
    """The survey kept on a state is checked against its board: an item put by hand after
    the legal actions were listed opens its neighbours at once."""
    s = started()
    before = legal(s)  # the survey of this board is kept on s now
    assert "place circle a2" not in before
    put(s, a1="circle")
    after = legal(s)
    assert "place circle a2" in after and "place circle b1" in after
    fresh = position.load(position.dump(s))  # the same position, never surveyed
    assert RULES.legal_actions(s) == RULES.legal_actions(fresh)


def test_suma_forest_1_legal_cells_are_the_empty_cells_touching_an_item():
    """The masks agree with the rule read cell by cell (R-2.2) on random boards."""
    rng = random.Random(7)
    board = [None] * 49
    for n in range(300):
        if n % 50:  # a cell or two changed: the survey updated from the last one's
            last = forest.Survey(D, board)
            for i in rng.sample(range(49), rng.choice((1, 2))):
                board[i] = rng.choice((None, *D.kinds))
            sv = last.after(board)
            whole = forest.Survey(D, board)
            assert (sv.occupied, sv.open) == (whole.occupied, whole.open)
            assert {k: m for k, m in sv.by_kind.items() if m} == whole.by_kind
        else:
            board = [rng.choice((None, None, *D.kinds)) if rng.random() < 0.5 else None for _ in range(49)]
            sv = forest.Survey(D, board)
        for kind in D.kinds:
            want = [i for i in range(49) if forest.why_not_place(D, board, kind, i) is None]
            assert forest.cells(forest.legal_cells(D, sv, kind)) == want
        assert forest.full(D, sv) == all(x is not None for x in board)


def _first_fit(card, board, red):
    """R-2.6 read plainly: the first placement, in ``placements`` order, that ``fits``."""
    return next(((q, cells) for q, cells in patterns.placements(card.pattern, D.size)
                 if patterns.fits(cells, board, red)), None)


def test_suma_patterns_1_find_is_the_first_placement_that_fits():
    """Random boards and reductions (of a kind and of any kind): ``find`` gives the very
    placement the plain reading gives, the summon event's rotation included."""
    rng = random.Random(11)
    cards = sorted(D.cards.values(), key=lambda c: c.id)
    for _ in range(4000):
        density = rng.random()
        board = [rng.choice(D.kinds) if rng.random() < density else None for _ in range(49)]
        red: dict = {}
        for _ in range(rng.choice((0, 1, 1, 2, 3))):
            k = rng.choice((*D.kinds, "any"))
            red[k] = red.get(k, 0) + rng.randint(1, 2)
        card = rng.choice(cards)
        assert patterns.find(card, board, D.size, red) == _first_fit(card, board, red), (card.id, red)


def test_suma_summonable_cards_are_those_with_a_fit():
    s = started()
    put(s, c1="circle", d1="circle", e1="circle")
    s.hands[0] = ["r0", "r4", "b9"]
    want = [c for c in s.hands[0] if _first_fit(D.card(c), s.board, patterns.reductions(D, s.jobs[0]))]
    assert moves.summonable(D, s, 0) == want and "r0" in want


def test_suma_apply_never_changes_its_input_at_any_step():
    """Copy on write (state.py): every step of random games at 2-7 seats leaves the state it
    was applied to as it was, rows of hands, jobs, decks and market included."""
    for g in range(12):
        rng = random.Random(g)
        s = RULES.new_game(2 + g % 6, g, {})
        while RULES.current_player(s) is not None:
            a = rng.choice(RULES.legal_actions(s))
            before = copy.deepcopy(s)
            nxt = RULES.apply(s, a)
            assert s == before, f"game {g}: {a} changed its input"
            s = nxt


def test_suma_clone_is_independent():
    s = started()
    c = s.clone()
    c.hands[0].append("r0")
    c.market["red"][0] = None
    c.decks["red"].pop()
    c.known.add("x")
    c.board[0] = "circle"
    assert "r0" not in s.hands[0] and s.market["red"][0] is not None
    assert len(s.decks["red"]) == len(c.decks["red"]) + 1 and "x" not in s.known and s.board[0] is None


def test_suma_place_actions_name_every_legal_cell_once():
    s = started()
    acts = moves.place_actions(D, s)
    cells = {(a.args[0], a.args[1]) for a in acts}
    assert len(cells) == len(acts)
    assert all(isinstance(a, Action) and a.kind == "place" for a in acts)
    assert ("circle", cell_name(forest.start_index(D) - 1, D.size)) in cells
