"""What a frame costs while a moment shows or waits (issue 13.3): the table under a moment
is kept, not painted each frame (Fuji's shaken board too), and a moment's art is made
ahead (piece by piece) so its frames only blit; the pixels stay those of painting it."""
from __future__ import annotations

import pygame
import pytest

from games import registry
from games.app import play
from games.app.play import PlayScene
from games.app.session import SeatSetup, Session
from games.core.rng import rng_for
from tests.test_kept_layer import LayerChecker
from tests.ui_driver import Driver


@pytest.fixture
def checker(monkeypatch, tmp_path):
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(play, "KEEP_LAYER", True)
    return LayerChecker(monkeypatch, tmp_path)


def before(game: str, players: int, event: str, seed: int) -> tuple[Session, object]:
    """A session (seat 0 a person, bots elsewhere) just before seat 0's action that has ``event``."""
    rules = registry.rules(game)
    bot = list(registry.bots(game))[0]
    for k in range(40):
        seats = [SeatSetup("Aoi")] + [SeatSetup(f"Bot {i}", bot) for i in range(1, players)]
        s = Session.start(game, seats, seed + k, {**rules.default_options(), "start_player": 0})
        rng = rng_for(seed + k, "moment-frames")
        for _ in range(4000):
            if s.over:
                break
            legal = rules.legal_actions(s.state)
            for a in legal if s.current == 0 else []:
                if any(key == event for key, _ in rules.view(rules.apply(s.state, a), None).get("events", [])):
                    return s, a
            s.apply(rng.choice(legal))
    raise AssertionError(f"no {event} found")


@pytest.mark.parametrize("speed", ["fast", "normal", "slow"])
@pytest.mark.parametrize("event", ["fuji99.red_bust", "fuji99.crisis_bust"])
def test_fuji_bust_under_its_moment_is_kept_not_painted_every_frame(checker, monkeypatch, event, speed):
    """The board shakes (the table painted each frame) only while the table's clock runs:
    under the moment it stands still, so one paint is kept; the kept layer equals a fresh
    paint at every such frame (the checker).  Every bot speed: the moment's length and the
    shake's follow it."""
    session, action = before("fuji99", 3, event, 3)
    driver = Driver("en")
    driver.app.settings.bot_speed = speed
    scene = PlayScene(driver.app, session)  # motion and moments on
    driver.app.replace(scene)
    scene.unlocked = session.current
    scene.refresh(initial=True)
    driver.step(2)
    scene.bot_turn = None
    scene.submit(action)
    table = scene.table
    while table.anims and table.anims[0]["kind"] != "bust":  # the reveal over, the moment due (as
        table.anims.pop(0)  # the demo often has it): the board shakes under the moment
    scene.motion.finish()
    shown = painted = 0
    shaken = False
    for _ in range(400):
        scene.bot_turn = None
        n = checker.painted
        driver.step()
        m = scene.motion.moment_now()
        if m is not None and m.t0 is not None and m.kind in ("red_bust", "crisis"):
            shown += 1
            painted += checker.painted - n
            shaken = shaken or scene.table.shaken()
        elif shown:
            break
    assert shown >= 20, shown
    assert painted <= 1, painted  # painted once (or kept from before), then kept under the moment
    assert checker.kept >= shown - 1  # and each kept frame equals a fresh paint (the checker)
    assert shaken  # (the case that was painted every frame)


# --- a moment's art made ahead (games/ui/motion.py MOTION-7, MOTION-8) ----------------------------
from games.ui import motion, theme  # noqa: E402


def reference_band(size, colour) -> pygame.Surface:
    """The band as it was made before the canvas: a new surface, drawn."""
    s = pygame.Surface(size)
    s.fill((16, 18, 28))
    w, h = size
    pygame.draw.rect(s, colour, (0, 0, w, 8))
    pygame.draw.rect(s, colour, (0, h - 8, w, 8))
    for i in range(0, w, 48):
        pygame.draw.line(s, (24, 27, 40), (i, 8), (i - 60, h - 8), 14)
    return s


def same(a: pygame.Surface, b: pygame.Surface, fmt: str = "RGB") -> bool:
    return a.get_size() == b.get_size() and pygame.image.tobytes(a, fmt) == pygame.image.tobytes(b, fmt)


@pytest.fixture
def display():
    pygame.init()
    return pygame.display.set_mode((theme.W, theme.H))


def test_bands_drawn_into_the_kept_canvas_are_the_bands_made_new(display):
    sizes = [((theme.W, 436), (200, 150, 255)), ((theme.W, 548), (255, 84, 96)), ((theme.W, 426), theme.ACCENT),
             ((theme.W, 436), (200, 150, 255))]  # again after others: redrawn
    for size, colour in sizes:
        band = motion._band(size, colour)
        assert same(band, reference_band(size, colour))
        assert band.get_parent() is motion._SURFS["canvas"]  # no new surface
    tall = motion._band((theme.W, 800), (1, 2, 3))  # taller than the canvas: made for itself
    assert same(tall, reference_band((theme.W, 800), (1, 2, 3))) and tall.get_parent() is None
    assert motion._SURFS["canvas"].get_width() * motion._SURFS["canvas"].get_height() * 4 <= motion.BANDS_BYTES


def test_the_title_pop_in_scaled_in_buffers_is_one_smoothscale(display):
    m = motion.Moment("尊みバースト! BURST", ("a line",), (255, 84, 96))
    while not motion._prepare_piece(m):
        pass
    title = m._art["title"]
    w, h = title.get_size()
    for scale in (0.6, 0.7, 0.83, 0.95, 1.02, 1.06):
        size = (max(1, int(w * scale)), max(1, int(h * scale)))
        assert same(motion._scaled(m, title, size), pygame.transform.smoothscale(title, size), "RGBA"), scale


def drawn_frames(mo: motion.Motion, surf: pygame.Surface, frames: int) -> list:
    out = []
    for _ in range(frames):
        mo.tick(1 / 60)
        surf.fill((90, 140, 70))
        mo.draw_moment(surf, 76)
        m = mo.moment_now()
        out.append(None if m is None else m.t0)
    return out


def test_a_moment_due_at_once_waits_for_its_art_a_piece_a_frame_then_only_blits(display, monkeypatch):
    mo = motion.Motion()
    mo.skip_hint = "Click to skip"
    m = motion.Moment("Witch swap!", ("Aoi swaps with Bo",), (200, 150, 255), duration=1.2, kind="swap")
    mo.moment(m)
    made = []
    real = motion._prepare_piece
    monkeypatch.setattr(motion, "_prepare_piece", lambda mm: made.append(real(mm)) or made[-1])
    t0s = drawn_frames(mo, display, 8)
    ready = made.index(True)
    assert 3 <= ready <= 6  # band, fit, title, pop buffers, line: one a frame
    assert len(set(t0s[:ready])) == ready  # restarted while its art is made (the table held)
    assert len(set(t0s[ready - 1:])) == 1  # and runs from the frame its last piece was made
    assert mo.moment_now() is m and display.get_at((10, 500))[:3] != (90, 140, 70)  # shown, darkened
    # from then on a frame makes no surface and no scaled copy of its own
    monkeypatch.setattr(motion.pygame, "Surface", lambda *a, **k: pytest.fail("a surface made in a moment frame"))
    smooth = pygame.transform.smoothscale
    monkeypatch.setattr(motion.pygame.transform, "smoothscale",
                        lambda img, size, dest=None: smooth(img, size, dest) if dest is not None else
                        pytest.fail("a new scaled surface in a moment frame"))
    mo.clock = m.t0  # its first frames again: the pop-in
    assert drawn_frames(mo, display, 10)[-1] == m.t0


def test_a_moment_frame_darkens_around_the_opaque_band_as_over_all_of_it(display):
    """Darkening only above and below the band shows what darkening all of it showed."""
    mo = motion.Motion()
    m = motion.Moment("Trick!", ("line",), theme.ACCENT, duration=1.0)
    mo.moment(m)
    while mo.moment_now().t0 is None or not motion._prepare_piece(m):
        mo.tick(1 / 60)
        mo.draw_moment(display, 76)
    pattern = pygame.Surface((theme.W, theme.H))
    for x in range(0, theme.W, 40):
        pattern.fill(((x * 7) % 256, (x * 3) % 256, 200), (x, 0, 40, theme.H))
    mo.clock = m.t0 + 0.5 * m.duration * mo.speed
    display.blit(pattern, (0, 0))
    mo.draw_moment(display, 76)
    band = m.band(theme.H, 76)
    expected = pattern.copy()
    expected.fill((85, 85, 93), (0, 76, theme.W, theme.H - 76), special_flags=pygame.BLEND_RGB_MULT)
    for rows in (pygame.Rect(0, 0, theme.W, band.top), pygame.Rect(0, band.bottom, theme.W, theme.H - band.bottom)):
        assert same(display.subsurface(rows), expected.subsurface(rows))
    top_bar = pygame.Rect(0, band.top, theme.W, 8)  # the band's own top edge, opaque over the table
    assert same(display.subsurface(top_bar), reference_band(band.size, theme.ACCENT).subsurface((0, 0, theme.W, 8)))


def test_a_play_scene_built_makes_the_band_canvas_and_starts_the_writer_before_a_move(app, monkeypatch):
    """MOMENT-ART-1, APP-WRITER-4 (issue 31): the frame in which a person's first move lands
    neither maps the 4 MiB band canvas nor starts the save writer's thread."""
    from games.app import writer
    from games.ui import moment_art
    monkeypatch.setattr(writer, "WRITER", writer.Writer())
    moment_art._SURFS.pop("canvas", None)
    rules = registry.rules("fuji99")
    session = Session.start("fuji99", [SeatSetup("Aoi"), SeatSetup("Bot", "random")], 3, rules.default_options())
    app.goto("play", session)
    assert moment_art._SURFS.get("canvas") is not None
    assert writer.WRITER._thread is not None and writer.WRITER._thread.is_alive()
