"""The repository explains its own rules: every rule id (R-x.y, or a section R-x) and decision
(D-n) that a game's code or tests cite is defined in ``docs/rules/<game>.md``.

Cited means: anywhere in a ``games/<game>/`` source file (docstrings, comments, refusal texts),
anywhere in a test file named after the game (``tests/test_<game>_*.py``, ``tests/<game>_*.py``),
in the name of a test (``test_r2_3_...`` cites R-2.3, ``..._d1_...`` cites D-1; ``dx7`` is a
code decision DX-7, not D-7), and, in the other test files, in a top-level function or class
(with the comments above it) that names exactly one game, in its name or else in its text.
Defined means: a Markdown heading that starts with the id (``## R-2 A turn``) or a line that
starts with the id in bold (``- **R-2.3** ...`` or ``**D-1** ...``); a mere mention elsewhere
in a line is a reference, not a definition.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("toutomi", "fuji99", "brujas", "qumasu", "suma")
DOCS = ROOT / "docs" / "rules"

ID = re.compile(r"(?<![\w-])(R-\d+(?:\.\d+)?|D-\d+)(?![\w-]|\.\d)")
NAME_RULE = re.compile(r"(?:^|_)r(\d+)_(\d+)(?=_|$)")
NAME_DECISION = re.compile(r"(?:^|_)d(\d+)(?=_|$)")
DEFINITION = re.compile(
    r"^(?:#{1,6}[ \t]+(R-\d+(?:\.\d+)?|D-\d+)(?![\w.-])"
    r"|(?:[-*][ \t]+)?\*\*(R-\d+(?:\.\d+)?|D-\d+)\*\*)", re.MULTILINE)


def ids_in_text(text: str) -> set[str]:
    return set(ID.findall(text))


def ids_in_name(name: str) -> set[str]:
    found = {f"R-{a}.{b}" for a, b in NAME_RULE.findall(name)}
    return found | {f"D-{n}" for n in NAME_DECISION.findall(name)}


def defined_ids(text: str) -> list[str]:
    """The ids a document defines, in order (an id defined twice appears twice)."""
    return [a or b for a, b in DEFINITION.findall(text)]


def games_named(text: str) -> set[str]:
    return {g for g in GAMES if re.search(rf"(?<![a-z]){g}(?![a-z])", text)}


def _test_names(tree: ast.AST) -> list[str]:
    return [n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.ClassDef))]


def _file_game(path: Path) -> str | None:
    named = [g for g in GAMES if g in path.stem.split("_")]
    return named[0] if len(named) == 1 else None


def _units(text: str, tree: ast.Module):
    """Top-level definitions of a module with their source (comments above them included)."""
    lines = text.splitlines()
    start = 0
    for node in tree.body:
        end = node.end_lineno or node.lineno
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield node.name, "\n".join(lines[start:end]), node
        else:
            yield "", "\n".join(lines[start:end]), node
        start = end


def cited_ids() -> tuple[dict[str, dict[str, set[str]]], list[str]]:
    """{game: {id: {where cited}}} and the citations in tests that name no single game."""
    cited: dict[str, dict[str, set[str]]] = {g: {} for g in GAMES}
    unplaced: list[str] = []

    def cite(game, ids, where):
        for i in ids:
            cited[game].setdefault(i, set()).add(where)

    for game in GAMES:
        for path in sorted((ROOT / "games" / game).rglob("*.py")):
            cite(game, ids_in_text(path.read_text(encoding="utf-8")), path.relative_to(ROOT).as_posix())
    for path in sorted((ROOT / "tests").glob("*.py")):
        if path.name == Path(__file__).name:  # this file's examples cite no game
            continue
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        where = path.relative_to(ROOT).as_posix()
        game = _file_game(path)
        if game is not None:
            cite(game, ids_in_text(text), where)
            for name in _test_names(tree):
                cite(game, ids_in_name(name), f"{where}::{name}")
            continue
        for name, source, node in _units(text, tree):
            ids = ids_in_text(source)
            for inner in _test_names(node):
                ids |= ids_in_name(inner)
            if not ids:
                continue
            named = {g for g in GAMES if g in name.split("_")} or games_named(source)
            if len(named) == 1:
                cite(named.pop(), ids, f"{where}::{name or node.lineno}")
            else:
                unplaced.append(f"{where}::{name or node.lineno} cites {sorted(ids)}")
    return cited, unplaced


def _doc(game: str) -> str:
    path = DOCS / f"{game}.md"
    assert path.is_file(), f"docs/rules/{game}.md is missing"
    return path.read_text(encoding="utf-8")


def test_the_collector_finds_names_and_texts_but_not_code_decisions():
    assert ids_in_name("test_r2_6_d2_empty_deck_recycles") == {"R-2.6", "D-2"}
    assert ids_in_name("test_r4_2_dx7_a_kind_nobody_captured") == {"R-4.2"}
    assert ids_in_name("test_d8_saint_bonus_and_d10_power") == {"D-8", "D-10"}
    assert ids_in_text("R-2.10, R-4.x, (R-1 .. R-3), DX-2, D-n, R-x.y, view DX-1, D-12.") == {
        "R-2.10", "R-4", "R-1", "R-3", "D-12"}


def test_a_mention_is_not_a_definition_and_a_missing_id_is_caught():
    doc = "# Game\n\n## R-2 A turn\n\n- **R-2.1** Play one card (see R-2.3 and D-1).\n**D-2** Kept.\n"
    assert defined_ids(doc) == ["R-2", "R-2.1", "D-2"]
    assert {"R-2.1", "R-2.3", "D-1"} - set(defined_ids(doc)) == {"R-2.3", "D-1"}


def test_every_game_cites_rules_and_every_test_citation_names_its_game():
    cited, unplaced = cited_ids()
    for game in GAMES:
        assert len(cited[game]) >= 10, (game, sorted(cited[game]))
    assert "R-2.3" in cited["toutomi"] and "D-15" in cited["suma"] and "R-0.4" in cited["qumasu"]
    assert not unplaced, "rule ids cited in a test that names no single game:\n" + "\n".join(unplaced)


@pytest.mark.parametrize("game", GAMES)
def test_every_cited_rule_and_decision_is_defined_in_docs_rules(game):
    cited, _ = cited_ids()
    defined = set(defined_ids(_doc(game)))
    missing = {i: sorted(w) for i, w in cited[game].items() if i not in defined}
    assert not missing, f"docs/rules/{game}.md does not define: " + "; ".join(
        f"{i} (cited in {', '.join(w[:3])})" for i, w in sorted(missing.items()))


@pytest.mark.parametrize("game", GAMES)
def test_each_id_is_defined_once(game):
    ids = defined_ids(_doc(game))
    assert sorted({i for i in ids if ids.count(i) > 1}) == []


def test_the_rules_index_lists_the_five_games():
    index = (DOCS / "README.md").read_text(encoding="utf-8")
    for game in GAMES:
        assert f"({game}.md)" in index, game


def test_code_and_tests_point_at_the_rules_inside_the_checkout():
    outside = "shared" + "/rules"
    offenders = [p.relative_to(ROOT).as_posix()
                 for folder in ("games", "tests") for p in sorted((ROOT / folder).rglob("*.py"))
                 if outside in p.read_text(encoding="utf-8")]
    assert offenders == []
