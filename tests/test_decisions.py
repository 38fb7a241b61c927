"""Decision notes have ids that say their area, defined once, cited only where they exist, and
indexed in docs/decisions.md (``tools/decision_ids.py``: the scheme, ``--rename``, ``--index``
and ``--check``; this file runs the same checks on the tree, then the tool on a small tree)."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("decision_ids", ROOT / "tools" / "decision_ids.py")
ids = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("decision_ids", ids)
_spec.loader.exec_module(ids)


def test_no_decision_id_is_defined_twice():
    tree = ids.load()
    assert ids.duplicates(tree) == []
    assert len(tree.notes) > 100  # the notes are found (about 150 when this was written)


def test_every_decision_reference_names_a_definition_and_no_dx_id_is_left():
    assert ids.dangling(ids.load()) == []


def test_the_decisions_index_is_current():
    assert ids.stale_index(ids.load()) == []


def test_areas_say_where_a_note_lives():
    assert ids.area_of("games/core/engine.py") == "ENGINE"
    assert ids.area_of("games/ui/moment_art.py") == "MOMENT-ART"
    assert ids.area_of("games/app/play.py") == "APP-PLAY"
    assert ids.area_of("games/toutomi/rules.py") == "TOUTOMI-RULES"
    assert ids.area_of("games/qumasu/ui/fonts.py") == "QUMASU-UI-FONTS"
    assert ids.area_of("tools/build_app.py") == "TOOLS-BUILD-APP"


SMALL = {
    "games/core/engine.py": '"""Engine.\n\n- DX-1 (perf) Copies share rows.\n- DX-2 (perf) Slots.\n"""\n'
                            "X = 1  # DX-2\n",
    "games/toutomi/rules.py": '"""Rules.\n\n- DX-1 A pass.\n"""\nY = 1  # DX-1; engine DX-2\n',
    "games/toutomi/seen.py": '"""Seen (DX-1).  Copies: DX-1 of games/core/engine.py."""\n',
    "games/toutomi/ui/view.py": '"""A view (DX-2)."""\n',
    "tests/test_small.py": 'def test_dx1_a_pass():\n    """DX-1, and games/core/engine.py DX-1, DX-2."""\n',
    "README.md": "Passing (`games/toutomi/rules.py` DX-1) and the view (DX-2).\n",
    "tools/decision_ids.map": "games/toutomi/ui/view.py DX-2 -> games/core/engine.py\n"
                              'README.md DX-2 "the view" -> games/core/engine.py\n'
                              "tests/test_small.py DX-* -> games/toutomi/rules.py\n",
}


def _tree(tmp_path: Path) -> Path:
    for name, text in SMALL.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    return tmp_path


def test_rename_resolves_by_context_and_map_then_changes_nothing(tmp_path):
    root = _tree(tmp_path)
    assert any("not renamed" in p for p in ids.problems(root))
    defs, refs, names, unresolved, left = ids.rename(root)
    assert (defs, names, unresolved, left) == (3, 1, [], [])
    read = lambda name: (root / name).read_text(encoding="utf-8")  # noqa: E731
    assert "- ENGINE-1 (perf)" in read("games/core/engine.py") and "# ENGINE-2" in read("games/core/engine.py")
    assert read("games/toutomi/rules.py").endswith("# TOUTOMI-RULES-1; engine ENGINE-2\n")
    assert read("games/toutomi/seen.py") == '"""Seen (TOUTOMI-RULES-1).  Copies: ENGINE-1 of games/core/engine.py."""\n'
    assert read("games/toutomi/ui/view.py") == '"""A view (ENGINE-2)."""\n'
    assert read("tests/test_small.py").startswith("def test_toutomi_rules_1_a_pass():\n")
    assert '"""TOUTOMI-RULES-1, and games/core/engine.py ENGINE-1, ENGINE-2."""' in read("tests/test_small.py")
    assert read("README.md") == "Passing (`games/toutomi/rules.py` TOUTOMI-RULES-1) and the view (ENGINE-2).\n"
    assert ids.problems(root) == ["docs/decisions.md is not current (run --index)"]
    ids.write_index(root)
    assert ids.problems(root) == []
    assert "- **TOUTOMI-RULES-1** A pass." in read("docs/decisions.md")
    before = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    assert ids.rename(root)[:3] == (0, 0, 0)
    ids.write_index(root)
    assert {p: p.read_bytes() for p in root.rglob("*") if p.is_file()} == before


def test_check_refuses_a_twice_defined_id_a_dangling_one_and_an_unresolved_dx(tmp_path):
    root = _tree(tmp_path)
    ids.rename(root)
    ids.write_index(root)
    engine = root / "games/core/engine.py"
    engine.write_text(engine.read_text(encoding="utf-8") + "# ENGINE-1 again.\nZ = 3  # ENGINE-9\n",
                      encoding="utf-8")
    (root / "README.md").write_text("A bare DX-4.\n", encoding="utf-8")
    found = "\n".join(ids.problems(root))
    assert "ENGINE-1 defined twice" in found
    assert "ENGINE-9 names no definition" in found
    assert "DX-4 is not renamed" in found and "not current" in found
    assert ids.rename(root)[3][0].number == 4  # reported as unresolved, left as it is
