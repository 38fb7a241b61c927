"""Staff-only screens of the store demo: the PIN prompt and the staff menu.

Reached only by the chord Ctrl+Shift+Q (see games/app/kiosk.py).  The PIN is the
``staff_pin`` of the settings file (digits; README: "Store demo").  The staff menu sets
what the attract loop shows (games, language, pace), the idle time and a cap on visitor
games, switches fullscreen, opens the full settings and quits the table.
"""
from __future__ import annotations

import pygame

from games import registry
from games.app.app import App, Overlay
from games.app.storage import BOT_SPEEDS
from games.ui import text, theme, widgets

DEMO_LANGS = ("current", "ja", "en", "both")
IDLE_CHOICES = (30, 60, 90, 180, 300)
CAP_CHOICES = (0, 10, 20, 30)
MAX_TRIES = 3
KEYPAD = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "←", "0", "OK")


class PinPrompt(Overlay):
    """Type the staff PIN (keys or the on-screen pad); three wrong tries close it."""

    staff = True
    veil_alpha = 240

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.typed = ""
        self.tries = 0
        self.wrong = False
        self.buttons = []
        for i, label in enumerate(KEYPAD):
            r = pygame.Rect(0, 0, 150, 96)
            r.topleft = (theme.W // 2 - 240 + (i % 3) * 165, 390 + (i // 3) * 110)
            self.buttons.append(widgets.Button(r, label, lambda k=label: self.press(k), size=40,
                                               primary=label == "OK", key=f"pin_{label}"))

    def press(self, key: str) -> None:
        if key == "OK":
            self.submit()
        elif key == "←":
            self.typed = self.typed[:-1]
        elif len(self.typed) < 8:
            self.typed += key
            self.wrong = False

    def submit(self) -> None:
        if self.typed and self.typed == str(self.app.settings.staff_pin):
            self.app.pop()
            self.app.open("staff")
            return
        self.tries += 1
        self.typed, self.wrong = "", True
        if self.tries >= MAX_TRIES:
            self.app.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.submit()
            elif event.key == pygame.K_BACKSPACE:
                self.press("←")
            elif event.unicode and event.unicode in "0123456789":
                self.press(event.unicode)
            return
        self.handle_buttons(event)

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_veil(surf)
        text.draw(surf, self.tr("kiosk.staff_pin"), (theme.W // 2, 200), 56, theme.ACCENT, True, "center")
        dots = "●" * len(self.typed) or "—"
        text.draw(surf, dots, (theme.W // 2, 300), 56, theme.INK, True, "center")
        if self.wrong:
            text.draw(surf, self.tr("kiosk.wrong_pin", left=MAX_TRIES - self.tries), (theme.W // 2, 355), 30,
                      theme.DANGER, True, "center")
        self.draw_buttons(surf)


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
            (tr("app.fullscreen") + ": " + onoff, self.fullscreen, "fullscreen"),
            (tr("app.settings"), lambda: self.app.open("settings"), "settings"),
            (tr("kiosk.quit_table"), self.quit, "quit"),
            (tr("app.close"), self.app.pop, "close"),
        ], 560, 200, width=760, height=70, gap=14)
        for b in self.buttons:
            b.primary = False
        self.game_buttons = []
        for i, gid in enumerate(registry.playable_ids()):
            on = not s.demo_games or gid in s.demo_games
            title = registry.info(gid).title[s.lang]
            r = pygame.Rect(1080, 240 + i * 86, 700, 70)
            b = widgets.Button(r, ("● " if on else "○ ") + title, lambda g=gid: self.toggle_game(g),
                               key=f"game_{gid}")
            b.primary = on
            self.game_buttons.append(b)
        self.buttons += self.game_buttons

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

    def draw(self, surf: pygame.Surface) -> None:
        self.draw_veil(surf)
        text.draw(surf, self.tr("kiosk.staff_menu"), (theme.W // 2, 90), 56, theme.ACCENT, True, "center")
        text.draw(surf, self.tr("kiosk.demo_games"), (1080, 205), 30, theme.INK_DIM, True, "midleft")
        text.draw(surf, self.tr("kiosk.staff_hint"), (theme.W // 2, theme.H - 50), 24, theme.INK_DIM,
                  False, "center")
        self.draw_buttons(surf)
