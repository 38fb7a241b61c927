"""Store-demo guard: the idle countdown on every screen, visitor games, the staff's way in.

In kiosk mode (``--demo``) a visitor may start a game and walk away.  The guard watches
input on every screen; after ``Settings.demo_idle_seconds`` without a touch it shows
"Still playing? 10…" over whatever is on screen; any touch keeps the game, and at zero
the attract loop resumes and the visitor's game is dropped (APP-KIOSK-1).
A visitor game may also be capped in length (``visitor_game_minutes``; 0 = no cap).

Visitors cannot leave: window-close, F11 and Quit are refused.  Staff press the chord
Ctrl+Shift+Q and type the PIN (``staff_pin``, games/app/staff_pin.py) to reach the staff
menu (games/app/staff.py).

Staff reach their menu by touch too: holding the top-left corner for ``HOLD_SECONDS``
opens the same PIN keypad.

The guard holds no scene classes: it asks the app for scenes by name.  Its clock
(``now``) is an attribute so tests can drive time without sleeping.

Decisions (issue 32, a shop leaves it running for a month):
- APP-KIOSK-1 (harden): a visitor's game is kept only while the visitor plays it.  The
  guard notes the save slot of every visitor game it sees; when the countdown (or the
  length cap) returns to the demo those slots are deleted instead of autosaved, so
  abandoned games never pile up under Continue and no visitor meets "save slots full".
  A game a visitor finished still goes to the history (the history keeps the last 50).
  When the table is stopped (the shop PC shuts down: SIGTERM) a visitor's game goes too,
  so the next morning's first visitor does not find it under Continue.
- APP-KIOSK-2 (harden): the touch gesture for staff is a press held still in the top-left
  corner (``CORNER`` px of the canvas) for ``HOLD_SECONDS``: a tap or a swipe there does
  nothing; a visitor leaning on that corner for 5 s meets only the PIN keypad.  A ring
  fills in the corner after the first second, so staff know the hold is being counted.
- APP-KIOSK-3 (harden): wrong PINs back off: after the n-th wrong PIN in a row the keypad
  waits ``backoff(n)`` seconds (2, 4, 8 … up to 15 minutes) before it takes another; a
  right PIN resets the count.  The count lives in the guard (one per run), so closing and
  reopening the keypad does not reset it.
- APP-KIOSK-4 (harden): the first kiosk start with the default PIN asks staff to set their
  own (typed twice) before the demo runs; the demo never starts behind a PIN everyone knows.
- APP-KIOSK-5: visitor games are counted per game and day (games/app/visitors.py): a game is
  "started" when its table first shows with no move made, "finished" when it ends.
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame

from games.ui import text, theme, widgets

COUNTDOWN = 10.0  # seconds of "Still playing?" before the attract loop resumes
INPUT_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.FINGERDOWN, pygame.MOUSEWHEEL)
DEFAULT_PIN = "0000"  # what a fresh settings file holds; the first kiosk start asks for another (APP-KIOSK-4)
CORNER = 110  # the top-left square (canvas px) staff hold (APP-KIOSK-2)
HOLD_SECONDS = 5.0
HOLD_SHOWN = 1.0  # the ring appears after this much of the hold
BACKOFF_MAX = 900.0


def backoff(wrong: int) -> float:
    """Seconds the keypad waits after the ``wrong``-th wrong PIN in a row (APP-KIOSK-3)."""
    return 0.0 if wrong <= 0 else min(BACKOFF_MAX, 2.0 ** wrong)


def in_corner(pos) -> bool:
    return pos[0] < CORNER and pos[1] < CORNER


def start(app: Any) -> None:
    """The kiosk's first screen: the demo, or first the staff's own PIN (APP-KIOSK-4)."""
    if str(app.settings.staff_pin) == DEFAULT_PIN:
        app.goto("staff_pin", mode="first")
    else:
        from games.app.demo import start_demo
        start_demo(app)


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
        self.hold_since: float | None = None  # a press held in the staff corner (APP-KIOSK-2)
        self.wrong_pins = 0  # wrong PINs in a row, and when the keypad takes the next (APP-KIOSK-3)
        self.pin_locked_until = 0.0
        self.visitor_slots: set[str] = set()  # save slots of this visit's games (APP-KIOSK-1)
        self.visit: Any = None  # the visitor's session being counted, and whether its end was
        self.visit_finished = False

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
        self.track_hold(event)
        if event.type in INPUT_EVENTS:
            showing = self.countdown_left() is not None
            self.touch()
            return showing  # the touch that dismisses the countdown does nothing else
        return False

    def touch(self) -> None:
        self.last_input = self.now()

    def track_hold(self, event: pygame.event.Event) -> None:
        """A press that stays in the staff corner (APP-KIOSK-2); anything else ends it."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.hold_since = self.now() if in_corner(event.pos) else None
        elif event.type == pygame.MOUSEBUTTONUP or (event.type == pygame.MOUSEMOTION
                                                    and not in_corner(event.pos)):
            self.hold_since = None

    def held(self) -> float:
        """Seconds the staff corner has been held (0 when it is not)."""
        return 0.0 if self.hold_since is None else self.now() - self.hold_since

    # --- the PIN's back-off (APP-KIOSK-3) -------------------------------------------------
    def pin_wait(self) -> float:
        """Seconds before the keypad takes another PIN."""
        return max(0.0, self.pin_locked_until - self.now())

    def pin_tried(self, right: bool) -> None:
        self.wrong_pins = 0 if right else self.wrong_pins + 1
        self.pin_locked_until = self.now() + backoff(self.wrong_pins)

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
        if self.held() >= HOLD_SECONDS:
            self.hold_since = None
            if not self.staff_open():
                self.app.open("staff_pin")
        self.watch_visit()
        left = self.countdown_left()
        if (left is not None and left <= 0) or self.game_over_time():
            self.back_to_attract()

    def watch_visit(self) -> None:
        """Note the visitor game's save slot (APP-KIOSK-1) and count it (APP-KIOSK-5)."""
        base = self.app.stack[0] if self.app.stack else None
        if getattr(base, "demo", False) or getattr(base, "attract", False):
            if self.visitor_slots:  # the demo came back another way (the title's Demo button)
                self.drop_visitor_games()
            return
        session = getattr(base, "session", None)
        if session is None or getattr(base, "demo", True) or not callable(getattr(base, "autosave", None)):
            return
        if session.slot:
            self.visitor_slots.add(session.slot)
        from games.app import visitors
        if session is not self.visit:
            self.visit, self.visit_finished = session, False
            if not session.record.actions:
                visitors.count(session.record.game, "started")
        if session.over and not self.visit_finished:
            self.visit_finished = True
            visitors.count(session.record.game, "finished")

    def back_to_attract(self) -> None:
        """The visitor walked away: their games go (APP-KIOSK-1), the demo comes back."""
        self.game_started = None
        self.touch()
        self.drop_visitor_games()
        from games.app.demo import start_demo  # only when the demo starts: not on the title's first frame
        start_demo(self.app)

    def drop_visitor_games(self) -> None:
        """This visit's games leave their save slots (APP-KIOSK-1); also when the table stops."""
        from games.app import storage
        for scene in self.app.stack:
            session = getattr(scene, "session", None)
            if session is not None and session.slot:
                self.visitor_slots.add(session.slot)
            turn = getattr(scene, "bot_turn", None)
            if turn is not None:
                turn.cancel()  # a move thought out now must not land in a save
        for slot in self.visitor_slots:
            storage.delete_slot(slot)
        self.visitor_slots.clear()
        self.visit = None

    # --- drawing -------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        held = self.held()
        if held >= HOLD_SHOWN:  # the staff corner is being held: a ring fills (APP-KIOSK-2)
            frac = min(1.0, (held - HOLD_SHOWN) / (HOLD_SECONDS - HOLD_SHOWN))
            ring = pygame.Rect(14, 14, CORNER - 28, CORNER - 28)
            pygame.draw.circle(surf, theme.PANEL, ring.center, ring.width // 2)
            pygame.draw.arc(surf, theme.ACCENT, ring, 1.5708, 1.5708 + frac * 6.2832, 10)
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
