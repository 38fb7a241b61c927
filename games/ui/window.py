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


def _sdl_library() -> ctypes.CDLL | None:
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
    sdl = _sdl_library()
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
