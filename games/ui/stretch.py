"""The canvas scaled into a plain window by the table itself: two buffers, not SCALED's three.

STRETCH-1 (perf, issue 13; after app.py APP-APP-1).  pygame's ``SCALED`` window keeps three 1920x1080
buffers: the canvas, the renderer's texture and the window's own buffer, and copies every
frame twice (canvas to texture, texture scaled to the window).  Where SDL would scale with
its software renderer anyway (Linux, app.py APP-APP-1: ``SDL_RENDER_DRIVER=software``), the
texture buys nothing: this module scales the canvas straight into the plain window's
buffer with the very routine that renderer uses (``SDL_SoftStretchLinear``, bilinear, no
scratch buffer), letterboxed, and maps the mouse back to canvas pixels as SDL does for
SCALED (offset and scale, not clamped: a click on a black bar lands outside the canvas and
hits nothing).  Measured: the stretch to 1366x768 takes 1.2 ms, where SCALED's software
path also copied 8 MiB into its texture each frame.  Under Xvfb, 600 frames of a 4-seat
Toutomi game in a window (user + system CPU, peak RSS, three runs each, in turns): on a
1366x768 screen 2.6-2.8 s and 87 MiB with SCALED, 1.5-1.6 s and 77 MiB stretched; on a
1920x1080 screen 4.3-4.7 s and 95 MiB, 1.9-2.1 s and 79 MiB.  The title's first frame in
the benchmark (a 1920x1080 window, dummy driver): 53.3 MiB SCALED, 45.2 MiB stretched.

``pygame.transform.smoothscale`` was measured too: its scratch buffer (window width x
1080 rows, 5.6 MiB at 1366) is mapped and unmapped every frame under the table's pinned
allocator (memory.py), 3.8 ms a frame.  It stays as the fallback when the canvas and the
window do not share a pixel format.  Where SDL scales on a GPU (Windows, macOS, or a
renderer chosen in the environment) the table keeps ``SCALED`` (App._window_kind).

SDL has no Python binding for the stretch; it is called through ctypes on the SDL library
pygame loaded (games/ui/window.py), on surfaces that wrap the pixels of the canvas and of
the window (no copy).  ``available()`` is False when that library or the routine cannot be
found, and the table then opens ``SCALED`` as before.
"""
from __future__ import annotations

import ctypes
import os

import pygame

from games.ui.window import sdl_library

_fns = None  # the SDL routines, looked up once (None: not yet; False: unavailable)


class _Rect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int), ("h", ctypes.c_int)]


def _sdl():
    global _fns
    if _fns is None:
        _fns = False
        sdl = sdl_library()
        try:
            if sdl is not None:
                wrap = sdl.SDL_CreateRGBSurfaceWithFormatFrom
                wrap.restype = ctypes.c_void_p
                wrap.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                                 ctypes.c_int, ctypes.c_uint32]
                fmt = sdl.SDL_MasksToPixelFormatEnum
                fmt.restype = ctypes.c_uint32
                fmt.argtypes = [ctypes.c_int] + [ctypes.c_uint32] * 4
                stretch = sdl.SDL_SoftStretchLinear  # SDL >= 2.0.16
                stretch.restype = ctypes.c_int
                stretch.argtypes = [ctypes.c_void_p, ctypes.POINTER(_Rect), ctypes.c_void_p,
                                    ctypes.POINTER(_Rect)]
                free = sdl.SDL_FreeSurface
                free.restype, free.argtypes = None, [ctypes.c_void_p]
                _fns = (wrap, fmt, stretch, free)
        except AttributeError:
            _fns = False
    return _fns


def wanted(environ: dict = os.environ) -> bool:
    """True where SDL would scale in software: the table scales the canvas itself."""
    return environ.get("SDL_RENDER_DRIVER", "").lower() == "software"


def available() -> bool:
    """True when SDL's linear stretch can be called (the library pygame loaded has it)."""
    return bool(_sdl())


def letterbox(window: tuple[int, int], canvas: tuple[int, int]) -> pygame.Rect:
    """Where the canvas shows in a window: the largest same-ratio rect, centred (a bar
    under 2 px is not kept: 1366x768 is 16:9 to within a third of a pixel)."""
    (ww, wh), (cw, ch) = window, canvas
    scale = min(ww / cw, wh / ch)
    w, h = max(1, round(cw * scale)), max(1, round(ch * scale))
    w, h = max(1, ww if ww - w <= 1 else w), max(1, wh if wh - h <= 1 else h)  # never 0 (minimised)
    return pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h)


class StretchedWindow:
    """A plain (resizable) window showing a separate canvas surface, scaled and letterboxed.

    ``canvas`` is what the table draws on; ``present()`` shows it (instead of
    ``pygame.display.flip()``); ``map_event`` turns a mouse event's window pixels into
    canvas pixels (in place)."""

    MOUSE = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def __init__(self, canvas_size: tuple[int, int], flags: int = pygame.RESIZABLE) -> None:
        window = pygame.display.set_mode(canvas_size, flags)
        # the window's own format, made directly (a convert() would hold two canvases at once)
        self.canvas = pygame.Surface(canvas_size, 0, window)
        self._src = None  # SDL surfaces wrapping the canvas's and the window's pixels
        self._dst = None
        self._dst_key = None  # (pixels address, size, pitch) of the window buffer wrapped
        self.view = pygame.Rect(0, 0, *canvas_size)  # where the canvas shows in the window
        self._for = canvas_size  # the window size ``view`` was worked out for

    # --- mouse -----------------------------------------------------------------------------
    def to_canvas(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A window pixel's canvas pixel (its centre's; outside the canvas on the bars)."""
        view = self._view_for_window()
        cw, ch = self.canvas.get_size()
        return (int((pos[0] - view.x + 0.5) * cw // view.w), int((pos[1] - view.y + 0.5) * ch // view.h))

    def _view_for_window(self) -> pygame.Rect:
        window = pygame.display.get_surface()
        size = window.get_size() if window is not None else self.canvas.get_size()
        if size != self._for:
            self._for = size
            self.view = letterbox(size, self.canvas.get_size())
        return self.view

    def map_event(self, event: pygame.event.Event) -> pygame.event.Event:
        """Mouse positions (and motion) in canvas pixels, as SDL's SCALED window gives them."""
        if event.type in self.MOUSE and hasattr(event, "pos"):
            event.pos = self.to_canvas(event.pos)
            if event.type == pygame.MOUSEMOTION:
                view, (cw, ch) = self._view_for_window(), self.canvas.get_size()
                event.rel = (round(event.rel[0] * cw / view.w), round(event.rel[1] * ch / view.h))
        return event

    # --- showing ---------------------------------------------------------------------------
    def present(self) -> None:
        """Scale the canvas into the window (black bars around it) and show the window."""
        window = pygame.display.get_surface()
        if window is None or min(window.get_size()) < 1:
            return  # no window to show it in (closing, minimised to nothing)
        view = self._view_for_window()
        if view.size == self.canvas.get_size():
            window.blit(self.canvas, view)
        elif not self._stretch(window, view):
            pygame.transform.smoothscale(self.canvas, view.size, window.subsurface(view))
        ww, wh = window.get_size()
        for bar in ((0, 0, ww, view.y), (0, view.bottom, ww, wh - view.bottom),
                    (0, view.y, view.x, view.h), (view.right, view.y, ww - view.right, view.h)):
            if bar[2] > 0 and bar[3] > 0:
                window.fill((0, 0, 0), bar)
        pygame.display.flip()

    def _stretch(self, window: pygame.Surface, view: pygame.Rect) -> bool:
        fns = _sdl()
        if not fns or window.get_bitsize() != 32 or window.get_masks() != self.canvas.get_masks():
            return False
        wrap, fmt, stretch, free = fns
        key = (window._pixels_address, window.get_size(), window.get_pitch())
        if self._src is None:
            self._src = self._wrap(self.canvas, wrap, fmt)
        if key != self._dst_key:  # the window's buffer is new (resized, fullscreen)
            if self._dst:
                free(self._dst)
            self._dst, self._dst_key = self._wrap(window, wrap, fmt), key
        if not self._src or not self._dst:
            return False
        return stretch(self._src, None, self._dst, ctypes.byref(_Rect(*view))) == 0

    @staticmethod
    def _wrap(surf: pygame.Surface, wrap, fmt) -> int | None:
        masks = [m & 0xFFFFFFFF for m in surf.get_masks()]
        return wrap(surf._pixels_address, surf.get_width(), surf.get_height(), 32,
                    surf.get_pitch(), fmt(32, *masks))

    def close(self) -> None:
        """Free the wrappers (the pixels are the surfaces'; they stay)."""
        fns = _sdl()
        for ptr in (self._src, self._dst):
            if fns and ptr:
                fns[3](ptr)
        self._src = self._dst = self._dst_key = None
