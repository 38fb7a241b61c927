"""Shared checks for the tests of the games' reasons modules (games/<id>/reasons.py, BOTS-4).

``rendered`` renders a reason in both languages (``render``: with neutral seat names, its width
left to ``widest_line``); ``why`` / ``why_text`` explain a move of a position; ``random_states``
walks a seeded random game; ``redeal`` deals anew what the mover cannot see; ``leaks`` says
which secret card names a reason's text would show; ``catalog_keys`` lists a
``<game>_why.yaml`` file's keys; ``playout`` plays bot games and counts their reasons.  The
``check_*`` functions are the checks every game's file makes alike.
"""
from __future__ import annotations

from dataclasses import dataclass

import yaml

from games import registry
from games.core.bots import LEVELS, reason_parts
from games.core.engine import Action
from games.core.i18n import I18N_DIR, catalog, has
from games.core.rng import rng_for

NAMES = ["Aoi", "Ben", "Chika", "Dan", "Emi", "Fumi", "Gen", "Hana"]
LANGS = ("ja", "en")
STEP_CAP = 4000  # decisions per game at most (a game may make no progress: tests cap their loops)
LINE_SIZE = 22  # canvas px: 15.6 screen px at 1366x768, just above the smallest text (14)
LINE_WIDTH = 820  # canvas px (of 1920): 583 screen px at 1366x768, well inside one line


@dataclass
class Decision:
    level: str
    choices: int  # legal actions the bot had
    key: str | None
    params: dict


def catalog_keys(game: str) -> set[str]:
    """Every key of ``data/i18n/<game>_why.yaml`` as ``<game>_why.<key>``."""
    path = I18N_DIR / f"{game}_why.yaml"
    return {f"{game}_why.{k}" for k in yaml.safe_load(path.read_text(encoding="utf-8"))}


def rendered(rules, key: str, params: dict, players: int, names: list | None = None,
             width: int | None = LINE_WIDTH) -> dict[str, str]:
    """The reason's text in ja and en, checked: no field left unfilled, no key shown raw, one
    line at the smallest text size on a 1366x768 screen (at most ``width``; None: measured
    elsewhere, by ``widest_line``).  ``names``: the seats' names (``NAMES`` by default)."""
    assert has(key), key  # not shown as words made from the key
    names = NAMES[:players] if names is None else names
    out = {}
    for lang in LANGS:
        text = rules.event_text(key, params, lang, names)
        assert text and "{" not in text and "}" not in text, (key, params, lang, text)
        assert width is None or line_width(text) <= width, (key, lang, text, line_width(text))
        out[lang] = text
    return out


def render(rules, key: str, params: dict, players: int) -> dict[str, str]:
    """The reason in both languages with the seats named "Seat0", "Seat1"...; fails on a missing
    key or a field left unfilled (its width: ``widest_line``)."""
    return rendered(rules, key, params, players, [f"Seat{p}" for p in range(players)], width=None)


def line_width(text: str) -> int:
    """The text's width at ``LINE_SIZE`` in the table's font (games/ui/text.py)."""
    import pygame

    from games.ui import text as ui_text
    if not pygame.font.get_init():  # another test quit pygame: its fonts are stale
        pygame.font.init()
        ui_text.reset()
    return ui_text.font(LINE_SIZE).size(text)[0]


def why(rules, s, action: str) -> tuple[str, dict]:
    """The mover's reason for ``action`` (a move's text) in ``s``, rendered and checked."""
    reason = rules.explain(rules.view(s, rules.current_player(s)), Action.parse(action))
    assert reason is not None
    rendered(rules, *reason, s.players)
    return reason


def why_text(rules, s, action: str, lang: str = "en") -> str:
    """The mover's reason for ``action`` in ``s`` as the table shows it in ``lang``."""
    return rules.event_text(*why(rules, s, action), lang, NAMES[:s.players])


def random_states(rules, players: int, seed: int, steps: int, options: dict | None = None, rng=None, choose=None):
    """The states of one game (at most ``steps``, until it is over), each move drawn at random
    from the legal ones by ``rng`` (``rng_for(seed, "states")`` by default), or by
    ``choose(state, legal, rng)``."""
    rng = rng_for(seed, "states") if rng is None else rng
    s = rules.new_game(players, seed, {} if options is None else options)
    for _ in range(steps):
        if s.over:
            return
        yield s
        legal = rules.legal_actions(s)
        s = rules.apply(s, rng.choice(legal) if choose is None else choose(s, legal, rng))


def redeal(zones: list, rest: list, me: int, rng, order=None) -> list:
    """The cards of ``zones`` (one list a seat) but the mover's (``me``) and those of ``rest``
    shuffled and dealt again, each zone keeping its size (sorted by ``order`` if given); what
    is left over goes back, as the list returned."""
    pool = list(rest) + [c for k, zone in enumerate(zones) if k != me for c in zone]
    rng.shuffle(pool)
    for k, zone in enumerate(zones):
        if k != me:
            dealt, pool = pool[:len(zone)], pool[len(zone):]
            zones[k] = dealt if order is None else sorted(dealt, key=order)
    return pool


def leaks(rules, before, action, all_ids, name, skip=lambda text: False, shown=lambda after, lang: set()) -> list[str]:
    """Secret card names the reason for ``action`` in ``before`` would show, in any language.

    A name is secret when a card bearing it is hidden after the move from a seat other than
    the mover (or a spectator) and no card bearing it is public then (on the table, or named
    by the move's public events).  Public names are struck out of the text first ("Big
    Advance" is not "Advance").  ``skip(name)`` leaves out names the text may hold for other
    reasons (Toutomi's numbers are also totals); the ``{card}`` param is checked instead: the
    card it names must be public after the move.  ``shown(after, lang)`` adds names a game
    makes public otherwise (what a Toutomi Wild became).
    """
    mover = rules.current_player(before)
    reason = rules.explain(rules.view(before, mover), action)
    if reason is None:
        return []
    after = rules.apply(before, action)
    players = len(rules.view(after, None)["hand_counts"])
    hidden = set().union(*(rules.secret_ids(after, k) for k in [*range(players), None] if k != mover))
    on_table = set(all_ids) - rules.secret_ids(after, None)
    out = []
    for lang in LANGS:
        public = {name(c, lang) for c in on_table} | _event_names(rules, after, name, lang) | shown(after, lang)
        if "card" in reason[1] and name(reason[1]["card"], lang) not in public:
            out.append(f"{lang}: {reason[1]['card']} is not public")
        text = rules.event_text(*reason, lang, NAMES[:players])
        for known in sorted(public - {None}, key=len, reverse=True):
            text = text.replace(known, " ")
        secret = {name(c, lang) for c in hidden} - public - {None}
        out += [f"{lang}: {n!r} in {text!r}" for n in secret if not skip(n) and n in text]
    return out


def _event_names(rules, after, name, lang: str) -> set:
    """Names of the cards the move's public events name (a spectator sees them)."""
    out = set()
    for _key, params in rules.view(after, None)["events"]:
        for value in params.values():
            for v in value if isinstance(value, list) else [value]:
                if isinstance(v, str):
                    out.add(name(v, lang))
    return out


def check_same_reasons(rules, pairs, seat_of, spectator_as_seat: bool) -> int:
    """For each (s, other) of ``pairs`` (``other``: the table with what the mover, ``seat_of(s)``,
    cannot see changed): every legal move in ``s`` has a reason for the mover, the same in
    ``other``; a spectator's reason in ``s`` is the mover's in ``other`` if
    ``spectator_as_seat``, else a spectator's.  How many pairs' hands differed."""
    changed = 0
    for s, other in pairs:
        changed += other.hands != s.hands
        seat = seat_of(s)
        spectator_seat = seat if spectator_as_seat else None
        for a in rules.legal_actions(s):
            assert rules.explain(rules.view(s, seat), a) is not None, a  # every legal move has a line
            assert rules.explain(rules.view(s, seat), a) == rules.explain(rules.view(other, seat), a)
            assert rules.explain(rules.view(s, None), a) == rules.explain(rules.view(other, spectator_seat), a)
    return changed


def card_name(rules, field: str):
    """``name(card, lang)``: the card's ``field`` (e.g. "name") in ``lang``, None for no card."""
    def name(card: str, lang: str) -> str | None:
        try:
            return rules.card_info(card)[field][lang]
        except (KeyError, ValueError):
            return None
    return name


def check_no_leaks(rules, states, all_ids, name, dump, more_than: int, moves: int | None = None, **kw) -> None:
    """``leaks`` finds nothing for the legal moves (the first ``moves`` of them if given) of
    ``states``, more than ``more_than`` of them in all (``dump(state)`` says where it failed)."""
    checked = 0
    for s in states:
        for a in rules.legal_actions(s)[:moves]:
            found = leaks(rules, s, a, all_ids, name, **kw)
            assert found == [], (found, dump(s), str(a))
            checked += 1
    assert checked > more_than


def check_catalog(game: str, more_than: int) -> None:
    """The game's reasons catalogue has more than ``more_than`` keys, each in ja and en."""
    keys = catalog_keys(game)
    assert len(keys) > more_than
    for k in keys:
        assert catalog()[k]["ja"] and catalog()[k]["en"], k


def check_playouts(rules, bots, players: int, seed: int, cap: int, generic: set[str], generic_max: float,
                   more_than: int) -> None:
    """Bots of every level (each beside Strong, seeds ``seed``, ``seed`` + 1...) give only reasons
    of the catalogue that render; more than ``more_than`` Strong moves had a choice, at most
    ``generic_max`` of them with a ``generic`` line."""
    decisions = []
    for k, level in enumerate(LEVELS):
        decisions += _decided(rules, bots, players, [level, "strong"], seed=seed + k, cap=cap)
    keys = {d.key for d in decisions}
    assert keys - {None} <= catalog_keys(rules.game_id) | {"app.reason_only_move"}
    chosen = [d for d in decisions if d.level == "strong" and d.choices > 1 and d.key is not None]
    share = sum(1 for d in chosen if d.key in generic or d.key.startswith("app."))
    assert len(chosen) > more_than and share <= generic_max * len(chosen), (share, len(chosen))


def _decisions(rules, s, seats: list, seed: int, stream: str, cap: int):
    """Each bot decision of one game from ``s`` (at most ``cap``): (state, seat, legal actions,
    action, reason parts or None), the move applied after the caller has seen it."""
    for step in range(cap):
        seat = rules.current_player(s)
        if seat is None:
            return
        legal = rules.legal_actions(s)
        action, reason = seats[seat].decide(rules.view(s, seat), legal, rng_for(seed, stream, step))
        yield s, seat, legal, action, reason_parts(reason)
        s = rules.apply(s, action)


def _decided(rules, bots, players: int, levels: list[str], seed: int, cap: int) -> list[Decision]:
    """One game (at most ``cap`` decisions), seat k played by ``levels[k % len(levels)]``."""
    s = rules.new_game(players, seed, {})
    seats = [bots[levels[k % len(levels)]](rules, k) for k in range(players)]
    out = []
    for _s, seat, legal, _action, parts in _decisions(rules, s, seats, seed, "why", cap):
        key, params = parts or (None, {})
        if key is not None:
            rendered(rules, key, params, players)
        out.append(Decision(levels[seat % len(levels)], len(legal), key, params))
    return out


def playout(game: str, level: str, players: int, games: int, seed: int = 1, visit=None) -> dict:
    """Bot games at ``level`` in every seat.  Every reason ``decide`` gives is rendered; returns
    counts: ``chosen`` (moves the bot chose among several), ``generic`` (of those, a bot's
    ``why`` or a line of the game's ``reasons.GENERIC``) and ``keys`` (per key).
    ``visit(state, seat, action, key, params)`` sees each explained move."""
    rules, bots = registry.rules(game), registry.bots(game)
    generic = set(rules.reasons.GENERIC)
    out = {"chosen": 0, "generic": 0, "keys": {}}
    for g in range(games):
        gseed = seed + g
        s = rules.new_game(players, gseed, {**rules.default_options(), "start_player": g % players})
        seats = [bots[level](rules, p) for p in range(players)]
        generic |= {b.why for b in seats} | {getattr(b, "inner", b).why for b in seats}
        for state, seat, legal, action, parts in _decisions(rules, s, seats, gseed, "bot", STEP_CAP):
            if parts is None:
                continue
            render(rules, *parts, players)
            if len(legal) > 1:
                out["chosen"] += 1
                out["generic"] += parts[0] in generic
                out["keys"][parts[0]] = out["keys"].get(parts[0], 0) + 1
            if visit is not None:
                visit(state, seat, action, *parts)
    return out


ONE_LINE = 0.6  # share of the 1920-wide canvas a reason may take at the smallest text size


def widest_line(game: str, players: int, games: int, seed: int = 1) -> tuple[int, str]:
    """The widest Strong reason (canvas px at ``text.MIN_SIZE``, 14 screen px at 1366x768) in
    either language over a few games, and its text."""
    import pygame

    from games.ui import text
    if not pygame.font.get_init():  # another test quit pygame: its fonts are stale
        pygame.font.init()
        text.reset()
    rules, widest = registry.rules(game), (0, "")
    font = text.font(text.MIN_SIZE)

    def visit(state, seat, action, key, params):
        nonlocal widest
        for line in render(rules, key, params, players).values():
            widest = max(widest, (font.size(line)[0], line))
    playout(game, "strong", players, games, seed, visit)
    return widest


def one_line_width() -> float:
    from games.ui import theme
    return ONE_LINE * theme.W
