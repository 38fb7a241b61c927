"""The shop's own figures and housekeeping: visitor games counted per day, saves cleared.

Kiosk only (games/app/kiosk.py counts, games/app/staff.py shows and clears).  Nothing
personal is kept: per day and game, how many visitor games started and how many were
played to the end.  The file is ``visitors.json`` in the data folder, written atomically.

- APP-VISITORS-1 (harden, issue 32): the counts keep the last ``DAYS_KEPT`` days only (a
  kiosk left on for a year writes a file of a few KB, never more); a file that cannot be
  read (cut off, edited by hand, not ours) is set aside as ``visitors.json.broken`` and
  counting starts afresh: a count is a comfort for the shop, never a reason to stop.
"""
from __future__ import annotations

import datetime as dt
import json
import os

from games.app import storage
from games.core.record import atomic_write_text

DAYS_KEPT = 40  # enough for "this month" on its last day
MAX_BYTES = 256 * 1024
KINDS = ("started", "finished")


def path():
    return storage.data_dir() / "visitors.json"


def read() -> dict[str, dict[str, list[int]]]:
    """{day: {game: [started, finished]}}; a broken file is set aside (APP-VISITORS-1)."""
    p = path()
    if not p.exists():
        return {}
    try:
        if p.stat().st_size > MAX_BYTES or not p.is_file():
            raise ValueError("too large")
        raw = json.loads(p.read_text(encoding="utf-8"))
        days = raw["days"]
        out = {}
        for day, games in days.items():
            dt.date.fromisoformat(day)
            out[day] = {str(g): [int(n[0]), int(n[1])] for g, n in games.items()
                        if len(n) == 2 and all(type(x) is int and x >= 0 for x in n)}
        return out
    except (OSError, ValueError, TypeError, KeyError, AttributeError, UnicodeDecodeError, RecursionError):
        try:
            os.replace(p, p.with_suffix(".json.broken"))
        except OSError:
            pass
        return {}


def count(game: str, kind: str, today: dt.date | None = None) -> None:
    """One more visitor game ``kind`` ("started" or "finished") of ``game`` today."""
    today = today or dt.date.today()
    days = read()
    row = days.setdefault(today.isoformat(), {}).setdefault(game, [0, 0])
    row[KINDS.index(kind)] += 1
    kept = dict(sorted(days.items())[-DAYS_KEPT:])
    try:
        atomic_write_text(path(), json.dumps({"format": 1, "days": kept}, indent=1))
    except OSError:
        pass  # a full disk loses a count, not the visitor's game


def summary(today: dt.date | None = None) -> dict[str, tuple[int, int, int, int]]:
    """{game: (started today, finished today, started this month, finished this month)}."""
    today = today or dt.date.today()
    out: dict[str, list[int]] = {}
    for day, games in read().items():
        d = dt.date.fromisoformat(day)
        if (d.year, d.month) != (today.year, today.month):
            continue
        for game, (started, finished) in games.items():
            row = out.setdefault(game, [0, 0, 0, 0])
            row[2] += started
            row[3] += finished
            if d == today:
                row[0] += started
                row[1] += finished
    return {g: tuple(r) for g, r in out.items()}


# --- clearing what piles up (the staff menu) ----------------------------------------------
def unfinished_count() -> int:
    try:
        return len(list(storage.saves_dir().glob("*.json")))
    except OSError:
        return 0


def history_count() -> int:
    try:
        return len(list(storage.history_dir().glob("*.json")))
    except OSError:
        return 0


def clear_unfinished() -> int:
    """Every unfinished game goes; how many did."""
    return _remove(list(storage.saves_dir().glob("*.json")) if storage.saves_dir().is_dir() else [])


def clear_history() -> int:
    """Every finished game (and the last game kept for ``--replay``) goes; how many did."""
    files = list(storage.history_dir().glob("*.json")) if storage.history_dir().is_dir() else []
    n = _remove(files)
    _remove([storage.last_game_path()] if storage.last_game_path().exists() else [])
    return n


def _remove(files: list) -> int:
    n = 0
    for f in files:
        try:
            f.unlink()
            n += 1
        except OSError:
            pass
    return n
