"""Licences (issue 28): the project's MIT licence and NOTICE, the licence folder that
tools/licences.py collects for the built app, the build's check that every shared library is
covered by a licence file, the zip people are given, and the release workflow.

The real build, with the check run on its result, is in tests/test_packaging_build.py (slow).
"""
from __future__ import annotations

import os
import stat
import sys
import zipfile
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
try:
    import build_app
    import licences
finally:
    sys.path.remove(str(ROOT / "tools"))

try:
    import tomllib
except ImportError:  # Python 3.10
    tomllib = None


# --- the project's own licence and NOTICE --------------------------------------------------

def test_project_code_is_mit_licensed_in_license_pyproject_and_readme():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "Copyright (c) 2026 The Indie Game Table authors" in text
    if tomllib is None:
        pytest.skip("tomllib needs Python 3.11")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT AND OFL-1.1"  # the code, and the font the package ships
    assert project["license-files"] == ["LICENSE", "NOTICE", "sprites/fonts/OFL.txt"]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "MIT licence" in readme and "(LICENSE)" in readme and "NOTICE" in readme


def test_notice_names_every_game_its_credits_fonts_and_libraries():
    notice = (ROOT / "NOTICE").read_text(encoding="utf-8")
    games = yaml.safe_load((ROOT / "data" / "games.yaml").read_text(encoding="utf-8"))["games"]
    for game in games:
        assert game["title"]["ja"] in notice, game["id"]
    for credit in ("ゲームデザイン", "sangeny", "第2版", "BRUJAS DEL SABADO", "Qumasu",
                   "belong to their", "reconstructed for play"):
        assert credit in notice
    for piece in ("Noto Sans CJK JP", "OFL", "freesansbold.ttf", "Python", "PSF-2.0", "pygame-ce",
                  "LGPL-2.1", "SDL2", "PyYAML", "platformdirs", "budoux", "Apache-2.0", "PyInstaller"):
        assert piece in notice, piece


# --- the licence table and the committed index --------------------------------------------

def test_third_party_index_is_the_generated_one():
    committed = (ROOT / "licenses" / "THIRD-PARTY.md").read_text(encoding="utf-8")
    assert committed == licences.index_markdown(), "rerun: python3 tools/licences.py --index"


def test_every_vendored_text_is_used_and_every_repo_source_exists():
    used = {args[0] for comp in licences.COMPONENTS for kind, *args in comp.sources if kind == "repo"}
    for rel in used:
        assert (ROOT / rel).is_file() and (ROOT / rel).stat().st_size > 50, rel
    vendored = {p.relative_to(ROOT).as_posix() for p in (ROOT / licences.VENDOR).iterdir()}
    assert vendored <= used, f"not named by any component: {sorted(vendored - used)}"
    keys = {c.key for c in licences.COMPONENTS}
    assert {k for _, k in licences.LIBRARIES + licences.PACKAGES} <= keys


@pytest.mark.parametrize("rel, key", [
    ("pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10", "sdl2"),  # Linux wheel
    ("libSDL2_ttf-2-e69aa315.0.so.0.2400.0", "sdl2_ttf"),
    ("pygame/.dylibs/libSDL2-2.0.0.dylib", "sdl2"),  # macOS wheel
    ("pygame/SDL2_image.dll", "sdl2_image"),  # Windows wheel
    ("pygame_ce.libs/libmpg123-8b3c3c9e.so.0.49.4", "mpg123"),
    ("pygame_ce.libs/libopusfile-96d7a9c0.so.0.4.5", "opusfile"),
    ("pygame_ce.libs/libopus-ddd6afb9.so.0.11.1", "opus"),
    ("libsharpyuv-f86ac02c.so.0.1.2", "libwebp"),
    ("libz.so.1", "zlib"), ("zlib1.dll", "zlib"),
    ("libstdc++.so.6", "gcc-runtime"), ("VCRUNTIME140_1.dll", "msvc-runtime"),
    ("libpython3.11.so.1.0", "python"), ("python311.dll", "python"),
    ("python3.11/lib-dynload/zlib.cpython-311-x86_64-linux-gnu.so", "python"),  # a module, not zlib
    ("_ctypes.pyd", "python"),
    ("pygame/_sdl2/sdl2.cpython-311-x86_64-linux-gnu.so", "pygame-ce"),  # a module, not SDL2
    ("pygame/base.cp311-win_amd64.pyd", "pygame-ce"),
    ("yaml/_yaml.cpython-311-x86_64-linux-gnu.so", "pyyaml"),
])
def test_library_names_of_all_three_systems_map_to_their_licence(rel, key):
    assert licences.covering(rel).key == key


@pytest.mark.parametrize("rel", ["libcrypto.so.3", "libssl-3.dll", "libmystery.so.2", "libglib-2.0.0.dylib",
                                 "somepkg/_speedups.cpython-311-x86_64-linux-gnu.so"])
def test_a_library_nothing_maps_is_uncovered(rel):
    assert licences.covering(rel) is None


# --- the build's licence check on a built folder ------------------------------------------

def fake_app(tmp_path: Path) -> Path:
    app = tmp_path / "japanese-game-table"
    internal = app / "_internal"
    (internal / "games" / "_assets" / "data").mkdir(parents=True)
    (internal / "games" / "_assets" / "data" / "games.yaml").write_text("games: []\n")
    (internal / "pygame_ce.libs").mkdir()
    (internal / "pygame_ce.libs" / "libfreetype-b83c5fb4.so.6.20.6").write_bytes(b"\0")
    (app / "licenses" / "freetype").mkdir(parents=True)
    (app / "licenses" / "freetype" / "LICENSE.freetype.txt").write_text("FreeType Project LICENSE")
    (app / "licenses" / "THIRD-PARTY.txt").write_text("FreeType — FTL")
    return app


def test_build_fails_for_a_shared_library_no_licence_file_covers(tmp_path):
    app = fake_app(tmp_path)
    assert build_app.check(app) == []
    internal = app / "_internal"
    (internal / "libmystery-1234.so.2").write_bytes(b"\0")  # in no mapping
    (internal / "pygame_ce.libs" / "libharfbuzz-672f7280.so.0.61430.0").write_bytes(b"\0")  # no text shipped
    (internal / "Helper.DLL").write_bytes(b"\0")
    (app / "licenses" / "THIRD-PARTY.txt").unlink()
    problems = build_app.check(app)
    assert any("no licence covers libmystery-1234.so.2" in p for p in problems)
    assert any("no licence covers Helper.DLL" in p for p in problems)
    assert any("libharfbuzz" in p and "licenses/harfbuzz/ has no licence file" in p for p in problems)
    assert any("THIRD-PARTY.txt is missing" in p for p in problems)
    assert len(problems) == 4, problems


def test_an_empty_licence_file_does_not_cover(tmp_path):
    app = fake_app(tmp_path)
    (app / "licenses" / "freetype" / "LICENSE.freetype.txt").write_text("")
    assert licences.uncovered(app) == [
        "pygame_ce.libs/libfreetype-b83c5fb4.so.6.20.6 is FreeType, but licenses/freetype/ has no licence file"]


def test_build_main_fails_when_the_check_finds_an_uncovered_library(tmp_path, monkeypatch, capsys):
    app = fake_app(tmp_path / "dist")
    (app / "_internal" / "libmystery.so.1").write_bytes(b"\0")
    monkeypatch.setattr(build_app, "build", lambda dist, work, python: app)
    assert build_app.main(["--dist", str(tmp_path / "dist")]) == 1
    assert "PROBLEM: no licence covers libmystery.so.1" in capsys.readouterr().err


# --- the folder tools/licences.py writes -----------------------------------------------------

def test_licence_folder_holds_the_installed_distributions_and_the_vendored_texts(tmp_path, monkeypatch):
    # the test venv has no PyInstaller; the build venv does (tests/test_packaging_build.py)
    monkeypatch.setattr(licences, "COMPONENTS", [c for c in licences.COMPONENTS if c.key != "pyinstaller"])
    shipped = ["pygame_ce.libs/libSDL2-2-50d19f93.0.so.0.3200.10", "pygame/base.cpython-311-x86_64-linux-gnu.so",
               "libpython3.11.so.1.0", "pygame_ce.libs/libmpg123-8b3c3c9e.so.0.49.4"]
    written = licences.write_folder(tmp_path / "licenses", shipped)
    for rel in ("japanese-game-table/LICENSE", "japanese-game-table/NOTICE", "noto-sans-cjk-jp/OFL.txt",
                "python/LICENSE.txt", "pygame-ce/LGPL.txt", "pyyaml/LICENSE", "platformdirs/LICENSE",
                "budoux/LICENSE", "sdl2/LICENSE.sdl2.txt", "mpg123/LICENSE.mpg123.txt", "THIRD-PARTY.txt"):
        assert rel in written and (tmp_path / "licenses" / rel).stat().st_size > 0, rel
    assert "PYTHON SOFTWARE FOUNDATION LICENSE" in (tmp_path / "licenses/python/LICENSE.txt").read_text()
    assert "Lesser General Public License" in (tmp_path / "licenses/pygame-ce/LGPL.txt").read_text()
    assert not (tmp_path / "licenses" / "harfbuzz").exists()  # not shipped, not listed
    index = (tmp_path / "licenses" / "THIRD-PARTY.txt").read_text(encoding="utf-8")
    assert "SDL2 — Zlib" in index and "covers: libSDL2-2-50d19f93.0.so.0.3200.10" in index
    with pytest.raises(LookupError, match="libcrypto.so.3"):
        licences.write_folder(tmp_path / "again", shipped + ["libcrypto.so.3"])
    # the spec's way: skipped here, named by build_app.check (test_build_fails_for_a_shared_library...)
    assert licences.write_folder(tmp_path / "again", shipped + ["libcrypto.so.3"], strict=False) == written


def test_a_missing_licence_source_stops_the_folder(tmp_path, monkeypatch):
    gone = licences.Component("x", "X", "MIT", (("repo", "licenses/vendor/LICENSE.nothing.txt"),), always=True)
    monkeypatch.setattr(licences, "COMPONENTS", [gone])
    with pytest.raises(FileNotFoundError, match="no licence file for X"):
        licences.write_folder(tmp_path / "licenses", [])


# --- the zip people are given ------------------------------------------------------------------

@pytest.mark.skipif(os.name == "nt", reason="symlinks and execute bits")
def test_zip_keeps_symlinks_and_execute_bits(tmp_path):
    app = tmp_path / "dist" / "japanese-game-table"
    (app / "_internal" / "pygame_ce.libs").mkdir(parents=True)
    exe = app / "japanese-game-table"
    exe.write_bytes(b"#!/bin/sh\n")
    exe.chmod(0o755)
    (app / "_internal" / "pygame_ce.libs" / "libSDL2.so").write_bytes(b"lib")
    (app / "_internal" / "libSDL2.so").symlink_to("pygame_ce.libs/libSDL2.so")
    out = build_app.make_zip(tmp_path / "dist", app)
    assert out.parent == tmp_path / "dist" and out.name.startswith("japanese-game-table-0.")
    with zipfile.ZipFile(out) as zf:
        infos = {i.filename: i for i in zf.infolist()}
        link = infos["japanese-game-table/_internal/libSDL2.so"]
        assert stat.S_ISLNK(link.external_attr >> 16)
        assert zf.read(link) == b"pygame_ce.libs/libSDL2.so"
        assert (infos["japanese-game-table/japanese-game-table"].external_attr >> 16) & 0o111
        assert zf.read("japanese-game-table/_internal/pygame_ce.libs/libSDL2.so") == b"lib"


# --- the release workflow (it runs on GitHub, not here) ------------------------------------------

def test_release_workflow_builds_on_three_systems_smoke_starts_and_keeps_the_zips():
    flow = yaml.safe_load((ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8"))
    triggers = flow.get("on", flow.get(True))  # YAML 1.1 reads a bare `on` as true
    assert "workflow_dispatch" in triggers
    job = flow["jobs"]["app"]
    systems = job["strategy"]["matrix"]["os"]
    assert job["runs-on"] == "${{ matrix.os }}" and len(systems) == 3
    assert {s.split("-")[0] for s in systems} == {"ubuntu", "windows", "macos"}
    steps = job["steps"]
    actions = [s["uses"].split("@")[0] for s in steps if "uses" in s]
    assert actions == ["actions/checkout", "actions/setup-python", "actions/upload-artifact"]
    runs = [s for s in steps if "run" in s]
    assert len(runs) == 2 and runs[0]["run"].strip() == "python tools/build_app.py --zip"
    smoke = runs[1]
    assert smoke["env"]["SDL_VIDEODRIVER"] == "dummy" and smoke["shell"] == "bash"
    assert "dist/japanese-game-table/japanese-game-table --frames 5" in smoke["run"]
    assert "TABLE_DATA_DIR" in smoke["run"]  # never the runner's real user folder
    upload = steps[-1]["with"]
    assert upload["path"] == "dist/*.zip" and upload["if-no-files-found"] == "error"
    assert steps.index(runs[0]) < steps.index(smoke) < len(steps) - 1  # build, start, then keep
