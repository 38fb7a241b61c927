"""The game log's lines, made one way live, on Continue and in replays (issue 27.2).

A log line is the translated text of an event the rules drew while applying an action,
as the log's reader may see it (``rules.view(state, seat)["events"]``: secret events in
their public form for everyone but their owner).  The play scene writes each action's
lines when it lands; Continue and replays rebuild the same lines from the record's
actions by replaying them (``per_action``), so the log box holds the whole game.

Decisions (APP-GAMELOG-n, issue 27):
- APP-GAMELOG-30 Whose log: the only person's when exactly one person plays (their own draws are
  named to them, as on their table), else the spectator's (pass-and-play: the log stays
  on the table when the device passes on, so it never keeps one person's secrets; a
  table of bots and the store demo: nobody's).  The seat follows from the record's
  seats alone, so Continue rebuilds exactly what was shown live.  Replays are watched
  as a spectator (hands hidden), so their log is always the spectator's.
- APP-GAMELOG-31 The deal's own events (before the first action) are not logged, live or rebuilt.
- APP-GAMELOG-34 (perf) Rebuilding asks each state only for its events where a game says how
  (``rules.view_events``: Fuji 99, whose view works out the bust odds, 9 ms a state);
  tests/test_app_log.py holds them equal to the view's events.
- APP-GAMELOG-32 The log keeps at most ``LOG_KEPT`` lines (bounded memory for endless bot games);
  a game's whole log is far shorter (a long Toutomi game: about 600 lines).
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.core.engine import Action

LOG_KEPT = 5000


def log_viewer(bots: list) -> int | None:
    """APP-GAMELOG-30: the seat whose view of the events the log is written from."""
    people = [i for i, b in enumerate(bots) if b is None]
    return people[0] if len(people) == 1 else None


def view_lines(rules: Any, view: dict, lang: str, names: list[str]) -> list[str]:
    """The log lines of the events in ``view`` (a view of the state after an action)."""
    return [rules.event_text(key, params, lang, names) for key, params in view.get("events", [])]


def lines_after(rules: Any, state: Any, viewer: int | None, lang: str, names: list[str]) -> list[str]:
    """The log lines of the action that made ``state``, as ``viewer`` reads them (a game
    whose whole view is costly offers ``view_events``: the view's events alone, APP-GAMELOG-34)."""
    events = getattr(rules, "view_events", None)
    if events is None:
        return view_lines(rules, rules.view(state, viewer), lang, names)
    return [rules.event_text(key, params, lang, names) for key, params in events(state, viewer)]


def states(rules: Any, record: Any, upto: int | None = None) -> Iterator[Any]:
    """The states after each of the record's first ``upto`` actions (all by default)."""
    state = record.replay(rules, upto=0)
    for txt in record.actions[:upto]:
        state = rules.apply(state, Action.parse(txt))
        yield state


def per_action(rules: Any, record: Any, viewer: int | None, lang: str, names: list[str],
               upto: int | None = None) -> list[list[str]]:
    """Each of the record's actions' log lines, rebuilt by replaying it (Continue, replays)."""
    return [lines_after(rules, s, viewer, lang, names) for s in states(rules, record, upto)]


def flat(chunks: list[list[str]]) -> list[str]:
    """The log of ``chunks`` (per action), the newest last, bounded (APP-GAMELOG-32)."""
    return keep([ln for chunk in chunks for ln in chunk])


def keep(log: list[str]) -> list[str]:
    """``log`` bounded to its newest ``LOG_KEPT`` lines (APP-GAMELOG-32), in place."""
    del log[:-LOG_KEPT]
    return log
