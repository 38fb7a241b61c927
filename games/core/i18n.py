"""Translated strings: catalogs in ``data/i18n/<name>.yaml`` map keys to ``{ja, en}``.

A key is ``<file stem>.<key>`` (``app.title``, ``toutomi.trump_needs_seven``).  Text may
hold ``{name}`` fields filled from keyword arguments.  Pure Python: rules raise keys, the
UI translates them.

I18N-6 (harden): ja and en must fill the same fields, and only plain ``{name}`` fields are
allowed (no positions, indexes, widths or precisions); a catalogue that breaks this is
left out and reported at start-up, and a key without text shows as words ("Play again").
"""
from __future__ import annotations

import re
import string
from functools import lru_cache
from pathlib import Path
from typing import Any

from games.core.data import DATA_DIR, Checker, DataError, load_yaml

LANGS = ("ja", "en")
I18N_DIR = DATA_DIR / "i18n"


# the start-up message must be readable even when data/i18n/app.yaml itself is missing
BUILT_IN = {
    "app.data_problem_title": {"ja": "データファイルに問題があります", "en": "A data file has a problem"},
    "app.data_problem_body": {"ja": "一部の表示が正しくないかもしれません。ほかは使えます。",
                              "en": "Some texts may look wrong; everything else works."},
    "app.data_problem_more": {"ja": "ほかに {n} 件（ログを見てください）", "en": "and {n} more (see the log)"},
}
# catalogues the app cannot do without (a game's own catalogue is checked with the game)
REQUIRED = ("app", "core", "record")


@lru_cache(maxsize=1)
def catalog() -> dict[str, dict[str, str]]:
    """Every catalog file that loads; broken or missing ones are reported by ``problems``."""
    out: dict[str, dict[str, str]] = {}
    for path in sorted(I18N_DIR.glob("*.yaml")):
        try:
            out.update(load_catalog(path))
        except DataError:
            continue  # the start-up check shows it; the other catalogues still work
    return out


def load_catalog(path: Path) -> dict[str, dict[str, str]]:
    """One catalogue file, validated: ja and en text for each key, the same safe fields."""
    check = Checker(path)
    data = check.mapping(load_yaml(path) or {}, None)
    out = {}
    for key in data:
        where = f"string '{key}'"
        entry = check.text(data, key, where)
        fields = {lang: _fields(check, where, lang, entry[lang]) for lang in LANGS}
        if fields["ja"] != fields["en"]:
            odd = sorted(fields["ja"] ^ fields["en"])
            raise check.fail(where, None, f"ja and en must fill the same fields; {{{odd[0]}}} "
                             "is only in one (the program would not pass it)")
        out[f"{path.stem}.{key}"] = entry
    return out


def _fields(check: Checker, where: str, lang: str, text: str) -> frozenset[str]:
    """The ``{name}`` fields of a text; positional, indexed or formatted fields are refused.

    A width such as ``{lo:>999999999}`` would make ``format`` build a gigabyte string
    (it crashed the title): only plain names are allowed.
    """
    names = set()
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError as exc:
        raise check.fail(where, lang, f"broken {{field}}: {exc} (write {{{{ for a literal brace)") from exc
    for _, name, spec, conv in parsed:
        if name is None:
            continue
        if not name.isidentifier() or spec or conv:
            shown = "{" + name + ("!" + conv if conv else "") + (":" + spec if spec else "") + "}"
            raise check.fail(where, lang, f"field {shown[:40]} is not allowed: use a plain name such "
                             "as {name} (no position, index, width or precision)")
        names.add(name)
    return frozenset(names)


def problems() -> list[str]:
    """What is wrong with the catalogues: one readable message per broken or missing file."""
    out = []
    for stem in REQUIRED:
        if not (I18N_DIR / f"{stem}.yaml").is_file():
            out.append(f"data/i18n/{stem}.yaml: missing (reinstall the table)")
    for path in sorted(I18N_DIR.glob("*.yaml")):
        try:
            load_catalog(path)
        except DataError as err:
            out.append(str(err))
    return out


def tr(key: str, lang: str, **params: Any) -> str:
    """The text of ``key`` in ``lang`` with fields filled.

    An unknown key (its catalogue missing or broken: the start-up check says so) shows
    as readable words from the key itself ("app.play_again" -> "Play again"), never as
    the raw key everywhere.
    """
    entry = _lookup(key) or BUILT_IN.get(key)
    if entry is None:
        return _from_key(key)
    text = entry.get(lang) or entry["en"]
    if params:
        try:
            text = text.format_map(_Lenient(params))
        except (ValueError, IndexError, KeyError, AttributeError, TypeError):
            return text
        if lang == "en":
            text = plural_en(text)
    return text


_NOUNS = "step|card|cube|point|trick|turn|floor|space|move|player|red|rock|unit|castle card|minute|copy"


@lru_cache(maxsize=1)
def _plural_patterns() -> tuple[re.Pattern, re.Pattern]:
    """Compiled on the first English text with numbers (not before the title's first frame)."""
    return (re.compile(rf"(?<![\d.\-−])\b1 ((?:[a-z]+ )?)({_NOUNS})s\b"),
            re.compile(r"(?<![\d.\-−])\b(\d+) ((?:[a-z]+ ){0,2})([a-z]+)\(s\)"))


def plural_en(text: str) -> str:
    """English number agreement after the numbers are filled in: "1 steps" -> "1 step",
    "1 card(s)" -> "1 card", "3 cube(s)" -> "3 cubes" (one rule instead of a key per form)."""
    one_plural, optional_s = _plural_patterns()
    text = one_plural.sub(lambda m: f"1 {m.group(1)}{m.group(2)}", text)
    return optional_s.sub(lambda m: f"{m.group(1)} {m.group(2)}{m.group(3)}{'' if m.group(1) == '1' else 's'}",
                          text)


def has(key: str) -> bool:
    """True when a catalogue has ``key`` (callers probing optional keys use this)."""
    return _lookup(key) is not None


def _lookup(key: str) -> dict[str, str] | None:
    """The entry of ``key`` from its own catalogue file only (``<stem>.<key>``): the title's
    first frame reads app.yaml, not every game's catalogue."""
    return _stem_catalog(I18N_DIR, key.partition(".")[0]).get(key)


@lru_cache(maxsize=32)  # one entry per catalogue file (14 today, a few KiB each)
def _stem_catalog(folder: Path, stem: str) -> dict[str, dict[str, str]]:
    """One catalogue file that loads, or nothing (the start-up check reports a broken one)."""
    path = folder / f"{stem}.yaml"
    if not stem or not path.is_file():
        return {}
    try:
        return load_catalog(path)
    except DataError:
        return {}


def _from_key(key: str) -> str:
    words = key.rsplit(".", 1)[-1].replace("_", " ").strip()
    return words[:1].upper() + words[1:] if words else key


def text_of(value: Any, lang: str) -> str:
    """A data-file bilingual ``{ja, en}`` value (or plain text) in ``lang``."""
    if isinstance(value, dict):
        return value.get(lang) or value.get("en") or ""
    return str(value)


class _Lenient(dict):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"
