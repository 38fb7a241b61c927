"""The motion layer (games/ui/motion.py): tweens, travel from the last drawn place, flips,
counters, moments, speed, skipping and reduced motion — all on an injected clock."""
import pygame
import pytest

from games.ui import cards, motion
from games.ui.motion import Moment, Motion, Tween, ease_out, lerp_rect

A = pygame.Rect(0, 0, 100, 140)
B = pygame.Rect(600, 400, 100, 140)


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    yield


def frame(mo: Motion, key: str, rect: pygame.Rect, face_up: bool = True) -> motion.Placed:
    """One drawn frame with one piece in it."""
    mo.begin_frame()
    placed = mo.place(key, rect, face_up)
    mo.end_frame()
    return placed


def run(mo: Motion, seconds: float, dt: float = 1 / 60) -> None:
    for _ in range(round(seconds / dt)):
        mo.tick(dt)


def test_ease_out_starts_fast_and_lands_softly():
    assert ease_out(0) == 0 and ease_out(1) == 1
    assert ease_out(-1) == 0 and ease_out(2) == 1
    values = [ease_out(k / 20) for k in range(21)]
    assert values == sorted(values)
    assert ease_out(0.5) > 0.5  # ease-out: more than half the way at half the time
    assert values[1] - values[0] > values[-1] - values[-2]


def test_tween_goes_from_a_to_b_in_its_duration():
    tw = Tween(0, 10, t0=1.0, duration=0.4)
    assert tw.value(0.5) == 0 and not tw.done(1.2)
    assert 0 < tw.value(1.2) < 10
    assert tw.value(1.4) == 10 and tw.done(1.4)
    assert Tween(3, 7, 0.0, 0.0).value(0.0) == 7  # no duration: the end at once


def test_lerp_rect_moves_position_and_size():
    mid = lerp_rect(pygame.Rect(0, 0, 10, 20), pygame.Rect(100, 200, 30, 40), 0.5)
    assert mid == pygame.Rect(50, 100, 20, 30)
    assert lerp_rect(A, B, 0) == A and lerp_rect(A, B, 1) == B


def test_a_piece_travels_from_where_it_was_drawn_last_after_a_new_layout():
    mo = Motion()
    mo.rebuilt(0)
    assert frame(mo, "n7-1", A).rect == A  # first sight: drawn in place
    assert frame(mo, "n7-1", A).rect == A
    mo.rebuilt(0)  # new state: the card now lies at B
    first = frame(mo, "n7-1", B)
    assert first.rect == A and first.moving  # starts where it was
    run(mo, 0.1)
    mid = frame(mo, "n7-1", B)
    assert A.x < mid.rect.x < B.x and A.y < mid.rect.y < B.y and mo.busy()
    run(mo, motion.TRAVEL)
    end = frame(mo, "n7-1", B)
    assert end.rect == B and not end.moving and not mo.busy()


def test_travel_takes_150_to_400_ms_at_every_bot_speed():
    for speed in motion.SPEED:
        mo = Motion()
        mo.configure(speed, False)
        assert 0.15 <= motion.TRAVEL * mo.speed <= 0.4
        mo.rebuilt(0)
        frame(mo, "c", A)
        mo.rebuilt(0)
        frame(mo, "c", B)
        run(mo, motion.TRAVEL * mo.speed + 1 / 60)
        assert frame(mo, "c", B).rect == B


def test_layout_changes_without_a_new_state_do_not_travel():
    mo = Motion()
    mo.rebuilt(0)
    frame(mo, "c", A)
    assert frame(mo, "c", B).rect == B  # e.g. a dragged card follows the pointer exactly


def test_a_card_turning_face_up_flips_back_first():
    mo = Motion()
    mo.rebuilt(0)
    mo.expect("n3-1", pygame.Rect(10, 10, 100, 140), face_up=False)
    mo.rebuilt(0)
    start = frame(mo, "n3-1", B, face_up=True)
    assert not start.face and start.rect.width <= 100
    run(mo, motion.TRAVEL * 0.25)
    early = frame(mo, "n3-1", B, face_up=True)
    assert not early.face and early.rect.width < 100  # edge-on: squeezed, still the back
    run(mo, motion.TRAVEL * 0.5)
    late = frame(mo, "n3-1", B, face_up=True)
    assert late.face
    run(mo, motion.TRAVEL)
    assert frame(mo, "n3-1", B, face_up=True) == motion.Placed(B, True, B.size, False)


def test_a_secret_card_never_shows_its_face_in_flight():
    mo = Motion()
    mo.rebuilt(0)
    mo.expect("back:1:0", A, face_up=False)
    mo.rebuilt(0)
    for _ in range(30):
        assert not frame(mo, "back:1:0", B, face_up=False).face
        mo.tick(1 / 60)


def test_cards_dealt_together_leave_one_after_another():
    mo = Motion()
    mo.rebuilt(0)
    mo.expect("a", A, delay=0.0)
    mo.expect("b", A, delay=motion.STAGGER * 3)
    mo.rebuilt(0)
    mo.begin_frame()
    mo.place("a", B)
    mo.place("b", B)
    mo.end_frame()
    run(mo, motion.STAGGER * 2)
    mo.begin_frame()
    a, b = mo.place("a", B), mo.place("b", B)
    mo.end_frame()
    assert a.rect != A and b.waiting and not a.waiting  # b is still in the deck: not drawn yet


def test_nothing_travels_across_a_change_of_viewer():
    mo = Motion()
    mo.rebuilt(0)
    frame(mo, "n7-1", A)
    mo.rebuilt(1)  # pass-and-play: another person's view
    assert frame(mo, "n7-1", B).rect == B


def test_counters_count_up_and_can_snap_down():
    mo = Motion()
    assert mo.count("total", 3) == 3
    assert mo.count("total", 8) == 3
    run(mo, motion.COUNT / 2)
    assert 3 < mo.count("total", 8) < 8
    run(mo, motion.COUNT)
    assert mo.count("total", 8) == 8
    assert mo.count("total", 0, down=False) == 0  # a reset shows at once


def test_a_moment_holds_the_table_and_ends_by_itself_or_by_a_click():
    mo = Motion()
    mo.moment(Moment("BURST!", ("why",), kind="burst", duration=1.5))
    mo.tick(1 / 60)
    assert mo.moment_now().t0 is not None and mo.busy()
    table_time = mo.now
    run(mo, 0.5)
    assert mo.now == table_time  # the table stands still under the moment
    assert mo.skip_moment() and mo.moment_now() is None
    assert not mo.skip_moment()
    mo.moment(Moment("WIN", duration=1.5))
    run(mo, 1.5 + 2 / 60)
    assert mo.moment_now() is None and mo.now > table_time


def test_a_moment_can_wait_for_the_table():
    mo = Motion()
    mo.moment(Moment("BUST", delay=0.5))
    run(mo, 0.3)
    assert mo.moment_now() is None and mo.busy()
    run(mo, 0.3)
    assert mo.moment_now() is not None


def test_a_press_lands_the_table_and_a_waiting_moment_shows_at_once():
    mo = Motion()
    mo.moment(Moment("BUST", delay=2.0))
    mo.tick(1 / 60)
    assert mo.moment_now() is None
    mo.finish()
    mo.tick(1 / 60)
    assert mo.moment_now() is not None and mo.moment_now().t0 is not None


def test_moment_duration_follows_the_bot_speed():
    lengths = {}
    for speed in motion.SPEED:
        mo = Motion()
        mo.configure(speed, False)
        mo.moment(Moment("X", duration=motion.MOMENT))
        frames = 0
        while mo.queue and frames < 1000:
            mo.tick(1 / 60)
            frames += 1
        lengths[speed] = frames / 60
    assert lengths["slow"] > lengths["normal"] > lengths["fast"]
    assert 0.9 <= lengths["fast"] and lengths["slow"] <= 2.2


def test_reduced_motion_draws_end_states_at_once():
    mo = Motion()
    mo.configure("normal", reduced=True)
    mo.rebuilt(0)
    frame(mo, "c", A)
    mo.expect("d", A)
    mo.rebuilt(0)
    assert frame(mo, "c", B) == motion.Placed(B, True, B.size, False)
    assert frame(mo, "d", B).rect == B
    assert mo.count("n", 1) == 1 and mo.count("n", 9) == 9
    mo.moment(Moment("BURST"))
    assert not mo.queue and not mo.busy()


def test_finish_lands_every_travel_and_count():
    mo = Motion()
    mo.rebuilt(0)
    frame(mo, "c", A)
    mo.count("n", 1)
    mo.rebuilt(0)
    frame(mo, "c", B)
    mo.count("n", 9)
    mo.finish()
    assert frame(mo, "c", B).rect == B and mo.count("n", 9) == 9 and not mo.busy()


def test_the_painter_draws_a_card_in_flight_through_the_draw_log_last():
    surf = pygame.display.set_mode((800, 600))
    painter = cards.CardPainter(lambda cid, size: cards.blank_card(size))
    mo = Motion()
    mo.rebuilt(0)
    cards.DRAW_LOG.enabled = True
    try:
        for rect in (A, B):
            cards.DRAW_LOG.start_frame()
            mo.begin_frame()
            with mo.active():
                painter.draw(surf, "n7-1", rect, True)
            if rect == A:
                assert cards.DRAW_LOG.frame == ["n7-1"]
                mo.end_frame()
                mo.rebuilt(0)
                continue
            assert cards.DRAW_LOG.frame == []  # deferred: drawn over the table at the end
            mo.end_frame(surf)
            assert cards.DRAW_LOG.frame == ["n7-1"]
    finally:
        cards.DRAW_LOG.enabled = False
    assert motion.current() is None


def kept_frame(mo: Motion, key: str, rect: pygame.Rect, drawn: list, count: int | None = None) -> None:
    """A table painted into a kept layer: one card through a painter-like replay."""
    mo.begin_frame()
    mo.place(key, rect, True, lambda surf, placed: drawn.append(placed.rect))
    if count is not None:
        mo.count("n", count)
    mo.end_frame()
    mo.keep()


def test_table_2_a_card_in_flight_is_replayed_over_the_kept_layer_until_it_lands():
    mo = Motion()
    mo.rebuilt(0)
    drawn: list = []
    kept_frame(mo, "c", A, drawn)
    mo.rebuilt(0)
    kept_frame(mo, "c", B, drawn)  # the layout moved it: it flies, over the layer, not in it
    assert mo.keepable() and mo.landed() == []
    rects = []
    for _ in range(5):
        run(mo, 1 / 60)
        mo.replay(None)
        rects.append(drawn[-1])
    assert len({tuple(r) for r in rects}) == 5  # drawn where it is now, frame by frame
    run(mo, 1.0)
    mo.replay(None)
    landed = mo.landed()
    assert landed and landed[0].contains(B)  # only its place needs painting again


def test_table_2_a_number_counting_in_the_layer_keeps_it_painting_one_drawn_over_it_does_not():
    mo = Motion()
    mo.rebuilt(0)
    kept_frame(mo, "c", A, [], count=1)
    run(mo, 0.1)
    kept_frame(mo, "c", A, [], count=5)  # counting up inside the painted table
    assert not mo.keepable()
    run(mo, 1.0)
    assert mo.keepable()
    kept_frame(mo, "c", A, [])
    mo.count("n", 9)  # counted over the layer (draw_over): the layer itself does not change
    assert mo.keepable()


def test_table_2_a_piece_moving_without_a_replay_keeps_the_table_painting():
    mo = Motion()
    mo.rebuilt(0)
    frame(mo, "u", A)
    mo.rebuilt(0)
    mo.begin_frame()
    assert mo.place("u", B).moving  # a view's own piece (no replay): painted where it is
    mo.end_frame()
    mo.keep()
    assert not mo.keepable()
