"""Build the double-clickable one-folder app with PyInstaller (Linux, Windows, macOS alike).

    python3 tools/build_app.py            # Windows: py tools\\build_app.py

1. makes a clean build venv (``build/app-venv``) from requirements-build.txt: the app's
   own dependencies plus PyInstaller, nothing from a developer's venv;
2. runs PyInstaller on tools/table.spec;
3. moves the licence folder (tools/licences.py, shipped by the spec) to the top of the app;
4. checks the folder: under ``MAX_MB``, nothing pruned slipped back in, and every shared
   library covered by a licence file in ``licenses/`` (LC-2 in tools/licences.py).
The app is ``dist/japanese-game-table/`` (start ``japanese-game-table``, on Windows
``japanese-game-table.exe``); on macOS also ``dist/JapaneseGameTable.app``. With ``--zip``
it also writes ``dist/japanese-game-table-<version>-<system>-<machine>.zip`` of what people
are given (the .app on macOS, else the folder), as .github/workflows/release.yml keeps it.
"""
from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import stat
import subprocess
import sys
import time
import venv
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "tools") not in sys.path:  # run as a script, or imported by the spec or a test
    sys.path.insert(0, str(ROOT / "tools"))
import licences  # noqa: E402 (tools/ is put on sys.path just above)

NAME = "japanese-game-table"
MAX_MB = 80

# Python modules the table never imports (PyInstaller would follow optional imports).
EXCLUDES = [
    "tkinter", "_tkinter", "unittest", "pydoc", "doctest", "test", "lib2to3", "idlelib",
    "setuptools", "pkg_resources", "pip", "distutils", "numpy", "pytest", "hypothesis",
    "fontTools", "pygame.tests", "pygame.examples", "pygame.docs", "pygame.camera",
    "pygame._camera", "pygame._camera_opencv", "pygame.midi", "pygame.pypm", "sqlite3",
    "xmlrpc", "ensurepip", "venv",
    # TOOLS-BUILD-APP-28: nothing here hashes, compresses with bz2/lzma or speaks TLS: without these the
    # app ships no OpenSSL (libcrypto/libssl), libbz2 or liblzma to license (hashlib falls
    # back to its built-in algorithms; zipfile and shutil import bz2/lzma only if present)
    "ssl", "_ssl", "_hashlib", "bz2", "_bz2", "lzma", "_lzma",
]
# Shared libraries only those excluded modules use (MIDI: portmidi and its ALSA copy;
# SDL itself opens the system's libasound by name for sound).
PRUNE_BINARIES = ("portmidi", "libasound", "pypm", "_camera", "libcrypto", "libssl", "_hashlib", "_ssl")
# pygame's default font (GNU FreeFont, GPL): the table always names its own font file.
PRUNE_DATA = ("freesansbold.ttf",)
LIB_SUFFIXES = licences.LIB_SUFFIXES


def keep_binary(name: str) -> bool:
    """False for a bundled library that nothing the table imports needs."""
    base = Path(name).name.lower()
    return not any(part in base for part in PRUNE_BINARIES)


def keep_data(name: str) -> bool:
    """False for a data file the spec leaves out."""
    return Path(name).name.lower() not in PRUNE_DATA


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
                (p.is_file() and not keep_binary(p.name) and licences.is_library(p.name)) or \
                (p.is_file() and not keep_data(p.name)):
            problems.append(f"should have been left out: {rel}")
    if not (app_dir / "_internal" / "games" / "_assets" / "data" / "games.yaml").is_file():
        problems.append("data/ is missing from games/_assets")
    if not (app_dir / "licenses" / "THIRD-PARTY.txt").is_file():
        problems.append("licenses/THIRD-PARTY.txt is missing")
    return problems + licences.uncovered(app_dir)


def lift_licences(app_dir: Path) -> None:
    """Put the licence folder the spec shipped in _internal/ at the top, where people look."""
    inner, top = app_dir / "_internal" / "licenses", app_dir / "licenses"
    if inner.is_dir():
        if top.exists():
            shutil.rmtree(top)
        shutil.move(str(inner), str(top))


def executable(dist: Path) -> Path:
    return dist / NAME / (NAME + (".exe" if os.name == "nt" else ""))


def build(dist: Path, work: Path, python: Path | None) -> Path:
    """Run PyInstaller; the built app folder."""
    py = python or make_build_env(ROOT / "build" / "app-venv")
    subprocess.run([str(py), "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
                    "--distpath", str(dist), "--workpath", str(work), str(ROOT / "tools" / "table.spec")],
                   check=True, cwd=ROOT)
    lift_licences(dist / NAME)
    return dist / NAME


def zip_name(dist: Path) -> Path:
    version = re.search(r'__version__ = "([^"]+)"', (ROOT / "games" / "__init__.py").read_text()).group(1)
    system = {"win32": "windows", "darwin": "macos"}.get(sys.platform, sys.platform)
    return dist / f"{NAME}-{version}-{system}-{platform.machine().lower()}.zip"


def make_zip(dist: Path, target: Path) -> Path:
    """TOOLS-BUILD-APP-28b: ``target`` zipped with its symlinks kept as links and its files' execute bits
    (a CI artifact alone drops both, and a Linux or macOS app then no longer starts)."""
    out = zip_name(dist)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.write(target, target.name)
        for root, dirs, files in os.walk(target):
            for name in sorted(dirs) + sorted(files):
                path = Path(root) / name
                arc = path.relative_to(target.parent).as_posix()
                if path.is_symlink():
                    info = zipfile.ZipInfo(arc)
                    info.create_system = 3  # Unix: unzip and Finder restore the link
                    info.external_attr = (stat.S_IFLNK | 0o777) << 16
                    zf.writestr(info, os.readlink(path))
                else:
                    zf.write(path, arc)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--dist", type=Path, default=ROOT / "dist", help="where the app folder goes")
    p.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller", help="PyInstaller's scratch folder")
    p.add_argument("--python", type=Path, help="use this Python (with PyInstaller) instead of a fresh build venv")
    p.add_argument("--zip", action="store_true", help="also zip what people are given (.app on macOS)")
    args = p.parse_args(argv)
    t0 = time.perf_counter()
    app_dir = build(args.dist.resolve(), args.work.resolve(), args.python)
    problems = check(app_dir)
    for line in problems:
        print("PROBLEM:", line, file=sys.stderr)
    print(f"built {executable(args.dist.resolve())} in {time.perf_counter() - t0:.0f} s; "
          f"the folder is {folder_mb(app_dir):.1f} MB (limit {MAX_MB} MB)")
    if args.zip and not problems:
        bundle = app_dir.parent / "JapaneseGameTable.app"
        out = make_zip(app_dir.parent, bundle if sys.platform == "darwin" else app_dir)
        print(f"zipped {out} ({out.stat().st_size / 1e6:.1f} MB)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
