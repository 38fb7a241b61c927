"""The start-up check: every data file is read and validated before the first frame.

A broken ``data/<game>.yaml`` used to let the title start and then close the whole window
when the game was opened.  Now each game's data, rules, bots, catalogue and rules text
are loaded here once; a game whose files are broken is marked (``registry.note_problem``)
so its title tile says why it cannot start, the problem is logged, and the title shows
one message in the person's language.  The rest of the table keeps working.

APP-STARTUP-2 (harden): a broken rules text (data/rules/<id>.yaml) or a missing game catalogue
also marks the game as unable to start: its F1 rules and its messages would be missing.
APP-STARTUP-3 (harden): the technical detail (file, entry, field) is shown in English after a
translated sentence; it is what an owner editing the YAML needs to find the line.
APP-STARTUP-4 (perf): a clean verdict is remembered in the user data folder (``startup_check.json``)
with a fingerprint of every file the check reads: each YAML under data/ by content hash,
each Python file under games/ by size and mtime, plus the Python version and install
path.  While nothing changed, a start skips re-validating (the title's first frame stays
near a bare window's cost); any edited, added or removed file makes the check run in full
again, and a verdict with problems is never remembered, so a broken file is reported on
every start.  Beside the verdict, the parsed YAML of those same files is kept as JSON
(games/core/data.py): an unchanged table starts without importing PyYAML.
"""
from __future__ import annotations

import importlib
import json
import logging
import os
import stat
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from games import registry
from games.core import data, i18n, tutorial
from games.core.data import DataError
from games.core.regular import read_regular

log = logging.getLogger("table")


@dataclass
class StartupReport:
    """What the check found: messages for people (file, entry, field, problem)."""

    problems: list[str] = field(default_factory=list)
    broken_games: dict[str, str] = field(default_factory=dict)  # game id -> first problem
    catalog_ok: bool = True


def check_all() -> StartupReport:
    """Load and validate every data file; never raises (each problem becomes a message)."""
    global _report
    report = _report = StartupReport()
    try:
        games = registry.catalog()
    except DataError as err:
        report.catalog_ok = False
        report.problems.append(str(err))
        games = ()
    report.problems.extend(i18n.problems())
    for g in games:
        if not registry._has_package(g.id):
            continue  # listed but not built yet: the tile already says so
        problem = _check_game(g.id)
        if problem:
            report.problems.append(problem)
            report.broken_games[g.id] = problem
            registry.note_problem(g.id, problem)
        elif (lesson := tutorial.check_file(g.id)) is not None:  # only its Learn button is off
            report.problems.append(lesson)
    for msg in report.problems:
        log.error("start-up check: %s", msg)
    return report


_report: StartupReport | None = None


def report() -> StartupReport:
    """The check of this run (done once, before the first frame; ``check_all`` redoes it).

    Skipped when the files are exactly those of the last clean check (APP-STARTUP-4)."""
    global _report, _stamp
    if _report is None:
        stamp = _stamp = fingerprint()
        known = _remembered(stamp)
        if stamp is not None and known.get("clean") == stamp:
            _report = StartupReport()
            data.preload_parsed(known.get("parsed"))
        else:
            _report = check_all()
            if stamp is not None and not _report.problems:
                _remember(stamp)
    return _report


_stamp: str | None = None


def code_stamp() -> str | None:
    """The fingerprint of this run's files (None before ``report`` or when unreadable):
    what the title's remembered tile pictures were drawn by (games/app/title_art.py)."""
    return _stamp


GAMES_DIR = Path(__file__).resolve().parents[1]  # the games package (checkout, wheel or app folder)
VERDICT_FILE = "startup_check.json"
VERDICT_BYTES = 4 * data.PARSED_BYTES  # the parsed files' JSON (PARSED_BYTES characters) in UTF-8


def fingerprint() -> str | None:
    """One checksum of everything the check reads; None when a file cannot be read (then check).

    YAML files by content (CRC-32, size and mtime), Python files by size and mtime: zlib is
    already loaded, where hashlib would load OpenSSL before the first frame.

    APP-STARTUP-5 (harden, issue 28): a YAML file is read only when it is a regular file of at most
    ``data.MAX_DATA_BYTES`` (what ``load_yaml`` would read); anything else (a FIFO, a link
    to a device, a link loop, a stray of gigabytes) counts by what ``stat`` says of it and
    is never opened, so no such file can hang, fill or slow the start here."""
    parts = [sys.version, str(GAMES_DIR), str(data.DATA_DIR)]
    try:
        for rel, path, st in _files(str(data.DATA_DIR), ".yaml"):
            parts.append(f"{rel}:{_content_stamp(path, st)}")
        for rel, _, st in _files(str(GAMES_DIR), ".py"):
            parts.append(f"{rel}:{st.st_size}:{st.st_mtime_ns}" if st else f"{rel}:unreadable")
    except OSError:
        return None
    blob = "\n".join(parts).encode("utf-8", "surrogateescape")
    return f"{len(parts)}-{len(blob)}-{zlib.crc32(blob):08x}-{zlib.adler32(blob):08x}"


def _content_stamp(path: str, st: os.stat_result | None) -> str:
    """``size:mtime:crc`` of a data file the games may load, else what kind of file it is."""
    if st is None:
        return "unreadable"  # e.g. a link loop: load_yaml says why
    if not stat.S_ISREG(st.st_mode) or st.st_size > data.MAX_DATA_BYTES:
        return f"{stat.S_IFMT(st.st_mode):o}:{st.st_size}:{st.st_mtime_ns}"
    try:
        blob = read_regular(path, data.MAX_DATA_BYTES)
    except OSError:
        return "unreadable"
    return f"{st.st_size}:{st.st_mtime_ns}:{zlib.crc32(blob):08x}"


def _files(root: str, suffix: str) -> list[tuple[str, str, os.stat_result | None]]:
    """(relative path, path, stat or None when it fails) of every ``suffix`` file under
    ``root``, sorted: os.walk, a third of pathlib.rglob's cost on every start."""
    out = []
    cut = len(os.path.join(root, ""))
    for folder, _, names in os.walk(root):
        for name in names:
            if name.endswith(suffix):
                path = os.path.join(folder, name)
                try:
                    st: os.stat_result | None = os.stat(path)
                except OSError:
                    st = None
                out.append((path[cut:].replace(os.sep, "/"), path, st))
    out.sort(key=lambda item: item[0])
    return out


def _verdict_paths() -> list[Path]:
    """The user folder's verdict, then the install's (storage.py APP-STORAGE-1)."""
    from games.app.storage import remembered_paths
    return remembered_paths(VERDICT_FILE)


def _remembered(stamp: str | None = None) -> dict:
    """The last clean check (``clean`` fingerprint, ``parsed`` files), or {} when unreadable;
    the first one made for ``stamp`` (when given) where there are two."""
    found: dict = {}
    for path in _verdict_paths():
        try:
            raw = json.loads(read_regular(path, VERDICT_BYTES))  # never a FIFO's hang
        except (OSError, ValueError):
            continue
        if isinstance(raw, dict) and isinstance(raw.get("clean"), str):
            found = found or raw
            if stamp is None or raw["clean"] == stamp:
                return raw
    return found


def _remember(stamp: str) -> None:
    """Store a clean verdict atomically; a read-only folder only costs the next start time."""
    from games.core.record import atomic_write_text
    blob = json.dumps({"clean": stamp, "parsed": data.parsed_files()}, ensure_ascii=False)
    for i, path in enumerate(_verdict_paths()):
        try:
            atomic_write_text(path, blob)
        except OSError as err:
            if i == 0:  # (the install's own cache is only a help: a read-only install is usual)
                log.warning("start-up check: cannot remember the verdict (%s)", err)


def _check_game(game_id: str) -> str | None:
    """The first problem of one game's files, or None when it can start."""
    try:
        data_mod = importlib.import_module(f"games.{game_id}.data")
        if hasattr(data_mod, "load"):
            data_mod.load()
        registry.rules(game_id)
        registry.bots(game_id)
        if not (i18n.I18N_DIR / f"{game_id}.yaml").is_file():
            return f"data/i18n/{game_id}.yaml: missing (reinstall the table)"
        from games.app.rules_text import rules_sections
        rules_sections(game_id)
    except DataError as err:
        return str(err)
    except Exception as exc:  # any import-time failure of one game must not stop the table
        log.exception("start-up check of %s", game_id)
        return f"games/{game_id}: {type(exc).__name__}: {str(exc)[:200]}"
    return None


def summary(report: StartupReport, lang: str) -> tuple[str, str]:
    """(title, message) for the title screen's message box, in the person's language."""
    names = "、".join if lang == "ja" else ", ".join
    titles = names(registry.info(gid).title[lang] for gid in report.broken_games)
    body = i18n.tr("app.data_problem_games", lang, games=titles) if titles else \
        i18n.tr("app.data_problem_body", lang)
    more = len(report.problems) - 1
    detail = report.problems[0][:300]
    if more:
        detail += "\n" + i18n.tr("app.data_problem_more", lang, n=more)
    return i18n.tr("app.data_problem_title", lang), body + "\n" + detail
