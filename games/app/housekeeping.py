"""Start-up housekeeping of the user data folder, before the first frame.

* temp files left by an interrupted atomic write (``*.tmp``, e.g. after ``kill -9``) go;
* the single ``autosave.json`` of older versions becomes a slot in ``saves/``;
* a save that is finished moves to the history; one of an unknown or unplayable game, or
  one that no longer replays, is set aside (renamed, never deleted) — each with a message.

Pure file work (no pygame), so the CLI and tests call it too.
"""
from __future__ import annotations

import logging
import os
import time
from pathlib import Path

from games import registry
from games.app import storage
from games.core.record import GameRecord, RecordError, load_record

log = logging.getLogger(__name__)
TMP_AGE_SECONDS = 60.0  # younger temp files may belong to a write in progress (another window)

Message = tuple[str, dict]  # (i18n key, params) for a toast; "game" is a game id or a file name


def remove_temp_files(now: float | None = None) -> int:
    """Delete temp files of interrupted atomic writes; how many went."""
    now = time.time() if now is None else now
    gone = 0
    for folder in (storage.data_dir(), storage.saves_dir(), storage.history_dir()):
        if not folder.is_dir():
            continue
        for tmp in folder.glob("*.tmp"):
            try:
                if now - tmp.stat().st_mtime >= TMP_AGE_SECONDS:
                    tmp.unlink()
                    gone += 1
            except OSError:
                continue
    return gone


def _set_aside(path: Path, why: str) -> None:
    try:
        os.replace(path, path.with_name(f"{path.name}.{why}"))
    except OSError:
        pass


def _is_finished(rec: GameRecord) -> bool:
    """True when the record reaches the end of its game (RecordError when it cannot replay)."""
    rules = registry.rules(rec.game)
    return rules.current_player(rec.replay(rules)) is None


def check_save(path: Path, rec: GameRecord) -> Message | None:
    """Move or set aside one save that cannot be continued; a message saying what was done."""
    game = rec.game
    if game not in {g.id for g in registry.catalog()}:
        _set_aside(path, "foreign")
        return "saves.set_aside_unknown", {"game": game[:40]}
    if game not in registry.playable_ids():
        return None  # a known game that cannot start now (not built, broken data): keep its save
    try:
        finished = _is_finished(rec.validate(registry.playable))  # the one check every entry point uses
    except RecordError as err:
        _set_aside(path, "broken")
        return "saves.set_aside_broken", {"game": game, "reason_key": err.key, "reason_params": err.params}
    except Exception:  # a bug or broken data file: log it, never lose the save over it
        log.exception("cannot check the save %s", path.name)
        return None
    if finished:
        storage.write_history_text(rec.to_json(), game)
        try:
            path.unlink()
        except OSError:
            pass
        return "saves.moved_to_history", {"game": game}
    return None


def migrate_single_autosave() -> list[Message]:
    """The old ``autosave.json`` becomes a slot (or is handled like any other save)."""
    old = storage.autosave_path()
    if not old.exists():
        return []
    try:
        rec = load_record(old)
    except RecordError as err:
        _set_aside(old, "broken")
        return [("saves.set_aside_broken", {"game": old.name, "reason_key": err.key, "reason_params": err.params})]
    msg = check_save(old, rec)
    if msg is not None:
        return [msg]
    target = storage.slot_path(storage.new_slot(rec.game))
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.replace(old, target)
    except OSError:
        pass
    return []


def run() -> list[Message]:
    """Everything above; the messages to show (already in the order they happened)."""
    try:
        remove_temp_files()
        out = migrate_single_autosave()
        saves, broken = storage.unfinished_games()
        for path, err in broken:
            out.append(
                ("saves.set_aside_broken", {"game": path.name, "reason_key": err.key, "reason_params": err.params})
            )
        for save in saves:
            msg = check_save(save.path, save.record)
            if msg is not None:
                out.append(msg)
        return out
    except OSError:
        return []  # an unwritable data folder: the saves scene says so when it is used


def at_start(app) -> None:
    """Start-up (``App.__init__``): ``run``, its messages shown as toasts in the person's language."""
    from games.core.data import DataError
    try:
        titles = {g.id: g.title[app.settings.lang] for g in registry.catalog()}
        messages = run()
    except DataError:
        return  # a broken game catalogue: saves are left alone (the start-up report says why)
    for key, params in messages:
        params = {**params, "game": titles.get(params.get("game"), params.get("game"))}
        if "reason_key" in params:
            params["reason"] = app.tr(params.pop("reason_key"), **params.pop("reason_params", {}))
        app.toast(app.tr(key, **params), 6)
