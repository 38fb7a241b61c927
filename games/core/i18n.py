"""Translated strings: catalogs in ``data/i18n/<name>.yaml`` map keys to ``{ja, en}``.

A key is ``<file stem>.<key>`` (``app.title``, ``toutomi.trump_needs_seven``).  Text may
hold ``{name}`` fields filled from keyword arguments.  Pure Python: rules raise keys, the
UI translates them.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from games.core.data import DATA_DIR, Checker, load_yaml

LANGS = ("ja", "en")
I18N_DIR = DATA_DIR / "i18n"


@lru_cache(maxsize=1)
def catalog() -> dict[str, dict[str, str]]:
    """Every catalog file, validated: each entry needs non-empty ja and en text."""
    out: dict[str, dict[str, str]] = {}
    for path in sorted(I18N_DIR.glob("*.yaml")):
        check = Checker(path)
        data = check.mapping(load_yaml(path) or {}, None)
        for key in data:
            out[f"{path.stem}.{key}"] = check.text(data, key, f"string '{key}'")
    return out


def tr(key: str, lang: str, **params: Any) -> str:
    """The text of ``key`` in ``lang`` with fields filled; unknown keys show themselves."""
    entry = catalog().get(key)
    if entry is None:
        return key
    text = entry.get(lang) or entry["en"]
    if params:
        try:
            text = text.format_map(_Lenient(params))
        except (ValueError, IndexError):
            return text
        if lang == "en":
            text = plural_en(text)
    return text


_NOUNS = "step|card|cube|point|trick|turn|floor|space|move|player|red|rock|unit|castle card|minute|copy"
_ONE_PLURAL = re.compile(rf"(?<![\d.\-−])\b1 ((?:[a-z]+ )?)({_NOUNS})s\b")
_OPTIONAL_S = re.compile(r"(?<![\d.\-−])\b(\d+) ((?:[a-z]+ ){0,2})([a-z]+)\(s\)")


def plural_en(text: str) -> str:
    """English number agreement after the numbers are filled in: "1 steps" -> "1 step",
    "1 card(s)" -> "1 card", "3 cube(s)" -> "3 cubes" (one rule instead of a key per form)."""
    text = _ONE_PLURAL.sub(lambda m: f"1 {m.group(1)}{m.group(2)}", text)
    return _OPTIONAL_S.sub(lambda m: f"{m.group(1)} {m.group(2)}{m.group(3)}{'' if m.group(1) == '1' else 's'}",
                           text)


def text_of(value: Any, lang: str) -> str:
    """A data-file bilingual ``{ja, en}`` value (or plain text) in ``lang``."""
    if isinstance(value, dict):
        return value.get(lang) or value.get("en") or ""
    return str(value)


class _Lenient(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"
