"""Settings and saves in the user's data folder (platformdirs), written atomically.

A broken settings file falls back to defaults and says so once; a broken save is set
aside (renamed ``*.broken``) so the app never loops on it.
"""
from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path

import platformdirs

from games.core.record import GameRecord, RecordError, atomic_write_text, load_record

BOT_SPEEDS = ("slow", "normal", "fast")
BOT_DELAY = {"slow": 1.6, "normal": 0.8, "fast": 0.25}


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

    @classmethod
    def load(cls) -> tuple["Settings", str | None]:
        """Settings and, if the file was broken, the i18n key of a message to show."""
        path = data_dir() / "settings.json"
        if not path.exists():
            return cls(), None
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(raw, dict):
                raise ValueError("not an object")
            s = cls()
            for f in fields(cls):
                if f.name in raw:
                    setattr(s, f.name, raw[f.name])
            s.validate()
            return s, None
        except (OSError, ValueError, TypeError, UnicodeDecodeError):
            _set_aside(path)
            return cls(), "app.settings_reset"

    def validate(self) -> None:
        if self.lang not in ("ja", "en"):
            raise ValueError("lang")
        if self.bot_speed not in BOT_SPEEDS:
            raise ValueError("bot_speed")
        if not isinstance(self.fullscreen, bool) or not isinstance(self.sound, bool):
            raise ValueError("flags")
        if isinstance(self.demo_idle_seconds, bool) or not isinstance(self.demo_idle_seconds, int) \
                or self.demo_idle_seconds < 5:
            raise ValueError("demo_idle_seconds")

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
