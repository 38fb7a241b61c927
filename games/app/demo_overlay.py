"""The store demo's layer over the play screen: "touch to play" and the winner moment.

Kept apart from games/app/play.py (which drives every game) because only the attract loop
(games/app/demo.py, kiosk.py) draws it; each function takes the play scene it draws over.
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from games.ui import text, theme, widgets

TOP = theme.TOP_BAR


def draw(scene: Any, surf: pygame.Surface) -> None:
    """The attract loop's layer: "touch to play" in the top bar, the winner moment."""
    bar = pygame.Rect(theme.W - 700, 8, 680, TOP - 16)  # over the (useless) Rules/Menu buttons
    pulse = int(200 + 55 * math.sin(scene.t * 2.5))
    pygame.draw.rect(surf, (pulse, int(pulse * 0.8), 60), bar, border_radius=14)
    msg = scene.tr("app.touch_to_play")
    text.draw(surf, msg, bar.center, text.fit_size(msg, 40, bar.width - 30, True), theme.INK_DARK, True,
              "center")
    out = scene.session.rules.outcome(scene.session.state) if scene.session.over else None
    if out is not None:
        draw_winner(scene, surf, out)


def draw_winner(scene: Any, surf: pygame.Surface, out) -> None:
    """Who won (and how, where the game says it) over the veiled table."""
    widgets.veil(surf, (8, 10, 16, 170), pygame.Rect(0, TOP, theme.W, theme.H - TOP))
    how = why(scene, out)  # games that say how they were won show that instead of scores
    ranking = [] if how else out.ranking
    jumped = getattr(scene, "jumped", False)  # the rest was played at once (demo.py APP-DEMO-17)
    box = pygame.Rect(0, 0, 1100, 240 + 70 * len(ranking) + (60 if out.tiebreak else 0) + 48 * len(how)
                      + (56 if jumped else 0))
    box.midtop = (theme.W // 2, 190)
    widgets.panel(surf, box, (24, 28, 38), 24, theme.ACCENT, 4)
    names = "・".join(scene.ctx.seat_name(w) for w in out.winners)
    text.draw(surf, scene.tr("kiosk.winner", names=names), (theme.W // 2, box.top + 110), 84, theme.ACCENT,
              True, "center")
    y = box.top + 200
    for seat in ranking:
        line = scene.tr("kiosk.score_line", name=scene.ctx.seat_name(seat), score=out.scores[seat])
        widgets.seat_badge(surf, seat, (theme.W // 2 - 260, y + 26), 44)
        text.draw(surf, line, (theme.W // 2 - 210, y + 26), 44, theme.INK, seat in out.winners, "midleft")
        y += 70
    if out.tiebreak:
        text.draw(surf, scene.tr(out.tiebreak), (theme.W // 2, y + 30), 32, theme.INK_DIM, False, "center")
        y += 60
    for line in how:  # how the game was won, where the scores alone do not say it
        text.draw(surf, line, (theme.W // 2, y + 20), 36, theme.INK, False, "center")
        y += 48
    if jumped:
        text.draw(surf, scene.tr("kiosk.jumped"), (theme.W // 2, y + 24), 30, theme.INK_DIM, False, "center")


def why(scene: Any, out) -> list[str]:
    """The results panel's "how it was won" text, wrapped for the winner moment (cached)."""
    lang = scene.app.settings.lang
    if getattr(scene, "_why", (None,))[0] != lang:
        ctl = type(scene.controller)
        body = ""
        if ctl.explains_win:  # its results panel says how the game was won
            final = {**scene.session.rules.view(scene.session.state, None), "seat_names": scene.ctx.names}
            extra = ctl.results_panel(scene.session.rules, final, out, lang)
            body = extra[1] if extra else ""
        lines: list[str] = []
        for sentence in body.replace("。", "。\n").replace(". ", ".\n").split("\n"):
            lines += text.wrap(sentence.strip(), 36, 1000) if sentence.strip() else []
        scene._why = (lang, lines[:4])
    return scene._why[1]
