"""Store-demo guard: the idle countdown on every screen and the staff chord.

In kiosk mode (``--demo``) a visitor may start a game and walk away.  The guard watches
input on every screen; after ``Settings.demo_idle_seconds`` without a touch it shows
"Still playing? 10…" over whatever is on screen; any touch keeps the game, and at zero
the attract loop resumes (the game was autosaved after its last move, so nothing is lost).
A visitor game may also be capped in length (``visitor_game_minutes``; 0 = no cap).

Visitors cannot leave: window-close, F11 and Quit are refused.  Staff press the chord
Ctrl+Shift+Q and type the PIN from the settings file (``staff_pin``) to reach the staff
menu (settings, the demo's games, language and pace, fullscreen, quit).

The guard holds no scene classes: it asks the app for scenes by name.  Its clock
(``now``) is an attribute so tests can drive time without sleeping.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame

from games.ui import text, theme, widgets

COUNTDOWN = 10.0  # seconds of "Still playing?" before the attract loop resumes
INPUT_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.FINGERDOWN, pygame.MOUSEWHEEL)


def is_staff_chord(event: pygame.event.Event) -> bool:
    return (event.type == pygame.KEYDOWN and event.key == pygame.K_q
            and bool(event.mod & pygame.KMOD_CTRL) and bool(event.mod & pygame.KMOD_SHIFT))


class KioskGuard:
    """Idle countdown + visitor lock for one App (duck-typed: no import of the app)."""

    def __init__(self, app: Any, now: Callable[[], float] = time.monotonic) -> None:
        self.app = app
        self.now = now
        self.last_input = now()
        self.game_started: float | None = None

    # --- input ---------------------------------------------------------------------------
    def filter(self, event: pygame.event.Event) -> bool:
        """True when the event is consumed by the guard (never reaches the scene)."""
        if event.type == pygame.QUIT:
            return True  # visitors cannot close the table
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            return True  # nor leave fullscreen
        if is_staff_chord(event):
            if not self.staff_open():
                self.app.open("staff_pin")
            return True
        if event.type in INPUT_EVENTS:
            showing = self.countdown_left() is not None
            self.touch()
            return showing  # the touch that dismisses the countdown does nothing else
        return False

    def touch(self) -> None:
        self.last_input = self.now()

    def staff_open(self) -> bool:
        return any(getattr(s, "staff", False) for s in self.app.stack)

    # --- time ----------------------------------------------------------------------------
    def watching(self) -> bool:
        """True on screens a visitor may abandon (not the attract loop, not staff menus)."""
        if not self.app.stack or self.staff_open():
            return False
        base = self.app.stack[0]
        return not getattr(base, "demo", False) and not getattr(base, "attract", False)

    def countdown_left(self) -> float | None:
        """Seconds left on the visible countdown, or None when it is not shown."""
        if not self.watching():
            return None
        idle = self.now() - self.last_input
        limit = self.app.settings.demo_idle_seconds
        if idle < limit:
            return None
        return max(0.0, COUNTDOWN - (idle - limit))

    def game_over_time(self) -> bool:
        cap = self.app.settings.visitor_game_minutes
        if not cap or not self.app.stack or getattr(self.app.stack[0], "game_id", None) is None:
            self.game_started = None
            return False
        if self.game_started is None:
            self.game_started = self.now()
        return self.now() - self.game_started >= cap * 60

    def update(self) -> None:
        left = self.countdown_left()
        if (left is not None and left <= 0) or self.game_over_time():
            self.back_to_attract()

    def back_to_attract(self) -> None:
        self.game_started = None
        self.touch()
        for scene in self.app.stack:  # the abandoned game is kept for Continue
            save = getattr(scene, "autosave", None)
            if callable(save):
                save()
        from games.app.demo import start_demo  # only when the demo starts: not on the title's first frame
        start_demo(self.app)

    # --- drawing -------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        left = self.countdown_left()
        if left is None:
            return
        widgets.veil(surf, (8, 10, 16, 215))  # no full-screen layer per frame
        box = pygame.Rect(0, 0, 1000, 420)
        box.center = (theme.W // 2, theme.H // 2)
        widgets.panel(surf, box, theme.PANEL, 24, theme.ACCENT, 4)
        tr = self.app.tr
        text.draw(surf, tr("kiosk.still_playing"), (box.centerx, box.top + 90), 60, theme.INK, True, "center")
        text.draw(surf, str(int(left) + 1 if left > 0 else 0), (box.centerx, box.centery + 20), 120,
                  theme.ACCENT, True, "center")
        text.draw(surf, tr("kiosk.touch_to_keep"), (box.centerx, box.bottom - 60), 34, theme.INK_DIM,
                  False, "center")
