"""Pictures remembered between starts: one file format for the title's tiles and texts.

A file is ``MAGIC``, one JSON header line (``{"stamp": ..., <list>: [...], ...}``) and the
raw pixels of each picture its list names, in order.  ``read`` gives the header and each
picture's bytes only when the file is whole and was written for this ``stamp`` (the code's
fingerprint, games/app/startup.py): a missing, short, foreign, oversized or trailing-bytes
file raises (``OSError``/``ValueError``) and the caller paints anew; nothing in it is ever
run.  The pixels are read picture by picture, never the whole file at once beside the
surfaces made from it (that was the title's first-frame peak).  ``write`` is atomic.
Used by games/app/title_art.py (tiles, RGBA) and games/app/title_text.py (texts, BGRA).
"""
from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterable
from pathlib import Path

from games.core.regular import open_regular


def read(path: Path, magic: bytes, max_bytes: int, stamp: str, list_key: str,
         entry: Callable[[object], tuple[object, int, int]], take: Callable[[object, bytes], None]) -> dict:
    """The header of a file written for ``stamp``, after handing each picture to
    ``take(what, pixels)``, one at a time (never two pictures' bytes at once); ``entry``
    turns each item of ``header[list_key]`` into (what it is, width, height) or raises
    ValueError.  Everything is checked before the first picture is read."""
    with open_regular(path, max_bytes) as fh:  # a FIFO or device raises at once (never a hang)
        size = fh.seek(0, io.SEEK_END)
        fh.seek(0)
        if size > max_bytes or fh.read(len(magic)) != magic:
            raise ValueError("not our file")
        line = fh.readline(max_bytes)
        if not line.endswith(b"\n"):
            raise ValueError("no header")
        head = json.loads(line)
        if not isinstance(head, dict) or head.get("stamp") != stamp or not isinstance(head.get(list_key), list):
            raise ValueError("another version's file")
        entries = [entry(item) for item in head[list_key]]
        if sum(w * h * 4 for _, w, h in entries) != size - fh.tell():
            raise ValueError("short file or trailing bytes")
        for what, w, h in entries:
            take(what, fh.read(w * h * 4))
    return head


def write(path: Path, magic: bytes, head: dict, pixels: Iterable[bytes], max_bytes: int) -> bool:
    """Write atomically; False (nothing written) when it would be over ``max_bytes``.
    OSError (a read-only folder) is the caller's to log."""
    blob = magic + json.dumps(head, ensure_ascii=False).encode() + b"\n" + b"".join(pixels)
    if len(blob) > max_bytes:
        return False
    from games.core.record import atomic_write_bytes  # at save time only: not a start-up import
    atomic_write_bytes(path, blob)
    return True
