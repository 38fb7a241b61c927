"""A game as JSON: the save file, the autosave and the replay are all this one record.

``{"format": 2, "game": "toutomi", "players": 4, "seed": 42, "options": {...},
"seats": [{"name": "Aki", "bot": null}, ...], "actions": ["play t5a", ...]}``

Loading never trusts the file: anything malformed, truncated or from another program
raises RecordError with a translatable key, and the app shows it instead of crashing.
No pickle anywhere.

The one check: ``load_record`` (only regular files under ``MAX_RECORD_BYTES``) ->
``GameRecord.from_json`` (types, ranges, finite numbers, nesting depth, seats matching
``players``, names cleaned) -> ``GameRecord.validate`` (the game is playable, players in
its range, known bots, variant options valid).  ``Session.from_record`` and
``Session.replay`` call ``validate``, so Continue, Play again, Watch replay, save slots
and ``--replay`` all go through it; new entry points should use them too.

RECORD-4 (harden): a record without seats (``"seats": []``, as older tools wrote) means every
seat is a person named P1, P2...; any other seat list must match ``players`` exactly.
RECORD-5 (harden): names are cleaned, not refused: a save with an odd name still loads.
RECORD-6 (harden, issue 28): a save that starts with a UTF-8 byte order mark (some editors
write one) is read as if it had none; an option key the game does not read (an edited
save, a newer version's variant) is named in the log and left out, so the game plays with
the options it knows instead of carrying a key nobody checks.
"""
from __future__ import annotations

import json
import logging
import os
import stat
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.core import lookup
from games.core.engine import Action, GameRules, IllegalAction
from games.core.rng import LEGACY_RNG
from games.core.safe_text import clean_name, clean_text

FORMAT = 2  # 2: counter-based random streams (games/core/rng.py); 1: one seeded Random per event
READABLE_FORMATS = (1, 2)  # format-1 records replay with the random events they were dealt with


class RecordError(Exception):
    """A save/replay file that cannot be used; ``key`` is an i18n key."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(f"{key} {params}")
        self.key = key
        self.params = params


MAX_RECORD_BYTES = 4 * 2**20  # a long game is ~100 KB; anything far larger is not ours
MAX_ACTIONS = 50_000  # far beyond any real game (the engines end within a few thousand)
MAX_DEPTH = 8  # record -> options -> a list of choices: nothing deeper is ever written
MAX_SEED = 2**63 - 1
MAX_PLAYERS = 16
MAX_ACTION_CHARS = 200
MAX_OPTIONS = 32


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
    def from_json(cls, text: str | bytes) -> GameRecord:
        """Parse and validate a whole record (the one check every loader goes through)."""
        if len(text) > MAX_RECORD_BYTES:
            raise RecordError("record.too_large", size=len(text) // 1024)
        if isinstance(text, str):
            text = text.removeprefix("\ufeff")  # a BOM (RECORD-6); json reads one in bytes itself
        try:
            data = json.loads(text)
        except RecursionError as exc:
            raise RecordError("record.corrupt", detail="nested too deeply") from exc
        except (ValueError, TypeError) as exc:
            raise RecordError("record.corrupt", detail=str(exc)[:80]) from exc
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> GameRecord:
        """A validated record from parsed JSON; anything wrong raises RecordError."""
        if not isinstance(data, dict) or "game" not in data or "actions" not in data:
            raise RecordError("record.foreign")
        fmt = data.get("format")
        if isinstance(fmt, bool) or fmt not in READABLE_FORMATS:
            raise RecordError("record.format", found=clean_text(repr(fmt), 40))
        _check_depth(data)
        game = data["game"]
        if not isinstance(game, str) or not game or len(game) > 40 or not game.isascii() \
                or not game.replace("_", "").isalnum():
            raise RecordError("record.corrupt", detail="game")
        players = _whole(data.get("players"), "players", 1, MAX_PLAYERS)
        seed = _whole(data.get("seed"), "seed", 0, MAX_SEED)
        options = _options(data.get("options", {}))
        seats = _seats(data.get("seats", []), players)
        actions = data["actions"]
        if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
            raise RecordError("record.corrupt", detail="actions")
        if not all(isinstance(a, str) and 0 < len(a) <= MAX_ACTION_CHARS and a.isprintable()
                   for a in actions):
            raise RecordError("record.corrupt", detail="actions")
        return cls(game, players, seed, options, seats, list(actions), format=fmt)

    def validate(self, playable: Callable[[str], bool] | None = None) -> GameRecord:
        """Check a record against the games before it is used (raises RecordError).

        Continue, Play again, Watch replay and ``--replay`` all go through here: the game
        must be playable, the players in its range and every seat's bot one it knows.
        ``playable``: whether a game may start (the app passes ``registry.playable``: listed,
        whole, no data problem; the core does not import the registry); by default, that
        its rules load (games/core/lookup.py).
        Returns a clean copy (names trimmed and cleaned, missing seats filled in).
        """
        rec = GameRecord.from_dict(json.loads(self.to_json()))
        if not (playable or lookup.has_rules)(rec.game):
            raise RecordError("record.unknown_game", game=rec.game)
        rules = lookup.rules_of(rec.game)
        if not rules.min_players <= rec.players <= rules.max_players:
            raise RecordError("record.players", players=rec.players)
        _drop_unknown_options(rec, rules.option_keys())
        for spec in rules.option_specs():  # a variant switch must hold a value setup can show
            val = rec.options.get(spec.key, spec.default)
            if (spec.kind == "bool" and not isinstance(val, bool)) or (spec.choices and val not in spec.choices):
                raise RecordError("record.corrupt", detail=f"options.{spec.key}")
        start = rec.options.get("start_player", -1)
        if start is not None and (isinstance(start, bool) or not isinstance(start, int)
                                  or not -1 <= start < rec.players):
            raise RecordError("record.corrupt", detail="options.start_player")
        kinds = lookup.bots_of(rec.game)
        for seat in rec.seats:
            if seat["bot"] is not None and seat["bot"] not in kinds:
                raise RecordError("record.unknown_bot", bot=seat["bot"])
        return rec

    def replay(self, rules: GameRules, upto: int | None = None) -> Any:
        """The state after the first ``upto`` actions (all by default); bad ones raise."""
        if not (rules.min_players <= self.players <= rules.max_players):
            raise RecordError("record.players", players=self.players)
        options = self.options if self.format >= 2 else {**self.options, LEGACY_RNG: True}
        try:
            state = rules.new_game(self.players, self.seed, options)
        except RULE_ERRORS as exc:
            raise RecordError("record.corrupt", detail=clean_text(str(exc), 80)) from exc
        for i, text in enumerate(self.actions[:upto]):
            try:
                state = rules.apply(state, Action.parse(text))
            except (IllegalAction, *RULE_ERRORS) as exc:
                raise RecordError("record.bad_action", index=i + 1, action=clean_text(text, 40)) from exc
        return state


def _drop_unknown_options(rec: GameRecord, known: set[str]) -> None:
    """Options the game does not read are named in the log and left out (RECORD-6)."""
    unknown = sorted(k for k in rec.options if k not in known)
    if unknown:
        logging.getLogger("table").warning(
            "a saved %s game has options this version does not know, ignored: %s", rec.game,
            ", ".join(clean_text(repr(k), 42) for k in unknown))
        rec.options = {k: v for k, v in rec.options.items() if k in known}


# what a rules engine may raise on options or actions it was never meant to get
RULE_ERRORS = (ValueError, TypeError, KeyError, IndexError, AttributeError, OverflowError,
               RecursionError)


def _check_depth(data: Any) -> None:
    """Refuse nesting deeper than a record ever has (iteratively: no recursion to exhaust)."""
    todo = [(data, 1)]
    while todo:
        obj, depth = todo.pop()
        if depth > MAX_DEPTH:
            raise RecordError("record.corrupt", detail="nested too deeply")
        if isinstance(obj, dict):
            todo.extend((v, depth + 1) for v in obj.values())
        elif isinstance(obj, list):
            todo.extend((v, depth + 1) for v in obj)


def _whole(val: Any, name: str, lo: int, hi: int) -> int:
    """A whole number in [lo, hi]: no bools, floats, infinities or text."""
    if isinstance(val, bool) or not isinstance(val, int) or not lo <= val <= hi:
        raise RecordError("record.corrupt", detail=name)
    return val


def _scalar_ok(v: Any) -> bool:
    if v is None or isinstance(v, bool):
        return True
    if isinstance(v, int):
        return abs(v) <= MAX_SEED
    return isinstance(v, str) and len(v) <= 64 and v.isprintable()


def _options(raw: Any) -> dict:
    """Options are a small mapping of JSON scalars or short lists of them."""
    if raw is None:
        return {}
    if not isinstance(raw, dict) or len(raw) > MAX_OPTIONS:
        raise RecordError("record.corrupt", detail="options")
    for key, val in raw.items():
        if not isinstance(key, str) or len(key) > 40:
            raise RecordError("record.corrupt", detail="options")
        items = val if isinstance(val, list) else [val]
        if len(items) > MAX_PLAYERS or not all(_scalar_ok(v) for v in items):
            raise RecordError("record.corrupt", detail=f"options.{clean_text(key, 40)}")
    return dict(raw)


def _seats(raw: Any, players: int) -> list[dict]:
    """One ``{"name", "bot"}`` per player (an empty list: every seat a person, named P1...)."""
    if raw is None or raw == []:
        return [{"name": f"P{i + 1}", "bot": None} for i in range(players)]
    if not isinstance(raw, list) or len(raw) != players:
        raise RecordError("record.seats", players=players,
                          seats=len(raw) if isinstance(raw, list) else 0)
    out = []
    for i, seat in enumerate(raw):
        if not isinstance(seat, dict):
            raise RecordError("record.corrupt", detail=f"seat {i + 1}")
        bot = seat.get("bot")
        if bot is not None and (not isinstance(bot, str) or len(bot) > 40 or not bot.isprintable()):
            raise RecordError("record.corrupt", detail=f"seat {i + 1} bot")
        out.append({"name": clean_name(seat.get("name"), f"P{i + 1}"), "bot": bot})
    return out


def atomic_write_bytes(path: Path | str, data: bytes) -> None:
    """Write via a temp file in the same folder, then rename: never a half-written file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def atomic_write_text(path: Path | str, text: str) -> None:
    """``atomic_write_bytes`` of the text in UTF-8."""
    atomic_write_bytes(path, text.encode("utf-8"))


def load_record(path: Path | str) -> GameRecord:
    """Read a record file: only a regular file under the size limit (never a FIFO or device)."""
    try:
        fd = os.open(str(path), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise RecordError("record.unreadable", detail=clean_text(exc.strerror or str(exc), 80)) from exc
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise RecordError("record.not_a_file")
        if info.st_size > MAX_RECORD_BYTES:
            raise RecordError("record.too_large", size=info.st_size // 1024)
        with os.fdopen(fd, "rb") as fh:
            fd = -1
            raw = fh.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise RecordError("record.unreadable", detail=clean_text(exc.strerror or str(exc), 80)) from exc
    finally:
        if fd >= 0:
            os.close(fd)
    try:
        text = raw.decode("utf-8-sig")  # a byte order mark is no reason to refuse (RECORD-6)
    except UnicodeDecodeError as exc:
        raise RecordError("record.unreadable", detail="not UTF-8 text") from exc
    return GameRecord.from_json(text)
