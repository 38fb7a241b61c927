"""The title's tile pictures, remembered between starts like the start-up check's verdict.

Painting the five tiles (supersampled ornaments, games/ui/tiles.py) is about 10 ms of the
title's first frame; reading their pixels back is well under 1 ms.  ``title_tiles.bin``
in the user data folder holds a header line and the raw RGBA pixels of the tiles the
last start drew, stamped with the fingerprint of every file under games/ and data/
(games/app/startup.py): after any edit or update they are painted anew.  A missing,
short, foreign or oversized file is ignored and replaced; nothing in it is ever run.
The file (games/app/pixel_file.py) is read tile by tile, never whole beside the pictures
made from it: that 1.1 MiB of bytes was the title's peak memory at its first frame.
The title's texts are remembered the same way, in the same format (games/app/title_text.py).
"""
from __future__ import annotations

import logging
from pathlib import Path

import pygame

from games.app import pixel_file
from games.ui import tiles

FILE = "title_tiles.bin"
MAGIC = b"TABLE-TILES 1\n"
ART_BYTES = 4 * 2**20  # the file at most: five 326x170 tiles are 1.1 MiB (dimmed copies fit too)
MAX_SIDE = 2048

log = logging.getLogger(__name__)
_remembered: dict[tuple, pygame.Surface] = {}  # (game, w, h, dimmed) -> read back this start
_painted: dict[tuple, pygame.Surface] = {}  # tiles painted this start, not yet written
_loaded = False


def tile(game_id: str, size: tuple[int, int], dimmed: bool) -> pygame.Surface:
    """The picture of a title tile: read back if the last start of this same code drew it."""
    _load()
    key = (game_id, size[0], size[1], dimmed)
    img = _remembered.get(key)
    if img is None:
        img = tiles.tile_art(game_id, size, dimmed)
        _painted[key] = img
    return img


def _paths() -> list[Path]:
    """The user folder's file, then the install's (storage.py APP-STORAGE-1)."""
    from games.app.storage import remembered_paths
    return remembered_paths(FILE)


def _stamp() -> str | None:
    from games.app.startup import code_stamp
    return code_stamp()


def _load() -> None:
    """Read the file once per run; any problem just means painting (and rewriting) it."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    stamp = _stamp()
    if stamp is None:
        return
    for path in _paths():
        try:
            pixel_file.read(path, MAGIC, ART_BYTES, stamp, "tiles", _entry, _take)
            return
        except (OSError, ValueError, pygame.error):
            _remembered.clear()


def _take(key: tuple, raw: bytes) -> None:
    _remembered[key] = pygame.image.frombytes(raw, key[1:3], "RGBA").convert_alpha()


def _entry(item) -> tuple[tuple, int, int]:
    """(game, w, h, dimmed) of a header entry, with its size; ValueError if odd."""
    if not (isinstance(item, list) and len(item) == 4 and isinstance(item[0], str)
            and all(type(v) is int and 0 < v <= MAX_SIDE for v in item[1:3]) and type(item[3]) is bool):
        raise ValueError("bad tile entry")
    return tuple(item), item[1], item[2]


def save_if_painted() -> None:
    """Write the tiles when any had to be painted this start (once per code version)."""
    stamp = _stamp()
    if not _painted or stamp is None:
        return
    drawn = {**_remembered, **_painted}
    _painted.clear()
    for path in _paths():
        try:
            pixel_file.write(path, MAGIC, {"stamp": stamp, "tiles": [list(k) for k in drawn]},
                             (pygame.image.tobytes(img, "RGBA") for img in drawn.values()), ART_BYTES)
        except OSError as err:  # a read-only folder only costs the next start ~10 ms
            log.info("title tiles not remembered in %s: %s", path.parent, err)
