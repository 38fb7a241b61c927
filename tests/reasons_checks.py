"""Shared checks for the tests of the games' reasons modules (games/<id>/reasons.py, BOTS-4).

``playout`` plays a game with bots of given levels and records every decision's reason;
``rendered`` renders a reason in both languages; ``leaks`` says which secret card names a
reason's text would show; ``catalog_keys`` lists a ``<game>_why.yaml`` file's keys.
"""
from __future__ import annotations

from dataclasses import dataclass

import yaml

from games.core.bots import reason_parts
from games.core.i18n import I18N_DIR, has
from games.core.rng import rng_for

NAMES = ["Aoi", "Ben", "Chika", "Dan", "Emi", "Fumi", "Gen", "Hana"]
LANGS = ("ja", "en")


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


def rendered(rules, key: str, params: dict, players: int) -> dict[str, str]:
    """The reason's text in ja and en, checked: no field left unfilled, no key shown raw, one
    line at the smallest text size on a 1366x768 screen."""
    assert has(key), key  # not shown as words made from the key
    out = {}
    for lang in LANGS:
        text = rules.event_text(key, params, lang, NAMES[:players])
        assert text and "{" not in text and "}" not in text, (key, params, lang, text)
        assert line_width(text) <= LINE_WIDTH, (key, lang, text, line_width(text))
        out[lang] = text
    return out


LINE_SIZE = 22  # canvas px: 15.6 screen px at 1366x768, just above the smallest text (14)
LINE_WIDTH = 820  # canvas px (of 1920): 583 screen px at 1366x768, well inside one line


def line_width(text: str) -> int:
    """The text's width at ``LINE_SIZE`` in the table's font (games/ui/text.py)."""
    import pygame

    from games.ui import text as ui_text
    if not pygame.font.get_init():  # another test quit pygame: its fonts are stale
        pygame.font.init()
        ui_text.reset()
    return ui_text.font(LINE_SIZE).size(text)[0]


def playout(rules, bots, players: int, levels: list[str], seed: int, cap: int) -> list[Decision]:
    """One game (at most ``cap`` decisions), seat k played by ``levels[k % len(levels)]``."""
    s = rules.new_game(players, seed, {})
    seats = [bots[levels[k % len(levels)]](rules, k) for k in range(players)]
    out = []
    for step in range(cap):
        seat = rules.current_player(s)
        if seat is None:
            break
        legal = rules.legal_actions(s)
        action, reason = seats[seat].decide(rules.view(s, seat), legal, rng_for(seed, "why", step))
        key, params = reason_parts(reason) or (None, {})
        if key is not None:
            rendered(rules, key, params, players)
        out.append(Decision(levels[seat % len(levels)], len(legal), key, params))
        s = rules.apply(s, action)
    return out


def generic_share(decisions: list[Decision], generic: set[str]) -> tuple[int, int]:
    """(generic reasons, decisions with a real choice) among Strong's explained moves."""
    chosen = [d for d in decisions if d.level == "strong" and d.choices > 1 and d.key is not None]
    return sum(1 for d in chosen if d.key in generic or d.key.startswith("app.")), len(chosen)


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
