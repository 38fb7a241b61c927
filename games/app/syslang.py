"""The system's language, for the first start (issue 27.8): Japanese for ja, else English.

Asked only when no settings file holds the person's choice yet (``Settings.load``); after
that the saved choice is kept.  Each way of asking is guarded: anything that fails
(no ctypes function, no ``defaults`` tool, a strange answer) falls through to English.

APP-SYSLANG-33 The locale variables win on every system (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, in
the order gettext reads them; LANGUAGE is a colon list whose first entry counts).  "C"
and "POSIX" say nothing about a language and are skipped.  When none tells, Windows is
asked for the user's UI language (GetUserDefaultUILanguage, primary language 0x11 is
Japanese) and macOS for the first of AppleLanguages (``defaults read -g``), since an app
started from the Finder or the Start menu has no locale variables.
"""
from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Mapping

LOCALE_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
LANG_JAPANESE = 0x11  # PRIMARYLANGID of a Windows LANGID for Japanese


def from_tag(tag: str) -> str | None:
    """"ja", "en" for a locale or language tag (ja_JP.UTF-8, ja-JP, en_US); None for C/POSIX."""
    tag = tag.strip().strip('"').strip()
    base = tag.split(".")[0].split("@")[0]
    if not base or base.upper() in ("C", "POSIX"):
        return None
    return "ja" if base.lower().replace("-", "_").split("_")[0] == "ja" else "en"


def from_environment(env: Mapping[str, str]) -> str | None:
    """The language the locale variables name, or None when none does."""
    for var in LOCALE_VARS:
        for tag in (env.get(var) or "").split(":"):
            found = from_tag(tag) if tag.strip() else None
            if found:
                return found
    return None


def windows_language(get: Callable[[], int] | None = None) -> str | None:
    """The Windows user's UI language (``get``: GetUserDefaultUILanguage), or None."""
    try:
        if get is None:
            import ctypes
            get = ctypes.windll.kernel32.GetUserDefaultUILanguage  # type: ignore[attr-defined]
        langid = int(get())
    except (AttributeError, OSError, ValueError, TypeError, ImportError):
        return None
    return "ja" if langid & 0x3FF == LANG_JAPANESE else "en"


def mac_language(run: Callable[[list[str]], str] | None = None) -> str | None:
    """The first of the macOS user's preferred languages (AppleLanguages), or None."""
    def defaults(cmd: list[str]) -> str:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=3, check=True).stdout
    try:
        out = (run or defaults)(["defaults", "read", "-g", "AppleLanguages"])
    except (OSError, subprocess.SubprocessError, ValueError):
        return None
    for line in out.replace("(", "\n").replace(",", "\n").splitlines():
        if line.strip().strip('"').strip():
            return from_tag(line)
    return None


def system_language(env: Mapping[str, str] | None = None, platform: str | None = None) -> str:
    """"ja" when the system's language is Japanese, else "en" (APP-SYSLANG-33)."""
    env = os.environ if env is None else env
    platform = sys.platform if platform is None else platform
    found = from_environment(env)
    if found is None and platform == "win32":
        found = windows_language()
    elif found is None and platform == "darwin":
        found = mac_language()
    return found or "en"
