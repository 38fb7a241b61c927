"""The kept table layer (TABLE-2 of games/ui/table.py) shows exactly what painting would.

Every frame in which the play scene shows its kept layer instead of painting, the checker
paints the table afresh into a scratch surface (the motion layer's state saved and put
back, so the game goes on as if nothing had been checked) and compares every pixel.  The
games are played by mouse as a person would (hovering over everything, dragging,
clicking) and by the store demo's bots at their own pace (travel, flips, counters,
moments); a test also fails if too few frames were kept for the check to mean anything.
"""
from __future__ import annotations

import pygame
import pytest
from ui_driver import Driver

from games import registry
from games.app import play
from games.app.demo import demo_session
from games.app.session import SeatSetup, Session
from games.core.rng import rng_for
from games.ui import cards, theme, widgets

MOTION_STATE = ("_drawn", "_frame", "_moves", "_expect", "_counts", "_flights", "_kept", "_live", "_armed",
                "_arm_next", "now", "clock")


class LayerChecker:
    def __init__(self, monkeypatch, tmp_path) -> None:
        self.kept = self.painted = 0
        self.tmp = tmp_path
        self.scratch: pygame.Surface | None = None
        original = play.PlayScene.draw_table
        checker = self

        def draw_table(scene, surf):
            before = scene.kept
            original(scene, surf)
            if before is not None and scene.kept is before:  # shown again, not painted
                checker.kept += 1
                checker.check(scene)
            else:
                checker.painted += 1
        monkeypatch.setattr(play.PlayScene, "draw_table", draw_table)

    def check(self, scene) -> None:
        layer, mine = scene.app.table_layer(scene)
        assert mine
        if self.scratch is None:
            self.scratch = layer.copy()
        mo = scene.motion
        saved = {k: (v.copy() if isinstance(v, (dict, list)) else v) for k, v in
                 ((k, getattr(mo, k)) for k in MOTION_STATE)}
        logging, cards.DRAW_LOG.enabled = cards.DRAW_LOG.enabled, False
        try:
            self.scratch.fill(theme.FELT)
            mo.begin_frame()
            with mo.active(), widgets.noting_hover([]):
                scene.table.paint(self.scratch, scene.ix)
        finally:
            for k, v in saved.items():
                setattr(mo, k, v)
            cards.DRAW_LOG.enabled = logging
        if pygame.image.tobytes(self.scratch, "RGB") != pygame.image.tobytes(layer, "RGB"):
            pygame.image.save(layer, str(self.tmp / "kept.png"))
            pygame.image.save(self.scratch, str(self.tmp / "painted.png"))
            pytest.fail(f"{scene.game_id}: the kept layer differs from a fresh paint after {self.kept} kept frames "
                        f"(key {scene.kept[0]}); see {self.tmp}")


@pytest.fixture
def checker(monkeypatch, tmp_path):
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(play, "KEEP_LAYER", True)
    return LayerChecker(monkeypatch, tmp_path)


def hover_sweep(driver: Driver, scene) -> None:
    """The pointer over every piece and zone, then across the table, no button held."""
    points = [p.rect.center for p in scene.table.pieces] + [z.rect.center for z in scene.table.zones]
    points += [(x, y) for x in range(100, theme.W, 430) for y in (300, 700, 1000)]
    for pos in points[:40]:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)))
        driver.step(2)


@pytest.mark.parametrize("game_id,reduced", [("toutomi", False), ("fuji99", False), ("brujas", False),
                                             ("qumasu", False), ("suma", False), ("toutomi", True), ("suma", True)])
def test_table_2_a_kept_layer_equals_a_fresh_paint_in_play_by_mouse(checker, game_id, reduced):
    """Reduced motion too: nothing travels there, so only the layout's generation tells a
    new state from the kept one."""
    driver = Driver()
    driver.app.settings.reduced_motion = reduced
    rules = registry.rules(game_id)
    n = min(rules.max_players, 4)
    bot = list(registry.bots(game_id))[-1]
    seats = [SeatSetup("You", None)] + [SeatSetup(f"Bot {i}", bot) for i in range(1, n)]
    session = Session.start(game_id, seats, 31, rules.default_options())
    scene = play.PlayScene(driver.app, session, instant=True)
    driver.app.replace(scene)
    rng = rng_for(31, "kept-layer")
    moves = 0
    for _ in range(600):
        driver.step()
        if driver.scene is not scene or session.over:
            break
        if session.is_bot_turn() or scene.curtain_for() is not None:
            continue
        driver.step(12)  # the last move's travel lands over the kept layer
        hover_sweep(driver, scene)
        legal = [a for a in rules.legal_actions(session.state) if driver.gesture_for(scene, a) is not None]
        if not legal:
            break
        before = len(session.record.actions)
        driver.perform(rng.choice(legal), use_drag=True)  # (the game's own UI tests check every gesture)
        if len(session.record.actions) == before:
            scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
            continue
        moves += 1
        if moves >= 8:
            break
    assert moves >= 3
    assert checker.kept >= 60, (checker.kept, checker.painted)  # enough frames checked to mean something


@pytest.mark.parametrize("game_id", ["toutomi", "fuji99", "brujas", "qumasu", "suma"])
def test_table_2_a_kept_layer_equals_a_fresh_paint_in_the_demo(checker, game_id):
    driver = Driver()
    driver.app.settings.demo_pace = "fast"
    driver.app.settings.bot_speed = "fast"
    session = demo_session(game_id, seed=5, lang="en")
    scene = driver.app.goto("play", session, demo=True)
    landed = len(session.record.actions)
    for _ in range(900):
        driver.step()
        if driver.app.top is not scene:
            break
        if len(session.record.actions) - landed >= 6 and checker.kept >= 150:
            break
    assert len(session.record.actions) - landed >= 3, "bots played"
    assert checker.kept >= 150, (checker.kept, checker.painted)


@pytest.mark.parametrize("game_id,reduced", [("toutomi", False), ("fuji99", False), ("brujas", False),
                                             ("qumasu", False), ("suma", False), ("brujas", True)])
def test_table_3_a_bot_move_painted_ahead_is_what_painting_would_show(checker, monkeypatch, game_id, reduced):
    """TABLE-3 of games/ui/table.py: the demo's bot moves land on a table painted ahead (a
    fork of the view, a step per frame, while the move waited).  Every landing frame that
    shows it is compared pixel for pixel with a fresh paint of the adopted table (the
    checker above), and the frames before it with the live table's: the fork never
    touches what the live table shows."""
    from games.app import ahead
    adopted, steps = [], []
    real_adopt, real_step = ahead.adopt, ahead.Ahead.step
    monkeypatch.setattr(ahead, "adopt", lambda scene, a: (adopted.append(len(scene.session.record.actions)),
                                                          real_adopt(scene, a)))
    monkeypatch.setattr(ahead.Ahead, "step", lambda self, scene: (steps.append(1), real_step(self, scene)))
    driver = Driver()
    driver.app.settings.demo_pace = "fast"
    driver.app.settings.reduced_motion = reduced
    session = demo_session(game_id, seed=11, lang="ja")
    scene = driver.app.goto("play", session, demo=True)
    start = len(session.record.actions)
    for _ in range(1500):
        driver.step()
        if driver.app.top is not scene or len(adopted) >= 8:
            break
    assert len(session.record.actions) - start >= 6, "bots played"
    assert len(adopted) >= 6, (adopted, len(session.record.actions) - start)
    assert len(steps) >= 4 * len(adopted)  # painted a step per frame, not all at once
    assert checker.kept >= 40, (checker.kept, checker.painted)


def test_table_3_b_nothing_is_painted_ahead_in_instant_mode_or_for_people(monkeypatch, tmp_path):
    """Instant mode (tests, tools) lands bot moves at once; a person's move is applied when
    it is made: neither waits for a table painted ahead."""
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    from games.app import ahead
    made = []
    monkeypatch.setattr(ahead, "Ahead", lambda *a: made.append(a) or pytest.fail("painted ahead"))
    driver = Driver()
    rules = registry.rules("toutomi")
    seats = [SeatSetup("You", None)] + [SeatSetup(f"Bot {i}", "sampler") for i in range(1, 3)]
    session = Session.start("toutomi", seats, 3, rules.default_options())
    scene = play.PlayScene(driver.app, session, instant=True)
    driver.app.replace(scene)
    for _ in range(60):
        driver.step()
    assert not made


def test_table_3_c_a_fork_moves_nothing_until_it_is_adopted():
    """Travel and counts the fork starts begin when it is adopted (caught up), not when it
    was painted; the live motion is untouched by the fork."""
    from games.ui.motion import Motion
    live = Motion()
    live.rebuilt(0)
    live.begin_frame()
    live.place("c1", pygame.Rect(0, 0, 100, 140))
    live.end_frame()
    live.tick(5.0)
    twin = live.fork()
    twin.rebuilt(0)
    twin.begin_frame()
    placed = twin.place("c1", pygame.Rect(600, 0, 100, 140), replay=lambda surf, p: None)
    twin.count("total", 7)
    twin.end_frame()
    assert placed.moving and placed.rect.x == 0
    assert "c1" not in live._moves and "total" not in live._counts  # the live layer is untouched
    live.tick(2.0)  # the move waited two more seconds
    twin.caught_up(live)
    assert twin.now == live.now
    mv = twin._moves["c1"]
    assert mv.t0 == pytest.approx(live.now)  # starts now
    twin.begin_frame()
    assert twin.place("c1", pygame.Rect(600, 0, 100, 140)).rect.x == 0  # still at its start


def landing_layers(monkeypatch, game_id: str, ahead_on: bool, landings: int = 8) -> dict:
    """The table layer shown in each of the demo's first landing frames, by move number."""
    import hashlib
    import time

    from games.app import ahead
    if not ahead_on:
        monkeypatch.setattr(ahead, "start", lambda scene, bt: None)
    shown: dict = {}
    original = play.PlayScene.draw_table

    def draw_table(scene, surf):
        original(scene, surf)
        n = len(scene.session.record.actions)
        if n not in shown and scene.kept is not None:
            layer, _ = scene.app.table_layer(scene)
            shown[n] = (hashlib.sha1(pygame.image.tobytes(layer, "RGB")).hexdigest(), layer.copy())
    monkeypatch.setattr(play.PlayScene, "draw_table", draw_table)
    driver = Driver()
    driver.app.settings.demo_pace = "fast"
    session = demo_session(game_id, seed=21, lang="en")
    scene = driver.app.goto("play", session, demo=True)
    start = len(session.record.actions)
    end = time.monotonic() + 40  # the demo's pace is in real time (0.6 s a move)
    while time.monotonic() < end:
        driver.step()
        time.sleep(0.002)
        if driver.app.top is not scene or len(session.record.actions) - start > landings:
            break
    monkeypatch.undo()
    return {n: v for n, v in shown.items() if start < n <= start + landings}


@pytest.mark.parametrize("game_id", ["toutomi", "fuji99", "brujas", "qumasu", "suma"])
def test_table_3_d_landing_frames_show_what_they_showed_without_painting_ahead(monkeypatch, tmp_path, game_id):
    """The same demo game, played twice: each move's landing frame shows the very table it
    showed when the landing frame painted it itself (the fork is the table at rest, its
    flights and counts ended, then the move's own layout, events and log)."""
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(play, "KEEP_LAYER", True)
    painted = landing_layers(monkeypatch, game_id, ahead_on=False)
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(play, "KEEP_LAYER", True)
    ahead = landing_layers(monkeypatch, game_id, ahead_on=True)
    assert len(painted) >= 6 and set(ahead) == set(painted), (sorted(painted), sorted(ahead))
    for n in sorted(painted):
        if painted[n][0] != ahead[n][0]:
            pygame.image.save(painted[n][1], str(tmp_path / "painted.png"))
            pygame.image.save(ahead[n][1], str(tmp_path / "ahead.png"))
            pytest.fail(f"{game_id}: move {n} landed on another table when painted ahead; see {tmp_path}")


def replaced_views(monkeypatch, tmp_path, game_id: str, wanted: int) -> tuple[list, list]:
    """(weak references to the table views the demo's landings replaced, those still alive),
    with the collector off: what reference counting alone frees."""
    import gc
    import time
    import weakref

    from games.app import ahead
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(play, "KEEP_LAYER", True)
    old_views = []
    real_adopt = ahead.adopt
    monkeypatch.setattr(ahead, "adopt", lambda scene, a: (old_views.append(weakref.ref(scene.table)),
                                                          real_adopt(scene, a)))
    driver = Driver()
    driver.app.settings.demo_pace = "fast"
    scene = driver.app.goto("play", demo_session(game_id, seed=3, lang="en"), demo=True)
    gc.collect()
    gc.disable()
    try:
        end = time.monotonic() + 30
        while time.monotonic() < end and len(old_views) < wanted and driver.app.top is scene:
            driver.step()
            time.sleep(0.002)
        return old_views, [r for r in old_views if r() is not None]
    finally:
        gc.enable()


def test_table_3_e_a_replaced_table_is_freed_at_once(monkeypatch, tmp_path):
    """Each landing replaces the live table view with its fork: the old one (and a changed
    seat panel only it held) is freed at once, by reference counting, not left in a
    cycle until the collector's next full pass (Suma's demo climbed 20–30 MiB that way)."""
    old_views, alive = replaced_views(monkeypatch, tmp_path, "suma", 8)
    assert len(old_views) >= 6
    assert len(alive) <= 1, f"{len(alive)} of {len(old_views)} replaced views still alive"


@pytest.mark.parametrize("game_id", ["toutomi", "fuji99", "suma"])
def test_table_3_f_the_shared_card_painter_keeps_no_replaced_view_alive(monkeypatch, tmp_path, game_id):
    """Forks share the first view's card painter; its face function must not hold that
    view, or the first table view (and its seat panels) lives on for the whole game."""
    old_views, alive = replaced_views(monkeypatch, tmp_path, game_id, 4)
    assert len(old_views) >= 3
    assert alive == [], f"{len(alive)} of {len(old_views)} replaced views still alive"
