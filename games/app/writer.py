"""Saves leave the drawing thread: one writer thread puts every autosave on disk.

A move's frame only hands the writer a snapshot of the record (``submit``); the thread
serialises it, writes a temp file, fsyncs it and renames it over the save
(``games/core/record.py`` ``atomic_write_bytes``, as before), so a frame never waits for
the disk (7-13 ms wall p50 and up to 144 ms on this machine's disk, issue 31).

APP-WRITER-1 (perf, issue 31): jobs are keyed by the file they write.  A job submitted
while an older one for the same file still waits replaces it and goes to the back of
the queue, so only the newest state of each file is written (a burst of bot moves costs
one write) and the order in which files were last asked for is kept (a finished game's
history is written before its slot is deleted: a crash in between never loses it).
The thread wakes at once: a move is on disk within one write (the kill -9 test checks
200 ms, tests/test_writer.py).
APP-WRITER-2 (harden, issue 31): every way out waits for the writer (``flush``): the app's loop
when it ends (menu, window close, the kiosk's staff quit, SIGTERM: games/app/app.py
``App.run``), ``launch.run`` whatever ended the table, and ``atexit``.  Whoever reads the
saves (``storage.list_saves``) waits too, so Continue always lists the newest state.
APP-WRITER-3 (harden, issue 31): a failed write (a full disk, a read-only folder) is not
raised in the thread: its message key is kept, and the app shows it in the person's
language on its next frame (``App.step`` -> ``failures``).
APP-WRITER-4 (perf, issue 31): a play scene starts the thread while it is built (``start``,
games/app/play.py ``paint_ahead``), not in the frame of its first move (1-2 ms there).
"""
from __future__ import annotations

import atexit
import logging
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable

log = logging.getLogger("table")
FLUSH_SECONDS = 30.0  # quitting waits this long at most for a disk that hangs
TIMINGS_KEPT = 512  # the last writes' timings (the benchmark reads them); never grows


class Writer:
    """A queue of file jobs, coalesced per file, run in order by one daemon thread."""

    def __init__(self) -> None:
        self._jobs: OrderedDict[str, tuple[Callable[[], None], str, float]] = OrderedDict()
        self._cond = threading.Condition()
        self._busy = False  # a job is running outside the lock
        self._failed: list[str] = []  # message keys of failed writes, for the next frame
        self._thread: threading.Thread | None = None
        # per job: (s from submit to done, wall s of the job, CPU s of the job) for the benchmark
        self.timings: deque[tuple[float, float, float]] = deque(maxlen=TIMINGS_KEPT)

    def submit(self, key: str, job: Callable[[], None], fail_key: str = "app.autosave_failed") -> None:
        """Run ``job`` on the writer thread; an older job still waiting for ``key`` is dropped."""
        with self._cond:
            self._jobs.pop(key, None)
            self._jobs[key] = (job, fail_key, time.perf_counter())
            self._start()
            self._cond.notify_all()

    def start(self) -> None:
        """Start the thread now, if it is not running (APP-WRITER-4)."""
        with self._cond:
            self._start()

    def _start(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._loop, name="save-writer", daemon=True)
            self._thread.start()

    def _loop(self) -> None:
        while True:
            with self._cond:
                while not self._jobs:
                    self._cond.wait()
                _, (job, fail_key, asked) = self._jobs.popitem(last=False)
                self._busy = True
            w0, c0 = time.perf_counter(), time.thread_time()
            try:
                job()
            except OSError as exc:  # a full disk, a read-only folder: said on the next frame
                log.warning("save failed: %s", exc)
                with self._cond:
                    self._failed.append(fail_key)
            except Exception:  # a bug in a job must not end the writer (logged, said as a failure)
                log.exception("save job failed")
                with self._cond:
                    self._failed.append(fail_key)
            done = time.perf_counter()
            with self._cond:
                self.timings.append((done - asked, done - w0, time.thread_time() - c0))
                self._busy = False
                self._cond.notify_all()

    def flush(self, timeout: float = FLUSH_SECONDS) -> bool:
        """Wait until every submitted job is done; False if ``timeout`` passed first."""
        with self._cond:
            done = self._cond.wait_for(lambda: not self._jobs and not self._busy, timeout)
        if not done:
            log.warning("the save writer did not finish within %.0f s", timeout)
        return done

    def failures(self) -> list[str]:
        """The message keys of writes that failed since the last call (each said once)."""
        with self._cond:
            out, self._failed = self._failed, []
        return out


WRITER = Writer()  # the one writer of the app
submit = WRITER.submit
flush = WRITER.flush
failures = WRITER.failures
atexit.register(flush)
