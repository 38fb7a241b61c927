"""The staff PIN: typed to reach the staff menu, chosen anew in it or at the kiosk's first start.

Reached by the chord Ctrl+Shift+Q or by holding the top-left corner (games/app/kiosk.py
APP-KIOSK-2).  Keys or the on-screen keypad; three wrong tries close it, and each wrong PIN
in a row makes the keypad wait longer (APP-KIOSK-3).  ``mode``:

- ``enter``: the PIN opens the staff menu;
- ``change``: a new PIN, typed twice (from the staff menu);
- ``first``: the same, on the kiosk's first start with the default PIN, before the demo
  runs (APP-KIOSK-4); it cannot be closed.
"""
from __future__ import annotations

import pygame

from games.app.app import App, Overlay
from games.app.kiosk import DEFAULT_PIN, HOLD_SECONDS
from games.ui import text, theme, widgets

MAX_TRIES = 3
KEYPAD = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "←", "0", "OK")


class PinPrompt(Overlay):
    """Type the staff PIN (keys or the on-screen pad), or choose a new one."""

    staff = True
    veil_alpha = 240

    def __init__(self, app: App, mode: str = "enter") -> None:
        super().__init__(app)
        self.mode = mode
        self.stage = "enter" if mode == "enter" else "new"
        self.chosen = ""  # the new PIN typed once, waiting to be typed again
        self.typed = ""
        self.tries = 0
        self.wrong = False
        self.note = ""  # why a new PIN was refused
        self.buttons = []
        for i, label in enumerate(KEYPAD):
            r = pygame.Rect(0, 0, 150, 96)
            r.topleft = (theme.W // 2 - 240 + (i % 3) * 165, 420 + (i // 3) * 110)
            self.buttons.append(widgets.Button(r, label, lambda k=label: self.press(k), size=40,
                                               primary=label == "OK", key=f"pin_{label}"))

    def wait(self) -> float:
        """Seconds before the keypad takes another PIN (kiosk.py APP-KIOSK-3)."""
        guard = getattr(self.app, "guard", None)
        return guard.pin_wait() if guard is not None and self.stage == "enter" else 0.0

    def press(self, key: str) -> None:
        if self.wait() > 0:
            return
        if key == "OK":
            self.submit()
        elif key == "←":
            self.typed = self.typed[:-1]
        elif len(self.typed) < 8:
            self.typed += key
            self.wrong, self.note = False, ""

    def submit(self) -> None:
        if self.wait() > 0:
            return
        if self.stage != "enter":
            self.choose()
            return
        right = bool(self.typed) and self.typed == str(self.app.settings.staff_pin)
        guard = getattr(self.app, "guard", None)
        if guard is not None:
            guard.pin_tried(right)
        if right:
            self.app.pop()
            self.app.open("staff")
            return
        self.tries += 1
        self.typed, self.wrong = "", True
        if self.tries >= MAX_TRIES:
            self.app.pop()

    def choose(self) -> None:
        """A new PIN: 4 to 8 digits, not the default, the same twice."""
        typed, self.typed = self.typed, ""
        if self.stage == "new":
            if not 4 <= len(typed) <= 8 or typed == DEFAULT_PIN:
                self.note = self.tr("kiosk.pin_rules")
                return
            self.chosen, self.stage, self.note = typed, "again", ""
            return
        if typed != self.chosen:
            self.chosen, self.stage, self.note = "", "new", self.tr("kiosk.pin_mismatch")
            return
        self.app.settings.staff_pin = typed
        self.app.save_settings()
        if self.mode == "first":
            from games.app.demo import start_demo
            start_demo(self.app)
            return
        self.app.pop()
        self.app.toast(self.tr("kiosk.pin_changed"))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.mode != "first":
                    self.app.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.submit()
            elif event.key == pygame.K_BACKSPACE:
                self.press("←")
            elif event.unicode and event.unicode in "0123456789":
                self.press(event.unicode)
            return
        self.sync_keys()
        self.handle_buttons(event)

    def sync_keys(self) -> None:
        """The keypad is greyed out while it waits after wrong PINs."""
        for b in self.buttons:
            b.enabled = self.wait() <= 0

    def heading(self) -> tuple[str, str]:
        """The prompt's title and the line under it."""
        if self.stage == "enter":
            return self.tr("kiosk.staff_pin"), ""
        if self.stage == "again":
            return self.tr("kiosk.pin_again"), ""
        sub = self.tr("kiosk.first_pin_why", n=int(HOLD_SECONDS)) if self.mode == "first" else ""
        return self.tr("kiosk.pin_new"), sub

    def draw(self, surf: pygame.Surface) -> None:
        if self.mode == "first":
            surf.fill(theme.BG)  # nothing beneath: the kiosk's first screen
        self.draw_veil(surf)
        title, sub = self.heading()
        text.draw(surf, title, (theme.W // 2, 170), 56, theme.ACCENT, True, "center")
        if sub:
            text.draw_wrapped(surf, sub, pygame.Rect(theme.W // 2 - 700, 215, 1400, 90), 28, theme.INK, align="center")
        dots = "●" * len(self.typed) or "—"
        text.draw(surf, dots, (theme.W // 2, 330), 56, theme.INK, True, "center")
        wait = self.wait()
        if wait > 0:
            line, colour = self.tr("kiosk.pin_wait", n=int(wait) + 1), theme.DANGER
        elif self.wrong:
            line, colour = self.tr("kiosk.wrong_pin", left=MAX_TRIES - self.tries), theme.DANGER
        else:
            line, colour = self.note, theme.DANGER
        if line:
            text.draw(surf, line, (theme.W // 2, 385), 30, colour, True, "center")
        self.sync_keys()
        self.draw_buttons(surf)
