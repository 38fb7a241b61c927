"""The attract loop's "how to play" card: shown before each demo game for a few seconds.

A passer-by should know within 30 seconds what a game is about: the card gives the
goal, one turn, and what to watch for in three short lines (``kiosk.howto_<id>`` in
``data/i18n/kiosk.yaml``), with the player count and play time.  Any touch leads to the
title; when the time is up, the game's guided segment starts, then the demo game itself
(games/app/demo.py APP-DEMO-20).
"""
from __future__ import annotations

import math

import pygame

from games import registry
from games.app.app import App, Scene
from games.app.session import Session
from games.ui import text, theme, widgets

HOWTO_SECONDS = 14.0


class HowToScene(Scene):
    attract = True  # part of the attract loop: the idle countdown does not watch it

    def __init__(self, app: App, session: Session, seconds: float | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.game_id_shown = session.record.game
        self.seconds = HOWTO_SECONDS if seconds is None else seconds
        self.t = 0.0

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.FINGERDOWN):
            self.app.goto("title")

    def update(self, dt: float) -> None:
        self.t += dt
        if self.t >= self.seconds:
            from games.app.demo import after_howto  # (the demo imports nothing of the scenes)
            after_howto(self.app, self.session)

    def lines(self) -> list[str]:
        return [ln.strip() for ln in self.tr(f"kiosk.howto_{self.game_id_shown}").split("\n") if ln.strip()]

    def draw(self, surf: pygame.Surface) -> None:
        lang = self.app.settings.lang
        info = registry.info(self.game_id_shown)
        surf.fill(theme.BG)
        text.draw(surf, self.tr("kiosk.how_to_play"), (theme.W // 2, 110), 40, theme.INK_DIM, True, "center")
        size = text.fit_size(info.title[lang], 96, theme.W - 200, True)
        text.draw(surf, info.title[lang], (theme.W // 2, 210), size, theme.ACCENT, True, "center")
        lo, hi = info.players
        players = self.tr("app.players_range", lo=lo, hi=hi) if lo != hi else self.tr("app.players_n", n=lo)
        meta = players + "   " + self.tr("app.minutes_range", lo=info.minutes[0], hi=info.minutes[1])
        text.draw(surf, meta, (theme.W // 2, 300), 32, theme.INK, False, "center")
        y = 380
        for i, line in enumerate(self.lines()[:4]):
            box = pygame.Rect(260, y, theme.W - 520, 130)
            widgets.panel(surf, box, theme.PANEL, 18)
            pygame.draw.circle(surf, theme.ACCENT, (box.left + 70, box.centery), 34)
            text.draw(surf, str(i + 1), (box.left + 70, box.centery), 40, theme.INK_DARK, True, "center")
            lines = text.wrap(line, 36, box.width - 170, True)[:2]
            top = box.centery - len(lines) * 48 // 2
            for j, ln in enumerate(lines):
                text.draw(surf, ln, (box.left + 130, top + j * 48 + 24), 36, theme.INK, True, "midleft")
            y += 150
        k = min(1.0, self.t / self.seconds)
        bar = pygame.Rect(260, theme.H - 130, theme.W - 520, 14)
        pygame.draw.rect(surf, theme.PANEL, bar, border_radius=7)
        pygame.draw.rect(surf, theme.ACCENT, (bar.left, bar.top, int(bar.width * k), bar.height), border_radius=7)
        # a gentle pulse in 9 shades: each shade is a cached rendering (a shade per frame
        # would render the line anew every frame and flush the text cache)
        alpha = 0.75 + 0.25 * round(4 * math.sin(self.t * 2.5)) / 4
        colour = tuple(int(c * alpha) for c in theme.INK)
        text.draw(surf, self.tr("app.touch_to_play"), (theme.W // 2, theme.H - 60), 44, colour, True, "center")
