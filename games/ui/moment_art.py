"""A moment's art (games/ui/motion.py draws moments): its band, title, lines and pop-in
buffers, made a piece a frame while the moment waits, and the confetti of a winner.

Moved out of motion.py as it is (motion.py re-exports these names; MOTION-7 and MOTION-8 there
say why the band is one kept canvas and the pop-in is scaled into buffers made ahead).

MOMENT-ART-1 (perf, issue 31): the kept band canvas is made when a play scene is built
(``band_canvas``, games/app/play.py ``paint_ahead``): made at the first moment, its 4 MiB
were mapped in the frame in which a person's own move landed (2-6 ms there).
"""
from __future__ import annotations

from typing import Any

import pygame

from games.ui import text, theme

Moment = Any  # a games.ui.motion.Moment (not imported: motion imports this module, no circle)

LINE_SIZE = 40  # a moment's lines (under its title)


def _prepare_piece(m: Moment) -> bool:
    """Make the first piece of ``m``'s art not made yet (what ``draw_moment`` blits);
    True when all of it was made already (no piece made now)."""
    band = m.band(theme.H, 76)
    if not _band_ready(m, band.size):
        _band(band.size, m.colour, m)  # drawn into the kept canvas (MOTION-8)
        return False
    if ("fit",) not in m._art:  # the title's size found (fonts measured) in one frame,
        text.fit_size(m.title, 104, band.width - 420, True)  # its picture made in the next
        m._art[("fit",)] = True
        return False
    if "title" not in m._art:
        _art(m, "title", lambda: _fitted(m.title, 104, band.width - 420, m.colour, True))
        return False
    if "pop" not in m._art:  # the buffers its pop-in is scaled into (MOTION-8)
        w, h = m._art["title"].get_size()
        m._art["pop"] = (pygame.Surface((w * POP_MAX // 100 + 1, h), pygame.SRCALPHA),
                         pygame.Surface((w * POP_MAX // 100 + 1, h * POP_MAX // 100 + 1), pygame.SRCALPHA))
        return False
    for line in m.lines:
        if ("line", line) not in m._art:
            _art(m, ("line", line), lambda ln=line: _fitted(ln, LINE_SIZE, band.width - 240, theme.INK, False))
            return False
    return True


def _scaled(m: Moment, img: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """``img`` smoothscaled to ``size`` in the moment's pop buffers (MOTION-8): across, then
    down, each into a buffer made ahead (the same pixels as one smoothscale, which would
    map a new surface and a scratch buffer every frame)."""
    pop = m._art.get("pop")
    w, h = size
    if pop is None or w > pop[1].get_width() or h > pop[1].get_height():
        return pygame.transform.smoothscale(img, size)
    across = pygame.transform.smoothscale(img, (w, img.get_height()), pop[0].subsurface((0, 0, w, img.get_height())))
    return pygame.transform.smoothscale(across, size, pop[1].subsurface((0, 0, w, h)))


def confetti(surf: pygame.Surface, band: pygame.Rect, u: float) -> None:
    """Paper bits falling through the band (a winner's moment); fixed pattern, no rng."""
    fall = band.height + 120
    for i in range(48):
        x = (i * 397 + 53) % band.width
        y = band.top - 60 + ((i * 131) % fall + u * fall * (0.8 + (i % 5) * 0.1)) % fall
        colour = theme.SEAT_COLOURS[i % len(theme.SEAT_COLOURS)] if i % 3 else theme.ACCENT
        w = 8 + (i % 4) * 3
        pygame.draw.rect(surf, colour, (band.left + x, int(y), w, w // 2 + 3), border_radius=2)


def _art(m: Moment, key, make) -> pygame.Surface:
    """A moment's rendered text, made once per moment."""
    img = m._art.get(key)
    if img is None:
        img = m._art[key] = make()
    return img


def _fitted(line: str, size: int, width: int, colour, bold: bool) -> pygame.Surface:
    return text.render(line, text.fit_size(line, size, width, bold), colour, bold)


_SURFS: dict[str, pygame.Surface] = {}  # "canvas": the kept band canvas (MOTION-8)
_DRAWN: dict[str, tuple] = {}  # "key": the band drawn in it now
BAND_ROWS = 560  # 1920x560 (4.1 MiB): the tallest band (Toutomi's burst) is 548 rows
BANDS_BYTES = theme.W * BAND_ROWS * 4  # kept; a taller band is made for its moment alone
POP_MAX = 107  # percent: the title's pop-in overshoots to 1.06


def _band(size: tuple[int, int], colour, m: Moment | None = None) -> pygame.Surface:
    """A moment's band: a subsurface of the kept canvas, redrawn (~0.3 ms) when another
    band is asked for (MOTION-8)."""
    w, h = size
    if w * h * 4 > BANDS_BYTES:  # taller than any the games show: made for its moment alone
        return _art(m, "tall", lambda: _paint_band(pygame.Surface(size), colour)) if m else \
            _paint_band(pygame.Surface(size), colour)
    s = band_canvas(w).subsurface((0, 0, w, h))
    if _DRAWN.get("key") != (size, tuple(colour)):
        _DRAWN["key"] = (size, tuple(colour))
        _paint_band(s, colour)
    return s


def band_canvas(w: int = theme.W) -> pygame.Surface:
    """The kept band canvas, made now if it is not made yet (MOMENT-ART-1: a play scene makes
    it while it is built, not in the frame of the first moment, a person's landing move)."""
    canvas = _SURFS.get("canvas")
    if canvas is None or canvas.get_width() < w:
        canvas = _SURFS["canvas"] = pygame.Surface((w, BANDS_BYTES // (4 * w)))
        _DRAWN.clear()
    return canvas


def _band_ready(m: Moment, size: tuple[int, int]) -> bool:
    return "tall" in m._art or _DRAWN.get("key") == (size, tuple(m.colour))


def _paint_band(s: pygame.Surface, colour) -> pygame.Surface:
    s.fill((16, 18, 28))
    w, h = s.get_size()
    pygame.draw.rect(s, colour, (0, 0, w, 8))
    pygame.draw.rect(s, colour, (0, h - 8, w, 8))
    for i in range(0, w, 48):  # a faint diagonal texture, so the band reads as a banner
        pygame.draw.line(s, (24, 27, 40), (i, 8), (i - 60, h - 8), 14)
    return s
