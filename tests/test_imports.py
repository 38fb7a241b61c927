"""No import circles under games/, function-level and typing-only imports included, and
nothing in games/core imports the registry (issue 29 item 6).

Every module under games/ is parsed (ast, no import runs); each ``import``/``from ...
import`` anywhere in it (at the top, in a function, under ``if TYPE_CHECKING``) is an edge
to the games module it names.  A circle is a strongly connected group of two or more
modules.  Game folders, ui, app, core and the registry are all checked strictly (a game's
own modules type their ``rules`` argument with games.core.engine.HasData instead of
importing its rules module).
"""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ("games.ui", "games.app", "games.core", "games.registry", "games.__main__")


def modules(root: Path = ROOT) -> dict[str, Path]:
    out = {}
    for path in (root / "games").rglob("*.py"):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _imported(node: ast.AST, package: str, mods: dict[str, Path]) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if not isinstance(node, ast.ImportFrom):
        return []
    base = node.module or ""
    if node.level:
        kept = package.split(".")[: len(package.split(".")) - node.level + 1]
        base = ".".join(kept + ([base] if base else []))
    return [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base for a in node.names]


def graph(root: Path = ROOT) -> dict[str, set[str]]:
    """Module -> the games modules it imports (the longest listed prefix of each name)."""
    mods = modules(root)
    edges: dict[str, set[str]] = {m: set() for m in mods}
    for mod, path in mods.items():
        package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            for name in _imported(node, package, mods):
                while name and name not in mods:
                    name = name.rpartition(".")[0]
                if name and name != mod:
                    edges[mod].add(name)
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of two or more modules (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on.add(start)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                group = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    group.append(w)
                    if w == v:
                        break
                if len(group) > 1:
                    out.append(sorted(group))
    return out


def _shared(mod: str) -> bool:
    return mod.startswith(SHARED)


def test_the_finder_sees_function_level_and_typing_only_circles(tmp_path):
    pkg = tmp_path / "games"
    (pkg / "ui").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "ui" / "__init__.py").write_text("")
    (pkg / "ui" / "a.py").write_text("def f():\n    from games.ui import b\n")
    (pkg / "ui" / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import f\n")
    (pkg / "ui" / "c.py").write_text("from games.ui.a import f\n")
    assert circles(graph(tmp_path)) == [["games.ui.a", "games.ui.b"]]


def test_no_import_circle_in_ui_app_core_or_registry():
    found = [c for c in circles(graph()) if any(_shared(m) for m in c)]
    assert found == [], f"import circles through shared code: {found}"


def test_games_core_never_imports_the_registry():
    edges = graph()
    bad = sorted(m for m, out in edges.items() if m.startswith("games.core") and "games.registry" in out)
    assert bad == [], f"games/core modules importing games.registry: {bad}"
    games_modules = [m for m in edges if m.startswith("games.core")]
    assert len(games_modules) > 10  # the finder saw the core


def test_no_import_circle_in_a_game_folder():
    found = [c for c in circles(graph()) if not any(_shared(m) for m in c)]
    assert found == [], f"import circles inside game folders: {found}"
