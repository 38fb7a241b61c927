"""Loading and validating YAML data files: one readable message naming file, card, field.

Games describe their files with these helpers; any mistake raises DataError, whose text
is e.g. ``data/toutomi.yaml: card 'skip': field 'count': expected a whole number >= 0,
got 'two'``.  Only ``yaml.safe_load`` is used.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

import yaml

from games.core.resources import data_path

DATA_DIR = data_path()  # games/core/resources.py finds it (checkout, wheel or app folder)


class DataError(Exception):
    """A data file that cannot be used; the message is for people."""

    def __init__(self, file: Path | str, where: str | None, field: str | None, problem: str):
        self.file, self.where, self.field, self.problem = str(file), where, field, problem
        parts = [self.file]
        if where:
            parts.append(where)
        if field:
            parts.append(f"field '{field}'")
        super().__init__(": ".join(parts + [problem]))


def load_yaml(path: Path | str) -> Any:
    """Parse a YAML file safely; syntax errors become a DataError with the line."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(_short(path), None, None, f"cannot be read ({exc})") from exc
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or "invalid YAML"
        raise DataError(_short(path), None, None, f"YAML syntax error{line}: {problem}") from exc


def _short(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(DATA_DIR.parent))
    except ValueError:
        return str(path)


class Checker:
    """Field access with validation, bound to one file: ``c.int(card, 'count', where)``."""

    def __init__(self, path: Path | str) -> None:
        self.path = _short(Path(path))

    def fail(self, where: str | None, field: str | None, problem: str) -> DataError:
        return DataError(self.path, where, field, problem)

    def mapping(self, obj: Any, where: str | None, field: str | None = None) -> dict:
        if not isinstance(obj, dict):
            raise self.fail(where, field, f"expected a mapping (key: value), got {_kind(obj)}")
        return obj

    def list(self, obj: Any, key: str, where: str | None, min_len: int = 0) -> list:
        val = self._get(obj, key, where)
        if not isinstance(val, list) or len(val) < min_len:
            raise self.fail(where, key, f"expected a list of at least {min_len} items, got {_kind(val)}")
        return val

    def int(self, obj: Any, key: str, where: str | None, lo: int | None = None,
            hi: int | None = None, default: Any = ...) -> int:
        val = self._get(obj, key, where, default)
        if isinstance(val, bool) or not isinstance(val, int):
            raise self.fail(where, key, f"expected a whole number{_range(lo, hi)}, got {val!r}")
        if (lo is not None and val < lo) or (hi is not None and val > hi):
            raise self.fail(where, key, f"expected a whole number{_range(lo, hi)}, got {val!r}")
        return val

    def str(self, obj: Any, key: str, where: str | None, default: Any = ...) -> str:
        val = self._get(obj, key, where, default)
        if not isinstance(val, str) or not val.strip():
            raise self.fail(where, key, f"expected text, got {val!r}")
        return val

    def bool(self, obj: Any, key: str, where: str | None, default: Any = ...) -> bool:
        val = self._get(obj, key, where, default)
        if not isinstance(val, bool):
            raise self.fail(where, key, f"expected true or false, got {val!r}")
        return val

    def choice(self, obj: Any, key: str, where: str | None, allowed: Iterable[str],
               default: Any = ...) -> str:
        allowed = list(allowed)
        val = self._get(obj, key, where, default)
        if val not in allowed:
            raise self.fail(where, key, f"unknown value {val!r} (allowed: {', '.join(allowed)})")
        return val

    def text(self, obj: Any, key: str, where: str | None) -> dict[str, str]:
        """A bilingual text ``{ja: ..., en: ...}``."""
        val = self._get(obj, key, where)
        if not isinstance(val, dict):
            raise self.fail(where, key, f"expected {{ja: ..., en: ...}}, got {val!r}")
        for lang in ("ja", "en"):
            if not isinstance(val.get(lang), str) or not val[lang].strip():
                raise self.fail(where, f"{key}.{lang}", "missing text")
        extra = sorted(set(map(str, val)) - {"ja", "en"})
        if extra:  # e.g. an unquoted comma in a YAML flow mapping split the text
            raise self.fail(where, key, f"unexpected key(s) {', '.join(extra)} (quote text containing commas)")
        return {"ja": val["ja"], "en": val["en"]}

    def _get(self, obj: Any, key: str, where: str | None, default: Any = ...) -> Any:
        if not isinstance(obj, dict):
            raise self.fail(where, None, f"expected a mapping (key: value), got {_kind(obj)}")
        if key not in obj:
            if default is not ...:
                return default
            raise self.fail(where, key, "missing")
        return obj[key]


def _kind(val: Any) -> str:
    return {dict: "a mapping", list: "a list", str: f"text {val!r}", type(None): "nothing"}.get(
        type(val), repr(val))


def _range(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f" from {lo} to {hi}"
    if lo is not None:
        return f" >= {lo}"
    if hi is not None:
        return f" <= {hi}"
    return ""
