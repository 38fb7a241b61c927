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

Decisions (issue 30.5, spectators hear why):
- APP-GAMELOG-35 The setting "Explain bots' moves in the log" (``Settings.explain_bots``) is
  ``solo`` by default: on when exactly one person plays with bots (a learner alone at the
  table wants to know why the bots did what they did, and the log is theirs), off at a
  pass-and-play table and a table of bots only; ``on`` and ``off`` choose for every game.
  The store demo always explains (``explains`` with ``demo``).  A replay follows the same
  rule on its record's seats.
- APP-GAMELOG-36 A bot's reason is a line of its own under the move's lines (``reason_line``),
  the same live, after Continue and in a replay (a log is rebuilt from the record alone,
  APP-GAMELOG-30): ``rules.explain`` from the mover's view of the state before the move
  (``log_reason``; for a move the bot chose that is what ``Bot.decide`` says, BOTS-4),
  "the only move it had" for a forced one, else the line its level gives for any move
  (the bot's ``why``).  The bot's own ``decide`` reason is not kept in the record, so a
  line only a particular decision knew (a rule of thumb taken instead of sampling, a
  slip) would not come back after Continue; the demo's captions, never rebuilt, show it.
- APP-GAMELOG-37 Secrecy: the log is read by everyone its reader stands for, so a reason that
  names anything (a param's text: a card id, a cell...) found in the mover's view but in
  neither the reader's view before nor after the move is left out (``safe_reason``): a bot
  in pass-and-play never tells the table which cards it keeps.  The move's own arguments
  count as seen: the move shows them (the card played, used or taken, a cell; no action of
  the five games has a hidden argument), even where a view names only a card's face
  afterwards (Toutomi's burst clears the field and its event says "n1", not "n1-2").  The reasons modules are
  written not to do so (e.g. QUMASU-REASONS-3); this check holds whatever they return.
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from games.core.bots import reason_parts
from games.core.engine import Action
from games.core.i18n import tr

LOG_KEPT = 5000
EXPLAIN_CHOICES = ("solo", "on", "off")  # Settings.explain_bots (APP-GAMELOG-35)


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


def per_action(rules: Any, record: Any, viewer: int | None, lang: str, names: list[str],
               upto: int | None = None, bots: list | None = None) -> list[list[str]]:
    """Each of the record's actions' log lines, rebuilt by replaying it (Continue, replays);
    with ``bots`` (each seat's bot class, None for a person) the bots' reasons too."""
    out, before = [], record.replay(rules, upto=0)
    for txt in record.actions[:upto]:
        action = Action.parse(txt)
        after = rules.apply(before, action)
        out.append(lines_after(rules, after, viewer, lang, names)
                   + (bot_reason_lines(rules, before, action, after, bots, viewer, lang, names) if bots else []))
        before = after
    return out


def flat(chunks: list[list[str]]) -> list[str]:
    """The log of ``chunks`` (per action), the newest last, bounded (APP-GAMELOG-32)."""
    return keep([ln for chunk in chunks for ln in chunk])


def keep(log: list[str]) -> list[str]:
    """``log`` bounded to its newest ``LOG_KEPT`` lines (APP-GAMELOG-32), in place."""
    del log[:-LOG_KEPT]
    return log


# --- a bot's reason under its move (issue 30.5) -----------------------------------------
def explains(setting: str, bots: list, demo: bool = False) -> bool:
    """APP-GAMELOG-35: whether the log says why each bot moved."""
    if demo or setting == "on":
        return True
    people = sum(1 for b in bots if b is None)
    return setting == "solo" and people == 1 and len(bots) > 1


def _words(x: Any) -> Iterator[str]:
    """Every string in a view or a reason's params (card ids, cells, colours...)."""
    todo = [x]
    while todo:
        y = todo.pop()
        if isinstance(y, str):
            yield y
        elif isinstance(y, dict):
            todo.extend(y.values())
        elif isinstance(y, (list, tuple, set, frozenset)):
            todo.extend(y)


def safe_reason(reason: Any, mover_view: dict, reader_views: Any, shown: tuple = ()) -> tuple[str, dict] | None:
    """``reason`` as ``(key, params)``, or None when it names something of the mover's view
    that none of ``reader_views`` (a list, or a function making it: only asked for when the
    reason names something of that view) shows, nor the move itself (``shown``: its args,
    APP-GAMELOG-37)."""
    parts = reason_parts(reason)
    if parts is None:
        return None
    named = set(_words(parts[1])) - {str(a) for a in shown}
    secret = named & set(_words(mover_view)) if named else set()
    for view in (reader_views() if secret and callable(reader_views) else reader_views if secret else []):
        secret -= set(_words(view))
        if not secret:
            break
    return None if secret else parts


def told(rules: Any, reason: Any, mover: int, before: Any, action: Action, after: Any, reader: int | None,
         mover_view: dict | None = None) -> tuple[str, dict] | None:
    """The mover's ``reason`` for ``action`` from ``before`` to ``after`` as ``reader`` may
    read it (``safe_reason``), or None."""
    if reason is None:
        return None
    if mover_view is None:
        mover_view = rules.view(before, mover)
    if reader == mover:
        return safe_reason(reason, mover_view, [mover_view], tuple(action.args))
    return safe_reason(reason, mover_view, lambda: [rules.view(before, reader), rules.view(after, reader)],
                       tuple(action.args))


def reason_line(rules: Any, parts: tuple[str, dict] | None, lang: str, names: list[str]) -> list[str]:
    """The log line of a told reason (none for None), under the move's own lines."""
    if parts is None:
        return []
    return [tr("app_why.log_line", lang, reason=rules.event_text(parts[0], parts[1], lang, names))]


def general_why(bot_cls: Any) -> str | None:
    """The line a bot level gives for any move (BOTS-3; a slipping level's: its base's)."""
    return getattr(bot_cls, "why", None) or getattr(getattr(bot_cls, "base", None), "why", None)


def log_reason(rules: Any, before: Any, action: Action, after: Any, bot_cls: Any, reader: int | None,
               view: dict | None = None, legal: list | None = None) -> tuple[str, dict] | None:
    """APP-GAMELOG-36: why the bot seat made ``action`` in ``before``, from its own view
    (``view``/``legal``: already at hand), as ``reader`` may read it (APP-GAMELOG-37)."""
    seat = rules.current_player(before)
    if seat is None:
        return None
    view = rules.view(before, seat) if view is None else view
    if len(rules.legal_actions(before) if legal is None else legal) == 1:
        reason: Any = "app.reason_only_move"
    else:
        reason = rules.explain(view, action) or general_why(bot_cls)
    return told(rules, reason, seat, before, action, after, reader, view)


def bot_reason_lines(rules: Any, before: Any, action: Action, after: Any, bots: list, reader: int | None,
                     lang: str, names: list[str]) -> list[str]:
    """The reason line under a move of a bot seat (``bots``: each seat's bot class or None)."""
    seat = rules.current_player(before)
    cls = bots[seat] if seat is not None and seat < len(bots) else None
    if cls is None:
        return []
    return reason_line(rules, log_reason(rules, before, action, after, cls, reader), lang, names)
