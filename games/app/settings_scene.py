"""Settings: language, fullscreen, bot speed, sound, reduced motion, bots' reasons in the log —
saved at once, atomically."""
from __future__ import annotations

import pygame

from games.app.app import App, Overlay
from games.app.gamelog import EXPLAIN_CHOICES
from games.app.storage import BOT_SPEEDS
from games.ui import text, theme, widgets


class SettingsScene(Overlay):
    """Language, fullscreen, bot speed, sound: each click saves at once."""

    veil_alpha = 235

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.layout()

    def layout(self) -> None:
        s = self.app.settings
        onoff = lambda v: self.tr("app.on") if v else self.tr("app.off")  # noqa: E731
        self.buttons = widgets.button_column([
            (self.tr("app.language"), self.lang, "lang"),
            (self.tr("app.fullscreen") + ": " + onoff(s.fullscreen), self.fullscreen, "fullscreen"),
            (self.tr("app.bot_speed") + ": " + self.tr("app.speed_" + s.bot_speed), self.speed, "speed"),
            (self.tr("app.sound") + ": " + onoff(s.sound), self.sound, "sound"),
            (self.tr("motion.reduced_motion") + ": " + onoff(s.reduced_motion), self.reduced, "reduced_motion"),
            (self.tr("app_why.setting", which=self.tr("app_why.setting_" + s.explain_bots)), self.explain,
             "explain_bots"),
            (self.tr("app.close"), self.app.pop, "close"),
        ], theme.W // 2, 260, width=780)
        for b in self.buttons:
            b.primary = False

    def lang(self) -> None:
        self.app.settings.lang = "en" if self.app.settings.lang == "ja" else "ja"
        self.changed()

    def fullscreen(self) -> None:
        self.app.set_fullscreen(not self.app.settings.fullscreen)
        self.changed()

    def speed(self) -> None:
        s = self.app.settings
        s.bot_speed = BOT_SPEEDS[(BOT_SPEEDS.index(s.bot_speed) + 1) % len(BOT_SPEEDS)]
        self.changed()

    def sound(self) -> None:
        self.app.settings.sound = not self.app.settings.sound
        self.changed()

    def reduced(self) -> None:
        self.app.settings.reduced_motion = not self.app.settings.reduced_motion
        self.changed()

    def explain(self) -> None:
        """Bots' reasons in the log: solo games, every game, none (gamelog.py APP-GAMELOG-35)."""
        s = self.app.settings
        s.explain_bots = EXPLAIN_CHOICES[(EXPLAIN_CHOICES.index(s.explain_bots) + 1) % len(EXPLAIN_CHOICES)]
        self.changed()

    def changed(self) -> None:
        self.app.save_settings()
        self.layout()

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_veil(surf)
        last = max(b.rect.bottom for b in self.buttons)
        hint = self.tr("app.settings_hint")
        self.draw_card(surf, 130, last + 100, text.render(hint, 24, theme.INK_DIM).get_width() - 100)
        text.draw(surf, self.tr("app.settings"), (theme.W // 2, 210), 60, theme.ACCENT, True, "center")
        self.draw_buttons(surf)
        text.draw(surf, hint, (theme.W // 2, last + 50), 24, theme.INK_DIM, False, "center")
