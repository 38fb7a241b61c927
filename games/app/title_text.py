"""The texts of the title's first frame, remembered between starts like its tile pictures.

Drawing the title's texts the first time opens about ten font faces (FreeType and
HarfBuzz tables of the CJK font, ~0.35 MiB each, with their glyph caches) and renders
and measures some thirty lines: ~4.5 MiB and ~8.5 ms CPU of the first frame, for texts
that are the same on every start.  ``title_text.bin`` in the user data folder holds the
renderings (raw pixels) and measurements (``text.fit_size``, ``wrap``, ``fit_lines``)
that the last start's first title frame used, stamped with the fingerprint of every file
under games/ and data/ (games/app/startup.py) and of the fonts and pygame/SDL_ttf that
drew them.  Read back (~1 ms), they are put into games/ui/text.py's caches, so an
unchanged title draws its first frame without opening a font: a face opens when a text
is first drawn that the file does not hold (a hover, another screen), as before.

APP-TITLE-TEXT-1 (perf, issue 13): what is remembered is exactly what the first title frame drew,
nothing merged from earlier starts: when that frame needed anything not in the file (a
new version, the other language, a Continue hint with another count), the file is
rewritten once, in that frame (~2 ms), and remembered entries the frame did not use are
dropped from the caches again.  A missing, short, foreign or oversized file is ignored
and replaced; nothing in it is ever run (the tiles' file format, games/app/pixel_file.py).
Pixels are kept as SDL_ttf made them (32-bit
ARGB with alpha, compared byte for byte by tests/test_title_text.py).
"""
from __future__ import annotations

import logging
from pathlib import Path

import pygame

from games.app import pixel_file
from games.ui import text

FILE = "title_text.bin"
MAGIC = b"TABLE-TEXT 1\n"
TEXT_BYTES = 4 * 2**20  # the file at most (the title's texts are ~1.2 MiB)
MAX_SIDE = 4096
MASKS = (0xFF0000, 0xFF00, 0xFF, 0xFF000000)  # SDL_ttf's blended text: ARGB8888

log = logging.getLogger(__name__)
_state = {"begun": False, "restored": set(), "measured": set()}


def _paths() -> list[Path]:
    """The user folder's file, then the install's (storage.py APP-STORAGE-1)."""
    from games.app.storage import remembered_paths
    return remembered_paths(FILE)


def _stamp() -> str | None:
    """The code's fingerprint and the fonts' and renderer's versions; None: do not remember."""
    from games.app.startup import code_stamp
    code = code_stamp()
    if code is None:
        return None
    try:
        fonts = [f"{p.name}:{p.stat().st_size}:{p.stat().st_mtime_ns}" for p in text.FONT_FILES.values()]
    except OSError:
        return None
    return "|".join([code, pygame.version.ver, str(pygame.font.get_sdl_ttf_version()), *fonts])


def begin() -> None:
    """Before the run's first title frame: restore the remembered texts, note what is used."""
    if _state["begun"]:
        return
    _state["begun"] = True
    stamp = _stamp()
    for path in _paths() if stamp is not None else ():
        try:
            _restore(stamp, path)
            break
        except (OSError, ValueError, TypeError, pygame.error):
            pass  # the next place, else drawn (and remembered) anew
    text.note_used(True)


def end() -> None:
    """After the run's first title frame: drop unused remembered texts, rewrite if needed."""
    used = text.note_used(False)
    if used is None:
        return
    renders, measures = used
    restored, measured = _state["restored"], _state["measured"]
    text.forget(restored - renders, measured - measures)
    _state["restored"], _state["measured"] = set(), set()
    if (renders - restored or measures - measured) and (stamp := _stamp()) is not None:
        _save(stamp, renders, measures)


def _restore(stamp: str, path: Path) -> None:
    """Read the file entry by entry (never the whole of it at once) into text's caches;
    nothing is adopted unless every entry is sound."""
    surfaces = []

    def take(what: tuple, raw: bytes) -> None:
        key, size = what
        surf = pygame.image.frombytes(raw, size, "BGRA")
        if surf.get_masks() != MASKS:
            raise ValueError("not SDL_ttf's pixels")
        surfaces.append((key, surf))
    head = pixel_file.read(path, MAGIC, TEXT_BYTES, stamp, "texts", _render_key, take)
    measures = [_measure(e) for e in head.get("measures", ())]
    for key, surf in surfaces:
        text.adopt_rendering(key, surf)
        _state["restored"].add(key)
    for key, value in measures:
        text.adopt_measure(key, value)
        _state["measured"].add(key)


def _render_key(entry) -> tuple[tuple, int, int]:
    """(((text, size, colour, bold), (width, height)), width, height) of a header entry;
    ValueError if odd."""
    if not (isinstance(entry, list) and len(entry) == 6):
        raise ValueError("bad text entry")
    words, size, colour, bold, w, h = entry
    if not (isinstance(words, str) and type(size) is int and 0 < size < 1000 and type(bold) is bool
            and isinstance(colour, list) and len(colour) in (3, 4)
            and all(type(c) is int and 0 <= c <= 255 for c in colour)
            and all(type(v) is int and 0 < v <= MAX_SIDE for v in (w, h))):
        raise ValueError("bad text entry")
    return ((words, size, tuple(colour), bold), (w, h)), w, h


def _measure(entry) -> tuple[tuple, object]:
    """(key, value) of a remembered measurement: "fit" -> size, "wrap" -> lines,
    "lines" -> (size, lines), the types text.py keeps; ValueError for anything else."""
    if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], list) and entry[0]):
        raise ValueError("bad measure entry")
    key, value = entry
    kind = key[0]
    if not all(type(v) in (str, int, bool) for v in key) or kind not in ("fit", "wrap", "lines"):
        raise ValueError("bad measure entry")

    def lines(v) -> tuple[str, ...]:
        if not (isinstance(v, list) and all(isinstance(s, str) for s in v)):
            raise ValueError("bad lines")
        return tuple(v)
    if kind == "fit" and type(value) is int:
        return tuple(key), value
    if kind == "wrap":
        return tuple(key), lines(value)
    if kind == "lines" and isinstance(value, list) and len(value) == 2 and type(value[0]) is int:
        return tuple(key), (value[0], lines(value[1]))
    raise ValueError("bad measure entry")


def _save(stamp: str, renders: set, measures: set) -> None:
    """Write what the first frame used; too large or unreadable entries are left out."""
    texts, blobs, total = [], [], 0
    for key in sorted(renders, key=repr):
        surf = text.rendering(key)
        if surf is None or surf.get_bitsize() != 32 or surf.get_masks() != MASKS:
            continue
        w, h = surf.get_size()
        if not 0 < max(w, h) <= MAX_SIDE or total + w * h * 4 > TEXT_BYTES // 2:
            continue
        texts.append([key[0], key[1], list(key[2]), key[3], w, h])
        blobs.append(pygame.image.tobytes(surf, "BGRA"))
        total += w * h * 4
    kept = []
    for key in sorted(measures, key=repr):
        value = text.measurement(key)
        if value is not None and key[0] in ("fit", "wrap", "lines"):
            kept.append([list(key), list(value) if key[0] == "wrap" else
                         [value[0], list(value[1])] if key[0] == "lines" else value])
    for path in _paths():
        try:
            pixel_file.write(path, MAGIC, {"stamp": stamp, "texts": texts, "measures": kept}, blobs, TEXT_BYTES)
        except OSError as err:  # a read-only folder only costs the next start its fonts
            log.info("title texts not remembered in %s: %s", path.parent, err)
