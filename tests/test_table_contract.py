"""The drawing contract (games/ui/table.py): a game's ``Table`` implements a handful of hooks
and declares its animations; keeping layers, painting ahead, forks and adoption are shared
code (TABLE-2, TABLE-3, TABLE-4).  The pixels and frames these produce are checked by
tests/test_kept_layer.py and tests/test_frames_*.py; here: the contract itself."""
from __future__ import annotations

import pygame
import pytest

from games import registry
from games.ui.table import EVERY_FRAME, GameController, Interaction, TableContext, TableView, part, shifted

# The shared machinery: no game's table (nor its mixins) writes any of it.
MACHINERY = ("paint_steps", "paint_layer", "paint_layer_steps", "prerender", "still", "settled", "caught_up",
             "prepare", "fork", "fork_copies", "layer_key", "retire", "forks_while_moving")


@pytest.mark.parametrize("game_id", registry.playable_ids())
def test_table_contract_a_game_table_writes_no_keeping_or_paint_ahead_machinery(game_id):
    _, table_cls = registry.ui_classes(game_id)
    assert table_cls.__name__ == "Table"
    own = {name for cls in table_cls.__mro__ if cls not in TableView.__mro__ for name in vars(cls)}
    assert not own & set(MACHINERY), f"{game_id} overrides {sorted(own & set(MACHINERY))}"
    assert {"build", "status_line"} <= own and ({"parts", "paint"} & own), game_id
    mixins = [cls.__name__ for cls in table_cls.__mro__[1:] if cls not in TableView.__mro__]
    assert set(mixins) <= {"Moments", "Panels"}, mixins


class _Tiny(TableView):
    """A table with a cache of its own (listed nowhere) and an animation started on its clock."""

    clock_stamps = ("flash", "starts")

    def __init__(self, ctx, controller) -> None:
        super().__init__(ctx, controller)
        self.cache: dict = {}
        self.flash: tuple | None = None
        self.starts: list[dict] = []
        self.painted: list[str] = []

    def parts(self, ix):
        return [lambda surf: self.painted.append("a"), part(lambda surf: self.painted.append("b"),
                                                             lambda surf: self.painted.append("c"))]


def _tiny() -> _Tiny:
    ctx = TableContext(registry.rules("toutomi"), "en", ["A", "B"], [None, None])
    return _Tiny(ctx, GameController(ctx))


def test_table_4_a_fork_has_its_own_lists_dicts_and_sets_and_shares_the_rest():
    live = _tiny()
    art = object()
    live.cache["k"] = art
    twin = live.fork(live.ctx, live.controller)
    assert twin.cache is not live.cache and twin.cache["k"] is art  # a copy of the cache, the art shared
    twin.cache["new"] = 1
    assert "new" not in live.cache
    assert twin.pieces is not live.pieces and twin.flying is not live.flying


def test_table_4_what_a_fork_started_starts_when_it_is_adopted_on_the_live_clock():
    live = _tiny()
    live.clock = 3.0
    twin = live.fork(live.ctx, live.controller)
    twin.flash, twin.starts = ("bingo", 3.0), [{"t0": 3.0, "card": "x"}]  # started by the fork
    live.clock = 5.5  # the move waited 2.5 s for its time
    twin.caught_up(live)
    assert twin.clock == 5.5
    assert twin.flash == ("bingo", 5.5) and twin.starts == [{"t0": 5.5, "card": "x"}]
    assert shifted(None, 1.0) is None and shifted(2.0, 1.0) == 3.0


def test_table_3_parts_are_painted_a_part_a_step_in_order():
    table = _tiny()
    steps = table.paint_steps(pygame.Surface((4, 4)), Interaction())
    next(steps)
    assert table.painted == ["a"]
    next(steps)
    assert table.painted == ["a", "b", "c"]  # ``part`` joins two into one step
    assert next(steps, None) is None


def test_table_2_a_paint_key_of_every_frame_keeps_no_layer():
    table = _tiny()
    ix = Interaction()
    assert table.still(False, ix) and not table.still(True, ix)
    table.animates_over = True
    assert table.still(True, ix)
    table.paint_key = lambda ix: EVERY_FRAME
    assert not table.still(False, ix)
