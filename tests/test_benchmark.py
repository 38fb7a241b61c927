"""The benchmark's pieces run on every playable game (a smoke test, not a timing test)."""
from __future__ import annotations

import pytest

from games import registry
from games.app import bench_frames as bf
from games.app.benchmark import bot_decisions, pct, playout_rate, spread
from games.app.soak import report, slope_per_hour


@pytest.mark.parametrize("game_id", registry.playable_ids())
def test_busiest_screen_is_late_full_and_dragging(app, game_id):
    (cpu, wall), dragging = bf.busy_frames(app, game_id, 3)
    assert len(cpu) == len(wall) == 3 and all(c >= 0 for c in cpu)
    assert dragging, "a piece is being dragged on the busiest screen"
    scene = bf.busiest_screen(app, game_id)
    assert scene.session.record.players == registry.rules(game_id).max_players
    assert len(scene.ctx.log) >= 20, "a long log"
    assert scene.session.current == 0 and not scene.session.over


@pytest.mark.parametrize("game_id", registry.playable_ids())
def test_landing_frames_catch_moves_landing(app, game_id):
    land, rest = bf.landing_frames(app, game_id, seconds=30.0, landings=2)
    assert len(land[0]) == 2 and rest[0], "frames where a move landed, and the others"


def test_floor_engine_and_bot_figures(app):
    cpu, wall = bf.blit_floor(app, 3)
    assert len(cpu) == 3
    assert playout_rate("brujas", 3, 0.05) > 0
    assert bot_decisions("brujas", 0.2)


def test_percentiles_and_soak_slope():
    assert pct([1, 2, 3, 4], 50) == 2 and pct(list(range(1, 101)), 99) == 99
    assert spread([3.0, 1.0, 2.0]) == "2.00 (1.00–3.00)"
    assert abs(slope_per_hour([(0, 10.0), (1, 11.0), (2, 12.0)]) - 60.0) < 1e-9
    assert report([(5.0, 80.0), (10.0, 80.5), (30.0, 81.0)], 90.0) == 0
