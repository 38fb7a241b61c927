"""A game as JSON: the save file, the autosave and the replay are all this one record.

``{"format": 1, "game": "toutomi", "players": 4, "seed": 42, "options": {...},
"seats": [{"name": "Aki", "bot": null}, ...], "actions": ["play t5a", ...]}``

Loading never trusts the file: anything malformed, truncated or from another program
raises RecordError with a translatable key, and the app shows it instead of crashing.
No pickle anywhere.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.core.engine import Action, GameRules, IllegalAction
from games.core.rng import LEGACY_RNG

FORMAT = 2  # 2: counter-based random streams (games/core/rng.py); 1: one seeded Random per event
READABLE_FORMATS = (1, 2)  # format-1 records replay with the random events they were dealt with


class RecordError(Exception):
    """A save/replay file that cannot be used; ``key`` is an i18n key."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(f"{key} {params}")
        self.key = key
        self.params = params


@dataclass
class GameRecord:
    game: str
    players: int
    seed: int
    options: dict = field(default_factory=dict)
    seats: list = field(default_factory=list)  # [{"name": str, "bot": str | None}]
    actions: list = field(default_factory=list)  # action text forms
    format: int = FORMAT  # a loaded format-1 game keeps its format (and its deals) when saved again

    def to_json(self) -> str:
        return json.dumps({"format": self.format, "game": self.game, "players": self.players,
                           "seed": self.seed, "options": self.options, "seats": self.seats,
                           "actions": self.actions}, ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str) -> "GameRecord":
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as exc:
            raise RecordError("record.corrupt", detail=str(exc)[:80]) from exc
        if not isinstance(data, dict) or "game" not in data or "actions" not in data:
            raise RecordError("record.foreign")
        fmt = data.get("format")
        if isinstance(fmt, bool) or fmt not in READABLE_FORMATS:
            raise RecordError("record.format", found=fmt)
        try:
            rec = cls(game=str(data["game"]), players=int(data["players"]),
                      seed=int(data["seed"]), options=dict(data.get("options") or {}),
                      seats=list(data.get("seats") or []),
                      actions=[str(a) for a in data["actions"]], format=fmt)
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError("record.corrupt", detail=str(exc)[:80]) from exc
        if not isinstance(data["actions"], list):
            raise RecordError("record.corrupt", detail="actions")
        return rec

    def replay(self, rules: GameRules, upto: int | None = None) -> Any:
        """The state after the first ``upto`` actions (all by default); bad ones raise."""
        if not (rules.min_players <= self.players <= rules.max_players):
            raise RecordError("record.players", players=self.players)
        options = self.options if self.format >= 2 else {**self.options, LEGACY_RNG: True}
        try:
            state = rules.new_game(self.players, self.seed, options)
        except (ValueError, TypeError, KeyError) as exc:
            raise RecordError("record.corrupt", detail=str(exc)[:80]) from exc
        for i, text in enumerate(self.actions[:upto]):
            try:
                state = rules.apply(state, Action.parse(text))
            except (IllegalAction, ValueError) as exc:
                raise RecordError("record.bad_action", index=i + 1, action=text) from exc
        return state


def atomic_write_text(path: Path | str, text: str) -> None:
    """Write via a temp file in the same folder, then rename: never a half-written file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def load_record(path: Path | str) -> GameRecord:
    """Read a record file; unreadable files raise RecordError like corrupt ones."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError("record.unreadable", detail=str(exc)[:80]) from exc
    return GameRecord.from_json(text)
