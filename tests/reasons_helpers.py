"""Shared pieces of tests/test_reasons_<game>.py (issue 30 item 2): bot playouts whose every
reason is rendered in both languages, and the share of generic lines."""
from __future__ import annotations

from games import registry
from games.core import i18n
from games.core.bots import reason_parts
from games.core.rng import rng_for

LANGS = ("ja", "en")
STEP_CAP = 4000  # decisions per game at most (a game may make no progress: tests cap their loops)


def render(rules, key: str, params: dict, players: int) -> dict[str, str]:
    """The reason in both languages; fails on a missing key or a field left unfilled."""
    assert i18n.has(key), key
    names = [f"Seat{p}" for p in range(players)]
    out = {lang: rules.event_text(key, params, lang, names) for lang in LANGS}
    for lang, text in out.items():
        assert text and "{" not in text and "}" not in text, (key, lang, text)
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
        for step in range(STEP_CAP):
            seat = rules.current_player(s)
            if seat is None:
                break
            legal = rules.legal_actions(s)
            action, why = seats[seat].decide(rules.view(s, seat), legal, rng_for(gseed, "bot", step))
            parts = reason_parts(why)
            if parts is not None:
                render(rules, *parts, players)
                if len(legal) > 1:
                    out["chosen"] += 1
                    out["generic"] += parts[0] in generic
                    out["keys"][parts[0]] = out["keys"].get(parts[0], 0) + 1
                if visit is not None:
                    visit(s, seat, action, *parts)
            s = rules.apply(s, action)
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
