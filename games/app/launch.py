"""Where ``python main.py`` and the installed ``japanese-game-table`` command start.

Started by a double-click there is no terminal, so nothing may be said only there:
- whatever is written to stderr (messages, warnings, tracebacks, bot-thread errors) also
  goes to ``<user data folder>/logs/table.log``, rotating at ``LOG_BYTES`` with
  ``LOG_BACKUPS`` old files kept (bounded, however long a shop leaves it running);
- a hard crash (inside SDL, say) leaves its stack in ``logs/crash.log`` (faulthandler);
- APP-LAUNCH-1 (harden, issue 28): a log that cannot be written (a FIFO or a device in its place,
  a full disk) is skipped with one warning and the table runs on without it: both logs are
  opened without blocking and only as regular files (``open_log``), and the first failed
  write turns the table log off (``RotatingLog.handleError``), instead of a
  "--- Logging error ---" traceback for every line;
- a start that fails shows a message window naming the problem and the log file, instead
  of a silent exit (pygame's message box, else the system's own dialog tool).
Headless runs (SDL's dummy/offscreen video driver, or ``TABLE_NO_DIALOG=1``) never open a
window, so tests and CI cannot hang on one.
"""
from __future__ import annotations

import errno
import faulthandler
import io
import logging
import os
import stat
import sys
from collections import deque
from pathlib import Path

from games.app import stopping, writer
from games.core.regular import NONBLOCK, FileRefused, kind_of

LOG_NAME = "table.log"
FAULTS_NAME = "crash.log"  # faulthandler's report of a hard crash (segfault, abort)
LOG_BYTES = 512 * 1024  # one log file at most; the whole log is (1 + LOG_BACKUPS) × this
LOG_BACKUPS = 2
TAIL_LINES = 12  # last stderr lines kept for the message window
HEADLESS_DRIVERS = ("dummy", "offscreen")
TITLE = "インディーゲーム卓 / Indie Game Table"
HEADLINE = "テーブルを起動できませんでした。\nThe table could not start."
CRASHED = "テーブルがエラーで止まりました。\nThe table stopped with an error."

log = logging.getLogger("table")
_faults_file = None  # kept open: faulthandler writes to it from a signal handler


class RotatingLog(logging.FileHandler):
    """The log file, rotated at ``max_bytes`` with ``backups`` old files (table.log.1, .2).

    logging.handlers.RotatingFileHandler does the same, but importing logging.handlers
    loads socket, pickle and queue: ~9 ms and ~1.3 MiB before the title's first frame
    (subprocess, shutil and traceback are imported only when a dialog or a crash needs them)."""

    def __init__(self, path: Path, max_bytes: int, backups: int) -> None:
        self.max_bytes, self.backups = max_bytes, backups
        self.broken = False  # a write failed: the log is off for the rest of the run (APP-LAUNCH-1)
        super().__init__(path, encoding="utf-8")

    def _open(self):
        return open_log(Path(self.baseFilename))

    def handleError(self, record: logging.LogRecord) -> None:  # logging's own name
        """The first failed write turns the log off with one warning (never a flood)."""
        if self.broken:
            return
        self.broken = True
        exc = sys.exc_info()[1]
        warn_unwritable(Path(self.baseFilename), exc if isinstance(exc, OSError) else None)
        stream, self.stream = self.stream, None  # type: ignore[assignment]
        try:
            if stream is not None:
                stream.close()
        except (OSError, ValueError):
            pass

    def emit(self, record: logging.LogRecord) -> None:
        if self.broken:
            return
        try:
            if self.stream is not None and self.stream.tell() + len(self.format(record)) + 1 > self.max_bytes:
                self.rotate()
        except (OSError, ValueError):
            pass
        super().emit(record)

    def rotate(self) -> None:
        """table.log -> table.log.1 -> ... (the oldest goes), then a fresh table.log."""
        if self.stream is not None:
            self.stream.close()
            self.stream = None  # type: ignore[assignment]
        base = self.baseFilename
        for i in range(self.backups - 1, 0, -1):
            if os.path.exists(f"{base}.{i}"):
                os.replace(f"{base}.{i}", f"{base}.{i + 1}")
        if self.backups > 0:
            os.replace(base, f"{base}.1")
        self.stream = self._open()


class StderrTee(io.TextIOBase):
    """stderr that also writes each whole line into the log and keeps a short tail."""

    def __init__(self, original, logger: logging.Logger) -> None:
        super().__init__()
        self.original = original  # None under pythonw / a windowed app: log only
        self.logger = logger
        self.tail: deque[str] = deque(maxlen=TAIL_LINES)
        self._line = ""
        self._busy = False  # a logging error prints to stderr: never loop on it

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:  # faulthandler, subprocess: the real stream underneath
        if self.original is None:
            raise io.UnsupportedOperation("no stderr")
        return self.original.fileno()

    def isatty(self) -> bool:
        return bool(self.original is not None and self.original.isatty())

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.original, "encoding", None) or "utf-8"

    def write(self, s: str) -> int:
        if self.original is not None:
            try:
                self.original.write(s)
            except (OSError, ValueError):
                pass
        if self._busy:
            return len(s)
        self._busy = True
        try:
            self._line += s
            *lines, self._line = self._line.split("\n")
            if len(self._line) > 8192:  # bounded even if nobody ever ends the line
                lines, self._line = lines + [self._line], ""
            for line in lines:
                if line.strip():
                    self.tail.append(line)
                    self.logger.warning(line)
        finally:
            self._busy = False
        return len(s)

    def flush(self) -> None:
        if self.original is not None:
            try:
                self.original.flush()
            except (OSError, ValueError):
                pass


def open_log(path: Path):
    """``path`` opened for appending text, only as a regular file and without ever blocking
    (a FIFO with no reader fails at once, one with a reader or a device is refused)."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | NONBLOCK | getattr(os, "O_BINARY", 0)
    fd = os.open(str(path), flags, 0o644)
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise FileRefused(errno.EINVAL, kind_of(mode))
        return os.fdopen(fd, "a", encoding="utf-8")
    except BaseException:
        os.close(fd)
        raise


_warned: set[str] = set()


def warn_unwritable(path: Path, exc: OSError | None) -> None:
    """Say once per file, in both languages, that a log is skipped (to the terminal, if any)."""
    if str(path) in _warned:
        return
    _warned.add(str(path))
    if isinstance(exc, FileRefused):
        why = exc.strerror
    elif exc is not None and exc.errno == errno.ENXIO:  # O_NONBLOCK's answer for a FIFO
        why = "is a named pipe (FIFO) that nobody reads"
    else:
        why = (exc.strerror if exc is not None else None) or str(exc or "?")
    err = sys.stderr.original if isinstance(sys.stderr, StderrTee) else sys.stderr
    if err is None:
        return
    try:
        err.write(f"ログ {path} に書き込めないため、ログなしで続けます。\n"
                  f"The log {path} cannot be written ({why}); the table runs on without it.\n")
        err.flush()
    except (OSError, ValueError):
        pass


def log_dir() -> Path:
    """The log folder inside the user data folder (``TABLE_DATA_DIR`` moves it too)."""
    from games.app.storage import data_dir
    return data_dir() / "logs"


def start_log(argv: list[str] | None = None) -> Path | None:
    """Send stderr to the rotating log too; the log's path, or None if it cannot be written."""
    try:
        folder = log_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / LOG_NAME
    except Exception:  # read-only home, broken install: the table still starts
        return None
    try:
        handler = RotatingLog(path, LOG_BYTES, LOG_BACKUPS)
    except OSError as exc:  # a FIFO or a device where the log goes (APP-LAUNCH-1): said once
        warn_unwritable(path, exc)
        _record_hard_crashes(folder / FAULTS_NAME)
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    log.handlers[:] = [handler]
    original = sys.stderr.original if isinstance(sys.stderr, StderrTee) else sys.stderr
    if original is not None:  # warnings logged by the app still reach a terminal, as before
        console = logging.StreamHandler(original)
        console.setLevel(logging.WARNING)
        console.addFilter(_for_console)
        log.addHandler(console)
    log.setLevel(logging.INFO)
    log.propagate = False  # never through logging's last-resort handler (stderr: a loop)
    if not isinstance(sys.stderr, StderrTee):
        sys.stderr = StderrTee(sys.stderr, log.getChild("stderr"))
    _record_hard_crashes(folder / FAULTS_NAME)
    from games import __version__
    log.info("start %s on Python %s, %s, args %s", __version__, sys.version.split()[0],
             sys.platform, sys.argv[1:] if argv is None else argv)
    return path


def _for_console(record: logging.LogRecord) -> bool:
    """Not what came from stderr itself (it is there already), not the file-only report."""
    return not record.name.startswith("table.stderr") and not getattr(record, "file_only", False)


def _record_hard_crashes(path: Path) -> None:
    """A crash inside SDL or Python itself (no exception to catch) leaves its stack here."""
    global _faults_file
    try:
        if path.is_file() and path.stat().st_size > LOG_BYTES:
            path.unlink()  # bounded: only the latest crashes are kept
        _faults_file = open_log(path)  # open for the whole run; never a FIFO or a device (APP-LAUNCH-1)
        faulthandler.enable(file=_faults_file, all_threads=True)
    except OSError as exc:
        warn_unwritable(path, exc)
    except (ValueError, RuntimeError):
        pass


def stop_log() -> None:
    """Undo ``start_log`` (tests; the process ends anyway)."""
    if isinstance(sys.stderr, StderrTee):
        sys.stderr = sys.stderr.original
    for handler in log.handlers[:]:
        handler.close()
        log.removeHandler(handler)
    global _faults_file
    if _faults_file is not None:
        faulthandler.disable()
        _faults_file.close()
        _faults_file = None


def has_terminal() -> bool:
    """True when someone reads stderr (started from a terminal, not a menu or double-click)."""
    err = sys.stderr.original if isinstance(sys.stderr, StderrTee) else sys.stderr
    try:
        return bool(err is not None and err.isatty())
    except (OSError, ValueError):
        return False


def headless() -> bool:
    """No window may open: tests, CI, servers."""
    return (os.environ.get("SDL_VIDEODRIVER", "") in HEADLESS_DRIVERS
            or os.environ.get("TABLE_NO_DIALOG", "") not in ("", "0"))


def show_message(title: str, message: str) -> str:
    """Show an error window; which way worked ("pygame", a tool's name, or "none")."""
    if headless():
        return "none"
    try:
        import pygame
        if pygame.display.get_init():
            pygame.display.quit()  # a frozen game window must not cover the message
        pygame.display.message_box(title, message, message_type="error")
        return "pygame"
    except Exception:  # no pygame, no display, no message system: try the system's own
        pass
    return _system_dialog(title, message)


def _system_dialog(title: str, message: str) -> str:
    """The fallback dialogs: Windows' MessageBox, macOS's osascript, zenity/kdialog/xmessage."""
    import shutil
    import subprocess
    if sys.platform == "win32":
        try:
            import ctypes
            ctypes.windll.user32.MessageBoxW(None, message, title, 0x10)  # MB_ICONERROR
            return "MessageBoxW"
        except Exception:
            return "none"
    if sys.platform == "darwin":
        commands = [["osascript", "-e", "on run argv", "-e",
                     "display alert (item 1 of argv) message (item 2 of argv) as critical",
                     "-e", "end run", title, message]]
    else:
        commands = [["zenity", "--error", "--title", title, "--text", message],
                    ["kdialog", "--title", title, "--error", message],
                    ["xmessage", "-center", f"{title}\n\n{message}"]]
    for cmd in commands:
        if shutil.which(cmd[0]):
            try:
                if subprocess.run(cmd, check=False).returncode in (0, 1):
                    return cmd[0]
            except OSError:
                continue
    return "none"


def report_fatal(detail: str, log_path: Path | None, headline: str = HEADLINE) -> str:
    """Log the failure and tell the person in a window; which way it was shown."""
    where = f"\n\nLog / ログ: {log_path}" if log_path else ""
    message = f"{headline}\n\n{detail.strip()[-1500:]}{where}"
    shown = show_message(TITLE, message)
    log.error("fatal: %s\nmessage window (%s):\n%s", detail.strip(), shown if shown != "none"
              else "not shown: headless or no dialog available", message, extra={"file_only": True})
    return shown


def _exit_code(exc: SystemExit) -> int:
    if exc.code is None:
        return 0
    return exc.code if isinstance(exc.code, int) else 1


def run(argv: list[str] | None = None) -> int:
    """The entry point of ``japanese-game-table`` and ``main.py``: the app, logged, never silent."""
    argv = sys.argv[1:] if argv is None else list(argv)
    stopping.install()  # SIGTERM/SIGINT: a clean stop in every mode (stopping.py APP-STOPPING-1)
    log_path = start_log(argv)
    try:
        from games.app.cli import main
        try:
            code = main(argv)
        finally:  # whatever ended the table, the saves handed to the writer reach the disk
            writer.flush()
    except SystemExit as exc:  # argparse's --help/--version (0) and usage errors (2)
        code = _exit_code(exc)
    except stopping.Stopped as stop:  # nothing on screen to save: stopped where it was
        log.info("stopped by %s", stopping.name(stop.signum))
        return 0
    except KeyboardInterrupt:
        return 130
    except Exception as exc:
        import traceback
        traceback.print_exc()  # to the terminal if any, and into the log
        report_fatal(f"{type(exc).__name__}: {exc}", log_path, CRASHED)
        return 1
    if stopping.requested() is not None:
        log.info("stopped by %s", stopping.name(stopping.requested()))
    if code and not has_terminal():  # e.g. a broken data file, started from a menu
        tail = list(sys.stderr.tail) if isinstance(sys.stderr, StderrTee) else []
        report_fatal("\n".join(tail[-4:]) or f"exit code {code}", log_path)
    return code or 0
