"""SIGTERM and SIGINT end the table cleanly in every mode, the store demo included.

A shop PC shutting down, a script stopping the demo (``kill <pid>``) or Ctrl+C in the
terminal must close the table within a moment, with the game on screen saved.

APP-STOPPING-1 (harden, issue 28): ``install`` (called by ``launch.run`` before anything else, so
before SDL starts) puts Python handlers on both signals.  SDL would otherwise turn SIGTERM
into a window-close (QUIT) event, which the kiosk refuses like the close button, so the
demo ran on; SDL keeps a handler it finds in place.  The handler only notes the signal
while a frame loop runs (``frame_loop``, ``App.run``): the loop sees it before its next
frame, autosaves the screens that keep a game (in the kiosk a visitor's game is dropped
instead, as when a visitor walks away: kiosk.py APP-KIOSK-1) and returns like a normal
quit, exit code 0.  Outside a frame loop (the start
before the window, ``--simulate``, ``--benchmark``) there is nothing to save: the handler
raises ``Stopped``, which ``launch.run`` turns into exit code 0 too.  A second signal
while the table stops raises at once.  The close button and the visitor's keys are
events, not signals: the kiosk still refuses them.
"""
from __future__ import annotations

import logging
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGINT") if hasattr(signal, name))


class Stopped(BaseException):
    """A stop signal arrived where no frame loop could end the table in order (like
    KeyboardInterrupt, not caught by ``except Exception``)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


_requested: int | None = None  # the signal that asked the table to stop
_loops = 0  # frame loops running (they end the table themselves)


def install() -> bool:
    """Handle SIGTERM and SIGINT (only the main thread may); True when installed."""
    if threading.current_thread() is not threading.main_thread():
        return False
    for sig in SIGNALS:
        signal.signal(sig, _handle)
    return True


def _handle(signum: int, frame: object) -> None:
    global _requested
    first = _requested is None
    _requested = signum
    if _loops == 0 or not first:
        raise Stopped(signum)


def requested() -> int | None:
    """The stop signal received, or None."""
    return _requested


def name(signum: int | None) -> str:
    return signal.Signals(signum).name if signum else "none"


@contextmanager
def frame_loop() -> Iterator[None]:
    """While inside, a stop signal is only noted: the loop checks ``requested`` each frame."""
    global _loops
    _loops += 1
    try:
        yield
    finally:
        _loops -= 1


def save_games(app: Any) -> None:
    """Before the table closes for a signal: every screen that keeps a game saves it (a
    game nobody has moved in yet and never saved gets no save of its own)."""
    log = logging.getLogger("table")
    log.info("stopping for %s", name(_requested))
    if getattr(app, "guard", None) is not None:  # the kiosk keeps no visitor game (kiosk.py APP-KIOSK-1)
        app.guard.drop_visitor_games()
        return
    for scene in list(app.stack):
        save, session = getattr(scene, "autosave", None), getattr(scene, "session", None)
        if not callable(save) or getattr(scene, "demo", False):
            continue
        if session is not None and session.slot is None and not session.record.actions:
            continue
        save()
        if session is not None:
            log.info("saved %s after %d moves", session.record.game, len(session.record.actions))


def reset() -> None:
    """Forget a received signal (tests)."""
    global _requested
    _requested = None
