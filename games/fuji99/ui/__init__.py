"""Fuji 99 table: everything that imports pygame (controller, view, art, board, panels)."""
from __future__ import annotations


def busiest_screen(app):
    """The benchmark's busiest Fuji screen: the generic late 4-player game (games/app/
    bench_frames.py), seat 0 to act; from its decide step (no piece to drag: where the
    seeded play stops since the Fuji card after a use is its own step, rules FUJI99-RULES-4) it goes
    on with *Go again* to the draw step, whose cube is dragged."""
    from games.app import bench_frames
    from games.core.engine import Action
    scene = bench_frames.generic_busiest_screen(app, "fuji99")
    if getattr(scene.session.state.pending, "kind", None) == "decide":
        scene.submit(Action.of("again"))
        scene.bot_turn = None
    return scene
