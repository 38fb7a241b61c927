"""The title's tile pictures, remembered between starts like the start-up check's verdict.

Painting the five tiles (supersampled ornaments, games/ui/tiles.py) is about 10 ms of the
title's first frame; reading their pixels back is well under 1 ms.  ``title_tiles.bin``
in the user data folder holds a header line and the raw RGBA pixels of the tiles the
last start drew, stamped with the fingerprint of every file under games/ and data/
(games/app/startup.py): after any edit or update they are painted anew.  A missing,
short, foreign or oversized file is ignored and replaced; nothing in it is ever run.
The file is read tile by tile (its size checked first), never whole beside the pictures
made from it: that 1.1 MiB of bytes was the title's peak memory at its first frame.
The title's texts are remembered the same way (games/app/title_text.py).
"""
from __future__ import annotations

import io
import json
import logging
from pathlib import Path

import pygame

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


def _path() -> Path:
    from games.app.storage import data_dir
    return data_dir() / FILE


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
    try:
        with open(_path(), "rb") as fh:
            _remembered.update(_read(fh, stamp))
    except (OSError, ValueError, pygame.error):
        _remembered.clear()


def _parse(blob: bytes, stamp: str) -> dict[tuple, pygame.Surface]:
    """The tiles of a file's bytes written for ``stamp``; ValueError for anything else."""
    return _read(io.BytesIO(blob), stamp)


def _read(fh, stamp: str) -> dict[tuple, pygame.Surface]:
    """The tiles of a file written for ``stamp``, read tile by tile: never the whole file's
    bytes at once beside its pictures (1.1 MiB more at the title's first frame's peak)."""
    size = fh.seek(0, io.SEEK_END)
    fh.seek(0)
    if size > ART_BYTES or fh.read(len(MAGIC)) != MAGIC:
        raise ValueError("not a tile file")
    line = fh.readline(ART_BYTES)
    if not line.endswith(b"\n"):
        raise ValueError("no header")
    head = json.loads(line)
    if not isinstance(head, dict) or head.get("stamp") != stamp or not isinstance(head.get("tiles"), list):
        raise ValueError("another version's tiles")
    entries = []
    for entry in head["tiles"]:
        if not (isinstance(entry, list) and len(entry) == 4 and isinstance(entry[0], str)
                and all(type(v) is int and 0 < v <= MAX_SIDE for v in entry[1:3]) and type(entry[3]) is bool):
            raise ValueError("bad tile entry")
        entries.append(tuple(entry))
    if sum(w * h * 4 for _, w, h, _ in entries) != size - fh.tell():
        raise ValueError("short file or trailing bytes")
    out = {}
    for gid, w, h, dimmed in entries:
        out[(gid, w, h, dimmed)] = pygame.image.frombytes(fh.read(w * h * 4), (w, h), "RGBA").convert_alpha()
    return out


def save_if_painted() -> None:
    """Write the tiles when any had to be painted this start (once per code version)."""
    stamp = _stamp()
    if not _painted or stamp is None:
        return
    drawn = {**_remembered, **_painted}
    _painted.clear()
    head = json.dumps({"stamp": stamp, "tiles": [list(k) for k in drawn]}).encode()
    blob = MAGIC + head + b"\n" + b"".join(pygame.image.tobytes(img, "RGBA") for img in drawn.values())
    if len(blob) > ART_BYTES:
        return
    path = _path()
    from games.core.record import atomic_write_bytes  # at save time only: not a start-up import
    try:
        atomic_write_bytes(path, blob)
    except OSError as err:  # a read-only folder only costs the next start ~10 ms
        log.info("title tiles not remembered: %s", err)
