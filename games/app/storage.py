"""Settings and saves in the user's data folder (platformdirs), written atomically.

A broken settings file falls back to defaults and says so once; a broken save is set
aside (renamed ``*.broken``) so the app never loops on it.
"""
from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

import platformdirs

from games.core.record import GameRecord, RecordError, atomic_write_text, load_record

BOT_SPEEDS = ("slow", "normal", "fast")
BOT_DELAY = {"slow": 1.6, "normal": 0.8, "fast": 0.25}
SETTINGS_MAX_BYTES = 64 * 1024  # a settings file is ~300 bytes


def data_dir() -> Path:
    """Where settings and saves live; ``TABLE_DATA_DIR`` overrides it (tests, kiosks)."""
    override = os.environ.get("TABLE_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir("japanese-game-table", False))


@dataclass
class Settings:
    lang: str = "ja"
    fullscreen: bool = False
    bot_speed: str = "normal"
    sound: bool = True
    demo_idle_seconds: int = 90
    # store demo (kiosk) settings, changed in the staff menu (README: "Store demo")
    staff_pin: str = "0000"
    demo_games: list = field(default_factory=list)  # empty: every playable game
    demo_langs: str = "current"  # current | ja | en | both (alternating)
    demo_pace: str = "normal"  # slow | normal | fast
    visitor_game_minutes: int = 0  # 0: no cap on a visitor's game
    window: list = field(default_factory=list)  # [x, y, w, h] of the last window; [] = fit the desktop

    @classmethod
    def load(cls) -> tuple["Settings", str | None]:
        """Settings and, if the file was broken, the i18n key of a message to show."""
        path = data_dir() / "settings.json"
        if not path.exists():
            return cls(), None
        try:
            if path.stat().st_size > SETTINGS_MAX_BYTES or not path.is_file():
                raise ValueError("too large")
            raw = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(raw, dict):
                raise ValueError("not an object")
            s = cls()
            for f in fields(cls):
                if f.name in raw:
                    setattr(s, f.name, raw[f.name])
            s.validate()
            return s, None
        except (OSError, ValueError, TypeError, UnicodeDecodeError, RecursionError):
            _set_aside(path)  # kept aside as settings.json.broken, never read again
            return cls(), "app.settings_reset"

    def validate(self) -> None:
        if self.lang not in ("ja", "en"):
            raise ValueError("lang")
        if self.bot_speed not in BOT_SPEEDS:
            raise ValueError("bot_speed")
        if not isinstance(self.fullscreen, bool) or not isinstance(self.sound, bool):
            raise ValueError("flags")
        if not (isinstance(self.window, list) and len(self.window) == 4
                and all(type(v) is int and abs(v) < 100_000 for v in self.window)):
            self.window = []  # a strange window place is forgotten, not worth a reset
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

    def save(self) -> None:
        atomic_write_text(data_dir() / "settings.json", json.dumps(asdict(self), indent=1))


def _set_aside(path: Path) -> None:
    try:
        os.replace(path, path.with_suffix(path.suffix + ".broken"))
    except OSError:
        pass


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def write_autosave(record: GameRecord) -> None:
    atomic_write_text(autosave_path(), record.to_json())


def last_game_path() -> Path:
    return data_dir() / "last_game.json"


def write_last_game(record: GameRecord) -> None:
    """The finished game's record, kept as a replay file."""
    atomic_write_text(last_game_path(), record.to_json())


def clear_autosave() -> None:
    try:
        autosave_path().unlink()
    except OSError:
        pass


def read_autosave() -> tuple[GameRecord | None, RecordError | None]:
    """The unfinished game, if any; a broken file is set aside and reported."""
    path = autosave_path()
    if not path.exists():
        return None, None
    try:
        return load_record(path), None
    except RecordError as err:
        _set_aside(path)
        return None, err
