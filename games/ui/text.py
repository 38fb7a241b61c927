"""Fonts and cached text: a frame should blit surfaces, never render glyphs again.

The bundled Noto Sans CJK JP subset (sprites/fonts, OFL) covers Japanese and Latin.
``wrap`` breaks Latin text at spaces and Japanese between characters, keeping closing
punctuation (、。」) off the start of a line (basic kinsoku).
"""
from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

import pygame

from games.core.safe_text import clean_text

FONT_DIR = Path(__file__).resolve().parents[2] / "sprites" / "fonts"
FONT_FILES = {False: FONT_DIR / "NotoSansJP-Regular.otf", True: FONT_DIR / "NotoSansJP-Bold.otf"}
NO_LINE_START = set("、。，．・：；？！ー）」』】〉》ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ,.!?:;)]}%")

_fonts: OrderedDict = OrderedDict()  # (size, bold) -> Font
FONTS_KEPT = 32  # open Font objects (each holds its own glyph cache: a few MiB)
_cache: OrderedDict = OrderedDict()
CACHE_BYTES = 12 * 2**20  # rendered text kept (least recently used goes first)
_cache_bytes = 0
_measures: OrderedDict = OrderedDict()  # (what, text, size, width, bold) -> lines or size
MEASURE_CHARS = 2 * 2**20  # characters of text kept as keys of measurements (~a few MiB)
_measure_chars = 0


def reset() -> None:
    """Forget fonts and renderings (after pygame.quit(), fonts are invalid)."""
    global _cache_bytes, _measure_chars
    _fonts.clear()
    _cache.clear()
    _cache_bytes = 0
    _measures.clear()
    _measure_chars = 0


def _size_of(surf: pygame.Surface) -> int:
    return surf.get_width() * surf.get_height() * surf.get_bytesize()


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The font at ``size``; at most ``FONTS_KEPT`` stay open (least recently used closes)."""
    key = (size, bold)
    f = _fonts.get(key)
    if f is None:
        f = _fonts[key] = pygame.font.Font(str(FONT_FILES[bold]), size)
        while len(_fonts) > FONTS_KEPT:
            _fonts.popitem(last=False)
    else:
        _fonts.move_to_end(key)
    return f


def _measured(key: tuple, compute):
    """Wrapping and fitting are measured once per text, not every frame (bounded memo)."""
    global _measure_chars
    found = _measures.get(key)
    if found is not None:
        _measures.move_to_end(key)
        return found
    found = compute()
    _measures[key] = found
    _measure_chars += len(key[1]) + 16
    while _measure_chars > MEASURE_CHARS and len(_measures) > 1:
        old_key, _ = _measures.popitem(last=False)
        _measure_chars -= len(old_key[1]) + 16
    return found


def sanitize(text: str, keep_newlines: bool = False) -> str:
    """Text safe to hand to SDL_ttf: no NUL or other control characters, no lone surrogates,
    at most ``TEXT_MAX`` characters (a megabyte of name would stall the frame).

    Called on every cache miss of render/wrap/fit_size, so any text a person or a file
    supplied is made safe before it is drawn (games/core/safe_text.py decides what goes).
    """
    return clean_text(text, keep_newlines=keep_newlines)


def render(text: str, size: int, colour=(240, 240, 235), bold: bool = False) -> pygame.Surface:
    """A cached anti-aliased rendering of one line."""
    global _cache_bytes
    key = (text, size, tuple(colour), bold)
    surf = _cache.get(key)
    if surf is None:
        surf = font(size, bold).render(sanitize(text), True, colour)
        _cache[key] = surf
        _cache_bytes += _size_of(surf)
        while _cache_bytes > CACHE_BYTES and len(_cache) > 1:
            _cache_bytes -= _size_of(_cache.popitem(last=False)[1])
    else:
        _cache.move_to_end(key)
    return surf


def _tokens(text: str) -> list[str]:
    """Words for Latin script, single characters for CJK."""
    out: list[str] = []
    word = ""
    for ch in text:
        if ch == " ":
            if word:
                out.append(word)
            out.append(" ")
            word = ""
        elif ord(ch) > 0x2E7F:
            if word:
                out.append(word)
                word = ""
            out.append(ch)
        else:
            word += ch
    if word:
        out.append(word)
    return out


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Lines of ``text`` that fit ``width`` pixels (explicit newlines are kept)."""
    return list(_measured(("wrap", text, size, width, bold),
                          lambda: tuple(_wrap(sanitize(text, keep_newlines=True), size, width, bold))))


def _wrap(text: str, size: int, width: int, bold: bool) -> list[str]:
    f = font(size, bold)
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for tok in _tokens(para):
            cand = line + tok
            if f.size(cand)[0] <= width or not line.strip():
                line = cand
            elif tok in NO_LINE_START:
                line = cand  # keep closing punctuation on this line
            else:
                lines.append(line.rstrip())
                line = "" if tok == " " else tok
        lines.append(line.rstrip())
    return lines


def draw(surf: pygame.Surface, text: str, pos: tuple[int, int], size: int = 28,
         colour=(240, 240, 235), bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    """Blit cached text anchored at ``pos`` (any pygame.Rect attribute name)."""
    img = render(text, size, colour, bold)
    rect = img.get_rect(**{anchor: pos})
    surf.blit(img, rect)
    return rect


def draw_wrapped(surf: pygame.Surface, text: str, rect: pygame.Rect, size: int = 26,
                 colour=(240, 240, 235), bold: bool = False, line_gap: float = 1.35,
                 align: str = "left") -> int:
    """Blit wrapped text inside ``rect``; returns the height used."""
    y = rect.top
    step = int(size * line_gap)
    for line in wrap(text, size, rect.width, bold):
        if y + step > rect.bottom + step // 3:
            break
        if line:
            img = render(line, size, colour, bold)
            x = rect.left if align == "left" else rect.centerx - img.get_width() // 2
            surf.blit(img, (x, y))
        y += step
    return y - rect.top


def fit_size(text: str, size: int, width: int, bold: bool = False, minimum: int = 12) -> int:
    """Largest size <= ``size`` at which ``text`` fits on one line of ``width``."""
    def compute() -> int:
        s, shown = size, sanitize(text)
        while s > minimum and font(s, bold).size(shown)[0] > width:
            s -= 2
        return s
    return _measured(("fit", text, size, width, bold, minimum), compute)
