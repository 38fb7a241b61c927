"""Opening the table's own files safely: only regular files, of a bounded size, never a hang.

A file the table reads at start-up (a data file, the start-up verdict, the remembered
pictures) may have been replaced by something else: a named pipe (FIFO), which blocks a
plain ``open`` until someone writes into it; a link to a device such as ``/dev/zero``,
which never ends; a link that leads back to itself; or a stray file of gigabytes.
``open_regular`` opens without blocking (``O_NONBLOCK``: a pipe opens at once, a regular
file is not affected), then checks what it opened (``fstat``: ``S_ISREG`` and the size)
before a byte is read; anything else raises ``FileRefused`` (an OSError) whose text is a
sentence for people.  ``reason`` turns any OSError into such a sentence.

REGULAR-1 (harden, issue 28): the check is made on the opened descriptor, not on the name
first: a file swapped between a ``stat`` and the ``open`` is still caught.
"""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
from typing import BinaryIO

NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # Windows has no FIFOs to block on
BINARY = getattr(os, "O_BINARY", 0)


class FileRefused(OSError):
    """A file the table will not read: not a regular file, or far too large."""


def open_regular(path: Path | str, max_bytes: int) -> BinaryIO:
    """``path`` opened for binary reading, checked to be a regular file of at most
    ``max_bytes``; raises FileRefused (or the OSError of the open) otherwise."""
    fd = os.open(str(path), os.O_RDONLY | NONBLOCK | BINARY)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(errno.EINVAL, kind_of(info.st_mode))
        if info.st_size > max_bytes:
            raise FileRefused(errno.EFBIG, f"is larger than {_size(max_bytes)} ({_size(info.st_size)})")
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_regular(path: Path | str, max_bytes: int) -> bytes:
    """The whole content of a regular file of at most ``max_bytes`` (see ``open_regular``);
    never more than ``max_bytes`` are read, even from a file that grows meanwhile."""
    with open_regular(path, max_bytes) as fh:
        data = fh.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise FileRefused(errno.EFBIG, f"is larger than {_size(max_bytes)}")
    return data


def reason(exc: OSError) -> str:
    """A sentence for ``exc`` (e.g. "is a link that leads back to itself")."""
    if isinstance(exc, FileRefused):
        return exc.strerror or str(exc)
    if exc.errno == errno.ELOOP:
        return "is a link that leads back to itself (a loop of symbolic links)"
    if exc.errno == errno.ENOENT:
        return "is missing"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "may not be read (permission denied)"
    return f"cannot be read ({exc.strerror or exc})"


def kind_of(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        what = "a named pipe (FIFO)"
    elif stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        what = "a device"
    elif stat.S_ISDIR(mode):
        what = "a folder"
    elif stat.S_ISSOCK(mode):
        what = "a socket"
    else:
        what = "something else"
    return f"is not a regular file but {what}"


def _size(n: int) -> str:
    return f"{n / 2**20:.0f} MB" if n >= 2**20 else f"{n} bytes"
