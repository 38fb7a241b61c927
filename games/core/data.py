"""Loading and validating YAML data files: one readable message naming file, card, field.

Games describe their files with these helpers; any mistake raises DataError, whose text
is e.g. ``data/toutomi.yaml: card 'skip': field 'count': expected a whole number >= 0,
got 'two'``.  Only a safe loader is used (``UniqueKeyLoader``: safe_load that also
refuses a key written twice).

How a game's ``data.py`` uses it (every game does the same; a new one should too)::

    c = Checker(path)
    root = c.known(load_yaml(path), None, ROOT_FIELDS)      # unknown field -> "did you mean"
    limit = c.int(root, "burst_limit", None, lo=1, hi=99)   # every number has bounds
    for i, raw in enumerate(c.list(root, "cards", None, 1)):
        c.known(raw, f"card #{i + 1}", CARD_FIELDS)
        count = c.int(raw, "count", f"card #{i + 1}", lo=0, hi=MAX_COPIES)
    ...then a termination check: raise c.fail(...) when the data could make a game
    that never ends (a limit nobody can reach, a bag that cannot supply a draw).

Bounds are stated in each YAML file's header comment; ``tests/test_data_mutations.py``
mutates every data file and asserts one readable DataError and no hang.
"""
from __future__ import annotations

import json
import os
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from games.core.regular import open_regular, reason
from games.core.resources import data_path

DATA_DIR = data_path()  # games/core/resources.py finds it (checkout, wheel or app folder)
MAX_DATA_BYTES = 2 * 2**20  # the largest data file is ~30 KB; a far larger one is a mistake
PARSED_BYTES = 4 * 2**20  # bound of the parsed-file memo (all of data/ is ~0.2 MB as JSON)
MAX_VALUES = 50_000  # values of one file with its aliases written out (the largest has ~750)


@lru_cache(maxsize=1)
def _loader():
    """(yaml, UniqueKeyLoader): PyYAML costs ~20 ms CPU to import, so only on a real parse."""
    import yaml
    base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class UniqueKeyLoader(base):  # type: ignore[misc, valid-type]
        """``yaml.safe_load`` that refuses a key written twice in one mapping.

        Plain YAML keeps the last value silently, so a pasted line would quietly change a
        count.  Still a safe loader: only the mapping constructor is extended.
        """

        def construct_mapping(self, node, deep=False):  # noqa: ANN001 - PyYAML's signature
            seen: dict = {}
            for key_node, _ in node.value:
                key = self.construct_object(key_node, deep=True)
                try:
                    hash(key)
                except TypeError:
                    continue  # the base constructor reports unhashable keys itself
                if key in seen:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"the key {key!r} is written twice (first at line {seen[key]})",
                        key_node.start_mark)
                seen[key] = key_node.start_mark.line + 1
            return super().construct_mapping(node, deep=deep)
    return yaml, UniqueKeyLoader


# path -> (size, mtime_ns, JSON text) of files parsed without error: the start-up check
# stores them beside its clean verdict (games/app/startup.py APP-STARTUP-4) so an unchanged table
# reads them back as JSON on the next start instead of importing PyYAML. Bounded by bytes.
# Only entries read back from that store are used for lookups (``_preloaded``): in one run a
# file rewritten twice within a clock tick at the same size must still be parsed again.
_parsed: dict[str, tuple[int, int, str]] = {}
_preloaded: dict[str, tuple[int, int, str]] = {}


def parsed_files() -> dict[str, list]:
    """The memo as JSON-ready data (``{path: [size, mtime_ns, json]}``)."""
    return {k: list(v) for k, v in _parsed.items()}


def preload_parsed(entries: Any) -> None:
    """Fill the memo from ``parsed_files()`` of an earlier run; malformed entries are skipped."""
    if not isinstance(entries, dict):
        return
    total = sum(len(v[2]) for v in _preloaded.values())
    for key, val in entries.items():
        if (isinstance(key, str) and isinstance(val, list) and len(val) == 3 and isinstance(val[0], int)
                and isinstance(val[1], int) and isinstance(val[2], str) and total + len(val[2]) <= PARSED_BYTES):
            _preloaded[key] = (val[0], val[1], val[2])
            total += len(val[2])


def _memo(path: Path, size: int, mtime_ns: int, data: Any) -> None:
    """Keep ``data`` when JSON gives it back exactly (no dates, no non-text keys, no NaN)."""
    try:
        text = json.dumps(data, ensure_ascii=False)
        if json.loads(text) != data:
            return
    except (TypeError, ValueError, RecursionError):
        return
    _parsed.pop(str(path), None)
    if sum(len(v[2]) for v in _parsed.values()) + len(text) <= PARSED_BYTES:
        _parsed[str(path)] = (size, mtime_ns, text)


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
    """Parse a YAML file safely; syntax errors become a DataError with the line.

    DATA-1 (harden, issue 28): only a regular file of at most MAX_DATA_BYTES is read
    (games/core/regular.py: a FIFO, a device or a link loop is a sentence, never a hang),
    and a file whose aliases would repeat it past MAX_VALUES ("billion laughs") is refused
    before anything walks or copies it (see ``_check_expanded``)."""
    path = Path(path)
    try:
        with open_regular(path, MAX_DATA_BYTES) as fh:
            st = os.fstat(fh.fileno())
            known = _preloaded.get(str(path))
            if known is not None and known[:2] == (st.st_size, st.st_mtime_ns):
                return json.loads(known[2])
            text = fh.read(MAX_DATA_BYTES + 1).decode("utf-8")
    except OSError as exc:
        raise DataError(_short(path), None, None, reason(exc)) from exc
    except UnicodeDecodeError as exc:
        raise DataError(_short(path), None, None, f"cannot be read ({exc})") from exc
    yaml, loader = _loader()
    try:
        data = yaml.load(text, Loader=loader)  # a safe loader (see UniqueKeyLoader)
    except RecursionError as exc:
        raise DataError(_short(path), None, None, "nested too deeply") from exc
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or "invalid YAML"
        raise DataError(_short(path), None, None, f"YAML syntax error{line}: {problem}") from exc
    _check_expanded(path, data)
    _memo(path, st.st_size, st.st_mtime_ns, data)
    return data


def _check_expanded(path: Path, root: Any) -> None:
    """Refuse data that its YAML aliases (``&a``/``*a``) make larger than MAX_VALUES once
    written out, or that holds itself.  The safe loader shares one list for every alias of
    it, so nine lists of nine aliases each parse in a blink and would hold 9**8 values for
    whatever walks or copies them (json.dumps in ``_memo``, the games' checks).  Counted
    bottom-up with each shared list counted once (iteratively: no recursion to exhaust)."""
    sizes: dict[int, int] = {}
    open_now: set[int] = set()
    todo: list[tuple[Any, bool]] = [(root, False)]
    while todo:
        obj, done = todo.pop()
        if not isinstance(obj, (dict, list)):
            continue
        kids = list(obj.values()) if isinstance(obj, dict) else obj
        if done:
            total = 1 + (len(obj) if isinstance(obj, dict) else 0) + sum(
                sizes.get(id(k), 1) for k in kids)
            open_now.discard(id(obj))
            sizes[id(obj)] = total
            if total > MAX_VALUES:
                raise DataError(_short(path), None, None, f"holds more than {MAX_VALUES} values once its "
                                "YAML aliases (*name) are written out: an alias bomb? Write the values out")
            continue
        if id(obj) in sizes:
            continue
        if id(obj) in open_now:
            raise DataError(_short(path), None, None, "a YAML alias (*name) refers to the list or "
                            "mapping it is inside of: the data would never end")
        open_now.add(id(obj))
        todo.append((obj, True))
        todo.extend((k, False) for k in kids if isinstance(k, (dict, list)))


def _short(path: Path) -> str:
    """``data/x.yaml`` for a file of the table (a link loop is named, not resolved)."""
    for where in (path.absolute(), path):
        try:
            return str(where.relative_to(DATA_DIR.parent))
        except ValueError:
            pass
    try:
        return str(path.resolve().relative_to(DATA_DIR.parent))
    except (ValueError, OSError, RuntimeError):  # RuntimeError: "Symlink loop from ..." (3.11)
        return str(path)


class Checker:
    """Field access with validation, bound to one file: ``c.int(card, 'count', where)``."""

    def __init__(self, path: Path | str) -> None:
        self.path = _short(Path(path))

    def fail(self, where: str | None, field: str | None, problem: str) -> DataError:
        return DataError(self.path, where, field, problem)

    def known(self, obj: Any, where: str | None, allowed: Iterable[str], prefix: str = "") -> dict:
        """Refuse fields nobody reads: a typo such as ``cuont`` must not be silently ignored.

        The message names the field and the closest known one ("did you mean 'count'?").
        Call it on every mapping a loader reads (see the module docstring).
        """
        obj = self.mapping(obj, where, prefix.rstrip(".") or None)
        allowed = list(allowed)
        for key in obj:
            if key not in allowed:
                import difflib  # only for a mistake's "did you mean" (not on every start)
                near = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
                hint = f" (did you mean '{near[0]}'?)" if near else f" (known: {', '.join(allowed)})"
                raise self.fail(where, f"{prefix}{key}", "unknown field" + hint)
        return obj

    def whole(self, val: Any, where: str | None, field: str | None, lo: int, hi: int) -> int:
        """A bare whole number in [lo, hi] (list items, mapping keys): bounds keep games finite."""
        if isinstance(val, bool) or not isinstance(val, int) or not lo <= val <= hi:
            raise self.fail(where, field, f"expected a whole number{_range(lo, hi)}, got {_short_repr(val)}")
        return val

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
            raise self.fail(where, key, f"expected a whole number{_range(lo, hi)}, got {_short_repr(val)}")
        if (lo is not None and val < lo) or (hi is not None and val > hi):
            raise self.fail(where, key, f"expected a whole number{_range(lo, hi)}, got {_short_repr(val)}")
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


def _short_repr(val: Any) -> str:
    """``repr`` cut to a readable length (a mutated file may hold a megabyte of text)."""
    text = repr(val)
    return text if len(text) <= 60 else text[:57] + "..."


def _kind(val: Any) -> str:
    return {dict: "a mapping", list: "a list", str: f"text {_short_repr(val)}", type(None): "nothing"}.get(
        type(val), _short_repr(val))


def _range(lo: int | None, hi: int | None) -> str:
    if lo is not None and hi is not None:
        return f" from {lo} to {hi}"
    if lo is not None:
        return f" >= {lo}"
    if hi is not None:
        return f" <= {hi}"
    return ""
