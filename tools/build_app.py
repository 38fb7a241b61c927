"""Build the double-clickable one-folder app with PyInstaller (Linux, Windows, macOS alike).

    python3 tools/build_app.py            # Windows: py tools\\build_app.py

1. makes a clean build venv (``build/app-venv``) from requirements-build.txt: the app's
   own dependencies plus PyInstaller, nothing from a developer's venv;
2. runs PyInstaller on tools/table.spec;
3. checks the folder: under ``MAX_MB`` and nothing pruned slipped back in.
The app is ``dist/japanese-game-table/`` (start ``japanese-game-table``, on Windows
``japanese-game-table.exe``); on macOS also ``dist/JapaneseGameTable.app``.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "japanese-game-table"
MAX_MB = 80

# Python modules the table never imports (PyInstaller would follow optional imports).
EXCLUDES = [
    "tkinter", "_tkinter", "unittest", "pydoc", "doctest", "test", "lib2to3", "idlelib",
    "setuptools", "pkg_resources", "pip", "distutils", "numpy", "pytest", "hypothesis",
    "fontTools", "pygame.tests", "pygame.examples", "pygame.docs", "pygame.camera",
    "pygame._camera", "pygame._camera_opencv", "pygame.midi", "pygame.pypm", "sqlite3",
    "xmlrpc", "ensurepip", "venv",
]
# Shared libraries only those excluded modules use (MIDI: portmidi and its ALSA copy;
# SDL itself opens the system's libasound by name for sound).
PRUNE_BINARIES = ("portmidi", "libasound", "pypm", "_camera")
LIB_SUFFIXES = {".so", ".dll", ".dylib", ".pyd"}  # libfoo.so.2.0.7 counts too


def keep_binary(name: str) -> bool:
    """False for a bundled library that nothing the table imports needs."""
    base = Path(name).name.lower()
    return not any(part in base for part in PRUNE_BINARIES)


def venv_python(folder: Path) -> Path:
    return folder / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def make_build_env(folder: Path) -> Path:
    """A fresh venv with the app's requirements and PyInstaller (pip's cache keeps it quick)."""
    if folder.exists():
        shutil.rmtree(folder)
    venv.EnvBuilder(with_pip=True, clear=True).create(folder)
    py = venv_python(folder)
    subprocess.run([str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                    "-r", str(ROOT / "requirements-build.txt")], check=True)
    return py


def folder_mb(folder: Path) -> float:
    """Megabytes, counting a linked library again (as a zip without -y would store it)."""
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6


def check(app_dir: Path) -> list[str]:
    """What is wrong with a built folder (empty when it is fine)."""
    problems = []
    size = folder_mb(app_dir)
    if size >= MAX_MB:
        problems.append(f"{app_dir} is {size:.1f} MB, over {MAX_MB} MB")
    for p in app_dir.rglob("*"):
        rel = p.relative_to(app_dir).as_posix()
        if any(f"pygame/{d}/" in rel + "/" for d in ("tests", "examples", "docs")) or \
                (p.is_file() and not keep_binary(p.name) and LIB_SUFFIXES & set(p.suffixes)):
            problems.append(f"should have been left out: {rel}")
    if not (app_dir / "_internal" / "games" / "_assets" / "data" / "games.yaml").is_file():
        problems.append("data/ is missing from games/_assets")
    return problems


def executable(dist: Path) -> Path:
    return dist / NAME / (NAME + (".exe" if os.name == "nt" else ""))


def build(dist: Path, work: Path, python: Path | None) -> Path:
    """Run PyInstaller; the built app folder."""
    py = python or make_build_env(ROOT / "build" / "app-venv")
    subprocess.run([str(py), "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
                    "--distpath", str(dist), "--workpath", str(work), str(ROOT / "tools" / "table.spec")],
                   check=True, cwd=ROOT)
    return dist / NAME


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the app folder goes")
    p.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller", help="PyInstaller's scratch folder")
    p.add_argument("--python", type=Path, help="use this Python (with PyInstaller) instead of a fresh build venv")
    args = p.parse_args(argv)
    t0 = time.perf_counter()
    app_dir = build(args.dist.resolve(), args.work.resolve(), args.python)
    problems = check(app_dir)
    for line in problems:
        print("PROBLEM:", line, file=sys.stderr)
    print(f"built {executable(args.dist.resolve())} in {time.perf_counter() - t0:.0f} s; "
          f"the folder is {folder_mb(app_dir):.1f} MB (limit {MAX_MB} MB)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
