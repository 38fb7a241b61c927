"""Issue 31 item 7: the benchmark's rows for a person's own move, overlays and Suma's round
summary run, small (a smoke test of what they measure, never a timing test)."""
from __future__ import annotations

import pytest

from games import registry
from games.app import bench_frames as bf
from games.app import benchmark, soak


@pytest.mark.parametrize("everyone", [False, True])
@pytest.mark.parametrize("game_id", ["brujas", "suma"])
def test_own_move_landings_are_timed_at_the_largest_table(app, game_id, everyone):
    cpu, wall = bf.person_landings(app, game_id, everyone, landings=3, seconds=120.0)
    assert len(cpu) == len(wall) == 3 and all(c >= 0 for c in cpu)


def test_overlay_and_summary_rows_run(app):
    cpu, wall = bf.overlay_frames(app, "toutomi", 8)
    assert len(cpu) == len(wall) == 6  # pause and rules, each but its first frame
    cpu, wall = bf.suma_summary_frames(app, 4)
    assert len(cpu) == 4


@pytest.mark.parametrize("game_id", ["toutomi", "brujas"])
def test_busiest_screen_frames_while_its_animations_run(app, game_id):
    cpu, wall = bf.moving_frames(app, game_id, 12)
    assert len(cpu) == len(wall) == 12, "frames timed while the table moved (no press ended it)"


def test_an_own_move_row_has_its_own_limit():
    row = benchmark.frame_row("x own move", [([3.0] * 100, [3.0] * 100)], 2.0,
                              benchmark.LIMITS["own_move_p99_vs_floor"])
    assert "1.50x floor [ok]" in row
    assert "[OVER]" in benchmark.frame_row("x", [([3.0] * 100, [3.0] * 100)], 1.0)


def test_soak_counts_the_games_and_actions_the_demo_played(tmp_path):
    log = tmp_path / "table.log"
    log.write_text("12:00 INFO table: demo: toutomi (ja)\n12:03 INFO table: demo played: toutomi, 212 actions\n",
                   encoding="utf-8")
    games, actions, seen = soak.played_actions(log, 0)
    assert (games, actions) == (1, 212) and soak.new_games(log, 0)[0] == ["toutomi (ja)"]
    with open(log, "a", encoding="utf-8") as fh:
        fh.write("12:05 INFO table: demo played: suma, 90 actions\n12:06 INFO table: demo played: brujas, 10 actions\n")
    assert soak.played_actions(log, seen)[:2] == (2, 100)
    assert registry.rules("suma").max_players == 7 and registry.rules("brujas").max_players == 5


def test_the_demo_logs_what_it_played(app, caplog):
    import logging

    from games.app.demo import demo_session
    session = demo_session("brujas", seed=3, lang="en")
    scene = app.goto("play", session, demo=True)
    with caplog.at_level(logging.INFO, logger="table"):
        scene.finish()
    assert f"demo played: brujas, {len(session.record.actions)} actions" in caplog.text
