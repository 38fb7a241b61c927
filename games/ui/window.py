"""Window sizing helpers for the SCALED virtual canvas.

pygame's SCALED windowed mode renders with *integer* scaling: in a window smaller than
the 1920×1080 canvas (any laptop screen) it would show a 1:1 crop of the middle.  We
switch integer scaling off on SDL's renderer so the canvas shrinks smoothly to fit,
letterboxed.  pygame exposes no call for it, so this asks the SDL2 library that pygame
already loaded (through ctypes); if that is not possible the window simply keeps the
canvas size (the old behaviour), never an error.
"""
from __future__ import annotations

import ctypes
import glob
import os

import pygame


def sdl_library() -> ctypes.CDLL | None:
    """The SDL2 library pygame loaded (ctypes), or None."""
    base = os.path.dirname(pygame.__file__)
    patterns = [os.path.join(base, "..", "pygame_ce.libs", "libSDL2-2*"),  # Linux wheels
                os.path.join(base, ".dylibs", "libSDL2-2*"),  # macOS wheels
                os.path.join(base, "SDL2.dll")]  # Windows wheels
    for pattern in patterns:
        for path in sorted(glob.glob(pattern)):
            try:
                return ctypes.CDLL(path)
            except OSError:
                continue
    for name in ("libSDL2-2.0.so.0", "SDL2"):  # a system SDL2 that pygame was built against
        try:
            return ctypes.CDLL(name)
        except OSError:
            continue
    return None


def allow_fractional_scaling(window_id: int) -> bool:
    """Let the SCALED renderer shrink the canvas by any factor; True when it worked."""
    sdl = sdl_library()
    if sdl is None:
        return False
    try:
        sdl.SDL_GetWindowFromID.restype = ctypes.c_void_p
        sdl.SDL_GetWindowFromID.argtypes = [ctypes.c_uint32]
        sdl.SDL_GetRenderer.restype = ctypes.c_void_p
        sdl.SDL_GetRenderer.argtypes = [ctypes.c_void_p]
        sdl.SDL_RenderSetIntegerScale.restype = ctypes.c_int
        sdl.SDL_RenderSetIntegerScale.argtypes = [ctypes.c_void_p, ctypes.c_int]
        window = sdl.SDL_GetWindowFromID(window_id)
        renderer = sdl.SDL_GetRenderer(window) if window else None
        return bool(renderer) and sdl.SDL_RenderSetIntegerScale(renderer, 0) == 0
    except (AttributeError, OSError):
        return False


TITLE_BAR_GUESS = 40  # window decorations when the system will not say (before the window shows)
MIN_WINDOW = (640, 360)


def largest_16_9(avail_w: int, avail_h: int) -> tuple[int, int]:
    """The largest 16:9 size (even pixels) inside ``avail_w`` × ``avail_h``."""
    w = min(avail_w, avail_h * 16 // 9)
    w -= w % 16
    w = max(w, MIN_WINDOW[0])
    return w, w * 9 // 16


def first_window(usable: tuple[int, int, int, int], borders: tuple[int, int, int, int]
                 ) -> tuple[tuple[int, int], tuple[int, int]]:
    """(size, position) of the first window: the largest 16:9 client area that, with its
    decorations (``borders`` = top, left, bottom, right), fits the usable desktop area
    (``usable`` = x, y, w, h: the screen less taskbars and docks), centred in it."""
    ux, uy, uw, uh = usable
    top, left, bottom, right = borders
    w, h = largest_16_9(uw - left - right, uh - top - bottom)
    x = ux + left + (uw - left - right - w) // 2
    y = uy + top + (uh - top - bottom - h) // 2
    return (w, h), (x, y)


# The desktops the table is made for (issue 27.7): text must stay readable (>= 14 screen px)
# in the first window that opens on each of them, and fullscreen (README "Readable ...").
SUPPORTED_SCREENS = ((1366, 768), (1280, 800), (1920, 1080))
CANVAS = (1920, 1080)


def first_window_on(screen: tuple[int, int]) -> tuple[int, int]:
    """The first window's client size on a whole ``screen`` (no taskbar; decorations as
    guessed before the window shows): what ``App`` opens there (``first_window``)."""
    return first_window((0, 0, *screen), (TITLE_BAR_GUESS, 0, 0, 0))[0]


def canvas_scale(size: tuple[int, int]) -> float:
    """Screen pixels per canvas pixel in a window (or fullscreen) of ``size`` (letterboxed)."""
    return min(size[0] / CANVAS[0], size[1] / CANVAS[1])


def smallest_scale() -> float:
    """The smallest canvas scale on the supported screens, first window or fullscreen."""
    return min(min(canvas_scale(first_window_on(s)), canvas_scale(s)) for s in SUPPORTED_SCREENS)


def saved_window_fits(saved: list, usable: tuple[int, int, int, int]) -> bool:
    """True when a remembered window [x, y, w, h] still lies on the usable desktop
    (a screen unplugged since, or a smaller one, must not leave the window out of reach)."""
    if not (isinstance(saved, list) and len(saved) == 4 and all(type(v) is int for v in saved)):
        return False
    x, y, w, h = saved
    ux, uy, uw, uh = usable
    return w >= MIN_WINDOW[0] and h >= MIN_WINDOW[1] and x >= ux and y >= uy \
        and x + w <= ux + uw and y + h <= uy + uh


class _Rect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int), ("h", ctypes.c_int)]


def usable_bounds(display: int = 0) -> tuple[int, int, int, int] | None:
    """The desktop area not taken by taskbars and docks (SDL_GetDisplayUsableBounds)."""
    sdl = sdl_library()
    if sdl is None:
        return None
    try:
        rect = _Rect()
        sdl.SDL_GetDisplayUsableBounds.argtypes = [ctypes.c_int, ctypes.POINTER(_Rect)]
        sdl.SDL_GetDisplayUsableBounds.restype = ctypes.c_int
        if sdl.SDL_GetDisplayUsableBounds(display, ctypes.byref(rect)) != 0 or rect.w <= 0:
            return None
        return rect.x, rect.y, rect.w, rect.h
    except (AttributeError, OSError):
        return None


def border_sizes(window_id: int) -> tuple[int, int, int, int]:
    """The window's decorations (top, left, bottom, right); a guess when unknown."""
    sdl = sdl_library()
    guess = (TITLE_BAR_GUESS, 0, 0, 0)
    if sdl is None:
        return guess
    try:
        sdl.SDL_GetWindowFromID.restype = ctypes.c_void_p
        sdl.SDL_GetWindowFromID.argtypes = [ctypes.c_uint32]
        ints = [ctypes.c_int(0) for _ in range(4)]
        sdl.SDL_GetWindowBordersSize.argtypes = [ctypes.c_void_p] + [ctypes.POINTER(ctypes.c_int)] * 4
        sdl.SDL_GetWindowBordersSize.restype = ctypes.c_int
        window = sdl.SDL_GetWindowFromID(window_id)
        if not window or sdl.SDL_GetWindowBordersSize(window, *[ctypes.byref(i) for i in ints]) != 0:
            return guess
        top, left, bottom, right = (i.value for i in ints)
        return (top, left, bottom, right) if top > 0 else guess
    except (AttributeError, OSError):
        return guess
