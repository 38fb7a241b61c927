"""The store demo's staff menu (behind the PIN: games/app/staff_pin.py).

Reached by the chord Ctrl+Shift+Q or by holding the top-left corner (games/app/kiosk.py),
then the PIN.  It sets what the attract loop shows (games, language, pace), the idle time,
a cap on visitor games and whether they offer hints, changes the PIN, shows how many games
visitors started and finished today and this month (games/app/visitors.py), clears
unfinished games and the history, switches fullscreen, opens the full settings and quits
the table.
"""
from __future__ import annotations

import pygame

from games import registry
from games.app import visitors
from games.app.app import App, Overlay
from games.app.staff_pin import PinPrompt
from games.app.storage import BOT_SPEEDS
from games.ui import text, theme, widgets

__all__ = ["PinPrompt", "StaffMenu"]

DEMO_LANGS = ("current", "ja", "en", "both")
IDLE_CHOICES = (30, 60, 90, 180, 300)
CAP_CHOICES = (0, 10, 20, 30)
COUNTS_X = 1300  # the visitors' figures and the clearing buttons


class StaffMenu(Overlay):
    """What the shop sets: demo games, language, pace, idle time, visitor cap, quit."""

    staff = True
    veil_alpha = 245

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.layout()

    def layout(self) -> None:
        s = self.app.settings
        tr = self.tr
        cap = tr("kiosk.cap_off") if not s.visitor_game_minutes else tr("kiosk.minutes", n=s.visitor_game_minutes)
        onoff = tr("app.on") if s.fullscreen else tr("app.off")
        self.buttons = widgets.button_column([
            (tr("kiosk.demo_lang", which=tr("kiosk.lang_" + s.demo_langs)), self.cycle_lang, "demo_lang"),
            (tr("kiosk.demo_pace", pace=tr("app.speed_" + s.demo_pace)), self.cycle_pace, "demo_pace"),
            (tr("kiosk.idle_time", n=s.demo_idle_seconds), self.cycle_idle, "idle"),
            (tr("kiosk.visitor_cap", cap=cap), self.cycle_cap, "cap"),
            (tr("app_hint.visitor_hints", state=tr("app.on") if s.visitor_hints else tr("app.off")),
             self.toggle_hints, "visitor_hints"),
            (tr("app.fullscreen") + ": " + onoff, self.fullscreen, "fullscreen"),
            (tr("kiosk.change_pin"), lambda: self.app.open("staff_pin", mode="change"), "change_pin"),
            (tr("app.settings"), lambda: self.app.open("settings"), "settings"),
            (tr("kiosk.quit_table"), self.quit, "quit"),
            (tr("app.close"), self.app.pop, "close"),
        ], 400, 160, width=640, height=66, gap=14)
        for b in self.buttons:
            b.primary = False
        self.game_buttons = []
        for i, gid in enumerate(registry.playable_ids()):
            on = not s.demo_games or gid in s.demo_games
            title = registry.info(gid).title[s.lang]
            r = pygame.Rect(770, 200 + i * 80, 460, 66)
            b = widgets.Button(r, ("● " if on else "○ ") + title, lambda g=gid: self.toggle_game(g),
                               key=f"game_{gid}")
            b.primary = on
            self.game_buttons.append(b)
        self.counts = visitors.summary()
        self.unfinished, self.history = visitors.unfinished_count(), visitors.history_count()
        clear = [(tr("kiosk.clear_unfinished", n=self.unfinished), self.clear_unfinished, "clear_unfinished"),
                 (tr("kiosk.clear_history", n=self.history), self.clear_history, "clear_history")]
        self.clear_buttons = widgets.button_column(clear, COUNTS_X + 280, 700, width=560, height=66, gap=14)
        for b, n in zip(self.clear_buttons, (self.unfinished, self.history), strict=True):
            b.primary, b.enabled = False, n > 0
        self.buttons += self.game_buttons + self.clear_buttons

    def on_resume(self) -> None:
        self.layout()  # a new PIN, the settings: their labels again

    def changed(self) -> None:
        self.app.save_settings()
        self.layout()

    def cycle_lang(self) -> None:
        s = self.app.settings
        s.demo_langs = DEMO_LANGS[(DEMO_LANGS.index(s.demo_langs) + 1) % len(DEMO_LANGS)]
        self.changed()

    def cycle_pace(self) -> None:
        s = self.app.settings
        s.demo_pace = BOT_SPEEDS[(BOT_SPEEDS.index(s.demo_pace) + 1) % len(BOT_SPEEDS)]
        self.changed()

    def cycle_idle(self) -> None:
        s = self.app.settings
        later = [n for n in IDLE_CHOICES if n > s.demo_idle_seconds]
        s.demo_idle_seconds = later[0] if later else IDLE_CHOICES[0]
        self.changed()

    def cycle_cap(self) -> None:
        s = self.app.settings
        later = [n for n in CAP_CHOICES if n > s.visitor_game_minutes]
        s.visitor_game_minutes = later[0] if later else CAP_CHOICES[0]
        self.changed()

    def toggle_hints(self) -> None:
        """Hints in visitors' games on or off (games/app/hint.py APP-HINT-3)."""
        s = self.app.settings
        s.visitor_hints = not s.visitor_hints
        self.changed()

    def toggle_game(self, gid: str) -> None:
        s = self.app.settings
        chosen = list(s.demo_games) or registry.playable_ids()
        chosen = [g for g in chosen if g != gid] if gid in chosen else chosen + [gid]
        if chosen:  # at least one game stays in the loop
            everything = set(chosen) >= set(registry.playable_ids())
            s.demo_games = [] if everything else [g for g in registry.playable_ids() if g in chosen]
        self.changed()

    def fullscreen(self) -> None:
        self.app.set_fullscreen(not self.app.settings.fullscreen)
        self.changed()

    def quit(self) -> None:
        self.app.running = False

    def clear_unfinished(self) -> None:
        self.app.open("confirm", self.tr("kiosk.clear_title"), self.tr("kiosk.clear_unfinished_ask", n=self.unfinished),
                      self.tr("kiosk.clear_yes"), lambda: self.cleared(visitors.clear_unfinished()))

    def clear_history(self) -> None:
        self.app.open("confirm", self.tr("kiosk.clear_title"), self.tr("kiosk.clear_history_ask", n=self.history),
                      self.tr("kiosk.clear_yes"), lambda: self.cleared(visitors.clear_history()))

    def cleared(self, n: int) -> None:
        self.app.toast(self.tr("kiosk.cleared", n=n))
        self.layout()

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_veil(surf)
        text.draw(surf, self.tr("kiosk.staff_menu"), (theme.W // 2, 80), 56, theme.ACCENT, True, "center")
        text.draw(surf, self.tr("kiosk.demo_games"), (770, 170), 28, theme.INK_DIM, True, "midleft")
        self.draw_counts(surf)
        text.draw(surf, self.tr("kiosk.staff_hint"), (theme.W // 2, theme.H - 50), 24, theme.INK_DIM,
                  False, "center")
        self.draw_buttons(surf)

    def draw_counts(self, surf: pygame.Surface) -> None:
        """Visitor games per game: started and finished, today and this month (visitors.py)."""
        x, y = COUNTS_X, 170
        text.draw(surf, self.tr("kiosk.visitors"), (x, y), 28, theme.INK_DIM, True, "midleft")
        y += 50
        cols = (x + 350, x + 490)
        text.draw(surf, self.tr("kiosk.today"), (cols[0], y), 24, theme.INK_DIM, True, "center")
        text.draw(surf, self.tr("kiosk.this_month"), (cols[1], y), 24, theme.INK_DIM, True, "center")
        lang = self.app.settings.lang
        for gid in registry.playable_ids():
            y += 52
            row = self.counts.get(gid, (0, 0, 0, 0))
            title = registry.info(gid).title[lang]
            text.draw(surf, title, (x, y), text.fit_size(title, 26, 270, False), theme.INK, False, "midleft")
            for col, (started, finished) in zip(cols, (row[:2], row[2:]), strict=True):
                text.draw(surf, self.tr("kiosk.started_finished", s=started, f=finished), (col, y), 26,
                          theme.INK, False, "center")
        text.draw_wrapped(surf, self.tr("kiosk.counts_key"), pygame.Rect(x, y + 36, 560, 90), 22, theme.INK_DIM)
