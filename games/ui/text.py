"""Fonts and cached text: a frame should blit surfaces, never render glyphs again.

The bundled Noto Sans CJK JP subset (sprites/fonts, OFL) covers Japanese and Latin.
``wrap`` breaks Latin text at spaces and Japanese between phrases (BudouX, which ships its
model in the wheel and works offline), with kinsoku: closing punctuation (、。」) never
starts a line and opening brackets (「（) never end one.  A phrase wider than the whole
line is the only thing ever split, character by character, still with kinsoku.

``AUDIT`` records the smallest font size drawn, so a test can walk every screen and prove
that no text falls below ``MIN_SIZE`` (14 px on a 1366×768 screen).

TEXT-27 (issue 27.7) ``MIN_SIZE`` follows the window the table really opens on the smallest
supported screen (games/ui/window.py ``smallest_scale``: 1280×720 on a 1366×768 or
1280×800 desktop, scale 2/3, so 21 canvas px), and no face is ever made smaller: a
smaller size asked for (a layout made for the old 20) is measured, wrapped and drawn at
``MIN_SIZE``, so what is measured is what is drawn.
"""
from __future__ import annotations

import functools
import math
from collections import OrderedDict
from collections.abc import Iterator

import pygame

from games.core.bounded import BytesLRU, entry_bytes, pixel_bytes
from games.core.resources import sprite_path
from games.core.safe_text import clean_text
from games.ui import drawn, window

FONT_DIR = sprite_path("fonts")  # checkout, installed package or app folder alike
FONT_FILES = {False: FONT_DIR / "NotoSansJP-Regular.otf", True: FONT_DIR / "NotoSansJP-Bold.otf"}
NO_LINE_START = set("、。，．・：；？！ー）」』】〉》ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ,.!?:;)]}%…‥〜～")
NO_LINE_END = set("（「『【〈《([{")
SOFT_BREAKS = "：、。，）」"  # inside an over-long phrase, the best places to break
# 14 px in the first window on the smallest supported screen is this many canvas pixels (TEXT-27)
MIN_SIZE = math.ceil(14 / window.smallest_scale() - 1e-9)


@functools.lru_cache(maxsize=1)
def _parser():
    """BudouX's Japanese model, loaded on the first Japanese wrap (not before the title)."""
    import budoux
    return budoux.load_default_japanese_parser()


def warm_wrapping() -> None:
    """Load BudouX now (a screen being built), not in the frame of the first Japanese line."""
    _parser()


class SizeAudit:
    """The smallest font size rendered since ``reset`` (and one text drawn at it)."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.smallest: int | None = None
        self.sample = ""
        self.below: dict[str, int] = {}  # texts drawn under MIN_SIZE -> size (bounded)

    def note(self, size: int, what: str) -> None:
        if not what.strip():
            return
        if self.smallest is None or size < self.smallest:
            self.smallest, self.sample = size, what
        if size < MIN_SIZE and len(self.below) < 64:
            self.below[what] = size


AUDIT = SizeAudit()

_fonts: OrderedDict = OrderedDict()  # (size, bold) -> Font, least recently used first
# Open faces per weight.  A face costs ~0.36 MiB (FreeType/HarfBuzz tables of the CJK font)
# plus its glyph cache (<= 256 glyphs: ~0.2 MiB at 28 px, ~0.5 MiB at 60 px), so both
# weights stay under ~8 MiB.  A new size reuses the least recently used face of its
# weight (``point_size``: the same rendering as a fresh Font), never opens another.
FONT_FACES = 6
_measure: dict = {}  # bold -> the one face fit_size tries sizes on (never evicts a drawing face)
CACHE_BYTES = 8 * 2**20  # bytes of rendered text kept (least recently used goes first)
_cache = BytesLRU(CACHE_BYTES, pixel_bytes)  # (text, size, colour, bold) -> Surface
# measured text kept, (what, text, size, width, bold, ...) -> lines or size, by its key's and
# answer's bytes (games/core/bounded.py deep_bytes: ~10.6 B a character of the texts measured, so
# about the 32 K characters it kept before it counted bytes; full within the demo's first minutes)
MEASURE_BYTES = 384 * 1024
_measures = BytesLRU(MEASURE_BYTES, entry_bytes)
# paragraph -> its unbreakable pieces (any size, any width): ~17 B a character by deep_bytes, so
# ~15 K characters; full within the first minutes of the demo, not after ~45 (memory.py APP-MEMORY-18)
PIECES_BYTES = 2**18
_pieces = BytesLRU(PIECES_BYTES, entry_bytes)
_primed: dict[str, tuple[str, ...]] = {}  # pieces found by another thread (a bot worker), taken here
# paragraphs waiting to be taken (a few moves' lines; taken ones leave at once, all go when
# 64 wait): ~0.1 MiB of log lines, < 4 MiB even at 64 of TEXT_MAX (2000) characters.  Not a
# BytesLRU: a bot worker adds and the frame takes, and a dict's single steps are thread-safe
PRIMED_KEPT = 64


def reset() -> None:
    """Forget fonts and renderings (after pygame.quit(), fonts are invalid)."""
    _fonts.clear()
    _measure.clear()
    _cache.clear()
    _measures.clear()
    _pieces.clear()
    _primed.clear()


# keys drawn and measured while a screen notes what it uses (games/app/title_text.py APP-TITLE-TEXT-1)
_noted: tuple[set, set] | None = None


def note_used(on: bool) -> tuple[set, set] | None:
    """Start noting the keys of renderings and measurements used (``on``), or stop and
    return (render keys, measure keys) noted since the start (None if not noting)."""
    global _noted
    noted, _noted = _noted, ((set(), set()) if on else None)
    return noted


def adopt_rendering(key: tuple, surf: pygame.Surface) -> None:
    """Put a rendering made earlier (``(text, size, colour, bold)``) into the cache."""
    _cache.put(key, surf)


def adopt_measure(key: tuple, value) -> None:
    """Put a measurement made earlier (a ``_measured`` key and value) into the memo."""
    _measured(key, lambda: value)


def rendering(key: tuple) -> pygame.Surface | None:
    """The cached rendering of ``key``, if any (not counted as a use)."""
    return _cache.peek(key)


def measurement(key: tuple):
    """The memo of a measurement, if any (not counted as a use)."""
    return _measures.peek(key)


def forget(renders, measures) -> None:
    """Drop these renderings and measurements (adopted ones that were never used)."""
    for key in renders:
        _cache.pop(key)
    for key in measures:
        _measures.pop(key)


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The font at ``size`` (use it at once: a face is re-sized when ``FONT_FACES`` are busy);
    never below ``MIN_SIZE`` (TEXT-27)."""
    size = max(size, MIN_SIZE)
    key = (size, bold)
    f = _fonts.get(key)
    if f is not None:
        _fonts.move_to_end(key)
        return f
    same = [k for k in _fonts if k[1] == bold]
    if len(same) >= FONT_FACES:
        f = _fonts.pop(same[0])  # the least recently used face of this weight, re-sized
        f.point_size = size
    else:
        f = pygame.font.Font(str(FONT_FILES[bold]), size)
    _fonts[key] = f
    return f


def _measuring_font(size: int, bold: bool) -> pygame.font.Font:
    """One face per weight for trying sizes (fit_size): trials never evict a drawing face."""
    size = max(size, MIN_SIZE)
    f = _fonts.get((size, bold))
    if f is not None:
        return f
    f = _measure.get(bold)
    if f is None:
        f = _measure[bold] = pygame.font.Font(str(FONT_FILES[bold]), size)
    elif f.point_size != size:
        f.point_size = size
    return f


def _measured(key: tuple, compute):
    """Wrapping and fitting are measured once per text, not every frame (bounded memo)."""
    if _noted is not None:
        _noted[1].add(key)
    found = _measures.get(key)
    if found is None:
        found = _measures.put(key, compute())
    return found


def sanitize(text: str, keep_newlines: bool = False) -> str:
    """Text safe to hand to SDL_ttf: no NUL or other control characters, no lone surrogates,
    at most ``TEXT_MAX`` characters (a megabyte of name would stall the frame).

    Called on every cache miss of render/wrap/fit_size, so any text a person or a file
    supplied is made safe before it is drawn (games/core/safe_text.py decides what goes).
    """
    return clean_text(text, keep_newlines=keep_newlines)


def render(text: str, size: int, colour=(240, 240, 235), bold: bool = False) -> pygame.Surface:
    """A cached anti-aliased rendering of one line (never below ``MIN_SIZE``, TEXT-27)."""
    size = max(size, MIN_SIZE)
    AUDIT.note(size, text)
    key = (text, size, tuple(colour), bold)
    if _noted is not None:
        _noted[0].add(key)
    surf = _cache.get(key)
    if surf is None:
        surf = _cache.put(key, font(size, bold).render(sanitize(text), True, colour))
    return surf


def _is_cjk(ch: str) -> bool:
    return ord(ch) > 0x2E7F


def _script(ch: str) -> str:
    """Katakana, hiragana, kanji or other: a change is a fair place to break a long word."""
    o = ord(ch)
    if 0x30A0 <= o <= 0x30FF:
        return "kata"
    if 0x3040 <= o <= 0x309F:
        return "hira"
    if 0x4E00 <= o <= 0x9FFF:
        return "kanji"
    return "other"


def _tokens(text: str) -> list[str]:
    """Unbreakable pieces: words and spaces for Latin, BudouX phrases for Japanese.

    Kinsoku is applied here: a piece that starts with closing punctuation joins the one
    before it, a piece that ends with an opening bracket joins the one after it.
    """
    pieces: list[str] = []
    for phrase in (_parser().parse(text) if any(_is_cjk(c) for c in text) else [text]):
        word = ""
        for ch in phrase:
            if ch == " ":
                if word:
                    pieces.append(word)
                pieces.append(" ")
                word = ""
            else:
                word += ch
        if word:
            pieces.append(word)
    return _kinsoku(pieces)


def _pieces_of(para: str) -> tuple[str, ...]:
    """``_tokens`` of a paragraph, found once (BudouX is the slow part of wrapping) and
    shared by every size and width it is wrapped at (bounded memo)."""
    found = _pieces.get(para)
    if found is None:
        found = _pieces.put(para, _primed.pop(para, None) or tuple(_tokens(para)))
    return found


def prime(text: str) -> None:
    """Find the pieces of ``text`` ahead (pure Python, safe in a worker thread): the frame
    that first wraps it then only measures.  What is never taken is bounded."""
    for para in sanitize(text, keep_newlines=True).split("\n"):
        if para and para not in _primed:
            if len(_primed) >= PRIMED_KEPT:
                _primed.clear()
            _primed[para] = tuple(_tokens(para))


def _kinsoku(pieces: list[str]) -> list[str]:
    """Move leading closing marks to the piece before, trailing opening marks to the next."""
    out: list[str] = []
    carry = ""
    for piece in pieces:
        if piece == " ":
            if carry:
                out.append(carry)
                carry = ""
            out.append(piece)
            continue
        piece = carry + piece
        carry = ""
        lead = 0
        while lead < len(piece) and piece[lead] in NO_LINE_START:
            lead += 1
        if lead and out and out[-1] != " ":
            out[-1] += piece[:lead]
            piece = piece[lead:]
        trail = len(piece)
        while trail > 0 and piece[trail - 1] in NO_LINE_END:
            trail -= 1
        piece, carry = piece[:trail], piece[trail:]
        if piece:
            out.append(piece)
    if carry:
        out.append(carry)
    return _join_single(out)


def _join_single(pieces: list[str]) -> list[str]:
    """A lone kanji joins the kanji phrase after it (BudouX sometimes cuts 登|場時)."""
    out: list[str] = []
    for piece in pieces:
        if out and len(out[-1]) == 1 and _script(out[-1]) == "kanji" and piece != " " \
                and _script(piece[0]) == "kanji":
            out[-1] += piece
        else:
            out.append(piece)
    return out


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Lines of ``text`` that fit ``width`` pixels (explicit newlines are kept)."""
    return list(_measured(("wrap", text, size, width, bold),
                          lambda: tuple(_wrap(sanitize(text, keep_newlines=True), size, width, bold))))


def _split_long(piece: str, f: pygame.font.Font, width: int) -> list[str]:
    """A phrase wider than a line, cut between characters (kinsoku kept): the last resort."""
    if not any(_is_cjk(c) for c in piece):
        return [piece]  # a Latin word is never cut; it may run past the edge instead
    parts: list[str] = []
    line = ""
    for ch in piece:
        if line and f.size(line + ch)[0] > width and ch not in NO_LINE_START \
                and line[-1] not in NO_LINE_END:
            soft = max(line.rfind(m) for m in SOFT_BREAKS) + 1  # after ：、。 if the line has one
            if soft <= 0:  # else where the script changes (パワー|2以下), if not too early
                soft = max((i for i in range(2, len(line)) if _script(line[i - 1]) != _script(line[i])
                            and line[i] not in NO_LINE_START and line[i - 1] not in NO_LINE_END), default=0)
            while 0 < soft < len(line) and line[soft] in NO_LINE_START:
                soft += 1
            if 0 < soft < len(line):
                parts.append(line[:soft])
                line = line[soft:]
            else:
                parts.append(line)
                line = ""
        line += ch
    return parts + [line] if line else parts


def _wrap(text: str, size: int, width: int, bold: bool) -> list[str]:
    f = font(size, bold)
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for tok in _pieces_of(para):
            if tok == " " and not line:
                continue  # no line starts with a space
            cand = line + tok
            if f.size(cand.rstrip())[0] <= width:
                line = cand
                continue
            if line.strip():
                lines.append(line.rstrip())
                line = ""
            if tok == " ":
                continue
            parts = _split_long(tok, f, width) if f.size(tok)[0] > width else [tok]
            lines.extend(parts[:-1])
            line = parts[-1]
        lines.append(line.rstrip())
    return lines


def draw(surf: pygame.Surface, text: str, pos: tuple[int, int], size: int = 28,
         colour=(240, 240, 235), bold: bool = False, anchor: str = "topleft") -> pygame.Rect:
    """Blit cached text anchored at ``pos`` (any pygame.Rect attribute name)."""
    img = render(text, size, colour, bold)
    rect = img.get_rect(**{anchor: pos})
    surf.blit(img, rect)
    if drawn.NOTES is not None:  # a table's draw noted for a test (games/ui/drawn.py)
        drawn.text(surf, text, rect)
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


def fit_size(text: str, size: int, width: int, bold: bool = False, minimum: int = MIN_SIZE) -> int:
    """Largest size <= ``size`` at which ``text`` fits on one line of ``width``."""
    def compute() -> int:
        shown = sanitize(text)
        wide = _measuring_font(size, bold).size(shown)[0]
        if wide <= width or size <= minimum:
            return size
        return _fit_from(shown, size, width, bold, minimum, size * width / wide)
    return _measured(("fit", text, size, width, bold, minimum), compute)


def _fit_from(shown: str, size: int, width: int, bold: bool, minimum: int, guess: float) -> int:
    """``fit_size``'s answer: the largest of ``size``, ``size - 2``, ... or ``minimum`` that fits.

    TEXT-28 (perf, issue 31) searched from ``guess`` (widths grow with the size) instead of
    stepping down from ``size``: two or three measurements instead of up to twenty (Suma's
    "BINGO!" flash fitted in the frame its move lands); the same answer as the stepping search."""
    def fits(s: int) -> bool:
        return _measuring_font(s, bold).size(shown)[0] <= width

    def above(s: int) -> int:  # the next size up that the stepping search would try
        return size - 2 * ((size - minimum - 1) // 2) if s == minimum else s + 2

    s = size - 2 * max(1, -int((guess - size) // 2))  # a step of the search at or under the guess
    s = max(minimum, s)
    while s > minimum and not fits(s):
        s = max(minimum, s - 2)
    while above(s) < size and fits(above(s)):
        s = above(s)
    return s


def fit_lines(text: str, size: int, width: int, height: int, bold: bool = False) -> tuple[int, list[str]]:
    """The largest size <= ``size`` (never below ``MIN_SIZE``) at which ``text`` fits
    ``width``: on one line if it can, else wrapped by phrase into as many lines as
    ``height`` holds.  Text stays readable: it wraps before it shrinks below the floor."""
    def compute() -> tuple[int, tuple[str, ...]]:
        steps = _fit_lines_steps(text, size, width, height, bold)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value
    s, lines = _measured(("lines", text, size, width, bold, height), compute)
    return s, list(lines)


def _fit_lines_steps(text: str, size: int, width: int, height: int, bold: bool):
    """``fit_lines``' search, pausing after each measurement; returns (size, lines)."""
    one = fit_size(text, size, width, bold, MIN_SIZE)
    yield
    if font(one, bold).size(text)[0] <= width:
        return one, (text,)
    s = size
    while True:
        lines = wrap(text, s, width, bold)
        yield
        if len(lines) * int(s * 1.2) <= height or s <= MIN_SIZE:
            return s, tuple(lines)
        s = max(MIN_SIZE, s - 2)


def fit_lines_ahead(text: str, size: int, width: int, height: int, bold: bool = False) -> Iterator[None]:
    """``fit_lines``' measuring, a size a step (the same search, its answer kept in the same
    memo, so ``fit_lines`` then only looks up): a long Japanese line can take a few
    milliseconds to fit, which a frame painting the next move ahead spreads over frames."""
    key = ("lines", text, size, width, bold, height)
    if key not in _measures:
        found = yield from _fit_lines_steps(text, size, width, height, bold)
        _measured(key, lambda: found)


def draw_fitted(surf: pygame.Surface, text: str, rect: pygame.Rect, size: int, colour=(240, 240, 235),
                bold: bool = False, align: str = "center") -> None:
    """``text`` inside ``rect`` at the largest readable size, wrapped if it must be."""
    s, lines = fit_lines(text, size, rect.width, rect.height, bold)
    step = int(s * 1.2)
    y = rect.centery - step * len(lines) // 2 + step // 2
    for line in lines:
        if align == "center":
            draw(surf, line, (rect.centerx, y), s, colour, bold, "center")
        else:
            draw(surf, line, (rect.left, y), s, colour, bold, "midleft")
        y += step
