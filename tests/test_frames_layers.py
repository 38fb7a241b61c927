"""Issue 13, item 3: layers kept opaque on the felt show the very pixels of the layers they
replace (a copy per frame instead of a blend), and stay bounded (one per board or seat)."""
from __future__ import annotations

import pygame

from games.app import bench_frames as bf
from games.ui import theme


def on_felt(layer: pygame.Surface) -> pygame.Surface:
    """``layer`` (translucent) blended on the felt, as the scene used to draw it."""
    out = pygame.Surface(layer.get_size()).convert()
    out.fill(theme.FELT)
    out.blit(layer, (0, 0))
    return out


def same_pixels(a: pygame.Surface, b: pygame.Surface) -> bool:
    return a.get_size() == b.get_size() and pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def test_fuji_board_is_its_art_laid_on_the_felt(app):
    from games.fuji99.ui import board
    scene = bf.busiest_screen(app, "fuji99")
    view = scene.table
    layer = view.board_layer()
    assert not layer.get_flags() & pygame.SRCALPHA and layer.get_size() == board.RECT.size
    art = board.render(view.ctx.lang, view.ctx.tr).convert_alpha()
    assert same_pixels(layer, on_felt(art))
    assert view.board_layer() is layer  # made once per table


def test_brujas_panels_are_the_pixels_of_a_translucent_panel_on_the_felt(app):
    scene = bf.busiest_screen(app, "brujas")
    view = scene.table
    app.step(1 / 60)
    best = tuple(tuple(row) for row in view.view["majority_leads"])
    assert len(view._panel_cache) == len(view.panels)  # one cached surface per seat, no more
    for seat, r in enumerate(view.panels):
        cached = view._panel_cache[seat][1]
        assert not cached.get_flags() & pygame.SRCALPHA and cached.get_size() == r.size
        translucent = pygame.Surface(r.size, pygame.SRCALPHA)
        view.paint_panel(translucent, seat, translucent.get_rect(), best)
        assert same_pixels(cached, on_felt(translucent.convert_alpha()))
    for _ in range(5):
        app.step(1 / 60)
    assert len(view._panel_cache) == len(view.panels)


def test_suma_panels_are_the_pixels_of_a_translucent_panel_on_the_felt(app):
    from games.suma.ui import layout as L
    scene = bf.busiest_screen(app, "suma")
    view = scene.table
    app.step(1 / 60)
    n = view.view["players"]
    assert sorted(view._panels) == list(range(n))  # one cached surface per seat, no more
    for seat in range(n):
        area = L.panel_rect(seat, n)
        cached = view._panels[seat][1]
        assert not cached.get_flags() & pygame.SRCALPHA and cached.get_size() == area.size
        translucent = pygame.Surface(area.size, pygame.SRCALPHA)
        view.paint_panel(translucent, seat, translucent.get_rect())
        assert same_pixels(cached, on_felt(translucent))


def test_toutomi_seat_layers_are_kept_until_what_they_show_changes(app, monkeypatch):
    """Painted on the felt once per change (the hand's backs drawn live over them, so they
    still travel), one per seat."""
    scene = bf.busiest_screen(app, "toutomi")
    view = scene.table
    painted: list = []
    real = type(view).paint_seat_layer
    monkeypatch.setattr(type(view), "paint_seat_layer", lambda self, *a: painted.append(a[1]) or real(self, *a))
    for _ in range(5):
        app.step(1 / 60)
    assert sorted(painted) == sorted(view.seat_rects)  # once each, in five frames
    assert sorted(view._seat_layers) == sorted(view.seat_rects)
    for seat, r in view.seat_rects.items():
        layer = view._seat_layers[seat][1]
        assert not layer.get_flags() & pygame.SRCALPHA and layer.get_size() == r.size
