"""Text that a person or a file supplies, made safe before it is stored or drawn.

Seat names come from the keyboard (an IME may offer anything), from saves and from
settings; any of them may hold a NUL, a lone surrogate, only a zero-width space or a
megabyte of text.  ``clean_text`` keeps what can be drawn, ``clean_name`` also trims and
falls back to the seat's default name.  Pure Python (no pygame): records use it too.

SAFE-TEXT-1 (harden): characters that cannot be drawn (lone surrogates, private-use and
unassigned code points) become ``?`` rather than U+FFFD, which the bundled font subset
does not contain.
"""
from __future__ import annotations

import unicodedata

NAME_MAX = 24  # characters of a seat name kept (records, setup)
TEXT_MAX = 2000  # characters of one drawn line kept: more never fits a 1920 px screen
REPLACEMENT = "?"
_DROP = {"Cc", "Cf"}  # control and format characters (NUL, tabs, zero-width, bidi overrides)
_REPLACE = {"Cs", "Co", "Cn"}  # lone surrogates, private use, unassigned


def clean_text(text: object, limit: int = TEXT_MAX, keep_newlines: bool = False) -> str:
    """``text`` with control/format characters removed and undrawable ones replaced."""
    if not isinstance(text, str):
        text = str(text)
    text = text[:limit]
    if text.isprintable():
        return text  # the usual case: nothing to do (cheap)
    out = []
    for ch in text:
        if ch == "\n" and keep_newlines:
            out.append(ch)
            continue
        cat = unicodedata.category(ch)
        if cat in _DROP:
            continue
        if cat in _REPLACE:
            out.append(REPLACEMENT)
        elif cat in ("Zl", "Zp", "Zs"):
            out.append(" ")
        else:
            out.append(ch)
    return "".join(out)


def allowed_in_name(ch: str) -> bool:
    """True when the name field may take ``ch`` (it refuses what cleaning would remove)."""
    return len(ch) == 1 and ch.isprintable() and clean_text(ch) == ch


def clean_name(name: object, default: str, limit: int = NAME_MAX) -> str:
    """A drawable seat name of at most ``limit`` characters, or ``default`` if none is left."""
    if not isinstance(name, str):
        return default
    cleaned = " ".join(clean_text(name[: limit * 4]).split())[:limit].strip()
    return cleaned or default
