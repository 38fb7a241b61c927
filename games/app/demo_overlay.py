"""The store demo's layer over the play screen: "touch to play", the guided segment's
caption strip (games/app/demo_guided.py) and the winner moment.

Kept apart from games/app/play.py (which drives every game) because only the attract loop
(games/app/demo.py, kiosk.py) draws it; each function takes the play scene it draws over.
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from games.ui import text, theme, widgets

TOP = theme.TOP_BAR
CAPTION_LEFT = 330  # the caption strip takes the status line's place, between the title and the call
TOUCH_W_GUIDED = 420  # "touch to play" narrower beside the caption strip


def draw(scene: Any, surf: pygame.Surface) -> None:
    """The attract loop's layer: "touch to play" in the top bar, the guided segment's
    caption strip, the winner moment."""
    guided = getattr(scene, "guided", False)
    width = TOUCH_W_GUIDED if guided else 680
    bar = pygame.Rect(theme.W - width - 20, 8, width, TOP - 16)  # over the (useless) Rules/Menu buttons
    if guided:
        draw_caption(scene, surf, pygame.Rect(CAPTION_LEFT, 0, bar.left - CAPTION_LEFT, TOP))
    pulse = int(200 + 55 * math.sin(scene.t * 2.5))
    pygame.draw.rect(surf, (pulse, int(pulse * 0.8), 60), bar, border_radius=14)
    msg = scene.tr("app.touch_to_play")
    text.draw(surf, msg, bar.center, text.fit_size(msg, 40, bar.width - 30, True), theme.INK_DARK, True,
              "center")
    out = scene.session.rules.outcome(scene.session.state) if scene.session.over else None
    if out is not None:
        draw_winner(scene, surf, out)


def draw_caption(scene: Any, surf: pygame.Surface, area: pygame.Rect) -> None:
    """The caption strip over the status line: a tag ("How to win" / "Why this move?") and
    its text, on up to two lines, as large as fits (APP-DEMO-20)."""
    pygame.draw.rect(surf, theme.BG, area)
    tag, line = scene.caption_text()
    tag_size = text.fit_size(tag, 24, 190, True)
    tag_img = text.render(tag, tag_size, theme.INK_DARK, True)
    chip = tag_img.get_rect(midleft=(area.left + 14, area.centery)).inflate(20, 10)
    pygame.draw.rect(surf, theme.ACCENT, chip, border_radius=10)
    surf.blit(tag_img, tag_img.get_rect(center=chip.center))
    room = pygame.Rect(chip.right + 16, area.top + 4, area.right - chip.right - 36, area.height - 8)
    size, lines = caption_lines(line, room.width, room.height)
    step = int(size * 1.15)
    top = room.centery - step * len(lines) // 2
    for i, ln in enumerate(lines):
        text.draw(surf, ln, (room.left, top + i * step + step // 2), size, theme.INK, True, "midleft")


def caption_lines(line: str, width: int, height: int) -> tuple[int, list[str]]:
    """``line`` wrapped by phrase at the largest size from 32 whose lines fit ``height``."""
    size = 32
    while True:
        lines = text.wrap(line, size, width, True)
        if len(lines) * int(size * 1.15) <= height or size <= text.MIN_SIZE:
            return size, lines[:2]
        size -= 2


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
