"""games/ui/stretch.py STRETCH-1: where SDL would scale in software, the table scales the canvas
into a plain window itself (two buffers, not SCALED's three).  Headless (the dummy driver
resizes windows as a desktop does): the picture, the black bars, the mouse mapped back to
canvas pixels through the real title scenes, and which window each machine gets."""
from __future__ import annotations

import warnings

import pygame
import pytest

from games.app.app import App
from games.app.overlays import QuitConfirm
from games.app.title import TitleScene
from games.ui import stretch, theme
from games.ui.stretch import letterbox
from tests.ui_driver import Driver

pytestmark = pytest.mark.skipif(not stretch.available(), reason="SDL's linear stretch not found")


@pytest.fixture
def driver(tmp_path, monkeypatch):
    monkeypatch.setenv("TABLE_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(App, "_window_kind", staticmethod(lambda full: "stretched"))
    d = Driver("en")
    yield d
    pygame.quit()


def resize(size: tuple[int, int]) -> pygame.Surface:
    with warnings.catch_warnings():  # "use Window.get_surface": the table draws with pygame.display
        warnings.simplefilter("ignore")
        pygame.Window.from_display_module().size = size
    pygame.event.pump()
    window = pygame.display.get_surface()
    assert window.get_size() == size
    return window


def test_stretch_1_letterbox_keeps_the_canvas_ratio_centred():
    assert letterbox((1366, 768), (1920, 1080)) == pygame.Rect(0, 0, 1366, 768)
    assert letterbox((1024, 768), (1920, 1080)) == pygame.Rect(0, 96, 1024, 576)  # bars above, below
    assert letterbox((2560, 1080), (1920, 1080)) == pygame.Rect(320, 0, 1920, 1080)  # bars at the sides
    assert letterbox((0, 0), (1920, 1080)).size == (1, 1)  # a window minimised to nothing
    for size in [(1000, 563), (640, 480), (3000, 1000), (1, 1)]:
        view = letterbox(size, (1920, 1080))
        assert view.w <= size[0] and view.h <= size[1] and (view.w == size[0] or view.h == size[1])
        assert abs(view.w / view.h - 16 / 9) < 0.02 or min(view.size) <= 2


def test_stretch_1_the_app_draws_on_its_own_canvas_in_a_plain_window(driver):
    app = driver.app
    assert app.window_kind == "stretched" and app.scaled and app.stretch is not None
    window = pygame.display.get_surface()
    assert app.surface is not window and app.surface.get_size() == (theme.W, theme.H)
    assert not window.get_flags() & pygame.SCALED
    assert app.surface.get_masks() == window.get_masks()  # same format: no conversion at a flip


def quadrants(surf: pygame.Surface) -> None:
    w, h = surf.get_size()
    for (x, y), colour in {(0, 0): (200, 30, 30), (1, 0): (30, 200, 30), (0, 1): (30, 30, 200),
                           (1, 1): (230, 230, 40)}.items():
        surf.fill(colour, (x * w // 2, y * h // 2, w // 2, h // 2))


def test_stretch_1_present_scales_the_canvas_into_the_window_with_black_bars(driver):
    app = driver.app
    for size in [(1366, 768), (1024, 768), (2400, 1080), (1920, 1080), (2560, 1440)]:
        window = resize(size)
        window.fill((255, 0, 255))  # whatever was left in the window's buffer
        quadrants(app.surface)
        app.present()
        view = letterbox(size, (theme.W, theme.H))
        expected = pygame.transform.smoothscale(app.surface, view.size)
        for fx, fy in [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75), (0.02, 0.02), (0.98, 0.98)]:
            x, y = int(view.w * fx), int(view.h * fy)
            got, want = window.get_at((view.x + x, view.y + y)), expected.get_at((x, y))
            assert max(abs(a - b) for a, b in zip(got[:3], want[:3], strict=True)) <= 2, (size, fx, fy, got, want)
        if view.y:
            assert window.get_at((size[0] // 2, view.y // 2)) == (0, 0, 0, 255)
            assert window.get_at((size[0] // 2, size[1] - 1)) == (0, 0, 0, 255)
        if view.x:
            assert window.get_at((view.x // 2, size[1] // 2)) == (0, 0, 0, 255)
            assert window.get_at((size[0] - 1, size[1] // 2)) == (0, 0, 0, 255)
        assert window.get_at((size[0] // 2, size[1] // 2))[:3] != (255, 0, 255)
        if view.size != (theme.W, theme.H):  # SDL's stretch did it, not the fallback
            assert app.stretch._dst_key == (window._pixels_address, size, window.get_pitch())


def window_pos(canvas_pos: tuple[int, int], size: tuple[int, int]) -> tuple[int, int]:
    view = letterbox(size, (theme.W, theme.H))
    return (view.x + canvas_pos[0] * view.w // theme.W, view.y + canvas_pos[1] * view.h // theme.H)


def post(d: Driver, kind: int, pos: tuple[int, int], rel=(0, 0)) -> None:
    if kind == pygame.MOUSEMOTION:
        pygame.event.post(pygame.event.Event(kind, pos=pos, rel=rel, buttons=(0, 0, 0)))
    else:
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
    d.step()


def test_stretch_1_clicks_in_the_window_land_on_the_canvas_buttons_and_the_bars_hit_nothing(driver):
    d = driver
    d.app.push(TitleScene(d.app))
    d.step()
    for size in [(1366, 768), (1024, 768)]:
        resize(size)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        d.step()
        assert isinstance(d.scene, QuitConfirm)
        no = next(b for b in d.scene.buttons if b.key == "quit_no")
        yes = next(b for b in d.scene.buttons if b.key == "quit_yes")
        if size == (1024, 768):  # on the bar under the canvas, straight below "yes": nothing
            x = window_pos(yes.rect.center, size)[0]
            post(d, pygame.MOUSEBUTTONDOWN, (x, 767))
            post(d, pygame.MOUSEBUTTONUP, (x, 767))
            assert isinstance(d.scene, QuitConfirm) and d.app.running
        post(d, pygame.MOUSEMOTION, window_pos(no.rect.center, size))
        assert no.rect.collidepoint(d.scene.mouse)  # the hover is where the pointer is
        post(d, pygame.MOUSEBUTTONDOWN, window_pos(no.rect.center, size))
        post(d, pygame.MOUSEBUTTONUP, window_pos(no.rect.center, size))
        assert isinstance(d.scene, TitleScene) and d.app.running


def test_stretch_1_positions_and_motion_map_back_to_canvas_pixels(driver):
    win = driver.app.stretch
    resize((1366, 768))
    assert win.to_canvas((0, 0)) == (0, 0)
    assert win.to_canvas((1365, 767)) == (1919, 1079)
    assert win.to_canvas((683, 384)) == (960, 540)
    event = pygame.event.Event(pygame.MOUSEMOTION, pos=(683, 384), rel=(10, -10), buttons=(1, 0, 0))
    win.map_event(event)
    assert event.pos == (960, 540) and event.rel == (14, -14)
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a")
    assert win.map_event(key).dict == {"key": pygame.K_a, "mod": 0, "unicode": "a"}
    resize((1024, 768))  # bars of 96 px above and below
    assert win.to_canvas((512, 96)) == (960, 0)
    assert win.to_canvas((512, 10))[1] < 0 and win.to_canvas((512, 767))[1] >= theme.H


def test_stretch_1_each_machine_gets_its_window(monkeypatch):
    """Headless and a 1080p fullscreen: the canvas itself; where SDL would scale in software
    (Linux, app.py APP-APP-1): stretched; where it scales on a GPU: SCALED."""
    assert stretch.wanted({"SDL_RENDER_DRIVER": "software"})
    assert not stretch.wanted({"SDL_RENDER_DRIVER": "opengl"}) and not stretch.wanted({})
    monkeypatch.setenv("SDL_RENDER_DRIVER", "software")
    assert App._scaled_kind() == "stretched"
    monkeypatch.setenv("SDL_RENDER_DRIVER", "opengl")
    assert App._scaled_kind() == "scaled"
    monkeypatch.delenv("SDL_RENDER_DRIVER")
    assert App._scaled_kind() == "scaled"
    pygame.display.init()
    try:
        assert App._window_kind(False) == "canvas"  # headless
    finally:
        pygame.display.quit()


def test_stretch_1_the_benchmark_measures_each_window_beside_its_own_bare_window():
    from games.app.benchmark import WINDOW_ROWS, bare_child, title_child
    assert [kind for kind, _ in WINDOW_ROWS] == ["canvas", "stretched", "scaled"]
    assert "pygame.display.set_mode((1920, 1080), pygame.RESIZABLE)" in bare_child("stretched")
    assert "SCALED" in bare_child("scaled") and "SCALED" not in bare_child("stretched")
    assert "App._window_kind = staticmethod(lambda full: 'stretched')" in title_child("stretched")
