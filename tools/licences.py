"""The licences of everything the table ships, collected from where they live, never typed in.

    python3 tools/licences.py --index              # rewrite licenses/THIRD-PARTY.md (committed)
    python3 tools/licences.py --out DIR [LIB ...]  # the app's licence folder for these libraries

tools/table.spec calls ``write_folder`` inside the build venv (so the licence files are those
of the exact distributions the app is built from) and ships the folder as ``licenses/``;
tools/build_app.py checks with ``uncovered`` that every shared library in the built folder
is covered by one of its files.

LC-1 One table, ``COMPONENTS``, says for each piece the app or the wheel may ship its licence
     and where the licence text lives:
       ("dist", name[, glob])  the files the installed distribution lists as License-File
                               (importlib.metadata), else licence-named files in its
                               .dist-info; ``glob`` adds files elsewhere in its RECORD
                               (pygame-ce 2.5 lists none, but ships LGPL.txt in its docs);
       ("python",)             the interpreter's own LICENSE.txt (base prefix or stdlib);
       ("repo", path)          a file of this repository: LICENSE, NOTICE, the font's
                               OFL.txt, and licenses/vendor/ — the upstream licence texts of
                               the native libraries inside pygame-ce's wheels, which carry
                               none of their own (licenses/README.md says where each is from).
     A source that is not found fails the build: a folder with a missing licence is not made.
LC-2 ``LIBRARIES`` (file-name patterns) and ``PACKAGES`` (folders inside the app) map every
     shared library (.so/.dll/.dylib/.pyd) to its component, kept here and nowhere else. A
     library that nothing maps is "uncovered" and tools/build_app.py fails the build: a new
     pygame-ce wheel that bundles a new library needs its licence added here first.
LC-3 The folder: ``licenses/<component>/<files>`` plus ``THIRD-PARTY.txt``, which lists each
     component with its version, licence, files and the shipped libraries it covers.
     Components marked ``always`` go in every build; a native library's only when the build
     ships a file it covers.
"""
from __future__ import annotations

import argparse
import fnmatch
import re
import shutil
import sys
import sysconfig
import textwrap
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parents[1]
VENDOR = "licenses/vendor"
INDEX = ROOT / "licenses" / "THIRD-PARTY.md"
LIB_SUFFIXES = {".so", ".dll", ".dylib", ".pyd"}  # libfoo.so.2.0.7 counts too
LICENCE_NAME = re.compile(r"^(licen[cs]e|copying|notice|authors)", re.IGNORECASE)


@dataclass(frozen=True)
class Component:
    key: str
    title: str
    spdx: str
    sources: tuple[tuple[str, ...], ...]
    always: bool = False


def _vendor(name: str) -> tuple[str, str]:
    return ("repo", f"{VENDOR}/{name}")


COMPONENTS = [
    Component("japanese-game-table", "Indie Game Table (this project)", "MIT",
              (("repo", "LICENSE"), ("repo", "NOTICE")), always=True),
    Component("noto-sans-cjk-jp", "Noto Sans CJK JP (font subset)", "OFL-1.1",
              (("repo", "sprites/fonts/OFL.txt"),), always=True),
    Component("python", "Python (interpreter and standard library)", "PSF-2.0", (("python",),), always=True),
    Component("pygame-ce", "pygame-ce", "LGPL-2.1-or-later", (("dist", "pygame-ce", "pygame/docs/*/LGPL.txt"),),
              always=True),
    Component("pyyaml", "PyYAML", "MIT", (("dist", "PyYAML"),), always=True),
    Component("platformdirs", "platformdirs", "MIT", (("dist", "platformdirs"),), always=True),
    Component("budoux", "BudouX", "Apache-2.0", (("dist", "budoux"),), always=True),
    Component("pyinstaller", "PyInstaller bootloader and run-time hooks (built app only)",
              "GPL-2.0-or-later WITH Bootloader-exception", (("dist", "pyinstaller"),), always=True),
    Component("sdl2", "SDL2", "Zlib", (_vendor("LICENSE.sdl2.txt"),)),
    Component("sdl2_image", "SDL2_image", "Zlib", (_vendor("LICENSE.sdl2_image.txt"),)),
    Component("sdl2_mixer", "SDL2_mixer", "Zlib", (_vendor("LICENSE.sdl2_mixer.txt"),)),
    Component("sdl2_ttf", "SDL2_ttf", "Zlib", (_vendor("LICENSE.sdl2_ttf.txt"),)),
    Component("freetype", "FreeType", "FTL", (_vendor("LICENSE.freetype.txt"),)),
    Component("harfbuzz", "HarfBuzz", "MIT-Modern-Variant", (_vendor("LICENSE.harfbuzz.txt"),)),
    Component("brotli", "Brotli", "MIT", (_vendor("LICENSE.brotli.txt"),)),
    Component("libpng", "libpng", "Libpng-2.0", (_vendor("LICENSE.png.txt"),)),
    Component("zlib", "zlib", "Zlib", (_vendor("LICENSE.zlib.txt"),)),
    Component("libjpeg", "libjpeg / libjpeg-turbo", "IJG AND BSD-3-Clause", (_vendor("LICENSE.jpeg.txt"),)),
    Component("libtiff", "libtiff", "libtiff", (_vendor("LICENSE.tiff.txt"),)),
    Component("libwebp", "libwebp (with sharpyuv, webpdemux)", "BSD-3-Clause", (_vendor("LICENSE.webp.txt"),)),
    Component("ogg-vorbis", "libogg, libvorbis", "BSD-3-Clause", (_vendor("LICENSE.ogg-vorbis.txt"),)),
    Component("opus", "libopus", "BSD-3-Clause", (_vendor("LICENSE.opus.txt"),)),
    Component("opusfile", "opusfile", "BSD-3-Clause", (_vendor("LICENSE.opusfile.txt"),)),
    Component("flac", "libFLAC", "BSD-3-Clause", (_vendor("LICENSE.FLAC.txt"),)),
    Component("wavpack", "WavPack", "BSD-3-Clause", (_vendor("LICENSE.wavpack.txt"),)),
    Component("xmp", "libxmp", "MIT", (_vendor("LICENSE.xmp.txt"),)),
    Component("modplug", "libmodplug", "LicenseRef-Public-Domain", (_vendor("LICENSE.modplug.txt"),)),
    Component("mpg123", "mpg123", "LGPL-2.1-only", (_vendor("LICENSE.mpg123.txt"),)),
    Component("fluidsynth", "FluidSynth", "LGPL-2.1-or-later", (_vendor("LICENSE.fluidsynth.txt"),)),
    Component("sndfile", "libsndfile", "LGPL-2.1-or-later", (_vendor("LICENSE.sndfile.txt"),)),
    Component("gme", "Game_Music_Emu", "LGPL-2.1-or-later", (_vendor("LICENSE.gme.txt"),)),
    Component("samplerate", "libsamplerate (macOS wheels)", "BSD-2-Clause", (_vendor("LICENSE.samplerate.txt"),)),
    Component("bzip2", "bzip2 (macOS wheels)", "bzip2-1.0.6", (_vendor("LICENSE.bzip2.txt"),)),
    Component("libffi", "libffi", "MIT", (_vendor("LICENSE.libffi.txt"),)),
    Component("gcc-runtime", "GCC runtime (libstdc++, libgcc_s)", "GPL-3.0-or-later WITH GCC-exception-3.1",
              (_vendor("LICENSE.gcc-runtime.txt"),)),
    Component("msvc-runtime", "Microsoft Visual C++ runtime (Windows)", "LicenseRef-MSVC-Redistributable",
              (_vendor("NOTE.msvc-runtime.txt"),)),
]
BY_KEY = {c.key: c for c in COMPONENTS}

# LC-2: a library file's lower-case name -> its component (first match wins), for Linux
# (libSDL2-2-50d19f93.0.so.0), macOS (libSDL2-2.0.0.dylib) and Windows (SDL2.dll) names.
LIBRARIES = [
    (r"^(lib)?sdl2_image", "sdl2_image"), (r"^(lib)?sdl2_mixer", "sdl2_mixer"),
    (r"^(lib)?sdl2_ttf", "sdl2_ttf"), (r"^(lib)?sdl2([-.]|$)", "sdl2"),
    (r"^(lib)?freetype", "freetype"), (r"^(lib)?harfbuzz", "harfbuzz"), (r"^(lib)?brotli", "brotli"),
    (r"^(lib)?png", "libpng"), (r"^(libz\.|libz-|zlib)", "zlib"), (r"^(lib)?(turbo)?jpeg", "libjpeg"),
    (r"^(lib)?tiff", "libtiff"), (r"^(lib)?(webp|sharpyuv)", "libwebp"), (r"^(lib)?(ogg|vorbis)", "ogg-vorbis"),
    (r"^(lib)?opusfile", "opusfile"), (r"^(lib)?opus", "opus"), (r"^(lib)?flac", "flac"),
    (r"^(lib)?wavpack", "wavpack"), (r"^(lib)?xmp", "xmp"), (r"^(lib)?modplug", "modplug"),
    (r"^(lib)?(mpg123|out123|syn123)", "mpg123"), (r"^(lib)?fluidsynth", "fluidsynth"),
    (r"^(lib)?sndfile", "sndfile"), (r"^(lib)?gme", "gme"), (r"^(lib)?samplerate", "samplerate"),
    (r"^(lib)?bz2", "bzip2"), (r"^(lib)?ffi", "libffi"),
    (r"^lib(stdc\+\+|gcc_s)", "gcc-runtime"), (r"^(vcruntime|msvcp)\d", "msvc-runtime"),
    (r"^(lib)?python3", "python"),  # libpython3.11.so.1.0, python311.dll, python3.dll
]
# A Python extension module (pygame/_sdl2/sdl2.cpython-311-*.so, zlib.cpython-311-*.so) is
# covered by the package it sits in (path inside the app's _internal/, lower case).
EXTENSION = re.compile(r"\.(cpython-|abi3\.|cp3\d+-)|\.pyd$")
PACKAGES = [
    (r"^pygame/", "pygame-ce"), (r"^(yaml/|_yaml)", "pyyaml"),
    (r"(^|/)lib-dynload/", "python"),  # the standard library's extension modules (Linux, macOS)
    (r"^[^/]+\.pyd$", "python"),  # ... and on Windows, beside python3*.dll
]


def is_library(name: str) -> bool:
    return bool(LIB_SUFFIXES & {s.lower() for s in PurePosixPath(name).suffixes})


def covering(rel: str) -> Component | None:
    """The component whose licence covers the shared library at ``rel`` (inside _internal/)."""
    rel = rel.replace("\\", "/").lower()
    base = rel.rsplit("/", 1)[-1]
    if EXTENSION.search(base):  # a Python extension module: the package it belongs to
        return next((BY_KEY[key] for pattern, key in PACKAGES if re.search(pattern, rel)), None)
    return next((BY_KEY[key] for pattern, key in LIBRARIES if re.search(pattern, base)), None)


def inside(app_dir: Path, path: Path) -> str:
    """A file's path in the app, relative to the contents folder (_internal/) when it has one."""
    rel = path.relative_to(app_dir).as_posix()
    return rel.split("/", 1)[1] if rel.startswith("_internal/") else rel


def uncovered(app_dir: Path, folder: str = "licenses") -> list[str]:
    """Problems: shared libraries in a built app that no shipped licence file covers."""
    problems, shipped = [], app_dir / folder
    for path in sorted(app_dir.rglob("*")):
        if not path.is_file() or not is_library(path.name) or shipped in path.parents:
            continue
        rel = inside(app_dir, path)
        comp = covering(rel)
        if comp is None:
            problems.append(f"no licence covers {rel} (add it to LIBRARIES in tools/licences.py)")
        elif not any(p.is_file() and p.stat().st_size > 0 for p in (shipped / comp.key).glob("*")):
            problems.append(f"{rel} is {comp.title}, but {folder}/{comp.key}/ has no licence file")
    return problems


# --- finding the licence texts ----------------------------------------------------------

def _dist_files(name: str, extra: str | None) -> list[Path]:
    dist = metadata.distribution(name)
    listed = set(dist.metadata.get_all("License-File") or [])
    found = []
    for f in dist.files or []:
        p = PurePosixPath(str(f))
        in_info = p.parts[0].endswith(".dist-info")
        inner = PurePosixPath(*p.parts[1:]).as_posix() if in_info and len(p.parts) > 1 else ""
        licence = in_info and (inner in listed or inner.startswith("licenses/") or
                               (p.parent.name.endswith(".dist-info") and bool(LICENCE_NAME.match(p.name))))
        if licence or (extra and fnmatch.fnmatch(p.as_posix(), extra)):
            found.append(Path(str(dist.locate_file(f))))
    return [f for f in found if f.is_file()]


def python_licence() -> list[Path]:
    version = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    base = Path(sys.base_prefix)
    for cand in (Path(sysconfig.get_path("stdlib")) / "LICENSE.txt", base / "LICENSE.txt",
                 base / "lib" / version / "LICENSE.txt", base / "Lib" / "LICENSE.txt"):
        if cand.is_file():
            return [cand]
    return []


def sources(comp: Component) -> list[Path]:
    """The licence files of one component; an error when one of its sources gives none."""
    files = []
    for kind, *args in comp.sources:
        if kind == "dist":
            got = _dist_files(args[0], args[1] if len(args) > 1 else None)
        elif kind == "python":
            got = python_licence()
        else:
            got = [ROOT / args[0]] if (ROOT / args[0]).is_file() else []
        if not got:
            raise FileNotFoundError(f"no licence file for {comp.title} from {kind} {' '.join(args)}")
        files += got
    return files


def version_of(comp: Component) -> str:
    for kind, *args in comp.sources:
        if kind == "dist":
            return metadata.version(args[0])
        if kind == "python":
            return ".".join(map(str, sys.version_info[:3]))
    return ""


# --- writing -----------------------------------------------------------------------------

def write_folder(dest: Path, libraries: list[str], strict: bool = True) -> list[str]:
    """LC-3: the licence folder for an app shipping ``libraries``; the files written (relative).
    ``strict=False`` (the spec) skips a library nothing covers: tools/build_app.py's check then
    names every such library at once and fails the build."""
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    covers: dict[str, list[str]] = {}
    for rel in sorted({lib.replace("\\", "/") for lib in libraries if is_library(lib)}):
        comp = covering(rel)
        if comp is None and strict:
            raise LookupError(f"no licence covers {rel} (add it to LIBRARIES in tools/licences.py)")
        if comp is not None:
            covers.setdefault(comp.key, []).append(rel)
    written, lines = [], _index_head()
    for comp in COMPONENTS:
        if not comp.always and comp.key not in covers:
            continue
        names = []
        (dest / comp.key).mkdir()
        for src in sources(comp):
            target = dest / comp.key / src.name
            if target.exists():  # two sources with one file name
                target = target.with_name(f"{src.parent.name}-{src.name}")
            shutil.copyfile(src, target)
            names.append(f"{comp.key}/{target.name}")
        written += names
        version = version_of(comp)
        lines += ["", f"{comp.title}{' ' + version if version else ''} — {comp.spdx}",
                  f"    licence: {', '.join(names)}"]
        if covers.get(comp.key):
            lines += textwrap.wrap("covers: " + ", ".join(PurePosixPath(r).name for r in covers[comp.key]),
                                   100, initial_indent="    ", subsequent_indent="        ")
    (dest / "THIRD-PARTY.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return written + ["THIRD-PARTY.txt"]


def _index_head() -> list[str]:
    return ["What this app ships and under which licence (made by tools/licences.py at build time).",
            "The table's own code is MIT (japanese-game-table/LICENSE); the games belong to their",
            "authors and publishers (japanese-game-table/NOTICE). Each entry: component, version,",
            "licence (SPDX), its licence file(s) in this folder, and the shipped files it covers."]


def index_markdown() -> str:
    """The committed licenses/THIRD-PARTY.md: every component, its licence and source (LC-1)."""
    rows = ["# Third-party licences", "",
            "Generated by `python3 tools/licences.py --index` from the table in that tool; do not",
            "edit by hand. The built app's `licenses/THIRD-PARTY.txt` lists what one build",
            "actually ships, with versions; this list is everything a build may ship.", "",
            "| component | licence (SPDX) | licence text from | library files |", "|---|---|---|---|"]
    for comp in COMPONENTS:
        where = "; ".join({"dist": lambda a: f"the installed `{a[0]}` distribution",
                           "python": lambda a: "the interpreter's `LICENSE.txt`",
                           "repo": lambda a: f"`{a[0]}`"}[kind](args) for kind, *args in comp.sources)
        libs = [p for p, k in LIBRARIES if k == comp.key] + [p for p, k in PACKAGES if k == comp.key]
        shown = ", ".join(f"`{p}`" for p in libs).replace("|", "\\|") or "—"
        rows.append(f"| {comp.title} | {comp.spdx} | {where} | {shown} |")
    return "\n".join(rows) + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--index", action="store_true", help="rewrite licenses/THIRD-PARTY.md")
    p.add_argument("--out", type=Path, help="write an app's licence folder here")
    p.add_argument("libraries", nargs="*", help="the shipped library files (paths inside the app)")
    args = p.parse_args(argv)
    if args.index:
        INDEX.write_text(index_markdown(), encoding="utf-8")
        print(f"wrote {INDEX.relative_to(ROOT)}")
    if args.out:
        for name in write_folder(args.out, args.libraries):
            print(name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
