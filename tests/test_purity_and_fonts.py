"""Rules stay pure (no pygame), and the bundled font has every character we show."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from fontTools.ttLib import TTFont

ROOT = Path(__file__).resolve().parents[1]
PURE = ["rules", "bot"]


def _imports_pygame(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == "pygame" for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "pygame":
            return True
    return False


def test_only_ui_and_app_folders_import_pygame():
    """Nothing outside games/<id>/ui/, games/ui/ and games/app/ imports pygame (even lazily)."""
    offenders = []
    for path in sorted((ROOT / "games").rglob("*.py")):
        rel = path.relative_to(ROOT / "games").parts
        allowed = rel[0] in ("ui", "app") or (len(rel) > 2 and rel[1] == "ui")
        if not allowed and _imports_pygame(path):
            offenders.append("/".join(rel))
    assert offenders == []


def test_every_game_folder_has_the_one_shape():
    """Every playable game has exactly the registry's shape (docs/layout.md)."""
    from games import registry
    for g in registry.playable_ids():
        folder = ROOT / "games" / g
        missing = [part for part in registry.SHAPE if not (folder / part).is_file()]
        assert missing == [], (g, missing)
        init = (folder / "__init__.py").read_text(encoding="utf-8").strip()
        assert init.startswith('"""') and init.count("\n") == 0, f"{g}: __init__ is one line"
    assert {"toutomi", "fuji99", "brujas"} <= set(registry.playable_ids())


def test_rules_and_bots_import_without_pygame():
    """Import every game's rules and bot with pygame blocked (DESIGN: rules never import it)."""
    from games import registry
    mods = ["games.core.engine", "games.core.simulate", "games.registry"]
    for g in registry.ruled_ids():
        folder = ROOT / "games" / g
        mods += [f"games.{g}.{p.stem}" for p in folder.glob("*.py")]  # ui/ is a sub-package
    code = ("import sys; sys.modules['pygame'] = None\n"
            f"import importlib\nfor m in {mods!r}: importlib.import_module(m)\n"
            "from games import registry\n"
            "[registry.rules(g) for g in registry.ruled_ids()]\nprint('ok')")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0 and "ok" in out.stdout, out.stderr[-2000:]


def _shown_characters() -> set[str]:
    chars: set[str] = set()
    for path in (ROOT / "data").rglob("*.yaml"):
        chars |= set(path.read_text(encoding="utf-8"))
    for path in (ROOT / "games").rglob("*.py"):  # string literals drawn by views and scenes
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                chars |= set(node.value)
    return {c for c in chars if c.isprintable() and not c.isspace()}


def test_bundled_font_covers_every_character_in_data_and_ui_strings():
    for name in ("NotoSansJP-Regular.otf", "NotoSansJP-Bold.otf"):
        cmap = TTFont(ROOT / "sprites" / "fonts" / name).getBestCmap()
        missing = sorted(c for c in _shown_characters() if ord(c) not in cmap)
        assert not missing, f"{name} lacks {''.join(missing)!r}: rerun tools/build_font.py"


def test_font_licence_is_bundled():
    text = (ROOT / "sprites" / "fonts" / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in text


def test_no_scene_imports_another_scene():
    """Scenes ask the app for a scene by name (app.goto/open), so games/app reads top-down."""
    scene_modules = {"games.app.title", "games.app.setup", "games.app.play", "games.app.results",
                     "games.app.overlays", "games.app.settings_scene"}
    found = []
    for mod in sorted(scene_modules | {"games.app.demo", "games.app.session", "games.app.storage"}):
        path = ROOT / (mod.replace(".", "/") + ".py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            found += [(mod, n) for n in names if n in scene_modules and n != mod]
    assert found == []
