"""Translated strings: catalogs in ``data/i18n/<name>.yaml`` map keys to ``{ja, en}``.

A key is ``<file stem>.<key>`` (``app.title``, ``toutomi.trump_needs_seven``).  Text may
hold ``{name}`` fields filled from keyword arguments.  Pure Python: rules raise keys, the
UI translates them.
"""
from __future__ import annotations

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
            return text.format_map(_Lenient(params))
        except (ValueError, IndexError):
            return text
    return text


def text_of(value: Any, lang: str) -> str:
    """A data-file bilingual ``{ja, en}`` value (or plain text) in ``lang``."""
    if isinstance(value, dict):
        return value.get(lang) or value.get("en") or ""
    return str(value)


class _Lenient(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"
