"""Settings and saves in the user's data folder (platformdirs), written atomically.

A broken settings file falls back to defaults and says so once; a broken save is set
aside (renamed ``*.broken``) so the app never loops on it.
"""
from __future__ import annotations

import functools
import json
import os
import time
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path

import platformdirs

from games.app import writer
from games.core.record import GameRecord, RecordError, atomic_write_text, load_record

BOT_SPEEDS = ("slow", "normal", "fast")
BOT_DELAY = {"slow": 1.6, "normal": 0.8, "fast": 0.25}
SETTINGS_MAX_BYTES = 64 * 1024  # a settings file is ~300 bytes


def data_dir() -> Path:
    """Where settings and saves live; ``TABLE_DATA_DIR`` overrides it (tests, kiosks)."""
    override = os.environ.get("TABLE_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir("japanese-game-table", False))


def remembered_paths(name: str) -> list[Path]:
    """Where a file worked out from the installed files alone is kept, read in this order:
    the user folder, then the install's own cache (``TABLE_CACHE_DIR`` overrides it, empty
    for none).

    APP-STORAGE-1 (perf, issue 31): the start-up check's verdict and parsed data
    (games/app/startup.py), the title's tile pictures and texts (title_art.py,
    title_text.py) depend only on the installed code, data and fonts (each file carries
    their fingerprint), not on the person: they are also kept beside the install's
    bytecode (``games/__pycache__/table``, as Python keeps its own), so a new user's first
    start finds them and does not check and paint again (3.6x the bare window's CPU; about
    as a warm start with them).  A run with its own folder (``TABLE_DATA_DIR``: tests, a
    kiosk) shares nothing unless ``TABLE_CACHE_DIR`` names a folder; a read-only install
    only costs the first start of each user, as before."""
    paths = [data_dir() / name]
    shared = os.environ.get("TABLE_CACHE_DIR")
    if shared is None and not os.environ.get("TABLE_DATA_DIR"):
        shared = str(Path(__file__).resolve().parents[1] / "__pycache__" / "table")
    if shared:
        paths.append(Path(shared) / name)
    return paths


@dataclass
class Settings:
    lang: str = "ja"
    fullscreen: bool = False
    bot_speed: str = "normal"
    sound: bool = True
    reduced_motion: bool = False  # draw end states at once, no moments (games/ui/motion.py)
    explain_bots: str = "solo"  # solo | on | off: bots' reasons in the log (gamelog.py APP-GAMELOG-35)
    demo_idle_seconds: int = 90
    # store demo (kiosk) settings, changed in the staff menu (README: "Store demo")
    staff_pin: str = "0000"
    demo_games: list = field(default_factory=list)  # empty: every playable game
    demo_langs: str = "current"  # current | ja | en | both (alternating)
    demo_pace: str = "normal"  # slow | normal | fast
    visitor_game_minutes: int = 0  # 0: no cap on a visitor's game
    visitor_hints: bool = False  # the Hint button in visitors' games (games/app/hint.py APP-HINT-3)
    window: list = field(default_factory=list)  # [x, y, w, h] of the last window; [] = fit the desktop

    @classmethod
    def load(cls) -> tuple[Settings, str | None]:
        """Settings and, if the file was broken, the i18n key of a message to show.

        The first start (no settings, or none that hold a language) follows the system's
        language (games/app/syslang.py); after that the saved choice is kept."""
        from games.app.syslang import system_language
        path = data_dir() / "settings.json"
        if not path.exists():
            return cls(lang=system_language()), None
        try:
            if path.stat().st_size > SETTINGS_MAX_BYTES or not path.is_file():
                raise ValueError("too large")
            raw = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(raw, dict):
                raise ValueError("not an object")
            s = cls() if "lang" in raw else cls(lang=system_language())
            for f in fields(cls):
                if f.name in raw:
                    setattr(s, f.name, raw[f.name])
            s.validate()
            return s, None
        except (OSError, ValueError, TypeError, UnicodeDecodeError, RecursionError):
            _set_aside(path)  # kept aside as settings.json.broken, never read again
            return cls(lang=system_language()), "app.settings_reset"

    def validate(self) -> None:
        if self.lang not in ("ja", "en"):
            raise ValueError("lang")
        if self.bot_speed not in BOT_SPEEDS:
            raise ValueError("bot_speed")
        if not isinstance(self.fullscreen, bool) or not isinstance(self.sound, bool) \
                or not isinstance(self.reduced_motion, bool):
            raise ValueError("flags")
        if not (isinstance(self.window, list) and len(self.window) == 4
                and all(type(v) is int and abs(v) < 100_000 for v in self.window)):
            self.window = []  # a strange window place is forgotten, not worth a reset
        if self.explain_bots not in ("solo", "on", "off"):
            self.explain_bots = "solo"  # (nor is a strange choice of log lines)
        if isinstance(self.demo_idle_seconds, bool) or not isinstance(self.demo_idle_seconds, int) \
                or not 5 <= self.demo_idle_seconds <= 86_400:
            raise ValueError("demo_idle_seconds")
        self.validate_kiosk()

    def validate_kiosk(self) -> None:
        if not isinstance(self.staff_pin, str) or not self.staff_pin.isascii() \
                or not self.staff_pin.isdigit() or not 4 <= len(self.staff_pin) <= 8:
            raise ValueError("staff_pin")
        if not isinstance(self.demo_games, list) or len(self.demo_games) > 20 \
                or not all(isinstance(g, str) and len(g) <= 40 for g in self.demo_games):
            raise ValueError("demo_games")
        if self.demo_langs not in ("current", "ja", "en", "both"):
            raise ValueError("demo_langs")
        if self.demo_pace not in BOT_SPEEDS:
            raise ValueError("demo_pace")
        minutes = self.visitor_game_minutes
        if isinstance(minutes, bool) or not isinstance(minutes, int) or not 0 <= minutes <= 600:
            raise ValueError("visitor_game_minutes")
        if not isinstance(self.visitor_hints, bool):
            raise ValueError("visitor_hints")

    def save(self) -> None:
        atomic_write_text(data_dir() / "settings.json", json.dumps(asdict(self), indent=1))


def _set_aside(path: Path) -> None:
    try:
        os.replace(path, path.with_suffix(path.suffix + ".broken"))
    except OSError:
        pass


# --- saves: one autosave slot per unfinished game, a history of finished ones -------------
SLOTS_KEPT = 30  # unfinished games kept; the setup asks before a new game would drop the oldest
HISTORY_KEPT = 50  # finished games kept for replays (the oldest leave first)


def saves_dir() -> Path:
    return data_dir() / "saves"


def history_dir() -> Path:
    return data_dir() / "history"


def autosave_path() -> Path:
    """The single autosave of older versions (moved into a slot at start-up)."""
    return data_dir() / "autosave.json"


def last_game_path() -> Path:
    """The last finished game (also in the history), for ``main.py --replay``."""
    return data_dir() / "last_game.json"


def new_slot(game: str, folder: Path | None = None) -> str:
    """A fresh file name: local time to the nanosecond, so names sort in time order."""
    folder = saves_dir() if folder is None else folder
    now = time.time_ns()
    safe = "".join(c for c in game if c.isalnum())[:20] or "game"
    while True:
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now // 10**9))
        name = f"{stamp}-{now % 10**9:09d}-{safe}"
        if not (folder / f"{name}.json").exists():
            return name
        now += 1


def slot_path(slot: str) -> Path:
    return saves_dir() / f"{Path(slot).name}.json"


def write_slot(session) -> None:
    """Autosave ``session`` (a games.app.session.Session) into its own slot, now."""
    if session.slot is None:
        session.slot = new_slot(session.record.game)
    atomic_write_text(slot_path(session.slot), session.record.to_json())


def finish_game(session) -> None:
    """A finished game leaves its slot for the history (and last_game.json), now."""
    _finish(session.record, session.slot)


def _finish(record: GameRecord, slot: str | None) -> None:
    text = record.to_json()
    write_history_text(text, record.game)
    atomic_write_text(last_game_path(), text)
    if slot is not None:
        _unlink(slot_path(slot))


def autosave(session) -> None:
    """Hand ``session``'s save to the writer thread (games/app/writer.py APP-WRITER-1): its
    slot after a move, the history once it is over.  Only a snapshot of the record is
    taken here (the frame's whole cost); it is serialised and written on the thread."""
    rec = session.record
    snap = replace(rec, options=dict(rec.options), seats=[dict(x) if isinstance(x, dict) else x for x in rec.seats],
                   actions=list(rec.actions))
    if session.slot is None and not session.over:
        session.slot = new_slot(rec.game)
    slot = session.slot
    key = str(slot_path(slot)) if slot is not None else f"history:{id(session)}"
    if session.over:
        writer.submit(key, functools.partial(_finish, snap, slot))
    else:
        writer.submit(key, functools.partial(_write_record, slot_path(slot), snap))


def _write_record(path: Path, record: GameRecord) -> None:
    atomic_write_text(path, record.to_json())


def write_history_text(text: str, game: str) -> Path:
    path = history_dir() / f"{new_slot(game, history_dir())}.json"
    atomic_write_text(path, text)
    prune_history()
    return path


def prune_history() -> None:
    files = sorted(history_dir().glob("*.json"))
    for old in files[:-HISTORY_KEPT]:
        try:
            old.unlink()
        except OSError:
            pass


def delete_slot(slot: str) -> None:
    writer.flush()  # a write still waiting for this slot must not bring it back
    _unlink(slot_path(slot))


def _unlink(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


@dataclass
class SavedGame:
    """One line of the Continue or history list."""

    path: Path
    record: GameRecord
    mtime: float

    @property
    def slot(self) -> str:
        return self.path.stem


def list_saves(folder: Path) -> tuple[list[SavedGame], list[tuple[Path, RecordError]]]:
    """Readable records in ``folder``, newest first, and the broken ones (set aside).

    Saves still waiting for the writer thread are written first (APP-WRITER-2)."""
    writer.flush()
    good, bad = [], []
    for path in sorted(folder.glob("*.json")) if folder.is_dir() else []:
        try:
            good.append(SavedGame(path, load_record(path), path.stat().st_mtime))
        except RecordError as err:
            _set_aside(path)
            bad.append((path, err))
        except OSError:
            continue
    good.sort(key=lambda g: (g.mtime, g.path.name), reverse=True)
    return good, bad


def unfinished_games() -> tuple[list[SavedGame], list[tuple[Path, RecordError]]]:
    return list_saves(saves_dir())


def finished_games() -> list[SavedGame]:
    return list_saves(history_dir())[0]


def oldest_slot_to_drop() -> SavedGame | None:
    """The save a new game would push out (only when SLOTS_KEPT are in use)."""
    games = unfinished_games()[0]
    return games[-1] if len(games) >= SLOTS_KEPT else None


# --- what the setup screen remembers per game ---------------------------------------------
def setup_memory_path() -> Path:
    return data_dir() / "setup.json"


def read_setup_memory(game: str) -> dict:
    """The last setup of ``game`` (players, names, seat kinds, options); {} if none or broken.

    The setup screen checks every value against the game before using it.
    """
    path = setup_memory_path()
    if not path.exists():
        return {}
    try:
        if path.stat().st_size > SETTINGS_MAX_BYTES * 4 or not path.is_file():
            raise ValueError("too large")
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError, RecursionError):
        _set_aside(path)
        return {}
    entry = raw.get(game) if isinstance(raw, dict) else None
    return entry if isinstance(entry, dict) else {}


def write_setup_memory(game: str, entry: dict) -> None:
    """Remember ``entry`` for ``game`` (other games' entries are kept)."""
    path = setup_memory_path()
    try:
        raw = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    except (OSError, ValueError, UnicodeDecodeError, RecursionError):
        raw = {}
    if not isinstance(raw, dict):
        raw = {}
    raw = {k: v for k, v in raw.items() if isinstance(k, str)}
    raw[game] = entry
    atomic_write_text(path, json.dumps(raw, ensure_ascii=False, indent=1))
