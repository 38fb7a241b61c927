"""Where the app's own files (data/, sprites/) are: the one place that resolves them.

Three ways to run, one answer:
- a source checkout (``python main.py``): data/ and sprites/ beside the games/ package;
- an installed wheel (``pip install .``): copied into the package as ``games/_assets/``;
- a PyInstaller folder: the same ``games/_assets/`` inside the bundle.
Never the current directory, so the table starts from any folder.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parents[1]  # the games/ package folder
BUNDLED = PACKAGE_DIR / "_assets"  # where pyproject.toml and tools/build_app.py put them


def find_root(package_dir: Path) -> Path:
    """The folder holding data/ and sprites/ for a games/ package at ``package_dir``."""
    bundled = package_dir / BUNDLED.name
    return bundled if (bundled / "data").is_dir() else package_dir.parent


@lru_cache(maxsize=1)
def assets_root() -> Path:
    """Where data/ and sprites/ are for this run (bundled copy first, else the checkout)."""
    return find_root(PACKAGE_DIR)


def data_path(*parts: str) -> Path:
    """A path under data/ (YAML card lists, i18n, rules text)."""
    return assets_root().joinpath("data", *parts)


def sprite_path(*parts: str) -> Path:
    """A path under sprites/ (fonts, icon)."""
    return assets_root().joinpath("sprites", *parts)
