"""A small checker for the tooltip notes (TIPS-1 of games/ui/tips.py), for one game's tables.

Every card a table draws (games/ui/drawn.py "card" notes) and every *symbolic* text it
draws (a counter or a badge: at most 3 characters, or mostly digits and symbols: "×3",
"◎1", "−*2", "3/5") must lie under a tip (the centre of its rect inside the tip's rect),
and every tip's key must exist in ja and en, render differently in the two, and leave no
"{...}" unfilled.  (The merger replaces it with the shared walking test, tests/test_tips.py.)
"""
from __future__ import annotations

import re

import pygame

from games import registry
from games.core.i18n import has, tr
from games.ui import theme, tips
from games.ui.table import Interaction, TableContext

NAMES = ["Aoi", "Ren", "Mio", "Sora", "Yui", "Kai"]


def symbolic(line: str) -> bool:
    """TIPS-5: a text is symbolic when it has at most 3 characters (spaces aside) or more than
    half of them are not letters (digits, arrows, ×, ◎, /, ...): a counter or a badge."""
    chars = [c for c in line if not c.isspace()]
    return bool(chars) and (len(chars) <= 3 or sum(not c.isalpha() for c in chars) * 2 > len(chars))


def table_for(game: str, ctx: TableContext, state, viewer: int | None):
    """A fresh table of ``game`` (and its controller) for ``state`` as ``viewer`` sees it, with
    the legal actions when it is the viewer's turn."""
    ctl_cls, view_cls = registry.ui_classes(game)
    controller = ctl_cls(ctx)
    table = view_cls(ctx, controller)
    view = ctx.rules.view(state, viewer)
    controller.reset_local(view)
    acting = viewer is not None and ctx.rules.current_player(state) == viewer
    table.rebuild(view, viewer, ctx.rules.legal_actions(state) if acting else [])
    return table, controller


def paint(table, ix: Interaction) -> None:
    """Draw ``table`` on a fresh canvas of felt (its tips and drawn notes collected)."""
    surf = pygame.Surface((theme.W, theme.H))
    surf.fill(theme.FELT)
    table.draw(surf, ix)


def draw_table(game: str, state, n: int, viewer: int | None, lang: str, mouse=(0, 0)):
    """Draw a fresh table for ``state`` (``n`` seats) as ``viewer`` sees it: (drawn notes,
    tips, table)."""
    ctx = TableContext(registry.rules(game), lang, NAMES[:n], [None] * n)
    table, _ = table_for(game, ctx, state, viewer)
    paint(table, Interaction(t=0.0, mouse=mouse))
    return table.drew, table.tips, table  # what ``draw`` noted (games/ui/tips.py TIPS-1)


def uncovered(drew: list, noted: list) -> list:
    """The cards and symbolic texts drawn that no tip covers."""
    out = []
    for kind, what, rect in drew:
        if kind == "text" and not symbolic(what):
            continue
        centre = pygame.Rect(rect).center
        if tips.at(noted, centre) is None:
            out.append((kind, what, tuple(rect)))
    return out


def bad_texts(game: str, noted: list) -> list:
    """Tips whose text is missing in a language, the same in both, or has a field unfilled."""
    rules = registry.rules(game)
    out = []
    for tip in {(t.key, t.params) for t in noted}:
        key, params = tip
        if not has(key):
            out.append((key, "no such key"))
            continue
        texts = [rules.event_text(key, dict(params), lang, NAMES) for lang in ("ja", "en")]
        if texts[0] == texts[1] or tr(key, "en") == tr(key, "ja"):
            out.append((key, "the same in ja and en", texts))
        for t in texts:
            if re.search(r"\{[^}]*\}", t):
                out.append((key, "a field left unfilled", t))
    return out


def playout_states(game: str, players: int, seed: int, every: int = 9, limit: int = 400) -> list:
    """States met every ``every`` actions of a seeded random game (its start first, its end last)."""
    from games.core.rng import rng_for
    rules = registry.rules(game)
    s = rules.new_game(players, seed, {"start_player": 0})
    rng = rng_for(seed, "tips-walk")
    out = []
    for k in range(limit):
        if k % every == 0:
            out.append(s)
        if rules.current_player(s) is None:
            break
        s = rules.apply(s, rng.choice(rules.legal_actions(s)))
    out.append(s)
    return out


def _strings(obj) -> set:
    if isinstance(obj, str):
        return {obj}
    if isinstance(obj, dict):
        return set().union(*map(_strings, obj.values())) if obj else set()
    if isinstance(obj, list | tuple):
        return set().union(*map(_strings, obj)) if obj else set()
    return set()


def secrets_told(table, noted: list) -> list:
    """Tips naming a card that is nowhere in the viewer's view (a card they may not see)."""
    seen = _strings(table.view)
    return [(t.key, dict(t.params)["card"]) for t in noted if "card" in dict(t.params)
            and dict(t.params)["card"] not in seen]


def problems(game: str, state, n: int, viewer: int | None, lang: str) -> list:
    """Everything wrong with the tips of one table: uncovered things, bad texts, secrets."""
    drew, noted, table = draw_table(game, state, n, viewer, lang)
    assert drew is not None and noted, "the table drew nothing or noted no tip"
    return uncovered(drew, noted) + bad_texts(game, noted) + secrets_told(table, noted)


def catalogue_problems(game: str) -> list:
    """Entries of data/i18n/<game>_tips.yaml without both languages, or the same in both."""
    import yaml

    from games.core.i18n import I18N_DIR
    entries = yaml.safe_load((I18N_DIR / f"{game}_tips.yaml").read_text(encoding="utf-8"))
    return [key for key, e in entries.items() if not (e.get("ja") and e.get("en")) or e["ja"] == e["en"]]


def check_whole_game(game: str, players: int, seed: int, every: int, lang: str) -> None:
    """Every table of a seeded random game (one each ``every`` actions) has ``problems``; every
    third is a spectator's, the others the seat to act's."""
    rules = registry.rules(game)
    states = playout_states(game, players, seed=seed, every=every)
    assert len(states) > 6
    for k, s in enumerate(states):
        viewer = rules.current_player(s) if k % 3 else None  # every third table: a spectator's
        assert problems(game, s, players, viewer, lang) == []
