"""Every data file, mutated: each mistake gives one readable DataError, never a hang (issue 12).

For each file the parsed YAML is walked and mutated field by field: a missing field, an
unknown (misspelt) field, a wrong type, out-of-range and huge numbers, plus syntax errors
and a key written twice.  Each mutated file is loaded by its real loader; the result must
be one DataError naming the file (or, for a harmless deletion, a clean load), within a
time limit.  ``MUTATIONS`` counts what ran (printed with ``-s``).
"""
from __future__ import annotations

import copy
import time
from pathlib import Path

import pytest
import yaml

from games import registry
from games.brujas import data as brujas_data
from games.core import i18n
from games.core.data import DATA_DIR, DataError
from games.fuji99 import data as fuji_data
from games.qumasu import data as qumasu_data
from games.suma import data as suma_data
from games.toutomi import data as toutomi_data

LOADERS = {
    "toutomi.yaml": toutomi_data.load,
    "fuji99.yaml": fuji_data.load,
    "brujas.yaml": brujas_data.load,
    "qumasu.yaml": qumasu_data.load,
    "suma.yaml": suma_data.load,
    "games.yaml": registry.load_catalog,
    "i18n/app.yaml": i18n.load_catalog,
    "i18n/toutomi.yaml": i18n.load_catalog,
}
PER_LOAD_SECONDS = 2.0  # one load of a mutated file; a hang would blow far past it
MAX_PER_KIND = 60  # mutations of one kind per file (spread over the whole file)
MUTATIONS: dict[str, int] = {}
DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def _rules_loader(path):
    from games.app.overlays import load_rules_text
    return load_rules_text(path)


for _g in ("toutomi", "fuji99", "brujas", "qumasu", "suma"):
    LOADERS[f"rules/{_g}.yaml"] = _rules_loader


def _nodes(node, path=()):
    """Every (path, value) below the root, depth first."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield path + (k,), v
            yield from _nodes(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield path + (i,), v
            yield from _nodes(v, path + (i,))


def _parent(doc, path):
    for key in path[:-1]:
        doc = doc[key]
    return doc


def _typo(key: str, taken) -> str:
    """A plausible misspelling (``count`` -> ``cuont``) that is not already a key."""
    for cand in (key[0] + key[2] + key[1] + key[3:] if len(key) > 2 else key + "x", key + "s", key + "_x"):
        if cand not in taken and cand != key:
            return cand
    return key + "_typo"


def _spread(items: list, n: int) -> list:
    if len(items) <= n:
        return items
    step = len(items) / n
    return [items[int(i * step)] for i in range(n)]


def _mutations(doc, free_root: bool = False):
    """(kind, where, mutated document, typo) for every kind of mistake.

    ``free_root``: the top level is a free mapping (an i18n catalogue: any key is a new
    string), so an extra key there is no mistake; its entries still are checked.
    """
    nodes = list(_nodes(doc))
    out = []
    for path, _ in _spread(nodes, MAX_PER_KIND):
        d = copy.deepcopy(doc)
        parent = _parent(d, path)
        if isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent.pop(path[-1])
        out.append(("delete", path, d, None))
    maps = [(p, v) for p, v in ([] if free_root else [((), doc)]) + nodes if isinstance(v, dict) and v
            and all(isinstance(k, str) for k in v)]
    for path, val in _spread(maps, MAX_PER_KIND):
        d = copy.deepcopy(doc)
        target = _parent(d, path + ("x",))
        first = next(iter(val))
        typo = _typo(first, val)
        target[typo] = copy.deepcopy(val[first])
        out.append(("unknown", path + (typo,), d, typo))
    for path, val in _spread([(p, v) for p, v in nodes if not isinstance(v, bool)], MAX_PER_KIND):
        wrong = {int: "two", str: 12345, list: {"not": "a list"}, dict: [1, 2]}.get(type(val))
        if wrong is None:
            continue
        d = copy.deepcopy(doc)
        _parent(d, path)[path[-1]] = wrong
        out.append(("type", path, d, None))
    ints = [(p, v) for p, v in nodes if isinstance(v, int) and not isinstance(v, bool)]
    for path, _ in _spread(ints, MAX_PER_KIND):
        for huge in (10**9, -10**9, 10**18):
            d = copy.deepcopy(doc)
            _parent(d, path)[path[-1]] = huge
            out.append(("huge", path, d, None))
    return out


def _syntax_mutations(text: str):
    lines = text.splitlines()
    mid = len(lines) // 2
    yield "unclosed bracket", "\n".join(lines[:mid] + ["bad: [1, 2"] + lines[mid:])
    yield "tab indent", "\n".join(lines[:mid] + ["\tbad: 1"] + lines[mid:])
    yield "truncated", text[: len(text) // 2] + "\n{unclosed: ["
    first = next(i for i, ln in enumerate(lines) if ln and not ln.startswith((" ", "#", "-")))
    key_line = lines[first]
    yield "duplicate key", "\n".join(lines + [key_line])
    yield "not a mapping", "- just\n- a list\n"
    yield "binary", "\udcff\udcfe"


def _load(loader, path: Path):
    t0 = time.perf_counter()
    try:
        loader(path)
        result = None
    except DataError as err:
        result = err
    took = time.perf_counter() - t0
    assert took < PER_LOAD_SECONDS, f"{path.name}: a load took {took:.1f} s"
    return result


def _check_message(err: DataError, name: str) -> str:
    msg = str(err)
    assert "\n" not in msg and Path(name).name in msg and len(msg) < 400, msg
    return msg


@pytest.mark.timeout(240)
@pytest.mark.parametrize("name", sorted(LOADERS))
def test_every_mutation_of_a_data_file_gives_one_readable_message(tmp_path, name):
    loader = LOADERS[name]
    source = DATA_DIR / name
    text = source.read_text(encoding="utf-8")
    doc = yaml.safe_load(text)
    path = tmp_path / Path(name).name
    assert _load(loader, source) is None, "the shipped file must load"
    count = 0
    for kind, where, mutated, typo in _mutations(doc, free_root=name.startswith("i18n/")):
        path.write_text(yaml.dump(mutated, Dumper=DUMPER, allow_unicode=True, sort_keys=False), encoding="utf-8")
        err = _load(loader, path)
        count += 1
        if kind == "delete":
            if err is not None:
                _check_message(err, name)
            continue
        assert err is not None, f"{name}: {kind} mutation at {where} was accepted"
        msg = _check_message(err, name)
        if kind == "unknown":
            assert typo in msg, (where, msg)
    for kind, bad in _syntax_mutations(text):
        path.write_text(bad, encoding="utf-8", errors="surrogateescape")
        err = _load(loader, path)
        assert err is not None, f"{name}: {kind} was accepted"
        msg = _check_message(err, name)
        if kind == "duplicate key":
            assert "written twice" in msg, msg
        count += 1
    MUTATIONS[name] = count
    assert count >= 20


def test_unknown_field_names_the_closest_known_one(tmp_path):
    """A typo such as ``cuont`` next to a valid ``count`` is an error that says 'did you mean'."""
    text = (DATA_DIR / "toutomi.yaml").read_text(encoding="utf-8")
    path = tmp_path / "toutomi.yaml"
    path.write_text(text.replace("{id: skip, kind: skip, count: 2,", "{id: skip, kind: skip, count: 2, cuont: 3,"),
                    encoding="utf-8")
    with pytest.raises(DataError, match=r"card 'skip'.*field 'cuont': unknown field \(did you mean 'count'\?\)"):
        toutomi_data.load(path)
